"""The real main loop (``App.run``) with no input at all: every change reaches the display within 100 ms.

A fake loop clock makes the run deterministic and fast (the frame cap advances time
instead of sleeping); ``pygame.display.flip`` is instrumented. After every frame the
test takes what the screen should show (scene, animations in flight, settlement,
view version, panels); whenever that changed, a flip must follow within 100 ms of
app time. Before issue 15 the frame after the last animation step was never drawn
while the table waited (the settlement after a bot's win, the 翻小鸡 flip, the end of
the player's draw).
"""

import pygame
import pytest

from game.rules.variants import get
from game.ui import app as appmod
from game.ui.app import App
from game.ui.menus.scenes import start_local_table
from game.ui.settings import Settings
from game.ui.table.match_end import MatchEndScene
from game.ui.table.scene import TableScene

LIMIT = 0.1


class FakeClock:
    """The loop's clock: ``wait`` advances time by one capped frame instead of sleeping."""

    def __init__(self):
        self.t = 0.0

    def now(self):
        return self.t

    def wait(self, fps):
        self.t += 1.0 / fps


def shows(app) -> tuple:
    """What the screen should show now (only things that change in steps, not the running dots)."""
    sc = app.scene
    key = [id(sc), type(sc).__name__]
    if isinstance(sc, TableScene):
        v = sc.view or {}
        key += [v.get("version"), v.get("hand_no"), tuple(sorted(id(a) for a in sc.anim.items)),
                sc.settle is not None, sc.look, sc.waiting_next, sc.comforts.auto, sc.comforts.offered,
                sc.dealing, tuple(sorted(map(str, sc.anim.hidden())))]
    return tuple(key)


@pytest.fixture
def run_loop(tmp_path, monkeypatch):
    monkeypatch.setenv("YUNGUI_HOME", str(tmp_path))
    clock = FakeClock()
    flips: list[tuple[float, tuple]] = []
    changes: list[tuple[float, tuple, str]] = []
    apps = []

    def make(anim="fast"):
        a = App(size=(1024, 576), settings=Settings(anim=anim, sound=False), save=True, sound=False)
        a.clock = clock
        apps.append(a)
        real_frame = a.frame
        last = [None]

        def frame(events=None, dt=None):
            drew = real_frame(events, dt)
            now = shows(a)
            if now != last[0]:
                changes.append((clock.t, now, type(a.scene).__name__))
                last[0] = now
            return drew

        a.frame = frame
        monkeypatch.setattr(pygame.display, "flip", lambda: flips.append((clock.t, shows(a))))
        return a

    def check():
        missed = []
        for t, what, scene in changes:
            if not any(t <= ft <= t + LIMIT for ft, _ in flips):
                missed.append((round(t, 3), scene, what[2:]))
        assert not missed, f"{len(missed)} of {len(changes)} changes never reached the display within 100 ms: " \
                           f"{missed[:5]}"

    yield make, check, changes, flips
    for a in apps:
        a.shutdown()
    pygame.event.clear()


def test_auto_play_match_every_change_and_animation_end_is_flipped(run_loop):
    """托管 plays a 1-hand wenshan match: deal, flips, discards, claims, the settlement, the match end."""
    make, check, changes, _flips = run_loop
    app = make()
    v = get("wenshan")
    start_local_table(app, v, v.resolve_options({}), 1, 7, [None, "normal", "normal", "normal"])
    sc = app.scene
    sc.pace = 0.2
    sc.switches.set_auto(True)
    seen = []
    app.on_flip.append(lambda: seen.append(type(app.scene).__name__) if isinstance(app.scene, MatchEndScene) else None)
    app.on_flip.append(lambda: app.quit() if seen else None)
    app.run(300)  # app seconds on the fake clock
    assert seen, "the match end screen was never shown"
    assert any(w[5] for _t, w, _s in changes if len(w) > 5), "the settlement never showed"
    check()


def test_idle_player_sees_the_end_of_the_deal_flip_and_draw(run_loop):
    """The player (dealer) never acts: the deal, the 翻小鸡 flip and the drawn tile land on screen and stay."""
    make, check, _changes, flips = run_loop
    app = make(anim="normal")
    v = get("wenshan")
    start_local_table(app, v, v.resolve_options({}), 1, 3, [None, "normal", "normal", "normal"])
    sc = app.scene
    app.run(8)
    assert sc.view["legal"] and not sc.anim.items  # waiting for the player, nothing in flight
    last_flip = flips[-1][1]
    assert last_flip == shows(app), "the screen does not show the table as it is"
    check()


def test_settlement_after_a_bots_win_while_the_player_waits(run_loop):
    """Bots play the hand out while the player passes every claim: the settlement must come by itself."""
    make, check, _changes, _flips = run_loop
    app = make()
    v = get("yuxi")
    start_local_table(app, v, v.resolve_options({}), 1, 11, [None, "normal", "normal", "normal"])
    sc = app.scene
    sc.pace = 0.2
    sc.comforts.no_claims = True
    sc.switches.set_auto(True)
    app.on_flip.append(lambda: app.quit() if sc.shown == "settlement" else None)
    app.run(300)
    assert sc.shown == "settlement"
    check()


def test_the_old_rule_misses_the_end_of_an_animation(run_loop, monkeypatch):
    """The check itself can fail: drawing only while busy (the old loop) misses changes."""
    make, check, _changes, _flips = run_loop
    real = appmod.App.frame

    def old_frame(self, events=None, dt=None):
        self.busy_now = False  # forget that the last frame was busy: the frame after it is not drawn
        return real(self, events, dt)

    monkeypatch.setattr(appmod.App, "frame", old_frame)
    app = make(anim="normal")
    v = get("wenshan")
    start_local_table(app, v, v.resolve_options({}), 1, 3, [None, "normal", "normal", "normal"])
    app.run(8)
    with pytest.raises(AssertionError, match="never reached the display"):
        check()
