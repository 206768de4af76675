"""Quick phrases at a LAN table: eight fixed phrases by id (never free text) and the host's rate limit.

A seated player sends ``say`` with a phrase id; the host checks the id, holds the
seat to ``PhraseGate`` and sends ``said`` (the seat and the id) to every seat and
watcher. The words are the window's, in each reader's own language (strings
``phrase.0`` … ``phrase.7``), so nothing a peer types ever reaches another screen.
"""

from __future__ import annotations

import collections

PHRASES = 8  # phrase ids 0 .. PHRASES - 1
GAP_S = 2.0  # a seat says at most one phrase this often
BURST = 4  # and at most this many
WINDOW_S = 30.0  # in this many seconds


def valid_id(value: object) -> bool:
    """A phrase id as the protocol takes it: an int 0 .. PHRASES - 1 (a bool is no id)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < PHRASES


class PhraseGate:
    """Per seat: a phrase at most every ``gap`` seconds and at most ``burst`` in ``window`` seconds (times are the
    host loop's clock). A refused phrase is dropped without a word: the sender's window already limits itself."""

    def __init__(self, gap: float = GAP_S, burst: int = BURST, window: float = WINDOW_S):
        self.gap, self.burst, self.window = gap, burst, window
        self._said: dict[int, collections.deque[float]] = {}

    def allow(self, seat: int, now: float) -> bool:
        """Whether ``seat`` may say a phrase at ``now``; a phrase allowed is counted."""
        said = self._said.setdefault(seat, collections.deque())
        while said and now - said[0] >= self.window:
            said.popleft()
        if said and now - said[-1] < self.gap:
            return False
        if len(said) >= self.burst:
            return False
        said.append(now)
        return True

    def wait(self, seat: int, now: float) -> float:
        """Seconds before ``seat`` may say the next phrase (0: now), for the sender's own window to grey its menu."""
        said = self._said.get(seat)
        if not said:
            return 0.0
        out = max(0.0, said[-1] + self.gap - now)
        live = [t for t in said if now - t < self.window]
        if len(live) >= self.burst:
            out = max(out, live[0] + self.window - now)
        return out

    def forget(self, seat: int) -> None:
        """A seat changed hands: its history goes."""
        self._said.pop(seat, None)
