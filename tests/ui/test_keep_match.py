"""Nothing is lost when the window closes (issue 40, part 1): the unfinished local match is kept and 继续上局
resumes it from its seed and moves; finished hands are in the replay list either way; the replay viewer's
"play from here" starts a table at the very position, saved as a branch of the match.

Headless and deterministic: the player's seat is played by a seeded bot through the scene's own ``send``;
the window's close is a QUIT event through the real main loop.
"""

from __future__ import annotations

import json

import pygame
import pytest

from game.bots import make_bot
from game.rules.variants import get
from game.rules.view import view as make_view
from game.ui import settings as cfg
from game.ui.app import App
from game.ui.menus.replays import ReplayData, ReplaysScene, ReplayViewer
from game.ui.menus.scenes import MenuScene, start_local_table
from game.ui.settings import Settings
from game.ui.table.match_end import MatchEndScene
from game.ui.table.scene import TableScene


def window() -> App:
    """A headless window that saves, as the player's does."""
    return App(size=(1280, 720), settings=Settings(anim="off", sound=False), save=True, sound=False)


def play_until(app: App, sc: TableScene, stop, limit: int = 20000) -> None:
    """The player's seat played by a seeded bot through the scene (as clicks would); settlements moved on."""
    me = make_bot("simple", seed=7)
    for _ in range(limit):
        if stop():
            return
        app.frame([], 0.3)
        if app.scene is not sc:
            return
        v = sc.view
        if sc.settle is not None:
            sc.next_hand()
        elif v["phase"] != "end" and v["legal"]:
            sc.send(me.act(v))
            sc.pump()  # the decision shown at once, as the next frame would
    raise AssertionError("never reached")


def table_facts(v: dict) -> tuple:
    """What a resumed table must show exactly as before: hand, discards, melds, the turn and the scores."""
    return (v["hand_no"], v["phase"], v.get("turn"), sorted(v["seats"][v["seat"]]["hand"] or []),
            [[d["tile"] for d in s["discards"]] for s in v["seats"]], [len(s["melds"]) for s in v["seats"]],
            [s["score"] for s in v["seats"]])


def close_window(app: App) -> int:
    """The window's close button: a QUIT event through the real main loop."""
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    return app.run(seconds=30)


def test_closing_the_window_mid_hand_keeps_the_match_and_continue_resumes_it(home):
    """Issue 40.1: kunming, closed during hand 2: 继续上局 shows the same table; the match goes on to its end in the
    same replay file, and then there is nothing left to continue."""
    app = window()
    v = get("kunming")
    start_local_table(app, v, v.resolve_options({}), 3, 44, [None, "normal", "normal", "strong"])
    sc = app.scene
    play_until(app, sc, lambda: sc.view["hand_no"] == 1 and len(sc.view["seats"][0]["discards"]) >= 2)
    before = table_facts(sc.session.view)
    assert close_window(app) == 0
    data = json.loads(cfg.unfinished_path().read_text(encoding="utf-8"))
    assert data["human_seat"] == 0 and data["finished"] is False and data["bots"] == [None, "normal", "normal",
                                                                                       "strong"]
    assert data["match"]["hand_in_progress"]["hand"] == 1 and len(data["match"]["hands_played"]) == 1
    (replay,) = cfg.list_replays()  # the finished hand is in the replay list
    assert replay.hands == 1 and not replay.finished and replay.path.name == data["replay"]

    app2 = window()
    menu = MenuScene(app2)
    app2.goto(menu)
    app2.frame([], 0.05)
    assert menu.continue_card is not None and menu.focus.current is menu.continue_card
    assert "第 2/3 局" in menu._continue_info()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    app2.frame(None, 0.05)
    sc2 = app2.scene
    assert isinstance(sc2, TableScene) and table_facts(sc2.session.view) == before
    assert len(sc2.results) == 1 and sc2.replay_path == replay.path
    play_until(app2, sc2, lambda: isinstance(app2.scene, MatchEndScene))
    assert not cfg.unfinished_path().exists()
    (done,) = cfg.list_replays()
    assert done.path == replay.path and done.finished and done.hands == 3
    assert ReplayData(cfg.load_replay(done.path)).hands == 3  # the whole match replays from its file
    app2.goto(MenuScene(app2))
    assert app2.scene.continue_card is None


