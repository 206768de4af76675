"""A crash leaves a report (issue 37, point 5): the real client with ``YUNGUI_FAULT`` (CONTRIBUTING.md's test switch)
raising in its first table frame or in a thread, the report it writes, the message it shows, and what it leaves
alone. The log file and ``--log-level`` too."""

import hashlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game import __version__, crash
from game.ui.app import App
from game.ui.crash_screen import path_lines
from game.ui.kit import drawlog, strings
from game.ui.settings import Settings
from game.ui.table.local import local_table

ROOT = Path(__file__).resolve().parents[2]


def _client(home: Path, *args: str, fault: str | None = "ui") -> subprocess.CompletedProcess:
    env = dict(os.environ, YUNGUI_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYTHONPATH=str(ROOT))
    env.pop(crash.FAULT_ENV, None)
    if fault:
        env[crash.FAULT_ENV] = fault
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, encoding="utf-8", cwd=ROOT,
                          env=env, timeout=200)


def _digests(home: Path) -> dict[str, str]:
    return {str(p.relative_to(home)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(home.rglob("*")) if p.is_file() and "logs" not in p.relative_to(home).parts}


def _seed_home(home: Path) -> None:
    """A player's settings and one saved replay, to show that a crash leaves them as they were."""
    (home / "settings.json").write_text(json.dumps({"lang": "zh", "volume": 0.25, "name": "阿明"}, ensure_ascii=False),
                                        encoding="utf-8")
    (home / "replays").mkdir()
    (home / "replays" / "20261130-210500-wenshan.json").write_text('{"kept": "as it was"}', encoding="utf-8")


def _report(stderr: str) -> Path:
    m = re.search(r"^crash report: (.+)$", stderr, re.M)
    assert m, stderr
    return Path(m.group(1))


def test_a_fault_in_the_first_table_frame_leaves_a_report_and_exits_non_zero(yungui_home):
    _seed_home(yungui_home)
    before = _digests(yungui_home)
    r = _client(yungui_home, "play", "--variant", "wenshan", "--seed", "5", "--auto", "--hands", "1")
    assert r.returncode == crash.EXIT_CODE, r.stdout + r.stderr
    report = _report(r.stderr)
    assert report.parent == yungui_home / "logs" and report.name.startswith("crash-")
    text = report.read_text(encoding="utf-8")
    for needle in ("Traceback (most recent call last):", "InjectedFault: YUNGUI_FAULT=ui", f"version: {__version__}",
                   f"python: {sys.version_info.major}.{sys.version_info.minor}.", "thread: MainThread",
                   "screen: table", "variant: wenshan", "seed: 5", "hand: 1 of 1", "os: "):
        assert needle in text, needle
    recent = text.split("log lines (the whole log: ")[1]
    assert "table vs bots: wenshan" in recent and "screen table" in recent  # what the log said before the crash
    assert _digests(yungui_home) == before  # settings and replays intact, nothing else written beside the logs
    log = (yungui_home / "logs" / "yungui-mahjong.log").read_text(encoding="utf-8")
    assert "CRITICAL" in log and "InjectedFault" in log and str(report) in log
    # the match so far goes beside the report, and replays
    match = report.with_suffix(".match.json")
    data = json.loads(match.read_text(encoding="utf-8"))
    assert (data["variant"], data["seed"], data["hand_in_progress"]["hand"]) == ("wenshan", 5, 0)
    rp = subprocess.run([sys.executable, "-m", "game", "replay", str(match)], capture_output=True, encoding="utf-8",
                        cwd=ROOT, timeout=600)
    assert rp.returncode == 0, rp.stderr


def test_a_crash_in_a_thread_is_reported_and_stops_the_client(yungui_home):
    r = _client(yungui_home, "play", "--variant", "yuxi", "--seed", "8", "--auto", "--hands", "1", fault="thread")
    assert r.returncode == crash.EXIT_CODE, r.stdout + r.stderr
    text = _report(r.stderr).read_text(encoding="utf-8")
    assert "thread: fault-thread" in text and "InjectedFault: YUNGUI_FAULT=thread" in text
    assert "variant: yuxi" in text and "seed: 8" in text


def test_log_level_sets_what_the_log_file_keeps(yungui_home):
    r = _client(yungui_home, "play", "--log-level", "warning", "--seed", "3", "--auto", "--hands", "1")
    assert r.returncode == crash.EXIT_CODE, r.stderr
    log = (yungui_home / "logs" / "yungui-mahjong.log").read_text(encoding="utf-8")
    assert "CRITICAL" in log and " INFO " not in log
    bad = _client(yungui_home, "--log-level", "chatty", "play", fault=None)
    assert bad.returncode == 2 and bad.stderr.startswith("error: ") and "--log-level" in bad.stderr


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_message_shows_the_report_in_the_players_language_and_the_lan_seat(yungui_home, monkeypatch, lang):
    """In the window: the title, the report's path (broken at separators to fit) and, at a LAN table, that the host
    keeps the seat; the player's language; the loop returns the crash exit code."""
    from game.rules.variants import get

    monkeypatch.setenv(crash.FAULT_ENV, "ui")
    monkeypatch.setattr(crash, "_fired", set())
    app = App(size=(1280, 720), settings=Settings(lang=lang, anim="off", sound=False), save=False, sound=False)
    v = get("guiyang")
    app.goto(local_table(app, v, v.resolve_options({}), 1, 4, [None, "simple", "simple", "simple"]))
    app.scene.lan = True  # as a LAN player's table: the message says what becomes of the seat
    log = drawlog.start(app.screen)
    try:
        code = app.run(30)
    finally:
        drawlog.stop()
        strings.set_lang("zh")
    assert code == crash.EXIT_CODE
    (report,) = (yungui_home / "logs").glob("crash-*.txt")
    strings.set_lang(lang)
    try:
        drawn = " ".join(it.text for it in log.items if it.kind == "text")
        for key in ("crash.title", "crash.close", "crash.folder"):
            assert strings.tr(key) in drawn, key
        for key in ("crash.saved", "crash.safe", "crash.lan_player"):
            assert strings.tr(key)[:8] in drawn, key
        assert "".join(path_lines(str(report), 16, 10_000)) == str(report)
        assert str(report).replace(os.sep, "") in drawn.replace(" ", "").replace(os.sep, "")
    finally:
        strings.set_lang("zh")


def test_a_long_path_breaks_only_after_separators():
    path = os.sep.join(["C:", "Users", "a-player-with-a-long-name", "AppData", "Local", "YunGuiMahjong", "Logs",
                        "crash-20261206-210512.txt"])
    lines = path_lines(path, 16, 220)
    assert len(lines) > 1 and "".join(lines) == path
    assert all(line.endswith(os.sep) for line in lines[:-1])
