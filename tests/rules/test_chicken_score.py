"""``python -m game score`` for the chicken games: every pattern of both tables, every event, the pass rule,
and the payment rules (自摸翻倍, 抢杠包两家, 杀报 paid by the declared, 连庄) - exact totals and payments."""


from typing import cast

import pytest

from game.errors import UsageError
from game.rules import tiles
from game.rules.variants import chicken_patterns as patterns
from game.rules.variants import get
from game.rules.variants.chicken import ChickenGame
from tests.rules.scoring import judge_chicken as judge
from tests.rules.scoring import keys, pung

# ---- patterns: (hand, win tile, melds, how) -> (key, guiyang value, zhuoji value) ---------------------------
PATTERNS = [
    # 平胡: self-drawn (no pass needed)
    ("123m456m789s234p55s", "5s", (), "self_draw", "ping_hu", 1, 3),
    # 大对子: a claimed pung, the last triplet completed
    ("222p333s444m55s", "4m", (pung("111m"),), "self_draw", "da_dui_zi", 5, 10),
    ("1133m2255p6699s7s7s", "7s", (), "self_draw", "qi_dui", 10, 15),
    ("111133m2255p66s99s", "9s", (), "self_draw", "long_qi_dui", 20, 30),
    ("123456789234m55m", "5m", (), "self_draw", "qing_yi_se", 10, 15),
    ("222444666m99m", "6m", (pung("111m"),), "self_draw", "qing_da_dui", 15, 25),
    # 单吊: four pungs claimed, won on the lone tile (a discard needs no pass)
    ("5p5p", "5p", (pung("111m"), pung("222p", 2), pung("333s", 3), pung("444m")), "discard", "dan_diao", 10, 15),
    ("9m9m", "9m", (pung("111m"), pung("333m", 2), pung("555m", 3), pung("777m")), "discard", "qing_dan_diao",
     25, 30),
]


# the names chicken.md gives the patterns (the settlement screen shows them)
PATTERN_NAMES = {"ping_hu": "平胡", "da_dui_zi": "大对子", "qi_dui": "七对", "long_qi_dui": "龙七对",
                 "qing_yi_se": "清一色", "qing_da_dui": "清大对", "dan_diao": "单吊", "qing_dan_diao": "清单吊"}
ZHUOJI_NAMES = {"dan_diao": "大对子单吊", "qing_dan_diao": "清大对单吊"}  # the zhuoji seed's names (004)


@pytest.mark.parametrize("hand, win_tile, melds, how, key, gv, zv", PATTERNS)
@pytest.mark.parametrize("variant", ["guiyang", "zhuoji"])
def test_shared_patterns(variant, hand, win_tile, melds, how, key, gv, zv):
    res, code = judge(variant, hand, win_tile, how, melds, frm=0 if how == "discard" else None)
    assert code == 0, res
    value = gv if variant == "guiyang" else zv
    assert keys(res) == [key] and res["total"] == value
    names = {**PATTERN_NAMES, **ZHUOJI_NAMES} if variant == "zhuoji" else PATTERN_NAMES
    assert res["patterns"][0]["name"] == names[key]
    if how == "self_draw":
        assert res["payments"] == {"0": value, "2": value, "3": value}
    else:
        assert res["payments"] == {"0": value}


@pytest.mark.parametrize("hand, win_tile, key, value", [
    ("11224455778m8m7z7z", "7z", "qing_qi_dui", 20),  # 红中 does not break the flush
    ("1111224455778m8m", "8m", "qing_long_bei", 30),
    ("111222333444m5p5p", "5p", "an_da_dui", 10),  # four concealed triplets, won on the pair
    ("111333555777m9m9m", "9m", "qing_an_da_dui", 25),
    ("112233m55p77p99s4s4s", "4s", "he_pu_qi_dui", 20),  # 11 22 33 in one suit
    ("11223355778899m", "9m", "qing_he_pu", 30),
])
def test_guiyang_only_patterns(hand, win_tile, key, value):
    res, code = judge("guiyang", hand, win_tile)
    assert code == 0 and keys(res) == [key] and res["total"] == value


@pytest.mark.parametrize("hand, win_tile, melds, key, value", [
    ("11224455778899m", "9m", (), "qing_qi_dui", 30),  # no 合扑 in zhuoji: 清七对
    ("1111224455778m8m", "8m", (), "qing_long_bei", 45),
    ("11m33p44p77s99s5m", "5m", (pung("555m"),), "di_long", 30),  # five pairs + a pung, its fourth tile
    ("11m33m44m77m99m5m", "5m", (pung("555m"),), "qing_di_long", 45),
    ("111222333444m5p5p", "5p", (), "da_dui_zi", 10),  # zhuoji has no 暗大对
    ("112233m55p77p99s4s4s", "4s", (), "qi_dui", 15),  # nor 合扑七对
])
def test_zhuoji_only_patterns(hand, win_tile, melds, key, value):
    res, code = judge("zhuoji", hand, win_tile, melds=melds)
    assert code == 0 and keys(res) == [key] and res["total"] == value


