"""Whether a fitted second look at the chicken 高手's top two discards gains: fork both, fit, test elsewhere.

    python build/second_look.py --variant guiyang --hands 4000 [--test 2000] [--seed s1] [--jobs 2] [--gbm]

One 高手 plays each seat in turn against three 熟手 on development walls (``second:SEED:VARIANT:i``). At
every discard it chose by value (not by search) that has a second-ranked discard, the hand is forked:
the second discard is played instead and the same bots finish the hand on the same wall. The 高手's own
points (second minus first) are recorded with each discard's features: the 高手's worth, plain and 七对
shanten, live acceptance, deal-in chance and cost, a first chicken's release, the plan family, the
tile's class and copies, each also for the late wall. This is the data yuxi's ``advantage.py`` was
fitted on, here for the 高手's own two best choices.

A ridge regression (``fit_advantage.fit``) is fitted on the first ``--hands`` walls. On ``--test``
other walls the tool prints what switching to the second discard would have gained, per seat-hand
with its 95% interval, whenever the model prefers it by more than each margin. In-sample figures are
printed beside them to show how much of a fit is noise. ``--gbm`` also fits gradient-boosted trees on
the same differences. That needs scikit-learn, which is not a game dependency.
"""

from __future__ import annotations

import argparse
import copy
import math
import multiprocessing as mp
import os
import pickle
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from diverge import _finish
from fit_advantage import fit

from game.bots import make_bot
from game.bots.core import Ctx
from game.bots.runner import decisions
from game.bots.second_look import features, gain, runner_up
from game.bots.strategy import for_variant
from game.progress import track
from game.rules import engine as E
from game.rules.match import Match
from game.rules.variants import get

MARGINS = (0.0, 0.5, 1.0, 2.0)


def table(vid: str, wall: str, seat: int):
    """The hand on ``wall`` and its bots: the 高手 in ``seat``, 熟手 elsewhere."""
    v = get(vid)
    st, _ = Match(v, v.resolve_options({}), wall, 1).start_hand()
    return st, [make_bot("strong" if s == seat else "normal", seed=f"{wall}:{s}") for s in range(st.n)]


def forks(task):
    """[(seat, decision number, the second discard, features of the 高手's pick, of its second, second minus
    pick in the seat's points)] over the seats of one wall (the decisions counted as ``runner.decisions``
    yields them)."""
    vid, wall = task
    v = get(vid)
    opts = v.resolve_options({})
    n = v.players(opts)
    strat = for_variant(vid)
    out = []
    for r in range(n):
        st, bots = table(vid, wall, r)
        x = bots[r].plan(vid)
        rows = []
        for i, (seat, vw, a) in enumerate(decisions(st, bots)):
            if seat != r or a.kind != "discard":
                continue
            me = bots[r]
            why, ranked, me.ranked = me.why, me.ranked, None
            if not why.startswith("x:") or not ranked or ranked[0][1] != a:
                continue
            second = runner_up(ranked)
            if second is None:
                continue
            ctx = Ctx(vw)
            dz = x.danger(ctx, strat)
            st2 = st.copy()
            E.apply(st2, second[1])
            rows.append([i, second[1], features(x, ctx, dz, ranked[0]), features(x, ctx, dz, second),
                         _finish(st2, r, copy.deepcopy(bots))])
        mine = st.settlement.deltas[r]
        for row in rows:
            row[-1] -= mine
            out.append((r, *row))
    return out


def as_fit_data(rows):
    """``fit_advantage.fit``'s form: the pick is candidate 0, scored 0; the second is candidate 1. The first
    feature (1.0 in both) becomes 0 for the pick, so its weight is the model's constant (``second_look.gain``)."""
    return [(0, {0: [0.0] + f0[1:], 1: f1}, {0: 0.0, 1: float(y)}) for *_k, f0, f1, y in rows]


def predicted(w, row) -> float:
    """How many points more the model expects from the second discard than from the pick."""
    return gain(w, row[-3], row[-2])


