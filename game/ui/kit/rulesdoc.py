"""Rules for players, written by us in 中文 and English, with example hands drawn with the game's tiles.

``DOCS[family]`` is a list of blocks:
  ("h", zh, en)                 a heading
  ("p", zh, en)                 a paragraph
  ("li", zh, en)                a bullet point
  ("hand", tiles, zh, en, marks) an example hand in m/p/s/z notation ("|" separates groups);
                                marks maps a tile (notation) to a highlight: wild / standin / chicken / last
  ("row", name, zh, value, en)  a line of a pattern table: the Chinese name, what it is, its worth, what it is
                                (English); in English the name comes from ``ROW_NAMES_EN`` and the worth from
                                ``worth_en``
``GLOSS`` explains pattern and event keys in one line (the settlement screen uses it).
"""

from __future__ import annotations

from typing import Any, Literal

import game.i18n as i18n
from game.ui.kit import strings

FAMILY = {"wenshan": "wenshan", "kunming": "wenshan", "yuxi": "yuxi", "guiyang": "chicken", "zhuoji": "chicken"}

TITLES = {
    "wenshan": ("文山翻小鸡 / 昆明文山麻将", "Wenshan Flip-the-Chick / Kunming Wenshan"),
    "yuxi": ("玉溪扳倒胡", "Yuxi Bandaohu"),
    "chicken": ("贵阳捉鸡 / 捉鸡麻将", "Guiyang Catch-the-Chicken / Catch-the-Chicken Mahjong"),
}

# the blocks of a rules page, as the module docstring lists them
Text = tuple[Literal["h", "p", "li"], str, str]
Hand = tuple[Literal["hand"], str, str, str, dict[str, str]]
Row = tuple[Literal["row"], str, str, str, str]
Block = Text | Hand | Row

COMMON: list[Block] = [
    ("h", "牌与座位", "Tiles and seats"),
    ("p", "万、筒、条各一到九，每种四张；有的玩法还有东南西北中发白。庄家起手十四张，其余十三张。"
          "轮流逆时针：你的下家坐在右边，吃牌只能吃上家（左边）打出的牌。",
     "Characters, Dots and Bamboo run from 1 to 9, four copies of each; some games add the winds and dragons. The "
     "dealer starts with 14 tiles, everyone else with 13. Play goes counterclockwise: the next player sits on your "
     "right, and you may chow only the discard of the player on your left."),
    ("hand", "123456789m|123456789p|123456789s|1234567z", "万 · 筒 · 条 · 东南西北白发中",
     "Characters · Dots · Bamboo · honors E S W N, White, Green, Red", {}),
    ("p", "胡牌一般要四组加一对：一组是顺子（同花色连着的三张）或刻子（三张相同）。"
          "四张相同可以开杠，杠后从牌尾补一张。",
     "A winning hand is usually four sets and a pair: a set is a run of three in one suit or three of a kind. Four of "
     "a kind may be declared as a kong; you then draw a replacement from the back of the wall."),
    ("hand", "123m|456p|789s|345s|99p", "平胡：四组（顺子）加一对", "All sets: four sets plus a pair", {}),
]

