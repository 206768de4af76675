"""The chicken games' and wenshan's variant rules (game/rules/variants/chicken.py, wenshan.py, chicken_fowl.py) in
situations their first tests left open (issue 42: every surviving mutant of the three modules, 1,281 in all): the
next dealer after a drawn hand, the 常鸡 and the 捉鸡牌 in every view, who declared ready, 抢杠 let go, 暗大对 and
地龙 won in play, and when 报听 is offered (chicken.md Next dealer, Default chickens, 捉鸡, 报听, 抢杠, Restrictions,
Hand patterns)."""

from __future__ import annotations

import pytest

from game.rules import tiles
from game.rules.advice import tracker
from game.rules.variants.chicken import drawn_hand_dealer
from game.rules.view import view
from tests.rules.chicken_hands import D_ACTIONS, OPENING, S0, S1, S2_JUNK, S3, D, play_a
from tests.rules.chicken_util import kinds, play_until, run, start

t = tiles.tile


# ---- chicken.py ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("ready, dealer, expect", [
    ([False, True, True, False], 0, 1), ([False, True, False, True], 0, 1), ([True, False, False, True], 2, 3)])
def test_two_ready_without_the_dealer_the_first_ready_after_the_dealer_deals(ready, dealer, expect):
    """chicken.md Next dealer (guiyang 荒庄): "two of four, dealer not among them → the first ready player in turn
    order after the dealer", counting on from the dealer (dealer 0 with seats 1 and 2 ready: seat 1, not seat 3 one
    step back nor seat 2 two steps on). Kills drawn_hand_dealer__mutmut_23 and _28."""
    assert drawn_hand_dealer(ready, dealer, 4) == expect


# The 查叫 hand of chicken_hands.D with seat 0 broken (6p 2p instead of 6p 6p): only seat 1 is ready at the end.
D_ONE = ["1s1s3p3p5p5p7s7s9m9m6p2p4s8m"] + D[1:]


@pytest.mark.parametrize("variant, dealer", [("guiyang", 1), ("zhuoji", 0)])
def test_a_drawn_hand_with_one_ready_player(variant, dealer):
    """chicken.md Next dealer, drawn hand: guiyang "exactly one [ready] → that player" deals; zhuoji "dealer stays".
    The wall runs out with only seat 1 ready (dealer 0). Kills ChickenGame.next_dealer__mutmut_25, _26 and _27
    (zhuoji's "stay" table entry misread, or guiyang's turned into it)."""
    st = run(variant, D_ONE, front="7p3m9p7m", back="2m", fill=False, actions=D_ACTIONS)
    assert st.end == "draw" and st.settlement.info["ready"] == [False, True, False, False]
    assert st.variant.next_dealer(st) == dealer


def test_every_seat_sees_the_default_chickens_and_counts_the_zhuo_ji_pai_as_seen():
    """chicken.md Default chickens and 捉鸡: every view's public facts name the 常鸡 (1s and, with 乌骨鸡, 8p), and
    once the 捉鸡牌 is turned up the 记牌器 counts it as seen (advice.tracker: "the variant's face-up tiles").
    Guiyang hand A, 捉鸡牌 8m: of the four 8m, seat 1 holds one in its 789m, so 3 are unseen by seats 0, 2, 3 and
    2 by seat 1. Kills ChickenGame.public_info__mutmut_10/_11 and public_tiles__mutmut_1/_2/_7/_8/_10."""
    st = play_a("8m")
    assert st.extra["zhuo"] == t("8m")
    for s in range(4):
        v = view(st, s)
        assert v["public"]["default_chickens"] == [t("1s"), t("8p")]
        assert tracker(v)[t("8m")] == (2 if s == 1 else 3)
    assert view(play_a("8m", {"wu_gu": False}), 0)["public"]["default_chickens"] == [t("1s")]


def test_every_seat_sees_who_declared_ready():
    """chicken.md 报听: a declared player's state is public (it decides 杀报 and the pass): after seat 1 declares
    ready with its first discard, every seat's view names seat 1, and only it, as declared. Kills
    ChickenGame.public_info__mutmut_21/_22."""
    st = start("guiyang", [S0, S1, S2_JUNK, S3], front="4p2s3p4p6s6m5p4p2s")
    assert all(view(st, s)["public"]["declared"] == [] for s in range(4))
    play_until(st, OPENING[:3])
    assert st.seats[1].declared
    assert all(view(st, s)["public"]["declared"] == [1] for s in range(4))


# chicken_beans.K: seat 1 pungs dealer 0's 6p, konges 5555m (闷豆), later adds the fourth 6p, which seat 2 may rob.
K = ["6p1m4m7m2p3s6s9s7z4p8m2m7z3m", "5555m6p6p1s1s234s9m7m", "234m678m345s5p9s9s1p", "9p1m4m7m2p5s8s7z3p6m2s1p7s"]
K_ACTIONS = [[0, "discard", "6p"], [1, "pung"], [1, "kong", "5m"], [1, "discard", "7m"], [2, "discard", "1p"],
             [3, "discard", "3m"], [0, "discard", "3p"], [1, "kong", "6p"]]


def test_a_kong_that_could_be_robbed_may_be_let_go():
    """chicken.md Restrictions: only 天胡 and 地胡 cannot be passed; 抢杠 is an ordinary win. At seat 1's added
    kong of 6p, seat 2 (waiting on 6p) is offered 胡 and 过 both. Kills ChickenGame.must_win__mutmut_23 (every
    other win, 抢杠 included, made compulsory)."""
    st = play_until(start("guiyang", K, front="7p3m3p6p6s", back="9m"), K_ACTIONS)
    assert st.phase == "rob"
    assert kinds(st, 2) == ["hu", "pass"]


