"""The chicken games' and wenshan's variant rules (game/rules/variants/chicken.py, wenshan.py, chicken_fowl.py) in
situations their first tests left open (issue 42: every surviving mutant of the three modules, 1,281 in all). The
chicken games: the next dealer after a drawn hand, the 常鸡 and the 捉鸡牌 in every view, who declared ready, 抢杠
let go, 暗大对 and 地龙 won in play, when 报听 is offered (chicken.md Next dealer, Default chickens, 捉鸡, 报听, 抢杠,
Restrictions, Hand patterns). Wenshan: 软烂 and 七对 in the hint's shape test, 海底捞月 and 地胡 only as defined, a
won wildcard as its face, and which kongs score after 杠上炮, 抢杠 and a substitute (wenshan.md). Chickens: a 幺鸡
discarded after a flipped chicken, 钻石鸡/银鸡/本鸡/上下鸡 never owed as 包鸡, 跟冲 after a skipped turn (chicken.md
"Where chickens are counted", 跟冲)."""

from __future__ import annotations

import pytest

from game.rules import engine, tiles
from game.rules.actions import Action
from game.rules.advice import tracker
from game.rules.variants import get
from game.rules.variants.chicken import drawn_hand_dealer
from game.rules.variants.chicken_fowl import kinds as fowl_kinds
from game.rules.view import view
from tests.helpers.words import zh
from tests.rules.chicken_hands import A_HANDS, D_ACTIONS, OPENING, S0, S1, S2_JUNK, S3, D, play_a, play_c
from tests.rules.chicken_util import kinds, labels, play_until, run, start
from tests.rules.wenshan_util import H0, H1, H3
from tests.rules.wenshan_util import start as wenshan_start

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


# ---- wenshan.py ---------------------------------------------------------------------------------------------

# A wenshan table's public facts: indicator 7s, wildcard 8s, 白 standing in for it (no 8s or 白 in the hands below).
WENSHAN_PUBLIC = {"indicator": t("7s"), "wildcard": t("8s"), "standin": t("5z"), "reserved": 0}


@pytest.mark.parametrize("soft, wins", [(False, False), (True, True)])
def test_the_hint_judges_lan_with_the_tables_soft_lan_option(soft, wins):
    """wenshan.md 烂牌 and option 软烂 (soft_lan): with it, a suit's numbers need only differ pairwise by 3 or
    more. 东南西北发中 + 1m 5m 9m + 1p 4p 7p + 2s 5s is 烂牌 only under 软烂 (1-5-9 is none of 147/258/369): the
    hint's shape test (Wenshan.tiles_win, from the view's options and public facts) says so. Kills
    Wenshan.tiles_win__mutmut_11 to _15 and _20 (the option not read)."""
    w = get("wenshan")
    counts = tiles.counts(tiles.parse("1z2z3z4z6z7z1m5m9m1p4p7p2s5s"))
    assert w.tiles_win(w.resolve_options({"soft_lan": soft}), WENSHAN_PUBLIC, counts, [], t("9m")) is wins


def test_the_hint_allows_seven_pairs_to_a_hand_without_melds():
    """wenshan.md 小七对 (concealed, seven pairs): 11m 55m 99m 22p 66p 11s 东东 with no meld is a win for the
    hint's shape test (no standard reading exists, so only the concealed pattern makes it one). Kills
    Wenshan.tiles_win__mutmut_19 and _25 (the hand not seen as concealed)."""
    w = get("wenshan")
    counts = tiles.counts(tiles.parse("1m1m5m5m9m9m2p2p6p6p1s1s1z1z"))
    assert w.tiles_win(w.resolve_options({}), WENSHAN_PUBLIC, counts, [], t("1z")) is True


def test_a_self_draw_with_one_drawable_tile_left_is_not_hai_di():
    """wenshan.md 海底捞月: a self-draw on the *last* drawable tile. Dealer 3 leads 4s (seat 2 lets its 地胡 go);
    seat 0 draws 5m with one drawable tile (9p) still behind it and wins 123m 456p 789s 456m 东东: 平胡 1 × 自摸 2 ×
    硬功 2 = 4, not 海底捞月 (which would cancel 平胡 and make it 16). Kills Wenshan.situation__mutmut_23."""
    hands = ["123m456p789s46m11z", "19p19s3z6z28m5p8p9m1z4p", "11223344p5566s7s", "4s369m258p36s13z28s2p"]
    st = play_until(wenshan_start(hands, front="5m9p", fill=False),
                    [[3, "discard", "4s"], [2, "pass"]])
    assert st.turn == 0 and st.variant.drawable(st) == 1
    play_until(st, [[0, "hu"]])
    w = st.wins[0]
    assert [(p.key, p.value) for p in w.score.patterns] == [("ping_hu", 1), ("zi_mo", 2), ("ying_gong", 2)]
    assert w.score.total == 4