DOCS: dict[str, list[Block]] = {
    "wenshan": [
        ("p", "昆明文山麻将（“天天爱昆明文山麻将”里的名字）就是文山翻小鸡：牌、翻小鸡、牌型、结算和勾选项完全相同，"
              "选哪一个都按这一页打。",
         "Kunming Wenshan (the Kunming app's name) is Wenshan Flip-the-Chick: the same tiles, chick, patterns, "
         "payments and table options. Either one plays by this page."),
        ("h", "一句话", "In one line"),
        ("p", "开局翻一张牌，它的下一张就是“小鸡”（癞子），手里的小鸡可以当任何牌用；白板可以当小鸡那张牌。"
              "可以吃、碰、杠，只有一家能胡。",
         "After the deal one tile is turned up; the tile after it is the chick, a wildcard that stands for any tile in "
         "your hand; a White dragon may stand for the chick's face. Chow, pung and kong are allowed; only one player "
         "can win a discard."),
        ("h", "翻小鸡", "Flipping the chick"),
        ("p", "翻开的牌不参与本局。同花色按 1→2…8→9，9→1 顺延；字牌按 东→南→西→北→中→发→白→东。"
              "例如翻到三万，小鸡就是四万。",
         "The turned-up tile stays out of play. Within a suit the chick is the next number (9 wraps to 1); honors go "
         "East→South→West→North→Red→Green→White→East. Turn up 3 Characters and the chick is 4 Characters."),
        ("hand", "3m|4m|5z", "翻牌三万 → 小鸡四万；白板可当四万",
         "Turn up 3 Characters → the chick is 4 Characters; a White may act as one", {"4m": "wild", "5z": "standin"}),
        ("li", "手里的每张小鸡都能当任何牌（吃、碰、杠、胡都可以）。打出去的小鸡只算它本身。",
         "Every chick in your hand can be any tile, for chow, pung, kong and winning. A discarded chick is just its "
         "own face."),
        ("li", "白板可以当小鸡的牌面，也可以当白板本身，但不是万能牌。小鸡正好是白板时，白板就是万能牌。",
         "A White can be the chick's face or itself, but it is not a free joker. If the chick is the White, the Whites "
         "are the jokers."),
        ("hand", "123m|456p|78s|4m|999s|11z", "小鸡四万当九条用：7-8-(9) 条",
         "The chick (4 Characters) stands in as a 9 Bamboo: 7-8-(9)", {"4m": "wild"}),
        ("h", "基本牌型（只算最大的一种）", "Base patterns (only the largest counts)"),
        ("row", "平胡", "四组加一对", "×1",
         "Four sets and a pair"),
        ("row", "烂牌", "门清，十四张各不相同：五到七张不同的字，每门花色的数字取自 147、258、369 中的一组", "×1",
         "Concealed, 14 different tiles: 5-7 different honors, each suit's numbers from one of 147 / 258 / 369"),
        ("hand", "147m|258p|369s|12345z", "烂牌", "Scattered hand", {}),
        ("row", "幺牌", "门清，十四张全是字牌或一、九，不讲牌型", "×1",
         "Concealed, all 14 tiles honors or 1/9, any shape"),
        ("hand", "19m|19p|19s|11223344z", "幺牌", "Terminals and honors", {}),
        ("row", "七星", "烂牌里七种字牌都有", "×2",
         "A scattered hand holding all seven honors"),
        ("hand", "147m|25p|36s|1234567z", "七星", "Seven stars", {}),
        ("row", "小七对", "门清七个对子", "×2",
         "Seven pairs, concealed"),
        ("hand", "1133m|5577p|99s|1166z", "小七对", "Seven pairs", {}),
        ("row", "龙七对 / 双龙 / 三龙", "七对里有一、二、三组四张相同（没有开杠）", "×4 / ×8 / ×16",
         "Seven pairs with one, two or three sets of four alike (not declared as kongs)"),
        ("hand", "1111m|33p|55p|77s|99s|22z", "龙七对", "Dragon seven pairs", {}),
        ("h", "叠加与加倍", "Added patterns and multipliers"),
        ("row", "清一色", "全手一门花色（可带小鸡），平胡、烂牌、七星不再计", "+4",
         "One suit throughout (chicks allowed); all sets, scattered and seven stars then count 0"),
        ("row", "杠上花", "杠后补牌自摸，基本牌型不再计", "+4",
         "Self-draw on a kong replacement; the base pattern then counts 0"),
        ("row", "海底捞月", "摸最后一张牌自摸", "+4",
         "Self-draw of the last tile"),
        ("row", "地胡 / 天胡", "闲家胡庄家第一张打牌 / 庄家起手就胡", "+8 / +12",
         "A non-dealer wins on the dealer's first discard / the dealer wins on the deal"),
        ("row", "自摸", "自己摸到胡牌（杠上花、抢杠胡也算）", "×2",
         "You drew the winning tile (kong bloom and robbing a kong count too)"),
        ("row", "硬功", "没有用小鸡或白板替任何牌", "×2",
         "No chick or White stood in for another tile"),
        ("p", "总分 =（基本 + 叠加）× 加倍。例：小七对、硬功、自摸 = 2 × 2 × 2 = 8。",
         "Total = (base + added) × multipliers. Seven pairs, no substitutes, self-drawn: 2 × 2 × 2 = 8."),
        ("h", "结算", "Payments"),
        ("li", "其他每家都付给胡家 总分 × 底注（点炮和自摸一样）。勾选“惩炮”时，点炮的人付双倍。",
         "Every other player pays the winner the total × the stake, for a discard win and a self-draw alike. With "
         "'Discarder pays double' the discarder pays twice."),
        ("li", "杠分每局都结：明杠、补杠每家付 1，暗杠每家付 2；杠里用了小鸡或白板替的不算分；杠上炮的杠作废。",
         "Kongs are paid every hand: an open or added kong 1 from each other player, a concealed kong 2; a kong built "
         "with substitutes scores nothing; a kong followed by a discard that deals in scores nothing."),
        ("li", "抢杠胡只能抢补杠，按自摸算。放过一次点炮胡后，到自己下次摸牌前不能再胡同等或更小的点炮（过手胡）。",
         "Only an added kong can be robbed; robbing counts as a self-draw. After passing a discard win you may not win "
         "on a discard of equal or lower value until your next draw (missed win)."),
        ("li", "牌摸完没人胡叫黄牌，只结杠分，庄家连庄。",
         "If the wall runs out with no win the hand is drawn: only kongs are paid and the dealer stays."),
    ],
    "yuxi": [
        ("h", "一句话", "In one line"),
        ("p", "万筒条一百零八张（勾选“有风”加字牌），可吃碰杠，可以一炮多响。"
              "牌尾两张翻开给大家看，开杠时只能用它们来杠上花。",
         "108 suited tiles (add the honors with 'With honors'). Chow, pung and kong; several players may win on one "
         "discard. The last two tiles of the wall lie face up for everyone; after a kong they can give you a win on "
         "the replacement."),
        ("h", "翻屁股", "The two tail tiles"),
        ("p", "发完牌，牌尾最后两张翻开。被拿走一张，就再翻开一张，始终两张朝上。"
              "杠后如果朝上的牌能让你胡（杠上花），就用它并自动胡；否则从牌头盲摸一张（抄底）。",
         "After the deal the last two tiles at the back are turned face up; when one is taken the next is turned, so "
         "two stay visible. After a kong, if a face-up tile completes your hand you take it and win at once; otherwise "
         "you draw blind from the front."),
        ("hand", "5p|9s", "两张屁股牌", "The two tail tiles", {}),
        ("li", "不勾“抄底”：只有朝上的牌能让你杠上花时才能开杠，最多连杠两次。勾选后随时可杠。",
         "Without 'Kong any time' you may declare a kong only when a face-up tail tile would then win for you, at most "
         "two kongs in a row. With it, kongs are allowed at any time."),
        ("h", "牌型（番数）", "Patterns (fan)"),
        ("row", "平胡", "四组加一对，没有别的牌型", "0番",
         "Four sets and a pair"),
        ("hand", "123m|456m|789p|234s|55s", "平胡", "All sets", {}),
        ("row", "大碰对", "四组都是刻子或杠，加一对", "1番",
         "Four pungs or kongs and a pair"),
        ("hand", "111m|222p|333s|444s|55m", "大碰对", "All pungs", {}),
        ("row", "清一色", "全是一门花色", "1番",
         "One suit throughout"),
        ("row", "七对", "门清七个对子", "1番",
         "Seven pairs, concealed"),
        ("row", "清大对 / 清七对 / 龙七对", "清一色加大碰对 / 清一色加七对 / 七对里有四张相同", "2番",
         "Flush + all pungs / flush + seven pairs / seven pairs with four alike"),
        ("hand", "1111m|33m|55p|77p|22s|44s", "龙七对", "Dragon seven pairs", {}),
        ("row", "双龙七对 / 清龙七对", "两组四张 / 清一色龙七对", "3番",
         "Two sets of four / flush dragon seven pairs"),
        ("row", "三龙七对 / 清双龙七对", "三组四张相同 / 清一色双龙七对", "4番",
         "Three sets of four / flush double dragon"),
        ("row", "清三龙七对", "清一色三龙七对", "5番",
         "Flush triple dragon"),
        ("row", "十风 / 十三幺", "（有风）前十张打的全是字牌 / 前十三张全是字牌或幺九，没吃碰杠，自动胡", "1番 / 0番",
         "(With honors) first ten discards all honors / first thirteen all honors or 1/9, no claims: wins by itself"),
        ("row", "杠上花 / 双杠上花", "杠后补牌胡 / 连杠两次后胡", "另加 1 / 2番",
         "Win on the replacement after one / two kongs in a row"),
        ("row", "杠上五梅花 / 双杠五梅花", "杠上花的那张是五筒", "另加 2 / 4番",
         "Kong bloom where the replacement tile is 5 Dots"),
        ("h", "结算", "Payments"),
        ("p", "每家付 2 的（基本番 + 另加番）次方 × 底注。平胡 0 番算 1 分。自摸三家都付；"
              "点炮只由点炮的人付（一炮多响每个胡家各付一次）。",
         "Each payer pays 2^(base fan + extra fan) × the stake; all sets (0 fan) is worth 1. On a self-draw everyone "
         "pays; on a discard win only the discarder pays, once for each winner."),
        ("li", "抢杠胡：勾选“抢杠三家包”时，被抢的人替三家付自摸的钱。",
         "Robbing a kong: with 'Robbed player pays for all' the robbed player pays what everyone would pay on a "
         "self-draw."),
        ("li", "过手胡：放过点炮胡，到下次摸牌前不能胡同番或更小的点炮。过手碰：放过碰，本轮不能再碰这张牌。",
         "Missed win: after passing a discard win you may not win a discard of equal or lower fan until your next "
         "draw. Missed pung: after passing a pung of a tile you may not pung it again until your next turn."),
        ("li", "牌墙（含翻开的两张）剩二十张时流局，不查叫。",
         "The hand is drawn when twenty tiles (the two face-up ones included) remain; nothing is paid."),
    ],
    "chicken": [
        ("h", "一句话", "In one line"),
        ("p", "不能吃，只能碰和杠。杠叫“豆”，也是平胡点炮的通行证。"
              "幺鸡（一条）和乌骨鸡（八筒）是鸡，胡牌后再翻一张“捉鸡”。结束时没听牌的人不但收不到，还要包鸡。",
         "No chows, only pungs and kongs. A kong is a bean and also a pass you need to win an all-sets hand on a "
         "discard. The 1 Bamboo and the 8 Dots are chickens; after a win one more tile is turned up to catch a "
         "chicken. Players who are not ready at the end collect nothing and pay for the chickens they showed."),
        ("hand", "1s|8p", "幺鸡 · 乌骨鸡",
         "Chicken (1 Bamboo) · Black-bone chicken (8 Dots)", {"1s": "chicken", "8p": "chicken"}),
        ("h", "捉鸡", "Catching the chicken"),
        ("p", "有人胡牌后，从牌墙翻开下一张（捉鸡牌），它的下一张就是翻牌鸡：五万翻出六万是鸡，九筒翻出一筒是鸡。"
              "翻到的是幺鸡或乌骨鸡时叫金鸡，价值翻倍。",
         "After a win the next tile of the wall is turned up; the tile after it is the flipped chicken: turn up 5 "
         "Characters and every 6 Characters is a chicken; 9 Dots gives 1 Dots. If the flipped chicken is the 1 Bamboo "
         "or the 8 Dots it is golden and worth more."),
        ("hand", "5m|6m", "捉鸡牌五万 → 翻牌鸡六万",
         "Turn up 5 Characters → the flipped chicken is 6 Characters", {"6m": "chicken"}),
        ("li", "冲锋鸡：本局第一张打出且没人碰的幺鸡（或乌骨鸡），归打出的人，价值加倍。",
         "Charging chicken: the first 1 Bamboo (or 8 Dots) discarded in the hand that nobody claims belongs to its "
         "discarder and counts double."),
        ("li", "责任鸡：第一张幺鸡被人碰或杠了，打出的人要赔给碰的人。",
         "Liable chicken: if that first chicken is punged or konged, its discarder owes the claimer."),
        ("li", "听牌的人向每家收自己所有的鸡；没听牌的人收不到，还要按亮在桌上的鸡包给听牌的人（包鸡）。",
         "A ready player collects for each of their chickens from everyone; a player who is not ready collects nothing "
         "and pays every ready player for the chickens on show."),
        ("h", "豆（杠）", "Beans (kongs)"),
        ("row", "闷豆", "暗杠，每家付 3", "3",
         "Concealed kong: 3 from each other player"),
        ("row", "爬坡豆", "补杠，每家付 3", "3",
         "Added kong: 3 from each other player"),
        ("row", "点豆", "杠别人打的牌，打牌的人付 3", "3",
         "Kong on a discard: 3 from the discarder"),
        ("row", "憨包豆", "该杠时没杠、后来才杠，不算分但仍是通行证", "0",
         "A kong declared late: worth 0 but still a pass"),
        ("h", "牌型（贵阳 / 捉鸡麻将）", "Patterns (Guiyang / Zhuoji)"),
        ("row", "平胡", "四组加一对（顺子只能在手里）。点炮胡要有通行证", "1 / 3",
         "Four sets and a pair"),
        ("hand", "123m|456m|789p|234s|11s", "平胡（一条做将，也是幺鸡）",
         "All sets (the pair of 1 Bamboo are chickens too)", {"1s": "chicken"}),
        ("row", "大对子", "四组都是刻子或杠", "5 / 10",
         "Four pungs or kongs and a pair"),
        ("hand", "111m|222p|888p|999s|55s", "大对子", "All pungs", {"8p": "chicken"}),
        ("row", "七对", "门清七个对子", "10 / 15",
         "Seven pairs, concealed"),
        ("row", "龙七对", "七对里有四张相同", "20 / 30",
         "Seven pairs with four alike"),
        ("row", "清一色", "全一门花色（红中不算花色）", "10 / 15",
         "One suit throughout (a Red dragon is no suit)"),
        ("row", "清大对 / 清七对 / 清龙背", "清一色加大对子 / 七对 / 龙七对", "15 / 25 · 20 / 30 · 30 / 45",
         "Flush + all pungs / seven pairs / dragon seven pairs"),
        ("row", "单吊 / 清单吊", "碰杠四组，单吊一张", "10 / 15 · 25 / 30",
         "Four claimed sets, waiting on a single tile"),
        ("row", "地龙 / 清地龙（捉鸡麻将）", "五对加一个碰，胡碰的第四张", "30 / 45",
         "Five pairs and a pung, winning on the pung's fourth tile (Zhuoji)"),
        ("row", "暗大对、合扑七对（贵阳）", "四个暗刻胡将 / 七对含 112233 同门连对", "10 · 20",
         "Four concealed pungs winning on the pair / seven pairs with 112233 in one suit (Guiyang)"),
        ("h", "加分事件", "Events"),
        ("li", "报听：第一张打出后就听牌时可以报听，之后不能换牌，只能摸什么打什么；胡了加分。",
         "Declare ready: right after your first discard, if you are ready you may declare; from then on you keep your "
         "hand and discard every tile you draw. Your win then earns a bonus."),
        ("li", "杀报：报听的人点炮，或别人自摸时有人报听。热炮：杠后打的第一张被胡。抢杠：抢别人的补杠。"
               "杠开：杠后补牌自摸。",
         "Kill the declared: a declared player deals in, or someone self-draws while another has declared. Hot "
         "discard: winning on the first discard after a kong. Robbing a kong. Kong bloom: self-draw on a kong "
         "replacement."),
        ("h", "结算与流局", "Payments and drawn hands"),
        ("li", "自摸每家付；点炮只由点炮的人付。贵阳勾选“自摸翻倍”时自摸付双倍。",
         "Self-draw: everyone pays; discard win: only the discarder pays. Guiyang's 'Self-draw pays double' doubles a "
         "self-draw."),
        ("li", "牌摸完没人胡是荒庄：查叫，没听牌的人按听牌者最大可能的牌型赔付。",
         "If the wall runs out it is a drawn hand: players who are not ready pay each ready player that player's best "
         "possible hand."),
    ],
}

