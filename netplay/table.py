"""One table on the host: seats, the authoritative match, bots, reconnect holds and the durable log."""

from __future__ import annotations

import hmac
import logging
import secrets
import time
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from game.bots import default_level
from game.rules import engine as E
from game.rules.actions import PASS, ActionError, from_json
from game.rules.match import Match, replay_match
from game.rules.variants import get as get_variant
from game.rules.view import events_for, view

from . import protocol as P
from .seatbot import DecisionBot

log = logging.getLogger("netplay.host")

WAITING, PLAYING, BETWEEN, OVER = "waiting", "playing", "between", "over"


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

    def to_json(self) -> dict:
        d = asdict(self)
        d["bots"] = {str(k): v for k, v in self.bots.items()}
        return d

    @classmethod
    def from_json(cls, d: dict) -> "TableConfig":
        known = {f.name for f in fields(cls)}
        d = {k: v for k, v in d.items() if k in known}
        d["bots"] = {int(k): v for k, v in (d.get("bots") or {}).items()}
        return cls(**d)


class Slot:
    """One seat: who holds it (token), their connection, and what the host knows about them."""

    __slots__ = ("name", "token", "peer", "bot_level", "wait", "hold", "seq", "last", "ready")

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
    ``join``/``rejoin``/``act``/``ready``/``sync``/``drop``; every change is written to
    the store before any peer hears of it, so a restarted host resumes exactly there.
    """

    def __init__(self, cfg: TableConfig, host, saved: dict | None = None, password: str | None = None):
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
        self.password = cfg.password if cfg.password is not None else password
        self.sub = cfg.sub_bot or default_level()
        for lv in set(cfg.bots.values()) | {self.sub}:
            DecisionBot(lv)  # unknown levels fail now
        self.slots = [Slot(cfg.bots.get(i)) for i in range(self.n)]
        self._bots: dict[int, DecisionBot] = {}
        self.match: Match | None = None
        self.state = None
        self.phase = WAITING
        self.seed = None
        self._pump_handle = None
        self._next_handle = None
        if saved:
            self._restore(saved)

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

    def summary(self) -> dict:
        """The lobby line: what discovery and ``list`` show."""
        free = sum(1 for s in self.slots if s.open)
        return {"table_id": self.table_id, "name": self.cfg.name or f"Table {self.table_id}",
                "variant": self.variant.id, "players": self.n, "seats_taken": self.n - free, "seats_free": free,
                "password": bool(self.password)}

    def open_table(self) -> None:
        """Called once the host's loop runs: resumed tables re-arm their holds; full tables start."""
        for i, s in enumerate(self.slots):
            if s.token and s.peer is None and self.phase in (PLAYING, BETWEEN):
                self._hold(i, wait=True)
        if self.phase == WAITING:
            self._maybe_start()
        elif self.phase == BETWEEN:
            self._schedule_next()
        elif self.phase == OVER:
            self._reset()  # the match was played out before the restart: open for a new one
        self._pump_soon()

    # ------------------------------------------------------------------ seating
    def check_password(self, given: str | None) -> bool:
        if not self.password:
            return True
        return given is not None and hmac.compare_digest(given.encode(), self.password.encode())

    def join(self, peer, name: str, seat: int | None = None) -> str | None:
        """Seat a new player; returns an error code or None."""
        free = [i for i, s in enumerate(self.slots) if s.open]
        if seat is not None:
            if seat not in free:
                return "full"
        elif not free:
            return "full"
        i = free[0] if seat is None else seat
        s = self.slots[i]
        s.token = secrets.token_hex(16)
        s.name = name
        s.wait = False
        s.seq = 0
        self._cancel_hold(s)
        self._persist()
        self._attach(i, peer)
        return None

    def find_token(self, token: str) -> int | None:
        tok = token.encode()
        hit = None
        for i, s in enumerate(self.slots):
            if s.token and hmac.compare_digest(s.token.encode(), tok):
                hit = i
        return hit

    def rejoin(self, peer, i: int) -> None:
        s = self.slots[i]
        old = s.peer
        if old is not None and old is not peer:
            s.peer = None
            old.kill("superseded")
        self._cancel_hold(s)
        s.wait = False
        self._attach(i, peer)

    def _attach(self, i: int, peer) -> None:
        s = self.slots[i]
        s.peer = peer
        s.ready = False
        peer.table, peer.seat = self, i
        peer.send(P.make("welcome", proto=P.PROTOCOL, host=self.host.name[:64], table=self.table_id,
                         table_name=self.summary()["name"][:64], seat=i, token=s.token, n=self.n,
                         variant=self.variant.id, options=dict(self.options), hands=self.cfg.hands))
        self._presence()
        if self.phase == WAITING:
            self._maybe_start()
        else:
            self.sync(peer)
            self._pump_soon()
            self._check_next()

    def drop(self, peer, leaving: bool = False) -> None:
        """A connection closed (or said bye): hold the seat, or free it before the match starts."""
        i = peer.seat
        if i is None or peer.table is not self:
            return
        s = self.slots[i]
        if s.peer is not peer:
            return
        s.peer = None
        s.last = None
        if self.phase == WAITING or leaving:
            self._release(i)
        elif self.phase != OVER:
            self._hold(i, wait=self.cfg.on_drop == "wait")
        self._presence()
        self._pump_soon()
        self._check_next()
        if self.phase == OVER and not self._peers():
            self._reset()

    def _hold(self, i: int, wait: bool) -> None:
        s = self.slots[i]
        self._cancel_hold(s)
        s.wait = wait
        token = s.token
        s.hold = self.loop.call_later(self.cfg.hold_s, self._expire, i, token)

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

    def _release(self, i: int) -> None:
        s = self.slots[i]
        self._cancel_hold(s)
        s.token = s.name = None
        s.wait = False
        self._persist()

    def _peers(self) -> list:
        return [s.peer for s in self.slots if s.peer is not None]

    def _bot_plays(self, i: int) -> bool:
        s = self.slots[i]
        return s.bot_level is not None or (s.peer is None and not s.wait)

    def _presence(self) -> None:
        msg = P.make("table", names=[s.name for s in self.slots], connected=[s.peer is not None for s in self.slots],
                     bots=[self._bot_plays(i) for i in range(self.n)],
                     held=[bool(s.token) and s.peer is None for s in self.slots], started=self.phase != WAITING)
        for p in self._peers():
            p.send(msg)
        self.host.table_changed(self)

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
            self._persist()
            self._presence()
            self._maybe_start()
        return filled

    # ------------------------------------------------------------------ the match
    def _maybe_start(self) -> None:
        if self.phase == WAITING and not any(s.open for s in self.slots) \
                and all(s.peer is not None or s.bot_level for s in self.slots):
            self.seed = self.cfg.seed if self.cfg.seed is not None else secrets.randbits(62)
            self.match = Match(self.variant, self.options, self.seed, self.cfg.hands)
            self._bots.clear()
            log.info("table %s: match starts (%s, %d hands)", self.table_id, self.variant.id, self.cfg.hands)
            self._deal()

    def _deal(self) -> None:
        if self._next_handle is not None:
            self._next_handle.cancel()
            self._next_handle = None
        self.state, events = self.match.start_hand()
        self.phase = PLAYING
        for s in self.slots:
            s.ready = False
        self._persist()
        self._presence()
        self._broadcast(events)
        self._pump_soon()

    def act(self, peer, msg: dict, t0: float | None = None) -> tuple[str, str | None] | None:
        """A peer's decision; an (error code, detail) pair when refused (the game is then untouched)."""
        i = peer.seat
        try:
            a = P.action_from_wire(msg["a"])
        except ActionError as e:
            return "malformed", str(e)
        if a.seat != i:
            return "not_your_seat", f"you sit at seat {i}, not {a.seat}"
        if self.phase != PLAYING:
            return "not_now", "no hand is being played"
        if msg["ack"] != self.slots[i].seq:
            return "stale", None
        try:
            self._apply(a, t0)
        except ActionError as e:
            return "illegal", str(e)
        return None

    def _apply(self, a, t0: float | None = None) -> None:
        st, events = E.apply(self.state, a)
        if st.end is not None:
            self.match.finish_hand()
            self.phase = OVER if self.match.over else BETWEEN
        self._persist()
        if self.phase == OVER:
            log.info("table %s: match over, totals %s", self.table_id, self.match.scores)
            self.host.table_over(self)
        self._broadcast(events)
        if t0 is not None:
            self.host.record_latency(time.perf_counter() - t0)
        if self.phase == BETWEEN:
            self._schedule_next()
        elif self.phase == OVER:
            self._presence()
        else:
            self._pump_soon()

    def _pump_soon(self) -> None:
        if self._pump_handle is None and self.phase == PLAYING:
            d = self.cfg.bot_delay
            self._pump_handle = self.loop.call_later(d, self._pump) if d > 0 else self.loop.call_soon(self._pump)

    def _pump(self) -> None:
        """Let one host-played seat (a bot seat, or a dropped player's) act; one per loop turn."""
        self._pump_handle = None
        if self.phase != PLAYING:
            return
        st = self.state
        for i in E.acting_seats(st):
            if not self._bot_plays(i):
                continue
            legal = E.legal_actions(st, i)
            if not legal:
                continue
            bot = self._bots.get(i)
            if bot is None:
                bot = self._bots[i] = DecisionBot(self.slots[i].bot_level or self.sub, seed=f"{self.seed}:{i}")
            fallback = next((x for x in legal if x.kind == PASS), legal[0])
            try:
                a = bot.act(view(st, i))
            except Exception:  # noqa: BLE001 - a broken bot must not stop the table
                log.exception("table %s: the bot at seat %d failed; it plays %s", self.table_id, i, fallback)
                a = fallback
            try:
                self._apply(a)
            except ActionError as e:
                log.warning("table %s: the bot at seat %d chose %s (%s); it plays %s", self.table_id, i, a, e, fallback)
                self._apply(fallback)
            return

    # ------------------------------------------------------------------ between hands
    def ready(self, peer) -> tuple[str, str | None] | None:
        if self.phase != BETWEEN:
            return "not_now", "the hand is not over" if self.phase == PLAYING else None
        self.slots[peer.seat].ready = True
        self._check_next()
        return None

    def _schedule_next(self) -> None:
        if self._next_handle is None and self.cfg.next_s is not None:
            self._next_handle = self.loop.call_later(self.cfg.next_s, self._force_next)
        self._check_next()

    def _force_next(self) -> None:
        self._next_handle = None
        if self.phase == BETWEEN:
            self._deal()

    def _check_next(self) -> None:
        if self.phase == BETWEEN and all(s.ready or s.bot_level or (s.peer is None and not s.wait)
                                         for s in self.slots):
            self._deal()

    def _reset(self) -> None:
        """A finished table whose players all left opens for a new match."""
        if all(s.bot_level for s in self.slots):
            return
        if self.host.store is not None:
            self.host.store.archive(self.store_name)
        for i, s in enumerate(self.slots):
            self._cancel_hold(s)
            self.slots[i] = Slot(s.bot_level)
        self.match = self.state = None
        self.phase = WAITING
        self._presence()

    # ------------------------------------------------------------------ what peers see
    def _state_msg(self, i: int, v: dict, events: list, full: bool) -> dict:
        s = self.slots[i]
        s.seq += 1
        v = P.view_to_wire(v)
        return P.make("state", seq=s.seq, full=full, hand_no=self.state.hand_no, step=len(self.state.log), view=v,
                      events=events, totals=list(self.match.scores), hand_over=self.phase in (BETWEEN, OVER),
                      match_over=self.phase == OVER, hands=self.cfg.hands)

    def _broadcast(self, events: list) -> None:
        st = self.state
        for i, s in enumerate(self.slots):
            if s.peer is None:
                continue
            v = view(st, i)
            version = v.pop("version")
            ev = events_for(events, i)
            if not ev and v == s.last:
                continue
            s.last = v
            s.peer.send(self._state_msg(i, dict(v, version=version), ev, False))

    def sync(self, peer) -> None:
        """A full state for one peer (on join, reconnect, or when asked)."""
        if self.state is None:
            return
        i = peer.seat
        v = view(self.state, i)
        version = v.pop("version")
        self.slots[i].last = v
        peer.send(self._state_msg(i, dict(v, version=version), [], True))

    # ------------------------------------------------------------------ durability
    def snapshot(self) -> dict:
        return {
            "format": 1,
            "config": self.cfg.to_json(),
            "phase": self.phase,
            "match": self.match.to_json() if self.match else None,
            "current": [a.to_json() for a in self.state.log] if self.phase == PLAYING else None,
            "seats": [{"name": s.name, "token": s.token} for s in self.slots],
        }

    def _persist(self) -> None:
        if self.host.store is not None:
            self.host.store.save(self.store_name, self.snapshot())

    def _restore(self, saved: dict) -> None:
        mj = saved.get("match")
        phase = saved.get("phase", WAITING)
        if mj is None or phase == WAITING:
            return  # nothing was played: players simply join again
        for s, d in zip(self.slots, saved.get("seats", [])):
            if s.bot_level is None:
                s.name, s.token = d.get("name"), d.get("token")
        self.seed = mj["seed"]
        played = mj["hands_played"]
        if phase == PLAYING:
            m = replay_match(self.variant, mj)
            st, _ = m.start_hand()
            for item in saved.get("current") or []:
                E.apply(st, from_json(item))
        else:
            m = replay_match(self.variant, dict(mj, hands_played=played[:-1]))
            st, _ = m.start_hand()
            for item in played[-1]["actions"]:
                E.apply(st, from_json(item))
            m.finish_hand()
        self.match, self.state, self.phase = m, st, phase
        log.info("table %s: resumed at hand %d, %d actions in", self.table_id, st.hand_no, len(st.log))
