"""Headless bot matches: seat bots, play hands through views, collect per-seat statistics."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..rules import engine
from ..rules.actions import Action
from ..rules.kinds import HandEnd, WinBy
from ..rules.match import HandRecord, Match
from ..rules.options import Options
from ..rules.state import HandState
from ..rules.variants.base import Variant
from ..rules.view import View, view

if TYPE_CHECKING:
    from .core import Player


@dataclass
class SeatStats:
    bot: str
    points: int = 0
    wins: int = 0
    self_draws: int = 0
    deal_ins: int = 0
    decisions: int = 0
    decision_s: float = 0.0
    decision_times: list[float] = field(default_factory=list)

    def to_json(self, hands: int, draws: int = 0, seconds: float = 0.0) -> dict[str, object]:
        return {
            "bot": self.bot,
            "points": self.points,
            "points_per_hand": round(self.points / hands, 3) if hands else 0.0,
            "wins": self.wins,
            "win_rate": round(self.wins / hands, 4) if hands else 0.0,
            "self_draws": self.self_draws,
            "deal_ins": self.deal_ins,
            "deal_in_rate": round(self.deal_ins / hands, 4) if hands else 0.0,
            "draw_rate": round(draws / hands, 4) if hands else 0.0,
            "decisions": self.decisions,
            "mean_decision_ms": round(1000 * self.decision_s / self.decisions, 3) if self.decisions else 0.0,
            "hands_per_s": round(hands / seconds, 2) if seconds else 0.0,
        }


@dataclass
class MatchStats:
    variant: str
    hands: int = 0
    draws: int = 0
    seconds: float = 0.0
    seats: list[SeatStats] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    match: Match | None = field(default=None, compare=False, repr=False)  # the match played (its log replays it)

    def to_json(self) -> dict[str, object]:
        return {
            "variant": self.variant,
            "hands": self.hands,
            "draws": self.draws,
            "draw_rate": round(self.draws / self.hands, 4) if self.hands else 0.0,
            "hands_per_s": round(self.hands / self.seconds, 2) if self.seconds else 0.0,
            "totals": list(self.totals),
            "seats": [s.to_json(self.hands, self.draws, self.seconds) for s in self.seats],
            "by_bot": self.by_bot(),
        }

    def by_bot(self) -> dict[str, dict[str, float]]:
        """Per bot level: the seats playing it pooled (points per hand and rates per seat-hand)."""
        out: dict[str, dict[str, float]] = {}
        for s in self.seats:
            e = out.setdefault(s.bot, {"seats": 0, "points": 0, "wins": 0, "self_draws": 0, "deal_ins": 0,
                                       "decisions": 0, "decision_s": 0.0})
            e["seats"] += 1
            e["points"] += s.points
            e["wins"] += s.wins
            e["self_draws"] += s.self_draws
            e["deal_ins"] += s.deal_ins
            e["decisions"] += s.decisions
            e["decision_s"] += s.decision_s
        res: dict[str, dict[str, float]] = {}
        for bot, e in out.items():
            sh = e["seats"] * self.hands
            res[bot] = {
                "seats": e["seats"],
                "points": e["points"],
                "points_per_hand": round(e["points"] / sh, 3) if sh else 0.0,
                "win_rate": round(e["wins"] / sh, 4) if sh else 0.0,
                "self_draw_rate": round(e["self_draws"] / sh, 4) if sh else 0.0,
                "deal_in_rate": round(e["deal_ins"] / sh, 4) if sh else 0.0,
                "draw_rate": round(self.draws / self.hands, 4) if self.hands else 0.0,
                "mean_decision_ms": round(1000 * e["decision_s"] / e["decisions"], 3) if e["decisions"] else 0.0,
                "hands_per_s": round(self.hands / self.seconds, 2) if self.seconds else 0.0,
            }
        return res


class IllegalAction(AssertionError):
    """A bot returned an action that its view did not offer."""


def decisions(st: HandState, players: Sequence[Player]) -> Iterator[tuple[int, View, Action]]:
    """Play the hand in ``st`` to its end through the seats' views: yields (seat, view, action) for each
    decision before the action is applied (tools that look at decisions; ``play_match`` times its own)."""
    while st.end is None:
        for seat in engine.acting_seats(st):
            v = view(st, seat)
            if v["legal"]:
                a = players[seat].act(v)
                yield seat, v, a
                engine.apply(st, a)
                break
        else:
            raise RuntimeError("no seat could act")


def play_match(variant: Variant, options: Options, seed: object, hands: int, bots: Sequence[Player],
               names: list[str] | None = None, keep_times: bool = False,
               on_hand: Callable[[HandState, HandRecord], None] | None = None, check_legal: bool = False
               ) -> MatchStats:
    """Play ``hands`` hands; ``bots[seat].act(view) -> Action``. Returns statistics.

    With ``check_legal`` every returned action must be one of ``view["legal"]`` (IllegalAction otherwise).
    """
    m = Match(variant, options, seed, hands)
    stats = MatchStats(variant.id, seats=[SeatStats(names[i] if names else getattr(b, "name", "bot"))
                                         for i, b in enumerate(bots)])
    if len(bots) != m.n:
        raise ValueError(f"{variant.id} with these options seats {m.n} players; got {len(bots)} bots")
    t0 = time.perf_counter()
    clock = time.perf_counter
    for _ in range(hands):
        st, _ev = m.start_hand()
        while st.end is None:
            acted = False
            for seat in engine.acting_seats(st):
                v = view(st, seat)
                if not v["legal"]:
                    continue
                t1 = clock()
                a = bots[seat].act(v)
                dt = clock() - t1
                if check_legal and a not in v["legal"]:
                    raise IllegalAction(f"{variant.id} hand {m.hand_no}: seat {seat} ({stats.seats[seat].bot}) "
                                        f"returned {a}, not among {[str(x) for x in v['legal']]}")
                ss = stats.seats[seat]
                ss.decisions += 1
                ss.decision_s += dt
                if keep_times:
                    ss.decision_times.append(dt)
                engine.apply(st, a)
                acted = True
                break
            if not acted:
                raise RuntimeError("no seat could act")
        for w in st.wins:
            stats.seats[w.seat].wins += 1
            if w.how == WinBy.DISCARD and w.source is not None:
                stats.seats[w.source].deal_ins += 1
            else:
                stats.seats[w.seat].self_draws += 1
        if st.end == HandEnd.DRAW:
            stats.draws += 1
        rec = m.finish_hand()
        if on_hand:
            on_hand(st, rec)
        stats.hands += 1
    stats.seconds = time.perf_counter() - t0
    stats.totals = list(m.scores)
    for i, s in enumerate(stats.seats):
        s.points = m.scores[i]
    stats.match = m
    return stats
