"""Specification tests for 文山翻小鸡 (shared/rules/wenshan.md) that the mutation run of the rules core found
missing: the labels and keys of kong points (补杠 / 直杠 / 暗杠), 惩炮 named on the discarder's line only,
软烂 offered by the engine, 黄牌留牌 in the public info, 清一色 never with honors, the best base pattern by
value, a claimed wildcard counting as its face while held copies stay free, and soft 烂牌 with no room."""

from __future__ import annotations

from game.cli.replay import item_line
from game.rules import engine, scenario, tiles
from game.rules.actions import Action
from game.rules.variants import get
from game.rules.view import view
from tests.helpers.scen import scenario_dict
from tests.helpers.words import en, zh
from tests.rules.invariants import check_conservation
from tests.rules.scoring import judge_wenshan as judge
from tests.rules.scoring import keys
from tests.rules.wenshan_util import H0, H1, H2, act, concealed_kong_win, kinds, kong_deal, start

V = get("wenshan")


def items(st, seat=None):
    """(seat, key, zh label, en label, points) of the settlement lines."""
    return [(i.seat, i.key, zh(i.text), en(i.text), i.points) for i in st.settlement.items
            if seat is None or i.seat == seat]


def transfer_labels(st):
    return sorted((tr.payer, tr.payee, tr.points, tr.reason, zh(tr.text), en(tr.text))
                  for tr in st.settlement.transfers)


# ---- 惩炮 (wenshan.md Settlement: option penalty_discard) -----------------------------------------------

def _discard_win(options=None):
    """Dealer 3 leads 2p; seat 0 draws 5m and discards 4s; seat 2 (waiting 4s/7s) wins 平胡 硬功 = 1 × 2."""
    st = start(options=options)
    act(st, 3, "discard", "2p")
    act(st, 0, "discard", "4s")
    act(st, 2, "hu")
    return st


def test_wenshan_penalty_discard_named_on_the_discarders_line():
    """wenshan.md Payments, 惩炮 (penalty_discard): every other player pays T, the discarder 2 × T. Seat 0
    deals 4s into seat 2's 平胡 硬功 (1 × 2 = 2): seat 0 pays 4 and its line alone says 惩炮×2 / discarder ×2."""
    st = _discard_win({"penalty_discard": True})
    assert st.settlement.deltas == [-4, -2, 8, -2]
    assert transfer_labels(st) == [
        (0, 2, 4, "ping_hu", "平胡 硬功 1×2=2 惩炮×2", "All sets No substitutes 1×2=2 discarder ×2"),
        (1, 2, 2, "ping_hu", "平胡 硬功 1×2=2", "All sets No substitutes 1×2=2"),
        (3, 2, 2, "ping_hu", "平胡 硬功 1×2=2", "All sets No substitutes 1×2=2")]


def test_wenshan_discard_win_without_penalty_names_no_penalty():
    """wenshan.md Payments: 惩炮 is off by default: on the same discard win every other player pays T = 2,
    the discarder too, and no line names 惩炮."""
    st = _discard_win()
    assert st.settlement.deltas == [-2, -2, 6, -2]
    assert {x[4:] for x in transfer_labels(st)} == {("平胡 硬功 1×2=2", "All sets No substitutes 1×2=2")}


def test_wenshan_penalty_option_does_not_touch_a_self_draw():
    """wenshan.md 惩炮 applies to a discard win only: seat 2 self-draws 4s (平胡 自摸 硬功 = 1 × 2 × 2 = 4):
    each of the three others pays 4, and no line names 惩炮 although the option is on."""
    st = start(front="5m9p4s", options={"penalty_discard": True})
    act(st, 3, "discard", "2p")
    act(st, 0, "discard", "5m")
    act(st, 1, "discard", "9p")
    act(st, 2, "hu")
    assert st.settlement.deltas == [-4, -4, 12, -4]
    assert {(lab, en) for *_, lab, en in transfer_labels(st)} == {
        ("平胡 自摸 硬功 1×2×2=4", "All sets Self-draw No substitutes 1×2×2=4")}


