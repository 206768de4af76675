"""build/load_proof.py: the suite run N times beside busy loops, one log per run, every failure named."""

import json
from pathlib import Path

from tests.helpers.build_tools import load

LP = load("load_proof")


def test_the_summary_is_pytests_last_non_empty_line():
    assert LP.last_line("....\n\n2 passed in 0.1s\n\n") == "2 passed in 0.1s"
    assert LP.last_line("") == ""


def test_the_streak_counts_passing_runs_in_a_row():
    assert LP.longest_streak([True, True, False, True, True, True, False]) == 3
    assert LP.longest_streak([False, False]) == 0
    assert LP.longest_streak([]) == 0


def _selection(tmp_path: Path, body: str) -> Path:
    f = tmp_path / "test_probe.py"
    f.write_text(f"def test_probe():\n    {body}\n", encoding="utf-8")
    return f


def test_every_run_is_logged_and_counted_beside_a_busy_loop(tmp_path):
    sel = _selection(tmp_path, "assert True")
    out = tmp_path / "proof.json"
    rc = LP.main(["--runs", "2", "--busy", "1", "--logs", str(tmp_path / "logs"), "--json", str(out),
                  "--", "-q", "-p", "no:randomly", "-p", "no:cacheprovider", str(sel)])
    assert rc == 0
    got = json.loads(out.read_text(encoding="utf-8"))
    assert (got["passed"], got["longest_streak"], got["busy_loops"]) == (2, 2, 1)
    assert [r["summary"].split()[:2] for r in got["runs"]] == [["1", "passed"], ["1", "passed"]]
    assert all(Path(r["log"]).read_text(encoding="utf-8").strip() for r in got["runs"])


def test_a_failing_run_fails_the_proof_and_names_the_test(tmp_path):
    sel = _selection(tmp_path, "assert False, 'named'")
    out = tmp_path / "proof.json"
    rc = LP.main(["--runs", "3", "--busy", "0", "--stop-on-failure", "--logs", str(tmp_path / "logs"),
                  "--json", str(out), "--", "-q", "-p", "no:randomly", "-p", "no:cacheprovider", "-rf", str(sel)])
    assert rc == 1
    got = json.loads(out.read_text(encoding="utf-8"))
    assert (len(got["runs"]), got["passed"], got["longest_streak"]) == (1, 0, 0)
    assert "test_probe" in Path(got["runs"][0]["log"]).read_text(encoding="utf-8")