# the pattern tables' names in English (the rows give the Chinese names)
ROW_NAMES_EN = {
    "平胡": "All sets", "烂牌": "Scattered", "幺牌": "Terminals & honors", "七星": "Seven stars",
    "小七对": "Seven pairs", "七对": "Seven pairs", "龙七对": "Dragon seven pairs",
    "龙七对 / 双龙 / 三龙": "Dragon / double / triple dragon", "清一色": "Full flush", "杠上花": "Kong bloom",
    "海底捞月": "Last-tile self-draw", "地胡 / 天胡": "Earthly / heavenly win", "自摸": "Self-draw",
    "硬功": "No substitutes", "大碰对": "All pungs", "大对子": "All pungs",
    "清大对 / 清七对 / 龙七对": "Flush pungs / flush pairs / dragon pairs",
    "双龙七对 / 清龙七对": "Double dragon / flush dragon", "三龙七对 / 清双龙七对": "Triple dragon / flush double",
    "清三龙七对": "Flush triple dragon", "十风 / 十三幺": "Ten winds / thirteen terminals",
    "杠上花 / 双杠上花": "Kong bloom / double bloom", "杠上五梅花 / 双杠五梅花": "Five-plum bloom / double",
    "闷豆": "Concealed bean", "爬坡豆": "Added bean", "点豆": "Claimed bean", "憨包豆": "Late bean",
    "清大对 / 清七对 / 清龙背": "Flush pungs / pairs / dragon", "单吊 / 清单吊": "Single wait / flush single",
    "地龙 / 清地龙（捉鸡麻将）": "Earth dragon / flush (Zhuoji)",
    "暗大对、合扑七对（贵阳）": "Hidden pungs, run pairs (Guiyang)",
}


