"""Tool: reading the table for defence: how likely each opponent is ready, what it waits on, what dealing in costs."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol

from ..rules.view import MeldView, SeatView
from .ctx import Ctx

_BASE_WAIT = 0.085  # chance a ready hand waits on a given middle tile


def ready_chance(turns: int, melds: int, declared: bool, mid: float = 9.0) -> float:
    """Chance an opponent is ready from its discards so far and its claimed melds.

    Fitted on normal bots' hands: logistic in discards + 2.5 × melds, half ready at ``mid``.
    """
    if declared:
        return 1.0
    z = turns + 2.5 * melds - mid
    return 1.0 / (1.0 + math.exp(-z / 2.0))


def discard_order(seats: Sequence[SeatView], dealer: int, n: int) -> list[tuple[int, int]]:
    """(seat, index) of every discard in the order they were made, rebuilt from the public discards:
    the dealer discards first; after a claimed discard the claimer discards next, else the next seat."""
    idx = [0] * n
    total = sum(len(s["discards"]) for s in seats)
    out: list[tuple[int, int]] = []
    cur = dealer
    while len(out) < total:
        ds = seats[cur]["discards"]
        if idx[cur] >= len(ds):
            break  # not a sequence this rule explains: keep what is certain
        d = ds[idx[cur]]
        out.append((cur, idx[cur]))
        idx[cur] += 1
        cur = d["claimed_by"] if d["claimed_by"] is not None else (cur + 1) % n
    return out


def passed_tiles(seats: Sequence[SeatView], dealer: int, n: int) -> list[set[int]]:
    """Per seat: tile kinds discarded (by anyone) since that seat's own last discard and not won on.

    A player who could have won on such a tile would have (or passed a win, which the missed-win
    rule then forbids until their next turn), so against that player these tiles are safe."""
    return passed_since(discard_order(seats, dealer, n), seats, n)


def passed_since(order: Sequence[tuple[int, int]], seats: Sequence[SeatView], n: int) -> list[set[int]]:
    """``passed_tiles`` from an already rebuilt ``discard_order``."""
    last = [-1] * n
    for pos, (s, _i) in enumerate(order):
        last[s] = pos
    out = []
    for o in range(n):
        safe: set[int] = set()
        for pos in range(last[o] + 1, len(order)):
            s, i = order[pos]
            d = seats[s]["discards"][i]
            if s != o and not d.get("won"):
                safe.add(d["tile"])
        out.append(safe)
    return out


class DefenceRules(Protocol):
    """What ``Danger`` asks of a variant: how opponents may win on a discard and what it costs."""

    @property
    def suji(self) -> float:
        """Danger factor of a tile three away from one the opponent discarded."""

    @property
    def ready_mid(self) -> float:
        """Discards (+2.5 per claimed meld) at which an opponent is ready half of the time."""

    def ron_chance(self, ctx: Ctx, seat: int) -> float:
        """Chance that a ready ``seat`` may win on a discard at all (passes, patterns)."""

    def deal_in_cost(self, ctx: Ctx, seat: int) -> float:
        """Expected points lost by dealing into ``seat`` (beyond what everyone pays anyway)."""

    def passed_safe(self, ctx: Ctx, seat: int) -> bool:
        """Do tiles ``seat`` let pass since its last discard show it cannot win on them?"""


class Defence:
    """Plain ``DefenceRules``: every ready opponent may win on a discard, which costs ``cost``."""

    suji = 1.0

    def __init__(self, ready_mid: float = 9.0, cost: float = 2.0) -> None:
        self.ready_mid = ready_mid
        self.cost = cost

    def ron_chance(self, ctx: Ctx, seat: int) -> float:
        return 1.0

    def deal_in_cost(self, ctx: Ctx, seat: int) -> float:
        return self.cost

    def passed_safe(self, ctx: Ctx, seat: int) -> bool:
        return True


# per opponent: (seat, chance it is ready and may win on a discard, cost of dealing in, per-kind factor)
Opp = tuple[int, float, float, list[float]]


class Danger:
    """Expected points lost by discarding each tile: sum over opponents of ready × waits-on × cost."""

    def __init__(self, ctx: Ctx, strat: DefenceRules) -> None:
        self.ctx = ctx
        self.opps: list[Opp] = []
        n = ctx.n
        vis = ctx.visible
        passed = passed_tiles(ctx.seats, ctx.dealer, n)
        for o in range(n):
            if o == ctx.seat:
                continue
            seat = ctx.seats[o]
            melds = seat["melds"]
            claimed = [m for m in melds if m["kind"] != "concealed_kong"]
            p = ready_chance(len(seat["discards"]), len(claimed), bool(seat.get("declared")), strat.ready_mid)
            p *= strat.ron_chance(ctx, o)
            cost = strat.deal_in_cost(ctx, o)
            if p <= 0.01 or cost <= 0:
                continue
            mult = [1.0] * 34
            own = set(d["tile"] for d in seat["discards"])
            for t in own:
                mult[t] *= 0.2
                if t < 27:  # suji: a kept 5-6 would have made a discarded 4 (or 7) useful
                    r = t % 9
                    for dx in (-3, 3):
                        if 0 <= r + dx <= 8:
                            mult[t + dx] *= strat.suji

            if strat.passed_safe(ctx, o):
                for t in passed[o]:
                    mult[t] *= 0.03
            suit = _flush_suit(melds)
            if suit is not None:
                for t in range(34):
                    mult[t] *= 2.5 if t // 9 == suit and t < 27 else 0.35
                cost *= 2.0
            pungs = sum(1 for m in claimed if m["kind"] != "chow")
            if pungs >= 2 and pungs == len(claimed):
                for t in range(34):
                    mult[t] *= 1.3 if vis[t] <= 2 else 0.5
            self.opps.append((o, p, cost, mult))
        self.vis = vis

    def base(self, t: int) -> float:
        """Chance a ready hand waits on tile kind ``t`` before reading its owner's discards."""
        v = self.vis[t]
        if t >= 27:
            base = 0.0 if v >= 4 else (0.35 if v == 3 else 0.8)
        else:
            r = t % 9
            base = 0.65 if r in (0, 8) else (0.9 if r in (1, 7) else 1.1)
            if v >= 4:
                base *= 0.5
        return base * _BASE_WAIT

    def risk(self, t: int) -> tuple[float, float]:
        """(chance that discarding ``t`` deals in, expected points paid for it)."""
        if not self.opps:
            return 0.0, 0.0
        base = self.base(t)
        keep = 1.0
        loss = 0.0
        for _o, p, cost, mult in self.opps:
            q = p * mult[t] * base
            if q > 0.95:
                q = 0.95
            keep *= 1.0 - q
            loss += q * cost
        return 1.0 - keep, loss


def _flush_suit(melds: Sequence[MeldView]) -> int | None:
    """The suit of an opponent whose two or more exposed melds are all of one suit."""
    if len(melds) < 2:
        return None
    suits: set[int] = set()
    for m in melds:
        faces = [f for f in m["faces"] if f is not None]
        if not faces:
            return None
        for f in faces:
            suits.add(f // 9 if f < 27 else 3)
    if len(suits) == 1 and 3 not in suits:
        return next(iter(suits))
    return None
