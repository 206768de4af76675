"""``python -m game bench bots``: duplicate-style strength matches of the bot levels in every variant."""

from __future__ import annotations

# Each wall (hand seed) is played once per seat with the tested bot in that seat and copies of the
# weaker level in the others, so the luck of the deal cancels. The headline figure of a pairing is the
# tested bot's own gain: its points per hand at such a table (a table of the weaker level alone scores
# 0 per seat, the game being zero-sum and symmetric), with a 95% interval (1.96 standard errors over
# walls). Beside it, labelled as such, the tested bot's points minus the mean of the others' points:
# n/(n-1) times the gain at n players (4/3 at four), the figure earlier versions printed.
# Decision times cover the whole decision a seat costs the host: building the seat's view and the
# bot's answer.
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
# The seeds the counts above were sized on: a default run must not replay their walls.
CALIBRATION_SEEDS = (0, 1)
DEFAULT_SEED = 2
FIGURES = {
    "gain": "the tested bot's own points per hand against the weaker level (headline)",
    "minus_mean_of_others": "the tested bot's points minus the mean of the others' at its table: "
                            "n/(n-1) times the gain at n players",
}


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
    from ..rules.variants import get

    v = get(vid)
    opts = v.resolve_options(options)
    n = v.players(opts)
    rows = []
    times: dict[str, list[float]] = {strong: [], weak: []}
    for r in range(n):
        bots = [make_bot(strong if s == r else weak, seed=f"{wall_seed}:{s}") for s in range(n)]
        names = [strong if s == r else weak for s in range(n)]
        pts = play_hand_timed(v, opts, wall_seed, bots, names, times)
        others = [pts[s] for s in range(n) if s != r]
        rows.append((pts[r], sum(others) / len(others)))
    return rows, times


def play_hand_timed(variant, options: dict, wall_seed, bots: list, names: list[str],
                    times: dict[str, list[float]]) -> list[int]:
    """One hand of a one-hand match; each decision timed from building the seat's view to the bot's action."""
    from ..rules import engine
    from ..rules.match import Match
    from ..rules.view import view

    m = Match(variant, options, wall_seed, 1)
    st, _ = m.start_hand()
    clock = time.perf_counter
    while st.end is None:
        for seat in engine.acting_seats(st):
            t0 = clock()
            v = view(st, seat)
            if not v["legal"]:
                continue
            a = bots[seat].act(v)
            times[names[seat]].append(clock() - t0)
            engine.apply(st, a)
            break
        else:
            raise RuntimeError("no seat could act")
    m.finish_hand()
    return list(m.scores)


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
    return xs[min(len(xs) - 1, math.ceil(0.99 * len(xs)) - 1)]


def run(variants: list[str], hands: int | None, seed: int, jobs: int, out=sys.stderr, options: dict | None = None,
        pairings=PAIRINGS, quiet: bool = True, style_hands: int | None = None) -> dict:
    """``hands`` per pairing in every variant; None: each pairing's default (``default_hands``). Unless ``quiet``,
    a progress bar counts the walls on stderr (a terminal only). Each variant's ``style`` object (``bots_style``)
    comes from ``style_hands`` walls (None: ``hands``, or 400 by default; 0: none)."""
    from ..progress import bar
    from ..rules.variants import get
    from . import bots_style

    if style_hands is None:
        style_hands = hands if hands is not None else bots_style.DEFAULT_HANDS

    def walls_of(vid: str, strong: str, weak: str) -> int:
        v = get(vid)
        return max(1, math.ceil((hands or default_hands(vid, strong, weak)) / v.players(v.resolve_options(options
                                                                                                            or {}))))

    total = sum(walls_of(vid, s, w) for vid in variants for s, w in pairings) + style_hands * len(variants)
    with bar(total, "bench bots", "wall", quiet=quiet) as prog:
        return _run(variants, hands, seed, jobs, out, options, pairings, prog, style_hands)


