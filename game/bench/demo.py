"""``python -m game bench demo [--hours H] [--dt S] [--json]``: the demo left running for hours, on a fast clock.

The real demo scene (every game in turn, lessons, settlements, the scout) runs
off-screen at 1280x720 with animations at normal speed, but each frame advances
the app's clock by ``--dt`` seconds instead of 1/60, so hours of demo pass in
minutes. Every simulated ``--every`` minutes it samples the Python heap
(tracemalloc), the process's resident memory and the frame times of the window
just ended; before each sample the UI's render caches (capped: text 3000
entries, tile surfaces 3072) and the bots' (shape cache 16384 entries, two LRUs)
are emptied, so the heap figure is what the demo itself holds (``--keep-caches``
keeps them). The figures that matter are ratios of the last window to the first
one after warm-up, on equal work (the same kind of frames in one process): a
demo that leaks or slows down shows ratios above 1.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import time
import tracemalloc
from typing import Any


def _rss_kb() -> int:
    """Resident memory of this process in KiB (see ``game.oscompat.rss_kb``: 0 where the system gives none)."""
    from game.oscompat import rss_kb

    return rss_kb()


def capped_caches() -> dict[str, int]:
    """Entries in the capped caches: the UI's render caches (text 3000 then cleared, tile surfaces LRU 3072)
    and the bots' (see ``game.bots.bot_caches``)."""
    from game.bots import bot_caches
    from game.ui.kit import tileart, widgets

    return {"text": len(widgets._text_cache), "tile": tileart._tile.cache_info().currsize, **bot_caches()}


def clear_capped_caches() -> None:
    """Empty the UI's render caches and the bots': they refill as frames are drawn and bots decide; their
    growth is capped, not the demo's."""
    from game.bots import clear_caches
    from game.ui.kit import tileart, widgets

    clear_caches()
    widgets._text_cache.clear()
    tileart.clear_cache()
    for f in (widgets._panel_surface, widgets._shadow_surface, widgets._gradient_rounded, widgets._veil,
              widgets.button_glow, widgets.glow_circle):
        f.cache_clear()


def _pct(xs: list[float], p: float) -> float:
    ys = sorted(xs)
    if not ys:
        return 0.0
    return ys[min(len(ys) - 1, max(0, round(p / 100 * (len(ys) - 1))))]


def run(hours: float = 3.0, dt: float = 1.0, every_min: float = 15.0, warmup_min: float = 15.0,
        size: tuple[int, int] = (1280, 720), seed: int = 7, pin: str = "", heap: bool = True,
        keep_caches: bool = False, quiet: bool = True) -> dict[str, Any]:
    """The demo for ``hours`` simulated hours; unless ``quiet``, a progress bar counts simulated minutes on stderr
    (a terminal only)."""
    from game.progress import bar

    with bar(round(hours * 60), "bench demo", "min", quiet=quiet) as prog:
        return _run(hours, dt, every_min, warmup_min, size, seed, pin, heap, keep_caches, prog)


