"""Level 高手 × the chicken games (guiyang, zhuoji): readiness, patterns, beans, chickens, defence.

Measured on four 熟手 (build/bot_stats.py): a seat that ends a won hand not ready loses about 12-15
points, a ready one about breaks even, the winner gains 13-22. So every action is valued as

    P(ready at the end) × (what readiness is worth: a base, the seat's chickens from every player,
    its beans) + the mixed value of winning by each route (平胡, 七对/龙七对, 大对子, 清一色 and its
    清七对/清大对 forms, each paid as the table says, 平胡 on a discard only with a pass)
    - P(not ready) × what the seat's exposed chickens (and zhuoji beans) cost it
    - the chance that the discard deals in × (what that costs - what the hand settles as it stands)

and the bot takes the best action: discard, kong now (a bean is worth its 3 from each player only in
the turn its fourth tile came: later it is a 憨包豆 worth 0), pung, 报听, or pass. A first 幺鸡/乌骨鸡
discard charges (冲锋鸡: double or triple) unless someone pungs it (责任鸡, paid by the discarder), so
releasing one is priced by how many copies are still live.
"""

from __future__ import annotations

from collections.abc import Callable

from ..rules.actions import DISCARD, KONG, PASS, PUNG, Action
from ..rules.analysis import is_win
from ..rules.tiles import RED
from ..rules.tiles import name as tname
from ..rules.variants.chicken_patterns import waits
from ..rules.variants.chicken_tables import TABLES
from . import danger, hand_math, hand_value, rollouts, shanten
from .ctx import Ctx, meld_faces
from .strong import Expert
from .variant import VariantStrategy
from .variant_chicken import WU_GU, YAO
from .win_chances import Model

KONGS = ("kong", "added_kong", "concealed_kong")
Fowl = tuple[float, float, float]  # chickens collected if ready, exposed if not, beans (``own_fowl``)
# what a ranked action leaves: (13-tile counts, its evaluator, fowl, has a pass, its own points, a kong, plan)
Tag = tuple[list[int], hand_value.Evaluator, Fowl, bool, float, bool, str]
Ranked = tuple[float, Action, Tag]
SimTag = tuple[hand_value.Evaluator, Fowl, bool]  # a rollout start's scoring context
# typical live acceptance at each shanten per route (claim-weighted as the routes count it; 0: the waits
# once ready), measured on 熟手 hands in guiyang (build: /tmp typ script, 60 hands)
TYP = {
    "std": {0: 4.5, 1: 14.0, 2: 25.0, 3: 42.0, 4: 60.0, 5: 70.0, 6: 75.0},
    "pairs": {0: 2.0, 1: 7.0, 2: 12.5, 3: 17.0, 4: 22.0, 5: 28.0, 6: 32.0},
    "pungs": {0: 3.0, 1: 13.0, 2: 17.0, 3: 22.0, 4: 28.0, 5: 30.0, 6: 32.0},
    "flush": {0: 4.0, 1: 18.0, 2: 26.0, 3: 27.0, 4: 28.0, 5: 30.0, 6: 31.0},
    "fpairs": {0: 2.0, 1: 5.0, 2: 7.0, 3: 7.5, 4: 10.0, 5: 10.5, 6: 10.0},
    "fpungs": {0: 3.0, 1: 5.0, 2: 11.0, 3: 15.0, 4: 15.0, 5: 17.0, 6: 17.0},
}


