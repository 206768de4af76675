"""Headless bot matches: seat bots, play hands through views, collect per-seat statistics."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ..rules import engine as E
from ..rules.match import Match
from ..rules.situation import DISCARD
from ..rules.view import view


@dataclass
class SeatStats:
    bot: str
    points: int = 0
    wins: int = 0
    self_draws: int = 0
    deal_ins: int = 0
    decisions: int = 0
    decision_s: float = 0.0
    decision_times: list = field(default_factory=list)

    def to_json(self, hands: int) -> dict:
        return {
            "bot": self.bot,
            "points": self.points,
            "points_per_hand": round(self.points / hands, 3) if hands else 0.0,
            "wins": self.wins,
            "win_rate": round(self.wins / hands, 4) if hands else 0.0,
            "self_draws": self.self_draws,
            "deal_ins": self.deal_ins,
            "deal_in_rate": round(self.deal_ins / hands, 4) if hands else 0.0,
            "decisions": self.decisions,
            "mean_decision_ms": round(1000 * self.decision_s / self.decisions, 3) if self.decisions else 0.0,
        }


@dataclass
class MatchStats:
    variant: str
    hands: int = 0
    draws: int = 0
    seconds: float = 0.0
    seats: list[SeatStats] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)

    def to_json(self) -> dict:
        return {
            "variant": self.variant,
            "hands": self.hands,
            "draws": self.draws,
            "draw_rate": round(self.draws / self.hands, 4) if self.hands else 0.0,
            "hands_per_s": round(self.hands / self.seconds, 2) if self.seconds else 0.0,
            "totals": list(self.totals),
            "seats": [s.to_json(self.hands) for s in self.seats],
        }


def play_match(variant, options: dict, seed, hands: int, bots: list, names: list[str] | None = None,
               keep_times: bool = False, on_hand=None) -> MatchStats:
    """Play ``hands`` hands; ``bots[seat].act(view) -> Action``. Returns statistics."""
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
            for seat in E.acting_seats(st):
                v = view(st, seat)
                if not v["legal"]:
                    continue
                t1 = clock()
                a = bots[seat].act(v)
                dt = clock() - t1
                ss = stats.seats[seat]
                ss.decisions += 1
                ss.decision_s += dt
                if keep_times:
                    ss.decision_times.append(dt)
                E.apply(st, a)
                acted = True
                break
            if not acted:
                raise RuntimeError("no seat could act")
        for w in st.wins:
            stats.seats[w.seat].wins += 1
            if w.how == DISCARD:
                stats.seats[w.source].deal_ins += 1
            else:
                stats.seats[w.seat].self_draws += 1
        if st.end == "draw":
            stats.draws += 1
        rec = m.finish_hand()
        if on_hand:
            on_hand(st, rec)
        stats.hands += 1
    stats.seconds = time.perf_counter() - t0
    stats.totals = list(m.scores)
    for i, s in enumerate(stats.seats):
        s.points = m.scores[i]
    stats.match = m  # type: ignore[attr-defined]
    return stats
