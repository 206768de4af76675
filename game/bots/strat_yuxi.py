"""Yuxi strategy: 2^(N+M) payments (self-draw from all, discard from the discarder), tail tiles, 十风."""

from __future__ import annotations

# Most hands are a 平胡 (1 point) within five or six rounds, so speed and not dealing in decide the
# game. The strong bot keeps the normal bot's claims (rollouts showed its chow/pung/pass choices, and
# always taking a discard win, are right) and adds: a kong for 杠上花 with a face-up tail tile over a
# plain win, 十风 when the honors are in hand (有风), and among the fastest discards the one a model
# fitted on rollouts prefers (``advantage.py``: acceptance, the wait left, the deal-in risk read from the
# table by ``read.py``), plus ``discard_bonus``: a ready hand keeps a wait on a face-up tail tile while it
# holds a triplet or pung whose fourth tile may come (that kong wins 杠上花). Once too few draws are left
# to win from its shanten, the strong bot only plays safe. Measured edge over 熟手: about +0.04 points per
# hand (see the bench).
from collections.abc import Mapping
from typing import ClassVar

from . import routes as R
from .strategy import PAIRS, STD, Strategy


class YuxiStrategy(Strategy):
    id = "yuxi"
    routes = (STD, PAIRS)
    chow = True
    discarder_pays = True
    win_rate = 0.3
    avoided = 0.5
    ready_mid = 8.5
    typ_accept: ClassVar[Mapping[int, int]] = {1: 14, 2: 26, 3: 37, 4: 60}
    typ_wait = 4.5
    claim_kinds = ("kong",)
    advantage = True


    def preferred(self, ctx):
        """十风 when the honors are there; a kong whose replacement is a face-up tail tile that wins
        (杠上花: everyone pays, one 番 up) over the plain win on offer (the hand ends: no 过手胡 loss)."""
        ten = self._shi_feng(ctx)
        if ten is not None:
            return ten
        if not any(a.kind == "hu" for a in ctx.legal):
            return None
        for a in ctx.legal:
            if a.kind == "kong" and self._kong_wins(ctx, a):
                return a
        return None

    @staticmethod
    def _shi_feng(ctx):
        """有风: ten honor discards in a row, no claim made, none claimed, win by themselves (2 from each).
        Keep going when the honors held (and one more to draw, early on) reach the tenth discard."""
        if not ctx.options.get("with_honors") or ctx.melds:
            return None
        mine = ctx.my_discards
        if len(mine) >= 10 or any(d["tile"] < 27 or d["claimed_by"] is not None for d in mine):
            return None
        honors = [t for t in range(27, 34) if ctx.counts[t]]
        held = sum(ctx.counts[t] for t in honors)
        if not honors or len(mine) + held + (1 if len(mine) <= 3 else 0) < 10:
            return None
        if not any(a.kind == "discard" for a in ctx.legal):  # a claim window: claiming would break it
            return None if any(a.kind == "hu" for a in ctx.legal) else ctx.first("pass")
        # the honor that matters least: a lone one before a pair
        t = min(honors, key=lambda x: (ctx.counts[x] != 1, ctx.visible[x] < 3, x))
        for a in ctx.legal:
            if a.kind == "discard" and a.tile == t:
                return a
        return None

    def _kong_wins(self, ctx, a) -> bool:
        from ..rules.analysis import is_win

        tail = [t for t in (ctx.public.get("tail") or ()) if t is not None]
        if not tail:
            return False
        c = list(ctx.counts)
        if ctx.offer is not None and ctx.offer_kind == "discard":
            face, need = ctx.offer, 3
        else:
            face = a.tile
            need = 1 if any(m["kind"] == "pung" and m["faces"][0] == face for m in ctx.melds) else 4
        if c[face] < need:
            return False
        c[face] -= need
        for t in tail:
            c[t] += 1
            ok = sum(c) % 3 == 2 and is_win(c)
            c[t] -= 1
            if ok:
                return True
        return False

    def model(self, ctx, melds=()):
        m = super().model(ctx, melds)
        tail = [t for t in (ctx.public.get("tail") or ()) if t is not None]
        if tail:
            m.tenpai_extra = self._gang_shang_hua(ctx, melds, tail)
        return m

    def discard_bonus(self, ctx, melds):
        """For the advantage turn: d -> points a discard that leaves the hand ready adds besides its
        fitted advantage (the 杠上花 out below: a wait on a face-up tail tile with a triplet or pung whose
        fourth tile may still come). None when no tail tile is up."""
        from ..rules.analysis import waits, waits_seven_pairs

        tail = [t for t in (ctx.public.get("tail") or ()) if t is not None]
        if not tail:
            return None
        extra = self._gang_shang_hua(ctx, melds, tail)
        c = list(ctx.counts)

        def bonus(d: int) -> float:
            c[d] -= 1
            kinds = set(waits(c))
            if ctx.concealed:
                kinds.update(waits_seven_pairs(c))
            v = extra(c, 0, kinds) if kinds else 0.0
            c[d] += 1
            return v

        return bonus

    def _gang_shang_hua(self, ctx, melds, tail):
        """A ready hand holding a triplet (or a pung) whose fourth tile may come, waiting on a face-up
        tail tile: the kong takes that tile for 杠上花, paid by everyone, one 番 up."""
        live = ctx.live
        U = max(ctx.unseen, 1)
        rounds = ctx.drawable / ctx.n
        pay = (ctx.n - 1) * 2 - 1.6  # 杠上花 by all, instead of an average win
        pungs = [f[0] for kind, f, _s in melds if kind == "pung"]
        p_meld = sum(min(0.4, rounds / U) for t in pungs if live[t])

        def extra(c, j, kinds):
            if not any(t in kinds for t in tail):
                return 0.0
            p = p_meld
            for t in range(27):
                if c[t] == 3 and live[t]:
                    p += min(0.6, rounds * (1 + 0.7 * (ctx.n - 1)) / U)
            return min(p, 0.8) * pay

        return extra

    def deal_in_cost(self, ctx, seat: int) -> float:
        return 1.3

    def strong_routes(self, ctx, melds):
        pay = ctx.n - 1
        live = ctx.live
        concealed = not melds
        chows = any(k == "chow" for k, _f, _s in melds)
        out = [R.route("std", R.std(live, None, None), pay, 1.0, claim=1.5)]
        if not chows:
            out.append(R.route("pungs", R.pungs(live, None), 2 * pay, 2.0, claim=1.3, final_waits=3.0, base="std"))
        g, off = R.main_suit(ctx.counts, [f for _k, f, _s in melds])
        if g >= 0 and off <= 5:
            out.append(R.route("flush", R.flush(live, None, g), 2 * pay, 2.0, claim=1.3, base="std"))
        if concealed:
            def quads(c, j):
                return 2.0 if any(x == 4 for x in c) else 1.0

            out.append(R.route("pairs", R.pairs(live, None, None), 2 * pay, 2.0, final_waits=2.5, vf=quads))
            if g >= 0 and off <= 5:
                out.append(R.route("flush_pairs", R.flush_pairs(live, None, g), 4 * pay, 4.0, final_waits=2.5,
                                   vf=quads, base="pairs"))
        return out


def make(vid: str) -> Strategy:
    s = YuxiStrategy()
    s.id = vid
    return s
