"""Hand-analysis benchmark: our table lookups against the ``mahjong`` package on the same seeded hands."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import tracemalloc

from game.rules import analysis as A
from game.rules import tables

TARGETS = {"win_ratio": 3.0, "shanten_ratio": 3.0, "waits_ratio": 5.0}
MISSING_PEER = "bench core needs the dev dependency 'mahjong' (pip install mahjong)"
_WALL = [t for t in range(34) for _ in range(4)]


def _counts(tiles) -> list[int]:
    c = [0] * 34
    for t in tiles:
        c[t] += 1
    return c


def _standard(rng: random.Random) -> list[int]:
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


def _seven_pairs(rng: random.Random) -> list[int]:
    kinds = rng.sample(range(34), 7)
    if rng.random() < 0.2:
        kinds[6] = kinds[0]  # a quadruple: two equal pairs
    c = [0] * 34
    for t in kinds:
        c[t] += 2
    return c


def make_hands(seed: int, n: int) -> tuple[list[list[int]], list[list[int]]]:
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


def _best(fn, reps: int) -> float:
    best = float("inf")
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def _measure_tables() -> dict:
    t0 = time.perf_counter()
    tables.build()
    build_s = time.perf_counter() - t0
    try:
        data = tables.read_resource()
        source = "file"
    except (OSError, ImportError):
        data, source = None, "built (no table file)"
    load_s = _best(lambda: tables.load(data), 5) if data is not None else build_s
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


def run(seed: int = 0, n: int = 20000, reps: int = 5) -> dict:
    """Time and cross-check both libraries on the same hands; raises ImportError without ``mahjong``."""
    from mahjong.agari import Agari
    from mahjong.shanten import Shanten

    out = {"seed": seed, "n": n}
    out.update(_measure_tables())
    h14, h13 = make_hands(seed, n)
    k14 = [tuple(A.keys_of(c)) for c in h14]
    k13 = [tuple(A.keys_of(c)) for c in h13]
    # the 4-joker hands: the 14-tile hands less four tiles
    rng = random.Random(seed + 1)
    k10 = []
    for c in h14:
        tiles = [t for t in range(34) for _ in range(c[t])]
        k10.append(tuple(A.keys_of(_counts(rng.sample(tiles, 10)))))
    A.is_win_keys(0, 0, 0, 0)  # load the tables outside the timings

    is_agari = Agari.is_agari
    peer_shanten = Shanten.calculate_shanten_for_regular_hand
    peer_full = Shanten.calculate_shanten
    win_keys, win, sh_keys, sh, waits_keys = A.is_win_keys, A.is_win, A.shanten_keys, A.shanten, A.waits_keys

    def t_win_keys():
        for k0, k1, k2, k3 in k14:
            win_keys(k0, k1, k2, k3)

    def t_win_keys_j4():
        for k0, k1, k2, k3 in k10:
            win_keys(k0, k1, k2, k3, 4)

    def t_win_counts():
        for c in h14:
            win(c)

    def t_win_peer():
        for c in h14:
            is_agari(c)

    both = h14 + h13
    kboth = k14 + k13

    def t_sh_keys():
        for k0, k1, k2, k3 in kboth:
            sh_keys(k0, k1, k2, k3)

    def t_sh_counts():
        for c in both:
            sh(c)

    def t_sh_peer():
        for c in both:
            peer_shanten(c)

    def t_sh_peer_full():  # what a peer user calls by default: also seven pairs and 13 orphans
        for c in both:
            peer_full(c)

    def t_waits():
        for k in k13:
            waits_keys(k)

    def t_waits_peer():
        for c in h13:
            for t in range(34):
                c[t] += 1
                is_agari(c)
                c[t] -= 1

    # our loops take milliseconds: more repetitions make their best time steadier
    times = {name: _best(fn, reps if "peer" in name else 3 * reps) for name, fn in [
        ("win_keys", t_win_keys), ("win_keys_j4", t_win_keys_j4), ("win_counts", t_win_counts),
        ("win_peer", t_win_peer), ("shanten_keys", t_sh_keys), ("shanten_counts", t_sh_counts),
        ("shanten_peer", t_sh_peer), ("shanten_peer_full", t_sh_peer_full), ("waits", t_waits), ("waits_peer", t_waits_peer)]}
    sizes = {"win": len(h14), "shanten": len(both), "waits": len(h13)}
    for name, secs in times.items():
        out[f"{name}_per_s"] = round(sizes[name.split("_")[0]] / secs)
    out["win_ratio"] = round(times["win_peer"] / times["win_keys"], 2)
    out["win_counts_ratio"] = round(times["win_peer"] / times["win_counts"], 2)
    out["shanten_ratio"] = round(times["shanten_peer"] / times["shanten_keys"], 2)
    out["shanten_counts_ratio"] = round(times["shanten_peer"] / times["shanten_counts"], 2)
    out["shanten_full_ratio"] = round(times["shanten_peer_full"] / times["shanten_keys"], 2)
    out["waits_ratio"] = round(times["waits_peer"] / times["waits"], 2)
    out["joker4_slowdown"] = round(times["win_keys_j4"] / times["win_keys"], 3)
    out.update(agreement(h14, h13, Agari, Shanten))
    return out


def _kokushi(c, Shanten) -> bool:
    return sum(c) == 14 and Shanten.calculate_shanten_for_kokushi_hand(c) == -1


def agreement(h14, h13, Agari, Shanten) -> dict:
    """Fractions of hands where we answer as the peer (seven distinct pairs count, 13 orphans left out)."""
    win_n = win_ok = 0
    for c in h14:
        if _kokushi(c, Shanten):
            continue
        win_n += 1
        ours = A.is_win(c) or A.is_seven_pairs(c, distinct=True)
        win_ok += ours == Agari.is_agari(c)
    both = h14 + h13
    sh_ok = sum(A.shanten(c) == Shanten.calculate_shanten_for_regular_hand(c) for c in both)
    # waits (standard or seven distinct pairs) against the peer's 34 probes: no fifth copies,
    # no thirteen orphans
    waits_ok = 0
    for c in h13:
        peer, ours = [], set(A.waits(c))
        for t in range(34):
            if c[t] < 4:
                c[t] += 1
                if Agari.is_agari(c) and not _kokushi(c, Shanten):
                    peer.append(t)
                if A.is_seven_pairs(c, distinct=True):
                    ours.add(t)
                c[t] -= 1
        waits_ok += sorted(t for t in ours if c[t] < 4) == peer
    return {
        "win_agree": round(win_ok / win_n, 6),
        "shanten_agree": round(sh_ok / len(both), 6),
        "waits_agree": round(waits_ok / len(h13), 6),
    }


def format_table(r: dict) -> str:
    rows = [
        ("win check (keys)", "win_keys", "win_ratio", TARGETS["win_ratio"]),
        ("win check (counts)", "win_counts", "win_counts_ratio", None),
        ("waits (34 kinds)", "waits", "waits_ratio", TARGETS["waits_ratio"]),
        ("shanten (keys)", "shanten_keys", "shanten_ratio", TARGETS["shanten_ratio"]),
        ("shanten (counts)", "shanten_counts", "shanten_counts_ratio", None),
    ]
    peer_of = {"win": "win_peer", "waits": "waits_peer", "shanten": "shanten_peer"}
    lines = [f"hand analysis vs mahjong: seed {r['seed']}, {r['n']} hands per set",
             f"{'check':<20}{'ours/s':>12}{'peer/s':>12}{'ratio':>8}  target"]
    for label, key, ratio, target in rows:
        peer = r[peer_of[key.split('_')[0]] + "_per_s"]
        ok = "" if target is None else f">= {target:g} {'ok' if r[ratio] >= target else 'MISSED'}"
        lines.append(f"{label:<20}{r[key + '_per_s']:>12,}{peer:>12,}{r[ratio]:>8.2f}  {ok}")
    j4 = r["joker4_slowdown"]
    lines.append(f"4-joker check / 0-joker check: {j4:.2f}x  (target <= 1.5 {'ok' if j4 <= 1.5 else 'MISSED'})")
    lines.append(f"tables: build {r['table_build_s']:.2f} s, load {r['table_load_s']:.3f} s, "
                 f"{r['table_mb']:.1f} MB in memory, file {r['table_file_kb']} kB ({r['table_source']})")
    lines.append(f"agreement with the peer: win {r['win_agree']:.4f}, shanten {r['shanten_agree']:.4f}, "
                 f"waits {r['waits_agree']:.4f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game bench core", description=__doc__)
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--n", type=int, default=20000, help="hands per set (default 20000)")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    try:
        import mahjong  # noqa: F401
    except ImportError:
        print(MISSING_PEER, file=sys.stderr)
        return 2
    result = run(args.seed, args.n)
    print(json.dumps(result) if args.json else format_table(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