def test_a_win_on_the_dealers_second_discard_is_not_di_hu():
    """wenshan.md 地胡: a non-dealer wins on the dealer's *first* discard. Dealer 3 leads 2p, the round goes by,
    and seat 2 (11223344m 5566s 7s, waiting 4s) wins on the dealer's second discard, 4s: 平胡 1 × 硬功 2 = 2 from
    each other seat, no 地胡 (8, cancelling 平胡: 16). Kills Wenshan.situation__mutmut_42."""
    st = play_until(wenshan_start(front="5m9p1p9s"), [[3, "discard", "2p"], [0, "discard", "5m"], [1, "discard", "9p"],
                                                      [2, "discard", "1p"], [3, "discard", "4s"], [2, "hu"]])
    w = st.wins[0]
    assert (w.seat, w.how, w.source) == (2, "discard", 3)
    assert [(p.key, p.value) for p in w.score.patterns] == [("ping_hu", 1), ("ying_gong", 2)]
    assert w.score.payments == {0: 2, 1: 2, 3: 2}


def test_a_wildcard_won_on_a_discard_counts_as_its_face():
    """wenshan.md: "A discarded wildcard counts as its face". Wildcard 中 (indicator 北). Dealer 2 holds 123m 456m
    789m 555m 中 and leads 2p; seat 3 discards 中 and seat 2 wins on it: the held 中 (as itself) and the won 中
    pair, 平胡 1 × 硬功 2 = 2 from each other seat. Were the won 中 a second wildcard, the two could be an m pair:
    清一色 4. Kills Wenshan.situation__mutmut_61 (the Situation's win tile None)."""
    st = play_until(wenshan_start([H0, H1, "123m456m789m555m7z2p", "7z369m258p36s13z28s"], front="9p", dealer=2),
                    [[2, "discard", "2p"], [3, "pass"], [3, "discard", "7z"], [2, "hu"]])
    w = st.wins[0]
    assert st.extra["wildcard"] == t("7z") and (w.seat, w.how, w.source) == (2, "discard", 3)
    assert [(p.key, p.value) for p in w.score.patterns] == [("ping_hu", 1), ("ying_gong", 2)]
    assert w.score.payments == {0: 2, 1: 2, 3: 2}


def test_a_robbed_kongers_earlier_kong_of_that_turn_still_scores():
    """wenshan.md Kong points: 杠上炮 (discarding after a kong replacement and dealing in) cancels that kong; a 抢杠
    cancels only the robbed kong. Seat 0 pungs dealer 3's 5p, konges 1111m concealed and discards the replacement
    (a discard after a kong), then on its next turn konges 9999s concealed and adds its drawn 5p: seat 1 robs it
    (平胡 自摸 硬功 4 from each other seat). Both concealed kongs score 暗杠 2 from each other seat, the 9s one
    made in the robbed turn included. Kills Wenshan.settle__mutmut_59 (any win but a discard's judged like 杠上炮
    when the discarder's last discard followed a kong)."""
    hands = ["5p5p1m1m1m1m9s9s9s9s2s4s7s", "234m456m789p3p4p6s6s", "2m5m8m1p4p7p3s6s8p9p7m3m6m", H3]
    acts = [[3, "discard", "5p"], [0, "pung"], [0, "discard", "7s"], [1, "discard", "1z"], [2, "discard", "2z"],
            [3, "discard", "3z"], [0, "kong", "1m"], [0, "discard", "3z"], [1, "discard", "1z"], [2, "discard", "2z"],
            [3, "discard", "6z"], [0, "kong", "9s"], [0, "kong", "5p"], [1, "hu"]]
    st = play_until(wenshan_start(hands, front="1z2z3z6z1z2z6z5p", back="3z8s"), acts)
    assert [(w.seat, w.how, w.source) for w in st.wins] == [(1, "rob_kong", 0)]
    assert st.seats[0].discards[-1].after_kong
    assert [(m.kind, tiles.name(m.face)) for m in st.seats[0].melds] == [
        ("pung", "5p"), ("concealed_kong", "1m"), ("concealed_kong", "9s")]
    assert labels(st, 0, "an_gang") == [(0, "an_gang", "暗杠 1m", 6), (0, "an_gang", "暗杠 9s", 6)]
    assert st.settlement.deltas == [8, 8, -8, -8]