# ---- kong points (wenshan.md Settlement: 补杠 and 直杠 1 × 底注 from each, 暗杠 2 × 底注) ------------------

def test_wenshan_concealed_kong_line_names_an_gang_and_the_tile():
    """wenshan.md 暗杠: each other player pays 2. Seat 0 konges 7777p, seat 2 wins 小七对 硬功 (4) on seat 1's
    7s: seat 0's line reads 暗杠 7p / concealed kong 7p, +6; every other seat's kong line -2."""
    st = concealed_kong_win()
    assert (0, "an_gang", "暗杠 7p", "concealed kong 7p", 6) in items(st, 0)
    assert [x for x in transfer_labels(st) if x[3] == "an_gang"] == [
        (1, 0, 2, "an_gang", "暗杠 7p", "concealed kong 7p"), (2, 0, 2, "an_gang", "暗杠 7p", "concealed kong 7p"),
        (3, 0, 2, "an_gang", "暗杠 7p", "concealed kong 7p")]


# Seat 0 holds 777p; dealer 3 leads 7p.
DIRECT0 = "777p4s19s123z66z8m5m"
H3_7P = "4s369m258p36s13z28s7p"


def test_wenshan_direct_kong_is_zhi_gang_one_from_each():
    """wenshan.md 直杠 (a kong on a discard): each other player pays 1. Seat 0 konges dealer 3's 7p, discards
    the replacement 3p; seat 1 discards 7s and seat 2 wins 小七对 硬功 = 4 from each other player.
    Deltas: seat 0 -4 + 3, seats 1 and 3 -4 - 1, seat 2 +12 - 1; the kong line reads 直杠 7p / kong 7p."""
    st = start([DIRECT0, H1, H2, H3_7P], front="5m", back="3p")
    act(st, 3, "discard", "7p")
    act(st, 0, "kong")
    assert st.seats[0].melds[0].kind == "kong"
    act(st, 0, "discard", "3p")
    act(st, 1, "discard", "7s")
    act(st, 2, "hu")
    assert st.settlement.deltas == [-1, -5, 11, -5]
    assert (0, "zhi_gang", "直杠 7p", "kong 7p", 3) in items(st, 0)
    assert [x[3:] for x in transfer_labels(st) if x[1] == 0] == [("zhi_gang", "直杠 7p", "kong 7p")] * 3


def test_wenshan_added_kong_is_bu_gang_one_from_each():
    """wenshan.md 补杠 (added to one's own pung at a later turn): each other player pays 1. Seat 0 pungs dealer
    3's 7p, later draws the fourth 7p and adds it; seat 2 then self-draws 4s: 平胡 自摸 硬功 = 4 from each.
    Deltas: seat 0 -4 + 3, seats 1 and 3 -4 - 1, seat 2 +12 - 1; the kong line reads 补杠 7p / added kong 7p."""
    hands = ["77p4s19s123z66z8m5m9m", H1, H2, H3_7P]
    data = scenario_dict("wenshan", hands, front="5p6p8p7p9p4s", back="3p", flip="4z", dealer=3,
                    actions=[[3, "discard", "7p"], [0, "pung"], [0, "discard", "8m"], [1, "discard", "2m"],
                             [2, "discard", "6p"], [3, "discard", "8p"], [0, "kong", "7p"], [0, "discard", "3p"],
                             [1, "discard", "9p"], [2, "hu"]])
    st = scenario.run(data)
    assert [m.kind for m in st.seats[0].melds] == ["added_kong"]
    assert st.wins[0].seat == 2 and st.wins[0].how == "self_draw"
    assert st.settlement.deltas == [-1, -5, 11, -5]
    assert (0, "bu_gang", "补杠 7p", "added kong 7p", 3) in items(st, 0)
    assert [x[3:] for x in transfer_labels(st) if x[1] == 0] == [("bu_gang", "补杠 7p", "added kong 7p")] * 3