def switch_gain(preds, rows, seat_hands: int, margin: float) -> tuple[int, float, float]:
    """Switching to the second discard wherever ``preds`` exceeds ``margin``: (switches, points gained per
    seat-hand, its 95% half-interval)."""
    ys = [row[-1] for p, row in zip(preds, rows) if p > margin]
    if not ys:
        return 0, 0.0, 0.0
    m = sum(ys) / len(ys)
    sd = math.sqrt(sum((y - m) ** 2 for y in ys) / max(1, len(ys) - 1))
    return len(ys), sum(ys) / seat_hands, 1.96 * sd * math.sqrt(len(ys)) / seat_hands


def _report(name: str, preds, rows, seat_hands: int) -> None:
    for mg in MARGINS:
        k, g, h = switch_gain(preds, rows, seat_hands, mg)
        print(f"  {name:9} margin {mg:3.1f}: {k:6} switches ({k / seat_hands:.2f} a seat-hand), "
              f"{g:+.4f} ±{h:.4f} points a seat-hand")


def _gbm(train, test, seat_hands: int) -> None:
    import numpy as np  # the study's own extra: not a game dependency
    from sklearn.ensemble import HistGradientBoostingRegressor

    def mat(rows):
        return np.array([[b - a for a, b in zip(r[-3], r[-2])] + r[-3] for r in rows]), \
            np.array([r[-1] for r in rows], dtype=float)

    xtr, ytr = mat(train)
    xte, _ = mat(test)
    m = HistGradientBoostingRegressor(learning_rate=0.05, max_leaf_nodes=15, min_samples_leaf=200,
                                      max_iter=300, early_stopping=True, random_state=0).fit(xtr, ytr)
    _report("gbm test", list(m.predict(xte)), test, seat_hands)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", default="guiyang", choices=("guiyang", "zhuoji"))
    p.add_argument("--hands", type=int, default=4000, help="walls to fit on")
    p.add_argument("--test", type=int, default=2000, help="other walls to test the fit on")
    p.add_argument("--seed", default="s1")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--lam", type=float, default=30.0, help="ridge penalty")
    p.add_argument("--gbm", action="store_true", help="also fit gradient-boosted trees (needs scikit-learn)")
    p.add_argument("--save", default="", help="write the forks to this file (pickle) to refit without replaying")
    p.add_argument("--load", default="", help="read the forks from a file --save wrote instead of playing")
    a = p.parse_args(argv)
    v = get(a.variant)
    n = v.players(v.resolve_options({}))
    if a.load:
        with open(a.load, "rb") as f:
            per_wall = pickle.load(f)
    else:
        walls = [(a.variant, f"second:{a.seed}:{a.variant}:{i}") for i in range(a.hands + a.test)]
        with mp.get_context("spawn").Pool(a.jobs) as pool:
            per_wall = list(track(pool.imap(forks, walls, chunksize=4), len(walls), f"second look {a.variant}",
                                  "wall"))
    if a.save:
        with open(a.save, "wb") as f:
            pickle.dump(per_wall, f)
    fit_walls = min(a.hands, len(per_wall))  # a loaded file decides how many walls there are
    test_walls = len(per_wall) - fit_walls
    train = [r for o in per_wall[:fit_walls] for r in o]
    test = [r for o in per_wall[fit_walls:] for r in o]
    mean = sum(r[-1] for r in train) / max(1, len(train))
    print(f"{a.variant}: {len(train)} forks on {fit_walls} walls to fit, {len(test)} on {test_walls} to test; "
          f"second minus pick {mean:+.3f} points a fork")
    w = fit(as_fit_data(train), a.lam)
    print("weights, for build/ab.py --b: second_look=[" + ",".join(f"{x:.4f}" for x in w) + "]")
    _report("in-sample", [predicted(w, r) for r in train], train, fit_walls * n)
    if test:
        _report("test", [predicted(w, r) for r in test], test, test_walls * n)
    if a.gbm and test:
        _gbm(train, test, test_walls * n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
