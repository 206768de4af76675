"""The window's fixtures: the player's own folders (``home``) and a headless app (``app``)."""

from __future__ import annotations

import pygame
import pytest

from game.ui.app import App
from game.ui.kit import strings
from game.ui.settings import Settings


@pytest.fixture
def home(tmp_path, monkeypatch):
    """Settings, replays, host journals and seat tokens under ``tmp_path`` (returned; ``YUNGUI_HOME`` is its
    ``home``); the window's LAN code binds loopback only; the language is 中文 again afterwards."""
    monkeypatch.setenv("YUNGUI_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("YUNGUI_LAN_INTERFACES", "127.0.0.1")
    yield tmp_path
    strings.set_lang("zh")


@pytest.fixture
def app(home, request):
    """A headless 1280x720 app with no animations, sound or saving; a module's ``APP_SETTINGS`` changes that
    (e.g. ``{"anim": "fast", "save": True}``)."""
    opts = {"anim": "off", "save": False} | getattr(request.module, "APP_SETTINGS", {})
    a = App(size=(1280, 720), settings=Settings(anim=opts["anim"], sound=False), save=opts["save"], sound=False)
    yield a
    pygame.event.clear()


def _language(code):
    old = strings.lang()
    strings.set_lang(code)
    yield
    strings.set_lang(old)


@pytest.fixture
def zh():
    """The window speaks 中文 during the test; the language before it comes back afterwards."""
    yield from _language("zh")


@pytest.fixture
def en():
    """The window speaks English during the test; the language before it comes back afterwards."""
    yield from _language("en")
