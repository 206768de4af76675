"""Hand-analysis benchmark: our table lookups against the ``mahjong`` package on equal, cold work, per kind of hand.

Equal work means the same input and the same question on both sides:
- win: a 34-count list of 14 tiles in; standard shape, seven distinct pairs or thirteen orphans out,
  which is what ``Agari.is_agari`` decides (ours: ``win_shapes(c) & AGARI_SHAPES``);
- waits: a 13-tile count list in; every kind that can be drawn (not held four times) and completes one
  of those shapes out. The peer's loop is what a user of that library writes: add each kind within two
  of a held tile of its suit, each held honor, and the thirteen orphans when every held tile is one,
  and ask ``is_agari`` (the same answers as probing all 34 kinds, about 1.3x faster). Ours:
  ``waits_shapes(c, 0, AGARI_SHAPES)``;
- shanten: a count list in; the regular-shape shanten out (the peer's
  ``calculate_shanten_for_regular_hand``; ours: ``shanten(c)``).
The answers are compared hand by hand (``*_agree``).

Kinds of hand, reported apart (``*_ratio_by_kind``), with the mix (equal numbers of each) beside them:
``random`` (tiles drawn from a full wall), ``standard`` (win: four sets and a pair; waits: that less
one tile, ready), ``seven_pairs`` (likewise), ``near`` (one tile swapped out of the kind before it: win,
a ready hand plus a tile that does not complete it, what most draws look like; waits, one from ready).
The ``*_keyed`` figures time what play uses: per-suit keys that the engine keeps up to date, outside
the timed loop, and the standard shape only (win, waits); they are not equal work and are shown beside
the headline, never instead of it.

Cold: each timed call starts with the caches as a fresh process finds them: every functools cache of
the rules core (``analysis._group_need``, ``decompose``'s and the variants' memos) is emptied before
each timed chunk, for both sides alike (the peer keeps none); only the tables, which play loads once
at start, stay loaded.

Timing: the hands are cut into chunks; each round times every check on every chunk, ours and the
peer's one after the other (the order alternating), and a chunk's time is its best over the rounds.
The clock is this process's CPU time, so time the scheduler gives to other processes counts for
neither side (with wall time a busy machine would cut into the peer's longer chunks more often than
into ours). Both sides get the same rounds, chunks, clock and cache clearing.
"""

from __future__ import annotations

import argparse
import functools
import gc
import json
import random
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from typing import Any

from game.rules import analysis, tables

