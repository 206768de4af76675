"""The hand analysis (game/rules/analysis.py) and its lookup tables (game/rules/tables.py) in situations their first
tests left open (issue 42: every surviving mutant of the two modules): the slow path from eight wildcards (a hand
that is no shape, a pung that is seven pairs but not seven distinct pairs and never thirteen orphans, a fifth copy
never drawn), the defaults of the public functions, and the table file's format and fallback (analysis.py's and
tables.py's docstrings: complete shapes, waits, shanten, the packed values and the file layout)."""

from __future__ import annotations

import re
import struct
import time

import pytest

from game.rules import analysis, tables, tiles
from tests.helpers.hands import hand
from tests.rules.table_file_util import shipped_sections, table_file

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


def test_a_wildcard_standing_for_a_fifth_copy_makes_a_seven_tile_hand_ready():
    """analysis.shanten_keys' docstring: a wildcard may stand for a fifth copy of a tile held four times, and on
    3k+1 hands that is credited for 0. 東東東東中中 plus one wildcard (7 tiles) is ready: 中 completes it
    (東東東, 中中中, 東 and the wildcard as the pair), so its shanten is 0, not the 1 of a count that forbids a
    fifth 東. Likewise 東東東東 and three wildcards wait on any tile."""
    assert analysis.waits_shapes(hand("1111z55z"), 1) == [31]
    assert analysis.shanten(hand("1111z55z"), 1) == 0
    assert analysis.shanten(hand("1111z"), 3) == 0


@pytest.mark.parametrize("text,drawable", [("2222p13s", "2s"), ("1111p35s", "4s")])
def test_a_ready_hand_with_a_wildcard_fifth_copy_counts_the_drawable_wait(text, drawable):
    """analysis.shanten_keys: with one wildcard, 2222p 1s 3s (and 1111p 3s 5s) are ready (shanten 0): the held four
    make a pung and, with the wildcard as a fifth copy, the pair; the two bamboos wait on a tile that can be drawn
    (2s, 4s). Their other wait, a fifth 2p (1p), cannot be drawn and does not count."""
    c = hand(text)
    assert analysis.waits_shapes(c, 1) == [tiles.tile(drawable)]
    assert analysis.shanten(c, 1) == 0



def test_two_pairs_are_not_pungs_and_a_pair():
    """analysis.is_pungs_and_pair (the concealed part of a 大对子: only pungs and exactly one pair): 111m222p33s44s
    holds two pairs and is not; 111m222p33s444s is."""
    assert analysis.is_pungs_and_pair(hand("111m222p33s44s")) is False
    assert analysis.is_pungs_and_pair(hand("111m222p33s444s")) is True


# ---- the table file (tables.py: header, sections, checks) -------------------------------------------------------

def _refusal(data: bytes) -> str:
    with pytest.raises(tables.TableError) as e:
        tables.deserialize(data)
    return str(e.value)


def test_a_table_file_is_refused_with_what_is_wrong_with_it():
    """tables.deserialize refuses a damaged file saying why: a header alone (16 bytes: nothing to decompress), a
    shorter one, another magic, another format version, a payload that is no zlib stream, a checksum that does not
    match, and data after the last section."""
    shipped = tables.read_resource()
    assert _refusal(shipped[:16]).startswith("table file does not decompress: ")
    assert _refusal(shipped[:15]) == "table file too short"
    assert _refusal(b"XXXX" + shipped[4:]) == "not a table file"
    assert _refusal(table_file(shipped_sections(), version=3)) == "table format 3, expected 2"
    assert _refusal(shipped[:16] + b"not zlib").startswith("table file does not decompress: ")
    damaged = bytearray(shipped)
    damaged[8] ^= 0xFF  # the checksum
    assert _refusal(bytes(damaged)) == "table file checksum mismatch"
    assert _refusal(table_file(shipped_sections(), tail=b"\0\0\0\0")) == "table file has trailing data"


