"""文山翻小鸡 (and 昆明) for every level: the concealed patterns' shapes, and the wildcard and 白 kept.

Every other player pays the winner the same whoever discarded (unless 惩炮), so there is nothing to
defend against; hands are fast (wildcards, chows). The 高手 plays with its own expert
(``strong_wenshan``): kong points, claims counted in the acceptance, and the hand worth more.
"""

from __future__ import annotations

from ..rules.tiles import WHITE
from .ctx import Ctx
from .variant import LAN, PAIRS, STD, YAO, VariantStrategy


class WenshanStrategy(VariantStrategy):
    id = "wenshan"
    routes = (STD, PAIRS, LAN, YAO)

    def tile_keep(self, ctx: Ctx, t: int) -> float:
        if t == ctx.jk:
            return 20.0
        if ctx.wface is not None and t == WHITE:
            return 0.3
        return 0.0
