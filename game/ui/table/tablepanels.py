"""Panels the table's switches and a LAN table bring, as elements: 托管's banner and countdown, the idle offer,
the next deal's countdown, the reconnect banner, the lost host."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.session import Session
from game.ui.kit import hostmsg, strings, widgets
from game.ui.kit.elements import BUTTON_EVENTS, ButtonBar, Element
from game.ui.table import dock
from game.ui.table.context import TableContext
from game.ui.table.layout import TableLayout
from game.ui.table.tablelink import TableLink

RED_EDGE = (255, 120, 100)
Rects = Callable[[], Sequence[pygame.Rect]]  # the settlement's buttons as they are now (panels stand above them)


def offer_rect(size: tuple[int, int], layout: TableLayout, s: float) -> pygame.Rect:
    r = pygame.Rect(0, 0, round(540 * s), round(132 * s))
    r.center = (size[0] // 2, layout.C[1])
    return r


def lost_rect(size: tuple[int, int], s: float) -> pygame.Rect:
    r = pygame.Rect(0, 0, round(640 * s), round(300 * s))
    r.center = (size[0] // 2, size[1] // 2)
    return r


def seconds_left(until: float | None, now: float) -> int:
    return 0 if until is None else max(0, int(until - now + 0.999))


def over_buttons(rects: Sequence[pygame.Rect], size: tuple[int, int], s: float, w: int, h: int) -> pygame.Rect:
    """A strip right-aligned just above the settlement's buttons (its footer is the settlement's own)."""
    right = max((r.right for r in rects), default=size[0] - round(40 * s))
    top = min((r.top for r in rects), default=size[1] - round(80 * s))
    return pygame.Rect(right - w, top - round(8 * s) - h, w, h)


def pill(surf: pygame.Surface, text: str, at: tuple[int, int], s: float, edge=widgets.GOLD, size: int = 15,
         right: bool = False) -> None:
    """A rounded label, its bottom centre (or, with ``right``, its bottom right corner) at ``at``."""
    px = max(12, round(size * s))
    r = pygame.Rect(0, 0, widgets.text_width(text, px, "bold") + round(28 * s), round(32 * s))
    if right:
        r.bottomright = at
    else:
        r.midbottom = at
    r.right = min(r.right, surf.get_width() - round(8 * s))
    widgets.panel(surf, r, (36, 28, 10), 232, r.h // 2, 2, edge)
    widgets.draw_text(surf, text, r.center, px, widgets.CREAM, "bold", anchor="center")


class AutoPill(Element):
    """托管 is on: a pill above the switch dock says so and how to stop it."""

    def __init__(self, ctx: TableContext):
        self.ctx = ctx

    def draw(self, surf: pygame.Surface) -> None:
        ctx, s = self.ctx, self.ctx.scale
        assert ctx.layout is not None
        d = dock.dock_rect(ctx.app.size, s)
        text = strings.tr("comfort.auto_on") + " · " + strings.tr("comfort.auto_off_key")
        pill(surf, text, (d.right, min(d.y, ctx.layout.hand_top) - round(8 * s)), s, right=True)


class IdleOffer(ButtonBar):
    """The player has left a decision untouched a while: 托管 is offered over the table."""

    def __init__(self, ctx: TableContext, accept: Callable[[], None], decline: Callable[[], None]):
        super().__init__()
        self.ctx = ctx
        self.accept = accept
        self.decline = decline

    def layout(self) -> None:
        ctx, s = self.ctx, self.ctx.scale
        assert ctx.layout is not None
        bh, bw = round(42 * s), round(150 * s)
        o = offer_rect(ctx.app.size, ctx.layout, s)
        self.set([
            widgets.Button((o.centerx - bw - round(8 * s), o.bottom - bh - round(14 * s), bw, bh),
                           widgets.tr_label("comfort.offer_yes"), self.accept, "gold", hotkey="T", name="offer_auto",
                           size=round(17 * s)),
            widgets.Button((o.centerx + round(8 * s), o.bottom - bh - round(14 * s), bw, bh),
                           widgets.tr_label("comfort.offer_no"), self.decline, "dark", name="offer_no",
                           size=round(17 * s)),
        ])

    def draw(self, surf: pygame.Surface) -> None:
        ctx, s = self.ctx, self.ctx.scale
        assert ctx.layout is not None
        r = offer_rect(ctx.app.size, ctx.layout, s)
        widgets.dim_screen(surf, 70)  # a question to the player: the table stays visible behind it
        widgets.panel(surf, r, (30, 26, 10), 240, round(14 * s), 2, widgets.GOLD)
        widgets.draw_text(surf, strings.tr("comfort.offer"), (r.centerx, r.y + round(14 * s)), round(18 * s),
                          widgets.CREAM, "bold", anchor="midtop", max_width=r.w - round(24 * s))
        widgets.draw_text(surf, strings.tr("comfort.offer_sub"), (r.centerx, r.y + round(42 * s)),
                          max(12, round(13 * s)), widgets.MUTED, anchor="midtop", max_width=r.w - round(24 * s))
        super().draw(surf)


class AutoNext(ButtonBar):
    """Under 托管, over the settlement's buttons: "next hand in N s" (a click stops 托管)."""

    def __init__(self, ctx: TableContext, until: Callable[[], float | None], on_click: Callable[[], None],
                 anchor: Rects):
        super().__init__()
        self.ctx = ctx
        self.until = until
        self.on_click = on_click
        self.anchor = anchor

    def layout(self) -> None:
        s = self.ctx.scale
        self.set([widgets.Button(
            (0, 0, round(380 * s), round(32 * s)),
            lambda: strings.tr("comfort.auto_next", n=seconds_left(self.until(), self.ctx.app.now)),
            self.on_click, "dark", name="auto_next", size=max(12, round(14 * s)))])

    def place(self) -> None:
        """Stand just above the settlement's buttons as they are now."""
        for b in self.buttons:
            b.rect = over_buttons(self.anchor(), self.ctx.app.size, self.ctx.scale, b.rect.w, b.rect.h)
        self.rects = [b.rect for b in self.buttons]

    def handle(self, ev: pygame.event.Event) -> bool:
        self.place()
        return super().handle(ev)

    def draw(self, surf: pygame.Surface) -> None:
        self.place()
        super().draw(surf)


