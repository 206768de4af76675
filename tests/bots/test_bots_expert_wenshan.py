"""The 高手 in 文山翻小鸡 (issue 19): the expert's move in each situation the issue names, and more.

Hands are the issue's, dealt as seat 0's first turn (the dealer) with the other seats' tiles chosen so
they do not interfere; the bot sees only its view.
"""

from __future__ import annotations

from typing import Any

from game.bots import make_bot
from game.bots.ctx import Ctx
from game.bots.levels import make_expert
from game.rules import tiles
from game.rules.actions import Action
from game.rules.view import view
from tests.bots.bot_util import decide, play, start

t = tiles.tile


def first_turn(hand: str, flip: str, others: list[str]):
    return start("wenshan", [hand, *others], flip=flip, dealer=0)


def moves(st, seat: int = 0, level: str = "strong") -> set:
    return {decide(st, seat, level, s) for s in range(3)}


def discards(*names: str) -> set:
    return {Action(0, "discard", t(x)) for x in names}


def test_keeps_seven_pairs_and_the_pin_flush_open():
    """Issue: ``4m4m 7m 1p1p 2p 3p3p 5p 6p6p 8p 4z4z``, wildcard 4s, first turn. 7m is the tile that
    serves nothing: 七对 (硬功 possible) stays 1-shanten and the 筒子 清一色 stays open; 4z breaks a pair."""
    st = first_turn("4m4m7m1p1p2p3p3p5p6p6p8p4z4z", "3s",
                    ["1235m9p1256789s1z", "12358m9p125689s2z", "1235m79p12567s3z5z"])
    assert view(st, 0)["public"]["wildcard"] == t("4s")
    assert moves(st) == discards("7m")


def test_throws_a_loose_tile_not_a_pair_or_the_dragon_triplet():
    """Issue: ``7m 9m 1p 3p3p 6p6p6p 2s2s 4s4s 7s7s``, wildcard 9s: 7m, 9m and 1p serve nothing; a pair
    tile would break 七对, and the third 6p keeps a set and the chance of a 龙七对 (its fourth copy)."""
    st = first_turn("7m9m1p3p3p6p6p6p2s2s4s4s7s7s", "8s",
                    ["12345m2p5p9p1z2z3z4z5z", "12345m2p5p9p1z2z3z4z5z", "6789m1m2p5p9p1z2z3z4z5z"])
    assert view(st, 0)["public"]["wildcard"] == t("9s")
    assert moves(st) <= discards("7m", "9m", "1p")


def test_breaks_the_white_triplet_for_a_scattered_hand():
    """Issue: a 白 triplet kept for kong points over a near 烂牌. With 147m 258p 36s and 东西北 the hand is
    one tile from a 烂牌; the third 白 is dead weight."""
    st = first_turn("1m4m7m2p5p8p3s6s1z3z4z5z5z5z", "8s",
                    ["2345m2p3p4p6p7p1s2s4s6z", "2345m2p3p4p6p7p1s2s4s6z", "6789m1p3p6p7p9p1s2s7z7z"])
    assert moves(st) == discards("5z")


def _ctx(st, seat=0):
    ctx = Ctx(view(st, seat))
    return ctx


def test_an_honor_wildcard_standing_as_itself_in_seven_stars_is_hard_work():
    """Issue: a held wildcard was counted as "not 硬功" even when 七星 uses it as its own face. With 北
    the wildcard (西 flipped) and all seven honors held, the 七星 route is valued at 硬功 (×2)."""
    st = first_turn("1z2z3z4z5z6z7z1m4m7m2p5p3s9m", "3z",
                    ["2356m13469p1245s", "2356m13469p1245s", "2358m13469p1245s"])
    ctx = _ctx(st)
    assert ctx.jk == t("4z")
    x: Any = make_expert("wenshan")
    routes = {r.key: r for r in x.routes(ctx, [], ctx.counts)}
    c = list(ctx.counts)
    c[t("9m")] -= 1
    j = c[ctx.jk]
    c[ctx.jk] = 0
    assert routes["qixing"].sh(c, None, j) == 0
    assert routes["qixing"].vf(c, j) == 2.0
    # a suited wildcard used as a joker in the same shape is no 硬功
    c2 = list(c)
    c2[t("4z")] = 1
    assert routes["qixing"].vf(c2, 0) == 2.0 and routes["lan"].vf(c, 2) == 1.0


def test_never_throws_the_wildcard_nor_spends_it_on_a_claim():
    hands = ["4z1m2m7m2p5p8p3s6s9s1z2z6z7z", "1122m3344p5566s1z", "1122p3344s5566m2z", "1122s3344m5566p3z"]
    st = start("wenshan", hands, flip="3z", dealer=0)  # 西 → wildcard 北
    for a in moves(st):
        assert a.kind == "discard" and a.tile != t("4z")


