"""The first LAN use asks for the player's name (offered: the computer's user name), then goes on where it was going.

Players at a LAN table see each other by name; a game's default name ("玩家" /
"Player") would make two seats look alike. The question comes once: before the
first join, host or watch screen while the player has no name of their own.
Esc goes back to the menu; the name can be changed later in the settings.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.ui import nav
from game.ui.app import Scene
from game.ui.kit import strings, widgets
from game.ui.kit.names import NAME_MAX, clean_name, computer_name
from game.ui.table.tableview import background


def needs_name(app: Any) -> bool:
    """The player has never been asked and has no name of their own."""
    st = app.settings
    return not st.lan_named and not st.name


def first_use(app: Any, target: str, **kw: Any):
    """The screen ``target`` (a LAN screen by its nav name), after the name question if it is the first time."""
    if needs_name(app):
        return NamePrompt(app, lambda: nav.go(app, target, **kw))
    return nav.screen(app, "lan_" + target, **kw)


def join_first(app: Any, **kw: Any):
    return first_use(app, "join", **kw)


def host_first(app: Any, **kw: Any):
    return first_use(app, "host", **kw)


def watch_first(app: Any, **kw: Any):
    return first_use(app, "watch", **kw)


class NamePrompt(Scene):
    """One question: the name others will see."""

    name = "lan_name"

    def __init__(self, app, then: Callable[[], None]):
        super().__init__(app)
        self.then = then
        self.text = clean_name(app.settings.name) or computer_name()

    def layout(self) -> None:
        s = self.s
        W_ = self.app.size[0]
        box = self.box()
        fw, fh = round(420 * s), round(48 * s)
        self.field = widgets.TextInput((W_ // 2 - fw // 2, box.y + round(120 * s), fw, fh),
                                       widgets.tr_label("lan.name_label"), self.text, self._typed,
                                       placeholder=widgets.tr_label("player.you"), max_len=NAME_MAX, label_w=0.3)
        self.field.activate()  # type at once
        bw, bh = round(180 * s), round(50 * s)
        y = box.bottom - round(24 * s) - bh
        self.ok_btn = widgets.Button((W_ // 2 + round(10 * s), y, bw, bh), widgets.tr_label("lan.name_ok"), self.ok,
                                     "gold", name="ok", hotkey="Enter", size=round(18 * s))
        self.back_btn = widgets.Button((W_ // 2 - round(10 * s) - bw, y, bw, bh), widgets.tr_label("common.back"),
                                       self.back, "dark", name="back", hotkey="Esc", size=round(18 * s))

    def box(self) -> pygame.Rect:
        W_, H_ = self.app.size
        s = self.s
        r = pygame.Rect(0, 0, round(640 * s), round(300 * s))
        r.center = (W_ // 2, H_ // 2)
        return r

    def _typed(self, text: str) -> None:
        self.text = text

    def ok(self) -> None:
        st = self.app.settings
        st.name = clean_name(self.text) or clean_name(computer_name())
        st.lan_named = True
        self.app.save_settings()
        self.then()

    back = nav.leads_to("menu")

    def handle(self, ev) -> None:
        for w in (self.field, self.ok_btn, self.back_btn):
            if w.handle(ev):
                return
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                self.back()
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.ok()

    def draw(self, surf) -> None:
        s = self.s
        surf.blit(background(surf.get_size()), (0, 0))
        box = self.box()
        widgets.panel(surf, box)
        widgets.draw_text(surf, strings.tr("lan.name_title"), (box.centerx, box.y + round(22 * s)), round(28 * s),
                          widgets.GOLD, "serif", anchor="midtop", max_width=box.w - round(30 * s))
        widgets.draw_text(surf, strings.tr("lan.name_why"), (box.centerx, box.y + round(72 * s)), round(15 * s),
                          widgets.CREAM, anchor="midtop", max_width=box.w - round(40 * s))
        self.field.draw(surf, True)
        self.ok_btn.draw(surf)
        self.back_btn.draw(surf)
