"""Duplicate matches of two bot levels on development walls (never ``bench bots``'s seeds).

    python build/duel.py --variants guiyang,zhuoji --hands 2000 [--seed 7] [--set guiyang.flush_min=9]

Each wall (``duel:SEED:VARIANT:i``) is played once per seat with the tested level in that seat and the
other level in the rest, as ``bench bots`` does. Prints per variant the tested bot's own points per hand
(its gain, about 3/4 of the difference at four players) and the difference to the others' mean (today's
``bench bots`` figure), each with its 95% interval, and the tested level's decision time p99.
``--set VID.NAME=VALUE`` sets an attribute of the 高手's expert for that variant (experiments).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.bots import make_bot
from game.bots.levels import StrongBot
from game.bots.runner import play_match
from game.oscompat import mp_context
from game.progress import track
from game.rules.variants import get

SETTINGS: list[tuple[str, str, Any]] = []


def _bot(level: str, seed: str) -> Any:
    """A bot of ``level``; the 高手 with the ``--set`` changes."""
    if level != "strong" or not SETTINGS:
        return make_bot(level, seed=seed)
    per: dict[str, dict[str, Any]] = {}
    for vid, name, value in SETTINGS:
        per.setdefault(vid, {})[name] = value
    return StrongBot(seed, per)


def play_wall(task: tuple) -> tuple[list[tuple[float, float]], list[float]]:
    vid, tested, other, wall_seed = task
    v = get(vid)
    opts = v.resolve_options({})
    n = v.players(opts)
    rows = []
    times: list[float] = []
    for r in range(n):
        bots = [_bot(tested if s == r else other, f"{wall_seed}:{s}") for s in range(n)]
        names = [tested if s == r else other for s in range(n)]
        st = play_match(v, opts, wall_seed, 1, bots, names, keep_times=True)
        pts = st.totals
        others = [pts[s] for s in range(n) if s != r]
        rows.append((float(pts[r]), sum(others) / len(others)))
        times.extend(st.seats[r].decision_times)
    return rows, times


def _mean_ci(xs: list[float]) -> tuple[float, float]:
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return m, float("inf")
    var = sum((x - m) ** 2 for x in xs) / (len(xs) - 1)
    return m, 1.96 * math.sqrt(var / len(xs))


def _init(settings: list) -> None:
    SETTINGS[:] = settings


def run(vid: str, hands: int, seed: int, jobs: int, tested: str, other: str, offset: int = 0) -> dict[str, Any]:
    n = get(vid).players(get(vid).resolve_options({}))
    walls = max(1, math.ceil(hands / n))
    tasks = [(vid, tested, other, f"duel:{seed}:{vid}:{i}") for i in range(offset, offset + walls)]
    t0 = time.perf_counter()
    if jobs > 1:
        with mp_context().Pool(jobs, initializer=_init, initargs=(SETTINGS,)) as pool:
            res = list(track(pool.imap(play_wall, tasks, chunksize=4), len(tasks), f"duel {vid}", "wall"))
    else:
        res = [play_wall(t) for t in track(tasks, len(tasks), f"duel {vid}", "wall")]
    own, diff, times = [], [], []
    for rows, ts in res:
        own.append(sum(a for a, _ in rows) / len(rows))
        diff.append(sum(a - b for a, b in rows) / len(rows))
        times.extend(ts)
    times.sort()
    mo, co = _mean_ci(own)
    md, cd = _mean_ci(diff)
    return {"variant": vid, "hands": walls * n, "own": round(mo, 4), "own_ci95": round(co, 4), "diff": round(md, 4),
            "diff_ci95": round(cd, 4), "p99_ms": round(1000 * times[int(0.99 * (len(times) - 1))], 2),
            "mean_ms": round(1000 * sum(times) / len(times), 3), "seconds": round(time.perf_counter() - t0, 1),
            "per_wall": diff}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variants", default="wenshan,yuxi,guiyang,zhuoji")
    p.add_argument("--hands", type=int, default=2000)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--offset", type=int, default=0, help="first wall index")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--tested", default="strong")
    p.add_argument("--other", default="normal")
    p.add_argument("--set", action="append", default=[], metavar="VID.NAME=VALUE")
    p.add_argument("--json", action="store_true")
    a = p.parse_args()
    for item in a.set:
        key, val = item.split("=", 1)
        vid, name = key.split(".", 1)
        SETTINGS.append((vid, name, json.loads(val)))
    out = []
    for vid in a.variants.split(","):
        r = run(vid, a.hands, a.seed, a.jobs, a.tested, a.other, a.offset)
        out.append(r)
        if not a.json:
            print(f"{vid:>8} {a.tested}-{a.other}: own {r['own']:+.3f} ±{r['own_ci95']:.3f}  diff {r['diff']:+.3f} "
                  f"±{r['diff_ci95']:.3f}  ({r['hands']} hands, p99 {r['p99_ms']} ms, mean {r['mean_ms']} ms, "
                  f"{r['seconds']} s)", flush=True)
    if a.json:
        for r in out:
            r.pop("per_wall")
        print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
