"""Per-variant strategy: the base class (generic rules knowledge) and the registry by variant id."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import ClassVar

from . import shape as S

# Route keys: how a hand may win. Concealed routes need no melds at all.
STD, PAIRS, PUNGS, LAN, QIXING, YAO = "std", "pairs", "pungs", "lan", "qixing", "yao"
CONCEALED_ROUTES = (PAIRS, LAN, QIXING, YAO)
# How readily tiles get discarded mid-hand, per copy held (measured on normal bots, relative to the mean):
# honors and terminals leave hands first, middle tiles last.
WAIT_WEIGHT = tuple(1.75 if t >= 27 else (1.25 if t % 9 in (0, 8) else (1.05 if t % 9 in (1, 7) else 0.9))
                    for t in range(34))


class Strategy:
    """Generic rules knowledge; a variant module subclasses it and overrides what differs."""

    id = "generic"
    routes: tuple[str, ...] = (STD, PAIRS)  # winning shapes a normal bot counts
    chow = False
    kong_points = True  # a kong is worth something by itself (points, beans)
    discarder_pays = True  # a discard win is paid by the discarder alone (so dealing in costs)
    flush_free: tuple = ()  # kinds allowed in a one-suit hand besides the suit (guiyang 红中)
    honors_in_flush = False

    # ---- view facts -----------------------------------------------------------------

    # ---- shapes ---------------------------------------------------------------------
    def shanten(self, route: str, c, k, j: int, wf, n_melds: int, melds_ok: bool = True) -> int:
        if route == STD:
            return S.std(k, j, wf)
        if n_melds:
            if route == PUNGS:
                return S.pungs(c, j, melds_ok)
            return S.NONE
        if route == PAIRS:
            return S.pairs(c, j, wf)
        if route == PUNGS:
            return S.pungs(c, j, melds_ok)
        if route == LAN:
            return S.lan(c, j)
        if route == QIXING:
            return S.lan(c, j, True)
        if route == YAO:
            return S.yao(c, j)
        return S.NONE

    def accepts(self, route: str, c, k, j: int, s: int, live, jk, wf) -> tuple[int, list[int]]:
        if route == STD:
            return S.std_accepts(c, k, j, s, live, jk, wf)
        if route == PAIRS:
            return S.pairs_accepts(c, j, s, live, jk, wf)
        if route == PUNGS:
            return S.generic_accepts(S.pungs, c, j, s, live, jk)
        if route == LAN:
            return S.generic_accepts(S.lan, c, j, s, live, jk)
        if route == QIXING:
            return S.generic_accepts(lambda cc, jj: S.lan(cc, jj, True), c, j, s, live, jk)
        if route == YAO:
            return S.generic_accepts(S.yao, c, j, s, live, jk)
        return 0, []

    def normal_routes(self, ctx) -> tuple:
        """Routes a normal bot weighs (all equal): the variant's shapes still open to this hand."""
        if ctx.concealed:
            return self.routes
        return tuple(r for r in self.routes if r not in CONCEALED_ROUTES)

    # ---- economy (strong) -------------------------------------------------------------
    speed_tolerance = 0.15  # discards this close to the best acceptance count as equally fast
    deviate_ratio = 0.25  # a slower discard must be worth this much more (relative) ...
    deviate_margin = 0.3  # ... plus this many points
    kong_margin = 0.0
    ready_tolerance = 0.0  # the same for ready hands (their value is estimated best)
    fold_shanten = 99  # this far from ready ...
    fold_rounds = 0  # ... with this few rounds left: play the safest tile
    tie_margin = 0.0  # among equally fast discards, the normal bot's pick stands unless value beats it by this
    claim_margin = 0.5  # points a claim decision must gain over the normal bot's to differ from it
    pung_weight = 1.0  # an accepting tile that makes a pung counts this much (claims from everyone)
    pung_by_rate = False  # ... scaled by how readily the others discard that tile
    advantage_margin = 0.0  # how much better (points) the model must think another discard is
    advantage = False  # pick among the fastest discards by the fitted rollout-advantage model (advantage.py)
    weigh_waits = True  # a wait on a tile the others throw away readily is worth more
    # claims the strong bot may make where the normal bot would not
    claim_kinds: tuple[str, ...] = ("chow", "pung", "kong")
    win_rate = 0.3  # chance per round that a ready opponent wins (drives the hazard of the hand ending)
    avoided = 1.0  # what this seat pays on average when someone else wins
    ready_mid = 9.0  # discards (+2.5 per claimed meld) at which an opponent is ready half of the time
    ron_factor = 0.8  # chance per opponent discard of a winning tile, relative to a draw
    # typical live acceptance at each shanten (measured)
    typ_accept: ClassVar[Mapping[int, int]] = {1: 20, 2: 32, 3: 45, 4: 60}
    typ_wait = 6.0  # typical live winning tiles of a ready standard hand

    def discard_bonus(self, ctx, melds):
        """For the advantage turn: None, or d -> points discarding d is worth besides its fitted advantage."""
        return None

    def model(self, ctx, melds=()):
        from .ev import Model

        m = Model(ctx, self.ron_factor, self.avoided, typ=self.typ_accept, typ_wait=self.typ_wait,
                  ready_mid=self.ready_mid, win_rate=self.win_rate)
        m.ready_bonus = self.ready_value(ctx, melds)
        if self.weigh_waits:
            m.wait_weight = WAIT_WEIGHT
        return m

    def ready_value(self, ctx, melds) -> float:
        """Points for being ready when the hand ends whoever wins (chickens, beans, 查叫); 0 if nothing."""
        return 0.0

    def strong_routes(self, ctx, melds) -> list:
        """Routes with their worth for the hand after ``melds`` [(kind, faces, substitutes)]."""
        from . import routes as R

        pay = ctx.n - 1
        out = [R.route("std", R.std(ctx.live, ctx.jk, ctx.wface), pay, 1.0, claim=1.4)]
        if not melds:
            out.append(R.route("pairs", R.pairs(ctx.live, ctx.jk, ctx.wface), 2 * pay, 2.0, final_waits=2.5))
        return out

    def preferred(self, ctx):
        """An action the variant's economy makes right outright (e.g. a kong for 杠上花 over a plain win)."""
        return None

    def take_win(self, ctx, tile) -> bool:
        """Take a win now (``tile``: the offered tile, None for a self-draw)."""
        return True

    def tile_keep(self, ctx, t: int) -> float:
        """Extra reason to keep tile ``t`` (a wildcard, a chicken), in points."""
        return 0.0

    def hand_extra(self, ctx, counts, discard, melds) -> float:
        """Points the hand left after discarding ``discard`` may bring besides winning (future kongs)."""
        return 0.0

    def discard_effect(self, ctx, t: int) -> float:
        """Points the act of discarding ``t`` itself is expected to bring (negative: cost)."""
        return 0.0

    def kong_value(self, ctx, face: int, kind: str) -> float:
        return 1.0 if self.kong_points else 0.0

    def kong_bonus(self, ctx, face: int, kind: str, tiles) -> float | None:
        """Points a kong of ``face`` in one's own turn brings; None: never make it."""
        return 0.0

    def claim_bonus(self, ctx, action, faces, subs: int) -> float | None:
        """Points a claim brings by itself (a kong's score); None: never make it."""
        return 0.0

    def pass_bonus(self, ctx) -> float:
        return 0.0

    def should_declare(self, ctx, waits: int) -> bool:
        return True

    suji = 1.0  # danger factor of a tile three away from one the opponent discarded

    def defends(self, ctx) -> bool:
        """Does dealing in cost more than someone else's win (so defence pays)?"""
        return self.discarder_pays

    def ron_chance(self, ctx, seat: int) -> float:
        """Chance that a ready ``seat`` may win on a discard at all (passes, patterns)."""
        return 1.0

    def deal_in_cost(self, ctx, seat: int) -> float:
        """Expected points lost by dealing into ``seat`` (beyond what everyone pays anyway)."""
        return 2.0

    def passed_safe(self, ctx, seat: int) -> bool:
        """Do tiles ``seat`` let pass since its last discard show it cannot win on them?"""
        return True


_CACHE: dict[str, Strategy] = {}
_MODULES = {"wenshan": "wenshan", "kunming": "wenshan", "yuxi": "yuxi", "guiyang": "chicken", "zhuoji": "chicken"}


def for_variant(vid: str) -> Strategy:
    """The strategy for a variant id (a generic one for variants without their own module)."""
    st = _CACHE.get(vid)
    if st is not None:
        return st
    mod = _MODULES.get(vid)
    st = None
    if mod is not None:
        try:
            m = importlib.import_module(f"{__package__}.strat_{mod}")
            st = m.make(vid)
        except ModuleNotFoundError as e:
            if e.name != f"{__package__}.strat_{mod}":
                raise
    if st is None:
        st = Strategy()
        st.id = vid
    _CACHE[vid] = st
    return st
