"""The LAN wire protocol: every message type with its fields, framing, and strict encode/decode.

Framing: each message is a 4-byte big-endian length followed by that many bytes
of msgpack holding one map. A length of 0 or above ``MAX_FRAME`` is garbage.
Every map has ``t`` (the type) and exactly the fields listed below; unknown or
missing fields, wrong types and out-of-range values make a message malformed.

Tiles travel as ints 0-33 inside views and events (``game.rules.tiles``) and as
notation strings inside actions (``[seat, kind]`` or ``[seat, kind, "tiles"]``,
``game.rules.actions`` wire form).

Every connection starts with the host's version banner and the handshake
(``netplay.channel``); everything after ``id`` is sealed and padded.

Host -> client, in the clear
  error    code:"version" msg:str ref:nil proto:int
           The banner, sent first on every connection. Clients of protocols 1 and 2 read it as a
           refusal and show ``msg``, which names the version to install; a client of protocol
           ``proto`` goes on, any other refuses with it.
  hi       proto:int e:bin nonce:bin          The host's fresh X25519 value and nonce.
Client -> host, in the clear
  ch       proto:int e:bin nonce:bin want:str|nil
           The client's fresh X25519 value; ``want`` the host id it expects (from discovery or
           the key it pinned), so that a spoofed TXT record breaks the handshake.
Host -> client, sealed
  id       proto:int host:str host_id:str key:bin sig:bin
           The host's Ed25519 key and its signature over the handshake transcript; ``host_id`` is
           the key's fingerprint. The client checks both, and the key it pinned for ``host``.

Client -> host
  hello  name:str table:str|nil seat:int|nil pk:bin|nil proof:bin|nil
         Take a seat: the first free one (or ``seat``) at ``table`` (nil: the
         first table with a free seat). ``pk`` starts a password run (CPace, ``netplay.cpace``:
         the host answers ``pake``, the client proves with ``pw``); ``proof`` proves a seat token
         bound to this connection's keys (``auth.token_proof``): reclaim the seat that token
         belongs to (``table``/``seat`` name it; a live older connection is dropped).
  watch  name:str table:str|nil pk:bin|nil
         Watch ``table`` (nil: the first table that takes watchers) without a seat:
         answered with ``watching``, then ``table`` and ``state`` messages holding the
         public view (``game.rules.view.public_view``: no concealed tile, no wall order,
         no options; every hand on a table open to its watchers). A watcher has no
         decisions, never holds up the players, and is skipped to the latest state when
         it reads too slowly. A table password is proven as in ``hello``.
  pw     tag:bin            The password run's key confirmation (``cpace.confirm``).
  list                      Ask for the host's tables (answered with ``tables``).
  act    n:int ack:int a:action
         This seat's decision. ``n`` strictly increases on a connection (a lower or
         equal ``n`` is a replay); ``ack`` is the ``seq`` of the last ``state`` the
         client has seen (anything older is stale). An answer inside a claim window
         is acknowledged with ``ok``; what it changes is told when the window closes.
         Until then only an answer to the window's point is taken: an action for what
         came after it (a turn not shown yet) is stale.
  next   n:int ack:int      Ready for the next hand (after a hand ended).
  sync   n:int              Ask for a full ``state``.
  ping   n:int              Answered with ``pong``. A seated client sends one every
                            ``HEARTBEAT_S`` of silence; a seat silent for longer than
                            the host's read timeout is handed to a bot.
  commit hand:int hash:bin  This seat's shuffle commitment for hand ``hand`` (``netplay.shuffle``).
  reveal hand:int value:bin The value behind it, once every commitment is in.
  say    n:int id:int       A quick phrase (``netplay.phrases``: an id 0-7, never text). The host holds each
                            seat to a gap and a burst (``PhraseGate``; a phrase over them is dropped without
                            a word) and tells every seat and watcher (``said``).
  bye                       Leave the table (the seat is given to a bot and opened).

Host -> client
  pake     pk:bin           The host's CPace value for a password run.
  welcome  host:str host_id:str table:str table_name:str seat:int n:int
           variant:str options:map hands:int [assists:bool] [next_s:int] [claim_ms:int] [turn_s:int]
           Seated. The seat token is derived on both sides from this connection's
           keys (``auth.seat_token``); it never travels. ``assists`` false: the table
           asks windows to show no hints and no tile tracker; ``next_s``: seconds
           after a hand before the next one deals itself; ``claim_ms``: the claim window; ``turn_s``: the
           table's turn timer (absent: none), which the host enforces (``clock`` in ``state``).
  watching host:str host_id:str table:str table_name:str n:int variant:str options:map
           hands:int open:bool
           Watching (``open``: the host shows watchers every hand). Then a full ``state``.
  tables   proto:int host:str host_id:str tables:[map]   (table_id name variant players
           seats_taken seats_free password watchers watch)
           ``watch``: "public" (watchers see what lies face up), "open" (every hand) or "off".
  table    names:[str|nil] connected:[bool] bots:[bool] held:[bool] started:bool [watchers:int]
           [watch:str]
           Who sits where, how many watch and what they see (no sequence number: it never
           changes the game). ``bots``: a bot plays the seat; before the game starts, a bot
           was given the seat (the others are open).
  state    seq:int full:bool hand_no:int step:int view:map|nil events:[map] totals:[int]
           hand_over:bool match_over:bool hands:int [window:int] [clock:int]
           The seat's view (``game.rules.view.view``, ``legal`` in action wire form) and
           the events it may see since its previous ``state``. ``seq`` increases by
           one with every state sent to the seat; ``full`` marks a resync (no events).
           ``step`` counts the actions of the hand this seat can see. ``window``: a claim
           window opened with this state and closes in this many milliseconds (every seat
           and watcher gets it after every discard, whether or not anybody may claim; the
           next state comes when it closes, or later while a player still decides). ``clock`` (a table
           with a turn timer): milliseconds the host still gives this seat's decision (a claim: the later
           of the window's close and the timer), or, when it has none, the seat on turn; at zero the host
           acts for the seat as 托管 would (``game.turntimer.timeout_action``) and says so (notice
           ``timed_out``).
           A watcher's states carry the public view, the public events and
           ``view.public_step``; its ``seq`` counts the table's watcher frames (a newer
           ``full`` state may overtake frames it skipped).
           An ended hand's ``view.result`` words each line as 中文 ``label`` + English ``label_en``
           (patterns: ``name``; notes: ``notes`` / ``notes_en``) and, since 0.2.1 (additive, still
           protocol 3), beside them its catalog message ``text`` (``{"key", "args"}``; notes:
           ``notes_text``), which a client renders in its own language. A message that is not
           ``game.i18n.message_ok`` (rules.* keys it knows, short args, at most 4 deep, 32
           messages) is dropped on receipt (``result_from_wire``) and the texts are shown.
  ok       n:int            An answer inside a claim window was taken.
  shuffle  hand:int step:str [commit:bin] [commits:[bin]] [values:[bin]] [by_host:[int]] [seed:str]
           [log:list]
           The hand's shuffle (``netplay.shuffle``): step "commit" with ``commit`` (the host's
           hash: send yours), "reveal" with ``commits`` (every hash: send your value), "open"
           after the hand with ``commits``, ``values``, ``by_host`` (seats whose value the
           host chose), ``seed`` and the hand's ``log``: check them.
  error    code:str msg:str ref:int|nil proto:int|nil
           A refusal; ``ref`` is the ``n`` of the refused message. The game did not change.
  notice   code:str msg:str seat:int|nil
           Something every seat should know (the host cannot save, a bot plays a seat).
  said     seat:int id:int  A seat said a quick phrase (every seat and watcher; each window words it).
  pong     n:int
  bye      code:str msg:str   The host closes the connection after this.

A new message type is one line in ``CLIENT`` or ``HOST`` below and one handler
(``host.Host.HANDLERS``; its flood cost in ``COST``).

Every ``code`` is a ``Code`` value: stable, for the window to show in its own
language; ``msg`` is the English text.
"""

