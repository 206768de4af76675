"""Progress bars (issue 37, point 7): on stderr while it is a terminal, none with --json or when piped, and what the
command prints on stdout is the same either way (docs/cli.md fixes it)."""

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

from game import progress
from game.cli.main import main

ROOT = Path(__file__).resolve().parents[2]


class Terminal(io.StringIO):
    """A stream that says it is a terminal, keeping what is written to it."""

    def isatty(self) -> bool:
        return True


def test_a_bar_only_where_a_person_watches(monkeypatch):
    monkeypatch.delenv("YUNGUI_NO_PROGRESS", raising=False)
    tty, pipe = Terminal(), io.StringIO()
    assert progress.shown(stream=tty) and not progress.shown(stream=pipe)
    assert not progress.shown(quiet=True, stream=tty)  # --json
    with progress.bar(3, "count", "it", stream=tty) as b:
        for _ in range(3):
            b.update(1)
    assert "count:" in tty.getvalue() and "/3 [" in tty.getvalue()  # drawn, then wiped when done (no line left)
    assert tty.getvalue().endswith("\r")
    with progress.bar(3, "count", stream=pipe) as b:
        b.update(3)
    assert pipe.getvalue() == ""
    monkeypatch.setenv("YUNGUI_NO_PROGRESS", "1")
    assert not progress.shown(stream=tty)
    assert list(progress.track([1, 2], 2, "two")) == [1, 2]


def _sim(monkeypatch, capsys, stderr, *extra: str) -> tuple[str, str]:
    monkeypatch.setattr(sys, "stderr", stderr)
    assert main(["sim", "--variant", "wenshan", "--hands", "30", "--seed", "2", *extra]) == 0
    return capsys.readouterr().out, stderr.getvalue()


def test_sim_draws_its_bar_on_a_terminal_and_prints_the_same(monkeypatch, capsys):
    monkeypatch.delenv("YUNGUI_NO_PROGRESS", raising=False)
    out_tty, err_tty = _sim(monkeypatch, capsys, Terminal())
    out_pipe, err_pipe = _sim(monkeypatch, capsys, io.StringIO())
    assert "sim wenshan:" in err_tty and "/30 [" in err_tty and err_pipe == ""
    timing = re.compile(r"\d+\.\d+")  # hands/s and ms per decision differ between two runs
    assert timing.sub("#", out_tty) == timing.sub("#", out_pipe) and "pts/hand" in out_tty
    out_json, err_json = _sim(monkeypatch, capsys, Terminal(), "--json")
    assert err_json == "" and json.loads(out_json)["hands"] == 30  # --json: no bar even on a terminal


def test_a_piped_command_prints_no_bar():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("YUNGUI_NO_PROGRESS", None)
    r = subprocess.run([sys.executable, "-m", "game", "sim", "--variant", "yuxi", "--hands", "20", "--seed", "1"],
                       capture_output=True, encoding="utf-8", cwd=ROOT, env=env, timeout=120)
    assert r.returncode == 0 and r.stderr == "" and r.stdout.startswith("玉溪扳倒胡 (yuxi), 20 hands, seed 1")
