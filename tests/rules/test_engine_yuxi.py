"""玉溪扳倒胡 on the round engine (shared/rules/yuxi.md): 翻屁股 tail tiles, kongs and 抄底, the
20-tile stop, 一炮多响, 抢杠胡, 过手胡/过手碰, 十风/十三幺, simultaneous claim priority, next dealer.

Hands are written as scenarios (tests/helpers/scen.py). ``None`` in a hand list, or a hand ending in ``+``,
is filled with tiles that are far from ready and hold no pair (they never claim or win by accident).
The face-up tail tiles are the wall's last two tiles (``tail=``); ``back=`` lists the tiles turned up
next, in order; ``front=`` the draws (and blind replacements) from the front.
"""


import pytest

from game.rules import engine, scenario, tiles
from game.rules.view import view
from tests.helpers.words import zh
from tests.rules.yuxi_util import (
    FENG_ORDER,
    V,
    act,
    deal,
    discard_drawn,
    kinds,
    pass_others,
    rob_scenario,
    run,
    sequence_game,
    short_wall,
    start,
    tile_names,
)

t = tiles.tile


# ---- helpers -----------------------------------------------------------------------------


# ---- 翻屁股: the face-up tail tiles ---------------------------------------------------------

def test_tail_tiles_are_the_last_two_and_public():
    """Two tail tiles lie face up for everyone (public_info); they are still wall tiles: 108 - 53 = 55 left."""
    st = start(["1111m234p567p789s5s", None, None, None], tail="9m8m")
    assert tile_names(st.wall[st.back - 2:st.back]) == ["9m", "8m"]
    for seat in range(4):
        v = view(st, seat)
        assert tile_names(v["public"]["tail"]) == ["9m", "8m"]
        assert v["wall"] == 55 and v["drawable"] == 35  # the hand stops at 20 tiles
    assert V.players(st.options) == 4 and len(V.tile_set(st.options)) == 108


def test_with_honors_has_136_tiles():
    st = start([None, None, None, None], options={"with_honors": True})
    assert len(V.tile_set(st.options)) == 136 and st.remaining == 136 - 53


def test_kong_only_when_a_tail_tile_wins_without_chao_di():
    """抄底 off: 暗杠 1m is offered only when a face-up tile completes the hand (guaranteed 杠上花)."""
    st = start(["1111m234p567p789s5s", None, None, None], tail="9m8m")
    assert kinds(st, 0) == ["discard"]
    st = start(["1111m234p567p789s5s", None, None, None], tail="9m5s")
    assert kinds(st, 0) == ["discard", "kong"]


def test_kong_tail_tile_wins_automatically_gang_shang_hua():
    """暗杠 1m, the face-up 5s completes the hand: automatic 杠上花 2^(0+1) = 2 from each other player.

    The taken slot is refilled from the back (7p), the other face-up tile keeps its slot.
    """
    st = run(["1111m234p567p789s5s", None, None, None], [[0, "kong", "1m"]], tail="9m5s", back="7p")
    assert st.end == "win" and [(w.seat, w.how) for w in st.wins] == [(0, "self_draw")]
    w = st.wins[0]
    assert tiles.name(w.tile) == "5s" and "after_kong" in w.flags
    assert [p.key for p in w.score.patterns] == ["gang_shang_hua"] and w.score.total == 2
    assert st.settlement.deltas == [6, -2, -2, -2]
    assert tile_names(V.public_info(st, 1)["tail"]) == ["9m", "7p"]
    assert any("杠上花 2^(0+1)=2" in zh(i.text) for i in st.settlement.items)


def test_base_stake_doubles_every_payment():
    """底注 2: 杠上花 pays 2 × 2 = 4 per player; the line shows the computation."""
    st = run(["1111m234p567p789s5s", None, None, None], [[0, "kong", "1m"]], tail="9m5s", options={"base": 2})
    assert st.settlement.deltas == [12, -4, -4, -4]
    assert any("杠上花 2^(0+1)=2 ×底注2=4 自摸" in zh(i.text) for i in st.settlement.items)


def test_dian_gang_shang_hua_is_paid_as_self_draw():
    """直杠 on seat 0's 7s, the face-up 9p wins: 点杠上花 counts as self-draw, all three pay 2."""
    st = run(["7s+", "777s123m456m789m9p", None, None], [[0, "discard", "7s"], [1, "kong"]], tail="9p1s")
    assert [(w.seat, w.how) for w in st.wins] == [(1, "self_draw")]
    assert st.wins[0].score.main_key == "gang_shang_hua"
    assert st.settlement.deltas == [-2, 6, -2, -2]


