"""``python -m game bench startup``: launch the built executable several times; time to its first frame, cold and warm.

The first frame counts once it is presented (after ``flip()``): the game prints a marker and exits. On a real X
display (DISPLAY, or an Xvfb started with ``--xvfb``) that includes making the window and presenting; SDL's dummy
driver (no window) is measured beside it. Each launch is timed from just before the process starts.

Cold and warm: a cold launch first evicts the executable's pages from the page cache (``posix_fadvise``
DONTNEED on its file, so the next start reads it from disk like the first start after a download or a
reboot; the system's own libraries are left as they are); a warm launch follows another launch. Cold and
warm launches alternate.

Where the time goes comes from the game's own trace (``game.startclock``, YUNGUI_STARTUP_TRACE): before the
command line runs (a one-file executable unpacking its libraries and data, then the interpreter), the window's
imports, opening the window, and drawing the first frame (of which: fonts parsed, the felt and the tile
artwork drawn; the rest is layout and text).
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
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
TARGET_S = 0.5  # the first frame on a real display, cold and warm (issue 42; the goal since 0.1.0)


def default_exe() -> Path:
    name = "yungui-mahjong" + (".exe" if sys.platform == "win32" else "")
    return ROOT / "build" / "out" / name


def evict(path: Path) -> bool:
    """Drop ``path``'s pages from the page cache (False where the system cannot be asked)."""
    if sys.platform == "win32" or sys.platform == "darwin":  # neither has posix_fadvise
        return False
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    finally:
        os.close(fd)
    return True


def launch_once(exe: Path, timeout: float = 60.0, display: str | None = None, cold: bool = False) -> dict[str, Any]:
    """One launch: seconds to the first presented frame, and the game's own trace of the phases.

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
    env["YUNGUI_STARTUP_TRACE"] = "1"
    if cold and not evict(exe):
        raise RuntimeError("cannot evict the executable from the page cache on this system")
    trace: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as home:
        env["YUNGUI_HOME"] = home
        t_launch = time.time()
        t0 = time.perf_counter()
        p = subprocess.Popen([str(exe)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
        try:
            deadline = t0 + timeout
            assert p.stdout is not None  # stdout=PIPE
            for line in p.stdout:
                if line.startswith("startup "):
                    trace = json.loads(line[len("startup "):])
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
    return {"first_frame_s": dt, **phases(trace, t_launch)}


def phases(trace: dict[str, Any], t_launch: float) -> dict[str, float]:
    """Seconds per phase (wall) from the game's trace; empty when the executable printed none."""
    m = trace.get("marks", {})
    if not all(k in m for k in ("main", "imports", "window", "first_frame")):
        return {}
    costs = trace.get("costs", {})
    return {
        "before_main_s": m["main"]["t"] - t_launch,  # unpacking (one-file), the interpreter, the command line
        "imports_s": m["imports"]["t"] - m["main"]["t"],
        "window_s": m["window"]["t"] - m["imports"]["t"],
        "first_draw_s": m["first_frame"]["t"] - m["window"]["t"],
        "fonts_s": costs.get("fonts", 0.0),
        "felt_s": costs.get("felt", 0.0),
        "tiles_s": costs.get("tiles", 0.0),
        "cpu_before_main_s": m["main"]["cpu"],  # the game's process only (not a one-file launcher's unpacking)
        "cpu_s": m["first_frame"]["cpu"],
    }


def summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    keys = [k for k in runs[0] if all(k in r for r in runs)]
    out: dict[str, Any] = {k: round(statistics.median(r[k] for r in runs), 3) for k in keys}
    out["min_s"] = round(min(r["first_frame_s"] for r in runs), 3)
    out["max_s"] = round(max(r["first_frame_s"] for r in runs), 3)
    out["runs"] = len(runs)
    return out


def measure(exe: Path, runs: int, display: str | None, what: str = "bench startup",
            quiet: bool = True) -> dict[str, Any]:
    """Cold and warm launches in turn (a warm launch right after a cold one, as a second start would be); unless
    ``quiet``, a progress bar counts the runs on stderr (a terminal only)."""
    from game.progress import track

    cold: list[dict[str, Any]] = []
    warm: list[dict[str, Any]] = []
    can_evict = hasattr(os, "posix_fadvise")
    launch_once(exe, display=display)  # the first launch of all is not counted: Xvfb's and the system's warm-up
    for _ in track(range(runs), runs, what, "run", quiet):
        if can_evict:
            cold.append(launch_once(exe, display=display, cold=True))
        warm.append(launch_once(exe, display=display))
    return {"warm": summary(warm), "cold": summary(cold) if cold else None}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game bench startup")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--runs", type=int, default=5, help="cold and warm launches each (default 5)")
    ap.add_argument("--exe", default=None, help="the executable (default: build/out/yungui-mahjong)")
    ap.add_argument("--xvfb", action="store_true", help="start an Xvfb for the display runs when DISPLAY is unusable")
    args = ap.parse_args(argv)
    exe = Path(args.exe) if args.exe else default_exe()
    if not exe.is_file():
        print(f"error: no executable at {exe}: build it first with `python build/build.py`", file=sys.stderr)
        return 2
    from .display import real_display

    runs = max(1, args.runs)
    with real_display(args.xvfb) as (display, how):
        shown = measure(exe, runs, display, "bench startup (display)", args.json) if display else None
    dummy = measure(exe, runs, None, "bench startup", args.json)
    res: dict[str, Any] = {
        "exe_mb": round(exe.stat().st_size / 2**20, 2),
        "first_frame_s": dummy["warm"]["first_frame_s"],
        "first_frame_cold_s": dummy["cold"]["first_frame_s"] if dummy["cold"] else None,
        "first_frame_display_s": shown["warm"]["first_frame_s"] if shown else None,
        "first_frame_display_cold_s": shown["cold"]["first_frame_s"] if shown and shown["cold"] else None,
        "target_s": TARGET_S,
        "dummy": dummy, "display": shown,
        "display_source": how if display else None, "display_missing": None if display else how,
        "cold_method": "posix_fadvise DONTNEED on the executable" if hasattr(os, "posix_fadvise") else None,
    }
    if shown:
        res["display_ok"] = all(x is not None and x < TARGET_S for x in (res["first_frame_display_s"],
                                                                        res["first_frame_display_cold_s"]))
    if args.json:
        print(json.dumps(res))
        return 0
    print(f"executable {exe} ({res['exe_mb']} MB); median of {runs} launches each, cold (its pages evicted "
          f"first) and warm; target on a real display < {TARGET_S:g} s")
    for label, part in (("real display (" + str(res["display_source"]) + ")", shown), ("dummy driver", dummy)):
        if part is None:
            print(f"{label}: not measured ({how})")
            continue
        for kind in ("cold", "warm"):
            r = part[kind]
            if r is None:
                print(f"{label}, {kind}: not measured (this system cannot evict a file from its cache)")
                continue
            line = (f"{label}, {kind}: first frame {r['first_frame_s']:.3f} s (min {r['min_s']:.3f}, "
                    f"max {r['max_s']:.3f})")
            if "imports_s" in r:
                line += (f"; before the command line {r['before_main_s']:.3f} s (unpacking and the interpreter), "
                         f"imports {r['imports_s']:.3f}, window {r['window_s']:.3f}, first draw "
                         f"{r['first_draw_s']:.3f} (fonts {r['fonts_s']:.3f}, felt {r['felt_s']:.3f}, tiles "
                         f"{r['tiles_s']:.3f}); CPU of the game's process {r['cpu_s']:.3f} s")
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
