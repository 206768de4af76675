"""Level 高手 × 玉溪扳倒胡: the fitted discard choice, patterns by their 番, defence, win now or 自摸.

A win pays 2^番 per payer: a discard win is paid by the discarder alone, a self-draw by every other
player, so a 平胡 on offer is worth 1 while the same hand self-drawn is worth 3. Most hands are a fast
平胡 and dealing in costs, so the base is the rollout-fitted advantage choice among the fastest discards
(``advantage_turn``; safe play once the hand cannot be won). On top of it:

- hands with a 1-番 or better route within reach (清一色, 七对, 大碰对; 清七对, 龙七对 ...) are valued
  by ``hand_value.Evaluator`` (each route's chance and its payout, self-draws paid by all) net of the deal-in
  risk read from the table, and the valued choice replaces the base when it is clearly worth more;
- a discard win is weighed against passing it (过手胡 then blocks discard wins of that 番 until the next
  draw): taken unless the hand's expected value from here, self-draws included, is clearly larger.
"""

from __future__ import annotations

from collections.abc import Callable

from ..rules.actions import DISCARD, HU, KONG, PASS, Action
from ..rules.analysis import is_win, waits, waits_seven_pairs
from . import advantage, hand_math, hand_value, shanten, strong_yuxi_claims
from .ctx import Ctx, OwnMelds, meld_faces, own_melds
from .normal import isolation, scan
from .read import Read
from .strong import Expert
from .variant import VariantStrategy
from .win_chances import Model

TYP = {
    "std": {0: 4.5, 1: 14.0, 2: 26.0, 3: 37.0, 4: 60.0, 5: 70.0, 6: 75.0},
    "pungs": {0: 3.0, 1: 10.0, 2: 14.0, 3: 20.0, 4: 26.0, 5: 30.0, 6: 32.0},
    "pairs": {0: 2.0, 1: 7.0, 2: 12.5, 3: 17.0, 4: 22.0, 5: 28.0, 6: 32.0},
    "flush": {0: 4.0, 1: 16.0, 2: 24.0, 3: 26.0, 4: 28.0, 5: 30.0, 6: 31.0},
    "fpairs": {0: 2.0, 1: 5.0, 2: 7.0, 3: 7.5, 4: 10.0, 5: 10.5, 6: 10.0},
}