def test_wenshan_settlement_line_text_without_detail():
    """The settlement screen's plain line of an item without a detail: seat, label, signed points (no '()')."""
    st = concealed_kong_win()
    line = next(i for i in st.settlement.items if i.key == "an_gang" and i.seat == 0)
    assert line.detail == "" and item_line(line) == "seat 0: 暗杠 7p +6"


# ---- options seen by the engine ---------------------------------------------------------------------------

def test_wenshan_soft_lan_hand_may_win_in_the_engine():
    """wenshan.md 软烂 (soft_lan): a suit's numbers need only differ by 3. Dealer 2 is dealt 148m 258p 369s +
    东南西北发 (1-4-8m: 4 and 8 differ by 4): with 软烂 on the engine offers 胡 (天胡), with it off it does not."""
    other = "2m3m5m6m7m4p6p7p2s4s5s7s8s"
    hands = [other, other, "148m258p369s12346z", "9m9m9p9p1s1s1p1p3p3p6m6m9s"]
    for soft in (True, False):
        st, _ = scenario.start(scenario_dict("wenshan", hands, flip="4m", dealer=2, options={"soft_lan": soft}))
        assert ("hu" in kinds(st, 2)) is soft
    st, _ = scenario.start(scenario_dict("wenshan", hands, flip="4m", dealer=2, options={"soft_lan": True}))
    engine.apply(st, Action(2, "hu"))
    assert [p.key for p in st.wins[0].score.patterns][0] == "tian_hu"


def test_wenshan_reserved_tiles_are_public():
    """wenshan.md 黄牌留牌 (reserved_tiles): every seat's view shows how many tiles are kept back (14)."""
    st = start(options={"reserved_tiles": 14})
    assert view(st, 0)["public"]["reserved"] == 14
    assert V.public_info(st, None)["reserved"] == 14
    assert V.public_info(start(), 1)["reserved"] == 0


def test_wenshan_indicator_is_out_of_play():
    """wenshan.md: the indicator turned up at the wall's end is out of play: every tile of the 136 is
    accounted for (hands, wall, the indicator) right after the deal and after a kong."""
    st = kong_deal()
    check_conservation(st)
    assert V.out_of_play(st) == [st.extra["indicator"]]
    act(st, 3, "discard", "2p")
    act(st, 0, "kong", "7p")
    check_conservation(st)


# ---- scoring --------------------------------------------------------------------------------------------

def test_wenshan_honors_are_never_qing_yi_se():
    """wenshan.md 清一色: every tile of one suit. 123m 456m 789m 东东东 南南 is one suit plus honors: 平胡 only,
    self-drawn 硬功 = 1 × 2 × 2 = 4 from each (not (4 + 0) × 4 with 清一色)."""
    res, code = judge("123m456m789m11122z", "2z", wildcard="5s")
    assert code == 0 and keys(res) == ["ping_hu", "zi_mo", "ying_gong"] and res["total"] == 4


def test_wenshan_seven_pairs_of_terminals_scores_as_qi_dui_not_yao():
    """wenshan.md: only the largest base pattern counts. 11m 99m 11p 99p 11s 99s 东东 is both 小七对 (×2)
    and 幺牌 (×1): 小七对 is taken, self-drawn 硬功 = 2 × 2 × 2 = 8."""
    res, code = judge("11m99m11p99p11s99s11z", "1z", wildcard="5s")
    assert code == 0 and keys(res) == ["qi_dui", "zi_mo", "ying_gong"] and res["total"] == 8


def test_wenshan_claimed_wildcard_is_its_face_held_copies_stay_free():
    """wenshan.md: a discarded wildcard taken to win counts as its face; the copies held stay wildcards.
    Wildcard 中: 147m 258p 36s 东南西 + 中中 in hand, win on a discarded 中 (a real 中): the two held 中
    stand for 9s and 北, giving 烂牌 (14 distinct) = 1 on a discard. Were both held copies taken as 中 too,
    the hand would repeat 中 and not win."""
    res, code = judge("147m258p36s123z777z", "7z", win="discard", frm=0, wildcard="7z")
    assert code == 0 and keys(res) == ["lan"] and res["total"] == 1