from __future__ import annotations

import enum
import struct
from typing import Any

import msgpack

from game.rules.actions import Action, ActionError, from_json
from game.rules.kinds import ActionKind
from game.rules.view import View

PROTOCOL = 3
FIRST_VERSION = "0.2.0"  # the first release that speaks PROTOCOL (what the banner tells older clients to install)
SERVICE_TYPE = "_yunguimj._tcp.local."
MAX_FRAME = 64 * 1024
HEADER = struct.Struct("!I")
HEARTBEAT_S = 2.0  # a client says something at least this often
WATCH_PUBLIC, WATCH_OPEN, WATCH_OFF = "public", "open", "off"  # what a table shows its watchers (``watch``)
WATCH_MODES = (WATCH_PUBLIC, WATCH_OPEN, WATCH_OFF)


class Code(enum.StrEnum):
    """Why the host refused, closed or tells something: stable values, looked up by the window."""

    VERSION = "version"
    GARBAGE = "garbage"
    TOO_BIG = "too_big"
    MALFORMED = "malformed"
    FLOOD = "flood"
    NOT_JOINED = "not_joined"
    ALREADY_JOINED = "already_joined"
    NO_TABLE = "no_table"
    FULL = "full"
    PASSWORD = "password"
    SLOW_DOWN = "slow_down"
    BAD_TOKEN = "bad_token"
    NOT_YOUR_SEAT = "not_your_seat"
    STALE = "stale"
    REPLAY = "replay"
    ILLEGAL = "illegal"
    NOT_NOW = "not_now"
    SUPERSEDED = "superseded"
    TIMEOUT = "timeout"
    SILENT = "silent"
    BUSY = "busy"
    SLOW = "slow"
    SHUTDOWN = "shutdown"
    LEFT = "left"
    INTERNAL = "internal"
    DISK_FULL = "disk_full"
    SAVED = "saved"
    BOT_PLAYS = "bot_plays"
    PLAYER_BACK = "player_back"
    NO_WATCH = "no_watch"
    WATCHER = "watcher"
    HOST_KEY = "host_key"
    CHANNEL = "channel"
    SHUFFLE = "shuffle"
    ENDED = "ended"
    TIMED_OUT = "timed_out"


