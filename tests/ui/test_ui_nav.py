"""Screen changes by name (game.ui.nav) and the display names every screen shares (game.ui.kit.names)."""

from __future__ import annotations

import importlib

import pytest

from game.ui import nav
from game.ui.app import App, Scene
from game.ui.kit import strings
from game.ui.kit.names import KNOWN_VARIANTS, level_label, variant_name, variant_title
from game.ui.settings import Settings


@pytest.mark.parametrize("name", sorted(nav.SCREENS))
def test_every_screen_name_leads_to_a_factory(name):
    module, factory = nav.SCREENS[name]
    assert callable(getattr(importlib.import_module(module), factory))


def test_going_by_name_builds_and_enters_the_screen():
    app = App(size=(1280, 720), settings=Settings(sound=False), save=False, sound=False)
    for name in ("menu", "settings", "rules", "demo", "menu"):
        nav.go(app, name)
        assert isinstance(app.scene, Scene) and app.scene.name == name
    with pytest.raises(KeyError):
        nav.go(app, "no such screen")


def test_game_names_by_id_and_by_variant():
    strings.set_lang("en")
    try:
        for vid, _zh, en in KNOWN_VARIANTS:
            assert variant_title(vid) == en
        assert variant_title("not_in_this_build") == "not_in_this_build"

        class V:
            id, name_zh, name_en = "x", "某", "Some"

        assert variant_name(V()) == "Some" and variant_name(object()) == "?"
        assert level_label("strong") == strings.tr("bot.strong") and level_label(None) == ""
    finally:
        strings.set_lang("zh")


@pytest.mark.parametrize("name", sorted(nav.PARTS))
def test_every_part_name_leads_to_a_factory(name):
    module, factory = nav.PARTS[name]
    assert callable(getattr(importlib.import_module(module), factory))


def test_the_first_frame_loads_no_lan_stack(tmp_path):
    """Issue 42 point 5: the first screen draws without zeroconf, the LAN host or cryptography (a fifth of a second
    of the first frame when the held-seat panel took them in through the lobby); they load when a LAN screen opens or
    a kept seat is taken back."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    code = ("import sys\nfrom game.cli.main import main\nmain([])\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('zeroconf', 'cryptography')"
            " or m in ('netplay.host', 'netplay.discovery', 'game.ui.lan.lobby')))")
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", YUNGUI_EXIT_AFTER_FIRST_FRAME="1",
               YUNGUI_HOME=str(tmp_path), PYTHONPATH=str(root))
    r = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, encoding="utf-8",
                       timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    lines = r.stdout.strip().splitlines()
    assert "first frame" in lines and lines[-1] == "[]", r.stdout
