"""Chicken-game play: 报听 and its forced discards, 杀报/杀听, the pass rule, 天胡/地胡 must-win, 过胡/过碰,
一炮多响 and the next dealer, 查叫 at a drawn hand, options schemas, first dealer."""

import pytest

from game import i18n
from game.rules import engine, scenario, tiles
from game.rules.actions import Action
from game.rules.codes import Refusal
from game.rules.variants import get
from game.rules.variants.chicken import drawn_hand_dealer
from tests.rules.chicken_hands import D_ACTIONS, J3, OPENING, S0, S0_Z, S1, S2_JUNK, S2_READY, S3, S3_Z, WAIT_6S_9M, D
from tests.rules.chicken_util import act, decline, deltas, has_item, kinds, net, play_until, run, start

t = tiles.tile


def test_bao_ting_flow_and_win():
    st = start("guiyang", [S0, S1, S2_JUNK, S3], front="4p2s3p4p6s6m5p4p2s")
    play_until(st, OPENING[:2])
    assert st.phase == "declare" and kinds(st, 1) == ["declare_ready", "pass"]
    play_until(st, OPENING[2:5])
    assert st.seats[1].declared and st.seats[1].discards[-1].declared
    assert kinds(st, 1) == ["hu", "pass"], "a declared player may win the 1s but not pung it"
    play_until(st, OPENING[5:])
    assert st.seats[1].missed_win == 10
    play_until(st, [[0, "discard", "4p"]])  # 过胡: the same value cannot be won before seat 1 draws again
    # seat 1 drew 6s, which does not win: discarded by itself (not a logged action)
    assert st.turn == 2 and st.seats[1].discards[-1].tile == t("6s") and st.seats[1].discards[-1].declared
    assert Action(1, "discard", t("6s")) not in st.log
    assert st.seats[1].missed_win is None
    play_until(st, [[2, "discard", "6m"], [3, "discard", "5p"], [0, "discard", "4p"], [1, "hu"]])
    assert [p.key for p in st.wins[0].score.patterns] == ["ping_hu", "bao_ting"]
    assert deltas(st) == [-12, 18, -2, -4]
    assert has_item(st, 1, "平胡 0", 0) and has_item(st, 1, "报听 10", 10)


def test_discard_choices_after_declaring():
    st = start("guiyang", [S0, S1, S2_JUNK, S3], front="4p2s3p4p1p")
    play_until(st, OPENING[:3])
    v = st.variant
    s = st.seats[1]
    s.drawn = t("4p")
    assert v.discard_choices(st, 1) == [t("4p")]
    assert not v.turn_kong_allowed(st, 1) and not v.claim_allowed(st, 1, "pung")


def test_sha_ting_on_a_forced_discard():
    """Seat 2 wins 平胡 on the declared seat 1's forced 6s: 杀听 10, paid by seat 1 (guiyang)."""
    st = run("guiyang", [S0, S1, S2_READY, S3], front="4p2s3p3m6s2s",
             actions=OPENING + [[0, "discard", "3m"], [2, "hu"]])
    assert [p.key for p in st.wins[0].score.patterns] == ["ping_hu", "sha_bao"]
    assert deltas(st) == [-2, -2, 10, -6]


def test_sha_ting_on_a_self_draw_guiyang():
    """Seat 2 self-draws while seat 1 has declared: 杀听 is part of the hand, paid by all three."""
    st = run("guiyang", [S0, S1, S2_READY, S3], front="4p2s3p3m6m6s2s",
             actions=OPENING + [[0, "discard", "3m"], [2, "hu"]])
    assert deltas(st) == [-12, -2, 30, -16]


def test_zhuoji_bao_ting_win():
    st = run("zhuoji", [S0_Z, S1, S2_JUNK, S3_Z], front="4p2s3p4p6s6m5p4p2s",
             actions=[[0, "discard", "3m"]] + OPENING[1:] + [[0, "discard", "4p"], [2, "discard", "6m"],
                                                               [3, "discard", "5p"], [0, "discard", "4p"], [1, "hu"]])
    assert deltas(st) == [-20, 27, -2, -5]  # 平胡 3 + 报听 15; 冲锋鸡 3 owed by seat 3
    assert has_item(st, 1, "报听 15", 15)


def test_zhuoji_sha_bao_on_a_discard():
    st = run("zhuoji", [S0_Z, S1, S2_READY, S3_Z], front="4p2s3p3m6s2s",
             actions=[[0, "discard", "3m"]] + OPENING[1:] + [[0, "discard", "3m"], [2, "hu"]])
    assert deltas(st) == [-2, -9, 19, -8]  # seat 1 pays 平胡 3 + 杀报 15
    assert net(st, "sha_bao") == [0, -15, 15, 0]


