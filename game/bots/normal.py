"""熟手 (normal): shanten over the variant's shapes, tile acceptance counted on visible tiles, sensible claims."""

from __future__ import annotations

from ..rules.actions import CHOW, DISCARD, HU, KONG, PASS, PUNG
from . import plan as P
from . import shape as S
from .core import BotBase


def isolation(c, t: int) -> float:
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


def scan(ctx, strat, routes, with_accept: str = "best"):
    """Evaluate each legal discard: [(shanten, accept, tile, per-route shanten)].

    ``with_accept``: "best" computes tile acceptance for the lowest-shanten discards only, "all" for every one.
    """
    jk, wf = ctx.jk, ctx.wface
    c, j = P.split(ctx.counts, jk)
    k = S.keys(c)
    nm = ctx.n_melds
    ok = P.melds_ok(ctx)
    rows = []
    tiles = sorted({a.tile for a in ctx.legal if a.kind == DISCARD})
    for d in tiles:
        jj = S.take(c, k, d, j, jk)
        per = []
        best = S.NONE
        for r in routes:
            s = strat.shanten(r, c, k, jj, wf, nm, ok)
            per.append(s)
            if s < best:
                best = s
        rows.append([best, 0, d, per])
        S.put(c, k, d, jk)
    if not rows:
        return rows
    smin = min(r[0] for r in rows)
    live = ctx.live
    for row in rows:
        if with_accept != "all" and row[0] != smin:
            continue
        d = row[2]
        jj = S.take(c, k, d, j, jk)
        if row[0] >= 0 and row[0] < S.NONE:
            if len(routes) == 1 or sum(1 for s in row[3] if s == row[0]) == 1:
                r = routes[row[3].index(row[0])]
                row[1] = strat.accepts(r, c, k, jj, row[0], live, jk, wf)[0]
            else:
                kinds = set()
                for r, s in zip(routes, row[3]):
                    if s == row[0]:
                        kinds.update(strat.accepts(r, c, k, jj, s, live, jk, wf)[1])
                row[1] = sum(live[u] for u in kinds)
        S.put(c, k, d, jk)
    return rows


class NormalBot(BotBase):
    level = "normal"
    name = "normal"
    name_zh = "熟手"
    name_en = "Skilled"

    # ---- own turn ---------------------------------------------------------------------
    def turn(self, ctx, strat):
        hu = ctx.first(HU)
        if hu is not None:
            return hu
        routes = strat.normal_routes(ctx)
        for a in ctx.of(KONG):
            if self.turn_kong_ok(ctx, strat, a.tile, routes):
                return a
        return self.discard(ctx, strat, routes)

    def discard(self, ctx, strat, routes, rows=None):
        if rows is None:
            rows = scan(ctx, strat, routes)
        c = ctx.counts
        jk = ctx.jk
        best = None
        for s, acc, d, _per in rows:
            key = (s, -acc, d == jk, -isolation(c, d) - strat.tile_keep(ctx, d), d)
            if best is None or key < best[0]:
                best = (key, d)
        return next(a for a in ctx.legal if a.kind == DISCARD and a.tile == best[1])

    def turn_kong_ok(self, ctx, strat, face, routes) -> bool:
        kind, got = P.turn_kong_tiles(ctx, face)
        if got is None or P.subs_in(got, face) or strat.kong_value(ctx, face, kind) <= 0:
            return False
        jk, wf = ctx.jk, ctx.wface
        c, j = P.split(ctx.counts, jk)
        before = P.best_after_discard(strat, c, j, wf, ctx.n_melds, routes, P.melds_ok(ctx), jk)
        c2, j2 = P.split(P.without(ctx.counts, got), jk)
        after_routes = routes if kind == "added_kong" else tuple(r for r in routes if r in ("std", "pungs"))
        after = P.best_shanten(strat, c2, j2, wf, ctx.n_melds + (kind != "added_kong"), after_routes or ("std",))
        return after <= before

    # ---- claims ---------------------------------------------------------------------------
    def claim(self, ctx, strat):
        hu = ctx.first(HU)
        if hu is not None:
            return hu
        pas = ctx.first(PASS)
        routes = strat.normal_routes(ctx)
        jk, wf = ctx.jk, ctx.wface
        c, j = P.split(ctx.counts, jk)
        now = P.best_shanten(strat, c, j, wf, ctx.n_melds, routes, P.melds_ok(ctx))
        open_routes = tuple(r for r in strat.routes if r in ("std", "pungs"))
        best = None
        for a in ctx.legal:
            if a.kind not in (PUNG, KONG, CHOW):
                continue
            got = P.claim_tiles(ctx, a)
            if got is None:
                continue
            face = ctx.offer if a.kind != CHOW else None
            if a.kind != CHOW and (P.subs_in(got, face) or (ctx.jk is not None and ctx.offer == ctx.jk)):
                continue
            if a.kind == CHOW and ctx.jk is not None and ctx.jk in got:
                continue
            c2, j2 = P.split(P.without(ctx.counts, got), jk)
            ok = P.melds_ok(ctx) and a.kind != CHOW
            if a.kind == KONG:
                if strat.kong_value(ctx, ctx.offer, KONG) <= 0:
                    continue
                after = P.best_shanten(strat, c2, j2, wf, ctx.n_melds + 1, open_routes, ok)
                if after <= now:
                    key = (after - 1, 0)
                else:
                    continue
            else:
                after = P.best_after_discard(strat, c2, j2, wf, ctx.n_melds + 1, open_routes, ok, jk)
                if after >= now:
                    continue
                key = (after, 1 if a.kind == PUNG else 2)
            if best is None or key < best[0]:
                best = (key, a)
        return best[1] if best else pas
