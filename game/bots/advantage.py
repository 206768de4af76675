"""Tool: choosing among equally fast discards by a linear model of their rollout advantage (the yuxi 高手's base).

For each discard of the lowest shanten the model scores acceptance, the wait it leaves, the deal-in
risk read from the table (``read.Read``) and the tile's class; the weights were fitted (ridge
regression) on the point difference each alternative made when the rest of the hand was played out
by 熟手 bots in 玉溪扳倒胡 (150,000+ decisions). ``build/fit_advantage.py`` documents the fit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from . import hand_math, shanten
from .ctx import Ctx
from .normal import Row, isolation
from .read import Read

NF = 22
# acceptance (relative, absolute), deal-in chance and loss, isolation, copies held, live copies, wait
# (live, terminal-ish live, kinds), pung acceptance, is-the-normal-pick, tile class x5, deal-in x ready,
# deal-in x far, deal-in x tiles left, acceptance x ready, spare
WEIGHTS = (
    0.261272, -0.015744, -0.066782, -0.848184, 0.009927, 0.007203, 0.024311,  # acceptance .. live copies
    0.096092, 0.042257, 0.076563, 0.039636, 0.000811,  # wait x3, pung acceptance, the normal pick
    0.009660, 0.011902, -0.004724, -0.003767, -0.013071,  # tile class
    -0.304072, 0.030761, 0.577779, 0.038437, 0.000000,  # the products, spare
)


LOSS = 3  # index of the read's expected deal-in loss in a candidate's features (cand_features)


# the variant's own term of a candidate (the spare feature): (hand left, its keys, wildcards left) -> value
Spare = Callable[[list[int], list[int], int], float]


def cand_features(ctx: Ctx, rows: Sequence[Row], dz: Read, d0: int,
                  spare: Spare | None = None) -> tuple[int, dict[int, list[float]]]:
    """(lowest shanten, {tile: feature list} for the min-shanten discards); with wildcards (``ctx.jk``)
    the shapes count them and the wildcard itself is no candidate."""
    smin = min(r.shanten for r in rows)
    umax = max(r.accept for r in rows if r.shanten == smin) or 1
    jk, wf = ctx.jk, ctx.wface
    c, j = hand_math.split(ctx.counts, jk)
    k = shanten.keys(c)
    live = ctx.live
    out = {}
    for row in rows:
        s, acc, d = row.shanten, row.accept, row.tile
        if s != smin or d == jk:
            continue
        r = d % 9 if d < 27 else -1
        cls = [0.0] * 5  # distance from the edge 0-4; honors share class 0 with 1/9 (as fitted)
        cls[0 if d >= 27 else min(r, 8 - r)] = 1.0
        pd, loss = dz.risk(d)
        jj = shanten.take(c, k, d, j, jk)
        wl = wt = wk = 0
        pacc = 0
        if s == 0:
            kinds: set[int] = set()
            if shanten.std(k, jj, wf) == 0:
                kinds.update(shanten.std_accepts(c, k, jj, 0, live, jk, wf)[1])
            if ctx.concealed and shanten.pairs(c, jj, wf) == 0:
                kinds.update(shanten.pairs_accepts(c, jj, 0, live, jk, wf)[1])
            wk = len(kinds)
            wl = sum(live[w] for w in kinds)
            wt = sum(live[w] for w in kinds if w >= 27 or w % 9 in (0, 8, 1, 7))
        elif s < 90:
            _t, improving = shanten.std_accepts(c, k, jj, s, live, jk, wf)
            pacc = sum(live[x] for x in improving if c[x] == 2)
        extra = spare(c, k, jj) if spare is not None else 0.0
        shanten.put(c, k, d, jk)
        out[d] = [acc / umax, (acc - umax) / 10.0, pd, loss, isolation(ctx.counts, d), ctx.counts[d], live[d] / 4.0,
                  wl / 4.0, wt / 4.0, wk, pacc / 4.0, 1.0 if d == d0 else 0.0] + cls + \
                 [pd * (smin == 0), pd * (smin >= 2), pd * ctx.drawable / 20.0, (acc - umax) / 10.0 * (smin == 0),
                  extra]
    return smin, out


def choose(ctx: Ctx, rows: Sequence[Row], pick: int, margin: float = 0.0,
           bonus: Callable[[int], float] | None = None, read: Read | None = None, safety: float = 0.0) -> int:
    """The discard among the lowest-shanten ``rows`` (from ``normal.scan(..., "all")``) the model
    prefers to ``pick`` by more than ``margin``; else ``pick``. ``bonus(d)``, when given, adds the
    variant's own worth of a discard that leaves the hand ready; ``safety`` weighs the expected deal-in
    loss once more on top of the fitted weights (issue 41: 0, the fit alone)."""
    smin = min(r.shanten for r in rows)
    if sum(1 for r in rows if r.shanten == smin and r.tile != ctx.jk) < 2:
        return pick
    _s, feats = cand_features(ctx, rows, read or Read(ctx), pick)
    if pick not in feats:
        return pick
    sc = {d: sum(a * b for a, b in zip(f, WEIGHTS)) - safety * f[LOSS] for d, f in feats.items()}
    if bonus is not None and smin == 0:
        for d in sc:
            sc[d] += bonus(d)
    best = max(sc, key=lambda d: (sc[d], d == pick))
    return best if sc[best] > sc[pick] + margin else pick
