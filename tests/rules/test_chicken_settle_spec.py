"""The chicken games' settlement and hand scoring (game/rules/variants/chicken_settle.py, chicken_patterns.py) in
situations their first tests left open (issue 42: every surviving mutant of the two modules, 1,759 in all):
满鸡清一色 only with all four flipped chickens, under its own key, keeping the win's events, for each of several
winners; every bean after a 憨包豆, of a not-ready and of a burned player; the seats after a burned one still
collect; 责任鸡 between two not-ready players; the settlement's info, items and notes; 合扑七对 within one suit;
the 抢杠包两家 wording; zhuoji 杀报 and 连庄; the reasons a claimed win is refused; 龙七对 over an equal 合扑七对;
清一色 in every suit (chicken.md 满鸡清一色, Beans, 烧, 责任鸡, Drawn hand, Hand patterns, Events, Who pays the
hand)."""

from __future__ import annotations

from typing import cast

import pytest

from game.rules import tiles
from game.rules.codes import Refusal
from game.rules.kinds import WinBy
from game.rules.variants import chicken_patterns as patterns
from game.rules.variants import get
from game.rules.variants.chicken import ChickenGame
from game.rules.view import view
from tests.helpers.words import zh
from tests.rules.chicken_hands import B1, D_ACTIONS, R_SEAT3, D, play_a, play_zeren
from tests.rules.chicken_util import labels, net, run, score_input

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


# test_chicken_beans' 热炮 hand: seat 1 konges 5555m and 8888p, draws 9m 9m, lets 2p go: seat 2 wins on it.
RE_PAO = ["1m4m7m2p5p9p3s6s9s7z2m8m3p6p", "5555m8888p456s1s1s", "123s678m345p567p2p", R_SEAT3]
RE_PAO_ACTIONS = [[0, "discard", "7z"], [1, "kong", "5m"], [1, "kong", "8p"], [1, "discard", "2p"], [2, "hu"]]


def play_re_pao():
    return run("guiyang", RE_PAO, front="2p2s", back="9m9m", actions=RE_PAO_ACTIONS)


def test_every_bean_of_a_burned_player_is_shown_burned_and_the_others_still_collect():
    """chicken.md 烧: the 热炮 discarder loses what its beans and chickens would have collected, each bean shown as
    a 0-point line; what the others collect is untouched. test_chicken_beans' 热炮 hand with seat 1 dealt 5555m
    8888p 456s 11s and seat 2 123s 678m 345p 567p 2p: seat 1 konges both (闷豆 ×2), draws 9m 9m and lets 2p go;
    seat 2 wins 平胡 热炮 on it (10 from seat 1). Seat 1 ends ready (11s 99m): both 闷豆 and its chickens are
    burned. 捉鸡牌 2s → 3s: seat 2 still collects its 幺鸡 1s and 翻牌鸡 3s, 1 each from every other seat.
    Kills part_beans__mutmut_90 (the burned player's beans after its first skipped) and part_chickens__mutmut_33
    (the seats after a burned one collecting no chickens)."""
    st = play_re_pao()
    assert st.settlement.info["ready"] == [False, True, True, False]
    assert labels(st, 1, "beans") == [(1, "beans", "闷豆 5m 热炮烧豆", 0), (1, "beans", "闷豆 8p 热炮烧豆", 0)]
    assert labels(st, 2, "chickens") == [(2, "chickens", "幺鸡 1s ×1", 3), (2, "chickens", "翻牌鸡 3s ×1", 3)]
    assert st.settlement.deltas == [-2, -12, 16, -2]


@pytest.mark.parametrize("variant", ["guiyang", "zhuoji"])
def test_ze_ren_ji_between_two_not_ready_players_is_nothing(variant):
    """chicken.md 责任鸡: "if the claimer ends not ready and the discarder is ready, the claimer pays the discarder
    ... (包责任鸡); if neither is ready, nothing". chicken_hands' 责任鸡 hand: dealer 0 leads 1s, seat 2 pungs it;
    both end not ready and seat 1 self-draws. No 责任鸡 or 包责任鸡 is settled either way; seat 2 owes only 包鸡
    for its exposed 111s, to seat 1. Kills part_chickens__mutmut_121 ('and' → 'or')."""
    st = play_zeren(variant, "1s1p4p7p2m5m9m3s6s9s2p6p9p8m", "1s1s234m567m3p5p9p5s7s", "9p")
    assert st.settlement.info["ready"] == [False, True, False, False]
    assert net(st, "ze_ren_ji", "bao_ze_ren_ji") == [0, 0, 0, 0]
    assert labels(st, None, "bao") == [(1, "bao", "包鸡 1s 3张 ×1", 3), (2, "bao", "包鸡 1s 3张 ×1", -3)]


