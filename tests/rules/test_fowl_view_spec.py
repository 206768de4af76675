"""The 鸡 panel (game/rules/fowl_view.py) in situations its first tests left open (issue 42, the fowl_view mutants
of the seed-1506588671 sample): the 跟冲 lines of the chickens in play, a flipped chicken lying in the discards,
and whether the viewer is ready once it holds a meld (chicken.md: 跟冲, "Where chickens are counted", Ready, 地龙)."""

from __future__ import annotations

from game.rules import tiles
from game.rules.fowl_view import EACH, outlook
from game.rules.view import view
from tests.helpers.words import zh
from tests.rules.chicken_hands import play_a, play_c
from tests.rules.chicken_util import play_until, ready, start


def _in_play(o):
    return [(p.key, tiles.name(p.tile), zh(p.text), p.value, p.seat, p.claimer) for p in o.in_play]


def _fowl(fowl):
    return [(f.key, tiles.name(f.tile), zh(f.text), f.unit, f.count, f.where) for f in fowl]


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
