"""The round engine (game/rules/engine.py) in situations its first tests left open (issue 42: the engine mutants of
the seed-1304321347 sample, then of the fresh seed-1702986668 one): a kong claimed on a discard that deals in after
its replacement (wenshan.md 杠上炮), the window shown after an added kong nobody may rob (view.pending_state), a chow
written with its tiles in another order (engine.normalize), HandState.after_kong and kong_by_turn around a kong
replacement, the turn number a claimed meld records, why a seat may not win once a claim begins its turn
(engine.self_refusal), a kong added in the very turn of its pung (chicken.md 憨包豆), the order two robbers
of one added kong are asked in (then of the fresh seed-963056660 sample), the konger never asked to rob its own
kong, and the discard of the last drawable tile (wenshan.md 黄牌; then of the fresh seed-679409426 sample)."""

from __future__ import annotations

from game.rules import engine, scenario, tiles
from game.rules.actions import Action
from game.rules.view import pending_state, public_view
from tests.helpers.scen import scenario_dict
from tests.rules.chicken_util import act as cact
from tests.rules.chicken_util import play_until
from tests.rules.chicken_util import start as cstart
from tests.rules.wenshan_util import H1, H2, act, kinds, kong_deal, start
from tests.rules.yuxi_util import act as yact
from tests.rules.yuxi_util import rob_scenario
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
    assert st.seats[0].discards[-1].after_kong is True  # 杠上炮 if won on
    # in the window on it seat 0 holds no current tile, and no kong was made since its discard
    assert (st.phase, st.seats[0].drawn, st.after_kong, st.kong_chain, st.kong_draws) == ("claim", None, False, 0, [])
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
    assert m.turn == 1  # Meld.turn: the chow begins seat 1's first turn


def test_after_kong_is_true_on_a_replacement_and_false_again_on_the_next_draw():
    """HandState.after_kong (a bool: the current tile came from a kong replacement, wenshan.md 杠上花) and
    kong_by_turn (the turn's seat made a kong: its discard is marked for 杠上炮): on wenshan's kong_deal seat 0
    draws 5m (both False), konges 7777p and draws 3p from the back (both True) and throws 3p, which is marked
    after_kong; nobody claims it, and seat 1's ordinary draw of 6m makes after_kong False again."""
    st = kong_deal()
    act(st, 3, "discard", "2p")
    assert (st.turn, st.seats[0].drawn, st.after_kong, st.kong_by_turn) == (0, t("5m"), False, False)
    act(st, 0, "kong", "7p")
    assert (st.seats[0].drawn, st.after_kong, st.kong_by_turn) == (t("3p"), True, True)
    act(st, 0, "discard", "3p")
    assert st.seats[0].discards[-1].after_kong is True
    while st.phase == "claim":
        engine.apply(st, Action(engine.acting_seats(st)[0], "pass"))
    assert (st.turn, st.seats[1].drawn) == (1, t("6m"))
    assert st.after_kong is False


def test_a_claimed_pung_records_the_turn_it_begins():
    """Meld.turn is the owner's turn number when the meld was made, and a claim begins a turn (杠上炮 compares it
    with the discarder's turn). wenshan, dealer 3: seat 0 draws 5p in its first turn and throws 8m; nobody claims
    until seat 3's 7p, which seat 0 pungs with 77p: the pung is made in seat 0's second turn."""
    hands = ["77p4s19s123z66z8m5m9m", H1, H2, "4s369m258p36s13z28s7p"]
    st = start(hands, front="5p6p8p9p", back="3p")
    for seat, kind, arg in [(3, "discard", "2s"), (0, "discard", "8m"), (1, "discard", "2m"), (2, "discard", "8p"),
                            (3, "discard", "7p")]:
        act(st, seat, kind, arg)
        while st.phase == "claim" and 0 not in engine.acting_seats(st):  # seat 2 may pung or chow 2m: it passes
            engine.apply(st, Action(engine.acting_seats(st)[0], "pass"))
    act(st, 0, "pung")
    m = st.seats[0].melds[0]
    assert (m.kind, m.from_seat, m.turn) == ("pung", 3, 2)
    assert (st.turn, st.seats[0].extra["turns"]) == (0, 2)


def test_no_refusal_is_told_when_a_claim_begins_the_turn():
    """engine.self_refusal: why the turn's seat may not win on its current tile, None when it has none. wenshan:
    dealer 3 may not win on its dealt hand (not_a_win); after its 7p is punged by seat 0, whose turn begins with no
    tile drawn, there is no refusal to tell."""
    st = start(["777p4s19s123z66z8m5p", H1, H2, "4s369m258p36s13z28s7p"], front="5m", back="3p")
    assert (st.turn, engine.self_refusal(st)) == (3, "not_a_win")
    act(st, 3, "discard", "7p")
    act(st, 0, "pung")
    assert (st.turn, st.seats[0].drawn) == (0, None)
    assert engine.self_refusal(st) is None


