"""The yuxi 高手's claims and its 杠上花 out: a kong (or the 熟手's pung or chow) valued by the first route model.

This is the route value the 高手 had before ``hand_value`` (``win_chances.Route`` and ``Model.route_ev``):
each route's chance and payout from its shanten and acceptance, the best family plus its refinements.
The yuxi 高手 still weighs its claims with it, since the rollout-fitted turn (``advantage``) never
needed the newer value; ``gang_shang_hua`` is also the ready hand's bonus in its discards.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence

from ..rules.actions import CHOW, KONG, PUNG, Action
from . import danger, hand_math, shanten
from .ctx import Ctx, OwnMelds, own_melds
from .win_chances import KindsFn, Model, Route, ShFn

# How readily tiles get discarded mid-hand, per copy held (measured on normal bots, relative to the mean):
# honors and terminals leave hands first, middle tiles last.
WAIT_WEIGHT = tuple(1.75 if t >= 27 else (1.25 if t % 9 in (0, 8) else (1.05 if t % 9 in (1, 7) else 0.9))
                    for t in range(34))
TYP_ACCEPT: Mapping[int, int] = {1: 14, 2: 26, 3: 37, 4: 60}  # typical live acceptance at each shanten
TYP_WAIT = 4.5  # typical live waits of a ready standard hand
READY_MID = 8.5  # the table read of these claims (an opponent is ready half of the time at this many discards)
AVOIDED = 0.5  # what this seat pays on average when someone else wins
DEAL_IN = 1.3  # points lost by dealing in
CLAIM_MARGIN = 0.5  # points a claim decision must gain over the 熟手's to differ from it
DEVIATE_RATIO = 0.25  # ... plus this share of the 熟手's choice's value


def claim(ctx: Ctx, base: Action, pas: Action | None) -> Action:
    """A kong, the 熟手's claim ``base`` or a pass, whichever the route value rates highest; the 熟手's
    choice stands unless a kong beats it clearly."""
    if not any(a.kind == KONG for a in ctx.legal):
        return base
    melds = own_melds(ctx)
    model = value_model(ctx, melds)
    routes = strong_routes(ctx, melds)
    c, j = hand_math.split(ctx.counts, ctx.jk)
    now = hand_ev(routes, model, c, shanten.keys(c), j)
    best: tuple[float, Action | None] = (now, pas)
    evs: dict[Action | None, float] = {pas: now}
    dz = danger.Danger(ctx, danger.Defence(READY_MID, DEAL_IN))
    for a in ctx.legal:
        if a.kind not in (PUNG, KONG, CHOW) or (a.kind != KONG and a != base):
            continue
        plan = hand_math.claim_plan(ctx, a)
        if plan is None:
            continue
        got, faces, subs = plan
        m2 = melds + [(a.kind if a.kind != KONG else "kong", faces, subs)]
        r2 = strong_routes(ctx, m2)
        counts = hand_math.without(ctx.counts, got)
        c2, j2 = hand_math.split(counts, ctx.jk)
        k2 = shanten.keys(c2)
        if a.kind == KONG:
            ev = hand_ev(r2, model, c2, k2, j2, True)
        else:
            got_ev: float | None = None
            for d in range(34):
                if not counts[d]:
                    continue
                e = ev_after_discard(r2, model, c2, k2, j2, d, ctx.jk)
                pd, loss = dz.risk(d)
                e = (1.0 - pd) * e - loss
                if got_ev is None or e > got_ev:
                    got_ev = e
            if got_ev is None:
                continue
            ev = got_ev
        evs[a] = ev
        if ev > best[0] + 1e-9:
            best = (ev, a)
    if base in evs and best[1] != base:
        b = evs[base]
        if best[1] is None or best[1].kind != KONG or best[0] <= b * (1 + DEVIATE_RATIO) + CLAIM_MARGIN:
            return base
    return best[1] or pas or ctx.legal[0]


def value_model(ctx: Ctx, melds: OwnMelds) -> Model:
    """The hazards and typical figures of these claims, with the 杠上花 out of a ready hand."""
    m = Model(ctx, 0.8, AVOIDED, typ=TYP_ACCEPT, typ_wait=TYP_WAIT, ready_mid=READY_MID, win_rate=0.3)
    m.wait_weight = WAIT_WEIGHT
    tail = tail_tiles(ctx)
    if tail:
        m.tenpai_extra = gang_shang_hua(ctx, melds, tail)
    return m


def tail_tiles(ctx: Ctx) -> list[int]:
    """The face-up tail tiles (a kong's replacement comes from there)."""
    return ctx.public_tiles("tail")


def gang_shang_hua(ctx: Ctx, melds: OwnMelds,
                   tail: Sequence[int]) -> Callable[[shanten.Counts, int, Collection[int]], float]:
    """A ready hand holding a triplet (or a pung) whose fourth tile may come, waiting on a face-up
    tail tile: the kong takes that tile for 杠上花, paid by everyone, one 番 up."""
    live = ctx.live
    U = max(ctx.unseen, 1)
    rounds = ctx.drawable / ctx.n
    pay = (ctx.n - 1) * 2 - 1.6  # 杠上花 by all, instead of an average win
    pungs = [f[0] for kind, f, _s in melds if kind == "pung"]
    p_meld = sum(min(0.4, rounds / U) for t in pungs if live[t])

    def extra(c: shanten.Counts, j: int, kinds: Collection[int]) -> float:
        if not any(t in kinds for t in tail):
            return 0.0
        p = p_meld
        for t in range(27):
            if c[t] == 3 and live[t]:
                p += min(0.6, rounds * (1 + 0.7 * (ctx.n - 1)) / U)
        return min(p, 0.8) * pay

    return extra


# ---- the routes, as closures of shanten and acceptance --------------------------------------------------
def strong_routes(ctx: Ctx, melds: OwnMelds) -> list[Route]:
    """The routes of the hand after ``melds`` with their worth: 平胡, 大碰对, 清一色, 七对, 清七对."""
    pay = ctx.n - 1
    live = ctx.live
    concealed = not melds
    chows = any(k == "chow" for k, _f, _s in melds)
    out = [Route("std", *_std(live), pay, 1.0, claim=1.5)]
    if not chows:
        out.append(Route("pungs", *_generic(shanten.pungs, live), 2 * pay, 2.0, claim=1.3, final_waits=3.0, base="std"))
    g, off = main_suit(ctx.counts, [f for _k, f, _s in melds])
    if g >= 0 and off <= 5:
        out.append(Route("flush", *_flush(live, g), 2 * pay, 2.0, claim=1.3, base="std"))
    if concealed:
        def quads(c: shanten.Counts, j: int) -> float:
            return 2.0 if any(x == 4 for x in c) else 1.0

        out.append(Route("pairs", *_pairs(live), 2 * pay, 2.0, final_waits=2.5, vf=quads))
        if g >= 0 and off <= 5:
            out.append(Route("flush_pairs", *_flush_pairs(live, g), 4 * pay, 4.0, final_waits=2.5, vf=quads,
                             base="pairs"))
    return out


def _std(live: Sequence[int]) -> tuple[ShFn, KindsFn]:
    def sh(c: shanten.Counts, k: shanten.Keys, j: int) -> int:
        return shanten.std(k, j)

    def acc(c: shanten.Counts, k: shanten.Keys, j: int, s: int) -> tuple[int, list[int]]:
        return shanten.std_accepts(c, k, j, s, live)

    return sh, acc


def _pairs(live: Sequence[int]) -> tuple[ShFn, KindsFn]:
    def sh(c: shanten.Counts, k: shanten.Keys, j: int) -> int:
        return shanten.pairs(c, j)

    def acc(c: shanten.Counts, k: shanten.Keys, j: int, s: int) -> tuple[int, list[int]]:
        return shanten.pairs_accepts(c, j, s, live)

    return sh, acc


def _generic(fn: Callable[[shanten.Counts, int], int], live: Sequence[int]) -> tuple[ShFn, KindsFn]:
    def sh(c: shanten.Counts, k: shanten.Keys, j: int) -> int:
        return fn(c, j)

    def acc(c: shanten.Counts, k: shanten.Keys, j: int, s: int) -> tuple[int, list[int]]:
        return shanten.generic_accepts(fn, c, j, s, live)

    return sh, acc


def _flush(live: Sequence[int], g: int) -> tuple[ShFn, KindsFn]:
    """Standard shape in suit ``g``; off-suit tiles each cost a draw."""
    lo, hi = 9 * g, 9 * g + 9

    def sh(c: shanten.Counts, k: shanten.Keys, j: int) -> int:
        return shanten.flush(c, j, g)[0]

    def acc(c: shanten.Counts, k: shanten.Keys, j: int, s: int) -> tuple[int, list[int]]:
        total = 0
        kinds = []
        for u in range(lo, hi):
            if live[u] and c[u] < 4:
                c[u] += 1
                s2 = shanten.flush(c, j, g)[0]
                c[u] -= 1
                if s2 < s:
                    total += live[u]
                    kinds.append(u)
        return total, kinds

    return sh, acc


def _flush_pairs(live: Sequence[int], g: int) -> tuple[ShFn, KindsFn]:
    """Seven pairs in suit ``g``: pairs outside the suit do not count."""
    kinds = list(range(9 * g, 9 * g + 9))

    def sh(c: shanten.Counts, k: shanten.Keys, j: int) -> int:
        return shanten.flush_pairs(c, j, g)

    def acc(c: shanten.Counts, k: shanten.Keys, j: int, s: int) -> tuple[int, list[int]]:
        if s < 0:
            return 0, []
        got = [u for u in kinds if live[u] and c[u] & 1]
        return sum(live[u] for u in got), got

    return sh, acc


def main_suit(c: Sequence[int], melds_faces: Sequence[Sequence[int]]) -> tuple[int, int]:
    """(suit with the most tiles in hand and melds, tiles of other suits or honors in hand); -1 if melds mix."""
    suits = set()
    for faces in melds_faces:
        for f in faces:
            suits.add(f // 9 if f < 27 else 3)
    cnt = [sum(c[0:9]), sum(c[9:18]), sum(c[18:27])]
    if suits:
        if len(suits) > 1 or 3 in suits:
            return -1, 99
        g = next(iter(suits))
    else:
        g = max(range(3), key=lambda x: cnt[x])
    return g, sum(c) - cnt[g]


# ---- the value -----------------------------------------------------------------------------------------------
def hand_ev(routes: Sequence[Route], model: Model, c: shanten.Counts, k: shanten.Keys, j: int, extra: bool = False,
            slack: int = 2) -> float:
    """Value of a 3k+1 hand: the best family of a base route plus its refinements' extra worth.

    Routes far behind the best shanten are skipped.
    """
    shs = []
    smin = shanten.NONE
    for r in routes:
        s = r.sh(c, k, j)
        shs.append(s)
        if s < smin:
            smin = s
    fam: dict[str, tuple[float, float, float]] = {}
    refine: list[tuple[str, float, float]] = []
    ready = 0.0
    tenpai_bonus = 0.0
    rb = model.ready_bonus
    for r, s in zip(routes, shs):
        if s > smin + slack or s >= shanten.NONE:
            if r.base is None:
                fam[r.key] = (0.0, 0.0, 0.0)
            continue
        u: float
        if s == 0 and (model.wait_weight is not None or model.tenpai_extra is not None):
            u, kinds = r.acc(c, k, j, s)
            ww = model.wait_weight
            live = model.ctx.live
            p, v = model.route_ev(r, s, u, extra, sum(live[t] * ww[t] for t in kinds) if ww else None)
            if model.tenpai_extra is not None:
                bonus = model.tenpai_extra(c, j, kinds)
                if bonus > tenpai_bonus:
                    tenpai_bonus = bonus
        else:
            u = r.acc(c, k, j, s)[0] if s >= 0 else 0
            p, v = model.route_ev(r, s, u, extra)
        if rb and s == smin and ready < 1.0:
            pr = model.ready_prob(r, s, u, extra)
            if pr > ready:
                ready = pr
        if r.vf is not None:
            v *= r.vf(c, j)
        if r.base is None:
            fam[r.key] = (p * (v + model.avoided), p, v)
        else:
            refine.append((r.base, p, v))
    for base, p, v in refine:
        b = fam.get(base)
        if b is None:
            continue
        ev, pb, vb = b
        fam[base] = (ev + p * max(0.0, v - vb), pb, vb)
    return max((x[0] for x in fam.values()), default=0.0) + ready * rb + tenpai_bonus


def ev_after_discard(routes: Sequence[Route], model: Model, c: shanten.Counts, k: shanten.Keys, j: int, d: int,
                     jk: int | None) -> float:
    """``hand_ev`` of the 3k+2 hand (c, k, j) once ``d`` is discarded (the wildcard ``jk``: one joker less);
    c and k are restored."""
    ev = hand_ev(routes, model, c, k, shanten.take(c, k, d, j, jk))
    shanten.put(c, k, d, jk)
    return ev

