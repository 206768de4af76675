"""The 鸡 panel (game/rules/fowl_view.py) in situations its first tests left open (issue 42: the fowl_view mutants
of the seed-1506588671 sample, then every survivor of all 735): the 跟冲 lines of the chickens in play, flipped
chickens in the discards, whether the viewer is ready once it holds a meld, two 责任鸡 at 底注 2, a concealed kong
of chickens, a chicken won on, and every line's name (chicken.md: 跟冲, 冲锋鸡, 责任鸡, 包鸡, "Where chickens are
counted", Ready, 地龙)."""

from __future__ import annotations

import pytest

from game.rules import engine, tiles
from game.rules.fowl_view import EACH, READY, outlook
from game.rules.variants import get
from game.rules.view import view
from tests.helpers.words import zh
from tests.rules.chicken_hands import A_HANDS, play_a, play_c
from tests.rules.chicken_util import play_until, ready, run, start


def _in_play(o):
    return [(p.key, tiles.name(p.tile), zh(p.text), p.value, p.seat, p.claimer) for p in o.in_play]


def _fowl(fowl):
    return [(f.key, tiles.name(f.tile), zh(f.text), f.unit, f.count, f.where) for f in fowl]


def _lines(preview):
    return [(ln.key, tiles.name(ln.tile), zh(ln.text), ln.count, ln.points, ln.who, ln.if_ready)
            for ln in preview.lines]


def test_following_charges_are_listed_in_play_with_their_seat_and_value():
    """chicken.md 跟冲 and 冲锋鸡 (zhuoji: 3× its value): seat 0 leads 1s unclaimed (冲锋鸡), seats 1 and 2 follow
    with 1s as their first discards (跟冲); after seat 0's win the 捉鸡牌 5s makes 6s the flipped chicken. Every
    seat's panel lists, in this order, 幺鸡 1, 乌骨鸡 1, 翻牌鸡 6s 1, seat 0's 冲锋鸡 3, then one 跟冲鸡 worth 3
    for seat 1 and one for seat 2."""
    st = play_c("5s")
    expected = [("yao_ji", "1s", "幺鸡", 1, None, None), ("wu_gu_ji", "8p", "乌骨鸡", 1, None, None),
                ("fan_pai_ji", "6s", "翻牌鸡", 1, None, None), ("chong_feng", "1s", "冲锋鸡", 3, 0, None),
                ("gen_chong", "1s", "跟冲鸡", 3, 1, None), ("gen_chong", "1s", "跟冲鸡", 3, 2, None)]
    for s in range(4):
        assert _in_play(outlook(view(st, s))) == expected


def test_a_flipped_chicken_in_the_discards_counts_only_under_man_tang():
    """chicken.md "Where chickens are counted": flipped chickens count in hand and melds, in unclaimed discards
    only with 满堂鸡 (or for the winner), and are owed as 包鸡 only when golden. Guiyang hand A, 捉鸡牌 8m: the
    flipped chicken is 9m, and seat 2 (ready, not the winner) discarded its 9m unclaimed. Nobody's panel shows
    that 9m face up; seat 2 counts it (翻牌鸡 1 from each player) only with 满堂鸡."""
    plain, man_tang = play_a("8m"), play_a("8m", {"man_tang": True})
    for st in (plain, man_tang):
        for s in range(4):
            assert outlook(view(st, s)).shown[2] == []
    o = outlook(view(plain, 2))
    assert o.ready is True and o.flipped and o.mine == [] and o.if_ready.lines == []
    o = outlook(view(man_tang, 2))
    assert _fowl(o.mine) == [("fan_pai_ji", "9m", "翻牌鸡", 1, 1, "discard")]
    assert o.if_ready.per_player(EACH) == 1


# Seat 1 holds 555m and pungs dealer 0's 5m, then lets 4s go: 5m + 123p 456p 789s is left in its hand.
DEAD = ["5m1m4m7m2p5p8p3s6s9s7z2m9p6m", "5m5m5m1p2p3p4p5p6p7s8s9s4s", "2m3m6m8m1p3p7p9p2s4s6s8s7z",
        "1m4m7m9m2p6p8p1s2s3s5s7s7z"]


def test_a_wait_on_a_tile_the_seat_holds_all_four_of_is_no_wait():
    """The panel says ready as the settlement judges it (chicken_patterns.waits: a tile the player holds all four
    of, its melds included, is no wait). Seat 1 pungs 5m from 555m and discards 4s: its hand 5m 123p 456p 789s
    waits only on 5m, the pung holds the other three, so it is not ready; with 14 tiles before the discard it is
    open (None)."""
    st = play_until(start("guiyang", DEAD), [[0, "discard", "5m"], [1, "pung"]])
    assert outlook(view(st, 1)).ready is None
    play_until(st, [[1, "discard", "4s"]])
    assert ready("guiyang", "5m123p456p789s")  # the same hand without the pung waits on 5m
    assert outlook(view(st, 1)).ready is False


