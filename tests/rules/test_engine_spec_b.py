"""The round engine (game/rules/engine.py) in situations its tests left open (issue 42: every survivor among the
engine mutants of the functions from _open_window on, in name order): the win event of a 胡 on a discard, the
refusals of actions that are not legal and their wording, a declared player's only discard (chicken.md 报听), the
default seed, and the dealer's first tile (all 697 run: 648 killed, 49 listed as equivalent)."""

from __future__ import annotations

import pytest

from game.rules import engine, scenario, tiles
from game.rules.actions import Action, IllegalActionError, InvalidActionError
from game.rules.codes import ActionProblem
from game.rules.variants import get
from game.rules.view import pending_state
from tests.rules.chicken_hands import OPENING, S0, S1, S2_JUNK, S3
from tests.rules.chicken_util import decline, play_until
from tests.rules.chicken_util import start as cstart
from tests.rules.wenshan_util import act, concealed_kong_win, kong_deal
from tests.rules.yuxi_util import act as yact
from tests.rules.yuxi_util import rob_scenario
from tests.rules.yuxi_util import start as ystart

t = tiles.tile


def _rob_window_with_two_robbers():
    """yuxi, 3 players (rob_scenario): seat 1 adds its fourth 4s; seats 2 and 0 may rob it (the state there)."""
    st, acts = scenario.start(rob_scenario(3, second_robber=True))
    for a in acts[:-2]:
        while engine.normalize_or_none(st, a) is None:  # decline the prompts the script does not take
            engine.apply(st, Action(engine.acting_seats(st)[0], "pass"))
        engine.apply(st, a)
    assert (st.phase, engine.acting_seats(st)) == ("rob", [2, 0])
    return st


def test_the_win_event_of_a_win_on_a_discard_names_the_discarder():
    """events.win: a 胡 on a discard names the seat that discarded the tile ("from"), as the table's caption and the
    settlement need. wenshan: seat 0 konges 7p and throws 3p; seat 2 wins 小七对 硬功 on seat 1's 7s."""
    st = kong_deal()
    act(st, 3, "discard", "2p")
    act(st, 0, "kong", "7p")
    act(st, 0, "discard", "3p")
    act(st, 1, "discard", "7s")
    _, emitted = act(st, 2, "hu")
    assert emitted[0] == {"type": "win", "seat": 2, "tile": 24, "how": "discard", "from": 1,
                          "patterns": ["qi_dui", "ying_gong"]}


def test_what_is_not_an_action_or_comes_after_the_hand_or_from_the_wrong_seat_is_refused_with_its_reason():
    """engine.normalize (apply's check): something that is not an Action is malformed and says what it got; any
    action once the hand is over is refused as such; a seat with no decision is told whose decision it is (one
    seat, or several: "seats 2, 0" in the order they are asked). yuxi, 3 players: seat 1 adds its fourth 4s
    and seats 2 and 0 may both rob it; wenshan: seat 2 wins on seat 1's 7s."""
    st = _rob_window_with_two_robbers()
    with pytest.raises(InvalidActionError) as e:
        engine.normalize(st, "2 hu")
    assert (str(e.value), e.value.code) == ("not an action: '2 hu'", ActionProblem.MALFORMED)
    with pytest.raises(IllegalActionError) as e:
        engine.normalize(st, Action(1, "pass"))
    assert (str(e.value), e.value.code) == ("seat 1 has no decision now (waiting for seats 2, 0)",
                                            ActionProblem.NO_DECISION)
    st = kong_deal()
    with pytest.raises(IllegalActionError) as e:
        engine.normalize(st, Action(0, "discard", t("8m")))
    assert (str(e.value), e.value.code) == ("seat 0 has no decision now (waiting for seat 3)",
                                            ActionProblem.NO_DECISION)
    st = concealed_kong_win()
    with pytest.raises(IllegalActionError) as e:
        engine.normalize(st, Action(0, "discard", t("8m")))
    assert (str(e.value), e.value.code) == ("the hand is over", ActionProblem.HAND_OVER)
    st = kong_deal()
    p = pending_state(st, Action(3, "discard", t("2p")))  # a window shown to all, nobody may claim 2p
    assert p is not None and (p.phase, engine.acting_seats(p)) == ("claim", [])
    with pytest.raises(IllegalActionError) as e:
        engine.normalize(p, Action(0, "pass"))
    assert str(e.value) == "seat 0 has no decision now (waiting for seats -)"