def test_the_settlement_info_names_the_flip_and_every_chicken_tile():
    """The settlement's info (shown in the settlement's corner: game/ui/table/settle.flip_tiles) names who is
    ready, the 捉鸡牌, the flipped chicken and every chicken tile of the hand, sorted, and the burned seats.
    Guiyang hand A, 捉鸡牌 1m → 2m: chickens 1s, 8p (default) and 2m; every seat's view carries the same info.
    Kills settle__mutmut_25/_26/_27 (the flipped chicken's entry misnamed or None) and _32/_33 (the chickens'
    entry misnamed)."""
    st = play_a("1m")
    info = {"ready": [False, True, True, False], "zhuo": "1m", "chicken": "2m", "chickens": ["1s", "2m", "8p"],
            "burned": []}
    assert st.settlement.info == info
    assert all(view(st, s)["result"]["info"] == info for s in range(4))


def test_man_ji_qing_keeps_the_events_of_the_win():
    """chicken.md 满鸡清一色 and 报听 (guiyang +10): seat 1 declares ready with its first discard, the fourth 7m,
    and self-draws 9s holding 777m (捉鸡牌 6m → 7m: all four flipped chickens its own). Its 平胡 is settled as
    满鸡清一色 10 and the 报听 10 stays: the win shows both, 20 in all, paid 20 by each other seat. Kills
    _settled_scores__mutmut_21, _48 and _50 (the first event dropped with the replaced pattern, or its value
    from the total)."""
    acts = [[0, "discard", "2p"], [1, "discard", "7m"], [1, "declare_ready"], [2, "discard", "3p"],
            [3, "discard", "4s"], [0, "discard", "5s"], [1, "hu"]]
    st = run("guiyang", [J0, "777m234p567p345s9s", J2, J3], front="7m3p4s5s9s6m", options={"man_ji_qing": True},
             actions=acts)
    w = st.wins[0]
    assert _patterns(w) == [("man_ji_qing", 10), ("bao_ting", 10)]
    assert (w.score.total, w.score.payments) == (20, {0: 20, 2: 20, 3: 20})


def test_every_winner_of_one_discard_shows_its_pattern_as_settled():
    """chicken.md 满鸡清一色 and 一炮多响: seat 3 discards 9s and seats 0 and 1 both win on it. Seat 0 (七对 pairs
    22 33 44 55 66 88m + 9s) keeps its 合扑七对 20; seat 1 (777m 222p 555p 77s 99s, having discarded the fourth 7m;
    捉鸡牌 6m → 7m) wins 大对子 5, lifted to 满鸡清一色 10, and its win shows that, not 大对子. Kills
    _settled_scores__mutmut_10 (the wins after an unchanged one left unsettled) and _24 (seat 1's payments
    counting what seat 0 won too)."""
    hands = ["2m2m3m3m4m4m5m5m6m6m8m8m9s7z", "777m222p555p7s7s9s9s", "1p3p4p6p9p1m2s3s4s5s6s7z7z",
             "1m9m1p3p4p6p9p2s3s5s6s8s7z"]
    acts = [[0, "discard", "7z"], [1, "discard", "7m"], [2, "discard", "8s"], [3, "discard", "9s"], [0, "hu"],
            [1, "hu"]]
    st = run("guiyang", hands, front="7m8s9s6m", options={"man_ji_qing": True}, actions=acts)
    assert [(w.seat, w.how) for w in st.wins] == [(0, "discard"), (1, "discard")]
    assert _patterns(st.wins[0]) == [("he_pu_qi_dui", 20)] and "settled" not in st.wins[0].score.info
    assert _patterns(st.wins[1]) == [("man_ji_qing", 10)] and st.wins[1].score.info["settled"] == "man_ji_qing"
    assert st.wins[1].score.payments == {3: 10}


