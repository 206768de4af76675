"""``python -m game play --auto --quit-on ...``: the real main loop, the player's seat on 托管, no input at all.

It exits 0 once the chosen screen has been drawn to the display and 1 when it never
comes; the match it played is saved as a replay, and ``python -m game replay FILE
--json`` prints the very per-hand deltas the table showed (issue 15's proof).
"""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def play(tmp_path, *args, timeout=None):
    env = dict(os.environ, YUNGUI_HOME=str(tmp_path), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYTHONPATH=str(ROOT))
    # the game's own limit (exit 1 when the screen never comes): generous unless a test is about that limit
    env["YUNGUI_QUIT_ON_TIMEOUT"] = str(1200 if timeout is None else timeout)
    p = subprocess.run([sys.executable, "-m", "game", "play", *args], capture_output=True, encoding="utf-8", cwd=ROOT,
                       env=env, timeout=1500)
    return p.returncode, p.stdout, p.stderr


@pytest.mark.slow
def test_match_end_is_reached_and_its_replay_prints_the_same_deltas(tmp_path):
    saved = tmp_path / "match.json"
    code, out, err = play(tmp_path, "--variant", "wenshan", "--seed", "5", "--hands", "2", "--auto",
                          "--quit-on", "match-end", "--save", str(saved))
    assert code == 0, out + err
    shown = [[int(x) for x in line.split(":")[1].split()] for line in out.splitlines() if re.match(r"hand \d+:", line)]
    assert len(shown) == 2
    path = out.strip().splitlines()[-1].removeprefix("match saved: ")
    assert Path(path) == saved and saved.is_file()
    # a script's run is no one's match: nothing in the player's replays, nothing to continue
    assert not (tmp_path / "replays").exists() or not list((tmp_path / "replays").iterdir())
    assert not (tmp_path / "unfinished.json").exists()
    p = subprocess.run([sys.executable, "-m", "game", "replay", path, "--json"], capture_output=True, encoding="utf-8",
                       cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=600)
    assert p.returncode == 0, p.stderr
    replayed = json.loads(p.stdout)
    assert [h["deltas"] for h in replayed["hands"]] == shown
    assert replayed["totals"] == [sum(col) for col in zip(*shown)]


@pytest.mark.slow
def test_settlement_is_reached_in_a_chicken_game(tmp_path):
    code, out, err = play(tmp_path, "--variant", "guiyang", "--opt", "players=2", "--seed", "2", "--auto",
                          "--quit-on", "settlement")
    assert code == 0, out + err
    assert "settlement of hand 1 drawn" in out


def test_without_auto_nobody_plays_the_seat_and_it_exits_1(tmp_path):
    """No input and no 托管: the player's first decision never comes, so the settlement never shows."""
    code, out, _err = play(tmp_path, "--variant", "wenshan", "--seed", "3", "--quit-on", "settlement", timeout=3)
    assert code == 1 and "no settlement screen after 3 s" in out


def test_bad_hands_is_a_usage_error(tmp_path):
    code, _out, err = play(tmp_path, "--hands", "0", "--auto")
    assert code == 2 and err.startswith("error: ") and "Traceback" not in err
