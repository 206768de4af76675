"""The claim prompt as an element: its round buttons, the tile on offer, the list of alternatives, the waiting pill.

Which buttons to offer and what pressing one does is ``prompt.Prompt`` (rebuilt
when the view changes); this element draws it and takes the presses on its
buttons. ``StatusLine`` ("your turn") shows when the prompt has nothing to offer.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.ui.kit import strings, tileart, widgets
from game.ui.kit.elements import BUTTON_EVENTS, Element
from game.ui.table.context import TableContext
from game.ui.table.decisions import Decisions
from game.ui.table.layout import TableLayout
from game.ui.table.prompt import DEFAULT_ORDER, ChoiceButton, Prompt, choice_tiles
from game.ui.table.tableview import tile_marks


class PromptView(Element):
    """One seat's claim prompt; a press sends through ``decisions`` (and so does a numbered key, ``press_number``)."""

    takes = BUTTON_EVENTS

    def __init__(self, ctx: TableContext, decisions: Decisions, order: Sequence[str] = DEFAULT_ORDER):
        self.ctx = ctx
        self.decisions = decisions
        self.model = Prompt(ctx.me, order)
        self.rects: list[pygame.Rect] = []
        self._seen_decision = decisions.version

    # ------------------------------------------------------------ state
    @property
    def buttons(self) -> list[widgets.Button]:
        return self.model.buttons

    @property
    def choice_buttons(self) -> list[ChoiceButton]:
        return self.model.choice_buttons

    @property
    def choice(self) -> str | None:
        """"chow" / "kong" while the list of alternatives is open."""
        return self.model.choice

    def open_choice(self, kind: str) -> None:
        self.model.choice = kind
        self.model.invalidate()

    def close_choice(self) -> None:
        self.model.close_choice()

    def invalidate(self) -> None:
        """Build the buttons again (the window or the language changed)."""
        self.model.invalidate()

    def refresh(self) -> None:
        """Rebuild the buttons if what they show changed (the view, the list, the window, the language)."""
        ctx = self.ctx
        assert ctx.layout is not None  # laid out on enter, before any input or frame
        self.model.refresh(lambda: ctx.view, ctx.app.size, ctx.layout, ctx.scale, self.decisions.send)
        self.rects = [b.rect for b in self.model.choice_buttons + self.model.buttons]

    def press_number(self, n: int) -> None:
        """The n-th button (or alternative, while the list is open), as its number key presses it."""
        self.refresh()
        row = self.model.choice_buttons if self.model.choice else self.model.buttons
        if 1 <= n <= len(row):
            row[n - 1].activate()

    # ------------------------------------------------------------ element
    def handle(self, ev: pygame.event.Event) -> bool:
        self.refresh()
        return any(b.handle(ev) for b in self.model.choice_buttons + self.model.buttons)

    def update(self, now: float) -> None:
        if self.decisions.version != self._seen_decision:  # a decision went out: the list closes, the row is rebuilt
            self._seen_decision = self.decisions.version
            self.model.choice = None
            self.model.invalidate()

    def draw(self, surf: pygame.Surface) -> None:
        ctx = self.ctx
        v, L, pr = ctx.view, ctx.layout, self.model
        assert v is not None and L is not None
        if not pr.buttons:
            sent = self.decisions.sent
            if v.get("awaiting") and sent is not None:
                draw_waiting(surf, strings.tr(f"act.{sent.kind}"), L, ctx.app.size, ctx.app.now, ctx.scale)
            return
        offer = v.get("offer")
        if offer and offer.get("tile") is not None and v.get("phase") in ("claim", "rob") and not pr.choice_buttons:
            who = ctx.names()[offer["from"]] if offer.get("from") is not None else "?"
            row = pr.buttons[0].rect.unionall([b.rect for b in pr.buttons[1:]])
            draw_offer(surf, offer, who, row, ctx.scale)
        for b in pr.buttons:
            b.draw(surf)
        if pr.choice_buttons:
            draw_choices(surf, pr.choice, pr.choice_buttons, v, ctx.scale)


