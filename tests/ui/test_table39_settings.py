"""issue 39's player settings and the LAN name offered on first use: defaults, round trip, bad values."""

import getpass

import pytest

from game.ui import settings as cfg
from game.ui.kit import names


def test_table_settings_defaults():
    s = cfg.Settings()
    assert (s.ting, s.one_tap, s.chicken_confirm, s.colour_marks, s.phrases, s.timer_ticks) == (
        True, False, True, False, True, True)
    assert (s.turn_timer, s.lan_timer, s.lan_named) == (0, 15, False)


def test_timer_settings_take_their_choices_only():
    """0 (off) survives a round trip; a value that is not a choice falls back to the default."""
    s = cfg.Settings.from_json({"turn_timer": 20, "lan_timer": 0})
    assert (s.turn_timer, s.lan_timer) == (20, 0)
    s = cfg.Settings.from_json({"turn_timer": 7, "lan_timer": "15", "one_tap": "yes", "colour_marks": True})
    assert (s.turn_timer, s.lan_timer, s.one_tap, s.colour_marks) == (0, 15, False, True)
    assert cfg.Settings.from_json(cfg.Settings(turn_timer=10, lan_timer=0).to_json()).lan_timer == 0


def test_the_computer_name_is_offered(monkeypatch):
    monkeypatch.setattr(getpass, "getuser", lambda: "  li\tming\n ")
    assert names.computer_name() == "li ming"
    monkeypatch.setattr(getpass, "getuser", lambda: "x" * 50)
    assert names.computer_name() == "x" * names.NAME_MAX


@pytest.mark.parametrize("error", [OSError("no login name"), KeyError("uid"), ImportError("pwd")])
def test_no_user_name_offers_nothing(monkeypatch, error):
    """Windows without USERNAME, a container without a passwd entry: the game's own name is used instead."""
    def fail():
        raise error

    monkeypatch.setattr(getpass, "getuser", fail)
    assert names.computer_name() == ""


def _key(app, key):
    import pygame

    app.frame([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)], 0.02)


def test_the_first_lan_use_asks_for_a_name_once(app, monkeypatch):
    """issue 39: both players defaulted to "Player"; the first LAN screen now asks, offering the user name."""
    import pygame

    from game.ui import nav
    from game.ui.lan.lobby import JoinScene
    from game.ui.lan.nameprompt import NamePrompt

    monkeypatch.setattr(getpass, "getuser", lambda: "ming")
    monkeypatch.setattr(JoinScene, "enter", JoinScene.layout)  # no discovery in this test
    nav.go(app, "join")
    assert isinstance(app.scene, NamePrompt) and app.scene.field.value == "ming"
    app.frame([pygame.event.Event(pygame.TEXTINPUT, text="2")], 0.02)
    _key(app, pygame.K_RETURN)  # ends typing
    _key(app, pygame.K_RETURN)  # and takes the name
    assert isinstance(app.scene, JoinScene)
    assert app.settings.name == "ming2" and app.settings.lan_named
    nav.go(app, "menu")
    nav.go(app, "join")
    assert isinstance(app.scene, JoinScene), "asked once"


def test_a_player_with_a_name_is_not_asked_and_esc_goes_back(app, monkeypatch):
    import pygame

    from game.ui import nav
    from game.ui.lan.lobby import JoinScene
    from game.ui.lan.nameprompt import NamePrompt
    from game.ui.menus.scenes import MenuScene

    monkeypatch.setattr(JoinScene, "enter", JoinScene.layout)
    nav.go(app, "join")
    assert isinstance(app.scene, NamePrompt)
    _key(app, pygame.K_ESCAPE)  # ends typing
    _key(app, pygame.K_ESCAPE)  # back to the menu, nothing saved
    assert isinstance(app.scene, MenuScene) and not app.settings.lan_named
    app.settings.name = "老王"
    nav.go(app, "join")
    assert isinstance(app.scene, JoinScene)
