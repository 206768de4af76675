"""Contracts the third fresh mutation sample (docs/mutation-fresh.json, seed 1263748340) found unguarded (issue 42):
the one-line messages of ``score`` input and scenario actions, the order of seven-pairs readings, the tail-take
event's keys and the refusal a seat's view gives for its own drawn tile."""

from __future__ import annotations

import pytest

from game.rules import decompose, events, tiles
from game.rules.actions import InvalidActionError, from_json
from game.rules.codes import Refusal
from game.rules.judge import SituationError, parse_situation
from game.rules.situation import FLAGS
from game.rules.view import view
from tests.rules.chicken_util import score_input
from tests.rules.wenshan_util import start


def _counts(text: str) -> list[int]:
    return tiles.counts(tiles.parse(text))


@pytest.mark.parametrize("data", [[1, 2], "guiyang", None, 7])
def test_score_input_that_is_not_an_object_is_refused_in_one_line(data):
    """docs/cli.md (``score``; guide: bad input gets a clear one-line message): the input must be a JSON object."""
    with pytest.raises(SituationError) as e:
        parse_situation(data)
    assert str(e.value) == "score input must be a JSON object"


def test_score_input_refuses_a_discard_win_from_the_winners_own_seat():
    """docs/cli.md (``score``, ``from``): a discard win names the discarder; seat 1 winning on its own discard is
    refused, the field named in the message."""
    with pytest.raises(SituationError) as e:
        score_input(win="discard", **{"from": 1})
    assert str(e.value) == '"from" cannot be the winner\'s own seat'
    _v, sit = score_input(win="discard", **{"from": 2})  # another seat is fine
    assert sit.source == 2


@pytest.mark.parametrize("flags", [["tianhu"], "last_tile"])
def test_score_input_lists_the_known_flags_when_one_is_unknown(flags):
    """docs/cli.md (``score``, ``flags``): an unknown flag (or flags not given as a list) is refused with the list
    of the known flags, comma-separated."""
    with pytest.raises(SituationError) as e:
        score_input(flags=flags)
    assert str(e.value) == ("flags must be a list of: after_kong, double_kong, last_tile, tian_hu, di_hu, "
                            "declared_ready, discarder_declared, hot, shi_feng, shi_san_yao")
    assert str(e.value).endswith(", ".join(FLAGS))


@pytest.mark.parametrize("seat", ["1", True, 1.0, None])
def test_a_scenario_action_whose_seat_is_no_integer_is_refused(seat):
    """docs/scenarios.md (actions are ``[seat, kind, tiles?]``): a seat that is not an integer (a string, a bool,
    a float) is refused in one line naming the value, before the kind is looked at."""
    with pytest.raises(InvalidActionError) as e:
        from_json([seat, "discard", "5p"])
    assert str(e.value) == f"action seat must be an integer, got {seat!r}"


def test_seven_pairs_readings_come_in_tile_order_joker_pairs_last():
    """decompose: the seven-pairs readings of 112233445566m plus two jokers, in a fixed order (tile by tile, a
    joker-only pair counted after every tile), so hints and scores never depend on set order."""
    out = decompose.seven_pairs_readings(_counts("112233445566m"), 2)
    assert out == [(0, 0, 1, 2, 3, 4, 5), (0, 1, 1, 2, 3, 4, 5), (0, 1, 2, 2, 3, 4, 5), (0, 1, 2, 3, 3, 4, 5),
                   (0, 1, 2, 3, 4, 4, 5), (0, 1, 2, 3, 4, 5, 5), (0, 1, 2, 3, 4, 5, None)]
    assert decompose.seven_pairs_readings(_counts("11m22p"), 10) == [
        (0, 0, 10, 10, None, None, None), (0, 0, 10, None, None, None, None), (0, 10, 10, None, None, None, None),
        (0, 10, None, None, None, None, None)]


def test_a_tail_take_event_names_seat_tile_and_slot():
    """The event schema (game/rules/events.py, TailTakeEvent): a tile taken from the wall's tail says who took it,
    which tile and from which slot, under exactly these keys."""
    assert events.tail_take(2, tiles.tile("5p"), 1) == {"type": "tail_take", "seat": 2, "tile": tiles.tile("5p"),
                                                         "slot": 1}


def test_a_seat_is_told_its_drawn_tile_is_no_win():
    """view ``win_refusal`` (advice): wenshan, seat 3 to move holds a drawn tile that completes nothing, so its own
    view says NOT_A_WIN; a seat that is not to move is told nothing."""
    st = start()
    assert st.turn == 3 and st.seats[3].drawn is not None
    assert view(st, 3)["win_refusal"] == Refusal.NOT_A_WIN
    assert view(st, 0)["win_refusal"] is None


def test_the_viewers_own_chickens_show_its_charging_chicken_apart():
    """chicken.md (冲锋鸡, the 鸡 panel's own chickens): guiyang, seat 0 led 1s unclaimed (冲锋鸡, worth 2) and
    discarded 1s again (幺鸡, 1), just before seat 1's self-drawn win: its own list shows the two apart, the
    charge found by seat 0's own discard."""
    from game.rules.fowl_view import outlook
    from tests.rules.chicken_hands import A_ACTIONS, A_HANDS
    from tests.rules.chicken_util import decline, play_until
    from tests.rules.chicken_util import start as chicken_start

    st = decline(play_until(chicken_start("guiyang", A_HANDS, front="1s9m7z6s8p6p"), A_ACTIONS[:-1]))
    o = outlook(view(st, 0))
    assert sorted((f.key, tiles.name(f.tile), f.unit, f.count, f.where) for f in o.mine) == [
        ("chong_feng_ji", "1s", 2, 1, "discard"), ("yao_ji", "1s", 1, 1, "discard")]
