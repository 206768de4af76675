"""Where a launch spends its time until the first frame: phase marks and accumulated costs (``bench startup``).

``mark(name)`` notes when a phase ended (wall clock and this process's CPU time); ``add(name, seconds)``
accumulates a cost spread over many calls (font files parsed, artwork drawn). With YUNGUI_STARTUP_TRACE set,
the window prints ``startup {json}`` once its first frame is on the display.
"""

from __future__ import annotations

import json
import os
import time

_marks: dict[str, tuple[float, float]] = {}
_costs: dict[str, float] = {}


def mark(name: str) -> None:
    """The phase ``name`` ended now (only the first mark of a name counts)."""
    _marks.setdefault(name, (time.time(), time.process_time()))


def add(name: str, seconds: float) -> None:
    _costs[name] = _costs.get(name, 0.0) + seconds


def report() -> dict[str, object]:
    """Each mark as wall time (epoch s) and CPU s, and the accumulated costs in s."""
    return {"marks": {k: {"t": round(t, 4), "cpu": round(c, 4)} for k, (t, c) in _marks.items()},
            "costs": {k: round(v, 4) for k, v in _costs.items()}}


def print_report() -> None:
    if os.environ.get("YUNGUI_STARTUP_TRACE"):
        print("startup " + json.dumps(report()), flush=True)
