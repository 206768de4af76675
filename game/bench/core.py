"""Hand-analysis benchmark: our table lookups against the ``mahjong`` package on equal work, same hands, same timing.

Equal work means the same input and the same question on both sides:
- win: a 34-count list in; standard shape, seven distinct pairs or thirteen orphans out, which is
  what ``Agari.is_agari`` decides (ours: ``win_shapes(c) & AGARI_SHAPES``);
- waits: a 13-tile count list in; every kind that completes one of those shapes out (the peer:
  adding each of the 34 kinds and asking ``is_agari``; ours: ``waits_shapes(c, 0, AGARI_SHAPES)``);
- shanten: a count list in; the regular-shape shanten out (the peer's
  ``calculate_shanten_for_regular_hand``; ours: ``shanten(c)``).
The answers are compared hand by hand (``*_agree``). The ``*_keyed`` figures time what play uses:
per-suit keys that the engine keeps up to date, outside the timed loop, and the standard shape only
(win, waits); they are not equal work and are shown beside the headline, never instead of it.

Timing: the hands are cut into chunks; each round times every check on every chunk, ours and the
peer's one after the other (the order alternating), and a chunk's time is its best over the rounds.
The clock is this process's CPU time, so time the scheduler gives to other processes counts for
neither side (with wall time a busy machine would cut into the peer's longer chunks more often than
into ours). Both sides get the same rounds, chunks and clock.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from typing import Any

from game.rules import analysis as A
from game.rules import tables

TARGETS = {"win_ratio": 3.0, "waits_ratio": 10.0, "shanten_ratio": 5.0}
# a win check (seven pairs included) with 1-4 jokers costs at most this times none, on hands that go
# through the whole lookup path (complete ones); random hands are reported beside it
JOKER_TARGET = 1.1
MISSING_PEER = "bench core needs the dev dependency 'mahjong' (pip install mahjong)"
CHUNK = 250
_WALL = [t for t in range(34) for _ in range(4)]

Counts = list[int]


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


def make_hands(seed: int, n: int) -> tuple[list[Counts], list[Counts]]:
    """(14-tile hands: random / four sets and a pair / seven pairs; 13-tile: random / one away)."""
    rng = random.Random(seed)
    h14, h13 = [], []
    for i in range(n):
        kind = i % 3
        if kind == 0:
            h14.append(_counts(rng.sample(_WALL, 14)))
        elif kind == 1:
            h14.append(_standard(rng))
        else:
            h14.append(_seven_pairs(rng))
        if i % 2:
            h13.append(_counts(rng.sample(_WALL, 13)))
        else:
            c = _standard(rng) if rng.random() < 0.9 else _seven_pairs(rng)
            c[rng.choice([t for t in range(34) if c[t]])] -= 1
            h13.append(c)
    return h14, h13


def _less(hands: list[Counts], k: int, seed: int) -> list[Counts]:
    """Each hand with k random tiles taken out (they become jokers)."""
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
                tick: Callable[[], object] | None = None) -> dict[str, float]:
    """CPU seconds per loop over all its items: per chunk the best of ``rounds``, loops interleaved; ``tick`` is
    called after each round (a progress bar), outside the timings."""
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


def run(seed: int = 0, n: int = 20000, rounds: int = 7, quiet: bool = True) -> dict[str, Any]:
    """Time and cross-check both libraries on the same hands; raises ImportError without ``mahjong``. Unless
    ``quiet``, a progress bar counts the timing rounds on stderr (a terminal only)."""
    from mahjong.agari import Agari
    from mahjong.shanten import Shanten

    from ..progress import bar

    with bar(4 * rounds, "bench core", "round", quiet=quiet) as b:
        return _run(seed, n, rounds, lambda: b.update(1), Agari, Shanten)


def _run(seed: int, n: int, rounds: int, tick: Callable[[], object], Agari: Any, Shanten: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"seed": seed, "n": n, "rounds": rounds, "chunk": CHUNK, "clock": "process CPU time"}
    out.update(_measure_tables())
    h14, h13 = make_hands(seed, n)
    both = h14 + h13
    k14 = [tuple(A.keys_of(c)) for c in h14]
    k13 = [tuple(A.keys_of(c)) for c in h13]
    kboth = k14 + k13
    A.is_win_keys(0, 0, 0, 0)  # load the tables outside the timings

    is_agari = Agari.is_agari
    peer_shanten = Shanten.calculate_shanten_for_regular_hand
    win_shapes, waits_shapes, shanten = A.win_shapes, A.waits_shapes, A.shanten
    win_keys, sh_keys, waits_keys = A.is_win_keys, A.shanten_keys, A.waits_keys
    agari = A.AGARI_SHAPES
    pairs = A.STANDARD | A.SEVEN_PAIRS

    def win_ours(hs: list[Counts]) -> None:
        for c in hs:
            win_shapes(c) & agari

    def win_peer(hs: list[Counts]) -> None:
        for c in hs:
            is_agari(c)

    def win_keyed(ks: list[tuple[int, int, int, int]]) -> None:
        for k0, k1, k2, k3 in ks:
            win_keys(k0, k1, k2, k3)

    def waits_ours(hs: list[Counts]) -> None:
        for c in hs:
            waits_shapes(c, 0, agari)

    def waits_peer(hs: list[Counts]) -> None:
        for c in hs:
            for t in range(34):
                c[t] += 1
                is_agari(c)
                c[t] -= 1

    def waits_keyed(ks: list[tuple[int, int, int, int]]) -> None:
        for k in ks:
            waits_keys(k)

    def sh_ours(hs: list[Counts]) -> None:
        for c in hs:
            shanten(c)

    def sh_peer(hs: list[Counts]) -> None:
        for c in hs:
            peer_shanten(c)

    def sh_keyed(ks: list[tuple[int, int, int, int]]) -> None:
        for k0, k1, k2, k3 in ks:
            sh_keys(k0, k1, k2, k3)

    def joker_loop(j: int) -> Loop:
        def loop(hs: list[Counts]) -> None:
            for c in hs:
                win_shapes(c, j) & pairs
        return loop

    loops: dict[str, tuple[Loop, list[Any]]] = {
        "win": (win_ours, h14), "win_peer": (win_peer, h14), "win_keyed": (win_keyed, k14),
        "waits": (waits_ours, h13), "waits_peer": (waits_peer, h13), "waits_keyed": (waits_keyed, k13),
        "shanten": (sh_ours, both), "shanten_peer": (sh_peer, both), "shanten_keyed": (sh_keyed, kboth),
    }
    # the same 14-tile hands with 0-4 tiles turned into jokers: the win check (seven pairs included),
    # complete hands (standard and seven pairs, every check runs the whole path) and random ones apart
    complete = [c for i, c in enumerate(h14) if i % 3]
    for j in range(5):
        loops[f"jokers{j}"] = (joker_loop(j), _less(complete, j, seed + 1 + j) if j else complete)
        loops[f"jokers{j}_random"] = (joker_loop(j), _less(h14[0::3], j, seed + 11 + j) if j else h14[0::3])
    times = time_chunks(loops, rounds, tick)
    sizes = {"win": len(h14), "waits": len(h13), "shanten": len(both)}
    for name, secs in times.items():
        if not name.startswith("jokers"):
            out[f"{name}_per_s"] = round(sizes[name.split("_")[0]] / secs)
    for check in ("win", "waits", "shanten"):
        peer = times[f"{check}_peer"]
        out[f"{check}_ratio"] = round(peer / times[check], 2)
        out[f"{check}_ratio_keyed"] = round(peer / times[f"{check}_keyed"], 2)
    out["joker_cost"] = {str(j): round(times[f"jokers{j}"] / times["jokers0"], 3) for j in range(1, 5)}
    out["joker_cost_max"] = max(out["joker_cost"].values())
    out["joker_cost_random"] = {str(j): round(times[f"jokers{j}_random"] / times["jokers0_random"], 3)
                                for j in range(1, 5)}
    out.update(by_class(h14, rounds, tick))
    out.update(agreement(h14, h13, Agari, Shanten))
    return out


def by_class(h14: list[Counts], rounds: int, tick: Callable[[], object] | None = None) -> dict[str, Any]:
    """The win ratio on each third of the 14-tile hands (random / standard / seven pairs)."""
    from mahjong.agari import Agari

    is_agari, win_shapes, agari = Agari.is_agari, A.win_shapes, A.AGARI_SHAPES

    def ours(hs: list[Counts]) -> None:
        for c in hs:
            win_shapes(c) & agari

    def peer(hs: list[Counts]) -> None:
        for c in hs:
            is_agari(c)

    out = {}
    for k, name in enumerate(("random", "standard", "seven_pairs")):
        part = h14[k::3]
        t = time_chunks({"ours": (ours, part), "peer": (peer, part)}, rounds, tick)
        out[name] = round(t["peer"] / t["ours"], 2)
    return {"win_ratio_by_hand_kind": out}


def agreement(h14: list[Counts], h13: list[Counts], Agari: Any, Shanten: Any) -> dict[str, Any]:
    """Fractions of hands where we answer exactly as the peer (waits: kinds not held four times)."""
    win_ok = sum(bool(A.win_shapes(c) & A.AGARI_SHAPES) == Agari.is_agari(c) for c in h14)
    both = h14 + h13
    sh_ok = sum(A.shanten(c) == Shanten.calculate_shanten_for_regular_hand(c) for c in both)
    waits_ok = 0
    for c in h13:
        peer = []
        for t in range(34):
            if c[t] < 4:  # the peer's check has no meaning for a fifth copy
                c[t] += 1
                if Agari.is_agari(c):
                    peer.append(t)
                c[t] -= 1
        ours = [t for t in A.waits_shapes(c, 0, A.AGARI_SHAPES) if c[t] < 4]
        waits_ok += ours == peer
    return {
        "win_agree": round(win_ok / len(h14), 6),
        "shanten_agree": round(sh_ok / len(both), 6),
        "waits_agree": round(waits_ok / len(h13), 6),
    }


def format_table(r: dict[str, Any]) -> str:
    rows = [
        ("win check", "win", "standard + seven distinct pairs + 13 orphans, counts in"),
        ("waits (34 kinds)", "waits", "the same shapes, counts in"),
        ("shanten", "shanten", "regular shape, counts in"),
    ]
    lines = [(f"hand analysis vs mahjong on equal work: seed {r['seed']}, {r['n']} hands per set, "
              f"best of {r['rounds']} interleaved rounds per chunk of {r['chunk']} on process CPU time, "
              "both sides alike"),
             f"{'check':<18}{'ours/s':>12}{'peer/s':>12}{'ratio':>8}  {'target':<12}{'keyed ratio':>12}  what"]
    for label, key, what in rows:
        ratio, target = r[f"{key}_ratio"], TARGETS[f"{key}_ratio"]
        ok = f">= {target:g} {'ok' if ratio >= target else 'MISSED'}"
        lines.append(f"{label:<18}{r[key + '_per_s']:>12,}{r[key + '_peer_per_s']:>12,}{ratio:>8.2f}  {ok:<12}"
                     f"{r[key + '_ratio_keyed']:>12.2f}  {what}")
    lines.append("keyed: per-suit keys kept by the engine, computed outside the loop; win and waits standard "
                 "shape only (what play uses, not equal work)")
    k = r["win_ratio_by_hand_kind"]
    lines.append(f"win ratio by hand kind: random {k['random']:.2f}, standard {k['standard']:.2f}, "
                 f"seven pairs {k['seven_pairs']:.2f}")
    jc = r["joker_cost_max"]
    lines.append("win check (seven pairs included) with 1-4 jokers / none, complete hands: "
                 + ", ".join(f"{j}: {x:.2f}x" for j, x in r["joker_cost"].items())
                 + f"  (target <= {JOKER_TARGET:g} {'ok' if jc <= JOKER_TARGET else 'MISSED'})")
    lines.append("  random hands: " + ", ".join(f"{j}: {x:.2f}x" for j, x in r["joker_cost_random"].items())
                 + "  (more of them could still complete with jokers, so the first-suit stop ends fewer)")
    lines.append(f"tables: build {r['table_build_s']:.2f} s, load {r['table_load_s']:.3f} s, "
                 f"{r['table_mb']:.1f} MB in memory, file {r['table_file_kb']} kB ({r['table_source']})")
    lines.append(f"agreement with the peer: win {r['win_agree']:.4f}, shanten {r['shanten_agree']:.4f}, "
                 f"waits {r['waits_agree']:.4f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game bench core", description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--n", type=int, default=20000, help="hands per set (default 20000)")
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