def test_an_da_dui_judged_by_the_winning_shape():
    """Winning on a triplet's tile (aaa bbb ccc dd + d) is 大对子, not 暗大对, even with no meld."""
    res, _ = judge("guiyang", "111222333444m5p5p", "4m")
    assert keys(res) == ["da_dui_zi"] and res["total"] == 5


def test_di_long_needs_the_pungs_fourth_tile():
    res, code = judge("zhuoji", "11m33p44p77s9s9s5m", "9s", melds=(pung("555m"),))
    assert code == 1 and not res["valid"]


# ---- events -------------------------------------------------------------------------------------------------

def test_guiyang_tian_hu_replaces_ping_hu():
    res, _ = judge("guiyang", "123m456m789s234p55s", "5s", flags=["tian_hu"], seat=0)
    assert [(p["key"], p["value"]) for p in res["patterns"]] == [("ping_hu", 0), ("tian_hu", 10)]
    assert res["total"] == 10 and res["payments"] == {"1": 10, "2": 10, "3": 10}


def test_guiyang_tian_hu_adds_to_a_bigger_pattern():
    res, _ = judge("guiyang", "1133m2255p6699s7s7s", "7s", flags=["tian_hu"], seat=0)
    assert res["total"] == 20


@pytest.mark.parametrize("flags, expect", [
    (["di_hu"], [("ping_hu", 0), ("di_hu", 10)]),
    (["declared_ready"], [("ping_hu", 0), ("bao_ting", 10)]),
    (["discarder_declared"], [("ping_hu", 0), ("sha_bao", 10)]),
    (["hot"], [("ping_hu", 0), ("re_pao", 10)]),
    (["declared_ready", "discarder_declared"], [("ping_hu", 0), ("bao_ting", 10), ("sha_bao", 10)]),
])
def test_guiyang_discard_events_are_passes(flags, expect):
    res, code = judge("guiyang", "123m456m789s234p55s", "5s", "discard", frm=0, flags=flags)
    assert code == 0
    assert [(p["key"], p["value"]) for p in res["patterns"]] == expect
    total = sum(v for _k, v in expect)
    assert res["total"] == total and res["payments"] == {"0": total}


def test_guiyang_hot_on_seven_pairs():
    res, _ = judge("guiyang", "1133m2255p6699s7s7s", "7s", "discard", frm=2, flags=["hot"])
    assert res["total"] == 20 and res["payments"] == {"2": 20}


def test_guiyang_gang_kai_keeps_ping_hu():
    res, _ = judge("guiyang", "123m456m789s55s", "5s", melds=[{"kind": "concealed_kong", "tiles": "2222p"}],
                   flags=["after_kong"])
    assert [(p["key"], p["value"]) for p in res["patterns"]] == [("ping_hu", 1), ("gang_kai", 1)]
    assert res["total"] == 2


@pytest.mark.parametrize("options, payments", [({}, {"2": 30}), ({"rob_pays_all": False}, {"2": 10}),
                                               ({"zimo_double": True}, {"2": 60})])
def test_guiyang_qiang_gang(options, payments):
    res, _ = judge("guiyang", "123m456m789s234p55s", "5s", "rob_kong", frm=2, options=options)
    assert res["total"] == 10 and res["payments"] == payments


def test_guiyang_zimo_double():
    res, _ = judge("guiyang", "1133m2255p6699s7s7s", "7s", options={"zimo_double": True})
    assert res["total"] == 10 and res["payments"] == {"0": 20, "2": 20, "3": 20}


@pytest.mark.parametrize("how, frm, flags, melds, expect", [
    ("discard", 0, ["declared_ready"], (), 3 + 15),
    ("discard", 0, ["discarder_declared"], (), 3 + 15),
    ("discard", 0, ["hot"], (), 3 + 6),
    ("rob_kong", 0, [], (), 3 + 15),
    ("self_draw", None, ["after_kong"], ({"kind": "concealed_kong", "tiles": "2222p"},), 3 + 6),
    ("discard", 0, ["declared_ready", "discarder_declared", "hot"], (), 3 + 15 + 15 + 6),
])
def test_zhuoji_events_stack(how, frm, flags, melds, expect):
    hand = "123m456m789s55s" if melds else "123m456m789s234p55s"
    res, code = judge("zhuoji", hand, "5s", how, melds, flags=flags, frm=frm)
    assert code == 0 and res["total"] == expect
    if how == "self_draw":
        assert res["payments"] == {"0": expect, "2": expect, "3": expect}
    else:
        assert res["payments"] == {"0": expect}


