"""``python -m game bench startup``: launch the built executable several times; median time to first frame.

The first frame counts once it is presented (after ``flip()``). On SDL's dummy driver, the headline
``first_frame_s``, there is no window and presentation costs nothing: it is startup and drawing only.
When a real X display is usable (DISPLAY, or an Xvfb started with ``--xvfb``) the launches are repeated
there (``first_frame_display_s``): window creation and presentation included; the difference of the
medians is reported as ``display_cost_s``.
"""

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


def launch_once(exe: Path, timeout: float = 30.0, display: str | None = None) -> float:
    """Seconds from process start to the first presented frame (the game prints a marker and exits).

    ``display``: an X display to open the window on; None: SDL's dummy driver (no window).
    """
    env = dict(os.environ)
    if display:
        env["DISPLAY"] = display
        env["SDL_VIDEODRIVER"] = "x11"
    else:
        env["SDL_VIDEODRIVER"] = "dummy"
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["YUNGUI_EXIT_AFTER_FIRST_FRAME"] = "1"
    with tempfile.TemporaryDirectory() as home:
        env["YUNGUI_HOME"] = home
        t0 = time.perf_counter()
        p = subprocess.Popen([str(exe)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
        try:
            deadline = t0 + timeout
            assert p.stdout is not None  # stdout=PIPE
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
    ap.add_argument("--xvfb", action="store_true", help="start an Xvfb for the display runs when DISPLAY is unusable")
    args = ap.parse_args(argv)
    exe = Path(args.exe) if args.exe else default_exe()
    if not exe.is_file():
        print(f"error: no executable at {exe}: build it first with `python build/build.py`", file=sys.stderr)
        return 2
    from game.progress import track

    from .display import real_display

    runs = max(1, args.runs)
    with real_display(args.xvfb) as (display, how):
        shown = [launch_once(exe, display=display)
                 for _ in track(range(runs), runs, "bench startup (display)", "run", args.json)] if display else []
    times = [launch_once(exe) for _ in track(range(runs), runs, "bench startup", "run", args.json)]
    res = {"first_frame_s": round(statistics.median(times), 3), "exe_mb": round(exe.stat().st_size / 2**20, 2),
           "runs": len(times), "min_s": round(min(times), 3), "max_s": round(max(times), 3), "driver": "dummy",
           "first_frame_display_s": round(statistics.median(shown), 3) if shown else None,
           "display_cost_s": round(statistics.median(shown) - statistics.median(times), 3) if shown else None,
           "display_source": how if display else None, "display_missing": None if display else how}
    if args.json:
        print(json.dumps(res))
    else:
        print(f"executable {exe} ({res['exe_mb']} MB)")
        print(f"launch to first frame, dummy driver (no window): median {res['first_frame_s']} s over {len(times)} "
              f"runs (min {res['min_s']}, max {res['max_s']}); target < 3 s")
        if shown:
            print(f"on a real display ({how}): median {res['first_frame_display_s']} s (window and presentation: "
                  f"{res['display_cost_s']:+.3f} s)")
        else:
            print(f"on a real display: not measured ({how})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
