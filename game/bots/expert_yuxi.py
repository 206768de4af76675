"""The 高手's play in 玉溪扳倒胡: the fitted discard choice, patterns by their 番, defence, win now or 自摸.

A win pays 2^番 per payer: a discard win is paid by the discarder alone, a self-draw by every other
player, so a 平胡 on offer is worth 1 while the same hand self-drawn is worth 3. Most hands are a fast
平胡 and dealing in costs, so the base is the rollout-fitted advantage choice among the fastest discards
(``StrongBot.advantage_turn``; safe play once the hand cannot be won). On top of it:

- hands with a 1-番 or better route within reach (清一色, 七对, 大碰对; 清七对, 龙七对 ...) are valued
  by ``expert.Evaluator`` (each route's chance and its payout, self-draws paid by all) net of the deal-in
  risk read from the table, and the valued choice replaces the base when it is clearly worth more;
- a discard win is weighed against passing it (过手胡 then blocks discard wins of that 番 until the next
  draw): taken unless the hand's expected value from here, self-draws included, is clearly larger.
"""

from __future__ import annotations

from typing import Any

from ..rules.actions import DISCARD, HU, KONG, PASS, Action
from . import expert as X
from . import shape as S
from .ev import Model
from .read import Read

TYP = {
    "std": {0: 4.5, 1: 14.0, 2: 26.0, 3: 37.0, 4: 60.0, 5: 70.0, 6: 75.0},
    "pungs": {0: 3.0, 1: 10.0, 2: 14.0, 3: 20.0, 4: 26.0, 5: 30.0, 6: 32.0},
    "pairs": {0: 2.0, 1: 7.0, 2: 12.5, 3: 17.0, 4: 22.0, 5: 28.0, 6: 32.0},
    "flush": {0: 4.0, 1: 16.0, 2: 24.0, 3: 26.0, 4: 28.0, 5: 30.0, 6: 31.0},
    "fpairs": {0: 2.0, 1: 5.0, 2: 7.0, 3: 7.5, 4: 10.0, 5: 10.5, 6: 10.0},
}


