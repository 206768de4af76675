"""The table's heads-up elements: the corner buttons, hints, the wall tooltip, banners, the hand's end, the Esc menu.

Each is an element (``game.ui.kit.elements``): it draws itself and takes its own
input; what it does to the table goes through the callbacks the scene gave it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from game.ui.kit import drawlog, strings, tileart, widgets
from game.ui.kit.elements import Element
from game.ui.table.context import TableContext
from game.ui.table.hints import Hints
from game.ui.table.layout import TableLayout
from game.ui.table.prompt import row_top


class Focus(Protocol):
    """What the hints panel reads of the hand (``handview.HandView``): its tiles and the one in focus."""

    sel: int | None
    hover: int | None

    def tiles(self) -> list[int]: ...


class HintsPanel(Element):
    """The light bulb: waits (or what the tile in focus would wait on) and why a win is refused. While the 听
    badge shows (``quiet()``), it says the waits itself: the bulb then keeps only why a win is refused."""

    def __init__(self, ctx: TableContext, hand: Focus, quiet: Callable[[], bool] | None = None):
        self.ctx = ctx
        self.hand = hand
        self.quiet = quiet

    def draw(self, surf: pygame.Surface) -> None:
        ctx, hand = self.ctx, self.hand
        hints = ctx.current_hints()
        if not hints:
            return
        assert ctx.layout is not None
        focus = hand.sel if hand.sel is not None else hand.hover
        line = None if self.quiet is not None and self.quiet() else \
            hint_line(hints, hand.tiles(), bool(ctx.legal("discard")), focus)
        draw_hints(surf, hints, line, ctx.layout, ctx.app.size, ctx.scale)


class WallTip(Element):
    """Under the compass while the pointer is on it: how many tiles the wall holds and how many may be drawn."""

    takes = frozenset({pygame.MOUSEMOTION})

    def __init__(self, ctx: TableContext):
        self.ctx = ctx
        self.hover = False

    def handle(self, ev: pygame.event.Event) -> bool:
        L = self.ctx.layout
        self.hover = L is not None and L.compass_rect().collidepoint(ev.pos)
        return False

    def draw(self, surf: pygame.Surface) -> None:
        if self.hover and self.ctx.view is not None and self.ctx.layout is not None:
            draw_wall_tip(surf, self.ctx.view, self.ctx.layout)


class Banner(Element):
    """A line about the table as a whole, bottom left; with ``dismiss`` it is modal and a key or a click ends it."""

    def __init__(self, ctx: TableContext, text: Callable[[], str], dismiss: Callable[[], None] | None = None):
        self.ctx = ctx
        self.text = text
        self.dismiss = dismiss
        if dismiss is not None:
            self.modal = True
            self.takes = frozenset({pygame.KEYDOWN, pygame.MOUSEBUTTONUP})

    def handle(self, ev: pygame.event.Event) -> bool:
        if self.dismiss is not None and (ev.type == pygame.KEYDOWN or ev.button == 1):
            self.dismiss()
        return True

    def draw(self, surf: pygame.Surface) -> None:
        draw_banner(surf, self.text(), self.ctx.app.size, self.ctx.scale, self.ctx.layout)


class HandOver(Element):
    """The hand has ended, its settlement not shown yet: a key or a click shows it; while the table waits for
    the next deal (a LAN table) only Esc does something (it opens the menu)."""

    takes = frozenset({pygame.KEYDOWN, pygame.MOUSEBUTTONUP})
    modal = True

    def __init__(self, show: Callable[[], None], esc: Callable[[], None]):
        self.show = show
        self.esc = esc
        self.waiting = False  # the scene says so: a LAN table deals when every player is ready

    def handle(self, ev: pygame.event.Event) -> bool:
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            self.esc()
        elif not self.waiting and (ev.type == pygame.KEYDOWN or ev.button == 1):
            self.show()
        return True


class PauseMenu(Element):
    """The Esc menu (at a LAN table no pause: the others play on, and it says so). Esc closes it again.

    Leaving the table is its own step: "Leave table" turns the menu into the question (leave / stay) in the
    same place, so nothing covers another button; Esc there goes back to the menu."""

    takes = None
    modal = True

    def __init__(self, ctx: TableContext, resume: Callable[[], None], settings: Callable[[], None],
                 rules: Callable[[], None], leave: Callable[[], None]):
        self.ctx = ctx
        self.resume, self.settings, self.rules, self.leave = resume, settings, rules, leave
        self.asking = False  # the leave question shows instead of the menu
        self.buttons: list[widgets.Button] = []
        self.menu_buttons: list[widgets.Button] = []
        self.ask_buttons: list[widgets.Button] = []

    def layout(self) -> None:
        size, s = self.ctx.app.size, self.ctx.scale
        self.menu_buttons = pause_buttons(size, s, self.close, self.settings, self.rules, self.ask)
        self.ask_buttons = leave_buttons(size, s, self.leave, self.back)
        self.buttons = self.ask_buttons if self.asking else self.menu_buttons

    def open(self) -> None:
        self.asking = False
        self.buttons = self.menu_buttons

    def close(self) -> None:
        self.asking = False
        self.buttons = self.menu_buttons
        self.resume()

    def ask(self) -> None:
        self.asking = True
        self.buttons = self.ask_buttons
        self.ctx.app.sound.play("click")

    def back(self) -> None:
        self.asking = False
        self.buttons = self.menu_buttons

    def handle(self, ev: pygame.event.Event) -> bool:
        if any(b.handle(ev) for b in self.buttons):
            return True
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            if self.asking:
                self.back()
            else:
                self.close()
        return True

    def draw(self, surf: pygame.Surface) -> None:
        if self.asking:
            draw_leave_question(surf, self.buttons, self.ctx.scale, self.ctx.lan)
        else:
            draw_pause(surf, self.buttons, self.ctx.scale, self.ctx.lan)


def top_buttons(size: tuple[int, int], scale: float, on_menu: Callable[[], None], on_hints: Callable[[], None],
                hints_on: Callable[[], bool]) -> list[widgets.Button]:
    """The menu and hints switches in the top right corner (the hints one says whether hints are on)."""
    s = scale
    bw, bh = round(84 * s), round(34 * s)
    W_, _H = size
    y = round(14 * s)
    return [
        widgets.Button((W_ - round(14 * s) - bw, y, bw, bh), widgets.tr_label("table.menu"), on_menu, "dark",
                       size=round(16 * s), name="menu"),
        widgets.Button((W_ - round(14 * s) - 2 * bw - round(8 * s), y, bw, bh),
                       lambda: strings.tr("table.hints_on" if hints_on() else "table.hints_off"), on_hints, "dark",
                       size=round(14 * s), name="hints"),
    ]


def pause_buttons(size: tuple[int, int], scale: float, resume: Callable[[], None], settings: Callable[[], None],
                  rules: Callable[[], None], leave: Callable[[], None]) -> list[widgets.Button]:
    s = scale
    W_, H_ = size
    bw, bh = round(300 * s), round(52 * s)
    x = W_ // 2 - bw // 2
    y0 = H_ // 2 - round(110 * s)
    return [
        widgets.Button((x, y0, bw, bh), widgets.tr_label("table.resume"), resume, "gold", name="resume"),
        widgets.Button((x, y0 + round(64 * s), bw, bh), widgets.tr_label("menu.settings"), settings, "blue",
                       name="settings"),
        widgets.Button((x, y0 + round(128 * s), bw, bh), widgets.tr_label("menu.rules"), rules, "green", name="rules"),
        widgets.Button((x, y0 + round(192 * s), bw, bh), widgets.tr_label("table.leave"), leave, "red", name="leave"),
    ]


def leave_buttons(size: tuple[int, int], scale: float, leave: Callable[[], None],
                  stay: Callable[[], None]) -> list[widgets.Button]:
    """The leave question's two answers, side by side where the menu's buttons were."""
    s = scale
    W_, H_ = size
    bw, bh = round(200 * s), round(52 * s)
    gap = round(20 * s)
    y = H_ // 2 + round(10 * s)
    x = W_ // 2 - bw - gap // 2
    return [
        widgets.Button((x, y, bw, bh), widgets.tr_label("table.leave_yes"), leave, "red", name="leave_yes"),
        widgets.Button((x + bw + gap, y, bw, bh), widgets.tr_label("table.leave_no"), stay, "gold", name="stay",
                       hotkey="Esc"),
    ]


def draw_leave_question(surf: pygame.Surface, buttons: list[widgets.Button], scale: float, lan: bool) -> None:
    """Leave the table? What leaving means here, and the two answers."""
    widgets.dim_screen(surf, 150 if not lan else 110)
    s = scale
    first, last = buttons[0].rect, buttons[-1].rect
    box = pygame.Rect(0, 0, last.right - first.x + round(80 * s), round(230 * s))
    box.midbottom = ((first.x + last.right) // 2, first.bottom + round(40 * s))
    widgets.panel(surf, box, alpha=245)  # nearly opaque: the settlement's tiles behind it would read through
    widgets.draw_text(surf, strings.tr("table.leave_ask"), (box.centerx, box.y + round(24 * s)), round(26 * s),
                      widgets.GOLD, "serif", anchor="midtop", max_width=box.w - round(24 * s))
    sub = strings.tr("table.leave_ask_lan" if lan else "table.leave_ask_local")
    for k, ln in enumerate(widgets.wrap(sub, max(12, round(14 * s)), box.w - round(40 * s))[:2]):
        widgets.draw_text(surf, ln, (box.centerx, box.y + round(66 * s) + k * round(20 * s)), max(12, round(14 * s)),
                          widgets.CREAM, anchor="midtop")
    for b in buttons:
        b.draw(surf)


def hint_line(hints: Hints, disp: list[int], discarding: bool, focus: int | None) -> tuple[str, list] | None:
    """The hint panel's line: what the focused discard would wait on, or my waits; None when nothing to say."""
    if discarding:
        if focus is not None and focus < len(disp):
            t = disp[focus]
            ws = hints.per_discard.get(t)
            if ws:
                return strings.tr("hint.discard_waits", tile=strings.tile_name(t)), ws
            if hints.per_discard:
                return strings.tr("hint.discard_no_wait", tile=strings.tile_name(t)), []
        elif hints.per_discard:
            return strings.tr("hint.ready_marks"), []
    elif hints.waits:
        return strings.tr("hint.waits"), hints.waits
    return None


