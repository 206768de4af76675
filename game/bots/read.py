"""Tool: reading opponents from the public table: how likely each is ready and which tiles it waits on.

Fitted (logistic regression) on tables of four 熟手 bots in 玉溪扳倒胡; used by the 高手 bot where its
strategy asks for it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from .ctx import Ctx
from .danger import discard_order, passed_since

# readiness of one opponent from its discards, melds and recent discards (see ``opp_info``'s ``fo``)
READY_W = (-4.977654, 1.126926, 0.966972, -0.053597, -0.135443, 0.057667, 0.153136, -0.107283, -0.060595, -0.537271)
# chance a ready opponent waits on a tile, from the tile's class and the opponent's discards (``tf``)
WAIT_W = (
    0.273621, 0.570956, 0.941122, 0.467621, 0.485448, 0.000000,  # tile class (edge distance 0-4, honor)
    -1.331147, 0.141642, -0.078042, -0.128668, -0.253008,  # discarded, suji, half suji, neighbours discarded
    -0.249631, -0.092709, 0.350285,  # run shapes, pair shapes, live copies
    -0.310379, 0.180378, -0.254702, -0.454726,  # in/out of a one-suit meld hand, suit melded, suit discarded
    -0.167950, 0.176340, 0.980339,  # just discarded, recent suit discards, block read
)
DEAL_IN_COST = 1.3  # points lost by dealing in, in units of a plain win

# Block-based wait read: the 2-tile, pair and single blocks a ready hand may be waiting with.
# (tiles, waits, kind): 0 open two-sided, 1 edge, 2 closed, 3 pair, 4 single.
Block = tuple[tuple[int, ...], tuple[int, ...], int]
BLOCKS: list[Block] = []
for g in range(3):
    b = 9 * g
    for r in range(8):
        a = b + r
        if 1 <= r <= 6:
            BLOCKS.append(((a, a + 1), (a - 1, a + 2), 0))
        elif r == 0:
            BLOCKS.append(((a, a + 1), (a + 2,), 1))
        else:
            BLOCKS.append(((a, a + 1), (a - 1,), 1))
    for r in range(7):
        a = b + r
        BLOCKS.append(((a, a + 2), (a + 1,), 2))
for t in range(34):
    BLOCKS.append(((t, t), (t,), 3))
    BLOCKS.append(((t,), (t,), 4))

PRIOR = [1.0, 0.35, 0.5, 0.6, 0.35]
PEN_DISC_WAIT = 0.15
PEN_DISC_OWN = 0.6
PEN_LAST = 0.15
GAMMA = 0.5

def block_read(pool: Sequence[int], discards: Sequence[int], passed: set[int], d_last: int | None) -> list[float]:
    """P(opponent waits on t | ready) per tile kind (approximate)."""
    dset = set(discards)
    tot = 0.0
    p = [0.0] * 34
    for tiles, waits, kind in BLOCKS:
        if kind == 3:
            t = tiles[0]
            av = pool[t] * (pool[t] - 1) / 2.0
        elif kind == 4:
            av = pool[tiles[0]]
        else:
            av = pool[tiles[0]] * pool[tiles[1]]
        if av <= 0:
            continue
        wl = 0
        bad = False
        for w in waits:
            if w in passed:
                bad = True
                break
            wl += pool[w]
        if bad:
            continue
        wt = PRIOR[kind] * av * (1.0 + wl) ** GAMMA
        for w in waits:
            if w in dset:
                wt *= PEN_DISC_WAIT
        for x in tiles:
            if x in dset:
                wt *= PEN_DISC_OWN
        if d_last is not None and kind <= 2:
            # keeping d_last instead of one block tile would have been a better wait
            if d_last in waits:
                wt *= 0.05
            else:
                for keep in tiles:
                    nb = tuple(sorted((keep, d_last)))
                    for _, w2, _ in _BY_TILES.get(nb, ()):
                        if sum(pool[w] for w in w2) > wl:
                            wt *= PEN_LAST
                            break
        tot += wt
        for w in waits:
            p[w] += wt
    if tot <= 0:
        return p
    return [x / tot for x in p]

_BY_TILES: dict[tuple[int, ...], list[Block]] = {}
for B in BLOCKS:
    if B[2] <= 2:
        _BY_TILES.setdefault(B[0], []).append(B)


def _middle(t: int) -> bool:
    """A suit tile 3-7."""
    return t < 27 and 2 <= t % 9 <= 6


def _end(t: int) -> bool:
    """An honor, a 1 or a 9."""
    return t >= 27 or t % 9 in (0, 8)


# per opponent: (seat, its features, the features of a tile for it, the tiles it let pass)
OppInfo = tuple[int, list[float], Callable[[int], list[float]], set[int]]


def opp_info(ctx: Ctx) -> list[OppInfo]:
    """Per opponent: (seat, opp features, tile-feature fn, passed set)."""
    n = ctx.n
    seats = ctx.seats
    order = discard_order(seats, ctx.dealer, n)
    safe = passed_since(order, seats, n)
    lastclaim = [-1] * n
    for pos, (s, i) in enumerate(order):
        cb = seats[s]["discards"][i]["claimed_by"]
        if cb is not None:
            lastclaim[cb] = pos
    live = ctx.live
    out: list[OppInfo] = []
    for o in range(n):
        if o == ctx.seat:
            continue
        seat = seats[o]
        ds = [d["tile"] for d in seat["discards"]]
        nd = len(ds)
        claimed = [m for m in seat["melds"] if m["kind"] != "concealed_kong"]
        nm = len(claimed)
        passed = safe[o]
        since = sum(1 for pos in range(lastclaim[o] + 1, len(order)) if order[pos][0] == o) if lastclaim[o] >= 0 else nd
        l3 = ds[-3:]
        fo: list[float] = [1.0, nd, nm, nd * nm, min(since, 6), 1.0 if ds and _middle(ds[-1]) else 0.0,
              sum(1 for t in l3 if _middle(t)), sum(1 for t in l3 if _end(t)), ctx.drawable / 10.0, nd * nd / 10.0]
        dset = set(ds)
        msuits: set[int] = set()
        mtiles = [0, 0, 0, 0]
        for m in claimed:
            for f in m["faces"]:
                if f is not None:
                    msuits.add(f // 9 if f < 27 else 3)
                    mtiles[f // 9 if f < 27 else 3] += 1
        fsuit = next(iter(msuits)) if (len(claimed) >= 2 and len(msuits) == 1) else None
        sd = [0, 0, 0, 0]
        for t in ds:
            sd[t // 9 if t < 27 else 3] += 1

        br = block_read(live, ds, passed, ds[-1] if ds else None)

        def tf(t: int, br: list[float] = br, ds: list[int] = ds, dset: set[int] = dset, fsuit: int | None = fsuit,
               mtiles: list[int] = mtiles, sd: list[int] = sd, nd: int = nd, l3: list[int] = l3) -> list[float]:
            r = t % 9 if t < 27 else -1
            g = t // 9 if t < 27 else 3
            cls = [0.0] * 6
            if t >= 27:
                cls[5] = 1.0
            else:
                cls[min(r, 8 - r)] = 1.0
            ind = 1.0 if t in dset else 0.0
            s_n: float = 0
            s_h: float = 0
            nb1 = nb2 = 0
            form = 0.0
            if t < 27:
                b = t - r
                sides = [x for x in (t - 3, t + 3) if b <= x < b + 9]
                hit = sum(1 for x in sides if x in dset)
                s_n = 1.0 if sides and hit == len(sides) else 0.0
                s_h = 1.0 if 0 < hit < len(sides) else 0.0
                nb1 = sum(1 for x in (t - 1, t + 1) if b <= x < b + 9 and x in dset)
                nb2 = sum(1 for x in (t - 2, t + 2) if b <= x < b + 9 and x in dset)
                for a, c in ((t - 2, t - 1), (t - 1, t + 1), (t + 1, t + 2)):
                    if b <= a and c < b + 9:
                        form += live[a] * live[c]
            lt = live[t]
            pairf = lt * (lt - 1) / 2.0
            fl_in = 1.0 if fsuit is not None and g == fsuit else 0.0
            fl_out = 1.0 if fsuit is not None and g != fsuit else 0.0
            return cls + [ind, s_n, s_h, nb1, nb2, form / 16.0, pairf / 6.0, lt / 4.0, fl_in, fl_out,
                          mtiles[g] / 3.0, sd[g] / max(nd, 1), 1.0 if l3 and l3[-1] == t else 0.0,
                          sum(1 for x in l3 if x < 27 and x // 9 == g) if t < 27 else 0.0, math.log(br[t] + 1e-3)]

        out.append((o, fo, tf, passed))
    return out


def _sig(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-z))


class Read:
    """Deal-in chance and expected loss of each discard (same interface as ``danger.Danger``)."""

    def __init__(self, ctx: Ctx) -> None:
        self.opps: list[tuple[float, Callable[[int], list[float]], set[int]]] = []
        for _o, fo, tf, passed in opp_info(ctx):
            self.opps.append((_sig(sum(x * w for x, w in zip(fo, READY_W))), tf, passed))
        self.cache: dict[int, tuple[float, float]] = {}

    def chances(self, t: int) -> list[float]:
        """Per opponent: the chance it wins on ``t``."""
        out = []
        for pr, tf, passed in self.opps:
            out.append(0.0 if t in passed else pr * _sig(sum(x * w for x, w in zip(tf(t), WAIT_W))))
        return out

    def risk(self, t: int) -> tuple[float, float]:
        """(chance that discarding ``t`` deals in, expected points paid for it)."""
        r = self.cache.get(t)
        if r is None:
            qs = self.chances(t)
            keep = 1.0
            for q in qs:
                keep *= 1.0 - q
            r = (1.0 - keep, sum(qs) * DEAL_IN_COST)
            self.cache[t] = r
        return r