# Seat 2 pungs dealer 0's 9s and lets 3s go, keeping five pairs (no three of them in a run): 地龙's shape.
DI_LONG = ["9s3m6m9m1p3p6p7p2s4s6s8s2m5m", "2m3m5m6m8m9p7p1s2s3s5s7s8s", "9s9s1m1m4m4m7m7m2p2p5p5p3s",
           "1m3m8m9m1p4p6p8p9p4s6s7s9s"]


def test_a_pung_and_five_pairs_wait_for_di_long_in_zhuoji_only():
    """chicken.md 地龙 (zhuoji only: five pairs + one claimed pung, won on the pung's fourth tile): seat 2 holds
    11m 44m 77m 22p 55p beside its 999s pung. In zhuoji its panel says ready (its one wait is 9s, the 地龙);
    guiyang has no 地龙 and no other shape takes one more tile, so there it is not ready."""
    for variant, expected in (("zhuoji", True), ("guiyang", False)):
        st = play_until(start(variant, DI_LONG), [[0, "discard", "9s"], [2, "pung"], [2, "discard", "3s"]])
        assert outlook(view(st, 2)).ready is expected, variant


# Dealer 0 leads 1s and seat 2 pungs it (责任鸡: 0 to 2); seat 2 lets its 8p go and seat 3 pungs that (责任乌骨鸡:
# 2 to 3); seat 3 lets 7z go. Nobody is ready.
DUTY = ["1s2m5m9m3p6p9p4s7s7z3m5p9s6m", "1m4m7m2p5p3s6s9m7z3m6m2s4p", "1s1s8p2m4m8m3p4p6p2s5s8s6m",
        "8p8p1m5m7m1p7p9p3s5s7s8s7z"]


def test_two_responsible_chickens_at_base_two_with_their_names():
    """chicken.md 责任鸡 (guiyang: 1, 乌骨 2; paid times 底注) with 底注 2: seat 2 is owed the 责任鸡 by seat 0 and
    owes seat 3 the 责任乌骨鸡. Every panel lists both in play, 8p before 1s (the settlement's order, by tile);
    seat 2's own preview: ready it collects 幺鸡 3 × 1 × 2 from each player and 2 from seat 0, and pays seat 3
    4 if seat 3 is ready; not ready it owes seat 3 the same, seat 0 the 包责任鸡 2 if seat 0 is ready, and 包鸡 6
    to each ready player. The pungs lie face up: 1s × 3 at seat 2, 8p × 3 at seat 3."""
    st = play_until(start("guiyang", DUTY, options={"base": 2}),
                    [[0, "discard", "1s"], [2, "pung"], [2, "discard", "8p"], [3, "pung"], [3, "discard", "7z"]])
    for s in range(4):
        o = outlook(view(st, s))
        assert o.seat == s
        assert _in_play(o)[2:] == [("ze_ren", "8p", "责任乌骨鸡", 2, 2, 3), ("ze_ren", "1s", "责任鸡", 1, 0, 2)]
        assert _fowl(o.shown[2]) == [("yao_ji", "1s", "幺鸡", 1, 3, "meld")]
        assert _fowl(o.shown[3]) == [("wu_gu_ji", "8p", "乌骨鸡", 2, 3, "meld")]
    o = outlook(view(st, 2))
    assert _lines(o.if_ready) == [("yao_ji", "1s", "幺鸡", 3, 6, EACH, False),
                                  ("ze_ren_ji", "8p", "责任乌骨鸡", 1, -4, 3, True),
                                  ("ze_ren_ji", "1s", "责任鸡", 1, 2, 0, False)]
    assert _lines(o.if_not_ready) == [("ze_ren_ji", "8p", "责任乌骨鸡", 1, -4, 3, True),
                                      ("bao_ze_ren_ji", "1s", "包责任鸡", 1, -2, 0, True),
                                      ("bao_ji", "1s", "包鸡", 3, -6, READY, False)]


# Seat 1 holds 1111s: it pungs dealer 0's 5m and lets 8p go (the hand's first 8p, unclaimed: 冲锋乌骨鸡); seats
# 2, 3 and 0 let their draws go; seat 1 draws 2m and declares the concealed kong of 1s.
KONG = ["5m2m9m3p6p9p4s7s7z3m5p9s6m8m", "1s1s1s1s5m5m2p4p6p3s6s7z8p", "1m4m7m2p5p8s2s5s4m7m1p3p9p",
        "1m3m6m7p8p9s2s3s5s6s8s7z4p"]
