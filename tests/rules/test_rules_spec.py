"""Specification tests of the rules core from ../shared/rules: each states the hand, the situation and the
exact points, with the rule it checks. Several guard mistakes that once passed the whole suite (a triplet
and a wildcard as a 龙 quadruple, 海底 cancelling 幺牌, 跟冲 on a first discard only, zhuoji 银鸡 = 2,
烂牌 without pairs, 点豆 paid by the discarder only)."""

from __future__ import annotations

from game.rules import tiles
from game.rules.variants import wenshan_shapes
from tests.rules.chicken_hands import play_c, play_dian
from tests.rules.chicken_util import deltas, has_item, labels, net, run
from tests.rules.scoring import judge_wenshan as judge
from tests.rules.scoring import keys

# ---- wenshan.md ---------------------------------------------------------------------------------------


def test_wenshan_triplet_and_a_wildcard_make_a_long_qi_dui():
    """wenshan.md 龙七对 (×4) and "Wildcards and 白 may complete any pattern (including a quadruple)":
    111m 22m 33m 55m 66p 77s + the wildcard 4m. The wildcard joins 111m as a fourth 1m: 龙七对, not
    小七对 (×2). Self-drawn, a substitute used (no 硬功): 4 × 自摸 2 = 8 from each; on a discard 4."""
    res, code = judge("111m22m33m55m66p7s7s4m", "7s")
    assert code == 0 and keys(res) == ["long_qi_dui", "zi_mo"] and res["total"] == 8
    assert res["payments"] == {"0": 8, "2": 8, "3": 8}
    res, _ = judge("111m22m33m55m66p7s7s4m", "7s", win="discard", frm=0)
    assert keys(res) == ["long_qi_dui"] and res["total"] == 4
    assert wenshan_shapes.seven_pairs_quads(tiles.counts(tiles.parse("111m22m33m55m66p7s7s")), 1) == 1


def test_wenshan_two_triplets_and_two_wildcards_make_a_shuang_long():
    """wenshan.md 双龙七对 (×8): 111m 999p 22s 33s 55s + two wildcards (4m 4m): each triplet takes one.
    Self-drawn, not 硬功: 8 × 2 = 16."""
    res, _ = judge("111m999p22s33s55s4m4m", "5s")
    assert keys(res) == ["shuang_long", "zi_mo"] and res["total"] == 16


def test_wenshan_hai_di_cancels_yao():
    """wenshan.md 海底捞月 (+4) cancels 平胡, 烂牌, 幺牌: 111m 999p 1s 9s 1z 2z 3z 44z 7z is 幺牌 (×1);
    self-drawn on the last tile the 幺牌 counts 0: (0 + 4) × 自摸 2 × 硬功 2 = 16 (not (1 + 4) × 4 = 20).
    The same hand without 海底: 1 × 2 × 2 = 4."""
    res, _ = judge("111m999p19s12344z7z", "7z", flags=["last_tile"])
    assert keys(res) == ["hai_di", "zi_mo", "ying_gong"] and res["total"] == 16
    assert res["payments"] == {"0": 16, "2": 16, "3": 16}
    res, _ = judge("111m999p19s12344z7z", "7z")
    assert keys(res) == ["yao", "zi_mo", "ying_gong"] and res["total"] == 4


def test_wenshan_lan_needs_fourteen_distinct_tiles():
    """wenshan.md 烂牌: "14 distinct tiles". 147m 258p 36s + 东东南西北中 holds a pair of 东: no 烂牌 and
    no other pattern, so not a win (wildcard 5s, not in the hand). With 发 instead of the second 东 it is
    烂牌: 1 × 自摸 2 × 硬功 2 = 4."""
    res, code = judge("147m258p36s112347z", "7z", wildcard="5s")
    assert code == 1 and res == {"valid": False, "reason": "not a winning hand"}
    assert not wenshan_shapes.lan(tiles.counts(tiles.parse("147m258p36s112347z")), 0, False)
    assert not wenshan_shapes.lan(tiles.counts(tiles.parse("147m258p36s112347z")), 0, True)  # 软烂 too
    res, code = judge("147m258p36s12347z6z", "7z", wildcard="5s")
    assert code == 0 and keys(res) == ["lan", "zi_mo", "ying_gong"] and res["total"] == 4


def test_wenshan_lan_rejects_a_pair_of_suit_tiles():
    """wenshan.md 烂牌: 1147m 258p 3s + 东南西北中发 repeats 1m: not 烂牌, not a win."""
    assert not wenshan_shapes.lan(tiles.counts(tiles.parse("1147m258p3s123467z")), 0, False)
    res, code = judge("1147m258p3s123467z", "7z", wildcard="5s")
    assert code == 1 and res["valid"] is False


# ---- chicken.md: zhuoji 跟冲 and 银鸡 ---------------------------------------------------------------------

