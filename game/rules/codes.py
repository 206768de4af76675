"""Named codes for what the rules refuse; their texts live in the catalogs, not here.

A client never parses a message: it gets a code (``Score.refusal``, advice, an
``ActionError``'s ``code``) and renders it with ``game.i18n.code_text`` in the player's
language (catalog keys ``refusal.<code>`` and ``action.<code>``). The English text of a
refusal is exactly what ``python -m game score`` prints as ``reason`` (shared/spec/cli.md).
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
