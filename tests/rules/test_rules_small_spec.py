"""The rules core's small modules in situations their first tests left open (issue 42: every surviving mutant of
view, variants/base, yuxi_score, advice, wenshan_score, events, scenario, tiles, state, options, settlement,
actions, texts and situation, run whole). view.py: what a seat and a watcher are told, field by field (guide:
"view(state, seat) is the only way anything outside the core sees a game"; issue 17, watching a LAN table):
the public step, the result and every hand once the hand is over, the match totals, the drawn tile on the own
turn only, and a version that moves with what the viewer sees."""

from __future__ import annotations

from game.rules import engine, scenario, tiles
from game.rules.actions import Action
from game.rules.variants import get
from game.rules.view import public_step, public_view, result, same_point, view
from tests.helpers.scen import scenario_dict
from tests.rules.chicken_hands import B1, OPENING, S0, S1, S2_JUNK, S3, b1_actions, play_dian
from tests.rules.chicken_util import play_until, run, start
from tests.rules.wenshan_util import H2, H3

t = tiles.tile

# ---- view.py: what a watcher is told ----------------------------------------------------------------------


def test_public_step_counts_discards_claims_own_kongs_declarations_and_wins_once_each():
    """issue 17 (public_step): each move everyone sees counts one. Seat 1's 报听 game (9 discards, 1 seat
    declared, 1 win): 11. The 闷豆 game (8 discards, seat 3's claimed kong, seat 1's concealed kong, 1 win): 11.
    The 点豆 game (5 discards, seat 1's claimed kong, 1 win): 7 (a claimed kong is a claim, not a second move)."""
    st = start("guiyang", [S0, S1, S2_JUNK, S3], front="4p2s3p4p6s6m5p4p2s")
    play_until(st, OPENING + [[0, "discard", "4p"], [2, "discard", "6m"], [3, "discard", "5p"],
                              [0, "discard", "4p"], [1, "hu"]])
    assert (st.discard_count, st.claim_count, [s.declared for s in st.seats], len(st.wins)) == \
        (9, 0, [False, True, False, False], 1)
    assert public_step(st) == 11
    assert public_step(run("guiyang", B1, front="9s9m1p6m5p7m3s8m", back="2m4m", actions=b1_actions("7z"))) == 11
    assert public_step(play_dian("guiyang")) == 7


def test_public_view_of_an_ended_hand_carries_the_result():
    """PublicView: once the hand is over a watcher gets the same end-of-hand summary every seat gets."""
    st = play_dian("guiyang")
    pv = public_view(st)
    assert pv["result"] == result(st) == view(st, 2)["result"]
    assert pv["result"]["winners"] == [1]


def test_seat_view_while_another_seat_is_asked_about_a_discard():
    """View, field by field: guiyang, dealer 1 on its third hand in a row (streak 2) leads 红中; seat 2, whose
    hand cannot use it, sees a plain wait (no offer, nothing legal, 59 tiles to draw) and its own 13 tiles."""
    st = start("guiyang", [S3, S0, S1, S2_JUNK], dealer=1, streak=2)
    play_until(st, [[1, "discard", "7z"]])
    v = view(st, 2)
    assert isinstance(v.pop("version"), int) and len(v.pop("seats")) == 4
    assert v == {
        "variant": "guiyang", "options": dict(st.options), "n": 4, "seat": 2, "dealer": 1, "hand_no": 0,
        "dealer_streak": 2, "turn": 1, "phase": "wait", "acting": False, "awaiting": False, "wall": 59,
        "drawable": 59, "hand": sorted(tiles.parse(S1)), "drawn": None, "last_discard": [1, t("7z")], "legal": [],
        "missed_win": False, "win_refusal": "not_a_win",
        "public": {"default_chickens": [t("1s"), t("8p")], "zhuo": None, "chicken": None, "declared": [],
                   "chong_feng": {}, "gen_chong": [], "ze_ren": {}}}