# Dealer 0 leads 1s (冲锋鸡) and waits 1p/4p. Seat 1 leads 9p, and discards its 1s only on its second turn,
# then waits 2m/5m (ready). Seats 2 and 3 stay not ready. Seat 0 self-draws 4p; 捉鸡牌 5s → 翻牌鸡 6s.
GEN_HANDS = ["1s123m456m789m2p3p7p7p", "1s234s567s9m9m5p6p3m4m", "1m4m7m2p5p9p3s6s9s8m2m6p4s",
             "1m4m7m2p5p9p3s6s9s8m5m1p4s"]
GEN_ACTIONS = [[0, "discard", "1s"], [1, "discard", "9p"], [2, "discard", "7s"], [3, "discard", "7s"],
               [0, "discard", "9s"], [1, "discard", "1s"], [2, "discard", "8s"], [3, "discard", "8s"], [0, "hu"]]


def test_zhuoji_gen_chong_only_on_a_players_first_discard():
    """chicken.md 跟冲: "any later player whose *first discard of the hand* is the same chicken tile".
    Seat 1's 1s is its second discard: a plain 幺鸡 in its discards (1), not a 跟冲鸡 (3 × 1).
    Seat 0: 平胡 3 + 冲锋鸡 3 from each = 18, pays ready seat 1 its 翻牌鸡 6s 1 + 幺鸡 1 = 16.
    Seat 1: pays 3 + 3 to seat 0, collects 2 from each = 0. Seats 2, 3: 3 + 3 + 1 + 1 = -8."""
    st = run("zhuoji", GEN_HANDS, front="9p7s7s9s7p8s8s4p5s", actions=GEN_ACTIONS)
    assert st.settlement.info["ready"] == [True, True, False, False]
    assert deltas(st) == [16, 0, -8, -8]
    assert has_item(st, 1, "幺鸡 1s ×1", 3)
    assert not st.extra.get("gen_chong")
    assert has_item(st, 0, "冲锋鸡 1s ×3", 9)
    assert not [x for x in labels(st) if "跟冲" in x[2]]


def test_zhuoji_silver_chicken_is_worth_two():
    """chicken.md 银鸡 (zhuoji: always, 2): 捉鸡牌 9m → 翻牌鸡 1m; the winner, dealer 0, holds 123m:
    银鸡 1m ×2 from each (6). Seat 0: 平胡 9 + 冲锋鸡 9 + 银鸡 6 - 跟冲 3 to seat 1 + 包跟冲 3 from seat 2 = 24;
    seat 1: -3 - 3 - 2 + 9 + 3 = 4; seat 2: -3 - 3 - 2 - 3 - 6 = -17; seat 3: -3 - 3 - 2 - 3 = -11."""
    st = play_c("9m")
    assert deltas(st) == [24, 4, -17, -11]
    assert has_item(st, 0, "银鸡 1m ×2", 6)


# ---- chicken.md: 点豆 from the discarder only ---------------------------------------------------------------


def test_guiyang_ready_player_collects_dian_dou_from_the_discarder_only():
    """chicken.md beans: 点豆 "3 from the discarder only [D]". Seat 1 (ready, the winner) konged dealer
    0's 9p: 3 from seat 0 alone. Hand 平胡 self-drawn: 1 from each. Seat 0: -1 - 3 = -4; seats 2, 3: -1."""
    st = play_dian("guiyang")
    assert [(m.kind, m.from_seat) for m in st.seats[1].melds] == [("kong", 0)]
    assert deltas(st) == [-4, 6, -1, -1]
    assert net(st, "dian_dou") == [-3, 3, 0, 0]
    assert has_item(st, 1, "点豆 9p ×3", 3)


def test_zhuoji_ready_player_collects_dian_dou_from_the_discarder_only():
    """chicken.md beans (zhuoji): 点豆 3 from the discarder only. 平胡 self-drawn 3 from each; a bean, so no
    素瓜豆. Seat 0: -3 - 3 = -6; seat 1: 9 + 3 = 12; seats 2, 3: -3."""
    st = play_dian("zhuoji")
    assert deltas(st) == [-6, 12, -3, -3]
    assert net(st, "dian_dou") == [-3, 3, 0, 0]


# ---- README "Engine is a state machine": a copied state is the same state and shares nothing mutable ------------

def _mutate_everything(st) -> None:
    st.wall.append(0)
    st.log.append("x")
    st.kong_draws.append(0)
    st.scores.append(0)
    st.wins.append("w")
    st.extra["probe"] = 1
    for s in st.seats:
        s.counts[0] += 1
        s.keys[0] += 1
        s.melds.append("m")
        s.discards.append("d")
        for d in s.discards[:-1]:
            d.claimed_by, d.won_by = 99, (99,)
        s.missed_pungs.add(99)
        s.kong_late.add(99)
        s.extra["probe"] = 1
    if st.window is not None:
        st.window.options[99] = []
        st.window.answers[99] = None
        st.window.queue.append((99, 99))
        st.window.win_values[99] = 99


