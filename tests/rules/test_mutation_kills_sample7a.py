"""Contracts the seventh fresh mutation sample (docs/mutation-fresh.json, seed 1599145329) found unguarded (issue 42):
which tile of a claimed pung is the claimed one (the meld's ``claimed`` index, shown in every view)."""

from __future__ import annotations

from game.rules import engine, tiles
from game.rules.actions import Action
from game.rules.kinds import MeldKind
from game.rules.view import view
from tests.rules.wenshan_util import rob_window

t = tiles.tile


def test_a_claimed_pung_marks_the_discard_as_its_last_tile_and_an_added_kong_keeps_it():
    """Meld.claimed ("index in tiles of the claimed tile", state.py; view.py shows it as "claimed"): wenshan, seat 1
    pungs the dealer's (seat 3's) 4s with its two 4s, so the pung's tiles are 4s 4s 4s with the claimed one last,
    index 2; when it later adds its fourth 4s (补杠) the kong keeps from-seat 3 and claimed index 2, and every seat's
    view shows the same (engine._claim__mutmut_90 recorded no claimed index for a pung or kong)."""
    st = rob_window()
    m = st.seats[1].melds[0]
    assert (m.kind, m.tiles, m.from_seat, m.claimed) == (MeldKind.PUNG, (t("4s"),) * 3, 3, 2)
    while st.phase == "rob":  # nobody robs: the kong is added
        engine.apply(st, Action(engine.acting_seats(st)[0], "pass"))
    m = st.seats[1].melds[0]
    assert (m.kind, m.tiles, m.from_seat, m.claimed) == (MeldKind.ADDED_KONG, (t("4s"),) * 4, 3, 2)
    for seat in range(4):
        mv = view(st, seat)["seats"][1]["melds"][0]
        assert (mv["from"], mv["claimed"]) == (3, 2)
