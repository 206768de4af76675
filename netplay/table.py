"""One table on the host: seats, the authoritative match, bots, reconnect holds and its journal records."""

from __future__ import annotations

import copy
import logging
import secrets
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from game import i18n
from game.bots import default_level
from game.pacing import Pacing
from game.rules import engine
from game.rules.actions import PASS, Action, ActionError, from_json
from game.rules.match import Match, replay_match
from game.rules.state import HandState
from game.rules.variants import get as get_variant
from game.rules.view import (
    PublicView,
    View,
    events_for,
    pending_state,
    public_events,
    public_step,
    same_point,
    visible_step,
)
from game.rules.view import public_view as _public_view
from game.rules.view import view as _view
from game.turntimer import TIMER_CHOICES, timeout_action

from . import auth
from . import protocol as wire
from .keeper import Keeper
from .phrases import PhraseGate, valid_id
from .protocol import Code
from .seatbot import DecisionBot
from .shuffle import SHUFFLE_S, Round
from .store import FORMAT, Damaged, Journal

RESULT_MESSAGES_MAX = 24 * 1024  # a result's wire form bigger than this (msgpack bytes) goes without its messages


def _worded(v: dict) -> dict:
    """A view's result worded for the wire with each line's catalog message beside its two texts; a result too
    big for that (over ``RESULT_MESSAGES_MAX``, far beyond any settlement seen) goes with its texts alone, so
    that a state never nears the frame cap for the messages' sake."""
    out = i18n.worded_view(v)
    if out is not v:
        try:
            fits = len(wire.pack({"r": out["result"]})) <= RESULT_MESSAGES_MAX
        except ValueError:  # over the frame cap
            fits = False
        if not fits:
            out = i18n.worded_view(v, messages=False)
    return out


def view(st: HandState, seat: int) -> View:
    """A seat's view as the wire carries it: a result's lines in 中文 and English and as catalog messages
    (``game.i18n.worded_view``)."""
    return _worded(_view(st, seat))  # type: ignore[arg-type, return-value]


def public_view(st: HandState, open_hands: bool = False) -> PublicView:
    """The public view as the wire carries it (``game.i18n.worded_view``)."""
    return _worded(_public_view(st, open_hands))  # type: ignore[arg-type, return-value]

log = logging.getLogger("netplay.host")

WAITING, PLAYING, BETWEEN, OVER = "waiting", "playing", "between", "over"
WATCHERS_S = 1.0  # at most one update a second tells the table how many watch
CLAIM_S_DEFAULT = 1.5  # the claim window of a table that does not set one: time for people to see and decide
CLAIM_S_MAX = 30.0
# every claim window closes a random 0..WINDOW_SLACK_S later than its nominal end: the host's own scheduling moves
# a close by a millisecond or two more when somebody answered inside the window (measured on loopback: the 90th
# percentile of the watcher's gap 152.7 ms with a claimable discard, 151.9 ms without), and that is enough for a
# threshold on the gap to beat guessing; slack from the OS's random source, never the game's seed, drowns it
WINDOW_SLACK_S = 0.02


@dataclass
class TableConfig:
    """What the host player picks for one table."""

    table_id: str = "1"
    name: str = ""
    variant: str = "wenshan"
    options: dict = field(default_factory=dict)
    hands: int = 8
    seed: Any = None  # None: a fresh random seed; it never leaves the host
    bots: dict = field(default_factory=dict)  # {seat: level}: seats the host fills with bots
    password: str | None = None  # None: the host's password (if any)
    hold_s: float = 60.0  # how long a dropped player's seat is kept for them
    on_drop: str = "bot"  # "bot": a bot plays a held seat meanwhile; "wait": the table waits for the player
    sub_bot: str | None = None  # the stand-in bot's level (None: normal when available, else simple)
    bot_delay: float = 0.0  # seconds a host bot waits before acting, so people can follow (``Table.pacing``)
    next_s: float | None = 60.0  # deal the next hand this long after one ended, ready or not
    assists: bool = True  # players' windows may show hints and the tile tracker (honest clients follow it)
    watch: str = wire.WATCH_PUBLIC  # watchers see what lies face up ("public"), every hand ("open"), or nothing ("off")
    watch_pause: float = 15.0  # a table of bots only, while watched: seconds between hands and matches (to read)
    claim_s: float | None = None  # the claim window after every discard (None: CLAIM_S_DEFAULT); 0: none (leaks)
    turn_s: int = 0  # the turn timer (game.turntimer.TIMER_CHOICES; 0: none): the host acts for a slow seat

    def to_json(self) -> dict:
        d = asdict(self)
        d["bots"] = {str(k): v for k, v in self.bots.items()}
        return d

    @classmethod
    def from_json(cls, d: dict) -> TableConfig:
        known = {f.name for f in fields(cls)}
        d = {k: v for k, v in d.items() if k in known}
        d["bots"] = {int(k): v for k, v in (d.get("bots") or {}).items()}
        return cls(**d)


class Slot:
    """One seat: who holds it (token), their connection, and what the host knows about them."""

    __slots__ = ("bot_level", "hold", "last", "name", "peer", "ready", "seq", "token", "wait")

    def __init__(self, bot_level: str | None = None):
        self.name: str | None = None
        self.token: str | None = None
        self.peer = None
        self.bot_level = bot_level
        self.wait = False  # the table waits for this (dropped) player instead of letting a bot play
        self.hold = None  # timer releasing the seat
        self.seq = 0
        self.last = None  # the last view sent (without its version), to skip unchanged states
        self.ready = False

    @property
    def open(self) -> bool:
        return self.token is None and self.bot_level is None


