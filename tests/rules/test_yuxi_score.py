"""玉溪扳倒胡 scoring through ``python -m game score`` (shared/rules/yuxi.md, shared/spec/cli.md).

points per payer = 底注 × 2^(N+M); N = the largest base pattern, M = the largest extra.
Self-draw: every other player pays; discard: only the discarder; 抢杠胡: see the rob tests.
"""


import pytest

from game.errors import UsageError
from tests.rules.scoring import judge_yuxi as judge
from tests.rules.scoring import keys

KONG_1M = {"kind": "concealed_kong", "tiles": "1111m"}


# ---- base patterns (N) -------------------------------------------------------------------

def test_ping_hu_discard_1_only_discarder_pays():
    """平胡 0番 on a discard: 2^0 = 1, paid by the discarder alone (平胡 may win on a discard)."""
    res, code = judge("123m456m789p23455s", "5s", win="discard", frm=0)
    assert code == 0 and keys(res) == ["ping_hu"] and res["total"] == 1
    assert res["payments"] == {"0": 1}


def test_ping_hu_self_draw_every_other_pays_1():
    """平胡自摸: 2^0 = 1 from each of the three others."""
    res, _ = judge("123m456m789p23455s", "5s")
    assert keys(res) == ["ping_hu"] and res["total"] == 1
    assert res["payments"] == {"0": 1, "2": 1, "3": 1}


def test_da_peng_dui_with_claimed_pungs_2():
    """大碰对 1番 (pungs claimed or not, a kong counts): 2^1 = 2."""
    res, _ = judge("222m99p77s7s", "7s", win="discard", frm=2,
                   melds=[{"kind": "pung", "tiles": "555p", "from": 0}, {"kind": "kong", "tiles": "3333s", "from": 3}])
    assert keys(res) == ["da_peng_dui"] and res["total"] == 2 and res["payments"] == {"2": 2}


def test_qing_yi_se_2():
    """清一色 1番 (one suit, chows allowed): 2^1 = 2."""
    res, _ = judge("123456789p11199p", "1p", win="discard", frm=3)
    assert keys(res) == ["qing_yi_se"] and res["total"] == 2


def test_qi_dui_2():
    """七对 1番: seven pairs, no melds: 2^1 = 2."""
    res, _ = judge("1133m2277p5599s88s", "8s", win="discard", frm=0)
    assert keys(res) == ["qi_dui"] and res["total"] == 2


def test_qing_da_dui_4():
    """清大对 = 清一色 + 大碰对, 2番: 2^2 = 4."""
    res, _ = judge("111222333s44455s", "5s", win="discard", frm=0)
    assert keys(res) == ["qing_da_dui"] and res["total"] == 4


def test_qing_qi_dui_4():
    """清七对 = 清一色 + 七对, 2番: 2^2 = 4 (self-draw: each other pays 4)."""
    res, _ = judge("11223355667799p", "9p")
    assert keys(res) == ["qing_qi_dui"] and res["total"] == 4
    assert res["payments"] == {"0": 4, "2": 4, "3": 4}


def test_long_qi_dui_4_winning_tile_not_of_the_four():
    """龙七对 2番: four identical tiles as two pairs (not a kong); the winning tile is another pair: 4."""
    res, _ = judge("1111m2233p5566s99s", "9s", win="discard", frm=0)
    assert keys(res) == ["long_qi_dui"] and res["total"] == 4


def test_shuang_long_8():
    """双龙七对 3番: 2^3 = 8."""
    res, _ = judge("1111m2222p5566s99s", "9s", win="discard", frm=0)
    assert keys(res) == ["shuang_long"] and res["total"] == 8


def test_qing_long_8():
    """清龙七对 = 清一色 + 龙七对, 3番: 8."""
    res, _ = judge("11112233557799s", "9s", win="discard", frm=0)
    assert keys(res) == ["qing_long"] and res["total"] == 8


def test_san_long_16():
    """三龙七对 4番: 2^4 = 16."""
    res, _ = judge("1111m2222p3333s99s", "9s", win="discard", frm=0)
    assert keys(res) == ["san_long"] and res["total"] == 16


def test_qing_shuang_long_16():
    """清双龙七对 4番: 16."""
    res, _ = judge("11112222335599m", "9m", win="discard", frm=0)
    assert keys(res) == ["qing_shuang_long"] and res["total"] == 16


def test_qing_san_long_32_self_draw():
    """清三龙七对 5番, self-drawn: 2^5 = 32 from each other player."""
    res, _ = judge("11112222333399m", "9m")
    assert keys(res) == ["qing_san_long"] and res["total"] == 32
    assert res["payments"] == {"0": 32, "2": 32, "3": 32}