def test_seat_version_moves_when_only_the_phase_it_sees_changes():
    """View.version "changes whenever anything this seat sees changes": wenshan, seat 1 (a pung of 4s) adds its
    drawn fourth 4s (补杠); seat 3, not asked whether to rob it, saw seat 1's turn and now sees a wait, with the
    same hand, the same counts on the table and nothing to do: its version changes."""
    hands = ["123m456p789m56s11z", "44s7s19m19p1s23z6z28m", H2, H3]
    data = scenario_dict("wenshan", hands, front="9m3p4p4s", flip="4z", dealer=3,
                         actions=[[3, "discard", "4s"], [1, "pung"], [1, "discard", "7s"], [2, "discard", "9m"],
                                  [3, "discard", "3p"], [0, "discard", "4p"]])
    st, acts = scenario.start(data)
    for a in acts:
        while engine.normalize_or_none(st, a) is None:
            engine.apply(st, Action(engine.acting_seats(st)[0], "pass"))
        engine.apply(st, a)
    before = view(st, 3)
    engine.apply(st, Action(1, "kong", t("4s")))
    after = view(st, 3)
    assert (before["phase"], after["phase"], before["legal"], after["legal"]) == ("turn", "wait", [], [])
    assert before["version"] != after["version"]


def test_each_seat_view_carries_the_match_total_before_the_hand():
    """SeatView.score: the match total before this hand, as the match dealt it (seat 1 up 12, seat 3 down 7)."""
    v = get("guiyang")
    st, _ = engine.new_hand(v, v.resolve_options({}), seed=3, hand_no=2, scores=[0, 12, -5, -7])
    assert [s["score"] for s in view(st, 0)["seats"]] == [0, 12, -5, -7]
    assert [s["score"] for s in public_view(st)["seats"]] == [0, 12, -5, -7]


def test_a_seat_sees_every_concealed_hand_once_the_hand_is_over():
    """SeatView.hand: the viewer's own concealed tiles, everyone's once the hand is over (the 点豆 game, seen
    by seat 2)."""
    st = play_dian("guiyang")
    assert [s["hand"] for s in view(st, 2)["seats"]] == [sorted(s.concealed()) for s in st.seats]


def test_drawn_is_shown_on_the_own_turn_only_not_after_a_self_drawn_win():
    """View.drawn: "the tile the viewer just drew (its own turn only)". In the 点豆 game seat 1 self-draws 6s and
    wins: the hand is over, so its view (and every other) shows no drawn tile."""
    st = play_dian("guiyang")
    assert st.seats[1].drawn == t("6s") and st.turn == 1
    assert [view(st, s)["drawn"] for s in range(4)] == [None] * 4


def test_result_notes_are_the_table_wide_lines():
    """ResultView.notes: the 点豆 game's table-wide lines, the flip (捉鸡牌 2p, 翻牌鸡 3p) and who was ready."""
    assert result(play_dian("guiyang"))["notes"] == [
        {"key": "rules.settle.chicken.flip",
         "args": {"zhuo": "2p", "fowl": {"key": "rules.fowl.flip.fan_pai_ji"}, "chicken": "3p"}},
        {"key": "rules.settle.chicken.ready", "args": {"seats": [{"key": "rules.settle.seat", "args": {"seat": 1}}]}}]


def test_same_point_holds_for_a_copy_and_not_after_a_move():
    """same_point (the LAN host's check that a pending window is still the hand's point of play): a copy of
    the state stands at the same point; once the dealer has discarded, the earlier copy does not."""
    st = start("guiyang", [S0, S1, S2_JUNK, S3])
    before = st.copy()
    assert same_point(before, st)
    play_until(st, [[0, "discard", "7z"]])
    assert not same_point(before, st)


def test_open_table_version_moves_with_a_concealed_tile_a_closed_one_does_not():
    """PublicView.version "changes whenever anything a watcher sees changes": on a table open to its watchers
    the concealed hands are seen, so two deals differing only in one of seat 2's concealed tiles (2m or 3m)
    give two versions; a closed table's watcher sees no difference and gets one."""
    a = start("guiyang", [S0, S1, S2_JUNK, S3])
    b = start("guiyang", [S0, S1, S2_JUNK.replace("2m", "3m", 1), S3])
    assert public_view(a)["version"] == public_view(b)["version"]
    assert public_view(a, open_hands=True)["version"] != public_view(b, open_hands=True)["version"]