@pytest.mark.parametrize("flags, seat, key", [(["tian_hu"], 0, "tian_hu"), (["di_hu"], 1, "di_hu")])
def test_zhuoji_tian_di_hu_are_patterns(flags, seat, key):
    res, _ = judge("zhuoji", "123m456m789s234p55s", "5s", flags=flags, seat=seat)
    assert keys(res) == [key] and res["total"] == 30
    res, _ = judge("zhuoji", "1111224455778m8m", "8m", flags=flags, seat=seat)
    assert keys(res) == ["qing_long_bei"] and res["total"] == 45  # only the largest pattern counts


def test_zhuoji_lian_zhuang():
    """dealer_streak 2: payments to or by the dealer are ×3; total stays the hand's value."""
    res, _ = judge("zhuoji", "1133m2255p6699s7s7s", "7s", seat=0, streak=2)
    assert res["total"] == 15 and res["payments"] == {"1": 45, "2": 45, "3": 45}
    res, _ = judge("zhuoji", "1133m2255p6699s7s7s", "7s", seat=1, streak=1)
    assert res["payments"] == {"0": 30, "2": 15, "3": 15}
    res, _ = judge("guiyang", "1133m2255p6699s7s7s", "7s", seat=1, streak=3)
    assert res["payments"] == {"0": 10, "2": 10, "3": 10}  # guiyang has no 连庄


def test_zhuoji_sha_bao_on_a_discard_paid_by_the_discarder():
    res, _ = judge("zhuoji", "1133m2255p6699s7s7s", "7s", "discard", frm=3, flags=["discarder_declared"])
    assert res["total"] == 30 and res["payments"] == {"3": 30}


# ---- the pass (通行证) and invalid input -------------------------------------------------------------------

@pytest.mark.parametrize("variant", ["guiyang", "zhuoji"])
def test_ping_hu_on_a_discard_needs_a_pass(variant):
    res, code = judge(variant, "123m456m789s234p55s", "5s", "discard", frm=0)
    assert code == 1 and not res["valid"] and "pass" in res["reason"]
    kong = [{"kind": "kong", "tiles": "2222p", "from": 3}]
    res, code = judge(variant, "123m456m789s55s", "5s", "discard", kong, frm=0)
    assert code == 0 and keys(res) == ["ping_hu"]
    late = [{"kind": "concealed_kong", "tiles": "2222p", "delayed": True}]
    res, code = judge(variant, "123m456m789s55s", "5s", "discard", late, frm=0)
    assert code == 0, "a 憨包豆 is worth nothing but is still a pass"
    res, code = judge(variant, "123m456m789s234p55s", "5s", "rob_kong", frm=0)
    assert code == 0


def test_other_patterns_need_no_pass():
    res, code = judge("guiyang", "1133m2255p6699s7s7s", "7s", "discard", frm=0)
    assert code == 0 and res["total"] == 10
    res, code = judge("guiyang", "123456789234m55m", "5m", "discard", frm=0)
    assert code == 0 and keys(res) == ["qing_yi_se"]


def test_invalid_situations():
    res, code = judge("guiyang", "123m456m789s234p56s", "6s")
    assert code == 1 and res["reason"] == "not a winning hand"
    res, code = judge("guiyang", "123m456m789s55s", "5s", melds=[{"kind": "chow", "tiles": "234p", "from": 0}])
    assert code == 1 and "chow" in res["reason"]
    res, code = judge("guiyang", "123m456m789s234p55s", "5s", flags=["tian_hu"], seat=1)
    assert code == 1
    with pytest.raises(UsageError, match="7z appears 2 times; zhuoji has 0"):
        judge("zhuoji", "123m456m789s234p7z7z", "7z")  # no 红中 in zhuoji: malformed input


# ---- waits (叫嘴) --------------------------------------------------------------------------------------------

def test_waits_include_seven_pairs_di_long_and_skip_a_fifth_copy():
    tbz, tbg = cast(ChickenGame, get("zhuoji")).table, cast(ChickenGame, get("guiyang")).table
    c = tiles.counts(tiles.parse("1122334455667m"))
    assert patterns.waits(tbz, c, []) == sorted(set(patterns.waits(tbz, c, [])))
    assert tiles.tile("7m") in patterns.waits(tbz, c, [])
    from game.rules.state import Meld
    pung5 = [Meld("pung", (4, 4, 4), (4, 4, 4), 0)]
    assert patterns.waits(tbz, tiles.counts(tiles.parse("11m33p44p77s99s")), pung5) == [tiles.tile("5m")]
    assert patterns.waits(tbg, tiles.counts(tiles.parse("11m33p44p77s99s")), pung5) == []
    from game.rules import analysis
    c = tiles.counts(tiles.parse("1111m234p567s999s"))
    assert analysis.waits(c) == [tiles.tile("1m")]  # only a fifth 1m would complete it
    assert patterns.waits(tbg, c, []) == [] and not patterns.is_ready(tbg, c, [])
