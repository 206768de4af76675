"""Soak: thousands of seeded bot hands per variant, across 2-4 players and option combinations.

Every step keeps tile conservation, every settlement sums to zero, no exception.
SOAK_HANDS sets the hands per variant (default 2000, the CI count).
"""

import os

import pytest

from game.bots.simple import SimpleBot
from game.rules import engine
from game.rules.match import Match
from game.rules.variants import get, ids
from game.rules.view import view
from tests.rules.invariants import check_conservation, check_zero_sum, option_combos

TOTAL = int(os.environ.get("SOAK_HANDS", "2000"))


def _configs(vid):
    return [(vid, opts) for opts in option_combos(get(vid), limit=16)]


@pytest.mark.soak
@pytest.mark.parametrize("variant", ids())
def test_soak(variant):
    configs = _configs(variant)
    per = max(1, TOTAL // len(configs))
    played = 0
    for ci, (vid, opts) in enumerate(configs):
        v = get(vid)
        m = Match(v, opts, seed=1000 + ci, hands=per)
        bots = [SimpleBot(f"{ci}:{i}") for i in range(m.n)]
        for _ in range(per):
            st, _ev = m.start_hand()
            check_conservation(st)
            steps = 0
            while st.end is None:
                seat = next(s for s in engine.acting_seats(st) if engine.legal_actions(st, s))
                vw = view(st, seat)
                a = bots[seat].act(vw)
                assert a in vw["legal"], f"{vid} {opts}: bot returned an illegal action {a}"
                engine.apply(st, a)
                check_conservation(st)
                steps += 1
                assert steps < 1000, f"{vid} {opts}: hand does not end"
            check_zero_sum(st)
            m.finish_hand()
            played += 1
        assert sum(m.scores) == 0
    assert played >= min(TOTAL, len(configs))
