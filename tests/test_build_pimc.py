"""build/pimc.py, the search ceiling study: its re-deal must show the seat nothing new and lose no tile."""

import importlib.util
import random
import sys
from collections import Counter
from pathlib import Path

import pytest

from game.bots import make_bot
from game.rules import engine as E
from game.rules.match import Match
from game.rules.variants import get
from game.rules.view import view

ROOT = Path(__file__).resolve().parents[1]


def _pimc():
    sys.path.insert(0, str(ROOT / "build"))
    spec = importlib.util.spec_from_file_location("pimc", ROOT / "build" / "pimc.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


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
            seat = next(x for x in E.acting_seats(st) if E.legal_actions(st, x))
            E.apply(st, bots[seat].act(view(st, seat)))
            k += 1
        if st.end is None:
            return st
    raise AssertionError(f"no {vid} hand lasted {upto} decisions")


@pytest.mark.parametrize("vid", ["wenshan", "yuxi", "guiyang"])
@pytest.mark.parametrize("upto", [0, 9, 30])
def test_a_redeal_keeps_every_tile_and_the_seats_view(vid, upto):
    pimc = _pimc()
    st = _played(vid, f"t:{vid}", upto)
    seat = next(x for x in E.acting_seats(st) if E.legal_actions(st, x))
    before = view(st, seat)
    changed = False
    for k in range(5):
        s2 = pimc.redeal(st, seat, random.Random(k))
        assert _tiles(s2) == _tiles(st)
        assert [sum(s.counts) for s in s2.seats] == [sum(s.counts) for s in st.seats]
        assert view(s2, seat) == before
        tail = len(st.extra.get("tail", ()))
        assert s2.wall[st.back - tail:st.back] == st.wall[st.back - tail:st.back]  # 玉溪's face-up tail
        changed |= any(a.counts != b.counts for o, (a, b) in enumerate(zip(s2.seats, st.seats)) if o != seat)
    assert changed  # the hidden tiles did move


def test_the_search_keeps_the_bots_own_choice_unless_another_is_clearly_better():
    pimc = _pimc()
    st = _played("wenshan", "t:z", 12)
    seat = next(x for x in E.acting_seats(st) if E.legal_actions(st, x))
    bots = [make_bot("strong" if s == seat else "normal", seed=s) for s in range(4)]
    legal = E.legal_actions(st, seat)
    cands = legal[:3]
    got, means = pimc.searched(st, seat, bots, cands, 4, random.Random(1), z=1e9)
    assert got == cands[0] and len(means) == len(cands)
