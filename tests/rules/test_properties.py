"""Hypothesis properties over every variant: tile conservation at every step, zero-sum settlement,
replay determinism, and no illegal action ever accepted (random legal and illegal actions thrown at the engine)."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from game.bots.runner import play_match
from game.bots.simple import SimpleBot
from game.rules import engine, tiles
from game.rules.actions import KINDS, Action, ActionError
from game.rules.match import replay_match
from game.rules.variants import get, ids
from tests.rules.invariants import check_conservation, check_zero_sum, fingerprint, option_combos

VARIANTS = ids()


def _random_action(rnd, n):
    kind = rnd.choice(KINDS)
    tile = rnd.randrange(tiles.NUM_KINDS) if rnd.random() < 0.8 else None
    meld_tiles = None
    if kind == "chow":
        a = rnd.randrange(tiles.NUM_KINDS - 2)
        meld_tiles = (a, a + rnd.choice((0, 1)), a + 2)
        tile = None
    return Action(rnd.randrange(-1, n + 1), kind, tile, meld_tiles)


def _deal(v, opts, seed, dealer):
    options = v.resolve_options(opts)
    return engine.new_hand(v, options, seed=seed, dealer=dealer % v.players(options))


@pytest.mark.parametrize("vid", VARIANTS)
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=hs.data())
def test_random_hand_invariants(vid, data):
    v = get(vid)
    opts = data.draw(hs.sampled_from(option_combos(v)), label="options")
    seed = data.draw(hs.integers(0, 10**9), label="seed")
    dealer = data.draw(hs.integers(0, 3), label="dealer")
    rnd = data.draw(hs.randoms(use_true_random=False), label="choices")
    st, _ = _deal(v, opts, seed, dealer)
    check_conservation(st)
    for _step in range(600):
        if st.end is not None:
            break
        acting = engine.acting_seats(st)
        assert acting, f"no seat can act in phase {st.phase}"
        if rnd.random() < 0.35:  # an arbitrary action: accepted only if legal, otherwise nothing changes
            bogus = _random_action(rnd, st.n)
            legal_for = engine.legal_actions(st, bogus.seat) if 0 <= bogus.seat < st.n else []
            fp = fingerprint(st)
            probe = st.copy()
            try:
                norm = engine.normalize(probe, bogus)
            except ActionError:
                assert bogus not in legal_for, f"legal action {bogus} refused"
                assert fingerprint(st) == fp
            else:
                assert norm in legal_for, f"{bogus} accepted as {norm}, which is not legal"
        seat = rnd.choice(acting)
        legal = engine.legal_actions(st, seat)
        assert legal
        before = fingerprint(st)
        copy = st.copy()
        engine.apply(copy, rnd.choice(legal))  # applying to a copy leaves the original untouched
        assert fingerprint(st) == before
        a = rnd.choice(legal)
        engine.apply(st, a)
        check_conservation(st)
    else:
        pytest.fail("hand did not end in 600 decisions")
    check_zero_sum(st)
    # the same seed and actions replay the hand exactly
    st2, _ = _deal(v, opts, seed, dealer)
    for a in st.log:
        engine.apply(st2, a)
    assert fingerprint(st2) == fingerprint(st)
    assert st2.settlement.deltas == st.settlement.deltas
    assert [t.to_json() for t in st2.settlement.transfers] == [t.to_json() for t in st.settlement.transfers]


@pytest.mark.parametrize("vid", VARIANTS)
def test_match_replays_bit_for_bit(vid):
    """seed + options + actions reproduce a whole match: every hand's result and the totals."""
    v = get(vid)
    for opts in option_combos(v, limit=3):
        n = v.players(v.resolve_options(opts))
        stats = play_match(v, opts, 11, 4, [SimpleBot(f"x{i}") for i in range(n)])
        rec = stats.match.to_json()
        again = replay_match(v, rec)
        assert again.scores == rec["totals"]
        assert [r["deltas"] for r in again.records] == [r["deltas"] for r in rec["hands_played"]]
        assert [r["actions"] for r in again.records] == [r["actions"] for r in rec["hands_played"]]


@pytest.mark.parametrize("vid", VARIANTS)
def test_same_seed_same_deal(vid):
    v = get(vid)
    a, _ = _deal(v, {}, 42, 0)
    b, _ = _deal(v, {}, 42, 0)
    c, _ = _deal(v, {}, 43, 0)
    assert a.wall == b.wall and [s.counts for s in a.seats] == [s.counts for s in b.seats]
    assert a.wall != c.wall
