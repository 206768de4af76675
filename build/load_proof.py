"""The suite under load: run a pytest selection N times while busy loops keep every core busy, one log per run.

    python build/load_proof.py [--runs 5] [--busy N] [--logs DIR] [--json FILE] [-- PYTEST ARGS]

By default the network and window tests, the slow ones included (``-q -p no:randomly -rf -m "not soak" tests/net
tests/ui``), five runs, one busy loop (``python -c "while 1: pass"``) per core, started before the first run and
stopped after the last. Each run's whole
output goes to ``DIR/run-K.log`` (default ``load-proof-logs/``), so a failure is named even when it is rare. The
summary line per run holds pytest's own last line, its exit code and its wall time; the JSON (``--json``) adds the
command, the commit, the busy loops and the longest streak of passing runs. Every run is made, failing or not,
unless ``--stop-on-failure``. The exit code is 0 only when every run passed.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_PYTEST = ["-q", "-p", "no:randomly", "-rf", "-m", "not soak", "tests/net", "tests/ui"]
BUSY = "while 1: pass"


def last_line(output: str) -> str:
    """Pytest's summary: the last non-empty line of its output ('' when there is none)."""
    lines = [ln.strip() for ln in output.splitlines() if ln.strip()]
    return lines[-1] if lines else ""


def longest_streak(passed: list[bool]) -> int:
    """The most runs in a row that passed."""
    best = run = 0
    for ok in passed:
        run = run + 1 if ok else 0
        best = max(best, run)
    return best


def _commit() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], check=False, cwd=ROOT, capture_output=True,
                             text=True)
    except OSError:
        return "unknown"
    return out.stdout.strip() or "unknown"


def _load() -> list[float] | None:
    getloadavg = getattr(os, "getloadavg", None)  # not on Windows
    return [round(x, 2) for x in getloadavg()] if getloadavg else None


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    extra: list[str] = []
    if "--" in argv:
        cut = argv.index("--")
        argv, extra = argv[:cut], argv[cut + 1:]
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--runs", type=int, default=5, help="how many times to run the selection (default 5)")
    ap.add_argument("--busy", type=int, default=os.cpu_count() or 2, help="busy loops beside it (default: one a core)")
    ap.add_argument("--logs", type=Path, default=ROOT / "load-proof-logs", help="one log per run here")
    ap.add_argument("--json", type=Path, help="write the summary here")
    ap.add_argument("--stop-on-failure", action="store_true", help="stop after the first failing run")
    args = ap.parse_args(argv)
    if args.runs < 1 or args.busy < 0:
        ap.error("--runs must be at least 1 and --busy at least 0")
    pytest_args = extra or DEFAULT_PYTEST
    cmd = [sys.executable, "-m", "pytest", *pytest_args]
    args.logs.mkdir(parents=True, exist_ok=True)
    busy = [subprocess.Popen([sys.executable, "-c", BUSY]) for _ in range(args.busy)]
    runs: list[dict[str, object]] = []
    try:
        for k in range(1, args.runs + 1):
            log = args.logs / f"run-{k}.log"
            load_before = _load()
            t0 = time.monotonic()
            with log.open("w", encoding="utf-8") as fh:
                rc = subprocess.run(cmd, check=False, cwd=ROOT, stdout=fh, stderr=subprocess.STDOUT).returncode
            wall = round(time.monotonic() - t0, 1)
            summary = last_line(log.read_text(encoding="utf-8", errors="replace"))
            runs.append({"run": k, "rc": rc, "wall_s": wall, "summary": summary, "log": str(log),
                         "load_before": load_before, "load_after": _load()})
            print(f"run {k}/{args.runs}: rc={rc} in {wall} s: {summary}", flush=True)
            if rc != 0 and args.stop_on_failure:
                break
    finally:
        for p in busy:
            p.kill()
        for p in busy:
            p.wait()
    passed = [r["rc"] == 0 for r in runs]
    out = {"command": " ".join(["python", "-m", "pytest", *pytest_args]), "commit": _commit(),
           "busy_loops": args.busy, "busy_loop": f'python -c "{BUSY}"', "runs": runs,
           "passed": sum(passed), "longest_streak": longest_streak(passed)}
    print(f"{sum(passed)} of {len(runs)} runs passed; longest streak {out['longest_streak']} "
          f"({args.busy} busy loops, commit {out['commit']})")
    if args.json:
        args.json.write_text(json.dumps(out, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0 if all(passed) and len(runs) == args.runs else 1


if __name__ == "__main__":
    sys.exit(main())
