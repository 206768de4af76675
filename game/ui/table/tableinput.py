"""The table scene's input: clicks and keys matched against the layout drawn last, in the order they reach it.

What a key means is ``prompt.key_command`` (pure); this module routes an event to
the overlay that owns it (the pause menu, a lost-host panel, the settlement, the
idle offer, the switch dock, the prompt) or to the player's hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.actions import Action
from game.rules.kinds import ActionKind
from game.ui.kit import strings
from game.ui.table import prompt

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene

INPUT_EVENTS = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL)


def handle(sc: TableScene, ev) -> None:
    if ev.type in INPUT_EVENTS:
        sc.comforts.touch(sc.app.now)
    for b in sc.switches.overlay_buttons():  # a lost host, the idle offer: panels over the table
        if b.handle(ev):
            return
    if sc.link.state == "lost":
        return
    if sc.paused:
        for b in sc.pause_buttons:
            if b.handle(ev):
                return
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            esc_leave(sc)
        return
    if ev.type == pygame.KEYDOWN and _switch_key(sc, ev.key):
        return
    if sc.settle is not None and not sc.look:
        for b in sc.switches.dock:
            if b.handle(ev):
                return
        sc.settle.handle(ev)
        return
    if sc.look:
        if ev.type == pygame.KEYDOWN or (ev.type == pygame.MOUSEBUTTONUP and ev.button == 1):
            sc.look = False
        return
    for b in sc.top_buttons + (sc.switches.dock if sc.session.seat is not None else []):
        if b.handle(ev):
            return
    if sc.hand_over():
        if sc.waiting_next:
            if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
                esc_leave(sc)
            return
        if ev.type == pygame.KEYDOWN or (ev.type == pygame.MOUSEBUTTONUP and ev.button == 1):
            sc.settle_at = None
            sc.show_settlement()
        return
    sc._refresh_buttons()
    for b in sc.prompt.choice_buttons + sc.prompt.buttons:
        if b.handle(ev):
            return
    if ev.type == pygame.MOUSEMOTION:
        sc.hover = tile_at(sc, ev.pos)
        sc.compass_hover = sc.L is not None and sc.L.compass_rect().collidepoint(ev.pos)
    elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
        i = tile_at(sc, ev.pos)
        if i is not None:
            click_tile(sc, i)
        elif sc.prompt.choice:
            sc.prompt.close_choice()
    elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 3:
        sc.sel = None
        sc.prompt.close_choice()
    elif ev.type == pygame.KEYDOWN:
        key(sc, ev)


def _switch_key(sc: TableScene, k: int) -> bool:
    """T: 托管, J: 记牌器 (also over the settlement, so 托管 can be stopped there)."""
    if k == pygame.K_t:
        sc.switches.toggle_auto()
        return True
    if k == pygame.K_j and sc.settle is None:
        sc.switches.toggle_tracker()
        return True
    return False


LEAVE_WINDOW = 3.0  # seconds a second Esc leaves the table after the first one asked


def esc_leave(sc: TableScene) -> None:
    """Esc asks first; a second Esc while that question shows (LEAVE_WINDOW seconds) leaves the table."""
    if sc._leave_armed is not None and sc.app.now - sc._leave_armed <= LEAVE_WINDOW:
        sc._leave_armed = None
        sc.leave_table()
        return
    sc._leave_armed = sc.app.now
    sc.app.notice(lambda: strings.tr("table.leave_confirm"), LEAVE_WINDOW, anchor=lambda: leave_button(sc))


def leave_button(sc: TableScene) -> pygame.Rect | None:
    """The on-screen button that also leaves (the question shows above it, not over a title)."""
    if sc.paused:
        return next((b.rect for b in sc.pause_buttons if b.name == "leave"), None)
    if sc.settle is not None and not sc.look:
        return next((b.rect for b in sc.settle.buttons if b.name == "leave"), None)
    return None


def key(sc: TableScene, ev) -> None:
    disp = sc.my_tiles()[0]
    cmd, arg = prompt.key_command(ev.key, len(disp), sc.sel, bool(sc.prompt.choice), bool(sc.legal("discard")),
                                  sc.view.get("drawn") is not None)
    if cmd == "close_choice":
        sc.prompt.close_choice()
    elif cmd == "unselect":
        sc.sel = None
    elif cmd == "pause":
        sc.toggle_pause()
    elif cmd in ("move", "select"):
        sc.sel = arg
        if cmd == "move":
            sc.app.sound.play("select", 0.4)
    elif cmd == "discard" and arg is not None:
        sc.sel = arg
        discard_index(sc, arg)
    elif cmd == "hints":
        sc.toggle_hints()
    elif cmd == "button" and arg is not None:
        sc._refresh_buttons()
        row = sc.prompt.choice_buttons if sc.prompt.choice else sc.prompt.buttons
        if 1 <= arg <= len(row):
            row[arg - 1].activate()


def tile_at(sc: TableScene, pos) -> int | None:
    for rect, _t, i in reversed(sc.hand_rects):
        if rect.collidepoint(pos):
            return i
    return None


def click_tile(sc: TableScene, i: int) -> None:
    if sc.sel == i and sc.legal("discard"):
        discard_index(sc, i)
        return
    sc.sel = i
    sc.app.sound.play("select", 0.4)
    disp = sc.my_tiles()[0]
    if sc.legal("discard") and i < len(disp):
        hints = sc.current_hints()
        t = disp[i]
        if hints and t in hints.blocked:
            sc.app.notice(strings.tr("hint.cannot_discard", why=hints.blocked[t]), 3)


def discard_index(sc: TableScene, i: int) -> None:
    disp = sc.my_tiles()[0]
    if not 0 <= i < len(disp):
        return
    t = disp[i]
    legal = sc.legal("discard")
    if not any(a.tile == t for a in legal):
        hints = sc.current_hints()
        why = hints.blocked.get(t) if hints else None
        if why and legal:
            sc.app.notice(strings.tr("hint.cannot_discard", why=why), 3)
        return
    sc.send(Action(sc.me, ActionKind.DISCARD, t))