def test_state_copy_is_equal_and_independent_at_every_step():
    """Every field is copied (the copy compares equal) and no list, set, dict or discard is shared: changing
    all of them in the copy leaves the original as it was, in every phase of scripted and random hands."""
    import random

    from game.rules import engine
    from game.rules.variants import get
    from tests.rules.chicken_hands import B1, b1_actions
    from tests.rules.chicken_util import start

    states = []
    st = start("guiyang", B1, front="9s9m1p6m5p7m3s8m", back="2m4m")
    for a in b1_actions("7z"):
        while st.end is None and a[0] not in engine.acting_seats(st):
            # pass the windows the script skips
            engine.apply(st, engine.legal_actions(st, engine.acting_seats(st)[0])[-1])
        states.append(st.copy())
        engine.apply(st, engine.legal_actions(st, a[0])[0].__class__(a[0], a[1],
                                                                     tiles.tile(a[2]) if len(a) > 2 else None))
    for vid in ("wenshan", "yuxi"):
        v = get(vid)
        st, _ = engine.new_hand(v, v.resolve_options({}), seed=5)
        rng = random.Random(5)
        while st.end is None:
            states.append(st.copy())
            seat = engine.acting_seats(st)[0]
            engine.apply(st, rng.choice(engine.legal_actions(st, seat)))
    assert any(s.window is not None for s in states) and any(s.seats[1].melds for s in states)
    for st in states:
        before = repr(st)
        c = st.copy()
        assert c == st and repr(c) == before
        _mutate_everything(c)
        assert repr(st) == before


def test_guiyang_ze_ren_after_an_earlier_charging_wu_gu():
    """chicken.md 冲锋 and 责任 side by side: seat 3 leads 8p, unclaimed (冲锋乌骨鸡, 2 × 2 = 4); dealer 0's first
    1s is ponged by seat 2 (责任鸡: seat 0 pays seat 2 1). Both count: seat 3, not ready, owes 包冲锋乌骨鸡 4 to
    each ready seat (1 and 2)."""
    from tests.rules.chicken_hands import Z_ACTIONS, Z_SEAT1

    acts = [list(a) for a in Z_ACTIONS]
    acts[2] = [2, "discard", "5s"]
    acts[3] = [3, "discard", "8p"]
    st = run("guiyang", ["1s1p4p7p2m5m9m3s6s9s2p6p9p8m", Z_SEAT1, "1s1s234m567m345p9p5s",
                         "3m6m4s7s2s5s8s5p7m1m3p6p8p"], front="4m7s4p8s", actions=acts)
    assert st.settlement.info["ready"] == [False, True, True, False]
    assert net(st, "ze_ren_ji") == [-1, 0, 1, 0]
    assert net(st, "bao_chong_feng_ji") == [0, 4, 4, -8]


# ---- chicken.md: 地胡 from the score input -------------------------------------------------------------------

def test_di_hu_flag_scores_and_is_refused_to_the_dealer_or_after_a_pung():
    """chicken.md 地胡: guiyang an event +10 that drops 平胡's 1 (平胡 + 地胡 = 10 from each on a self-draw);
    zhuoji a pattern of 30. Only a non-dealer's, and (guiyang) before any pung or kong."""
    from tests.rules.scoring import judge_chicken as judge
    from tests.rules.scoring import pung

    res, code = judge("guiyang", "123m456m789s234p55s", "5s", flags=["di_hu"], seat=1)
    assert code == 0 and res["total"] == 10 and res["payments"] == {"0": 10, "2": 10, "3": 10}
    assert [(p["key"], p["value"]) for p in res["patterns"]] == [("ping_hu", 0), ("di_hu", 10)]
    res, _ = judge("zhuoji", "123m456m789s234p55s", "5s", flags=["di_hu"], seat=1)
    assert [(p["key"], p["value"]) for p in res["patterns"]] == [("di_hu", 30)] and res["total"] == 30
    res, code = judge("guiyang", "123m456m789s234p55s", "5s", flags=["di_hu"], seat=0)
    assert code == 1 and res["reason"] == "地胡 is a non-dealer's win"
    res, code = judge("guiyang", "123m456m789s55s", "5s", melds=[pung("222p")], flags=["di_hu"], seat=1)
    assert code == 1 and res["reason"] == "地胡 allows no pung or kong"
    res, code = judge("zhuoji", "123m456m789s55s", "5s", melds=[pung("222p")], flags=["di_hu"], seat=1)
    assert code == 1 and res["reason"] == "地胡 allows concealed kongs only"
