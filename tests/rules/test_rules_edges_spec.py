"""The rules core's edges that no other selected test reaches (issue 42: mutants on lines the mutation test
selection never executed): the one-line messages for bad scenario, action, option and tile input
(shared/spec/cli.md), a table file with a section of the wrong size, the little-endian table format on a
big-endian host, wins with more wildcards than the lookup table holds, the extra state a copy must not share,
the advice when the hand is over or the only move is a forced 天胡, a hand holding all four of a tile, wenshan's
missing wildcard, yuxi's two sequence wins at once, 抢杠包两家 at a two-player table, and the chicken games'
one-suit and 地龙 tests (chicken.md)."""

from __future__ import annotations

import sys
from array import array
from typing import cast

import pytest

from game.rules import analysis, engine, options, scenario, tables, tiles
from game.rules.actions import Action, InvalidActionError, from_json
from game.rules.advice import Advice, advise, tracker
from game.rules.codes import Refusal
from game.rules.judge import judge
from game.rules.kinds import MeldKind, Phase, WinBy
from game.rules.state import Meld
from game.rules.variants import chicken_patterns, get
from game.rules.variants.chicken import ChickenGame
from game.rules.variants.chicken_patterns import pattern_name
from game.rules.view import view
from tests.helpers.scen import scenario_dict
from tests.helpers.words import en, zh
from tests.rules.chicken_hands import J3, S0, S2_JUNK, S3
from tests.rules.chicken_util import start as chicken_start
from tests.rules.table_file_util import shipped_sections, table_file

t = tiles.tile

# ---- bad input, said in one line (shared/spec/cli.md: a scenario or an action that cannot be read) ----------

@pytest.mark.parametrize("item, message", [
    ([0], "an action is [seat, kind] or [seat, kind, tiles], got [0]"),
    ([0, "fly"], "unknown action 'fly' (one of discard, chow, pung, kong, hu, pass, declare_ready)"),
    ([0, "pass", "5p"], "pass takes no tiles, got '5p'"),
    ([0, "chow", "34m"], "chow needs three tiles, got '34m'"),
    ([0, "discard", "55p"], "discard takes one tile, got '55p'"),
])
def test_a_malformed_action_is_refused_naming_what_is_wrong(item, message):
    """An action is [seat, kind] or [seat, kind, tiles]: a wrong length, an unknown kind (the known ones listed),
    tiles given to a kind that takes none, a chow that is not three tiles, a discard that is not one tile."""
    with pytest.raises(InvalidActionError) as e:
        from_json(item)
    assert str(e.value) == message


@pytest.mark.parametrize("data, message", [
    ({"variant": "wenshan"}, "scenario needs 'hands'"),
    ({"variant": "nope", "hands": []}, "unknown variant 'nope' (known: wenshan, kunming, yuxi, guiyang, zhuoji)"),
    ({"variant": "wenshan", "hands": [], "options": [1]}, "options must be an object"),
    ({"variant": "wenshan", "hands": [], "options": {"base": 0}}, "option base must be at least 1, got 0"),
    ({"variant": "wenshan", "hands": ["5q"]}, "bad tile notation '5q' in '5q' (write tiles like 123m456p7z)"),
    ({"variant": "wenshan", "hands": [], "actions": [[0, "fly"]]},
     "action 0: unknown action 'fly' (one of discard, chow, pung, kong, hu, pass, declare_ready)"),
    # "players" is the count itself (cli.md writes it as a number): text or a truth value is refused as such
    ({"variant": "wenshan", "hands": [], "players": "3"}, "players must be a whole number, not '3'"),
    ({"variant": "wenshan", "hands": [], "players": True}, "players must be a whole number, not True"),
    ({"variant": "wenshan", "hands": [], "players": 3, "options": {"players": 4}},
     "players and options.players disagree"),
])
def test_a_scenario_that_cannot_be_read_says_why_in_one_line(data, message):
    """shared/spec/cli.md scenarios: a missing key, an unknown variant, options that are not an object or hold a
    bad value, bad tile notation in a hand, a bad action (with its index), a player count that is not a number
    or disagrees with options.players."""
    with pytest.raises(scenario.ScenarioError) as e:
        scenario.load(data)
    assert str(e.value) == message


def test_a_scripted_action_by_a_seat_that_is_not_on_turn_is_refused():
    """The script's first action is seat 1's discard while the dealer (seat 0) has 14 tiles and must discard."""
    data = scenario_dict("guiyang", [S0, "4444p56p234m678m9s", S2_JUNK, S3], actions=[[1, "discard", "9s"]])
    with pytest.raises(scenario.ScenarioError) as e:
        scenario.run(data)
    assert str(e.value) == "action 0 1 discard 9s: not legal now, seat 0 must discard first"


