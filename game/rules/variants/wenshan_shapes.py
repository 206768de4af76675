"""Wenshan hand shapes with wildcards: readings, 烂牌/七星, 幺牌, seven pairs with quadruples."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from .. import analysis, tiles

WHITE = tiles.WHITE
_HONOR_SUCC = {tiles.EAST: tiles.SOUTH, tiles.SOUTH: tiles.WEST, tiles.WEST: tiles.NORTH, tiles.NORTH: tiles.RED,
               tiles.RED: tiles.GREEN, tiles.GREEN: tiles.WHITE, tiles.WHITE: tiles.EAST}


def wildcard_of(indicator: int) -> int:
    """The 小鸡: the tile after the indicator (9→1 within a suit; 东南西北中发白 for honors)."""
    if indicator >= 27:
        return _HONOR_SUCC[indicator]
    return indicator - indicator % 9 + (indicator % 9 + 1) % 9


def readings(counts: list[int], wild: int, fixed_wild: int = 0) -> Iterator[tuple[list[int], int, bool]]:
    """Yield (counts, jokers, natural) readings of a concealed hand.

    The natural reading keeps every tile as itself (硬功 possible). The others
    free each wildcard (except ``fixed_wild`` copies that arrived as a claimed
    tile, which count as their face) and let k of the 白 stand for the wildcard's face.
    """
    yield counts, 0, True
    free = counts[wild] - fixed_wild
    base = list(counts)
    base[wild] -= free
    whites = counts[WHITE] if wild != WHITE else 0
    for k in range(whites + 1):
        if free == 0 and k == 0:
            continue  # same as the natural reading
        c = list(base)
        if k:
            c[WHITE] -= k
            c[wild] += k
        yield c, free, False


def standard(counts: list[int], jokers: int) -> bool:
    # a claimed wildcard taken as its face plus four 白 standing for that face make five of it
    return analysis.is_win(counts, jokers) if max(counts) <= 4 else analysis.is_win_any(counts, jokers)


def seven_pairs_quads(counts: list[int], jokers: int) -> int:
    """-1 if not seven pairs, else the most quadruples (0..3) the jokers can make."""
    if sum(counts) + jokers != 14:
        return -1
    odd = 0
    quads = 0
    pairs = 0
    for c in counts:
        if c == 0:
            continue
        if c & 1:
            odd += 1
        if c >= 3:
            quads += 1
        elif c:
            pairs += 1  # a pair (or a single made a pair) that two more jokers could lift to a quad
    if odd > jokers:
        return -1
    spare = (jokers - odd) // 2  # spare joker pairs
    up = min(spare, pairs)
    quads += up
    spare -= up
    quads += spare // 2  # four jokers alone make a quadruple
    return min(quads, 3)


@cache
def _soft_room(mask: int) -> int:
    """How many numbers can still join a suit set (bit n-1 = number n) keeping gaps >= 3; -1 if invalid."""
    nums = [n for n in range(1, 10) if mask >> (n - 1) & 1]
    for a in nums:
        for b in nums:
            if a < b < a + 3:
                return -1
    best = 0
    for x in range(1, 10):
        if not mask >> (x - 1) & 1 and all(abs(x - a) >= 3 for a in nums):
            best = max(best, 1 + _soft_room(mask | 1 << (x - 1)))
    return best


def _strict_room(mask: int) -> int:
    for group in (0b001001001, 0b010010010, 0b100100100):
        if mask & ~group == 0:
            return 3 - bin(mask).count("1")
    return -1


def lan(counts: list[int], jokers: int, soft: bool, seven_stars: bool = False) -> bool:
    """烂牌 (or 七星 when ``seven_stars``): 14 distinct tiles, 5-7 honors, spaced suit numbers."""
    if sum(counts) + jokers != 14:
        return False
    room = 0
    for g in range(3):
        mask = 0
        for r in range(9):
            c = counts[g * 9 + r]
            if c > 1:
                return False
            if c:
                mask |= 1 << r
        rm = _soft_room(mask) if soft else _strict_room(mask)
        if rm < 0:
            return False
        room += rm
    honors = 0
    for t in tiles.HONORS:
        if counts[t] > 1:
            return False
        honors += counts[t]
    need_h = 7 if seven_stars else 5
    to_honors = max(0, need_h - honors)
    if to_honors > jokers or to_honors > 7 - honors:
        return False
    rest = jokers - to_honors
    return rest <= room + (7 - honors - to_honors)


def yao(counts: list[int]) -> bool:
    """幺牌: every tile an honor or a 1/9 (jokers become such tiles)."""
    return all(counts[t] == 0 for t in range(27) if t % 9 not in (0, 8))


def one_suit(counts: list[int]) -> int:
    """The single suit of the non-joker tiles (0-2), -1 if none (empty), -2 if mixed or honors."""
    suit = -1
    for t in range(tiles.NUM_KINDS):
        if counts[t]:
            if t >= 27:
                return -2
            g = t // 9
            if suit == -1:
                suit = g
            elif suit != g:
                return -2
    return suit
