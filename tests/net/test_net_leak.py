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

from game.rules.view import visible_step
from netplay.host import Host, TableConfig
from netplay.table import view  # the seat's view as the wire carries it (its result's lines worded)
from tests.helpers.hidden import fitting_frames, scramble
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


def check_stream(vid: str, record: dict, seat: int, frames: list) -> int:
    """Walk the match point by point; every state frame must be the seat's view at the next point that fits it,
    carry exactly the events the rules let it see since the previous frame, and not depend on hidden tiles.
    Returns the frames checked."""
    states = [f for f in frames if f["t"] == "state"]
    assert {f["t"] for f in frames} <= {"error", "hi", "id", "welcome", "table", "state", "ok", "shuffle", "pong"}
    assert states, "no state reached the peer"
    rng = random.Random(seat)
    for idx, h, st, f, truth, since in fitting_frames(vid, record, states, lambda st: wire_view(view(st, seat)),
                                                      lambda events: reference_filter(events, seat)):
        for _ in range(2):
            other = wire_view(view(scramble(st, seat, rng), seat))
            diff = [key for key in truth if truth[key] != other.get(key)]
            assert not diff, f"hand {h} frame {idx}: {diff} depend on tiles seat {seat} may not know"
        want = [] if f["full"] else norm(since)
        assert f["events"] == want, f"hand {h} frame {idx}: events differ from what the rules reveal"
        assert f["step"] == visible_step(st, seat), f"hand {h} frame {idx}: the step counts actions it cannot see"
    return len(states)


@pytest.mark.parametrize("vid", variants())
def test_no_hidden_information_reaches_a_peer(vid):
    h = Host(tables=[TableConfig(table_id="t", variant=vid, hands=3, seed=SEED, bots={3: "simple"}, next_s=None)],
             interfaces=LOOPBACK, advertise=False).start()
    try:
        recs = [Recorder() for _ in range(3)]
        play_clients(h, ["a", "b", "c"], taps=recs, timeout=300)
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
        play_clients(h, ["a", "b"], taps=recs, timeout=300)
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
