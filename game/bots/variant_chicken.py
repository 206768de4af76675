"""The chicken games (guiyang, zhuoji) for every level: no chow, the default chickens are worth keeping.

The 高手 plays these games with its own expert (``strong_chicken``).
"""

from __future__ import annotations

from .ctx import Ctx
from .variant import PAIRS, STD, VariantStrategy

YAO, WU_GU = 18, 16


class ChickenStrategy(VariantStrategy):
    id = "guiyang"
    routes = (STD, PAIRS)

    def chickens(self, ctx: Ctx) -> tuple[int, ...]:
        return (YAO, WU_GU) if ctx.options.get("wu_gu", True) else (YAO,)

    def tile_keep(self, ctx: Ctx, t: int) -> float:
        """Keep default chickens, in points (8p counts double in guiyang)."""
        if t not in self.chickens(ctx):
            return 0.0
        first = not any(d["tile"] == t for s in ctx.seats for d in s["discards"])
        if first and ctx.counts[t] == 1 and ctx.live[t] <= 1:
            return -0.5  # nobody can pung it: let it charge (冲锋鸡)
        return 2.0 if (t == WU_GU and self.id == "guiyang") else 1.0
