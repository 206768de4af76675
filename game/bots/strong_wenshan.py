"""Level 高手 × 文山翻小鸡 (and 昆明): every pattern by its real payout, kong points, 过手胡.

Every other player pays the winner T = (base + added) × 自摸 × 硬功, so the bot values each action by
the mixed routes of ``hand_value.Evaluator``: 平胡 (T 1, 2 硬功), 七对 (2, 4 硬功, 龙七对 double), 清一色
(4, cancelling 平胡), 清一色 七对 (6), 烂牌 / 七星 / 幺牌 (1 / 2 / 1, 硬功 double), each self-drawn
twice, plus what a win saves (the winner pays nobody). 硬功 counts a wildcard used as its own face
(七星 with an honor wildcard, a wildcard in its own run). A natural kong pays 1 (暗杠 2) from each
player, so it is made when its points beat the speed it costs. A discard win is taken unless passing
it (过手胡 then blocks discard wins worth as much until the next draw) is worth more: a hand whose
self-draw or bigger reading pays far more than the win on offer, or a 1-point win offered to a hand
almost sure to win anyway (then most likely by self-draw, worth double).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.actions import DISCARD, KONG, PASS, Action
from ..rules.tiles import WHITE
from . import advantage, hand_math, hand_value, shanten
from .ctx import Ctx, OwnMelds, own_melds
from .normal import Row, scan
from .strong import Expert
from .variant import VariantStrategy
from .win_chances import Model

# typical live acceptance per shanten (0: waits once ready), measured on 熟手 hands in wenshan
TYP = {
    "std": {0: 9.0, 1: 23.0, 2: 35.0, 3: 49.0, 4: 66.0, 5: 73.0, 6: 78.0},
    "nat": {0: 5.0, 1: 18.0, 2: 30.0, 3: 43.0, 4: 58.0, 5: 65.0, 6: 70.0},
    "pairs": {0: 5.0, 1: 9.0, 2: 14.0, 3: 19.0, 4: 24.0, 5: 29.0, 6: 33.0},
    "pnat": {0: 2.5, 1: 7.0, 2: 12.0, 3: 17.0, 4: 22.0, 5: 27.0, 6: 31.0},
    "flush": {0: 6.0, 1: 18.0, 2: 26.0, 3: 28.0, 4: 30.0, 5: 31.0, 6: 32.0},
    "fpairs": {0: 4.0, 1: 6.0, 2: 8.0, 3: 9.0, 4: 10.0, 5: 10.0, 6: 10.0},
    "lan": {0: 12.0, 1: 20.0, 2: 30.0, 3: 40.0, 4: 50.0, 5: 55.0, 6: 60.0},
    "qixing": {0: 6.0, 1: 12.0, 2: 20.0, 3: 28.0, 4: 36.0, 5: 44.0, 6: 50.0},
    "yao": {0: 12.0, 1: 30.0, 2: 40.0, 3: 50.0, 4: 55.0, 5: 60.0, 6: 65.0},
}


def _lan_route(live: Sequence[int], jk: int | None, seven: bool) -> tuple[hand_value.ShFn, hand_value.AccFn]:
    """烂牌 (七星 with ``seven``) shanten and acceptance counted directly (each new distinct honor or
    well-spaced suited tile is one step)."""
    best_of = shanten.LAN_BEST  # a local name: read per suit rank in ``acc``

    def sh(c: list[int], k: list[int], j: int) -> int:
        return shanten.lan(c, j, seven)

    def acc(c: list[int], k: list[int], j: int, s: int) -> float:
        if s < 0:
            return 0.0
        h, su, masks = shanten.lan_state(c)
        cur = shanten.lan_use(h, su, j, seven)
        total = 0.0
        if jk is not None and live[jk] and cur < 14:
            total += live[jk]
        if shanten.lan_use(h + 1, su, j, seven) > cur:
            for t in range(27, 34):
                if not c[t] and t != jk:
                    total += live[t]
        if shanten.lan_use(h, su + 1, j, seven) > cur:
            for gi, g in enumerate((0, 9, 18)):
                m = masks[gi]
                b = best_of[m]
                for r in range(9):
                    t = g + r
                    if not c[t] and t != jk and live[t] and best_of[m | 1 << r] > b:
                        total += live[t]
        return total

    return sh, acc


def _yao_route(live: Sequence[int], jk: int | None) -> tuple[hand_value.ShFn, hand_value.AccFn]:
    """幺牌: every terminal or honor drawn is a step."""
    kinds = [t for t in range(34) if t >= 27 or t % 9 in (0, 8)]

    def sh(c: list[int], k: list[int], j: int) -> int:
        return int(shanten.yao(c, j))

    def acc(c: list[int], k: list[int], j: int, s: int) -> float:
        if s < 0:
            return 0.0
        total = float(live[jk]) if jk is not None and jk not in kinds else 0.0
        return total + sum(live[t] for t in kinds if c[t] < 4)

    return sh, acc


class WenshanExpert(Expert):
    """The 高手 in 文山翻小鸡 and 昆明 (see the module)."""

    pung_weight = 1.75  # a pair fills from anyone's discard
    claim_speed = 1.3  # chows and pungs beyond the counted acceptance
    avoided = 1.7  # what a win saves: the winner pays nobody
    win_rate = 0.17
    ready_mid = 6.2
    flush_min = 8
    jk_margin = 1.0  # points a wildcard discard must beat keeping it by
    claim_aware = True
    # among equally fast discards, the one the value model prefers (硬功, 七对, 清一色, a kong to come): what
    # an expert does; on the development walls off - on measured -0.005 ± 0.048 (4,000 hands), for 15% of
    # the time
    tie_by_value = True
    dragon_chance = 0.35  # a triplet in a seven-pairs hand becomes a 龙 (its fourth drawn, or a wildcard)
    value_slack = 0  # a route this far behind the standard one still gets the value model's attention
    flush_slack = 2
    # points (plus ``ratio`` of its value) another action must beat the 熟手's choice by; issue 41: from 0.3 and
    # 0.1, +0.022 ±0.009 a hand over 28,000 paired seat-hands (the value model's clear departures gain; with no
    # anchor at all, stop 37, they were noise)
    margin = 0.15
    ratio = 0.05
    claim_margin = 0.3
    claim_ratio = 0.15
    pass_margin = 1.0  # points passing a discard win must be worth more than taking it
    # issue 41: pass a 1-point discard win when the hand's modelled chance to win anyway is at least this (for
    # the self-draw's double; 0: off). Forked on 4,000 seat-hands, taking beats passing below 0.8; at 0.8,
    # +0.005 ±0.003 a hand over 32,000 paired seat-hands, with more 自摸 and 硬功 (docs/bots.md)
    pass_sure = 0.8
    pass_worth = 1  # the largest win total (T) ``pass_sure`` passes

    # ---- routes ----------------------------------------------------------------------------------------
    def routes(self, ctx: Ctx, melds: OwnMelds, counts: list[int]) -> list[hand_value.XRoute]:
        n = ctx.n
        pay = n - 1
        pen = 1 if ctx.options.get("penalty_discard") else 0
        live, jk, wf = ctx.live, ctx.jk, ctx.wface
        natural_melds = all(sub == 0 for _k, _f, sub in melds)
        concealed = not melds
        A = self.avoided
        chowed = concealed or any(k == "chow" for k, _f, _s in melds)
        open_claim = self.claim_speed if chowed else self.claim_speed * 0.9

        def vals(t: float) -> tuple[float, float]:
            return 2 * t * pay + A, t * (pay + pen) + A

        def nat(c: list[int], j: int) -> float:
            return 2.0 if natural_melds and j == 0 else 1.0

        def nat_honor(c: list[int], j: int) -> float:
            if not natural_melds:
                return 1.0
            if j == 0 or (jk is not None and jk >= 27 and j == 1 and not c[jk]):
                return 2.0  # an honor wildcard stands as itself among the distinct honors
            return 1.0

        pw = self.pung_weight
        out = [hand_value.XRoute("std", *hand_value.std_route(live, pw, wf, jk), *vals(1), claim=open_claim,
                                 typ=TYP["std"])]
        if natural_melds and jk is not None:
            sh, acc = _natural(live, jk, pw)
            out.append(hand_value.XRoute("nat", sh, acc, *vals(2), claim=open_claim, typ=TYP["nat"]))
        c_all = list(counts)
        if jk is not None:
            c_all[jk] = 0
        cnt, honors = hand_value.suit_counts(c_all, [f for _k, f, _s in melds])
        g = max(range(3), key=lambda x: cnt[x])
        if cnt[g] + (counts[jk] if jk is not None else 0) >= self.flush_min:
            out.append(hand_value.XRoute("flush", *hand_value.flush_route(live, g, (), pw), *vals(4),
                                         claim=open_claim, vf=nat, typ=TYP["flush"]))
            if concealed:
                out.append(hand_value.XRoute("fpairs", *hand_value.flush_pairs_route(live, g), *vals(6), vf=nat,
                                             typ=TYP["fpairs"]))
        if concealed:
            def quads(c: list[int], j: int) -> float:
                """龙七对 doubles: a quadruple held, or a triplet whose fourth may still come (or a wildcard)."""
                f = 1.0
                for t in range(34):
                    x = c[t]
                    if x == 4:
                        f *= 2.0
                    elif x == 3 and (live[t] or j):
                        f *= 1.0 + self.dragon_chance
                return f

            out.append(hand_value.XRoute("pairs", *hand_value.pairs_route(live, wf, jk), *vals(2), vf=quads,
                                         typ=TYP["pairs"]))
            if jk is not None:
                sh, acc = _pairs_natural(live, jk)
                out.append(hand_value.XRoute("pnat", sh, acc, *vals(4), vf=quads, typ=TYP["pnat"]))
            honors = sum(1 for t in range(27, 34) if counts[t])
            if honors >= 3:
                out.append(hand_value.XRoute("lan", *_lan_route(live, jk, False), *vals(1), vf=nat_honor,
                                             typ=TYP["lan"]))
                out.append(hand_value.XRoute("qixing", *_lan_route(live, jk, True), *vals(2), vf=nat_honor,
                                             typ=TYP["qixing"]))
            if sum(counts[t] for t in range(34) if t >= 27 or t % 9 in (0, 8)) >= 7:
                out.append(hand_value.XRoute("yao", *_yao_route(live, jk), *vals(1), vf=nat, typ=TYP["yao"]))
        return out

    def evaluator(self, ctx: Ctx) -> hand_value.Evaluator:
        return hand_value.Evaluator(self.model(ctx), self.routes(ctx, own_melds(ctx), ctx.counts), self.rho)

    # ---- decisions --------------------------------------------------------------------------------------
    def choose_turn(self, ctx: Ctx, strat: VariantStrategy) -> Action:
        base, fast = self.fast_turn(ctx, strat)
        jk = ctx.jk
        melds = own_melds(ctx)
        model = self.model(ctx)
        ev = hand_value.Evaluator(model, self.routes(ctx, melds, ctx.counts), self.rho)
        c, j = hand_math.split(ctx.counts, jk)
        valued = self.valued(ev, c, j)
        learn = self.learns()
        if not learn and not ctx.of(KONG) and not valued and (len(fast) < 2 or not self.tie_by_value):
            self.why = "plain"
            return base
        if learn:
            chosen = self.learned_turn(ctx, model, ev, c, j, base, fast, melds)
            if chosen is not None:
                return chosen
            if not ctx.of(KONG) and not valued and (len(fast) < 2 or not self.tie_by_value):
                self.why = "plain"
                return base
        opts = self.discard_tiles(ctx) if valued or not fast else sorted(fast)
        vals = ev.scan(c, j, opts, jk)
        evs: dict[Action, float] = {}
        for a in ctx.legal:
            if a.kind == DISCARD and a.tile in vals:
                evs[a] = vals[a.tile].ev - (self.jk_margin if a.tile == jk else 0.0)
        # equally fast discards: the one worth more (硬功, 七对, 清一色, a kong to come ...)
        ties = [a for a in evs if a.tile in fast]
        if self.tie_by_value and base.kind == DISCARD and base in evs and len(ties) > 1:
            top = max(ties, key=lambda a: (evs[a], a == base))
            if evs[top] > evs[base] + 1e-9:
                base = top
        for a in ctx.of(KONG):
            w = self.turn_kong(ctx, a, model, melds)
            if w is not None:
                evs[a] = w
        self.why = "base"
        return self.anchored(evs, base, self.margin, self.ratio)

    def fast_turn(self, ctx: Ctx, strat: VariantStrategy) -> tuple[Action, set[int]]:
        """The 熟手's turn with claims counted (among the fastest discards, a tile that turns a pair into a
        pung may also come from any player's discard, so it counts ``pung_weight`` times), and the
        discards as fast as the best (lowest shanten, the same acceptance)."""
        routes = strat.normal_routes(ctx)
        for a in ctx.of(KONG):
            if a.tile is not None and self.turn_kong_ok(ctx, strat, a.tile, routes):
                return a, set()
        rows = scan(ctx, strat, routes)
        if not rows:
            return ctx.legal[0], set()
        smin = min(r.shanten for r in rows)
        if smin > 0 and self.claim_aware:
            self._claim_aware(ctx, rows, smin)
        umax = max(r.accept for r in rows if r.shanten == smin)
        fast = {r.tile for r in rows if r.shanten == smin and r.accept >= umax - 1e-9 and r.tile != ctx.jk}
        return self.discard(ctx, strat, routes, rows), fast

    def _claim_aware(self, ctx: Ctx, rows: list[Row], smin: int) -> None:
        """Re-count the acceptance of the fastest discards counting what claims bring: a tile that turns
        a pair into a pung may also come from any other player's discard (pungs only: no chow)."""
        jk, wf = ctx.jk, ctx.wface
        c, j = hand_math.split(ctx.counts, jk)
        k = shanten.keys(c)
        live = ctx.live
        pw = self.pung_weight - 1.0
        for row in rows:
            s, d = row.shanten, row.tile
            if s != smin or d == jk or row.per[0] != s:
                continue
            shanten.take(c, k, d)
            _tot, kinds = shanten.std_accepts(c, k, j, s, live, jk, wf)
            row.accept = sum(live[x] * (1.0 + pw if c[x] == 2 else 1.0) for x in kinds)
            shanten.put(c, k, d)

    def valued(self, ev: hand_value.Evaluator, c: list[int], j: int) -> bool:
        """Is some route worth more than the plain standard one (硬功 with a wildcard held, 七对, 清一色,
        烂牌 ...) within a step of it? Otherwise the 熟手's fastest play is the 高手's too."""
        shs = ev.shanten(c, shanten.keys(c), j)
        std = shs[0]
        for r, s in zip(ev.routes[1:], shs[1:]):
            if r.key == "nat":
                if j and s <= std:
                    return True
            elif s <= std + (self.flush_slack if r.key in ("flush", "fpairs") else self.value_slack):
                return True
        return False

    def kong_points(self, ctx: Ctx, kind: str) -> float:
        return (2.0 if kind == "concealed_kong" else 1.0) * (ctx.n - 1)

    def turn_kong(self, ctx: Ctx, a: Action, model: Model, melds: OwnMelds) -> float | None:
        got = self.kong_value(ctx, a, model, melds)
        return None if got is None else got[0]

    def kong_value(self, ctx: Ctx, a: Action, model: Model, melds: OwnMelds
                   ) -> tuple[float, hand_value.Evaluator, list[int], int, hand_value.Value, float] | None:
        """(worth, evaluator, hand left, jokers left, its value, kong points) of a kong in one's own turn."""
        if a.tile is None:
            return None
        kind, got = hand_math.turn_kong_tiles(ctx, a.tile)
        if got is None:
            return None
        subs = hand_math.subs_in(got, a.tile)
        counts = hand_math.without(ctx.counts, got)
        c, j = hand_math.split(counts, ctx.jk)
        m2 = melds if kind == "added_kong" else melds + [(kind, (a.tile,) * 4, subs)]
        if kind == "added_kong" and subs:
            m2 = [(k, f, s + (1 if f[0] == a.tile and k == "pung" else 0)) for k, f, s in melds]
        ev = hand_value.Evaluator(model, self.routes(ctx, m2, counts), self.rho)
        val = ev.value(c, shanten.keys(c), j, extra=True)
        pts = 0.0 if subs else self.kong_points(ctx, kind)
        return val.ev + pts, ev, c, j, val, pts

    # ---- the fitted afterstate value ---------------------------------------------------------------------
    def afterstate(self, ctx: Ctx, model: Model, ev: hand_value.Evaluator, c: list[int], j: int,
                   val: hand_value.Value, pts: float, tile: int | None, base: bool, fast: bool,
                   kong: bool) -> list[float]:
        """The features of the hand (c, j) an action leaves, before the next draw: the route value and its
        chances, the kong points it made, the shapes (plain, 硬功 and 七对 shanten, live acceptance), the
        wildcards and 白 kept or thrown, whether it is the 熟手's choice or as fast, the wall and the hazard."""
        k = shanten.keys(c)
        shs = {r.key: s for r, s in zip(ev.routes, ev.shanten(c, k, j))}
        std = shs["std"]
        acc = shanten.std_accepts(c, k, j, std, ctx.live, ctx.jk, ctx.wface)[0] if 0 <= std < shanten.NONE else 0
        wf = ctx.wface
        fam = val.best
        wall = ctx.drawable / 20.0
        hz = model.hazards[0] / 1000.0 if model.hazards else 1.0
        s = min(std, 6)
        return [1.0, val.ev / 10.0, val.ready, val.win, pts / 10.0, float(s), float(min(shs.get("nat", std), 6)),
                float(min(shs.get("pairs", 6), 6)), acc / 10.0, float(j), float(c[WHITE]) if wf is not None else 0.0,
                1.0 if tile is not None and tile == ctx.jk else 0.0,
                1.0 if tile == WHITE and wf is not None else 0.0, 1.0 if base else 0.0, 1.0 if fast else 0.0,
                1.0 if kong else 0.0, wall, s * wall, hz, float(ctx.n_melds + (1 if kong else 0)),
                1.0 if fam == "nat" else 0.0, 1.0 if fam in ("pairs", "pnat") else 0.0,
                1.0 if fam in ("flush", "fpairs") else 0.0, 1.0 if fam in ("lan", "qixing", "yao") else 0.0,
                1.0 if std <= 0 else 0.0]

    def learned_turn(self, ctx: Ctx, model: Model, ev: hand_value.Evaluator, c: list[int], j: int, base: Action,
                     fast: set[int], melds: OwnMelds) -> Action | None:
        """Each discard's and kong's afterstate features (kept in ``last_features``); with ``value_weights``
        the action of the highest fitted value (ties: the 熟手's), else None."""
        jk = ctx.jk
        vals = ev.scan(c, j, self.discard_tiles(ctx), jk)
        phis: dict[Action, list[float]] = {}
        for a in ctx.legal:
            if a.kind == DISCARD and a.tile is not None and a.tile in vals and a not in phis:
                d = a.tile
                jj = j - 1 if d == jk else j
                after = list(c)
                if d != jk:
                    after[d] -= 1
                phis[a] = self.afterstate(ctx, model, ev, after, jj, vals[d], 0.0, d, a == base, d in fast, False)
        for a in ctx.of(KONG):
            got = self.kong_value(ctx, a, model, melds)
            if got is not None:
                _w, kev, kc, kj, kval, pts = got
                phis[a] = self.afterstate(ctx, model, kev, kc, kj, kval, pts, None, a == base, False, True)
        self.last_features = phis
        if self.value_weights is None or not phis:
            return None
        best = self.fitted_choice(phis, base)
        self.why = "value" if best != base else "base"
        return best

    def discard_win(self, ctx: Ctx, strat: VariantStrategy, hu: Action) -> Action:
        """Taken unless passing it is worth more: a hand whose self-draw or bigger reading pays far more."""
        c, j = hand_math.split(ctx.counts, ctx.jk)
        now = self.evaluator(ctx).value(c, shanten.keys(c), j)
        won = None if ctx.offer is None else self.win_value(ctx, ctx.offer)
        if won is not None and self.pass_sure and now.win >= self.pass_sure and won <= (ctx.n - 1) * self.pass_worth:
            self.why = "pass-sure"
            return ctx.first(PASS) or hu
        if won is None or won + self.avoided + self.pass_margin >= now.ev * self.pass_discount(ctx):
            return hu
        self.why = "pass-win"
        return ctx.first(PASS) or hu

    def choose_claim(self, ctx: Ctx, strat: VariantStrategy) -> Action:
        jk = ctx.jk
        melds = own_melds(ctx)
        model = self.model(ctx)
        ev0 = hand_value.Evaluator(model, self.routes(ctx, melds, ctx.counts), self.rho)
        c, j = hand_math.split(ctx.counts, jk)
        base = self.skilled_claim(ctx, strat)
        learn = self.learns()
        if not learn and not ctx.of(KONG) and not self.valued(ev0, c, j):
            return base
        now = ev0.value(c, shanten.keys(c), j)
        evs: dict[Action, float] = {}
        phis: dict[Action, list[float]] = {}
        pas = ctx.first(PASS)
        if pas is not None:
            evs[pas] = now.ev
            if learn:
                phis[pas] = self.afterstate(ctx, model, ev0, c, j, now, 0.0, None, pas == base, False, False)
        for a, m2, counts, subs in hand_math.claim_results(ctx, melds):
            if subs and a != base:
                continue  # a wildcard or 白 spent on a claim: worth more in the hand
            c2, j2 = hand_math.split(counts, jk)
            ev = hand_value.Evaluator(model, self.routes(ctx, m2, counts), self.rho)
            if a.kind == KONG:
                val = ev.value(c2, shanten.keys(c2), j2, extra=True)
                pts = 0.0 if subs else self.kong_points(ctx, "kong")
                w = val.ev + pts
                if learn:
                    phis[a] = self.afterstate(ctx, model, ev, c2, j2, val, pts, None, a == base, False, True)
            else:
                opts = [d for d in range(34) if counts[d]]
                scanned = ev.scan(c2, j2, opts, jk)
                w = max(v.ev - (self.jk_margin if d == jk else 0.0) for d, v in scanned.items())
                if learn:
                    best: tuple[float, list[float]] | None = None
                    for d, v in scanned.items():
                        after = list(c2)
                        if d != jk:
                            after[d] -= 1
                        phi = self.afterstate(ctx, model, ev, after, j2 - 1 if d == jk else j2, v, 0.0, d,
                                              a == base, False, False)
                        score = self.value(phi) if self.value_weights is not None else v.ev
                        if best is None or score > best[0]:
                            best = (score, phi)
                    if best is not None:
                        phis[a] = best[1]
            evs[a] = w
        if learn:
            self.last_features = phis
            if self.value_weights is not None and phis:
                choice = self.fitted_choice(phis, base)
                self.why = "value" if choice != base else "base"
                return choice
            if not ctx.of(KONG) and not self.valued(ev0, c, j):
                return base
        self.why = "base"
        return self.anchored(evs, base, self.claim_margin, self.claim_ratio)

    def pass_discount(self, ctx: Ctx) -> float:
        """Passing a discard win blocks discard wins of that value until the next draw."""
        return 0.85

    def win_value(self, ctx: Ctx, tile: int) -> float | None:
        """Points this seat receives for winning on ``tile`` now (None: the scoring could not be read)."""
        from ..rules.variants.wenshan_score import score

        return hand_value.discard_win_value(ctx, tile, score, ctx.jk)


