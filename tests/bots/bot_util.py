"""Helpers for the bot tests: deal a scenario, play it to a seat's turn, ask a bot what it does."""

from __future__ import annotations

from game.bots import make_bot
from game.rules import engine, scenario, tiles
from game.rules.actions import Action
from game.rules.view import view
from tests.helpers.scen import scenario_dict

t = tiles.tile


def start(variant, hands, front="", back="", flip=None, tail="", options=None, dealer=0):
    st, _ = scenario.start(scenario_dict(variant, list(hands), front=front, back=back, flip=flip, tail=tail,
                              options=options, dealer=dealer))
    return st


def play(st, actions):
    """Apply scripted actions; open decisions the script does not answer are passed."""
    for seat, kind, *arg in actions:
        tile = t(arg[0]) if arg else None
        while not any(a.kind == kind for a in engine.legal_actions(st, seat)):
            engine.apply(st, Action(engine.acting_seats(st)[0], "pass"))
        engine.apply(st, Action(seat, kind, tile))
    return st


def until_turn(st, seat):
    """Pass open windows until ``seat`` has its turn."""
    while not (st.phase == "turn" and st.turn == seat):
        engine.apply(st, Action(engine.acting_seats(st)[0], "pass"))
    return st


def decide(st, seat, level, seed=0):
    v = view(st, seat)
    a = make_bot(level, seed).act(v)
    assert a in v["legal"], f"{level} returned an illegal {a}"
    return a


def exposed_flush(variant: str):
    """Seat 1 has punged 2p, 7p and 9p (an obvious 筒子 清一色, which needs no pass to win on a discard)
    after discarding 1m; seat 0 holds 1m2m3m 4m 6m7m 2s3s 6s7s8s 9s9s + 5p: 1m, 4m, 5p and 7m all keep
    it 1-shanten with the same acceptance (the issue's hand)."""
    hands = ["1m2m3m4m6m7m2s3s6s7s8s9s9s9m", "2p2p7p7p9p9p3p4p5p6p1m8s8m",
             "2p7p1s3s4s5s6s1m5m6m9m4p1p", "9p2m3m4m5m6m7m8m2s3s4s5s6s"]
    st = start(variant, hands, front="8p1p3m2s7s4s1p5p", dealer=0)
    play(st, [(0, "discard", "9m"), (1, "discard", "1m"), (2, "discard", "2p"), (1, "pung"), (1, "discard", "8s"),
              (2, "discard", "7p"), (1, "pung"), (1, "discard", "8m"), (2, "discard", "5m"), (3, "discard", "9p"),
              (1, "pung"), (1, "discard", "3p"), (2, "discard", "6m"), (3, "discard", "2m")])
    return until_turn(st, 0)
