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
