"""Issue 38, point 1: nobody at the table can tell from the timing of their frames whether a seat could claim.

A seat and a watcher time every frame. After every discard the host shows the claim
window's point at once and the rest when the window closes, the same moment whether or
not anybody could claim (give or take a random slack that drowns the host's own
scheduling); the best single-threshold guess "someone could claim" from the gap after a
discard does no better than always guessing the majority answer (within 5 points). A
discard whose window a player held open by deciding past its end is left out: that is a
person's own time, which others may see (the host lists those windows). With the window
off (the old host), the same guess is right far more often: the test can fail.
"""

from __future__ import annotations

import threading
import time

import pytest

from game.rules import engine
from game.rules.actions import from_json
from game.rules.match import Match
from game.rules.variants import get as get_variant
from netplay import protocol as wire
from netplay.host import Host, TableConfig
from netplay.watch import WatchSession
from tests.helpers.net_util import LOOPBACK, BotClient, start_clients, wait_until

pytestmark = pytest.mark.slow


class Clock:
    """A tap keeping (arrival time, message) for every state frame a client opens."""

    def __init__(self) -> None:
        self.frames: list[tuple[float, dict]] = []
        self.lock = threading.Lock()

    def __call__(self, direction: str, frame: bytes) -> None:
        if direction != "in":
            return
        m = wire.unpack(frame[4:])
        if isinstance(m, dict) and m.get("t") == "state":
            with self.lock:
                self.frames.append((time.perf_counter(), m))


def gaps(clock: Clock, me: int | None) -> list[tuple[int, int, float]]:
    """(hand, discard index in the hand, seconds until the next state) after every discard frame."""
    out = []
    frames = clock.frames
    count: dict[int, int] = {}
    for k, (t, m) in enumerate(frames[:-1]):
        if not any(e.get("type") == "discard" for e in m["events"]):
            continue
        hand = m["hand_no"]
        i = count.get(hand, 0)
        count[hand] = i + 1
        nxt = frames[k + 1]
        if nxt[1]["hand_no"] == hand:
            out.append((hand, i, nxt[0] - t))
    return out


def claimable(record: dict, late: set[tuple[int, int]]) -> dict[tuple[int, int], set[int]]:
    """(hand, discard index) -> the seats that could claim that discard, from the host's match record; without
    the discards whose window a player held open by deciding past its end (``late``: (hand, discards so far))."""
    v = get_variant(record["variant"])
    m = Match(v, record["options"], record["seed"], record["hands"])
    out: dict[tuple[int, int], set[int]] = {}
    for h, hp in enumerate(record["hands_played"]):
        st, _ = m.start_hand(hp.get("seed"))
        k = 0
        for item in hp["actions"]:
            a = from_json(item)
            engine.apply(st, a)
            if a.kind == "discard":
                if (st.hand_no, st.discard_count) not in late:
                    out[(h, k)] = set(engine._window(st).options) if st.phase in ("claim", "rob") else set()
                k += 1
        m.finish_hand()
    return out


def best_threshold(samples: list[tuple[float, bool]]) -> tuple[float, float]:
    """(accuracy of the best single threshold on the gap, either direction; the majority baseline)."""
    n = len(samples)
    pos = sum(1 for _, y in samples if y)
    base = max(pos, n - pos) / n
    xs = sorted(samples)
    best = base
    below_pos = 0  # positives with gap <= threshold
    for k, (_g, y) in enumerate(xs):
        below_pos += y
        below = k + 1
        # "claim" when the gap is above the threshold, or when it is below it
        above_right = (pos - below_pos) + (below - below_pos)
        best = max(best, above_right / n, (n - above_right) / n)
    return best, base


def play_timed(claim_s: float, hands: int, seed: int, think: tuple[float, float]):
    h = Host(tables=[TableConfig(table_id="t", hands=hands, seed=seed, claim_s=claim_s, next_s=None)],
             interfaces=LOOPBACK, advertise=False).start()
    try:
        seat_clock, watch_clock = Clock(), Clock()
        ws = WatchSession(*h.address, "timer", "t", tap=watch_clock, reconnect_s=5, connect_timeout=60)
        wait_until(lambda: ws.status == "watching", 120, "the watcher")
        bcs = [BotClient(*h.address, "simple", f"p{i}", seed=f"t{i}", seat=i, think=think,
                         tap=seat_clock if i == 0 else None) for i in range(4)]
        out, ths = start_clients(bcs, 300)
        for t in ths:
            t.join(320)
        assert all(isinstance(r, dict) for r in out.values()), out
        record = h.finished[-1]["record"]
        late = set(h.tables["t"].late_windows)
        ws.close()
    finally:
        h.stop()
    who = claimable(record, late)
    seat = [(g, bool(who[(hd, k)] - {0})) for hd, k, g in gaps(seat_clock, 0) if (hd, k) in who]
    watcher = [(g, bool(who[(hd, k)])) for hd, k, g in gaps(watch_clock, None) if (hd, k) in who]
    return seat, watcher


def test_claim_options_do_not_show_in_frame_timing(capsys):
    """Issue 38 point 1: >= 200 discards, timed by a seat and a watcher: the best threshold guess is within 5 points
    of the majority baseline with the window on, and above that bar with the window off (the old, leaky host)."""
    # bots answer well inside the window (a loaded machine must not push their answers past it: that is the one
    # thing others may time, a player deciding longer than the window)
    seat, watcher = play_timed(0.15, hands=8, seed=11, think=(0.0, 0.01))
    assert len(seat) >= 200 and len(watcher) >= 200, (len(seat), len(watcher))
    rows = []
    for who, samples in (("seat", seat), ("watcher", watcher)):
        acc, base = best_threshold(samples)
        rows.append((who, len(samples), sum(y for _, y in samples), acc, base))
        assert acc <= base + 0.05, f"{who}: a threshold on the gap guesses claim options {acc:.3f} vs {base:.3f}"
    leaky_seat, leaky_watcher = play_timed(0.0, hands=3, seed=11, think=(0.01, 0.04))
    for who, samples in (("seat, window off", leaky_seat), ("watcher, window off", leaky_watcher)):
        acc, base = best_threshold(samples)
        rows.append((who, len(samples), sum(y for _, y in samples), acc, base))
        # the same guess on the old host beats the bar the host above must stay under: this test can fail
        assert acc > base + 0.05, f"{who}: the test could not tell even without the window ({acc:.3f}/{base:.3f})"
    with capsys.disabled():
        for who, n, pos, acc, base in rows:
            print(f"\n  timing {who}: {n} discards, {pos} claimable; best threshold {acc:.3f}, majority {base:.3f}")
