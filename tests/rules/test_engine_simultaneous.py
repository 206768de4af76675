"""The simultaneous claim policy on a small fixture (wenshan tiles, every eligible seat asked at once).

Rules README, claim arbitration: the highest-priority choice wins once everyone who could outrank
it has answered; several players choosing win on one discard all win (一炮多响).
Indicator 4z → wildcard 7z. Dealer is seat 3.
"""

from game.rules import engine, tiles
from game.rules.actions import Action
from game.rules.variants.wenshan import Wenshan
from game.rules.view import view
from tests.helpers.scen import deal

t = tiles.tile


class SimulFixture(Wenshan):
    id = "wenshan"  # same tiles and scoring; only the arbitration differs
    claim_policy = "simultaneous"
    multi_win = True


V = SimulFixture()
DOUBLE = ["123m456p789m56s11z", "19p19s23z66z28m5p8p9m", "11223344m5566s7s", "4s369m258p36s13z28s2p"]
CLAIMS = ["12p19m19s123z66z8m5m", "33p19m19s23z6z28m4s7s", "11223344m5566s7s", "3p369m258p36s13z28s4s"]


def a(seat, kind, arg=None):
    return Action(seat, kind, t(arg) if arg else None)


def chow_of(st, seat):
    return next(x for x in engine.legal_actions(st, seat) if x.kind == "chow")


def test_everyone_asked_at_once():
    st = deal(V, DOUBLE, front="9s", flip="4z", dealer=3)
    engine.apply(st, a(3, "discard", "4s"))
    assert sorted(engine.acting_seats(st)) == [0, 2]
    assert {x.kind for x in engine.legal_actions(st, 0)} == {"hu", "chow", "pass"}
    assert {x.kind for x in engine.legal_actions(st, 2)} >= {"hu", "pass"}


def test_two_winners_on_one_discard():
    """一炮多响: seats 0 and 2 both win 4s; the first answer waits for the second."""
    st = deal(V, DOUBLE, front="9s", flip="4z", dealer=3)
    engine.apply(st, a(3, "discard", "4s"))
    engine.apply(st, a(0, "hu"))
    assert st.end is None and engine.acting_seats(st) == [2]
    assert view(st, 0)["awaiting"] is True
    engine.apply(st, a(2, "hu"))
    assert st.end == "win" and sorted(w.seat for w in st.wins) == [0, 2]
    assert V.next_dealer(st) == 3  # several winners on one discard: the discarder deals


def test_one_winner_when_the_other_passes():
    st = deal(V, DOUBLE, front="9s", flip="4z", dealer=3)
    engine.apply(st, a(3, "discard", "4s"))
    engine.apply(st, a(2, "hu"))
    assert st.end is None
    engine.apply(st, a(0, "pass"))
    assert [w.seat for w in st.wins] == [2]


def test_chow_waits_for_possible_pung_then_executes():
    """A chow chosen first waits until the seat that could pung answers; a pass lets the chow through."""
    st = deal(V, CLAIMS, front="9s", flip="4z", dealer=3)
    engine.apply(st, a(3, "discard", "3p"))
    assert sorted(engine.acting_seats(st)) == [0, 1]
    engine.apply(st, chow_of(st, 0))
    assert st.phase == "claim" and engine.acting_seats(st) == [1]
    assert engine.legal_actions(st, 0) == [] and view(st, 0)["awaiting"] is True
    engine.apply(st, a(1, "pass"))
    assert st.turn == 0 and st.seats[0].melds[0].kind == "chow"


def test_pung_chosen_first_executes_at_once():
    """A pung outranks any chow: it executes without waiting for the chow-only seat."""
    st = deal(V, CLAIMS, front="9s", flip="4z", dealer=3)
    engine.apply(st, a(3, "discard", "3p"))
    engine.apply(st, a(1, "pung"))
    assert st.turn == 1 and st.seats[1].melds[0].kind == "pung" and st.window is None
    assert not st.seats[0].melds


def test_pung_beats_chow_when_both_chosen():
    st = deal(V, CLAIMS, front="9s", flip="4z", dealer=3)
    engine.apply(st, a(3, "discard", "3p"))
    engine.apply(st, chow_of(st, 0))
    engine.apply(st, a(1, "pung"))
    assert st.seats[1].melds and not st.seats[0].melds
