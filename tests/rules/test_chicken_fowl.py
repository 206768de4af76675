"""Chickens (鸡) in scenarios: every kind, the flip, 冲锋/跟冲, 责任 both ways, 包鸡, 满堂鸡, 钻石, 满鸡清一色.

Each test is a table situation written out tile by tile; the numbers in the docstrings are the
hand-computed settlement (base 1), asserted exactly per seat.
"""

import pytest

from game.rules import tiles
from tests.helpers.words import en, zh
from tests.rules.chicken_hands import (
    A_ACTIONS,
    A_HANDS,
    Z_ACTIONS,
    Z_SEAT1,
    Z_SEAT3,
    play_a,
    play_c,
    play_zeren,
)
from tests.rules.chicken_util import deltas, has_item, labels, net, run


def test_guiyang_default_chickens_flip_charge_and_bao():
    """捉鸡牌 6p → 翻牌鸡 7p. Seat 1: 乌骨鸡 3×2 + 幺鸡 2×1 = 8 from each; seat 2: 翻牌鸡 7p 2×1 from each.
    Not ready seat 0 pays 包冲锋鸡 2 + 包鸡 1 to seats 1 and 2; seat 3 pays 包冲锋乌骨鸡 4 to each.
    Hand: 平胡 self-drawn, 1 from each."""
    st = play_a("6p")
    assert st.extra["zhuo"] == tiles.tile("6p")
    assert deltas(st) == [-17, 32, 4, -19]
    assert has_item(st, 1, "乌骨鸡 8p 3张 ×2", 18)
    assert has_item(st, 1, "幺鸡 1s 2张 ×1", 6)
    assert has_item(st, 2, "翻牌鸡 7p 2张 ×1", 6)
    assert has_item(st, 0, "包冲锋鸡 1s ×2", -4)
    assert has_item(st, 0, "包鸡 1s ×1", -2)
    assert has_item(st, 3, "包冲锋乌骨鸡 8p ×4", -8)
    assert net(st, "bao_chong_feng_ji") == [-4, 6, 6, -8]
    assert st.settlement.info["ready"] == [False, True, True, False]
    assert st.variant.next_dealer(st) == 1


def test_guiyang_golden_chicken():
    """捉鸡牌 9s → 金鸡 1s (2 each): seat 1's 11s = 4; 包冲锋金鸡 = 4, 包金鸡 = 2."""
    st = play_a("9s")
    assert deltas(st) == [-23, 43, -1, -19]
    assert has_item(st, 1, "金鸡 1s 2张 ×2", 12)
    assert has_item(st, 0, "包冲锋金鸡 1s ×4", -8)
    assert has_item(st, 0, "包金鸡 1s ×2", -4)


def test_guiyang_golden_wu_gu():
    """捉鸡牌 7p → 金乌骨鸡 8p (4 each): seat 1's 888p = 12; seat 3's 冲锋金乌骨鸡 = 8 to each ready player."""
    st = play_a("7p")
    assert deltas(st) == [-21, 56, -4, -31]
    assert has_item(st, 1, "金乌骨鸡 8p 3张 ×4", 36)
    assert has_item(st, 3, "包冲锋金乌骨鸡 8p ×8", -16)


@pytest.mark.parametrize("yin, label, expect", [
    (True, "银鸡 1p ×2", [-17, 32, 4, -19]),
    (False, "翻牌鸡 1p ×1", [-16, 33, 1, -18]),
])
def test_guiyang_silver_chicken_option(yin, label, expect):
    """捉鸡牌 9p → 1p: with 银鸡 each 1p is worth 2 (seat 2 holds one), without it is a plain 翻牌鸡."""
    st = play_a("9p", options={"yin_ji": yin})
    assert deltas(st) == expect
    assert has_item(st, 2, label)


def test_guiyang_without_wu_gu():
    """Option wu_gu off: 8p is no chicken (seat 1 keeps 11s = 2, seat 3's 8p discard costs nothing)."""
    st = play_a("6p", options={"wu_gu": False})
    assert deltas(st) == [-11, 10, 6, -5]


def test_no_flip_when_the_wall_is_empty():
    """Seat 1 wins on the very last tile: no 捉鸡牌, no flipped chicken (seat 2's 77p collect nothing)."""
    st = play_a("", fill=False)
    assert st.front == st.back and "zhuo" not in st.extra
    assert deltas(st) == [-15, 34, -2, -17]
    assert any("不翻鸡" in n for n in [zh(n) for n in st.settlement.notes])


# ---- 满堂鸡: flipped chickens in discards --------------------------------------------------------
# 捉鸡牌 3p → 4p. Seat 1 (winner) discarded 4p: a winner's flipped chicken counts in discards always.
# Seat 2 (ready) holds 4p (456p) and discards the 4p it draws: that one counts only with 满堂鸡.