def test_wenshan_soft_lan_jokers_need_room():
    """wenshan.md 软烂: 3-7 in each suit (gaps of 4, no room for a third number) and all seven honors
    hold 13 distinct tiles; the fourteenth, a wildcard 4m, has no tile left to become: not a win."""
    res, code = judge("37m37p37s1234567z4m", "4m", options={"soft_lan": True})
    assert code == 1 and res["valid"] is False
    res, code = judge("37m37p369s123456z4m", "4m", options={"soft_lan": True})  # 369s and 中 missing: 七星
    assert code == 0 and keys(res) == ["qi_xing", "zi_mo"] and res["total"] == 4


def test_wenshan_equal_totals_keep_the_reading_as_the_tiles_stand():
    """wenshan.md: the reading with the largest total T is taken; of two readings with the same T the hand as
    it stands (硬功) is shown. 暗杠 5555m, 123m 234m 678m + 4p 4p (wildcard 4p), 杠上花 self-drawn on 8m:
    as it stands (4p a real pair) (0 + 杠上花 4) × 自摸 2 × 硬功 2 = 16; with both 4p free the hand is
    清一色: (0 + 4 + 4) × 2 = 16 as well. Shown: 杠上花 自摸 硬功, 16 from each."""
    res, code = judge("123m234m678m4p4p", "8m", flags=["after_kong"], wildcard="4p",
                      melds=[{"kind": "concealed_kong", "tiles": "5555m"}])
    assert code == 0 and keys(res) == ["gang_shang_hua", "zi_mo", "ying_gong"] and res["total"] == 16
    assert res["payments"] == {"0": 16, "2": 16, "3": 16}


# ---- issue 42: the fresh sample's survivors (wenshan) -------------------------------------------------------------

def test_a_kong_with_a_substitute_is_a_zero_line_of_its_owner():
    """wenshan.md Settlement: a kong made with a substitute (here the wildcard 中 standing for the fourth 7p)
    scores nothing, and the settlement says so on its owner's lines: seat 0, "带癞子杠 7p 无杠分" at 0. Seat 0
    konges, throws the replacement 3p; seat 2 wins 小七对 on seat 1's 7s."""
    st = start(["777p7z4s19s123z66z8m", H1, H2, "4s369m258p36s13z28s2p"], front="5m6m", back="3p")
    act(st, 3, "discard", "2p")
    act(st, 0, "kong", "7p")
    act(st, 0, "discard", "3p")
    act(st, 1, "discard", "7s")
    act(st, 2, "hu")
    assert [x for x in items(st) if x[1] == "kong_sub"] == [
        (0, "kong_sub", "带癞子杠 7p 无杠分", "kong 7p with substitutes: no points", 0)]


# ---- the fourth fresh sample (seed 3085892555) ----------------------------------------------------------------

def test_wenshan_the_wildcard_fills_a_set_on_the_initial_deal_and_the_dealer_may_declare_tian_hu():
    """wenshan.md, the wildcard (every copy stands for any tile) and 天胡 (12, self-draw ×2 from each): the flip 北
    makes 白 the wildcard; the dealer's 456m 789m 456s 77s 24p + 白 is complete with 白 as 3p, so 胡 is offered
    at once (the engine's quick shape check reads the hand with the hand's own wildcard) and pays 24 from each.
    The same hand with 中 instead of 白 is not complete."""
    st = start((H0, H1, H2, "456m789m456s77s24p7z"))
    assert tiles.name(st.extra["wildcard"]) == "7z" and kinds(st, 3) == ["discard", "hu"]
    engine.apply(st, Action(3, "hu"))
    assert [(i.seat, zh(i.text), i.points) for i in st.settlement.items] == [
        (0, "天胡 自摸 12×2=24", -24), (1, "天胡 自摸 12×2=24", -24), (2, "天胡 自摸 12×2=24", -24),
        (3, "天胡 自摸 12×2=24", 72)]
    assert kinds(start((H0, H1, H2, "456m789m456s77s24p5z")), 3) == ["discard"]