ERRORS = {
    Code.VERSION: "protocol versions differ",
    Code.GARBAGE: "undecodable frame",
    Code.TOO_BIG: "frame over the size cap",
    Code.MALFORMED: "message fields missing or of the wrong type",
    Code.FLOOD: "too many messages",
    Code.NOT_JOINED: "take a seat first (hello)",
    Code.ALREADY_JOINED: "this connection already has a seat",
    Code.NO_TABLE: "no such table",
    Code.FULL: "no free seat",
    Code.PASSWORD: "wrong or missing table password",
    Code.SLOW_DOWN: "too many wrong passwords from your address: wait and try again",
    Code.BAD_TOKEN: "unknown seat token",
    Code.NOT_YOUR_SEAT: "a connection may act only for its own seat",
    Code.STALE: "the game moved on since the state this refers to",
    Code.REPLAY: "message number not above the previous one",
    Code.ILLEGAL: "not a legal action now",
    Code.NOT_NOW: "nothing to do for that now",
    Code.SUPERSEDED: "the seat was reclaimed by a newer connection",
    Code.TIMEOUT: "no hello in time",
    Code.SILENT: "no message in time: the seat is played by a bot until you are back",
    Code.BUSY: "too many connections from your address",
    Code.SLOW: "the peer does not read its messages",
    Code.SHUTDOWN: "the host is stopping",
    Code.LEFT: "left the table",
    Code.INTERNAL: "the host could not process this message",
    Code.DISK_FULL: "the host cannot save the game (disk full?): the table waits, nothing is lost",
    Code.SAVED: "the host can save again: the game goes on",
    Code.BOT_PLAYS: "a bot plays this seat until its player is back",
    Code.PLAYER_BACK: "the player is back in their seat",
    Code.NO_WATCH: "this table takes no watchers",
    Code.WATCHER: "a watcher has no decisions",
    Code.HOST_KEY: "the host's key is not the one this machine knows for it",
    Code.CHANNEL: "a frame did not open: the connection is closed",
    Code.SHUFFLE: "the host's shuffle did not check out",
    Code.ENDED: "the hosting player ended the table for everyone",
    Code.TIMED_OUT: "the seat's time ran out: the host played for it as auto-play would",
}


class ProtocolError(ValueError):
    """A frame that cannot be accepted; ``code`` is a ``Code``."""

    code: str = Code.MALFORMED

    def __init__(self, msg: str, code: str | None = None):
        super().__init__(msg)
        if code:
            self.code = code


class Garbage(ProtocolError):
    """Undecodable bytes: the peer is disconnected."""

    code = Code.GARBAGE


class Malformed(ProtocolError):
    """A decodable message with the wrong shape: the peer gets an error reply."""


# ---------------------------------------------------------------- field specs
INT, BOOL, MAP, LIST = "int", "bool", "map", "list"


