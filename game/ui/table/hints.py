"""Hints (小灯泡) for the table: the core's advice (game/rules/advice.py) with its codes put into words.

The UI decides no rule and reads no engine state: waits, waits per discard, blocked
discards and why a win is refused all come from ``advise(view)``; this module only
caches the result per decision point and looks the refusal codes up in the player's
language.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import game.i18n as i18n
from game.rules.advice import advise
from game.rules.codes import Refusal
from game.rules.view import View
from game.ui.kit import strings

# Codes the table words in its own (longer) sentences; every other code uses the core's text.
_HINT_TEXT = {
    Refusal.PASSED_WIN: "hint.why_missed",
    Refusal.NEEDS_PASS: "hint.why_pass",
    Refusal.NOT_A_WIN: "hint.why_generic",
    Refusal.DECLARED_DISCARD: "hint.why_declared",
    Refusal.DISCARD_RULE: "hint.why_rule",
}


def refusal_text(code: Refusal | str) -> str:
    """A refusal code in the player's language."""
    code = Refusal(code)
    key = _HINT_TEXT.get(code)
    return strings.tr(key) if key else i18n.code_text(code, strings.lang())


@dataclass
class Hints:
    waits: list[tuple[int, int]] = field(default_factory=list)  # (tile, unseen) for the current hand
    per_discard: dict[int, list[tuple[int, int]]] = field(default_factory=dict)  # 14-tile turn: discard -> waits
    blocked: dict[int, str] = field(default_factory=dict)  # tile -> why it may not be discarded
    no_win: str | None = None  # why a complete-looking hand may not win now


class HintEngine:
    """Advice for the table's view, computed once per decision point and language."""

    def __init__(self) -> None:
        self._key: tuple[object, ...] | None = None
        self._val: Hints | None = None

    def compute(self, view: View) -> Hints:
        offer = view.get("offer")
        key = (strings.lang(), view["version"], tuple(view["hand"]), view["phase"], view["seat"],
               tuple(view["legal"]), offer["tile"] if offer is not None else None)
        if key == self._key and self._val is not None:
            return self._val
        adv = advise(view)
        h = Hints(
            waits=[(w.tile, w.unseen) for w in adv.waits],
            per_discard={t: [(w.tile, w.unseen) for w in ws] for t, ws in adv.per_discard.items()},
            blocked={t: refusal_text(code) for t, code in adv.blocked.items()},
            no_win=refusal_text(adv.win_refusal) if adv.win_refusal is not None else None,
        )
        self._key, self._val = key, h
        return h
