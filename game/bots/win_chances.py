"""Tool: the chance to be ready and to win, round by round, against the table's hazard (a Markov chain).

``Model`` holds one decision's constants (unseen tiles, the chance per round that someone else ends
the hand); ``Route`` and ``Model.route_ev`` are the first route value, which the yuxi 高手's claims
still weigh (``strong_yuxi_claims``); ``hand_value`` builds the 高手's current value on ``Model``.
"""

from __future__ import annotations

# The model: a hand ``s`` steps from ready needs ``s + 1`` useful tiles. Each round it draws once (and may
# claim, for open routes); each useful draw is a step. Once ready, every round it may self-draw a winning
# tile or (where a discard win is allowed) win on one of the others' discards. Each round the hand may
# also end by somebody else's win (the hazard). The value of a win is what the variant pays, plus what
# this seat would otherwise have lost to someone else's win.
from collections.abc import Callable, Collection, Mapping, Sequence
from functools import lru_cache

from . import shanten
from .ctx import Ctx
from .danger import ready_chance

ShFn = Callable[[shanten.Counts, shanten.Keys, int], int]
KindsFn = Callable[[shanten.Counts, shanten.Keys, int, int], tuple[int, list[int]]]


@lru_cache(maxsize=65536)
def win_chance(rates: tuple[int, ...], hazards: tuple[int, ...]) -> float:
    """P(win) through stages with per-round success chances ``rates`` (in ‰, the last one the win).

    ``hazards[r]``: chance (in ‰) that the hand ends otherwise in round ``r``; their number is the
    number of rounds left.
    """
    if not rates:
        return 1.0
    return stage_chain(rates, hazards, 1e-6, NO_CUT, 1e-4)[0]


NO_CUT = float("-inf")  # a cut-off no probability falls below


def stage_chain(rates: Sequence[int], hazards: Sequence[int], cut_before: float, cut_after: float,
                stop: float) -> tuple[float, float]:
    """(P(win), P(ready when the hand ends)) through ``rates``' stages, round by round against ``hazards``.

    A stage's mass below ``cut_before`` (or, after the round's hazard, below ``cut_after``) is dropped;
    the rounds stop once less than ``stop`` is alive. The cut-offs are the callers' own: each set
    decides which tiny masses count, and a change to them changes the 高手's play.
    """
    stages = len(rates)
    last = stages - 1
    rs = [x / 1000.0 for x in rates]
    dist = [0.0] * stages
    dist[0] = 1.0
    win = 0.0
    ready = 1.0 if stages == 1 else 0.0
    for h in hazards:
        end = h / 1000.0
        keep = 1.0 - end
        if last > 0:
            ready += dist[last] * end
        new = [0.0] * stages
        alive = 0.0
        for i in range(stages):
            p = dist[i]
            if p < cut_before:
                continue
            p *= keep
            if p < cut_after:
                continue
            alive += p
            q = rs[i]
            if i == last:
                w = p * q
                win += w
                new[i] += p - w
            else:
                new[i + 1] += p * q
                new[i] += p * (1.0 - q)
        dist = new
        if alive < stop:
            break
    if last > 0:
        ready += dist[last] + win
    return win, ready


class Route:
    """One way to win and its worth: ``shanten(c, k, j)`` and ``accepts(c, k, j, s)`` plus values."""

    __slots__ = ("acc", "base", "claim", "final_waits", "key", "ron", "sh", "v_ron", "v_self", "vf")

    def __init__(self, key: str, sh: ShFn, acc: KindsFn, v_self: float, v_ron: float, ron: bool = True,
                 claim: float = 1.0, final_waits: float | None = None,
                 vf: Callable[[shanten.Counts, int], float] | None = None, base: str | None = None) -> None:
        self.key = key
        self.sh = sh
        self.acc = acc
        self.v_self = v_self
        self.v_ron = v_ron
        self.ron = ron  # a discard win is possible on this route
        self.claim = claim  # speed-up from claims on the way (1.0: concealed route)
        self.final_waits = final_waits  # typical live winning tiles once ready (None: from acceptance)
        self.vf = vf  # optional (c, j) -> factor on the value for a particular hand
        self.base = base  # a refinement of route ``base``: its wins are base wins worth more


