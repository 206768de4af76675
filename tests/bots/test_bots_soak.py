"""Soak: every variant, its options and table sizes, all three bot levels; every action must be offered."""

import random

import pytest

from game.bots import make_bot
from game.bots.runner import play_match
from game.rules.variants import all_variants


def _option_sets(v):
    """Defaults, every switch flipped, and a seeded mix (fixed options stay at their value)."""
    free = [o for o in v.schema if not o.fixed and o.key not in ("players", "base")]
    yield {}
    yield {o.key: (not o.default if o.is_bool else o.choices[-1]) for o in free if o.is_bool or o.choices}
    rng = random.Random(v.id)
    yield {o.key: (rng.random() < 0.5 if o.is_bool else rng.choice(o.choices)) for o in free
           if o.is_bool or o.choices}


CASES = []
for _v in all_variants():
    _players = next((o.choices for o in _v.schema if o.key == "players"), (4,))
    for _n in _players:
        for _i, _opts in enumerate(_option_sets(_v)):
            CASES.append((_v, _n, _opts, _i))


@pytest.mark.parametrize("v,n,opts,i", CASES, ids=[f"{c[0].id}-{c[1]}p-opts{c[3]}" for c in CASES])
def test_bots_only_play_offered_actions(v, n, opts, i):
    options = dict(opts)
    if any(o.key == "players" and not o.fixed for o in v.schema):
        options["players"] = n
    levels = ["strong", "normal", "easy", "strong"][:n]
    bots = [make_bot(lv, seed=f"soak:{i}:{s}") for s, lv in enumerate(levels)]
    stats = play_match(v, v.resolve_options(options), f"soak:{v.id}:{n}:{i}", 8, bots, levels, check_legal=True)
    assert stats.hands == 8
    assert sum(stats.totals) == 0
