"""Fast hand analysis by table lookup: win checks, jokers needed, waits, shanten (jokers as a count)."""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Sequence

from . import tables as _tables

POW5 = tuple(5**i for i in range(9))
_POW5_HONOR = POW5[:7]
_JOKER_SLOTS = 16  # win lookups precomputed for 0..15 jokers; more take the slow path
_STRIDE = 1024  # sum of four win values is below this
SEVEN_PAIRS_IMPOSSIBLE = 99

__all__ = [
    "POW5", "keys_of", "is_win", "is_win_keys", "jokers_needed", "waits", "waits_keys",
    "waits_seven_pairs", "seven_pairs_jokers_needed", "is_seven_pairs", "shanten", "shanten_keys",
    "shanten_seven_pairs", "SEVEN_PAIRS_IMPOSSIBLE",
]


def keys_of(counts: Sequence[int]) -> list[int]:
    """The four group keys (m, p, s, honors) of a 34-count list: sum of count[r] * 5**r per group."""
    c = counts
    return [
        c[0] + 5 * c[1] + 25 * c[2] + 125 * c[3] + 625 * c[4] + 3125 * c[5] + 15625 * c[6] + 78125 * c[7] + 390625 * c[8],
        c[9] + 5 * c[10] + 25 * c[11] + 125 * c[12] + 625 * c[13] + 3125 * c[14] + 15625 * c[15] + 78125 * c[16]
        + 390625 * c[17],
        c[18] + 5 * c[19] + 25 * c[20] + 125 * c[21] + 625 * c[22] + 3125 * c[23] + 15625 * c[24] + 78125 * c[25]
        + 390625 * c[26],
        c[27] + 5 * c[28] + 25 * c[29] + 125 * c[30] + 625 * c[31] + 3125 * c[32] + 15625 * c[33],
    ]


def _need(total: int) -> int:
    """Jokers needed from the sum of four win values (need0 * 8 + flag each)."""
    return (total >> 3) + (-1 if total & 7 else 2)


# The module globals below are placeholders until the first lookup installs the real tables, so the
# hot functions pay nothing for lazy loading.
class _Lazy:
    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __getitem__(self, i):
        _install()
        return globals()[self.name][i]


_WS = _Lazy("_WS")  # win value per suit key
_WH = _Lazy("_WH")  # win value per honor key
_NS = _Lazy("_NS")  # tiles per suit key
_NH = _Lazy("_NH")
_SS = _Lazy("_SS")  # distance-vector id per suit key
_SH = _Lazy("_SH")
_CS = _Lazy("_CS")
_CH = _Lazy("_CH")
_FIN = _Lazy("_FIN")
_VS = 0  # suit vector count, set with the tables
_WIN = [_need(s) <= j and (j - _need(s)) % 3 == 0 for j in range(_JOKER_SLOTS) for s in range(_STRIDE)]


def _install() -> None:
    global _WS, _WH, _NS, _NH, _SS, _SH, _CS, _CH, _FIN, _VS
    t = _tables.get()
    _NS, _NH, _SS, _SH = t.tiles_suit, t.tiles_honor, t.sid_suit, t.sid_honor
    _CS, _CH, _FIN, _VS = t.comb_suit, t.comb_honor, t.final, t.n_suit_vec
    _WS, _WH = t.win_suit, t.win_honor  # last: these are what the lazy check keys on


def _group_value(counts: tuple[int, ...], chows: bool) -> int:
    """Win value (need0 * 8 + flag) of one group given as counts; any counts, a fifth copy included."""
    need0 = _group_need(counts, False, chows)
    return need0 * 8 + (_group_need(counts, True, chows) == need0 - 1)


@lru_cache(maxsize=4096)
def _group_need(c: tuple[int, ...], pair: bool, chows: bool) -> int:
    """Fewest jokers to make the group sets (plus one pair if ``pair``); the lowest tile opens a block."""
    i = next((i for i, x in enumerate(c) if x), -1)
    if i < 0:
        return 2 if pair else 0
    best = 99
    lst = list(c)
    x = lst[i]
    options = [(3, False), (2, True)] if pair else [(3, False)]
    for size, is_pair in options:
        used = min(x, size)
        lst[i] = x - used
        best = min(best, size - used + _group_need(tuple(lst), pair and not is_pair, chows))
        lst[i] = x
    if chows:
        for start in (i - 2, i - 1, i):
            if start < 0 or start + 2 >= len(c):
                continue
            cost = 0
            for r in range(start, start + 3):
                if lst[r]:
                    lst[r] -= 1
                else:
                    cost += 1
            best = min(best, cost + _group_need(tuple(lst), pair, chows))
            lst = list(c)
    return best


