"""The table itself as elements: the felt with every other seat (``Board``), the plates and the corner panel
(``Plates``), and the tiles in flight (``Animations``). The player's own hand (``handview``) lies between."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.session import Session
from game.ui.kit import strings
from game.ui.kit.elements import Element
from game.ui.table.context import TableContext
from game.ui.table.tablelink import TableLink


def thinking_seat(view: dict, me: int) -> int | None:
    """The other seat deciding now (its plate's dots run), or None."""
    return view["turn"] if view["phase"] in ("turn", "declare") and view["turn"] != me else None


class Board(Element):
    """The felt, the compass, the ponds and the other seats' tiles. A press that nothing above took lands here:
    ``elsewhere(button)`` is called with the mouse button (it closes the prompt's list of alternatives)."""

    takes = frozenset({pygame.MOUSEBUTTONDOWN})

    def __init__(self, ctx: TableContext, session: Session, link: TableLink, levels: list[str | None] | None,
                 elsewhere: Callable[[int], None]):
        self.ctx = ctx
        self.session = session
        self.link = link
        self.levels = levels
        self.elsewhere = elsewhere

    def handle(self, ev: pygame.event.Event) -> bool:
        if ev.button in (1, 3):
            self.elsewhere(ev.button)
        return False

    def draw(self, surf: pygame.Surface) -> None:
        ctx = self.ctx
        v, L = ctx.view, ctx.layout
        assert v is not None and L is not None
        r = ctx.render
        r.names = ctx.names()
        r.levels = self.levels
        r.hidden = ctx.anim.hidden()
        r.deal_counts = ctx.deal_counts()
        r.totals = self.session.totals
        r.status = {i: strings.tr(k) for i in range(v["n"]) if (k := self.link.seat_key(i)) is not None}
        r.draw_base(surf, v, L, thinking_seat(v, ctx.me), skip=ctx.me)


class Plates(Element):
    """Every seat's name plate and the corner panel: the game, the hand's number, the variant's public tiles."""

    def __init__(self, ctx: TableContext, title: Callable[[], str], hands_total: int | None):
        self.ctx = ctx
        self.title = title
        self.hands_total = hands_total

    def draw(self, surf: pygame.Surface) -> None:
        ctx = self.ctx
        v, L = ctx.view, ctx.layout
        assert v is not None and L is not None
        ctx.render.draw_plates(surf, v, L, thinking_seat(v, ctx.me))
        sub = strings.tr("table.hand_no", i=(v.get("hand_no", 0) or 0) + 1, n=self.hands_total or "?")
        if v.get("dealer_streak"):
            sub += "  " + strings.tr("table.streak", k=v["dealer_streak"])
        ctx.render.draw_public(surf, v, L, self.title(), sub)


class Animations(Element):
    """Tiles in flight, claim labels, flips and banners (``anim.Animator``), over the table and its panels."""

    def __init__(self, ctx: TableContext):
        self.ctx = ctx

    def draw(self, surf: pygame.Surface) -> None:
        self.ctx.anim.draw(surf, self.ctx.scale)
