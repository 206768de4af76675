"""Round engine on wenshan scenarios: sequential claims, missed win, kongs, robbing, 黄牌, views.

Indicator 4z (北) → wildcard 7z (中); 白 (5z) stands for 中. Hands avoid both unless a test is about them.
"""

import pytest

from game.rules import engine, scenario, tiles
from game.rules.actions import ActionError
from game.rules.view import events_for, view
from tests.helpers.scen import scenario_dict
from tests.rules.wenshan_util import H1, H2, H3, KONG0, act, concealed_kong_win, kinds, rob_window, start

t = tiles.tile


def test_wildcard_is_tile_after_indicator():
    st = start()
    assert st.extra["indicator"] == t("4z") and st.extra["wildcard"] == t("7z")
    assert st.remaining == 136 - 14 - 39 - 1  # the indicator is out of play


def test_missed_win_blocks_equal_value_until_own_draw():
    """过手胡: seat 2 passes 4s (value 2); seat 1's 4s (same value) cannot be won; after seat 2's draw it can."""
    st = start()
    act(st, 3, "discard", "2p")
    act(st, 0, "discard", "4s")
    assert engine.acting_seats(st) == [2] and kinds(st, 2) == ["hu", "pass"]
    act(st, 2, "pass")
    assert st.seats[2].missed_win == 2
    assert st.turn == 1 and st.phase == "turn"  # seat 1 drew
    act(st, 1, "discard", "4s")
    assert kinds(st, 2) == ["chow", "pass"], "seat 2 may chow 456s but not win an equal-valued discard"
    act(st, 2, "pass")
    assert st.phase == "turn" and st.turn == 2
    assert st.seats[2].missed_win is None  # cleared by seat 2's own draw


def test_missed_win_allows_higher_value():
    """过手胡: after passing 4s (2), seat 1's 7s completes 小七对 硬功 (4): allowed."""
    st = start()
    act(st, 3, "discard", "2p")
    act(st, 0, "discard", "4s")
    act(st, 2, "pass")
    act(st, 1, "discard", "7s")
    assert engine.acting_seats(st) == [2] and "hu" in kinds(st, 2)
    act(st, 2, "hu")
    assert st.end == "win" and st.wins[0].score.total == 4
    assert st.settlement.deltas == [-4, -4, 12, -4]


def test_self_draw_pass_restricts_nothing():
    """Passing one's own self-draw leaves discard wins open (seed 过手胡 note)."""
    st = start(front="5m9p4s")  # seat 2 draws 4s: a self-draw win
    act(st, 3, "discard", "2p")
    act(st, 0, "discard", "8p")
    act(st, 1, "discard", "9p")
    assert st.turn == 2 and "hu" in kinds(st, 2)
    act(st, 2, "discard", "4s")  # declines the self-draw
    assert st.seats[2].missed_win is None


SEQ = ["5p19m19p19s123z66z8m2p", "55p6p19m19s12z66z47m", "123m456m789m11s46p", "4s369m28p36s13z28s5s"]


def test_sequential_win_asked_before_pung():
    """Sequential: seat 2 may win 5p, seat 1 may pung it: seat 2 is asked first; seat 1 sees nothing yet."""
    st = start(SEQ, dealer=0)
    act(st, 0, "discard", "5p")
    assert engine.acting_seats(st) == [2]
    assert engine.legal_actions(st, 1) == []
    v1 = view(st, 1)
    assert v1["phase"] == "wait" and "offer" not in v1, "seat 1 must not learn of the window before its turn"
    act(st, 2, "pass")
    assert engine.acting_seats(st) == [1] and kinds(st, 1) == ["pass", "pung"]
    act(st, 1, "pung")
    assert st.turn == 1 and st.seats[1].melds[0].kind == "pung"
    assert st.seats[0].discards[-1].claimed_by == 1


def test_sequential_win_taken():
    st = start(SEQ, dealer=0)
    act(st, 0, "discard", "5p")
    act(st, 2, "hu")
    assert st.end == "win" and [w.seat for w in st.wins] == [2]
    assert st.variant.next_dealer(st) == 2


def test_scenario_driver_declines_untaken_options():
    """The replay driver passes seat 2's win when the script's next action is seat 1's pung."""
    data = scenario_dict("wenshan", SEQ, front="5m9p1p", flip="4z", dealer=0,
                    actions=[[0, "discard", "5p"], [1, "pung"], [1, "discard", "2z"], [2, "discard", "5m"]],
                    fill=True)
    st, acts = scenario.start(data)
    with pytest.raises(scenario.ScenarioError, match="actions end"):
        scenario.play(st, acts)
    assert st.seats[1].melds and st.seats[1].melds[0].face == t("5p")


def test_illegal_action_rejected_state_unchanged():
    st = start()
    before = (list(st.seats[3].counts), st.version, st.phase)
    with pytest.raises(ActionError):
        act(st, 1, "discard", "4s")  # not seat 1's turn
    with pytest.raises(ActionError):
        act(st, 3, "discard", "5m")  # not in hand
    assert (list(st.seats[3].counts), st.version, st.phase) == before


def test_view_hides_other_hands_and_wall():
    st = start()
    v = view(st, 1)
    assert v["hand"] == sorted(tiles.parse(H1))
    assert all(s["hand"] is None for i, s in enumerate(v["seats"]) if i != 1)
    text = repr(v)
    assert "wall" in v and isinstance(v["wall"], int)
    ev = [{"type": "draw", "seat": 0, "tile": 5, "secret": ("tile",)}]
    assert events_for(ev, 1) == [{"type": "draw", "seat": 0}]
    assert events_for(ev, 0) == [{"type": "draw", "seat": 0, "tile": 5}]
    assert "seed" not in text