def _str(n):
    return ("str", n)


def _opt(spec):
    return ("opt", spec)


ACTION = "action"
NAME = _str(32)
SHORT = _str(64)
_N = {"n": INT}

BIN = "bin"


def _bin(lo, hi=None):
    return ("bin", lo, lo if hi is None else hi)


KEY32 = _bin(32)
CLIENT = {
    "ch": {"proto": INT, "e": KEY32, "nonce": _bin(16, 64), "want": _opt(SHORT)},
    "hello": {"name": NAME, "table": _opt(NAME), "seat": _opt(INT), "pk": _opt(KEY32), "proof": _opt(KEY32)},
    "watch": {"name": NAME, "table": _opt(NAME), "pk": _opt(KEY32)},
    "pw": {"tag": KEY32},
    "list": {},
    "act": {"n": INT, "ack": INT, "a": ACTION},
    "next": {"n": INT, "ack": INT},
    "sync": _N,
    "ping": _N,
    "commit": {"hand": INT, "hash": KEY32},
    "reveal": {"hand": INT, "value": KEY32},
    "say": {"n": INT, "id": INT},
    "bye": {},
}

HOST = {
    "hi": {"proto": INT, "e": KEY32, "nonce": _bin(16, 64)},
    "id": {"proto": INT, "host": SHORT, "host_id": SHORT, "key": KEY32, "sig": _bin(64)},
    "pake": {"pk": KEY32},
    "welcome": {"host": SHORT, "host_id": SHORT, "table": NAME, "table_name": SHORT, "seat": INT,
                "n": INT, "variant": NAME, "options": MAP, "hands": INT, "assists": _opt(BOOL),
                "next_s": _opt(INT), "claim_ms": _opt(INT), "turn_s": _opt(INT)},
    "watching": {"host": SHORT, "host_id": SHORT, "table": NAME, "table_name": SHORT, "n": INT,
                 "variant": NAME, "options": MAP, "hands": INT, "open": BOOL},
    "tables": {"proto": INT, "host": SHORT, "host_id": SHORT, "tables": LIST},
    "table": {"names": LIST, "connected": LIST, "bots": LIST, "held": LIST, "started": BOOL,
              "watchers": _opt(INT), "watch": _opt(NAME)},
    "state": {"seq": INT, "full": BOOL, "hand_no": INT, "step": INT, "view": _opt(MAP), "events": LIST,
              "totals": LIST, "hand_over": BOOL, "match_over": BOOL, "hands": INT, "window": _opt(INT),
              "clock": _opt(INT)},
    "ok": _N,
    "shuffle": {"hand": INT, "step": NAME, "commit": _opt(KEY32), "commits": _opt(LIST), "values": _opt(LIST),
                "by_host": _opt(LIST), "seed": _opt(SHORT), "log": _opt(LIST)},
    "error": {"code": NAME, "msg": _str(500), "ref": _opt(INT), "proto": _opt(INT)},
    "notice": {"code": NAME, "msg": _str(500), "seat": _opt(INT)},
    "said": {"seat": INT, "id": INT},
    "pong": _N,
    "bye": {"code": NAME, "msg": _str(500)},
}

# flood tokens a message costs the host (default 1; a game move costs nothing, a key agreement or a password
# run a few): a new message type adds its line here if it is dearer or cheaper than that
COST = {"act": 0.0, "next": 0.0, "commit": 0.0, "reveal": 0.0, "hello": 10.0, "watch": 10.0, "pw": 5.0,
        "bye": 0.0, "say": 2.0}


def banner() -> dict:
    """The first frame on every connection: a version refusal to clients of protocols 1 and 2 (who show its text),
    the version check for the others."""
    return make("error", code=Code.VERSION, ref=None, proto=PROTOCOL,
                msg=f"这台主机需要云贵麻将 {FIRST_VERSION} 或更新的版本（联机协议 {PROTOCOL}），请安装后再加入。"
                    f" This host needs YunGui Mahjong {FIRST_VERSION} or later (LAN protocol {PROTOCOL}): "
                    f"install it to join.")


def version_text(theirs: int) -> str:
    """Why a host or client of protocol ``theirs`` cannot play with this one, naming the version to install."""
    if theirs > PROTOCOL:
        return f"the host speaks LAN protocol {theirs}, this game {PROTOCOL}: install the host's version of the game"
    return f"the peer speaks LAN protocol {theirs}, this game {PROTOCOL}: install version {FIRST_VERSION} or later"


