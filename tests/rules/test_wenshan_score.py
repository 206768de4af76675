"""Wenshan scoring (shared/rules/wenshan.md): every worked example of the seed, each pattern and its exclusions.

Wildcard 4m throughout unless stated (indicator 3m); 白 (5z) may stand for 4m.
"""

import json

import pytest

from game.cli import score as score_cli
from game.errors import UsageError
from tests.rules.scoring import judge_wenshan as judge
from tests.rules.scoring import keys

# ---- the seed's worked examples (竞品示例) ---------------------------------------------

def test_seed_shuang_long_zimo_16():
    """双龙七对自摸 = 8×2 = 16 (a wildcard completes a pair, so no 硬功)."""
    res, code = judge("1111p2222s33m55m7z4m", "7z")
    assert code == 0
    assert keys(res) == ["shuang_long", "zi_mo"] and res["total"] == 16


def test_seed_qi_dui_ying_gong_zimo_8():
    """小七对硬功自摸 = 2×2×2 = 8."""
    res, _ = judge("1133m2277p5599s66z", "6z")
    assert keys(res) == ["qi_dui", "zi_mo", "ying_gong"] and res["total"] == 8
    assert res["payments"] == {"0": 8, "2": 8, "3": 8}


def test_seed_qi_dui_hai_di_zimo_12():
    """小七对海底捞自摸 = (2+4)×2 = 12."""
    res, _ = judge("1133m2277p5599s6z4m", "6z", flags=["last_tile"])
    assert keys(res) == ["qi_dui", "hai_di", "zi_mo"] and res["total"] == 12


def test_seed_qi_dui_tian_hu_zimo_28():
    """小七对天胡自摸 = (2+12)×2 = 28."""
    res, _ = judge("1133m2277p5599s6z4m", "6z", flags=["tian_hu"], seat=0)
    assert keys(res) == ["qi_dui", "tian_hu", "zi_mo"] and res["total"] == 28


def test_seed_tian_hu_ying_gong_zimo_48():
    """天胡硬功自摸 = 12×2×2 = 48 (天胡 cancels 平胡)."""
    res, _ = judge("123m456p789s11122z", "2z", flags=["tian_hu"], seat=0)
    assert keys(res) == ["tian_hu", "zi_mo", "ying_gong"] and res["total"] == 48


def test_seed_qing_yi_se_ying_gong_zimo_16():
    """清一色硬功自摸 = 4×2×2 = 16 (清一色 cancels 平胡)."""
    res, _ = judge("11123456789999p", "9p")
    assert keys(res) == ["qing_yi_se", "zi_mo", "ying_gong"] and res["total"] == 16


def test_seed_qing_qi_dui_zimo_12_exact():
    """清一色小七对自摸 = (4+2)×2 = 12: one suit with a wildcard pairing a single."""
    res, _ = judge("113355779p2288p4m", "9p")
    assert keys(res) == ["qi_dui", "qing_yi_se", "zi_mo"] and res["total"] == 12


def test_seed_qing_shuang_long_zimo_24():
    """清一色双龙七对自摸 = (4+8)×2 = 24."""
    res, _ = judge("1111222233559p4m", "9p")
    assert keys(res) == ["shuang_long", "qing_yi_se", "zi_mo"] and res["total"] == 24


def test_seed_qing_gang_shang_hua_zimo_16():
    """清一色杠上花自摸 = (4+4)×2 = 16 (杠上花 cancels every base)."""
    res, _ = judge("1223378999p4m", "9p", melds=[{"kind": "concealed_kong", "tiles": "5555p"}],
                   flags=["after_kong"])
    assert keys(res) == ["qing_yi_se", "gang_shang_hua", "zi_mo"] and res["total"] == 16


def test_seed_qing_hai_di_zimo_16():
    """清一色海底捞自摸 = (4+4)×2 = 16."""
    res, _ = judge("1112345678999p4m", "9p", flags=["last_tile"])
    assert res["total"] == 16
    assert keys(res) == ["qing_yi_se", "hai_di", "zi_mo"]


