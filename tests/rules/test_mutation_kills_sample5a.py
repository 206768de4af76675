"""Contracts the fifth fresh mutation sample (docs/mutation-fresh.json, seed 136743028) found unguarded (issue 42):
the 憨包豆 of a fourth tile drawn onto a pung and kept, a tile written on a claim that is not a kong, a scenario wall
that adds a fifth copy, the score input's wildcard and dealer_streak refusals, and a saved hand without its dealer."""

from __future__ import annotations

import json

import pytest

from game.rules import engine, tiles
from game.rules.actions import Action, IllegalActionError
from game.rules.judge import SituationError
from game.rules.match import Match, play_hand, replay_match
from game.rules.variants import get
from tests.rules.chicken_util import act, decline, kinds, play_until, score_input, start

t = tiles.tile

# guiyang: dealer 0 leads 6p, seat 1 (6p6p ...) pungs it and lets 9p go (the B2 deal of test_chicken_beans)
_B2 = ["6p1m4m7m2p5p3s6s9s7z1p4p8m9m", "6p6p123m789m345s5s9p", "2222s345m234p9m4s5s", "3s1m4m7m5p8s7z7z9s6m2m1p7s"]
_PUNG_6P = [[0, "discard", "6p"], [1, "pung"], [1, "discard", "9p"], [2, "discard", "6m"], [3, "discard", "2m"],
            [0, "discard", "5m"]]


def test_a_fourth_tile_drawn_onto_a_pung_and_kept_makes_a_late_added_kong():
    """chicken.md 憨包豆 (a kong declared later than the turn in which its fourth tile was drawn): seat 1 pungs 6p,
    draws the fourth 6p in its next turn and keeps it (lets 5s go); adding it one turn later is late: the meld
    is marked and saved as delayed. (engine._turn_started__mutmut_23 looked for the pung among the other melds.)"""
    st = start("guiyang", _B2, front="6m2m5m6p8s9s3m1p", back="1m")
    play_until(st, _PUNG_6P)
    assert st.turn == 1 and st.seats[1].drawn == t("6p") and "kong" in kinds(st, 1)
    for seat, tile in ((1, "5s"), (2, "8s"), (3, "9s"), (0, "3m")):
        act(st, seat, "discard", tile)
        decline(st)
    assert st.turn == 1 and st.seats[1].drawn == t("1p")
    act(st, 1, "kong", "6p")
    m = st.seats[1].melds[0]
    assert (m.kind, tiles.name(m.face), m.late) == ("added_kong", "6p", True)
    assert m.to_json()["delayed"] is True


def test_a_claim_written_with_a_tile_is_no_kong_unless_it_is_a_kong():
    """engine.normalize ("kong T" on a discard stands for the kong of that discard, whose action has no tile):
    guiyang, seat 1 holds 666p and dealer 0 discards the fourth 6p. "kong 6p" is the kong; "pung 6p" and
    "discard 6p" stand for no legal action and are refused, nothing taken (engine.normalize__mutmut_53 made them
    kongs)."""
    st = start("guiyang", ["6p1m4m7m2p5p3s6s9s7z1p4p8m9m", "6p6p6p123m789m345s5s", "2222s345m234p9m4s5s",
                           "3s1m4m7m5p8s7z7z9s6m2m1p7s"], front="6m2m5m3m", back="1m")
    act(st, 0, "discard", "6p")
    assert st.phase == "claim" and engine.acting_seats(st) == [1]
    assert engine.normalize(st, Action(1, "kong", t("6p"))) == Action(1, "kong")
    with pytest.raises(IllegalActionError) as e:
        engine.apply(st, Action(1, "pung", t("6p")))
    assert str(e.value) == "1 pung 6p is not legal now (seat 1 may: kong, pass, pung; possible: 1 pung)"
    with pytest.raises(IllegalActionError) as e:
        engine.apply(st, Action(1, "discard", t("6p")))
    assert str(e.value) == "1 discard 6p is not legal now (seat 1 may: kong, pass, pung)"
    assert st.phase == "claim" and st.seats[1].melds == []


def test_a_scenario_wall_that_adds_a_fifth_copy_is_refused():
    """docs/file-formats.md (scenarios: every tile fixed, from the variant's tile set): new_hand counts the
    wall's tiles with the hands', so a wall holding 1p twice beside seat 0's 111p is refused, naming the tile and
    the count (engine.new_hand__mutmut_55 checked an empty wall)."""
    v = get("guiyang")
    hands = [tiles.parse(h) for h in ("123m456m789m111p22p", "123m456m789m333p4p", "123s456s789s555p6p",
                                      "123s456s789s777p8p")]
    with pytest.raises(engine.ScenarioError) as e:
        engine.new_hand(v, v.resolve_options({}), dealer=0, hands=hands, wall=[t("1p"), t("1p")])
    assert str(e.value) == "tile 1p appears 5 times (max 4)"


def test_score_input_refuses_a_wildcard_of_two_tiles_in_one_line():
    """docs/cli.md (``score``, ``wildcard``: the 小鸡 tile): a wildcard naming two tiles is refused with a message
    that says it names one tile (parse_situation__mutmut_293 raised a message-less error)."""
    with pytest.raises(SituationError) as e:
        score_input(wildcard="9s1m")
    assert str(e.value) == "wildcard names one tile"


@pytest.mark.parametrize("streak", [-1, -5, True, "2"])
def test_score_input_refuses_a_dealer_streak_below_zero(streak):
    """docs/cli.md (``score``, ``dealer_streak``: hands in a row the dealer kept the seat, default 0): a negative
    count is refused like a non-number (parse_situation__mutmut_321 let any negative int through)."""
    with pytest.raises(SituationError) as e:
        score_input(dealer_streak=streak)
    assert str(e.value) == "dealer_streak must be a whole number >= 0"
    assert score_input(dealer_streak=2)[1].dealer_streak == 2


def test_a_saved_hand_without_its_dealer_replays_with_the_rules_dealer():
    """docs/file-formats.md (``.dealer``: checked on replay): a hand record that does not name its dealer is
    replayed with the dealer the rules give (a wenshan match of two hands, seed 5, every seat taking its first
    legal action); only a recorded dealer that differs is refused (replay_match__mutmut_34 refused a missing one)."""
    v = get("wenshan")
    m = Match(v, None, seed=5, hands=2)
    for _ in range(2):
        play_hand(m, lambda st, seat, legal: legal[0])
    data = json.loads(json.dumps(m.to_json()))
    for rec in data["hands_played"]:
        del rec["dealer"]
    again = replay_match(v, data)
    assert [r["dealer"] for r in again.records] == [r["dealer"] for r in m.records]
    assert again.scores == m.scores
