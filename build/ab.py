"""Paired comparison of two settings of the 高手 on the same development walls (variance reduction).

    python build/ab.py --variant guiyang --hands 4000 --b rho=0.3 [--a rho=0.5] [--seed 11]

For each wall (``ab:SEED:VARIANT:i``) and each seat, the hand is played twice against the same three
熟手: once with the 高手 set as ``--a``, once as ``--b``. Until the two 高手 decide differently the hands
are identical, so the per-wall difference of the 高手's points has far less spread than two separate
duels. Prints B − A in points per hand (the 高手's own points) with its 95% interval, and how many
seat-hands differed at all.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.bots import make_bot
from game.bots.core import Player
from game.bots.levels import make_expert
from game.bots.runner import play_match
from game.oscompat import mp_context
from game.progress import track
from game.rules.variants import get


def strong(vid: str, seed: str, settings: dict[str, Any]) -> Player:
    """The 高手 of ``vid`` with ``settings`` changed (an unknown name stops the tool)."""
    try:
        return make_expert(vid, seed, settings)
    except ValueError as e:
        raise SystemExit(f"error: {e}") from None


def wall(task: tuple) -> tuple[float, int]:
    vid, sa, sb, wall_seed = task
    v = get(vid)
    opts = v.resolve_options({})
    n = v.players(opts)
    diff = 0.0
    changed = 0
    for r in range(n):
        pts = []
        for settings in (sa, sb):
            bots = [strong(vid, f"{wall_seed}:{s}", settings) if s == r else make_bot("normal", seed=f"{wall_seed}:{s}")
                    for s in range(n)]
            st = play_match(v, opts, wall_seed, 1, bots)
            pts.append(st.totals[r])
        diff += pts[1] - pts[0]
        changed += pts[1] != pts[0]
    return diff / n, changed


def parse(text: str) -> dict[str, Any]:
    """``key=value,key=value`` with JSON values; a value may itself hold commas (a list of weights)."""
    out: dict[str, Any] = {}
    for item in filter(None, re.split(r",(?=\s*\w+=)", text)):
        k, v = item.split("=", 1)
        out[k] = json.loads(v)
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", required=True)
    p.add_argument("--hands", type=int, default=4000)
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--a", default="")
    p.add_argument("--b", default="")
    a = p.parse_args()
    vid = a.variant
    n = get(vid).players(get(vid).resolve_options({}))
    walls = max(1, a.hands // n)
    for settings in (parse(a.a), parse(a.b)):
        strong(vid, "check", settings)  # an unknown setting stops here, not inside a worker
    tasks = [(vid, parse(a.a), parse(a.b), f"ab:{a.seed}:{vid}:{i}") for i in range(walls)]
    with mp_context().Pool(a.jobs) as pool:
        res = list(track(pool.imap(wall, tasks, chunksize=4), len(tasks), f"ab {vid}", "wall"))
    ds = [d for d, _c in res]
    m = sum(ds) / len(ds)
    sd = math.sqrt(sum((x - m) ** 2 for x in ds) / max(1, len(ds) - 1))
    changed = sum(c for _d, c in res)
    print(f"{vid} B({a.b}) - A({a.a}): {m:+.3f} ±{1.96 * sd / math.sqrt(len(ds)):.3f} own points/hand "
          f"({walls * n} seat-hands, {changed} differed)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
