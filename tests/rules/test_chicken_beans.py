"""Beans (豆) in scenarios: 闷豆, 爬坡豆, 点豆, 憨包豆 (0 but a pass), 包豆, and burning (烧) for 热炮 and 抢杠."""

import pytest

from tests.rules.chicken_hands import B1, R_SEAT3, b1_actions
from tests.rules.chicken_util import act, deltas, has_item, kinds, net, play_until, run, start

B1_Z = ["9p1m4m7m2p5p3s6s9m9s3m6m2s4p", "5555m123p456s78s2m", "234m678m234p567p3s", "999p1p4s7s1m5s8s3p3p9s9m"]


def test_guiyang_men_dou_and_void_dian_dou():
    """闷豆: ready seat 1 takes 3 from each. Seat 3's 点豆 is void: it is not ready (guiyang has no 包豆)."""
    st = run("guiyang", B1, front="9s9m1p6m5p7m3s8m", back="2m4m", actions=b1_actions("7z"))
    assert [(m.kind, m.late) for m in st.seats[1].melds] == [("concealed_kong", False)]
    assert [(m.kind, m.from_seat) for m in st.seats[3].melds] == [("kong", 0)]
    assert deltas(st) == [-5, 7, 3, -5]
    assert has_item(st, 1, "闷豆 5m ×3", 9)
    assert has_item(st, 3, "点豆 9p 未叫嘴作废", 0)


def test_guiyang_not_ready_beans_are_void():
    """The replacement 3m leaves seat 1 not ready: its 闷豆 collects nothing and costs nothing."""
    st = run("guiyang", B1, front="9s9m1p6m5p7m3s8m", back="3m4m", actions=b1_actions("7z"))
    assert st.settlement.info["ready"] == [False, False, True, False]
    assert deltas(st) == [-2, -2, 6, -2]
    assert net(st, "men_dou", "bao_dou") == [0, 0, 0, 0]


def test_zhuoji_bao_dou():
    """zhuoji 包豆: not-ready seat 1 pays its 闷豆's 3 to the ready seat 2 (the only ready player); seat 3's
    点豆 would have come from seat 0, who is not ready either: nothing."""
    st = run("zhuoji", B1_Z, front="9s9m1p6m5p7m3s8m", back="3m4m", actions=b1_actions("9s"))
    assert st.settlement.info["ready"] == [False, False, True, False]
    assert deltas(st) == [-4, -7, 15, -4]
    assert has_item(st, 1, "包豆 闷豆 5m ×3", -3)
    assert net(st, "bao_dou") == [0, -3, 3, 0]


def test_zhuoji_lian_zhuang_dealer_pays():
    """With a dealer streak of 1 the dealer pays seat 2's self-draw twice (3 + 连庄 3); others pay 3."""
    st = run("zhuoji", B1_Z, front="9s9m1p6m5p7m3s8m", back="3m4m", actions=b1_actions("9s"), streak=1)
    assert deltas(st) == [-7, -7, 18, -4]
    assert has_item(st, 0, "连庄1次 3×1", -3)


# ---- 爬坡豆, and 憨包豆 as a pass --------------------------------------------------------------
# Seat 1 pungs dealer 0's 6p, draws the fourth 6p later and adds it at once (爬坡豆). Seat 2 was dealt
# 2222s but konges only on its second turn (憨包豆: 0) - still a bean, so its 平胡 may be won on a discard.
B2 = ["6p1m4m7m2p5p3s6s9s7z1p4p8m9m", "6p6p123m789m345s5s9p", "2222s345m234p9m4s5s", "3s1m4m7m5p8s7z7z9s6m2m1p7s"]
B2_ACTIONS = [[0, "discard", "6p"], [1, "pung"], [1, "discard", "9p"], [2, "discard", "6m"], [3, "discard", "2m"],
              [0, "discard", "5m"], [1, "kong", "6p"], [1, "discard", "1m"], [2, "kong", "2s"], [2, "discard", "8s"],
              [3, "discard", "3s"], [2, "hu"]]


def test_pa_po_dou_and_han_bao_dou_pass():
    st = run("guiyang", B2, front="6m2m5m6p8s4m5s", back="1m9m", actions=B2_ACTIONS)
    assert [(m.kind, m.late) for m in st.seats[1].melds] == [("added_kong", False)]
    assert [(m.kind, m.late) for m in st.seats[2].melds] == [("concealed_kong", True)]
    w = st.wins[0]
    assert (w.seat, w.how, [p.key for p in w.score.patterns]) == (2, "discard", ["ping_hu"])
    assert deltas(st) == [-3, 9, -2, -4]
    assert has_item(st, 1, "爬坡豆 6p ×3", 9)
    assert has_item(st, 2, "憨包豆 2s ×0", 0)


