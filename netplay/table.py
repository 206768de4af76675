"""One table on the host: seats, the authoritative match, bots, reconnect holds and its journal records."""

from __future__ import annotations

import copy
import logging
import secrets
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from game.bots import default_level
from game.rules import engine as E
from game.rules.actions import PASS, ActionError, from_json
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
    public_view,
    same_point,
    view,
    visible_step,
)

from . import auth
from . import protocol as wire
from .keeper import Keeper
from .protocol import Code
from .seatbot import DecisionBot
from .store import FORMAT, Damaged, Journal

log = logging.getLogger("netplay.host")

WAITING, PLAYING, BETWEEN, OVER = "waiting", "playing", "between", "over"
WATCHERS_S = 1.0  # at most one update a second tells the table how many watch


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
    bot_delay: float = 0.0  # seconds a host bot waits before acting, so people can follow
    next_s: float | None = 60.0  # deal the next hand this long after one ended, ready or not
    assists: bool = True  # players' windows may show hints and the tile tracker (honest clients follow it)
    watch: str = wire.WATCH_PUBLIC  # watchers see what lies face up ("public"), every hand ("open"), or nothing ("off")
    watch_pause: float = 15.0  # a table of bots only, while watched: seconds between hands and matches (to read)

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
        self._next_handle = None
        self._pause_handle = None  # a watched table of bots only: the next deal after the settlement was read
        self._thinking: tuple[int, int, int] | None = None  # what a host bot is deciding on, off the loop
        self.watchers: dict = {}  # watching connections, in arrival order (a dict used as an ordered set)
        self._w_seq = 0  # the watchers' frame counter (one stream, encoded once for all of them)
        self._w_last: dict | None = None  # the last public view sent to the watchers (without its version)
        self._presence_timer = None  # a coalesced seat/watcher update after watchers came or went
        journal = saved[1] if saved is not None else \
            host.store.journal(self.store_name) if host.store is not None else None
        self.keeper = Keeper(host, journal, self._disk_full, self._saved, len(saved[0]) - 1 if saved else 0)
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
        return {"table_id": self.table_id, "name": self.cfg.name or f"{self.variant.name_zh} {self.table_id}",
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
    def check_password(self, key: bytes | None, proof: str | None) -> bool:
        if not self.password:
            return True
        return key is not None and auth.same(proof, auth.password_proof(key, self.password))

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
        s.name = name
        s.token = auth.seat_token(peer.key, self.table_id, i)
        s.wait = False
        s.seq = 0
        self._cancel_hold(s)
        self._record(self._seats_rec())
        self._attach(i, peer)
        self.keeper.flush()
        return None

    def find_proof(self, proof: str, host_nonce: str, client_nonce: str, seat: int | None) -> int | None:
        """The seat whose token ``proof`` proves on this connection, if any."""
        hit = None
        for i, s in enumerate(self.slots):
            if s.token and (seat is None or seat == i) \
                    and auth.same(proof, auth.token_proof(s.token, host_nonce, client_nonce)):
                hit = i
        return hit

    def rejoin(self, peer, i: int, name: str | None = None) -> None:
        s = self.slots[i]
        if name and name != s.name:
            s.name = name
            self._record(self._seats_rec())
        old = s.peer
        if old is not None and old is not peer:
            s.peer = None
            old.kill(Code.SUPERSEDED)
        was_bot = self._bot_plays(i) and self.phase == PLAYING
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
        self.keeper.send(peer, wire.make("welcome", proto=wire.PROTOCOL, host=self.host.name[:64],
                                         host_id=self.host.host_id, table=self.table_id,
                                         table_name=self.summary()["name"][:64], seat=i, n=self.n,
                                         variant=self.variant.id, options=dict(self.options), hands=self.cfg.hands,
                                         assists=self.cfg.assists,
                                         next_s=None if self.cfg.next_s is None else max(0, round(self.cfg.next_s))))
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
            if self.phase == PLAYING and self._bot_plays(i):
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
            self.keeper.send(Fanout(list(self.watchers)), wire.encode(msg))
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

    def _deal(self, rec: dict | None = None) -> None:
        for h in (self._next_handle, self._pause_handle):
            if h is not None:
                h.cancel()
        self._next_handle = self._pause_handle = None
        for s in self.slots:
            s.ready = False
        events = self._record(rec or {"k": "deal"})
        self._presence()
        self._broadcast(events)
        self._pump_soon()

    def act(self, peer, msg: dict, t0: float | None = None) -> tuple[str, str | None] | None:
        """A peer's decision; an (error code, detail) pair when refused (the game is then untouched)."""
        i = peer.seat
        try:
            a = wire.action_from_wire(msg["a"])
        except ActionError as e:
            return Code.MALFORMED, str(e)
        if a.seat != i:
            return Code.NOT_YOUR_SEAT, f"you sit at seat {i}, not {a.seat}"
        if self.phase != PLAYING:
            return Code.NOT_NOW, "no hand is being played"
        if msg["ack"] != self.slots[i].seq:
            return Code.STALE, None
        try:
            a = E.normalize(self.st, a)
        except ActionError as e:
            return Code.ILLEGAL, str(e)
        self._play(a, t0)
        self.keeper.flush()
        return None

    def _play(self, a, t0: float | None = None) -> None:
        """Apply a checked action: journal it, then tell everyone (once it is on disk)."""
        pending = pending_state(self.st, a)  # what everyone is shown first after a discard or an added kong
        events = self._record({"k": "act", "a": a.to_json()})
        if pending is not None and same_point(pending, self.st):
            pending = None  # the window is really open: that is the point everybody is shown anyway
        self.host.actions += 1
        if self.phase in (BETWEEN, OVER):
            self._compact()  # between hands: the journal becomes one record again
        if self.phase == OVER:
            log.info("table %s: match over, totals %s", self.table_id, self.m.scores)
            self.host.table_over(self)
        self._broadcast(events, pending)
        if t0 is not None:
            self.keeper.mark(t0)
        if self.phase == BETWEEN:
            self._schedule_next()
        elif self.phase == OVER:
            self._presence()
            self._bots_again()
        else:
            self._pump_soon()

    def _pump_soon(self) -> None:
        if self._pump_handle is None and self.phase == PLAYING and self._thinking is None:
            d = self.cfg.bot_delay
            self._pump_handle = self.loop.call_later(d, self._pump) if d > 0 else self.loop.call_soon(self._pump)

    def _pump(self) -> None:
        """Hand one decision of a host-played seat (a bot seat, or a dropped player's) to the bot thread."""
        self._pump_handle = None
        if self.phase != PLAYING or self.keeper.stalled or self._thinking is not None:
            return
        st = self.st
        for i in E.acting_seats(st):
            if not self._bot_plays(i) or not E.legal_actions(st, i):
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
        legal = E.legal_actions(st, i)
        fallback = next((x for x in legal if x.kind == PASS), legal[0])
        try:
            a = E.normalize(st, fut.result())
        except ActionError as e:
            log.warning("table %s: the bot at seat %d chose an illegal action (%s); it plays %s", self.table_id, i, e,
                        fallback)
            a = fallback
        except Exception:
            log.exception("table %s: the bot at seat %d failed; it plays %s", self.table_id, i, fallback)
            a = fallback
        self._play(a)
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
    def _state_msg(self, i: int, v: View, events: list, full: bool, pending=None) -> dict:
        """A state message; ``pending``: the window point before the live state (the hand is not over there)."""
        s = self.slots[i]
        s.seq += 1
        live = pending is None
        return wire.make("state", seq=s.seq, full=full, hand_no=self.st.hand_no, step=visible_step(self.st, i),
                         view=wire.view_to_wire(v),
                         events=events, totals=list(self.m.scores) if live else list(pending.scores),
                         hand_over=live and self.phase in (BETWEEN, OVER), match_over=live and self.phase == OVER,
                         hands=self.cfg.hands)

    def _broadcast(self, events: list, pending=None) -> None:
        """Every seat's new state and the events it may see. With ``pending`` (the window after a discard or an
        added kong) every seat first gets that point, events up to the discard, then the rest: the same frames
        whether or not anybody else could claim."""
        first: list = []
        if pending is not None:
            cut = next((k + 1 for k, e in enumerate(events) if e.get("type") in ("discard", "kong_declared")), 0)
            first, events = events[:cut], events[cut:]
        points = [(pending, first), (None, events)] if pending is not None else [(None, events)]
        for i, s in enumerate(self.slots):
            if s.peer is None:
                continue
            for at, evs in points:
                v = view(at or self.st, i)
                seen = _unversioned(v)
                ev = events_for(evs, i)
                if not ev and seen == s.last:
                    continue
                s.last = seen
                self.keeper.send(s.peer, self._state_msg(i, v, ev, False, at))
        if self.watchers:  # after every player: one public frame, encoded once, written to each watcher
            for at, evs in points:
                pv = public_view(at or self.st, self.open_watch)
                seen = _unversioned(pv)
                ev = public_events(evs, self.open_watch)
                if not ev and seen == self._w_last:
                    continue
                self._w_last = seen
                self._w_seq += 1
                self.keeper.send(Fanout(list(self.watchers)), wire.encode(self._watch_msg(pv, ev, False, at)))

    def resync(self, peer) -> None:
        """A full state for a peer that asked for one."""
        self.sync(peer)
        self.keeper.flush()

    def sync(self, peer) -> None:
        """A full state for one peer (on join, reconnect, or when asked)."""
        if self.state is None:
            return
        i = peer.seat
        v = view(self.state, i)
        self.slots[i].last = _unversioned(v)
        self.keeper.send(peer, self._state_msg(i, v, [], True))

    # ------------------------------------------------------------------ watchers
    def watch(self, peer) -> str | None:
        """A connection watches this table (no seat, no decisions); returns an error code or None."""
        if self.cfg.watch == wire.WATCH_OFF:
            return Code.NO_WATCH
        self.watchers[peer] = None
        peer.watching = self
        self.keeper.send(peer, wire.make("watching", proto=wire.PROTOCOL, host=self.host.name[:64],
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
            pv = public_view(self.state, self.open_watch)
            if self._w_last is None:
                self._w_last = _unversioned(pv)
            self.keeper.send(peer, self._watch_msg(pv, [], True))

    def _watch_msg(self, pv: PublicView, events: list, full: bool, pending=None) -> dict:
        live = pending is None
        at = self.st if live else pending
        return wire.make("state", seq=self._w_seq, full=full, hand_no=at.hand_no, step=public_step(at),
                         view=dict(pv), events=events, totals=list(self.m.scores) if live else list(pending.scores),
                         hand_over=live and self.phase in (BETWEEN, OVER), match_over=live and self.phase == OVER,
                         hands=self.cfg.hands)

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
        }

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
            st, events = E.apply(self.st, from_json(rec["a"]))
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
            self.state, events = self.m.start_hand()
            self.phase = PLAYING
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
                st, _ = m.start_hand()
                for item in base.get("current") or []:
                    E.apply(st, from_json(item))
            else:
                m = replay_match(self.variant, dict(mj, hands_played=played[:-1]))
                st, _ = m.start_hand()
                for item in played[-1]["actions"]:
                    E.apply(st, from_json(item))
                m.finish_hand()
            self.match, self.state, self.phase = m, st, phase
        for rec in recs[1:]:
            self._fold(rec)
        if self.state is not None:
            log.info("table %s: resumed at hand %d, %d actions in", self.table_id, self.state.hand_no,
                     len(self.state.log))


class Fanout:
    """The watchers a frame was meant for when it was queued: encoded once, written to each (a watcher that came
    later gets a full state of its own instead)."""

    __slots__ = ("conns",)

    def __init__(self, conns: list):
        self.conns = conns

    def send(self, frame: bytes) -> None:
        for c in self.conns:
            c.send_frame(frame)


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
    return recs, store.journal(name, size)
