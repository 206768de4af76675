"""The viewer's own hand as the table shows it: display order, and where its tiles and melds stand."""

from __future__ import annotations

from game.ui.table.layout import Slot, TableLayout
from game.ui.table.tableview import display_meld, sort_hand, tile_marks

HandSlots = tuple[list[int], list[Slot], list[dict], list[tuple[int, list[Slot]]]]


def hand_order(view: dict, me: int) -> tuple[list[int], bool]:
    """(display order of my concealed tiles, whether the last one is a separately drawn tile)."""
    hand = list(view["hand"])
    drawn = view.get("drawn")
    marks = tile_marks(view)
    if drawn is not None and drawn in hand and view.get("phase") in ("turn",) and view.get("turn") == me:
        hand.remove(drawn)
        return sort_hand(hand, marks) + [drawn], True
    return sort_hand(hand, marks), False


def hand_slots(view: dict, me: int, layout: TableLayout, counts: dict[int, int] | None) -> HandSlots:
    """(tiles shown, their slots, my melds as displayed, the melds' slots); ``counts``: tiles shown per seat
    while the deal runs (``context.deal_counts``)."""
    disp, has_drawn = hand_order(view, me)
    if counts is not None:
        n = min(len(disp), counts.get(me, len(disp)))
        has_drawn = has_drawn and n == len(disp)
        disp = disp[:n]
    melds = [display_meld(m, me, view["n"]) for m in view["seats"][me]["melds"]]
    slots, meld_slots = layout.bottom_hand(len(disp), has_drawn, melds)
    return disp, slots, melds, meld_slots
