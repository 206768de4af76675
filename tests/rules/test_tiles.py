"""Tiles and the m/p/s/z notation (rules README): parse, format, clear errors naming the bad part."""

import pytest

from game.rules import tiles
from game.rules.variants.wenshan_shapes import wildcard_of
from tests.helpers.words import tile_en, tile_zh


def test_parse_and_format_round_trip():
    parsed = tiles.parse("123m456p789s11z")
    assert parsed == [0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27]
    assert tiles.fmt(parsed) == "123m456p789s11z"
    assert tiles.fmt(tiles.parse("9p9p4m")) == "99p4m"
    assert tiles.parse("9p9p4m") == [tiles.tile("9p"), tiles.tile("9p"), tiles.tile("4m")]


def test_names():
    assert tiles.name(tiles.tile("5p")) == "5p"
    assert tile_zh(tiles.tile("7z")) == "红中" and tile_zh(tiles.tile("1s")) == "一条"
    assert tile_en(tiles.tile("5z")) == "White"


@pytest.mark.parametrize("text,part", [
    ("123q", "123q"), ("8z", "8z"), ("0m", "0m"), ("123", "no suit letter"), ("12m x3p", "x3p"),
])
def test_bad_notation_names_the_bad_part(text, part):
    with pytest.raises(tiles.NotationError, match=part):
        tiles.parse(text)


def test_tile_sets():
    assert len(tiles.tile_set(tiles.ALL_KINDS)) == 136 and len(tiles.tile_set(tiles.SUITED)) == 108


@pytest.mark.parametrize("indicator,wild", [
    ("3m", "4m"), ("9m", "1m"), ("9s", "1s"), ("1z", "2z"), ("4z", "7z"), ("7z", "6z"), ("6z", "5z"), ("5z", "1z"),
])
def test_wenshan_wildcard_succession(indicator, wild):
    """小鸡 = the tile after the indicator: 9→1 in a suit; 东→南→西→北→中→发→白→东."""
    assert wildcard_of(tiles.tile(indicator)) == tiles.tile(wild)


def test_suit_number_and_honor_of_a_tile_by_the_notation():
    """Tile numbering (rules README, m/p/s/z): 0-8 万, 9-17 筒, 18-26 条, 27-33 东南西北白发中; the helpers
    read a tile's suit (0 万, 1 筒, 2 条, 3 字), its number (1-9, honors 1-7 as in 1z-7z) and honor-ness."""
    cases = {"1m": (0, 1, False), "9m": (0, 9, False), "1p": (1, 1, False), "5p": (1, 5, False),
             "9s": (2, 9, False), "1z": (3, 1, True), "7z": (3, 7, True)}
    for text, (suit, number, honor) in cases.items():
        t = tiles.tile(text)
        assert (tiles.suit_of(t), tiles.number_of(t), tiles.is_honor(t)) == (suit, number, honor), text
        assert tiles.make(number, suit) == t
    assert not tiles.is_honor(26) and tiles.is_honor(27)