def test_settlement_items_name_the_other_seats_and_zero_lines_name_none():
    """The settlement screen's items (chicken_settle's contract): one item per seat, part and label, in part order,
    its detail naming the other seats (←0,1,3 paid by them, →2 paid to seat 2), and an empty detail for a 0-point
    line (burned beans and chickens, 平胡 0 under 热炮). The 热炮 hand above, every item. Kills book__mutmut_53
    and _54 (a 0-point item's detail None or text)."""
    st = play_re_pao()
    items = [(i.seat, i.key, zh(i.text), i.points, i.detail) for i in st.settlement.items]
    assert items == [
        (0, "chickens", "幺鸡 1s ×1", -1, "→2"), (0, "chickens", "翻牌鸡 3s ×1", -1, "→2"),
        (1, "events", "热炮 10", -10, "→2"), (1, "beans", "闷豆 5m 热炮烧豆", 0, ""),
        (1, "beans", "闷豆 8p 热炮烧豆", 0, ""), (1, "chickens", "热炮烧鸡", 0, ""),
        (1, "chickens", "幺鸡 1s ×1", -1, "→2"), (1, "chickens", "翻牌鸡 3s ×1", -1, "→2"),
        (2, "hand", "平胡 0", 0, ""), (2, "events", "热炮 10", 10, "←1"), (2, "chickens", "幺鸡 1s ×1", 3, "←0,1,3"),
        (2, "chickens", "翻牌鸡 3s ×1", 3, "←0,1,3"),
        (3, "chickens", "幺鸡 1s ×1", -1, "→2"), (3, "chickens", "翻牌鸡 3s ×1", -1, "→2")]


# chicken_hands.D with seats 0 and 1 broken: the wall runs out with nobody ready.
D_NONE = ["1s1s3p3p5p5p7s7s9m9m6p2p4s8m", "222m333m444m5m1p5p9p", D[2], D[3]]


@pytest.mark.parametrize("variant", ["guiyang", "zhuoji"])
def test_a_drawn_hand_with_nobody_ready_says_so(variant):
    """chicken.md Drawn hand (荒庄): with nobody ready nobody pays (查叫 needs a ready player), and the settlement's
    notes say the hand was drawn and that nobody is ready (叫嘴：无); no 捉鸡牌 is turned up, so the info has no
    flip. Kills notes__mutmut_45, _52, _53 and _54 (the 'nobody ready' note lost or misnamed)."""
    st = run(variant, D_NONE, front="7p3m9p7m", back="2m", fill=False, actions=D_ACTIONS)
    assert st.end == "draw" and st.settlement.deltas == [0, 0, 0, 0]
    assert [zh(n) for n in st.settlement.notes] == ["荒庄", "叫嘴：无"]
    assert st.settlement.info == {"ready": [False] * 4, "zhuo": None, "chicken": None, "chickens": ["1s", "8p"],
                                  "burned": []}


# ---- chicken_patterns.py ------------------------------------------------------------------------------------

@pytest.mark.parametrize("hand, expect", [
    ("8m8m9m9m1p1p3s3s5s5s7p7p2s2s", ("qi_dui", 10)),  # 88 99m + 11p is no run: no suit goes on past 9
    ("1p1p2p2p3p3p5s5s7s7s9m9m2s2s", ("he_pu_qi_dui", 20)),
    ("1s1s2s2s3s3s5m5m7p7p9m9m4p4p", ("he_pu_qi_dui", 20)),
])
def test_he_pu_qi_dui_needs_three_pairs_in_a_run_of_one_suit(hand, expect):
    """chicken.md 合扑七对 (guiyang 20): "七对 containing three pairs in a run of one suit (11 22 33)". A self-drawn
    七对 with pairs 88m 99m 11p is a plain 七对 10; with 11p 22p 33p or 11s 22s 33s it is 合扑七对 20. Kills
    _he_pu__mutmut_4 (a run read across the end of a suit) and _8 (the suits' starts misplaced)."""
    v, sit = score_input(hand=hand, win_tile=hand[-2:], win="self_draw", seat=1)
    sc = v.score(sit)
    assert [(p.key, p.value) for p in sc.patterns] == [expect] and sc.total == expect[1]