class YuxiExpert:
    rho = 0.5
    pung_weight = 1.75
    claim_speed = 1.3
    avoided = 0.6  # what ending the hand saves this seat (others' self-draws and deal-ins)
    win_rate = 0.19
    ready_mid = 5.2
    flush_min = 8
    value_slack = 0
    flush_slack = 2
    margin = 0.15
    ratio = 0.1
    pass_margin = 0.3
    pass_discount = 0.85
    defend_scale = 1.0

    def __init__(self, vid: str):
        self.vid = vid

    def model(self, ctx: Any) -> Model:
        return Model(ctx, 0.8, 0.0, ready_mid=self.ready_mid, win_rate=self.win_rate)

    def routes(self, ctx: Any, melds: list[tuple[str, tuple[int, ...], int]], counts: list[int]) -> list[X.XRoute]:
        pay = ctx.n - 1
        live = ctx.live
        A = self.avoided
        concealed = not melds
        chows = any(k == "chow" for k, _f, _s in melds)
        pw = self.pung_weight

        def vals(fan: int) -> tuple[float, float]:
            v = float(2 ** fan)
            return pay * v + A, v + A

        out = [X.XRoute("std", *X.std_route(live, pw), *vals(0), claim=self.claim_speed, typ=TYP["std"])]
        if not chows:
            out.append(X.XRoute("pungs", *X.pungs_route(live, pw), *vals(1), typ=TYP["pungs"]))
        cnt, honors = X.suit_counts(counts, [f for _k, f, _s in melds])
        g = max(range(3), key=lambda x: cnt[x])
        flush = cnt[g] >= self.flush_min and not honors
        if flush:
            out.append(X.XRoute("flush", *X.flush_route(live, g, (), pw), *vals(1), claim=self.claim_speed,
                                typ=TYP["flush"]))
        if concealed:
            def quads(c: list[int], j: int) -> float:
                n = sum(1 for x in c if x == 4)
                return float(2 ** n)

            out.append(X.XRoute("pairs", *X.pairs_route(live), *vals(1), vf=quads, typ=TYP["pairs"]))
            if flush:
                out.append(X.XRoute("fpairs", *X.flush_pairs_route(live, g), *vals(2), vf=quads,
                                    typ=TYP["fpairs"]))
        return out

    def evaluator(self, ctx: Any) -> X.Evaluator:
        return X.Evaluator(self.model(ctx), self.routes(ctx, _my_melds(ctx), ctx.counts), self.rho)

    def valued(self, ev: X.Evaluator, c: list[int]) -> bool:
        """A 1-番 route is as close as the plain one (清一色 within two steps)."""
        shs = ev.shanten(c, S.keys(c), 0)
        std = shs[0]
        for r, s in zip(ev.routes[1:], shs[1:]):
            if s <= std + (self.flush_slack if r.key in ("flush", "fpairs") else self.value_slack):
                return True
        return False

    def promising(self, ctx: Any) -> bool:
        """A cheap look before the value model: pairs, or one suit, enough to be a 1-番 route."""
        c = ctx.counts
        pairs = sum(1 for x in c if x >= 2)
        if ctx.concealed and pairs >= 4:
            return True
        if pairs + sum(1 for m in ctx.melds if m["kind"] != "chow") >= 4:
            return True
        cnt, _h = X.suit_counts(c, [tuple(m["faces"]) for m in ctx.melds])
        return max(cnt) >= self.flush_min

    # ---- decisions ---------------------------------------------------------------------------------------
    def turn(self, bot: Any, ctx: Any, strat: Any) -> Action:
        first = strat.preferred(ctx)
        if first is not None:
            return first
        hu = ctx.first(HU)
        if hu is not None:
            return hu
        base = bot.advantage_turn(ctx, strat)
        if bot.why == "hopeless" or ctx.of(KONG) or not self.promising(ctx):
            return base
        ev = self.evaluator(ctx)
        c = list(ctx.counts)
        if not self.valued(ev, c):
            return base
        opts = sorted({a.tile for a in ctx.legal if a.kind == DISCARD})
        vals = ev.scan(c, 0, opts)
        rd = Read(ctx, strat)
        evs: dict[Action, float] = {}
        for a in ctx.legal:
            if a.kind == DISCARD:
                pd, loss = rd.risk(a.tile)
                evs[a] = (1.0 - pd) * vals[a.tile].ev - loss * self.defend_scale
        return _anchored(bot, evs, base, self.margin, self.ratio)

    def claim(self, bot: Any, ctx: Any, strat: Any) -> Action:
        hu = ctx.first(HU)
        if hu is None:
            return bot.old_claim(ctx, strat)
        first = strat.preferred(ctx)
        if first is not None:
            return first
        pas = ctx.first(PASS)
        if pas is None:
            return hu
        won = self.win_value(ctx, ctx.offer)
        if won is None:
            return hu
        ev = self.evaluator(ctx)
        c = list(ctx.counts)
        now = ev.value(c, S.keys(c), 0)
        if now.ev * self.pass_discount > won + self.avoided + self.pass_margin:
            bot.why = "pass-win"
            return pas
        return hu

    def declare(self, bot: Any, ctx: Any, strat: Any) -> Action:
        """No 报听 in this variant; answer a declaration prompt as the 熟手 would."""
        return ctx.first("declare_ready") or ctx.first(PASS) or ctx.legal[0]

    def win_value(self, ctx: Any, tile: int) -> float | None:
        """Points the discarder pays for this win now (None: the scoring could not be read)."""
        from ..rules.variants.yuxi_score import score

        return X.discard_win_value(ctx, tile, score)


def _anchored(bot: Any, evs: dict[Action, float], base: Action, margin: float, ratio: float) -> Action:
    if not evs:
        return base
    best = max(evs, key=lambda a: evs[a])
    b = evs.get(base)
    if b is None or best == base or evs[best] > b + margin + ratio * abs(b):
        bot.why = "x" if best != base else bot.why
        return best
    return base


def _my_melds(ctx: Any) -> list[tuple[str, tuple[int, ...], int]]:
    out = []
    for m in ctx.melds:
        faces = tuple(m["faces"])
        out.append((m["kind"], faces, sum(1 for t, f in zip(m["tiles"], faces) if t != f)))
    return out