def test_seed_qing_tian_hu_shuang_long_zimo_48():
    """清一色天胡双龙七对自摸 = (4+12+8)×2 = 48."""
    res, _ = judge("1111222233559p4m", "9p", flags=["tian_hu"], seat=0)
    assert keys(res) == ["shuang_long", "qing_yi_se", "tian_hu", "zi_mo"] and res["total"] == 48


# ---- patterns -------------------------------------------------------------------------

def test_ping_hu_discard_1():
    """平胡 on a discard with a wildcard in a chow: 1, every other player pays 1."""
    res, _ = judge("123m456p789s4m2s555z", "5z", win="discard", frm=2)
    assert keys(res) == ["ping_hu"] and res["total"] == 1
    assert res["payments"] == {"0": 1, "2": 1, "3": 1}


def test_penalty_discard_doubles_discarder():
    """惩炮: the discarder pays 2T, the others T."""
    res, _ = judge("123m456p789s4m2s555z", "5z", win="discard", frm=2, options={"penalty_discard": True})
    assert res["payments"] == {"0": 1, "2": 2, "3": 1}


def test_yao_zimo_hard_4_and_with_wildcard_2():
    """幺牌: 自摸 4 natural (1×2×2), 2 with a wildcard (seed note)."""
    res, _ = judge("19m19p19s1122334z7z", "7z")
    assert keys(res) == ["yao", "zi_mo", "ying_gong"] and res["total"] == 4
    res, _ = judge("19m19p19s112233z7z4m", "7z")
    assert keys(res) == ["yao", "zi_mo"] and res["total"] == 2


def test_lan_strict_groups():
    """烂牌: 147m 258p 369s + 5 distinct honors, on a discard: 1×2 硬功 = 2."""
    res, _ = judge("147m258p369s12346z", "6s", win="discard", frm=0, wildcard="5m")
    assert keys(res) == ["lan", "ying_gong"] and res["total"] == 2


def test_lan_rejects_mixed_groups_without_soft():
    """148m breaks the 147/258/369 groups: not 烂牌 unless 软烂 is on."""
    hand = "148m258p369s12346z"
    res, code = judge(hand, "6s", win="discard", frm=0, wildcard="5m")
    assert code == 1 and res["valid"] is False
    res, code = judge(hand, "6s", win="discard", frm=0, wildcard="5m", options={"soft_lan": True})
    assert code == 0 and keys(res) == ["lan", "ying_gong"]


def test_soft_lan_needs_gap_of_three():
    """软烂: 14m differ by 3 fine; 13m differ by 2 is not."""
    _res, code = judge("136m258p369s12346z", "6s", win="discard", frm=0, wildcard="5m", options={"soft_lan": True})
    assert code == 1


def test_qi_xing_all_seven_honors_2():
    """七星: 烂牌 with all seven honors = 2 (硬功 2 → 4 on a discard)."""
    res, _ = judge("14m25p369s1234567z", "7z", win="discard", frm=0, wildcard="5m")
    assert keys(res) == ["qi_xing", "ying_gong"] and res["total"] == 4


def test_long_qi_dui_4_from_discard():
    """龙七对 = 4: four identical tiles as two pairs; the winning tile need not be one of them."""
    res, _ = judge("1111m2233p5566s77z", "7z", win="discard", frm=0, wildcard="9s")
    assert keys(res) == ["long_qi_dui", "ying_gong"] and res["total"] == 8


def test_san_long_16():
    """三龙七对 = 16 (natural, on a discard: ×硬功 = 32)."""
    res, _ = judge("1111m2222p3333s77z", "7z", win="discard", frm=0, wildcard="9s")
    assert keys(res) == ["san_long", "ying_gong"] and res["total"] == 32


def test_di_hu_8_cancels_ping_hu():
    """地胡 (non-dealer on the dealer's first discard) = 8, 平胡 counts 0; 硬功 ×2 = 16."""
    res, _ = judge("123m456p789s11122z", "2z", win="discard", frm=0, flags=["di_hu"])
    assert keys(res) == ["di_hu", "ying_gong"] and res["total"] == 16


def test_rob_kong_paid_as_self_draw():
    """抢杠胡 counts as 自摸: ×2, every other player pays."""
    res, _ = judge("123m456p789s11122z", "2z", win="rob_kong", frm=0, wildcard="9s")
    assert keys(res) == ["ping_hu", "zi_mo", "ying_gong"] and res["total"] == 4
    assert res["payments"] == {"0": 4, "2": 4, "3": 4}


