"""``replay``'s text: every hand told as the settlement screen tells it, in 中文 or English.

Hands are numbered from 1 as the window numbers them; players go by their names (a scenario's seats by
their number in the file); a winner's patterns are named with their values, and every settlement item
carries the screen's label, its payers or payee, and its points.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import i18n
from ..rules.state import HandState
from ..rules.variants.base import Variant
from ..rules.view import result
from ..ui.kit import strings
from ..ui.kit.names import shown_all, variant_name
from ..ui.kit.settletext import detail_text, footer_notes, in_words, win_line


def match(variant: Variant, data: dict[str, Any], states: list[HandState], totals: list[int], names: Any,
          lang: str) -> str:
    """A saved match: its game, players and seed, each hand, and the totals."""
    with _speaking(lang):
        who = _names(names, len(totals))
        hands = len(data["hands_played"])
        planned = data.get("hands", hands)
        lines = [strings.tr("story.match", game=variant_name(variant), n=hands, planned=planned,
                            seed=data.get("seed", 0)),
                 strings.tr("story.players", names=_sep().join(who)), ""]
        for st in states:
            lines += _hand(st, who, next_dealer=True)
            lines.append("")
        lines.append(strings.tr("story.totals", line=_amounts(who, totals)))
        return "\n".join(lines)


def scenario(st: HandState, lang: str) -> str:
    """A scenario's one hand (its seats named by their number in the file)."""
    with _speaking(lang):
        who = [strings.tr("story.seat", i=i) for i in range(st.n)]
        lines = [strings.tr("story.scenario", game=variant_name(st.variant))]
        return "\n".join(lines + _hand(st, who, next_dealer=True))


def _hand(st: HandState, who: list[str], next_dealer: bool) -> list[str]:
    res = result(st)
    hand_no = st.hand_no + 1
    out = [strings.tr("story.hand", i=hand_no, dealer=who[st.dealer], what=win_line(res, who))]
    for w in st.wins:
        pats = _sep().join(f"{i18n.render(p.text, strings.lang())} {p.value}" for p in w.score.patterns)
        if pats:
            out.append("  " + strings.tr("story.patterns", who=who[w.seat], patterns=pats,
                                         tile=strings.tile_name(w.tile)))
    deltas = res["deltas"]
    width = max(_width(x) for x in who)
    for seat in _order(res, st.n):
        d = deltas[seat]
        out.append(f"  {_pad(who[seat], width)}  {d:+d}" if d else f"  {_pad(who[seat], width)}  0")
        for it in res["items"]:
            if it["seat"] != seat:
                continue
            label = in_words(i18n.label(it, strings.lang()), who)
            if it.get("detail"):
                label += f" ({detail_text(it['detail'], who)})"
            out.append(f"      {label}  {it['points']:+d}" if it["points"] else f"      {label}  0")
    out += ["  " + line for line in footer_notes(dict(res), who, next_dealer)]
    return out


def _order(res: Mapping[str, Any], n: int) -> list[int]:
    """Winners first, then the others in seat order (as the settlement screen lists them)."""
    return list(dict.fromkeys([w["seat"] for w in res.get("wins") or []] + list(range(n))))


def _names(names: Any, n: int) -> list[str]:
    raw = [str(x) for x in names] if isinstance(names, list) else []
    raw = raw[:n] + [strings.tr("story.seat", i=i) for i in range(len(raw), n)]
    return shown_all(raw)


def _amounts(who: Sequence[str], points: Sequence[int]) -> str:
    return " · ".join(f"{w} {p:+d}" if p else f"{w} 0" for w, p in zip(who, points))


def _sep() -> str:
    return "、" if strings.is_zh() else ", "


def _width(text: str) -> int:
    """Columns a terminal gives ``text`` (a CJK character takes two)."""
    return sum(2 if ord(ch) > 0x2E7F else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * (width - _width(text))


class _speaking:
    """The texts in ``lang`` while telling, the language before afterwards (the CLI runs in-process in tests)."""

    def __init__(self, lang: str):
        self.lang = lang
        self.before = strings.lang()

    def __enter__(self) -> None:
        strings.set_lang(self.lang)

    def __exit__(self, *exc: object) -> None:
        strings.set_lang(self.before)
