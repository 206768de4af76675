"""``python -m game bench lan`` measures what players feel (issue 16, point 13): the round trip seen by the clients.

No wall-clock threshold here (the figures depend on the machine): the bench must run, play at the pace it is given,
and report the clients' round trips beside the host's own time per action. The runs are bounded by hands, not by
seconds (``--seconds`` is only a far limit), so a busy machine plays the same work, only slower."""

import json
import subprocess
import sys

import pytest

from tests.helpers.net_util import ROOT, env


def test_bench_lan_reports_the_round_trip_seen_by_the_clients():
    r = subprocess.run([sys.executable, "-m", "game", "bench", "lan", "--tables", "2", "--hands", "1",
                        "--seconds", "300", "--think", "0.005,0.01", "--claim-window", "0.01", "--json"], cwd=ROOT,
                       env=env(), capture_output=True, encoding="utf-8", timeout=900)
    assert r.returncode == 0, r.stderr[-2000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    for key in ("rtt_p50_ms", "rtt_p99_ms", "actions_per_s", "p99_ms", "discovery_s"):
        assert key in out, key
    assert out["errors"] == [] and out["tables_discovered"] == 2 and out["clients"] == 8
    assert out["rtt_samples"] > 20 and out["actions"] >= out["rtt_samples"] // 2
    assert 0 < out["rtt_p50_ms"] <= out["rtt_p99_ms"] <= out["rtt_max_ms"]
    assert out["actions_per_s"] > 0
    assert out["host_cpu_ms_per_action"] > 0 and out["frames_sealed"] > out["actions"]
    assert out["seal"]["seal_us"] > 0 and out["seal"]["frame_bytes"] > 8000  # a state, padded


@pytest.mark.slow  # a whole LAN bench with real processes: CI's slow step
def test_bench_lan_compares_the_round_trip_without_and_with_watchers():
    """Issue 17: ``--watchers K --compare`` plays without and with K watchers per table (10, as the issue asks) in
    turn and reports both distributions (the figures are the note's, not a threshold here); the watchers really
    received the game."""
    r = subprocess.run([sys.executable, "-m", "game", "bench", "lan", "--tables", "1", "--hands", "1",
                        "--seconds", "300", "--think", "0.005,0.01", "--claim-window", "0.01", "--watchers", "10",
                        "--compare", "--runs", "1", "--json"], cwd=ROOT, env=env(), capture_output=True,
                       encoding="utf-8", timeout=1200)
    assert r.returncode == 0, r.stderr[-2000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert [x["watchers"] for x in out["per_run"]] == [0, 10]
    off, on = out["per_run"]
    assert off["watch_frames"] == 0 and on["watch_frames"] > 20 and not on["errors"]
    assert set(out["ratio"]) == {"50", "90", "99"} and 0 <= out["with_above_without"] <= 1
