"""The network session (``NetSession``, a ``game.session.Session``) and a headless bot client."""

from __future__ import annotations

import collections
import random
import selectors
import socket
import threading
import time
from typing import Any

from game.rules.actions import Action
from game.rules.events import Event
from game.rules.view import View
from game.session import Session

from . import auth, cpace
from . import protocol as wire
from .channel import MAX_RECORD, ChannelError, Ephemeral, Keys, new_nonce, short, transcript, verify_host
from .protocol import Code
from .seatbot import DecisionBot
from .shuffle import Check, replay_tiles

# a join that cannot succeed by retrying
REFUSALS = (Code.VERSION, Code.PASSWORD, Code.SLOW_DOWN, Code.FULL, Code.NO_TABLE, Code.BAD_TOKEN, Code.HOST_KEY)
FINAL_BYES = (Code.SUPERSEDED, Code.LEFT, Code.VERSION, Code.FLOOD, Code.GARBAGE, Code.TOO_BIG, Code.SLOW,
              Code.TIMEOUT, Code.ENDED)
DEAD_S = 4 * wire.HEARTBEAT_S  # nothing heard for this long (the host answers every ping): reconnect


class NetSession(Session):
    """One seat at a LAN table. ``status``: connecting, seated, reconnecting, refused, closed.

    The socket lives in a background thread: ``poll()``/``send()`` never block the UI.
    Messages are applied to ``view`` only in ``poll()``, so a frame always draws one
    consistent state. A dropped connection is retried with the seat token for
    ``reconnect_s`` seconds (the host holds the seat meanwhile). With ``seats`` (a
    ``store.SeatStore``) the token is also kept on disk: a restarted client takes
    its seat back at once. ``token``/``seat``/``table_id`` together name a seat to
    reclaim (the hosting player's window does that).

    The host's key is pinned in ``seats`` on first join (trust on first use): a host
    that shows another key under a known name is refused (``Code.HOST_KEY``, naming
    both short fingerprints) unless ``accept_new_key``. ``expect``: the host id
    discovery advertised (the handshake breaks when the host cannot prove it).
    ``verify_shuffle`` False skips replaying each hand to check its deal (a benchmark
    running many clients in one process).
    """

    def __init__(self, host: str, port: int, name: str, table_id: str | None = None, password: str | None = None,
                 token: str | None = None, *, seat: int | None = None, reconnect_s: float = 60.0,
                 connect_timeout: float = 5.0, tap=None, start: bool = True, seats=None, source: str | None = None,
                 expect: str | None = None, accept_new_key: bool = False, verify_shuffle: bool = True):
        self.addr = (host, int(port))
        self.name = name
        self.table_id = table_id
        self.password = password
        self.token = token
        self.want_seat = seat
        self.seats = seats
        self.source = source  # the local address to connect from (tests: one 127.x address per "machine")
        self.host_id: str | None = None
        self.expect = expect
        self.accept_new_key = accept_new_key
        self.verify_shuffle = verify_shuffle
        self.shuffle = Check()  # this seat's shuffle values and the verdict on every hand (``shuffle.results``)
        self.key_change: tuple[str, str] | None = None  # (known id, shown id) when the host's key changed
        self.claim_ms: int | None = None  # the table's claim window
        self.window_until: float | None = None  # monotonic time the open claim window closes (for a countdown)
        self.turn_s: int | None = None  # the table's turn timer (None: none)
        self.clock_until: float | None = None  # monotonic time the host acts for the decision shown (``clock``)
        self._heard: list[tuple[int, int]] = []  # quick phrases said at the table since ``heard()`` was last asked
        self._tiles: dict[int, list] = {}  # hand -> the deal, draw and flip events this seat saw (checked after)
        self._keys: Keys | None = None  # this connection's channel keys
        self._pake: cpace.Party | None = None  # a password run under way
        self._pake_table: str | None = None
        self.notice: tuple[str, str] | None = None  # the host's latest notice (code, text) until the next state
        self.notices: list[tuple[str, str, int | None]] = []
        self.timeouts = 0  # notices that the host played for this seat because its time ran out
        self.rtts: collections.deque = collections.deque(maxlen=100_000)  # seconds, action sent -> answer read
        self._sent_at: list[float] = []
        self._stored = False  # the token in use came from ``seats``
        self.reconnect_s = reconnect_s
        self.connect_timeout = connect_timeout
        self.tap = tap  # tap(direction, bytes): every byte received ("in") and frame sent ("out")
        self.seat: int | None = None
        self.view: View | None = None
        self.error: str | None = None
        self.error_code: str | None = None
        self.refusals: list[tuple[str, str]] = []  # (code, message) of every error the host sent
        self.status = "connecting"
        self.variant: Any = None  # the Variant object once seated
        self.variant_id: str | None = None
        self.options: dict | None = None
        self.n: int | None = None
        self.hands_total: int | None = None
        self.table_name: str | None = None
        self.host_name: str | None = None
        self.names: list = []
        self.connected: list = []
        self.bots: list = []
        self.held: list = []
        self.started = False
        self.watchers = 0  # how many watch the table (the host tells at most once a second)
        self.watch = "public"  # what they see: "open" when the host shows them every hand
        self.seq = 0  # seq of the last state applied by poll(); sent back as ``ack``
        self.hand_no: int | None = None
        self.step: int | None = None
        self.hand_over = False
        self.updates = 0  # state messages applied so far
        self.connections = 0  # welcomes received (a reconnect increments it)
        self.assists = True  # the host's table allows hints and the tile tracker
        self.next_s: int | None = None  # seconds after a hand before the host deals the next one by itself
        self._match_over = False
        self._totals: list[int] = []
        self._inbox: collections.deque = collections.deque()
        self._out: collections.deque = collections.deque()
        self._cv = threading.Condition()
        self._n = 0
        self._closing = False
        self._sock: socket.socket | None = None
        self._pause_until = 0.0
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self._thread = threading.Thread(target=self._io, name="netplay-client", daemon=True)
        if start:
            self._thread.start()

    # ================================================================ Session interface
    def poll(self) -> list[Event]:
        events: list[Event] = []  # as the host filtered them for this seat (msgpack maps)
        for m in self._take_inbox():
            if m["t"] == "state":
                v = m["view"]
                if v is not None:
                    v = wire.view_from_wire(v)
                self.view = v
                self._take_state(m)
                events.extend(m["events"])
            else:
                self._take_message(m)
        return events

    def _take_inbox(self) -> list[dict]:
        with self._cv:
            msgs = list(self._inbox)
            self._inbox.clear()
        return msgs

    def _take_state(self, m: dict) -> None:
        """The facts of a ``state`` message besides its view and events (a seat's and a watcher's alike)."""
        self.seq = m["seq"]
        self.hand_no, self.step = m["hand_no"], m["step"]
        self.hand_over, self._match_over = m["hand_over"], m["match_over"]
        self._totals = list(m["totals"])
        self.hands_total = m["hands"]
        self.updates += 1

    def _take_message(self, m: dict) -> None:
        """A ``table``, ``error`` or ``notice`` message polled from the inbox."""
        t = m["t"]
        if t == "table":
            self.names, self.connected = m["names"], m["connected"]
            self.bots, self.held, self.started = m["bots"], m["held"], m["started"]
            self.watchers = m.get("watchers") or 0
            self.watch = m.get("watch") or "public"
        elif t == "error":
            self.error, self.error_code = m["msg"], m["code"]
            self.refusals.append((m["code"], m["msg"]))
        elif t == "notice":
            self.notice = None if m["code"] == Code.SAVED else (m["code"], m["msg"])
            self.notices.append((m["code"], m["msg"], m["seat"]))
            if m["code"] == Code.TIMED_OUT and m["seat"] is not None and m["seat"] == self.seat:
                self.timeouts += 1
        elif t == "said":
            self._heard.append((m["seat"], m["id"]))
            del self._heard[:-32]  # a window that stopped asking keeps only the latest

    def send(self, action: Action) -> None:
        if self.seat is None or action.seat != self.seat:
            self.error, self.error_code = "not your seat", "not_your_seat"
            return
        self._send_msg("act", ack=self.seq, a=wire.action_to_wire(action))

    # ---------------------------------------------------------------- the turn timer and quick phrases
    def decision_left(self) -> float | None:
        """Seconds the host still gives this seat's decision (the timer, or a claim window's close); None: none."""
        v = self.view
        if v is None or not v.get("legal"):
            return None
        now = time.monotonic()
        if self.clock_until is not None:
            return max(0.0, self.clock_until - now)
        if self.window_until is not None and v.get("phase") in ("claim", "rob", "declare"):
            return max(0.0, self.window_until - now)  # no timer: the claim countdown is the window's
        return None

    def turn_left(self) -> float | None:
        """Seconds the host still gives the seat on turn (when it is not this one's decision); None: no timer."""
        v = self.view
        if v is None or v.get("legal") or self.clock_until is None or v.get("phase") not in ("turn", "declare"):
            return None
        return max(0.0, self.clock_until - time.monotonic())

    def say(self, phrase: int) -> None:
        """A quick phrase (an id, ``netplay.phrases``) to the table."""
        if self.seat is not None:
            self._send_msg("say", id=int(phrase))

    def heard(self) -> list[tuple[int, int]]:
        """(seat, phrase id) of the phrases said at the table since the last call (read after ``poll``)."""
        out, self._heard = self._heard, []
        return out

    def next_hand(self) -> None:
        if self.hand_over and not self._match_over:
            self._send_msg("next", ack=self.seq)

    def request_sync(self) -> None:
        self._send_msg("sync")

    @property
    def match_over(self) -> bool:
        return self._match_over

    @property
    def totals(self) -> list[int]:
        return list(self._totals)

    def interrupt(self, pause: float = 0.0) -> None:
        """Drop the connection abruptly, as a network failure would, and reconnect after ``pause`` seconds."""
        self._pause_until = time.monotonic() + pause
        sock = self._sock
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def wait(self, timeout: float) -> bool:
        """Block until a message is waiting for ``poll()`` (or the session ended); for headless loops."""
        with self._cv:
            return self._cv.wait_for(lambda: bool(self._inbox) or self.status in ("closed", "refused"), timeout)

    def close(self) -> None:
        if self._closing:
            return
        self._closing = True
        self._wake()
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(3)
        for s in (self._wake_r, self._wake_w):
            s.close()
        if self.seats is not None and self.token and self.host_id:
            self.seats.forget(self.host_id, self.name, self.token)  # left on purpose: the seat is given up

    # ================================================================ sending
    def _next_n(self) -> int:
        self._n += 1
        return self._n

    def _send_msg(self, t: str, **fields) -> None:
        """Queue a numbered message; numbers are taken in queue order, so they reach the host increasing."""
        with self._cv:
            fields["n"] = self._next_n()
            self._out.append(wire.pack(wire.make(t, **fields)))
            if t == "act":
                self._sent_at.append(time.perf_counter())
        self._wake()

    def _send_raw(self, body: bytes) -> None:
        with self._cv:
            self._out.append(body)
        self._wake()

    def _wake(self) -> None:
        try:
            self._wake_w.send(b"\0")
        except OSError:
            pass

    # ================================================================ the I/O thread
    def _io(self) -> None:
        give_up = time.monotonic() + self.connect_timeout
        try:
            while not self._closing:
                try:
                    sock = socket.create_connection(self.addr, timeout=2.0,
                                                    source_address=(self.source, 0) if self.source else None)
                except OSError as e:
                    if time.monotonic() >= give_up:
                        where = f"{self.addr[0]}:{self.addr[1]}"
                        if self.status == "reconnecting":  # it was there and did not come back: say that, no more
                            self.error_code = "lost"
                            self._end("closed", f"the host at {where} did not come back in {self.reconnect_s:g} s")
                        else:
                            self._end("closed", f"cannot reach the host at {where} ({e.strerror or e})")
                        return
                    time.sleep(0.2)
                    continue
                outcome = self._serve(sock)
                if outcome != "lost" or self._closing:
                    return
                if not self._resumable():
                    self.error_code = Code.SHUTDOWN if self.error_code == Code.SHUTDOWN else "lost"
                    self._end("closed", "the connection to the host was lost")
                    return
                self.status = "reconnecting"
                self.error, self.error_code = "connection to the host lost; reconnecting", "reconnecting"
                give_up = time.monotonic() + self.reconnect_s
                time.sleep(max(0.2, self._pause_until - time.monotonic()))
        finally:
            if self.status not in ("refused", "closed"):
                self._end("closed", None)

    def _resumable(self) -> bool:
        """Whether a lost connection is tried again (a seat is taken back with its token)."""
        return bool(self.token)

    def _end(self, status: str, error: str | None) -> None:
        with self._cv:
            self.status = status
            if error:
                self.error = error
            self._cv.notify_all()

    # ---------------------------------------------------------------- what this client says after the handshake
    def _hello(self, use_store: bool = True) -> bytes:
        """The hello for this connection: a proof of the seat token bound to the channel, or a password run."""
        keys = self._keys
        assert keys is not None
        token, table, seat = self.token, self.table_id, self.want_seat
        self._stored = False
        if token is None and self.seats is not None and use_store and self.host_id:
            saved = self.seats.find(self.host_id, self.name)
            if saved is not None and (table is None or table == saved["table"]):
                token, table, seat = saved["token"], saved["table"], saved["seat"]
                self._stored = True
        self._proved = token
        proof = auth.token_proof(token, keys) if token else None
        pk = self._pake_start(table) if self.password and not token else None
        msg = wire.make("hello", name=self.name[:32], table=table, seat=seat, pk=pk, proof=proof)
        return wire.pack({k: v for k, v in msg.items() if v is not None})

    def _pake_start(self, table: str | None) -> bytes:
        """Our CPace value for ``table``'s password (the run is bound to this channel's transcript)."""
        assert self.password is not None and self.host_id is not None
        ci = b"yunguimj/3 password\0" + self.host_id.encode()
        assert self._keys is not None
        self._pake = cpace.Party(self.password, ci, self._keys.th, initiator=True)
        self._pake_table = table
        return self._pake.msg

    def _on_pake(self, m: dict) -> bytes | None:
        """The host's CPace value: our key confirmation (sealed), or None when there is no run."""
        party = self._pake
        if party is None:
            return None
        self._pake = None
        try:
            isk = party.finish(m["pk"])
        except cpace.PakeError:
            return None
        return wire.pack(wire.make("pw", tag=cpace.confirm(isk, b"client")))

    def _identify(self, m: dict) -> str | None:
        """The host's ``id``: its signature over our transcript, the id discovery promised, the key we pinned.
        Returns why the host is refused (None: it is the host it says)."""
        assert self._keys is not None
        try:
            fp = verify_host(m["key"], m["sig"], self._keys.th)
        except ChannelError as e:
            return str(e)
        if fp != m["host_id"]:
            return "the host's id is not its key's fingerprint"
        if self.expect and fp != self.expect:
            return (f"the table was advertised as host {short(self.expect)}, but the host at this address is "
                    f"{short(fp)}")
        self.host_id, self.host_name = fp, m["host"]
        if self.seats is not None:
            known = self.seats.pinned(m["host"])
            if known is not None and known != fp and not self.accept_new_key:
                self.key_change = (known, fp)
                self.error_code = Code.HOST_KEY
                return (f"the host {m['host']!r} shows key {short(fp)}, but this machine knew it as {short(known)}. "
                        f"If it was set up again, accept the new key (join --accept-new-key, or 接受新密钥 in the "
                        f"join list); otherwise this may be another machine posing as it")
            if known != fp:
                self.seats.pin(m["host"], fp)
        return None

    # ---------------------------------------------------------------- one connection
    def _serve(self, sock: socket.socket) -> str:
        """Talk on one connection; returns "lost" (try again) or "done"."""
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.setblocking(False)
        with self._cv:
            self._out.clear()  # actions queued while disconnected refer to a state that is gone
            self._sent_at.clear()
        out = bytearray()
        self._said_hello = False
        self._resend: bytes | None = None
        self._pake = None
        stage = "banner"  # banner, hi, id, open
        seal = opener = None
        hi_body = b""
        reader = wire.FrameReader()
        sel = selectors.DefaultSelector()
        sel.register(self._wake_r, selectors.EVENT_READ)
        sel.register(sock, selectors.EVENT_READ)
        self._sock = sock
        last_rx = last_tx = time.monotonic()

        def tap(direction: str, body: bytes) -> None:
            if self.tap:
                self.tap(direction, wire.HEADER.pack(len(body)) + body)

        try:
            while not self._closing:
                if self._said_hello and seal is not None:
                    with self._cv:
                        while self._out:
                            body = self._out.popleft()
                            tap("out", body)
                            out += seal.seal(body)
                sel.modify(sock, selectors.EVENT_READ | (selectors.EVENT_WRITE if out else 0))
                for key, mask in sel.select(timeout=0.5):
                    if key.fileobj is self._wake_r:
                        try:
                            while self._wake_r.recv(4096):
                                pass
                        except OSError:
                            pass
                        continue
                    if mask & selectors.EVENT_READ:
                        try:
                            data = sock.recv(1 << 16)
                        except BlockingIOError:
                            continue
                        if not data:
                            return "lost"
                        last_rx = time.monotonic()
                        for frame in reader.feed(data):
                            if stage == "banner":
                                outcome = self._banner(frame)
                                if outcome is not None:
                                    return outcome
                                tap("in", frame)
                                stage = "hi"
                                continue
                            if stage == "hi":
                                m = wire.decode(frame, wire.HOST)
                                tap("in", frame)
                                if m["t"] != "hi":
                                    return self._plain_refusal(m)
                                hi_body = frame
                                eph = Ephemeral()
                                ch = wire.pack(wire.make("ch", proto=wire.PROTOCOL, e=eph.public, nonce=new_nonce(),
                                                         want=self.expect))
                                ch = wire.pack({k: v for k, v in wire.unpack(ch).items() if v is not None})
                                tap("out", ch)
                                out += wire.HEADER.pack(len(ch)) + ch
                                self._keys = Keys(eph.shared(m["e"]), transcript(hi_body, ch))
                                seal, opener = self._keys.client_ciphers()
                                reader = wire.FrameReader(MAX_RECORD)
                                stage = "id"
                                continue
                            assert opener is not None and seal is not None
                            body = opener.open(frame)
                            tap("in", body)
                            m = wire.decode(body, wire.HOST)
                            if stage == "id":
                                if m["t"] != "id":
                                    return self._plain_refusal(m)
                                why = self._identify(m)
                                if why is not None:
                                    self._end("refused", why)
                                    if self.error_code is None or self.error_code == "reconnecting":
                                        self.error_code = Code.HOST_KEY
                                    return "done"
                                stage = "open"
                                hello = self._first()
                                tap("out", hello)
                                out += seal.seal(hello)  # the first sealed frame: nothing queued goes before it
                                self._said_hello = True
                                continue
                            if m["t"] == "pake":
                                pw = self._on_pake(m)
                                if pw is not None:
                                    tap("out", pw)
                                    out += seal.seal(pw)
                                continue
                            if m["t"] == "shuffle":
                                for reply in self._on_shuffle(m):
                                    tap("out", reply)
                                    out += seal.seal(reply)
                                continue
                            if self._on_msg(m) == "done":
                                return "done"
                            if self._resend is not None:
                                tap("out", self._resend)
                                out += seal.seal(self._resend)
                                self._resend = None
                    if mask & selectors.EVENT_WRITE and out:
                        try:
                            del out[:sock.send(out)]
                            last_tx = time.monotonic()
                        except BlockingIOError:
                            pass
                now = time.monotonic()
                if now - last_rx > DEAD_S:
                    return "lost"
                if self._said_hello and now - last_tx > wire.HEARTBEAT_S and not out:
                    self._send_msg("ping")
                    last_tx = now
            if self._closing and seal is not None and self._said_hello:
                try:
                    sock.setblocking(True)
                    sock.settimeout(0.5)
                    sock.sendall(bytes(out) + seal.seal(wire.pack(wire.make("bye"))))
                except OSError:
                    pass
            return "done"
        except (OSError, wire.ProtocolError, ChannelError):
            return "lost"
        finally:
            self._sock = None
            sel.close()
            sock.close()

    def _first(self) -> bytes:
        """What this client says first once the channel is up (a watcher says ``watch``)."""
        return self._hello()

    def _banner(self, frame: bytes) -> str | None:
        """The host's first frame: its protocol version. None: ours, go on; else the outcome of a refusal."""
        try:
            m = wire.unpack(frame)
        except wire.ProtocolError:
            return "lost"
        if isinstance(m, dict) and m.get("t") == "error" and m.get("code") == Code.VERSION:
            proto = m.get("proto")
            if proto == wire.PROTOCOL:
                return None
            theirs = proto if isinstance(proto, int) else 0
            self._end("refused", wire.version_text(theirs) if theirs < wire.PROTOCOL else str(m.get("msg"))[:500])
        elif isinstance(m, dict) and m.get("t") == "hi":
            self._end("refused", "the host speaks an older LAN protocol (2): it must install version "
                                 f"{wire.FIRST_VERSION} or later of the game")
        elif isinstance(m, dict) and m.get("t") == "bye":
            self.error_code = str(m.get("code"))
            self.error = str(m.get("msg"))[:500]
            return "lost"  # the host is busy: try again
        else:
            self._end("refused", f"the host speaks another LAN protocol: install version {wire.FIRST_VERSION} or "
                                 f"later on both machines")
        self.error_code = Code.VERSION
        return "done"

    def _plain_refusal(self, m: dict) -> str:
        """A refusal or goodbye during the handshake (the host is busy or stopping): try again, or give up."""
        return self._on_msg(m) or "lost"

    # ---------------------------------------------------------------- the shuffle
    def _on_shuffle(self, m: dict) -> list[bytes]:
        """Take part in a hand's shuffle, and check the host's opening of it; the replies to send."""
        hand, step = m["hand"], m["step"]
        seat = self.seat
        if seat is None:
            return []
        if step == "commit" and m.get("commit") is not None:
            h = self.shuffle.on_commit(hand, m["commit"])
            return [wire.pack(wire.make("commit", hand=hand, hash=h))]
        if step == "reveal" and isinstance(m.get("commits"), list):
            commits = m["commits"]
            if not all(isinstance(c, bytes) for c in commits):
                return []
            v = self.shuffle.on_reveal(hand, seat, commits)
            return [] if v is None else [wire.pack(wire.make("reveal", hand=hand, value=v))]
        if step == "open":
            self._check_shuffle(m)
        return []

    def _check_shuffle(self, m: dict) -> None:
        hand, seat = m["hand"], self.seat
        assert seat is not None
        commits, values, by_host = m.get("commits") or [], m.get("values") or [], m.get("by_host") or []
        why = None
        if not all(isinstance(x, bytes) for x in commits + values) or not all(isinstance(x, int) for x in by_host):
            why = "the host's opening of the shuffle is malformed"
        else:
            why = self.shuffle.verify(hand, seat, commits, values, by_host, str(m.get("seed")))
        if why is None and self.verify_shuffle and self.variant is not None:
            why = replay_tiles(self.variant, self.options or {}, hand, str(m.get("seed")), m.get("log") or [], seat,
                               self._tiles.get(hand, []))
        self._tiles.pop(hand, None)
        self.shuffle.results.append((hand, why is None, why or ""))
        if why is not None:
            with self._cv:
                self._inbox.append(wire.make("notice", code=Code.SHUFFLE, seat=None,
                                             msg=f"hand {hand + 1}: {why}"[:500]))
                self._cv.notify_all()

    def _on_msg(self, m: dict) -> str | None:
        t = m["t"]
        if t == "welcome":
            from game.rules.variants import get as get_variant

            self.seat, self.table_id = m["seat"], m["table"]
            assert self._keys is not None
            self.token = self._proved or auth.seat_token(self._keys, m["table"], m["seat"])
            self.want_seat = self.seat
            self.n, self.hands_total, self.table_name, self.host_name = m["n"], m["hands"], m["table_name"], m["host"]
            self.variant_id, self.options = m["variant"], m["options"]
            # the table's own settings: may the window show hints and the tracker; when the next hand deals itself
            self.assists, self.next_s = m.get("assists", True) is not False, m.get("next_s")
            self.claim_ms = m.get("claim_ms")
            self.turn_s = m.get("turn_s")
            try:
                self.variant = get_variant(m["variant"])
            except ValueError:
                self.variant = None
            if self.seats is not None:
                self.seats.put(self.host_id, self.name, self.table_id, self.seat, self.token,
                               addr=f"{self.addr[0]}:{self.addr[1]}", host_name=self.host_name,
                               table_name=self.table_name)
            self.connections += 1
            self.status = "seated"
            self.error, self.error_code = None, None
            return None
        if t in ("state", "error", "ok"):
            with self._cv:
                if self._sent_at and (t != "error" or m["ref"] is not None):
                    now = time.perf_counter()
                    self.rtts.extend(now - s for s in self._sent_at)
                    self._sent_at.clear()
            if t == "ok":
                return None
        if t == "state":
            w, c = m.get("window"), m.get("clock")
            self.window_until = None if w is None else time.monotonic() + w / 1000
            self.clock_until = None if c is None else time.monotonic() + c / 1000
            tiles = [e for e in m["events"] if e.get("type") in TILE_EVENTS]
            if tiles:
                self._tiles.setdefault(m["hand_no"], []).extend(tiles)
        if t == "error" and m["code"] == Code.BAD_TOKEN and self._stored and self.status != "seated":
            # the seat kept on disk is gone (released, or another match): join as a newcomer instead
            self.seats.forget(self.host_id, self.name, self._proved)
            self._resend = self._hello(use_store=False)
            return None
        if t == "error" and m["code"] in REFUSALS and (self.status != "seated" or m["code"] == Code.VERSION):
            self._end("refused", m["msg"])
            self.error_code = m["code"]
            return "done"
        if t == "bye":
            if m["code"] == Code.SHUTDOWN:
                return "lost"  # the host may come back (--resume): keep trying with the token
            self.error_code = m["code"]
            if m["code"] not in FINAL_BYES:
                self.error = m["msg"]
                return "lost"  # e.g. cut off for silence after a freeze: reconnect and take the seat back
            self._end("closed", m["msg"] if m["code"] != Code.LEFT else None)
            return "done"
        with self._cv:
            self._inbox.append(m)
            self._cv.notify_all()
        return None


