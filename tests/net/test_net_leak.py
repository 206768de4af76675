"""Hidden information never leaves the host: every byte one peer received, checked against the engine.

For every registered variant a whole match is played over loopback while every
byte that reaches each client socket is recorded. Afterwards the host's match log
is replayed step by step (the engine's ground truth) and every state frame is
checked at the point of the game it was sent at:

- its view is exactly ``view(state, seat)`` at the next point of the game it fits (after a
  discard or an added kong, first the window every seat is shown, ``pending_state``);
- non-interference: the same view computed after shuffling every tile the seat may
  not know (other seats' concealed tiles while the hand runs, the undrawn wall)
  is identical, so nothing in the frame depends on them;
- its events are the engine's events with other seats' ``secret`` fields removed and
  events addressed to other seats (``to``) dropped;
- the match seed appears nowhere in the byte stream.
"""

import random

import msgpack
import pytest

from game.rules import engine as E
from game.rules.actions import from_json
from game.rules.kinds import Phase
from game.rules.match import Match
from game.rules.state import Seat
from game.rules.variants import get as get_variant
from game.rules.view import pending_state, same_point, view, visible_step
from netplay.host import Host, TableConfig
from tests.helpers.net_util import (
    CAN,
    CANNOT,
    LOOPBACK,
    Recorder,
    claim_deal_host,
    decode_stream,
    norm,
    play_clients,
    play_passers,
    until_seat2_discards,
    variants,
    wire_view,
)

SEED = 918273645501


def reference_filter(events: list, seat: int) -> list:
    """What the engine's annotations allow ``seat`` to learn from these events."""
    out = []
    for e in events:
        if "to" in e and seat not in e["to"]:
            continue
        shown = {k: v for k, v in e.items() if k not in ("to", "secret")}
        if e.get("secret") and e.get("seat") != seat:
            for k in e["secret"]:
                shown.pop(k, None)
        out.append(shown)
    return out


def _tiles_in(obj, out: list) -> None:
    if isinstance(obj, bool):
        return
    if isinstance(obj, int) and 0 <= obj < 34:
        out.append(obj)
    elif isinstance(obj, (list, tuple)):
        for x in obj:
            _tiles_in(x, out)
    elif isinstance(obj, dict):
        for x in obj.values():
            _tiles_in(x, out)


def scramble(st, seat: int, rng: random.Random):
    """A copy of ``st`` with every tile ``seat`` may not know shuffled among the hidden places."""
    s2 = st.copy()
    # wall tiles the rules show (wenshan's indicator lies outside [front, back); yuxi's tail tiles and the
    # chicken flip lie inside): keep one wall position per tile named in the public info, tail first
    shown: list[int] = []
    _tiles_in(st.variant.public_info(st, seat), shown)
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
    for h, hrec in enumerate(record["hands_played"]):
        st, events = m.start_hand()
        yield h, st.copy(), events
        for item in hrec["actions"]:
            a = from_json(item)
            pending = pending_state(st, a)
            st, events = E.apply(st, a)
            if pending is not None and not same_point(pending, st):
                cut = next(k + 1 for k, e in enumerate(events) if e["type"] in ("discard", "kong_declared"))
                yield h, pending, events[:cut]
                events = events[cut:]
            yield h, st.copy(), events
        m.finish_hand()


def check_stream(vid: str, record: dict, seat: int, frames: list) -> int:
    """Walk the match point by point; every state frame must be the seat's view at the next point that fits it,
    carry exactly the events the rules let it see since the previous frame, and not depend on hidden tiles.
    Returns the frames checked."""
    states = [f for f in frames if f["t"] == "state"]
    assert {f["t"] for f in frames} <= {"hi", "welcome", "table", "state"}
    assert states, "no state reached the peer"
    rng = random.Random(seat)
    idx = 0
    since: list = []  # events since the last frame
    for h, st, events in points(vid, record):
        since += reference_filter(events, seat)
        if idx == len(states):
            continue
        f = states[idx]
        truth = wire_view(view(st, seat))
        if f["hand_no"] != h or f["view"] != truth:
            continue  # the host sent nothing at this point (nothing this seat could see changed)
        for _ in range(2):
            other = wire_view(view(scramble(st, seat, rng), seat))
            diff = [key for key in truth if truth[key] != other.get(key)]
            assert not diff, f"hand {h} frame {idx}: {diff} depend on tiles seat {seat} may not know"
        want = [] if f["full"] else norm(since)
        assert f["events"] == want, f"hand {h} frame {idx}: events differ from what the rules reveal"
        assert f["step"] == visible_step(st, seat), f"hand {h} frame {idx}: the step counts actions it cannot see"
        since = []
        idx += 1
    assert idx == len(states), f"frame {idx} (hand {states[idx]['hand_no']}) fits no point of the game"
    return idx


