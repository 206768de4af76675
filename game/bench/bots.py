"""``python -m game bench bots``: duplicate-style strength matches of the bot levels in every variant."""

from __future__ import annotations

# Each wall (hand seed) is played once per seat with the tested bot in that seat and three copies of
# the weaker level in the others, so the luck of the deal cancels. A hand's figure is the tested bot's
# points minus the mean of the others' points at that table; the mean over walls and its 95% interval
# (1.96 standard errors over walls) are reported per pairing, with the decision times of each level.

import argparse
import json
import math
import os
import sys
import time

PAIRINGS = (("strong", "normal"), ("normal", "easy"))
ALIASES = {"kunming"}  # preset names with another variant's rules (kunming = wenshan): benched once

# Hands per pairing when --hands is not given: never fewer than MIN_HANDS, more where the 高手's edge
# over the 熟手 is small against the spread of a hand's points, so that the default run can show it.
# Each is the count at which the strong - normal edge measured with seeds 0 and 1 (玉溪 +0.038,
# 文山 +0.18, 贵阳 +0.85, 捉鸡 +0.68 points per hand) is expected to be 2.5 times its 95% interval,
# rounded up to thousands. The normal - easy edges are over 10 intervals at MIN_HANDS already.
MIN_HANDS = 2000
STRONG_HANDS = {"wenshan": 6000, "yuxi": 24000, "guiyang": 7000, "zhuoji": 11000}


def default_hands(vid: str, strong: str = "strong", weak: str = "normal") -> int:
    """Hands that ``bench bots`` plays for one pairing in variant ``vid`` when --hands is not given."""
    more = STRONG_HANDS.get(vid, 0) if (strong, weak) == ("strong", "normal") else 0
    return max(MIN_HANDS, more)


def _variants(names: str | None) -> list[str]:
    from ..rules.variants import ids

    if names:
        out = [x.strip() for x in names.split(",") if x.strip()]
        known = ids()
        for x in out:
            if x not in known:
                raise SystemExit(f"error: unknown variant {x!r} (known: {', '.join(known)})")
        return out
    return [vid for vid in ids() if vid not in ALIASES]


def play_wall(task):
    """One wall, the tested bot in each seat in turn. Returns per-rotation figures and decision times."""
    vid, options, strong, weak, wall_seed = task
    from ..bots import make_bot
    from ..bots.runner import play_match
    from ..rules.variants import get

    v = get(vid)
    opts = v.resolve_options(options)
    n = v.players(opts)
    rows = []
    times = {strong: [], weak: []}
    for r in range(n):
        bots = [make_bot(strong if s == r else weak, seed=f"{wall_seed}:{s}") for s in range(n)]
        names = [strong if s == r else weak for s in range(n)]
        st = play_match(v, opts, wall_seed, 1, bots, names, keep_times=True)
        pts = st.totals
        others = [pts[s] for s in range(n) if s != r]
        rows.append((pts[r], sum(others) / len(others)))
        for s, ss in enumerate(st.seats):
            times[names[s]].extend(ss.decision_times)
    return rows, times


def _mean_ci(xs: list[float]) -> tuple[float, float]:
    if not xs:
        return 0.0, 0.0
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return m, float("inf")
    var = sum((x - m) ** 2 for x in xs) / (len(xs) - 1)
    return m, 1.96 * math.sqrt(var / len(xs))


def _p99(xs: list[float]) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(math.ceil(0.99 * len(xs))) - 1)]