@pytest.mark.parametrize("tail", ["2p5p", "5p2p"])
def test_auto_win_takes_the_best_tail_tile(tail):
    """Both face-up tiles win after 暗杠 1m: 2p is 杠上花 (2), 5p is 杠上五梅花 2^(0+2) = 4: 5p is taken."""
    st = run(["1111m34p567s789s11s", None, None, None], [[0, "kong", "1m"]], tail=tail, back="6m")
    w = st.wins[0]
    assert tiles.name(w.tile) == "5p" and w.score.main_key == "wu_mei_hua" and w.score.total == 4
    assert st.settlement.deltas == [12, -4, -4, -4]
    assert sorted(tile_names(V.public_info(st, 0)["tail"])) == ["2p", "6m"]


def test_auto_chain_shuang_gang_hua():
    """After 暗杠 1m the face-up 6s wins (杠上花, 2) but also makes 6666s; konging it and taking the
    face-up 9s wins 双杠上花 2^(0+2) = 4: the higher value is taken automatically (seed: 双杠上花也要判断进去)."""
    st = run(["1111m666s78s123p99s", None, None, None], [[0, "kong", "1m"]], tail="6s9s")
    w = st.wins[0]
    assert [tiles.fmt(m.tiles) for m in st.seats[0].melds] == ["1111m", "6666s"]
    assert tiles.name(w.tile) == "9s" and [p.key for p in w.score.patterns] == ["shuang_gang_hua"]
    assert st.settlement.deltas == [12, -4, -4, -4]


def test_auto_chain_shuang_wu_mei_hua_16():
    """双杠五梅花: 暗杠 1m, face-up 5p (五梅花 would be 4) is konged again, 8p wins: 2^(0+4) = 16 each."""
    st = run(["1111m555p67p123s99s", None, None, None], [[0, "kong", "1m"]], tail="5p8p")
    w = st.wins[0]
    assert [tiles.fmt(m.tiles) for m in st.seats[0].melds] == ["1111m", "5555p"]
    assert tiles.name(w.tile) == "8p" and w.score.main_key == "shuang_wu_mei_hua" and w.score.total == 16
    assert st.settlement.deltas == [48, -16, -16, -16]


CHAIN = ["9999m111p2222p3p99s", None, None, None]


def test_kong_chain_limit_without_chao_di():
    """抄底 off: at most two kongs in a row. 暗杠 9m, 1p (tail) → kong 1p, 4p wins 双杠上花 = 4; a third
    kong (2p, then 5p for 双杠五梅花) is not made."""
    st = run(CHAIN, [[0, "kong", "9m"]], tail="7s1p", back="4p5p")
    assert [tiles.fmt(m.tiles) for m in st.seats[0].melds] == ["9999m", "1111p"]
    assert tiles.name(st.wins[0].tile) == "4p" and st.wins[0].score.main_key == "shuang_gang_hua"
    assert st.settlement.deltas == [12, -4, -4, -4]
    st2 = start(CHAIN, tail="7s1p", back="4p5p")
    st2.kong_chain = 2  # two kongs already made this turn
    assert not V.kong_face_allowed(st2, 0, t("2p"), "concealed_kong")


def test_kong_chain_unlimited_with_chao_di():
    """抄底 on: the same hand chains three kongs (9m, 1p, 2p) and wins on 5p: 双杠五梅花 2^(0+4) = 16."""
    st = run(CHAIN, [[0, "kong", "9m"]], tail="7s1p", back="4p5p", options={"chao_di": True})
    assert [tiles.fmt(m.tiles) for m in st.seats[0].melds] == ["9999m", "1111p", "2222p"]
    assert tiles.name(st.wins[0].tile) == "5p" and st.wins[0].score.total == 16
    assert st.settlement.deltas == [48, -16, -16, -16]


