"""The views the rules core gives out (guide: "view(state, seat) is the only way anything outside the core sees
a game"), pinned field by field where the mutation run found them unguarded: a seat's and a watcher's
picture of a wenshan hand with a concealed kong and a pung (wenshan.md: a concealed kong is shown face down,
a pung face up), an open table, the public events and the visible step."""

from __future__ import annotations

from game.rules import engine, tiles
from game.rules.actions import Action
from game.rules.view import events_for, pending_state, public_events, public_view, view, visible_step
from tests.rules.wenshan_util import H1, H2, act, kong_deal, start

t = tiles.tile
OPTIONS = {"players": 4, "soft_lan": False, "penalty_discard": False, "reserved_tiles": 0, "base": 1,
           "first_dealer": "host"}
KONG_FACE_DOWN = {"kind": "concealed_kong", "tiles": [None] * 4, "faces": [None] * 4, "from": None, "claimed": None}


def kong_state():
    """Dealer 3 leads 2p; seat 0 draws 5m and konges 7777p (replacement 3p from the back); its turn."""
    st = kong_deal()
    act(st, 3, "discard", "2p")
    act(st, 0, "kong", "7p")
    return st


def seat_view(concealed, melds=(), discards=(), hand=None):
    return {"concealed": concealed, "melds": list(melds), "discards": list(discards), "declared": False,
            "score": 0, "hand": hand}


def test_watcher_sees_the_table_but_no_hidden_tile():
    """A watcher's view after seat 0's 暗杠 of 7p: every public field, the kong face down (wenshan.md), no
    hand, no drawn tile; the indicator 北 (4z), wildcard 中, 白 its stand-in; 80 tiles left."""
    st = kong_state()
    pv = public_view(st)
    version = pv.pop("version")
    assert pv == {
        "variant": "wenshan", "options": OPTIONS, "n": 4, "seat": None, "open": False, "dealer": 3, "hand_no": 0,
        "dealer_streak": 0, "turn": 0, "phase": "turn", "wall": 80, "drawable": 80, "drawn": None,
        "seats": [seat_view(11, [KONG_FACE_DOWN]), seat_view(13), seat_view(13),
                  seat_view(13, discards=[{"tile": t("2p"), "claimed_by": None, "won": False, "declared": False}])],
        "last_discard": [3, t("2p")],
        "public": {"indicator": t("4z"), "wildcard": t("7z"), "standin": t("5z"), "reserved": 0},
    }
    assert isinstance(version, int) and public_view(st)["version"] == version
    act(st, 0, "discard", "3p")
    assert public_view(st)["version"] != version


def test_seat_sees_its_own_kong_and_hand_and_others_face_down():
    """Seat 0 sees its own kong's tiles and faces and its drawn replacement 3p; seat 1 sees the kong face down
    and its own hand only."""
    st = kong_state()
    v0 = view(st, 0)
    assert v0["seats"][0]["melds"] == [{"kind": "concealed_kong", "tiles": [t("7p")] * 4, "faces": [t("7p")] * 4,
                                        "from": None, "claimed": None}]
    assert v0["drawn"] == t("3p") and v0["hand"] == sorted(st.seats[0].concealed())
    assert v0["wall"] == 80 and v0["drawable"] == 80 and v0["dealer_streak"] == 0 and v0["options"] == OPTIONS
    v1 = view(st, 1)
    assert v1["seats"][0] == seat_view(11, [KONG_FACE_DOWN])
    assert v1["seats"][1]["hand"] == sorted(tiles.parse(H1)) and v1["seats"][2]["hand"] is None
    assert v1["drawn"] is None and v1["last_discard"] == [3, t("2p")]


def test_a_pung_is_shown_face_up_to_everyone():
    """wenshan.md: claimed melds are open. Seat 0 pungs dealer 3's 9p: a watcher sees 999p, from seat 3."""
    hands = ["99p7z19m1s23z66z28m4s", H1, H2, "9p369m258p36s13z28s2p"]
    st = start(hands, front="5m2s1p")
    act(st, 3, "discard", "9p")
    act(st, 0, "pung")
    m = public_view(st)["seats"][0]["melds"]
    assert m == [{"kind": "pung", "tiles": [t("9p")] * 3, "faces": [t("9p")] * 3, "from": 3,
                  "claimed": st.seats[0].melds[0].claimed}]
    assert view(st, 2)["seats"][0]["melds"] == m


