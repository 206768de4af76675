"""Wenshan's hand shapes (game/rules/variants/wenshan_shapes.py) in situations their first tests left open (issue
42: every mutant of wenshan_shapes.py and decompose.py): the readings a hand with wildcards and 白 offers, strict
and soft 烂牌 with jokers, 龙七对 quadruples made with four jokers, five of a kind with a joker, and an honors-only
hand that is no suit (wenshan.md 翻小鸡, 烂牌, 七对 and 龙七对, 清一色)."""

from __future__ import annotations

import pytest

from game.rules import tiles
from game.rules.variants import wenshan_shapes

t = tiles.tile
WHITE = wenshan_shapes.WHITE  # 白 is 5z


def _counts(hand):
    return tiles.counts(tiles.parse(hand))


def _readings(hand, wild, *fixed):
    """Each reading as (its tiles, its 白 left, jokers, natural)."""
    out = []
    for c, jokers, natural in wenshan_shapes.readings(_counts(hand), t(wild), *fixed):
        assert min(c) >= 0, "a reading never holds a negative count"
        out.append((tiles.fmt(sorted(k for k in range(tiles.NUM_KINDS) for _ in range(c[k]))), c[WHITE], jokers,
                    natural))
    return out


def test_readings_free_the_wildcard_and_let_each_white_stand_for_its_face():
    """wenshan.md 翻小鸡: with wildcard 4m, a hand holding one 4m and two 白 reads as itself (硬功 possible), then
    with the 4m free and none, one or both 白 standing for 4m: four readings, no more (never a negative 白)."""
    assert _readings("4m55z123p", "4m") == [
        ("4m123p55z", 2, 0, True),
        ("123p55z", 2, 1, False),
        ("4m123p5z", 1, 1, False),
        ("44m123p", 0, 1, False),
    ]


def test_readings_with_white_as_the_wildcard_free_every_white_once():
    """wenshan.md 翻小鸡: "if the wildcard is 白 itself, the 白 are the jokers and nothing else substitutes": two 白
    give the natural reading and the one with both free (no copy fixed by default), nothing else; with both fixed
    (claimed tiles count as their face) only the natural reading is left."""
    assert _readings("55z123p", "5z") == [("123p55z", 2, 0, True), ("123p", 0, 2, False)]
    assert _readings("55z123p", "5z", 2) == [("123p55z", 2, 0, True)]


@pytest.mark.parametrize("hand", ["15m258p369s123456z", "13m258p369s123456z"])
def test_strict_lan_takes_a_suit_from_one_group_only(hand):
    """wenshan.md 烂牌: per suit the numbers come from one of {1,4,7},{2,5,8},{3,6,9}: 1m with 5m (or with 3m) is
    no 烂牌 without 软烂; with 软烂 1m 5m (4 apart) is, 1m 3m (2 apart) is not."""
    c = _counts(hand)
    assert not wenshan_shapes.lan(c, 0, False)
    assert wenshan_shapes.lan(c, 0, True) == (hand[:2] == "15")


@pytest.mark.parametrize("soft", [False, True])
def test_lan_joker_fills_an_absent_suit(soft):
    """wenshan.md 烂牌 ("a suit may ... be absent"): 147p 258s and all seven honors plus one joker is 烂牌 (the
    joker becomes any man tile); the room of every suit counts, not only the last one's (s has none left)."""
    assert wenshan_shapes.lan(_counts("147p258s1234567z"), 1, soft)


def test_soft_lan_with_no_room_for_the_jokers_is_no_lan():
    """wenshan.md 烂牌 with 软烂: 37m 37p 37s (no number is 3 away from both 3 and 7) and four honors plus four
    jokers: three jokers become honors, the fourth has no distinct tile left: 13 distinct tiles, no 烂牌."""
    assert not wenshan_shapes.lan(_counts("37m37p37s1234z"), 4, True)


@pytest.mark.parametrize(("hand", "quads"), [
    ("11m22m33m4444m", 3),  # 4444m, and two jokers lift each of two pairs: 三龙七对
    ("1m2m3333m4444m", 3),  # two jokers pair the singles, two lift one of them to four
    ("11m2222m3333m", 3),
    ("11m22m33m44m55m", 2),  # the jokers lift two of the five pairs
    ("1m2m33m44m5555m", 2),  # two jokers pair the singles, two lift one pair
])
def test_seven_pairs_quadruples_made_with_four_jokers(hand, quads):
    """wenshan.md 龙七对 ("wildcards and 白 may complete any pattern, including a quadruple"): ten tiles plus four
    jokers as seven pairs; the most quadruples the jokers can make (at most 3: 三龙七对)."""
    assert wenshan_shapes.seven_pairs_quads(_counts(hand), 4) == quads


def test_five_of_a_kind_with_a_joker_is_a_standard_hand():
    """wenshan.md 翻小鸡 (a claimed wildcard counts as its face, 白 stand for it): five 1m (a reading with 白 as
    1m), 23m 456p 789p and one joker is 平胡: 111m 123m 1m+joker 456p 789p."""
    assert wenshan_shapes.standard(_counts("11111m23m456p789p"), 1)


@pytest.mark.parametrize("hand", ["111z", "11z22z", "1z"])
def test_honors_only_are_no_suit(hand):
    """wenshan.md 清一色 ("every tile of one suit"; honors are no suit): non-joker tiles that are only 东 (or 东 and
    南) give -2, like any honor."""
    assert wenshan_shapes.one_suit(_counts(hand)) == -2
