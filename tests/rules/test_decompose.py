"""Specification of the readings of winning hands (standard shape and seven pairs) used by scoring."""

from __future__ import annotations

from itertools import combinations, product

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import analysis
from game.rules.decompose import readings, seven_pairs_readings
from game.rules.tiles import parse
from tests.helpers.hands import hand, wall_hands


@st.composite
def near_wins(draw, tiles: int):
    """Four sets and a pair (no kind above four copies) less 14 - ``tiles`` of its tiles."""
    c = [0] * 34
    while sum(c) < 14:
        if sum(c) == 12:
            x = draw(st.integers(0, 33))
            block = [x, x]
        elif draw(st.booleans()):
            block = [draw(st.integers(0, 33))] * 3
        else:
            x = draw(st.integers(0, 2)) * 9 + draw(st.integers(0, 6))
            block = [x, x + 1, x + 2]
        if all(c[b] + block.count(b) <= 4 for b in block):
            for b in block:
                c[b] += 1
    tiles_list = [x for x in range(34) for _ in range(c[x])]
    for i in draw(st.lists(st.sampled_from(range(14)), min_size=14 - tiles, max_size=14 - tiles, unique=True)):
        c[tiles_list[i]] -= 1
    return c

SLOW_OK = [HealthCheck.too_slow, HealthCheck.large_base_example, HealthCheck.data_too_large]
FAST = settings(max_examples=200, deadline=None, suppress_health_check=SLOW_OK)
SIZE = {"pair": 2, "pung": 3, "chow": 3}


def t(text: str) -> int:
    return parse(text)[0]


def faces(block) -> list[int]:
    kind, tile, _ = block
    return [tile, tile + 1, tile + 2] if kind == "chow" else [tile] * SIZE[kind]


def reassembles(reading, counts, jokers) -> bool:
    """The blocks, with the stated jokers standing in for some faces, are exactly counts plus jokers."""
    if sum(b[2] for b in reading) != jokers or [b[0] for b in reading].count("pair") != 1:
        return False
    real_blocks = []
    for kind, tile, nj in reading:
        if tile is None:
            if nj != SIZE[kind]:
                return False
            continue
        if not 0 <= nj < SIZE[kind]:
            return False
        if kind == "chow" and (tile >= 27 or tile % 9 > 6):
            return False
        # every choice of which faces the jokers take
        real_blocks.append([[f for i, f in enumerate(faces((kind, tile, nj))) if i not in js]
                            for js in combinations(range(SIZE[kind]), nj)])
    for choice in product(*real_blocks):
        c = [0] * 34
        for tiles in choice:
            for f in tiles:
                c[f] += 1
        if c == list(counts):
            return True
    return False


def test_one_reading_of_a_plain_hand():
    assert readings(hand("123m456p789s11122z")) == [
        (("chow", t("1m"), 0), ("chow", t("4p"), 0), ("chow", t("7s"), 0), ("pung", t("1z"), 0),
         ("pair", t("2z"), 0))]


def test_three_pungs_or_three_chows():
    assert readings(hand("111222333m456p11s")) == [
        (("chow", 0, 0), ("chow", 0, 0), ("chow", 0, 0), ("chow", t("4p"), 0), ("pair", t("1s"), 0)),
        (("pung", 0, 0), ("pung", 1, 0), ("pung", 2, 0), ("chow", t("4p"), 0), ("pair", t("1s"), 0)),
    ]


def test_nine_gates_reading():
    assert readings(hand("11112345678999m")) == [
        (("chow", 0, 0), ("pung", 0, 0), ("chow", 3, 0), ("chow", 6, 0), ("pair", 8, 0))]
    assert readings(hand("11123455678999m")) == [
        (("pung", 0, 0), ("chow", 1, 0), ("pair", 4, 0), ("chow", 5, 0), ("pung", 8, 0))]


def test_joker_completes_an_open_wait_either_side():
    rs = readings(hand("123m45p11z"), 1)
    chows = sorted(b for r in rs for b in r if b[0] == "chow" and b[1] >= 9)
    assert ("chow", t("3p"), 1) in chows and ("chow", t("4p"), 1) in chows


def test_joker_only_pair_and_sets():
    rs = readings(hand("123m456p789s111z"), 2)
    assert (("chow", 0, 0), ("chow", t("4p"), 0), ("chow", t("7s"), 0), ("pung", t("1z"), 0),
            ("pair", None, 2)) in rs
    rs = readings(hand("123m456p11z"), 3)
    assert any(("pung", None, 3) in r for r in rs) and any(("chow", None, 3) in r for r in rs)


def test_joker_as_fifth_copy_in_either_block():
    assert set(readings(hand("1111m"), 1)) == {(("pair", 0, 0), ("pung", 0, 1)), (("pair", 0, 1), ("pung", 0, 0))}


def test_non_wins_have_no_readings():
    assert readings(hand("123m456p789s11123z")) == []
    assert readings(hand("123m456p789s1z")) == []  # 10 tiles
    assert readings(hand("123m47p11z"), 1) == []


def test_seven_pairs_readings():
    assert seven_pairs_readings(hand("11223344556677m")) == [tuple(range(7))]
    assert seven_pairs_readings(hand("11112233445566m")) == [(0, 0, 1, 2, 3, 4, 5)]
    assert seven_pairs_readings(hand("1122334455667m")) == []  # 13 tiles


def test_seven_pairs_readings_with_jokers_can_make_quadruples():
    rs = seven_pairs_readings(hand("112233445566m"), 2)
    assert (0, 1, 2, 3, 4, 5, None) in rs  # the jokers pair up
    assert (0, 0, 1, 2, 3, 4, 5) in rs  # each pairs with a 1m: 1m is a quadruple
    assert seven_pairs_readings(hand("1122334455667m"), 1) == [(0, 1, 2, 3, 4, 5, 6)]


@FAST
@given(st.integers(0, 4).flatmap(lambda j: st.tuples(st.just(j), st.one_of(
    near_wins(14 - j), wall_hands(14 - j, 14 - j), near_wins(11 - j)))))
def test_every_reading_reassembles_and_exists_iff_win(case):
    jokers, c = case
    rs = readings(c, jokers)
    assert bool(rs) == analysis.is_win(c, jokers)
    assert len(set(rs)) == len(rs)
    for r in rs:
        assert reassembles(r, c, jokers), r


@FAST
@given(wall_hands(10, 14), st.integers(0, 4))
def test_seven_pairs_readings_are_pairs_of_the_hand(c, jokers):
    rs = seven_pairs_readings(c, jokers)
    assert bool(rs) == analysis.is_seven_pairs(c, jokers)
    for pairs in rs:
        assert len(pairs) == 7
        real = [x for x in pairs if x is not None]
        used = 2 * (len(pairs) - len(real))
        for kind in set(real):
            k = real.count(kind)
            assert k <= c[kind] <= 2 * k  # each pair of this face holds one or two real copies
            used += 2 * k - c[kind]
        assert all(c[x] == 0 or x in real for x in range(34))
        assert used == jokers
