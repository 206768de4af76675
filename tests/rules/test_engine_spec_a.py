"""The round engine (game/rules/engine.py) in situations its first tests left open (issue 42: every survivor among
engine's mutants from _advance to _open_rob_window, all 763 run): a claim chosen below one's own prompt, held while
the prompts that could outrank it are asked (wenshan.md 胡 > 碰/杠 > 吃, sequential; with wildcards two seats may
pung one tile, and the nearer one has it), the claims counted once, a missed pung wenshan does not keep, a 过手胡
of 0 番 (yuxi.md), a rob refused after a passed win (wenshan.md 过手胡), the pending added kong, the discard before
the last drawable tile (wenshan.md 黄牌), a chow never late, a 地胡 no kong may pass (chicken.md), and a scenario
whose hands are no list."""

from __future__ import annotations

import pytest

from game.rules import engine, tiles
from game.rules.actions import Action
from game.rules.variants import get
from game.rules.view import pending_state, public_step, view
from tests.rules.chicken_util import act as cact
from tests.rules.chicken_util import start as cstart
from tests.rules.wenshan_util import H2, H3, act, kinds, start
from tests.rules.yuxi_util import act as yact
from tests.rules.yuxi_util import start as ystart

t = tiles.tile

# wenshan with indicator 4z (北): the wildcard is 中 (7z). Dealer 3 (H3) throws 5p as its first discard.
WIN_5P = "123m456m789m55p11s"  # wins on 5p (平胡) and may pung it with its natural pair
PUNG_WILD = "7z7z1m9m1p9p2s8s1z2z3z6z4m"  # may pung 5p with its two wildcards only; no win
CHOW_ONLY = "34p1m9m1s9s1z2z3z6z2m8m5s"  # may only chow 5p (from the seat before it)
HU_ONLY_5P = "123s456s789s46p77s"  # wins on 5p (平胡), holds no 5p


def _meld(st, seat):
    m = st.seats[seat].melds[-1]
    return m.kind, m.from_seat, tiles.fmt(list(m.tiles))


def test_a_held_pung_waits_for_a_higher_prompt_and_skips_a_lower_one():
    """wenshan.md (sequential, 胡 > 碰/杠 > 吃): dealer 3 throws 5p; seat 1 may 胡 or 碰 it, seat 2 may 胡 it and
    seat 0 may only 吃 it. Seat 1 chooses 碰 at its 胡 prompt: the claim waits while seat 2 (a 胡 outranks it) is
    asked; seat 2 passes, and seat 1's pung stands without seat 0's 吃 prompt, which it outranks."""
    st = start([CHOW_ONLY, WIN_5P, HU_ONLY_5P, H3])
    act(st, 3, "discard", "5p")
    assert st.window.queue == [(3, 1), (3, 2), (1, 0)]
    act(st, 1, "pung")
    assert (st.phase, engine.acting_seats(st), kinds(st, 2)) == ("claim", [2], ["hu", "pass"])
    act(st, 2, "pass")
    assert (st.phase, st.window, st.turn) == ("turn", None, 1)
    assert _meld(st, 1) == ("pung", 3, "555p")
    assert st.seats[0].melds == []


def test_a_held_pung_is_not_outranked_by_a_farther_seats_pung():
    """wenshan.md (sequential, 胡 > 碰/杠 > 吃) and engine._answer_in_turn (a claim held below its prompt waits only
    for prompts that outrank it: a higher level, or its level for a seat nearer the discarder): seat 0, next after
    dealer 3, may 胡 or 碰 its 5p and chooses 碰 at its 胡 prompt; seat 1 could also 碰 the 5p with two wildcards,
    but it sits farther: seat 0's pung stands at once and seat 1 is never asked."""
    st = start([WIN_5P, PUNG_WILD, H2, H3])
    act(st, 3, "discard", "5p")
    assert st.window.queue == [(3, 0), (2, 1)] and engine.acting_seats(st) == [0]
    act(st, 0, "pung")
    assert (st.phase, st.window, st.turn) == ("turn", None, 0)
    assert _meld(st, 0) == ("pung", 3, "555p")


def test_a_nearer_seats_pung_is_asked_before_a_held_pung_and_wins_it():
    """wenshan.md (sequential) and engine._answer_in_turn (of two 碰 of one tile, the seat nearer the discarder's
    first): seat 1 may 胡 or 碰 dealer 3's 5p and chooses 碰 at its 胡 prompt; seat 0, nearer the discarder, may
    碰 it with two wildcards and is asked next (seat 1's claim waits); seat 0 pungs and has the tile, seat 1 keeps
    its 55p."""
    st = start([PUNG_WILD, WIN_5P, H2, H3])
    act(st, 3, "discard", "5p")
    assert st.window.queue == [(3, 1), (2, 0)] and engine.acting_seats(st) == [1]
    act(st, 1, "pung")
    assert (st.phase, engine.acting_seats(st)) == ("claim", [0])
    assert kinds(st, 0) == ["chow", "pass", "pung"]
    act(st, 0, "pung")
    assert (st.phase, st.turn) == ("turn", 0)
    assert _meld(st, 0) == ("pung", 3, "77z5p")
    assert st.seats[1].melds == [] and st.seats[1].counts[t("5p")] == 2


