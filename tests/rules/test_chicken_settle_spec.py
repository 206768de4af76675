"""The chicken games' settlement and hand scoring (game/rules/variants/chicken_settle.py, chicken_patterns.py) in
situations their first tests left open (issue 42: every surviving mutant of the two modules, 1,759 in all):
满鸡清一色 only with all four flipped chickens (chicken.md Hand patterns, 满鸡清一色)."""

from __future__ import annotations

from game.rules import tiles
from tests.rules.chicken_hands import B1, R_SEAT3, play_a
from tests.rules.chicken_util import labels, net, run

t = tiles.tile


def _patterns(w):
    return [(p.key, p.value) for p in w.score.patterns]


# ---- chicken_settle.py --------------------------------------------------------------------------------------

def test_man_ji_qing_needs_all_four_flipped_chickens():
    """chicken.md 满鸡清一色 (guiyang option): "a winner holding all four flipped chickens ... scores at least
    清一色". Guiyang hand A with the option on, 捉鸡牌 8m: seat 1 self-draws 平胡 holding one 9m (the flipped
    chicken): the win stays 平胡 1, paid 1 by each other seat. Kills win_pattern__mutmut_25 ('and' → 'or')."""
    st = play_a("8m", {"man_ji_qing": True})
    w = st.wins[0]
    assert _patterns(w) == [("ping_hu", 1)]
    assert w.score.payments == {0: 1, 2: 1, 3: 1}


# test_chicken_fowl's 满鸡清一色 hand: 捉鸡牌 6m → 7m; seat 1 holds 777m, discards the fourth 7m and self-draws.
J0, J2 = "1m4m8m9m1p4p9p2s8s9s3s5m6m2p", "1m4m4m9m1p4p9p2s8s9s3s5m6m"
J3 = "8m3m6p2p7s2p3m6m8m3p9m5m5p"
J_ACTIONS = [[0, "discard", "2p"], [1, "discard", "7m"], [2, "discard", "3p"], [3, "discard", "4s"],
             [0, "discard", "5s"], [1, "hu"]]


def test_man_ji_qing_is_settled_under_its_own_key():
    """chicken.md 满鸡清一色: seat 1's 平胡 with all four flipped 7m (three held, its own discard) is settled as
    满鸡清一色 10: the win's first pattern and its info name man_ji_qing, and the hand's transfers (10 from each
    other seat) carry that rule key. Kills win_pattern__mutmut_29 and _30 (the key misspelt)."""
    st = run("guiyang", [J0, "777m234p567p345s9s", J2, J3], front="7m3p4s5s9s6m", options={"man_ji_qing": True},
             actions=J_ACTIONS)
    w = st.wins[0]
    assert _patterns(w) == [("man_ji_qing", 10)] and w.score.info["settled"] == "man_ji_qing"
    assert net(st, "man_ji_qing") == [-10, 30, -10, -10]


def test_man_ji_qing_does_not_replace_a_pattern_already_worth_qing_yi_se():
    """chicken.md 满鸡清一色 "scores at least 清一色": a hand already worth 清一色 (暗大对 10) keeps its own pattern.
    Seat 1 holds 777m 555p 666p 777s 7p, discards the fourth 7m and self-draws 7p: 暗大对 10 from each other seat,
    with the option on and all four flipped 7m. Kills win_pattern__mutmut_28 ('<' → '<=')."""
    st = run("guiyang", [J0, "777m555p666p777s7p", J2, J3], front="7m3p4s5s7p6m", options={"man_ji_qing": True},
             actions=J_ACTIONS)
    w = st.wins[0]
    assert _patterns(w) == [("an_da_dui", 10)] and "settled" not in w.score.info
    assert net(st, "an_da_dui") == [-10, 30, -10, -10]


# test_chicken_beans' B2 with seat 2 holding 777p: after its late kong of 2222s (憨包豆) it konges seat 3's 7p.
B2_TWO = ["6p1m4m7m2p5p3s6s9s7z1p4p8m9m", "6p6p123m789m345s5s9p", "2222s777p345m9m4s5s", "3s1m4m7m5p8s7z7z9s6m2m1p7p"]
B2_TWO_ACTIONS = [[0, "discard", "6p"], [1, "pung"], [1, "discard", "9p"], [2, "discard", "6m"], [3, "discard", "2m"],
                  [0, "discard", "5m"], [1, "kong", "6p"], [1, "discard", "1m"], [2, "kong", "2s"],
                  [2, "discard", "8s"], [3, "discard", "7p"], [2, "kong", "7p"], [2, "discard", "6s"],
                  [3, "discard", "3s"], [2, "hu"]]


