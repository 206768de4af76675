"""Contracts the fourth fresh mutation sample (docs/mutation-fresh.json, seed 1032078607, survivors 10-18) found
unguarded (issue 42): the message for a table file whose packed-index section has the wrong size, who the chicken
settlement names as burned (烧) when a 抢杠 burns only beans or only chickens, every kong of a 杠上炮 turn
itemized as cancelled (wenshan), a yuxi kong with one hidden tile left behind the face-up tail, and the view's
``awaiting`` flag outside a claim window."""

from __future__ import annotations

import pytest

from game.rules import scenario, tables, tiles
from game.rules.view import view
from tests.helpers.scen import scenario_dict
from tests.rules.chicken_util import run as chicken_run
from tests.rules.table_file_util import shipped_sections, table_file
from tests.rules.wenshan_util import H1, H2, H3
from tests.rules.yuxi_util import kinds
from tests.rules.yuxi_util import run as yuxi_run
from tests.rules.yuxi_util import start as yuxi_start

t = tiles.tile


def test_table_file_with_a_short_packed_index_section_is_named():
    """A table file whose checksum holds but whose suit packed-index section (pid_s) lacks one entry is refused in
    one line naming the fault (guide: "bad input gets a clear one-line message"; load() logs it and rebuilds)."""
    parts = shipped_sections()
    assert tables.deserialize(table_file(parts)).win_suit  # the re-packed file itself is fine
    parts["pid_s"] = parts["pid_s"][:-2]  # one uint16 index fewer than 5**9 keys
    with pytest.raises(tables.TableError) as e:
        tables.deserialize(table_file(parts))
    assert str(e.value) == "table file has sections of the wrong size"


# 抢杠 (guiyang): seat 1 pungs dealer 0's 6p, konges 5555m at once (闷豆), later adds the fourth 6p: seat 2 robs it.
ROB_HANDS = ["6p1m4m7m2p3s6s9s7z4p8m2m7z3m", "5555m6p6p1s1s234s9m7m", "234m678m345s5p9s9s1p",
             "9p1m4m7m2p5s8s7z3p6m2s1p7s"]
ROB_ACTIONS = [[0, "discard", "6p"], [1, "pung"], [1, "kong", "5m"], [1, "discard", "7m"], [2, "discard", "1p"],
               [3, "discard", "3m"], [0, "discard", "3p"], [1, "kong", "6p"], [2, "hu"]]


@pytest.mark.parametrize("options, burned", [
    ({}, []),
    ({"rob_burns_beans": True}, [1]),
    ({"rob_burns_chickens": True}, [1]),
    ({"rob_burns_beans": True, "rob_burns_chickens": True}, [1]),
])
def test_guiyang_rob_names_the_robbed_seat_burned_when_either_option_burns(options, burned):
    """chicken.md 烧: the robbed player of a 抢杠 is burned in guiyang only with rob_burns_beans / rob_burns_chickens;
    the settlement's ``burned`` lists every seat burned in beans or in chickens: seat 1 (robbed of its added 6p by
    seat 2) with either option alone, nobody with neither."""
    st = chicken_run("guiyang", ROB_HANDS, front="7p3m3p6p6s", back="9m", actions=ROB_ACTIONS, options=options)
    assert (st.wins[0].seat, st.wins[0].how, st.wins[0].source) == (2, "rob_kong", 1)
    assert st.settlement.info["burned"] == burned


def test_wenshan_gang_shang_pao_cancels_every_kong_of_that_turn():
    """wenshan.md 杠上炮 (discarding after a kong replacement and dealing in: that kong scores 0). Seat 0 (dealer
    seat 3) konges 7777p, then 5555m in the same turn, and its 4s after the second replacement deals into seat 2's
    平胡 硬功 (2 from each): both kongs are itemized as cancelled (0), none pays kong points."""
    hands = ["7777p5555m4s19s8m6z", H1, H2, H3]
    data = scenario_dict("wenshan", hands, front="9p", back="3p6p", flip="4z", dealer=3,
                         actions=[[3, "discard", "2p"], [0, "kong", "7p"], [0, "kong", "5m"], [0, "discard", "4s"],
                                  [2, "hu"]])
    st = scenario.run(data)
    assert [(m.kind, tiles.name(m.face)) for m in st.seats[0].melds] == [("concealed_kong", "7p"),
                                                                        ("concealed_kong", "5m")]
    assert (st.wins[0].seat, st.wins[0].source, st.wins[0].score.total) == (2, 0, 2)
    assert [(i.seat, i.points) for i in st.settlement.items if i.key == "gang_shang_pao"] == [(0, 0), (0, 0)]
    assert not [i for i in st.settlement.items if i.key == "an_gang"]
    assert st.settlement.deltas == [-2, -2, 6, -2]


def test_yuxi_kong_with_one_hidden_tile_behind_the_face_up_tail():
    """yuxi.md 翻屁股: after a kong a face-up tail tile that completes the hand is the replacement (杠上花), else a
    blind draw from the front. A scenario wall of three tiles (one hidden 9s, the two face-up 6s 8s): the
    dealer's 1111m 234m 567m 789p 6s may kong 1m (the 6s wins), and the kong ends in the automatic 杠上花 on 6s,
    平胡 + 杠上花 = 2^(0+1) = 2 from each."""
    hands = ["1111m234m567m789p6s", None, None, None]
    st = yuxi_start(hands, front="9s", tail="6s8s", fill=False)
    assert st.remaining == 3 and "kong" in kinds(st, 0)
    st = yuxi_run(hands, [[0, "kong", "1m"]], front="9s", tail="6s8s", fill=False)
    w = st.wins[0]
    assert (w.seat, tiles.name(w.tile), w.score.main_key, w.score.total) == (0, "6s", "gang_shang_hua", 2)
    assert st.settlement.deltas == [6, -2, -2, -2]


def test_view_awaiting_is_false_outside_a_claim_window():
    """game.rules.view (View.awaiting: bool, sent as is in the ``state`` message): in a turn, and at the hand's
    end, no seat is awaiting a claim window's outcome: the flag is False, not merely falsy."""
    st = yuxi_start(["1111m234m567m789p6s", None, None, None])
    assert st.phase == "turn"
    assert [view(st, s)["awaiting"] for s in range(4)] == [False] * 4
    assert all(view(st, s)["awaiting"] is False for s in range(4))


def test_yuxi_no_kong_when_the_wall_is_only_the_two_face_up_tail_tiles():
    """yuxi.md 翻屁股 [D] "when one is taken, the next tile from the back is turned up": a kong needs a tile behind
    the two face-up tail tiles. In play the hand ends with 20 tiles left, so only a scenario wall can hold the tail
    alone; the decision (game/rules/variants/yuxi.py's docstring) is that such a wall allows no kong. The dealer's
    1111m 234m 567m 789p 6s with a wall of just the face-up 6s 8s: discarding is legal, the kong of 1m is not
    (with one hidden tile behind them the same kong is offered: the test above). Kills Yuxi.can_replace mutant 2."""
    hands = ["1111m234m567m789p6s", None, None, None]
    st = yuxi_start(hands, front="", tail="6s8s", fill=False)
    assert st.remaining == 2
    assert kinds(st, 0) == ["discard"]
