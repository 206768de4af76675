"""build/pimc.py, the search study: its re-deal must show the seat nothing new and lose no tile."""

import random
from collections import Counter

import pytest

from game.bots import make_bot
from game.rules import engine
from game.rules.match import Match
from game.rules.variants import get
from game.rules.view import view
from tests.helpers.build_tools import load


def _pimc():
    return load("pimc")


def _tiles(st) -> Counter:
    c = Counter(st.wall[st.front:st.back])
    for s in st.seats:
        for t, k in enumerate(s.counts):
            c[t] += k
    return c


def _played(vid: str, wall: str, upto: int):
    """A hand of four 熟手 stopped at its ``upto``-th decision (the first wall, from ``wall``, whose hand
    lasts that long)."""
    v = get(vid)
    for w in range(20):
        st, _ = Match(v, v.resolve_options({}), f"{wall}:{w}", 1).start_hand()
        bots = [make_bot("normal", seed=f"{wall}:{s}") for s in range(4)]
        k = 0
        while st.end is None and k < upto:
            seat = next(x for x in engine.acting_seats(st) if engine.legal_actions(st, x))
            engine.apply(st, bots[seat].act(view(st, seat)))
            k += 1
        if st.end is None:
            return st
    raise AssertionError(f"no {vid} hand lasted {upto} decisions")


def _leaning() -> dict:
    """A held model that all but forbids an opponent a tile kind it has discarded."""
    return {(c, thrown, left, ph): 0.001 if thrown else 1.0
            for c in range(5) for thrown in (False, True) for left in (1, 2, 3, 4) for ph in (0, 1, 2)}


@pytest.mark.parametrize("vid", ["wenshan", "yuxi", "guiyang"])
@pytest.mark.parametrize("upto", [0, 9, 30])
@pytest.mark.parametrize("held", [False, True])
def test_a_redeal_keeps_every_tile_and_the_seats_view(vid, upto, held):
    pimc = _pimc()
    st = _played(vid, f"t:{vid}", upto)
    seat = next(x for x in engine.acting_seats(st) if engine.legal_actions(st, x))
    before = view(st, seat)
    model = _leaning() if held else None
    changed = False
    for k in range(5):
        s2 = pimc.redeal(st, seat, random.Random(k), model)
        assert _tiles(s2) == _tiles(st)
        assert [sum(s.counts) for s in s2.seats] == [sum(s.counts) for s in st.seats]
        assert view(s2, seat) == before
        tail = len(st.extra.get("tail", ()))
        assert s2.wall[st.back - tail:st.back] == st.wall[st.back - tail:st.back]  # 玉溪's face-up tail
        changed |= any(a.counts != b.counts for o, (a, b) in enumerate(zip(s2.seats, st.seats)) if o != seat)
    assert changed  # the hidden tiles did move


def test_a_held_model_moves_the_kinds_it_weighs_down_out_of_the_opponents_hands():
    """With a model that all but forbids an opponent what it has discarded, those kinds go to the wall:
    far fewer of them land in the opponents' hands than under the uniform re-deal."""
    pimc = _pimc()
    st = _played("guiyang", "t:guiyang", 30)
    seat = next(x for x in engine.acting_seats(st) if engine.legal_actions(st, x))
    model = _leaning()

    def thrown_held(s2) -> int:
        return sum(s2.seats[o].counts[t] for o in range(4) if o != seat
                   for t in {d.tile for d in st.seats[o].discards})

    uniform = sum(thrown_held(pimc.redeal(st, seat, random.Random(k))) for k in range(30))
    leaning = sum(thrown_held(pimc.redeal(st, seat, random.Random(k), model)) for k in range(30))
    assert uniform > 30 and leaning < uniform * 0.2


def test_calibrate_finds_that_players_seldom_hold_what_they_have_thrown():
    """Four 熟手 keep few copies of a kind they have already discarded: the fitted weight of a thrown middle
    tile sits well under that of one never thrown."""
    pimc = _pimc()
    held = pimc.calibrate("guiyang", 40)
    assert held[(4, True, 3, 1)] < 0.8 < held[(4, False, 3, 1)]


def test_the_search_keeps_the_bots_own_choice_unless_another_is_clearly_better():
    pimc = _pimc()
    st = _played("wenshan", "t:z", 12)
    seat = next(x for x in engine.acting_seats(st) if engine.legal_actions(st, x))
    bots = [make_bot("strong" if s == seat else "normal", seed=s) for s in range(4)]
    legal = engine.legal_actions(st, seat)
    cands = legal[:3]
    got, means = pimc.searched(st, seat, bots, cands, 4, random.Random(1), z=1e9)
    assert got == cands[0] and len(means) == len(cands)


@pytest.mark.parametrize("base", ["normal", "strong"])
def test_a_search_that_never_switches_plays_the_hand_exactly_as_its_base_bot(base):
    """--base picks the policy searched on; the search and the other level's shadow must leave its own
    play untouched when no candidate is ever clearly better."""
    pimc = _pimc()
    wall = "pimc:t:guiyang:3"
    plain, _ = pimc.play("guiyang", wall, 1, base)
    got, stats = pimc.play("guiyang", wall, 1, base, (2, 3, random.Random(1), 1e9, None))
    assert stats["searched"] > 0 and stats["changed"] == 0
    assert got == plain
