"""Every reading of a winning hand as sets plus a pair, or as seven pairs, for scoring (jokers as a count)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import product

from .analysis import is_win

# A block is (kind, tile, jokers): kind "pair" | "pung" | "chow"; tile is the first face
# (lowest tile of a chow) or None for a block made only of jokers, whose face the scorer chooses.
Block = tuple[str, int | None, int]
Reading = tuple[Block, ...]
PAIR, PUNG, CHOW = "pair", "pung", "chow"


def block_key(b: Block) -> tuple[int, str, int]:
    """Sort order of blocks: by face (joker-only last), then kind, then jokers."""
    return (99 if b[1] is None else b[1], b[0], b[2])


def readings(counts: Sequence[int], jokers: int = 0) -> list[Reading]:
    """Every distinct way to read tiles plus jokers as sets and one pair; [] if there is none.

    A joker-only set is offered both as ("pung", None, 3) and as ("chow", None, 3). Where a
    joker could replace a real tile of the same face in another block, both readings appear.
    """
    if (sum(counts) + jokers) % 3 != 2 or max(counts, default=0) > 4 or not is_win(counts, jokers):
        return []
    return sorted(_readings(tuple(counts), jokers, True), key=lambda r: [block_key(b) for b in r])


def _joker_only(jokers: int, pair: bool) -> list[Reading]:
    if pair:
        if jokers < 2:
            return []
        head: Reading = ((PAIR, None, 2),)
        jokers -= 2
    else:
        head = ()
    if jokers % 3:
        return []
    k = jokers // 3
    return [head + ((PUNG, None, 3),) * a + ((CHOW, None, 3),) * (k - a) for a in range(k + 1)]


@lru_cache(maxsize=65536)
def _readings(c: tuple[int, ...], jokers: int, pair: bool) -> frozenset[Reading]:
    """Readings of counts ``c`` plus ``jokers``; the lowest real tile opens the next block."""
    i = next((i for i, x in enumerate(c) if x), -1)
    if i < 0:
        return frozenset(tuple(sorted(r, key=block_key)) for r in _joker_only(jokers, pair))
    options: list[tuple[Block, dict[int, int]]] = []
    for real in range(1, min(c[i], 3) + 1):
        options.append(((PUNG, i, 3 - real), {i: real}))
    if pair:
        for real in range(1, min(c[i], 2) + 1):
            options.append(((PAIR, i, 2 - real), {i: real}))
    if i < 27:
        r = i % 9
        for start in range(max(r - 2, 0), min(r, 6) + 1):
            first = i - r + start
            above = [t for t in range(first, first + 3) if t > i]
            # each face above the opening tile is real (if held) or a joker
            for picks in product((False, True), repeat=len(above)):
                use = {i: 1}
                if any(p and not c[t] for t, p in zip(above, picks)):
                    continue
                for t, p in zip(above, picks):
                    if p:
                        use[t] = 1
                options.append(((CHOW, first, 3 - len(use)), use))
    out = set()
    for block, use in options:
        if block[2] > jokers:
            continue
        rest = list(c)
        for t, n in use.items():
            rest[t] -= n
        for sub in _readings(tuple(rest), jokers - block[2], pair and block[0] != PAIR):
            out.add(tuple(sorted(sub + (block,), key=block_key)))
    return frozenset(out)


def seven_pairs_readings(counts: Sequence[int], jokers: int = 0) -> list[tuple[int | None, ...]]:
    """Distinct multisets of seven pairs (a tile, or None for a joker-only pair); [] if none.

    Two equal pairs make a quadruple; a joker may pair with a tile whose other copy also pairs
    with a joker, so jokers can complete quadruples.
    """
    if sum(counts) + jokers != 14:
        return []
    held = [(t, n) for t, n in enumerate(counts) if n]
    if any(n > 4 for _, n in held):
        return []
    # pairs holding tile t: from ceil(n/2) (jokers only for an odd copy) up to n (a joker each)
    choices = [range((n + 1) // 2, n + 1) for _, n in held]
    out = set()
    for ks in product(*choices):
        used = sum(2 * k - n for k, (_, n) in zip(ks, held))
        if used > jokers or (jokers - used) % 2:
            continue
        pairs = [t for k, (t, _) in zip(ks, held) for _ in range(k)]
        out.add(tuple(pairs) + (None,) * ((jokers - used) // 2))
    return sorted(out, key=lambda p: [99 if t is None else t for t in p])
