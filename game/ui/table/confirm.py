"""The question before a hand's first 幺鸡 / 八筒 goes, in the chicken games (asked once per hand, can be switched off).

Nobody has discarded that chicken yet this hand: unclaimed it becomes the player's
冲锋鸡 (worth more if they end ready, owed at that value if not); ponged or konged it
becomes a 责任鸡 they pay the claimer (chicken.md). ``guard(tile, go)`` is the hand's
hook: True lets the discard go; False means the question opened and ``go()`` runs
on "discard". Esc (or "keep") closes it, Enter or Space discards. "Don't ask again"
turns the player's setting off.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.rules.variants import get as get_variant
from game.rules.variants.chicken import ChickenGame
from game.ui.kit import strings, widgets
from game.ui.kit.elements import Element
from game.ui.table.context import TableContext


def first_chicken(view: dict | None, tile: int) -> bool:
    """Whether discarding ``tile`` now would be the hand's first discard of a default chicken (a chicken game)."""
    if view is None:
        return False
    try:
        variant = get_variant(view["variant"])
    except ValueError:
        return False
    if not isinstance(variant, ChickenGame):
        return False
    if tile not in ((view.get("public") or {}).get("default_chickens") or []):
        return False
    return not any(d["tile"] == tile for s in view["seats"] for d in s["discards"])


class ChickenQuestion(Element):
    """The modal question (takes every input while open)."""

    takes = None
    modal = True

    def __init__(self, ctx: TableContext, version: Callable[[], int]):
        self.ctx = ctx
        self.version = version  # the table's decisions sent so far: one going out (托管, the timer) closes it
        self.tile: int | None = None
        self.go: Callable[[], None] | None = None
        self.asked: set[tuple] = set()  # the hands it asked in (once per hand)
        self.buttons: list[widgets.Button] = []
        self._opened_at: tuple | None = None

    @property
    def open(self) -> bool:
        return self.tile is not None

    def _hand_key(self) -> tuple:
        v = self.ctx.view or {}
        return (v.get("hand_no"), v.get("dealer"), v.get("dealer_streak"), tuple(s.get("score", 0) for s in
                                                                                    v.get("seats", [])))

    def guard(self, tile: int, go: Callable[[], None]) -> bool:
        """The hand's hook before a discard: True to go ahead, False when the question opened."""
        if not self.ctx.app.settings.chicken_confirm or not first_chicken(self.ctx.view, tile):
            return True
        key = self._hand_key()
        if key in self.asked:
            return True
        self.asked.add(key)
        self.tile, self.go = tile, go
        self._opened_at = (self.version(), (self.ctx.view or {}).get("version"))
        self.layout()
        self.ctx.app.invalidate()
        return False

    def close(self) -> None:
        self.tile = self.go = None
        self.ctx.app.invalidate()

    def yes(self) -> None:
        go = self.go
        self.close()
        if go is not None:
            go()

    def never(self) -> None:
        """Don't ask again: the player's setting goes off, and this discard goes."""
        app = self.ctx.app
        app.settings.chicken_confirm = False
        app.save_settings()
        self.yes()

    # ------------------------------------------------------------ element
    def layout(self) -> None:
        s = self.ctx.scale
        box = self.box()
        bw, bh = round(150 * s), round(46 * s)
        gap = round(14 * s)
        y = box.bottom - round(20 * s) - bh
        x = box.centerx - (3 * bw + 2 * gap) // 2
        self.buttons = [
            widgets.Button((x, y, bw, bh), widgets.tr_label("chicken_q.discard"), self.yes, "gold", name="discard",
                     hotkey="Enter", size=round(16 * s)),
            widgets.Button((x + bw + gap, y, bw, bh), widgets.tr_label("chicken_q.keep"), self.close, "dark",
                           name="keep", hotkey="Esc", size=round(16 * s)),
            widgets.Button((x + 2 * (bw + gap), y, bw, bh), widgets.tr_label("chicken_q.never"), self.never, "blue",
                     name="never", size=round(14 * s)),
        ]

    def box(self) -> pygame.Rect:
        W_, H_ = self.ctx.app.size
        s = self.ctx.scale
        r = pygame.Rect(0, 0, round(560 * s), round(236 * s))
        r.center = (W_ // 2, round(H_ * 0.42))
        return r

    def update(self, now: float) -> None:
        if self.open and self._opened_at != (self.version(), (self.ctx.view or {}).get("version")):
            self.close()  # the moment passed: a decision went out (托管, the timer) or the game moved on

    def handle(self, ev: pygame.event.Event) -> bool:
        if any(b.handle(ev) for b in self.buttons):
            return True
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                self.close()
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.yes()
        return True

    def draw(self, surf: pygame.Surface) -> None:
        if self.tile is None:
            return
        s = self.ctx.scale
        widgets.dim_screen(surf, 90)
        box = self.box()
        widgets.panel(surf, box)
        name = strings.tile_name(self.tile)
        widgets.draw_text(surf, strings.tr("chicken_q.title", tile=name), (box.centerx, box.y + round(18 * s)),
                    round(24 * s), widgets.GOLD, "serif", anchor="midtop", max_width=box.w - round(30 * s))
        fs = max(12, round(15 * s))
        y = box.y + round(60 * s)
        for ln in widgets.wrap(strings.tr("chicken_q.body", tile=name), fs, box.w - round(50 * s))[:4]:
            widgets.draw_text(surf, ln, (box.x + round(25 * s), y), fs, widgets.CREAM)
            y += round(fs * 1.45)
        for b in self.buttons:
            b.draw(surf)