def _run(variants: list[str], hands: int | None, seed: int, jobs: int, out, options: dict | None, pairings,
         prog, style_hands: int) -> dict:
    from ..oscompat import mp_context
    from ..rules.variants import get
    from . import bots_style

    def ticking(f, xs):
        for x in (pool.imap(f, xs, chunksize=4) if pool else map(f, xs)):
            prog.update(1)
            yield x

    result: dict = {"hands": hands, "seed": seed, "calibration_seeds": list(CALIBRATION_SEEDS),
                    "seed_is_calibration": seed in CALIBRATION_SEEDS, "figures": FIGURES,
                    "decision_time": "view building + bot answer"}
    all_times: dict[str, list[float]] = {"easy": [], "normal": [], "strong": []}
    pool = None
    if jobs > 1:
        pool = mp_context().Pool(jobs)
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
                prog.set_description_str(f"bench bots {vid} {strong}-{weak}")
                tasks = [(vid, opts, strong, weak, f"bench:{seed}:{vid}:{i}") for i in range(walls)]
                it = pool.imap(play_wall, tasks, chunksize=4) if pool else map(play_wall, tasks)
                diffs, mine = [], []
                for rows, times in it:
                    diffs.append(sum(a - b for a, b in rows) / len(rows))
                    mine.append(sum(a for a, _ in rows) / len(rows))
                    for lv, ts in times.items():
                        all_times.setdefault(lv, []).extend(ts)
                    played += len(rows)
                    prog.update(1)
                key = f"{strong}_minus_{weak}"
                gain, gain_ci = _mean_ci(mine)
                m, ci = _mean_ci(diffs)
                entry[f"{strong}_gain_vs_{weak}"] = round(gain, 4)
                entry[f"{strong}_gain_vs_{weak}_ci95"] = round(gain_ci, 4)
                entry[key] = round(m, 4)  # minus the mean of the others: n/(n-1) times the gain
                entry[key + "_ci95"] = round(ci, 4)
                entry[key + "_hands"] = walls * n
                if out:
                    prog.clear()  # the line goes above the bar (both may share the terminal)
                    print(f"{vid:>8} {strong:>6} vs {n - 1}×{weak:<6} gain {gain:+.3f} ±{gain_ci:.3f} pts/hand "
                          f"[minus the others' mean: {m:+.3f} ±{ci:.3f} = {n}/{n - 1} × gain] "
                          f"({walls * n} hands)", file=out, flush=True)
            dt = time.perf_counter() - t0
            entry["hands_per_s"] = round(played / dt, 2) if dt else 0.0
            entry["hands_played"] = played
            if style_hands:
                prog.set_description_str(f"bench bots {vid} style")
                entry["style"] = bots_style.run(vid, opts, style_hands, seed, ticking)
                entry["style_hands"] = style_hands
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
                   help=f"hands per pairing in every variant (default {MIN_HANDS}; strong-normal: "
                        + ", ".join(f"{v} {n}" for v, n in STRONG_HANDS.items()) + ")")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--variants", default=None, help="comma-separated variant ids (default: every rule set)")
    p.add_argument("--seed", type=int, default=DEFAULT_SEED,
                   help=f"first part of every wall's seed (default {DEFAULT_SEED}; the default hand counts were "
                        f"sized with seeds {' and '.join(map(str, CALIBRATION_SEEDS))}, so those replay that run)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: all cores)")
    p.add_argument("--pair", action="append", default=None, metavar="STRONG-WEAK",
                   help="only this pairing (repeatable), e.g. strong-normal")
    p.add_argument("--opt", action="append", default=[], metavar="KEY=VALUE", help="table options for every variant")
    p.add_argument("--style-hands", type=int, default=None, metavar="N",
                   help="walls for each variant's style object, four 高手 and four 熟手 on each (default: --hands, "
                        "else 400; 0: no style object)")
    p.add_argument("--speed", action="store_true",
                   help="instead of strength: whole-game hands/s with four of each level on the same walls, and "
                        "the 高手's ratio to the 熟手 (--hands: hands per level and variant, default 100)")
    args = p.parse_args(argv)
    if args.hands is not None and args.hands < 1:
        print("error: --hands must be at least 1", file=sys.stderr)
        return 2
    variants = _variants(args.variants)
    if args.speed:
        from . import bot_speed

        opts = dict(x.split("=", 1) for x in args.opt)
        res = bot_speed.run(variants, args.hands, args.seed, out=None if args.json else sys.stdout, options=opts,
                            quiet=args.json)
        if args.json:
            print(json.dumps(res, ensure_ascii=False))
        return 0
    if args.seed in CALIBRATION_SEEDS and not args.json:
        print(f"note: seed {args.seed} is a calibration seed: these walls sized the default hand counts",
              file=sys.stderr)
    pairings = tuple(tuple(x.split("-", 1)) for x in args.pair) if args.pair else PAIRINGS
    opts = dict(x.split("=", 1) for x in args.opt)
    res = run(variants, args.hands, args.seed, max(1, args.jobs), out=None if args.json else sys.stdout,
              options=opts, pairings=pairings, quiet=args.json, style_hands=args.style_hands)
    if args.json:
        print(json.dumps(res, ensure_ascii=False))
        return 0
    p99 = res["decision_ms_p99"]
    print("gain: the tested bot's own points per hand; in brackets its points minus the others' mean")
    print("decision time (view + answer) p99: " + ", ".join(f"{lv} {ms:.2f} ms" for lv, ms in p99.items()))
    for vid in variants:
        print(f"{vid}: {res[vid]['hands_per_s']:.1f} hands/s over {res[vid]['hands_played']} hands")
    return 0
