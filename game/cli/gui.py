"""``python -m game`` (the menu) and ``python -m game play --variant V [--seed N] [--opt k=v]`` (a table)."""

from __future__ import annotations

import os
import random

from .errors import UsageError

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _table_args(args):
    from game.rules.options import OptionError, parse_kv
    from game.rules.variants import get

    try:
        variant = get(args.variant)
        options = variant.resolve_options(parse_kv(getattr(args, "opt", []) or []))
    except (ValueError, OptionError) as e:
        raise UsageError(str(e)) from None
    seed = args.seed if getattr(args, "seed", None) is not None else random.randrange(1, 10**9)
    return variant, options, seed


def main(args) -> int:
    play = getattr(args, "cmd", None) == "play"
    table = _table_args(args) if play else None  # bad input fails before a window opens
    try:
        import pygame  # noqa: F401
    except ImportError:
        raise UsageError("pygame-ce is not installed: pip install pygame-ce") from None
    from game.ui.app import App
    from game.ui.scenes import MenuScene, start_local_table

    try:
        app = App()
    except Exception as e:  # noqa: BLE001 - no display etc.: one line, not a traceback
        raise UsageError(f"cannot open the window: {e}") from None
    if table is not None:
        variant, options, seed = table
        n = variant.players(options)
        start_local_table(app, variant, options, app.settings.last_hands or 8, seed, [None] + ["normal"] * (n - 1))
    else:
        app.goto(MenuScene(app))
    return app.run()
