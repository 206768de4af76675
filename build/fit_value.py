"""Fit the 高手's afterstate value (issue 41) from its own play: features of the afterstates it chose against
the points the seat ended the hand with.

    python build/fit_value.py --variant guiyang --hands 16000 --seed 5 --explore 0.3 --contrast --prior 10 \
        [--weights prev.json] [--out w.json] [--jobs 2]
    python build/fit_value.py --variant guiyang --refit w.json --contrast --prior 10 --lam-contrast 300

Each wall (``value:SEED:VARIANT:i``, development seeds only) is dealt once and played by one learning
高手 (in seat ``i mod n``) against three 熟手. The learner plays with ``--weights`` (a previous fit; none:
the hand-set worth) and at a turn, with chance ``--explore``, plays one of its next three discards at
random instead of its first. At each of its decisions with two or more candidates it records the
features of the afterstate it chose (its expert's ``afterstate``: the hand left before the next draw,
so its value is averaged over that draw) and of the one it would have chosen; when the hand ends each
record gets the seat's points for the hand. Four walls in five fit, the fifth tests.

- Plain (Monte Carlo) fit: a ridge regression of the points on the chosen afterstate's features, the
  constant unpenalised (``--prior P`` shrinks towards P times feature 1, the hand-set worth, instead of 0).
- ``--contrast``: the points against the greedy afterstate's features (controls) and the difference
  between the played and the greedy afterstate's features (the contrast). The exploration is random, so
  the contrast weights estimate what a difference of each feature between two candidates is worth; they
  rank the candidates (shrunk towards the hand-set ranking, ``--prior`` on feature 1, by
  ``--lam-contrast``). The plain fit also answers for differences between states, which a decision
  does not need and which misled it (docs/bots.md).

Prints each contrast weight with its interval and the weights as the tuple the expert's
``value_weights`` takes, and writes them with the seeds, counts, figures and the normal equations to
``--out`` (``--refit`` fits again from those sums with other penalties, without playing). Iterate: fit,
play with the fit (``--weights``), fit again. Only the weights ship; this tool and its data stay here.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.bots import make_bot
from game.bots.runner import decisions
from game.bots.strong_chicken import ChickenExpert
from game.bots.strong_wenshan import WenshanExpert
from game.bots.strong_yuxi import YuxiExpert
from game.oscompat import mp_context
from game.rules.actions import DISCARD
from game.rules.match import Match
from game.rules.variants import get

EXPERTS = {"guiyang": ChickenExpert, "zhuoji": ChickenExpert, "wenshan": WenshanExpert, "yuxi": YuxiExpert}


def learner(vid: str, seed: object, weights: list[float] | None, explore: float) -> Any:
    """The variant's 高手 recording the features of the afterstate it chose, exploring at turns: with
    chance ``explore`` it plays its next-best discard (by the fitted value, else by the hand-set one)."""
    base = EXPERTS[vid]

    class Learner(base):
        record = True

        def __init__(self) -> None:
            super().__init__(vid, seed)
            self.value_weights = tuple(weights) if weights else None
            self.coin = random.Random(f"explore:{seed}")
            self.taken: tuple[list[float], list[float]] | None = None  # (chosen, greedy) afterstate features
            self.greedy: Any = None

        def act(self, view: Any) -> Any:
            self.last_features = {}
            self.greedy = None
            a = super().act(view)
            f = self.last_features
            g = self.greedy if self.greedy is not None else a
            self.taken = (f[a], f[g]) if len(f) >= 2 and a in f and g in f else None
            return a

        def choose_turn(self, ctx: Any, strat: Any) -> Any:
            a = super().choose_turn(ctx, strat)
            f = self.last_features
            if explore and a in f and self.coin.random() < explore:
                score = self.value if self.value_weights is not None else (lambda phi: phi[1])
                rest = sorted((x for x in f if x != a and x.kind == DISCARD), key=lambda x: -score(f[x]))[:3]
                if rest:
                    self.greedy = a
                    return self.coin.choice(rest)
            return a

    return Learner()


def _zeros(n: int) -> list[list[float]]:
    return [[0.0] * n for _ in range(n)]


def wall(task: tuple) -> dict[str, Any]:
    """One wall: the learner's records, summed as the normal equations (train or test by the wall's index)."""
    vid, seed, i, weights, explore, contrast = task
    v = get(vid)
    opts = v.resolve_options({})
    n = v.players(opts)
    seat = i % n
    name = f"value:{seed}:{vid}:{i}"
    st, _ = Match(v, opts, name, 1).start_hand()
    me = learner(vid, f"{name}:{seat}", weights, explore)
    bots = [me if s == seat else make_bot("normal", seed=f"{name}:{s}") for s in range(n)]
    rows = []
    for s, _vw, _a in decisions(st, bots):
        if s == seat and me.taken is not None:
            taken, greedy = me.taken
            rows.append(greedy + [t - g for t, g in zip(taken, greedy)] if contrast else taken)
    y = float(st.settlement.deltas[seat])
    return {"test": i % 5 == 0, "rows": rows, "y": y}


class Normal:
    """Sums for least squares: X'X, X'y, y'y, and the count."""

    def __init__(self, n: int) -> None:
        self.xtx = _zeros(n)
        self.xty = [0.0] * n
        self.yy = 0.0
        self.count = 0

    def add(self, x: list[float], y: float) -> None:
        for a in range(len(x)):
            xa = x[a]
            if xa:
                row = self.xtx[a]
                for b in range(len(x)):
                    row[b] += xa * x[b]
                self.xty[a] += xa * y
        self.yy += y * y
        self.count += 1

    def sse(self, w: list[float]) -> float:
        """Sum of squared errors of the weights ``w`` on these rows."""
        n = len(w)
        quad = sum(w[a] * sum(self.xtx[a][b] * w[b] for b in range(n)) for a in range(n))
        return self.yy - 2 * sum(w[a] * self.xty[a] for a in range(n)) + quad


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def ridge(eq: Normal, lam: float | list[float], keep: list[int] | None = None, prior: list[float] | None = None
          ) -> list[float]:
    """Ridge weights on the features ``keep`` (all by default; the others 0), shrunk towards ``prior`` (0
    by default) by ``lam`` (one penalty, or one per feature); feature 0, the constant, is not penalised."""
    n = len(eq.xty)
    idx = keep if keep is not None else list(range(n))
    w0 = prior or [0.0] * n
    lams = lam if isinstance(lam, list) else [0.0] + [lam] * (n - 1)
    a = [[eq.xtx[i][j] + (lams[i] if i == j else 0.0) for j in idx] for i in idx]
    got = solve(a, [eq.xty[i] + lams[i] * w0[i] for i in idx])
    w = [0.0] * n
    for i, x in zip(idx, got):
        w[i] = x
    return w


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", required=True, choices=sorted(EXPERTS))
    p.add_argument("--hands", type=int, default=20000, help="walls (one hand each)")
    p.add_argument("--seed", default="1")
    p.add_argument("--weights", help="JSON from an earlier fit: the learner plays with it")
    p.add_argument("--explore", type=float, default=0.05)
    p.add_argument("--lam", type=float, default=30.0, help="ridge penalty (on sums over all rows)")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--out", help="write the fit here (JSON), with the sums it was made from")
    p.add_argument("--refit", help="fit again from the sums saved in this JSON instead of playing")
    p.add_argument("--prior", type=float, default=0.0,
                   help="shrink towards the hand-set worth (feature 1 at this weight, the rest 0) instead of 0")
    p.add_argument("--keep", help="comma-separated feature indices to fit (the rest 0)")
    p.add_argument("--contrast", action="store_true",
                   help="fit what the randomised exploration shows: the points a hand gained or lost by playing "
                        "another discard than the greedy one, against the difference of their features (controls: "
                        "the greedy afterstate's features); the ranking weights are that contrast's")
    p.add_argument("--lam-contrast", type=float, default=3000.0, help="ridge penalty on the contrast weights")
    a = p.parse_args()
    weights = None
    if a.weights:
        with open(a.weights, encoding="utf-8") as f:
            weights = json.load(f)["weights"]
    tasks = [(a.variant, a.seed, i, weights, a.explore, a.contrast) for i in range(a.hands)]
    t0 = time.time()
    train = test = None
    hands = {"train": 0, "test": 0}
    pts: list[float] = []
    old: dict[str, Any] | None = None
    if a.refit:
        with open(a.refit, encoding="utf-8") as f:
            old = json.load(f)
        train, test = Normal(0), Normal(0)
        for eq, key in ((train, "train"), (test, "test")):
            eq.xtx, eq.xty, eq.yy, eq.count = old["sums"][key]
        hands, pts = old["walls_used"], old.get("points", [0.0])
        tasks = []
    with mp_context().Pool(a.jobs) as pool:
        for k, res in enumerate(pool.imap_unordered(wall, tasks, chunksize=16)):
            if not res["rows"]:
                continue
            nf = len(res["rows"][0])
            if train is None:
                train, test = Normal(nf), Normal(nf)
            eq = test if res["test"] else train
            hands["test" if res["test"] else "train"] += 1
            pts.append(res["y"])
            for x in res["rows"]:
                eq.add(x, res["y"])
            if (k + 1) % 2000 == 0:
                print(f"  {k + 1} walls, {time.time() - t0:.0f} s", file=sys.stderr, flush=True)
    assert train is not None and test is not None
    nf = len(train.xty)
    prior = [0.0] * nf
    keep = [int(x) for x in a.keep.split(",")] if a.keep else None
    half = nf // 2
    contrast = a.contrast or bool(old and old.get("contrast")) if a.refit else a.contrast
    if contrast:
        prior[half + 1] = a.prior  # the contrast's worth: the hand-set ranking
        lams = [0.0] + [a.lam] * (half - 1) + [1e9] + [a.lam_contrast] * (half - 1)  # no constant contrast
        w = ridge(train, lams, keep, prior)
    else:
        prior[1] = a.prior
        w = ridge(train, a.lam, keep, prior)
    worth_only = ridge(train, a.lam, [0, 1])
    mean_only = ridge(train, 0.0, [0])
    mse = {name: test.sse(x) / test.count for name, x in (("fit", w), ("worth_line", worth_only),
                                                           ("mean", mean_only))}
    print(f"{a.variant}: {train.count} train rows ({hands['train']} walls), {test.count} test rows "
          f"({hands['test']} walls), {time.time() - t0:.0f} s")
    print("test MSE: " + ", ".join(f"{k} {v:.3f}" for k, v in mse.items())
          + f"  (R² of the fit {1 - mse['fit'] / mse['mean']:.4f}, of the worth line "
          f"{1 - mse['worth_line'] / mse['mean']:.4f})")
    print("points a hand of the learner:", round(sum(pts) / len(pts), 4), "±",
          round(1.96 * math.sqrt(sum((x - sum(pts) / len(pts)) ** 2 for x in pts) / max(1, len(pts) - 1))
                / math.sqrt(len(pts)), 4))
    ranking = [0.0] + w[half + 1:] if contrast else w
    if contrast:
        sigma2 = mse["fit"]
        lam_all = [0.0] + [a.lam] * (half - 1) + [1e9] + [a.lam_contrast] * (half - 1)
        reg = [[train.xtx[i][j] + (lam_all[i] if i == j else 0.0) for j in range(nf)] for i in range(nf)]
        print("contrast weights (±95%, a hand-set-worth ranking is", a.prior, "on feature 1):")
        for i in range(1, half):
            e = [1.0 if j == half + i else 0.0 for j in range(nf)]
            var = sigma2 * solve(reg, e)[half + i]
            print(f"  {i:2d} {w[half + i]:+9.4f} ±{1.96 * math.sqrt(max(var, 0.0)):.4f}")
    print("value_weights=" + json.dumps([round(x, 5) for x in ranking]))
    if a.out:
        with open(a.out, "w", encoding="utf-8") as f:
            json.dump({"variant": a.variant, "weights": [round(x, 6) for x in ranking], "contrast": contrast,
                       "fit": [round(x, 6) for x in w], "seed": a.seed,
                       "walls": f"value:{a.seed}:{a.variant}:0..{a.hands - 1}", "hands": a.hands,
                       "explore": a.explore, "lam": a.lam, "played_with": a.weights, "test_mse": mse,
                       "rows": {"train": train.count, "test": test.count}, "prior": a.prior, "keep": a.keep,
                       "walls_used": hands, "points": pts,
                       "sums": {k: [eq.xtx, eq.xty, eq.yy, eq.count] for k, eq in (("train", train), ("test", test))}},
                      f)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
