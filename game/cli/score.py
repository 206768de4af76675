"""``python -m game score``: one hand situation read as JSON, judged by the rules (``game.rules.judge``), printed."""

from __future__ import annotations

import json

from .. import i18n
from ..errors import UsageError
from ..rules import codes
from ..rules.judge import SituationError, judge
from .opts import overlay


def run(text: str, as_json: bool, opts: list[str] | None = None) -> tuple[str, int]:
    """The command: ``text`` is the situation JSON, ``opts`` the ``--opt key=value`` pairs laid over its options."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise UsageError(f"input is not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    try:
        _variant, _sit, sc = judge(overlay(data, opts))
    except SituationError as e:
        raise UsageError(str(e)) from None
    out = i18n.score_json(sc)
    code = 0 if sc.valid else 1
    if as_json:
        return json.dumps(out, ensure_ascii=False), code
    if not sc.valid:
        return f"not valid: {i18n.code_text(sc.refusal or codes.Refusal.NOT_A_WIN, 'en')}", code
    lines = [f"{i18n.render(p.text, 'zh')} ({p.key}) {p.value}" for p in sc.patterns]
    lines.append(f"total {sc.total}")
    lines.append("payments: " + ", ".join(f"seat {k} pays {v}" for k, v in sorted(sc.payments.items())))
    return "\n".join(lines), code