# ---- kongs ----------------------------------------------------------------------------


def test_concealed_kong_cancelled_by_gang_shang_pao():
    """暗杠 then 杠上炮: seat 0's discard after the replacement deals in; the kong scores nothing."""
    st = start([KONG0, H1, H2, H3], front="5m", back="3p")
    act(st, 3, "discard", "2p")
    act(st, 0, "kong", "7p")
    m = st.seats[0].melds[0]
    assert m.kind == "concealed_kong" and st.seats[0].drawn == t("3p")  # replacement from the back
    assert view(st, 1)["seats"][0]["melds"][0]["tiles"] == [None] * 4
    act(st, 0, "discard", "4s")
    act(st, 2, "hu")
    assert "gang_shang_pao" in [i.key for i in st.settlement.items]
    assert st.settlement.deltas == [-2, -2, 6, -2]


def test_concealed_kong_points_2_each():
    """暗杠: each other player pays 2, settled beside another player's win."""
    st = concealed_kong_win()
    assert st.settlement.deltas == [-4 + 6, -4 - 2, 12 - 2, -4 - 2]


def test_kong_with_substitute_scores_nothing():
    """A concealed kong of 7p made with the wildcard 中: 0 kong points; others see 7p and 中 face up."""
    st = start(["777p7z4s19s123z66z8m", H1, H2, H3], front="5m", back="3p")
    act(st, 3, "discard", "2p")
    assert "kong" in kinds(st, 0)
    act(st, 0, "kong", "7p")
    m = st.seats[0].melds[0]
    assert m.subs == 1
    assert view(st, 1)["seats"][0]["melds"][0]["tiles"] == [t("7p"), None, None, t("7z")]


def test_pung_uses_fewest_substitutes():
    """Pung of 9p with 99p and a wildcard in hand takes the two real 9p."""
    hands = ["99p7z19m1s23z66z28m4s", H1, H2, "9p369m258p36s13z28s2p"]
    st = start(hands, front="5m2s1p")
    act(st, 3, "discard", "9p")
    act(st, 0, "pung")
    assert st.seats[0].melds[0].tiles == (t("9p"), t("9p"), t("9p"))
    assert st.seats[0].counts[t("7z")] == 1


def test_pung_with_white_standing_in_for_wildcard_face():
    """A discarded 中 (the wildcard's face) can be punged with 中 + 白 (白 as 中)."""
    hands = ["57z19m1s23z66z28m4s9p", H1, H2, "7z369m258p36s13z28s2p"]
    st = start(hands)
    act(st, 3, "discard", "7z")
    assert "pung" in kinds(st, 0)
    act(st, 0, "pung")
    m = st.seats[0].melds[0]
    assert m.face == t("7z") and sorted(m.tiles) == sorted(tiles.parse("5z7z7z")) and m.subs == 1


def test_rob_added_kong_scenario():
    """抢杠胡: seat 2 robs seat 1's 补杠 of 4s; paid as a self-draw by everyone, the kong never scores."""
    hands = ["19m19p19s123z66z8p5m", "44s7s19m19p1s23z6z28m", H2, H3]
    data = scenario_dict("wenshan", hands, front="9m3p4p4s", flip="4z", dealer=3,
                    actions=[[3, "discard", "4s"], [1, "pung"], [1, "discard", "7s"], [2, "discard", "9m"],
                             [3, "discard", "3p"], [0, "discard", "4p"], [1, "kong", "4s"], [2, "hu"]])
    st = scenario.run(data)
    assert st.end == "win" and st.wins[0].how == "rob_kong" and st.wins[0].seat == 2
    assert [p.key for p in st.wins[0].score.patterns] == ["ping_hu", "zi_mo", "ying_gong"]
    assert st.settlement.deltas == [-4, -4, 12, -4]
    assert all(m.kind == "pung" for m in st.seats[1].melds)


def test_huang_pai_only_kong_points():
    """黄牌 with reserved_tiles=20: the hand ends when 20 tiles remain; only kong points settle."""
    data = scenario_dict("wenshan", [KONG0, H1, H2, H3], front="5m", back="3p", flip="4z", dealer=3,
                    options={"reserved_tiles": 20})
    st, _ = scenario.start(data)
    act(st, 3, "discard", "2p")
    act(st, 0, "kong", "7p")
    import random

    rng = random.Random(3)
    while st.end is None:
        seat = engine.acting_seats(st)[0]
        legal = [a for a in engine.legal_actions(st, seat) if a.kind in ("discard", "pass")]
        engine.apply(st, rng.choice(legal) if legal[0].kind == "discard" else legal[-1])
    assert st.end == "draw"
    assert st.remaining == 20
    assert st.settlement.deltas == [6, -2, -2, -2]


def test_rob_kong_first_robber_from_kongers_next_seat():
    """抢杠胡 with two possible robbers: asked from the konger's next seat onward (seat 2, then seat 0)."""
    st = rob_window()
    assert st.phase == "rob" and engine.acting_seats(st) == [2]
    act(st, 2, "pass")
    assert engine.acting_seats(st) == [0]
    act(st, 0, "hu")
    assert st.wins[0].seat == 0 and st.wins[0].how == "rob_kong"


def test_view_version_does_not_count_hidden_passes():
    """A seat must not learn that someone else had (and passed) a claim: its view stays the same."""
    st = start(SEQ, dealer=0)
    act(st, 0, "discard", "5p")  # seat 2 may win, seat 1 may pung: both unseen by seat 3
    before = view(st, 3)
    act(st, 2, "pass")
    after = view(st, 3)
    assert before == after