def hard_gap(ctx: Ctx) -> advantage.Spare | None:
    """A discard's 硬功 term for ``advantage``: how many steps the hand left, every wildcard as its own face,
    trails the plain hand (capped at 3; 0 with no wildcard held; None in a game without wildcards)."""
    jk, wf = ctx.jk, ctx.wface
    if jk is None:
        return None
    sh, _acc = _natural(ctx.live, jk, 1.0)

    def gap(c: list[int], k: list[int], j: int) -> float:
        return float(min(sh(c, k, j) - shanten.std(k, j, wf), 3)) if j else 0.0

    return gap


def _natural(live: Sequence[int], jk: int, pw: float) -> tuple[hand_value.ShFn, hand_value.AccFn]:
    """The standard shape with every wildcard as its own face and every 白 as 白 (硬功)."""
    g, r = jk // 9, shanten._P[jk % 9]

    def sh(c: list[int], k: list[int], j: int) -> int:
        if j:
            kk = list(k)
            kk[g] += j * r
            return shanten.std(kk, 0, None)
        return shanten.std(k, 0, None)

    def acc(c: list[int], k: list[int], j: int, s: int) -> float:
        c2 = list(c)
        c2[jk] += j
        kk = list(k)
        kk[g] += j * r
        _t, kinds = shanten.std_accepts(c2, kk, 0, s, live, None, None)
        if s == 0:
            return float(_t)
        return sum(live[x] * (pw if c2[x] == 2 else 1.0) for x in kinds)

    return sh, acc


def _pairs_natural(live: Sequence[int], jk: int) -> tuple[hand_value.ShFn, hand_value.AccFn]:
    def sh(c: list[int], k: list[int], j: int) -> int:
        if j:
            c2 = list(c)
            c2[jk] += j
            return shanten.pairs(c2, 0, None)
        return shanten.pairs(c, 0, None)

    def acc(c: list[int], k: list[int], j: int, s: int) -> float:
        c2 = list(c)
        c2[jk] += j
        return float(shanten.pairs_accepts(c2, 0, s, live, None, None)[0])

    return sh, acc
