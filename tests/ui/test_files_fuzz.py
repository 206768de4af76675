"""No file can stop the game (issue 40): 200 random, truncated, bit-flipped and reshaped settings, replay and
unfinished-match files. For each: no exception escapes loading, the window reaches its menu and draws it,
the replay list, the viewer, the records and ``python -m game replay`` handle the file (a clear line and exit
2 when it cannot be used, never the "bug in the game" last resort), and a file the game cannot use is kept.

Deterministic (a seeded generator), in-process, no sleeps or clocks; two cases also run the real
entry point in a subprocess (the menu's first frame, the replay command's one line).
"""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pygame
import pytest

from game.bots import make_bot
from game.cli.main import main as cli_main
from game.rules.match import Match, play_hand
from game.rules.variants import get
from game.rules.view import view
from game.ui import settings as cfg
from game.ui.app import App
from game.ui.menus.records import RecordsScene
from game.ui.menus.replays import ReplaysScene
from game.ui.menus.scenes import MenuScene

ROOT = Path(__file__).resolve().parents[2]
CASES = 200
LAST_RESORT = "this is a bug in the game"


def valid_match(variant: str = "guiyang", hands: int = 2, seed: int = 3) -> dict:
    v = get(variant)
    m = Match(v, {}, seed, hands)
    bots = [make_bot("simple", seed=i) for i in range(m.n)]
    for _ in range(hands):
        play_hand(m, lambda st, s, _legal: bots[s].act(view(st, s)))
    return m.to_json()


def valid_files() -> dict[str, bytes]:
    rec = valid_match()
    replay = cfg.replay_data(rec, ["我", "电脑1", "电脑2", "电脑3"], 0, True, bots=[None, "normal", "normal", "normal"])
    unfinished = cfg.replay_data(dict(rec, hands=4, hand_in_progress={"hand": 2, "actions": []}),
                                 ["我", "电脑1", "电脑2", "电脑3"], 0, False, bots=[None, "normal", "normal", "normal"])
    settings = cfg.Settings(lang="en", last_options={"guiyang": {"players": 3}}, last_bots=["easy", "strong"],
                            last_calc={"variant": "yuxi"}).to_json()
    return {name: json.dumps(data, ensure_ascii=False).encode("utf-8")
            for name, data in (("settings", settings), ("replay", replay), ("unfinished", unfinished))}


ODD_VALUES = (None, True, -1, 0, 2**70, 1.5, float("1e308"), "", "x" * 300, "第", [], [None], {}, {"a": 1},
              [[[[[[[[[[]]]]]]]]]], -(2**63))


def reshape(data: object, rng: random.Random) -> object:
    """One value somewhere in the JSON replaced by a value of another kind (the structure-aware fuzz)."""
    if isinstance(data, dict) and data and rng.random() < 0.75:
        k = rng.choice(list(data))
        return {**data, k: reshape(data[k], rng)}
    if isinstance(data, list) and data and rng.random() < 0.75:
        i = rng.randrange(len(data))
        return data[:i] + [reshape(data[i], rng)] + data[i + 1:]
    return rng.choice(ODD_VALUES)


def mutate(raw: bytes, rng: random.Random, kind: str) -> bytes:
    if kind == "truncate":
        return raw[:rng.randrange(len(raw))]
    if kind == "flip":
        b = bytearray(raw)
        for _ in range(rng.randint(1, 8)):
            i = rng.randrange(len(b))
            b[i] ^= 1 << rng.randrange(8)
        return bytes(b)
    if kind == "random":
        return rng.choice((bytes(rng.randrange(256) for _ in range(rng.randint(0, 600))), b"[" * 50_000,
                           b'{"a":' * 20_000, b"\xef\xbb\xbf" + raw, raw.decode("utf-8").encode("utf-16")))
    data = json.loads(raw)
    for _ in range(rng.randint(1, 3)):
        data = reshape(data, rng)
    return json.dumps(data, ensure_ascii=False).encode("utf-8")


KINDS = ("truncate", "flip", "random", "reshape")