TILE_EVENTS = ("deal", "draw", "flip")


class Channel:
    """A blocking connection with the handshake done (``list_tables``, tools and tests): ``send``/``recv``
    sealed messages; ``ident`` is the host's ``id``, ``keys`` the channel's keys."""

    def __init__(self, host: str, port: int, timeout: float = 5.0, source: str | None = None,
                 expect: str | None = None, proto: int | None = None, rcvbuf: int | None = None):
        if rcvbuf:  # a small receive buffer must be set before connecting
            self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
            self.sock.settimeout(timeout)
            self.sock.bind((source or "0.0.0.0", 0))
            self.sock.connect((host, int(port)))
        else:
            self.sock = socket.create_connection((host, int(port)), timeout=timeout,
                                                 source_address=(source, 0) if source else None)
        self.timeout = timeout
        self._reader = wire.FrameReader()
        self._frames: list[bytes] = []
        try:
            banner = wire.unpack(self.frame())
            if isinstance(banner, dict) and banner.get("t") == "bye" and isinstance(banner.get("code"), str):
                # turned away before any handshake (busy: too many at once from here): its reason, not a version
                raise wire.ProtocolError(str(banner.get("msg") or banner["code"]), banner["code"])
            if not (isinstance(banner, dict) and banner.get("t") == "error" and banner.get("proto") == wire.PROTOCOL):
                theirs: int = banner["proto"] if isinstance(banner, dict) and isinstance(banner.get("proto"), int) \
                else 2
                raise wire.ProtocolError(wire.version_text(theirs), Code.VERSION)
            hi_body = self.frame()
            hi = wire.decode(hi_body, wire.HOST)
            if hi["t"] != "hi":
                raise wire.ProtocolError(wire.describe(hi.get("code", "garbage"), hi.get("msg")), hi.get("code"))
            eph = Ephemeral()
            fields = {"proto": wire.PROTOCOL if proto is None else proto, "e": eph.public, "nonce": new_nonce()}
            if expect:
                fields["want"] = expect
            ch = wire.pack(wire.make("ch", **fields))
            self.sock.sendall(wire.HEADER.pack(len(ch)) + ch)
            self.keys = Keys(eph.shared(hi["e"]), transcript(hi_body, ch))
            self.seal, self.opener = self.keys.client_ciphers()
            self._reader.limit = MAX_RECORD
            m = self.recv()
            if m is None or m["t"] != "id":
                raise wire.ProtocolError(wire.describe(m.get("code", "garbage"), m.get("msg")) if m else "closed",
                                         m.get("code") if m else Code.CHANNEL)
            verify_host(m["key"], m["sig"], self.keys.th)
            self.ident = m
        except BaseException:
            self.sock.close()
            raise

    def frame(self) -> bytes:
        end = time.monotonic() + self.timeout
        while not self._frames:
            self.sock.settimeout(max(0.01, end - time.monotonic()))
            data = self.sock.recv(1 << 16)
            if not data:
                raise OSError("the host closed the connection")
            self._frames.extend(self._reader.feed(data))
        return self._frames.pop(0)

    def recv(self) -> dict | None:
        """The next message (None when the host closed the connection)."""
        try:
            return wire.decode(self.opener.open(self.frame()), wire.HOST)
        except OSError:
            return None

    def send(self, msg: dict) -> None:
        self.sock.sendall(self.seal.seal(wire.pack(msg)))

    def close(self) -> None:
        self.sock.close()

    def __enter__(self) -> Channel:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def list_tables(host: str, port: int, timeout: float = 3.0, source: str | None = None) -> list[dict]:
    """The tables of the host at this address (the join screen's manual-address fallback).

    Keys as ``discovery.Browser.tables()`` minus the address fields and the host's name. Raises OSError or
    ``protocol.ProtocolError`` (``code == "version"`` when the host speaks another protocol, "channel" when it
    cannot prove its key)."""
    try:
        ch = Channel(host, port, timeout, source)
    except ChannelError as e:
        raise wire.ProtocolError(str(e), Code.CHANNEL) from None
    with ch:
        ch.send(wire.make("list"))
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            m = ch.recv()
            if m is None:
                break
            if m["t"] == "tables":
                return [dict(t, protocol=m["proto"], host_id=m["host_id"]) for t in m["tables"]]
            if m["t"] == "error":
                raise wire.ProtocolError(m["msg"], m["code"])
    raise OSError(f"no table list from {host}:{port}")


