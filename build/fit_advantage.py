"""Refit ``game/bots/advantage.py``'s WEIGHTS: rollouts of equally fast discards, then ridge regression.

    python build/fit_advantage.py --hands 7500 [--variant yuxi] [--jobs 2] [--tag r1]

Four 熟手 bots play seeded hands; at every discard with two or more discards of the lowest shanten, each
of them is played out to the end of the hand (the rest by the 熟手 bots, the real wall) and the seat's
points minus the others' mean are recorded with the candidate's features. The weights minimise the
squared error of the difference to the 熟手 bot's own pick (ridge, lambda 10). 7,500 hands (~150,000
decisions) take about 25 minutes on 2 cores. Prints the WEIGHTS tuple to paste into advantage.py, with
the decisions and the fit's R². In 文山翻小鸡 (``--variant wenshan``) the wildcard is no candidate and the
spare feature is the 硬功 term ``strong_wenshan.hard_gap``; 1,500 hands (~33,000 decisions) take about 20
minutes on a busy 2 cores. ``--dump`` keeps the decisions, ``--refit`` fits them again without the rollouts.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import pickle
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.bots import make_bot
from game.bots.advantage import NF, cand_features
from game.bots.ctx import Ctx
from game.bots.normal import scan
from game.bots.read import Read
from game.bots.runner import decisions
from game.bots.strong_wenshan import hard_gap
from game.bots.variants import strategy_for
from game.progress import shown, track
from game.rules import engine
from game.rules.actions import Action
from game.rules.match import Match
from game.rules.variants import get

SPARE = {"wenshan": hard_gap}  # a variant's own candidate term (advantage.cand_features' spare feature)


def _finish(st, seat, bots):
    for _ in decisions(st, bots):
        pass
    d = st.settlement.deltas
    return d[seat] - sum(d[x] for x in range(st.n) if x != seat) / (st.n - 1)


def hand(task):
    vid, seed = task
    v = get(vid)
    opts = v.resolve_options({})
    st, _ = Match(v, opts, seed, 1).start_hand()
    bots = [make_bot("normal", seed=s) for s in range(st.n)]
    strat = strategy_for(vid)
    spare = SPARE.get(vid)
    out = []
    for seat, vw, a in decisions(st, bots):
        if a.kind == "discard":
            ctx = Ctx(vw)
            rows = scan(ctx, strat, strat.normal_routes(ctx), "all")
            smin = min(r.shanten for r in rows)
            cands = [r.tile for r in rows if r.shanten == smin and r.tile != ctx.jk]
            if len(cands) > 1 and a.tile in cands:
                _s, feats = cand_features(ctx, rows, Read(ctx), a.tile, spare(ctx) if spare else None)
                res = {}
                for d in cands:
                    st2 = st.copy()
                    engine.apply(st2, Action(seat, "discard", d))
                    res[d] = _finish(st2, seat, bots)
                out.append((a.tile, feats, res))
    return out


def fit(data, lam=10.0):
    """Ridge regression of (candidate - pick) point differences on (candidate - pick) features.
    ``data``: (the pick, {candidate: features}, {candidate: points}) per decision."""
    n = len(next(iter(data[0][1].values()))) if data else NF
    xtx = [[0.0] * n for _ in range(n)]
    xty = [0.0] * n
    for d0, feats, res in data:
        base = feats[d0]
        for c, f in feats.items():
            if c == d0:
                continue
            x = [a - b for a, b in zip(f, base)]
            y = res[c] - res[d0]
            for i in range(n):
                if x[i]:
                    xty[i] += x[i] * y
                    row = xtx[i]
                    for k in range(n):
                        row[k] += x[i] * x[k]
    for i in range(n):
        xtx[i][i] += lam
    return _solve(xtx, xty)


def r2(data, w):
    """(pairs, R²) of the fitted differences: 1 - squared error / squared difference (no intercept)."""
    se = ss = 0.0
    m = 0
    for d0, feats, res in data:
        for c, f in feats.items():
            if c != d0:
                y = res[c] - res[d0]
                p = sum(wi * (a - b) for wi, a, b in zip(w, f, feats[d0]))
                se += (y - p) ** 2
                ss += y * y
                m += 1
    return m, 1.0 - se / ss if ss else 0.0


def _solve(a, b):
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        for r in range(n):
            if r != col and m[col][col]:
                f = m[r][col] / m[col][col]
                for k in range(col, n + 1):
                    m[r][k] -= f * m[col][k]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=7500)
    p.add_argument("--variant", default="yuxi")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--tag", default="r1", help="seed prefix of the hands")
    p.add_argument("--dump", default="", help="append each hand's decisions here (pickles) as they come")
    p.add_argument("--refit", default="", help="fit the decisions of a --dump file (no rollouts)")
    a = p.parse_args(argv)
    if a.refit:
        return report(load(a.refit))
    tasks = [(a.variant, f"{a.tag}:{i}") for i in range(a.hands)]
    data: list = []
    with open(a.dump or os.devnull, "ab") as out, mp.get_context("spawn").Pool(a.jobs) as pool:
        done = pool.imap_unordered(hand, tasks, chunksize=4)
        for i, o in enumerate(track(done, len(tasks), f"fit {a.variant}", "hand")):
            data.extend(o)
            pickle.dump(o, out)  # as they come: an interrupted run can still be refit
            out.flush()
            if i % 500 == 0 and not shown():  # the bar says as much where there is one
                print(f"{i} hands, {len(data)} decisions", file=sys.stderr, flush=True)
    return report(data)


def load(path):
    """The decisions of a --dump file (one pickle per hand)."""
    data = []
    with open(path, "rb") as fh:
        while True:
            try:
                data.extend(pickle.load(fh))
            except EOFError:
                return data


def report(data) -> int:
    w = fit(data)
    m, r = r2(data, w)
    print(f"{len(data)} decisions, {m} candidate pairs, R² {r:.4f}", file=sys.stderr)
    print("WEIGHTS = (" + ", ".join(f"{x:.6f}" for x in w) + ")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
