"""HandState.copy (and Seat / ClaimWindow / Meld / Discard copy) cannot silently miss a field."""

import dataclasses

import pytest

from game.bots import make_bot
from game.rules import engine
from game.rules.match import Match
from game.rules.state import ClaimWindow, Discard, HandState, Meld, Seat
from game.rules.variants import get
from game.rules.view import view

CLASSES = (Meld, Discard, Seat, ClaimWindow, HandState)


@pytest.mark.parametrize("cls", CLASSES)
def test_every_field_says_how_it_is_copied(cls):
    """The fields add up: each is either copied by its own function or shared (immutable / never mutated)."""
    names = {f.name for f in dataclasses.fields(cls)}
    how = set(getattr(cls, "COPY_HOW", {}))
    shared = set(cls.COPY_SHARED)
    assert not how & shared
    assert how | shared == names


def test_a_field_nobody_classified_makes_copy_fail():
    @dataclasses.dataclass
    class Grown(Seat):
        newcomer: list = dataclasses.field(default_factory=list)

    with pytest.raises(TypeError, match="newcomer"):
        Grown().copy()


def test_a_copy_plays_on_without_touching_the_original():
    """Mid-hand (a claim window open), the copy and the original take different actions independently."""
    v = get("yuxi")
    m = Match(v, {}, 4, 1)
    st, _ = m.start_hand()
    bots = [make_bot("normal", seed=i) for i in range(m.n)]
    while st.window is None and st.end is None:
        seat = next(x for x in engine.acting_seats(st) if engine.legal_actions(st, x))
        engine.apply(st, bots[seat].act(view(st, seat)))
    before = [view(st, s) for s in range(m.n)]
    cp = st.copy()
    assert [view(cp, s) for s in range(m.n)] == before
    while cp.end is None:
        seat = next(x for x in engine.acting_seats(cp) if engine.legal_actions(cp, x))
        engine.apply(cp, bots[seat].act(view(cp, seat)))
    assert [view(st, s) for s in range(m.n)] == before