def test_chao_di_blind_draw_win_is_optional():
    """抄底 on: no face-up tile wins, so the replacement is a blind draw from the front (5s); the win
    is the player's choice (offered, not automatic)."""
    st = start(["1111m234p567p789s5s", None, None, None], tail="9m8m", front="5s", options={"chao_di": True})
    assert "kong" in kinds(st, 0)
    act(st, 0, "kong", "1m")
    assert st.end is None and st.phase == "turn" and st.seats[0].drawn == t("5s") and st.front == 1
    assert tile_names(V.public_info(st, 0)["tail"]) == ["9m", "8m"]  # untouched
    assert "hu" in kinds(st, 0) and "discard" in kinds(st, 0)
    act(st, 0, "hu")
    assert st.wins[0].score.main_key == "gang_shang_hua" and st.settlement.deltas == [6, -2, -2, -2]


def test_chao_di_blind_draw_win_may_be_declined():
    st = start(["1111m234p567p789s5s", None, None, None], tail="9m8m", front="5s", options={"chao_di": True})
    act(st, 0, "kong", "1m")
    act(st, 0, "discard", "5s")
    assert st.end is None and st.seats[0].missed_win is None  # passing one's own self-draw restricts nothing


def test_chao_di_three_blind_kongs_then_da_peng_dui_shuang_gang_hua_8():
    """抄底 on: kongs any time and without limit: 1m, 2p, 3s with blind replacements 5s, 7p, 5s,
    then the (optional) win 555s 77p is 大碰对 + 双杠上花 = 2^(1+2) = 8."""
    hands = ["1111m2222p3333s5s7p", None, None, None]
    st = start(hands, tail="9m8m", front="5s7p5s", options={"chao_di": True})
    act(st, 0, "kong", "1m")
    act(st, 0, "kong", "2p")
    act(st, 0, "kong", "3s")
    assert st.kong_chain == 3 and "hu" in kinds(st, 0)
    act(st, 0, "hu")
    assert [p.key for p in st.wins[0].score.patterns] == ["da_peng_dui", "shuang_gang_hua"]
    assert st.settlement.deltas == [24, -8, -8, -8]
    assert any("大碰对 双杠上花 2^(1+2)=8" in zh(i.text) for i in st.settlement.items)
    st = start(hands, tail="9m8m", front="5s7p5s")
    assert "kong" not in kinds(st, 0)  # 抄底 off: no face-up tile wins, no kong


# ---- the 20-tile stop (流局) ----------------------------------------------------------------


def test_draw_at_20_tiles_nothing_settled_dealer_stays():
    """Wall 22: seat 1 and seat 2 draw; at 20 tiles left seat 2's discard is the last; unclaimed → 流局."""
    data = short_wall(["1p+", None, None, None], front="5p9p" + "4m5m6m7m8m2p3p4p6p7p8p2s3s4s6s7s8s3m",
                      actions=[[0, "discard", "1p"], [1, "discard", "5p"], [2, "discard", "9p"]])
    st = scenario.run(data)
    assert st.end == "draw" and st.remaining == 20
    assert st.settlement.deltas == [0, 0, 0, 0] and st.settlement.transfers == []
    assert V.next_dealer(st) == 0
    assert any("流局" in n for n in [zh(n) for n in st.settlement.notes])


def test_last_discard_kong_still_draws_and_wins():
    """At 20 tiles seat 2's last discard 7s is konged by seat 3; the face-up 9p wins 点杠上花 (self-draw)."""
    data = short_wall([None, None, None, "777s123m456m789m9p"], tail="1s9p",
                      front="5p7s" + "4m5m6m7m8m2p3p4p6p7p8p2s3s4s6s8s3m2m",
                      actions=[[0, "discard", "?"], [1, "discard", "5p"], [2, "discard", "7s"], [3, "kong"]])
    data["actions"][0][2] = tiles.name(tiles.parse(data["hands"][0])[0])
    st = scenario.run(data)
    assert st.end == "win" and st.wins[0].seat == 3 and st.wins[0].score.main_key == "gang_shang_hua"
    assert st.remaining == 19
    assert st.settlement.deltas == [-2, -2, -2, 6]