def test_gang_shang_pao_cancels_only_the_kong_of_that_turn():
    """wenshan.md Kong points: "杠上炮 (discarding after a kong replacement and dealing in): that kong scores 0".
    Seat 0 pungs dealer 3's 5p and konges 1111m concealed on a later turn; on the turn after, it konges 9999s
    concealed and discards the replacement 2p, which seat 1 wins (平胡 硬功 2). The 9s kong shows 杠上炮 … 杠分作废
    at 0; the 1m kong of the earlier turn still scores 暗杠 2 from each other seat. Kills
    Wenshan.settle__mutmut_74 (every kong of the discarder cancelled) and _77 to _84 (the table's note)."""
    hands = ["5p5p1m1m1m1m9s9s9s9s2s4s7s", "234m456m789p3p4p6s6s", "2m5m8m1p4p7p3s6s8p9p7m3m6m", H3]
    acts = [[3, "discard", "5p"], [0, "pung"], [0, "discard", "7s"], [1, "discard", "1z"], [2, "discard", "2z"],
            [3, "discard", "3z"], [0, "kong", "1m"], [0, "discard", "3z"], [1, "discard", "1z"], [2, "discard", "2z"],
            [3, "discard", "6z"], [0, "kong", "9s"], [0, "discard", "2p"], [1, "hu"]]
    st = play_until(wenshan_start(hands, front="1z2z3z6z1z2z6z8s", back="3z2p"), acts)
    assert [(w.seat, w.how, w.source, w.score.total) for w in st.wins] == [(1, "discard", 0, 2)]
    assert labels(st, 0) == [(0, "gang_shang_pao", "杠上炮 9s 杠分作废", 0), (0, "ping_hu", "平胡 硬功 1×2=2", -2),
                             (0, "an_gang", "暗杠 1m", 6)]
    assert [zh(n) for n in st.settlement.notes] == ["杠上炮：座位0的杠不计杠分"]
    assert st.settlement.deltas == [4, 4, -4, -4]


def test_a_kong_with_a_substitute_scores_nothing_and_the_next_kong_still_scores():
    """wenshan.md Kong points: "A kong containing any substitute (wildcard or 白 standing for the face) scores 0";
    every other kong scores. Wildcard 中. Dealer 0 konges 111m + 中 concealed, then 9999s concealed, and the wall
    runs out (黄牌: kong points are still settled): 带癞子杠 1m at 0, then 暗杠 9s 2 from each other seat. Kills
    Wenshan.settle__mutmut_87 and _107 (the seat's later kongs skipped after the first pung or substitute kong)."""
    hands = ["1m1m1m7z9s9s9s9s2s4s6s8s3p5p", H1, "2m5m8m1p4p7p3s6s8p9p7m3m6m", "4s369m258p36s13z28s"]
    st = play_until(wenshan_start(hands, front="1z2z3z", back="6z4z", dealer=0, fill=False),
                    [[0, "kong", "1m"], [0, "kong", "9s"], [0, "discard", "8s"], [1, "discard", "1z"],
                     [2, "discard", "2z"], [3, "discard", "3z"]])
    assert st.end == "draw"
    assert [(m.kind, tiles.name(m.face), m.subs) for m in st.seats[0].melds] == [
        ("concealed_kong", "1m", 1), ("concealed_kong", "9s", 0)]
    assert labels(st, 0) == [(0, "kong_sub", "带癞子杠 1m 无杠分", 0), (0, "an_gang", "暗杠 9s", 6)]
    assert st.settlement.deltas == [6, -2, -2, -2]


SEAT3_ZHONG = "7z369m258p36s13z28s"  # seat 3: one 中 (the wildcard), nothing else of use


