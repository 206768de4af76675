"""The demo scene driven through the app's frame loop (off-screen): lessons held, settlement items lit one by one,
pinning, cycling, any key back to the menu, and a long run on a fast clock with nothing accumulating."""

from __future__ import annotations

import gc
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pygame
import pytest

from game.bench.demo import clear_capped_caches
from game.ui.devtools.screenshot import make_app
from game.ui.kit import widgets
from game.ui.menus import demo_scene
from game.ui.menus.demo_scene import KEEP, DemoScene
from game.ui.menus.scenes import MenuScene

ROOT = Path(__file__).resolve().parents[2]


pytestmark = pytest.mark.usefixtures("home")


def app_with(pin: str = "", seed: int = 5, lang: str = "zh"):
    app = make_app((1280, 720), lang, anim="normal")
    app.goto(DemoScene(app, 0, seed, pin=pin))
    return app


def run_until(app, cond, dt: float = 0.1, limit: float = 900.0) -> None:
    end = app.now + limit
    while not cond() and app.now < end:
        app.frame([], dt)
    assert cond(), "timed out"


def test_any_key_or_click_returns_to_the_menu():
    for ev in (pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a"),
               pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(10, 10))):
        app = app_with()
        app.frame([], 0.1)
        app.frame([ev], 0.1)
        assert isinstance(app.scene, MenuScene)


def test_a_rule_lesson_holds_the_bots():
    """The first lessons (the deal, the 小鸡) teach rules: no bot moves until they have been up for their hold."""
    app = app_with("wenshan")
    sc = app.scene
    app.frame([], 0.05)
    assert sc.lessons and sc.lessons[-1][0].what == "teach.start"
    held_until = sc.lesson_until
    assert held_until > app.now + 1.0
    moves = len(sc.session.match.history) if hasattr(sc.session.match, "history") else None
    discards = sum(len(s["discards"]) for s in sc.view["seats"])
    while app.now < held_until - 0.1:
        app.frame([], 0.05)
    assert sum(len(s["discards"]) for s in sc.view["seats"]) == discards, moves
    run_until(app, lambda: any(lesson.what == "teach.flip.indicator" for lesson, _t in sc.lessons), 0.05)


def test_settlement_items_light_up_one_by_one_then_the_next_game():
    app = app_with("guiyang", seed=3)
    sc = app.scene
    run_until(app, lambda: sc.settle is not None, dt=0.5)
    lit = []
    while app.scene is sc:
        app.frame([], 0.25)
        if sc.settle is not None and sc.settle.focus_item is not None and (not lit or lit[-1] != sc.settle.focus_item):
            lit.append(sc.settle.focus_item)
    assert lit == [x.item for x in sc.settle_lessons]
    assert len(lit) >= 2
    nxt = app.scene
    assert isinstance(nxt, DemoScene) and nxt.variant.id == "guiyang" and nxt.hand_no == 1  # pinned


def test_unpinned_demo_cycles_through_the_games():
    app = app_with("", seed=8)
    seen = [app.scene.variant.id]
    for _ in range(4):
        sc = app.scene
        run_until(app, lambda sc=sc: app.scene is not sc, dt=0.75)
        seen.append(app.scene.variant.id)
    assert seen == ["wenshan", "yuxi", "guiyang", "zhuoji", "wenshan"]


def test_menu_choice_pins_the_demo():
    app = make_app((1280, 720), "en")
    app.goto(MenuScene(app))
    menu = app.scene
    assert isinstance(menu.demo_pin, widgets.Choice)
    menu.focus.index = menu.focus.widgets.index(menu.demo_pin)
    for _ in range(3):  # → Wenshan → Yuxi → Guiyang
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")], 0.05)
    assert app.settings.demo_variant == "guiyang"
    menu.demo()
    assert isinstance(app.scene, DemoScene) and app.scene.variant.id == "guiyang" and app.scene.pin == "guiyang"


def test_demo_command_line_rejects_an_unknown_game():
    p = subprocess.run([sys.executable, "-m", "game", "demo", "--variant", "nope"], cwd=ROOT, capture_output=True,
                       encoding="utf-8", timeout=600, env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
    assert p.returncode == 2 and p.stderr.startswith("error: unknown variant") and "Traceback" not in p.stderr


def test_lesson_card_fits_its_corner_in_both_languages():
    for lang in ("zh", "en"):
        app = app_with("yuxi", lang=lang)
        sc = app.scene
        run_until(app, lambda sc=sc: len(sc.lessons) >= 2, 0.05)
        app.dirty = True
        app.draw()
        assert len(sc.lessons) <= KEEP


@pytest.mark.soak
def test_long_run_keeps_memory_and_structures_flat(monkeypatch):
    """Seven hands (every game, some twice) on a fast clock: what the demo holds stays bounded and the Python heap
    after the seventh hand is within a small margin of the heap after the third (``bench demo`` runs for hours).

    The scout's look-ahead is timed by the wall clock (6 ms a frame), so on a busy machine it reaches other deals
    and other hands are played; here it rehearses one whole candidate a frame, the same work on any machine."""
    monkeypatch.setattr(demo_scene, "SCOUT_BUDGET", None)
    app = app_with("", seed=21)
    tracemalloc.start()
    marks = {}
    hands = 0
    last = app.scene
    try:
        while hands < 7:
            app.frame([], 1.5)
            sc = app.scene
            if sc is not last:
                hands += 1
                last = sc
                if hands in (3, 7):
                    clear_capped_caches()  # capped render and bot caches are not the demo's
                    gc.collect()
                    marks[hands] = tracemalloc.get_traced_memory()[0]
            assert len(sc.lessons) <= KEEP and len(sc.queue) < 40 and len(sc.session.batches) <= 8
            assert len(app.toasts) <= 2 and len(sc.sounds) < 64
            assert len(widgets._text_cache) <= 3001
    finally:
        tracemalloc.stop()
    assert marks[7] - marks[3] < 256 * 1024, marks  # caches are capped; a leak would grow with every hand