class StatusLine(Element):
    """"Your turn" and the keys, above the hand, when the player discards and the prompt offers nothing."""

    def __init__(self, ctx: TableContext):
        self.ctx = ctx

    def draw(self, surf: pygame.Surface) -> None:
        assert self.ctx.layout is not None
        how = "table.your_turn_one_tap" if self.ctx.app.settings.one_tap else "table.your_turn_keys"
        draw_status(surf, strings.tr("table.your_turn") + "  ·  " + strings.tr(how),
                    self.ctx.layout, self.ctx.app.size, self.ctx.scale)


def _hl(mark: str | None) -> str | None:
    return mark if mark in ("wild", "standin", "chicken") else None


def draw_waiting(surf: pygame.Surface, what: str, layout: TableLayout, size: tuple[int, int], now: float,
                 scale: float) -> None:
    """After my claim: a pill saying a higher claim may still come (its dots run)."""
    s = scale
    text = strings.tr("table.wait_higher", what=what)
    y = layout.hand_top - round(56 * s)
    tw = widgets.text_width(text, round(17 * s), "bold") + round(36 * s)
    r = pygame.Rect(0, 0, tw, round(38 * s))
    r.midbottom = (size[0] // 2, y)
    widgets.panel(surf, r, (40, 30, 8), 230, r.h // 2, 2, widgets.GOLD)
    k = int(now * 2.5) % 4
    widgets.draw_text(surf, text + "." * k, (r.x + round(18 * s), r.centery), round(17 * s), widgets.CREAM, "bold",
                      anchor="midleft")


def draw_offer(surf: pygame.Surface, offer: dict, who: str, row: pygame.Rect, scale: float) -> None:
    """The tile on offer and who let it go, just above the prompt's buttons (clear of the player's discards)."""
    s = scale
    tw = round(46 * s)
    bw, bh = tileart.tile_size(tw)
    box = pygame.Rect(0, 0, bw + round(150 * s), bh + round(20 * s))
    box.bottomright = (row.right, row.top - round(14 * s))
    widgets.panel(surf, box, (10, 28, 22), 220, round(12 * s), 2, widgets.GOLD)
    key = "table.rob_offer" if offer.get("kind") == "rob" else "table.offer"
    widgets.draw_text(surf, strings.tr(key, who=who), (box.x + round(12 * s), box.centery - round(10 * s)),
                      round(14 * s), widgets.CREAM, "bold", anchor="midleft", max_width=round(130 * s))
    widgets.draw_text(surf, strings.tile_name(offer["tile"]), (box.x + round(12 * s), box.centery + round(12 * s)),
                      round(16 * s), widgets.GOLD, "bold", anchor="midleft", max_width=round(130 * s))
    tileart.draw_tile(surf, offer["tile"], (box.right - bw - round(10 * s), box.y + round(10 * s)), tw,
                      highlight="last")


def draw_choices(surf: pygame.Surface, choice: str | None, choice_buttons: list[ChoiceButton], view: dict,
                 scale: float) -> None:
    """The open list of alternatives (which chow, which kong), each with its tiles."""
    s = scale
    title = strings.tr("table.choose_chow" if choice == "chow" else "table.choose_kong")
    grid = choice_buttons[0].rect.unionall([b.rect for b in choice_buttons[1:]])
    widgets.draw_text(surf, title, (grid.x, grid.y - round(6 * s)), round(15 * s), widgets.GOLD, "bold",
                      anchor="bottomleft", shadow=True)
    tw = round(30 * s)
    cw, ch = tileart.tile_size(tw)
    for b in choice_buttons:
        b.draw(surf)
        a = b.action
        offer_t = (view.get("offer") or {}).get("tile")
        x = b.rect.x + round(14 * s)
        y = b.rect.centery - ch // 2
        marks = tile_marks(view)
        for t in choice_tiles(a):
            hl = "last" if (a.kind == "chow" and t == offer_t) else _hl(marks.get(t)) if t is not None else None
            tileart.draw_tile(surf, t, (x, y), tw, highlight=hl)
            x += cw + 2


def draw_status(surf: pygame.Surface, text: str, layout: TableLayout, size: tuple[int, int], scale: float) -> None:
    s = scale
    y = layout.hand_top - round(30 * s)
    widgets.draw_text(surf, text, (size[0] // 2, y), round(15 * s), (255, 236, 170), "bold",
                      anchor="midbottom", shadow=True)
