"""Watching a LAN table (issue 17): what a watcher receives, over whole matches on loopback.

Every byte that reaches a watcher's socket is recorded while bot clients play whole
hands. Afterwards the host's match log is replayed point by point (the engine's ground
truth) and every state frame is checked at the point of the game it was sent at:

- its view is exactly ``public_view(state)`` at that point (after a discard or an added
  kong, first the window everybody is shown, ``pending_state``);
- non-interference: shuffling every hidden tile (every seat's concealed tiles while
  the hand runs, the undrawn wall) leaves it identical, so no concealed tile, drawn
  tile or wall position can be derived from it; no seat's hand appears before the end;
- its events are the engine's events with every ``secret`` field removed and every
  event addressed to some seats (claim windows, answer receipts) dropped;
- the match seed appears nowhere in the byte stream.

On a table the host opened to watchers the same frames show every concealed hand.
"""

import random

import msgpack
import pytest

from game.rules.kinds import Phase
from game.rules.view import public_events, public_step
from netplay.host import Host, TableConfig
from netplay.table import public_view  # the public view as the wire carries it
from netplay.watch import WatchSession
from tests.helpers.hidden import fitting_frames, scramble
from tests.helpers.net_util import (
    CAN,
    CANNOT,
    LOOPBACK,
    Recorder,
    claim_deal_host,
    decode_stream,
    drain_watcher,
    norm,
    play_clients,
    play_passers,
    until_seat2_discards,
    variants,
)

SEED = 918273645502


def check_watch_stream(vid: str, record: dict, frames: list, open_hands: bool = False) -> int:
    """Walk the match point by point; every state frame must be the public view at the next point that fits it and
    carry exactly the public events since the previous frame. Returns the frames checked."""
    states = [f for f in frames if f["t"] == "state"]
    assert {f["t"] for f in frames} <= {"error", "hi", "id", "watching", "table", "state", "pong"}
    # a watcher that has said nothing for HEARTBEAT_S pings (a slow match, a busy machine): the pong is its counter
    assert all(set(f) == {"t", "n"} for f in frames if f["t"] == "pong")
    assert states, "no state reached the watcher"
    rng = random.Random(vid)
    hands_shown = 0
    for idx, h, st, f, truth, since in fitting_frames(vid, record, states, lambda st: norm(public_view(st, open_hands)),
                                                      lambda events: public_events(events, open_hands)):
        if not open_hands:
            if st.phase != Phase.END:
                assert all(s["hand"] is None for s in f["view"]["seats"]), f"hand {h} frame {idx}: a hand is shown"
            for _ in range(2):
                other = norm(public_view(scramble(st, None, rng)))
                diff = [k for k in truth if truth[k] != other.get(k)]
                assert not diff, f"hand {h} frame {idx}: {diff} depend on hidden tiles"
        else:
            shown = [s["hand"] for s in f["view"]["seats"]]
            assert shown == [sorted(s.concealed()) for s in st.seats]
            hands_shown += st.phase != Phase.END
        want = [] if f["full"] else norm(since)
        assert f["events"] == want, f"hand {h} frame {idx}: events differ from what a watcher may see"
        assert f["step"] == public_step(st)
    if open_hands:
        # how many frames a watcher gets depends on the machine: a slow reader is skipped to the latest picture
        assert hands_shown >= 1, "no frame of a hand in play showed the hands"
    return len(states)


def _watcher(h, rec: Recorder) -> WatchSession:
    """A watcher of table "t" recording its bytes, once it watches (or after ten seconds of trying)."""
    ws = WatchSession(*h.address, "watcher", "t", tap=rec, connect_timeout=60, reconnect_s=60)
    for _ in range(100):
        if ws.status == "watching":
            break
        ws.wait(0.1)
    return ws


