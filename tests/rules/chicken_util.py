"""Helpers for the chicken-game scenario tests (guiyang / zhuoji): build, play and read a scripted hand.

Hands are written out in full; the wall is ``front`` (draws in order, then the 捉鸡牌 after a
win) + filler + reversed(``back``) (kong replacements in the order drawn), as tests/helpers/scen.py builds it.
"""

from __future__ import annotations

from typing import cast

from game.rules import engine, scenario, tiles
from game.rules.actions import Action
from game.rules.judge import parse_situation
from game.rules.variants import chicken_patterns as patterns
from game.rules.variants import get
from game.rules.variants.chicken import ChickenGame
from tests.helpers.scen import scenario_dict
from tests.helpers.words import zh

t = tiles.tile


def data(variant, hands, front="", back="", actions=(), options=None, dealer=0, streak=0, fill=True):
    d = scenario_dict(variant, list(hands), front=front, back=back, options=options, dealer=dealer, actions=actions,
                 fill=fill)
    if streak:
        d["dealer_streak"] = streak
    return d


def run(variant, hands, front="", back="", actions=(), options=None, dealer=0, streak=0, fill=True):
    """Play the scripted hand to its end; returns the final state."""
    return scenario.run(data(variant, hands, front, back, actions, options, dealer, streak, fill))


def start(variant, hands, front="", back="", options=None, dealer=0, streak=0, fill=True):
    st, _ = scenario.start(data(variant, hands, front, back, (), options, dealer, streak, fill))
    return st


def act(st, seat, kind, arg=None):
    tile = t(arg) if arg is not None else None
    engine.apply(st, Action(seat, kind, tile))
    return st


def kinds(st, seat):
    return sorted({a.kind for a in engine.legal_actions(st, seat)})


def deltas(st):
    return st.settlement.deltas


def net(st, *reasons):
    """Per-seat net of the transfers whose rule key is one of ``reasons``."""
    d = [0] * st.n
    for tr in st.settlement.transfers:
        if tr.reason in reasons:
            d[tr.payer] -= tr.points
            d[tr.payee] += tr.points
    return d


def labels(st, seat=None, part=None):
    """(seat, part, label, points) of the settlement items."""
    return [(i.seat, i.key, zh(i.text), i.points) for i in st.settlement.items
            if (seat is None or i.seat == seat) and (part is None or i.key == part)]


def has_item(st, seat, label, points=None):
    return any(i.seat == seat and zh(i.text) == label and (points is None or i.points == points)
               for i in st.settlement.items)


def ready(variant, hand: str, melds=()) -> bool:
    tb = cast(ChickenGame, get(variant)).table
    return patterns.is_ready(tb, tiles.counts(tiles.parse(hand)), list(melds))


# ---- driving a hand ----------------------------------------------------------------------

def play_until(st, actions):
    """Feed scripted actions like the replay driver, but stop (without declining) when they run out."""
    acts = [a if isinstance(a, Action) else Action(a[0], a[1], t(a[2]) if len(a) > 2 else None) for a in actions]
    i = 0
    while st.phase != "end" and i < len(acts):
        nxt = acts[i]
        if nxt.seat in engine.acting_seats(st):
            engine.apply(st, nxt)
            i += 1
            continue
        seat = engine.acting_seats(st)[0]
        engine.apply(st, Action(seat, "pass"))  # a window the script does not answer: declined
    return st


def decline(st):
    """Pass every open optional decision (claim windows, 报听) until a seat must discard."""
    while st.phase in ("claim", "rob", "declare"):
        engine.apply(st, Action(engine.acting_seats(st)[0], "pass"))
    return st


# ---- the score input (python -m game score) ---------------------------------------------------------------

# guiyang, seat 1 wins by self-draw on 5s (123m 456m 789s 234p 55s)
SCORE_INPUT = {"variant": "guiyang", "players": 4, "dealer": 0, "seat": 1, "hand": "123m456m789s234p55s",
               "melds": [], "win_tile": "5s", "win": "self_draw", "flags": []}


def score_input(**over):
    """parse_situation of SCORE_INPUT with fields overridden."""
    return parse_situation({**SCORE_INPUT, **over})