def test_a_kong_added_in_the_turn_of_its_pung_is_late():
    """chicken.md 憨包豆 (a kong declared later than the turn its fourth tile came: 0, still a bean). guiyang: seat 1
    holds 666p and pungs dealer 0's fourth 6p instead of konging it (点豆 was offered on that discard); adding the
    spare 6p at once, in the turn the pung begins, is already late."""
    st = cstart("guiyang", ["6p1m4m7m2p5p3s6s9s7z1p4p8m9m", "6p6p6p123m789m345s5s", "2222s345m234p9m4s5s",
                            "3s1m4m7m5p8s7z7z9s6m2m1p7s"], front="6m2m5m3m", back="1m")
    play_until(st, [[0, "discard", "6p"]])
    assert kinds(st, 1) == ["kong", "pass", "pung"]
    cact(st, 1, "pung")
    assert st.turn == 1 and "kong" in kinds(st, 1)
    cact(st, 1, "kong", "6p")
    m = st.seats[1].melds[0]
    assert (m.kind, m.late, m.tiles) == ("added_kong", True, (t("6p"),) * 4)


def test_two_robbers_of_an_added_kong_are_asked_in_turn_order_after_the_konger():
    """engine.acting_seats with the simultaneous policy: the seats that may rob a kong, like those that may claim a
    discard, are listed in turn order after the seat that made it. yuxi, 4 players: seat 1 adds its fourth 4s (补杠);
    seats 0 and 2 both wait on 4s (抢杠胡), seat 3 does not: the rob window asks seat 2, then seat 0."""
    data = rob_scenario(4, second_robber=True)
    assert data["actions"][-2:] == [[0, "hu"], [2, "hu"]]
    st, acts = scenario.start(data)
    for a in acts[:-2]:
        while engine.normalize_or_none(st, a) is None:  # decline the prompts the script does not take
            engine.apply(st, Action(engine.acting_seats(st)[0], "pass"))
        engine.apply(st, a)
    assert (st.phase, st.window.kind, st.window.source) == ("rob", "rob", 1)
    assert engine.acting_seats(st) == [2, 0]


def test_a_seat_adding_a_kong_it_could_win_on_is_not_asked_to_rob_it():
    """The rob window offers 抢杠 to the other seats only (wenshan.md 补杠). Seat 0 pungs dealer 3's 7p and later
    draws the fourth 7p, which would complete 123m 456m 678p 55s (胡 is offered); it adds the kong instead. Nobody
    else waits on 7p, so no window opens: the 补杠 stands at once and seat 0 draws its replacement 3p."""
    st = start(["77p123m456m68p55s8m", H1, H2, "4s369m258p36s13z28s7p"], front="5p6p8p7p", back="3p")
    for seat, kind, arg in [(3, "discard", "7p"), (0, "pung", None), (0, "discard", "8m"), (1, "discard", "2m"),
                            (2, "discard", "6p"), (3, "discard", "8p")]:
        while engine.normalize_or_none(st, Action(seat, kind, t(arg) if arg else None)) is None:
            engine.apply(st, Action(engine.acting_seats(st)[0], "pass"))  # seat 2 may pung or chow 2m: it passes
        act(st, seat, kind, arg)
    assert (st.turn, st.seats[0].drawn, kinds(st, 0)) == (0, t("7p"), ["discard", "hu", "kong"])
    act(st, 0, "kong", "7p")
    assert (st.phase, st.window, st.turn, st.seats[0].drawn) == ("turn", None, 0, t("3p"))
    assert [m.kind for m in st.seats[0].melds] == ["added_kong"] and kinds(st, 0) == ["discard"]


def test_the_discard_of_the_last_drawable_tile_cannot_be_claimed():
    """wenshan.md 黄牌: the hand is drawn when the last drawable tile is drawn and discarded with no win; that
    discard may be won on but not punged, konged or chowed (Variant.last_discard_claims). A wall of one drawable
    tile (5m, then the indicator 4z): seat 0 draws it and throws 1m, which seat 2 (11m) could otherwise pung: the
    hand ends drawn at once."""
    st = start(front="5m", fill=False)
    act(st, 3, "discard", "2p")
    assert (st.turn, st.seats[0].drawn, st.variant.drawable(st)) == (0, t("5m"), 0)
    act(st, 0, "discard", "1m")
    assert (st.phase, st.end, st.window) == ("end", "draw", None)
    assert [m for s in st.seats for m in s.melds] == []