def test_a_bean_after_a_han_bao_dou_still_collects():
    """chicken.md Beans: 憨包豆 is worth 0, every other bean of a ready player collects. Seat 2 konges its dealt
    2222s only on its second turn (憨包豆), then konges seat 3's 7p (点豆) and wins 平胡 on seat 3's 3s: its 憨包豆
    line shows 0 and its 点豆 still takes 3 from seat 3. Kills part_beans__mutmut_36 (the beans after a 憨包豆
    skipped)."""
    st = run("guiyang", B2_TWO, front="6m2m5m6p8s4m5s", back="1m9m6s", actions=B2_TWO_ACTIONS)
    assert [(m.kind, m.late) for m in st.seats[2].melds] == [("concealed_kong", True), ("kong", False)]
    assert labels(st, 2, "beans") == [(2, "beans", "爬坡豆 6p ×3", -3), (2, "beans", "憨包豆 2s ×0", 0),
                                      (2, "beans", "点豆 7p ×3", 3)]
    assert net(st, "dian_dou") == [0, 0, 3, -3]


def test_every_bean_of_a_not_ready_player_is_shown_void():
    """chicken.md Beans [D] guiyang: "a not-ready player's beans are void", each shown as a 0-point line.
    chicken_hands.B1 with seat 1 dealt 5555m 8888p 456s 78s: it konges both on its first turn (闷豆 ×2), draws
    3m and 4m as replacements and ends not ready; seat 3's 点豆 of 9p is void too. Seat 2 self-draws 平胡.
    Kills part_beans__mutmut_65 (the not-ready player's beans after its first skipped)."""
    hands = list(B1)
    hands[1] = "5555m8888p456s78s"
    acts = [[0, "discard", "7z"], [1, "kong", "5m"], [1, "kong", "8p"], [1, "discard", "9s"], [2, "discard", "9m"],
            [3, "discard", "1p"], [0, "discard", "9p"], [3, "kong"], [3, "discard", "4m"], [0, "discard", "5p"],
            [1, "discard", "7m"], [2, "hu"]]
    st = run("guiyang", hands, front="9s9m1p6m5p7m3s8m", back="3m4m4m", actions=acts)
    assert st.settlement.info["ready"] == [False, False, True, False]
    assert labels(st, None, "beans") == [(1, "beans", "闷豆 5m 未叫嘴作废", 0), (1, "beans", "闷豆 8p 未叫嘴作废", 0),
                                         (3, "beans", "点豆 9p 未叫嘴作废", 0)]


def test_every_bean_of_a_burned_player_is_shown_burned():
    """chicken.md 烧: the 热炮 discarder loses what its beans would have collected, each bean shown as a 0-point
    line. test_chicken_beans' 热炮 hand with seat 1 dealt 5555m 8888p 456s 11s: it konges both (闷豆 ×2), draws
    9m 9m and lets 2p go; seat 2 wins 平胡 热炮 on it. Seat 1 ends ready (11s 99m) and both 闷豆 are burned.
    Kills part_beans__mutmut_90 (the burned player's beans after its first skipped)."""
    st = run("guiyang", ["1m4m7m2p5p9p3s6s9s7z2m8m3p6p", "5555m8888p456s1s1s", "234m678m345p567p2p", R_SEAT3],
             front="2p2s", back="9m9m",
             actions=[[0, "discard", "7z"], [1, "kong", "5m"], [1, "kong", "8p"], [1, "discard", "2p"], [2, "hu"]])
    assert st.settlement.info["ready"] == [False, True, True, False]
    assert labels(st, 1, "beans") == [(1, "beans", "闷豆 5m 热炮烧豆", 0), (1, "beans", "闷豆 8p 热炮烧豆", 0)]
    assert st.settlement.deltas == [0, -10, 10, 0]