def test_a_won_wildcard_is_its_face_while_a_held_one_stays_wild():
    """wenshan.md: a discarded wildcard counts as its face; "every copy of the wildcard tile in a hand may stand for
    any tile", and 白 may stand for the wildcard's face. Wildcard 中. Dealer 2 holds 123m 456m 78m 中 222s 白 and
    leads 9s; seat 3 discards 中: seat 2 may 胡 it, the held 中 as 9m and 白 as 中 pairing the won 中: 平胡 1 (no 硬功)
    from each other seat. Kills Wenshan.quick_win__mutmut_15 (the held 中 taken as its face too: no win)."""
    st = play_until(wenshan_start([H0, H1, "123m456m78m7z222s5z9s", SEAT3_ZHONG], front="9p", dealer=2),
                    [[2, "discard", "9s"], [3, "pass"], [3, "discard", "7z"]])
    assert "hu" in kinds(st, 2)
    play_until(st, [[2, "hu"]])
    w = st.wins[0]
    assert (w.seat, w.how, w.source, [(p.key, p.value) for p in w.score.patterns]) == (2, "discard", 3,
                                                                                       [("ping_hu", 1)])
    assert w.score.payments == {0: 1, 1: 1, 3: 1}


def test_a_discarded_wildcard_that_fits_only_as_a_wildcard_is_no_win_and_nothing_is_refused():
    """wenshan.md: a discarded wildcard counts as its face. Wildcard 中. Dealer 2 (123m 456m 789m 55p 78p, waiting
    6p/9p) leads 9s; seat 3's discarded 中 would fit only as a 6p or 9p: seat 2 is offered nothing and told nothing
    (refused_win is told only for a tile that completes the shape; engine._discard_win), and seat 0 draws. Kills
    Wenshan.quick_win__mutmut_13 (the won 中 taken as a wildcard by the shape test)."""
    st = play_until(wenshan_start([H0, H1, "123m456m789m5p5p7p8p9s", SEAT3_ZHONG], front="9p", dealer=2),
                    [[2, "discard", "9s"], [3, "pass"]])
    _, emitted = engine.apply(st, Action(3, "discard", t("7z")))
    assert [e["type"] for e in emitted] == ["discard", "draw"]
    assert (st.phase, st.turn) == ("turn", 0)


# ---- chicken_fowl.py ----------------------------------------------------------------------------------------

def test_a_flipped_chicken_discarded_before_a_yao_ji_hides_nothing_after_it():
    """chicken.md "Where chickens are counted": a ready player collects for its own unclaimed discards of default
    chickens; flipped chickens in the discards count only with 满堂鸡. Guiyang hand A with seat 0 holding one 1s:
    ready seat 2 discards 9m, later the 1s it draws (neither claimed); seat 1 self-draws, 捉鸡牌 8m makes 9m the
    flipped chicken. Seat 2's 9m counts nothing, its 1s after it is a 幺鸡 worth 1 from each other seat. Kills
    chicken_fowl.counted__mutmut_12 (the discards after a skipped flipped chicken dropped)."""
    acts = [[0, "discard", "1s"], [1, "discard", "4p"], [2, "discard", "9m"], [3, "discard", "8p"],
            [0, "discard", "6s"], [1, "discard", "7z"], [2, "discard", "1s"], [3, "discard", "5m"],
            [0, "discard", "5p"], [1, "hu"]]
    st = run("guiyang", ["1s2s2m5m9m3p6p9p4s7s7z3m5p9s"] + A_HANDS[1:], front="1s9m7z6s7z1s5m5p8p8m", actions=acts)
    assert st.extra["zhuo"] == t("8m") and st.settlement.info["ready"] == [False, True, True, False]
    assert [d.tile for d in st.seats[2].discards] == [t("9m"), t("1s")]
    assert (2, "chickens", "幺鸡 1s ×1", 3) in labels(st, 2)
    assert [(tr.payer, tr.points) for tr in st.settlement.transfers if tr.payee == 2 and tr.reason == "yao_ji"] == [
        (0, 1), (1, 1), (3, 1)]


@pytest.mark.parametrize("options, zhuo, drop, name", [({"zuan_shi": True}, "7z", "7z", "钻石鸡"),
                                                       ({"yin_ji": True}, "9p", "1p", "银鸡")])
