"""Specification of the fast hand analysis: win checks, jokers needed, waits, seven pairs, shanten."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.rules import analysis
from game.rules.tiles import parse
from tests.helpers.hands import hand, wall_hands

SLOW_OK = [HealthCheck.too_slow, HealthCheck.large_base_example, HealthCheck.data_too_large]
FAST = settings(max_examples=300, deadline=None, suppress_health_check=SLOW_OK)


def plus(c: list[int], *tiles: int) -> list[int]:
    c = list(c)
    for t in tiles:
        c[t] += 1
    return c


# ------------------------------------------------------------ brute force references

@cache
def _slow(c: tuple, jokers: int, pair: bool) -> bool:
    """Sets plus (if ``pair``) one pair: the lowest real tile is in some block, jokers fill the rest."""
    i = next((i for i, x in enumerate(c) if x), -1)
    if i < 0:
        return jokers >= 2 and (jokers - 2) % 3 == 0 if pair else jokers % 3 == 0
    blocks = [([i] * k, 3 - k) for k in range(1, min(c[i], 3) + 1)]
    if pair:
        blocks += [([i] * k, 2 - k, "pair") for k in range(1, min(c[i], 2) + 1)]
    if i < 27:
        r = i % 9
        for start in range(max(r - 2, 0), min(r, 6) + 1):
            faces = [i - r + start + d for d in range(3)]
            above = [f for f in faces if f > i]
            for mask in range(1 << len(above)):
                real = [i] + [f for b, f in enumerate(above) if mask >> b & 1]
                blocks.append((real, 3 - len(real)))
    for block in blocks:
        real, used = block[0], block[1]
        rest = list(c)
        for t in real:
            rest[t] -= 1
        if used <= jokers and min(rest) >= 0 and _slow(tuple(rest), jokers - used, pair and len(block) == 2):
            return True
    return False


def slow_win(c, jokers=0) -> bool:
    return _slow(tuple(c), jokers, True)


def slow_waits(c, jokers=0) -> list[int]:
    return [t for t in range(34) if slow_win(plus(c, t), jokers)]


@st.composite
def near_wins(draw, tiles: int):
    """A winning 14-tile shape (sets and a pair) with some tiles dropped: wins and waits are common."""
    c = [0] * 34
    blocks = 0
    while blocks < 5:
        if blocks == 4:
            t = draw(st.integers(0, 33))
            block = [t, t]
        elif draw(st.booleans()):
            t = draw(st.integers(0, 33))
            block = [t] * 3
        else:
            t = draw(st.integers(0, 2)) * 9 + draw(st.integers(0, 6))
            block = [t, t + 1, t + 2]
        if all(c[x] + block.count(x) <= 4 for x in block):
            for x in block:
                c[x] += 1
            blocks += 1
    tiles_list = [t for t in range(34) for _ in range(c[t])]
    drop = draw(st.lists(st.sampled_from(range(14)), min_size=14 - tiles, max_size=14 - tiles, unique=True))
    for i in drop:
        c[tiles_list[i]] -= 1
    return c


ORPHANS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]


@st.composite
def near_pairs(draw, tiles: int):
    """Seven pairs (a quadruple sometimes) with some tiles dropped, so that ``tiles`` remain."""
    kinds = draw(st.lists(st.integers(0, 33), min_size=7, max_size=7, unique=True))
    if draw(st.booleans()):
        kinds[6] = kinds[0]
    c = [0] * 34
    for t in kinds:
        c[t] += 2
    return _drop(draw, c, 14 - tiles)


@st.composite
def near_orphans(draw, tiles: int):
    """Thirteen orphans (one of them twice) with some tiles dropped, so that ``tiles`` remain."""
    c = [0] * 34
    for t in ORPHANS:
        c[t] = 1
    c[draw(st.sampled_from(ORPHANS))] += 1
    return _drop(draw, c, 14 - tiles)


def _drop(draw, c: list[int], k: int) -> list[int]:
    held = [t for t in range(34) for _ in range(c[t])]
    for i in draw(st.lists(st.integers(0, len(held) - 1), min_size=k, max_size=k, unique=True)):
        c[held[i]] -= 1
    return c


def slow_shapes(c, jokers=0) -> int:
    """The four shapes by their definitions, jokers placed by trying every split."""
    out = analysis.STANDARD if slow_win(c, jokers) else 0
    if sum(c) + jokers != 14:
        return out
    # pairs: each odd kind takes one joker; spare jokers pair among themselves (any kinds left)
    odd = [t for t in range(34) if c[t] % 2]
    if len(odd) <= jokers:
        out |= analysis.SEVEN_PAIRS
        if max(c) <= 2:
            out |= analysis.SEVEN_DISTINCT_PAIRS
    # orphans: try each orphan as the pair; jokers fill every missing copy
    if all(c[t] == 0 for t in range(34) if t not in ORPHANS):
        for pair in ORPHANS:
            want = [2 if t == pair else 1 for t in ORPHANS]
            if all(c[t] <= w for t, w in zip(ORPHANS, want)) \
                    and sum(w - c[t] for t, w in zip(ORPHANS, want)) == jokers:
                out |= analysis.THIRTEEN_ORPHANS
                break
    return out


# ------------------------------------------------------------ keys

def test_keys_of_is_base5_per_group():
    c = hand("19m5p7z")
    assert analysis.keys_of(c) == [1 + 5**8, 5**4, 0, 5**6]
    # POW5[r] is what one tile at position r adds to its group's key
    assert [analysis.keys_of(plus([0] * 34, t))[1] for t in range(9, 18)] == list(analysis.POW5)


def test_adding_a_tile_is_one_key_change():
    c = hand("123m")
    keys = analysis.keys_of(c)
    t = parse("6s")[0]
    keys[t // 9] += analysis.POW5[t % 9]
    assert keys == analysis.keys_of(plus(c, t))


# ------------------------------------------------------------ win check

@pytest.mark.parametrize("text", ["123m456p789s11122z", "11m", "111222333m456p11s", "11112345678999m",
                                  "22334455667788m", "123m123m123m123m55z"])
def test_standard_wins(text):
    assert analysis.is_win(hand(text))
    assert analysis.is_win_keys(*analysis.keys_of(hand(text)))


@pytest.mark.parametrize("text", ["123m456p789s11123z",  # honors never chow
                                  "123m456p789s1122z",  # two pairs, no fourth set
                                  "12m", "11223344556677z",  # seven pairs is not the standard shape
                                  "123m456p789s1z"])  # 10 tiles is not 3k+2
def test_standard_non_wins(text):
    assert not analysis.is_win(hand(text))


@pytest.mark.parametrize("last", range(9))
def test_nine_gates_wins_on_every_character(last):
    assert analysis.is_win(plus(hand("1112345678999m"), last))


@pytest.mark.parametrize("text,jokers,wins", [
    ("123m45p11z", 1, True),  # 3p or 6p
    ("123m46p11z", 1, True),  # the closed 5p
    ("123m47p11z", 1, False),
    ("123m456p789s111z", 2, True),  # a pair of jokers
    ("1m", 1, True),  # a pair from one tile and one joker
    ("", 2, True),
    ("1111m", 1, True),  # the joker is a fifth 1m: 111m + 11m
    ("123456m11p1z2z", 4, True),  # needs exactly four
    ("123456m11p1z2z", 7, True),  # three more jokers make a set of their own
    ("123456m11p1z2z", 1, False),
    ("1z2z3z4z", 4, False),  # four honors need 2 each as sets, one can be a pair: 7 > 4
])
def test_jokers(text, jokers, wins):
    assert analysis.is_win(hand(text), jokers) is wins


def test_jokers_needed():
    assert analysis.jokers_needed(analysis.keys_of(hand("123456m11p1z2z"))) == 4
    assert analysis.jokers_needed(analysis.keys_of(hand("123m456p789s111z"))) == 2  # only a joker pair
    assert analysis.jokers_needed(analysis.keys_of(hand("123m456p789s11122z"))) == 0
    assert analysis.jokers_needed(analysis.keys_of(hand(""))) == 2


def test_many_jokers_take_the_slow_path():
    assert analysis.is_win(hand("11m"), 18)
    assert not analysis.is_win(hand("11m"), 17)


def test_four_jokers_cost_the_same_work():
    # the joker count is only an offset into one lookup; see the benchmark for timings
    c = hand("123m456p789s11122z")
    assert analysis.is_win(c, 0) and analysis.is_win(c, 3) and not analysis.is_win(c, 4)


@FAST
@given(st.integers(0, 4).flatmap(lambda j: st.tuples(st.just(j), st.one_of(
    wall_hands(14 - j, 14 - j), near_wins(14 - j), wall_hands(8 - j, 8 - j), near_wins(11 - j)))))
def test_win_agrees_with_brute_force(case):
    jokers, c = case
    assert analysis.is_win(c, jokers) == slow_win(c, jokers)
    k0, k1, k2, k3 = analysis.keys_of(c)
    assert analysis.is_win_keys(k0, k1, k2, k3, jokers) == analysis.is_win(c, jokers)
    assert analysis.is_win(c, jokers) == (analysis.jokers_needed(analysis.keys_of(c)) <= jokers)


def test_win_with_five_of_a_kind():
    """A reading in which stand-ins join the real copies (wenshan: a discarded wildcard and four 白 as its
    face) may hold five of a kind: 444m + 44m is a pung and a pair, five 中 likewise."""
    assert analysis.is_win_any(hand("44444m123m567m999m"), 0)
    assert analysis.is_win_any(hand("123m456p789s77777z"), 0)
    assert analysis.is_win_any(hand("34444m45m999m"), 1)  # 345m 444m 999m and 4m with the joker
    assert not analysis.is_win_any(hand("44444m123m567m99m1z"), 0)
    assert analysis.is_win_any(hand("44444m123m567m99m"), 1)


@FAST
@given(st.integers(0, 4).flatmap(lambda j: st.tuples(st.just(j), st.one_of(
    wall_hands(14 - j, 14 - j), near_wins(14 - j), near_wins(11 - j)))), st.integers(0, 33), st.booleans())
def test_win_of_any_counts_agrees_with_brute_force(case, kind, five):
    """``is_win_any`` is ``is_win`` on real hands, and exact where a kind is held five times."""
    jokers, c = case
    if five:
        c = list(c)
        c[kind] = 5
    else:
        assert analysis.is_win_any(c, jokers) == analysis.is_win(c, jokers)
    assert analysis.is_win_any(c, jokers) == slow_win(c, jokers)


@FAST
@given(wall_hands(0, 14), st.integers(0, 6))
def test_win_needs_two_tiles_mod_three(c, jokers):
    if (sum(c) + jokers) % 3 != 2:
        assert not analysis.is_win(c, jokers)
    else:
        assert analysis.is_win(c, jokers) == slow_win(c, jokers)


def test_agrees_with_mahjong_agari_on_wins():
    Agari = pytest.importorskip("mahjong.agari").Agari
    for text in ["123m456p789s11122z", "1112345678999m9m", "11223344556677p", "11112233445566p", "19m19p19s1234567z1z"]:
        c = hand(text)
        ours = analysis.is_win(c) or analysis.is_seven_pairs(c, distinct=True)
        if text.startswith("19m19p19s"):  # thirteen orphans: the peer's pattern, not ours
            assert not ours and Agari.is_agari(c)
        else:
            assert ours == Agari.is_agari(c)


# ------------------------------------------------------------ waits

def test_nine_gates_waits_on_all_nine_characters():
    assert analysis.waits(hand("1112345678999m")) == list(range(9))


def test_single_wait_for_the_pair():
    assert analysis.waits(hand("111p222s333z444z1m")) == [parse("1m")[0]]


def test_waits_include_a_kind_held_four_times():
    # table convention: 1m completes the shape, although this hand holds all four copies
    assert analysis.waits(hand("1111m456p789p123s")) == [0]


def test_waits_with_jokers_and_kinds_filter():
    c = hand("123m456p789s1z")
    assert analysis.waits(c) == [27]
    assert len(analysis.waits(hand("123m456p789s"), 1)) == 34  # the joker pairs with anything
    assert analysis.waits(hand("1112345678999m"), kinds=[2, 9, 4]) == [2, 4]
    assert analysis.waits_keys(analysis.keys_of(c), 0) == [27]


def test_waits_of_a_hand_far_from_ready_are_empty():
    assert analysis.waits(hand("19m19p19s1234567z")) == []


@FAST
@given(st.integers(0, 4).flatmap(lambda j: st.tuples(st.just(j), st.one_of(
    wall_hands(13 - j, 13 - j), near_wins(13 - j), near_wins(10 - j), wall_hands(4 - j, 7 - j).filter(
        lambda c, j=j: (sum(c) + j) % 3 == 1)))))
def test_waits_agree_with_brute_force(case):
    jokers, c = case
    assert analysis.waits(c, jokers) == slow_waits(c, jokers)


@settings(max_examples=100, deadline=None, suppress_health_check=SLOW_OK)
@given(st.lists(st.integers(0, 8), min_size=13, max_size=13).filter(
    lambda ts: max(ts.count(t) for t in ts) <= 4), st.integers(0, 2))
def test_waits_of_one_suit_hands_with_quads(tiles, jokers):
    c = [0] * 34
    for t in tiles[:13 - jokers]:
        c[t] += 1
    assert analysis.waits(c, jokers) == slow_waits(c, jokers)


# ------------------------------------------------------------ seven pairs

def test_seven_pairs():
    assert analysis.is_seven_pairs(hand("11223344556677m"))
    assert analysis.is_seven_pairs(hand("1122334455667m"), 1)
    assert not analysis.is_seven_pairs(hand("11223344556678m"))
    assert not analysis.is_seven_pairs(hand("1122334455667m"))  # 13 tiles


def test_quadruple_counts_as_two_pairs_unless_distinct():
    c = hand("11112233445566m")
    assert analysis.is_seven_pairs(c)
    assert not analysis.is_seven_pairs(c, distinct=True)
    assert analysis.is_seven_pairs(hand("1112233445566m"), 1)  # the joker makes 1m a quadruple
    assert not analysis.is_seven_pairs(hand("1112233445566m"), 1, distinct=True)


def test_seven_pairs_jokers_needed():
    assert analysis.seven_pairs_jokers_needed(hand("11223344556677m")) == 0
    assert analysis.seven_pairs_jokers_needed(hand("11223344567m")) == 3
    assert analysis.seven_pairs_jokers_needed(hand("1122334455678m")) == analysis.SEVEN_PAIRS_IMPOSSIBLE  # 16 tiles
    assert analysis.seven_pairs_jokers_needed(hand("111m")) == 1
    assert analysis.seven_pairs_jokers_needed(hand("111m"), distinct=True) == analysis.SEVEN_PAIRS_IMPOSSIBLE
    assert analysis.seven_pairs_jokers_needed(hand("1234567m1234567p")) == analysis.SEVEN_PAIRS_IMPOSSIBLE


def test_seven_pairs_waits():
    assert analysis.waits_seven_pairs(hand("1122334455667m")) == [6]
    assert analysis.waits_seven_pairs(hand("1111223344556m")) == [5]  # the quadruple is two pairs
    assert analysis.waits_seven_pairs(hand("112233445566m"), 1) == list(range(34))
    assert analysis.waits_seven_pairs(hand("112233445m67p"), 2) == [4, 14, 15]


def test_seven_pairs_shanten():
    assert analysis.shanten_seven_pairs(hand("11223344556677m")) == -1
    assert analysis.shanten_seven_pairs(hand("1122334455667m")) == 0
    assert analysis.shanten_seven_pairs(hand("1111m2222p3333s4z")) == 0
    assert analysis.shanten_seven_pairs(hand("19m19p19s1234567z")) == 6
    assert analysis.shanten_seven_pairs(hand("112233445566m"), 1) == 0
    assert analysis.shanten_seven_pairs(hand("12345m"), 2) == analysis.SEVEN_PAIRS_IMPOSSIBLE


@FAST
@given(st.integers(0, 4).flatmap(lambda j: st.tuples(st.just(j), st.one_of(
    wall_hands(14 - j, 14 - j), near_pairs(14 - j)))))
def test_seven_pairs_match_counting_pairs(case):
    jokers, c = case
    singles = sum(x % 2 for x in c)
    assert analysis.is_seven_pairs(c, jokers) == (singles <= jokers)
    assert analysis.is_seven_pairs(c, jokers, distinct=True) == (singles <= jokers and max(c) <= 2)
    assert (analysis.shanten_seven_pairs(c, jokers) == -1) == analysis.is_seven_pairs(c, jokers)


@FAST
@given(st.integers(0, 4).flatmap(lambda j: st.tuples(st.just(j), st.one_of(
    wall_hands(13 - j, 13 - j), near_pairs(13 - j)))))
def test_seven_pairs_waits_agree_with_checking_each_kind(case):
    jokers, c = case
    assert analysis.waits_seven_pairs(c, jokers) == [
        t for t in range(34) if analysis.is_seven_pairs(plus(c, t), jokers)]
    assert (analysis.shanten_seven_pairs(c, jokers) == 0) == bool(analysis.waits_seven_pairs(c, jokers))


# ------------------------------------------------------------ shanten

@pytest.mark.parametrize("text,expected", [
    ("123m456p789s11122z", -1), ("123m456p789s1112z", 0), ("1112345678999m", 0),
    ("19m19p19s1234567z", 8), ("13579m13579p135s", 4), ("123m456p789s1z2z3z4z", 2),
    ("1111m456p789p123s", 1),  # the only wait is a fifth 1m, which cannot be drawn
    ("11m", -1), ("1m", 0), ("1m9p", 0), ("1m9p5z7z", 2),
])
def test_shanten_known_values(text, expected):
    assert analysis.shanten(hand(text)) == expected
    assert analysis.shanten_keys(*analysis.keys_of(hand(text))) == expected


def test_shanten_with_jokers():
    assert analysis.shanten(hand("123m456p789s1z"), 1) == -1
    assert analysis.shanten(hand("123m456p78s"), 2) == 0
    assert analysis.shanten(hand("1111m"), 1) == -1  # the joker is a fifth 1m
    assert analysis.shanten(hand("19m19p19s1234z"), 4) == 4
    assert analysis.shanten(hand("19m19p19s1234z")) == 6


def test_shanten_rejects_more_than_fourteen_tiles():
    with pytest.raises(ValueError):
        analysis.shanten(hand("11122233344455m"), 1)


@settings(max_examples=400, deadline=None, suppress_health_check=SLOW_OK)
@given(st.one_of(wall_hands(13, 14), near_wins(13), near_wins(14), wall_hands(1, 11).filter(
    lambda c: sum(c) % 3)))
def test_shanten_agrees_with_mahjong_regular_shanten(c):
    Shanten = pytest.importorskip("mahjong.shanten").Shanten
    assert analysis.shanten(c) == Shanten.calculate_shanten_for_regular_hand(c)


@FAST
@given(st.integers(0, 4).flatmap(lambda j: st.tuples(st.just(j), st.one_of(
    wall_hands(14 - j, 14 - j), near_wins(14 - j), near_wins(11 - j)))))
def test_shanten_is_minus_one_exactly_for_wins(case):
    jokers, c = case
    assert (analysis.shanten(c, jokers) == -1) == analysis.is_win(c, jokers)


@FAST
@given(st.integers(0, 4).flatmap(lambda j: st.tuples(st.just(j), st.one_of(
    wall_hands(13 - j, 13 - j), near_wins(13 - j), near_wins(10 - j)))))
def test_shanten_zero_means_a_drawable_tile_completes(case):
    jokers, c = case
    drawable = [t for t in analysis.waits(c, jokers) if c[t] < 4]
    assert (analysis.shanten(c, jokers) == 0) == bool(drawable)


@FAST
@given(st.integers(0, 3).flatmap(lambda j: st.tuples(st.just(j), st.one_of(
    wall_hands(13 - j, 13 - j), near_wins(13 - j), near_wins(10 - j)))))
def test_each_joker_lowers_shanten_by_at_most_one(case):
    # With a quadruple in hand a joker can be the fifth copy and jump further (1111m: 1 -> -1).
    jokers, c = case
    assume(max(c) < 4)
    before, after = analysis.shanten(c, jokers), analysis.shanten(c, jokers + 1)
    assert before - 1 <= after <= before


# ------------------------------------------------------------ complete shapes from counts (one lookup per group)

@pytest.mark.parametrize("text,jokers,shapes", [
    ("123m456p789s11122z", 0, analysis.STANDARD),
    # 1-7m twice: also 123m123m...
    ("11223344556677m", 0, analysis.STANDARD | analysis.SEVEN_PAIRS | analysis.SEVEN_DISTINCT_PAIRS),
    ("11335577m1122p33z", 0, analysis.SEVEN_PAIRS | analysis.SEVEN_DISTINCT_PAIRS),
    ("11113355m1122p33z", 0, analysis.SEVEN_PAIRS),  # a quadruple is two pairs, but not two distinct ones
    ("19m19p19s1234567z1z", 0, analysis.THIRTEEN_ORPHANS),
    ("19m19p19s123456z", 2, analysis.THIRTEEN_ORPHANS),  # jokers for 中 and the pair
    ("19m19p19s1234567z5m", 0, 0),  # a middle tile: not orphans
    ("1133557m1122p33z", 1, analysis.SEVEN_PAIRS | analysis.SEVEN_DISTINCT_PAIRS),
    ("1113355m1122p33z", 1, analysis.SEVEN_PAIRS),  # the joker makes 1m a quadruple
    ("123m456p789s1z", 1, analysis.STANDARD),
    ("11335577m1122p", 2, analysis.SEVEN_PAIRS | analysis.SEVEN_DISTINCT_PAIRS),  # two jokers are a pair of their own
    ("11335577m1122p33z", 3, 0),  # 17 with the jokers
    ("11m", 12, 15),  # many jokers, the slow path: every shape (12 jokers are the other 12 orphans)
])
def test_win_shapes_examples(text, jokers, shapes):
    c = hand(text)
    assert analysis.win_shapes(c, jokers) == shapes
    assert analysis.is_complete(c, jokers, analysis.AGARI_SHAPES) == bool(shapes & analysis.AGARI_SHAPES)


def test_win_shapes_reads_the_counts_through_nested_tables_that_hold_the_keys_and_the_bounds():
    """Issue 42 (win check speed): win_shapes reads the winds as _LW4[c27][c28][c29][c30] and the dragons as
    _LD3[c31][c32][c33]; for every one of the 5**7 honor count vectors the two leaves add up to the honor key
    (sum of c[27 + r] * 5**r) times 16 plus the winds' and the dragons' joker bounds (_LW, _LD) in the low 4 bits.
    A suit's counts c0..c8 give its key (sum of c[r] * 5**r) as _K0[c0][c1][c2] + _K3[c3][c4][c5] + _K6[c6][c7][c8].
    The early exits read the bounds alone from _BW4 and _BD3, laid out the same way."""
    for w in range(625):
        d0 = [w // 5**r % 5 for r in range(4)]
        lw = analysis._LW4[d0[0]][d0[1]][d0[2]][d0[3]]
        for d in range(125):
            d1 = [d // 5**r % 5 for r in range(3)]
            h = lw + analysis._LD3[d1[0]][d1[1]][d1[2]]
            assert (h >> 4, h & 15) == (w + 625 * d, analysis._LW[w] + analysis._LD[d]), (d0, d1)
    # the early exits' bound tables hold the same bounds alone, read the same way
    for w in range(625):
        d0 = [w // 5**r % 5 for r in range(4)]
        assert analysis._BW4[d0[0]][d0[1]][d0[2]][d0[3]] == analysis._LW[w], d0
    for d in range(125):
        d1 = [d // 5**r % 5 for r in range(3)]
        assert analysis._BD3[d1[0]][d1[1]][d1[2]] == analysis._LD[d], d1
    # and a suit's key is the sum of _K0, _K3 and _K6 over its counts three by three
    for key in range(125):
        d = [key // 5**r % 5 for r in range(3)]
        assert [t[d[0]][d[1]][d[2]] for t in (analysis._K0, analysis._K3, analysis._K6)] == [key, 125 * key,
                                                                                             15625 * key]


@FAST
@given(st.integers(0, 4).flatmap(lambda j: st.tuples(st.just(j), st.one_of(
    wall_hands(14 - j, 14 - j), near_wins(14 - j), near_pairs(14 - j), near_orphans(14 - j),
    wall_hands(5 - j, 11 - j)))))
def test_win_shapes_agree_with_the_definitions(case):
    jokers, c = case
    assert analysis.win_shapes(c, jokers) == slow_shapes(c, jokers)
    assert bool(analysis.win_shapes(c, jokers) & analysis.STANDARD) == analysis.is_win(c, jokers)


@FAST
@given(st.integers(0, 4).flatmap(lambda j: st.tuples(st.just(j), st.one_of(
    wall_hands(13 - j, 13 - j), near_wins(13 - j), near_pairs(13 - j), near_orphans(13 - j)))),
    st.sampled_from([analysis.AGARI_SHAPES, analysis.STANDARD | analysis.SEVEN_PAIRS, analysis.SEVEN_PAIRS,
                     analysis.THIRTEEN_ORPHANS, analysis.STANDARD]))
def test_waits_shapes_agree_with_trying_each_kind(case, shapes):
    jokers, c = case
    expected = [t for t in range(34) if c[t] < 4 and (slow_shapes(plus(c, t), jokers) & shapes & ~analysis.STANDARD
                                                      or (shapes & analysis.STANDARD and slow_win(plus(c, t), jokers)))]
    assert analysis.waits_shapes(c, jokers, shapes) == expected
    # waits keeps the table convention (a fifth copy counts); waits_shapes cannot draw it
    if shapes == analysis.STANDARD:
        assert analysis.waits_shapes(c, jokers, shapes) == [t for t in analysis.waits(c, jokers) if c[t] < 4]


def test_waits_shapes_examples():
    assert analysis.waits_shapes(hand("1133557799m113p")) == [11]  # seven pairs only: odd numbers make no run
    assert analysis.waits_shapes(hand("1133557799m113p"), 0, analysis.STANDARD) == []
    assert analysis.waits_shapes(hand("1122334455667m")) == [0, 3, 6]  # 7m pairs up; 1m and 4m make runs
    # the 13-sided wait
    assert analysis.waits_shapes(hand("19m19p19s1234567z"), 0, analysis.THIRTEEN_ORPHANS) == ORPHANS
    assert analysis.waits_shapes(hand("19m19p19s123456z1z"), 0, analysis.AGARI_SHAPES) == [33]
    assert analysis.waits_shapes(hand("1111m2233445566p"), 0, analysis.SEVEN_DISTINCT_PAIRS) == []
    # the table convention lists a fifth 1m; no player can draw it
    assert analysis.waits(hand("1111m234p567s789s")) == [0] and analysis.waits_shapes(hand("1111m234p567s789s")) == []


@pytest.mark.parametrize("jokers", [8, 9])
def test_win_and_waits_shapes_take_the_slow_path_from_eight_jokers(jokers):
    c = hand("11223m" if jokers == 9 else "112233m")
    assert analysis.win_shapes(c, jokers) == slow_shapes(c, jokers) == (
        analysis.STANDARD | analysis.SEVEN_PAIRS | analysis.SEVEN_DISTINCT_PAIRS)
    short = hand("1122m")
    assert analysis.waits_shapes(short, jokers) == [t for t in range(34) if slow_shapes(plus(short, t), jokers)
                                                    & (analysis.STANDARD | analysis.SEVEN_PAIRS)]


@settings(max_examples=300, deadline=None, suppress_health_check=SLOW_OK)
@given(st.one_of(wall_hands(14, 14), near_wins(14), near_pairs(14), near_orphans(14)))
def test_agari_shapes_agree_with_mahjong_is_agari(c):
    Agari = pytest.importorskip("mahjong.agari").Agari
    assert bool(analysis.win_shapes(c) & analysis.AGARI_SHAPES) == Agari.is_agari(c)


@settings(max_examples=200, deadline=None, suppress_health_check=SLOW_OK)
@given(st.one_of(wall_hands(13, 13), near_wins(13), near_pairs(13), near_orphans(13)))
def test_agari_waits_agree_with_mahjong_probing_each_kind(c):
    Agari = pytest.importorskip("mahjong.agari").Agari
    peer = [t for t in range(34) if c[t] < 4 and Agari.is_agari(plus(c, t))]
    assert [t for t in analysis.waits_shapes(c, 0, analysis.AGARI_SHAPES) if c[t] < 4] == peer