def test_last_discard_kong_blind_draw_then_discard_only_won_on():
    """抄底 on: the kong on the last discard draws blind (wall 19); seat 3's discard 2m could be punged by
    seat 0 but past the stop it may only be won on: nobody wins, the hand is drawn."""
    data = short_wall(["22m+", None, None, "777s123p456p78m9p1s"], tail="1s1s",
                      front="5p7s" + "2m" + "4m5m6m7m8m2p3p4p6p7p8p2s3s4s6s8s3m",
                      options={"chao_di": True})
    st, _ = scenario.start(data)
    d0 = [x for x in st.seats[0].concealed() if x != t("2m")][0]
    act(st, 0, "discard", tiles.name(d0))
    pass_others(st)
    discard_drawn(st)  # seat 1: 5p
    act(st, 2, "discard", "7s")  # seat 2 drew the last drawable tile: this is the last discard
    assert st.remaining == 20 and "kong" in kinds(st, 3)
    pass_others(st, keep=(3,))
    act(st, 3, "kong")
    assert st.phase == "turn" and st.turn == 3 and st.seats[3].drawn == t("2m") and st.remaining == 19
    act(st, 3, "discard", "2m")
    assert st.end == "draw"  # seat 0's pung of 2m was not offered


def test_pung_on_last_discard_then_only_wins():
    """The last discard may be punged (seed: 没有人碰、杠、胡则流局); the punger's discard may then only be won."""
    data = short_wall(["55m+", None, None, None], front="9p5m" + "4m6m7m8m2p3p4p6p7p8p2s3s4s6s7s8s3m2m")
    st, _ = scenario.start(data)
    d0 = [x for x in st.seats[0].concealed() if x != t("5m")][0]
    act(st, 0, "discard", tiles.name(d0))
    pass_others(st)
    discard_drawn(st)  # seat 1: 9p
    act(st, 2, "discard", "5m")
    assert st.remaining == 20 and "pung" in kinds(st, 0)
    pass_others(st, keep=(0,))
    act(st, 0, "pung")
    assert st.turn == 0 and st.phase == "turn"
    act(st, 0, "discard", tiles.name(st.seats[0].concealed()[0]))
    assert st.end == "draw"


# ---- 一炮多响 ---------------------------------------------------------------------------------

TWO = ["9p+", "4s+", "123m456m789p23s55p", "111p234p567p56s99m"]


def test_yi_pao_duo_xiang_two_winners_next_dealer_discarder():
    """Seat 1's 4s is won by seats 2 and 3 (平胡 each): seat 1 pays 1 to each; next dealer = seat 1."""
    st = run(TWO, [[0, "discard", "9p"], [1, "discard", "4s"], [2, "hu"], [3, "hu"]])
    assert sorted(w.seat for w in st.wins) == [2, 3] and all(w.how == "discard" and w.source == 1 for w in st.wins)
    assert st.settlement.deltas == [0, -2, 1, 1]
    assert V.next_dealer(st) == 1
    assert st.seats[1].discards[-1].won_by == (2, 3)


def test_yi_pao_duo_xiang_three_winners():
    """Seats 2, 3 and the dealer all win on seat 1's 4s: seat 1 pays 3; next dealer = the discarder."""
    hands = ["456m789m123p56s11s9p", "4s+", "123m456m789p23s55p", "111p234p567p56s99m"]
    st = run(hands, [[0, "discard", "9p"], [1, "discard", "4s"], [2, "hu"], [3, "hu"], [0, "hu"]])
    assert sorted(w.seat for w in st.wins) == [0, 2, 3]
    assert st.settlement.deltas == [1, -3, 1, 1]
    assert V.next_dealer(st) == 1
    labels = [zh(tr.text) for tr in st.settlement.transfers]
    assert all("平胡 2^0=1 点炮" in lb for lb in labels) and len(set(labels)) == 3  # each names its winner


def test_first_win_waits_for_other_possible_winners():
    """Simultaneous: seat 2's 胡 does not end the hand while seat 3 may still win; a pass leaves one winner."""
    st = start(TWO)
    act(st, 0, "discard", "9p")
    pass_others(st)
    act(st, 1, "discard", "4s")
    assert sorted(engine.acting_seats(st)) == [2, 3]
    act(st, 2, "hu")
    assert st.end is None and engine.acting_seats(st) == [3]
    act(st, 3, "pass")
    assert [w.seat for w in st.wins] == [2] and V.next_dealer(st) == 2
    assert st.settlement.deltas == [0, -1, 1, 0]


# ---- 抢杠胡 -----------------------------------------------------------------------------------