def test_every_claim_is_counted_once():
    """HandState.claim_count (claims of a discard made so far) and view.public_step (each move everyone sees
    counted once): on the hand above seat 0 pungs dealer 3's 5p and throws 1m, which seat 2 pungs with its 11m:
    two claims, and the second pung adds one discard and one claim to the public step. The discard made after the
    first pung is not marked after_kong (wenshan.md 杠上炮 follows a kong only); the pung is not late (Meld.late is
    about kongs) and HandState.after_kong stays False (the claimer holds no replacement tile)."""
    st = start([PUNG_WILD, WIN_5P, H2, H3])
    act(st, 3, "discard", "5p")
    act(st, 1, "pass")
    act(st, 0, "pung")
    assert (st.claim_count, public_step(st)) == (1, 2)
    assert st.seats[0].melds[0].late is False and st.after_kong is False  # a pung: no kong, no replacement tile
    act(st, 0, "discard", "1m")
    assert st.seats[0].discards[-1].after_kong is False  # a pung is no kong: no 杠上炮 on its discard
    assert engine.acting_seats(st) == [2] and "pung" in kinds(st, 2)
    act(st, 2, "pung")
    assert _meld(st, 2) == ("pung", 0, "111m")
    assert (st.claim_count, public_step(st)) == (2, 4)


def test_a_held_pung_stands_when_the_nearer_seat_passes():
    """wenshan.md (sequential): as above, seat 1 chooses 碰 at its 胡 prompt and the nearer seat 0 is asked; seat 0
    passes, so seat 1's held pung of 5p stands and seat 1's turn begins. Seat 0 has passed a pung, which wenshan
    does not remember (no missed-pung rule)."""
    st = start([PUNG_WILD, WIN_5P, H2, H3])
    act(st, 3, "discard", "5p")
    act(st, 1, "pung")
    act(st, 0, "pass")
    assert (st.phase, st.window, st.turn) == ("turn", None, 1)
    assert _meld(st, 1) == ("pung", 3, "555p")
    assert st.seats[0].missed_pungs == set()  # wenshan.md: no missed-pung rule (过手碰) to remember the pass by


@pytest.mark.parametrize("hands", [7, "abc"])
def test_a_scenario_whose_hands_are_no_list_is_refused_by_name(hands):
    """engine.new_hand with ``hands`` (a scenario): anything but a list of hands is a ScenarioError that shows what
    was given (its repr), not a TypeError."""
    v = get("wenshan")
    with pytest.raises(engine.ScenarioError, match=f"one per seat\\), got {hands!r}$"):
        engine.new_hand(v, v.resolve_options({}), hands=hands, wall=[])


def _passed_7s_then_robbable_kong():
    """wenshan, dealer 3: seat 1 pungs the dealer's 4s; seat 0 later throws 7s, on which seat 2 (H2) could win
    小七对 硬功 (4) and passes; seat 1 then draws the fourth 4s. Returns the state before seat 1's 补杠."""
    st = start(["123m456p789m11z7s9p", "44s8p19m19p1s23z6z28m", H2, H3], front="9m3p4p4s", back="5m")
    for seat, kind, arg in [(3, "discard", "4s"), (1, "pung", None), (1, "discard", "8p"), (2, "discard", "9m"),
                            (3, "discard", "3p"), (0, "discard", "7s")]:
        while st.phase == "claim" and kind not in kinds(st, seat):  # decline the prompts the script does not take
            engine.apply(st, Action(engine.acting_seats(st)[0], "pass"))
        act(st, seat, kind, arg)
    assert (st.phase, engine.acting_seats(st), kinds(st, 2)) == ("claim", [2], ["hu", "pass"])
    act(st, 2, "pass")
    assert (st.turn, st.seats[1].drawn, st.seats[2].missed_win) == (1, t("4s"), 4)
    return st