INT_RANGE = (-(2**53), 2**53)
ACTION_KINDS = tuple(ActionKind)


def _check(value, spec, field: str) -> None:
    if isinstance(spec, tuple) and spec[0] == "opt":
        if value is None:
            return
        spec = spec[1]
    if spec == INT:
        if type(value) is not int or not INT_RANGE[0] <= value <= INT_RANGE[1]:
            raise Malformed(f"{field} must be an integer")
    elif spec == BOOL:
        if type(value) is not bool:
            raise Malformed(f"{field} must be true/false")
    elif spec == MAP:
        if type(value) is not dict:
            raise Malformed(f"{field} must be a map")
    elif spec == LIST:
        if type(value) is not list:
            raise Malformed(f"{field} must be a list")
    elif isinstance(spec, tuple) and spec[0] == BIN:
        if type(value) is not bytes or not spec[1] <= len(value) <= spec[2]:
            raise Malformed(f"{field} must be {spec[1]}..{spec[2]} bytes")
    elif spec == ACTION:
        _check_action(value, field)
    elif isinstance(spec, tuple) and spec[0] == "str":
        if type(value) is not str or len(value) > spec[1] or not value.isprintable():
            raise Malformed(f"{field} must be a printable string of at most {spec[1]} characters")
    else:  # pragma: no cover - a bug in the tables above
        raise AssertionError(spec)


def _check_action(value, field: str) -> None:
    if type(value) is not list or not 2 <= len(value) <= 3:
        raise Malformed(f"{field} must be [seat, kind] or [seat, kind, tiles]")
    seat, kind = value[0], value[1]
    if type(seat) is not int or not 0 <= seat < 16:
        raise Malformed(f"{field} seat must be a small integer")
    if kind not in ACTION_KINDS:
        raise Malformed(f"{field} kind must be one of {', '.join(ACTION_KINDS)}")
    if len(value) == 3 and (type(value[2]) is not str or not 0 < len(value[2]) <= 12):
        raise Malformed(f"{field} tiles must be short tile notation")


def validate(msg, table: dict) -> dict:
    """Check one decoded message against a schema table (``CLIENT`` or ``HOST``)."""
    if type(msg) is not dict or type(msg.get("t")) is not str:
        raise Garbage("a message is a map with a type 't'")
    spec = table.get(msg["t"])
    if spec is None:
        raise Malformed(f"unknown message type {msg['t'][:20]!r}")
    for k in msg:
        if k != "t" and k not in spec:
            raise Malformed(f"{msg['t']}: unknown field {str(k)[:20]!r}")
    for k, s in spec.items():
        if k not in msg:
            if isinstance(s, tuple) and s[0] == "opt":
                continue
            raise Malformed(f"{msg['t']}: missing field {k!r}")
        _check(msg[k], s, f"{msg['t']}.{k}")
    return msg


# ---------------------------------------------------------------- actions and views on the wire
# Inside the process a view's ``legal`` holds Action tuples; on the wire every action is its
# notation ``[seat, kind]`` / ``[seat, kind, tiles]`` (game.rules.actions). These four functions
# are the only place the two forms meet.

def action_to_wire(a: Action) -> list[int | str]:
    return a.to_json()


def action_from_wire(item: object) -> Action:
    """An action in wire form; InvalidActionError (an ActionError) when it is not one."""
    return from_json(item)


def view_to_wire(view: View) -> dict[str, Any]:
    """A seat's view as the ``state`` message carries it."""
    out: dict[str, Any] = dict(view)
    out["legal"] = [action_to_wire(a) for a in view["legal"]]
    return out


def view_from_wire(data: dict[str, Any]) -> View:
    """A received view with ``legal`` back as Actions; Malformed when an entry is not an action."""
    out = dict(data)
    try:
        out["legal"] = [action_from_wire(a) for a in data.get("legal") or ()]
    except ActionError as e:
        raise Malformed(f"state.view.legal: {e}") from None
    if type(out.get("result")) is dict:
        out["result"] = result_from_wire(out["result"])
    return out  # type: ignore[return-value]


