"""高手 (strong): weighs each shape by its worth in the variant's economy, the risk of dealing in, and kongs."""

from __future__ import annotations

from ..rules.actions import CHOW, DISCARD, HU, KONG, PASS, PUNG, Action
from ..rules.view import View
from . import advantage
from . import danger as D
from . import plan as P
from . import shape as S
from .expert import plan_for
from .normal import NormalBot, isolation, scan
from .read import Read
from .strategy import WAIT_WEIGHT

_ONES = (1.0,) * 34


def my_melds(ctx) -> list[tuple]:
    """Own melds as (kind, faces, substitutes)."""
    out = []
    for m in ctx.melds:
        faces = tuple(m["faces"])
        subs = sum(1 for t, f in zip(m["tiles"], faces) if t != f)
        out.append((m["kind"], faces, subs))
    return out


def hand_ev(routes, model, c, k, j, extra: bool = False, slack: int = 2) -> float:
    """Value of a 3k+1 hand: the best family of a base route plus its refinements' extra worth.

    Routes far behind the best shanten are skipped.
    """
    shs = []
    smin = S.NONE
    for r in routes:
        s = r.sh(c, k, j)
        shs.append(s)
        if s < smin:
            smin = s
    fam = {}
    refine = []
    ready = 0.0
    tenpai_bonus = 0.0
    rb = model.ready_bonus
    for r, s in zip(routes, shs):
        if s > smin + slack or s >= S.NONE:
            if r.base is None:
                fam[r.key] = (0.0, 0.0, 0.0)
            continue
        if s == 0 and (model.wait_weight is not None or model.tenpai_extra is not None):
            u, kinds = r.acc(c, k, j, s)
            ww = model.wait_weight
            live = model.ctx.live
            p, v = model.route_ev(r, s, u, extra, sum(live[t] * ww[t] for t in kinds) if ww else None)
            if model.tenpai_extra is not None:
                bonus = model.tenpai_extra(c, j, kinds)
                if bonus > tenpai_bonus:
                    tenpai_bonus = bonus
        else:
            u = r.acc(c, k, j, s)[0] if s >= 0 else 0
            p, v = model.route_ev(r, s, u, extra)
        if rb and s == smin and ready < 1.0:
            pr = model.ready_prob(r, s, u, extra)
            if pr > ready:
                ready = pr
        if r.vf is not None:
            v *= r.vf(c, j)
        if r.base is None:
            fam[r.key] = (p * (v + model.avoided), p, v)
        else:
            refine.append((r.base, p, v))
    for base, p, v in refine:
        b = fam.get(base)
        if b is None:
            continue
        ev, pb, vb = b
        fam[base] = (ev + p * max(0.0, v - vb), pb, vb)
    return max((x[0] for x in fam.values()), default=0.0) + ready * rb + tenpai_bonus


def ev_after_discard(routes, model, c, k, j: int, d: int, jk) -> float:
    """``hand_ev`` of the 3k+2 hand (c, k, j) once ``d`` is discarded (the wildcard ``jk``: one joker less);
    c and k are restored."""
    ev = hand_ev(routes, model, c, k, S.take(c, k, d, j, jk))
    S.put(c, k, d, jk)
    return ev


