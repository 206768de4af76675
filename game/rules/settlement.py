"""Settlement: labelled transfers between seats that always sum to zero."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Transfer:
    payer: int
    payee: int
    points: int
    reason: str  # key of the rule that caused it (pattern key, "kong", "chicken", ...)
    label: str = ""  # what the settlement screen shows for it (Chinese)
    label_en: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"from": self.payer, "to": self.payee, "points": self.points, "reason": self.reason}


@dataclass
class Item:
    """One labelled line of a seat's settlement (a pattern, a kong, a chicken ...)."""

    seat: int
    key: str
    label: str  # Chinese text shown on the settlement screen
    label_en: str
    points: int  # net points of this item for the seat
    detail: str = ""

    def text(self) -> str:
        sign = "+" if self.points > 0 else ""
        extra = f" ({self.detail})" if self.detail else ""
        return f"seat {self.seat}: {self.label}{extra} {sign}{self.points}"


@dataclass
class Settlement:
    n: int
    transfers: list[Transfer] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # table-wide lines in Chinese (e.g. the flipped chicken)
    notes_en: list[str] = field(default_factory=list)  # the same lines in English
    info: dict[str, Any] = field(default_factory=dict)

    def pay(self, payer: int, payee: int, points: int, reason: str, label: str = "", label_en: str = "") -> None:
        """Record a transfer; zero or self transfers are dropped, negative ones reversed."""
        if payer == payee or points == 0:
            return
        if points < 0:
            payer, payee, points = payee, payer, -points
        self.transfers.append(Transfer(payer, payee, points, reason, label, label_en))

    def note(self, zh: str, en: str, first: bool = False) -> None:
        """A table-wide line for the settlement screen, in both languages."""
        if first:
            self.notes.insert(0, zh)
            self.notes_en.insert(0, en)
        else:
            self.notes.append(zh)
            self.notes_en.append(en)

    def item(self, seat: int, key: str, label: str, label_en: str, points: int, detail: str = "") -> None:
        self.items.append(Item(seat, key, label, label_en, points, detail))

    def itemize(self) -> None:
        """Add one item per (seat, label) with the net of the transfers carrying that label.

        Keeps the screen's lines and the transfers in exact agreement.
        """
        order: list[tuple[int, str]] = []
        net: dict[tuple[int, str], list[Any]] = {}
        for t in self.transfers:
            for seat, sign in ((t.payee, 1), (t.payer, -1)):
                k = (seat, t.label or t.reason)
                if k not in net:
                    net[k] = [t.reason, t.label or t.reason, t.label_en or t.label or t.reason, 0]
                    order.append(k)
                net[k][3] += sign * t.points
        for k in sorted(order, key=lambda k: (k[0], order.index(k))):
            reason, label, label_en, pts = net[k]
            if pts:
                self.item(k[0], reason, label, label_en, pts)

    @property
    def deltas(self) -> list[int]:
        d = [0] * self.n
        for t in self.transfers:
            d[t.payer] -= t.points
            d[t.payee] += t.points
        return d

    def items_for(self, seat: int) -> list[Item]:
        return [i for i in self.items if i.seat == seat]

    def to_json(self) -> dict[str, Any]:
        return {
            "deltas": self.deltas,
            "transfers": [t.to_json() for t in self.transfers],
            "items": self.notes + [i.text() for i in self.items],
        }
