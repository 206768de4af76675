"""The table's keys while a hand is played (what each means is ``prompt.key_command``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from game.ui.kit.elements import Element
from game.ui.table.context import TableContext
from game.ui.table.prompt import key_command


class Hand(Protocol):
    """What the keys do to the hand (``handview.HandView``)."""

    sel: int | None
    hover: int | None

    def tiles(self) -> list[int]: ...
    def select(self, i: int | None, sound: bool = False) -> None: ...
    def drop_selection(self) -> None: ...
    def discard(self, i: int) -> None: ...


class Claims(Protocol):
    """What the keys do to the claim prompt (``promptview.PromptView``)."""

    @property
    def choice(self) -> str | None: ...
    def close_choice(self) -> None: ...
    def press_number(self, n: int) -> None: ...


class TableKeys(Element):
    """Keys at the table while a hand is played: arrows, Home/End and Enter/Space/Up move, raise and discard
    tiles of the hand; 1-9 press the prompt's buttons; Esc closes the list, lowers the tile, or opens the menu;
    H hints."""

    takes = frozenset({pygame.KEYDOWN})

    def __init__(self, ctx: TableContext, hand: Hand, prompt: Claims, pause: Callable[[], None],
                 hints: Callable[[], None]):
        self.ctx = ctx
        self.hand = hand
        self.prompt = prompt
        self.pause = pause
        self.hints = hints

    def handle(self, ev: pygame.event.Event) -> bool:
        ctx, hand, prompt = self.ctx, self.hand, self.prompt
        if ctx.view is None:
            return False
        disp = hand.tiles()
        cmd, arg = key_command(ev.key, len(disp), hand.sel, bool(prompt.choice), bool(ctx.legal("discard")),
                               ctx.view.get("drawn") is not None, hand.hover)
        if cmd == "close_choice":
            prompt.close_choice()
        elif cmd == "unselect":
            hand.drop_selection()
        elif cmd == "pause":
            self.pause()
        elif cmd in ("move", "select"):
            hand.select(arg, sound=cmd == "move")
        elif cmd == "discard" and arg is not None:
            hand.select(arg)
            hand.discard(arg)
        elif cmd == "hints":
            self.hints()
        elif cmd == "button" and arg is not None:
            prompt.press_number(arg)
        return bool(cmd)