@pytest.mark.parametrize("n,mult", [(4, 3), (3, 2), (2, 1)])
def test_rob_kong_pays_all(n, mult):
    """抢杠三家包 (on): the robbed seat 1 pays for every other player: ×3 / ×2 / ×1 with 4 / 3 / 2 players.
    The kong never happens and the face-up 5m (杠上花 for seat 1) is not taken: robbers are asked first."""
    st = scenario.run(rob_scenario(n))
    w = st.wins[0]
    assert (w.seat, w.how, w.source) == (0, "rob_kong", 1)
    assert st.settlement.deltas[:2] == [mult, -mult] and sum(st.settlement.deltas) == 0
    assert [m.kind for m in st.seats[1].melds] == ["pung"]
    assert tile_names(V.public_info(st, 0)["tail"]) == ["9s", "5m"]
    assert V.next_dealer(st) == 0
    assert any(f"抢杠胡 {'三家' if n == 4 else '两家' if n == 3 else '一家'}包×{mult}={mult}" in zh(i.text)
               for i in st.settlement.items)


@pytest.mark.parametrize("n", [4, 3, 2])
def test_rob_kong_without_pays_all_is_a_discard(n):
    """抢杠三家包 off: the robbed player pays like a discarder, 1 × 2^(N+M)."""
    st = scenario.run(rob_scenario(n, {"rob_pays_all": False}))
    assert st.settlement.deltas[:2] == [1, -1]


def test_rob_kong_two_robbers():
    """Two robbers: each is paid 3 by the robbed seat 1; next dealer is the robbed player."""
    st = scenario.run(rob_scenario(4, second_robber=True))
    assert sorted(w.seat for w in st.wins) == [0, 2]
    assert st.settlement.deltas == [3, -6, 3, 0]
    assert V.next_dealer(st) == 1


def test_rob_pass_lets_the_kong_win_gang_shang_hua():
    """If the robber passes, the added kong completes and the face-up 5m wins 杠上花 automatically."""
    data = rob_scenario(4)
    data["actions"][-1] = [0, "pass"]
    st = scenario.run(data)
    assert st.wins[0].seat == 1 and st.wins[0].score.main_key == "gang_shang_hua"
    assert st.settlement.deltas == [-2, 6, -2, -2]


# ---- 过手胡 / 过手碰 ------------------------------------------------------------------------------

MISS = ["4m+", "6m+", "11122233m44455m", None]  # seat 2 waits 3m/5m 清大对 (2番), 4m/6m 清一色 (1番)


def test_guo_shou_hu_blocks_equal_fan_until_own_draw():
    """过手胡: seat 2 passes 4m (清一色 1番); seat 1's 6m (1番) may not be won; after seat 2's draw it may."""
    st = start(MISS, front="6m")  # seat 1 draws 6m
    act(st, 0, "discard", "4m")
    assert "hu" in kinds(st, 2)
    act(st, 2, "pass")
    pass_others(st)
    assert st.seats[2].missed_win == 1
    act(st, 1, "discard", "6m")
    assert "hu" not in kinds(st, 2)
    pass_others(st)
    assert st.turn == 2 and st.seats[2].missed_win is None  # own draw clears it


def test_guo_shou_hu_allows_higher_fan():
    """After passing 4m (1番), seat 1's 3m (清大对 2番) may be won: 2^2 = 4 from seat 1."""
    st = start(MISS, front="3m")
    act(st, 0, "discard", "4m")
    act(st, 2, "pass")
    pass_others(st)
    act(st, 1, "discard", "3m")
    assert "hu" in kinds(st, 2)
    act(st, 2, "hu")
    pass_others(st)
    assert st.wins[0].score.main_key == "qing_da_dui" and st.settlement.deltas == [0, -4, 4, 0]


def test_guo_shou_hu_self_draw_is_free():
    """Declining one's own self-draw restricts nothing: seat 2 draws 6m (清一色), discards it, and may still
    win seat 3's 6m of the same 番."""
    st = start(["9p+", None, "11122233m44455m", "6m+"], front="9s6m")
    act(st, 0, "discard", "9p")
    pass_others(st)
    discard_drawn(st)  # seat 1: 9s
    assert st.turn == 2 and st.seats[2].drawn == t("6m") and "hu" in kinds(st, 2)
    discard_drawn(st)  # seat 2 declines the self-draw
    assert st.seats[2].missed_win is None
    act(st, 3, "discard", "6m")
    assert "hu" in kinds(st, 2)


PUNG = ["5p+", "5p+", "55p+", None]