def result_from_wire(res: dict[str, Any]) -> dict[str, Any]:
    """A received result with its catalog messages bounded (``game.i18n.message_ok``): a line's or pattern's
    ``text`` and the ``notes_text`` list beside the texts (``label``/``label_en``, ``name``, ``notes``/``notes_en``)
    are dropped when they are not well-formed messages, so the client shows the host's texts instead; a line that
    keeps its message is marked as a wire line (its texts default to "") so that it is rendered with checks."""
    from game import i18n

    out = dict(res)

    def lines(items: Any, texts: str) -> Any:
        if type(items) is not list:
            return items
        kept = []
        for line in items:
            if type(line) is dict and "text" in line:
                line = dict(line)
                if not i18n.message_ok(line["text"]):
                    del line["text"]
                else:
                    line.setdefault(texts, "")
            kept.append(line)
        return kept

    for k in ("items", "transfers"):
        if k in out:
            out[k] = lines(out[k], "label")
    if type(out.get("wins")) is list:
        out["wins"] = [{**w, "patterns": lines(w.get("patterns"), "name")} if type(w) is dict and "patterns" in w
                       else w for w in out["wins"]]
    if "notes" in out and (type(out["notes"]) is not list or not all(type(n) is str for n in out["notes"])):
        out["notes"] = []
    nt = out.get("notes_text")
    if "notes_text" in out and (type(nt) is not list or len(nt) > i18n.MSG_NODES
                                or not all(i18n.message_ok(n) for n in nt)):
        del out["notes_text"]
    return out


def _no_ext(code, data):
    raise Garbage("extension types are not allowed")


def _plain(obj):
    """msgpack ``default``: sets and other iterables the rules core uses become lists."""
    if isinstance(obj, (set, frozenset)):
        return sorted(obj)
    raise TypeError(f"cannot send {type(obj).__name__}")


def pack(msg: dict) -> bytes:
    """One message as msgpack (what a sealed frame carries). Raises ValueError when over ``MAX_FRAME``."""
    body = msgpack.packb(msg, default=_plain, use_bin_type=True)
    if len(body) > MAX_FRAME:
        raise ValueError(f"{msg.get('t')} message of {len(body)} bytes exceeds the {MAX_FRAME}-byte cap")
    return body


def encode(msg: dict) -> bytes:
    """One plain frame (header + msgpack): the banner and the handshake. Raises ValueError when over ``MAX_FRAME``."""
    body = pack(msg)
    return HEADER.pack(len(body)) + body


def make(t: str, **fields) -> dict:
    fields["t"] = t
    for k, v in fields.items():
        if isinstance(v, Code):
            fields[k] = v.value  # plain str on the wire
    return fields


def unpack(body: bytes):
    """msgpack -> object, strict: str keys only, no extension types; Garbage on any failure."""
    try:
        obj = msgpack.unpackb(body, raw=False, strict_map_key=True, use_list=True, ext_hook=_no_ext,
                              timestamp=0)
    except Garbage:
        raise
    except Exception as e:  # noqa: BLE001 - msgpack raises many kinds; all mean garbage
        raise Garbage(f"undecodable frame: {type(e).__name__}") from None
    if isinstance(obj, msgpack.Timestamp):
        raise Garbage("timestamps are not allowed")
    return obj


def decode(body: bytes, table: dict) -> dict:
    """Frame body -> validated message (Garbage or Malformed on failure)."""
    return validate(unpack(body), table)


class FrameReader:
    """Splits a byte stream into frame bodies; Garbage for a bad length."""

    __slots__ = ("buf", "limit")

    def __init__(self, limit: int = MAX_FRAME):
        self.buf = bytearray()
        self.limit = limit

    def feed(self, data: bytes) -> list[bytes]:
        self.buf += data
        out = []
        buf = self.buf
        pos = 0
        while len(buf) - pos >= 4:
            (size,) = HEADER.unpack_from(buf, pos)
            if size == 0 or size > self.limit:
                self.buf = bytearray()
                raise Garbage(f"frame length {size} outside 1..{self.limit}", "too_big")
            if len(buf) - pos - 4 < size:
                break
            out.append(bytes(buf[pos + 4:pos + 4 + size]))
            pos += 4 + size
        if pos:
            del buf[:pos]
        return out

    @property
    def pending(self) -> int:
        return len(self.buf)


def describe(code: str, msg: str | None = None) -> str:
    """The English text for a code (``msg`` when the host gave a more precise one)."""
    try:
        return msg or ERRORS[Code(code)]
    except ValueError:
        return msg or str(code)
