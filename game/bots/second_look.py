"""A second look at the chicken 高手's two best discards: features of each, and a linear model of the gain.

Experimental and off unless ``ChickenExpert.second_look`` holds weights; ``build/second_look.py`` fits
them on rollouts (the second discard played out against the first on the same wall) and tests the fit
on other walls.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..rules.actions import DISCARD
from . import shape as S

FAMILIES = ("std", "pairs", "flush", "pungs", "chicken")
LATE = 25  # tiles left in the wall below which a discard counts as late


def features(x: Any, ctx: Any, dz: Any, entry: tuple) -> list[float]:
    """One discard's features from the 高手's ranked ``entry`` (worth, action, tag); ``x``: its
    ChickenExpert, ``dz``: its table read. The first is 1.0, the place of the model's constant."""
    w, a, tag = entry
    d, after, fam = a.tile, tag[0], tag[6].rstrip("012")
    late = 1.0 if ctx.drawable < LATE else 0.0
    k = S.keys(after)
    s = S.std(k, 0)
    acc = sum(ctx.live[t] for t in S.std_accepts(after, k, 0, s, ctx.live)[1]) / 10.0 if s < 90 else 0.0
    p = min(S.pairs(after, 0), 6) if ctx.n_melds == 0 else 0
    pd, loss = dz.risk(d)
    charge = x.chicken_values(ctx).get(d, 0) if x.first_free(ctx, d) else 0
    term = 1.0 if d >= 27 or d % 9 in (0, 8) else 0.0
    return [1.0, w / 10.0, w / 10.0 * late, float(s), s * late, float(p), acc, acc * late, pd, pd * late,
            loss / 10.0, float(charge), ctx.live[d] / 4.0, float(ctx.counts[d]), term, tag[4] / 10.0] + \
           [1.0 if fam == f else 0.0 for f in FAMILIES]


def runner_up(ranked: Sequence[tuple]) -> tuple | None:
    """The second look's other choice: the best-ranked discard after ``ranked[0]`` when that is a discard
    (the 高手's ranked entries, best first), else None. The bot and the study tool both ask it."""
    if not ranked or ranked[0][1].kind != DISCARD:
        return None
    return next((e for e in ranked[1:] if e[1].kind == DISCARD), None)


def gain(w: Sequence[float], first: Sequence[float], second: Sequence[float]) -> float:
    """The points the model expects the second discard to make over the first: its constant plus the
    weighted differences of the features."""
    return w[0] + sum(c * (b - a) for c, a, b in zip(w[1:], first[1:], second[1:]))
