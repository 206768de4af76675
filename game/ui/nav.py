"""Going from screen to screen by name: every screen listed once, so a screen leads anywhere without importing it."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.ui.app import App, Scene

# name -> (module, factory called with the app and keyword arguments)
SCREENS: dict[str, tuple[str, str]] = {
    "menu": ("game.ui.menus.scenes", "MenuScene"),
    "setup": ("game.ui.menus.scenes", "SetupScene"),
    "settings": ("game.ui.menus.scenes", "SettingsScene"),
    "local_table": ("game.ui.table.local", "local_table"),
    "resume_table": ("game.ui.table.local", "resume_table"),
    "records": ("game.ui.menus.records", "RecordsScene"),
    "demo": ("game.ui.menus.demo_scene", "DemoScene"),
    "calculator": ("game.ui.calc.calculator", "CalculatorScene"),
    "rules": ("game.ui.menus.rulesview", "RulesScene"),
    "replays": ("game.ui.menus.replays", "ReplaysScene"),
    # the LAN screens ask for the player's name on the first LAN use (game.ui.lan.nameprompt), then go on to:
    "host": ("game.ui.lan.nameprompt", "host_first"),
    "join": ("game.ui.lan.nameprompt", "join_first"),
    "watch": ("game.ui.lan.nameprompt", "watch_first"),
    "lan_host": ("game.ui.lan.lobby", "host_scene"),
    "lan_join": ("game.ui.lan.lobby", "JoinScene"),
    "lan_watch": ("game.ui.lan.watch_screen", "watch_screen"),
}


# name -> (module, factory): parts a screen shows that belong to another room (the menu's "a seat is kept for you")
PARTS: dict[str, tuple[str, str]] = {
    "held_seats": ("game.ui.lan.comeback", "held_panel"),  # light: the LAN stack loads when a seat is taken back
    "rejoin_seat": ("game.ui.lan.lobby", "rejoin"),
}


def part(app: App, name: str, **kw: Any) -> Any:
    """A part by name, made by its own room (None when it has nothing to show)."""
    module, factory = PARTS[name]
    return getattr(importlib.import_module(module), factory)(app, **kw)


def screen(app: App, name: str, **kw: Any) -> Scene:
    """A new screen by name (a name not in ``SCREENS`` is a KeyError: a bug, not a user error)."""
    module, factory = SCREENS[name]
    # a screen's module loads on its first visit: the window opens having loaded only the menu
    return getattr(importlib.import_module(module), factory)(app, **kw)


def go(app: App, name: str, **kw: Any) -> None:
    app.goto(screen(app, name, **kw))


def leads_to(name: str) -> Callable[[Any], None]:
    """A scene's method that goes to screen ``name`` (a button's action): ``records = nav.leads_to("records")``."""

    def go_there(scene: Any) -> None:
        go(scene.app, name)

    go_there.__doc__ = f"Go to the {name} screen."
    return go_there