def test_a_not_ready_player_owes_no_bao_ji_for_a_discarded_diamond_or_silver_chicken(options, zhuo, drop, name):
    """chicken.md "Where chickens are counted": a not-ready player pays 包鸡 for exposed default chickens (a 冲锋鸡
    at its 冲锋 value) and for flipped chickens "only when they are golden"; 钻石鸡 (捉鸡牌 红中, option zuan_shi) and
    银鸡 (捉鸡牌 9p → 1p, option yin_ji) are flipped chickens, not golden. Guiyang hand A as above, with seat 3 (not
    ready) also discarding the chicken (its 7z, or the 1p it draws) unclaimed: its 包 lines are only 包冲锋乌骨鸡
    8p ×4 (its first 8p), nothing for the 7z or 1p. Kills chicken_fowl.kinds__mutmut_59 and _77 (钻石鸡 / 银鸡
    made default chickens)."""
    acts = [[0, "discard", "1s"], [1, "discard", "4p"], [2, "discard", "9m"], [3, "discard", "8p"],
            [0, "discard", "6s"], [1, "discard", "9p"], [2, "discard", "1s"], [3, "discard", drop],
            [0, "discard", "5p"], [1, "hu"]]
    draw3 = "1p" if drop == "1p" else "5m"  # seat 3's second draw
    st = run("guiyang", ["1s2s2m5m9m3p6p9p4s7s7z3m5p9s"] + A_HANDS[1:], front=f"1s9m7z6s9p1s{draw3}5p8p{zhuo}",
             actions=acts, options=options)
    assert st.extra["zhuo"] == t(zhuo) and st.settlement.info["ready"] == [False, True, True, False]
    assert st.seats[3].discards[-1].tile == t(drop) and st.seats[3].discards[-1].claimed_by is None
    ks = fowl_kinds(st.variant.table, st.options, t(zhuo))
    assert zh(ks[t(drop)].name) == name and not ks[t(drop)].default
    assert labels(st, 3, "bao") == [(3, "bao", "包冲锋乌骨鸡 8p ×4", -8)]


@pytest.mark.parametrize("zhuo, option, name", [("7s", "ben_ji", "本鸡"), ("8s", "shang_xia_ji", "上下鸡")])
def test_a_not_ready_player_owes_no_bao_ji_for_a_discarded_ben_ji_or_shang_xia_ji(zhuo, option, name):
    """chicken.md "Where chickens are counted" (包鸡 for default chickens and golden flipped ones only) with zhuoji's
    本鸡 (the 捉鸡牌 itself) and 上下鸡 (捉鸡牌 ±1): zhuoji hand C, seat 3 (not ready) discards 7s unclaimed; with
    捉鸡牌 7s (本鸡) or 8s (7s is its 上下鸡) that 7s is a chicken, but not one seat 3 owes: seat 3 has no 包 line
    (it pays seat 1's 7s chicken 1 as every player does). Kills chicken_fowl.kinds__mutmut_105 and the 上下鸡 twin
    (the kind made a default chicken)."""
    st = play_c(zhuo, {option: True})
    assert st.settlement.info["ready"] == [True, True, False, False]
    assert [(d.tile, d.claimed_by) for d in st.seats[3].discards] == [(t("7s"), None)]
    assert (3, "chickens", f"{name} 7s ×1", -1) in labels(st, 3)
    assert labels(st, 3, "bao") == []


def test_gen_chong_after_a_charge_that_was_not_its_discarders_first_discard():
    """chicken.md 跟冲 (zhuoji): after a 冲锋 (the hand's first 1s, unclaimed), any later player whose own first
    discard is the same tile gets a 冲锋鸡 too. Seat 2 pungs dealer 0's 9p, so seat 1 is skipped; dealer 0's second
    discard is the first 1s (冲锋, its discard 1), and seat 1's first discard is 1s: every view lists seat 1's 跟冲.
    Kills chicken_fowl.record_unclaimed__mutmut_51 (the 冲锋's discard index taken for its seat)."""
    hands = ["9p1s2m5m8m3p6p4s7s2s3m6m9m7p", "1s1m4m7m2p5p8p3s6s9s8m5s4p", "9p9p1m4m7m2p5p3s6s9s8m5s4p",
             "2m5m8m3p6p9p3s6s9s1p4p7p2m"]
    st = play_until(start("zhuoji", hands, front="6m5s7s"),
                    [[0, "discard", "9p"], [2, "pung"], [2, "discard", "1m"], [3, "discard", "6m"],
                     [0, "discard", "1s"], [1, "discard", "1s"]])
    assert (st.phase, st.turn) == ("turn", 2) and len(st.seats[0].discards) == 2 and len(st.seats[1].discards) == 1
    for s in range(4):
        pub = view(st, s)["public"]
        assert pub["chong_feng"] == {"1s": 0} and pub["gen_chong"] == [["1s", 1]]