def test_honors_never_make_qing_yi_se():
    """清一色: one suit throughout; a hand with honors (有风) is not, all honors neither."""
    res, _ = judge("123456789m111z22z", "2z", win="discard", frm=0, options={"with_honors": True})
    assert keys(res) == ["ping_hu"] and res["total"] == 1
    res, _ = judge("111222333444z55z", "5z", win="discard", frm=0, options={"with_honors": True})
    assert keys(res) == ["da_peng_dui"] and res["total"] == 2


def test_best_reading_seven_pairs_over_ping_hu():
    """112233m 556677p 99s is both 平胡 and 七对: the larger, 七对 (1番), counts."""
    res, _ = judge("112233m556677p99s", "9s", win="discard", frm=0)
    assert keys(res) == ["qi_dui"] and res["total"] == 2


def test_seven_pairs_need_no_melds():
    """七对 with a pung meld is not seven pairs; with nothing else the hand does not win."""
    res, code = judge("1133m2277p55s8s", "8s", win="discard", frm=0,
                      melds=[{"kind": "pung", "tiles": "999s", "from": 2}])
    assert code == 1 and res["valid"] is False


def test_not_a_winning_hand():
    res, code = judge("123m456m789p13579s", "9s", win="discard", frm=0)
    assert code == 1 and res == {"valid": False, "reason": "not a winning hand"}


# ---- extra patterns (M) --------------------------------------------------------------------

def test_gang_shang_hua_replaces_ping_hu_2():
    """杠上花 1番; 平胡 is not counted once an extra applies: 2^(0+1) = 2, every other pays."""
    res, _ = judge("234p567p789s55s", "5s", melds=[KONG_1M], flags=["after_kong"])
    assert keys(res) == ["gang_shang_hua"] and res["total"] == 2
    assert res["payments"] == {"0": 2, "2": 2, "3": 2}


def test_qing_da_dui_gang_shang_hua_8():
    """清大对 杠上花: 2^(2+1) = 8."""
    res, _ = judge("222333s444s99s", "9s", melds=[{"kind": "concealed_kong", "tiles": "1111s"}],
                   flags=["after_kong"])
    assert keys(res) == ["qing_da_dui", "gang_shang_hua"] and res["total"] == 8


def test_dian_gang_shang_hua_paid_as_self_draw():
    """点杠上花 (kong on seat 0's discard, win on the replacement) counts as self-draw: all three pay."""
    res, _ = judge("234p567p789s55s", "5s", melds=[{"kind": "kong", "tiles": "1111m", "from": 0}],
                   flags=["after_kong"])
    assert res["total"] == 2 and res["payments"] == {"0": 2, "2": 2, "3": 2}


def test_gang_shang_pao_is_an_ordinary_discard_win():
    """杠上炮: a discard after a kong is an ordinary discard; after_kong means nothing on a discard win."""
    res, _ = judge("234p567p789s55s", "5s", win="discard", frm=2, melds=[KONG_1M], flags=["after_kong"])
    assert keys(res) == ["ping_hu"] and res["total"] == 1 and res["payments"] == {"2": 1}


def test_shuang_gang_hua_4():
    """双杠上花 2番 (two kongs in a row): 2^(0+2) = 4."""
    res, _ = judge("789s55s", "5s", melds=[KONG_1M, {"kind": "concealed_kong", "tiles": "2222p"},
                                           {"kind": "chow", "tiles": "234m", "from": 0}],
                   flags=["after_kong", "double_kong"], kong_draws="9p5s")
    assert keys(res) == ["shuang_gang_hua"] and res["total"] == 4


def test_wu_mei_hua_4():
    """杠上五梅花 2番: 杠上花 on a 5p: 2^(0+2) = 4."""
    res, _ = judge("345p567p789s55s", "5p", melds=[KONG_1M], flags=["after_kong"], kong_draws="5p")
    assert keys(res) == ["wu_mei_hua"] and res["total"] == 4


def test_shuang_wu_mei_hua_first_replacement_5p_16():
    """双杠五梅花 4番: the first of two replacements was 5p (konged again), the win is on 9s: 2^(0+4) = 16."""
    res, _ = judge("234s678s99s", "9s", melds=[KONG_1M, {"kind": "concealed_kong", "tiles": "5555p"}],
                   flags=["after_kong", "double_kong"], kong_draws="5p9s")
    assert keys(res) == ["shuang_wu_mei_hua"] and res["total"] == 16


def test_double_kong_without_5p_is_shuang_gang_hua():
    """The same hand with replacements 6p then 9s: 双杠上花 only, 2^(0+2) = 4."""
    res, _ = judge("234s678s99s", "9s", melds=[KONG_1M, {"kind": "concealed_kong", "tiles": "6666p"}],
                   flags=["after_kong", "double_kong"], kong_draws="6p9s")
    assert keys(res) == ["shuang_gang_hua"] and res["total"] == 4