def row_name(name: str) -> str:
    """A pattern table row's name in the current language."""
    return strings.pick(name, ROW_NAMES_EN.get(name, ""))


def worth_en(value: str) -> str:
    """A row's worth in English: 番 is fan, 另加 (added) a plus sign: "另加 1 / 2番" -> "+1 / +2 fan"."""
    v = str(value)
    plus = v.startswith("另加")
    v = v.replace("另加", "").strip()
    parts = [p.strip().replace("番", "") for p in v.split("/")]
    if "番" in str(value) or plus:
        return " / ".join(("+" if plus else "") + p for p in parts) + (" fan" if "番" in str(value) else "")
    return v


def row_worth(value: str) -> str:
    return str(value) if strings.is_zh() else worth_en(value)


# key -> (中文 explanation, English explanation); per family first, then shared
GLOSS: dict[str, tuple[str, str]] = {
    "ping_hu": ("平胡：四组加一对", "All sets: four sets and a pair"),
    "lan": ("烂牌：十四张不同，数字按147/258/369", "Scattered: 14 different tiles in 147/258/369 groups"),
    "yao": ("幺牌：全是字牌或一九", "Terminals & honors only"),
    "qi_xing": ("七星：烂牌带齐七种字", "Seven stars: scattered with all seven honors"),
    "qi_dui": ("七对：门清七个对子", "Seven pairs, concealed"),
    "long_qi_dui": ("龙七对：七对里有四张相同", "Dragon seven pairs: seven pairs with four of a kind"),
    "shuang_long": ("双龙七对：两组四张相同", "Double dragon: two sets of four"),
    "san_long": ("三龙七对：三组四张相同", "Triple dragon: three sets of four"),
    "qing_yi_se": ("清一色：全是一门花色", "Full flush: one suit only"),
    "gang_shang_hua": ("杠上花：杠后补牌胡", "Kong bloom: win on a kong replacement"),
    "hai_di": ("海底捞月：摸最后一张自摸", "Last tile self-draw"),
    "di_hu": ("地胡：开局第一圈就胡", "Earthly win: a win in the very first go-around"),
    "tian_hu": ("天胡：庄家起手就胡", "Heavenly win: the dealer's first 14 tiles win"),
    "zi_mo": ("自摸：自己摸到胡牌 ×2", "Self-draw: ×2"),
    "ying_gong": ("硬功：没用小鸡或白板替牌 ×2", "No substitutes used: ×2"),
    "da_peng_dui": ("大碰对：四组都是刻子", "All pungs"),
    "da_dui_zi": ("大对子：四组都是刻子", "All pungs"),
    "qing_da_dui": ("清大对：清一色的大对子", "Full-flush all pungs"),
    "qing_qi_dui": ("清七对：清一色的七对", "Full-flush seven pairs"),
    "qing_long": ("清龙七对：清一色的龙七对", "Full-flush dragon seven pairs"),
    "qing_long_bei": ("清龙背：清一色的龙七对", "Full-flush dragon seven pairs"),
    "qing_shuang_long": ("清双龙七对", "Full-flush double dragon"),
    "qing_san_long": ("清三龙七对", "Full-flush triple dragon"),
    "shi_feng": ("十风：前十张打的全是字牌", "Ten winds: first ten discards all honors"),
    "shi_san_yao": ("十三幺：前十三张打的全是字牌或幺九", "Thirteen terminals: first 13 discards honors or 1/9"),
    "shuang_gang_hua": ("双杠上花：连杠两次后胡", "Double kong bloom"),
    "wu_mei_hua": ("杠上五梅花：杠上花的牌是五筒", "Five-plum bloom: the kong replacement is 5 Dots"),
    "shuang_wu_mei_hua": ("双杠五梅花", "Double five-plum bloom"),
    "dan_diao": ("单吊：碰杠四组，单钓一张", "Single wait after four claimed sets"),
    "qing_dan_diao": ("清单吊：清一色单吊", "Full-flush single wait"),
    "an_da_dui": ("暗大对：四个暗刻胡将", "Four concealed pungs, winning on the pair"),
    "qing_an_da_dui": ("清暗大对", "Full-flush four concealed pungs"),
    "he_pu_qi_dui": ("合扑七对：七对含同门连对", "Seven pairs with three pairs in a run"),
    "qing_he_pu": ("合扑清七对", "Full-flush run-pairs seven pairs"),
    "di_long": ("地龙：五对加一碰，胡碰的第四张", "Five pairs and a pung, winning on its fourth tile"),
    "qing_di_long": ("清地龙", "Full-flush earth dragon"),
    "su_gua_dou": ("素瓜豆：自摸平胡，没有鸡也没有豆，翻倍", "Plain self-drawn all sets, no chicken, no bean: doubled"),
    "bao_ting": ("报听：第一张打出后就报听", "Declared ready after the first discard"),
    "sha_bao": ("杀报：报听的人点炮或被自摸", "Against a declared player"),
    "re_pao": ("热炮：杠后打出的第一张被胡", "Hot discard: first discard after a kong"),
    "qiang_gang": ("抢杠：抢别人的补杠", "Robbing a kong"),
    "gang_kai": ("杠开：杠后补牌自摸", "Kong bloom: self-draw on the replacement"),
}