KINDS = ("random", "standard", "seven_pairs", "near")
# goals (issue 42): waits on the mix and shanten; win on random hands and on the mix
TARGETS = {"win_random": 3.0, "win_mix": 3.0, "waits_mix": 10.0, "shanten": 10.0}
# a win check (seven pairs included) with 1-4 jokers costs at most this times none, on random hands and
# on complete ones (standard and seven pairs)
JOKER_TARGET = 1.1
MISSING_PEER = "bench core needs the dev dependency 'mahjong' (pip install mahjong)"
CHUNK = 250
_WALL = [t for t in range(34) for _ in range(4)]
_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
# the kinds a user of the peer probes for a held tile: within two of it in its suit; an honor itself
_NEAR = tuple(tuple(u for u in range(t - 2, t + 3) if 0 <= u < 27 and u // 9 == t // 9) if t < 27 else (t,)
              for t in range(34))

Counts = list[int]


def rules_caches() -> list[Any]:
    """Every functools cache of the rules core (its modules imported first)."""
    import importlib
    import pkgutil

    import game.rules

    out = []
    for info in pkgutil.walk_packages(game.rules.__path__, "game.rules."):
        mod = importlib.import_module(info.name)
        for obj in vars(mod).values():
            if isinstance(obj, functools._lru_cache_wrapper) and obj.__module__ == info.name and obj not in out:
                out.append(obj)
    return out


def clear_caches() -> None:
    """Empty every functools cache of the rules core (what a fresh process starts with)."""
    global _CACHES
    if _CACHES is None:
        _CACHES = rules_caches()
    for f in _CACHES:
        f.cache_clear()


_CACHES: list[Any] | None = None


def _counts(tiles: Sequence[int]) -> Counts:
    c = [0] * 34
    for t in tiles:
        c[t] += 1
    return c


def _standard(rng: random.Random) -> Counts:
    """Four sets and a pair, no kind above four copies."""
    c = [0] * 34
    blocks = 0
    while blocks < 5:
        if blocks == 4:
            t = rng.randrange(34)
            block = [t, t]
        elif rng.random() < 0.5:
            t = rng.randrange(34)
            block = [t, t, t]
        else:
            t = rng.randrange(3) * 9 + rng.randrange(7)
            block = [t, t + 1, t + 2]
        if all(c[x] + block.count(x) <= 4 for x in block):
            for x in block:
                c[x] += 1
            blocks += 1
    return c


def _seven_pairs(rng: random.Random) -> Counts:
    kinds = rng.sample(range(34), 7)
    if rng.random() < 0.2:
        kinds[6] = kinds[0]  # a quadruple: two equal pairs
    c = [0] * 34
    for t in kinds:
        c[t] += 2
    return c


def _less_one(rng: random.Random, c: Counts) -> Counts:
    c = list(c)
    c[rng.choice([t for t in range(34) if c[t]])] -= 1
    return c


def _swap(rng: random.Random, c: Counts) -> Counts:
    """One held tile out, another kind (not held four times) in."""
    c = _less_one(rng, c)
    out = [t for t in range(34) if c[t] < 4]
    c[rng.choice(out)] += 1
    return c


def _complete(rng: random.Random) -> Counts:
    return _standard(rng) if rng.random() < 0.9 else _seven_pairs(rng)


def make_hands(seed: int, n: int) -> dict[str, dict[str, list[Counts]]]:
    """``n`` hands of each kind: {"win": {kind: 14-tile hands}, "waits": {kind: 13-tile hands}}."""
    rng = random.Random(seed)
    win = {
        "random": [_counts(rng.sample(_WALL, 14)) for _ in range(n)],
        "standard": [_standard(rng) for _ in range(n)],
        "seven_pairs": [_seven_pairs(rng) for _ in range(n)],
        "near": [_swap(rng, _complete(rng)) for _ in range(n)],
    }
    waits = {
        "random": [_counts(rng.sample(_WALL, 13)) for _ in range(n)],
        "standard": [_less_one(rng, _standard(rng)) for _ in range(n)],
        "seven_pairs": [_less_one(rng, _seven_pairs(rng)) for _ in range(n)],
        "near": [_swap(rng, _less_one(rng, _complete(rng))) for _ in range(n)],
    }
    return {"win": win, "waits": waits}


def _less(hands: list[Counts], k: int, seed: int) -> list[Counts]:
    """Copies of the hands, each with k random tiles taken out (they become jokers)."""
    rng = random.Random(seed)
    out = []
    for c in hands:
        tiles = [t for t in range(34) for _ in range(c[t])]
        out.append(_counts(rng.sample(tiles, len(tiles) - k)))
    return out


def _measure_tables() -> dict[str, Any]:
    t0 = time.perf_counter()
    tables.build()
    build_s = time.perf_counter() - t0
    data: bytes | None
    try:
        data = tables.read_resource()
        source = "file"
    except (OSError, ImportError):
        data, source = None, "built (no table file)"
    if data is not None:
        load_s = float("inf")
        for _ in range(5):
            t0 = time.perf_counter()
            tables.load(data)
            load_s = min(load_s, time.perf_counter() - t0)
    else:
        load_s = build_s
    tracemalloc.start()
    loaded = tables.load(data)
    current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del loaded
    return {
        "table_build_s": round(build_s, 3),
        "table_load_s": round(load_s, 4),
        "table_mb": round(current / 1e6, 2),
        "table_peak_mb": round(peak / 1e6, 2),
        "table_file_kb": round(len(data) / 1e3, 1) if data is not None else None,
        "table_source": source,
    }


Loop = Callable[[list[Any]], None]


def time_chunks(loops: dict[str, tuple[Loop, list[Any]]], rounds: int,
                before: Callable[[], None] = clear_caches,
                tick: Callable[[], object] | None = None) -> dict[str, float]:
    """CPU seconds per loop over all its items: per chunk the best of ``rounds``, loops interleaved.

    ``before`` runs ahead of every timed chunk, off the clock (by default: the caches emptied); ``tick`` is
    called after each round (a progress bar), outside the timings.
    """
    chunks = {name: [items[i:i + CHUNK] for i in range(0, len(items), CHUNK)] for name, (_, items) in loops.items()}
    best = {name: [float("inf")] * len(cs) for name, cs in chunks.items()}
    names = list(loops)
    clock = time.process_time
    enabled = gc.isenabled()
    gc.disable()
    try:
        for r in range(rounds):
            order = names if r % 2 == 0 else names[::-1]
            for i in range(max(len(cs) for cs in chunks.values())):
                for name in order:
                    if i < len(chunks[name]):
                        fn, chunk = loops[name][0], chunks[name][i]
                        before()
                        t0 = clock()
                        fn(chunk)
                        dt = clock() - t0
                        best[name][i] = min(best[name][i], dt)
            if tick is not None:
                tick()
    finally:
        if enabled:
            gc.enable()
    return {name: sum(b) for name, b in best.items()}


def peer_loops() -> dict[str, Loop]:
    """The peer's side, as its users call it."""
    from mahjong.agari import Agari
    from mahjong.shanten import Shanten

    is_agari = Agari.is_agari
    peer_shanten = Shanten.calculate_shanten_for_regular_hand
    near, orphans = _NEAR, _ORPHANS
    others = [t for t in range(34) if t not in orphans]

    def win(hs: list[Counts]) -> None:
        for c in hs:
            is_agari(c)

    def waits(hs: list[Counts]) -> None:
        for c in hs:
            cand: set[int] = set()
            for t in range(34):
                if c[t]:
                    cand.update(near[t])
            if not any(c[t] for t in others):  # only terminals and honors: thirteen orphans may be near
                cand.update(orphans)
            out = []
            for t in sorted(cand):
                if c[t] < 4:
                    c[t] += 1
                    if is_agari(c):
                        out.append(t)
                    c[t] -= 1

    def shanten(hs: list[Counts]) -> None:
        for c in hs:
            peer_shanten(c)

    return {"win": win, "waits": waits, "shanten": shanten}


def peer_waits(c: Counts) -> list[int]:
    """The peer's waits loop for one hand (its answers, for the agreement check)."""
    from mahjong.agari import Agari

    cand = {u for t in range(34) if c[t] for u in _NEAR[t]}
    if not any(c[t] for t in range(34) if t not in _ORPHANS):
        cand.update(_ORPHANS)
    out = []
    for t in sorted(cand):
        if c[t] < 4:
            c[t] += 1
            if Agari.is_agari(c):
                out.append(t)
            c[t] -= 1
    return out


def our_loops() -> dict[str, Loop]:
    win_shapes, waits_shapes, shanten = analysis.win_shapes, analysis.waits_shapes, analysis.shanten
    win_keys, sh_keys, waits_keys = analysis.is_win_keys, analysis.shanten_keys, analysis.waits_keys
    agari = analysis.AGARI_SHAPES

    def win(hs: list[Counts]) -> None:
        for c in hs:
            win_shapes(c) & agari

    def waits(hs: list[Counts]) -> None:
        for c in hs:
            waits_shapes(c, 0, agari)

    def sh(hs: list[Counts]) -> None:
        for c in hs:
            shanten(c)

    def win_keyed(ks: list[tuple[int, int, int, int]]) -> None:
        for k0, k1, k2, k3 in ks:
            win_keys(k0, k1, k2, k3)

    def waits_keyed(ks: list[tuple[int, int, int, int]]) -> None:
        for k in ks:
            waits_keys(k)

    def sh_keyed(ks: list[tuple[int, int, int, int]]) -> None:
        for k0, k1, k2, k3 in ks:
            sh_keys(k0, k1, k2, k3)

    return {"win": win, "waits": waits, "shanten": sh,
            "win_keyed": win_keyed, "waits_keyed": waits_keyed, "shanten_keyed": sh_keyed}


def joker_loop(j: int) -> Loop:
    win_shapes, pairs = analysis.win_shapes, analysis.STANDARD | analysis.SEVEN_PAIRS

    def loop(hs: list[Counts]) -> None:
        for c in hs:
            win_shapes(c, j) & pairs
    return loop


def standard_joker_loop(j: int) -> Loop:
    """The standard-shape check that wenshan's wildcard readings call (wenshan_shapes.standard)."""
    is_win = analysis.is_win

    def loop(hs: list[Counts]) -> None:
        for c in hs:
            is_win(c, j)
    return loop


def run(seed: int = 0, n: int = 5000, rounds: int = 7, measure_tables: bool = True,
        quiet: bool = True) -> dict[str, Any]:
    """Time and cross-check both libraries on the same hands; raises ImportError without ``mahjong``.

    ``n`` hands of each kind for each check; ``measure_tables``: also time building and loading the tables.
    Unless ``quiet``, a progress bar counts the timing rounds on stderr (a terminal only).
    """
    from ..progress import bar

    with bar(rounds, "bench core", "round", quiet=quiet) as b:
        return _run(seed, n, rounds, measure_tables, lambda: b.update(1))


def _run(seed: int, n: int, rounds: int, measure_tables: bool, tick: Callable[[], object]) -> dict[str, Any]:
    out: dict[str, Any] = {"seed": seed, "n": n, "rounds": rounds, "chunk": CHUNK, "clock": "process CPU time",
                           "cold": True, "cache_clearing": "every functools cache of game.rules, before each "
                                                          "timed chunk, both sides"}
    if measure_tables:
        out.update(_measure_tables())
    hands = make_hands(seed, n)
    analysis.is_win_keys(0, 0, 0, 0)  # load the tables outside the timings
    peer, ours = peer_loops(), our_loops()
    loops: dict[str, tuple[Loop, list[Any]]] = {}
    sh_hands: dict[str, list[Counts]] = {k: hands["win"][k] + hands["waits"][k] for k in KINDS}
    for kind in KINDS:
        for check in ("win", "waits", "shanten"):
            hs = sh_hands[kind] if check == "shanten" else hands[check][kind]
            loops[f"{check}:{kind}"] = (ours[check], hs)
            loops[f"{check}_peer:{kind}"] = (peer[check], hs)
            loops[f"{check}_keyed:{kind}"] = (ours[f"{check}_keyed"], [tuple(analysis.keys_of(c)) for c in hs])
    # the win check (seven pairs included) with 0-4 of a hand's tiles turned into jokers: complete hands
    # (standard and seven pairs: every check runs the whole path) and random ones apart
    complete = hands["win"]["standard"] + hands["win"]["seven_pairs"]
    rand = hands["win"]["random"]
    # every count, none included, gets its own copies of the hands: the win loops above have just read the
    # originals, which would leave the 0-joker hands warm in the CPU cache and the others cold
    for j in range(5):
        loops[f"jokers{j}:complete"] = (joker_loop(j), _less(complete, j, seed + 1 + j))
        loops[f"jokers{j}:random"] = (joker_loop(j), _less(rand, j, seed + 11 + j))
        # the standard shape alone, as wenshan's play asks it: the same hands, their own copies again
        loops[f"std_jokers{j}:complete"] = (standard_joker_loop(j), _less(complete, j, seed + 1 + j))
        loops[f"std_jokers{j}:random"] = (standard_joker_loop(j), _less(rand, j, seed + 11 + j))
    times = time_chunks(loops, rounds, tick=tick)

    for check in ("win", "waits", "shanten"):
        by_kind = {k: round(times[f"{check}_peer:{k}"] / times[f"{check}:{k}"], 2) for k in KINDS}
        ours_all = sum(times[f"{check}:{k}"] for k in KINDS)
        peer_all = sum(times[f"{check}_peer:{k}"] for k in KINDS)
        keyed_all = sum(times[f"{check}_keyed:{k}"] for k in KINDS)
        by_kind["mix"] = round(peer_all / ours_all, 2)
        count = sum(len(loops[f"{check}:{k}"][1]) for k in KINDS)
        out[f"{check}_ratio_by_kind"] = by_kind
        out[f"{check}_ratio_keyed"] = round(peer_all / keyed_all, 2)
        out[f"{check}_per_s"] = round(count / ours_all)
        out[f"{check}_peer_per_s"] = round(count / peer_all)
        out[f"{check}_ns_by_kind"] = {k: round(times[f"{check}:{k}"] / len(loops[f"{check}:{k}"][1]) * 1e9)
                                      for k in KINDS}
        out[f"{check}_peer_ns_by_kind"] = {
            k: round(times[f"{check}_peer:{k}"] / len(loops[f"{check}:{k}"][1]) * 1e9) for k in KINDS}
    out["shanten_ratio"] = out["shanten_ratio_by_kind"]["mix"]
    for prefix, name in (("jokers", "joker"), ("std_jokers", "joker_standard")):
        for part in ("complete", "random"):
            by_j = {str(j): round(times[f"{prefix}{j}:{part}"] / times[f"{prefix}0:{part}"], 3) for j in range(1, 5)}
            out[f"{name}_cost_{part}_by_count"] = by_j
            out[f"{name}_cost_{part}"] = max(by_j.values())
            # the same in ns per check (0-4 jokers): what the ratios are made of
            n_part = len(loops[f"{prefix}0:{part}"][1])
            out[f"{name}_ns_{part}_by_count"] = {str(j): round(times[f"{prefix}{j}:{part}"] / n_part * 1e9)
                                                 for j in range(5)}
    out.update(agreement(hands))
    return out


def agreement(hands: dict[str, dict[str, list[Counts]]]) -> dict[str, Any]:
    """Fractions of hands where we answer exactly as the peer."""
    from mahjong.agari import Agari
    from mahjong.shanten import Shanten

    h14 = [c for k in KINDS for c in hands["win"][k]]
    h13 = [c for k in KINDS for c in hands["waits"][k]]
    win_ok = sum(bool(analysis.win_shapes(c) & analysis.AGARI_SHAPES) == Agari.is_agari(c) for c in h14)
    both = h14 + h13
    sh_ok = sum(analysis.shanten(c) == Shanten.calculate_shanten_for_regular_hand(c) for c in both)
    waits_ok = sum(analysis.waits_shapes(c, 0, analysis.AGARI_SHAPES) == peer_waits(c) for c in h13)
    return {
        "win_agree": round(win_ok / len(h14), 6),
        "shanten_agree": round(sh_ok / len(both), 6),
        "waits_agree": round(waits_ok / len(h13), 6),
    }


def _mark(value: float, target: float, below: bool = False) -> str:
    ok = value <= target if below else value >= target
    return f"{'<=' if below else '>='} {target:g} {'ok' if ok else 'MISSED'}"


def format_table(r: dict[str, Any]) -> str:
    lines = [f"hand analysis vs mahjong on equal, cold work: seed {r['seed']}, {r['n']} hands of each kind, "
             f"best of {r['rounds']} interleaved rounds per chunk of {r['chunk']} on process CPU time, rules-core "
             "caches emptied before every timed chunk, both sides alike",
             f"{'ratio (peer time / ours)':<26}" + "".join(f"{k:>13}" for k in (*KINDS, "mix"))
             + f"{'keyed (mix)':>13}"]
    for check, label in (("win", "win check"), ("waits", "waits (drawable)"), ("shanten", "shanten (regular)")):
        k = r[f"{check}_ratio_by_kind"]
        lines.append(f"{label:<26}" + "".join(f"{k[x]:>13.2f}" for x in (*KINDS, "mix"))
                     + f"{r[check + '_ratio_keyed']:>13.2f}")
    for check in ("win", "waits", "shanten"):
        lines.append(f"  {check} ns per hand, ours / peer: "
                     + ", ".join(f"{x} {r[check + '_ns_by_kind'][x]:,} / {r[check + '_peer_ns_by_kind'][x]:,}"
                                 for x in KINDS))
    w, wt = r["win_ratio_by_kind"], r["waits_ratio_by_kind"]
    lines.append(f"goals: win random {_mark(w['random'], TARGETS['win_random'])}, win mix "
                 f"{_mark(w['mix'], TARGETS['win_mix'])}, waits mix {_mark(wt['mix'], TARGETS['waits_mix'])}, "
                 f"shanten {_mark(r['shanten_ratio'], TARGETS['shanten'])}")
    lines.append("keyed: per-suit keys kept by the engine, computed outside the loop; win and waits standard "
                 "shape only (what play uses, not equal work)")
    for name, check in (("joker", "win check (seven pairs included)"),
                        ("joker_standard", "standard-shape check (wenshan's readings)")):
        for part, what in (("complete", "complete hands"), ("random", "random hands")):
            lines.append(f"{check} with 1-4 jokers / none, {what}: "
                         + ", ".join(f"{j}: {x:.2f}x" for j, x in r[f"{name}_cost_{part}_by_count"].items())
                         + f"  ({_mark(r[f'{name}_cost_{part}'], JOKER_TARGET, below=True)}; ns per check 0-4: "
                         + ", ".join(str(v) for v in r[f"{name}_ns_{part}_by_count"].values()) + ")")
    lines.append(f"tables: build {r['table_build_s']:.2f} s, load {r['table_load_s']:.3f} s, "
                 f"{r['table_mb']:.1f} MB in memory, file {r['table_file_kb']} kB ({r['table_source']})")
    lines.append(f"agreement with the peer: win {r['win_agree']:.4f}, shanten {r['shanten_agree']:.4f}, "
                 f"waits {r['waits_agree']:.4f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game bench core", description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--n", type=int, default=5000, help="hands of each kind for each check (default 5000)")
    ap.add_argument("--rounds", type=int, default=7, help="timing rounds, the same for both sides (default 7)")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    try:
        import mahjong  # noqa: F401
    except ImportError:
        print(MISSING_PEER, file=sys.stderr)
        return 2
    result = run(args.seed, args.n, max(1, args.rounds), quiet=args.json)
    print(json.dumps(result) if args.json else format_table(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
