"""What a variant's rules mean for play at every level: its winning shapes, their acceptance, tiles worth keeping.

``VariantStrategy`` is the generic base (the shapes most variants share); each variant module
(``variant_chicken``, ``variant_wenshan``, ``variant_yuxi``) overrides what differs, and ``variants``
holds them by variant id. The 新手 and 熟手 play from these alone; the 高手 adds its own per-variant
expert (``strong_*``) on top.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import shanten
from .ctx import Ctx
from .shanten import Counts, Keys  # plain names: inside the class, ``shanten`` is the method

# Route keys: how a hand may win. Concealed routes need no melds at all.
STD, PAIRS, PUNGS, LAN, QIXING, YAO = "std", "pairs", "pungs", "lan", "qixing", "yao"
CONCEALED_ROUTES = (PAIRS, LAN, QIXING, YAO)


class VariantStrategy:
    """Generic rules knowledge; a variant module subclasses it and overrides what differs."""

    id = "generic"
    routes: tuple[str, ...] = (STD, PAIRS)  # winning shapes a normal bot counts
    kong_points = True  # a kong is worth something by itself (points, beans)

    def __init__(self, vid: str = "generic") -> None:
        self.id = vid

    # ---- shapes ---------------------------------------------------------------------
    def shanten(self, route: str, c: Counts, k: Keys, j: int, wf: int | None, n_melds: int,
                melds_ok: bool = True) -> int:
        """Shanten of the 3k+1 hand (c, k, j) by ``route`` (``shanten.NONE``: the route is closed to it)."""
        if route == STD:
            return shanten.std(k, j, wf)
        if n_melds:
            if route == PUNGS:
                return shanten.pungs(c, j, melds_ok)
            return shanten.NONE
        if route == PAIRS:
            return shanten.pairs(c, j, wf)
        if route == PUNGS:
            return shanten.pungs(c, j, melds_ok)
        if route == LAN:
            return shanten.lan(c, j)
        if route == QIXING:
            return shanten.lan(c, j, True)
        if route == YAO:
            return shanten.yao(c, j)
        return shanten.NONE

    def accepts(self, route: str, c: Counts, k: Keys, j: int, s: int, live: Sequence[int],
                jk: int | None, wf: int | None) -> tuple[int, list[int]]:
        """(live tiles, kinds) of the draws lowering the shanten ``s`` of (c, k, j) by ``route``."""
        if route == STD:
            return shanten.std_accepts(c, k, j, s, live, jk, wf)
        if route == PAIRS:
            return shanten.pairs_accepts(c, j, s, live, jk, wf)
        if route == PUNGS:
            return shanten.generic_accepts(shanten.pungs, c, j, s, live, jk)
        if route == LAN:
            return shanten.generic_accepts(shanten.lan, c, j, s, live, jk)
        if route == QIXING:
            return shanten.generic_accepts(_qixing, c, j, s, live, jk)
        if route == YAO:
            return shanten.generic_accepts(shanten.yao, c, j, s, live, jk)
        return 0, []

    def normal_routes(self, ctx: Ctx) -> tuple[str, ...]:
        """Routes a normal bot weighs (all equal): the variant's shapes still open to this hand."""
        if ctx.concealed:
            return self.routes
        return tuple(r for r in self.routes if r not in CONCEALED_ROUTES)

    # ---- tiles and kongs ----------------------------------------------------------------
    def tile_keep(self, ctx: Ctx, t: int) -> float:
        """Extra reason to keep tile ``t`` (a wildcard, a chicken), in points."""
        return 0.0

    def kong_value(self, ctx: Ctx, face: int, kind: str) -> float:
        """What a kong is worth by itself (0: the 熟手 never makes one for its own sake)."""
        return 1.0 if self.kong_points else 0.0


def _qixing(c: shanten.Counts, j: int) -> int:
    return shanten.lan(c, j, True)