def explain(key: str | None, variant_id: str = "") -> str:
    """One line for the settlement: what the pattern or event is."""
    if not key:
        return ""
    pair = GLOSS.get(key)
    return strings.pick(*pair) if pair else ""


def doc_for(variant_id: str) -> list[Block]:
    fam = FAMILY.get(variant_id, variant_id)
    return DOCS.get(fam, []) + option_blocks(fam) + COMMON


# What an option does, where one line of help (the setup screen's) does not say it all: (中文, English), keyed
# "family:key" where a key means something else in another family (rob_pays_all), else by the key alone.
OPTION_EFFECTS: dict[str, tuple[str, str]] = {
    "multi_win": (
        "勾选：一张牌可以被几家同时胡，每家都由放炮的人付；下一局由放炮者之后最近的胡牌者坐庄（其余几家全胡时放炮者坐庄）。"
        "不勾选：几家都选了胡时，只有放炮者下家起第一个选胡的人胡，其他人的胡作废（结算时写明），按没胡计算，"
        "听牌照样算；抢杠胡也一样。",
        "On: everyone who says hu on a discard wins, each paid by the discarder; the nearest winner after the "
        "discarder deals next (the discarder, if everyone else won). Off: when several say hu, only the first of "
        "them after the discarder wins; the others' hu lapse (the settlement says so) and they settle as players "
        "who did not win but are ready. Robbing a kong works the same way."),
    "bao_ji": (
        "勾选：有人胡牌后，没叫嘴的玩家要为亮在桌上的鸡（打出的、碰杠的幺鸡和乌骨鸡，金鸡按金鸡算）包给每个叫嘴的玩家。"
        "不勾选：这些鸡不用包，冲锋鸡照包（包冲锋），包责任鸡不变。荒庄时本来就不包。",
        "On: after a win, a player who is not ready pays every ready player for the chickens they showed (1 Bamboo "
        "and 8 Dots discarded, punged or konged; golden ones at the golden value). Off: those are not owed, but the "
        "charging chicken still is, and the liable chicken is unchanged. A drawn hand never pays them."),
    # 文山翻小鸡 / 昆明 (shared/rules/wenshan.md)
    "wenshan:soft_lan": (
        "烂牌要求每门花色的数字各取自 147、258、369 中的一组；勾选后放宽为同一门的数字两两相差三以上即可"
        "（如一、五、九万），字牌仍要五到七种不同的。",
        "A scattered hand normally takes each suit's numbers from one of 147 / 258 / 369. On: a suit's numbers need "
        "only differ pairwise by three or more (1, 5 and 9 Characters will do); the five to seven different honors "
        "stay as they are."),
    "wenshan:penalty_discard": (
        "点炮胡时，点炮的人付两倍的牌分，其余两家照常付一倍；自摸不受影响，杠分也不变。",
        "On a discard win the discarder pays twice the hand's points and the others once as usual; self-draws and "
        "kong points are unchanged."),
    "wenshan:reserved_tiles": (
        "牌墙最后这么多张不能摸：摸到只剩它们时这局就黄牌（不查叫，只结杠分）；杠后补牌仍可以从中摸。"
        "可选 0、8、14、20 张。",
        "That many tiles at the back of the wall are never drawn: when only they remain the hand is drawn (no "
        "payments but kongs); kong replacements may still come from them. 0, 8, 14 or 20."),
    # 玉溪扳倒胡 (shared/rules/yuxi.md)
    "yuxi:with_honors": (
        "加入东南西北中发白共 136 张；字牌可以碰杠、做将，前十张打的都是字牌就自动胡“十风”。",
        "Adds the 28 honor tiles (136 in all): honors can be punged, konged and paired, and ten honor discards in a "
        "row from the start win 'ten winds' by themselves."),
    "yuxi:chao_di": (
        "勾选：有杠随时可杠；翻开的两张牌尾能让你胡就用它杠上花，不能就从牌头盲摸一张（抄底）。"
        "不勾选：只有翻开的牌尾能让你杠上花时才能开杠，最多连杠两次。",
        "On: kong whenever you can; a face-up tail tile that wins is taken (kong bloom), else the replacement is "
        "drawn blind from the front. Off: a kong only when a face-up tail tile would then win, at most two in a "
        "row."),
    "yuxi:rob_pays_all": (
        "抢杠胡按自摸计分，三家该付的全部由被抢杠的人一人付；不勾选时被抢的人只付他自己那一份。",
        "Robbing a kong scores as a self-draw, and the robbed player pays what all three would pay; off: the "
        "robbed player pays only their own share."),
    # 贵阳捉鸡 / 捉鸡麻将 (shared/rules/chicken.md)
    "chicken:wu_gu": (
        "八筒（乌骨鸡）和一条（幺鸡）一样是常鸡，贵阳每张 2 分（金乌骨鸡 4 分）；捉鸡麻将固定有乌骨鸡，每张 1 分。",
        "The 8 Dots (black-bone chicken) is a standing chicken like the 1 Bamboo: worth 2 each in Guiyang (4 when "
        "golden); Catch-the-Chicken Mahjong always has it, at 1 each."),
    "chicken:man_tang": (
        "翻牌鸡本来只算手里和碰杠里的；勾选后，自己打出且没人碰杠的翻牌鸡也算（满堂鸡）。胡牌者打出的翻牌鸡无论勾不勾都算。",
        "Flipped chickens normally count in the hand and melds only; on, they also count in one's own unclaimed "
        "discards. The winner's discarded flipped chickens count either way."),
    "chicken:yin_ji": (
        "捉鸡牌是九万或九筒时，翻牌鸡一万或一筒叫银鸡，每张 2 分；捉鸡麻将固定有银鸡。",
        "When the turned-up tile is 9 Characters or 9 Dots, the flipped chicken (1 Characters or 1 Dots) is a "
        "silver chicken worth 2 each; Catch-the-Chicken Mahjong always plays it."),
    "chicken:zuan_shi": (
        "捉鸡牌是红中时，翻牌鸡还是红中，叫钻石鸡，每张 4 分（只有贵阳，有红中）。",
        "When the turned-up tile is a Red dragon the flipped chicken is the Red again: a diamond chicken worth 4 "
        "each (Guiyang only, which has the Reds)."),
    "chicken:man_ji_qing": (
        "胡牌的人四张翻牌鸡都在手里或碰杠里时，牌型至少按清一色算分；本来更大的照算更大的。",
        "A winner holding all four of the flipped chicken (in hand or melds) scores at least a full flush; a larger "
        "pattern still counts as itself."),
    "chicken:zimo_double": (
        "自摸时每家付两倍的牌分（含加分事件）；点炮胡、鸡和豆都不变。",
        "On a self-draw everyone pays twice the hand's points (events included); discard wins, chickens and beans "
        "are unchanged."),
    "chicken:rob_pays_all": (
        "抢杠胡按自摸计分，全部由被抢杠的人一人付（包两家）；不勾选时只有被抢的人付他自己那一份。",
        "Robbing a kong scores as a self-draw, all of it paid by the robbed player; off: the robbed player pays "
        "only their own share."),
    "chicken:rob_burns_beans": (
        "被抢杠的人这局收不到豆分（烧豆），该付的豆照付；捉鸡麻将固定如此。",
        "The robbed player collects no bean points this hand (burned) but still pays the beans they owe; "
        "Catch-the-Chicken Mahjong always plays it."),
    "chicken:rob_burns_chickens": (
        "被抢杠的人这局收不到鸡分（烧鸡），该付的鸡照付；捉鸡麻将固定如此。",
        "The robbed player collects no chicken points this hand (burned) but still pays the chickens they owe; "
        "Catch-the-Chicken Mahjong always plays it."),
    "chicken:ben_ji": (
        "翻开的捉鸡牌本身也是鸡（本鸡），每张 1 分，和翻牌鸡一起算。",
        "The turned-up tile itself is a chicken too (its own chicken), 1 each, counted "
        "with the flipped chicken."),
    "chicken:shang_xia_ji": (
        "捉鸡牌的上一张和下一张都是鸡（上下鸡），每张 1 分；例如翻出五万，四万和六万都是鸡。",
        "The tiles one below and one above the turned-up tile are chickens, 1 each: a "
        "5 Characters flip makes the 4 and the 6 Characters chickens."),
    "first_dealer": (
        "选“开房者”：开桌的人（座位一：自己开局时是你，局域网上是开桌的主机）坐第一局的庄；选“随机”：由这场牌的随机种子"
        "选一家坐庄。之后按各玩法的规则换庄。",
        "'Table opener': whoever opened the table (seat 1: you at a table of your own, the host at a LAN table) "
        "deals the first hand; 'Random': a seat drawn from the match's seed. After that the dealer moves as each "
        "game's rules say."),
}