class Table:
    """A Table runs only on the host's event-loop thread. Peers reach it through
    ``join``/``rejoin``/``act``/``ready``/``sync``/``drop``.

    After every discard (or added kong) every seat and watcher is shown the claim window's point at once
    (``Window``); what follows goes out when the window closes, ``claim_s`` later, whether or not anybody could
    claim, and answers given inside it are acknowledged with ``ok`` only. Under a sequential claim policy every
    seat with an option is asked at that point (``window_prompts``). The only thing others can time is a player
    deciding longer than the window: the window then stays open until they answer.

    Every change is a journal record (``_record``): it is applied in memory at once,
    and everything a peer would hear because of it waits (``keeper.Keeper.send``)
    until the record is on disk. When the disk refuses, the table says so to every seat,
    keeps what it has, and goes on once the write goes through; nothing a peer was told
    is lost.
    """

    def __init__(self, cfg: TableConfig, host, saved: tuple[list[dict], Journal] | None = None,
                 password: str | None = None):
        self.cfg = cfg
        self.host = host
        self.variant = get_variant(cfg.variant)
        self.options = self.variant.resolve_options(cfg.options)
        self.n = self.variant.players(self.options)
        if any(not 0 <= int(s) < self.n for s in cfg.bots):
            raise ValueError(f"bot seats must be 0..{self.n - 1}")
        if cfg.on_drop not in ("bot", "wait"):
            raise ValueError("on_drop is 'bot' or 'wait'")
        if cfg.hands < 1:
            raise ValueError("a match has at least one hand")
        if cfg.watch not in wire.WATCH_MODES:
            raise ValueError(f"watch is one of {', '.join(wire.WATCH_MODES)}")
        self.claim_s = CLAIM_S_DEFAULT if cfg.claim_s is None else float(cfg.claim_s)
        if not 0 <= self.claim_s <= CLAIM_S_MAX:
            raise ValueError(f"the claim window is 0..{CLAIM_S_MAX:g} seconds")
        if cfg.turn_s not in TIMER_CHOICES:
            raise ValueError(f"the turn timer is one of {', '.join(map(str, TIMER_CHOICES))} seconds (0: none)")
        self.turn_s = cfg.turn_s
        self.password = cfg.password if cfg.password is not None else password
        self.sub = cfg.sub_bot or default_level()
        for lv in set(cfg.bots.values()) | {self.sub}:
            DecisionBot(lv)  # unknown levels fail now
        self.slots = [Slot(cfg.bots.get(i)) for i in range(self.n)]
        self.owner: int | None = None  # the hosting player's seat
        self._bots: dict[int, DecisionBot] = {}
        self.match: Match | None = None
        self.state: HandState | None = None
        self.phase = WAITING
        self.seed = None
        self._pump_handle = None
        self.pacing = Pacing.fixed(cfg.bot_delay)  # when a host-played seat may act (game.pacing, as every table)
        self._next_handle = None
        self._pause_handle = None  # a watched table of bots only: the next deal after the settlement was read
        self._thinking: tuple[int, int, int] | None = None  # what a host bot is deciding on, off the loop
        self.watchers: dict = {}  # watching connections, in arrival order (a dict used as an ordered set)
        self._w_seq = 0  # the watchers' frame counter (one stream, encoded once for all of them)
        self._w_last: dict | None = None  # the last public view sent to the watchers (without its version)
        self._presence_timer = None  # a coalesced seat/watcher update after watchers came or went
        self.window: Window | None = None  # the claim window after the latest discard, until it is released
        self._closed: Window | None = None  # the last window that closed
        # (hand, discards so far) of each window a player held open past its end by deciding: the one thing at the
        # table others may time, kept (the last 1000) so a measurement can tell a player's time from the host's
        self.late_windows: list[tuple[int, int]] = []
        self.round: Round | None = None  # the shuffle of the hand being dealt or played
        self._shuffle_timer = None
        self._shuffle_next: dict | None = None  # the record that deals once the shuffle is done
        self.clocks: dict[int, tuple[object, float]] = {}  # seat -> (its decision, time the host acts for it)
        self._clock_handle = None
        self.clock = None  # the turn timer's and the phrases' clock (None: the loop's; tests inject one that jumps)
        self._window_seen: tuple[Window, float] | None = None  # the latest claim window and when it opened
        self.phrases = PhraseGate()  # quick phrases: each seat held to a gap and a burst
        journal = saved[1] if saved is not None else \
            host.store.journal(self.store_name) if host.store is not None else None
        self.keeper = Keeper(host, journal, self._disk_full, self._saved, len(saved[0]) - 1 if saved else 0,
                             describe=self.describe)
        if saved is not None:
            self._restore(saved[0])
        else:
            self._compact()

    # ------------------------------------------------------------------ identity
    @property
    def table_id(self) -> str:
        return self.cfg.table_id

    @property
    def store_name(self) -> str:
        return f"table-{self.cfg.table_id}"

    @property
    def loop(self):
        return self.host.loop

    @property
    def st(self) -> HandState:
        """The hand being played (or the one just ended); only once a match has started."""
        assert self.state is not None, "no hand yet"
        return self.state

    @property
    def m(self) -> Match:
        assert self.match is not None, "no match yet"
        return self.match

    def summary(self) -> dict:
        """The lobby line: what discovery and ``list`` show (``options``: those that differ from the defaults)."""
        free = sum(1 for s in self.slots if s.open)
        defaults = self.variant.resolve_options({})
        changed = {k: v for k, v in self.options.items() if k != "players" and v != defaults.get(k)}
        default_name = f"{i18n.variant_name(self.variant.id, 'zh')} {self.table_id}"
        return {"table_id": self.table_id, "name": self.cfg.name or default_name,
                "variant": self.variant.id, "players": self.n, "seats_taken": self.n - free, "seats_free": free,
                "password": bool(self.password), "watchers": len(self.watchers), "watch": self.cfg.watch,
                "options": changed}

    @property
    def open_watch(self) -> bool:
        """The host shows this table's watchers every hand (a bot-only or teaching table)."""
        return self.cfg.watch == wire.WATCH_OPEN

    def open_table(self) -> None:
        """Called once the host's loop runs: resumed seats are held for their players; full tables start."""
        for i, s in enumerate(self.slots):
            if s.token and s.peer is None and self.phase != OVER:
                self._hold(i, wait=True)
        if self.phase == WAITING:
            self._maybe_start()
        elif self.phase == BETWEEN:
            self._schedule_next()
        elif self.phase == OVER:
            self._reset()  # the match was played out before the restart: open for a new one
        self._pump_soon()
        self.keeper.flush()

    # ------------------------------------------------------------------ seating
    def full_text(self, seat: int | None = None) -> str:
        """Why nobody can sit down here now, as things stand (held seats come free when their hold runs out)."""
        held = [i for i, s in enumerate(self.slots) if s.token and s.peer is None]
        if seat is not None and seat in held:
            return f"seat {seat} is held for its player, who may come back"
        if held and not any(s.open for s in self.slots):
            return (f"every seat is taken; seat{'s' if len(held) > 1 else ''} {', '.join(map(str, held))} "
                    f"{'are' if len(held) > 1 else 'is'} held for players who may come back")
        return "every seat is taken" if seat is None else f"seat {seat} is taken"

    def reserve_owner(self, name: str, seat: int = 0) -> str:
        """Keep ``seat`` for the hosting player (their window joins with the returned token, no password)."""
        s = self.slots[seat]
        if self.owner == seat and s.token:
            return s.token
        if self.phase != WAITING or not s.open:
            raise ValueError(f"seat {seat} is not free for the hosting player")
        s.token, s.name = secrets.token_hex(16), name
        self.owner = seat
        self._record(self._seats_rec())
        self.keeper.flush()
        return s.token

    def join(self, peer, name: str, seat: int | None = None) -> str | None:
        """Seat a new player; returns an error code or None."""
        free = [i for i, s in enumerate(self.slots) if s.open]
        if seat is not None:
            if seat not in free:
                return Code.FULL
        elif not free:
            return Code.FULL
        i = free[0] if seat is None else seat
        s = self.slots[i]
        s.name = self.unique_name(name, i)
        s.token = auth.seat_token(peer.keys, self.table_id, i)
        s.wait = False
        s.seq = 0
        self._cancel_hold(s)
        self._record(self._seats_rec())
        self._attach(i, peer)
        self.keeper.flush()
        return None

    def unique_name(self, name: str, seat: int) -> str:
        """``name``, or with a number after it when another seat of this table has that name already ("Player",
        "Player (2)"): two people who both kept a default name stay apart at the table (issue 39)."""
        taken = {(x.name or "").casefold() for k, x in enumerate(self.slots) if k != seat and x.name}
        if name.casefold() not in taken:
            return name
        k = 2
        while True:
            tail = f" ({k})"
            cand = name[:32 - len(tail)] + tail
            if cand.casefold() not in taken:
                return cand
            k += 1

    def find_proof(self, proof: bytes, keys, seat: int | None) -> int | None:
        """The seat whose token ``proof`` proves on this connection (``keys``: its channel), if any."""
        hit = None
        for i, s in enumerate(self.slots):
            if s.token and (seat is None or seat == i) and auth.same(proof, auth.token_proof(s.token, keys)):
                hit = i
        return hit

    def rejoin(self, peer, i: int, name: str | None = None) -> None:
        s = self.slots[i]
        if name and name != s.name:
            s.name = self.unique_name(name, i)
            self._record(self._seats_rec())
        old = s.peer
        if old is not None and old is not peer:
            s.peer = None
            old.kill(Code.SUPERSEDED)
        # between hands too: the others were told a bot would play the next hand for this seat
        was_bot = self._bot_plays(i) and self.phase in (PLAYING, BETWEEN)
        self._cancel_hold(s)
        s.wait = False
        self._attach(i, peer)
        if was_bot:
            self._notice(Code.PLAYER_BACK, i)
        self.keeper.flush()

    def _attach(self, i: int, peer) -> None:
        s = self.slots[i]
        s.peer = peer
        s.ready = False
        s.last = None
        peer.table, peer.seat = self, i
        self.keeper.send(peer, wire.make("welcome", host=self.host.name[:64],
                                         host_id=self.host.host_id, table=self.table_id,
                                         table_name=self.summary()["name"][:64], seat=i, n=self.n,
                                         variant=self.variant.id, options=dict(self.options), hands=self.cfg.hands,
                                         assists=self.cfg.assists,
                                         next_s=None if self.cfg.next_s is None else max(0, round(self.cfg.next_s)),
                                         claim_ms=round(self.claim_s * 1000),
                                         turn_s=self.turn_s or None))
        self._presence()
        if self.phase == WAITING:
            self._maybe_start()
        else:
            self.sync(peer)
            self._pump_soon()
            self._check_next()

    def drop(self, peer, leaving: bool = False) -> None:
        """A connection closed, went silent or said bye: hold the seat for its player, or free it when they left."""
        i = peer.seat
        if i is None or peer.table is not self:
            return
        s = self.slots[i]
        if s.peer is not peer:
            return
        s.peer = None
        s.last = None
        if leaving:
            self._release(i)
        elif self.phase != OVER:
            self._hold(i, wait=self.cfg.on_drop == "wait" and self.phase != WAITING)
            # at a settlement too: the next hand is dealt at once, and a bot plays this seat in it
            if self.phase in (PLAYING, BETWEEN) and self._bot_plays(i):
                self._notice(Code.BOT_PLAYS, i)
        self._presence()
        self._pump_soon()
        self._check_next()
        if self.phase == OVER and not self._peers():
            self._reset()
        self.keeper.flush()

    def _hold(self, i: int, wait: bool) -> None:
        s = self.slots[i]
        self._cancel_hold(s)
        s.wait = wait
        s.hold = self.loop.call_later(self.cfg.hold_s, self._expire, i, s.token)

    def _cancel_hold(self, s: Slot) -> None:
        if s.hold is not None:
            s.hold.cancel()
            s.hold = None

    def _expire(self, i: int, token: str) -> None:
        s = self.slots[i]
        s.hold = None
        if s.token == token and s.peer is None:
            log.info("table %s: seat %d released after %.0f s", self.table_id, i, self.cfg.hold_s)
            self._release(i)
            self._presence()
            self._pump_soon()
            self._check_next()
            self.keeper.flush()

    def _release(self, i: int) -> None:
        s = self.slots[i]
        self._cancel_hold(s)
        s.token = s.name = None
        s.wait = False
        if self.owner == i:
            self.owner = None
        self._record(self._seats_rec())

    def _peers(self) -> list:
        return [s.peer for s in self.slots if s.peer is not None]

    def _bot_plays(self, i: int) -> bool:
        s = self.slots[i]
        return s.bot_level is not None or (s.peer is None and not s.wait)

    def _presence_msg(self) -> dict:
        # before the game starts a seat has a bot only if it was given one; the others wait for players
        waiting = self.phase == WAITING
        bots = [self.slots[i].bot_level is not None if waiting else self._bot_plays(i) for i in range(self.n)]
        return wire.make("table", names=[s.name for s in self.slots],
                         connected=[s.peer is not None for s in self.slots], bots=bots,
                         held=[bool(s.token) and s.peer is None for s in self.slots], started=not waiting,
                         watchers=len(self.watchers), watch=self.cfg.watch)

    def _presence(self) -> None:
        msg = self._presence_msg()
        for p in self._peers():
            self.keeper.send(p, msg)
        if self.watchers:
            self.keeper.send(Fanout(list(self.watchers)), wire.pack(msg))
        self.host.table_changed(self)

    def _notice(self, code: Code, seat: int | None = None, detail: str | None = None, direct: bool = False) -> None:
        msg = wire.make("notice", code=code, msg=wire.describe(code, detail)[:500], seat=seat)
        for p in self._peers():
            if direct:
                p.send(msg)
            else:
                self.keeper.send(p, msg)

    def fill_bots(self, level: str) -> int:
        """The host's choice: a bot of ``level`` takes every open seat; the match starts once all are seated."""
        filled = 0
        if self.phase == WAITING:
            for s in self.slots:
                if s.open:
                    s.bot_level = level
                    filled += 1
        if filled:
            log.info("table %s: %d open seat(s) given to %s bots", self.table_id, filled, level)
            self._record(self._seats_rec())
            self._presence()
            self._maybe_start()
            self.keeper.flush()
        return filled

    def _seats_rec(self) -> dict:
        return {"k": "seats", "owner": self.owner,
                "seats": [{"name": s.name, "token": s.token, "bot": s.bot_level} for s in self.slots]}

    # ------------------------------------------------------------------ the match
    def _maybe_start(self) -> None:
        if self.phase == WAITING and not any(s.open for s in self.slots) \
                and all(s.peer is not None or s.bot_level for s in self.slots):
            seed = self.cfg.seed if self.cfg.seed is not None else secrets.randbits(62)
            log.info("table %s: match starts (%s, %d hands)", self.table_id, self.variant.id, self.cfg.hands)
            self._deal({"k": "start", "seed": seed})

    # ------------------------------------------------------------------ the shuffle before every hand
    def _deal(self, rec: dict | None = None) -> None:
        """Deal the next hand once its shuffle is done (``netplay.shuffle``): the seats' values fix the wall."""
        for h in (self._next_handle, self._pause_handle):
            if h is not None:
                h.cancel()
        self._next_handle = self._pause_handle = None
        if self.round is not None and self.round.step in ("commit", "reveal"):
            return  # a shuffle is under way already
        rec = rec or {"k": "deal"}
        hand_no = self.match.hand_no if rec["k"] == "deal" and self.match is not None else 0
        r = self.round = Round(hand_no, self.n)
        self._shuffle_next = rec
        for i, s in enumerate(self.slots):
            if s.peer is not None and s.bot_level is None:
                r.waiting.add(i)
            else:
                r.fill(i)
        self._shuffle_step()

    def _shuffle_step(self) -> None:
        r = self.round
        assert r is not None
        if self._shuffle_timer is not None:
            self._shuffle_timer.cancel()
            self._shuffle_timer = None
        if r.waiting:
            msg = wire.make("shuffle", hand=r.hand, step=r.step, commit=r.commits[0] if r.step == "commit" else None,
                            commits=list(r.commits) if r.step == "reveal" else None)
            for i in sorted(r.waiting):
                peer = self.slots[i].peer
                if peer is not None:
                    self.keeper.send(peer, {k: v for k, v in msg.items() if v is not None})
            self._shuffle_timer = self.loop.call_later(SHUFFLE_S, self._shuffle_late, r)
            return
        if r.step == "commit":
            r.step = "reveal"
            r.waiting = {i for i in range(self.n) if i not in r.by_host and self.slots[i].peer is not None}
            for i in range(self.n):
                if i not in r.waiting:
                    r.fill(i)  # a seat whose player left meanwhile (its commitment stands for nothing now)
            self._shuffle_step()
            return
        if self.phase == WAITING and (any(s.open for s in self.slots)
                                      or not all(s.peer is not None or s.bot_level for s in self.slots)):
            self.round = self._shuffle_next = None  # a player left before the first deal: wait for a full table
            return
        r.step = "done"
        rec = dict(self._shuffle_next or {"k": "deal"}, hand_seed=r.seed(), shuffle=r.to_json())
        self._shuffle_next = None
        self._dealt(rec)

    def _shuffle_late(self, r: Round) -> None:
        self._shuffle_timer = None
        if r is not self.round or r.step not in ("commit", "reveal"):
            return
        for i in sorted(r.waiting):
            log.info("table %s: seat %d sent no shuffle %s in %.0f s; the host chose its value", self.table_id, i,
                     "hash" if r.step == "commit" else "value", SHUFFLE_S)
            r.fill(i)
        self._shuffle_step()
        self.keeper.flush()

    def shuffle_answer(self, peer, msg: dict) -> tuple[str, str | None] | None:
        """A seat's ``commit`` or ``reveal``."""
        r = self.round
        i = peer.seat
        if r is None or msg["hand"] != r.hand or r.step != ("commit" if msg["t"] == "commit" else "reveal"):
            return Code.NOT_NOW, "no shuffle step of that hand is under way"
        ok = r.take_commit(i, msg["hash"]) if msg["t"] == "commit" else r.take_value(i, msg["value"])
        if not ok:
            if msg["t"] == "reveal" and i in r.by_host:
                log.warning("table %s: seat %d's shuffle value does not match its hash; the host chose one",
                            self.table_id, i)
                self._shuffle_step_if_done()
                return Code.SHUFFLE, "your value does not match your hash"
            return Code.NOT_NOW, "this seat has answered this step"
        self._shuffle_step_if_done()
        return None

    def _shuffle_step_if_done(self) -> None:
        r = self.round
        if r is not None and not r.waiting and r.step in ("commit", "reveal"):
            self._shuffle_step()
            self.keeper.flush()

    def _dealt(self, rec: dict) -> None:
        for s in self.slots:
            s.ready = False
        events = self._record(rec)
        self._presence()
        self._broadcast(events)
        self._pump_soon()
        self.keeper.flush()

    def _open_shuffle(self) -> None:
        """The hand is over: every seat gets the values, the seed and the hand's decisions, to check the deal."""
        r = self.round
        if r is None or r.step != "done" or self.state is None or self.state.end is None \
                or self.phase not in (BETWEEN, OVER):
            return
        st = self.st
        msg = wire.make("shuffle", hand=r.hand, step="open", commits=list(r.commits), values=list(r.values),
                        by_host=list(r.by_host), seed=str(self.m.hand_seed)[:64],
                        log=[[st.dealer, st.dealer_streak, list(st.scores)]] + [a.to_json() for a in st.log])
        for p in self._peers():
            self.keeper.send(p, msg)

    # ------------------------------------------------------------------ decisions
    def act(self, peer, msg: dict, t0: float | None = None) -> tuple[str, str | None] | None:
        """A peer's decision; an (error code, detail) pair when refused (the game is then untouched)."""
        i = peer.seat
        try:
            a = wire.action_from_wire(msg["a"])
        except ActionError as e:
            return Code.MALFORMED, str(e)
        if a.seat != i:
            return Code.NOT_YOUR_SEAT, f"you sit at seat {i}, not {a.seat}"
        c = self._closed
        if c is not None and c is not self.window and i in c.asked and i not in c.answered \
                and msg["ack"] == c.seqs.get(i):
            # an answer to a window that closed without it (a claim before it took the discard): dropped as
            # overtaken, like an answer a window's outcome overtook while open; what happened is in the state sent
            c.answered.add(i)
            self.keeper.send(peer, wire.make("ok", n=msg["n"]))
            self.keeper.flush()
            return None
        w = self.window
        if self.phase != PLAYING:
            if w is not None and i in w.asked and i not in w.answered and msg["ack"] == self.slots[i].seq:
                w.answered.add(i)  # the hand ended inside the window (a win): told with everything at the close
                self.keeper.send(peer, wire.make("ok", n=msg["n"]))
                self.keeper.flush()
                return None
            return Code.NOT_NOW, "no hand is being played"
        if msg["ack"] != self.slots[i].seq:
            return Code.STALE, None
        return self._decide(i, a, t0, lambda: self.keeper.send(peer, wire.make("ok", n=msg["n"])))

    def _decide(self, i: int, a: Action, t0: float | None, ok) -> tuple[str, str | None] | None:
        """Seat ``i``'s decision ``a`` while a hand is played (a player's, or the host's when their time ran out);
        ``ok()`` acknowledges an answer taken inside a claim window."""
        w = self.window
        if w is not None and i in w.prompts and i not in w.early and self._at_point() \
                and i not in engine.acting_seats(self.st):
            # asked at the window's point before the rules' queue reaches this seat: kept until it does
            try:
                w.early[i] = engine.normalize(w.prompts[i], a)
            except ActionError as e:
                return Code.ILLEGAL, str(e)
            w.answered.add(i)
            ok()
            self.keeper.flush()
            return None
        if w is not None and not self._at_point():
            # the rules went on inside the window, and every seat is shown the point until it closes: an action for
            # what came next was chosen unseen (a client racing ahead, issue 42): only an answer to the point counts
            if i in w.asked and i not in w.answered:
                why = self._overtaken(w, i, a, ok)
                return None if why is None else (Code.ILLEGAL, why)
            return Code.STALE, None
        try:
            a = engine.normalize(self.st, a)
        except ActionError as e:
            if w is not None and i in w.asked and i not in w.answered:
                return None if self._overtaken(w, i, a, ok) is None else (Code.ILLEGAL, str(e))
            return Code.ILLEGAL, str(e)
        if w is not None:
            w.answered.add(i)
        held = self._play(a, t0)
        if held:
            ok()
        self.keeper.flush()
        return None

    def _overtaken(self, w: Window, i: int, a: Action, ok) -> str | None:
        """Seat ``i``'s answer to the window's point after its outcome overtook it: taken, and told with everything
        at the close; else why it does not answer what the seat was asked."""
        try:
            engine.normalize(w.prompts.get(i) or w.point, a)
        except ActionError as e:
            return str(e)
        w.answered.add(i)
        ok()
        self.keeper.flush()
        return None

    def _play(self, a, t0: float | None = None) -> bool:
        """Apply a checked action: journal it, then tell everyone (once it is on disk). After a discard (or an
        added kong) everybody is shown the claim window's point at once, and what follows only when the window
        closes (``Window``): the same moment whether or not anybody could claim. Returns True when the action was
        an answer inside a window (its effects wait for the window to close)."""
        w = self.window
        pending = pending_state(self.st, a) if w is None else None
        events = self._record({"k": "act", "a": a.to_json()})
        self.host.actions += 1
        if self.phase in (BETWEEN, OVER):
            self._compact()  # between hands: the journal becomes one record again
        if self.phase == OVER:
            log.info("table %s: match over, totals %s", self.table_id, self.m.scores)
            self.host.table_over(self)
        if w is not None:
            w.events += events
            self._feed_early()
            if w.due and not self._deciding():
                self._close_window()
            else:
                self._pump_soon()  # a host-played seat may be next in the window
            return True
        if pending is not None and self.claim_s > 0:
            point = pending
            if same_point(pending, self.st):
                first, rest = events, []
            else:
                cut = next((k + 1 for k, e in enumerate(events) if e.get("type") in ("discard", "kong_declared")), 0)
                first, rest = events[:cut], events[cut:]
            slack = secrets.randbelow(1001) / 1000 * WINDOW_SLACK_S
            self.window = w = Window(point, self.loop.time() + self.claim_s + slack, rest)
            w.prompts = self._prompts(point)
            w.asked = {i for i in range(self.n) if engine.legal_actions(w.prompts.get(i) or point, i)}
            w.handle = self.loop.call_at(w.deadline, self._window_due)
            self._broadcast(first, point)
            w.seqs = {k: s.seq for k, s in enumerate(self.slots)}  # the state each seat was asked at
            if t0 is not None:
                self.keeper.mark(t0)
            self._pump_soon()
            return False
        self._open_shuffle()
        if pending is not None and not same_point(pending, self.st):
            # no claim window (claim_s 0): the point, then at once where the rules went on; a gap before the
            # next frame then tells that somebody could claim (kept for tests that show that leak)
            cut = next((k + 1 for k, e in enumerate(events) if e.get("type") in ("discard", "kong_declared")), 0)
            self._broadcast(events[:cut], pending)
            events = events[cut:]
        self._broadcast(events)
        if t0 is not None:
            self.keeper.mark(t0)
        self._after_broadcast()
        return False

    def _after_broadcast(self) -> None:
        if self.phase == BETWEEN:
            self._schedule_next()
        elif self.phase == OVER:
            self._presence()
            self._bots_again()
        else:
            self._pump_soon()

    # ------------------------------------------------------------------ the turn timer
    def _now(self) -> float:
        return self.clock() if self.clock is not None else self.loop.time()

    def _decisions(self) -> dict[int, tuple[object, float]]:
        """Seats a person plays that the host waits on now: {seat: (the decision, when the host acts for it)}.

        Inside a claim window each seat asked and not answered has until the later of the window's close and the
        timer (the claim countdown is the window's, stretched to the timer); otherwise each seat the rules wait on
        has the timer from when its decision began (a decision already timed keeps its deadline)."""
        if not self.turn_s or self.phase != PLAYING or self.state is None:
            return {}
        now = self._now()
        w = self.window
        out: dict[int, tuple[object, float]] = {}
        people = [i for i, s in enumerate(self.slots) if s.peer is not None and not self._bot_plays(i)]
        if w is not None:
            if not self._at_point():
                return {}  # the game moved on inside the window: nobody decides before it closes
            if self._window_seen is None or self._window_seen[0] is not w:
                self._window_seen = (w, now)  # the timer's own clock when this window opened (it is opened now)
            due = self._window_seen[1] + max(self.claim_s, self.turn_s)
            for i in people:
                if i in w.asked and i not in w.answered:
                    out[i] = (("window", id(w)), due)
            return out
        st = self.st
        for i in people:
            if i in engine.acting_seats(st) and engine.legal_actions(st, i):
                key = (st.hand_no, st.phase, st.turn, st.discard_count, st.claim_count, st.front, st.back)
                old = self.clocks.get(i)
                out[i] = (key, old[1] if old is not None and old[0] == key else now + self.turn_s)
        return out

    def _arm(self) -> None:
        """Follow who decides now and wake up when the first of them runs out of time."""
        self.clocks = self._decisions()
        if self._clock_handle is not None:
            self._clock_handle.cancel()
            self._clock_handle = None
        if self.clocks:
            first = min(t for _k, t in self.clocks.values())
            self._clock_handle = self.loop.call_later(max(0.0, first - self._now()), self._time_up)

    def _time_up(self) -> None:
        """Seats whose time ran out: the host acts for each as 托管 would (pass, or discard the drawn tile) and
        tells every seat (notice ``timed_out``)."""
        self._clock_handle = None
        if self.keeper.stalled:
            return  # the disk refuses: nothing is played until it takes records again (then the clocks restart)
        now = self._now()
        for i, (key, due) in sorted(self._decisions().items()):
            if due > now + 1e-3 or self.clocks.get(i, (None,))[0] != key:
                continue
            v = self.shown_view(i)
            a = timeout_action(i, v["legal"], v.get("drawn"))
            if a is None:
                continue
            log.info("table %s: seat %d ran out of time (%d s); the host plays %s", self.table_id, i, self.turn_s, a)
            self._notice(Code.TIMED_OUT, i)
            err = self._decide(i, a, None, lambda: None)
            if err:
                log.warning("table %s: the timed-out seat %d could not play %s (%s)", self.table_id, i, a, err)
        self._arm()
        self.keeper.flush()

    def clock_ms(self, i: int) -> int | None:
        """Milliseconds left on seat ``i``'s decision, else on the turn of the seat to act (None: no clock)."""
        got = self.clocks.get(i)
        if got is None and self.state is not None and self.st.phase == "turn":
            got = self.clocks.get(self.st.turn)
        return None if got is None else max(0, round((got[1] - self._now()) * 1000))

    # ------------------------------------------------------------------ quick phrases
    def say(self, peer, phrase) -> tuple[str, str | None] | None:
        """A seated player's quick phrase: an id, never text; over the seat's gap or burst it is dropped."""
        if not valid_id(phrase):
            return Code.MALFORMED, "no such phrase"
        i = peer.seat
        if not self.phrases.allow(i, self._now()):
            return None
        msg = wire.make("said", seat=i, id=phrase)
        for p in self._peers():
            self.keeper.send(p, msg)
        if self.watchers:
            self.keeper.send(Fanout(list(self.watchers)), wire.pack(msg))
        self.keeper.flush()
        return None

    # ------------------------------------------------------------------ the claim window
    def _at_point(self) -> bool:
        """The hand still stands at the window's point: somebody may still answer the discard."""
        w = self.window
        if w is None or self.phase != PLAYING:
            return False
        a, b = w.point, self.st
        return (a.phase, a.turn, a.discard_count, a.claim_count, a.front, a.back) == \
            (b.phase, b.turn, b.discard_count, b.claim_count, b.front, b.back)

    def _prompts(self, point: HandState) -> dict[int, HandState]:
        return window_prompts(point)

    def _feed_early(self) -> None:
        """Apply answers given before the rules' queue reached their seat, as it reaches them."""
        w = self.window
        while w is not None and w.early and self._at_point():
            acting = [i for i in engine.acting_seats(self.st) if i in w.early]
            if not acting:
                return
            a = w.early.pop(acting[0])
            try:
                a = engine.normalize(self.st, a)
            except ActionError:
                continue  # the point moved under it (cannot happen while at the point; kept safe)
            events = self._record({"k": "act", "a": a.to_json()})
            self.host.actions += 1
            w.events += events

    def _deciding(self) -> bool:
        return self._at_point() and any(engine.legal_actions(self.st, i) for i in engine.acting_seats(self.st))

    def _window_due(self) -> None:
        w = self.window
        if w is None:
            return
        w.handle = None
        w.due = True
        if self._deciding():
            self.late_windows.append((w.point.hand_no, w.point.discard_count))
            del self.late_windows[:-1000]
            return  # a player still decides after the window: the only thing the others can time
        self._close_window()
        self.keeper.flush()

    def _close_window(self) -> None:
        """The window closes: everything that happened since the discard goes out now."""
        w = self.window
        if w is None:
            return
        self.window = None
        self._closed = w  # a late answer to it is dropped, not refused
        if w.handle is not None:
            w.handle.cancel()
        self._open_shuffle()
        self._broadcast(w.events)
        self._after_broadcast()

    def _pump_soon(self) -> None:
        """Ask a host-played seat to act when the pacing allows: a whole delay after what changed the table (a
        move, a deal, a closed claim window, a seat taken over), at once inside a claim window."""
        if self._pump_handle is None and self.phase == PLAYING and self._thinking is None:
            if self.window is not None and not self._at_point():
                return  # the game moved on inside the window: nobody acts before everyone has been told
            d = 0.0
            if self.window is None:  # bots answer inside the window
                now = self.loop.time()
                self.pacing.moved(now)
                d = self.pacing.wait(now)
            self._pump_handle = self.loop.call_later(d, self._pump) if d > 0 else self.loop.call_soon(self._pump)

    def _pump(self) -> None:
        """Hand one decision of a host-played seat (a bot seat, or a dropped player's) to the bot thread."""
        self._pump_handle = None
        if self.phase != PLAYING or self.keeper.stalled or self._thinking is not None:
            return
        if self.window is not None and not self._at_point():
            return
        st = self.st
        for i in engine.acting_seats(st):
            if not self._bot_plays(i) or not engine.legal_actions(st, i):
                continue
            bot = self._bots.get(i)
            if bot is None:
                bot = self._bots[i] = DecisionBot(self.slots[i].bot_level or self.sub, seed=f"{self.seed}:{i}")
            key = (st.hand_no, st.version, i)
            self._thinking = key
            v = copy.deepcopy(view(st, i))  # the bot thread must not share objects with the live state
            fut = self.host.bots.submit(bot.act, v)
            fut.add_done_callback(lambda f, key=key: self.host.soon(self._bot_done, key, f))
            return

    def _bot_done(self, key, fut) -> None:
        self._thinking = None
        st = self.st
        hand, version, i = key
        if self.phase != PLAYING or st.hand_no != hand or st.version != version or not self._bot_plays(i) \
                or self.keeper.stalled:
            self._pump_soon()  # the game moved on while it thought: ask again
            return
        legal = engine.legal_actions(st, i)
        fallback = next((x for x in legal if x.kind == PASS), legal[0])
        try:
            a = engine.normalize(st, fut.result())
        except ActionError as e:
            log.warning("table %s: the bot at seat %d chose an illegal action (%s); it plays %s", self.table_id, i, e,
                        fallback)
            a = fallback
        except Exception:
            log.exception("table %s: the bot at seat %d failed; it plays %s", self.table_id, i, fallback)
            a = fallback
        self._play(a)
        if self.window is not None:
            self._pump_soon()  # another host-played seat may answer the same window
        self.keeper.flush()

    # ------------------------------------------------------------------ between hands
    def ready(self, peer) -> tuple[str, str | None] | None:
        if self.phase != BETWEEN:
            return Code.NOT_NOW, "the hand is not over" if self.phase == PLAYING else None
        self.slots[peer.seat].ready = True
        self._check_next()
        self.keeper.flush()
        return None

    def _schedule_next(self) -> None:
        if self._next_handle is None and self.cfg.next_s is not None:
            self._next_handle = self.loop.call_later(self.cfg.next_s, self._force_next)
        self._check_next()

    def _force_next(self) -> None:
        for h in (self._next_handle, self._pause_handle):  # whichever fired, the other must not fire later
            if h is not None:
                h.cancel()
        self._next_handle = self._pause_handle = None
        if self.phase == BETWEEN:
            self._deal()
            self.keeper.flush()

    def _check_next(self) -> None:
        if self.phase == BETWEEN and all(s.ready or s.bot_level or (s.peer is None and not s.wait)
                                         for s in self.slots):
            if self._watched_bots():  # nobody plays: give the watchers time to read the settlement
                if self._pause_handle is None:
                    self._pause_handle = self.loop.call_later(self.cfg.watch_pause, self._force_next)
                return
            self._deal()

    def _watched_bots(self) -> bool:
        """Bots play every seat and somebody watches (a demo table at an event)."""
        return bool(self.watchers) and all(s.bot_level for s in self.slots)

    def _bots_again(self) -> None:
        """A watched table of bots only plays on: a new match after the last one's settlement was read."""
        if self.phase == OVER and self._watched_bots() and self._pause_handle is None:
            self._pause_handle = self.loop.call_later(self.cfg.watch_pause, self._again)

    def _again(self) -> None:
        self._pause_handle = None
        if self.phase == OVER and all(s.bot_level for s in self.slots):
            log.info("table %s: bots only and watched: a new match", self.table_id)
            self._reset(bots_too=True)
            self._maybe_start()
            self.keeper.flush()

    def _reset(self, bots_too: bool = False) -> None:
        """A finished table whose players all left opens for a new match (a table of bots only, when told to)."""
        if all(s.bot_level for s in self.slots) and not bots_too:
            return
        if self.host.store is not None and self.match is not None:
            try:
                # the match record itself (``python -m game replay`` reads it), with the table's settings
                self.host.store.archive(self.store_name, dict(self.match.to_json(), table=self.cfg.to_json()))
            except OSError as e:
                log.warning("table %s: cannot keep the finished match in done/ (%s)", self.table_id, e)
        for s in self.slots:
            self._cancel_hold(s)
        self._record({"k": "reset"})
        self._compact()
        self._presence()

    # ------------------------------------------------------------------ what peers see
    def _window_ms(self, at) -> int | None:
        """Milliseconds the claim window shown at ``at`` stays open (None: ``at`` is no open window's point)."""
        w = self.window
        if w is None or at is not w.point:
            return None
        return max(0, round((w.deadline - self.loop.time()) * 1000))

    def _state_msg(self, i: int, v: View, events: list, full: bool, pending=None) -> dict:
        """A state message; ``pending``: the window point before the live state (the hand is not over there)."""
        s = self.slots[i]
        s.seq += 1
        live = pending is None
        at = self.st if live else pending
        msg = wire.make("state", seq=s.seq, full=full, hand_no=at.hand_no, step=visible_step(at, i),
                        view=wire.view_to_wire(v),
                        events=events, totals=list(self.m.scores) if live else list(pending.scores),
                        hand_over=live and self.phase in (BETWEEN, OVER), match_over=live and self.phase == OVER,
                        hands=self.cfg.hands)
        ms = self._window_ms(pending)
        if ms is not None:
            msg["window"] = ms
        clock = self.clock_ms(i)
        if clock is not None:
            msg["clock"] = clock
        clock = self.clock_ms(i)
        if clock is not None:
            msg["clock"] = clock
        return msg

    def _broadcast(self, events: list, point=None) -> None:
        """Every seat's new state and the events it may see; with ``point`` (a claim window's point, shown after a
        discard or an added kong) that point instead of the live state."""
        self._arm()  # the clocks follow the decisions the states about to go out show
        prompts = self.window.prompts if point is not None and self.window is not None else {}
        for i, s in enumerate(self.slots):
            if s.peer is None:
                continue
            v = view(prompts.get(i) or point or self.st, i)
            seen = _unversioned(v)
            ev = events_for(events, i)
            if not ev and seen == s.last:
                continue
            s.last = seen
            self.keeper.send(s.peer, self._state_msg(i, v, ev, False, point))
        if self.watchers:  # after every player: one public frame, packed once, sealed for each watcher
            pv = public_view(point or self.st, self.open_watch)
            seen = _unversioned(pv)
            ev = public_events(events, self.open_watch)
            if not ev and seen == self._w_last:
                return
            self._w_last = seen
            self._w_seq += 1
            self.keeper.send(Fanout(list(self.watchers)), wire.pack(self._watch_msg(pv, ev, False, point)))

    def shown_view(self, i: int) -> View:
        """The view seat ``i`` is shown now: inside a claim window the window's point (where it was asked)."""
        w = self.window
        prompt = w.prompts.get(i) if w is not None and i not in w.early and self._at_point() else None
        return view(prompt or self._shown() or self.st, i)

    def _shown(self):
        """What a seat or watcher that asks now is shown: the window's point while a window is open, else the live
        hand (a reconnect must not learn sooner than the others how a claim window ended)."""
        return self.window.point if self.window is not None else None

    def resync(self, peer) -> None:
        """A full state for a peer that asked for one."""
        self.sync(peer)
        self.keeper.flush()

    def sync(self, peer) -> None:
        """A full state for one peer (on join, reconnect, or when asked)."""
        if self.state is None:
            return
        i = peer.seat
        at = self._shown()
        v = self.shown_view(i)
        self._arm()
        self.slots[i].last = _unversioned(v)
        self.keeper.send(peer, self._state_msg(i, v, [], True, at))

    # ------------------------------------------------------------------ watchers
    def watch(self, peer) -> str | None:
        """A connection watches this table (no seat, no decisions); returns an error code or None."""
        if self.cfg.watch == wire.WATCH_OFF:
            return Code.NO_WATCH
        self.watchers[peer] = None
        peer.watching = self
        self.keeper.send(peer, wire.make("watching", host=self.host.name[:64],
                                         host_id=self.host.host_id, table=self.table_id,
                                         table_name=self.summary()["name"][:64], n=self.n, variant=self.variant.id,
                                         options=dict(self.options), hands=self.cfg.hands, open=self.open_watch))
        self.watch_sync(peer)
        self._watchers_changed()
        self._bots_again()
        self.keeper.flush()
        return None

    def unwatch(self, peer) -> None:
        if peer in self.watchers:
            del self.watchers[peer]
            self._watchers_changed()

    def watch_sync(self, peer) -> None:
        """Who sits where and the whole public view, for a watcher that came, asked, or fell behind and skipped."""
        self.keeper.send(peer, self._presence_msg())
        if self.state is not None:
            at = self._shown()
            pv = public_view(at or self.state, self.open_watch)
            if self._w_last is None:
                self._w_last = _unversioned(pv)
            self.keeper.send(peer, self._watch_msg(pv, [], True, at))

    def _watch_msg(self, pv: PublicView, events: list, full: bool, pending=None) -> dict:
        live = pending is None
        at = self.st if live else pending
        msg = wire.make("state", seq=self._w_seq, full=full, hand_no=at.hand_no, step=public_step(at),
                        view=dict(pv), events=events, totals=list(self.m.scores) if live else list(pending.scores),
                        hand_over=live and self.phase in (BETWEEN, OVER), match_over=live and self.phase == OVER,
                        hands=self.cfg.hands)
        ms = self._window_ms(pending)
        if ms is not None:
            msg["window"] = ms
        return msg

    def _watchers_changed(self) -> None:
        """Watchers came or went: tell the table (and discovery) at most once a second, whatever the churn."""
        if not self.watchers:
            self._w_last = None
        if self._presence_timer is None and self.loop is not None:
            self._presence_timer = self.loop.call_later(WATCHERS_S, self._watchers_told)

    def _watchers_told(self) -> None:
        self._presence_timer = None
        self._presence()
        self.keeper.flush()

    # ------------------------------------------------------------------ durability
    def snapshot(self) -> dict:
        """The whole table as one ``base`` record."""
        return {
            "k": "base",
            "format": FORMAT,
            "config": self.cfg.to_json(),
            "phase": self.phase,
            "match": self.match.to_json() if self.match else None,
            "current": [a.to_json() for a in self.st.log] if self.phase == PLAYING else None,
            "seats": [{"name": s.name, "token": s.token, "bot": s.bot_level} for s in self.slots],
            "owner": self.owner,
            "hand_seed": self.m.hand_seed if self.phase == PLAYING else None,
            "shuffle": self.round.to_json() if self.phase == PLAYING and self.round is not None
            and self.round.step == "done" else None,
            "host": self.host.meta() if hasattr(self.host, "meta") else None,  # host.meta's copy (key, id, port)
        }

    def describe(self) -> dict:
        """The journal's witness: how far the table is (a copy cut short shows as behind it)."""
        return {"hand": self.state.hand_no if self.state is not None else None, "phase": self.phase}

    def _record(self, rec: dict) -> list:
        """Apply one change in memory and queue it for the journal; returns the events it caused."""
        events = self._fold(rec)
        self.keeper.record(rec, self.snapshot)
        return events

    def _compact(self) -> None:
        self.keeper.compact(self.snapshot())

    def _disk_full(self, why: str) -> None:
        log.error("table %s: cannot save (%s); the table waits and retries", self.table_id, why)
        self._notice(Code.DISK_FULL, detail=f"{wire.ERRORS[Code.DISK_FULL]} ({why})", direct=True)

    def _saved(self) -> None:
        log.warning("table %s: saving works again; the game goes on", self.table_id)
        self._notice(Code.SAVED, direct=True)
        self._pump_soon()

    def close(self) -> None:
        self.keeper.close()

    # ------------------------------------------------------------------ the records
    def _fold(self, rec: dict) -> list:
        """One journal record applied to the table in memory (live and on resume alike)."""
        k = rec["k"]
        if k == "act":
            st, events = engine.apply(self.st, from_json(rec["a"]))
            if st.end is not None:
                self.m.finish_hand()
                self.phase = OVER if self.m.over else BETWEEN
            return events
        if k == "start":
            self.seed = rec["seed"]
            self.match = Match(self.variant, self.options, self.seed, self.cfg.hands)
            self._bots.clear()
            k = "deal"
        if k == "deal":
            self.state, events = self.m.start_hand(rec.get("hand_seed"))
            self.phase = PLAYING
            if isinstance(rec.get("shuffle"), dict):
                self.round = Round.from_json(rec["shuffle"])
            return events
        if k == "seats":
            self._set_seats(rec["seats"], rec.get("owner"))
        elif k == "reset":
            for i, s in enumerate(self.slots):
                self.slots[i] = Slot(s.bot_level)
            self.owner = None
            self.match = self.state = None
            self.phase = WAITING
        else:
            raise ValueError(f"unknown record {k!r}")
        return []

    def _set_seats(self, seats: list, owner) -> None:
        if len(seats) != self.n:
            raise ValueError("the seat list does not fit the table")
        for s, d in zip(self.slots, seats):
            s.name, s.token, s.bot_level = d["name"], d["token"], d.get("bot")
        self.owner = owner

    def _restore(self, recs: list[dict]) -> None:
        """Rebuild the table from its journal; ValueError when the records do not fit together."""
        base = recs[0]
        self._set_seats(base["seats"], base.get("owner"))
        mj = base.get("match")
        phase = base.get("phase", WAITING)
        if phase != WAITING:
            if not isinstance(mj, dict):
                raise ValueError("a table under way without its match record")
            self.seed = mj["seed"]
            played = mj["hands_played"]
            if phase == PLAYING:
                m = replay_match(self.variant, mj)
                st, _ = m.start_hand(base.get("hand_seed"))
                for item in base.get("current") or []:
                    engine.apply(st, from_json(item))
                if isinstance(base.get("shuffle"), dict):
                    self.round = Round.from_json(base["shuffle"])
            else:
                m = replay_match(self.variant, dict(mj, hands_played=played[:-1]))
                st, _ = m.start_hand(played[-1].get("seed"))
                for item in played[-1]["actions"]:
                    engine.apply(st, from_json(item))
                m.finish_hand()
            self.match, self.state, self.phase = m, st, phase
        for rec in recs[1:]:
            self._fold(rec)
        if self.state is not None:
            log.info("table %s: resumed at hand %d, %d actions in", self.table_id, self.state.hand_no,
                     len(self.state.log))