def test_zhuoji_sha_bao_on_a_self_draw_only_the_declared_pays_it():
    """Seat 2 self-draws 6s (素瓜豆 6: no chicken, no bean); only the declared seat 1 adds 杀报 15."""
    st = run("zhuoji", [S0_Z, S1, S2_READY, S3_Z], front="4p2s3p3m6m6s2s",
             actions=[[0, "discard", "3m"]] + OPENING[1:] + [[0, "discard", "3m"], [2, "hu"]])
    assert deltas(st) == [-8, -12, 34, -14]
    assert net(st, "sha_bao") == [0, -15, 15, 0]
    assert net(st, "su_gua_dou") == [-6, -6, 18, -6]


def test_missed_win_allows_a_higher_value():
    """After passing 平胡+报听 (10), seat 1 may win a 热炮 (10 + 10 = 20): dealer 0 konges 2222p late
    (憨包豆) and lets 4p go."""
    s0 = "7z1m4m7m1p5p7p2s4s6s2222p"
    s2 = "2m5m8m3p6p9p3s5s8s9s4m7m1p"
    st = run("guiyang", [s0, S1, s2, S3], front="4p2s3p6m2s", back="4p",
             actions=OPENING + [[0, "kong", "2p"], [0, "discard", "4p"], [1, "hu"]])
    assert st.seats[0].melds[0].late
    assert [p.key for p in st.wins[0].score.patterns] == ["ping_hu", "bao_ting", "re_pao"]
    assert deltas(st) == [-22, 28, -2, -4]


# ---- the pass (通行证), 天胡 / 地胡 -------------------------------------------------------------------------
J1 = "1m4m7m1p4p7p2s5s8s3m6m9m2p"
JB = "5m8m3p6p9p3s9s4m7m5p7s1p6s"
JC = "1m4m7m2p5p8p3s6s9s5m8m3p9m"


def test_di_hu_on_the_dealers_discard_must_be_won_not_ponged():
    st = start("guiyang", ["6s1m4m7m1p4p7p2s5s8s3m6m9m2p", J3, WAIT_6S_9M, "1m4m7m2p5p8p3s6s9s2m5m8m3p"])
    act(st, 0, "discard", "6s")
    assert kinds(st, 2) == ["hu"], "地胡 cannot be passed, not even for a pung"
    act(st, 2, "hu")
    assert [p.key for p in st.wins[0].score.patterns] == ["ping_hu", "di_hu"]
    assert net(st, "di_hu") == [-10, 0, 10, 0]


def test_scenario_must_write_the_forced_win():
    hands = ["6s1m4m7m1p4p7p2s5s8s3m6m9m2p", J3, WAIT_6S_9M, "1m4m7m2p5p8p3s6s9s2m5m8m3p"]
    with pytest.raises(scenario.ScenarioError, match="must win"):
        run("guiyang", hands, actions=[[0, "discard", "6s"], [3, "discard", "1m"]])


@pytest.mark.parametrize("variant, offered", [("guiyang", True), ("zhuoji", False)])
def test_di_hu_on_a_non_dealers_first_discard(variant, offered):
    """Seat 1's first discard 6s: guiyang 地胡 for seat 3 (any discard before its own first discard);
    zhuoji 地胡 is only on the dealer's first discard, so seat 3's 平胡 has no pass: no win offered."""
    st = start(variant, ["9s1m4m7m1p4p7p2s5s8s3m6m9m2p", "6s2m5m8m3p6p9p3s9s4m7m5p1p", J3[:-2] + "7p",
                         WAIT_6S_9M], front="2p")
    act(st, 0, "discard", "9s")
    act(st, 1, "discard", "6s")
    if offered:
        assert engine.acting_seats(st) == [3] and kinds(st, 3) == ["hu"]
    else:
        assert kinds(st, 3) == ["pass", "pung"]


def test_zhuoji_di_hu_self_draw_must_win():
    st = start("zhuoji", ["9s1m4m7m1p4p7p2s5s8s3m6m5m2p", WAIT_6S_9M, J3, "1m4m7m2p5p8p3s6s9s2m5m8m3p"],
               front="9m")
    act(st, 0, "discard", "9s")
    assert st.turn == 1 and kinds(st, 1) == ["hu"]
    act(st, 1, "hu")
    assert st.wins[0].score.patterns[0].key == "di_hu"
    assert net(st, "di_hu") == [-30, 90, -30, -30]