def test_a_scripted_action_after_the_hand_ended_is_refused():
    """chicken.md 天胡: the dealer wins at once; a discard scripted after that win is refused, naming it."""
    hands = ["123m456m789m234p55s", "1m4m7m1p4p7p2s5s8s3m6m9m2p", J3, "1m4m7m2p5p7z3s6s9s2m5m8m3p"]
    data = scenario_dict("guiyang", hands, front="2m", actions=[[0, "hu"], [1, "discard", "2p"]])
    with pytest.raises(scenario.ScenarioError) as e:
        scenario.run(data)
    assert str(e.value) == "action 1 1 discard 2p: the hand is already over"


def test_option_and_tile_input_errors_name_the_input():
    """--opt needs key=value; a number option refuses on/off (True); one tile is one tile; notation is text;
    a tile kind is 0-33."""
    with pytest.raises(options.OptionError) as e:
        options.parse_kv(["soft_lan"])
    assert str(e.value) == "--opt takes key=value, got 'soft_lan'"
    with pytest.raises(options.OptionError) as e:
        get("wenshan").table_options({"base": True})
    assert str(e.value) == "option base takes a number, got True"
    with pytest.raises(tiles.NotationError) as e:
        tiles.tile("12m")
    assert str(e.value) == "expected one tile, got '12m'"
    with pytest.raises(tiles.NotationError) as e:
        tiles.parse(cast(str, 5))
    assert str(e.value) == "tile notation must be a string, got int"
    with pytest.raises(tiles.NotationError) as e:
        tiles.fmt([34])
    assert str(e.value) == "not a tile kind: 34"


# ---- the table file ------------------------------------------------------------------------------------------

def _with_section_grown(name: str) -> bytes:
    """The shipped table file with one byte added to section ``name`` (length and checksum made right)."""
    sections = shipped_sections()
    sections[name] += b"\0"
    return table_file(sections)


def test_a_table_section_that_is_not_whole_numbers_is_refused():
    """A table file whose 16-bit section (comb) holds an odd number of bytes, checksum right, is refused."""
    with pytest.raises(tables.TableError) as e:
        tables.deserialize(_with_section_grown("comb"))
    assert str(e.value) == "table file has sections of the wrong size"


def test_a_big_endian_host_writes_and_reads_the_table_format_little_endian(monkeypatch):
    """The table file is little-endian on every host: on a big-endian one the writer swaps a copy (the caller's
    array is left as it was) and the reader swaps back. Simulated by making sys.byteorder say "big"."""
    a = array("H", [1, 0x0203])
    monkeypatch.setattr(sys, "byteorder", "big")
    data = tables._le(a)
    back = tables._from_le("H", data)
    monkeypatch.undo()
    assert a.tolist() == [1, 0x0203]
    swapped = array("H", [1, 0x0203])
    swapped.byteswap()
    assert data == swapped.tobytes()
    assert back.tolist() == [1, 0x0203]


# ---- wins with many wildcards --------------------------------------------------------------------------------

@pytest.mark.parametrize("jokers, wins", [(16, False), (17, True), (18, False), (20, True)])
def test_wildcards_beyond_the_lookup_table_are_counted_directly(jokers, wins):
    """The win table holds 0-15 wildcards; with more the answer is computed: 123m plus wildcards wins when the
    wildcards make a pair and whole sets (2 + 3k of them)."""
    counts = tiles.counts(tiles.parse("123m"))
    k0, k1, k2, k3 = analysis.keys_of(counts)
    assert analysis.is_win_keys(k0, k1, k2, k3, jokers) is wins
    assert analysis.is_win_any(counts, jokers) is wins
    big = counts[:]
    big[0] = 5  # a reading with five 1m (stand-ins added to real copies): 111m 11m 23m + wildcards
    assert analysis.is_win_any(big, jokers) is (jokers % 3 == 1)


# ---- copies ----------------------------------------------------------------------------------------------------

def test_a_copied_state_has_its_own_sets_in_extra():
    """HandState.copy (the bots' look-ahead): a set kept in ``extra`` is copied, not shared; the copy starts equal."""
    st = chicken_start("guiyang", [S0, "4444p56p234m678m9s", S2_JUNK, S3])
    st.extra["seen"] = {1, 2}
    st.seats[1].extra["seen"] = {3}
    c = st.copy()
    assert c.extra["seen"] == {1, 2} and c.seats[1].extra["seen"] == {3}
    c.extra["seen"].add(9)
    c.seats[1].extra["seen"].add(9)
    assert st.extra["seen"] == {1, 2} and st.seats[1].extra["seen"] == {3}


# ---- advice --------------------------------------------------------------------------------------------------

def test_advice_counts_waits_after_a_tile_held_four_times():
    """A tile held four times cannot be waited on, and the tiles after it still are: seat 1 holds
    4444p 56p 234m 678m 9s, waiting only on 9s (3 unseen: one lies in seat 3's hand)."""
    st = chicken_start("guiyang", [S0, "4444p56p234m678m9s", S2_JUNK, S3])
    adv = advise(view(st, 1))
    assert [(tiles.name(w.tile), w.unseen) for w in adv.waits] == [("9s", 3)]


