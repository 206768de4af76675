"""Wenshan (and kunming) strategy: wildcard and 白 stand-in, concealed patterns, 硬功/自摸 multipliers, kong points."""

from __future__ import annotations

# Every other player pays the winner the same whoever discarded (unless 惩炮), so there is nothing to
# defend against; hands are fast (wildcards, chows). What the strong bot adds, each measured on the
# bench: kong points (a natural kong pays 1 or 2 from everyone: it kongs even at some cost in speed,
# never with a wildcard or 白 inside, and values natural triplets for the kong they may become), claims
# counted in the acceptance (a pair fills from anyone's discard, a run only from the left player's),
# and - among equally fast discards - the hand worth more: 硬功 (no substitute), 七对, 清一色, 烂牌/七星.
# It never spends the 小鸡 or a 白 stand-in on a claim and never discards the 小鸡.
from collections.abc import Mapping
from typing import ClassVar

from . import routes as R
from . import shape as S
from .strategy import LAN, PAIRS, STD, YAO, Strategy


class WenshanStrategy(Strategy):
    id = "wenshan"
    routes = (STD, PAIRS, LAN, YAO)
    chow = True
    discarder_pays = False  # everyone pays the winner the same (unless 惩炮)

    def defends(self, ctx) -> bool:
        return bool(ctx.options.get("penalty_discard"))
    win_rate = 0.4
    speed_tolerance = 0.0  # measured: trading acceptance for value does not pay in this fast game
    pung_weight = 1.75  # a pair fills from anyone's discard, a run only from the left player's
    claim_kinds = ("kong",)  # kong points (and the replacement draw) are worth a slower hand
    avoided = 1.7
    typ_accept: ClassVar[Mapping[int, int]] = {1: 23, 2: 35, 3: 49, 4: 66, 5: 73}
    typ_wait = 13.0


    def tile_keep(self, ctx, t: int) -> float:
        if t == ctx.jk:
            return 20.0
        if ctx.wface is not None and t == S.WHITE:
            return 0.3
        return 0.0

    def deal_in_cost(self, ctx, seat: int) -> float:
        return 2.0 if ctx.options.get("penalty_discard") else 0.0

    def hand_extra(self, ctx, counts, discard, melds):
        """Future kong points: a natural triplet may meet its fourth tile (drawn: 暗杠, discarded: 直杠)."""
        live = ctx.live
        jk = ctx.jk
        rounds = min(8.0, ctx.drawable / ctx.n)
        U = max(ctx.unseen, 1)
        pay = ctx.n - 1
        v = 0.0
        for t in range(34):
            x = counts[t] - (1 if t == discard else 0)
            if x == 3 and t != jk and live[t]:
                v += rounds / U * (2 * pay + 0.6 * (ctx.n - 1) * pay)
        for kind, faces, subs in melds:
            if kind == "pung" and not subs and live[faces[0]]:
                v += rounds / U * pay
        return v * 0.7

    def kong_bonus(self, ctx, face, kind, tiles):
        if any(t != face for t in tiles):
            return None  # a kong with substitutes scores nothing and spends a wildcard
        return (2.0 if kind == "concealed_kong" else 1.0) * (ctx.n - 1)

    def claim_bonus(self, ctx, action, faces, subs):
        if subs:
            return None  # a wildcard or 白 spent on a claim is worth more kept in hand
        if action.kind == "kong":
            return 1.0 * (ctx.n - 1)
        return 0.0

    def strong_routes(self, ctx, melds):
        n = ctx.n
        pay = n - 1
        pen = 1 if ctx.options.get("penalty_discard") else 0
        live, jk, wf = ctx.live, ctx.jk, ctx.wface
        natural_melds = all(sub == 0 for _k, _f, sub in melds)
        concealed = not melds
        open_claim = 1.6 if concealed or any(k == "chow" for k, _f, _s in melds) else 1.5

        def vals(t):
            return 2 * t * pay, t * (pay + pen)

        def nat_factor(c, j):
            return 2.0 if natural_melds and j == 0 else 1.0

        out = [R.route("std", R.std(live, jk, wf), *vals(1), claim=open_claim)]
        if natural_melds and jk is not None:
            out.append(R.route("std_nat", R.natural(live, jk), *vals(2), claim=open_claim, final_waits=5.0,
                               base="std"))
        c_all = list(ctx.counts)
        if jk is not None:
            c_all[jk] = 0
        g, off = R.main_suit(c_all, [f for _k, f, _s in melds])
        if g >= 0 and off <= 5:
            out.append(R.route("flush", R.flush(live, jk, g), *vals(4), claim=1.3, vf=nat_factor, base="std"))
            if concealed:
                out.append(R.route("flush_pairs", R.flush_pairs(live, jk, g), *vals(6), final_waits=2.5,
                                   vf=nat_factor, base="pairs"))
        if concealed:
            def quads(c, j):
                return 2.0 if any(x == 4 for x in c) else 1.0

            out.append(R.route("pairs", R.pairs(live, jk, wf), *vals(2), final_waits=2.5, vf=quads))
            if jk is not None:
                out.append(R.route("pairs_nat", R.pairs_natural(live, jk), *vals(4), final_waits=2.5, base="pairs"))
            out.append(R.route("lan", R.generic(S.lan, live, jk), *vals(1), final_waits=6.0, vf=nat_factor))
            out.append(R.route("qixing", R.generic(lambda c, j: S.lan(c, j, True), live, jk), *vals(2),
                               final_waits=4.0, vf=nat_factor))
            out.append(R.route("yao", R.generic(S.yao, live, jk), *vals(1), final_waits=8.0, vf=nat_factor))
        return out


def make(vid: str) -> Strategy:
    s = WenshanStrategy()
    s.id = vid
    return s
