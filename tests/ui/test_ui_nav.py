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