def test_advice_for_a_forced_tian_hu_is_the_tracker_alone():
    """chicken.md 天胡 cannot be passed: the dealer's only move is 胡, so no discard is advised and no waits;
    the advice is the tile tracker alone."""
    hands = ["123m456m789m234p55s", "1m4m7m1p4p7p2s5s8s3m6m9m2p", J3, "1m4m7m2p5p7z3s6s9s2m5m8m3p"]
    st = chicken_start("guiyang", hands, front="2m")
    vw = view(st, 0)
    assert [a.kind for a in vw["legal"]] == ["hu"]
    assert advise(vw) == Advice(tracker=tracker(vw))


def test_advice_after_the_hand_is_the_tracker_alone():
    """Once the hand is over (here the dealer's 天胡) every seat's advice is the tile tracker alone."""
    hands = ["123m456m789m234p55s", "1m4m7m1p4p7p2s5s8s3m6m9m2p", J3, "1m4m7m2p5p7z3s6s9s2m5m8m3p"]
    st = chicken_start("guiyang", hands, front="2m")
    engine.apply(st, Action(0, "hu"))
    vw = view(st, 2)
    assert vw["phase"] == Phase.END
    assert advise(vw) == Advice(tracker=tracker(vw))
    assert sum(advise(vw).tracker) > 0


# ---- scoring edges ---------------------------------------------------------------------------------------------

_SITUATION = {"options": {}, "players": 4, "dealer": 0, "seat": 1, "melds": [], "win": "self_draw", "flags": []}


def test_wenshan_needs_its_wildcard_to_score():
    """wenshan.md: every hand is scored against the wildcard; a situation that names none is refused with
    NEEDS_WILDCARD."""
    _v, _sit, sc = judge(dict(_SITUATION, variant="wenshan", hand="123m456m789m123p55s", win_tile="5s"))
    assert not sc.valid and sc.refusal == Refusal.NEEDS_WILDCARD


def test_yuxi_refuses_both_sequence_wins_at_once():
    """yuxi.md 十风 and 十三幺 (wins by the sequence of discards) exclude each other: flags naming both are refused
    with SEQUENCE_BOTH."""
    _v, _sit, sc = judge(dict(_SITUATION, variant="yuxi", options={"with_honors": True}, hand="1357m1357p13s1234z",
                              win_tile="1z", flags=["shi_feng", "shi_san_yao"]))
    assert not sc.valid and sc.refusal == Refusal.SEQUENCE_BOTH


@pytest.mark.parametrize("zimo_double, zh_text, en_text, points", [
    (True, "抢杠 10 自摸翻倍×2", "Robbing the kong 10 self-draw ×2", 20),
    (False, "抢杠 10", "Robbing the kong 10", 10),
])
def test_guiyang_robbed_kong_at_two_players(zimo_double, zh_text, en_text, points):
    """chicken.md 抢杠包两家 at a two-player table: the robbed player is the only payer, so the line names no
    ×(players - 1); with 自摸翻倍 it says ×2 and pays 20 for 抢杠 10, without it 10 and no suffix."""
    g = cast(ChickenGame, get("guiyang"))
    opts = g.resolve_options({"players": 2, "zimo_double": zimo_double})
    assert opts["rob_pays_all"]
    lines = chicken_patterns.hand_lines(g.table, opts, 2, 0, 0, 1, WinBy.ROB_KONG, 0,
                                        ("ping_hu", pattern_name(g.table, "ping_hu"), 0), ["qiang_gang"], None)
    assert [(ln.key, zh(ln.text), en(ln.text), ln.payer, ln.payee, ln.points) for ln in lines][1:] == [
        ("qiang_gang", zh_text, en_text, 0, 1, points)]
    assert zh(lines[0].text) == "平胡 0" + zh_text[len("抢杠 10"):]


def test_one_suit_has_no_honor_but_red_dragon():
    """chicken_patterns.is_flush: one suit, 红中 ignored; any other honor (a wind) is no 清一色."""
    counts = tiles.counts(tiles.parse("123456789m11m"))
    east = counts[:]
    east[t("1z")] = 3
    red = counts[:]
    red[t("7z")] = 3
    assert chicken_patterns.is_flush(counts, []) and chicken_patterns.is_flush(red, [])
    assert not chicken_patterns.is_flush(east, [])


def test_di_long_needs_exactly_the_fourth_tile_and_five_pairs():
    """chicken.md 地龙: five pairs plus a claimed pung, won on the pung's fourth tile; four pairs (9 tiles
    beside the pung) or a hand holding the fourth tile twice is no 地龙."""
    pung = Meld(MeldKind.PUNG, tuple(tiles.parse("5s5s5s")), tuple(tiles.parse("5s5s5s")), from_seat=2)
    five = tiles.counts(tiles.parse("11m33m55p77p99s5s"))
    assert chicken_patterns.di_long(five, [pung], t("5s"))
    four = tiles.counts(tiles.parse("11m33m55p77p5s"))
    assert not chicken_patterns.di_long(four, [pung], t("5s"))
    twice = tiles.counts(tiles.parse("11m33m55p77p9s5s5s"))
    assert not chicken_patterns.di_long(twice, [pung], t("5s"))