def cases() -> list[tuple[int, str, str]]:
    """(case number, which file, how it is damaged); every file gets every kind of damage."""
    out = []
    for k in range(CASES):
        out.append((k, ("settings", "replay", "unfinished")[k % 3], KINDS[(k // 3) % len(KINDS)]))
    return out


def test_two_hundred_damaged_files_never_stop_the_game(tmp_path, monkeypatch):
    good = valid_files()
    rng = random.Random(40)
    seen_kinds = set()
    kept_aside = 0
    for k, which, kind in cases():
        home = tmp_path / f"h{k}"
        (home / "replays").mkdir(parents=True)
        monkeypatch.setenv("YUNGUI_HOME", str(home))
        raw = mutate(good[which], rng, kind)
        seen_kinds.add((which, kind))
        target = {"settings": home / "settings.json", "replay": home / "replays" / "20261201-120000-guiyang.json",
                  "unfinished": home / "unfinished.json"}[which]
        target.write_bytes(raw)
        # the window: settings load, the menu (with or without 继续上局) draws
        app = App(size=(1024, 576), sound=False)
        try:
            menu = MenuScene(app)
            app.goto(menu)
            app.frame([], 0.05)
            app.draw()
            assert app.scene is menu, (k, which, kind)
            if menu.unfinished is not None:
                menu.resume()  # goes on with it, or keeps it aside with a notice: never raises
                app.frame([], 0.05)
                app.draw()
            # the replay list, opening every row, and the records
            rs = ReplaysScene(app)
            app.goto(rs)
            app.frame([], 0.05)
            app.draw()
            for i in range(len(rs.entries)):
                app.goto(rs)
                rs.open(i)
                app.frame([], 0.05)
                app.draw()
            rec = RecordsScene(app)
            rec.book.finish()
            app.goto(rec)
            app.frame([], 0.05)
            app.draw()
        finally:
            app.shutdown()
            pygame.event.clear()
        if which == "settings" and target.exists() is False:
            kept_aside += 1
            assert list(home.glob("settings.json.bad-*")), "a settings file the game cannot use is kept aside"
        # the command line: a result or one line and exit 2
        f = target if which != "settings" else home / "settings.json.copy"
        if which == "settings":
            f.write_bytes(raw)
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            code = cli_main(["replay", str(f)])
        assert code in (0, 2), (k, which, kind, code)
        if code == 2:
            lines = err.getvalue().strip().splitlines()
            assert len(lines) == 1 and lines[0].startswith("error: "), (k, which, kind, err.getvalue())
            assert LAST_RESORT not in lines[0], (k, which, kind, lines[0])
    assert len(seen_kinds) == 12 and kept_aside > 10


def test_the_real_entry_point_reaches_its_menu_and_the_replay_command_says_one_line(tmp_path):
    """The two promises through the real program: a damaged settings file, the window still shows its first
    frame (the menu); a file of random bytes, ``replay`` prints one line and exits 2."""
    (tmp_path / "settings.json").write_bytes(bytes(range(256)) * 2)
    env = dict(os.environ, YUNGUI_HOME=str(tmp_path), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               YUNGUI_EXIT_AFTER_FIRST_FRAME="1", PYTHONPATH=str(ROOT))
    p = subprocess.run([sys.executable, "-m", "game"], capture_output=True, text=True, cwd=ROOT, env=env,
                       timeout=120)
    assert p.returncode == 0 and "first frame" in p.stdout, p.stderr
    assert "Traceback" not in p.stderr
    assert list(tmp_path.glob("settings.json.bad-*"))
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xc4\xe3\xba\xc3" * 100)
    p = subprocess.run([sys.executable, "-m", "game", "replay", str(bad)], capture_output=True, text=True, cwd=ROOT,
                       env=env, timeout=120)
    assert p.returncode == 2 and len(p.stderr.strip().splitlines()) == 1
    assert "is not UTF-8 text" in p.stderr and "Traceback" not in p.stderr


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_of_damage_changes_the_file(kind):
    rng = random.Random(kind)
    raw = valid_files()["replay"]
    assert any(mutate(raw, rng, kind) != raw for _ in range(5))
