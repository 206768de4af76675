"""What a seat may not know: the points where a host sends state, and a state with its hidden tiles shuffled."""

from __future__ import annotations

import random

from game.rules import engine
from game.rules.actions import from_json
from game.rules.kinds import Phase
from game.rules.match import Match
from game.rules.state import Seat
from game.rules.variants import get as get_variant
from game.rules.view import pending_state, same_point


def scramble(st, seat: int, rng: random.Random):
    """A copy of ``st`` with every tile ``seat`` may not know shuffled among the hidden places."""
    s2 = st.copy()
    # wall tiles the rules show (wenshan's indicator lies outside [front, back); yuxi's tail tiles and the
    # chicken flip lie inside): keep one wall position per tile named in the public info, tail first
    shown: list[int] = []
    tiles_in(st.variant.public_info(st, seat), shown)
    order = []
    lo, hi = s2.front, s2.back - 1
    while lo <= hi:
        order.append(hi)
        if lo != hi:
            order.append(lo)
        lo, hi = lo + 1, hi - 1
    order = order[:2] + sorted(order[2:], key=lambda p: min(p - s2.front, s2.back - 1 - p))
    pinned = set()
    for t in shown:
        for p in order:
            if p not in pinned and s2.wall[p] == t:
                pinned.add(p)
                break
    wall_pos = [p for p in range(s2.front, s2.back) if p not in pinned]
    pool = [s2.wall[p] for p in wall_pos]
    sizes = {}
    if st.phase != Phase.END:
        for i, s in enumerate(s2.seats):
            if i != seat:
                c = s.concealed()
                sizes[i] = len(c)
                pool += c
    rng.shuffle(pool)
    it = iter(pool)
    for i, k in sizes.items():
        old = s2.seats[i]
        new = Seat()
        for _ in range(k):
            new.add(next(it))
        for attr in ("melds", "discards", "draws", "declared", "missed_win", "missed_pungs", "kong_late", "extra"):
            setattr(new, attr, getattr(old, attr))
        new.drawn = new.concealed()[0] if old.drawn is not None and k else None
        s2.seats[i] = new
    for p in wall_pos:
        s2.wall[p] = next(it)
    s2.extra.pop("_turn_cache", None)
    return s2


def points(vid: str, record: dict):
    """Every point of the match at which the host may send a state: (hand, state, the events since the previous
    point). After a discard or an added kong there are two: the window everybody is shown first
    (``pending_state``), then where the rules went on from there."""
    v = get_variant(vid)
    m = Match(v, record["options"], record["seed"], record["hands"])
    from netplay.table import window_prompts

    for h, hrec in enumerate(record["hands_played"]):
        st, events = m.start_hand(hrec.get("seed"))
        yield h, st.copy(), events
        for item in hrec["actions"]:
            a = from_json(item)
            pending = pending_state(st, a)
            st, events = engine.apply(st, a)
            if pending is not None and not same_point(pending, st):
                cut = next(k + 1 for k, e in enumerate(events) if e["type"] in ("discard", "kong_declared"))
                yield h, pending, events[:cut]
                events = events[cut:]
            yield h, st.copy(), events
            if pending is not None:  # issue 38: every seat with an option is asked at the window's point
                for prompt in window_prompts(pending).values():  # (the window is open: pending is that point)
                    yield h, prompt, []
        m.finish_hand()


def fitting_frames(vid: str, record: dict, states: list, truth_of, seen_of):
    """Each state frame with the point of the match it shows: (frame index, hand, state, frame, the view it must
    carry, the events seen since the previous frame). A frame shows the next point whose view
    (``truth_of(state)``) it carries; ``seen_of(events)`` is what the reader may see of a point's events. Once
    walked, every frame must have fitted a point."""
    idx = 0
    since: list = []
    for h, st, events in points(vid, record):
        since += seen_of(events)
        if idx == len(states):
            continue
        f = states[idx]
        truth = truth_of(st)
        if f["hand_no"] != h or f["view"] != truth:
            continue  # the host sent nothing at this point (nothing the reader sees changed)
        yield idx, h, st, f, truth, since
        since = []
        idx += 1
    assert idx == len(states), f"frame {idx} (hand {states[idx]['hand_no']}) fits no point of the game"


def tiles_in(obj, out: list) -> None:
    if isinstance(obj, bool):
        return
    if isinstance(obj, int) and 0 <= obj < 34:
        out.append(obj)
    elif isinstance(obj, (list, tuple)):
        for x in obj:
            tiles_in(x, out)
    elif isinstance(obj, dict):
        for x in obj.values():
            tiles_in(x, out)
