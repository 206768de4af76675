"""Tool: the 高手's hand value: every route a hand may still win by, each with its chance and payout, mixed.

A route is a winning shape (standard, seven pairs, all pungs, one suit, ...) with its shanten and live
acceptance functions and what a win by it pays. ``Evaluator.value`` turns a 13-tile hand into an
expected number of points: per route the Markov model of ``ev.Model`` gives the chance to be ready
when the hand ends and the chance to win; routes are then *mixed*, not just maximised: a player who
keeps two routes open follows whichever the draws favour, so the value is between the best single
route (``mix`` 0) and the expected best of independent routes (``mix`` 1).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from ..rules.kinds import MeldKind, WinBy
from ..rules.situation import Score, Situation
from ..rules.state import Meld
from . import shanten
from .ctx import Ctx, meld_faces
from .win_chances import NO_CUT, Model, stage_chain

Counts = shanten.Counts
ShFn = Callable[[Counts, list[int], int], int]
AccFn = Callable[[Counts, list[int], int, int], float]


STD_TYP = {1: 20.0, 2: 32.0, 3: 45.0, 4: 60.0, 5: 70.0, 6: 75.0}


@dataclass
class XRoute:
    """One way to win: shanten and (claim-weighted) live acceptance, and the worth of a win by it."""

    key: str
    sh: ShFn
    acc: AccFn
    v_self: float  # points a self-drawn win by this route brings (everything, as seen by the bot)
    v_ron: float  # ... a discard win
    ron: bool = True  # a discard win is possible at all
    claim: float = 1.0  # speed-up from claims not in the acceptance (chows)
    final_waits: float | None = None  # typical live winning tiles once ready (None: from the acceptance)
    vf: Callable[[Counts, int], float] | None = None  # factor on the value for a particular hand
    typ: dict[int, float] = field(default_factory=lambda: dict(STD_TYP))  # typical acceptance per shanten
    waits: Callable[[Counts, list[int], int], list[int]] | None = None  # winning kinds of a ready hand


@lru_cache(maxsize=1 << 16)
def chain(rates: tuple[int, ...], hazards: tuple[int, ...]) -> tuple[float, float]:
    """(P(win), P(ready when the hand ends)) of a hand that must pass ``len(rates) - 1`` steps to be
    ready, then win; ``rates[i]``: chance per round (in thousandths) of passing step i, the last one
    the win. ``hazards[r]``: chance (thousandths) that someone else ends the hand in round ``r``; after
    the last round the wall is empty."""
    if len(rates) == 1:  # a ready hand: ``chain_steps`` with one stage, unrolled (the same arithmetic)
        q = rates[0] / 1000.0
        d = 1.0
        win = 0.0
        for h in hazards:
            p = d * (1.0 - h / 1000.0)
            if p < 1e-7:
                break
            w = p * q
            win += w
            d = p - w
            if p < 1e-5:
                break
        return win, 1.0
    return chain_steps(rates, hazards)


def chain_steps(rates: tuple[int, ...], hazards: tuple[int, ...]) -> tuple[float, float]:
    """``chain`` by its general loop, for any number of stages."""
    return stage_chain(rates, hazards, NO_CUT, 1e-7, 1e-5)


@dataclass
class Value:
    ev: float  # mixed expected points of the wins
    ready: float  # mixed chance to be ready when the hand ends
    win: float  # mixed chance to win
    best: str  # the route with the largest expected win value


def mix(parts: Sequence[tuple[float, float]], rho: float) -> float:
    """Expected value of the best of several chances ``(p, v)``: ``rho`` 0 the best single one, 1 the
    expected maximum of independent ones."""
    if not parts:
        return 0.0
    single = max(p * v for p, v in parts)
    if rho <= 0.0 or len(parts) == 1:
        return single
    miss = 1.0
    exp_max = 0.0
    for p, v in sorted(parts, key=lambda pv: -pv[1]):
        exp_max += miss * p * v
        miss *= 1.0 - p
    return (1.0 - rho) * single + rho * max(exp_max, single)


def _mix3(wins: list[tuple[float, float]], readies: list[tuple[float, float]], rho: float
          ) -> tuple[float, float, float]:
    """``mix`` of the wins, of the readies and of the wins' chances alone, in one pass (the same
    arithmetic in the same order, so the same numbers)."""
    if not wins:
        return 0.0, 0.0, 0.0
    ev1 = max(p * v for p, v in wins)
    r1 = max(p for p, _v in readies)
    w1 = max(p for p, _v in wins)
    if rho <= 0.0 or len(wins) == 1:
        return ev1, r1, w1
    miss = 1.0
    exp_max = 0.0
    for p, v in sorted(wins, key=lambda pv: -pv[1]):
        exp_max += miss * p * v
        miss *= 1.0 - p
    ev = (1.0 - rho) * ev1 + rho * max(exp_max, ev1)
    miss = 1.0
    rx = 0.0
    for p, _v in readies:
        rx += miss * p
        miss *= 1.0 - p
    miss = 1.0
    wx = 0.0
    for p, _v in wins:
        wx += miss * p
        miss *= 1.0 - p
    return ev, (1.0 - rho) * r1 + rho * max(rx, r1), (1.0 - rho) * w1 + rho * max(wx, w1)


class Evaluator:
    """Values 13-tile hands for one decision (the model's hazards and the live counts are fixed)."""

    def __init__(self, model: Model, routes: list[XRoute], rho: float = 0.5, slack: int = 2):
        self.model = model
        self.routes = routes
        self.rho = rho
        self.slack = slack
        self.U = max(model.U, 1)
        self.ron_mult = model.ron_factor * (model.n - 1)
        self.jk = model.ctx.jk if model.ctx.variant in ("wenshan", "kunming") else None
        self._memo: dict[tuple[int, int, int, bool, int], tuple[float, float, float]] = {}

    def route_waits(self, xr: XRoute, c: Counts, k: list[int], j: int) -> list[int]:
        """Winning kinds of a hand ready on route ``xr`` (the wildcard always wins)."""
        if xr.waits is not None:
            return xr.waits(c, k, j)
        out = []
        live = self.model.ctx.live
        jk = self.jk
        for t in range(34):
            if not live[t]:
                continue
            if t == jk:
                if xr.sh(c, k, j + 1) < 0:
                    out.append(t)
                continue
            if c[t] >= 4:
                continue
            g = t // 9
            p = shanten._P[t % 9]
            c[t] += 1
            k[g] += p
            if xr.sh(c, k, j) < 0:
                out.append(t)
            c[t] -= 1
            k[g] -= p
        return out

    def chances(self, r: XRoute, s: int, u: float, extra: bool = False, offset: int = 0
                ) -> tuple[float, float, float]:
        """(P(win), P(ready at the end), mean points of a win) by route ``r`` from shanten ``s`` with
        ``u`` live accepting tiles (the waits once ready); ``offset``: that many rounds from now."""
        if s < 0:
            return 1.0, 1.0, r.v_self
        key = (id(r), s, int(u * 4), extra, offset)
        got = self._memo.get(key)
        if got is not None:
            return got
        hz = self.model.hazards_plus if extra else self.model.hazards
        if offset:
            hz = hz[offset:]
        U = self.U
        claim = r.claim
        w = u if s == 0 else (r.final_waits if r.final_waits is not None else r.typ.get(0, 5.0))
        qs = w / U
        qr = w / U * self.ron_mult if r.ron else 0.0
        b = qs + qr
        rates = []
        if s > 0:  # in steps of 0.5% so that equal hands share the cached chain
            rates.append(min(700, 5 * int(200 * u / U * claim + 0.5)))
            typ = r.typ
            for x in range(s - 1, 0, -1):
                rates.append(min(700, 5 * int(200 * typ.get(x, 60.0) / U * claim + 0.5)))
        rates.append(min(950, 5 * int(200 * b + 0.5)))
        p, ready = chain(tuple(rates), hz)
        share = qs / b if b > 0 else 1.0
        got = (p, ready, share * r.v_self + (1 - share) * r.v_ron)
        self._memo[key] = got
        return got

    def ready_hand(self, c: Counts, k: list[int], j: int, shs: list[int], extra: bool, offset: int = 0
                   ) -> tuple[float, float, str] | None:
        """(P(win), mean points, route) of a ready hand from its actual waits: each winning tile is worth
        its best reading (routes sharing a wait are not counted twice)."""
        per: dict[int, list[float]] = {}
        key = ""
        for xr, s in zip(self.routes, shs):
            if s != 0:
                continue
            f = xr.vf(c, j) if xr.vf is not None else 1.0
            vs, vr = xr.v_self * f, (xr.v_ron * f if xr.ron else -1.0)
            for t in self.route_waits(xr, c, k, j):
                cur = per.get(t)
                if cur is None:
                    per[t] = [vs, vr]
                    key = key or xr.key
                else:
                    if vs > cur[0]:
                        cur[0] = vs
                        key = xr.key
                    if vr > cur[1]:
                        cur[1] = vr
        if not per:
            return None
        live = self.model.ctx.live
        U = self.U
        rm = self.ron_mult
        qs = qr = vsum = 0.0
        for t, (vs, vr) in per.items():
            lt = live[t]
            if not lt:
                continue
            qs += lt / U
            vsum += lt / U * vs
            if vr >= 0:
                qr += lt / U * rm
                vsum += lt / U * rm * vr
        b = qs + qr
        if b <= 0:
            return 0.0, 0.0, key
        hz = self.model.hazards_plus if extra else self.model.hazards
        p, _ready = chain((min(950, 5 * int(200 * b + 0.5)),), hz[offset:] if offset else hz)
        return p, vsum / b, key

    def shanten(self, c: Counts, k: list[int], j: int) -> list[int]:
        return [r.sh(c, k, j) for r in self.routes]

    def scan(self, c: Counts, j: int, discards: Sequence[int], jk: int | None = None) -> dict[int, Value]:
        """``value`` of the 14-tile hand (c, j) after each discard; a route's acceptance is counted only
        for the discards that leave it at its lowest shanten (the others take its typical acceptance)."""
        if not discards:
            return {}
        k = shanten.keys(c)
        shs: dict[int, list[int]] = {}
        for d in discards:
            jj = shanten.take(c, k, d, j, jk)
            shs[d] = self.shanten(c, k, jj)
            shanten.put(c, k, d, jk)
        nr = len(self.routes)
        low = [min(shs[d][i] for d in discards) for i in range(nr)]
        out = {}
        for d in discards:
            jj = shanten.take(c, k, d, j, jk)
            sd = shs[d]
            out[d] = self.value(c, k, jj, shs=sd, exact=[sd[i] == low[i] for i in range(nr)])
            shanten.put(c, k, d, jk)
        return out

    def value(self, c: Counts, k: list[int], j: int, extra: bool = False, shs: list[int] | None = None,
              exact: list[bool] | None = None, offset: int = 0) -> Value:
        """The hand's worth: wins mixed over routes, and the chance of ending ready. ``exact[i]`` False:
        route i takes its typical acceptance instead of counting it."""
        if shs is None:
            shs = self.shanten(c, k, j)
        smin = min(shs)
        wins: list[tuple[float, float]] = []
        readies: list[tuple[float, float]] = []
        best = ""
        best_ev = -1.0
        if smin == 0:
            rh = self.ready_hand(c, k, j, shs, extra, offset)
            if rh is not None:
                wins.append((rh[0], rh[1]))
                readies.append((1.0, 1.0))
                best, best_ev = rh[2], rh[0] * rh[1]
        for i, (xr, s) in enumerate(zip(self.routes, shs)):
            if s >= shanten.NONE or s > smin + self.slack or (s == 0 and best):
                continue
            if s < 0:
                u = 0.0
            elif exact is None or exact[i]:
                u = xr.acc(c, k, j, s)
            else:
                u = xr.typ.get(s, 60.0)
            p, pr, v = self.chances(xr, s, u, extra, offset)
            if xr.vf is not None:
                v *= xr.vf(c, j)
            wins.append((p, v))
            readies.append((pr, 1.0))
            if p * v > best_ev:
                best_ev = p * v
                best = xr.key
        return Value(*_mix3(wins, readies, self.rho), best)


# ---- route shapes without wildcards (the chicken games, yuxi) ------------------------------------------------

def std_route(live: Sequence[int], pung_weight: float = 1.0, wf: int | None = None, jk: int | None = None
              ) -> tuple[ShFn, AccFn]:
    """Sets and a pair; an accepting tile that turns a pair into a pung counts ``pung_weight`` times
    (it may also come from any other player's discard)."""

    def sh(c: Counts, k: list[int], j: int) -> int:
        return shanten.std(k, j, wf)

    def acc(c: Counts, k: list[int], j: int, s: int) -> float:
        _t, kinds = shanten.std_accepts(c, k, j, s, live, jk, wf)
        if pung_weight == 1.0 or s == 0:
            return float(_t)
        return sum(live[x] * (pung_weight if x != jk and c[x] == 2 else 1.0) for x in kinds)

    return sh, acc


def pairs_route(live: Sequence[int], wf: int | None = None, jk: int | None = None) -> tuple[ShFn, AccFn]:
    def sh(c: Counts, k: list[int], j: int) -> int:
        return shanten.pairs(c, j, wf)

    def acc(c: Counts, k: list[int], j: int, s: int) -> float:
        return float(shanten.pairs_accepts(c, j, s, live, jk, wf)[0])

    return sh, acc


def pungs_shanten(c: Counts, j: int, lo: int = 0, hi: int = 34, free: Sequence[int] = ()) -> int:
    """All-pungs shanten counting only kinds in [lo, hi) or ``free`` (others must all be replaced)."""
    n = j
    t = p = 0
    for x in range(34):
        y = c[x]
        if y:
            n += y
            if lo <= x < hi or x in free:
                if y >= 3:
                    t += 1
                elif y == 2:
                    p += 1
    return shanten.pungs_of(n, t, p, j)


def pungs_route(live: Sequence[int], pung_weight: float = 1.0, lo: int = 0, hi: int = 34,
                free: Sequence[int] = ()) -> tuple[ShFn, AccFn]:
    """All pungs (大对子), optionally in one suit [lo, hi) (+ ``free`` kinds): pairs become pungs from any
    discard, singles become pairs by drawing."""

    kinds = [x for x in range(34) if lo <= x < hi or x in free]

    def sh(c: Counts, k: list[int], j: int) -> int:
        return pungs_shanten(c, j, lo, hi, free)

    def acc(c: Counts, k: list[int], j: int, s: int) -> float:
        if s < 0:
            return 0.0
        n = j + sum(c)
        sets = (n - 1) // 3
        t = p = 0
        for x in kinds:
            y = c[x]
            if y >= 3:
                t += 1
            elif y == 2:
                p += 1
        room = sets + 1 - min(t, sets)
        total = 0.0
        for x in kinds:
            if not live[x]:
                continue
            y = c[x]
            if y == 2 and t < sets:
                total += live[x] * (pung_weight if s > 0 else 1.0)
            elif y == 1 and p < room:
                total += live[x]
        return total

    return sh, acc


def flush_route(live: Sequence[int], g: int, free: Sequence[int] = (), pung_weight: float = 1.0
                ) -> tuple[ShFn, AccFn]:
    """Standard shape in suit ``g`` (``free`` kinds may stay); each off-suit tile costs a draw."""
    lo = 9 * g
    kinds = list(range(lo, lo + 9)) + list(free)

    def sh(c: Counts, k: list[int], j: int) -> int:
        return shanten.flush(c, j, g, free)[0]

    def acc(c: Counts, k: list[int], j: int, s: int) -> float:
        if s < 0:
            return 0.0
        total = 0.0
        for u in kinds:
            if live[u] and c[u] < 4:
                c[u] += 1
                s2 = shanten.flush(c, j, g, free)[0]
                c[u] -= 1
                if s2 < s:
                    total += live[u] * (pung_weight if c[u] == 2 and s > 0 else 1.0)
        return total

    return sh, acc


def flush_pairs_route(live: Sequence[int], g: int, free: Sequence[int] = ()) -> tuple[ShFn, AccFn]:
    """Seven pairs in suit ``g`` (``free`` kinds count too): a single of those kinds is a step."""
    kinds = list(range(9 * g, 9 * g + 9)) + list(free)

    def sh(c: Counts, k: list[int], j: int) -> int:
        return shanten.flush_pairs(c, j, g, free)

    def acc(c: Counts, k: list[int], j: int, s: int) -> float:
        if s < 0:
            return 0.0
        return float(sum(live[u] for u in kinds if live[u] and c[u] & 1))

    return sh, acc


def suit_counts(c: Sequence[int], meld_faces: Sequence[Sequence[int]], free: Sequence[int] = ()
                ) -> tuple[list[int], int]:
    """(tiles of each suit in hand and melds, tiles in hand that are neither suited nor free); the melds'
    suits count 5 each so a meld in another suit rules that flush out."""
    cnt = [sum(c[0:9]), sum(c[9:18]), sum(c[18:27])]
    honors = sum(c[t] for t in range(27, 34) if t not in free)
    for faces in meld_faces:
        f = faces[0]
        if f is None:
            continue
        if f >= 27:
            if f not in free:
                honors += 5
            continue
        for g in range(3):
            if g == f // 9:
                cnt[g] += len(faces)
            else:
                cnt[g] -= 5
    return cnt, honors


def discard_win_value(ctx: Ctx, tile: int, score: Callable[[Situation], Score], wildcard: int | None = None
                      ) -> float | None:
    """Points this seat would receive for winning on the offered ``tile`` now, by the variant's own
    scoring of the seat's hand and melds (None: not a valid win, or the view could not be read)."""
    c = ctx
    counts = list(c.counts)
    counts[tile] += 1
    melds = [Meld(MeldKind(m["kind"]), tuple(t for t in m["tiles"] if t is not None), meld_faces(m)) for m in c.melds]
    sit = Situation(c.variant, c.options, c.n, c.dealer, c.seat, counts, melds, tile, WinBy.DISCARD,
                    c.offer_from, frozenset(), wildcard)
    try:
        sc = score(sit)
    except Exception:  # noqa: BLE001 - a view the scorer does not understand: the caller takes the win
        return None
    if not sc.valid:
        return None
    return float(sum(sc.payments.values()))
