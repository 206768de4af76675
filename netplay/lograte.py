"""A log rate limit that holds for every logger: peers must not be able to flood the host's log."""

from __future__ import annotations

import logging
import time


class RateLimit(logging.Filter):
    """Lets through at most ``burst`` lines of one kind at once and ``rate`` a second after that.

    A kind is (logger, level, message template), so one noisy source cannot hide the
    others; ``total_burst``/``total_rate`` cap everything together. The first line let
    through after a quiet spell says how many like it were dropped.
    """

    def __init__(self, burst: float = 10, rate: float = 1.0, total_burst: float = 60, total_rate: float = 20.0,
                 clock=time.monotonic):
        super().__init__()
        self.burst, self.rate = burst, rate
        self.total_burst, self.total_rate = total_burst, total_rate
        self.clock = clock
        self._kinds: dict[tuple, list] = {}  # kind -> [tokens, last time, dropped]
        self._total = [total_burst, clock()]
        self.dropped = 0

    def filter(self, record: logging.LogRecord) -> bool:
        now = self.clock()
        kind = (record.name, record.levelno, record.msg if isinstance(record.msg, str) else type(record.msg))
        st = self._kinds.get(kind)
        if st is None:
            if len(self._kinds) > 2000:  # bounded however many distinct messages arrive
                self._kinds.clear()
            st = self._kinds[kind] = [self.burst, now, 0]
        st[0] = min(self.burst, st[0] + (now - st[1]) * self.rate)
        st[1] = now
        tot = self._total
        tot[0] = min(self.total_burst, tot[0] + (now - tot[1]) * self.total_rate)
        tot[1] = now
        if st[0] < 1 or tot[0] < 1:
            st[2] += 1
            self.dropped += 1
            return False
        st[0] -= 1
        tot[0] -= 1
        if st[2]:
            record.msg = f"{record.getMessage()} ({st[2]} more like this not logged)"
            record.args = None
            st[2] = 0
        return True


_FILTER: RateLimit | None = None


def install() -> RateLimit:
    """Attach one shared limit to every handler that can print (root's, and Python's last resort)."""
    global _FILTER
    if _FILTER is None:
        _FILTER = RateLimit()
    handlers = list(logging.getLogger().handlers)
    if logging.lastResort is not None:
        handlers.append(logging.lastResort)
    for h in handlers:
        if _FILTER not in h.filters:
            h.addFilter(_FILTER)
    return _FILTER
