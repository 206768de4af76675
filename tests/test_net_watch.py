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
from game.rules.view import public_events, public_step, public_view
from netplay.host import Host, TableConfig
from netplay.watch import WatchSession
from tests.net_util import LOOPBACK, Recorder, decode_stream, norm, play_clients, variants
from tests.test_net_leak import points, scramble

SEED = 918273645502


def check_watch_stream(vid: str, record: dict, frames: list, open_hands: bool = False) -> int:
    """Walk the match point by point; every state frame must be the public view at the next point that fits it and
    carry exactly the public events since the previous frame. Returns the frames checked."""
    states = [f for f in frames if f["t"] == "state"]
    assert {f["t"] for f in frames} <= {"hi", "watching", "table", "state"}
    assert states, "no state reached the watcher"
    rng = random.Random(vid)
    idx = 0
    since: list = []
    hands_shown = 0
    for h, st, events in points(vid, record):
        since += public_events(events, open_hands)
        if idx == len(states):
            continue
        f = states[idx]
        truth = norm(public_view(st, open_hands))
        if f["hand_no"] != h or f["view"] != truth:
            continue  # nothing a watcher sees changed at this point
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
        since = []
        idx += 1
    assert idx == len(states), f"frame {idx} (hand {states[idx]['hand_no']}) fits no point of the game"
    if open_hands:
        assert hands_shown > 20
    return idx


def watched_match(vid: str, watch: str = "public", hands: int = 2, seed=SEED):
    """Three bot clients and a host bot play a match while a watcher (connected first) records its bytes."""
    h = Host(tables=[TableConfig(table_id="t", variant=vid, hands=hands, seed=seed, bots={3: "simple"},
                                 next_s=None, watch=watch)], interfaces=LOOPBACK, advertise=False).start()
    rec = Recorder()
    ws = WatchSession(*h.address, "watcher", "t", tap=rec, connect_timeout=10, reconnect_s=10)
    try:
        for _ in range(100):
            if ws.status == "watching":
                break
            ws.wait(0.1)
        assert ws.status == "watching", ws.error
        play_clients(h, ["a", "b", "c"], timeout=120)
        record = h.finished[-1]["record"]
        h.call(lambda: None)  # the host's last frames are written before the watcher is read
        for _ in range(50):
            ws.poll()
            if ws.match_over:
                break
            ws.wait(0.1)
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
    assert check_watch_stream(vid, record, frames) > 60
    assert not any(f["t"] == "watching" and f["open"] for f in frames)


@pytest.mark.parametrize("vid", ["wenshan", "zhuoji"])
def test_a_table_open_to_watchers_shows_them_every_hand(vid):
    record, frames, ws = watched_match(vid, watch="open", hands=1)
    assert ws.open and ws.match_over
    assert check_watch_stream(vid, record, frames, open_hands=True) > 30


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
    """The 捉鸡麻将 deal of tests/test_net_leak.py (seat 2 may or may not pung the dealer's 9p), with a watcher."""
    import netplay.table
    from game.rules import engine as E
    from game.rules.match import Match
    from netplay.client import BotClient
    from tests.test_net_leak import _HANDS, _deal, _Passer

    hands, wall = _deal(seat2)
    assert len(hands) == len(_HANDS)

    class Scenario(Match):
        def start_hand(self):
            st, events = E.new_hand(self.variant, self.options, seed=self.seed, dealer=0, hand_no=self.hand_no,
                                    dealer_streak=self.streak, scores=self.scores, hands=hands, wall=wall)
            self.state = st
            return st, events

    monkeypatch.setattr(netplay.table, "Match", Scenario)
    h = Host(tables=[TableConfig(table_id="t", variant="zhuoji", hands=1, seed=3, next_s=None)],
             interfaces=LOOPBACK, advertise=False).start()
    rec = Recorder()
    ws = WatchSession(*h.address, "watcher", "t", tap=rec, connect_timeout=10, reconnect_s=10)
    try:
        for _ in range(100):
            if ws.status == "watching":
                break
            ws.wait(0.1)
        bcs = [BotClient(*h.address, "simple", f"p{i}", seat=i) for i in range(4)]
        for bc in bcs:
            bc.bot = _Passer()
        play_clients(h, [], clients=bcs, timeout=60)
        actions = h.finished[-1]["record"]["hands_played"][0]["actions"]
        h.call(lambda: None)
    finally:
        ws.close()
        h.stop()
    out = []
    for f in decode_stream(bytes(rec.rx)):
        if f["t"] != "state":
            continue
        if any(e["type"] == "discard" and e["seat"] == 2 for e in f["events"]):
            return actions, out
        out.append({k: f[k] for k in ("seq", "step", "view", "events", "totals", "hand_over")})
    raise AssertionError("seat 2 never discarded")


def test_a_watcher_cannot_tell_whether_a_seat_could_claim(monkeypatch):
    """The watcher receives exactly the same frames (views, events, step, seq, their number) whether or not seat 2
    could pung the dealer's discard and passed: the public view shows every window alike."""
    from tests.test_net_leak import _CAN, _CANNOT

    acts_can, can = _watcher_stream(monkeypatch, _CAN)
    acts_cannot, cannot = _watcher_stream(monkeypatch, _CANNOT)
    assert acts_can[:2] == [[0, "discard", "9p"], [2, "pass"]], "seat 2 was not offered the pung"
    assert acts_cannot[1][1] == "discard"
    assert len(can) >= 4
    for k, (x, y) in enumerate(zip(can, cannot)):
        assert x == y, f"frame {k}: {[key for key in x if x[key] != y[key]]} differ"
    assert len(can) == len(cannot)