def test_robbing_a_kong_after_passing_a_win_as_high_is_refused_and_told():
    """wenshan.md 过手胡 (after passing a discard win of value V, no win ≤ V on a discard until one's own next
    draw or claim), for 抢杠胡: seat 2 passed a 小七对 硬功 (4) on seat 0's 7s; seat 1 adds its fourth 4s, which
    would give seat 2 平胡 硬功 自摸 (4). The rob is refused, and seat 2 alone is told why (refused_win, passed_win,
    also in its view of the rob window); nobody else may rob, so the 补杠 stands at once and seat 1 draws its
    replacement 5m."""
    st = _passed_7s_then_robbable_kong()
    p = pending_state(st, Action(1, "kong", t("4s")))  # the rob window everybody is first shown
    assert p is not None and (p.phase, p.window.options, p.window.refusals[2]) == ("rob", {}, "passed_win")
    assert view(p, 2)["win_refusal"] == "passed_win"
    _st, evs = act(st, 1, "kong", "4s")
    refused = [e for e in evs if e["type"] == "refused_win"]
    assert refused == [{"type": "refused_win", "seat": 2, "tile": t("4s"), "from": 1, "how": "rob_kong",
                        "refusal": "passed_win", "to": [2]}]
    assert (st.phase, st.window, st.turn, st.seats[1].drawn) == ("turn", None, 1, t("5m"))
    assert _meld(st, 1) == ("added_kong", 3, "4444s")


def test_no_kong_is_pending_once_an_added_kong_stands():
    """HandState.pending_kong holds an added kong only while robbers may answer it: once the 补杠 stands (here at
    once, nobody may rob seat 1's 4s) it is None again, as before the kong."""
    st = _passed_7s_then_robbable_kong()
    assert st.pending_kong is None
    act(st, 1, "kong", "4s")
    assert st.seats[1].melds[-1].kind == "added_kong"
    assert st.pending_kong is None


def test_a_chowed_meld_is_never_late():
    """Meld.late (a kong declared later than its chance, chicken.md 憨包豆) is False for a chow, and its record
    says nothing of a delay. yuxi (chows from the player before): seat 1 chows seat 0's 4m with 35m."""
    st = ystart(["4m+", "35m+", None, None])
    yact(st, 0, "discard", "4m")
    yact(st, 1, "chow", "345m")
    m = st.seats[1].melds[0]
    assert (m.kind, m.late) == ("chow", False)
    assert m.to_json() == {"kind": "chow", "tiles": "345m", "from": 0}


def test_passing_a_win_of_no_fan_remembers_that_value():
    """yuxi.md 过手胡 (after passing a discard win, no discard win of equal or lower 番 until one's own next draw or
    claim) and 过手碰 (only a passed pung is remembered): dealer 0 throws 4s, on which seat 2 (123m 456m 789m 23s 99p)
    could win 平胡, 0 番; seat 2 passes. Until its next draw seat 2 may not win on a discard of 0 番 (Seat.missed_win
    is 0, so a 1-番 win stays allowed), and as it could not pung the 4s it has no missed pung; neither has seat 1,
    which passes its chow of the 4s."""
    st = ystart(["4s+", None, "123m456m789m23s99p", None])
    yact(st, 0, "discard", "4s")
    assert engine.acting_seats(st) == [1, 2] and st.window.win_values == {2: 0}  # seat 1 may chow it
    yact(st, 2, "pass")
    assert (st.seats[2].missed_win, st.seats[2].missed_pungs) == (0, set())
    yact(st, 1, "pass")
    assert (st.phase, st.turn) == ("turn", 1)
    assert (st.seats[2].missed_win, st.seats[1].missed_pungs) == (0, set())


def test_the_discard_before_the_last_drawable_tile_may_be_claimed():
    """wenshan.md 黄牌 (only the discard of the last drawable tile may not be claimed, Variant.last_discard_claims):
    with two drawable tiles (5m 6m, then the indicator 4z) seat 0 draws 5m and throws 1m while 6m is still to be
    drawn: seat 2 (11m) may pung it, and does."""
    st = start(front="5m6m", fill=False)
    act(st, 3, "discard", "2p")
    act(st, 0, "discard", "1m")
    assert st.variant.drawable(st) == 1
    assert (st.phase, engine.acting_seats(st), kinds(st, 2)) == ("claim", [2], ["pass", "pung"])
    act(st, 2, "pung")
    assert _meld(st, 2) == ("pung", 0, "111m")


def test_a_di_hu_on_a_discard_cannot_be_passed_for_a_kong():
    """chicken.md 过胡 (天胡 and 地胡 cannot be passed) and 地胡 (guiyang: a non-dealer wins on a discard before its
    own first discard, before any pung or kong): seat 1 holds 666p 78p 123m 789m 55s and dealer 0's first discard
    is 6p. Seat 1 could kong it with its 666p, but the 地胡 it would pass outranks every claim: 胡 is all it is
    offered (no kong, no pung, no pass)."""
    st = cstart("guiyang", ["6p1m4m7m2p5p3s6s9s7z1p4p8m9m", "666p78p123m789m55s", "2222s345m234p9m4s5s",
                            "3s1m4m7m5p8s7z7z9s6m2m1p7s"], front="6m2m5m3m")
    cact(st, 0, "discard", "6p")
    assert (engine.acting_seats(st), kinds(st, 1)) == ([1], ["hu"])
    cact(st, 1, "hu")
    assert (st.wins[0].seat, st.wins[0].source, "di_hu" in [p.key for p in st.wins[0].score.patterns]) == (1, 0, True)