@pytest.mark.parametrize("man_tang, expect, seat2", [
    (False, [-17, 36, 0, -19], "翻牌鸡 4p ×1"),
    (True, [-18, 35, 3, -20], "翻牌鸡 4p 2张 ×1"),
])
def test_man_tang(man_tang, expect, seat2):
    acts = [list(a) for a in A_ACTIONS]
    acts[2] = [2, "discard", "4p"]
    st = run("guiyang", A_HANDS, front="1s4p7z6s8p3p", actions=acts, options={"man_tang": man_tang})
    assert deltas(st) == expect
    assert has_item(st, 1, "翻牌鸡 4p ×1", 3)  # the winner's discarded 4p
    assert has_item(st, 2, seat2)


# ---- 钻石鸡 / 自摸翻倍 / 满鸡清一色 (guiyang options) ----------------------------------------------
J0 = "1m4m7m9m1p4p9p2s8s9s3s5m6m2p"
J2 = "1m4m7m9m1p4p9p2s8s9s3s5m6m"
J3 = "8m3m6p2p7s2p3m6m8m3p9m5m4m"
W1 = "7z7z234m567p345s67s"  # seat 1 waits 5s/8s with a pair of 红中
W1_ACTIONS = [[0, "discard", "2p"], [1, "discard", "3p"], [2, "discard", "7m"], [3, "discard", "4s"],
              [0, "discard", "5s"], [1, "hu"]]


@pytest.mark.parametrize("options, expect, label", [
    ({"zuan_shi": True}, [-9, 27, -9, -9], "钻石鸡 7z 2张 ×4"),
    ({}, [-3, 9, -3, -3], "翻牌鸡 7z 2张 ×1"),
    ({"zuan_shi": True, "zimo_double": True}, [-10, 30, -10, -10], "钻石鸡 7z 2张 ×4"),
])
def test_diamond_chicken_and_self_draw_double(options, expect, label):
    """捉鸡牌 红中 → 红中 is the chicken: 钻石鸡 4 each with the option, else 1. 自摸翻倍 doubles the hand only."""
    st = run("guiyang", [J0, W1, J2, J3], front="3p7m4s5s8s7z", actions=W1_ACTIONS, options=options)
    assert deltas(st) == expect
    assert has_item(st, 1, label)
    if options.get("zimo_double"):
        assert has_item(st, 1, "平胡 1 自摸翻倍×2", 6)


@pytest.mark.parametrize("on, expect, pattern", [
    (True, [-14, 42, -14, -14], "满鸡清一色 10"),
    (False, [-5, 15, -5, -5], "平胡 1"),
])
def test_man_ji_qing_yi_se(on, expect, pattern):
    """捉鸡牌 6m → 7m. Seat 1 holds 777m and discarded the fourth 7m: all four flipped chickens are its
    (a winner's discards count) → with 满鸡清一色 its 平胡 scores as 清一色 (10)."""
    w2 = "777m234p567p345s9s"
    j0 = "1m4m8m9m1p4p9p2s8s9s3s5m6m2p"
    j2 = "1m4m4m9m1p4p9p2s8s9s3s5m6m"
    j3 = "8m3m6p2p7s2p3m6m8m3p9m5m5p"
    st = run("guiyang", [j0, w2, j2, j3], front="7m3p4s5s9s6m", options={"man_ji_qing": on},
             actions=[[0, "discard", "2p"], [1, "discard", "7m"], [2, "discard", "3p"], [3, "discard", "4s"],
                      [0, "discard", "5s"], [1, "hu"]])
    assert deltas(st) == expect
    assert has_item(st, 1, pattern)
    assert has_item(st, 1, "翻牌鸡 7m 4张 ×1", 12)
    assert " ".join(zh(n) for n in st.wins[0].score.names) == pattern.split()[0]  # the win shows the pattern as settled


def test_guiyang_ze_ren_claimer_ready():
    """Seat 2 ends ready (waits 9p): seat 0 pays it 责任鸡 1; seat 2's 111s meld collects 3 from each."""
    st = play_zeren("guiyang", "1s1p4p7p2m5m9m3s6s9s2p6p9p8m", "1s1s234m567m345p9p5s", "5s")
    assert st.settlement.info["ready"] == [False, True, True, False]
    assert deltas(st) == [-5, 0, 9, -4]
    assert net(st, "ze_ren_ji") == [-1, 0, 1, 0]
    assert has_item(st, 2, "责任鸡 1s ×1", 1)