def test_each_decision_and_each_hand_end_keep_the_match_as_it_stands(home):
    """A crash or a power cut loses no more than the bots' moves since the player's last decision (the frame that
    shows a decision keeps it)."""
    app = window()
    v = get("guiyang")
    start_local_table(app, v, v.resolve_options({}), 2, 5, [None, "normal", "normal", "normal"])
    sc = app.scene
    me = make_bot("simple", seed=3)
    sent = 0
    while sent < 6:
        app.frame([], 0.3)
        if sc.view["legal"] and sc.view["phase"] != "end":
            sc.send(me.act(sc.view))
            sent += 1
            app.frame([], 0.0)  # the frame after a decision keeps it
            kept = json.loads(cfg.unfinished_path().read_text(encoding="utf-8"))
            assert kept["match"]["hand_in_progress"]["actions"] == sc.session.in_progress()


def test_leaving_by_esc_keeps_it_as_well(home):
    app = window()
    v = get("wenshan")
    start_local_table(app, v, v.resolve_options({}), 4, 9, [None, "easy", "easy", "easy"])
    sc = app.scene
    play_until(app, sc, lambda: len(sc.view["seats"][0]["discards"]) >= 3)
    sc.leave_table()
    assert isinstance(app.scene, MenuScene) and app.scene.continue_card is not None


@pytest.mark.parametrize("damage", ["bytes", "moves"])
def test_an_unfinished_match_that_cannot_go_on_is_kept_aside_with_a_notice(home, damage):
    app = window()
    v = get("wenshan")
    start_local_table(app, v, v.resolve_options({}), 3, 9, [None, "easy", "easy", "easy"])
    sc = app.scene
    play_until(app, sc, lambda: sc.view["hand_no"] == 1 and len(sc.view["seats"][0]["discards"]) >= 2)
    app.shutdown()
    p = cfg.unfinished_path()
    if damage == "bytes":
        p.write_bytes(p.read_bytes()[:100] + b"\xff\xfe")
    else:  # a finished hand's move: the match cannot be dealt again to where it stopped
        data = json.loads(p.read_text(encoding="utf-8"))
        data["match"]["hands_played"][0]["actions"][0] = [0, "discard", "1m1m"]
        p.write_text(json.dumps(data), encoding="utf-8")
    app2 = window()
    menu = MenuScene(app2)
    app2.goto(menu)
    if damage == "moves":
        assert menu.continue_card is not None
        menu.resume()  # what Enter or a click does
        assert app2.scene is menu
    assert menu.continue_card is None and not p.exists()
    (aside,) = p.parent.glob("unfinished.json.bad-*")
    assert any(str(aside) in (t[0]() if callable(t[0]) else t[0]) for t in app2.toasts)


def test_play_from_here_starts_at_that_very_move_with_the_seat_chosen(home):
    """Issue 40.5: hand 2, move 17 of a saved match, the player taking seat 2: the table is that position; the new
    match is saved as a branch naming its origin, and its earlier hands are the original's."""
    app = window()
    v = get("yuxi")
    start_local_table(app, v, v.resolve_options({}), 3, 12, [None, "normal", "normal", "normal"])
    sc = app.scene
    play_until(app, sc, lambda: isinstance(app.scene, MatchEndScene))
    (entry,) = cfg.list_replays()
    rs = ReplaysScene(app)
    app.goto(rs)
    rs.open(0)
    viewer = app.scene
    assert isinstance(viewer, ReplayViewer) and viewer.path == entry.path
    viewer.goto_hand(1)
    viewer.step = 17
    want = make_view(viewer.states[17], 2)
    viewer.open_branch()
    assert viewer.dialog is not None
    viewer.dialog.seat_choice.step(2 - viewer.dialog.seat)  # the seat chooser: seat 2
    viewer.dialog.start()
    table = app.scene
    assert isinstance(table, TableScene) and table.me == 2
    got = table.session.view
    assert table_facts(got) == table_facts(want)
    assert table.branch == {"of": entry.path.name, "hand": 2, "step": 17, "seat": 2}
    play_until(app, table, lambda: table.session.hand_over)
    table.leave_table()
    branch = next(e for e in cfg.list_replays() if e.branch)
    data = cfg.load_replay(branch.path)
    original = cfg.load_replay(entry.path)
    assert data["match"]["hands_played"][0] == original["match"]["hands_played"][0]
    assert data["match"]["hands_played"][1]["actions"][:17] == original["match"]["hands_played"][1]["actions"][:17]
    assert data["human_seat"] == 2 and data["branch"]["of"] == entry.path.name
    assert ReplayData(data).hands == 2