def test_an_action_the_seat_may_not_take_is_refused_with_what_it_may_take():
    """engine.normalize: an action not offered is refused with the kinds the seat may take, and, for a kind it may
    take, the forms it may take it in (the tiles it may discard; the chows it may make). A chow needs its tiles, a
    pung written with a chow's tiles is not that chow, and a kong written with the discarded tile is the kong of it
    only when that kong is offered. yuxi: seat 1 holds 3456m 4m and may pung or chow seat 0's 4m; wenshan: seat 0,
    holding 7777p, may discard or kong after the dealer's discard."""
    st = ystart(["4m+", "3456m4m+", None, None])
    yact(st, 0, "discard", "4m")
    assert [a.kind for a in engine.legal_actions(st, 1)] == ["pung", "chow", "chow", "pass"]
    for a, msg in [
        (Action(1, "chow"),
         "1 chow is not legal now (seat 1 may: chow, pass, pung; possible: 1 chow 345m, 1 chow 456m)"),
        (Action(1, "pung", None, tuple(tiles.parse("345m"))),
         "1 pung is not legal now (seat 1 may: chow, pass, pung; possible: 1 pung)"),
        (Action(1, "kong", t("4m")), "1 kong 4m is not legal now (seat 1 may: chow, pass, pung)"),
    ]:
        with pytest.raises(IllegalActionError) as e:
            engine.normalize(st, a)
        assert (str(e.value), e.value.code) == (msg, ActionProblem.NOT_LEGAL)
    st = kong_deal()
    act(st, 3, "discard", "2p")
    with pytest.raises(IllegalActionError) as e:
        engine.normalize(st, Action(0, "discard", t("8p")))
    assert str(e.value) == "0 discard 8p is not legal now (seat 0 may: discard, kong; may discard 58m7p149s1236z)"


def test_a_declared_player_who_draws_a_winning_tile_may_win_or_throw_only_that_tile():
    """chicken.md 报听: afterwards the player can no longer change the hand; each drawn tile is discarded unless it
    wins. guiyang: seat 1 declared on 123m456m789m 1s1s 4p4p (waits 1s/4p) and draws the last 4p: it may 胡, and
    if it does not, its only discard is that 4p (variant.discard_choices, offered by the engine)."""
    st = cstart("guiyang", [S0, S1, S2_JUNK, S3], front="4p2s3p6m4p")
    play_until(st, OPENING + [[0, "discard", "6m"]])
    decline(st)
    assert (st.phase, st.turn, st.seats[1].declared, st.seats[1].drawn) == ("turn", 1, True, t("4p"))
    assert engine.legal_actions(st, 1) == [Action(1, "hu"), Action(1, "discard", t("4p"))]


def test_a_hand_dealt_without_a_seed_is_the_hand_of_seed_0():
    """engine.new_hand: all randomness comes from the hand seed, 0 unless given, so a deal without one is the same
    every time: the deal of seed 0 (wenshan, default options)."""
    v = get("wenshan")
    opts = v.resolve_options({})
    st, _ = engine.new_hand(v, opts)
    zero, _ = engine.new_hand(v, opts, seed=0)
    assert st.seed == 0
    assert ([s.concealed() for s in st.seats], st.wall) == ([s.concealed() for s in zero.seats], zero.wall)


def test_the_dealers_last_dealt_tile_is_its_first_drawn_tile():
    """engine.new_hand: the dealer does not draw on its first turn; the last tile dealt to it plays the drawn tile's
    part (shown apart, the tile a 天胡 is won on). wenshan, dealer 3 dealt 4s369m258p36s13z28s and last 2p."""
    st = kong_deal()
    assert (st.turn, st.phase, st.seats[3].drawn) == (3, "turn", t("2p"))
