"""``python -m game bench frames [--json] [--xvfb]``: frame times of a bot-driven table, and idle CPU.

Every seat is played by a bot (the viewer's seat on 托管) at 1280x720 with animations
at normal speed, the hints and the 记牌器 panel open. Each frame is timed in two parts:
drawing (input, update and draw into the window surface) and presentation
(``pygame.display.flip()``). The headline figures (``p50_ms`` ...) are from SDL's
dummy driver, off-screen, where ``flip()`` does nothing: they are drawing only.
When a real X display is usable (DISPLAY, or an Xvfb the bench starts with
``--xvfb``) the same run is repeated there in a child process and reported under
``display``, drawing and presentation apart. Then the table waits for the player
(nothing moves) and the real main loop runs: the CPU it uses in that time is
``idle_cpu_percent``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

TARGET_P95_MS = 16.0


def _pct(xs: list[float], p: float) -> float:
    ys = sorted(xs)
    if not ys:
        return 0.0
    k = min(len(ys) - 1, max(0, round(p / 100 * (len(ys) - 1))))
    return ys[k]


def _summary(times: list[float], prefix: str = "") -> dict:
    return {f"{prefix}p50_ms": round(_pct(times, 50), 3), f"{prefix}p95_ms": round(_pct(times, 95), 3),
            f"{prefix}p99_ms": round(_pct(times, 99), 3), f"{prefix}max_ms": round(max(times), 3),
            f"{prefix}mean_ms": round(sum(times) / len(times), 3)}


def run(frames: int = 900, size=(1280, 720), variant_id: str = "wenshan", seed: int = 3, idle_s: float = 3.0,
        driver: str = "dummy", quiet: bool = True) -> dict:
    """One run on SDL video ``driver`` (dummy: off-screen; x11: the X display in DISPLAY). Unless ``quiet``, a
    progress bar counts the frames on stderr (a terminal only)."""
    from game.progress import bar

    with bar(frames, f"bench frames ({driver})", "frame", quiet=quiet) as prog:
        return _run(frames, size, variant_id, seed, idle_s, driver, prog)


def _run(frames: int, size, variant_id: str, seed: int, idle_s: float, driver: str, prog) -> dict:
    os.environ["SDL_VIDEODRIVER"] = driver
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.rules.variants import get
    from game.ui.app import App
    from game.ui.devtools.screenshot import UnsavedTable, new_session
    from game.ui.settings import Settings

    st = Settings(anim="normal", sound=False, hints=True, tracker=True, window=size)
    app = App(size=size, settings=st, save=False, sound=False)
    variant = get(variant_id)
    ses, names = new_session(variant, seed, hands=50)
    scene = UnsavedTable(app, ses, variant, names=names, hands_total=50, bot_levels=[None] + ["normal"] * (ses.n - 1))
    scene.switches.set_auto(True)  # 托管: a bot plays the viewer's seat through the table's own switch
    app.goto(scene)
    # warm the caches (tile faces at these sizes) the way a player's first seconds would
    for _ in range(30):
        app.frame([], 1 / 60)
    times, draws, flips = [], [], []
    anim_frames = 0
    clock = time.perf_counter
    for _ in range(frames):
        app.dirty = True  # time a full redraw every frame: the worst case, as if something always moved
        t0 = clock()
        drew = app.frame([], 1 / 60)
        t1 = clock()
        if drew:
            pygame.display.flip()
        t2 = clock()
        times.append((t2 - t0) * 1000)
        draws.append((t1 - t0) * 1000)
        flips.append((t2 - t1) * 1000)
        if scene.anim.busy():
            anim_frames += 1
        if scene.settle is not None:
            scene.next_hand()
        prog.update(1)  # outside the timed part
    # idle: the player's own decision, nothing animating; the real loop with its frame cap
    from game.ui.devtools.screenshot import drive

    idle_ses, _ = new_session(variant, seed + 1, hands=8)
    drive(idle_ses, lambda v: v["phase"] == "turn" and bool(v["legal"])
          and sum(len(x["discards"]) for x in v["seats"]) >= 8)
    idle = UnsavedTable(app, idle_ses, variant, names=names, hands_total=8)
    app.goto(idle)
    app.run(0.5)  # settle any entry animation
    c0, w0 = time.process_time(), time.perf_counter()
    app.run(idle_s)
    cpu = (time.process_time() - c0) / max(1e-6, time.perf_counter() - w0) * 100
    return {
        "tile_first_ms": first_tile_ms(),
        **_summary(times),
        **_summary(draws, "draw_"),
        **_summary(flips, "present_"),
        "driver": driver,
        "idle_cpu_percent": round(cpu, 2),
        "frames": len(times),
        "animated_frames": anim_frames,
        "size": f"{size[0]}x{size[1]}",
        "variant": variant_id,
        "target_p95_ms": TARGET_P95_MS,
        "p95_ok": _pct(times, 95) < TARGET_P95_MS,
    }


def first_tile_ms(width: int = 63) -> float:
    """CPU ms per tile drawn for the first time at a new size (each kind once; fonts already loaded)."""
    from game.ui.kit import tileart

    tileart.tile_surface(0, 30)  # fonts loaded
    tileart.clear_cache()
    t0 = time.process_time()
    for kind in range(34):
        tileart.tile_surface(kind, width)
    return round((time.process_time() - t0) / 34 * 1000, 2)


def run_on_display(display: str, frames: int, size: str, variant: str, idle: float) -> dict:
    """The same run in a child process on the X display ``display`` (the SDL driver is fixed per process)."""
    env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11")
    cmd = [sys.executable, "-m", "game.bench.frames", "--driver", "x11", "--json", "--frames", str(frames),
           "--size", size, "--variant", variant, "--idle", str(idle)]
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600, check=False)
    if p.returncode != 0:
        raise RuntimeError(f"the display run failed: {p.stderr.strip().splitlines()[-1:]}")
    return json.loads(p.stdout)


def main(argv: list[str] | None = None) -> int:
    from .display import real_display

    p = argparse.ArgumentParser(prog="python -m game bench frames")
    p.add_argument("--json", action="store_true")
    p.add_argument("--frames", type=int, default=900)
    p.add_argument("--variant", default="wenshan")
    p.add_argument("--size", default="1280x720")
    p.add_argument("--idle", type=float, default=3.0)
    p.add_argument("--xvfb", action="store_true", help="start an Xvfb for the display run when DISPLAY is unusable")
    p.add_argument("--driver", default=None, help=argparse.SUPPRESS)  # a single run on this driver (child)
    args = p.parse_args(argv or [])
    w, h = (int(x) for x in args.size.split("x"))
    if args.driver:
        print(json.dumps(run(args.frames, (w, h), args.variant, idle_s=args.idle, driver=args.driver)))
        return 0
    with real_display(args.xvfb, (w, h)) as (display, how):
        shown = run_on_display(display, args.frames, args.size, args.variant, args.idle) if display else None
    res = run(args.frames, (w, h), args.variant, idle_s=args.idle, quiet=args.json)
    res["display"] = shown
    res["display_source"] = how if display else None
    res["display_missing"] = None if display else how
    if args.json:
        print(json.dumps(res))
        return 0
    print(f"frames: {res['frames']} at {res['size']} ({res['variant']}, animations on, "
          f"{res['animated_frames']} animating)")
    print(f"dummy driver (drawing only, flip does nothing): p50 {res['p50_ms']:.2f} ms  p95 {res['p95_ms']:.2f} ms  "
          f"p99 {res['p99_ms']:.2f} ms  max {res['max_ms']:.2f} ms  "
          f"(target p95 < {TARGET_P95_MS:g} ms: {'ok' if res['p95_ok'] else 'MISSED'})")
    if shown:
        print(f"real display ({how}, {display}): frame p50 {shown['p50_ms']:.2f} ms  p95 {shown['p95_ms']:.2f} ms; "
              f"drawing p95 {shown['draw_p95_ms']:.2f} ms, presentation (flip) p50 {shown['present_p50_ms']:.2f} ms  "
              f"p95 {shown['present_p95_ms']:.2f} ms  (target p95 < {TARGET_P95_MS:g} ms: "
              f"{'ok' if shown['p95_ok'] else 'MISSED'}); idle CPU {shown['idle_cpu_percent']:.1f} %")
    else:
        print(f"real display: not measured ({how})")
    print(f"idle table CPU (dummy): {res['idle_cpu_percent']:.1f} %")
    print(f"a tile drawn for the first time at a new size: {res['tile_first_ms']:.1f} ms (CPU)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
