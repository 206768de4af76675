"""How the window reaches the screen: on Linux through the system's own framebuffer (a quicker first frame),
unless the player says otherwise; Windows and macOS keep SDL's own choice."""

import os
import sys

import pytest

from game.ui.app import App, software_window


def test_linux_asks_for_the_systems_framebuffer():
    env: dict[str, str] = {}
    software_window(env, "linux")
    assert env == {"SDL_FRAMEBUFFER_ACCELERATION": "0"}


def test_a_players_own_setting_is_kept():
    env = {"SDL_FRAMEBUFFER_ACCELERATION": "1"}
    software_window(env, "linux")
    assert env == {"SDL_FRAMEBUFFER_ACCELERATION": "1"}


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_windows_and_macos_keep_sdls_choice(platform):
    env: dict[str, str] = {}
    software_window(env, platform)
    assert env == {}


def test_the_app_sets_it_before_the_window_opens(home, monkeypatch):
    monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", "unset")  # restored after the test
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION")
    App(size=(1024, 576), sound=False)
    expected = "0" if sys.platform.startswith("linux") else None
    assert os.environ.get("SDL_FRAMEBUFFER_ACCELERATION") == expected
