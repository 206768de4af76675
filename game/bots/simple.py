"""The tool bot ``simple``: a fast legal-move player for tests, smoke runs and benches (not offered to players).

It wins when it can, keeps pairs and runs, never claims rashly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..rules.actions import CHOW, DECLARE, DISCARD, HU, KONG, PASS, PUNG, Action
from ..rules.view import View


def keep_value(counts: Sequence[int], t: int, edge: float = 1.0) -> float:
    """How much a held tile is worth keeping: copies held, neighbours within two in its suit, minus
    ``edge`` for a 1 or 9."""
    v: float = counts[t] * 3
    if t < 27:
        r = t % 9
        for d, w in ((1, 2), (2, 1)):
            if r - d >= 0 and counts[t - d]:
                v += w
            if r + d <= 8 and counts[t + d]:
                v += w
        if r in (0, 8):
            v -= edge
    return v


class SimpleBot:
    name = "simple"

    def __init__(self, seed: object = 0) -> None:
        self.rng = random.Random(seed if isinstance(seed, (int, str)) else str(seed))

    def act(self, view: View) -> Action:
        legal: list[Action] = view["legal"]
        kinds = {a.kind for a in legal}
        if HU in kinds:
            return next(a for a in legal if a.kind == HU)
        if DECLARE in kinds:
            return next(a for a in legal if a.kind == DECLARE)
        if DISCARD in kinds:
            return self._discard(view, [a for a in legal if a.kind == DISCARD])
        if KONG in kinds and self.rng.random() < 0.5:
            return next(a for a in legal if a.kind == KONG)
        if PUNG in kinds and self.rng.random() < 0.3:
            return next(a for a in legal if a.kind == PUNG)
        if CHOW in kinds and self.rng.random() < 0.1:
            return next(a for a in legal if a.kind == CHOW)
        if PASS in kinds:
            return next(a for a in legal if a.kind == PASS)
        return legal[0]

    def _discard(self, view: View, options: list[Action]) -> Action:
        hand = view["hand"]
        counts = [0] * 34
        for t in hand:
            counts[t] += 1
        wild = view.get("public", {}).get("wildcard")

        def keep(t: int | None) -> float:
            assert t is not None  # a discard names its tile
            return 100 if t == wild else keep_value(counts, t) + self.rng.random() * 0.5

        return min(options, key=lambda a: keep(a.tile))
