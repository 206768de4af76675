"""``python -m game bench startup``: launch the built executable several times; median time to first frame."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def default_exe() -> Path:
    name = "yungui-mahjong" + (".exe" if sys.platform == "win32" else "")
    return ROOT / "build" / "out" / name


def launch_once(exe: Path, timeout: float = 30.0) -> float:
    """Seconds from process start to the first drawn frame (the game prints a marker and exits)."""
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["YUNGUI_EXIT_AFTER_FIRST_FRAME"] = "1"
    with tempfile.TemporaryDirectory() as home:
        env["YUNGUI_HOME"] = home
        t0 = time.perf_counter()
        p = subprocess.Popen([str(exe)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
        try:
            deadline = t0 + timeout
            for line in p.stdout:
                if line.strip() == "first frame":
                    dt = time.perf_counter() - t0
                    break
                if time.perf_counter() > deadline:
                    raise RuntimeError("no first frame before the timeout")
            else:
                raise RuntimeError(f"the executable exited ({p.wait()}) without drawing a frame")
        finally:
            try:
                p.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                p.kill()
    return dt


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game bench startup")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--exe", default=None, help="the executable (default: build/out/yungui-mahjong)")
    args = ap.parse_args(argv)
    exe = Path(args.exe) if args.exe else default_exe()
    if not exe.is_file():
        print(f"error: no executable at {exe}: build it first with `python build/build.py`", file=sys.stderr)
        return 2
    times = [launch_once(exe) for _ in range(max(1, args.runs))]
    res = {"first_frame_s": round(statistics.median(times), 3), "exe_mb": round(exe.stat().st_size / 2**20, 2),
           "runs": len(times), "min_s": round(min(times), 3), "max_s": round(max(times), 3)}
    if args.json:
        print(json.dumps(res))
    else:
        print(f"executable {exe} ({res['exe_mb']} MB)")
        print(f"launch to first frame: median {res['first_frame_s']} s over {len(times)} runs "
              f"(min {res['min_s']}, max {res['max_s']}); target < 3 s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