def test_guo_shou_peng_blocks_same_tile_until_own_turn():
    """过手碰: seat 2 passes the pung of seat 0's 5p; seat 1's 5p may not be punged by seat 2."""
    st = start(PUNG, front="9s")
    act(st, 0, "discard", "5p")
    assert "pung" in kinds(st, 2)
    act(st, 2, "pass")
    pass_others(st)
    assert t("5p") in st.seats[2].missed_pungs
    act(st, 1, "discard", "5p")
    assert "pung" not in kinds(st, 2)


def test_guo_shou_peng_ends_with_own_turn():
    """After seat 2's own draw the restriction is gone: seat 3's 5p may be punged."""
    st = start(["5p+", None, "55p+", "5p+"], front="9s8s")
    act(st, 0, "discard", "5p")
    act(st, 2, "pass")
    pass_others(st)
    discard_drawn(st)  # seat 1
    assert st.turn == 2 and not st.seats[2].missed_pungs
    discard_drawn(st)  # seat 2
    act(st, 3, "discard", "5p")
    assert "pung" in kinds(st, 2)


# ---- 十风 / 十三幺 ------------------------------------------------------------------------------


def test_shi_feng_auto_win_after_tenth_honor_discard():
    """十风 (有风): the dealer's first 10 discards are honors, none claimed, no meld: automatic win
    right after the 10th, paid as self-draw: 2^1 = 2 from each other player."""
    hands = ["1234567z1234z258m", None, None, None]
    st = sequence_game(hands, FENG_ORDER, {"with_honors": True}, 10)
    assert st.end == "win" and len(st.seats[0].discards) == 10
    w = st.wins[0]
    assert (w.seat, w.how) == (0, "self_draw") and w.score.main_key == "shi_feng" and w.score.total == 2
    assert st.settlement.deltas == [6, -2, -2, -2]
    assert any("十风 2^1=2" in zh(i.text) for i in st.settlement.items)


def test_shi_feng_not_when_the_tenth_discard_is_won_on():
    """Seat 1 waits on 3z alone and wins the 10th discard: a discard win, no 十风."""
    hands = ["1234567z1234z258m", "3z123m456m789m234p", None, None]
    st = sequence_game(hands, FENG_ORDER, {"with_honors": True}, 10, won_at=10)
    assert engine.acting_seats(st) == [1] and "hu" in kinds(st, 1)
    act(st, 1, "hu")
    assert [(w.seat, w.how) for w in st.wins] == [(1, "discard")] and st.wins[0].score.main_key == "ping_hu"
    assert st.settlement.deltas == [-1, 1, 0, 0]


def test_shi_feng_broken_by_a_claimed_discard():
    """One of the honors is punged by seat 2: no 十风 after the 10th honor discard."""
    hands = ["1234567z1234z258m", None, "55z+", None]
    data = deal(hands, options={"with_honors": True}, extra_front=40, front_ok=lambda k: k < 27)
    st, _ = scenario.start(data)
    seq = tiles.parse(FENG_ORDER)
    k = 0
    while st.end is None and k < 10:
        if st.phase == "turn" and st.turn == 0:
            act(st, 0, "discard", tiles.name(seq[k]))
            k += 1
            if "pung" in kinds(st, 2):
                pass_others(st, keep=(2,))
                act(st, 2, "pung")
                act(st, 2, "discard", tiles.name(st.seats[2].concealed()[0]))
            pass_others(st)
        else:
            discard_drawn(st)
    assert k == 10 and st.end is None
    assert st.seats[0].discards[4].claimed_by == 2


def test_shi_san_yao_auto_win_after_13th():
    """十三幺: the dealer's first 13 discards are all 1/9 (2 players): automatic win, 2^0 = 1, self-draw."""
    hands = ["19m19p19s19m19p19s1m5p", None]
    order = "1m9m1p9p1s9s1m9m1p9p1s9s1m"
    st = sequence_game(hands, order, {"players": 2}, 13, front_ok=lambda k: k < 27 and k % 9 not in (0, 8))
    assert st.end == "win" and st.wins[0].score.main_key == "shi_san_yao"
    assert st.settlement.deltas == [1, -1]


def test_shi_san_yao_not_when_the_13th_is_won_on():
    hands = ["19m19p19s19m19p19s1m5p", "1m234m567m234p567p"]
    order = "1m9m1p9p1s9s1m9m1p9p1s9s1m"
    st = sequence_game(hands, order, {"players": 2}, 13, won_at=13,
                       front_ok=lambda k: k < 27 and k % 9 not in (0, 8))
    assert "hu" in kinds(st, 1)
    act(st, 1, "hu")
    assert st.wins[0].how == "discard" and st.wins[0].score.main_key == "ping_hu"
    assert st.settlement.deltas == [-1, 1]