def window_prompts(point: HandState) -> dict[int, HandState]:
    """Under a sequential claim policy (wenshan) the rules ask one seat after another. Inside a window nothing may
    go out before it closes, so every seat with an option is asked at once, at the point where its turn in the
    queue would come if the seats before it passed (seat -> that state); its answer waits until the queue reaches
    it (``Table._feed_early``), and is dropped if a seat before it claims. The outcome is the rules' own, and what
    a seat is shown differs from the point only in its own options."""
    if point.variant.claim_policy != "sequential":
        return {}
    out: dict[int, HandState] = {}
    st = point.copy()
    for _ in range(4 * point.n):
        acting = [i for i in engine.acting_seats(st) if engine.legal_actions(st, i)]
        if not acting or st.phase != point.phase or st.discard_count != point.discard_count:
            break
        i = acting[0]
        if i in out:
            break
        out[i] = st.copy()
        try:
            engine.apply(st, next(a for a in engine.legal_actions(st, i) if a.kind == PASS))
        except (StopIteration, ActionError):
            break
    return out


class Window:
    """A claim window: the point everybody was shown, when it closes, and what has happened since (held)."""

    __slots__ = ("answered", "asked", "deadline", "due", "early", "events", "handle", "point", "prompts", "seqs")

    def __init__(self, point: HandState, deadline: float, events: list):
        self.point = point
        self.deadline = deadline
        self.events = events
        self.due = False  # the deadline has passed (a player still decides)
        self.handle = None
        self.prompts: dict[int, HandState] = {}  # seat -> where it is asked (sequential claims: all at once)
        self.early: dict[int, Action] = {}  # answers waiting for the rules' queue to reach their seat
        self.asked: set[int] = set()  # seats with a decision at the point
        self.answered: set[int] = set()
        self.seqs: dict[int, int] = {}  # seat -> the ``seq`` of the state that showed it the point


class Fanout:
    """The watchers a frame was meant for when it was queued: encoded once, written to each (a watcher that came
    later gets a full state of its own instead)."""

    __slots__ = ("conns",)

    def __init__(self, conns: list):
        self.conns = conns

    def send(self, body: bytes) -> None:
        for c in self.conns:
            c.send_frame(body)


def _unversioned(v: View | PublicView) -> dict[str, Any]:
    """A view without its change counter: what is compared to skip states that show nothing new."""
    return {k: x for k, x in v.items() if k != "version"}


def restore_config(recs: list[dict]) -> TableConfig:
    return TableConfig.from_json(recs[0]["config"])


def load_saved(store, name: str) -> tuple[list[dict], Journal]:
    """A table's journal records and its writer; Damaged (naming the file) when it cannot be trusted."""
    recs, size = store.load(name)
    try:
        restore_config(recs)
    except (TypeError, ValueError, KeyError, AttributeError) as e:
        raise Damaged(store.path(name), f"table settings: {e}") from None
    return recs, store.journal(name, size, recs[0].get("gen", 0))
