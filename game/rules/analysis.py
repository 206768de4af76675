"""Fast hand analysis by table lookup: win checks, complete shapes, waits, shanten (jokers as a count)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any, cast

from . import tables as _tables
from .tables import (
    BIG_SHIFT,
    FAST_JOKERS,
    JOKER_SHIFT,
    ODD_SHIFT,
    ORPHAN_SHIFT,
    TILES_SHIFT,
)

POW5 = tuple(5**i for i in range(9))
_POW5_HONOR = POW5[:7]
_JOKER_SLOTS = 16  # standard-shape lookups precomputed for 0..15 jokers; more take the slow path
_STRIDE = 1024  # sum of four win values is below this
_W = _STRIDE - 1  # the win-value bits of a packed value
_LOW = (FAST_JOKERS << JOKER_SHIFT) - 1  # win-value and joker bits: the standard lookup's index
SEVEN_PAIRS_IMPOSSIBLE = 99

# Complete shapes (bits of win_shapes). A quadruple counts as two pairs in SEVEN_PAIRS, not in
# SEVEN_DISTINCT_PAIRS; THIRTEEN_ORPHANS is one of each terminal and honor plus one of them again.
STANDARD = 1
SEVEN_PAIRS = 2
SEVEN_DISTINCT_PAIRS = 4
THIRTEEN_ORPHANS = 8
# what the ``mahjong`` package's Agari.is_agari accepts: the shapes ``bench core`` compares on
AGARI_SHAPES = STANDARD | SEVEN_DISTINCT_PAIRS | THIRTEEN_ORPHANS
_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)

__all__ = [
    "AGARI_SHAPES",
    "POW5",
    "SEVEN_DISTINCT_PAIRS",
    "SEVEN_PAIRS",
    "SEVEN_PAIRS_IMPOSSIBLE",
    "STANDARD",
    "THIRTEEN_ORPHANS",
    "is_complete",
    "is_pungs_and_pair",
    "is_seven_pairs",
    "is_win",
    "is_win_any",
    "is_win_keys",
    "jokers_needed",
    "keys_of",
    "seven_pairs_jokers_needed",
    "shanten",
    "shanten_keys",
    "shanten_seven_pairs",
    "waits",
    "waits_keys",
    "waits_seven_pairs",
    "waits_shapes",
    "win_shapes",
]


def keys_of(counts: Sequence[int]) -> list[int]:
    """The four group keys (m, p, s, honors) of a 34-count list: sum of count[r] * 5**r per group."""
    c = counts
    return [
        c[0] + 5 * c[1] + 25 * c[2] + 125 * c[3] + 625 * c[4] + 3125 * c[5] + 15625 * c[6] + 78125 * c[7]
        + 390625 * c[8],
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

    def __getitem__(self, i: int) -> Any:
        _install()
        return globals()[self.name][i]


_PS = cast("list[int]", _Lazy("_PS"))  # packed value per suit key (tables.JOKER_SHIFT tells the fields)
_PH = cast("list[int]", _Lazy("_PH"))  # packed value per honor key
_MS = cast("bytes", _Lazy("_MS"))  # fewest jokers for any complete shape, per suit key (tables.least_*)
_MH = cast("bytes", _Lazy("_MH"))
_QS = cast("bytes", _Lazy("_QS"))  # 1 if the suit key holds some kind four times
_QH = cast("bytes", _Lazy("_QH"))
_NS = cast("bytes", _Lazy("_NS"))  # tiles per suit key
_NH = cast("bytes", _Lazy("_NH"))
_SS = cast("bytes", _Lazy("_SS"))  # distance-vector id per suit key
_SH = cast("bytes", _Lazy("_SH"))
_CS = cast("list[int]", _Lazy("_CS"))
_CH = cast("list[int]", _Lazy("_CH"))
_FIN = cast("list[tuple[int, ...]]", _Lazy("_FIN"))
_VS = 0  # suit vector count, set with the tables
_WIN = [_need(s) <= j and (j - _need(s)) % 3 == 0 for j in range(_JOKER_SLOTS) for s in range(_STRIDE)]
# what the pair-shape fields of a hand's packed sum (shifted down by ODD_SHIFT) allow; the joker
# offset below has turned "n + jokers == 14" into tiles field 14 and "odd kinds <= jokers" into odd
# field <= FAST_JOKERS - 1
_PAIRS = bytearray(1 << (30 - ODD_SHIFT))
for _odd in range(1 << (BIG_SHIFT - ODD_SHIFT)):
    for _big in range(1 << (ORPHAN_SHIFT - BIG_SHIFT)):
        for _orph in range(1 << (TILES_SHIFT - ORPHAN_SHIFT)):
            _i = (14 << (TILES_SHIFT - ODD_SHIFT)) + (_orph << (ORPHAN_SHIFT - ODD_SHIFT)) \
                + (_big << (BIG_SHIFT - ODD_SHIFT)) + _odd
            _PAIRS[_i] = (SEVEN_PAIRS * (_odd < FAST_JOKERS) + SEVEN_DISTINCT_PAIRS * (_odd < FAST_JOKERS and not _big)
                          + THIRTEEN_ORPHANS * (_orph <= 1))
_PT = bytes(_PAIRS)
del _PAIRS, _odd, _big, _orph, _i
# added to a hand's packed sum: the joker count into the joker and tiles fields, and
# FAST_JOKERS - 1 - jokers into the odd field
_JOFF = tuple((j << JOKER_SHIFT) + ((FAST_JOKERS - 1 - j) << ODD_SHIFT) + (j << TILES_SHIFT)
              for j in range(FAST_JOKERS))


def _install() -> None:
    global _PS, _PH, _MS, _MH, _QS, _QH, _NS, _NH, _SS, _SH, _CS, _CH, _FIN, _VS
    t = _tables.get()
    _MS, _MH, _QS, _QH = t.least_suit, t.least_honor, t.quad_suit, t.quad_honor
    _NS, _NH, _SS, _SH = t.tiles_suit, t.tiles_honor, t.sid_suit, t.sid_honor
    _CS, _CH, _FIN, _VS = t.comb_suit, t.comb_honor, t.final, t.n_suit_vec
    _PS, _PH = t.packed_suit, t.packed_honor  # last: these are what the lazy check keys on


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
    total = (_PS[k0] + _PS[k1] + _PS[k2] + _PH[k3]) & _W
    try:
        return _WIN[total + (jokers << 10)]
    except IndexError:
        return _win_slow(total, jokers)


# is_win and win_shapes write the four keys out: a call to keys_of would cost a fifth of the check

def is_win(counts: Sequence[int], jokers: int = 0) -> bool:
    """Standard shape from a 34-count list (counts <= 4) plus ``jokers`` wildcards."""
    c = counts
    ps = _PS
    total = (
        ps[c[0] + 5 * c[1] + 25 * c[2] + 125 * c[3] + 625 * c[4] + 3125 * c[5] + 15625 * c[6] + 78125 * c[7]
           + 390625 * c[8]]
        + ps[c[9] + 5 * c[10] + 25 * c[11] + 125 * c[12] + 625 * c[13] + 3125 * c[14] + 15625 * c[15]
             + 78125 * c[16] + 390625 * c[17]]
        + ps[c[18] + 5 * c[19] + 25 * c[20] + 125 * c[21] + 625 * c[22] + 3125 * c[23] + 15625 * c[24]
             + 78125 * c[25] + 390625 * c[26]]
        + _PH[c[27] + 5 * c[28] + 25 * c[29] + 125 * c[30] + 625 * c[31] + 3125 * c[32] + 15625 * c[33]]
    ) & _W
    try:
        return _WIN[total + (jokers << 10)]
    except IndexError:
        return _win_slow(total, jokers)


def is_win_any(counts: Sequence[int], jokers: int = 0) -> bool:
    """``is_win`` for a count list that may hold more than four of a kind (a reading in which stand-ins
    add to the real copies, as 白 standing for wenshan's wildcard face does): such a group is valued
    directly, the others from the tables."""
    total = 0
    for start, n, tab in ((0, 9, _PS), (9, 9, _PS), (18, 9, _PS), (27, 7, _PH)):
        d = tuple(counts[start:start + n])
        if max(d) > 4:
            total += _group_value(d, n == 9)
        else:
            total += tab[sum(x * q for x, q in zip(d, POW5))] & _W
    total &= _W
    try:
        return _WIN[total + (jokers << 10)]
    except IndexError:
        return _win_slow(total, jokers)


def _honor_part_least(npos: int) -> tuple[int, ...]:
    """Per key of ``npos`` honor kinds (5**npos keys), fewest jokers any complete shape needs for them.

    The same lower bound as tables.least_honor for a part of the honors (the winds, the dragons): the
    standard shape's need less the pair's one, the odd counts for seven pairs, the kinds not held for
    thirteen orphans. The parts' values add up to a lower bound for the honors.
    """
    need0 = (0, 2, 1, 0, 2)  # jokers to make sets of one honor kind held 0-4 times
    out = bytearray(5**npos)
    for key in range(5**npos):
        d = [key // 5**r % 5 for r in range(npos)]
        standard = max(sum(need0[x] for x in d) - 1, 0)
        pairs = sum(x & 1 for x in d)
        orphans = d.count(0) if max(d) <= 2 and d.count(2) <= 1 else 255
        out[key] = min(standard, pairs, orphans)
    return tuple(out)  # a tuple: indexing it is quicker than indexing bytes


_LW = _honor_part_least(4)  # the four winds (keys c[27] + 5 c[28] + 25 c[29] + 125 c[30])
_LD = _honor_part_least(3)  # the three dragons


def _nested(flat: Sequence[int], npos: int) -> Any:
    """``flat`` (indexed by a base-5 key of ``npos`` counts) as nested tuples: ``out[c0][c1]...`` is ``flat[key]``."""
    if npos == 1:
        return tuple(flat)
    return tuple(_nested(flat[r::5], npos - 1) for r in range(5))


# win_shapes reads the counts through these: a chain of tuple indexings costs less than a key's arithmetic
# (bench core: about a third less time on complete hands). The honors: each leaf holds the part's honor key
# (the dragons' already times 625) shifted left by 4 and its bound in the low 4 bits, so the sum of the two
# leaves is the honor key times 16 plus the two bounds (at most 4 + 3 < 16). A suit's key is
# _K0[c0][c1][c2] + _K3[c3][c4][c5] + _K6[c6][c7][c8]: three small tables (93 tuples) stay in the CPU cache
# where one of five levels and one of four (937 tuples) were pushed out by other work.
_LW4 = _nested([key << 4 | _LW[key] for key in range(625)], 4)
_LD3 = _nested([625 * key << 4 | _LD[key] for key in range(125)], 3)
# The early exits read the bounds alone: leaves of at most 4 are small ints that every part of Python shares,
# where the keyed leaves above are each an object of its own. On a random hand read cold (bench core) the
# bounds then cost about 20 ns less, and the honor key is read only by the hands that pass every bound.
_BW4 = _nested(_LW, 4)
_BD3 = _nested(_LD, 3)
_K0 = _nested(range(125), 3)
_K3 = _nested(range(0, 125 * 125, 125), 3)
_K6 = _nested(range(0, 125 * 15625, 15625), 3)


def win_shapes(counts: Sequence[int], jokers: int = 0) -> int:
    """Bits of the complete shapes (STANDARD, SEVEN_PAIRS, ...) of a 34-count list plus ``jokers``.

    One lookup per group and two on the sum, whatever the jokers; the counts are read through nested
    tuples (_LW4, _LD3, _K0, _K3, _K6) rather than summed into keys. Before that, lower bounds on the
    jokers any shape needs (they add up over parts of the hand) stop a hand that no shape can use:
    the dragons', then the winds' (an honor held once while another is missing ends most random
    hands there; _BD3, _BW4), then the first suit's (tables.least_suit). The pair shapes and thirteen orphans
    need the tiles plus jokers to be 14; the standard shape any 3k+2. Counts <= 4.
    """
    c = counts
    m: int = _BD3[c[31]][c[32]][c[33]]
    if m > jokers:  # a dragon held once and another not at all: three random hands in five end here
        return 0
    m += _BW4[c[27]][c[28]][c[29]][c[30]]
    if m > jokers:  # the same with the winds: nine random hands in ten have ended by here
        return 0
    x0, x3, x6 = _K0, _K3, _K6
    k0: int = x0[c[0]][c[1]][c[2]] + x3[c[3]][c[4]][c[5]] + x6[c[6]][c[7]][c[8]]
    if m + _MS[k0] > jokers:
        return 0
    ps = _PS
    t: int = (
        ps[k0]
        + ps[x0[c[9]][c[10]][c[11]] + x3[c[12]][c[13]][c[14]] + x6[c[15]][c[16]][c[17]]]
        + ps[x0[c[18]][c[19]][c[20]] + x3[c[21]][c[22]][c[23]] + x6[c[24]][c[25]][c[26]]]
        + _PH[(_LW4[c[27]][c[28]][c[29]][c[30]] + _LD3[c[31]][c[32]][c[33]]) >> 4]
    )
    try:
        t += _JOFF[jokers]
        return _WIN[t & _LOW] | _PT[t >> ODD_SHIFT]
    except IndexError:  # eight or more jokers, or more than 14 tiles
        return _shapes_slow(counts, jokers)


def is_complete(counts: Sequence[int], jokers: int = 0, shapes: int = STANDARD | SEVEN_PAIRS) -> bool:
    """Whether the tiles plus ``jokers`` make one of ``shapes`` (bits as in win_shapes)."""
    return bool(win_shapes(counts, jokers) & shapes)


def _is_orphans(counts: Sequence[int]) -> bool:
    """Only terminals and honors, each at most twice, at most one twice (jokers complete the rest)."""
    if any(counts[t] for t in range(34) if t not in _ORPHANS):
        return False
    held = [counts[t] for t in _ORPHANS]
    return max(held) <= 2 and held.count(2) <= 1


def _shapes_slow(counts: Sequence[int], jokers: int) -> int:
    """win_shapes computed check by check (any number of jokers and tiles)."""
    out = STANDARD if is_win(counts, jokers) else 0
    if sum(counts) + jokers == 14 and max(counts, default=0) <= 4:
        if seven_pairs_jokers_needed(counts) <= jokers:
            out |= SEVEN_PAIRS
        if seven_pairs_jokers_needed(counts, True) <= jokers:
            out |= SEVEN_DISTINCT_PAIRS
        if _is_orphans(counts):
            out |= THIRTEEN_ORPHANS
    return out


def jokers_needed(keys: Sequence[int]) -> int:
    """Fewest jokers that complete the standard shape (exact, no cap; a joker-only pair costs 2)."""
    k0, k1, k2, k3 = keys
    return _need((_PS[k0] + _PS[k1] + _PS[k2] + _PH[k3]) & _W)


# ---------------------------------------------------------------- waits

def _digits(key: int, npos: int) -> list[int]:
    return [key // POW5[r] % 5 for r in range(npos)]


def _fifth_value(key: int, r: int, g: int) -> int:
    """Win value of a group holding four of position ``r`` after a fifth copy is added."""
    d = _digits(key, 7 if g == 3 else 9)
    d[r] = 5
    return _group_value(tuple(d), g < 3)


def _probe_values(key: int, g: int) -> list[int]:
    """Win value of the group after adding each position's tile (the slow path for a fifth copy)."""
    npos = 7 if g == 3 else 9
    tab = _PH if g == 3 else _PS
    full = _QH[key] if g == 3 else _QS[key]
    out = []
    for r in range(npos):
        if full and key // POW5[r] % 5 == 4:
            out.append(_fifth_value(key, r, g))
        else:
            out.append(tab[key + POW5[r]] & _W)
    return out


def waits_keys(keys: Sequence[int], jokers: int = 0, kinds: Iterable[int] | None = None) -> list[int]:
    """Kinds completing the standard shape of a hand of 3k+1 tiles and jokers (keys as in keys_of).

    A kind is listed even when the hand holds all four copies (the table convention).
    """
    k0, k1, k2, k3 = keys
    vals = (_PS[k0] & _W, _PS[k1] & _W, _PS[k2] & _W, _PH[k3] & _W)
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
        if g < 3 and not _QS[k]:  # no fifth copy possible: every probe is one key change
            ps = _PS
            for p in POW5:
                if ok[base + (ps[k + p] & _W)]:
                    hits.append(t)
                t += 1
        elif g == 3 and not _QH[k]:
            ph = _PH
            for p in _POW5_HONOR:
                if ok[base + (ph[k + p] & _W)]:
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


def waits_shapes(counts: Sequence[int], jokers: int = 0, shapes: int = STANDARD | SEVEN_PAIRS) -> list[int]:
    """Kinds that can be drawn (not held four times) whose one more tile makes the hand one of ``shapes``.

    Unlike ``waits`` (the table convention), a fifth copy never counts, for any shape: these are the
    tiles a player can still wait on (``waits`` filtered to kinds held fewer than four times, for the
    standard shape). A hand with a group that no shape can use
    even with one more tile stops at once; otherwise each probe is one lookup in the group that
    receives the tile, groups that cannot complete the standard shape are skipped whole, and the
    pair shapes probe only the kinds that can complete them.
    """
    if jokers >= FAST_JOKERS:
        return _waits_shapes_slow(counts, jokers, shapes)
    c = counts
    k0 = c[0] + 5 * c[1] + 25 * c[2] + 125 * c[3] + 625 * c[4] + 3125 * c[5] + 15625 * c[6] + 78125 * c[7] \
        + 390625 * c[8]
    j1 = jokers + 1
    ms = _MS
    if ms[k0] > j1:
        return []
    k1 = c[9] + 5 * c[10] + 25 * c[11] + 125 * c[12] + 625 * c[13] + 3125 * c[14] + 15625 * c[15] \
        + 78125 * c[16] + 390625 * c[17]
    if ms[k1] > j1:
        return []
    k2 = c[18] + 5 * c[19] + 25 * c[20] + 125 * c[21] + 625 * c[22] + 3125 * c[23] + 15625 * c[24] \
        + 78125 * c[25] + 390625 * c[26]
    if ms[k2] > j1:
        return []
    k3 = c[27] + 5 * c[28] + 25 * c[29] + 125 * c[30] + 625 * c[31] + 3125 * c[32] + 15625 * c[33]
    if _MH[k3] > j1:
        return []
    keys = (k0, k1, k2, k3)
    ps = _PS
    vals = (ps[k0], ps[k1], ps[k2], _PH[k3])
    total = vals[0] + vals[1] + vals[2] + vals[3] + _JOFF[jokers]
    w = total & _W
    hits = []
    if shapes & STANDARD and _need(w) <= j1:
        win = _WIN
        for g in range(4):
            k, v = keys[g], vals[g] & _W
            # the group receiving the tile: its own sets-only need drops by one at most
            if ((w - v) >> 3) + max((v >> 3) - 1, 0) - 1 > jokers:
                continue
            base = (total - vals[g]) & _LOW
            t = 9 * g
            if g < 3:
                tab, pows, full = ps, POW5, _QS[k]
            else:
                tab, pows, full = _PH, _POW5_HONOR, _QH[k]
            if full:  # a kind held four times cannot be drawn again
                for q in pows:
                    if k // q % 5 != 4 and win[base + (tab[k + q] & _W)]:
                        hits.append(t)
                    t += 1
            else:
                for q in pows:
                    if win[base + (tab[k + q] & _W)]:
                        hits.append(t)
                    t += 1
    pairs = shapes & ~STANDARD
    if pairs and total >> TILES_SHIFT == 13:
        # odd field: odd kinds + FAST_JOKERS - 1 - jokers; one more tile changes the odd kinds by one
        odd = (total >> ODD_SHIFT & 31) - (FAST_JOKERS - 1 - jokers)
        cands: Iterable[int] = ()
        if pairs & (SEVEN_PAIRS | SEVEN_DISTINCT_PAIRS) and odd <= j1:
            # a spare joker pairs with anything; otherwise the tile must pair an odd kind
            cands = range(34) if odd < jokers else [t for t in range(34) if counts[t] & 1]
        if pairs & THIRTEEN_ORPHANS and (total >> ORPHAN_SHIFT & 15) <= 1:
            cands = sorted(set(cands).union(_ORPHANS))
        found = set(hits)
        for t in cands:
            if counts[t] >= 4 or t in found:
                continue
            g, q = t // 9, POW5[t % 9]
            x = total - vals[g] + (_PH[k3 + q] if g == 3 else ps[keys[g] + q])
            if _PT[x >> ODD_SHIFT] & pairs:
                found.add(t)
        if len(found) > len(hits):
            return sorted(found)
    return hits


def _waits_shapes_slow(counts: Sequence[int], jokers: int, shapes: int) -> list[int]:
    out = {t for t in waits(counts, jokers) if counts[t] < 4} if shapes & STANDARD else set()
    pairs = shapes & ~STANDARD
    if pairs:
        c = list(counts)
        for t in range(34):
            if c[t] < 4:
                c[t] += 1
                if _shapes_slow(c, jokers) & pairs:
                    out.add(t)
                c[t] -= 1
    return sorted(out)


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
    k = keys_of(counts)
    return shanten_keys(k[0], k[1], k[2], k[3], jokers)
