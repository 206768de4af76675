"""Tool: a hand's arithmetic for every level: tiles and jokers apart, claims and kongs as the engine makes them,
the best shanten over routes."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..rules.actions import CHOW, KONG, PUNG, Action
from ..rules.tiles import WHITE
from . import shanten
from .ctx import Ctx, OwnMelds
from .variant import VariantStrategy


def split(counts: Sequence[int], jk: int | None) -> tuple[shanten.Counts, int]:
    """(non-joker counts copy, jokers held)."""
    c = list(counts)
    j = 0
    if jk is not None:
        j = c[jk]
        c[jk] = 0
    return c, j


def servers(face: int, jk: int | None, wf: int | None) -> list[int]:
    out = [face]
    if wf is not None and face == wf and face != WHITE:
        out.append(WHITE)
    if jk is not None and jk != face:
        out.append(jk)
    return out


def pick(counts: Sequence[int], face: int, need: int, jk: int | None, wf: int | None) -> list[int] | None:
    """Fewest-substitute hand tiles serving as ``face`` (as the engine picks), or None."""
    got: list[int] = []
    for t in servers(face, jk, wf):
        take = min(counts[t], need - len(got))
        got.extend([t] * take)
        if len(got) == need:
            return got
    return None


def claim_tiles(ctx: Ctx, a: Action) -> list[int] | None:
    """Hand tiles a pung/kong/chow claim of the offered tile would use."""
    plan = claim_plan(ctx, a)
    return None if plan is None else plan[0]


def claim_plan(ctx: Ctx, a: Action) -> tuple[list[int], tuple[int, ...], int] | None:
    """(hand tiles used, meld faces, substitutes in the meld) of a claim, as the engine would make it."""
    t = ctx.offer
    if t is None:
        return None
    if a.kind == CHOW:
        tiles = list(a.tiles or ())
        faces = chow_faces(ctx, tiles)
        rest = list(tiles)
        rest.remove(t)
        return rest, faces, sum(1 for x, f in zip(tiles, faces) if x != f)
    need = 2 if a.kind == PUNG else 3
    best: tuple[tuple[int, int], list[int], tuple[int, ...], int] | None = None
    cands = [t]
    if t == WHITE and ctx.wface is not None:
        cands.append(ctx.wface)
    for i, f in enumerate(cands):
        got = pick(ctx.counts, f, need, ctx.jk, ctx.wface)
        if got is None:
            continue
        subs = sum(1 for x in got if x != f) + (1 if t != f else 0)
        if best is None or (subs, i) < best[0]:
            best = ((subs, i), got, (f,) * (need + 1), subs)
    return None if best is None else (best[1], best[2], best[3])


def claim_results(ctx: Ctx, melds: OwnMelds) -> Iterator[tuple[Action, OwnMelds, shanten.Counts, int]]:
    """Each chow, pung or kong on offer the engine can make, in ``ctx.legal`` order: (the claim, the seat's
    melds after it, the hand's counts after it, substitutes in its meld)."""
    for a in ctx.legal:
        if a.kind not in (CHOW, PUNG, KONG):
            continue
        plan = claim_plan(ctx, a)
        if plan is None:
            continue
        got, faces, subs = plan
        kind = "kong" if a.kind == KONG else str(a.kind)
        yield a, melds + [(kind, faces, subs)], without(ctx.counts, got), subs


def chow_faces(ctx: Ctx, tiles: Sequence[int]) -> tuple[int, ...]:
    """The run a chow's physical tiles (in face order) stand for."""
    jk, wf = ctx.jk, ctx.wface
    for i, x in enumerate(tiles):
        if x < 27 and x != jk and x != WHITE:
            start = x - i
            if start >= 0 and start // 9 == x // 9 == (start + 2) // 9:
                return (start, start + 1, start + 2)
    for i, x in enumerate(tiles):  # only substitutes besides the claimed tile: read the wildcard face
        f = wf if (x == WHITE and wf is not None) else x
        if f < 27:
            start = f - i
            if start >= 0 and start // 9 == f // 9 == (start + 2) // 9:
                return (start, start + 1, start + 2)
    return tuple(tiles)


def subs_in(tiles: Sequence[int], face: int) -> int:
    return sum(1 for x in tiles if x != face)


def turn_kong_tiles(ctx: Ctx, face: int) -> tuple[str, list[int] | None]:
    """(kind, hand tiles) of a kong of ``face`` in one's own turn: added onto a pung, else concealed."""
    for m in ctx.melds:
        if m["kind"] == PUNG and m["faces"] and m["faces"][0] == face:
            got = pick(ctx.counts, face, 1, ctx.jk, ctx.wface)
            if got is not None:
                return "added_kong", got
    got = pick(ctx.counts, face, 4, ctx.jk, ctx.wface)
    return "concealed_kong", got


def without(counts: Sequence[int], tiles: Sequence[int]) -> shanten.Counts:
    c = list(counts)
    for t in tiles:
        c[t] -= 1
    return c


def best_shanten(strat: VariantStrategy, c: shanten.Counts, j: int, wf: int | None, n_melds: int,
                 routes: Sequence[str], melds_ok: bool = True) -> int:
    """Shanten of a 3k+1 hand (c, j) over ``routes``."""
    k = shanten.keys(c)
    best = shanten.NONE
    for r in routes:
        s = strat.shanten(r, c, k, j, wf, n_melds, melds_ok)
        if s < best:
            best = s
    return best


def best_after_discard(strat: VariantStrategy, c: shanten.Counts, j: int, wf: int | None, n_melds: int,
                       routes: Sequence[str], melds_ok: bool = True, jk: int | None = None) -> int:
    """Shanten of a 3k+2 hand after its best discard."""
    k = shanten.keys(c)
    best = shanten.NONE
    for d in range(34):
        if not c[d]:
            continue
        shanten.take(c, k, d)
        for r in routes:
            s = strat.shanten(r, c, k, j, wf, n_melds, melds_ok)
            if s < best:
                best = s
        shanten.put(c, k, d)
    if j and jk is not None:
        for r in routes:
            s = strat.shanten(r, c, k, j - 1, wf, n_melds, melds_ok)
            if s < best:
                best = s
    return best


def melds_ok(ctx: Ctx) -> bool:
    """All own melds are pungs/kongs (the all-pungs route is still open)."""
    return all(m["kind"] != CHOW for m in ctx.melds)
