"""Ceilings of reading in the chicken games: the 高手 told the hidden facts its table read estimates.

    python build/oracle.py --variant guiyang --hands 4000 [--tell wins,chickens,wall] [--hard] [--seed o2]

Each wall (``oracle:SEED:VARIANT:i``) and seat is played twice against the same three 熟手: by the plain
高手 (A) and by the same 高手 told the truth (B). What it can be told:

- ``wins``: for each discard of its turn, whether some opponent can win on it now (the engine's own
  answer, pass and 过胡 included), in place of the danger read's chance. The discard after a pung and a
  kong that could be robbed are still read. The model's cost of a deal-in is kept,
  so the 高手 still weighs it against speed; ``--hard`` makes any deal-in cost 1,000 points instead.
- ``wall``: which copies are still in the wall, in place of the copies unseen (so the hand's
  acceptance counts only tiles it can still draw; who may pung a chicken is still read from the unseen).
- ``chickens``: whether an opponent holds two (or three) copies of a chicken the 高手 might release, in
  place of the modelled chance of such a holder. The modelled share of holders who pung (``pung_prob``)
  is kept.

Everything else is the 高手's own policy, so B − A (its own points, paired per wall) is what a perfect
read of the hidden hands is worth to this policy: an upper bound on improving the read, not on
improving the bot. A figure below zero says the model's settings were fitted to what a seat really sees
(``wall`` does this in guiyang), not that knowing more hurts. It is a study, not a bot: the told seat
sees the whole state.
"""

from __future__ import annotations

import argparse
import copy
import os
import random
import sys
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from duel import _mean_ci

from game.bots import make_bot
from game.bots.runner import decisions
from game.bots.strong_chicken import ChickenDefence, ChickenExpert
from game.oscompat import mp_context
from game.progress import track
from game.rules import engine
from game.rules.actions import DISCARD, HU, PASS, Action
from game.rules.kinds import Phase
from game.rules.match import Match
from game.rules.state import HandState
from game.rules.variants import get

HARD_COST = 1000.0


def winners_on(st: HandState, seat: int, tile: int) -> list[int] | None:
    """The opponents who could win on ``seat`` discarding ``tile`` now (None: that is not a legal
    discard in ``st``)."""
    acts = [a for a in engine.legal_actions(st, seat) if a.kind == DISCARD and a.tile == tile]
    if not acts:
        return None
    s2 = copy.deepcopy(st)
    engine.apply(s2, acts[0])
    if s2.phase == Phase.DECLARE:  # the hand's first discard may declare ready (报听): winning is the same
        engine.apply(s2, Action(seat, PASS))
    if s2.phase != Phase.CLAIM or s2.window is None:
        return []  # nobody may claim it: the next player draws (its self-draw is no deal-in)
    return sorted(o for o, opts in s2.window.options.items() if any(a.kind == HU for a in opts))


class _ToldDanger:
    """The danger read with its chance replaced by the truth (a discard of the seat's turn; anything
    else is read)."""

    def __init__(self, read: Any, st: HandState, seat: int, cost: Any, hard: bool):
        self.read, self.st, self.seat, self.cost, self.hard = read, st, seat, cost, hard
        self.opps = read.opps
        self.memo: dict[int, tuple[float, float]] = {}

    def risk(self, t: int) -> tuple[float, float]:
        if t not in self.memo:
            won = winners_on(self.st, self.seat, t)
            if won is None:
                return self.read.risk(t)
            self.memo[t] = (1.0, HARD_COST if self.hard else sum(self.cost(o) for o in won)) if won else (0.0, 0.0)
        return self.memo[t]