def test_shuang_wu_mei_hua_32_with_da_peng_dui():
    """双杠五梅花 with 大碰对: 2^(1+4) = 32 from each other player (the first replacement 5p was konged)."""
    res, _ = judge("888m99s", "9s", melds=[KONG_1M, {"kind": "concealed_kong", "tiles": "5555p"},
                                               {"kind": "pung", "tiles": "777s", "from": 2}],
                   flags=["after_kong", "double_kong"], kong_draws="5p9s")
    assert keys(res) == ["da_peng_dui", "shuang_wu_mei_hua"] and res["total"] == 32
    assert res["payments"] == {"0": 32, "2": 32, "3": 32}


def test_double_kong_winning_on_5p_is_shuang_wu_mei_hua():
    """双杠上花 whose winning replacement is 5p: 双杠五梅花 (only the largest extra counts): 16."""
    res, _ = judge("34p5p99s", "5p", melds=[KONG_1M, {"kind": "concealed_kong", "tiles": "2222s"},
                                            {"kind": "pung", "tiles": "777s", "from": 2}],
                   flags=["after_kong", "double_kong"], kong_draws="2s5p")
    assert keys(res) == ["shuang_wu_mei_hua"] and res["total"] == 16


# ---- discard-sequence wins ---------------------------------------------------------------

def test_shi_feng_2_paid_as_self_draw():
    """十风 1番 (needs 有风), declared by the rules; [D] paid as self-draw: each other player pays 2."""
    res, code = judge("1234567z123z19m19p", "3z", win="discard", frm=2, flags=["shi_feng"],
                      options={"with_honors": True})
    assert code == 0 and keys(res) == ["shi_feng"] and res["total"] == 2
    assert res["payments"] == {"0": 2, "2": 2, "3": 2}


def test_shi_feng_needs_with_honors():
    res, code = judge("123456789m12345p", "5p", flags=["shi_feng"])
    assert code == 1 and "有风" in res["reason"]


def test_shi_feng_not_after_a_meld():
    """十风 needs a player who made no chow/pung/kong."""
    res, code = judge("1234567z123z1m", "3z", flags=["shi_feng"], options={"with_honors": True},
                      melds=[{"kind": "chow", "tiles": "234m", "from": 0}])
    assert code == 1 and not res["valid"]


def test_shi_san_yao_1_every_other_pays():
    """十三幺 0番: 2^0 = 1 from each other player."""
    res, code = judge("19m19p19s19m19p19s1m5p", "1m", flags=["shi_san_yao"])
    assert code == 0 and keys(res) == ["shi_san_yao"] and res["total"] == 1
    assert res["payments"] == {"0": 1, "2": 1, "3": 1}


# ---- payment rules -------------------------------------------------------------------------

@pytest.mark.parametrize("players,mult", [(4, 3), (3, 2), (2, 1)])
def test_rob_kong_pays_all_multiple(players, mult):
    """抢杠三家包 (default on): the robbed player pays what every other player would: ×3 / ×2 / ×1."""
    res, _ = judge("123m456m789p234s55s", "4s", win="rob_kong", frm=0, players=players)
    assert keys(res) == ["ping_hu"] and res["total"] == 1
    assert res["payments"] == {"0": mult}


def test_rob_kong_pays_all_scales_with_patterns():
    """清七对 robbed, 4 players: 4 × 3 = 12 from the robbed player."""
    res, _ = judge("11223355667799p", "9p", win="rob_kong", frm=2)
    assert res["total"] == 4 and res["payments"] == {"2": 12}


def test_rob_kong_without_pays_all_is_a_discard():
    """抢杠三家包 off: the robbed player pays like a discarder: 1 × 2^(N+M)."""
    res, _ = judge("11223355667799p", "9p", win="rob_kong", frm=2, options={"rob_pays_all": False})
    assert res["total"] == 4 and res["payments"] == {"2": 4}


def test_base_stake_multiplies_payments_not_total():
    """底注 2: 清七对 self-draw pays 2 × 4 = 8 each; ``total`` stays 2^(N+M) = 4."""
    res, _ = judge("11223355667799p", "9p", options={"base": 2})
    assert res["total"] == 4 and res["payments"] == {"0": 8, "2": 8, "3": 8}


def test_two_players_self_draw():
    """2 players: the one other player pays."""
    res, _ = judge("11223355667799p", "9p", players=2)
    assert res["payments"] == {"0": 4}


def test_cli_options_validated():
    with pytest.raises(UsageError, match="players"):
        judge("11223355667799p", "9p", players=5)
    with pytest.raises(UsageError, match="appears"):
        judge("112233556677p9p1z", "9p", win="discard", frm=0)  # no honors without 有风