SHORT_EN = {"guiyang": "Guiyang", "zhuoji": "Zhuoji"}  # the games of one page, named where a default differs


def _default_text(o: Any, lang: str) -> tuple[str, str]:
    """(中文, English) of an option's default as the rules viewer says it."""
    if o.is_bool:
        if o.fixed:
            return ("固定勾选", "always") if o.default else ("固定不勾选", "never")
        return ("默认勾选", "on by default") if o.default else ("默认不勾选", "off by default")
    zh, en = i18n.choice_name(o, o.default, "zh"), i18n.choice_name(o, o.default, "en")
    return (f"固定{zh}", f"always {en}") if o.fixed else (f"默认{zh}", f"{en} by default")


def option_blocks(fam: str) -> list[Block]:
    """The family's 勾选项 from its games' option tables: each option's name, default per game and effect (the
    player count and the stake aside, which the setup screen says itself)."""
    from game.rules.variants import all_variants

    games = [v for v in all_variants() if FAMILY.get(v.id) == fam and not (fam == "wenshan" and v.id == "kunming")]
    if not games:
        return []
    keys: list[str] = []
    for v in games:
        keys += [o.key for o in v.schema if o.key not in keys and o.key not in ("players", "base")]
    out: list[Block] = [("h", "勾选项", "Table options"),
                        ("p", "开桌时选定，整场不变；下面是每项的作用和默认值。",
                         "Chosen when the table is set up and kept for the whole match: what each one does, and "
                         "its default.")]
    for key in keys:
        have = [(v, next(o for o in v.schema if o.key == key)) for v in games if any(o.key == key for o in v.schema)]
        o = have[0][1]
        if len(games) > 1:
            zh_d = "；".join(f"{i18n.variant_name(v.id, 'zh')}：{_default_text(x, 'zh')[0]}" for v, x in have)
            en_d = "; ".join(f"{SHORT_EN.get(v.id) or i18n.variant_name(v.id, 'en')}: {_default_text(x, 'en')[1]}"
                             for v, x in have)
        else:
            zh_d, en_d = _default_text(o, "zh")[0], _default_text(o, "en")[1]
        zh_e, en_e = OPTION_EFFECTS.get(f"{fam}:{key}") or OPTION_EFFECTS.get(
            key, (i18n.option_help(o, "zh"), i18n.option_help(o, "en")))
        zh_o, en_o = i18n.option_label(o, "zh"), i18n.option_label(o, "en")
        out.append(("li", f"{zh_o}（{zh_d}）：{zh_e}", f"{en_o} ({en_d}): {en_e}"))
    return out


# shorter English names for the rules' tabs (the full ones do not fit a tab)
TAB_TITLES_EN = {"wenshan": "Wenshan · Kunming", "yuxi": "Yuxi Bandaohu", "chicken": "Guiyang · Zhuoji"}


def tab_title(variant_id: str) -> str:
    fam = FAMILY.get(variant_id, variant_id)
    return title_for(variant_id) if strings.is_zh() else TAB_TITLES_EN.get(fam, title_for(variant_id))


def title_for(variant_id: str) -> str:
    fam = FAMILY.get(variant_id, variant_id)
    pair = TITLES.get(fam)
    return strings.pick(*pair) if pair else variant_id