def _win_slow(total: int, jokers: int) -> bool:
    """The win lookup computed directly: any jokers count; the leftover must be whole joker sets."""
    need = _need(total)
    return need <= jokers and (jokers - need) % 3 == 0


def is_win_keys(k0: int, k1: int, k2: int, k3: int, jokers: int = 0) -> bool:
    """Standard shape (sets plus one pair) from the four group keys plus ``jokers`` wildcards."""
    try:
        return _WIN[_WS[k0] + _WS[k1] + _WS[k2] + _WH[k3] + (jokers << 10)]
    except IndexError:
        return _win_slow(_WS[k0] + _WS[k1] + _WS[k2] + _WH[k3], jokers)


def is_win(counts: Sequence[int], jokers: int = 0) -> bool:
    """Standard shape from a 34-count list (counts <= 4) plus ``jokers`` wildcards."""
    c = counts
    ws = _WS
    total = (
        ws[c[0] + 5 * c[1] + 25 * c[2] + 125 * c[3] + 625 * c[4] + 3125 * c[5] + 15625 * c[6] + 78125 * c[7]
           + 390625 * c[8]]
        + ws[c[9] + 5 * c[10] + 25 * c[11] + 125 * c[12] + 625 * c[13] + 3125 * c[14] + 15625 * c[15]
             + 78125 * c[16] + 390625 * c[17]]
        + ws[c[18] + 5 * c[19] + 25 * c[20] + 125 * c[21] + 625 * c[22] + 3125 * c[23] + 15625 * c[24]
             + 78125 * c[25] + 390625 * c[26]]
        + _WH[c[27] + 5 * c[28] + 25 * c[29] + 125 * c[30] + 625 * c[31] + 3125 * c[32] + 15625 * c[33]]
    )
    try:
        return _WIN[total + (jokers << 10)]
    except IndexError:
        return _win_slow(total, jokers)


def jokers_needed(keys: Sequence[int]) -> int:
    """Fewest jokers that complete the standard shape (exact, no cap; a joker-only pair costs 2)."""
    k0, k1, k2, k3 = keys
    return _need(_WS[k0] + _WS[k1] + _WS[k2] + _WH[k3])


# ---------------------------------------------------------------- waits

