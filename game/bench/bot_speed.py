"""``python -m game bench bots --speed``: whole-game hands per second of a table of each level, side by side."""

from __future__ import annotations

# Issue 19 asks that four 高手 play at least 30 hands a second in every variant (``python -m game sim``).
# That figure moves with the machine: the same code ran four 熟手 at 108 hands/s on one day and 45 on
# another on the same 2-core box. So this bench plays the same walls with four of each level in the same
# process, in alternating batches (a slow minute hits both), and prints each level's hands/s beside
# the ratio to the reference level (the 熟手): the ratio is what code changes move, the hands/s what the
# machine gives today.
import math
import time

LEVELS = ("strong", "normal")
REFERENCE = "normal"
BATCH = 20  # hands per batch; the levels alternate batch by batch on the same walls
DEFAULT_HANDS = 100


def _batch(vid: str, opts: dict, level: str, seed: str, hands: int) -> tuple[float, int]:
    """(seconds, decisions) of ``hands`` hands with every seat played by ``level`` (bots built outside the clock)."""
    from ..bots import make_bot
    from ..bots.runner import play_match
    from ..rules.variants import get

    v = get(vid)
    n = v.players(opts)
    bots = [make_bot(level, seed=f"{seed}:{s}") for s in range(n)]
    t0 = time.perf_counter()
    stats = play_match(v, opts, seed, hands, bots, [level] * n)
    dt = time.perf_counter() - t0
    return dt, sum(s.decisions for s in stats.seats)


def run(variants: list[str], hands: int | None, seed: int, out=None, options: dict | None = None,
        levels: tuple[str, ...] = LEVELS, quiet: bool = True) -> dict:
    """Per variant and level: hands/s over ``hands`` hands (the same walls for every level) and the
    ratio to the reference level. Unless ``quiet``, a progress bar counts the hands on stderr (a terminal only)."""
    from ..progress import bar

    hands = hands or DEFAULT_HANDS
    with bar(hands * len(levels) * len(variants), "bench bots --speed", "hand", quiet=quiet) as shown:
        return _run(variants, hands, seed, out, options, levels, shown)


def _run(variants: list[str], hands: int, seed: int, out, options: dict | None, levels: tuple[str, ...],
         shown) -> dict:
    from ..rules.variants import get

    batches = max(1, math.ceil(hands / BATCH))
    result: dict = {"hands": hands, "seed": seed, "levels": list(levels),
                    "reference": REFERENCE, "what": "whole-game hands per second, every seat the same level"}
    for vid in variants:
        v = get(vid)
        opts = v.resolve_options(options or {})
        secs = {lv: 0.0 for lv in levels}
        decs = {lv: 0 for lv in levels}
        played = 0
        for b in range(batches):
            size = min(BATCH, hands - b * BATCH)
            for lv in (levels if b % 2 == 0 else tuple(reversed(levels))):
                dt, nd = _batch(vid, opts, lv, f"speed:{seed}:{vid}:{b}", size)
                secs[lv] += dt
                decs[lv] += nd
                shown.update(size)
            played += size
        entry: dict = {"hands": played}
        for lv in levels:
            entry[f"{lv}_hands_per_s"] = round(played / secs[lv], 2) if secs[lv] else 0.0
            entry[f"{lv}_ms_per_decision"] = round(1000 * secs[lv] / max(1, decs[lv]), 4)
        ref = entry.get(f"{REFERENCE}_hands_per_s")
        for lv in levels:
            if lv != REFERENCE and ref:
                entry[f"{lv}_over_{REFERENCE}"] = round(entry[f"{lv}_hands_per_s"] / ref, 3)
        result[vid] = entry
        if out:
            shown.clear()
            parts = [f"{lv} {entry[f'{lv}_hands_per_s']:.1f}" for lv in levels]
            ratios = [f"{lv}/{REFERENCE} {entry[f'{lv}_over_{REFERENCE}']:.3f}" for lv in levels
                      if f"{lv}_over_{REFERENCE}" in entry]
            print(f"{vid:>8} hands/s with four of a level: {', '.join(parts)}; {', '.join(ratios)} "
                  f"({played} hands each)", file=out, flush=True)
    return result