class ChickenExpert(Expert):
    """Economy and decisions of one chicken variant (the table's values; the rest tuned on dev walls)."""

    ready_base = 9.0  # points of ending ready besides one's own chickens and beans
    win_extra = 3.0  # points a win brings besides its pattern (the flip counts the winner's discards...)
    pung_weight = 3.0  # an accepting tile that makes a pung may come from three players' discards
    flush_min = 8  # tiles of one suit (hand and melds) before the 清一色 routes are weighed
    pung_prob = 0.7  # chance a player holding a pair of a discarded chicken pungs it
    kappa_max = 1.8  # how much likelier an undiscarded chicken's copies are in hands than the wall, late
    claimer_ready = 0.75  # chance a claimer ends ready (and collects)
    charge_boost = 1.0
    search_samples = 40  # rollouts per candidate at a close kong decision (0: no search)
    search_depth = 4
    search_band = 4.0  # points between a kong and the best discard below which the search decides
    commit_samples = 24
    commit_band = 0.25  # ... between two discards that follow different plans (or charge a chicken)
    ready_others = 0.65  # share of the other players ready at the end
    defend_scale = 1.0
    pairs_scale = 1.0  # experiments: factors on the worth of the 七对 / 大对子 / 清一色 routes
    pungs_scale = 1.0
    flush_scale = 1.0
    win_rate = 0.1
    ready_mid = 9.0
    # a discard whose plan is the plain hand or 清一色 may not cost a shanten of the plain hand: the route
    # model takes a typical acceptance for a worse shanten and so rates a broken shape about as fast
    # (build/diverge.py: such departures from the 熟手 lost 1.2-1.7 points each; paired A/B on dev walls,
    # 8,000 seat-hands each: guiyang +0.182 ±0.109 and +0.214 ±0.110, zhuoji +0.204 ±0.132)
    speed_guard = True
    guard_families: tuple[str, ...] = ("std", "flush")
    # a deal-in ends the hand at once, and the fowl then settle as the hand stands: a ready seat still
    # collects, a seat short of ready pays (not the 0 that ``(1 - pd) × worth`` alone assumes). Paired
    # A/B on dev walls, 16,000 seat-hands each: guiyang +0.021 ±0.043, zhuoji +0.045 ±0.044
    end_value = True
    # the waits a plain hand not yet ready is counted with once ready. Its measured live waits are 4.5,
    # but it wins about twice as often as a self-draw-only chain on 4.5 predicts (it gains a pass, or
    # turns 大对子/七对 and wins on a discard): with 10, the predicted P(win) of hands 1-4 steps from
    # ready matches the actual one mid-game (4×熟手 walls, both games). Paired A/B on dev walls, 24,000
    # seat-hands each: guiyang +0.073 ±0.040, zhuoji +0.008 ±0.055
    std_waits: float | None = 10.0
    # issue 41's cheap fixes (each A/B'd on development walls; docs/bots.md has the figures). keep_pairs and
    # free_kong are on for style: an expert takes a free bean at once and keeps 七对 open. Paired A/B, 8,000
    # seat-hands each, points at zero: free_kong zhuoji -0.001 ±0.029, guiyang +0.006 ±0.008; keep_pairs=5
    # zhuoji -0.007 ±0.078, guiyang -0.005 ±0.060. Style on dev walls (style:901, 400 walls): free kongs
    # taken at once .982 in both games (target ≥ .95; zhuoji .862 at the bench without), 七对 per 100 wins
    # guiyang 3.98 -> 4.5, zhuoji 1.31 -> 2.1
    keep_pairs = 5  # a concealed hand with this many pairs keeps 七对 open: no pung that lowers no shanten (0: off)
    free_kong = True  # a kong of the tile just drawn that costs no shanten is made at once ...
    free_kong_late = 24  # ... unless the hand is 2+ shanten with fewer tiles than this left to draw
    kong_hot = 0.0  # the forced discard after a kong is a 热炮 if won on: its deal-in cost, times this
    charge_live = 9  # a first chicken is released only while at most this many copies are live (9: no limit)
    # a suit holding this many tiles (hand and melds): 清一色 plans escape the speed guard (0: never). Set in
    # __init__ for style (issue 41; docs/bots.md has the figures): zhuoji 9, 清一色 per 100 wins on dev walls
    # 0.26 -> 1.17 (style:951) and 0.61 -> 0.96 (style:952), points +0.035 ±0.049 and +0.022 ±0.048 (ab:5104,
    # 5106); guiyang 9 with flush_scale 1.5 (alone it moved nothing there): 1.29 -> 1.68 and 1.49 -> 2.63,
    # points -0.067 ±0.071, -0.017 ±0.064 and -0.007 ±0.072 (ab:5109, 5110, 5112; pooled -0.030 ±0.040)
    flush_commit = 0

    def __init__(self, vid: str, seed: object = 0) -> None:
        super().__init__(vid, seed)
        self.ranked: list[Ranked] | None = None  # the last turn's actions, best first (build/diverge.py --second)
        self.tb = TABLES[vid]
        self.pv = dict(self.tb.patterns)
        self.free = (RED,) if vid == "guiyang" else ()
        if vid == "guiyang":
            # calibrated on 熟手 tables (build/calibrate_claims.py): a 熟手 holding a pair pungs a first chicken
            # 55-59% of the time, and the undiscarded copies sit in hands less than kappa 1.8 assumed. Paired
            # A/B on dev walls (ab:41, ab:43, 16,000 seat-hands): +0.087 ±0.051 a hand; zhuoji -0.055 ±0.065
            # (and each change alone within ±0.06 there), so zhuoji keeps the old figures
            self.pung_prob = 0.6
            self.kappa_max = 1.4
            self.flush_scale = 1.5
        self.flush_commit = 9

    # ---- the table as this seat sees it ------------------------------------------------------------
    def chicken_values(self, ctx: Ctx) -> dict[int, int]:
        tb = self.tb
        out = {YAO: tb.yao}
        if ctx.options.get("wu_gu", True):
            out[WU_GU] = tb.wu_gu
        return out

    def first_free(self, ctx: Ctx, t: int) -> bool:
        """Nobody has discarded ``t`` yet: its first discard decides 冲锋 / 责任."""
        return not any(d["tile"] == t for s in ctx.seats for d in s["discards"])

    def own_fowl(self, ctx: Ctx) -> Fowl:
        """(chickens the seat collects per player if ready, chickens it pays per ready player if not, beans
        collected if ready) from its melds and discards so far (the hand's chickens are added per option)."""
        vals = self.chicken_values(ctx)
        tb = self.tb
        chong = ctx.public_seats("chong_feng")
        mine_chong = {name for name, seat in chong.items() if seat == ctx.seat}
        bao = bool(ctx.view["options"].get("bao_ji", True))  # 包鸡 off: only the 冲锋鸡 is owed when not ready
        total = expo = 0.0
        for m in ctx.melds:
            for t in m["tiles"]:
                v = vals.get(t) if t is not None else None  # (own tiles are never face down)
                if v:
                    total += v
                    if m["kind"] != "concealed_kong" and bao:
                        expo += v
        seen_charge: set[int] = set()
        for d in ctx.my_discards:
            t = d["tile"]
            v = vals.get(t)
            if not v or d["claimed_by"] is not None or d.get("won"):
                continue
            if tname(t) in mine_chong and t not in seen_charge:
                seen_charge.add(t)
                total += v * tb.chong_feng_mult
                expo += v * tb.chong_feng_mult
            else:
                total += v
                expo += v if bao else 0.0
        beans = 0.0
        for m in ctx.melds:
            if m["kind"] in ("concealed_kong", "added_kong"):
                beans += tb.bean * (ctx.n - 1)
            elif m["kind"] == "kong":
                beans += tb.bean
        return total, expo, beans

    # ---- routes --------------------------------------------------------------------------------------
    def routes(self, ctx: Ctx, n_melds: int, meld_faces: list[tuple[int, ...]], has_pass: bool,
               declared: bool = False) -> list[hand_value.XRoute]:
        live = ctx.live
        pv = self.pv
        pay = ctx.n - 1
        we = self.win_extra
        bonus = self.tb.events["bao_ting"] if declared else 0
        pw = self.pung_weight
        out: list[hand_value.XRoute] = []

        # 连庄 (zhuoji): every hand payment to or by a dealer who kept the seat k times counts k more times
        k = int(ctx.view.get("dealer_streak") or 0) if self.tb.lian_zhuang else 0
        mine = ctx.dealer == ctx.seat
        m_self = pay * (1 + k) if mine else pay + k
        m_ron = (1 + k) if mine else 1 + k / pay

        def vals(v: float, scale: float = 1.0) -> tuple[float, float]:
            return scale * (m_self * (v + bonus) + we), scale * (m_ron * (v + bonus) + we)

        ping = 0 if (declared and self.vid == "guiyang") else pv["ping_hu"]
        out.append(hand_value.XRoute("std", *hand_value.std_route(live, pw), *vals(ping), ron=has_pass or declared,
                                     typ=TYP["std"], final_waits=self.std_waits))
        counts = ctx.counts
        doubles = sum(1 for x in counts if x >= 2)
        all_pungs = all(len(f) >= 3 and len(set(f)) == 1 for f in meld_faces)
        if all_pungs and doubles + n_melds >= 3:
            out.append(hand_value.XRoute("pungs", *hand_value.pungs_route(live, pw),
                                         *vals(pv["da_dui_zi"], self.pungs_scale), typ=TYP["pungs"]))
        concealed = n_melds == 0
        if concealed and doubles >= 3:
            def quads(c: list[int], j: int) -> float:
                return 2.0 if any(x == 4 for x in c) else 1.0

            out.append(hand_value.XRoute("pairs", *hand_value.pairs_route(live),
                                         *vals(pv["qi_dui"], self.pairs_scale), vf=quads, typ=TYP["pairs"]))
        cnt, _h = hand_value.suit_counts(ctx.counts, meld_faces, self.free)
        for g in range(3):
            if cnt[g] < self.flush_min:
                continue
            lo = 9 * g
            out.append(hand_value.XRoute(f"flush{g}", *hand_value.flush_route(live, g, self.free, pw),
                                         *vals(pv["qing_yi_se"], self.flush_scale), typ=TYP["flush"]))
            out.append(hand_value.XRoute(f"fpungs{g}", *hand_value.pungs_route(live, pw, lo, lo + 9, self.free),
                                         *vals(pv["qing_da_dui"], self.flush_scale), typ=TYP["fpungs"]))
            if concealed:
                out.append(hand_value.XRoute(f"fpairs{g}", *hand_value.flush_pairs_route(live, g, self.free),
                                             *vals(pv["qing_qi_dui"], self.flush_scale), typ=TYP["fpairs"]))
        return out

    def ev(self, model: Model, routes: list[hand_value.XRoute]) -> hand_value.Evaluator:
        """The route evaluator every decision of this variant uses."""
        return hand_value.Evaluator(model, routes, self.rho)

    # ---- valuing a 13-tile hand ----------------------------------------------------------------------
    def worth(self, ctx: Ctx, ev: hand_value.Evaluator, c: list[int], fowl: Fowl,
              extra: bool = False, val: hand_value.Value | None = None) -> tuple[float, hand_value.Value]:
        total, expo, beans = fowl
        vals = self.chicken_values(ctx)
        held = sum(c[t] * v for t, v in vals.items())
        if val is None:
            val = ev.value(c, shanten.keys(c), 0, extra)
        n = ctx.n
        ready_pay = self.ready_base + (n - 1) * (total + held) + beans
        lose = expo * (n - 1) * self.ready_others
        if self.tb.bao_dou:
            lose += beans / max(1, n - 1) * (n - 1) * self.ready_others
        return val.ready * ready_pay + val.ev - (1.0 - val.ready) * lose, val

    def evaluator(self, ctx: Ctx) -> hand_value.Evaluator:
        melds = [meld_faces(m) for m in ctx.melds]
        has_pass = any(m["kind"] in KONGS for m in ctx.melds)
        return self.ev(self.model(ctx), self.routes(ctx, ctx.n_melds, melds, has_pass))

    # ---- decisions -------------------------------------------------------------------------------------
    def choose_turn(self, ctx: Ctx, strat: VariantStrategy) -> Action:
        melds = [meld_faces(m) for m in ctx.melds]
        has_pass = any(m["kind"] in KONGS for m in ctx.melds)
        model = self.model(ctx)
        ev = self.ev(model, self.routes(ctx, ctx.n_melds, melds, has_pass))
        fowl = self.own_fowl(ctx)
        threat = self.turn_danger(ctx, fowl)
        c = list(ctx.counts)
        chickens = self.chicken_values(ctx)
        scored: list[Ranked] = []
        phis: dict[Action, list[float]] | None = {} if self.learns() else None
        opts = self.discard_tiles(ctx)
        vals = ev.scan(c, 0, opts)
        k = shanten.keys(c)
        shs: dict[Action, int] = {}  # the plain-hand shanten after each discard
        seen: set[int] = set()
        for a in ctx.legal:
            if a.kind != DISCARD or a.tile is None or a.tile in seen:
                continue
            seen.add(a.tile)
            d = a.tile
            c[d] -= 1
            f2, eff = self.release(ctx, d, fowl)
            w, val = self.worth(ctx, ev, c, f2, val=vals[d])
            c[d] += 1
            w += eff
            after = list(c)
            after[d] -= 1
            if self.speed_guard or self.end_value:
                ka = list(k)
                ka[d // 9] -= shanten._P[d % 9]
                shs[a] = shanten.std(ka, 0)
            risk = threat.risk(d)
            w = self.risked(ctx, w, risk, after, f2, shs.get(a))
            family = "chicken" if d in chickens and self.first_free(ctx, d) else val.best.rstrip("012")
            scored.append((w, a, (after, ev, f2, has_pass, eff, False, family)))
            if phis is not None:
                phis[a] = self.afterstate(ctx, model, after, f2, val, w, eff, risk, has_pass, False, family)
        robbed: dict[Action, tuple[float, float]] = {}
        for a in ctx.of(KONG):
            got = self.turn_kong(ctx, a, model, fowl, melds)
            if got is not None:
                (w, act, tag), kval = got
                if act.tile is not None and hand_math.turn_kong_tiles(ctx, act.tile)[0] == "added_kong":
                    # an added kong may be robbed (抢杠): any ready player may rob it, pass or not
                    pd, loss = self.danger(ctx, self._rob_burn(ctx, fowl), rob=True).risk(act.tile)
                    loss *= self.defend_scale
                    w = (1.0 - pd) * w - loss
                    robbed[act] = (pd, loss)
                if self.kong_hot:
                    w -= self.kong_hot * self.hot_cost(ctx, tag[0], tag[2])
                scored.append((w, act, tag))
                if phis is not None:
                    phis[act] = self.afterstate(ctx, model, tag[0], tag[2], kval, w, 0.0, robbed.get(act, (0.0, 0.0)),
                                                True, True, "kong")
        if not scored:
            return ctx.legal[0]
        if phis is not None:
            self.last_features = phis
            if self.value_weights is not None:
                scored = [(self.value(phis[a]), a, tag) for _w, a, tag in scored]
        if self.free_kong:
            free = self.free_kong_now(ctx, strat, shs, robbed)
            if free is not None:
                self.why = "free-kong"
                return free
        if self.charge_live < 9:
            held = [x for x in scored if x[2][6] != "chicken" or ctx.live[x[1].tile or 0] <= self.charge_live]
            scored = held or scored
        if self.speed_guard:
            scored = self._guarded(scored, shs, self._guard_families(ctx, melds))
        scored.sort(key=lambda x: -x[0])
        self.why = "x"
        self.ranked = scored
        # only a kong whose fourth tile came this turn is worth a bean (later ones are 憨包豆): search those
        kongs = [x for x in scored if x[1].kind == KONG and x[1].tile == ctx.drawn]
        rest = [x for x in scored if x[1].kind != KONG]
        if self.search_samples and kongs and rest and abs(kongs[0][0] - rest[0][0]) < self.search_band:
            return self.searched(ctx, model, [kongs[0], rest[0]], robbed=robbed)
        if self.search_samples and len(rest) > 1 and rest[0][0] - rest[1][0] < self.commit_band:
            # a close call between two plans (七对 or 清一色 or the plain hand), or charging a first chicken
            f0, f1 = rest[0][2][6], rest[1][2][6]
            if f0 != f1 or "chicken" in (f0, f1):
                return self.searched(ctx, model, rest[:2], self.commit_samples)
        self.why = "x:" + scored[0][2][6]
        return scored[0][1]

    # ---- the fitted afterstate value ---------------------------------------------------------------------
    def afterstate(self, ctx: Ctx, model: Model, c: list[int], fowl: Fowl, val: hand_value.Value, worth: float,
                   eff: float, risk: tuple[float, float], has_pass: bool, kong: bool, family: str) -> list[float]:
        """The features of the hand ``c`` an action leaves (before the next draw): what the hand-set worth
        and its parts say (``worth``, the route value, the chances to be ready and to win), the deal-in risk of
        the discard, the shapes (plain and 七对 shanten, pairs, live acceptance), the fowl, the wall and the
        table's hazard. Scaled to units of about one."""
        ready_pay, lose = self._ready_pay(ctx, c, fowl)
        k = shanten.keys(c)
        std = shanten.std(k, 0)
        concealed = ctx.n_melds == 0 and not kong
        pairs_sh = shanten.pairs(c, 0) if concealed else 6
        pairs = sum(1 for x in c if x >= 2) if concealed else 0
        acc = shanten.std_accepts(c, k, 0, std, ctx.live)[0] if 0 <= std < shanten.NONE else 0
        wall = ctx.drawable / 20.0
        total, expo, beans = fowl
        held = sum(c[t] * v for t, v in self.chicken_values(ctx).items())
        hz = model.hazards[0] / 1000.0 if model.hazards else 1.0
        s = min(std, 6)
        pd, loss = risk
        fam = family.rstrip("012")
        return [1.0, worth / 10.0, val.ev / 10.0, val.ready, val.win, val.ready * ready_pay / 10.0,
                (1.0 - val.ready) * lose / 10.0, eff / 10.0, pd, loss / 10.0, float(s), float(min(pairs_sh, 6)),
                float(pairs), acc / 10.0, wall, s * wall, float(ctx.n_melds + (1 if kong else 0)),
                1.0 if has_pass else 0.0, held / 10.0, expo / 10.0, beans / 10.0, 1.0 if kong else 0.0,
                1.0 if fam == "chicken" else 0.0, hz, 1.0 if fam == "flush" else 0.0, 1.0 if fam == "pairs" else 0.0,
                1.0 if fam == "pungs" else 0.0, 1.0 if std <= 0 else 0.0, wall if std <= 0 else 0.0,
                total / 10.0]

    def free_kong_now(self, ctx: Ctx, strat: VariantStrategy, shs: dict[Action, int],
                      robbed: dict[Action, tuple[float, float]]) -> Action | None:
        """A kong of the tile just drawn (闷豆 / 爬坡豆: a bean now, a 0-point 憨包豆 if put off) that costs no
        shanten by the 熟手's test, unless the hand is two or more from ready late in the wall, or the added
        kong is likely robbed."""
        face = ctx.drawn
        if face is None:
            return None
        far = min(shs.values(), default=0) >= 2
        if far and ctx.drawable < self.free_kong_late:
            return None
        for a in ctx.of(KONG):
            if a.tile != face or robbed.get(a, (0.0, 0.0))[0] > 0.1:
                continue
            if self.turn_kong_ok(ctx, strat, face, strat.normal_routes(ctx)):
                return a
        return None

    def hot_cost(self, ctx: Ctx, c: list[int], fowl: Fowl) -> float:
        """What the forced discard after a kong is expected to cost as a 热炮 (a win on it needs no pass and
        burns what the seat would collect): the least risky tile of the hand ``c`` left by the kong."""
        dz = self.danger(ctx, self._ready_pay(ctx, c, fowl)[0], hot=True)
        return min((dz.risk(t)[1] for t in range(34) if c[t]), default=0.0)

    def turn_danger(self, ctx: Ctx, fowl: Fowl) -> danger.Danger:
        """The table read of this turn's discards (热炮 after the seat's own kong)."""
        hot = self.hot
        return self.danger(ctx, self._ready_pay(ctx, list(ctx.counts), fowl)[0] if hot else 0.0, hot)

    def _guard_families(self, ctx: Ctx, melds: list[tuple[int, ...]]) -> tuple[str, ...]:
        """The plans the speed guard holds to the plain hand's pace: not 清一色 once one suit holds
        ``flush_commit`` tiles (the plain hand's shanten then undersells the discards a flush needs)."""
        fams = self.guard_families
        if self.flush_commit and "flush" in fams:
            cnt, _h = hand_value.suit_counts(ctx.counts, melds, self.free)
            if max(cnt) >= self.flush_commit:
                fams = tuple(f for f in fams if f != "flush")
        return fams

    def _guarded(self, scored: list[Ranked], shs: dict[Action, int] | None = None,
                 families: tuple[str, ...] | None = None) -> list[Ranked]:
        """Drop the discards whose plan is one of ``families`` (``guard_families``) but which leave the plain
        hand a shanten further from ready than the fastest discard does (``shs``: those shanten, if known)."""
        fams = self.guard_families if families is None else families
        sh = {}
        for _w, a, tag in scored:
            if a.kind == DISCARD:
                sh[a] = shs[a] if shs and a in shs else shanten.std(shanten.keys(tag[0]), 0)
        if not sh:
            return scored
        low = min(sh.values())
        return [x for x in scored if x[1] not in sh or sh[x[1]] == low or x[2][6] not in fams]

    def turn_kong(self, ctx: Ctx, a: Action, model: Model, fowl: Fowl, melds: list[tuple[int, ...]]
                  ) -> tuple[Ranked, hand_value.Value] | None:
        face = a.tile
        if face is None:
            return None
        kind, got = hand_math.turn_kong_tiles(ctx, face)
        if got is None:
            return None
        c = hand_math.without(ctx.counts, got)
        total, expo, beans = fowl
        fresh = ctx.drawn == face  # the fourth tile came this turn: a bean worth 3 from each, else 憨包豆
        bean = self.tb.bean * (ctx.n - 1) if fresh else 0.0
        n_melds = ctx.n_melds + (0 if kind == "added_kong" else 1)
        faces = melds + ([(face,) * 4] if kind != "added_kong" else [])
        ev = self.ev(model, self.routes(ctx, n_melds, faces, True))
        v = self.chicken_values(ctx).get(face, 0)
        if kind == "added_kong":
            total, expo = total + v, expo + v
        else:
            total += 4 * v
        f2 = (total, expo, beans + bean)
        w, val = self.worth(ctx, ev, c, f2, extra=True)
        return (w, a, (c, ev, f2, True, 0.0, True, "kong")), val

    def searched(self, ctx: Ctx, model: Model, cands: list[Ranked], samples: int = 0,
                 robbed: dict[Action, tuple[float, float]] | None = None) -> Action:
        """Compare the top actions by rollouts on the same sampled futures (see ``search``). ``robbed``:
        (chance, cost) that an added kong is robbed, which the rollouts do not play."""
        starts: list[rollouts.Start[SimTag]] = []
        for _w, _a, (after, ev, fowl, has_pass, bonus, kong, _family) in cands:
            starts.append(rollouts.Start(list(after), (ev, fowl, has_pass), 0, bonus, kong,
                                         pairs=ctx.n_melds == 0 and not kong))
        sim = rollouts.Simulator(ctx.live, model.hazards, ctx.n, self.rng, self._sim_shanten(ctx),
                                 self._sim_win(ctx), self._sim_leaf(ctx), self._sim_end(ctx))
        res = sim.compare(starts, samples or self.search_samples, self.search_depth)
        for j, cand in enumerate(cands):
            if robbed and cand[1] in robbed:
                pd, loss = robbed[cand[1]]
                res[j] = (1.0 - pd) * res[j] - loss
        i = max(range(len(res)), key=lambda x: res[x])
        self.why = "search"
        return cands[i][1]

    # ---- the simulator's view of this variant ---------------------------------------------------------
    def _sim_shanten(self, ctx: Ctx) -> Callable[[list[int], list[int], int], int]:
        concealed = ctx.n_melds == 0

        def sh(c: list[int], k: list[int], j: int) -> int:
            s = shanten.std(k, 0)
            if concealed:
                p = shanten.pairs(c, 0)
                if p < s:
                    s = p
            return s

        return sh

    def risked(self, ctx: Ctx, w: float, risk: tuple[float, float], c: list[int], fowl: Fowl,
               std: int | None = None) -> float:
        """The worth ``w`` of the 13-tile hand ``c`` after a discard that deals in with ``risk`` (chance,
        expected payment): a deal-in ends the hand as it stands (``end_now``; ``std``: its plain shanten)."""
        pd, loss = risk
        w = (1.0 - pd) * w - loss * self.defend_scale
        if self.end_value and pd > 0.0:
            w += pd * self.end_now(ctx, c, fowl, std)
        return w

    def end_now(self, ctx: Ctx, c: list[int], fowl: Fowl, std: int | None = None) -> float:
        """What the 13-tile hand ``c`` collects (ready) or pays (not ready) if the hand ends at once, as it
        does when this seat deals in: the fowl settle as they stand (``std``: its plain shanten, if known)."""
        ready, lose = self._ready_pay(ctx, c, fowl)
        s = shanten.std(shanten.keys(c), 0) if std is None else std
        if s > 0 and ctx.n_melds == 0:
            s = min(s, shanten.pairs(c, 0))
        return ready if s <= 0 else -lose

    def _ready_pay(self, ctx: Ctx, c: list[int], fowl: Fowl) -> tuple[float, float]:
        total, expo, beans = fowl
        held = sum(c[t] * v for t, v in self.chicken_values(ctx).items())
        n = ctx.n
        lose = expo * (n - 1) * self.ready_others
        if self.tb.bao_dou:
            lose += beans * self.ready_others
        return self.ready_base + (n - 1) * (total + held) + beans, lose

    def _sim_win(self, ctx: Ctx) -> Callable[[rollouts.Start[SimTag], list[int], int, bool], float | None]:
        pv = self.pv
        pay = ctx.n - 1
        free = self.free
        melds = [meld_faces(m) for m in ctx.melds]

        def win(st: rollouts.Start[SimTag], c: list[int], j: int, self_drawn: bool) -> float | None:
            _ev, fowl, has_pass = st.tag
            n_melds = (sum(c) < 14)
            seven = not n_melds and sum(c) == 14 and all(x % 2 == 0 for x in c)
            if not seven and not is_win(c):
                return None
            suits = {t // 9 for t in range(27) if c[t]} | {f[0] // 9 for f in melds if f[0] < 27}
            flush = len(suits) == 1 and not any(c[t] for t in range(27, 34) if t not in free)
            if seven:
                key = "long_qi_dui" if any(x == 4 for x in c) else "qi_dui"
            elif all(x in (0, 2, 3) for x in c) and sum(1 for x in c if x == 2) == 1:
                key = "da_dui_zi"
            else:
                key = "ping_hu"
            if flush:
                key = {"ping_hu": "qing_yi_se", "da_dui_zi": "qing_da_dui", "qi_dui": "qing_qi_dui",
                       "long_qi_dui": "qing_long_bei"}[key]
            if key == "ping_hu" and not self_drawn and not has_pass:
                return None
            v = pv[key]
            pts = (pay * v if self_drawn else v) + self.win_extra
            ready, _lose = self._ready_pay(ctx, c, fowl)
            return pts + ready

        return win

    def _sim_end(self, ctx: Ctx) -> Callable[[rollouts.Start[SimTag], list[int], int], float]:
        def end(st: rollouts.Start[SimTag], c: list[int], j: int) -> float:
            return self.end_now(ctx, c, st.tag[1])

        return end

    def _sim_leaf(self, ctx: Ctx) -> Callable[[rollouts.Start[SimTag], list[int], int, int], float]:
        def leaf(st: rollouts.Start[SimTag], c: list[int], j: int, rounds: int) -> float:
            ev, fowl, _p = st.tag
            k = shanten.keys(c)
            val = ev.value(c, k, 0, exact=[False] * len(ev.routes), offset=rounds)
            ready, lose = self._ready_pay(ctx, c, fowl)
            return val.ready * ready + val.ev - (1.0 - val.ready) * lose

        return leaf

    def release(self, ctx: Ctx, d: int, fowl: Fowl) -> tuple[Fowl, float]:
        """Discarding ``d``: the seat's chickens and exposure afterwards, and the expected cost of a claim
        (the claimer's chickens from this seat, 责任鸡 on a first one, 点豆 on a kong) besides."""
        vals = self.chicken_values(ctx)
        v = vals.get(d)
        total, expo, beans = fowl
        if not v:
            return fowl, 0.0
        tb = self.tb
        qp, qk = self.claim_chances(ctx, d)
        q = qp + qk
        first = self.first_free(ctx, d)
        gen = False
        if not first and tb.gen_chong and not ctx.my_discards:
            gen = ctx.public_seats("chong_feng").get(tname(d)) is not None
        ze = v * tb.ze_ren_mult if first else 0.0
        cost = (qp * (3 * v + ze) + qk * (4 * v + ze + tb.bean)) * self.claimer_ready
        if first or gen:
            mult = tb.chong_feng_mult
            # charged (1 - q): counted at mult x, exposed at mult x; claimed (q): gone. Charging is a race
            # (the first discard of the kind takes it): ``charge_boost`` adds the worth of not being beaten.
            gain = (1 - q) * v * mult
            return (total + gain * self.charge_boost, expo + gain, beans), -cost
        return (total + (1 - q) * v, expo + (1 - q) * v, beans), -cost

    def claim_chances(self, ctx: Ctx, t: int) -> tuple[float, float]:
        """(pung, kong) chances for a discarded ``t``: some other player holds two (three) live copies.
        While nobody has discarded a chicken its unseen copies sit in hands more than the wall (players
        keep them), the more so the later it is."""
        live = ctx.live[t]
        if live < 2:
            return 0.0, 0.0
        U = max(ctx.unseen, 1)
        kappa = 1.0
        if not any(d["tile"] == t for s in ctx.seats for d in s["discards"]):
            played = sum(len(s["discards"]) for i, s in enumerate(ctx.seats) if i != ctx.seat)
            kappa = min(self.kappa_max, 1.0 + played / 24.0)
        miss_p = miss_k = 1.0
        for o, s in enumerate(ctx.seats):
            if o == ctx.seat or s.get("declared"):
                continue
            f = min(0.9, s["concealed"] / U * kappa)
            p0 = (1 - f) ** live
            p1 = live * f * (1 - f) ** (live - 1)
            p3 = f ** 3 if live == 3 else 0.0
            p2 = 1.0 - p0 - p1 - p3
            miss_k *= 1.0 - p3 * 0.9
            miss_p *= 1.0 - (p2 + p3 * 0.1) * self.pung_prob
        qk = 1.0 - miss_k
        return (1.0 - miss_p) * (1.0 - qk), qk

    def _rob_burn(self, ctx: Ctx, fowl: Fowl) -> float:
        """What a robbed seat would have collected and loses (zhuoji always; guiyang per option)."""
        o = ctx.options
        if not (o.get("rob_burns_beans") or o.get("rob_burns_chickens")):
            return 0.0
        return self._ready_pay(ctx, list(ctx.counts), fowl)[0]

    def danger(self, ctx: Ctx, burn: float = 0.0, hot: bool = False, rob: bool = False) -> danger.Danger:
        """The table read for defence; ``hot``: this is the first discard after the seat's kong (热炮: a
        win on it needs no pass, earns the winner an event, and burns what the seat would collect);
        ``rob``: an added kong's tile, which any ready player may rob (抢杠)."""
        dz = danger.Danger(ctx, ChickenDefence(self, hot, burn, rob))
        # a declared player's hand is fixed: what it threw since declaring can never win for it
        for o, _p, _cost, mult in dz.opps:
            seat = ctx.seats[o]
            if seat.get("declared"):
                for d in seat["discards"]:
                    if d.get("declared"):
                        mult[d["tile"]] = 0.0
        return dz

    # ---- claims ---------------------------------------------------------------------------------------
    def choose_claim(self, ctx: Ctx, strat: VariantStrategy) -> Action:
        pas = ctx.first(PASS)
        claims = [a for a in ctx.legal if a.kind in (PUNG, KONG)]
        if not claims:
            return pas or ctx.legal[0]
        t = ctx.offer
        assert t is not None
        melds = [meld_faces(m) for m in ctx.melds]
        has_pass = any(m["kind"] in KONGS for m in ctx.melds)
        model = self.model(ctx)
        fowl = self.own_fowl(ctx)
        ev0 = self.ev(model, self.routes(ctx, ctx.n_melds, melds, has_pass))
        best_w, v0 = self.worth(ctx, ev0, list(ctx.counts), fowl)
        best: Action | None = pas
        phis: dict[Action, list[float]] | None = {} if self.learns() else None
        if phis is not None and pas is not None:
            phis[pas] = self.afterstate(ctx, model, list(ctx.counts), fowl, v0, best_w, 0.0, (0.0, 0.0), has_pass,
                                        False, v0.best.rstrip("012"))
            if self.value_weights is not None:
                best_w = self.value(phis[pas])
        vals = self.chicken_values(ctx)
        v = vals.get(t, 0)
        resp = 0.0
        if v and self.first_free_claim(ctx, t):
            resp = v * self.tb.ze_ren_mult  # 责任鸡: the discarder pays the claimer (if ready)
        threat = self.danger(ctx)
        pairs_open = self.keep_pairs and self.keeps_pairs(ctx)
        for a in claims:
            plan = hand_math.claim_plan(ctx, a)
            if plan is None:
                continue
            got, faces, _subs = plan
            c = hand_math.without(ctx.counts, got)
            if pairs_open and a.kind == PUNG and self.pung_no_faster(ctx, c):
                continue
            total, expo, beans = fowl
            f2 = (total + v * len(faces), expo + v * len(faces), beans)
            if a.kind == KONG:
                f2 = (f2[0], f2[1], beans + self.tb.bean)
                ev = self.ev(model, self.routes(ctx, ctx.n_melds + 1, melds + [faces], True))
                w, val = self.worth(ctx, ev, c, f2, extra=True)
                w += val.ready * resp
                if self.kong_hot:
                    w -= self.kong_hot * self.hot_cost(ctx, c, f2)
                if phis is not None:
                    phis[a] = self.afterstate(ctx, model, c, f2, val, w, 0.0, (0.0, 0.0), True, True, "kong")
                    if self.value_weights is not None:
                        w = self.value(phis[a])
            else:
                ev = self.ev(model, self.routes(ctx, ctx.n_melds + 1, melds + [faces], has_pass))
                w = -1e9
                opts = [d for d in range(34) if c[d]]
                scanned = ev.scan(c, 0, opts)
                for d in opts:
                    c[d] -= 1
                    f3, eff = self.release(ctx, d, f2)
                    wd, val = self.worth(ctx, ev, c, f3, val=scanned[d])
                    wd += eff + val.ready * resp
                    risk = threat.risk(d)
                    wd = self.risked(ctx, wd, risk, c, f3)
                    if phis is not None:
                        phi = self.afterstate(ctx, model, list(c), f3, val, wd, eff, risk, has_pass, False,
                                              val.best.rstrip("012"))
                        if self.value_weights is not None:
                            wd = self.value(phi)
                        if wd > w:
                            phis[a] = phi
                    c[d] += 1
                    w = max(w, wd)
            if w > best_w + 1e-9:
                best_w, best = w, a
        if phis is not None:
            self.last_features = phis
        return best or pas or ctx.legal[0]

    def keeps_pairs(self, ctx: Ctx) -> bool:
        """A concealed hand with ``keep_pairs`` pairs or more, 七对 no further from ready than the plain hand."""
        c = ctx.counts
        if ctx.n_melds or sum(1 for x in c if x >= 2) < self.keep_pairs:
            return False
        return shanten.pairs(c, 0) <= shanten.std(shanten.keys(c), 0)

    @staticmethod
    def pung_no_faster(ctx: Ctx, c: list[int]) -> bool:
        """The hand ``c`` left by a pung, after its best discard, is no nearer ready than the hand now."""
        now = min(shanten.std(shanten.keys(ctx.counts), 0), shanten.pairs(ctx.counts, 0))
        k = shanten.keys(c)
        best = shanten.NONE
        for d in range(34):
            if c[d]:
                shanten.take(c, k, d)
                best = min(best, shanten.std(k, 0))
                shanten.put(c, k, d)
        return best >= now

    def first_free_claim(self, ctx: Ctx, t: int) -> bool:
        """The offered discard is the first of its kind (it is already among the discards)."""
        n = sum(1 for s in ctx.seats for d in s["discards"] if d["tile"] == t)
        return n == 1

    # ---- 报听 -------------------------------------------------------------------------------------------
    def declare(self, ctx: Ctx, strat: VariantStrategy) -> Action:
        dec = ctx.first("declare_ready")
        pas = ctx.first(PASS)
        if dec is None:
            return pas or ctx.legal[0]
        kinds = waits(self.tb, ctx.counts, [])
        live = sum(ctx.live[t] for t in kinds)
        return dec if live >= 1 else (pas or dec)


class ChickenDefence:
    """What ``danger.Danger`` asks of a variant (``danger.DefenceRules``), for the chicken games."""

    suji = 1.0

    def __init__(self, x: ChickenExpert, hot: bool = False, burn: float = 0.0, rob: bool = False) -> None:
        self.x = x
        self.ready_mid = x.ready_mid
        self.hot = hot
        self.burn = burn
        self.rob = rob

    def ron_chance(self, ctx: Ctx, seat: int) -> float:
        s = ctx.seats[seat]
        if s.get("declared") or self.hot or self.rob:
            return 1.0
        if any(m["kind"] in KONGS for m in s["melds"]):
            return 0.7
        return 0.15

    def passed_safe(self, ctx: Ctx, seat: int) -> bool:
        """A ready player without a pass lets a 平胡 tile go by, yet may win it as a 热炮 or rob it: only
        a declared player's (or a bean holder's) passing proves it does not wait on a tile."""
        if not (self.hot or self.rob):
            return True
        s = ctx.seats[seat]
        return bool(s.get("declared")) or any(m["kind"] in KONGS for m in s["melds"])

    def deal_in_cost(self, ctx: Ctx, seat: int) -> float:
        if self.rob:
            # guiyang: 抢杠 +10 (平胡's 1 dropped), with 抢杠包两家 paid as a self-draw by the robbed alone;
            # zhuoji: the robbed pays the pattern + 15. Either way it loses what it would have collected.
            x = self.x
            ev = x.tb.events["qiang_gang"]
            if x.vid == "guiyang":
                hand = ev * (ctx.n - 1 if ctx.options.get("rob_pays_all", True) else 1)
            else:
                hand = x.pv["ping_hu"] + ev
            return hand + 2.0 + self.burn * 0.7
        if self.hot:
            return self.x.tb.events["re_pao"] + self.x.pv["ping_hu"] + 2.0 + self.burn * 0.7
        s = ctx.seats[seat]
        pv = self.x.pv
        if s.get("declared"):
            return self.x.tb.events["bao_ting"] + pv["ping_hu"] + 2.0
        claimed = [m for m in s["melds"] if m["kind"] != "concealed_kong"]
        if len(claimed) >= 2 and all(m["kind"] != "chow" for m in claimed):
            return pv["da_dui_zi"] + 2.0
        return pv["ping_hu"] + 2.0