class StrongBot(NormalBot):
    level = "strong"
    name = "strong"
    name_zh = "高手"
    name_en = "Expert"
    defend = True
    why = ""  # the branch the last discard came from (for analysis)
    plans: dict | None = None  # per-variant players replacing the shared ones (experiments)
    hot = False  # the last action was a kong: the next discard is a 热炮 if won on
    _kong_hand = None  # the hand number of that kong

    def act(self, view: View) -> Action:
        hand = (view.get("hand_no"), view.get("dealer"))
        self.hot = self._kong_hand == hand
        a = super().act(view)
        self._kong_hand = hand if a.kind == KONG else None
        return a

    def plan(self, vid: str):
        if self.plans and vid in self.plans:
            return self.plans[vid]
        return plan_for(vid)

    # ---- own turn ---------------------------------------------------------------------
    def turn(self, ctx, strat):
        x = self.plan(ctx.variant)
        if x is not None:
            return x.turn(self, ctx, strat)
        return self.old_turn(ctx, strat)

    def old_turn(self, ctx, strat):
        first = strat.preferred(ctx)
        if first is not None:
            return first
        hu = ctx.first(HU)
        if hu is not None and strat.take_win(ctx, None):
            return hu
        if strat.advantage:
            return self.advantage_turn(ctx, strat)
        melds = my_melds(ctx)
        model = strat.model(ctx, melds)
        routes = strat.strong_routes(ctx, melds)
        ranked = self.discards(ctx, strat, model, routes, melds)
        choice = self.pick_discard(ctx, strat, ranked) if ranked else (None, None)
        best_ev, best_a = choice
        for a in ctx.of(KONG):
            ev = self.turn_kong_ev(ctx, strat, model, melds, a.tile)
            if ev is not None and (best_ev is None or ev > best_ev + strat.kong_margin):
                best_ev, best_a = ev, a
        if best_a is None:
            return hu or ctx.legal[0]
        return best_a

    def pick_discard(self, ctx, strat, ranked):
        """The normal bot's fast discards (lowest shanten, acceptance within a tolerance) ranked by value;
        another discard only when its value is clearly higher (a big pattern, defence)."""
        rows = scan(ctx, strat, strat.normal_routes(ctx))
        smin = min(r[0] for r in rows)
        if strat.pung_weight > 1.0 and smin > 0:
            self._claim_aware(ctx, strat, rows, smin)
        umax = max(r[1] for r in rows if r[0] == smin)
        tol = strat.ready_tolerance if smin == 0 else strat.speed_tolerance
        fast = {r[2] for r in rows if r[0] == smin and r[1] >= umax * (1 - tol)}
        if smin >= strat.fold_shanten and ctx.drawable <= strat.fold_rounds * ctx.n and self.defend \
                and strat.defends(ctx):
            self.why = "fold"
            return self._fold(ctx, strat, ranked)
        inside = next(((e, a) for e, a in ranked if a.tile in fast), None)
        top = ranked[0]
        if inside is None:
            self.why = "top"
            return top
        self.why = f"tie{smin}"
        plain = self.discard(ctx, strat, strat.normal_routes(ctx), rows)
        mine = next(((e, a) for e, a in ranked if a == plain), None)
        if mine is not None and mine[1].tile in fast and inside[0] <= mine[0] + strat.tie_margin:
            inside = mine
        if top[1].tile not in fast and top[0] > inside[0] * (1 + strat.deviate_ratio) + strat.deviate_margin:
            self.why = f"value{smin}"
            return top
        return inside

    @staticmethod
    def _fold(ctx, strat, ranked):
        """Too late to win from this far: the safest discard (ties: the better hand)."""
        dz = D.Danger(ctx, strat)
        return min(ranked, key=lambda ea: (round(dz.risk(ea[1].tile)[0], 3), -ea[0]))

    def advantage_turn(self, ctx, strat):
        """The normal bot's kongs; among its fastest discards the one the fitted advantage model prefers
        (acceptance, the wait left, the deal-in risk read from the table, plus the variant's
        ``discard_bonus``); the safest discard once the hand can no longer be won."""
        routes = strat.normal_routes(ctx)
        for a in ctx.of(KONG):
            if self.turn_kong_ok(ctx, strat, a.tile, routes):
                return a
        rows = scan(ctx, strat, routes, "all")
        if not rows:
            return ctx.first(HU) or ctx.legal[0]
        pick = NormalBot.discard(self, ctx, strat, routes, rows).tile
        # too few draws left to win from this shanten: only dealing in is still at stake
        hopeless = min(r[0] for r in rows) > ctx.drawable // ctx.n
        read = Read(ctx, strat) if hopeless else None  # else built by choose() only when it compares
        t = advantage.choose(ctx, strat, rows, pick, strat.advantage_margin,
                             strat.discard_bonus(ctx, my_melds(ctx)), read)
        self.why = "advantage" if t != pick else "normal"
        if hopeless:
            t = min((r[2] for r in rows), key=lambda d: (read.risk(d)[0], d != t))
            self.why = "hopeless"
        return next(a for a in ctx.legal if a.kind == DISCARD and a.tile == t)

    @staticmethod
    def _claim_aware(ctx, strat, rows, smin):
        """Re-count the acceptance of the fastest discards counting what claims bring: a tile that turns
        a pair into a pung may also come from any other player's discard (pungs only: no chow)."""
        jk, wf = ctx.jk, ctx.wface
        c, j = P.split(ctx.counts, jk)
        k = S.keys(c)
        live = ctx.live
        pw = strat.pung_weight - 1.0
        rate = WAIT_WEIGHT if strat.pung_by_rate else _ONES
        for row in rows:
            s, _u, d, per = row
            if s != smin or d == jk or per[0] != s:
                continue
            S.take(c, k, d)
            _tot, kinds = S.std_accepts(c, k, j, s, live, jk, wf)
            row[1] = sum(live[x] * (1.0 + pw * rate[x] if c[x] == 2 else 1.0) for x in kinds)
            S.put(c, k, d)

    def discards(self, ctx, strat, model, routes, melds):
        """[(score, action)] best first: hand value after the discard, minus danger, plus tile worth."""
        jk = ctx.jk
        c, j = P.split(ctx.counts, jk)
        k = S.keys(c)
        dz = D.Danger(ctx, strat) if (self.defend and strat.defends(ctx)) else None
        out = []
        for a in ctx.legal:
            if a.kind != DISCARD:
                continue
            d = a.tile
            ev = ev_after_discard(routes, model, c, k, j, d, jk)
            ev -= strat.tile_keep(ctx, d)
            ev += strat.discard_effect(ctx, d)
            ev += strat.hand_extra(ctx, ctx.counts, d, melds)
            if dz is not None:
                pd, loss = dz.risk(d)
                ev = (1.0 - pd) * ev - loss
            out.append((ev + 0.001 * isolation(ctx.counts, d), a))
        out.sort(key=lambda x: (-x[0], x[1].tile))
        return out

    def turn_kong_ev(self, ctx, strat, model, melds, face):
        kind, got = P.turn_kong_tiles(ctx, face)
        if got is None:
            return None
        bonus = strat.kong_bonus(ctx, face, kind, got)
        if bonus is None:
            return None
        counts = P.without(ctx.counts, got)
        c, j = P.split(counts, ctx.jk)
        if kind == "concealed_kong":
            melds = melds + [(kind, (face,) * 4, P.subs_in(got, face))]
        routes = strat.strong_routes(ctx, melds)
        ev = hand_ev(routes, model, c, S.keys(c), j, True)
        return ev + bonus

    def declare(self, ctx, strat):
        x = self.plan(ctx.variant)
        if x is not None:
            return x.declare(self, ctx, strat)
        dec = ctx.first("declare_ready")
        pas = ctx.first(PASS)
        c, j = P.split(ctx.counts, ctx.jk)
        k = S.keys(c)
        kinds = set()
        if S.std(k, j, ctx.wface) == 0:
            kinds.update(S.std_accepts(c, k, j, 0, ctx.live, ctx.jk, ctx.wface)[1])
        if ctx.concealed and S.pairs(c, j, ctx.wface) == 0:
            kinds.update(S.pairs_accepts(c, j, 0, ctx.live, ctx.jk, ctx.wface)[1])
        waits = sum(ctx.live[t] for t in kinds)
        if dec is not None and strat.should_declare(ctx, waits):
            return dec
        return pas or dec

    # ---- claims ---------------------------------------------------------------------------
    def claim(self, ctx, strat):
        x = self.plan(ctx.variant)
        if x is not None:
            return x.claim(self, ctx, strat)
        return self.old_claim(ctx, strat)

    def old_claim(self, ctx, strat):
        first = strat.preferred(ctx)
        if first is not None:
            return first
        hu = ctx.first(HU)
        if hu is not None and strat.take_win(ctx, ctx.offer):
            return hu
        pas = ctx.first(PASS)
        if not any(a.kind in (PUNG, KONG, CHOW) for a in ctx.legal):
            return pas or hu or ctx.legal[0]
        base = NormalBot.claim(self, ctx, strat)
        if not any(a.kind in strat.claim_kinds for a in ctx.legal):
            return base
        melds = my_melds(ctx)
        model = strat.model(ctx, melds)
        routes = strat.strong_routes(ctx, melds)
        c, j = P.split(ctx.counts, ctx.jk)
        now = hand_ev(routes, model, c, S.keys(c), j)
        best = (now + strat.pass_bonus(ctx), pas)
        evs = {pas: best[0]}
        dz = D.Danger(ctx, strat) if (self.defend and strat.defends(ctx)) else None
        for a in ctx.legal:
            if a.kind not in (PUNG, KONG, CHOW) or (a.kind not in strat.claim_kinds and a != base):
                continue
            plan = P.claim_plan(ctx, a)
            if plan is None:
                continue
            got, faces, subs = plan
            bonus = strat.claim_bonus(ctx, a, faces, subs)
            if bonus is None:
                continue
            m2 = melds + [(a.kind if a.kind != KONG else "kong", faces, subs)]
            r2 = strat.strong_routes(ctx, m2)
            counts = P.without(ctx.counts, got)
            c2, j2 = P.split(counts, ctx.jk)
            k2 = S.keys(c2)
            if a.kind == KONG:
                ev = hand_ev(r2, model, c2, k2, j2, True)
            else:
                ev = None
                for d in range(34):
                    if not counts[d]:
                        continue
                    e = ev_after_discard(r2, model, c2, k2, j2, d, ctx.jk)
                    e -= strat.tile_keep(ctx, d)
                    if dz is not None:
                        pd, loss = dz.risk(d)
                        e = (1.0 - pd) * e - loss
                    if ev is None or e > ev:
                        ev = e
                if ev is None:
                    continue
            ev += bonus
            evs[a] = ev
            if ev > best[0] + 1e-9:
                best = (ev, a)
        if base in evs and best[1] != base:
            b = evs[base]
            if best[1].kind not in strat.claim_kinds or best[0] <= b * (1 + strat.deviate_ratio) + strat.claim_margin:
                return base
        return best[1] or pas or ctx.legal[0]
