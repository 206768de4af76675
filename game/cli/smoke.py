"""``python -m game --smoke``: start, render one frame off-screen, check the assets and the rules core, exit 0."""

from __future__ import annotations

import os
import sys
import time


def main(args=None) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    # no SDL_AUDIODRIVER default: the audio check opens the device the game itself would open
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    t0 = time.perf_counter()
    problems = []
    from game.ui.kit import fonts
    from game.ui.kit.assets import asset_path

    for style in fonts.FONT_FILES:
        if not fonts.font_path(style).is_file():
            problems.append(f"missing font {fonts.font_path(style)}")
    if not asset_path("fonts", fonts.LICENSE_FILE).is_file():
        problems.append("missing font licence")
    # rules core: every registered variant deals and plays a hand with bots
    from game.bots import make_bot
    from game.bots.core import Player
    from game.rules.actions import Action
    from game.rules.match import Match, play_hand
    from game.rules.state import HandState
    from game.rules.variants import all_variants
    from game.rules.view import view

    variants = all_variants()
    for v in variants:
        try:
            m = Match(v, None, 1, 1)
            bots = [make_bot("simple", i) for i in range(m.n)]

            def decide(st: HandState, seat: int, legal: list[Action], bots: list[Player] = bots) -> Action:
                return bots[seat].act(view(st, seat))

            play_hand(m, decide)
        except Exception as e:  # noqa: BLE001
            problems.append(f"{v.id}: {type(e).__name__}: {e}")
    # one frame of the table, off-screen
    import pygame

    from game.ui.app import App
    from game.ui.menus.scenes import start_local_table
    from game.ui.settings import Settings

    app = App(size=(1280, 720), settings=Settings(), save=False)
    v = variants[0]
    start_local_table(app, v, v.resolve_options({}), 1, 7, [None] + ["normal"] * 3)
    app.frame([], 0.016)
    surf = app.screen
    if pygame.transform.average_color(surf)[:3] == (0, 0, 0):
        problems.append("the first frame is blank")
    for p in problems:
        print(f"smoke: {p}", file=sys.stderr)
    if problems:
        return 1
    print(f"smoke ok: {len(variants)} variant(s) {', '.join(x.id for x in variants)}; one frame rendered "
          f"in {time.perf_counter() - t0:.2f} s; {app.sound.describe()}")
    return 0