class Told(ChickenExpert):
    """The chicken 高手 told the truth about what ``tell`` names, from ``state`` (the hand being played)."""

    def __init__(self, vid: str, tell: set[str], hard: bool = False):
        super().__init__(vid)
        self.tell, self.hard = tell, hard
        self.state: HandState | None = None
        self.seen: tuple[Any, Any, int] = (None, None, 0)  # the decision told ``wall``: its own live, unseen

    def danger(self, ctx: Any, burn: float = 0.0, hot: bool = False, rob: bool = False) -> Any:
        read = super().danger(ctx, burn, hot, rob)
        if "wins" not in self.tell or rob or self.state is None:
            return read
        d = ChickenDefence(self, hot, burn, rob)
        return _ToldDanger(read, self.state, ctx.seat, lambda o: d.deal_in_cost(ctx, o), self.hard)

    def _told_wall(self, ctx: Any) -> None:
        """``wall``: count as live only the copies still in the wall (not those in opponents' hands)."""
        if "wall" in self.tell and self.state is not None and self.seen[0] is not ctx:
            st = self.state
            live = [0] * 34
            for t in st.wall[st.front:st.back]:
                live[t] += 1
            self.seen = (ctx, ctx.live, ctx.unseen)
            ctx.live, ctx.unseen = live, max(1, sum(live))

    def turn(self, ctx: Any, strat: Any) -> Any:
        self._told_wall(ctx)
        return super().turn(ctx, strat)

    def claim(self, ctx: Any, strat: Any) -> Any:
        self._told_wall(ctx)
        return super().claim(ctx, strat)

    def claim_chances(self, ctx: Any, t: int) -> tuple[float, float]:
        if "chickens" not in self.tell or self.state is None:
            if self.seen[0] is not ctx:
                return super().claim_chances(ctx, t)
            told = ctx.live, ctx.unseen
            ctx.live, ctx.unseen = self.seen[1], self.seen[2]  # who may pung: the copies not in the wall
            try:
                return super().claim_chances(ctx, t)
            finally:
                ctx.live, ctx.unseen = told
        qp = qk = 0.0
        for o, s in enumerate(self.state.seats):
            if o == ctx.seat or s.declared:
                continue
            if s.counts[t] == 2:
                qp = max(qp, self.pung_prob)
            elif s.counts[t] == 3:
                qk, qp = max(qk, 0.9), max(qp, 0.1 * self.pung_prob)
        return qp, qk


def table(vid: str, wall_seed: str, seat: int, plan: Told | None) -> tuple[HandState, list[Any]]:
    """The hand on ``wall_seed`` dealt, and its bots: a 高手 in ``seat`` (told, when ``plan`` is given)
    against three 熟手."""
    v = get(vid)
    opts = v.resolve_options({})
    n = v.players(opts)
    bots: list[Any] = [make_bot("strong" if s == seat else "normal", seed=f"{wall_seed}:{s}") for s in range(n)]
    if plan is not None:
        plan.rng = random.Random(f"bot:strong:{wall_seed}:{seat}")  # the seat's own bot's stream
        bots[seat] = plan
    st, _ = Match(v, opts, wall_seed, 1).start_hand()
    if plan is not None:
        plan.state = st  # the hand is played in place, and only the told seat's bot asks its plan
    return st, bots


def play(vid: str, wall_seed: str, seat: int, plan: Told | None) -> int:
    """One hand of ``table``, played to its end: the seat's points."""
    st, bots = table(vid, wall_seed, seat, plan)
    for _ in decisions(st, bots):
        pass
    return st.settlement.deltas[seat]


def wall(task: tuple) -> tuple[float, int]:
    vid, wall_seed, tell, hard = task
    v = get(vid)
    n = v.players(v.resolve_options({}))
    diff, changed = 0.0, 0
    for r in range(n):
        a = play(vid, wall_seed, r, None)
        b = play(vid, wall_seed, r, Told(vid, set(tell), hard))
        diff += b - a
        changed += a != b
    return diff / n, changed


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", required=True, choices=["guiyang", "zhuoji"])
    p.add_argument("--hands", type=int, default=4000)
    p.add_argument("--seed", default="o2")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--tell", default="wins", help="comma-separated: wins, chickens, wall")
    p.add_argument("--hard", action="store_true", help="a known deal-in costs 1,000 points")
    a = p.parse_args()
    tell = tuple(sorted(filter(None, a.tell.split(","))))
    if not set(tell) <= {"wins", "chickens", "wall"}:
        raise SystemExit(f"error: --tell takes wins, chickens and/or wall, not {a.tell!r}")
    walls = max(1, a.hands // 4)
    tasks = [(a.variant, f"oracle:{a.seed}:{a.variant}:{i}", tell, a.hard) for i in range(walls)]
    with mp_context().Pool(a.jobs) as pool:
        res = list(track(pool.imap(wall, tasks, chunksize=4), len(tasks), f"oracle {a.variant}", "wall"))
    m, ci = _mean_ci([d for d, _c in res])
    print(f"{a.variant} told {'+'.join(tell)}{' (hard)' if a.hard else ''} - plain 高手: {m:+.3f} ±{ci:.3f} "
          f"own points/hand ({walls * 4} seat-hands, {sum(c for _d, c in res)} differed)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