def test_takes_a_plain_discard_win_late():
    """Late in the hand a 平胡 on offer is worth more than any self-draw still to come."""
    hands = ["4s19m19p19s123z66z8p", "47s19m19p1s23z66z28m", "11223344m5566s7s", "4s369m258p36s13z28s2p"]
    st = start("wenshan", hands, front="5m9p1p", flip="4z", dealer=3)
    play(st, [(3, "discard", "2p"), (0, "discard", "4s")])
    assert decide(st, 2, "strong").kind == "hu"
    assert make_bot("normal").act(view(st, 2)).kind == "hu"


def _sure_ready_offer():
    """Seat 2 holds ``123m 456m 789p 23s`` and two wildcards (北, 西 flipped): with one wildcard in 23s and
    the other pairing any tile it wins on everything. The dealer's first discard 8m is a 1-point 平胡."""
    hands = ["1m2m3m7p7p1s9s1z2z6z7z5z5p8m", "11223344m5566s7s", "123m456m789p23s4z4z", "1122s3344p5566m3z"]
    st = start("wenshan", hands, flip="3z", dealer=0)
    return play(st, [(0, "discard", "8m")])


def test_issue41_passes_a_one_point_discard_win_when_the_self_draw_is_near_sure():
    """Issue 41 (``pass_sure``): the hand wins on every tile, so the model's chance to win anyway is
    above 0.9; passing the 1-point 平胡 (3 points) plays for the self-draw's double (6), and 过手胡 only
    blocks discard wins until the seat's next draw (on by default). Off (0), the 高手 takes the win as the
    熟手 does."""
    st = _sure_ready_offer()
    v = view(st, 2)
    assert make_bot("strong").act(v) == Action(2, "pass")
    assert make_expert("wenshan", 0, {"pass_sure": 0.0}).act(v) == Action(2, "hu")
    assert make_bot("normal").act(v) == Action(2, "hu")


def test_issue41_keeps_the_terminals_for_yao_over_the_skilled_discard():
    """Issue 41 (the anchor ``margin`` 0.15, ``ratio`` 0.05): ``1179m 1779p 1679s 6z7z`` with wildcard 8s
    (7s flipped), first turn. Counting pungs from discards, the fastest plain-hand discard is 6z (the
    anchor); the 高手 values the 幺牌 route (nine terminals and honors, no shape needed) and throws 6s, by
    more than the new anchor and less than the old one (0.3 plus a tenth of the value), which keeps 6z."""
    st = first_turn("1m1m7m9m1p7p7p9p1s6s7s9s6z7z", "7s",
                    ["2345m2345p2345s1z", "2345m2345p2345s2z", "2345m2345p2345s3z"])
    assert view(st, 0)["public"]["wildcard"] == t("8s")
    assert moves(st) == discards("6s")
    old: Any = make_expert("wenshan", 0, {"margin": 0.3, "ratio": 0.1})
    assert old.act(view(st, 0)) == Action(0, "discard", t("6z"))


def test_issue41_the_fitted_discard_features_count_the_wildcard_and_never_offer_it():
    """Issue 41 (a rollout-fitted choice among the fastest discards, as in yuxi): ``123456789m 123p 4s 1z``
    with 4s the wildcard (3s flipped). Every discard but the wildcard leaves the hand ready; 1z leaves a
    single wait on the wildcard, which any tile completes, so it has the most waiting kinds. The wildcard
    itself is no candidate, and the 硬功 term (``hard_gap``) is 0 for 1z (the 4s stands as itself) and 1
    for 1m (the 4s then needs the 1z as its pair)."""
    from game.bots.advantage import cand_features
    from game.bots.normal import scan
    from game.bots.read import Read
    from game.bots.strong_wenshan import hard_gap
    from game.bots.variants import strategy_for

    st = first_turn("1m2m3m4m5m6m7m8m9m1p2p3p4s1z", "3s",
                    ["1235m9p1256789s1z", "12358m9p125689s2z", "1235m79p12567s3z5z"])
    ctx = _ctx(st)
    assert ctx.jk == t("4s")
    strat = strategy_for(ctx.variant)
    rows = scan(ctx, strat, strat.normal_routes(ctx), "all")
    smin, feats = cand_features(ctx, rows, Read(ctx), t("1z"), hard_gap(ctx))
    assert smin == 0
    assert set(feats) == {t(x) for x in ("1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "1z")}
    kinds = {d: f[9] for d, f in feats.items()}
    assert max(kinds, key=lambda d: kinds[d]) == t("1z")
    assert feats[t("1z")][-1] == 0.0 and feats[t("1m")][-1] == 1.0
