"""The bots' fast paths give the same answers as the plain computations they replace (stop 32 speed work)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.bots import hand_value, shanten

TILE = st.integers(0, 33)


def _hand(tiles: list[int]) -> list[int] | None:
    c = [0] * 34
    for t in tiles:
        c[t] += 1
        if c[t] > 4:
            return None
    return c


def _accepts_uncached(c, k, j, s, live, jk, wf):
    """``std_accepts`` as it stood before the cache: the near kinds tried one by one, on every call."""
    total, kinds = 0, []
    if jk is not None and live[jk] and s >= 0:
        total, kinds = live[jk], [jk]
    for u in shanten.near_kinds(c, j, wf):
        if not live[u] or c[u] >= 4 or u == jk:
            continue
        kk = list(k)
        kk[u // 9] += shanten._P[u % 9]
        if shanten.std(kk, j, wf) < s:
            total += live[u]
            kinds.append(u)
    return total, kinds


@settings(max_examples=300, deadline=None)
@given(st.lists(TILE, min_size=13, max_size=13), st.integers(0, 2), st.sampled_from([None, 4, 31]),
       st.lists(st.integers(0, 4), min_size=34, max_size=34), st.lists(st.integers(0, 4), min_size=34, max_size=34))
def test_std_accepts_cached_by_hand_counts_the_live_tiles_of_each_call(tiles, j, jk, live1, live2):
    """The improving kinds are kept per hand across calls; each call still counts its own live tiles
    (two calls on one hand with different live counts) and answers as the uncached count did, with or
    without jokers held, a wildcard kind, or 白 read as another face."""
    c = _hand(tiles[: 13 - j])
    if c is None:
        return
    wf = 4 if jk == 31 else None  # wenshan: 白 stands for the wildcard's face
    k = shanten.keys(c)
    s = shanten.std(k, j, wf)
    for live in (live1, live2):
        got = shanten.std_accepts(c, k, j, s, live, jk, wf)
        assert got == _accepts_uncached(c, k, j, s, live, jk, wf)


@given(st.lists(st.tuples(st.floats(0, 1), st.floats(0, 80)), min_size=0, max_size=6),
       st.lists(st.floats(0, 1), min_size=6, max_size=6), st.sampled_from([0.0, 0.5, 1.0]))
def test_the_three_mixes_in_one_pass_are_the_three_mixes(wins, readies, rho):
    rd = [(readies[i], 1.0) for i in range(len(wins))]
    one = hand_value._mix3(wins, rd, rho)
    assert one == (hand_value.mix(wins, rho), hand_value.mix(rd, rho),
                   hand_value.mix([(p, 1.0) for p, _v in wins], rho))


@given(st.lists(st.integers(0, 1000), min_size=1, max_size=3), st.lists(st.integers(0, 1000), max_size=30))
def test_the_ready_hands_win_chance_shortcut_is_the_general_loop(rates, hazards):
    """``chain``'s unrolled one-stage loop gives the general loop's numbers exactly (and longer chains go
    to the general loop)."""
    assert (hand_value.chain.__wrapped__(tuple(rates), tuple(hazards))
            == hand_value.chain_steps(tuple(rates), tuple(hazards)))


def test_the_bots_caches_stay_capped_and_can_be_emptied():
    """The shape cache outlives decisions and hands (a demo runs for hours), so it is capped: full, it
    starts over rather than grow; ``clear_caches`` empties every bot cache and the answers stay the same."""
    from game.bots import bot_caches, clear_caches

    c = _hand([0, 1, 2, 4, 5, 9, 10, 11, 19, 20, 27, 27, 30])
    k = shanten.keys(c)
    s = shanten.std(k, 0, None)
    first = shanten._improving(c, k, 0, s, None, None)
    shanten._IMPROVE.clear()
    for i in range(shanten.IMPROVE_CAP):
        shanten._IMPROVE[("filler", i)] = ()
    assert shanten._improving(c, k, 0, s, None, None) == first
    assert len(shanten._IMPROVE) == 1
    hand_value.chain((500,), (10, 10))
    assert bot_caches()["chain"] >= 1
    clear_caches()
    assert bot_caches() == {"improving": 0, "win_chance": 0, "chain": 0}
    assert shanten._improving(c, k, 0, s, None, None) == first
