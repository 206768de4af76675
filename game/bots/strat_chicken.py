"""Chicken-game strategy (guiyang, zhuoji): readiness first, pungs counted as draws, beans, chickens, 报听."""

from __future__ import annotations

# Measured on the bench (see game/bench/bots.py): the money of these games goes to whoever is ready
# (叫嘴) when the hand ends - chickens from everyone, beans, 包鸡 from the not-ready, 查叫 at a draw -
# far more than to the winner's pattern (平胡 is 1 in guiyang). Every percent of hands ending ready
# is worth about 0.2 points a hand. So the strong bot plays the fastest road to ready and stays there:
#
# - acceptance counts claims: with no chow, a tile that turns a pair into a pung can come from any of
#   the other players' discards, so it counts ``pung_weight`` times (that alone is +4% ready);
# - it pungs at equal shanten when the hand gets faster (and the normal bot's pungs);
# - it kongs whenever the kong keeps the shanten (a bean, and the pass a 平胡 needs on a discard)
#   and never when it costs readiness (measured: a bean is not worth being not ready);
# - it declares ready (报听, +10/+15 and no pass needed) whenever it may and a waiting tile is live;
# - it pungs a discarded 幺鸡/乌骨鸡 whenever that costs no shanten (each pays from everyone once ready),
#   keeps its own at equal speed (guiyang: even at two live tiles of acceptance per point - a kept one
#   cannot feed a 责任鸡 pung or be paid for as 包鸡), and lets a lone first one charge (冲锋鸡) only
#   when nobody can still pung it;
# - it does not defend: deal-ins are rare here (平胡 needs a pass) and even a perfect read of them
#   was worth nothing measurable.
from .strategy import PAIRS, STD, Strategy

YAO, WU_GU, RED = 18, 16, 33


class ChickenStrategy(Strategy):
    id = "guiyang"
    routes = (STD, PAIRS)
    chow = False
    discarder_pays = True
    lean = True
    kong_guard = True
    speed_tolerance = 0.0
    pung_weight = 3.5
    eager_pungs = True
    claim_kinds = ()

    def __init__(self, vid: str):
        self.id = vid
        # guiyang's 乌骨鸡 counts 2: keeping it is worth some speed there; in zhuoji (1 each) it is not
        self.keep_weight = 2.0 if vid == "guiyang" else 0.0


    def chickens(self, ctx) -> tuple[int, ...]:
        return (YAO, WU_GU) if ctx.options.get("wu_gu", True) else (YAO,)

    def defends(self, ctx) -> bool:
        return False

    def ron_chance(self, ctx, seat: int) -> float:
        """A ready hand wins on a discard only with a pass (a kong, 报听) or a bigger pattern than 平胡."""
        s = ctx.seats[seat]
        if s.get("declared"):
            return 1.0
        if any(m["kind"] in ("kong", "added_kong", "concealed_kong") for m in s["melds"]):
            return 0.7
        return 0.1

    def chicken_tiles(self, ctx) -> tuple[int, ...]:
        return self.chickens(ctx)

    def tile_keep(self, ctx, t: int) -> float:
        """Keep default chickens (8p counts double in guiyang): worth ``keep_weight`` live tiles a point."""
        if t not in self.chickens(ctx):
            return 0.0
        first = not any(d["tile"] == t for s in ctx.seats for d in s["discards"])
        if first and ctx.counts[t] == 1 and ctx.live[t] <= 1:
            return -0.5  # nobody can pung it: let it charge (冲锋鸡)
        return 2.0 if (t == WU_GU and self.id == "guiyang") else 1.0

    def should_declare(self, ctx, waits: int) -> bool:
        return waits >= 1


def make(vid: str) -> Strategy:
    return ChickenStrategy(vid)
