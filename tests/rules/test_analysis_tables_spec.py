"""The hand analysis (game/rules/analysis.py) and its lookup tables (game/rules/tables.py) in situations their first
tests left open (issue 42: every surviving mutant of the two modules): the slow path from eight wildcards (a hand
that is no shape, a pung that is seven pairs but not seven distinct pairs and never thirteen orphans, a fifth copy
never drawn), the defaults of the public functions, and the table file's format and fallback (analysis.py's and
tables.py's docstrings: complete shapes, waits, shanten, the packed values and the file layout)."""

from __future__ import annotations

import pytest

from game.rules import analysis
from tests.helpers.hands import hand

STANDARD, SEVEN_PAIRS = analysis.STANDARD, analysis.SEVEN_PAIRS
SEVEN_DISTINCT_PAIRS, THIRTEEN_ORPHANS = analysis.SEVEN_DISTINCT_PAIRS, analysis.THIRTEEN_ORPHANS


def test_one_tile_and_eight_wildcards_are_no_shape():
    """analysis.win_shapes from eight wildcards (the slow path): 1m plus 8 wildcards is 9 tiles, not 3k+2, so not
    the standard shape, and not 14, so no pair shape: no bit at all."""
    assert analysis.win_shapes(hand("1m"), 8) == 0


def test_a_pung_and_eleven_wildcards_are_standard_and_seven_pairs_only():
    """analysis.win_shapes, slow path: 111m plus 11 wildcards is the standard shape (111m, three wildcard sets, a
    wildcard pair) and seven pairs (11m, 1m plus a wildcard, five wildcard pairs), but not seven distinct pairs
    (1m would be two of the pairs) and not thirteen orphans (1m held three times: only one kind may be held twice)."""
    assert analysis.win_shapes(hand("111m"), 11) == STANDARD | SEVEN_PAIRS


def test_a_kind_held_four_times_is_never_a_wait_even_with_nine_wildcards():
    """analysis.waits_shapes from eight wildcards (the slow path): 9999m plus 9 wildcards waits, for seven pairs, on
    every kind but 9m, which cannot be drawn a fifth time."""
    assert analysis.waits_shapes(hand("9999m"), 9, SEVEN_PAIRS) == [t for t in range(34) if t != 8]


def test_is_complete_counts_no_wildcard_unless_told():
    """analysis.is_complete's default is no wildcard: 123m456p789s1112z (13 tiles) is not complete; with one
    wildcard it is."""
    c = hand("123m456p789s1112z")
    assert analysis.is_complete(c) is False
    assert analysis.is_complete(c, 1) is True


def test_is_win_any_counts_no_wildcard_unless_told():
    """analysis.is_win_any's default is no wildcard: 123m456p789s1112z (13 tiles) does not win; with one it does."""
    c = hand("123m456p789s1112z")
    assert analysis.is_win_any(c) is False
    assert analysis.is_win_any(c, 1) is True


def test_is_win_any_without_a_pair_needs_the_pair_from_wildcards():
    """The standard shape needs one pair: 12m456p789s111z555z (14 tiles, no pair) does not win with no wildcard;
    with three it does (3m for the run, two wildcards as the pair)."""
    c = hand("12m456p789s111z555z")
    assert analysis.is_win_any(c, 0) is False
    assert analysis.is_win_any(c, 3) is True


def test_is_win_any_values_each_group_on_its_own():
    """analysis.is_win_any with five of a kind (a reading in which a stand-in adds to the real copies): 123p plus
    five 1s is 123p, 111s and the pair 11s; 123s plus five 東 is 123s, 東東東 and the pair 東東. The group next to
    the five (the circles before 1s, the bamboos before 東) still makes its runs."""
    c = hand("123p")
    c[18] = 5  # five 1s
    assert analysis.is_win_any(c) is True
    c = hand("123s")
    c[27] = 5  # five 東
    assert analysis.is_win_any(c) is True


def test_nine_held_four_times_is_never_waited_on_while_a_lower_kind_is():
    """analysis.waits_shapes (waits a player can still draw): 6789999m456p111z waits on 6m only (66m 789m 999m
    456p 111z); 9m, held four times, completes 678m 999m 9m+9m in the table convention but cannot be drawn."""
    c = hand("6789999m456p111z")
    assert analysis.waits(c) == [5, 8]
    assert analysis.waits_shapes(c) == [5]


def test_shanten_of_more_than_fourteen_tiles_says_how_many():
    """analysis.shanten_keys' contract: at most 14 tiles with jokers; 11122233344455m (14 tiles) and one wildcard
    are refused, and the message says the count."""
    with pytest.raises(ValueError) as e:
        analysis.shanten(hand("11122233344455m"), 1)
    assert str(e.value) == "shanten needs at most 14 tiles with jokers, got 15"
