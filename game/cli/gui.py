"""``python -m game`` (the menu) and ``python -m game play --variant V [--seed N] [--opt k=v]`` (a table).

``play --auto`` puts the player's seat on 托管; ``--quit-on settlement|match-end`` exits 0
once that screen has been flipped to the display, 1 after ``QUIT_ON_TIMEOUT`` seconds
without it (tests and demos drive the real main loop this way, with no input at all).
"""

from __future__ import annotations

import os
import random
from pathlib import Path

from ..errors import UsageError

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

QUIT_ON_TIMEOUT = 120.0
AUTO_PACE = 0.25  # ``--auto`` bots (and 托管) wait this fraction of a player's pace: a hand takes seconds, not minutes


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


def _demo_args(args) -> tuple[str | None, int | None]:
    from game.rules.variants import get

    vid = getattr(args, "variant", None)
    if vid is not None:
        try:
            vid = get(vid).id
        except ValueError as e:
            raise UsageError(str(e)) from None
    return vid, getattr(args, "seed", None)


def main(args) -> int:
    play = getattr(args, "cmd", None) == "play"
    demo = _demo_args(args) if getattr(args, "cmd", None) == "demo" else None
    table = _table_args(args) if play else None  # bad input fails before a window opens
    if play and args.hands is not None and args.hands < 1:
        raise UsageError("--hands must be at least 1")
    if play and args.save:
        folder = Path(args.save).resolve().parent
        if not folder.is_dir():
            raise UsageError(f"no such folder for --save: {folder}")
    try:
        import pygame  # noqa: F401
    except ImportError:
        raise UsageError("pygame-ce is not installed: pip install pygame-ce") from None
    import game.startclock as startclock
    from game.ui.app import App
    from game.ui.menus.scenes import MenuScene, start_local_table

    startclock.mark("imports")
    try:
        app = App()
    except Exception as e:  # noqa: BLE001 - no display etc.: one line, not a traceback
        raise UsageError(f"cannot open the window: {e}") from None
    startclock.mark("window")
    if demo is not None:
        from game.ui import nav

        pin, seed = demo
        nav.go(app, "demo", pin=pin or "", seed=seed)
    elif table is not None:
        variant, options, seed = table
        n = variant.players(options)
        hands = args.hands or app.settings.last_hands or 8
        start_local_table(app, variant, options, hands, seed, [None] + ["normal"] * (n - 1))
        from game.ui.table.scene import TableScene

        sc = app.scene
        assert isinstance(sc, TableScene)
        if args.save:
            sc.save_to = Path(args.save)
        if args.auto:
            sc.keep = False  # a script's run is no one's match: not in the replays, nothing to continue
            sc.pace = AUTO_PACE
            sc.switches.set_auto(True)
        if args.quit_on:
            return _run_until(app, args.quit_on)
    else:
        app.goto(MenuScene(app))
    return app.run()


def _run_until(app, what: str) -> int:
    """Run the real main loop until ``what`` has been drawn to the display: 0, or 1 after the timeout."""
    from game.ui.table.match_end import MatchEndScene
    from game.ui.table.scene import TableScene

    reached: list[str] = []

    def check() -> None:
        sc = app.scene
        if what == "settlement" and isinstance(sc, TableScene) and sc.shown == "settlement":
            reached.append(f"settlement of hand {sc.view['hand_no'] + 1} drawn")
        elif what == "match-end" and isinstance(sc, MatchEndScene):
            lines = [f"hand {i + 1}: " + " ".join(f"{d:+d}" for d in r["deltas"]) for i, r in enumerate(sc.results)]
            saved = getattr(app, "last_replay", None)
            reached.append("\n".join(["match end drawn", *lines] + ([f"match saved: {saved}"] if saved else [])))
        if reached:
            app.quit()

    app.on_flip.append(check)
    limit = float(os.environ.get("YUNGUI_QUIT_ON_TIMEOUT", QUIT_ON_TIMEOUT))  # tests of the exit-1 path
    code = app.run(limit)
    if code:  # a crash: its message was shown and its report named
        return code
    if reached:
        print(reached[0], flush=True)
        return 0
    print(f"error: no {what} screen after {limit:g} s", flush=True)
    return 1