@pytest.mark.parametrize("vid", variants())
def test_no_hidden_information_reaches_a_peer(vid):
    h = Host(tables=[TableConfig(table_id="t", variant=vid, hands=3, seed=SEED, bots={3: "simple"}, next_s=None)],
             interfaces=LOOPBACK, advertise=False).start()
    try:
        recs = [Recorder() for _ in range(3)]
        play_clients(h, ["a", "b", "c"], taps=recs, timeout=120)
        record = h.finished[-1]["record"]
    finally:
        h.stop()
    assert record["seed"] == SEED
    total = 0
    for seat, rec in enumerate(recs):
        raw = bytes(rec.rx)
        assert str(SEED).encode() not in raw and msgpack.packb(SEED) not in raw, "the seed was sent"
        total += check_stream(vid, record, seat, decode_stream(raw))
    assert total > 100


def _leaky_match(monkeypatch, vid: str):
    h = Host(tables=[TableConfig(table_id="t", variant=vid, hands=1, seed=SEED, bots={2: "simple", 3: "simple"},
                                 next_s=None)], interfaces=LOOPBACK, advertise=False).start()
    try:
        recs = [Recorder() for _ in range(2)]
        play_clients(h, ["a", "b"], taps=recs, timeout=60)
        record = h.finished[-1]["record"]
    finally:
        h.stop()
    return record, decode_stream(bytes(recs[0].rx))


@pytest.mark.parametrize("what", ["other_hand", "next_wall_tile"])
def test_the_check_catches_a_leaky_view(monkeypatch, what):
    """A host whose views carry one hidden fact more fails the check (the reference view leaks alike)."""
    import sys

    import netplay.table

    me = sys.modules[__name__]
    real = view

    def leaky(st, seat):
        v = real(st, seat)
        v["public"] = dict(v["public"], peek=st.seats[(seat + 1) % st.n].concealed() if what == "other_hand"
                           else (st.wall[st.front] if st.front < st.back else None))
        return v

    monkeypatch.setattr(netplay.table, "view", leaky)
    monkeypatch.setattr(me, "view", leaky)
    vid = variants()[0]
    record, frames = _leaky_match(monkeypatch, vid)
    with pytest.raises(AssertionError, match="may not know"):
        check_stream(vid, record, 0, frames)


def test_the_check_catches_leaky_events(monkeypatch):
    import netplay.table

    monkeypatch.setattr(netplay.table, "events_for", lambda events, seat: [
        {k: v for k, v in e.items() if k not in ("to", "secret")} for e in events])
    vid = variants()[0]
    record, frames = _leaky_match(monkeypatch, vid)
    with pytest.raises(AssertionError, match="events differ"):
        check_stream(vid, record, 0, frames)


# ---------------------------------------------------------------------------------------------- issue 16, point 3

def _seat_streams(monkeypatch, seat2: list[int]):
    """The actions of the hand dealt by ``claim_deal(seat2)`` and the frames each seat received."""
    h = claim_deal_host(monkeypatch, seat2)
    try:
        recs = [Recorder() for _ in range(4)]
        actions = play_passers(h, recs)
    finally:
        h.stop()
    return actions, [decode_stream(bytes(r.rx)) for r in recs]


def test_a_seat_cannot_tell_whether_another_seat_could_claim(monkeypatch):
    """Point 3, from the recorded seat streams: seats 0 and 3 receive exactly the same frames (views, events,
    the step counter, their number) whether or not seat 2 could pung the dealer's discard and passed. Before,
    a "wait" frame appeared only when someone had an option and ``step`` counted seat 2's hidden pass."""
    acts_can, can = _seat_streams(monkeypatch, CAN)
    acts_cannot, cannot = _seat_streams(monkeypatch, CANNOT)
    assert acts_can[:2] == [[0, "discard", "9p"], [2, "pass"]], "seat 2 was not offered the pung"
    assert acts_cannot[:2] == [[0, "discard", "9p"], [1, "discard", acts_cannot[1][2]]]
    for seat in (0, 3):
        a, b = until_seat2_discards(can[seat]), until_seat2_discards(cannot[seat])
        assert len(a) >= 4
        for k, (x, y) in enumerate(zip(a, b)):
            assert x == y, f"seat {seat}, frame {k}: {[key for key in x if x[key] != y[key]]} differ"
        assert len(a) == len(b)
    # the seat that could claim saw its own window, of course
    assert any(f["t"] == "state" and [2, "pung"] in f["view"]["legal"] for f in can[2])