def test_an_open_table_shows_the_drawn_tile_only_in_a_turn():
    """A table open to its watchers shows every hand and the drawn tile of the seat in its turn; after the
    discard (others may claim) no tile is drawn."""
    st = kong_state()
    pv = public_view(st, open_hands=True)
    assert pv["open"] is True and pv["drawn"] == t("3p")
    assert pv["seats"][0]["hand"] == sorted(st.seats[0].concealed())
    assert pv["seats"][0]["melds"][0]["tiles"] == [t("7p")] * 4
    assert public_view(st)["drawn"] is None


def test_the_pending_state_after_a_discard_is_a_window():
    """After every discard a window opens for every seat (pending_state), even when nobody may claim: the
    state there is a wait for the others; an action that is not a discard or kong opens none."""
    st = kong_state()
    p = pending_state(st, Action(0, "discard", t("3p")))
    assert p is not None and p.phase in ("claim", "rob", "declare") and p.last_discard == (0, t("3p"))
    assert public_view(p)["phase"] == "wait"
    assert st.phase == "turn" and st.last_discard == (3, t("2p"))  # the state itself is untouched
    assert pending_state(st, Action(0, "pass")) is None


def test_public_events_drop_secrets_and_addressed_events():
    """Watchers get every event but those addressed to some seats, without secret fields; a seat gets its
    own secrets and no routing keys."""
    evs = [{"type": "draw", "seat": 1, "tile": 5, "secret": ("tile",)},
           {"type": "window", "to": [2], "tile": 9},
           {"type": "discard", "seat": 1, "tile": 7}]
    assert public_events(evs) == [{"type": "draw", "seat": 1}, {"type": "discard", "seat": 1, "tile": 7}]
    assert public_events(evs, open_hands=True) == [{"type": "draw", "seat": 1, "tile": 5},
                                                   {"type": "window", "tile": 9},
                                                   {"type": "discard", "seat": 1, "tile": 7}]
    assert events_for(evs, 1) == [{"type": "draw", "seat": 1, "tile": 5}, {"type": "discard", "seat": 1, "tile": 7}]
    assert events_for(evs, 2) == [{"type": "draw", "seat": 1}, {"type": "window", "tile": 9},
                                  {"type": "discard", "seat": 1, "tile": 7}]


def test_visible_step_counts_own_passes_not_others():
    """A seat has seen every action but the other seats' passes: seat 2 passes its win on seat 0's 4s."""
    st = start()
    act(st, 3, "discard", "2p")
    act(st, 0, "discard", "4s")
    act(st, 2, "pass")
    n = len(st.log)
    assert visible_step(st, 2) == n and visible_step(st, 1) == n - 1


def test_the_result_carries_the_settlement_info_and_no_tile_is_drawable_at_the_stop():
    """A finished hand's result holds the settlement's info (yuxi: the face-up tail); at yuxi's 20-tile stop
    (yuxi.md End) the views show 0 drawable tiles, never more."""
    from tests.rules.yuxi_util import run as yrun
    from tests.rules.yuxi_util import short_wall

    st = yrun(["1111m234p567p789s5s", None, None, None], [[0, "kong", "1m"]], tail="9m5s", back="7p")
    r = view(st, 2)["result"]
    assert r["info"] == dict(st.settlement.info) and r["info"]["tail"] == [t("9m"), t("7p")]
    data = short_wall(["1p+", None, None, None], front="5p9p" + "4m5m6m7m8m2p3p4p6p7p8p2s3s4s6s7s8s3m")
    from game.rules import scenario

    st, _ = scenario.start(data)
    engine.apply(st, Action(0, "discard", t("1p")))
    while st.remaining > 20 or st.phase != "turn":
        seat = engine.acting_seats(st)[0]
        legal = engine.legal_actions(st, seat)
        engine.apply(st, next((a for a in legal if a.kind == "pass"), None) or
                Action(seat, "discard", st.seats[seat].drawn))
    assert st.remaining == 20 and view(st, st.turn)["drawable"] == 0 and public_view(st)["drawable"] == 0