def test_pung_with_the_fourth_tile_held_makes_a_late_added_kong():
    """Seat 1 holds 666p and pungs the fourth 6p instead of 点豆: adding the spare 6p later is 憨包豆."""
    st = start("guiyang", ["6p1m4m7m2p5p3s6s9s7z1p4p8m9m", "6p6p6p123m789m345s5s", "2222s345m234p9m4s5s",
                           "3s1m4m7m5p8s7z7z9s6m2m1p7s"], front="6m2m5m3m", back="1m")
    play_until(st, [[0, "discard", "6p"], [1, "pung"], [1, "discard", "5s"], [2, "discard", "6m"],
                    [3, "discard", "2m"], [0, "discard", "5m"]])
    assert st.turn == 1 and "kong" in kinds(st, 1)
    act(st, 1, "kong", "6p")
    m = st.seats[1].melds[0]
    assert m.kind == "added_kong" and m.late


@pytest.mark.parametrize("variant, seat0, first, pay", [
    ("guiyang", "1m4m7m2p5p9p3s6s9s7z2m8m3p6p", "7z", 10),  # 平胡 0 + 热炮 10
    ("zhuoji", "1m4m7m2p5p9p3s6s9s9p2m8m3p6p", "9p", 9),  # 平胡 3 + 热炮 6
])
def test_re_pao_burns_beans_and_chickens(variant, seat0, first, pay):
    st = run(variant, [seat0, "5555m123p456s1s1s9m", "234m678m345p567p2p", R_SEAT3], front="2p2s", back="9m",
             actions=[[0, "discard", first], [1, "kong", "5m"], [1, "discard", "2p"], [2, "hu"]])
    assert "re_pao" in [p.key for p in st.wins[0].score.patterns]
    assert st.settlement.info["ready"][1]
    assert deltas(st) == [0, -pay, pay, 0]
    assert has_item(st, 1, "闷豆 5m 热炮烧豆", 0)
    assert has_item(st, 1, "热炮烧鸡", 0)


# 抢杠: seat 1 pungs dealer 0's 6p, konges 5555m at once (闷豆), later adds the fourth 6p: seat 2 robs it.
K = ["6p1m4m7m2p3s6s9s7z4p8m2m7z3m", "5555m6p6p1s1s234s9m7m", "234m678m345s5p9s9s1p", "9p1m4m7m2p5s8s7z3p6m2s1p7s"]
K_Z = ["6p1m4m7m2p3s6s9s5p4p8m2m5p3m", "5555m6p6p1s1s234s9m7m", "234m678m345s5p9s9s1p", "9p1m4m7m2p5s8s9p3p6m2s1p7s"]
K_ACTIONS = [[0, "discard", "6p"], [1, "pung"], [1, "kong", "5m"], [1, "discard", "7m"], [2, "discard", "1p"],
             [3, "discard", "3m"], [0, "discard", "3p"], [1, "kong", "6p"], [2, "hu"]]


@pytest.mark.parametrize("options, expect", [
    ({}, [-5, -15, 25, -5]),  # 抢杠包两家: 10 × 3 from seat 1; seat 1 still collects 闷豆 9 and 幺鸡 6
    ({"rob_burns_beans": True, "rob_burns_chickens": True}, [0, -30, 30, 0]),
    ({"rob_burns_beans": True}, [-2, -24, 28, -2]),
    ({"rob_pays_all": False}, [-5, 5, 5, -5]),  # the robbed player pays the hand once
])
def test_guiyang_qiang_gang_options(options, expect):
    st = run("guiyang", K, front="7p3m3p6p6s", back="9m", actions=K_ACTIONS, options=options)
    w = st.wins[0]
    assert (w.seat, w.how, w.source) == (2, "rob_kong", 1)
    assert [m.kind for m in st.seats[1].melds] == ["pung", "concealed_kong"]  # the robbed kong never happened
    assert deltas(st) == expect


def test_zhuoji_qiang_gang_burns_and_robbed_pays_pattern_plus_15():
    st = run("zhuoji", K_Z, front="7p3m3p6p6s", back="9m", actions=K_ACTIONS)
    assert deltas(st) == [0, -18, 18, 0]
    assert has_item(st, 1, "闷豆 5m 抢杠烧豆", 0)
    assert has_item(st, 2, "抢杠 15", 15)


def test_several_robbers():
    """Seats 2 and 3 both rob the 6p: each is paid 30 by seat 1; the next dealer is the robber nearest
    after seat 1. 捉鸡牌 6s → 7s: seat 3 (a winner) holds 789s."""
    hands = K[:3] + ["4p5p789m123p789s2m5s"]
    st = run("guiyang", hands, front="7p2m3p6p6s", back="9m",
             actions=K_ACTIONS[:4] + [[2, "discard", "1p"], [3, "discard", "5s"], [0, "discard", "3p"],
                                      [1, "kong", "6p"], [2, "hu"], [3, "hu"]])
    assert sorted(w.seat for w in st.wins) == [2, 3]
    assert deltas(st) == [-6, -46, 24, 28]
    assert net(st, "qiang_gang") == [0, -60, 30, 30]
    assert st.variant.next_dealer(st) == 2
