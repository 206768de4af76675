"""The settlement's words without drawing: the headline, items' payers, seats by name and tiles by name.

Shared by the settlement screen, the replay viewer and ``python -m game replay``'s text (no pygame here).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import game.i18n as i18n
from game.ui.kit import strings


def win_line(res: Mapping[str, Any], names: list[str]) -> str:
    """The settlement's headline: who won how (and from whom), or a drawn hand."""
    wins = res.get("wins") or []
    if res.get("end") != "win" or not wins:
        return strings.tr("settle.draw")
    if len(wins) > 1:
        src = wins[0].get("from")
        return strings.tr("settle.multi", src=names[src] if src is not None else "?")
    w = wins[0]
    who = names[w["seat"]]
    how = w.get("win")
    if how == "self_draw":
        return strings.tr("settle.win_self", who=who)
    src = names[w["from"]] if w.get("from") is not None else "?"
    if how == "rob_kong":
        return strings.tr("settle.win_rob", who=who, src=src)
    return strings.tr("settle.win_discard", who=who, src=src)


def detail_text(detail: str, names: list[str]) -> str:
    """An item's detail: "←0,1,2" / "→3" (seats paid by / paid to) with the seats named."""
    d = str(detail)
    if d[:1] in "←→" and all(p.strip().isdigit() for p in d[1:].split(",") if p.strip()):
        seats = [int(p) for p in d[1:].split(",") if p.strip()]
        if all(0 <= x < len(names) for x in seats):
            sep = "、" if strings.is_zh() else ", "
            return d[0] + sep.join(names[x] for x in seats)
    return d


_SEAT_ZH = re.compile(r"座位(\d+)")
_SEAT_EN = re.compile(r"\bseat (\d+)('s)?")


def in_words(text: str, names: list[str]) -> str:
    """A settlement line as players read it: tiles by name, not notation (点豆 7m → 点豆 七万), and the
    seats the rules core numbers from 0 (座位2, seat 2) by the names on the table."""
    text = strings.tiles_in_words(text)

    def seat(m: re.Match) -> str:
        i = int(m.group(1))
        name = names[i] if 0 <= i < len(names) else m.group(0)
        return name + ("'s" if m.lastindex == 2 and m.group(2) else "")

    return _SEAT_EN.sub(seat, _SEAT_ZH.sub(seat, text))


def footer_notes(res: dict, names: list[str], next_dealer: bool) -> list[str]:
    """The settlement's table-wide lines (the flip, who was ready, who was burned, the next dealer) in words."""
    notes = [in_words(n, names) for n in i18n.notes(res, strings.lang())]
    nd = res.get("next_dealer")
    if nd is not None and next_dealer and 0 <= nd < len(names):
        notes.append(strings.tr("settle.next_dealer", who=names[nd]))
    return notes