@pytest.mark.parametrize("players, double, suffix, mult", [
    (4, False, " 抢杠包两家×3", 3), (3, False, " 抢杠包两家×2", 2), (2, False, "", 1),
    (4, True, " 抢杠包两家×3 自摸翻倍×2", 6), (3, True, " 抢杠包两家×2 自摸翻倍×2", 4), (2, True, " 自摸翻倍×2", 2),
])
def test_rob_pays_all_lines_say_how_many_seats_the_robbed_player_pays_for(players, double, suffix, mult):
    """chicken.md Who pays the hand, guiyang 抢杠包两家 (rob_pays_all, on): the 抢杠 is scored as a self-draw, all
    of it paid by the robbed player, ×(players - 1), and 自摸翻倍 doubles it. Each line says so: "抢杠包两家×k" when
    the robbed player pays for k > 1 seats (none at 2 players, where it pays only for itself), "自摸翻倍×2" when
    doubled. Seat 0 is robbed by the last seat: 大对子 5 + 抢杠 10. Kills hand_lines__mutmut_42 ('n > 2' → 'n > 3')
    and _45, _48, _50 and _51 (the doubled wording always, or the plain one misnamed)."""
    v = cast(ChickenGame, get("guiyang"))
    opts = v.resolve_options({"players": players, "zimo_double": double})
    pattern = patterns.pattern_for(v.table, "da_dui_zi", ["qiang_gang"])
    lines = patterns.hand_lines(v.table, opts, players, 0, 0, players - 1, WinBy.ROB_KONG, 0, pattern,
                                ["qiang_gang"], None)
    assert [(ln.part, ln.key, zh(ln.text), ln.payer, ln.payee, ln.points) for ln in lines] == [
        ("hand", "da_dui_zi", "大对子 5" + suffix, 0, players - 1, 5 * mult),
        ("events", "qiang_gang", "抢杠 10" + suffix, 0, players - 1, 10 * mult)]


def test_zhuoji_sha_bao_is_paid_only_by_the_declared_player_and_lian_zhuang_counts_every_event():
    """chicken.md Events (zhuoji): "the declared player(s) pay the winner the 15 of 杀报 ... the other payers do not
    pay it"; 连庄 "adds 1 to the multiplier of every hand payment made to or by the dealer". Dealer 0 (streak 1)
    self-draws 平胡 3 on a kong replacement (杠开 6) while seat 1 has declared ready (杀报 15): seat 1 pays 3 + 15
    + 6 and 连庄 24; seats 2 and 3 pay 3 + 6 and 连庄 9. Kills hand_lines__mutmut_108 (the events after a skipped
    杀报 skipped too) and _110 (连庄 counting only the last event)."""
    v = cast(ChickenGame, get("zhuoji"))
    evs = ["sha_bao", "gang_kai"]
    lines = patterns.hand_lines(v.table, v.resolve_options({}), 4, 0, 1, 0, WinBy.SELF_DRAW, None,
                                patterns.pattern_for(v.table, "ping_hu", evs), evs, [1])
    assert [(ln.key, zh(ln.text), ln.payer, ln.points) for ln in lines] == [
        ("ping_hu", "平胡 3", 1, 3), ("sha_bao", "杀报 15", 1, 15), ("gang_kai", "杠开 6", 1, 6),
        ("lian_zhuang", "连庄1次 24×1", 1, 24),
        ("ping_hu", "平胡 3", 2, 3), ("gang_kai", "杠开 6", 2, 6), ("lian_zhuang", "连庄1次 9×1", 2, 9),
        ("ping_hu", "平胡 3", 3, 3), ("gang_kai", "杠开 6", 3, 6), ("lian_zhuang", "连庄1次 9×1", 3, 9)]


_PUNG = [{"kind": "pung", "tiles": "777s", "from": 2}]


@pytest.mark.parametrize("variant, over, refusal", [
    ("guiyang", {"seat": 1, "flags": ["tian_hu"]}, Refusal.TIAN_HU_DEALER),
    ("guiyang", {"seat": 0, "flags": ["tian_hu"], "melds": _PUNG}, Refusal.TIAN_HU_NO_MELDS),
    ("zhuoji", {"seat": 0, "flags": ["tian_hu"], "melds": _PUNG}, Refusal.TIAN_HU_CONCEALED_KONGS_ONLY),
    ("guiyang", {"seat": 0, "flags": ["di_hu"]}, Refusal.DI_HU_NON_DEALER),
    ("guiyang", {"seat": 1, "flags": ["di_hu"], "melds": _PUNG}, Refusal.DI_HU_NO_MELDS),
    ("zhuoji", {"seat": 1, "flags": ["di_hu"], "melds": _PUNG}, Refusal.DI_HU_CONCEALED_KONGS_ONLY),
])
def test_tian_hu_and_di_hu_are_refused_with_the_reason(variant, over, refusal):
    """chicken.md Hand patterns: 天胡 is the dealer's win on the initial deal, 地胡 a non-dealer's (zhuoji:
    "concealed kongs allowed"; guiyang: "before any pung or kong"). A claimed situation that breaks this is refused
    with the reason: 天胡 by seat 1 (not the dealer), 地胡 by the dealer, or either with a pung of 7s (guiyang: no
    melds at all; zhuoji: concealed kongs only). Kills score__mutmut_12 (the dealer reason lost) and _18 (the
    guiyang reason replaced by zhuoji's)."""
    if "melds" in over:
        over = {**over, "hand": "123m456m234p55s", "win_tile": "5s"}
    v, sit = score_input(variant=variant, **over)
    sc = v.score(sit)
    assert (sc.valid, sc.refusal) == (False, refusal)