def test_pass_rule_refuses_plain_discard_win():
    """Seat 3's first discard comes after seat 2's: no 地胡. Seat 2 has no bean and nobody declared, so its
    平胡 on the 6s may not be won (only the pung is offered)."""
    st = start("guiyang", ["1m4m7m1p4p7p2s5s8s3m6m9m2p3p", J3, WAIT_6S_9M, "6s1m4m7m2p5p8m3s9s2m5m8m3p"],
               front="7s8s4s")
    play_until(st, [[0, "discard", "3p"], [1, "discard", "7s"], [2, "discard", "8s"]])
    decline(st)
    act(st, 3, "discard", "6s")
    assert kinds(st, 2) == ["pass", "pung"]
    sc = st.variant.score(st.variant.situation(st, 2, t("6s"), "discard", 3))
    assert not sc.valid and sc.refusal == Refusal.NEEDS_PASS


@pytest.mark.parametrize("variant, each", [("guiyang", 10), ("zhuoji", 30)])
def test_tian_hu(variant, each):
    hands = ["123m456m789m234p55s", J1, J3, "1m4m7m2p5p8p3s6s9s2m5m8m3p" if variant == "zhuoji" else
             "1m4m7m2p5p7z3s6s9s2m5m8m3p"]
    st = start(variant, hands, front="2m")
    assert kinds(st, 0) == ["hu"]
    act(st, 0, "hu")
    assert net(st, "tian_hu") == [3 * each, -each, -each, -each]
    with pytest.raises(scenario.ScenarioError):
        run(variant, hands, front="2m", actions=[[0, "discard", "5s"]])


def test_zhuoji_tian_hu_after_a_concealed_kong():
    """zhuoji allows concealed kongs before 天胡: 天胡 30 + 杠开 6 from each, besides the 闷豆's 3."""
    st = start("zhuoji", ["2222m345m678p99s12s", J1, JB, JC], front="4p", back="3s")
    act(st, 0, "kong", "2m")
    assert kinds(st, 0) == ["hu"]
    act(st, 0, "hu")
    assert [p.key for p in st.wins[0].score.patterns] == ["tian_hu", "gang_kai"]
    assert net(st, "tian_hu", "gang_kai") == [108, -36, -36, -36]
    assert net(st, "men_dou") == [9, -3, -3, -3]


def test_guiyang_no_tian_hu_after_a_kong():
    st = start("guiyang", ["2222m345m678p99s12s", J1, JB, JC], front="4p", back="3s")
    act(st, 0, "kong", "2m")
    assert set(kinds(st, 0)) >= {"hu", "discard"}
    act(st, 0, "hu")
    assert [p.key for p in st.wins[0].score.patterns] == ["ping_hu", "gang_kai"]
    assert net(st, "ping_hu", "gang_kai") == [6, -2, -2, -2]


# ---- 过碰 --------------------------------------------------------------------------------------------------

def test_missed_pung_until_own_draw():
    st = start("guiyang", ["5p1m4m7m1p7p2s5s8s3m6m9m2p3s", "5p2m5m8m3p6p9p3s9s4m7m1p7s", "5p5p1m4m7m2s8s6s9s3m6m9m2p",
                           "2m5m8m3p6p9p3s9s4m7m1s7s2s"], front="4s8m")
    act(st, 0, "discard", "5p")
    assert kinds(st, 2) == ["pass", "pung"]
    act(st, 2, "pass")
    assert st.seats[2].missed_pungs == {t("5p")}
    act(st, 1, "discard", "5p")  # seat 1 drew 4s
    assert st.phase == "turn" and st.turn == 2, "过碰: no pung of 5p before seat 2 draws"
    assert st.seats[2].missed_pungs == set()


# ---- 一炮多响 and the next dealer -----------------------------------------------------------------------------
# Seats 0, 2 and 3 wait on 9s with seven pairs; seat 1 lets 9s go on its second turn.
M = ["3p3p5p5p7s7s8s8s1p1p3s3s9s2m", "9s4m6m8m7p2p5s7s9p3m1m5p3s", "1m1m3m3m5m5m7m7m2p2p4p4p9s",
     "9m9m6p6p9p9p2s2s4s4s6s6s9s"]
M_ACTIONS = [[0, "discard", "2m"], [1, "discard", "4m"], [2, "discard", "6m"], [3, "discard", "8m"],
             [0, "discard", "7p"], [1, "discard", "9s"]]


@pytest.mark.parametrize("variant, winners, expect, dealer", [
    ("guiyang", [2, 3], [0, -20, 10, 10], 2),  # 一炮双响: the winner nearest after the discarder
    ("guiyang", [0, 2, 3], [20, -40, 10, 10], 1),  # 一炮全响: the discarder; seat 0's 778899s is 合扑七对 20
    ("zhuoji", [2, 3], [0, -30, 15, 15], 1),  # zhuoji: always the discarder
])
def test_multiple_winners(variant, winners, expect, dealer):
    st = run(variant, M, front="4m6m8m7p1m4s", actions=M_ACTIONS + [[w, "hu"] for w in winners])
    assert sorted(w.seat for w in st.wins) == winners
    assert deltas(st) == expect
    assert st.variant.next_dealer(st) == dealer


