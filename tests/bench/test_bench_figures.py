"""The benchmarks state plainly what they measure: equal work for the analysis ratios, uncalibrated seeds and
each bot's own gain for the bot bench, presentation apart from drawing for frames."""

from __future__ import annotations

import json

import pytest

from game.bench import bots as bench_bots
from game.bench import core as bench_core


def test_bench_bots_default_seed_is_not_a_calibration_seed():
    assert bench_bots.DEFAULT_SEED not in bench_bots.CALIBRATION_SEEDS
    assert set(bench_bots.CALIBRATION_SEEDS) == {0, 1}


def test_bench_bots_reports_the_own_gain_and_names_the_other_figure(capsys):
    assert bench_bots.main(["--hands", "4", "--json", "--jobs", "1", "--variants", "zhuoji",
                            "--pair", "normal-easy"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seed"] == bench_bots.DEFAULT_SEED and data["seed_is_calibration"] is False
    assert set(data["figures"]) == {"gain", "minus_mean_of_others"}
    e = data["zhuoji"]
    # zero-sum at four: the others' mean is -gain/3, so the old figure is 4/3 of the gain
    assert e["normal_minus_easy"] == pytest.approx(e["normal_gain_vs_easy"] * 4 / 3, abs=1e-3)
    assert data["decision_time"] == "view building + bot answer" and data["decisions"]["normal"] > 0


def test_bench_bots_speed_plays_the_same_hands_for_each_level_and_states_the_ratio(capsys, monkeypatch):
    """``--speed``: both levels play the same walls in alternating batches, and the ratio is theirs."""
    from game.bench import bot_speed

    played: list[tuple[str, str, int]] = []
    real = bot_speed._batch

    def spy(vid, opts, level, seed, hands):
        played.append((level, seed, hands))
        return real(vid, opts, level, seed, hands)

    monkeypatch.setattr(bot_speed, "BATCH", 2)
    monkeypatch.setattr(bot_speed, "_batch", spy)
    assert bench_bots.main(["--speed", "--hands", "3", "--json", "--variants", "guiyang"]) == 0
    data = json.loads(capsys.readouterr().out)
    e = data["guiyang"]
    assert e["hands"] == 3 and data["reference"] == "normal"
    # batches of 2 then 1; the level that goes first alternates; every batch's walls are played by both
    assert [(lv, h) for lv, _s, h in played] == [("strong", 2), ("normal", 2), ("normal", 1), ("strong", 1)]
    assert {s for lv, s, _h in played if lv == "strong"} == {s for lv, s, _h in played if lv == "normal"}
    assert e["strong_over_normal"] == pytest.approx(e["strong_hands_per_s"] / e["normal_hands_per_s"], rel=0.01)
    assert e["strong_ms_per_decision"] > 0


def test_bench_core_timing_is_the_same_for_every_loop():
    """Every loop gets the same rounds and chunks; a chunk's time is its best over the rounds."""
    calls: dict[str, int] = {"a": 0, "b": 0}

    def loop(name):
        def f(items):
            calls[name] += len(items)
        return f

    t = bench_core.time_chunks({"a": (loop("a"), list(range(600))), "b": (loop("b"), list(range(600)))}, 3)
    assert calls == {"a": 1800, "b": 1800} and set(t) == {"a", "b"}


def test_bench_core_equal_work_answers_agree_with_the_peer():
    pytest.importorskip("mahjong")
    r = bench_core.run(seed=3, n=300, rounds=1, measure_tables=False)
    assert r["win_agree"] == r["waits_agree"] == r["shanten_agree"] == 1.0
    assert r["cold"] is True
    for check in ("win", "waits"):
        assert set(r[f"{check}_ratio_by_kind"]) == {"random", "standard", "seven_pairs", "near", "mix"}
    for check in ("win", "waits", "shanten"):
        assert r[f"{check}_ratio_keyed"] > 0
    assert r["shanten_ratio"] > 0
    for name in ("joker", "joker_standard"):
        for part in ("random", "complete"):
            assert set(r[f"{name}_cost_{part}_by_count"]) == {"1", "2", "3", "4"}
            assert r[f"{name}_cost_{part}"] == max(r[f"{name}_cost_{part}_by_count"].values())
            assert set(r[f"{name}_ns_{part}_by_count"]) == {"0", "1", "2", "3", "4"}


def test_bench_core_hand_kinds_are_what_they_say():
    """random / complete standard / complete seven pairs / one swap from the kind before (win: from complete;
    waits: from ready), and the waits kinds are ready hands."""
    A = bench_core.analysis
    h = bench_core.make_hands(5, 40)
    assert all(sum(c) == 14 for k in bench_core.KINDS for c in h["win"][k])
    assert all(sum(c) == 13 for k in bench_core.KINDS for c in h["waits"][k])
    assert all(A.win_shapes(c) & A.STANDARD for c in h["win"]["standard"])
    assert all(A.win_shapes(c) & A.SEVEN_PAIRS for c in h["win"]["seven_pairs"])
    assert all(A.waits_shapes(c, 0, A.STANDARD | A.SEVEN_PAIRS) for c in h["waits"]["standard"])
    assert all(A.waits_shapes(c, 0, A.SEVEN_PAIRS) for c in h["waits"]["seven_pairs"])
    # a swap leaves most near hands one step short (some swaps happen to keep or reach the shape)
    assert sum(not A.win_shapes(c) for c in h["win"]["near"]) > 30
    assert sum(not A.waits_shapes(c, 0, A.STANDARD | A.SEVEN_PAIRS) for c in h["waits"]["near"]) > 30
    assert sum(A.shanten(c) == 0 for c in h["win"]["near"]) > 30


def test_bench_core_starts_every_timed_chunk_with_the_rules_caches_empty():
    """Cold work: the memo caches of the rules core are emptied before each timed chunk, off the clock."""
    caches = bench_core.rules_caches()
    assert any(f.__qualname__ == "_group_need" for f in caches)
    seen = []

    def loop(items):
        seen.append(sum(f.cache_info().currsize for f in caches))
        A = bench_core.analysis
        A._group_need((4, 1, 0, 0, 0, 0, 0, 0, 0), True, True)  # fills the cache

    bench_core.time_chunks({"a": (loop, list(range(600)))}, 2)
    assert seen == [0] * 6


def test_bench_xvfb_display_answers_while_started_and_is_gone_after():
    import shutil

    from game.bench import display

    if not shutil.which("Xvfb"):
        pytest.skip("Xvfb not installed")
    with display.xvfb((640, 360)) as d:
        assert d.startswith(":") and display.usable(d)
    assert not display.usable(d)


def test_bench_frames_on_a_real_display_reports_presentation_apart_from_drawing():
    import shutil

    from game.bench import display, frames

    if not shutil.which("Xvfb"):
        pytest.skip("Xvfb not installed")
    with display.xvfb((640, 360)) as d:
        res = frames.run_on_display(d, 40, "640x360", "wenshan", 0.2)
    assert res["driver"] == "x11" and res["frames"] == 40
    for k in ("draw_p50_ms", "draw_p95_ms", "present_p50_ms", "present_p95_ms", "p95_ms"):
        assert isinstance(res[k], float)
    assert res["p50_ms"] >= res["draw_p50_ms"]


def test_bench_startup_splits_a_launch_into_its_phases():
    """``bench startup`` reads the game's trace (game.startclock): the time before the command line (a one-file
    executable unpacking, the interpreter), the imports, the window, the first draw and its parts."""
    from game.bench import startup

    trace = {"marks": {"main": {"t": 100.2, "cpu": 0.05}, "imports": {"t": 100.25, "cpu": 0.1},
                       "window": {"t": 100.33, "cpu": 0.12}, "first_frame": {"t": 100.4, "cpu": 0.2}},
             "costs": {"fonts": 0.02, "felt": 0.015, "tiles": 0.01}}
    ph = startup.phases(trace, 100.0)
    assert ph["before_main_s"] == pytest.approx(0.2) and ph["imports_s"] == pytest.approx(0.05)
    assert ph["window_s"] == pytest.approx(0.08) and ph["first_draw_s"] == pytest.approx(0.07)
    assert (ph["fonts_s"], ph["felt_s"], ph["tiles_s"], ph["cpu_s"]) == (0.02, 0.015, 0.01, 0.2)
    assert startup.phases({}, 100.0) == {}


def test_the_window_reports_its_startup_trace_with_its_first_frame(tmp_path):
    """YUNGUI_STARTUP_TRACE: the real main loop prints one ``startup`` line when its first frame is shown, with the
    phases in order and the fonts, felt and tiles it made on the way."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "YUNGUI_STARTUP_TRACE": "1",
           "YUNGUI_EXIT_AFTER_FIRST_FRAME": "1", "YUNGUI_HOME": str(tmp_path)}
    r = subprocess.run([sys.executable, "-m", "game"], env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("startup ")]
    assert len(lines) == 1 and r.stdout.splitlines()[-1] == "first frame"
    trace = json.loads(lines[0][len("startup "):])
    marks = trace["marks"]
    assert list(marks) == ["main", "imports", "window", "first_frame"]
    assert [marks[k]["t"] for k in marks] == sorted(marks[k]["t"] for k in marks)
    assert {"fonts", "felt", "tiles"} <= set(trace["costs"])