@pytest.mark.parametrize("name,grow", [
    ("win_s", b"\0"),  # a per-key section one key too long
    ("comb", b"\0\0"),  # one closure entry more: no longer whole rows of suit vectors
    ("final", b"\0" * 5),  # one final row more than the closure and honor vectors make
    ("pid_s", b"\0\0"),  # one packed value index more than there are suit keys
])
def test_a_table_section_of_the_wrong_size_is_refused(name, grow):
    """tables.deserialize: each section must have the size the others imply (5**9 suit keys, 5**7 honor keys, whole
    rows of the comb and final tables); one that does not is refused."""
    sections = shipped_sections()
    sections[name] += grow
    assert _refusal(table_file(sections)) == "table file has sections of the wrong size"


def test_a_table_file_without_suit_vectors_is_refused_not_divided_by():
    """tables.deserialize: the comb table has a row per suit distance vector, so a file with none (its checksum
    right) is refused as the wrong size, a TableError that load() falls back from; it used to raise
    ZeroDivisionError (found by at50, issue 42)."""
    sections = shipped_sections()
    sections["vec_s"] = b""
    assert _refusal(table_file(sections)) == "table file has sections of the wrong size"


def test_a_packed_value_index_past_the_values_is_refused():
    """tables.deserialize: each key's packed value is an index into the file's distinct values; an index past them
    is refused."""
    sections = shipped_sections()
    n = len(sections["pval_s"]) // 4
    sections["pid_s"] = struct.pack("<H", n) + sections["pid_s"][2:]
    assert _refusal(table_file(sections)) == "table file has a packed value index out of range"


def test_the_build_command_says_how_long_the_build_took_and_where_it_wrote(tmp_path, monkeypatch, capsys):
    """``python -m game.rules.tables --build`` prints the build's time and size, then the file it wrote. The build
    and the clock are stubbed (the command is what is tested): 2.5 s between the two clock readings, 5,000 bytes."""
    target = tmp_path / "data" / "tables.bin"
    readings = [102.5, 100.0]  # popped from the end: the first reading, then the second (and any later one)
    monkeypatch.setattr(tables, "resource_path", lambda: target)
    monkeypatch.setattr(tables, "build", lambda: None)
    monkeypatch.setattr(tables, "serialize", lambda _t: b"x" * 5000)
    monkeypatch.setattr(time, "perf_counter", lambda: readings.pop() if len(readings) > 1 else readings[0])
    assert tables.main(["--build"]) == 0
    assert capsys.readouterr().out == f"built in 2.5 s, 0.01 MB\nwrote {target}\n"
    assert target.read_bytes() == b"x" * 5000


def test_an_unusable_table_file_is_logged_in_one_exact_warning(caplog, monkeypatch):
    """tables.load falls back to building the tables and logs exactly one warning naming the error (the build is
    stubbed: the fallback is what is tested)."""
    monkeypatch.setattr(tables, "build", lambda: "built")
    with caplog.at_level("WARNING", logger=tables.__name__):
        assert tables.load(b"nonsense, not a table file at all") == "built"
    assert [r.getMessage() for r in caplog.records] == [
        "hand tables unusable (not a table file); building them in memory"]


def test_the_tables_command_help_explains_check(monkeypatch, capsys):
    """``python -m game.rules.tables --help`` explains --check in these exact words."""
    monkeypatch.setenv("COLUMNS", "200")
    with pytest.raises(SystemExit):
        tables.main(["--help"])
    out = capsys.readouterr().out
    assert re.search(r"\n  --check +exit 1 unless the shipped file equals a fresh build\n", out), out


def test_a_table_file_whose_sections_agree_in_size_is_read():
    """tables.deserialize checks the sections' sizes against each other, not what they hold: a file cut down to one
    suit distance vector, three closure entries (whole rows of one) and the three final rows per honor vector they
    imply is read, with one suit vector."""
    sections = shipped_sections()
    n_honor = len(sections["vec_h"]) // 10
    sections["vec_s"] = sections["vec_s"][:10]
    sections["comb"] = struct.pack("<3H", 0, 0, 0)
    sections["final"] = sections["final"][:3 * n_honor * 5]
    t = tables.deserialize(table_file(sections))
    assert (t.n_suit_vec, t.comb_suit, len(t.final)) == (1, [0, 0, 0], 3 * n_honor)
