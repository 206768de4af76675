"""Level 新手 (easy): keeps pairs and runs, claims wins, claims and discards with deliberate mistakes."""

from __future__ import annotations

from ..rules.actions import CHOW, DISCARD, HU, KONG, PASS, PUNG, Action
from .core import BotBase
from .ctx import Ctx
from .simple import keep_value
from .variant import VariantStrategy


class EasyBot(BotBase):
    level = "easy"
    name = "easy"
    name_zh = "新手"
    name_en = "Beginner"
    mistake = 0.2  # share of discards taken from the worse half of the hand

    def turn(self, ctx: Ctx, strat: VariantStrategy) -> Action:
        hu = ctx.first(HU)
        if hu is not None:
            return hu
        kongs = ctx.of(KONG)
        if kongs and self.rng.random() < 0.7:
            return kongs[0]
        return self.discard(ctx, strat)

    def discard(self, ctx: Ctx, strat: VariantStrategy) -> Action:
        c = ctx.counts
        jk = ctx.jk
        opts = [a for a in ctx.legal if a.kind == DISCARD]

        def keep(t: int | None) -> float:
            assert t is not None
            if t == jk:
                return 100.0
            return keep_value(c, t, edge=0.5) + strat.tile_keep(ctx, t) + self.rng.random() * 0.5

        ranked = sorted(opts, key=lambda a: keep(a.tile))
        if len(ranked) > 2 and self.rng.random() < self.mistake:
            pool = [a for a in ranked[: max(2, len(ranked) // 2)] if a.tile != jk] or ranked
            return self.rng.choice(pool)
        return ranked[0]

    def claim(self, ctx: Ctx, strat: VariantStrategy) -> Action:
        hu = ctx.first(HU)
        if hu is not None:
            return hu
        r = self.rng.random()
        for kind, p in ((KONG, 0.6), (PUNG, 0.45), (CHOW, 0.25)):
            acts = ctx.of(kind)
            if acts and r < p:
                return self.rng.choice(acts)
        return ctx.first(PASS) or ctx.legal[0]
