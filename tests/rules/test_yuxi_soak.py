"""yuxi under random legal play with every option combination: no exception, tiles conserved, the two
face-up tail tiles are always the wall's last two, settlements sum to zero, states copy independently,
and a hand's log replays to the same result."""

import itertools
import random

import pytest

from game.rules import engine, tiles
from game.rules.variants import get
from game.rules.view import view

V = get("yuxi")
COMBOS = list(itertools.product((2, 3, 4), (False, True), (False, True), (False, True)))


def check(st):
    used = [0] * tiles.NUM_KINDS
    for s in st.seats:
        for k, c in enumerate(s.counts):
            used[k] += c
        for m in s.melds:
            for x in m.tiles:
                used[x] += 1
        for d in s.discards:
            if d.claimed_by is None:
                used[d.tile] += 1
    if st.pending_kong:
        used[st.pending_kong[2]] += 1
    for x in st.wall[st.front:st.back]:
        used[x] += 1
    assert used == tiles.counts(V.tile_set(st.options))
    assert sorted(V.public_info(st, 0)["tail"]) == sorted(st.wall[st.back - 2:st.back])


def play(options, seed, hand_no):
    rng = random.Random(f"{seed}:{hand_no}")
    st, _ = engine.new_hand(V, options, seed=seed, hand_no=hand_no, dealer=hand_no % V.players(options))
    steps = 0
    while st.end is None:
        check(st)
        seat = rng.choice(engine.acting_seats(st))
        legal = engine.legal_actions(st, seat)
        assert legal and view(st, seat)["legal"] == legal
        strong = [a for a in legal if a.kind in ("hu", "kong")]
        a = rng.choice(strong) if strong and rng.random() < 0.8 else rng.choice(legal)
        if rng.random() < 0.1:
            before = st.copy()
            engine.apply(before, a)  # the copy moves on, the original stays as it was
            check(st)
        engine.apply(st, a)
        steps += 1
        assert steps < 3000
    check(st)
    assert sum(st.settlement.deltas) == 0
    assert V.next_dealer(st) in range(st.n)
    return st


@pytest.mark.parametrize("players,honors,chao_di,rob_all", COMBOS)
def test_random_play(players, honors, chao_di, rob_all):
    options = V.resolve_options({"players": players, "with_honors": honors, "chao_di": chao_di,
                                 "rob_pays_all": rob_all})
    for h in range(4):
        st = play(options, 11, h)
        again, _ = engine.new_hand(V, options, seed=11, hand_no=h, dealer=h % players)
        for a in st.log:
            engine.apply(again, a)
        assert again.end == st.end and again.settlement.deltas == st.settlement.deltas
