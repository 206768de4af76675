"""``python -m game watch`` and ``host --watch``: the command line, a table of bots for an event screen, and a
watcher that follows a host through a restart (issue 17)."""

import itertools
import json
import subprocess
import sys
import time

import pytest

from netplay.watch import WatchSession
from tests.helpers.net_util import ROOT, env, start_host_proc, stop_proc


def run(*args, timeout=60):
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=env(), capture_output=True,
                          encoding="utf-8", timeout=timeout)


@pytest.mark.parametrize("args, text", [
    (["watch", "--addr", "nonsense", "--headless"], "--addr takes HOST:PORT"),
    (["watch", "--headless"], "--addr"),
    (["watch", "--addr", "127.0.0.1:9", "--headless", "--hands", "0"], "--hands must be at least 1"),
    (["host", "--headless", "--interfaces", "127.0.0.1", "--watch", "nosuch"], "--watch"),
    (["host", "--headless", "--interfaces", "127.0.0.1", "--watch-pause", "-1", "--bots", "1"], "--watch-pause"),
    (["host", "--interfaces", "127.0.0.1", "--bots", "4", "--watch", "open"], "leave at least one"),
])
def test_watch_usage_errors_are_one_line(args, text):
    r = run(*args)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and text in r.stderr, r.stderr


def test_a_headless_watcher_that_cannot_reach_the_host_says_so():
    r = run("watch", "--addr", "127.0.0.1:1", "--headless", "--timeout", "0.5")
    assert r.returncode == 1 and "cannot reach the host" in r.stderr and "Traceback" not in r.stderr


def test_a_table_of_bots_for_watchers_from_the_command_line(tmp_path):
    """``host --headless --bots 4 --watch open``: every seat a bot; ``watch --headless`` prints a JSON line per state,
    every hand open, and stops after the hands asked for."""
    # the match is long (the host plays on until stopped): a watcher that starts late on a busy machine still sees
    # two hands end; its --timeout is how long it waits for a frame before giving up
    proc, port = start_host_proc("--bots", "4", "--watch", "open", "--hands", "50", "--bot-delay", "0.01",
                                 "--watch-pause", "1.5", "--seed", "5", "--state-dir", str(tmp_path))
    try:
        r = run("watch", "--addr", f"127.0.0.1:{port}", "--headless", "--hands", "2", "--timeout", "300",
                timeout=900)
        assert r.returncode == 0, r.stderr
        lines = [json.loads(x) for x in r.stdout.splitlines()]
        assert lines and all(x["open"] for x in lines)
        ends = [x for x in lines if x["hand_over"] and not x["full"]]
        assert len(ends) >= 2 and lines[-1]["hand_over"]
        # every state in order; where the host skipped a watcher that read too slowly (a busy machine), the
        # next line is a whole picture: the first line is one, and no state is missing without one
        assert lines[0]["full"]
        for prev, x in itertools.pairwise(lines):
            assert x["seq"] == prev["seq"] + 1 or (x["full"] and x["seq"] > prev["seq"]), (prev["seq"], x["seq"])
    finally:
        stop_proc(proc)


def test_a_watcher_follows_the_table_through_a_host_restart(tmp_path):
    """The host is killed mid-match and started again with ``--resume``: the watcher (an event screen left running)
    reconnects by itself and goes on following the same match."""
    args = ("--bots", "4", "--watch", "public", "--hands", "4", "--bot-delay", "0.05", "--watch-pause", "0.5",
            "--seed", "9", "--state-dir", str(tmp_path))
    proc, port = start_host_proc(*args)
    ws = WatchSession("127.0.0.1", port, "screen", connect_timeout=60)
    try:
        end = time.monotonic() + 300
        while time.monotonic() < end and ws.updates < 20:
            ws.wait(0.2)
            ws.poll()
        assert ws.status == "watching" and ws.updates >= 20
        hand_before = ws.view["hand_no"]
        proc.kill()  # kill -9 (TerminateProcess on Windows): no chance to say goodbye
        proc.wait(60)
        stop_proc(proc)
        end = time.monotonic() + 120  # the watcher notices the host is gone before the host comes back
        while time.monotonic() < end and ws.status == "watching":
            ws.wait(0.2)
            ws.poll()
        assert ws.status == "reconnecting", (ws.status, ws.error)
        proc, port2 = start_host_proc("--resume", "--state-dir", str(tmp_path))
        assert port2 == port
        seen = ws.updates
        end = time.monotonic() + 300
        while time.monotonic() < end and not (ws.connections >= 2 and ws.updates > seen + 20):
            ws.wait(0.2)
            ws.poll()
        assert ws.connections >= 2 and ws.status == "watching", (ws.status, ws.error)
        assert ws.fulls >= 2 and ws.updates > seen + 20
        assert ws.view["hand_no"] >= hand_before
    finally:
        ws.close()
        stop_proc(proc)
