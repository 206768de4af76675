"""Level 熟手 (normal): shanten over the variant's shapes, tile acceptance counted on visible tiles, sensible claims."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..rules.actions import CHOW, DISCARD, HU, KONG, PASS, PUNG, Action
from . import hand_math, shanten
from .core import BotBase
from .ctx import Ctx
from .variant import VariantStrategy


@dataclass(slots=True)
class Row:
    """One discard as ``scan`` sees it."""

    shanten: int  # the best over the routes after it
    accept: float  # live tiles lowering that shanten (0 where not counted)
    tile: int
    per: list[int]  # the shanten by each route


def isolation(c: Sequence[int], t: int) -> float:
    """How little a tile does for its neighbours (higher: a better discard at equal shanten)."""
    if t >= 27:
        return 3.0 - c[t]
    r = t % 9
    v = 2.0 - (0.5 if r in (0, 8) else (0.25 if r in (1, 7) else 0.0))
    b = t - r
    for d, w in ((1, 1.0), (2, 0.5)):
        if r - d >= 0 and c[b + r - d]:
            v -= w
        if r + d <= 8 and c[b + r + d]:
            v -= w
    return v - (c[t] - 1) * 1.5


def scan(ctx: Ctx, strat: VariantStrategy, routes: Sequence[str], with_accept: str = "best") -> list[Row]:
    """Evaluate each legal discard: a ``Row`` per tile, in tile order.

    ``with_accept``: "best" computes tile acceptance for the lowest-shanten discards only, "all" for every one.
    """
    jk, wf = ctx.jk, ctx.wface
    c, j = hand_math.split(ctx.counts, jk)
    k = shanten.keys(c)
    nm = ctx.n_melds
    ok = hand_math.melds_ok(ctx)
    rows: list[Row] = []
    tiles = sorted({a.tile for a in ctx.legal if a.kind == DISCARD and a.tile is not None})
    for d in tiles:
        jj = shanten.take(c, k, d, j, jk)
        per = []
        best = shanten.NONE
        for r in routes:
            s = strat.shanten(r, c, k, jj, wf, nm, ok)
            per.append(s)
            if s < best:
                best = s
        rows.append(Row(best, 0, d, per))
        shanten.put(c, k, d, jk)
    if not rows:
        return rows
    smin = min(r.shanten for r in rows)
    live = ctx.live
    for row in rows:
        if with_accept != "all" and row.shanten != smin:
            continue
        d = row.tile
        jj = shanten.take(c, k, d, j, jk)
        if row.shanten >= 0 and row.shanten < shanten.NONE:
            if len(routes) == 1 or sum(1 for s in row.per if s == row.shanten) == 1:
                r = routes[row.per.index(row.shanten)]
                row.accept = strat.accepts(r, c, k, jj, row.shanten, live, jk, wf)[0]
            else:
                kinds: set[int] = set()
                for r, s in zip(routes, row.per):
                    if s == row.shanten:
                        kinds.update(strat.accepts(r, c, k, jj, s, live, jk, wf)[1])
                row.accept = sum(live[u] for u in kinds)
        shanten.put(c, k, d, jk)
    return rows


class NormalBot(BotBase):
    level = "normal"
    name = "normal"
    name_zh = "熟手"
    name_en = "Skilled"

    # ---- own turn ---------------------------------------------------------------------
    def turn(self, ctx: Ctx, strat: VariantStrategy) -> Action:
        hu = ctx.first(HU)
        if hu is not None:
            return hu
        routes = strat.normal_routes(ctx)
        for a in ctx.of(KONG):
            if a.tile is not None and self.turn_kong_ok(ctx, strat, a.tile, routes):
                return a
        return self.discard(ctx, strat, routes)

    def discard(self, ctx: Ctx, strat: VariantStrategy, routes: Sequence[str], rows: list[Row] | None = None
                ) -> Action:
        """The fastest discard: lowest shanten, most acceptance, then the least useful tile."""
        if rows is None:
            rows = scan(ctx, strat, routes)
        c = ctx.counts
        jk = ctx.jk
        best: tuple[tuple[int, float, bool, float, int], int] | None = None
        for row in rows:
            d = row.tile
            key = (row.shanten, -row.accept, d == jk, -isolation(c, d) - strat.tile_keep(ctx, d), d)
            if best is None or key < best[0]:
                best = (key, d)
        assert best is not None
        pick = best[1]
        return next(a for a in ctx.legal if a.kind == DISCARD and a.tile == pick)

    def turn_kong_ok(self, ctx: Ctx, strat: VariantStrategy, face: int, routes: Sequence[str]) -> bool:
        """Make this kong in one's own turn: it scores and costs no shanten."""
        kind, got = hand_math.turn_kong_tiles(ctx, face)
        if got is None or hand_math.subs_in(got, face) or strat.kong_value(ctx, face, kind) <= 0:
            return False
        jk, wf = ctx.jk, ctx.wface
        c, j = hand_math.split(ctx.counts, jk)
        before = hand_math.best_after_discard(strat, c, j, wf, ctx.n_melds, routes, hand_math.melds_ok(ctx), jk)
        c2, j2 = hand_math.split(hand_math.without(ctx.counts, got), jk)
        after_routes = routes if kind == "added_kong" else tuple(r for r in routes if r in ("std", "pungs"))
        after = hand_math.best_shanten(strat, c2, j2, wf, ctx.n_melds + (kind != "added_kong"),
                                       after_routes or ("std",))
        return after <= before

    # ---- claims ---------------------------------------------------------------------------
    def claim(self, ctx: Ctx, strat: VariantStrategy) -> Action:
        hu = ctx.first(HU)
        if hu is not None:
            return hu
        pas = ctx.first(PASS)
        offer = ctx.offer
        if offer is None:  # a claim window always offers a tile
            return pas or ctx.legal[0]
        routes = strat.normal_routes(ctx)
        jk, wf = ctx.jk, ctx.wface
        c, j = hand_math.split(ctx.counts, jk)
        now = hand_math.best_shanten(strat, c, j, wf, ctx.n_melds, routes, hand_math.melds_ok(ctx))
        open_routes = tuple(r for r in strat.routes if r in ("std", "pungs"))
        best: tuple[tuple[int, int], Action] | None = None
        for a in ctx.legal:
            if a.kind not in (PUNG, KONG, CHOW):
                continue
            got = hand_math.claim_tiles(ctx, a)
            if got is None:
                continue
            if a.kind != CHOW and (hand_math.subs_in(got, offer) or (ctx.jk is not None and offer == ctx.jk)):
                continue
            if a.kind == CHOW and ctx.jk is not None and ctx.jk in got:
                continue
            c2, j2 = hand_math.split(hand_math.without(ctx.counts, got), jk)
            ok = hand_math.melds_ok(ctx) and a.kind != CHOW
            if a.kind == KONG:
                if strat.kong_value(ctx, offer, KONG) <= 0:
                    continue
                after = hand_math.best_shanten(strat, c2, j2, wf, ctx.n_melds + 1, open_routes, ok)
                if after <= now:
                    key = (after - 1, 0)
                else:
                    continue
            else:
                after = hand_math.best_after_discard(strat, c2, j2, wf, ctx.n_melds + 1, open_routes, ok, jk)
                if after >= now:
                    continue
                key = (after, 1 if a.kind == PUNG else 2)
            if best is None or key < best[0]:
                best = (key, a)
        return best[1] if best else (pas or ctx.legal[0])
