"""A LAN table's clock that a test moves forward: the turn timer and the phrase gap run on it."""

from __future__ import annotations


class Skew:
    """The table's clock: the loop's, plus what the test adds (jumps forward, never back)."""

    def __init__(self, table):
        self.table, self.extra = table, 0.0

    def __call__(self) -> float:
        return self.table.loop.time() + self.extra

    def jump(self, seconds: float) -> None:
        self.extra += seconds
        self.table.loop.call_soon_threadsafe(self.table._time_up)  # the table looks at its deadlines now


def skewed(table) -> Skew:
    """Put a ``Skew`` clock on ``table`` and return it."""
    table.clock = Skew(table)
    return table.clock