def _run(hours: float, dt: float, every_min: float, warmup_min: float, size: tuple[int, int], seed: int, pin: str,
         heap: bool, keep_caches: bool, prog: Any) -> dict[str, Any]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.ui.app import App
    from game.ui.menus.demo_scene import DemoScene
    from game.ui.settings import Settings

    app = App(size=size, settings=Settings(anim="normal", sound=False, window=size), save=False, sound=False)
    app.goto(DemoScene(app, 0, seed, pin=pin))
    if heap:
        tracemalloc.start()
    end = hours * 3600
    samples: list[dict[str, Any]] = []
    window: list[float] = []
    scenes = 0
    variants: dict[str, int] = {}
    next_sample = warmup_min * 60
    clock = time.perf_counter
    t_start = clock()
    last = app.scene
    while app.now < end:
        t0 = clock()
        app.frame([], dt)
        window.append((clock() - t0) * 1000)
        if app.now // 60 > prog.n:
            prog.update(int(app.now // 60 - prog.n))
        if app.scene is not last:
            scenes += 1
            last = app.scene
            vid = getattr(app.scene, "variant", None)
            if vid is not None:
                variants[vid.id] = variants.get(vid.id, 0) + 1
        if app.now >= next_sample:
            caches = capped_caches()
            if not keep_caches:
                clear_capped_caches()  # what remains is what the demo itself holds
            gc.collect()
            samples.append({
                "text_cache": caches["text"],
                "tile_cache": caches["tile"],
                "bot_cache": caches["improving"] + caches["win_chance"] + caches["chain"],
                "minute": round(app.now / 60, 1),
                "hands": scenes,
                "heap_kb": round(tracemalloc.get_traced_memory()[0] / 1024) if heap else None,
                "rss_kb": _rss_kb(),
                "frames": len(window),
                "p50_ms": round(_pct(window, 50), 3),
                "p95_ms": round(_pct(window, 95), 3),
                "max_ms": round(max(window), 3),
            })
            window = []
            next_sample += every_min * 60
    if heap:
        tracemalloc.stop()
    first, final = (samples[0], samples[-1]) if samples else ({}, {})

    def ratio(key: str) -> float | None:
        a, b = first.get(key), final.get(key)
        return round(b / a, 3) if a and b else None

    return {
        "simulated_hours": hours,
        "dt_s": dt,
        "wall_s": round(clock() - t_start, 1),
        "hands": scenes,
        "hands_by_variant": variants,
        "samples": samples,
        "heap_growth_kb": (final["heap_kb"] - first["heap_kb"]) if heap and samples else None,
        "rss_growth_kb": (final["rss_kb"] - first["rss_kb"]) if samples else None,
        "heap_ratio": ratio("heap_kb"),
        "p50_ratio": ratio("p50_ms"),
        "p95_ratio": ratio("p95_ms"),
        "size": f"{size[0]}x{size[1]}",
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game bench demo")
    p.add_argument("--hours", type=float, default=3.0, help="simulated hours of demo (default 3)")
    p.add_argument("--dt", type=float, default=1.0, help="simulated seconds per frame (default 1)")
    p.add_argument("--every", type=float, default=15.0, help="simulated minutes between samples")
    p.add_argument("--pin", default="", help="pin the demo to one game")
    p.add_argument("--no-heap", action="store_true", help="skip tracemalloc (faster; RSS only)")
    p.add_argument("--keep-caches", action="store_true",
                   help="measure with the UI's and the bots' caches in (by default emptied before each sample)")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv or [])
    res = run(args.hours, args.dt, args.every, args.every, pin=args.pin, heap=not args.no_heap,
              keep_caches=args.keep_caches, quiet=args.json)
    if args.json:
        print(json.dumps(res))
        return 0
    print(f"demo: {res['simulated_hours']:g} simulated hours ({res['dt_s']:g} s per frame) in {res['wall_s']} s, "
          f"{res['hands']} hands {res['hands_by_variant']}")
    print("minute  hands  heap KiB   RSS KiB  text/tile cached  frames  p50 ms  p95 ms  max ms")
    for smp in res["samples"]:
        cached = f"{smp['text_cache']}/{smp['tile_cache']}"
        print(f"{smp['minute']:6.0f} {smp['hands']:6d} {smp['heap_kb'] or 0:9d} {smp['rss_kb']:9d} {cached:>17s} "
              f"{smp['frames']:7d} {smp['p50_ms']:7.2f} {smp['p95_ms']:7.2f} {smp['max_ms']:7.1f}")
    print(f"last/first window: heap {res['heap_ratio']}  frame p50 {res['p50_ratio']}  p95 {res['p95_ratio']}  "
          f"(heap {res['heap_growth_kb']:+} KiB, RSS {res['rss_growth_kb']:+} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