@pytest.mark.parametrize("over, refusal", [
    ({"hand": "123m456m789s234p5s6s", "win_tile": "6s"}, Refusal.NOT_A_WIN),
    ({"win": "discard", "from": 0}, Refusal.NEEDS_PASS),
    ({"hand": "123m456m789s55s", "melds": [{"kind": "chow", "tiles": "234p", "from": 0}]}, Refusal.NO_CHOW),
])
def test_a_hand_that_is_no_win_is_refused_with_the_reason(over, refusal):
    """chicken.md: a hand that forms no pattern is no win; "通行证: needed only to win 平胡 on a discard" (seat 1's
    bare 平胡 on seat 0's discard); the chicken games have no chow. Guiyang score input (chicken_util.SCORE_INPUT)
    with: 123m 456m 789s 234p 5s + 6s; the 平胡 won on a discard; a chow meld. Kills score__mutmut_46 (the 'no win'
    reason lost)."""
    v, sit = score_input(**over)
    sc = v.score(sit)
    assert (sc.valid, sc.refusal) == (False, refusal)


def test_zhuoji_score_of_a_self_draw_charges_sha_bao_to_the_declared_player_only():
    """chicken.md Events (zhuoji 杀报 15): "another player self-draws while someone has declared ... the declared
    player(s) pay the winner the 15 of 杀报 on top of what they pay otherwise; the other payers do not pay it".
    Zhuoji score input: seat 1 self-draws 平胡 3 while seat 0 has declared: the score shows 平胡 and 杀报 by name,
    18 in all, and seat 0 pays 18, seats 2 and 3 pay 3. Kills score__mutmut_112 (the declared seats not passed
    on, so nobody pays 杀报) and _90 (the event's name lost)."""
    v, sit = score_input(variant="zhuoji", declared=[0], flags=["discarder_declared"])
    sc = v.score(sit)
    assert [(p.key, p.value, zh(p.text)) for p in sc.patterns] == [("ping_hu", 3, "平胡"), ("sha_bao", 15, "杀报")]
    assert (sc.total, sc.payments) == (18, {0: 18, 2: 3, 3: 3})


def test_long_qi_dui_is_preferred_to_an_equal_he_pu_qi_dui():
    """chicken.md Hand patterns (only the largest counts; guiyang 龙七对 20, 合扑七对 20): a self-drawn 七对 of
    1111m 22m 33m 55p 77p 99s is both; of equal value the more specific pattern is kept, 龙七对 (chicken_tables'
    PREFERENCE order). Kills pick__mutmut_7 (ties going to the less specific)."""
    v, sit = score_input(hand="1m1m1m1m2m2m3m3m5p5p7p7p9s9s", win_tile="9s")
    assert [(p.key, p.value) for p in v.score(sit).patterns] == [("long_qi_dui", 20)]


@pytest.mark.parametrize("hand, win", [("1p2p3p4p5p6p7p8p9p2p3p4p5p5p", "5p"), ("2s3s4s5s6s7s7s8s9s3s4s5s9s9s", "9s")])
def test_qing_yi_se_in_every_suit(hand, win):
    """chicken.md 清一色 (guiyang 10): "one suit ..., any winning shape", in pin (from 1p) and in sou (from 2s) as in
    man: a self-drawn 平胡 of one suit is 清一色 10. Kills is_flush__mutmut_13 (the first tile's suit misread)."""
    v, sit = score_input(hand=hand, win_tile=win)
    assert [(p.key, p.value) for p in v.score(sit).patterns] == [("qing_yi_se", 10)]
