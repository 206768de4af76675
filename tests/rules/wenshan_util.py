"""Wenshan hands on the round engine: named deals and the helpers that play them (engine, view and mutation tests)."""

from __future__ import annotations

from game.rules import engine, scenario, tiles
from game.rules.actions import Action
from tests.helpers.scen import scenario_dict

t = tiles.tile


# Dealer is seat 3 (so seat 0's discards are not the dealer's first, which would be 地胡).
# seat 2 waits 4s (平胡 硬功 = 2) and 7s (小七对 硬功 = 4)
H0 = "4s19m19p19s123z66z8p"
H1 = "47s19m19p1s23z66z28m"
H2 = "11223344m5566s7s"
H3 = "4s369m258p36s13z28s2p"


def start(hands=(H0, H1, H2, H3), front="5m9p1p", actions=(), dealer=3, **kw):
    data = scenario_dict("wenshan", list(hands), front=front, flip="4z", actions=actions, dealer=dealer, **kw)
    st, _acts = scenario.start(data)
    return st


def act(st, seat, kind, arg=None):
    meld_tiles = None
    tile = None
    if kind == "chow":
        meld_tiles = tuple(tiles.parse(arg))
    elif arg is not None:
        tile = t(arg)
    return engine.apply(st, Action(seat, kind, tile, meld_tiles))


def kinds(st, seat):
    return sorted({a.kind for a in engine.legal_actions(st, seat)})


KONG0 = "7777p4s19s123z66z8m"


def kong_deal():
    """Seat 0 holds 7777p (KONG0); seat 3 deals; 5m 6m come next from the front, 3p is the replacement."""
    return start([KONG0, H1, H2, H3], front="5m6m", back="3p")


def concealed_kong_win():
    """On ``kong_deal``: seat 0 konges 7p concealed and throws 3p; seat 2 wins 小七对 on seat 1's 7s."""
    st = kong_deal()
    act(st, 3, "discard", "2p")
    act(st, 0, "kong", "7p")
    act(st, 0, "discard", "3p")
    act(st, 1, "discard", "7s")
    act(st, 2, "hu")
    return st


def rob_window():
    """Seat 1 pungs the dealer's 4s and later adds its fourth 4s (补杠): the state at the rob window, where seat 2
    (and after it seat 0) may rob it; prompts the script does not take are declined."""
    hands = ["123m456p789m56s11z", "44s7s19m19p1s23z6z28m", H2, H3]
    data = scenario_dict("wenshan", hands, front="9m3p4p4s", flip="4z", dealer=3,
                         actions=[[3, "discard", "4s"], [1, "pung"], [1, "discard", "7s"], [2, "discard", "9m"],
                                  [3, "discard", "3p"], [0, "discard", "4p"], [1, "kong", "4s"]])
    st, acts = scenario.start(data)
    for a in acts:
        while engine.normalize_or_none(st, a) is None:
            engine.apply(st, Action(engine.acting_seats(st)[0], "pass"))
        engine.apply(st, a)
    return st