class YuxiExpert(Expert):
    """The 高手 in 玉溪扳倒胡 (see the module)."""

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
    advantage_margin = 0.0  # how much better (points) the fitted model must think another discard is
    # issue 41's cheap fix: this far from ready (99: never) while some opponent reads ready with at least
    # ``fold_ready`` chance, the safest discard of the whole hand is played (ties: the fitted choice).
    # On by default: build/ab.py, 16,000 seat-hands each, seed 4112 +0.004 ±0.003 and seed 4115 (a fresh
    # confirmation) +0.003 ±0.003 points a hand; fold_shanten=2 at fold_ready 0.6 +0.001 ±0.002 (seed 4111)
    fold_shanten = 2
    fold_ready = 0.45
    # issue 41 (session 7, off): the expected deal-in loss weighed this much more among the fastest
    # discards (on top of the fitted advantage's own weight on it)
    safety_weight = 0.0

    def routes(self, ctx: Ctx, melds: OwnMelds, counts: list[int]) -> list[hand_value.XRoute]:
        pay = ctx.n - 1
        live = ctx.live
        A = self.avoided
        concealed = not melds
        chows = any(k == "chow" for k, _f, _s in melds)
        pw = self.pung_weight

        def vals(fan: int) -> tuple[float, float]:
            v = float(2 ** fan)
            return pay * v + A, v + A

        out = [hand_value.XRoute("std", *hand_value.std_route(live, pw), *vals(0), claim=self.claim_speed,
                                 typ=TYP["std"])]
        if not chows:
            out.append(hand_value.XRoute("pungs", *hand_value.pungs_route(live, pw), *vals(1), typ=TYP["pungs"]))
        cnt, honors = hand_value.suit_counts(counts, [f for _k, f, _s in melds])
        g = max(range(3), key=lambda x: cnt[x])
        flush = cnt[g] >= self.flush_min and not honors
        if flush:
            out.append(hand_value.XRoute("flush", *hand_value.flush_route(live, g, (), pw), *vals(1),
                                         claim=self.claim_speed, typ=TYP["flush"]))
        if concealed:
            def quads(c: list[int], j: int) -> float:
                n = sum(1 for x in c if x == 4)
                return float(2 ** n)

            out.append(hand_value.XRoute("pairs", *hand_value.pairs_route(live), *vals(1), vf=quads, typ=TYP["pairs"]))
            if flush:
                out.append(hand_value.XRoute("fpairs", *hand_value.flush_pairs_route(live, g), *vals(2), vf=quads,
                                    typ=TYP["fpairs"]))
        return out

    def evaluator(self, ctx: Ctx) -> hand_value.Evaluator:
        return hand_value.Evaluator(self.model(ctx), self.routes(ctx, own_melds(ctx), ctx.counts), self.rho)

    def valued(self, ev: hand_value.Evaluator, c: list[int]) -> bool:
        """A 1-番 route is as close as the plain one (清一色 within two steps)."""
        shs = ev.shanten(c, shanten.keys(c), 0)
        std = shs[0]
        for r, s in zip(ev.routes[1:], shs[1:]):
            if s <= std + (self.flush_slack if r.key in ("flush", "fpairs") else self.value_slack):
                return True
        return False

    def promising(self, ctx: Ctx) -> bool:
        """A cheap look before the value model: pairs, or one suit, enough to be a 1-番 route."""
        c = ctx.counts
        pairs = sum(1 for x in c if x >= 2)
        if ctx.concealed and pairs >= 4:
            return True
        if pairs + sum(1 for m in ctx.melds if m["kind"] != "chow") >= 4:
            return True
        cnt, _h = hand_value.suit_counts(c, [meld_faces(m) for m in ctx.melds])
        return max(cnt) >= self.flush_min

    # ---- decisions ---------------------------------------------------------------------------------------
    def preferred(self, ctx: Ctx) -> Action | None:
        """十风 when the honors are there; a kong whose replacement is a face-up tail tile that wins
        (杠上花: everyone pays, one 番 up) over the plain win on offer (the hand ends: no 过手胡 loss)."""
        ten = self._shi_feng(ctx)
        if ten is not None:
            return ten
        if not any(a.kind == HU for a in ctx.legal):
            return None
        for a in ctx.legal:
            if a.kind == KONG and self._kong_wins(ctx, a):
                return a
        return None

    @staticmethod
    def _shi_feng(ctx: Ctx) -> Action | None:
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
        if not any(a.kind == DISCARD for a in ctx.legal):  # a claim window: claiming would break it
            return None if any(a.kind == HU for a in ctx.legal) else ctx.first(PASS)
        # the honor that matters least: a lone one before a pair
        t = min(honors, key=lambda x: (ctx.counts[x] != 1, ctx.visible[x] < 3, x))
        for a in ctx.legal:
            if a.kind == DISCARD and a.tile == t:
                return a
        return None

    @staticmethod
    def _kong_wins(ctx: Ctx, a: Action) -> bool:
        tail = strong_yuxi_claims.tail_tiles(ctx)
        if not tail:
            return False
        c = list(ctx.counts)
        if ctx.offer is not None and ctx.offer_kind == "discard":
            face, need = ctx.offer, 3
        elif a.tile is not None:
            face = a.tile
            need = 1 if any(m["kind"] == "pung" and m["faces"][0] == face for m in ctx.melds) else 4
        else:
            return False
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

    def choose_turn(self, ctx: Ctx, strat: VariantStrategy) -> Action:
        base = self.advantage_turn(ctx, strat)
        if (self.learns()) and base.kind == DISCARD:
            chosen = self.learned_turn(ctx, strat, base)
            if chosen is not None:
                return chosen
        if self.why in ("hopeless", "fold") or ctx.of(KONG) or not self.promising(ctx):
            return base
        ev = self.evaluator(ctx)
        c = list(ctx.counts)
        if not self.valued(ev, c):
            return base
        vals = ev.scan(c, 0, self.discard_tiles(ctx))
        rd = Read(ctx)
        evs: dict[Action, float] = {}
        for a in ctx.legal:
            if a.kind == DISCARD and a.tile is not None:
                pd, loss = rd.risk(a.tile)
                evs[a] = (1.0 - pd) * vals[a.tile].ev - loss * self.defend_scale
        return self.anchored(evs, base, self.margin, self.ratio)

    # ---- the fitted afterstate value ---------------------------------------------------------------------
    def afterstate(self, ctx: Ctx, model: Model, c: list[int], val: hand_value.Value, risk: tuple[float, float],
                   tile: int | None, shanten_left: int, accept: float, umax: float, skilled: bool, chosen: bool,
                   bonus: float) -> list[float]:
        """The features of the hand ``c`` an action leaves, before the next draw: the route value and its
        chances, the deal-in risk read from the table, the plain shape (shanten, live acceptance, beside the
        best), whether it is the 熟手's or the fitted advantage's choice, the tile thrown, the 杠上花 out,
        the wall and the hazard."""
        wall = ctx.drawable / 20.0
        hz = model.hazards[0] / 1000.0 if model.hazards else 1.0
        s = min(shanten_left, 6)
        pd, loss = risk
        t = tile if tile is not None else 0
        edge = 1.0 if tile is not None and (t >= 27 or t % 9 in (0, 8)) else 0.0
        return [1.0, val.ev / 10.0, val.ready, val.win, pd, loss, float(s), accept / 10.0,
                accept / umax if umax else 0.0, 1.0 if skilled else 0.0, 1.0 if chosen else 0.0, wall, s * wall, hz,
                float(ctx.n_melds), edge, ctx.live[t] / 4.0 if tile is not None else 0.0,
                isolation(c, t) / 3.0 if tile is not None else 0.0, 1.0 if shanten_left <= 0 else 0.0, bonus,
                pd * wall, 1.0 if val.best != "std" else 0.0]

    def learned_turn(self, ctx: Ctx, strat: VariantStrategy, base: Action) -> Action | None:
        """Each discard's afterstate features (kept in ``last_features``); with ``value_weights`` the discard
        of the highest fitted value (ties: the base choice), else None."""
        routes = strat.normal_routes(ctx)
        rows = scan(ctx, strat, routes, "all")
        if not rows:
            return None
        skilled = self.discard(ctx, strat, routes, rows).tile
        model = self.model(ctx)
        ev = hand_value.Evaluator(model, self.routes(ctx, own_melds(ctx), ctx.counts), self.rho)
        c = list(ctx.counts)
        vals = ev.scan(c, 0, [r.tile for r in rows])
        rd = Read(ctx)
        bonus = self.discard_bonus(ctx, own_melds(ctx))
        umax = {r.shanten: 0.0 for r in rows}
        for r in rows:
            umax[r.shanten] = max(umax[r.shanten], r.accept)
        phis: dict[Action, list[float]] = {}
        for r in rows:
            d = r.tile
            a = next(x for x in ctx.legal if x.kind == DISCARD and x.tile == d)
            after = list(c)
            after[d] -= 1
            b = bonus(d) if bonus is not None and r.shanten == 0 else 0.0
            phis[a] = self.afterstate(ctx, model, after, vals[d], rd.risk(d), d, r.shanten, r.accept,
                                      umax[r.shanten], d == skilled, a == base, b)
        self.last_features = phis
        if self.value_weights is None:
            return None
        best = self.fitted_choice(phis, base)
        self.why = "value" if best != base else self.why
        return best

    def advantage_turn(self, ctx: Ctx, strat: VariantStrategy) -> Action:
        """The 熟手's kongs; among its fastest discards the one the fitted advantage model prefers
        (acceptance, the wait left, the deal-in risk read from the table, plus ``discard_bonus``); the
        safest discard once the hand can no longer be won."""
        routes = strat.normal_routes(ctx)
        for a in ctx.of(KONG):
            if a.tile is not None and self.turn_kong_ok(ctx, strat, a.tile, routes):
                return a
        rows = scan(ctx, strat, routes, "all")
        if not rows:
            return ctx.first(HU) or ctx.legal[0]
        pick = self.discard(ctx, strat, routes, rows).tile
        assert pick is not None
        # too few draws left to win from this shanten: only dealing in is still at stake
        smin = min(r.shanten for r in rows)
        hopeless = smin > ctx.drawable // ctx.n
        folding = self.fold_shanten < 99 and smin >= self.fold_shanten
        read = Read(ctx) if hopeless or folding else None  # else built by choose() only when it compares
        t = advantage.choose(ctx, rows, pick, self.advantage_margin, self.discard_bonus(ctx, own_melds(ctx)), read,
                             self.safety_weight)
        self.why = "advantage" if t != pick else "normal"
        if read is not None and not hopeless and max((pr for pr, _f, _p in read.opps), default=0.0) >= self.fold_ready:
            hopeless = True
            self.why = "fold"
        if read is not None and hopeless:
            risk = read.risk
            t = min((r.tile for r in rows), key=lambda d: (risk(d)[0], d != t))
            self.why = self.why if self.why == "fold" else "hopeless"
        return next(a for a in ctx.legal if a.kind == DISCARD and a.tile == t)

    def discard_bonus(self, ctx: Ctx, melds: OwnMelds) -> Callable[[int], float] | None:
        """d -> points a discard that leaves the hand ready adds besides its fitted advantage (the 杠上花 out:
        a wait on a face-up tail tile with a triplet or pung whose fourth tile may still come). None when
        no tail tile is up."""
        tail = strong_yuxi_claims.tail_tiles(ctx)
        if not tail:
            return None
        extra = strong_yuxi_claims.gang_shang_hua(ctx, melds, tail)
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

    def discard_win(self, ctx: Ctx, strat: VariantStrategy, hu: Action) -> Action:
        """Taken unless the hand's expected value from here, self-draws included, is clearly larger."""
        pas = ctx.first(PASS)
        if pas is None or ctx.offer is None:
            return hu
        won = self.win_value(ctx, ctx.offer)
        if won is None:
            return hu
        ev = self.evaluator(ctx)
        c = list(ctx.counts)
        now = ev.value(c, shanten.keys(c), 0)
        if now.ev * self.pass_discount > won + self.avoided + self.pass_margin:
            self.why = "pass-win"
            return pas
        return hu

    def choose_claim(self, ctx: Ctx, strat: VariantStrategy) -> Action:
        """The 熟手's claim, or a kong where the first route value finds it clearly better (with
        ``value_weights``: the claim or pass of the highest fitted value)."""
        base = self.skilled_claim(ctx, strat)
        if self.learns():
            chosen = self.learned_claim(ctx, base)
            if chosen is not None:
                return chosen
        return strong_yuxi_claims.claim(ctx, base, ctx.first(PASS))

    def learned_claim(self, ctx: Ctx, base: Action) -> Action | None:
        """Each answer's afterstate features: a pass keeps the hand, a pung or chow leaves the hand after its
        best discard, a kong the hand before its replacement draw."""
        model = self.model(ctx)
        melds = own_melds(ctx)
        rd = Read(ctx)
        phis: dict[Action, list[float]] = {}
        pas = ctx.first(PASS)
        c = list(ctx.counts)
        if pas is not None:
            val = hand_value.Evaluator(model, self.routes(ctx, melds, c), self.rho).value(c, shanten.keys(c), 0)
            sh = shanten.std(shanten.keys(c), 0)
            phis[pas] = self.afterstate(ctx, model, c, val, (0.0, 0.0), None, sh, 0.0, 0.0, pas == base, False, 0.0)
        for a, m2, counts, _subs in hand_math.claim_results(ctx, melds):
            ev = hand_value.Evaluator(model, self.routes(ctx, m2, counts), self.rho)
            if a.kind == KONG:
                val = ev.value(counts, shanten.keys(counts), 0, extra=True)
                phis[a] = self.afterstate(ctx, model, counts, val, (0.0, 0.0), None,
                                          shanten.std(shanten.keys(counts), 0), 0.0, 0.0, a == base, False, 0.0)
                continue
            opts = [d for d in range(34) if counts[d]]
            scanned = ev.scan(counts, 0, opts)
            best: tuple[float, list[float]] | None = None
            for d in opts:
                after = list(counts)
                after[d] -= 1
                phi = self.afterstate(ctx, model, after, scanned[d], rd.risk(d), d, shanten.std(shanten.keys(after), 0),
                                      0.0, 0.0, a == base, False, 0.0)
                score = self.value(phi) if self.value_weights is not None else scanned[d].ev
                if best is None or score > best[0]:
                    best = (score, phi)
            if best is not None:
                phis[a] = best[1]
        self.last_features = phis
        if self.value_weights is None or not phis:
            return None
        return self.fitted_choice(phis, base)

    def win_value(self, ctx: Ctx, tile: int) -> float | None:
        """Points the discarder pays for this win now (None: the scoring could not be read)."""
        from ..rules.variants.yuxi_score import score

        return hand_value.discard_win_value(ctx, tile, score)