def test_an_da_dui_self_drawn_in_play_is_judged_on_the_tile_drawn():
    """chicken.md 暗大对 (guiyang 10): four concealed triplets, the winning tile completing the pair. Seat 1 holds
    222m 333m 444m 999p 5m (chicken_hands.D) and self-draws 5m on its second turn: the win is 暗大对 10, paid 10 by
    each other seat, not 大对子 5 (which a win judged without its winning tile would be). Kills
    ChickenGame.situation__mutmut_58 (the Situation's win tile None)."""
    acts = [[0, "discard", "8m"], [1, "discard", "7p"], [2, "discard", "3m"], [3, "discard", "9p"],
            [0, "discard", "7m"], [1, "hu"]]
    st = run("guiyang", D, front="7p3m9p7m5m", actions=acts)
    w = st.wins[0]
    assert (w.seat, w.how, [(p.key, p.value) for p in w.score.patterns]) == (1, "self_draw", [("an_da_dui", 10)])
    assert w.score.payments == {0: 10, 2: 10, 3: 10}


def test_bao_ting_is_offered_only_with_the_first_discard():
    """chicken.md 报听: "allowed only right after the player's first discard of the hand". Seat 1 lets the 报听
    go with its first discard (ready on 1s/4p), passes 1s and 4p, and discards the 6s it draws, still ready: no
    报听 is offered then, seat 2 plays on. Kills ChickenGame.can_declare__mutmut_2 and _3."""
    script = OPENING[:2] + [[1, "pass"], [2, "discard", "2s"], [3, "discard", "1s"], [1, "pass"],
                            [0, "discard", "4p"], [1, "pass"], [1, "discard", "6s"]]
    st = play_until(start("guiyang", [S0, S1, S2_JUNK, S3], front="4p2s3p4p6s6m5p4p2s"), script)
    assert len(st.seats[1].discards) == 2 and not st.seats[1].declared
    assert (st.phase, st.turn) == ("turn", 2)


def test_bao_ting_follows_a_concealed_kong_but_not_a_pung():
    """chicken.md 报听 with the decision in chicken.py: offered after the first discard "when the hand is ready and
    the player has made no claim yet (a concealed kong does not prevent it)". Seat 1 draws its fourth 1s, konges it
    concealed, and discards 9p ready on 4p: 报听 is offered. Seat 1 pungs dealer 0's 1s instead and discards 9p,
    ready on 4p: no 报听, seat 2 plays on. Kills ChickenGame.can_declare__mutmut_7."""
    s3 = "4s2m5m8m3p6p9p2s5s7z7z3s9s"
    st = play_until(start("guiyang", [S0, "111s123m456m789m9p", S2_JUNK, s3], front="1s", back="4p"),
                    [[0, "discard", "7z"], [1, "kong", "1s"], [1, "discard", "9p"]])
    assert [m.kind for m in st.seats[1].melds] == ["concealed_kong"]
    assert st.phase == "declare" and kinds(st, 1) == ["declare_ready", "pass"]
    s0 = "1s1m4m7m1p5p7p2s4s6s3m6m9m3p"
    st = play_until(start("guiyang", [s0, S1, S2_JUNK, S3]), [[0, "discard", "1s"], [1, "pung"], [1, "discard", "9p"]])
    assert [m.kind for m in st.seats[1].melds] == ["pung"]
    assert (st.phase, st.turn) == ("turn", 2)


# Seat 2 pungs dealer 0's 9s and lets 3s go, keeping 11m 44m 77m 22p 55p: 地龙 waits on the pung's fourth 9s.
DI_LONG = ["9s3m6m9m1p3p6p7p2s4s6s8s2m5m", "2m3m5m6m8m9p7p1s2s3s5s7s8s", "9s9s1m1m4m4m7m7m2p2p5p5p3s",
           "1m3m8m9m1p4p6p8p9p4s6s7s9s"]
DI_LONG_OPEN = [[0, "discard", "9s"], [2, "pung"], [2, "discard", "3s"]]


def test_di_long_is_won_on_a_discard_and_self_drawn_in_play():
    """chicken.md 地龙 (zhuoji 30): five pairs + one claimed pung, won on the pung's fourth tile, whoever brings
    it. Seat 3 discards the last 9s: seat 2 wins 地龙 30, paid by seat 3. With seat 3 holding 5s instead, seat 2
    self-draws that 9s: 地龙 30 from each other seat. Kills ChickenGame.quick_win__mutmut_12, _17, _18 and _19 (the
    shape test not told the tile won: the discard's, or the drawn one)."""
    st = run("zhuoji", DI_LONG, actions=DI_LONG_OPEN + [[3, "discard", "9s"], [2, "hu"]])
    w = st.wins[0]
    assert (w.seat, w.how, w.source, [(p.key, p.value) for p in w.score.patterns]) == (2, "discard", 3,
                                                                                       [("di_long", 30)])
    assert w.score.payments == {3: 30}
    hands = DI_LONG[:3] + ["1m3m8m9m1p4p6p8p9p4s6s7s5s"]
    st = run("zhuoji", hands, front="3p3p3p9s",
             actions=DI_LONG_OPEN + [[3, "discard", "3p"], [0, "discard", "3p"], [1, "discard", "3p"], [2, "hu"]])
    w = st.wins[0]
    assert (w.seat, w.how, [(p.key, p.value) for p in w.score.patterns]) == (2, "self_draw", [("di_long", 30)])
    assert w.score.payments == {0: 30, 1: 30, 3: 30}
