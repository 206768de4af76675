"""Value tables of the chicken games (shared/rules/chicken.md): one ``Table`` per variant.

Everything that differs between 贵阳捉鸡 (guiyang) and 捉鸡麻将 (zhuoji) and is not a table
option lives here as data; the chicken-game module and the shared settlement read only this
and the options.
"""

from __future__ import annotations

from dataclasses import dataclass

# Pattern keys, most specific first: ties of value are broken by this order.
PREFERENCE = (
    "tian_hu", "di_hu",
    "qing_long_bei", "qing_he_pu", "qing_di_long", "qing_dan_diao", "qing_an_da_dui", "qing_qi_dui",
    "qing_da_dui", "long_qi_dui", "he_pu_qi_dui", "di_long", "dan_diao", "an_da_dui", "qi_dui",
    "qing_yi_se", "da_dui_zi", "ping_hu",
)

# plain pattern -> its 清一色 form
QING = {
    "ping_hu": "qing_yi_se", "da_dui_zi": "qing_da_dui", "qi_dui": "qing_qi_dui",
    "long_qi_dui": "qing_long_bei", "dan_diao": "qing_dan_diao", "an_da_dui": "qing_an_da_dui",
    "he_pu_qi_dui": "qing_he_pu", "di_long": "qing_di_long",
}

EVENT_ORDER = ("tian_hu", "di_hu", "bao_ting", "sha_bao", "re_pao", "qiang_gang", "gang_kai")


@dataclass(frozen=True)
class Table:
    id: str
    patterns: dict[str, int]  # key -> value (names: pattern.<id>.<key> in the catalogs)
    events: dict[str, int]  # key -> value (names: event.<id>.<key>); tian_hu/di_hu only where events
    drop_ping_hu: frozenset[str]  # events that cancel 平胡's own value (guiyang's +10 events)
    # chickens: values per tile
    yao: int  # 幺鸡 1s
    wu_gu: int  # 乌骨鸡 8p
    flipped: int  # 翻牌鸡
    golden_yao: int  # 金鸡
    golden_wu_gu: int  # 金乌骨鸡
    yin: int  # 银鸡
    zuan_shi: int  # 钻石鸡 (0: the variant has none)
    ben: int  # 本鸡
    shang_xia: int  # 上下鸡
    chong_feng_mult: int  # 冲锋鸡: × the tile's value
    ze_ren_mult: int  # 责任鸡: × the tile's value, discarder to claimer
    bean: int  # 闷豆 / 爬坡豆 / 点豆 (憨包豆 is 0)
    # rules
    bao_dou: bool  # a not-ready player's beans are paid back (包豆) instead of void
    gen_chong: bool  # 跟冲
    su_gua_dou: bool  # 素瓜豆 (self-drawn 平胡 with no chicken and no bean doubles)
    sha_bao_declared_only: bool  # 杀报 paid only by the declared player(s)
    lian_zhuang: bool  # 连庄 multiplier on hand payments to/by the dealer
    draw_settles_fowl: bool  # drawn hand: ready collect beans/chickens, not-ready pay 包鸡/包豆
    multi_win_dealer: str  # "discarder" | "nearest" (guiyang: discarder only for 一炮全响)
    draw_dealer: str  # "stay" | "readiness"
    tian_di_patterns: bool  # 天胡/地胡 are patterns (zhuoji) rather than events (guiyang)
    kongs_before_tian_di: bool  # 天胡/地胡 still possible after concealed kongs (zhuoji)
    di_hu_dealer_discard_only: bool  # 地胡 on a discard: only the dealer's first (zhuoji) or any first-round one

    def pattern(self, key: str) -> int:
        return self.patterns[key]


GUIYANG = Table(
    id="guiyang",
    patterns={
        "ping_hu": 1,
        "da_dui_zi": 5,
        "qi_dui": 10,
        "long_qi_dui": 20,
        "qing_yi_se": 10,
        "qing_da_dui": 15,
        "qing_qi_dui": 20,
        "qing_long_bei": 30,
        "dan_diao": 10,
        "qing_dan_diao": 25,
        "an_da_dui": 10,
        "qing_an_da_dui": 25,
        "he_pu_qi_dui": 20,
        "qing_he_pu": 30,
    },
    events={
        "tian_hu": 10,
        "di_hu": 10,
        "bao_ting": 10,
        "sha_bao": 10,
        "re_pao": 10,
        "qiang_gang": 10,
        "gang_kai": 1,
    },
    drop_ping_hu=frozenset({"tian_hu", "di_hu", "bao_ting", "sha_bao", "re_pao", "qiang_gang"}),
    yao=1, wu_gu=2, flipped=1, golden_yao=2, golden_wu_gu=4, yin=2, zuan_shi=4, ben=0, shang_xia=0,
    chong_feng_mult=2, ze_ren_mult=1, bean=3,
    bao_dou=False, gen_chong=False, su_gua_dou=False, sha_bao_declared_only=False, lian_zhuang=False,
    draw_settles_fowl=False, multi_win_dealer="nearest", draw_dealer="readiness",
    tian_di_patterns=False, kongs_before_tian_di=False, di_hu_dealer_discard_only=False,
)

ZHUOJI = Table(
    id="zhuoji",
    patterns={
        "ping_hu": 3,
        "da_dui_zi": 10,
        "qi_dui": 15,
        "long_qi_dui": 30,
        "qing_yi_se": 15,
        "qing_da_dui": 25,
        "qing_qi_dui": 30,
        "qing_long_bei": 45,
        "dan_diao": 15,
        "qing_dan_diao": 30,
        "di_long": 30,
        "qing_di_long": 45,
        "tian_hu": 30,
        "di_hu": 30,
        "su_gua_dou": 6,
    },
    events={
        "bao_ting": 15,
        "sha_bao": 15,
        "re_pao": 6,
        "qiang_gang": 15,
        "gang_kai": 6,
    },
    drop_ping_hu=frozenset(),
    yao=1, wu_gu=1, flipped=1, golden_yao=3, golden_wu_gu=6, yin=2, zuan_shi=0, ben=1, shang_xia=1,
    chong_feng_mult=3, ze_ren_mult=3, bean=3,
    bao_dou=True, gen_chong=True, su_gua_dou=True, sha_bao_declared_only=True, lian_zhuang=True,
    draw_settles_fowl=True, multi_win_dealer="discarder", draw_dealer="stay",
    tian_di_patterns=True, kongs_before_tian_di=True, di_hu_dealer_discard_only=True,
)

TABLES = {"guiyang": GUIYANG, "zhuoji": ZHUOJI}
