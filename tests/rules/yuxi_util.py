"""玉溪扳倒胡 on the round engine: deals with tail tiles, and the helpers that play them (engine, view, CLI, demo)."""

from __future__ import annotations

import random
from typing import cast

from game.rules import analysis, engine, scenario, tiles
from game.rules.actions import Action
from game.rules.variants import get
from game.rules.variants.yuxi import Yuxi
from tests.helpers.scen import scenario_dict

t = tiles.tile


V = cast(Yuxi, get("yuxi"))


def deal(hands, front="", back="", tail="", options=None, dealer=0, actions=(), fill=True, extra_front=0,
         front_ok=lambda k: True, seed=0):
    """A yuxi scenario dict; dead filler hands for ``None`` / ``"...+"``; ``extra_front`` harmless draws."""
    opts = V.resolve_options(options or {})
    pool = tiles.counts(V.tile_set(opts))
    fixed = []
    for h in hands:
        if h:
            fixed += tiles.parse(h.rstrip("+"))
    for k in fixed + tiles.parse(front) + tiles.parse(back) + tiles.parse(tail):
        pool[k] -= 1
        assert pool[k] >= 0, f"too many {tiles.name(k)}"
    rng = random.Random(seed)
    out = []
    for seat, h in enumerate(hands):
        size = 14 if seat == dealer else 13
        if h and not h.endswith("+"):
            out.append(h)
            continue
        part = tiles.parse(h[:-1]) if h else []
        kinds = [k for k in range(tiles.NUM_KINDS) if pool[k] > 0 and k not in part and front_ok(k)]
        for _ in range(5000):
            pick = rng.sample(kinds, size - len(part))
            c = tiles.counts(part + pick)
            if analysis.shanten(c) >= 2 and analysis.shanten_seven_pairs(c) >= 2:
                break
        else:  # pragma: no cover
            raise AssertionError("no dead hand found")
        for k in pick:
            pool[k] -= 1
        out.append(tiles.fmt(sorted(part + pick)))
    more = []
    if extra_front:
        order = sorted((k for k in range(tiles.NUM_KINDS) if front_ok(k)), key=lambda k: ((k * 7) % 34, k))
        while len(more) < extra_front:
            took = False
            for k in order:
                if pool[k] > 0 and len(more) < extra_front:
                    pool[k] -= 1
                    more.append(k)
                    took = True
            assert took, "not enough spare tiles"
    data = scenario_dict("yuxi", out, front=front + tiles.fmt(more), back=back, tail=tail, options=options,
                         dealer=dealer, actions=actions, fill=fill)
    data["extra_front"] = tiles.fmt(more)
    return data


def start(hands, **kw):
    data = deal(hands, **kw)
    st, _ = scenario.start(data)
    return st


def run(hands, actions, **kw):
    return scenario.run(deal(hands, actions=actions, **kw))


def act(st, seat, kind, arg=None):
    chow = tuple(tiles.parse(arg)) if kind == "chow" else None
    tile = t(arg) if arg is not None and kind != "chow" else None
    return engine.apply(st, Action(seat, kind, tile, chow))


def kinds(st, seat):
    return sorted({a.kind for a in engine.legal_actions(st, seat)})


def pass_others(st, keep=()):
    """Pass every open claim decision except those of ``keep``."""
    while st.phase in ("claim", "rob"):
        todo = [s for s in engine.acting_seats(st) if s not in keep]
        if not todo:
            return
        act(st, todo[0], "pass")


def discard_drawn(st):
    seat = st.turn
    act(st, seat, "discard", tiles.name(st.seats[seat].drawn))
    pass_others(st)


def tile_names(xs):
    return [tiles.name(x) for x in xs]


def short_wall(hands, front, tail="9s9s", **kw):
    """A wall of ``front`` + tail only (no filler): len(front) + 2 tiles."""
    return deal(hands, front=front, tail=tail, fill=False, **kw)


def rob_scenario(n, options=None, second_robber=False):
    """Seat 1 punges seat 0's 4s, later draws the 4th 4s and adds it (the face-up 5m would give 杠上花);
    seat 0 (and seat 2) wait on 4s."""
    hands = ["4s123m456m789m23s99p", "44s123p456p789p5m7m"]
    if n >= 3:
        hands.append("56s333m666m999m88p" if second_robber else None)
    if n == 4:
        hands.append(None)
    front = "2s6s"[: 2 * (n - 2)] + "8s" + "4s"
    actions = [[0, "discard", "4s"], [1, "pung"], [1, "discard", "7m"]]
    for k, seat in enumerate(list(range(2, n)) + [0]):
        actions.append([seat, "discard", tiles.name(tiles.parse(front)[k])])
    actions += [[1, "kong", "4s"], [0, "hu"]]
    if second_robber:
        actions.append([2, "hu"])
    return deal(hands, front=front, tail="9s5m", options=dict(options or {}, players=n), actions=actions)


FENG_ORDER = "1z2z3z4z5z6z7z1z2z3z"


def sequence_game(hands, order, options, rounds, won_at=None, front_ok=lambda k: k < 27):
    """Seat 0 discards ``order`` tile by tile; the others discard what they draw. Returns the state."""
    data = deal(hands, options=options, extra_front=(rounds - 1) * len(hands), front_ok=front_ok)
    st, _ = scenario.start(data)
    seq = tiles.parse(order)
    k = 0
    while st.end is None and k < len(seq):
        if st.turn == 0 and st.phase == "turn":
            act(st, 0, "discard", tiles.name(seq[k]))
            k += 1
            if won_at is not None and k == won_at:
                return st
            pass_others(st)
        else:
            discard_drawn(st)
    return st