def test_the_viewers_skip_buttons_always_do_something_or_look_disabled(home):
    app = window()
    v = get("wenshan")
    start_local_table(app, v, v.resolve_options({}), 2, 3, [None, "normal", "normal", "normal"])
    sc = app.scene
    play_until(app, sc, lambda: isinstance(app.scene, MatchEndScene))
    (entry,) = cfg.list_replays()
    viewer = ReplayViewer(app, ReplayData(cfg.load_replay(entry.path)), path=entry.path)
    app.goto(viewer)

    def btn(name):  # the controls are laid out again when the hand changes
        return next(b for b in viewer.controls if b.name == name)

    assert not btn("prev_hand").enabled and not btn("back").enabled and btn("next_hand").enabled
    btn("next_hand").activate()  # ▶▶ at move 0: to this hand's end
    assert viewer.hand_i == 0 and viewer.step == len(viewer.states) - 1 and btn("prev_hand").enabled
    btn("next_hand").activate()  # and then to the next hand
    assert viewer.hand_i == 1 and viewer.step == 0
    btn("next_hand").activate()
    assert viewer.step == len(viewer.states) - 1
    assert not btn("next_hand").enabled and not btn("fwd").enabled and not viewer.branch_btn.enabled
    btn("prev_hand").activate()  # ◀◀: this hand's deal, then the hand before
    assert (viewer.hand_i, viewer.step) == (1, 0) and viewer.branch_btn.enabled
    btn("prev_hand").activate()
    assert (viewer.hand_i, viewer.step) == (0, 0)


def test_a_crash_keeps_the_match_as_closing_the_window_does(home):
    """p37's crash path and the window's close are one mechanism (TableScene.keep_match): after a crash mid-hand
    继续上局 finds the match, at the very move."""
    from game import crash
    from game.ui.crash_screen import crashed

    app = window()
    v = get("guiyang")
    start_local_table(app, v, v.resolve_options({}), 3, 21, [None, "normal", "normal", "normal"])
    sc = app.scene
    play_until(app, sc, lambda: len(sc.view["seats"][0]["discards"]) >= 3)
    while sc.session.tick():  # bots move after the player's last decision: only the crash path keeps those moves
        sc.pump()
        if sc.view["legal"] or sc.session.hand_over:
            break
    before = table_facts(sc.session.view)
    try:
        raise crash.InjectedFault("a bug mid-hand (the test)")
    except crash.InjectedFault as e:
        assert crashed(app, e) == crash.EXIT_CODE
    app2 = window()
    menu = MenuScene(app2)
    app2.goto(menu)
    assert menu.continue_card is not None
    menu.resume()
    assert isinstance(app2.scene, TableScene) and table_facts(app2.scene.session.view) == before


def test_the_move_a_crash_was_making_is_left_out_and_the_rest_goes_on(home):
    """A hand under way whose last recorded move does not replay (the move under way at a crash) resumes from
    before it, with a notice; nothing else is lost."""
    app = window()
    v = get("wenshan")
    start_local_table(app, v, v.resolve_options({}), 2, 9, [None, "easy", "easy", "easy"])
    sc = app.scene
    play_until(app, sc, lambda: len(sc.view["seats"][0]["discards"]) >= 3)
    before = table_facts(sc.session.view)
    data = sc.unfinished_data()
    data["match"]["hand_in_progress"]["actions"].append([0, "discard", "9z"])  # a tile that does not exist
    from game.ui.table.local import resume_table

    app2 = window()
    table = resume_table(app2, data)
    assert table_facts(table.session.view) == before
    assert any("最后 1 步无法重放" in (t[0]() if callable(t[0]) else t[0]) for t in app2.toasts)


def test_the_real_client_keeps_the_match_when_it_crashes(home):
    """The injected fault of the crash test (YUNGUI_FAULT=ui, issue 37) in a match the player plays: exit 70, the
    report written, and 继续上局 finds the match."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    from game import crash

    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(root))
    env[crash.FAULT_ENV] = "ui"
    r = subprocess.run([sys.executable, "-m", "game", "play", "--variant", "yuxi", "--seed", "8", "--hands", "2"],
                       capture_output=True, encoding="utf-8", cwd=root, env=env, timeout=200)
    assert r.returncode == crash.EXIT_CODE, r.stdout + r.stderr
    data, notice = cfg.load_unfinished()
    assert notice is None and data is not None and data["match"]["hand_in_progress"]["hand"] == 0
    app = window()
    menu = MenuScene(app)
    app.goto(menu)
    menu.resume()
    assert isinstance(app.scene, TableScene) and app.scene.session.view["hand_no"] == 0