def watched_match(vid: str, watch: str = "public", hands: int = 2, seed=SEED):
    """Three bot clients and a host bot play a match while a watcher (connected first) records its bytes."""
    h = Host(tables=[TableConfig(table_id="t", variant=vid, hands=hands, seed=seed, bots={3: "simple"},
                                 next_s=None, watch=watch)], interfaces=LOOPBACK, advertise=False).start()
    rec = Recorder()
    ws = _watcher(h, rec)
    try:
        assert ws.status == "watching", ws.error
        play_clients(h, ["a", "b", "c"], timeout=300)
        record = h.finished[-1]["record"]
        drain_watcher(h, ws)
    finally:
        ws.close()
        h.stop()
    return record, decode_stream(bytes(rec.rx)), ws


@pytest.mark.parametrize("vid", variants())
def test_a_watcher_never_receives_a_hidden_tile(vid):
    record, frames, ws = watched_match(vid)
    assert record["seed"] == SEED and ws.match_over
    raw = msgpack.packb(frames)
    assert str(SEED).encode() not in raw and msgpack.packb(SEED) not in raw, "the seed was sent"
    assert check_watch_stream(vid, record, frames) >= 2  # every frame fits; their number depends on load
    assert not any(f["t"] == "watching" and f["open"] for f in frames)


@pytest.mark.parametrize("vid", ["wenshan", "zhuoji"])
def test_a_table_open_to_watchers_shows_them_every_hand(vid):
    record, frames, ws = watched_match(vid, watch="open", hands=1)
    assert ws.open and ws.match_over
    assert check_watch_stream(vid, record, frames, open_hands=True) >= 2


@pytest.mark.parametrize("what", ["other_hand", "next_wall_tile"])
def test_the_check_catches_a_leaky_watcher_stream(monkeypatch, what):
    """A host whose public view carries one hidden fact more fails the check (the reference leaks alike, so the
    frames match it: the non-interference part must catch it)."""
    import sys

    import netplay.table

    real = netplay.table.public_view

    def leaky(st, open_hands=False):
        v = real(st, open_hands)
        if what == "other_hand":
            v["public"] = dict(v["public"], peek=sorted(st.seats[1].concealed()) if st.phase != Phase.END else None)
        else:
            v["public"] = dict(v["public"], peek=st.wall[st.front] if st.front < st.back else None)
        return v

    monkeypatch.setattr(netplay.table, "public_view", leaky)
    monkeypatch.setattr(sys.modules[__name__], "public_view", leaky)
    vid = variants()[0]
    record, frames, _ws = watched_match(vid, hands=1)
    with pytest.raises(AssertionError, match="depend on hidden tiles"):
        check_watch_stream(vid, record, frames)


def test_the_check_catches_leaky_watcher_events(monkeypatch):
    import netplay.table
    from game.rules.view import spectator_events

    monkeypatch.setattr(netplay.table, "public_events", lambda events, open_hands=False: spectator_events(events))
    vid = variants()[0]
    record, frames, _ws = watched_match(vid, hands=1)
    with pytest.raises(AssertionError, match="events differ"):
        check_watch_stream(vid, record, frames)


def _watcher_stream(monkeypatch, seat2: list[int]):
    """The 捉鸡麻将 deal of tests/net/test_net_leak.py (seat 2 may or may not pung the dealer's 9p), with a watcher."""
    h = claim_deal_host(monkeypatch, seat2)
    rec = Recorder()
    ws = _watcher(h, rec)
    try:
        actions = play_passers(h)
        h.call(lambda: None)
    finally:
        ws.close()
        h.stop()
    return actions, until_seat2_discards(decode_stream(bytes(rec.rx)))


def test_a_watcher_cannot_tell_whether_a_seat_could_claim(monkeypatch):
    """The watcher receives exactly the same frames (views, events, step, seq, their number) whether or not seat 2
    could pung the dealer's discard and passed: the public view shows every window alike."""
    acts_can, can = _watcher_stream(monkeypatch, CAN)
    acts_cannot, cannot = _watcher_stream(monkeypatch, CANNOT)
    assert acts_can[:2] == [[0, "discard", "9p"], [2, "pass"]], "seat 2 was not offered the pung"
    assert acts_cannot[1][1] == "discard"
    assert len(can) >= 4
    for k, (x, y) in enumerate(zip(can, cannot)):
        assert x == y, f"frame {k}: {[key for key in x if x[key] != y[key]]} differ"
    assert len(can) == len(cannot)
