"""Helpers for the window's LAN tests: a player's app, frames until something shows, a join list of given rows."""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from game.ui.app import App
from game.ui.kit import drawlog
from game.ui.settings import Settings


def player_app(size: tuple[int, int] = (1280, 720)) -> App:
    """A headless window of the player 阿明, no animations, sound or saving."""
    return App(size=size, settings=Settings(anim="off", sound=False, name="阿明"), save=False, sound=False)


def frames(app: App, pred: Callable[[], object], timeout: float = 120.0, dt: float = 0.05) -> bool:
    """Draw frames of ``dt`` seconds of game time until ``pred()`` holds (True) or ``timeout`` seconds pass (False)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        app.frame([], dt)
        if pred():
            return True
        time.sleep(0.02)
    return False


class Rows:
    """A browser that lists given rows (the real one needs multicast; the rows point at a real host)."""

    def __init__(self, rows: list[dict]):
        self.rows = rows

    def tables(self) -> list[dict]:
        return self.rows

    def close(self) -> None:
        pass


def join_list(app: App, rows: list[dict]):
    """The join screen listing ``rows`` (no discovery of its own), drawn once."""
    from game.ui.lan import lobby

    js = lobby.JoinScene(app)
    js.enter = js.layout  # no multicast: the rows come from Rows
    app.goto(js)
    js.browser = Rows(rows)
    app.frame([], 0.05)
    return js


def type_text(app: App, text: str) -> None:
    """Type ``text`` and press Enter (through pygame's event queue, as a keyboard would)."""
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    app.frame(None, 0.05)


def drawn_texts(app: App, dt: float = 0.05) -> list[str]:
    """The texts that one frame of ``app`` (``dt`` seconds of its loop, then its drawing) puts on the screen."""
    with drawlog.recording(app.screen) as log:
        app.frame([], dt)
        app.draw()
    return [it.text for it in log.items if getattr(it, "text", None)]
