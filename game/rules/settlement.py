"""Settlement: labelled transfers between seats that always sum to zero (labels as catalog messages)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .texts import Msg, msg


@dataclass
class Transfer:
    payer: int
    payee: int
    points: int
    reason: str  # key of the rule that caused it (pattern key, "kong", "chicken", ...)
    text: Msg | None = None  # what the settlement screen shows for it

    def to_json(self) -> dict[str, Any]:
        return {"from": self.payer, "to": self.payee, "points": self.points, "reason": self.reason}


@dataclass
class Item:
    """One labelled line of a seat's settlement (a pattern, a kong, a chicken ...)."""

    seat: int
    key: str
    text: Msg  # the line the settlement screen shows
    points: int  # net points of this item for the seat
    detail: str = ""  # the other seats, e.g. "←1,2" (paid by them) or "→0"


@dataclass
class Settlement:
    n: int
    transfers: list[Transfer] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)
    notes: list[Msg] = field(default_factory=list)  # table-wide lines (e.g. the flipped chicken)
    info: dict[str, Any] = field(default_factory=dict)

    def pay(self, payer: int, payee: int, points: int, reason: str, text: Msg | None = None) -> None:
        """Record a transfer; zero or self transfers are dropped, negative ones reversed."""
        if payer == payee or points == 0:
            return
        if points < 0:
            payer, payee, points = payee, payer, -points
        self.transfers.append(Transfer(payer, payee, points, reason, text))

    def note(self, text: Msg, first: bool = False) -> None:
        """A table-wide line for the settlement screen."""
        if first:
            self.notes.insert(0, text)
        else:
            self.notes.append(text)

    def item(self, seat: int, key: str, text: Msg, points: int, detail: str = "") -> None:
        self.items.append(Item(seat, key, text, points, detail))

    def itemize(self) -> None:
        """Add one item per (seat, label) with the net of the transfers carrying that label.

        Keeps the screen's lines and the transfers in exact agreement.
        """
        order: list[tuple[int, Msg]] = []
        net: dict[tuple[int, Msg], list[Any]] = {}
        for t in self.transfers:
            text = t.text or msg("rules.settle.reason", reason=t.reason)
            for seat, sign in ((t.payee, 1), (t.payer, -1)):
                k = (seat, text)
                if k not in net:
                    net[k] = [t.reason, 0]
                    order.append(k)
                net[k][1] += sign * t.points
        for k in sorted(order, key=lambda k: (k[0], order.index(k))):
            reason, pts = net[k]
            if pts:
                self.item(k[0], reason, k[1], pts)

    @property
    def deltas(self) -> list[int]:
        d = [0] * self.n
        for t in self.transfers:
            d[t.payer] -= t.points
            d[t.payee] += t.points
        return d

    def items_for(self, seat: int) -> list[Item]:
        return [i for i in self.items if i.seat == seat]