def draw_hints(surf: pygame.Surface, hints: Hints, line: tuple[str, list] | None, layout: TableLayout,
               size: tuple[int, int], scale: float) -> None:
    """The light-bulb panel (waits with unseen counts) and, above the prompt, why a win is refused."""
    s = scale
    L = layout
    tw = round(26 * s)
    cw, ch = tileart.tile_size(tw)
    if line:
        label, ws = line
        fs, ls = round(15 * s), L.font(12)
        lw = widgets.text_width(label, fs, "bold")
        counts = [strings.tr("hint.left", n=left) if left else strings.tr("hint.none_left") for _t, left in ws]
        # each wait takes its tile's width or its count's, whichever is wider
        cols = [max(cw, widgets.text_width(c, ls, "bold")) for c in counts]
        gap = round(8 * s)
        width = round(46 * s) + lw + round(12 * s) + sum(c + gap for c in cols) + round(4 * s)
        height = (round(6 * s) + ch + round(3 * s) + round(ls * 1.3) + round(6 * s)) if ws else round(38 * s)
        r = pygame.Rect(round(14 * s), size[1] - L.plate_h - round(22 * s) - height, width, height)
        if r.right > size[0] * 0.62:
            r.w = round(size[0] * 0.62) - r.x
        widgets.panel(surf, r, (30, 26, 10), 225, round(12 * s), 2, (255, 214, 100))
        # the bulb
        bc = (r.x + round(22 * s), r.y + round(19 * s))
        g = widgets.glow_circle(round(10 * s), (255, 230, 120))
        surf.blit(g, g.get_rect(center=bc))
        pygame.draw.circle(surf, (255, 236, 140), bc, round(9 * s))
        base = (bc[0] - round(4 * s), bc[1] + round(8 * s), round(8 * s), round(6 * s))
        pygame.draw.rect(surf, (180, 180, 170), base, border_radius=2)
        widgets.draw_text(surf, label, (r.x + round(40 * s), r.y + round(19 * s)), fs, widgets.CREAM, "bold",
                          anchor="midleft")
        x = r.x + round(46 * s) + lw + round(12 * s)
        for k, ((t, left), text, col) in enumerate(zip(ws, counts, cols)):
            if x + col > r.right - round(4 * s):
                drawlog.dropped(surf, [strings.tile_name(t) for t, _n in ws[k:]], pygame.Rect(x, r.y, cw, ch), 0)
                break
            tileart.draw_tile(surf, t, (x + (col - cw) // 2, r.y + round(6 * s)), tw, dim=left == 0)
            widgets.draw_text(surf, text, (x + col // 2, r.y + round(9 * s) + ch), ls,
                              (255, 220, 130) if left else (200, 150, 140), "bold", anchor="midtop")
            x += col + gap
    if hints.no_win:
        text = strings.tr("hint.no_win", why=hints.no_win)
        lines_ = widgets.wrap(text, round(14 * s), round(290 * s))  # the column right of the discards
        h = len(lines_) * round(20 * s) + round(14 * s)
        wmax = max(widgets.text_width(ln, round(14 * s)) for ln in lines_) + round(24 * s)
        r = pygame.Rect(0, 0, wmax, h)
        # above the prompt's buttons and the tile on offer
        offer_h = tileart.tile_size(round(46 * s))[1] + round(20 * s)
        r.bottomright = (size[0] - round(96 * s), row_top(L, s) - round(14 * s) - offer_h - round(10 * s))
        widgets.panel(surf, r, (60, 14, 10), 230, round(10 * s), 2, (255, 120, 100))
        y = r.y + round(7 * s)
        for ln in lines_:
            widgets.draw_text(surf, ln, (r.x + round(12 * s), y), round(14 * s), (255, 230, 220))
            y += round(20 * s)


def draw_banner(surf: pygame.Surface, text: str, size: tuple[int, int], scale: float,
                layout: TableLayout | None = None) -> None:
    """A line about the table as a whole; at hand end it sits bottom left, clear of every revealed hand."""
    s = scale
    r = pygame.Rect(0, 0, widgets.text_width(text, round(16 * s), "bold") + round(40 * s), round(40 * s))
    if layout is not None:
        r.bottomleft = (round(14 * s), size[1] - layout.plate_h - round(26 * s))
    else:
        r.midtop = (size[0] // 2, round(60 * s))
    widgets.panel(surf, r, (20, 20, 10), 220, r.h // 2, 2, widgets.GOLD)
    widgets.draw_text(surf, text, r.center, round(16 * s), widgets.CREAM, "bold", anchor="center")


def draw_pause(surf: pygame.Surface, buttons: list[widgets.Button], scale: float, lan: bool = False) -> None:
    """The Esc menu; at a LAN table it is no pause (the others play on) and says so."""
    widgets.dim_screen(surf, 150 if not lan else 110)
    s = scale
    first = buttons[0].rect
    box = pygame.Rect(0, 0, first.w + round(80 * s), round(340 * s))
    box.midtop = (first.centerx, first.y - round(80 * s))
    if lan:
        box.w = round(560 * s)
        box.centerx = first.centerx
    widgets.panel(surf, box)
    title = strings.tr("table.menu_lan" if lan else "table.paused")
    widgets.draw_text(surf, title, (box.centerx, box.y + round(22 * s)), round(28 * s) if not lan else round(24 * s),
                      widgets.GOLD, "serif", anchor="midtop", max_width=box.w - round(24 * s))
    if lan:
        widgets.draw_text(surf, strings.tr("table.menu_lan_sub"), (box.centerx, box.y + round(56 * s)),
                          max(12, round(13 * s)), widgets.MUTED, anchor="midtop", max_width=box.w - round(24 * s))
    for b in buttons:
        b.draw(surf)


def draw_wall_tip(surf: pygame.Surface, view: dict, layout: TableLayout) -> None:
    """Under the compass on hover: how many tiles the wall holds and how many of them may still be drawn."""
    wall, n = view.get("wall", 0), view.get("drawable", 0)
    s = layout.s
    if wall > n:
        text = strings.tr("table.wall_tip", wall=wall, k=wall - n, n=n)
    else:
        text = strings.tr("table.wall_tip_all", n=n)
    px = max(12, round(14 * s))
    c = layout.compass_rect()
    r = pygame.Rect(0, 0, widgets.text_width(text, px) + round(24 * s), round(30 * s))
    r.midtop = (c.centerx, c.bottom + round(8 * s))
    widgets.panel(surf, r, (20, 20, 10), 235, round(8 * s), 2, widgets.GOLD)
    widgets.draw_text(surf, text, r.center, px, widgets.CREAM, anchor="center")