class BotClient:
    """A headless client: a bot plays its seat through a NetSession until the match is over."""

    def __init__(self, host: str, port: int, level: str = "simple", name: str | None = None, *, seed=0,
                 table_id: str | None = None, password: str | None = None, token: str | None = None,
                 seat: int | None = None, think: float | tuple[float, float] = 0.0, tap=None,
                 reconnect_s: float = 60.0, connect_timeout: float = 5.0, seats=None, source: str | None = None,
                 expect: str | None = None, accept_new_key: bool = False, verify_shuffle: bool = True):
        self.bot = DecisionBot(level, seed)
        self.think = think  # seconds per decision, or a (low, high) range for a human pace
        self._rng = random.Random(f"think:{seed}")
        self.session = NetSession(host, port, name or f"bot-{level}", table_id, password, token, seat=seat, tap=tap,
                                  reconnect_s=reconnect_s, connect_timeout=connect_timeout, seats=seats,
                                  source=source, expect=expect, accept_new_key=accept_new_key,
                                  verify_shuffle=verify_shuffle)
        self.events: list[Event] = []  # every event the seat received, in order
        self.decisions = 0

    def step(self) -> None:
        """Act on whatever arrived (called in the loop of ``run``)."""
        s = self.session
        self.events.extend(s.poll())
        v = s.view
        if v is not None and v["legal"] and not s.hand_over and self._acted != (s.connections, s.updates):
            if self.think:
                time.sleep(self._rng.uniform(*self.think) if isinstance(self.think, tuple) else self.think)
            self._acted = (s.connections, s.updates)
            self.decisions += 1
            s.send(self.bot.act(v))
        if s.hand_over and not s.match_over and self._nexted != (s.connections, s.hand_no):
            self._nexted = (s.connections, s.hand_no)
            s.next_hand()

    _acted: tuple[int, int] | None = None
    _nexted: tuple[int, int | None] | None = None

    def run(self, timeout: float | None = None) -> dict:
        """Play until the match is over; returns {table, seat, totals, hands}. RuntimeError when refused."""
        s = self.session
        end = None if timeout is None else time.monotonic() + timeout
        try:
            while True:
                s.wait(0.25)
                self.step()
                if s.match_over:
                    return {"table": s.table_id, "seat": s.seat, "totals": s.totals, "hands": s.hands_total}
                if s.status in ("refused", "closed"):
                    raise RuntimeError(s.error or s.status)
                if end is not None and time.monotonic() > end:
                    raise TimeoutError(f"match not over after {timeout} s (status {s.status})")
        finally:
            s.close()
