"""Replays, LAN lobby to table over loopback, demo mode, the command line entry points and the frame benchmark."""

import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game.rules.variants import get
from game.ui import settings as cfg
from game.ui.app import App
from game.ui.devtools import screenshot as shot
from game.ui.kit.names import shown
from game.ui.settings import Settings

ROOT = Path(__file__).resolve().parents[2]



def _app():
    return App(size=(1280, 720), settings=Settings(anim="off", sound=False), save=False, sound=False)


def test_replay_viewer_steps_through_any_hand_from_any_seat(home):
    from game.ui.menus.replays import ReplayData, ReplaysScene, ReplayViewer

    v = get("wenshan")
    ses, names = shot.new_session(v, 4, hands=2)
    for _ in range(2):
        shot.drive(ses, lambda vw: vw["phase"] == "end")
        if not ses.match_over:
            ses.next_hand()
    path, err = cfg.save_replay(ses.match_record(), names, 0, True)
    assert err is None
    app = _app()
    app.goto(ReplaysScene(app))
    assert len(app.scene.entries) == 1
    app.scene.open(0)
    viewer = app.scene
    assert isinstance(viewer, ReplayViewer)
    states = viewer.states
    assert states[0].end is None and states[-1].end is not None
    # the last state is the recorded hand's end with the recorded deltas
    assert states[-1].settlement.deltas == ses.match.records[0]["deltas"]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode=""))
    app.frame(None, 0.05)
    assert viewer.step == len(states) - 1 and viewer.current_view()["phase"] == "end"
    for seat in (-1, 0, 1, 2, 3):
        viewer.set_seat(seat)
        viewer.step = len(states) // 2
        v2 = viewer.current_view()
        assert v2["seat"] == max(seat, 0)
        app.dirty = True
        app.frame([], 0.01)
    viewer.goto_hand(1)
    assert viewer.hand_i == 1 and viewer.states[-1].end is not None
    data = ReplayData(cfg.load_replay(path))
    assert data.hands == 2 and data.raw_names == names  # kept as saved; shown in the UI language
    assert data.names == [shown(n) for n in names]


def test_demo_cycles_through_the_variants_and_any_key_leaves():
    from game.ui.menus.demo_scene import DemoScene
    from game.ui.menus.scenes import MenuScene

    app = _app()
    d = DemoScene(app, 0, 7)
    app.goto(d)
    first = d.variant.id
    for _ in range(3000):
        app.frame([], 0.1)
        if app.scene is not d:
            break
    assert isinstance(app.scene, DemoScene) and app.scene.variant.id != first
    assert d.lessons or d.results
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a"))
    app.frame(None, 0.1)
    assert isinstance(app.scene, MenuScene)


def test_lan_lobby_to_table_over_loopback(home):
    pytest.importorskip("netplay.host")
    from game.ui.lan.lobby import LobbyScene, connect
    from game.ui.table.scene import TableScene
    from netplay.host import Host
    from netplay.table import TableConfig

    cfgt = TableConfig(table_id="1", name="test", variant="wenshan", hands=1, seed=5,
                       bots={1: "simple", 2: "simple", 3: "simple"})
    host = Host(tables=[cfgt], name="t", port=0, interfaces=["127.0.0.1"], advertise=False).start()
    try:
        app = _app()
        connect(app, *host.address, host=None)
        assert isinstance(app.scene, LobbyScene)
        end = time.monotonic() + 300
        while time.monotonic() < end and not isinstance(app.scene, TableScene):
            app.frame([], 0.05)
            time.sleep(0.02)
        sc = app.scene
        assert isinstance(sc, TableScene) and sc.lan
        # play a few decisions through the network session
        acted = 0
        end = time.monotonic() + 300
        while time.monotonic() < end and acted < 3 and sc.view["phase"] != "end":
            app.frame([], 0.05)
            if sc.view["legal"]:
                a = next((a for a in sc.view["legal"] if a.kind in ("discard", "pass")), sc.view["legal"][0])
                sc.send(a)
                acted += 1
            time.sleep(0.02)
        assert acted >= 1
        sc.leave_table()
    finally:
        host.stop()


def test_hosting_player_fills_open_seats_with_bots(home):
    """LAN lobby, host side: nobody else comes; 电脑补位开始 seats bots in the open seats and the match starts."""
    pytest.importorskip("netplay.host")
    from game.ui.lan.lobby import LobbyScene, connect
    from game.ui.table.scene import TableScene
    from netplay.host import Host
    from netplay.table import TableConfig

    cfgt = TableConfig(table_id="1", name="test", variant="yuxi", hands=1, seed=5, bots={})
    host = Host(tables=[cfgt], name="t", port=0, interfaces=["127.0.0.1"], advertise=False).start()
    try:
        app = _app()
        connect(app, *host.address, host=host)
        sc = app.scene
        assert isinstance(sc, LobbyScene) and sc.fill_btn is not None
        end = time.monotonic() + 300  # seated, still waiting for three players
        while time.monotonic() < end and getattr(sc.session, "status", "") != "seated":
            app.frame([], 0.05)
            time.sleep(0.02)
        assert sc.session.status == "seated" and isinstance(app.scene, LobbyScene)
        r = sc.fill_btn.rect
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=r.center))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=r.center))
        end = time.monotonic() + 300
        while time.monotonic() < end and not isinstance(app.scene, TableScene):
            app.frame(None, 0.05)
            time.sleep(0.02)
        assert isinstance(app.scene, TableScene)
        assert host.call(lambda: [s.bot_level for s in host.tables["1"].slots]) == [None, "normal", "normal", "normal"]
        app.scene.leave_table()
    finally:
        host.stop()


def _run(*args, timeout=120):
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, capture_output=True, encoding="utf-8",
                          timeout=timeout, env={**__import__("os").environ, "SDL_VIDEODRIVER": "dummy",
                                                "SDL_AUDIODRIVER": "dummy"})


def test_cli_screenshot_and_smoke(tmp_path, home):
    out = tmp_path / "claim.png"
    r = _run("screenshot", "--scene", "claim", "--variant", "yuxi", "--out", str(out), "--size", "1024x576",
             "--lang", "en")
    assert r.returncode == 0, r.stderr
    img = pygame.image.load(str(out))
    assert img.get_size() == (1024, 576)
    for bad in (["screenshot", "--scene", "nope", "--out", str(out)],
                ["screenshot", "--scene", "menu", "--variant", "nope", "--out", str(out)],
                ["screenshot", "--scene", "menu", "--size", "big", "--out", str(out)],
                ["play", "--variant", "nope"]):
        r = _run(*bad)
        assert r.returncode == 2 and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr, (bad, r.stderr)
    r = _run("--smoke")
    assert r.returncode == 0 and "smoke ok" in r.stdout, r.stderr


def test_bench_frames_json():
    from game.bench import frames

    res = frames.run(frames=150, idle_s=0.6)
    for k in ("p50_ms", "p95_ms", "p99_ms", "idle_cpu_percent"):
        assert isinstance(res[k], float)
    assert res["p50_ms"] <= res["p95_ms"] <= res["p99_ms"]
    assert res["animated_frames"] > 0
    assert res["idle_cpu_percent"] < 50