def test_ying_gong_best_reading():
    """硬功 is the better reading: wildcard 4m used as itself in 234m keeps 硬功 (1×2)."""
    res, _ = judge("234m456p789s11122z", "2z", win="discard", frm=0)
    assert keys(res) == ["ping_hu", "ying_gong"] and res["total"] == 2


def test_substitute_reading_beats_ying_gong_when_larger():
    """The wildcard pairing 7z makes 双龙七对 (8); read naturally the 4m is a lone tile and nothing wins."""
    res, _ = judge("1111m2222p3355s4m7z", "7z", win="discard", frm=0)
    assert keys(res) == ["shuang_long"] and res["total"] == 8


def test_white_stands_for_wildcard_face():
    """白 as the wildcard's face (4m) completes 345m: 平胡, no 硬功."""
    res, _ = judge("35m5z456p789s11122z", "2z", win="discard", frm=0)
    assert keys(res) == ["ping_hu"] and res["total"] == 1


def test_white_is_not_a_free_joker():
    """白 may only be 4m (or 白): it cannot complete 35p as 4p."""
    res, code = judge("35p5z456p789s11122z", "2z", win="discard", frm=0)
    assert code == 1 and not res["valid"]


def test_discarded_wildcard_is_its_face():
    """A discarded 4m counts as 4m, not a joker: 12m + 4m is not a run."""
    res, code = judge("12m4m456p789s11122z", "4m", win="discard", frm=0)
    assert code == 1
    res, code = judge("12m4m456p789s11122z", "4m", win="self_draw")
    assert code == 0 and keys(res) == ["ping_hu", "zi_mo"]


def test_kong_with_substitute_meld_kills_ying_gong():
    """A meld holding a substitute (9p9p + wildcard 4m as 9p) means no 硬功."""
    res, _ = judge("123m456p11122z", "2z", win="discard", frm=0,
                   melds=[{"kind": "pung", "tiles": "9p9p4m", "face": "9p", "from": 2}])
    assert keys(res) == ["ping_hu"] and res["total"] == 1


def test_concealed_patterns_need_no_melds():
    """小七对 is concealed: with a pung the hand is judged as 平胡 only (here not even that)."""
    _res, code = judge("11m22p33s44s556z", "6z", win="discard", frm=0,
                      melds=[{"kind": "pung", "tiles": "777z", "from": 2}])
    assert code == 1


@pytest.mark.parametrize("bad,msg", [
    ({"variant": "wenshan", "hand": "123q"}, "bad tile notation"),
    ({"variant": "nope"}, "unknown variant"),
    ({"variant": "wenshan", "hand": "123m456p789s11122z", "win_tile": "2z", "win": "discard"}, "needs \"from\""),
])
def test_malformed_input_is_usage_error(bad, msg):
    with pytest.raises(UsageError, match=msg):
        score_cli.run(json.dumps(bad), True)


def test_a_discarded_wildcard_and_four_white_make_five_of_its_face_for_qing_yi_se():
    """wenshan.md, 翻小鸡: a discarded wildcard counts as its face and every 白 may stand for that face, so
    4m (discarded) + 白白白白 reads as five 4m: 444m 44m 123m 567m 999m is 清一色 (+4, 平胡 cancelled), no
    硬功 (白 stands in), no 自摸: T = 4. Keeping two 白 as a pair instead gives only 平胡 (1)."""
    res, code = judge("123m4m567m999m5555z", "4m", win="discard", frm=0)
    assert code == 0 and keys(res) == ["qing_yi_se"] and res["total"] == 4


def test_five_of_an_honor_wildcard_face_is_scored_not_a_crash():
    """Wildcard 中 (indicator 发): a discarded 中 and four 白 read as five 中 (中中中 + 中中), the reading
    that once indexed past the honor tables; 123m 456p 789s complete a 平胡 (1)."""
    res, code = judge("123m456p789s5555z7z", "7z", win="discard", frm=0, wildcard="7z")
    assert code == 0 and keys(res) == ["ping_hu"] and res["total"] == 1