def test_guiyang_cha_jiao():
    """Only 查叫: each not-ready seat pays 七对 10 to seat 0 and 暗大对 10 to seat 1; no beans, no chickens."""
    st = run("guiyang", D, front="7p3m9p7m", back="2m", fill=False, actions=D_ACTIONS)
    assert st.end == "draw" and "zhuo" not in st.extra
    assert deltas(st) == [20, 20, -20, -20]
    assert has_item(st, 0, "查叫 七对 10", 20) and has_item(st, 1, "查叫 暗大对 10", 20)
    assert st.variant.next_dealer(st) == 0  # two of four ready, the dealer among them


def test_zhuoji_cha_jiao_with_beans_chickens_and_bao():
    """查叫 (七对 15, 大对子 10) plus: seat 0's 幺鸡 from each not-ready seat, seat 3's 包冲锋乌骨鸡 3 and
    seat 2's 包豆 3 to each ready seat. Ready seats settle nothing between themselves."""
    st = run("zhuoji", D, front="7p3m9p7m", back="2m", fill=False, actions=D_ACTIONS)
    assert deltas(st) == [40, 26, -33, -33]
    assert net(st, "cha_jiao") == [30, 20, -25, -25]
    assert net(st, "bao_dou") == [3, 3, -6, 0]
    assert st.variant.next_dealer(st) == 0


@pytest.mark.parametrize("ready, dealer, n, expect", [
    ([True, True, True, True], 1, 4, 1), ([False] * 4, 1, 4, 1),
    ([False, False, True, False], 0, 4, 2),  # exactly one ready
    ([True, True, False, True], 0, 4, 2),  # all but one: the one not ready
    ([True, False, True, False], 0, 4, 0),  # two, the dealer among them
    ([False, False, True, True], 0, 4, 2),  # two, not the dealer: first ready after the dealer
    ([True, False, False, True], 1, 4, 3),
    ([True, True, False], 0, 3, 0), ([False, True, True], 0, 3, 0), ([False, True, False], 0, 3, 1),
    ([False, True], 0, 2, 1), ([True, False], 1, 2, 0),
])
def test_guiyang_drawn_hand_dealer(ready, dealer, n, expect):
    assert drawn_hand_dealer(ready, dealer, n) == expect


# ---- table set-up -------------------------------------------------------------------------------------------

def test_tiles_players_and_first_dealer():
    g, z = get("guiyang"), get("zhuoji")
    og, oz = g.resolve_options({}), z.resolve_options({})
    assert len(g.tile_set(og)) == 112 and g.tile_set(og).count(tiles.RED) == 4
    assert len(z.tile_set(oz)) == 108
    assert g.first_dealer(og, 5, 4) == 0
    dealers = {z.first_dealer(oz, s, 4) for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert z.first_dealer(oz, 7, 4) == z.first_dealer(oz, 7, 4)
    st, _ = engine.new_hand(z, oz, seed=7, dealer=2)
    assert st.dealer == 2
    for n in (2, 3):
        st, _ = engine.new_hand(g, g.resolve_options({"players": n}), seed=1)
        assert st.n == n and sum(s.n_concealed for s in st.seats) == 13 * n + 1


def test_option_schemas():
    from game.rules.options import OptionError
    g, z = get("guiyang"), get("zhuoji")
    assert [o.key for o in g.schema] == ["players", "wu_gu", "man_tang", "yin_ji", "zuan_shi", "man_ji_qing",
                                          "zimo_double", "rob_pays_all", "rob_burns_beans", "rob_burns_chickens",
                                          "base", "multi_win", "bao_ji", "first_dealer"]
    og = g.resolve_options({})
    assert og["wu_gu"] and og["rob_pays_all"] and not og["man_tang"] and og["players"] == 4
    assert og["multi_win"] and og["bao_ji"] and og["first_dealer"] == "host"
    assert all(i18n.option_label(o, "zh") and i18n.option_label(o, "en") for o in g.schema + z.schema)
    assert all(i18n.option_help(o, "zh") and i18n.option_help(o, "en")
               for o in g.schema + z.schema if o.key != "players")
    fixed = {o.key for o in z.schema if o.fixed}
    assert fixed == {"players", "wu_gu", "yin_ji", "rob_burns_beans", "rob_burns_chickens", "multi_win", "bao_ji"}
    assert z.resolve_options({})["first_dealer"] == "random"
    with pytest.raises(OptionError):
        z.resolve_options({"wu_gu": False})
    with pytest.raises(OptionError):
        z.resolve_options({"players": 3})
    assert {o.key for o in z.schema} >= {"ben_ji", "shang_xia_ji", "man_tang", "base"}