KONG_ACTIONS = [[0, "discard", "5m"], [1, "pung"], [1, "discard", "8p"], [2, "discard", "3m"], [3, "discard", "8m"],
                [0, "discard", "9m"], [1, "kong", "1s"]]


def test_a_concealed_kong_of_chickens_counts_but_is_never_shown_or_owed():
    """chicken.md "Where chickens are counted" and 包鸡: a ready player collects for chickens in concealed kongs;
    a not-ready one owes 包鸡 only for exposed ones (discards and claimed melds, not concealed kongs). Seat 1 holds
    a 5m pung, a concealed kong of 1s and its 冲锋乌骨鸡 8p in the discards: its own chickens are 幺鸡 × 4 in the
    kong and the 冲锋乌骨鸡 (guiyang 2 × 2); its one bean is the kong (闷豆, listed); not ready it owes only the
    包冲锋乌骨鸡 4. Every panel, its own included, shows only the 8p face up for seat 1."""
    st = play_until(start("guiyang", KONG, front="3m8m9m2m"), KONG_ACTIONS)
    o = outlook(view(st, 1))
    assert _fowl(o.mine) == [("yao_ji", "1s", "幺鸡", 1, 4, "concealed_kong"),
                             ("chong_feng_ji", "8p", "冲锋乌骨鸡", 4, 1, "discard")]
    assert [(b.key, tiles.name(b.tile), zh(b.text)) for b in o.beans] == [("men_dou", "1s", "闷豆")]
    assert _lines(o.if_ready) == [("yao_ji", "1s", "幺鸡", 4, 4, EACH, False),
                                  ("chong_feng_ji", "8p", "冲锋乌骨鸡", 1, 4, EACH, False)]
    assert _lines(o.if_not_ready) == [("bao_chong_feng_ji", "8p", "包冲锋乌骨鸡", 1, -4, READY, False)]
    for s in range(4):
        assert _fowl(outlook(view(st, s)).shown[1]) == [("chong_feng_ji", "8p", "冲锋乌骨鸡", 4, 1, "discard")]


def test_a_discarded_flipped_chicken_hides_nothing_after_it():
    """chicken.md 冲锋鸡 and the flip: guiyang hand A with dealer 0 leading 9s instead and letting 1s go second
    (the hand's first 1s, unclaimed: 冲锋鸡); the 捉鸡牌 8s makes 9s the flipped chicken. Every panel shows seat 0's
    冲锋鸡 face up and not its 9s (a flipped chicken in the discards is owed by nobody)."""
    actions = [[0, "discard", "9s"], [1, "discard", "4p"], [2, "discard", "9m"], [3, "discard", "8p"],
               [0, "discard", "1s"], [1, "hu"]]
    st = run("guiyang", A_HANDS, front="1s9m7z6s8p8s", actions=actions)
    for s in range(4):
        assert _fowl(outlook(view(st, s)).shown[0]) == [("chong_feng_ji", "1s", "冲锋鸡", 2, 1, "discard")]


# Seat 1 (2m 5p 7s pungs, 9m and 1s pairs) wins 大对子 on dealer 0's first discard, 1s (no pass needed).
WON = ["1s1m4m7m2p6p8p3s6s9s7z3m9p6m", "2m2m2m5p5p5p7s7s7s9m9m1s1s", "1m4m7m3p6p9p2s5s8s7z4p8m3m",
       "5m8m1p4p7p2s4s5s8s6s9s7z6p"]


def test_a_chicken_won_on_is_the_winners_own_not_a_charge():
    """chicken.md 冲锋鸡 (the first 1s discarded that nobody claims): the 1s seat 1 wins on is claimed by the win, so
    it is no 冲锋鸡 of seat 0; it counts as the winner's third 幺鸡 in hand (3 from each player)."""
    st = run("guiyang", WON, front="3s", actions=[[0, "discard", "1s"], [1, "hu"]])
    o = outlook(view(st, 1))
    assert _fowl(o.mine) == [("yao_ji", "1s", "幺鸡", 1, 3, "hand")]
    assert o.if_ready.per_player(EACH) == 3
    for s in range(4):
        o = outlook(view(st, s))
        assert o.shown[0] == [] and [p for p in o.in_play if p.key == "chong_feng"] == []


def test_a_game_without_chickens_is_refused_by_name():
    """The panel exists only in the chicken games: a yuxi view is refused with a one-line message naming it."""
    st, _ = engine.new_hand(get("yuxi"), get("yuxi").resolve_options({}), seed=1)
    with pytest.raises(ValueError, match=r"^'yuxi' is not a chicken game$"):
        outlook(view(st, 0))
