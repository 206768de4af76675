"""The table's switch dock (bottom right): 托管, 记牌器, 自动胡, 不吃碰杠 as toggle chips."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.kit import widgets


class Toggle(widgets.Button):
    """A chip that shows whether its switch is on (gold) or off (dark)."""

    def __init__(self, rect, label, on_click: Callable[[], None], is_on: Callable[[], bool], hotkey: str | None,
                 name: str, size: int, enabled: bool = True):
        super().__init__(rect, label, on_click, "dark", hotkey=hotkey, size=size, name=name, enabled=enabled)
        self.is_on = is_on

    @property
    def style(self) -> str:
        return "gold" if self.is_on() else "dark"

    @style.setter
    def style(self, _value: str) -> None:
        pass  # the switch's state decides


# (name, label key, hotkey): the chips in reading order, two per row
CHIPS = (("auto", "comfort.auto", "T"), ("tracker", "comfort.tracker", "J"),
         ("auto_win", "comfort.auto_win", None), ("no_claims", "comfort.no_claims", None))


def dock_rect(size: tuple[int, int], scale: float) -> pygame.Rect:
    s = scale
    w, h = round(208 * s), round(76 * s)
    return pygame.Rect(size[0] - round(14 * s) - w, size[1] - round(12 * s) - h, w, h)


def toggles(size: tuple[int, int], scale: float, actions: dict[str, Callable[[], None]],
            states: dict[str, Callable[[], bool]], enabled: dict[str, bool]) -> list[Toggle]:
    """The chips, laid out in the dock; ``actions``/``states`` by chip name (a chip left out is not shown)."""
    s = scale
    box = dock_rect(size, s)
    gap = round(6 * s)
    cw, ch = (box.w - gap) // 2, (box.h - gap) // 2
    out = []
    shown = [c for c in CHIPS if c[0] in actions]
    for i, (name, key, hot) in enumerate(shown):
        col, row = i % 2, i // 2
        rect = (box.x + col * (cw + gap), box.y + row * (ch + gap), cw, ch)
        out.append(Toggle(rect, widgets.tr_label(key), actions[name], states[name], hot, name,
                          max(12, round(14 * s)), enabled.get(name, True)))
    return out
