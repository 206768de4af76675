"""Progress bars for long commands (sim, bench, build, the bot tools): tqdm on stderr, only where a person watches.

``bar(total, desc)`` draws when stderr is a terminal, and is a silent stand-in otherwise: with ``--json``
(``quiet=True``), when stderr is piped or redirected, in a windowed build without stderr, or with
``YUNGUI_NO_PROGRESS`` set. Nothing is ever written to stdout, whose formats are fixed (docs/cli.md). The bar
leaves no line behind when it closes. No pygame here.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Iterable, Iterator
from typing import Any, TextIO, TypeVar

T = TypeVar("T")


class _Silent:
    """What ``bar`` returns when nobody watches: every call does nothing."""

    n: float = 0
    total: float | None = None

    def update(self, n: float = 1) -> None:
        self.n += n

    def set_description_str(self, desc: str, refresh: bool = True) -> None:
        pass

    def set_postfix_str(self, s: str = "", refresh: bool = True) -> None:
        pass

    def refresh(self) -> None:
        pass

    def clear(self) -> None:
        pass

    def reset(self, total: float | None = None) -> None:
        self.n, self.total = 0, total

    def close(self) -> None:
        pass

    def __enter__(self) -> _Silent:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def shown(quiet: bool = False, stream: TextIO | None = None) -> bool:
    """Whether a bar would be drawn: stderr (or ``stream``) is a terminal, and the output is not machine-read."""
    stream = sys.stderr if stream is None else stream
    if quiet or stream is None or os.environ.get("YUNGUI_NO_PROGRESS"):
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def bar(total: float | None = None, desc: str = "", unit: str = "it", quiet: bool = False,
        stream: TextIO | None = None, ticking: bool = False, clock: bool = False) -> Any:
    """A tqdm bar on stderr (``total`` None: a counter), or a silent stand-in. ``ticking``: redraw twice a second
    even without updates, so that the elapsed time moves during one long step (a PyInstaller run). ``clock``: the
    bar counts seconds by itself, up to ``total`` (a benchmark that runs for a fixed time)."""
    stream = sys.stderr if stream is None else stream
    if not shown(quiet, stream):
        return _Silent()
    from tqdm import tqdm

    b = tqdm(total=total, desc=desc, unit=unit, file=stream, leave=False, dynamic_ncols=True, mininterval=0.2,
             smoothing=0.1, bar_format="{l_bar}{bar}| {n:.0f}/{total_fmt} s [{elapsed}]" if clock else None)
    if ticking or clock:
        _tick(b, clock)
    return b


def track(items: Iterable[T], total: float | None = None, desc: str = "", unit: str = "it",
          quiet: bool = False) -> Iterator[T]:
    """``items`` one by one, counted on a bar (see ``bar``); the bar goes when the items run out."""
    with bar(total, desc, unit, quiet) as b:
        for x in items:
            yield x
            b.update(1)


def _tick(b: Any, clock: bool) -> None:
    t0 = time.monotonic()

    def run() -> None:
        while not getattr(b, "disable", True):
            if clock and b.total:
                b.n = min(b.total, time.monotonic() - t0)
            b.refresh()
            time.sleep(0.5)

    threading.Thread(target=run, name="progress-tick", daemon=True).start()
