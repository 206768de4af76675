"""Password-guess throttles: per address and per table, with waits that double; churn cannot empty them."""

from __future__ import annotations

import collections
import time


class Throttle:
    """Wrong guesses per key (an address, a table): after ``free`` of them each further try waits, the wait
    doubling up to ``wait_max``; ``forgive_s`` of quiet forgets a key. At most ``keep`` keys are remembered,
    the least recently wrong forgotten first (a flood of new addresses pushes out only other addresses:
    the per-table throttle beside it holds whatever the addresses)."""

    def __init__(self, free: int, wait_max: float, forgive_s: float = 600.0, keep: int = 4096, clock=time.monotonic):
        self.free, self.wait_max, self.forgive_s, self.keep = free, wait_max, forgive_s, keep
        self.clock = clock
        self._fails: collections.OrderedDict[str, list[float]] = collections.OrderedDict()  # key -> [count, last]

    def wait(self, key: str) -> float:
        """Seconds before ``key`` may try again (0: now)."""
        now = self.clock()
        f = self._fails.get(key)
        if f is None:
            return 0.0
        if now - f[1] > self.forgive_s:
            del self._fails[key]
            return 0.0
        if f[0] < self.free:
            return 0.0
        return max(0.0, min(self.wait_max, 2.0 ** (f[0] - self.free)) - (now - f[1]))

    def failed(self, key: str) -> int:
        """Count a wrong guess; returns how many ``key`` has made."""
        f = self._fails.pop(key, None) or [0, 0.0]
        f[0] += 1
        f[1] = self.clock()
        self._fails[key] = f
        while len(self._fails) > self.keep:
            self._fails.popitem(last=False)
        return int(f[0])

    def forget(self, key: str) -> None:
        self._fails.pop(key, None)
