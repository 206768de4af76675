"""The round engine (game/rules/engine.py) in situations its first tests left open (issue 42: the engine mutants of
the seed-1304321347 sample): a kong claimed on a discard that deals in after its replacement (wenshan.md 杠上炮),
the window shown after an added kong nobody may rob (view.pending_state), and a chow written with its tiles in
another order (engine.normalize), and HandState.after_kong around a kong replacement."""

from __future__ import annotations

from game.rules import engine, scenario, tiles
from game.rules.actions import Action
from game.rules.view import pending_state, public_view
from tests.helpers.scen import scenario_dict
from tests.rules.wenshan_util import H1, H2, act, kinds, kong_deal, start
from tests.rules.yuxi_util import act as yact
from tests.rules.yuxi_util import start as ystart

t = tiles.tile


def test_gang_shang_pao_cancels_a_kong_claimed_on_a_discard():
    """wenshan.md 杠上炮 (discarding after a kong replacement and dealing in: that kong scores 0), for a 直杠: seat 0
    holds 777p and konges dealer 3's 7p, draws 3p from the back and its 4s deals into seat 2's 平胡 硬功 (2 from
    each). The kong, made in that same turn, is itemized as cancelled (0) and pays nothing."""
    st = start(["777p4s19s123z66z8m5p", H1, H2, "4s369m258p36s13z28s7p"], front="5m", back="3p")
    act(st, 3, "discard", "7p")
    assert kinds(st, 0) == ["kong", "pass", "pung"]
    act(st, 0, "kong")
    m = st.seats[0].melds[0]
    assert (m.kind, m.from_seat, st.seats[0].drawn) == ("kong", 3, t("3p"))
    act(st, 0, "discard", "4s")
    act(st, 2, "hu")
    assert (st.wins[0].seat, st.wins[0].source) == (2, 0)
    assert [(i.seat, i.points) for i in st.settlement.items if i.key == "gang_shang_pao"] == [(0, 0)]
    assert st.settlement.deltas == [-2, -2, 6, -2]


def test_an_added_kong_nobody_may_rob_is_first_shown_as_a_rob_window():
    """view.pending_state: after an added kong a window opens for every seat, also when nobody may rob it (the
    engine then finishes the kong at once), so what follows never tells whether anybody could. wenshan: seat 0
    pungs dealer 3's 7p, later draws the fourth 7p and adds it; nobody waits on 7p. The pending state is an empty
    rob window on 7p, the kong still waiting (the meld a pung), and everybody waits; the hand itself goes on to
    the 补杠 and its replacement 3p."""
    hands = ["77p4s19s123z66z8m5m9m", H1, H2, "4s369m258p36s13z28s7p"]
    data = scenario_dict("wenshan", hands, front="5p6p8p7p9p4s", back="3p", flip="4z", dealer=3,
                         actions=[[3, "discard", "7p"], [0, "pung"], [0, "discard", "8m"], [1, "discard", "2m"],
                                  [2, "discard", "6p"], [3, "discard", "8p"]])
    st, acts = scenario.start(data)
    for a in acts:
        while engine.normalize_or_none(st, a) is None:  # decline the prompts the script does not take
            engine.apply(st, Action(engine.acting_seats(st)[0], "pass"))
        engine.apply(st, a)
    assert (st.phase, st.turn, st.seats[0].drawn) == ("turn", 0, t("7p"))
    p = pending_state(st, Action(0, "kong", t("7p")))
    assert p is not None and p.phase == "rob" and p.window is not None
    assert (p.window.kind, p.window.tile, p.window.source, p.window.options) == ("rob", t("7p"), 0, {})
    assert p.pending_kong is not None and p.seats[0].melds[0].kind == "pung"
    assert engine.acting_seats(p) == [] and public_view(p)["phase"] == "wait"
    engine.apply(st, Action(0, "kong", t("7p")))
    assert (st.phase, st.seats[0].melds[0].kind, st.seats[0].drawn) == ("turn", "added_kong", t("3p"))


def test_a_chow_written_with_its_tiles_in_another_order_is_that_chow():
    """engine.normalize: a chow may be written by its faces (as a script does), in any order. yuxi (chows from the
    player before): seat 1 chows seat 0's 4m written 5m 3m 4m; the meld is 345m from seat 0, 4m the claimed tile."""
    st = ystart(["4m+", "35m+", None, None])
    yact(st, 0, "discard", "4m")
    yact(st, 1, "chow", "534m")
    m = st.seats[1].melds[0]
    assert (m.kind, m.tiles, m.from_seat, m.claimed) == ("chow", tuple(tiles.parse("345m")), 0, 1)


def test_after_kong_is_true_on_a_replacement_and_false_again_on_the_next_draw():
    """HandState.after_kong (a bool: the current tile came from a kong replacement, wenshan.md 杠上花): on
    wenshan's kong_deal seat 0 draws 5m (False), konges 7777p and draws 3p from the back (True), throws 3p, and
    nobody claims it: seat 1's ordinary draw of 6m makes it False again."""
    st = kong_deal()
    act(st, 3, "discard", "2p")
    assert (st.turn, st.seats[0].drawn, st.after_kong) == (0, t("5m"), False)
    act(st, 0, "kong", "7p")
    assert (st.seats[0].drawn, st.after_kong) == (t("3p"), True)
    act(st, 0, "discard", "3p")
    while st.phase == "claim":
        engine.apply(st, Action(engine.acting_seats(st)[0], "pass"))
    assert (st.turn, st.seats[1].drawn) == (1, t("6m"))
    assert st.after_kong is False
