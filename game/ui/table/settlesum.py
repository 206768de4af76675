"""A settlement read at a glance: each seat's points by kind, and each seat's items grouped by who paid whom.

``kinds`` sums a seat's settlement items into the hand (patterns and events), chickens, beans (the chicken
games' kongs; wenshan's kong points) and liability (包鸡, 包豆 and the like); they add up to the seat's delta.
``counterparts`` splits the seat's transfers by the other seat: what each paid it or was paid, item by item, with
the screen's labels. No pygame here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import game.i18n as i18n
from game.ui.kit import strings

KINDS = ("hand", "chickens", "beans", "liability")
# item keys by kind (anything else is the hand: its patterns, events, 连庄, 查叫, a lapsed 胡)
_KIND_OF = {"chickens": "chickens", "beans": "beans", "bao": "liability",
            "an_gang": "beans", "bu_gang": "beans", "zhi_gang": "beans", "kong_sub": "beans",
            "gang_shang_pao": "beans"}


def kind_of(key: str | None) -> str:
    return _KIND_OF.get(key or "", "hand")


def kinds(res: Mapping[str, Any], seat: int) -> dict[str, int]:
    """The seat's points per kind (every kind, zeros included, in ``KINDS`` order)."""
    out = dict.fromkeys(KINDS, 0)
    for it in res.get("items") or []:
        if it.get("seat") == seat:
            out[kind_of(it.get("key"))] += int(it.get("points") or 0)
    return out


def kind_label(kind: str, variant_id: str) -> str:
    """What a kind is called for this game (the chicken games' kongs are beans, wenshan's are kong points)."""
    if kind == "beans" and variant_id in ("wenshan", "kunming", "yuxi"):
        return strings.tr("settle.kind.kongs")
    return strings.tr(f"settle.kind.{kind}")


@dataclass
class Counterpart:
    """What passed between a seat and one other seat: the net for the seat, and the items (label, points)."""

    other: int
    net: int = 0
    items: list[tuple[str, str, int]] = field(default_factory=list)  # (中文 label, English label, points)


def counterparts(res: Mapping[str, Any], seat: int) -> list[Counterpart]:
    """The seat's transfers grouped by the other seat (in seat order), each line netted per label."""
    by: dict[int, Counterpart] = {}
    lines: dict[tuple[int, str], list[Any]] = {}
    for t in res.get("transfers") or []:
        if seat not in (t.get("from"), t.get("to")):
            continue
        other = t["to"] if t.get("from") == seat else t["from"]
        sign = 1 if t.get("to") == seat else -1
        cp = by.setdefault(other, Counterpart(other))
        pts = sign * int(t.get("points") or 0)
        cp.net += pts
        label = i18n.label(t, strings.cn()) or t.get("reason") or ""
        k = (other, label)
        if k not in lines:
            lines[k] = [label, i18n.label(t, "en") or label, 0]
            cp.items.append(lines[k])  # type: ignore[arg-type]  # the list is turned into a tuple below
        lines[k][2] += pts
    out = []
    for other in sorted(by):
        cp = by[other]
        cp.items = [(zh, en, p) for zh, en, p in cp.items if p]
        out.append(cp)
    return out


def notes_for(res: Mapping[str, Any], seat: int) -> list[tuple[str, str]]:
    """The seat's items worth nothing (a kong with substitutes, a lapsed 胡): said, not paid."""
    return [(i18n.label(it, strings.cn()), i18n.label(it, "en")) for it in res.get("items") or []
            if it.get("seat") == seat and not it.get("points")]
