"""Test helper: build scenario dicts with a filled wall so tests name only the tiles that matter."""

from __future__ import annotations

from game.rules import tiles
from game.rules.variants import get


def scenario_dict(variant: str, hands: list[str], front: str = "", back: str = "", flip: str | None = None,
             options: dict | None = None, dealer: int = 0, actions=(), fill: bool = True, tail: str = "") -> dict:
    """A scenario whose wall is ``front`` + filler + reversed(``back``) + ``tail`` [+ ``flip``].

    ``back`` lists kong replacement tiles in the order they are drawn; ``flip`` is
    wenshan's indicator (the very last tile). ``tail`` sits just before the flip
    (yuxi's face-up tail tiles: its last two tiles). The filler is every unused tile.
    """
    v = get(variant)
    opts = v.resolve_options(options or {})
    full = tiles.counts(v.tile_set(opts))
    used = [0] * tiles.NUM_KINDS
    hs = [tiles.parse(h) for h in hands]
    fr, bk, tl = tiles.parse(front), tiles.parse(back), tiles.parse(tail)
    fl = tiles.parse(flip) if flip else []
    for t in [x for h in hs for x in h] + fr + bk + tl + fl:
        used[t] += 1
    filler = []
    if fill:
        for k in range(tiles.NUM_KINDS):
            left = full[k] - used[k]
            if left < 0:
                raise ValueError(f"too many {tiles.name(k)} in the test scenario")
            filler += [k] * left
        filler = _spread(filler)
    wall = fr + filler + list(reversed(bk)) + tl + fl
    return {"variant": variant, "options": options or {}, "players": len(hands), "dealer": dealer,
            "hands": hands, "wall": tiles.fmt(wall), "actions": [list(a) for a in actions]}


def deal(variant, hands: list[str], front: str = "", back: str = "", flip: str | None = None,
         options: dict | None = None, dealer: int = 0, fill: bool = True, tail: str = ""):
    """Deal a scenario directly for a Variant object (fixtures not in the registry); returns the state."""
    from game.rules import engine

    data = scenario_dict(variant.id if variant.id in _ids() else "wenshan", hands, front, back, flip, options, dealer,
                         (), fill, tail) if fill else None
    if data:
        wall = tiles.parse(data["wall"])
    else:
        wall = tiles.parse(front) + list(reversed(tiles.parse(back))) + tiles.parse(tail) + (
            tiles.parse(flip) if flip else [])
    st, _ = engine.new_hand(variant, variant.resolve_options(options or {}), dealer=dealer,
                       hands=[tiles.parse(h) for h in hands], wall=wall)
    return st


def _ids():
    from game.rules.variants import ids

    return ids()


def _spread(kinds):
    """Interleave kinds so filler draws are unremarkable (no accidental runs of one tile)."""
    buckets = {}
    for t in kinds:
        buckets.setdefault(t, []).append(t)
    order = sorted(buckets, key=lambda k: ((k * 7) % 34, k))
    out = []
    while any(buckets.values()):
        for k in order:
            if buckets[k]:
                out.append(buckets[k].pop())
    return out
