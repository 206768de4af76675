"""What every element of one table reads: the view shown, the layout, the renderer, the deal, the table's modes.

The table scene keeps a ``TableContext`` current (a new view after each pump, a
new layout after each resize, the modes as they change); the elements read its
plain fields and never write them. What an element does to the table goes
through the callbacks the scene gave it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.ui.kit.names import shown_all
from game.ui.table.anim import Animator
from game.ui.table.hints import HintEngine, Hints
from game.ui.table.layout import TableLayout
from game.ui.table.tableview import TableRenderer


def deal_counts(view: dict, me: int, n: int, t: float) -> dict[int, int] | None:
    """Tiles shown per seat at progress ``t`` of the deal animation (four at a time, then the rest); None once dealt."""
    if t >= 1:
        return None
    if t < 0:
        return {seat: 0 for seat in range(n)}
    k = int(t * 4)  # rounds 0..3: 4, 8, 12 tiles, then all
    out = {}
    for seat in range(n):
        full = len(view["hand"]) if seat == me else view["seats"][seat]["concealed"]
        out[seat] = full if k >= 3 else min(full, 4 * (k + 1))
    return out


@dataclass
class DealClock:
    """The deal animation: tiles appear four at a time from ``start`` (app time) for ``dur`` seconds."""

    start: float | None = None
    dur: float = 0.0

    def begin(self, start: float, dur: float) -> None:
        self.start, self.dur = start, dur

    def counts(self, view: dict, me: int, n: int, now: float) -> dict[int, int] | None:
        """Tiles shown per seat now, or None once every tile is dealt."""
        if self.start is None or self.dur <= 0:
            return None
        return deal_counts(view, me, n, (now - self.start) / self.dur)

    def finish(self, now: float) -> None:
        """Stop the clock once every tile is dealt (a frame drawn at ``now`` shows them all)."""
        if self.start is not None and (self.dur <= 0 or now >= self.start + self.dur):
            self.start = None


@dataclass
class TableContext:
    """One seat's table as its elements see it (``seated``: a person plays ``me`` here, not a spectator or the demo)."""

    app: Any  # game.ui.app.App: now, size, settings, sound, notice
    me: int
    seated: bool
    demo: bool
    lan: bool
    raw_names: list[str]
    hints_allowed: Callable[[], bool]
    view: Any = None  # the seat's view (game.rules.view.View; at a LAN table the same dict from the wire), or None
    layout: TableLayout | None = None
    scale: float = 1.0
    render: TableRenderer = field(default_factory=TableRenderer)
    anim: Animator = field(default_factory=Animator)
    deal: DealClock = field(default_factory=DealClock)
    hints: HintEngine = field(default_factory=HintEngine)
    # the table's modes
    paused: bool = False  # the Esc menu is open (a LAN table plays on under it)
    settling: bool = False  # the hand's settlement is up (perhaps hidden while the player looks at the table)
    look: bool = False  # the settlement is hidden: every hand shows on the table
    waiting_next: bool = False  # a LAN table: the next hand comes when every player is ready

    def names(self) -> list[str]:
        """The seats' names as shown now (the game's own names in the current language)."""
        return shown_all(self.raw_names)

    def hand_over(self) -> bool:
        return self.view is not None and self.view.get("phase") == "end"

    def legal(self, kind: str | None = None) -> list:
        acts = (self.view or {}).get("legal") or []
        return [a for a in acts if kind is None or a.kind == kind]

    def deal_counts(self) -> dict[int, int] | None:
        """Tiles shown per seat while the deal animation runs, or None."""
        if self.view is None:
            return None
        return self.deal.counts(self.view, self.me, self.view["n"], self.app.now)

    def current_hints(self) -> Hints | None:
        """The hints shown now (None while they are off, for a spectator, in the demo)."""
        if self.view is None or not self.hints_allowed():
            return None
        return self.hints.compute(self.view)
