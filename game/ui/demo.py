"""Demo mode: bots play each other on screen, cycling through the games, with captions; any key leaves."""

from __future__ import annotations

import random

import pygame

from game.session import LocalSession
from game.ui import nav, strings
from game.ui import widgets as W
from game.ui.local import make_bots
from game.ui.names import KNOWN_VARIANTS, bot_name, variant_name
from game.ui.scenes import registered
from game.ui.table import TableScene

SHOW_RESULTS = 5.0  # seconds the settlement stays before the next game


def demo_variants() -> list:
    reg = registered()
    out = [reg[vid] for vid, _zh, _en in KNOWN_VARIANTS if vid in reg and vid != "kunming"]
    return out or list(reg.values())


def demo_session(variant, seed):
    opts = variant.resolve_options({})
    n = variant.players(opts)
    levels = ["normal"] * n
    bots = make_bots(levels, seed)
    names = [bot_name(i + 1, levels[i]) for i in range(n)]
    return LocalSession(variant, opts, seed, 1, bots=bots, seat=None, names=names), names


class DemoScene(TableScene):
    name = "demo"
    demo = True

    def __init__(self, app, index: int = 0, seed: int | None = None):
        self.variants = demo_variants()
        self.index = index % max(1, len(self.variants))
        self.seed = seed if seed is not None else random.randrange(1, 10**6)
        variant = self.variants[self.index]
        session, names = demo_session(variant, self.seed)
        super().__init__(app, session, variant, names=names, hands_total=1, bot_levels=["normal"] * len(names))
        self.next_game_at = None

    def save_replay(self, finished: bool) -> None:
        pass  # demo games are not kept

    def _set_reveal(self) -> None:
        self.render.reveal = self.session.open_hands()

    def _bot_delay(self) -> float:
        f = self.app.settings.anim_factor
        return 0.3 if f <= 0 else max(0.3, 0.7 * f)

    def current_hints(self):
        return None

    def show_settlement(self) -> None:
        super().show_settlement()
        self.next_game_at = self.app.now + SHOW_RESULTS

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.next_game_at is not None and self.app.now >= self.next_game_at:
            self.next_game_at = None
            self.next_game()

    def next_game(self) -> None:
        nxt = DemoScene(self.app, self.index + 1, self.seed + 1)
        nxt.captions = [[strings.tr("demo.next", variant=variant_name(nxt.variant)), self.app.now]]
        self.app.goto(nxt)

    def busy(self) -> bool:
        return True

    def handle(self, ev) -> None:
        if ev.type == pygame.KEYDOWN or ev.type == pygame.MOUSEBUTTONDOWN:
            nav.go(self.app, "menu")

    def layout(self) -> None:
        super().layout()
        self.top_buttons = []

    def draw(self, surf) -> None:
        super().draw(surf)
        s = self.s
        text = strings.tr("demo.caption", variant=variant_name(self.variant))
        r = pygame.Rect(0, 0, W.text_width(text, round(16 * s), "bold") + round(40 * s), round(36 * s))
        r.midbottom = (self.app.size[0] // 2, self.L.hand_top - round(16 * s))
        W.panel(surf, r, (40, 12, 8), 220, r.h // 2, 2, (255, 140, 100))
        W.draw_text(surf, text, r.center, round(16 * s), W.CREAM, "bold", anchor="center")