# ---- simultaneous claims: priority 胡 > 杠 > 碰 > 吃 ---------------------------------------------

PRIO = ["5p+", "46p+", "55p+", None]  # seat 1 may chow 456p, seat 2 may pung 5p


def test_priority_order():
    p = V.priority
    assert p["hu"] > p["kong"] > p["pung"] > p["chow"]


def test_chow_chosen_first_waits_for_pung_then_pung_wins():
    """Seat 1 chooses 吃 first: it waits (buttons gone) until seat 2 answers; seat 2's 碰 then takes it."""
    st = start(PRIO)
    act(st, 0, "discard", "5p")
    assert "chow" in kinds(st, 1) and "pung" in kinds(st, 2)
    act(st, 1, "chow", "456p")
    assert st.phase == "claim" and engine.acting_seats(st) == [2]
    assert view(st, 1)["awaiting"] is True and view(st, 1)["legal"] == []
    act(st, 2, "pung")
    assert st.turn == 2 and [m.kind for m in st.seats[2].melds] == ["pung"] and not st.seats[1].melds


def test_chow_executes_when_the_pung_seat_passes():
    st = start(PRIO)
    act(st, 0, "discard", "5p")
    act(st, 1, "chow", "456p")
    act(st, 2, "pass")
    assert st.turn == 1 and [m.kind for m in st.seats[1].melds] == ["chow"]


def test_pung_chosen_first_executes_while_chow_seat_unanswered():
    """Seat 2's 碰 outranks every option seat 1 has: it executes at once, seat 1 is never asked again."""
    st = start(PRIO)
    act(st, 0, "discard", "5p")
    act(st, 2, "pung")
    assert st.phase == "turn" and st.turn == 2 and engine.legal_actions(st, 1) == []


def test_hu_outranks_kong():
    """Seat 1 chooses 杠 (抄底 on) while seat 3 may win on the same 5p: the kong waits; seat 3's 胡 wins."""
    hands = ["5p+", "555p+", None, "123m456m789m46p99s"]
    st = start(hands, options={"chao_di": True})
    act(st, 0, "discard", "5p")
    assert "kong" in kinds(st, 1) and "hu" in kinds(st, 3)
    act(st, 1, "kong")
    assert st.phase == "claim" and engine.acting_seats(st) == [3]
    act(st, 3, "hu")
    assert st.wins[0].seat == 3 and not st.seats[1].melds


def test_kong_executes_after_the_winner_passes():
    hands = ["5p+", "555p+", None, "123m456m789m46p99s"]
    st = start(hands, options={"chao_di": True}, front="9s")
    act(st, 0, "discard", "5p")
    act(st, 1, "kong")
    act(st, 3, "pass")
    assert st.turn == 1 and st.seats[1].melds[0].kind == "kong"


def test_other_seats_do_not_see_claim_options():
    st = start(PRIO)
    act(st, 0, "discard", "5p")
    v3 = view(st, 3)
    assert v3["phase"] == "wait" and v3["legal"] == [] and "offer" not in v3


def test_waits_for_the_ready_hint():
    """Waiting tiles (小灯泡): sets-and-pair waits plus seven-pairs waits while the hand has no meld."""
    st = start([None, "11m22m55m99m11p66p7s", "123m456m789p23s55p", None])
    assert tile_names(V.waits(st, 1)) == ["7s"]  # 七对 only: no set in the hand
    assert tile_names(V.waits(st, 2)) == ["1s", "4s"]
    assert V.waits(st, 0) == []  # the dealer holds 14 tiles


# ---- dealer -------------------------------------------------------------------------------------

def test_next_dealer_is_the_single_winner():
    st = run(["1111m234p567p789s5s", None, None, None], [[0, "kong", "1m"]], tail="9m5s", dealer=0)
    assert V.next_dealer(st) == 0
    data = deal(["9p+", "4s+", "123m456m789p23s55p", None], actions=[[0, "discard", "9p"], [1, "discard", "4s"],
                                                                       [2, "hu"]])
    assert V.next_dealer(scenario.run(data)) == 2
