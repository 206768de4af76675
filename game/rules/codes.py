"""Named codes for what the rules refuse, with their texts in both languages.

A client never parses a message: it gets a code (``Score.refusal``, advice, an
``ActionError``'s ``code``) and looks its text up here in the player's language.
The English text of a refusal is exactly what ``python -m game score`` prints as
``reason`` (shared/spec/cli.md), so the command line reads as before.
"""

from __future__ import annotations

from .kinds import WireName


class Refusal(WireName):
    """Why a hand may not win here, or why a tile may not be discarded now."""

    NOT_A_WIN = "not_a_win"
    NEEDS_WILDCARD = "needs_wildcard"
    NEEDS_PASS = "needs_pass"  # 平胡 on a discard without a 通行证 (chicken games)
    PASSED_WIN = "passed_win"  # 过手胡: a win of this value was passed since the seat's last draw
    NO_CHOW = "no_chow"
    TIAN_HU_DEALER = "tian_hu_dealer"
    TIAN_HU_NO_MELDS = "tian_hu_no_melds"
    TIAN_HU_CONCEALED_KONGS_ONLY = "tian_hu_concealed_kongs_only"
    DI_HU_NON_DEALER = "di_hu_non_dealer"
    DI_HU_NO_MELDS = "di_hu_no_melds"
    DI_HU_CONCEALED_KONGS_ONLY = "di_hu_concealed_kongs_only"
    SEQUENCE_BOTH = "sequence_both"
    SHI_FENG_NEEDS_HONORS = "shi_feng_needs_honors"
    SHI_FENG_NO_MELDS = "shi_feng_no_melds"
    SHI_SAN_YAO_NO_MELDS = "shi_san_yao_no_melds"
    DECLARED_DISCARD = "declared_discard"  # after 报听 only the drawn tile may go
    DISCARD_RULE = "discard_rule"  # the variant restricts discards at this point


class ActionProblem(WireName):
    """Why an action was not applied: malformed (``InvalidActionError``) or not legal now (``IllegalActionError``)."""

    MALFORMED = "malformed"
    HAND_OVER = "hand_over"
    NO_DECISION = "no_decision"
    NOT_LEGAL = "not_legal"


TEXTS: dict[Refusal | ActionProblem, tuple[str, str]] = {
    Refusal.NOT_A_WIN: ("不是胡牌牌型", "not a winning hand"),
    Refusal.NEEDS_WILDCARD: ("文山麻将需要小鸡（癞子）牌", "wenshan needs the wildcard (小鸡) tile"),
    Refusal.NEEDS_PASS: ("平胡点炮需要通行证（有豆、热炮、杀报、报听或地胡）",
                         "平胡 on a discard needs a pass (通行证): a bean (kong), 热炮, 杀报, 报听 or 地胡"),
    Refusal.PASSED_WIN: ("过手胡——你放过了一次胡，到自己下次摸牌前不能再点炮胡同等或更小的牌",
                         "passed win (过手胡): until your next draw you may not win on a discard worth "
                         "no more than the win you passed"),
    Refusal.NO_CHOW: ("捉鸡玩法不能吃牌", "no chow (吃) in the chicken games"),
    Refusal.TIAN_HU_DEALER: ("天胡只能是庄家起手自摸", "天胡 is the dealer's self-drawn win on the deal"),
    Refusal.TIAN_HU_NO_MELDS: ("天胡不能有碰或杠", "天胡 allows no pung or kong"),
    Refusal.TIAN_HU_CONCEALED_KONGS_ONLY: ("天胡只允许暗杠", "天胡 allows concealed kongs only"),
    Refusal.DI_HU_NON_DEALER: ("地胡只能是闲家胡牌", "地胡 is a non-dealer's win"),
    Refusal.DI_HU_NO_MELDS: ("地胡不能有碰或杠", "地胡 allows no pung or kong"),
    Refusal.DI_HU_CONCEALED_KONGS_ONLY: ("地胡只允许暗杠", "地胡 allows concealed kongs only"),
    Refusal.SEQUENCE_BOTH: ("十风和十三幺不能同时计", "十风 and 十三幺 cannot both apply"),
    Refusal.SHI_FENG_NEEDS_HONORS: ("十风需要勾选有风", "十风 needs 有风 (option with_honors)"),
    Refusal.SHI_FENG_NO_MELDS: ("十风不能有吃、碰或杠", "十风 allows no chow, pung or kong"),
    Refusal.SHI_SAN_YAO_NO_MELDS: ("十三幺不能有吃、碰或杠", "十三幺 allows no chow, pung or kong"),
    Refusal.DECLARED_DISCARD: ("报听后只能打出刚摸到的牌", "after declaring ready you must discard the tile you drew"),
    Refusal.DISCARD_RULE: ("本玩法此时不允许打出", "the rules do not allow it at this point"),
    ActionProblem.MALFORMED: ("无效的操作", "not a well-formed action"),
    ActionProblem.HAND_OVER: ("本局已结束", "the hand is over"),
    ActionProblem.NO_DECISION: ("现在不该你操作", "this seat has no decision now"),
    ActionProblem.NOT_LEGAL: ("现在不能这样操作", "not legal now"),
}


def text(code: Refusal | ActionProblem, lang: str = "en") -> str:
    """The text of ``code`` in ``lang`` ("zh" or "en")."""
    zh, en = TEXTS[code]
    return zh if lang == "zh" else en