def test_guiyang_ze_ren_claimer_not_ready():
    """Seat 2 ends not ready, seat 0 (the discarder) is ready: seat 2 pays seat 0 包责任鸡 1, and 包鸡
    3 (its exposed 111s) to each ready player."""
    st = play_zeren("guiyang", "1s123p456p234s5m5m6s6s", "1s1s234m567m3p5p9p5s7s", "9p")
    assert st.settlement.info["ready"] == [True, True, False, False]
    assert deltas(st) == [3, 6, -8, -1]
    assert net(st, "bao_ze_ren_ji") == [1, 0, -1, 0]
    assert has_item(st, 2, "包鸡 1s 3张 ×1", -6)


def test_guiyang_ze_ren_wu_gu_ji():
    """The same with 8p: seat 2 pungs dealer 0's first 8p. 责任乌骨鸡 2; its 888p meld collects 3×2."""
    acts = [list(a) for a in Z_ACTIONS]
    acts[0] = [0, "discard", "8p"]
    acts[2] = [2, "discard", "5s"]
    st = run("guiyang", ["8p1p4p7p2m5m9m3s6s9s2p6p9p8m", Z_SEAT1, "8p8p234m567m345p9p5s", Z_SEAT3],
             front="4m7s4p8s", actions=acts)
    assert deltas(st) == [-9, -3, 19, -7]
    assert has_item(st, 2, "责任乌骨鸡 8p ×2", 2)


def test_zhuoji_ze_ren_claimer_ready_and_su_gua_dou():
    """zhuoji: 责任鸡 is 3× (3); seat 1's self-drawn 平胡 has no chicken and no bean: 素瓜豆 6 from each."""
    st = play_zeren("zhuoji", "1s1p4p7p2m5m9m3s6s9s2p6p9p8m", "1s1s234m567m345p9p5s", "5s")
    assert deltas(st) == [-12, 15, 6, -9]
    assert has_item(st, 1, "素瓜豆 6", 18)
    assert st.wins[0].score.patterns[0].key == "su_gua_dou" and st.wins[0].score.total == 6
    assert net(st, "ze_ren_ji") == [-3, 0, 3, 0]


def test_zhuoji_ze_ren_claimer_not_ready():
    st = play_zeren("zhuoji", "1s123p456p234s5m5m6s6s", "1s1s234m567m3p5p9p5s7s", "9p")
    assert deltas(st) == [0, 21, -15, -6]
    assert has_item(st, 2, "包责任鸡 1s ×3", -3)


def test_zhuoji_charge_and_following_charge():
    """捉鸡牌 5s → 6s. Seat 0: 冲锋鸡 3 from each; seat 1: 跟冲鸡 3 + 翻牌鸡 6s 1 from each; seat 2
    pays 包跟冲鸡 3 to both; hand 平胡 3 from each (no 素瓜豆: the winner has a chicken)."""
    st = play_c("5s")
    assert deltas(st) == [17, 9, -16, -10]
    assert has_item(st, 0, "冲锋鸡 1s ×3", 9)
    assert has_item(st, 1, "跟冲鸡 1s ×3", 9)
    assert has_item(st, 2, "包跟冲鸡 1s ×3", -6)
    assert has_item(st, 0, "平胡 3", 9)


def test_zhuoji_golden_charge():
    """捉鸡牌 9s → 金鸡 (3 each): 冲锋金鸡 and 跟冲金鸡 are 9."""
    st = play_c("9s")
    assert deltas(st) == [36, 24, -39, -21]
    assert has_item(st, 0, "冲锋金鸡 1s ×9", 27)


def test_zhuoji_ben_ji_and_shang_xia_ji():
    """本鸡 5s and 上下鸡 4s (6s is the flipped chicken anyway): seat 1 holds each once."""
    st = play_c("5s", options={"ben_ji": True, "shang_xia_ji": True})
    assert deltas(st) == [15, 15, -18, -12]
    assert has_item(st, 1, "本鸡 5s ×1", 3)
    assert has_item(st, 1, "上下鸡 4s ×1", 3)


def test_zhuoji_lian_zhuang_dealer_wins():
    """The dealer has kept the seat twice: every hand payment to it is ×3 (连庄 adds 3×2 per payer)."""
    st = play_c("5s", streak=2)
    assert deltas(st) == [35, 3, -22, -16]
    assert has_item(st, 0, "连庄2次 3×2", 18)
    assert st.variant.next_dealer(st) == 0


def test_settlement_items_are_grouped_by_part():
    st = play_c("5s")
    parts = [i.key for i in st.settlement.items_for(0)]
    from game.rules.variants.chicken_settle import PARTS
    assert parts == sorted(parts, key=PARTS.index)
    assert {p for _s, p, _l, _v in labels(st)} <= {"hand", "chickens", "bao"}
    assert all(en(i.text) for i in st.settlement.items)