def run(variants: list[str], hands: int | None, seed: int, jobs: int, out=sys.stderr, options: dict | None = None,
        pairings=PAIRINGS) -> dict:
    """``hands`` per pairing in every variant; None: each pairing's default (``default_hands``)."""
    from ..rules.variants import get

    result: dict = {"hands": hands, "seed": seed}
    all_times: dict[str, list[float]] = {"easy": [], "normal": [], "strong": []}
    pool = None
    if jobs > 1:
        import multiprocessing as mp

        pool = mp.get_context("fork").Pool(jobs)
    try:
        for vid in variants:
            v = get(vid)
            opts = v.resolve_options(options or {})
            n = v.players(opts)
            entry: dict = {}
            t0 = time.perf_counter()
            played = 0
            for strong, weak in pairings:
                walls = max(1, math.ceil((hands or default_hands(vid, strong, weak)) / n))
                tasks = [(vid, opts, strong, weak, f"bench:{seed}:{vid}:{i}") for i in range(walls)]
                it = pool.imap(play_wall, tasks, chunksize=4) if pool else map(play_wall, tasks)
                diffs, mine, theirs = [], [], []
                for rows, times in it:
                    diffs.append(sum(a - b for a, b in rows) / len(rows))
                    mine.append(sum(a for a, _ in rows) / len(rows))
                    theirs.append(sum(b for _, b in rows) / len(rows))
                    for lv, ts in times.items():
                        all_times.setdefault(lv, []).extend(ts)
                    played += len(rows)
                key = f"{strong}_minus_{weak}"
                m, ci = _mean_ci(diffs)
                entry[key] = round(m, 4)
                entry[key + "_ci95"] = round(ci, 4)
                entry[key + "_hands"] = walls * n
                ms, cs = _mean_ci(mine)
                mw, cw = _mean_ci(theirs)
                entry[f"{key}_points"] = {strong: [round(ms, 4), round(cs, 4)], weak: [round(mw, 4), round(cw, 4)]}
                if out:
                    print(f"{vid:>8} {strong:>6} {ms:+8.3f} ±{cs:.3f}  vs 3×{weak:<6} {mw:+8.3f} ±{cw:.3f}  "
                          f"difference {m:+.3f} ±{ci:.3f} pts/hand ({walls * n} hands)", file=out, flush=True)
            dt = time.perf_counter() - t0
            entry["hands_per_s"] = round(played / dt, 2) if dt else 0.0
            entry["hands_played"] = played
            result[vid] = entry
    finally:
        if pool:
            pool.close()
            pool.join()
    result["decision_ms_p99"] = {lv: round(1000 * _p99(ts), 3) for lv, ts in all_times.items() if ts}
    result["decision_ms_mean"] = {lv: round(1000 * sum(ts) / len(ts), 4) for lv, ts in all_times.items() if ts}
    result["decisions"] = {lv: len(ts) for lv, ts in all_times.items() if ts}
    return result


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game bench bots", description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=None,
                   help="hands per pairing in every variant (default %d; strong-normal: %s)"
                   % (MIN_HANDS, ", ".join(f"{v} {n}" for v, n in STRONG_HANDS.items())))
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--variants", default=None, help="comma-separated variant ids (default: every rule set)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: all cores)")
    p.add_argument("--pair", action="append", default=None, metavar="STRONG-WEAK",
                   help="only this pairing (repeatable), e.g. strong-normal")
    p.add_argument("--opt", action="append", default=[], metavar="KEY=VALUE", help="table options for every variant")
    args = p.parse_args(argv)
    if args.hands is not None and args.hands < 1:
        print("error: --hands must be at least 1", file=sys.stderr)
        return 2
    variants = _variants(args.variants)
    pairings = tuple(tuple(x.split("-", 1)) for x in args.pair) if args.pair else PAIRINGS
    opts = dict(x.split("=", 1) for x in args.opt)
    res = run(variants, args.hands, args.seed, max(1, args.jobs), out=None if args.json else sys.stdout,
              options=opts, pairings=pairings)
    if args.json:
        print(json.dumps(res, ensure_ascii=False))
        return 0
    p99 = res["decision_ms_p99"]
    print("decision time p99: " + ", ".join(f"{lv} {ms:.2f} ms" for lv, ms in p99.items()))
    for vid in variants:
        print(f"{vid}: {res[vid]['hands_per_s']:.1f} hands/s over {res[vid]['hands_played']} hands")
    return 0
