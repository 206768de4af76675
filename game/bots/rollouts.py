"""Tool: rollout search for the few decisions that matter: sampled futures, a counts-only simulator, value leaves.

For a decision between a handful of actions, each action is turned into a starting hand (tiles and
melds after it). The hidden tiles are sampled consistently with the seat's view: every tile the seat
cannot see is equally likely to be in the wall or in another player's hand. Each sampled future is a
shuffled wall; the seat draws from it, the other players throw random unseen tiles (a discard win is
possible on them), and each round somebody else may end the hand (the model's hazard). The seat plays
greedily (lowest shanten over its routes, ties to the least connected tile). A rollout ends with a
win, or is truncated after ``depth`` rounds and scored by the variant's value model. Every action is
played on the same futures (common random numbers), so the comparison is far sharper than the spread
of a single rollout.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from . import shanten

Counts = shanten.Counts
Tag = TypeVar("Tag")


@dataclass
class Start(Generic[Tag]):
    """A candidate action's starting point: 13-tile counts (no wildcards), jokers, and an immediate value."""

    counts: Counts
    tag: Tag  # what the caller needs to tell the starts apart (e.g. a scoring context)
    jokers: int = 0
    bonus: float = 0.0  # points the action brings by itself (a bean, kong points)
    extra_draw: bool = False  # a kong: the next tile is the seat's replacement draw
    locked: bool = False  # declared ready (报听): every drawn tile that does not win is thrown
    pairs: bool = False  # seven pairs still counts (a concealed hand)


class Simulator(Generic[Tag]):
    """Plays sampled futures of one seat's hand (see the module docstring)."""

    def __init__(self, live: Sequence[int], hazards: Sequence[int], n: int, rng: random.Random,
                 shanten_of: Callable[[Counts, list[int], int], int],
                 win: Callable[[Start[Tag], Counts, int, bool], float | None],
                 leaf: Callable[[Start[Tag], Counts, int, int], float],
                 end: Callable[[Start[Tag], Counts, int], float],
                 jk: int | None = None) -> None:
        self.pool = [t for t in range(34) for _ in range(live[t])]
        self.hazards = [h / 1000.0 for h in hazards]
        self.n = n
        self.rng = rng
        self.shanten = shanten_of  # (counts, keys, jokers) -> shanten of a 3k+1 hand
        self.win = win  # (start, 14-tile counts, jokers, self_drawn) -> points, or None if not a win
        self.leaf = leaf  # (start, 13-tile counts, jokers, rounds played) -> value of a truncated rollout
        self.end = end  # (start, 13-tile counts, jokers) -> value when someone else ends the hand now
        self.jk = jk

    def futures(self, k: int) -> list[list[int]]:
        out = []
        for _ in range(k):
            f = list(self.pool)
            self.rng.shuffle(f)
            out.append(f)
        return out

    def compare(self, starts: Sequence[Start[Tag]], samples: int = 24, depth: int = 6) -> list[float]:
        """Mean rollout value of each start over the same sampled futures."""
        fut = self.futures(samples)
        return [sum(self.play(st, f, depth) for f in fut) / samples + st.bonus for st in starts]

    def play(self, st: Start[Tag], future: list[int], depth: int) -> float:
        c = list(st.counts)
        j = st.jokers
        k = shanten.keys(c)
        cur = self.shanten(c, k, j)  # only a ready hand can win, on a discard or a draw
        pos = 0
        alive = 1.0
        value = 0.0
        n_opp = self.n - 1
        jk = self.jk
        for r in range(depth):
            h = self.hazards[r] if r < len(self.hazards) else 1.0
            if r > 0 or not st.extra_draw:
                # the others' discards this round (a discard win on one of them)
                for _ in range(n_opp):
                    if pos >= len(future):
                        break
                    t = future[pos]
                    pos += 1
                    if t == jk or cur > 0:
                        continue
                    c[t] += 1
                    pts = self.win(st, c, j, False)
                    c[t] -= 1
                    if pts is not None:
                        return value + alive * pts
                value += alive * h * self.end(st, c, j)
                alive *= 1.0 - h
                if alive < 0.02:
                    return value
            if pos >= len(future):
                break
            t = future[pos]
            pos += 1
            if t == jk:
                j += 1
            else:
                c[t] += 1
                k[t // 9] += shanten._P[t % 9]
            if cur <= 1 or t == jk:
                pts = self.win(st, c, j, True)
                if pts is not None:
                    return value + alive * pts
            if st.locked:
                d = t
            else:
                d, cur = self.discard(c, k, j, st.pairs)
            if d == jk:
                j -= 1
            else:
                c[d] -= 1
                k[d // 9] -= shanten._P[d % 9]
        return value + alive * self.leaf(st, c, j, depth)

    def discard(self, c: Counts, k: list[int], j: int, pairs: bool = False) -> tuple[int, int]:
        """The greedy discard (lowest shanten afterwards, ties to the least connected tile) and the
        shanten it leaves."""
        best = None
        best_key: tuple[int, float] | None = None
        if pairs:
            npr = nsg = 0
            for x in c:
                if x:
                    npr += x >> 1
                    nsg += x & 1
        for d in range(34):
            x = c[d]
            if not x:
                continue
            g = d // 9
            p = shanten._P[d % 9]
            k[g] -= p
            s = shanten.std(k, j)
            k[g] += p
            if pairs:
                pr = npr - (x >> 1) + ((x - 1) >> 1)
                sg = nsg + (1 if x % 2 == 0 else -1)
                used = j if j < sg else sg
                pr += used + (j - used) // 2
                sp = 6 - (pr if pr < 7 else 7)
                if sp < s:
                    s = sp
            if best_key is not None and s > best_key[0]:
                continue  # cannot beat the best, whatever its connection
            key = (s, _connect(c, d))
            if best_key is None or key < best_key:
                best_key, best = key, d
        if best is None or best_key is None:
            return 0, 99
        return best, best_key[0]


def _connect(c: Counts, t: int) -> float:
    """How much tile ``t`` does for its neighbours (lower: a better discard)."""
    if t >= 27:
        return c[t] - 1.0
    r = t % 9
    v = 1.5 * (c[t] - 1)
    b = t - r
    for dd, w in ((1, 1.0), (2, 0.5)):
        if r - dd >= 0 and c[b + r - dd]:
            v += w
        if r + dd <= 8 and c[b + r + dd]:
            v += w
    if r in (0, 8):
        v -= 0.3
    return v