class NextDealPill(Element):
    """A LAN table between hands: when the host deals the next one by itself, over the settlement's buttons."""

    def __init__(self, ctx: TableContext, link: TableLink, session: Session, anchor: Rects):
        self.ctx = ctx
        self.link = link
        self.session = session
        self.anchor = anchor

    def draw(self, surf: pygame.Surface) -> None:
        ctx, s = self.ctx, self.ctx.scale
        n = self.link.next_deal_in(self.session, ctx.app.now)
        if n is not None:
            r = over_buttons(self.anchor(), ctx.app.size, s, round(300 * s), round(32 * s))
            pill(surf, strings.tr("table.next_deal_in", n=n), (r.right, r.bottom), s, right=True)


class ReconnectPill(Element):
    """A LAN table whose host is being reached again: for how long."""

    def __init__(self, ctx: TableContext, link: TableLink):
        self.ctx = ctx
        self.link = link

    def draw(self, surf: pygame.Surface) -> None:
        ctx, s = self.ctx, self.ctx.scale
        text = strings.tr("link.banner", n=int(ctx.app.now - self.link.since))
        pill(surf, text, (ctx.app.size[0] // 2, round(104 * s)), s, RED_EDGE)


class LostPanel(Element):
    """The host is gone: what happened and what to do (the menu, or the join list to sit down again)."""

    takes = BUTTON_EVENTS
    modal = True

    def __init__(self, ctx: TableContext, link: TableLink, session: Session, to_menu: Callable[[], None],
                 rejoin: Callable[[], None]):
        self.ctx = ctx
        self.link = link
        self.session = session
        self.bar = ButtonBar()
        self.to_menu = to_menu
        self.rejoin = rejoin

    def layout(self) -> None:
        s = self.ctx.scale
        lr = lost_rect(self.ctx.app.size, s)
        bh, bw = round(42 * s), round(200 * s)
        self.bar.set([
            widgets.Button((lr.centerx - bw - round(10 * s), lr.bottom - bh - round(22 * s), bw, bh),
                           widgets.tr_label("link.lost_menu"), self.to_menu, "gold", name="lost_menu",
                           size=round(17 * s)),
            widgets.Button((lr.centerx + round(10 * s), lr.bottom - bh - round(22 * s), bw, bh),
                           widgets.tr_label("link.lost_join"), self.rejoin, "blue", name="lost_join",
                           size=round(17 * s)),
        ])

    def handle(self, ev: pygame.event.Event) -> bool:
        return self.bar.handle(ev)

    def draw(self, surf: pygame.Surface) -> None:
        ctx, s = self.ctx, self.ctx.scale
        widgets.dim_screen(surf, 160)
        r = lost_rect(ctx.app.size, s)
        widgets.panel(surf, r, (40, 16, 12), 245, round(16 * s), 2, RED_EDGE)
        widgets.draw_text(surf, strings.tr("link.lost_title"), (r.centerx, r.y + round(22 * s)), round(26 * s),
                          widgets.GOLD, "serif", anchor="midtop", max_width=r.w - round(40 * s))
        body = strings.tr("link.lost_body")
        why = hostmsg.session_text(self.session) if self.link.message else None  # the reason, in the UI language
        if why:
            body += ("（" + why + "）") if strings.is_zh() else "  (" + why + ")"
        widgets.draw_wrapped(surf, body, pygame.Rect(r.x + round(30 * s), r.y + round(74 * s), r.w - round(60 * s),
                                                     round(140 * s)), max(12, round(15 * s)), widgets.CREAM)
        self.bar.draw(surf)