def _digits(key: int, npos: int) -> list[int]:
    return [key // POW5[r] % 5 for r in range(npos)]


def _probe_values(key: int, g: int) -> list[int]:
    """Win value of the group after adding each position's tile (the slow path for a fifth copy)."""
    npos = 7 if g == 3 else 9
    tab = _WH if g == 3 else _WS
    full = _NH[key] >= 4 if g == 3 else _NS[key] >= 4
    out = []
    digits = _digits(key, npos) if full else None
    for r in range(npos):
        if full and digits[r] == 4:
            d = list(digits)
            d[r] = 5
            out.append(_group_value(tuple(d), g < 3))
        else:
            out.append(tab[key + POW5[r]])
    return out


def waits_keys(keys: Sequence[int], jokers: int = 0, kinds: Iterable[int] | None = None) -> list[int]:
    """Kinds completing the standard shape of a hand of 3k+1 tiles and jokers (keys as in keys_of).

    A kind is listed even when the hand holds all four copies (the table convention).
    """
    k0, k1, k2, k3 = keys
    vals = (_WS[k0], _WS[k1], _WS[k2], _WH[k3])
    total = vals[0] + vals[1] + vals[2] + vals[3]
    # one more tile lowers the jokers needed by at most one (a joker could have stood in for it)
    if _need(total) > jokers + 1:
        return []
    if jokers >= _JOKER_SLOTS:
        ok, off = [_win_slow(s, jokers) for s in range(_STRIDE)], 0
    else:
        ok, off = _WIN, jokers << 10
    hits = []
    for g in range(4):
        v = vals[g]
        rest = total - v
        # the same bound for the group receiving the tile: its own sets-only need drops by one at most
        if (rest >> 3) + max((v >> 3) - 1, 0) - 1 > jokers:
            continue
        k = keys[g]
        base = rest + off
        t = 9 * g
        if g < 3 and _NS[k] < 4:  # no fifth copy possible: every probe is one key change
            ws = _WS
            for p in POW5:
                if ok[base + ws[k + p]]:
                    hits.append(t)
                t += 1
        elif g == 3 and _NH[k] < 4:
            wh = _WH
            for p in _POW5_HONOR:
                if ok[base + wh[k + p]]:
                    hits.append(t)
                t += 1
        else:
            for x in _probe_values(k, g):
                if ok[base + x]:
                    hits.append(t)
                t += 1
    if kinds is not None:
        wanted = set(kinds)
        return [t for t in hits if t in wanted]
    return hits


def waits(counts: Sequence[int], jokers: int = 0, kinds: Iterable[int] | None = None) -> list[int]:
    """Tile kinds completing the standard shape of a 3k+1 hand given as a 34-count list."""
    return waits_keys(keys_of(counts), jokers, kinds)


# ---------------------------------------------------------------- seven pairs

def seven_pairs_jokers_needed(counts: Sequence[int], distinct: bool = False) -> int:
    """Fewest jokers making the tiles seven pairs (a quadruple is two pairs unless ``distinct``).

    SEVEN_PAIRS_IMPOSSIBLE when no number of jokers does (too many tiles, or a triple with distinct).
    """
    odd = 0
    n = 0
    for c in counts:
        if c:
            n += c
            odd += c & 1
            if distinct and c > 2:
                return SEVEN_PAIRS_IMPOSSIBLE
    if n + odd > 14:
        return SEVEN_PAIRS_IMPOSSIBLE
    return odd


def is_pungs_and_pair(counts: Sequence[int]) -> bool:
    """Natural tiles (no jokers) that are only pungs and exactly one pair (the concealed part of a 大对子)."""
    pairs = 0
    for c in counts:
        if c == 2:
            pairs += 1
        elif c not in (0, 3):
            return False
    return pairs == 1


def is_seven_pairs(counts: Sequence[int], jokers: int = 0, distinct: bool = False) -> bool:
    """Fourteen concealed tiles (jokers included) as seven pairs; ``distinct`` forbids two equal pairs."""
    if sum(counts) + jokers != 14:
        return False
    return seven_pairs_jokers_needed(counts, distinct) <= jokers


def waits_seven_pairs(counts: Sequence[int], jokers: int = 0) -> list[int]:
    """Tile kinds completing seven pairs (quadruples allowed) for 13 tiles including jokers."""
    if sum(counts) + jokers != 13:
        return []
    odd = sum(c & 1 for c in counts)
    if odd + 1 <= jokers:
        return list(range(34))  # a spare joker pairs with whatever arrives
    if odd - 1 <= jokers:
        return [t for t, c in enumerate(counts) if c & 1]
    return []


def shanten_seven_pairs(counts: Sequence[int], jokers: int = 0) -> int:
    """Seven-pairs shanten (quadruples are two pairs) for 13 or 14 tiles including jokers."""
    n = sum(counts)
    if n + jokers < 13:
        return SEVEN_PAIRS_IMPOSSIBLE
    pairs = sum(c >> 1 for c in counts)
    singles = sum(c & 1 for c in counts)
    used = min(jokers, singles)
    pairs += used + (jokers - used) // 2
    return 6 - min(pairs, 7)


# ---------------------------------------------------------------- shanten

def shanten_keys(k0: int, k1: int, k2: int, k3: int, jokers: int = 0) -> int:
    """Regular-shape shanten (-1 complete, 0 ready) from the four group keys.

    Sets wanted: (tiles + jokers) // 3, plus a pair; at most 14 tiles with jokers. The distance
    is tomohxx's: the fewest real tiles to draw, no kind above 4 copies (so, unlike ``waits``,
    a fifth copy is never drawn), and each joker fills one missing tile. A joker may also stand
    for a fifth copy of a tile held four times: that is credited exactly for -1 and, on 3k+1
    hands, for 0; other values of such hands can be too high (by one wherever we measured).
    """
    n = _NS[k0] + _NS[k1] + _NS[k2] + _NH[k3] + jokers
    if n > 14:
        raise ValueError(f"shanten needs at most 14 tiles with jokers, got {n}")
    s = _FIN[_CH[_CS[_SS[k0] * _VS + _SS[k1]] + _SS[k2]] + _SH[k3]][n // 3] - jokers - 1
    if jokers and s >= 0:
        if n % 3 == 2:
            if is_win_keys(k0, k1, k2, k3, jokers):
                return -1
        elif n % 3 == 1 and s >= 1:
            keys = (k0, k1, k2, k3)
            # ready if a drawable tile (not a fifth real copy) completes the hand
            if any(keys[t // 9] // POW5[t % 9] % 5 < 4 for t in waits_keys(keys, jokers)):
                return 0
    return s


def shanten(counts: Sequence[int], jokers: int = 0) -> int:
    """Regular-shape shanten from a 34-count list (see shanten_keys)."""
    return shanten_keys(*keys_of(counts), jokers)
