"""Turn and claim timers: how long a seat has for a decision, the countdown it shows, and what it does at zero.

A table option (``TIMER_CHOICES``: off, 10, 15 or 20 seconds) gives each decision a
deadline; a claim window of a LAN table brings its own (the window's deadline). At
zero the seat acts as 托管 does when a player is away (``timeout_action``): it passes
what it was offered, or discards the tile it drew. The window counts down and ticks
the last ``TICK_LAST`` seconds; a LAN host enforces the deadline for its seats.
Pure: every time is the caller's clock (a window's app time, a host's event loop).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from game.rules.actions import Action
from game.rules.kinds import ActionKind

TIMER_CHOICES = (0, 10, 15, 20)  # seconds per decision; 0: no timer
LAN_DEFAULT = 15  # a LAN table keeps people moving
LOCAL_DEFAULT = 0  # a game against bots waits for the player
TICK_LAST = 3  # the last seconds tick audibly


def valid_seconds(value: object, default: int) -> int:
    """A timer setting as a table takes it: one of ``TIMER_CHOICES``, else ``default``."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value in TIMER_CHOICES else default


@dataclass
class DecisionClock:
    """The countdown of one seat's current decision.

    ``follow(key, now)`` every frame (or message): a new ``key`` (a new decision, None: none) starts a new
    countdown of ``seconds`` (0: none), or ends at ``deadline`` when one is given (a LAN claim window's).
    """

    seconds: float = 0.0
    key: Hashable = None
    deadline: float | None = None
    started: float | None = None
    _ticked: int = TICK_LAST + 1  # the lowest whole second already ticked

    def follow(self, key: Hashable, now: float, deadline: float | None = None) -> bool:
        """Track the decision ``key`` (None: no decision); True when a new countdown started."""
        if key == self.key and (deadline is None or deadline == self.deadline):
            return False
        fresh = key != self.key
        self.key = key
        if key is None:
            self.deadline = self.started = None
            return False
        if deadline is None and self.seconds <= 0:
            self.deadline = self.started = None
            return False
        if fresh or self.started is None:
            self.started = now
            self._ticked = TICK_LAST + 1
        self.deadline = deadline if deadline is not None else now + self.seconds
        return fresh

    def stop(self) -> None:
        """The decision was made: no countdown until the next one (the key stays, so it does not restart)."""
        self.deadline = None

    @property
    def running(self) -> bool:
        return self.deadline is not None

    def remaining(self, now: float) -> float | None:
        """Seconds left (0 once expired), None without a countdown."""
        return None if self.deadline is None else max(0.0, self.deadline - now)

    def shown(self, now: float) -> int | None:
        """The whole seconds a countdown shows: 15 … 1, then 0."""
        left = self.remaining(now)
        return None if left is None else math.ceil(left - 1e-9)

    def fraction(self, now: float) -> float | None:
        """How much of the time is left, 1 → 0 (for a ring or a bar)."""
        left = self.remaining(now)
        if left is None or self.started is None or self.deadline is None:
            return None
        total = self.deadline - self.started
        return 1.0 if total <= 0 else max(0.0, min(1.0, left / total))

    def expired(self, now: float) -> bool:
        return self.deadline is not None and now >= self.deadline

    def ticks(self, now: float) -> list[int]:
        """The whole seconds of the last ``TICK_LAST`` reached since the previous call (3, 2, 1), each once."""
        shown = self.shown(now)
        if shown is None or shown <= 0:
            return []
        due = [s for s in range(min(TICK_LAST, self._ticked - 1), shown - 1, -1) if s >= 1]
        if due:
            self._ticked = due[-1]
        return due

    def wake_at(self, now: float) -> float | None:
        """The next time the countdown changes what it shows (the next whole second), for the loop's timers."""
        left = self.remaining(now)
        if left is None or self.deadline is None:
            return None
        if left <= 0:
            return None
        frac = left - math.floor(left)
        return now + (frac if frac > 1e-6 else 1.0)


def timeout_action(seat: int, legal: Sequence[Action], drawn: int | None) -> Action | None:
    """What the seat does when its time runs out, as 托管 does for an absent player: pass what it was offered
    (a claim, a kong to rob, 报听), else discard the tile it drew (else its last legal discard, after a claim);
    a win that may not be passed (天胡/地胡) is taken. None: the seat has no decision."""
    if not legal:
        return None
    kinds = {a.kind for a in legal}
    if ActionKind.PASS in kinds:
        return Action(seat, ActionKind.PASS)
    discards = [a for a in legal if a.kind == ActionKind.DISCARD]
    if discards:
        mine = [a for a in discards if a.tile == drawn]
        return mine[0] if mine else max(discards, key=lambda a: a.tile if a.tile is not None else -1)
    wins = [a for a in legal if a.kind == ActionKind.HU]
    return wins[0] if wins else legal[0]