class Model:
    """Per-decision constants: unseen tiles, the hazard of each round left, the ron multiplier, the loss avoided."""

    def __init__(self, ctx: Ctx, ron_factor: float = 0.8, avoided: float = 0.0, typ: Mapping[int, int] | None = None,
                 typ_wait: float = 6.0, ready_mid: float = 9.0, win_rate: float = 0.3) -> None:
        self.ctx = ctx
        self.U = max(ctx.unseen, 1)
        self.n = ctx.n
        self.ron_factor = ron_factor
        self.avoided = avoided
        self.ready_bonus = 0.0  # points for being ready when the hand ends (chickens, beans, 查叫)
        self.wait_weight: Sequence[float] | None = None  # per kind: how readily opponents discard it (None: alike)
        # optional (c, j, wait kinds) -> points a ready hand may bring besides its win
        self.tenpai_extra: Callable[[shanten.Counts, int, Collection[int]], float] | None = None
        self.typ: Mapping[int, int] = typ or {1: 20, 2: 32, 3: 45, 4: 60}  # typical live acceptance per shanten
        self.typ_wait = typ_wait  # typical live winning tiles once ready
        rounds = max(1, int(ctx.drawable // ctx.n))
        opps: list[tuple[int, int, bool]] = []
        for o, seat in enumerate(ctx.seats):
            if o == ctx.seat:
                continue
            melds = sum(1 for m in seat["melds"] if m["kind"] != "concealed_kong")
            opps.append((len(seat["discards"]), melds, bool(seat.get("declared"))))
        hz: list[int] = []
        for r in range(rounds + 1):
            keep = 1.0
            for x, m, dec in opps:
                keep *= 1.0 - ready_chance(x + r, m, dec, ready_mid) * win_rate
            hz.append(min(900, int(1000 * (1.0 - keep) + 0.5)))
        self.hazards = tuple(hz[:rounds])
        self.hazards_plus = tuple(hz)  # one more round (a kong's replacement draw)

    @property
    def rounds(self) -> int:
        return len(self.hazards)

    def ready_prob(self, route: Route, s: int, u: float, extra: bool = False) -> float:
        """P(the hand is ready when the hand ends), by this route from shanten ``s``."""
        if s <= 0:
            return 1.0
        if s >= shanten.NONE or s > 6:
            return 0.0
        U = self.U
        rates = [min(600, int(1000 * u / U * route.claim + 0.5))]
        for x in range(s - 1, 0, -1):
            rates.append(min(600, int(1000 * self.typ.get(x, 60) / U * route.claim + 0.5)))
        return win_chance(tuple(rates), self.hazards_plus if extra else self.hazards)

    def route_ev(self, route: Route, s: int, u: float, extra: bool = False, u_ron: float | None = None
                 ) -> tuple[float, float]:
        """(P(win), mean points of a win) by this route from shanten ``s`` with ``u`` live accepting tiles.

        ``u_ron``: for a ready hand, its waits weighted by how readily the others discard them.
        """
        if s >= shanten.NONE or s > 6:
            return 0.0, 0.0
        if s < 0:
            return 1.0, route.v_self
        U = self.U
        typ = self.typ
        if s == 0:
            w = u
        else:
            w = route.final_waits if route.final_waits is not None else self.typ_wait
        qs = w / U
        wr = u_ron if (s == 0 and u_ron is not None) else w
        qr = wr / U * self.ron_factor * (self.n - 1) if route.ron else 0.0
        b = qs + qr
        rates: list[int] = []
        if s > 0:
            rates.append(min(600, int(1000 * u / U * route.claim + 0.5)))
            for x in range(s - 1, 0, -1):
                rates.append(min(600, int(1000 * typ.get(x, 60) / U * route.claim + 0.5)))
        rates.append(min(950, int(1000 * b + 0.5)))
        p = win_chance(tuple(rates), self.hazards_plus if extra else self.hazards)
        share = qs / b if b > 0 else 1.0
        return p, share * route.v_self + (1 - share) * route.v_ron
