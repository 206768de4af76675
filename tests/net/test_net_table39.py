"""issue 39 at a LAN table over loopback: the host-enforced turn timer (driven by a clock injected into the table,
no waiting on wall time) with protocol 3's claim windows, quick phrases for every seat and watcher, rogue phrase
messages, and duplicate names."""

from __future__ import annotations

import time

import pytest

from netplay.client import NetSession, list_tables
from netplay.host import Host, TableConfig
from netplay.protocol import Code
from netplay.watch import WatchSession
from tests.helpers.net_util import LOOPBACK, Raw
from tests.helpers.table_clock import skewed


def _host(turn_s: int = 10, seed=5, bots=(1, 2, 3), **kw) -> Host:
    cfg = TableConfig(table_id="t", hands=1, seed=seed, bots={b: "simple" for b in bots}, next_s=None,
                      turn_s=turn_s, **kw)
    return Host(tables=[cfg], interfaces=LOOPBACK, advertise=False).start()


def _until(ses, pred, timeout: float = 120.0, what: str = "condition"):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        ses.poll()
        if pred():
            return
        ses.wait(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def test_the_host_plays_for_a_seat_whose_time_ran_out():
    """A player who never answers: at each decision the state carries the host's clock (the turn timer), and
    when the injected clock passes it the host discards the drawn tile or passes the claim for them, tells
    everyone (notice timed_out; the seat's session counts those for itself) and the hand goes on to its end."""
    host = _host(turn_s=10)
    skew = skewed(host.tables["t"])
    ses = NetSession(*host.address, "慢", table_id="t")
    try:
        _until(ses, lambda: ses.view is not None and bool(ses.view["legal"]), what="the first decision")
        assert ses.turn_s == 10
        kinds: set[str] = set()
        for _ in range(200):
            if ses.view["phase"] == "end":
                break
            left = ses.decision_left()
            assert left is not None and 0 < left <= 10.5
            if ses.view["phase"] in ("claim", "rob"):
                assert ses.window_until is None or ses.clock_until >= ses.window_until - 0.05, \
                    "the claim countdown is the window's, stretched to the timer"
            mine = len(ses.view["seats"][0]["discards"])
            phase, version = ses.view["phase"], ses.view["version"]
            kinds.add("discard" if phase == "turn" else "pass")
            skew.jump(11)
            _until(ses, lambda version=version: ses.view["version"] != version, what="the host's move for the seat")
            if phase == "turn":
                assert len(ses.view["seats"][0]["discards"]) >= mine + 1 or ses.view["phase"] == "end"
            _until(ses, lambda: ses.view["phase"] == "end" or bool(ses.view["legal"]), what="the next decision")
        assert ses.view["phase"] == "end"
        assert "discard" in kinds
        timed_out = [n for n in ses.notices if n[0] == Code.TIMED_OUT]
        assert timed_out and all(seat == 0 for _c, _m, seat in timed_out)
        assert ses.timeouts == len(timed_out)  # what the window's idle watch counts (two in a row offer 托管)
    finally:
        ses.close()
        host.stop()


def test_without_a_timer_nobody_is_hurried():
    """turn_s 0: no clock in the states, and a jump of the injected clock changes nothing (only a claim window's
    own deadline shows as the claim countdown)."""
    host = _host(turn_s=0)
    skew = skewed(host.tables["t"])
    ses = NetSession(*host.address, "从容", table_id="t")
    try:
        _until(ses, lambda: ses.view is not None and bool(ses.view["legal"]), what="the first decision")
        assert ses.turn_s is None and ses.clock_until is None
        version = ses.view["version"]
        skew.jump(600)
        # an observation window, not a wait for an event: a second of quiet, the host must not act for the player
        deadline = time.monotonic() + 1.0
        while time.monotonic() < deadline:
            ses.poll()
            ses.wait(0.05)
        assert ses.view["version"] == version and ses.view["legal"]
    finally:
        ses.close()
        host.stop()


def test_phrases_reach_every_seat_and_watcher_and_are_rate_limited():
    host = _host(turn_s=0, bots=(2, 3))
    a = NetSession(*host.address, "阿明", table_id="t")
    b = NetSession(*host.address, "阿明", table_id="t")
    w = WatchSession(*host.address, "看客", table_id="t")
    try:
        _until(a, lambda: a.seat is not None and b.poll() is not None and b.seat is not None, what="two seats")
        _until(w, lambda: w.status == "watching", what="the watcher")
        names = host.tables["t"].slots
        assert {names[0].name, names[1].name} == {"阿明", "阿明 (2)"}, "a duplicate name gets a number"
        for k in range(10):
            a.say((k + 1) % 8)  # a flood: the host takes the first and drops what comes within the gap
        heard_b: list = []
        heard_w: list = []
        heard_a: list = []

        def got():
            for ses, into in ((a, heard_a), (b, heard_b), (w, heard_w)):
                ses.poll()
                into.extend(ses.heard())
            return heard_a and heard_b and heard_w

        _until(a, got, what="the phrase")
        assert heard_b[0] == heard_w[0] == heard_a[0] == (a.seat, 1), "every seat and watcher, the sender too"
        # the rest of the flood was dropped: a later phrase of the other seat comes right after the first
        b.say(3)
        _until(b, lambda: got() and all((b.seat, 3) in h for h in (heard_a, heard_w)), what="the other's phrase")
        assert heard_a == [(a.seat, 1), (b.seat, 3)] and heard_w == heard_a
    finally:
        for s in (a, b, w):
            s.close()
        host.stop()


@pytest.mark.parametrize("phrase", [99, -1, 8])
def test_a_rogue_phrase_is_refused_and_a_flood_disturbs_nobody(phrase):
    """Unknown phrase ids are refused (malformed), text cannot be sent at all, and a flood of phrases costs the
    flooder its connection budget, not the host or the other seat its game."""
    host = _host(turn_s=0, bots=(2, 3))
    ok = NetSession(*host.address, "好人", table_id="t")
    raw = Raw(host.address)
    try:
        _until(ok, lambda: ok.status == "seated", what="the honest seat")
        raw.hello("捣乱", table="t")
        assert raw.next("welcome") is not None
        raw.send({"t": "say", "n": 1, "id": phrase})
        err = raw.recv("error")
        assert err is not None and err["code"] == Code.MALFORMED
        raw.send({"t": "say", "n": 2, "id": 1, "text": "free text"})
        err = raw.recv("error")
        assert err is not None and err["code"] == Code.MALFORMED
        cut = False
        for k in range(3, 400):
            try:
                raw.send({"t": "say", "n": k, "id": k % 8})
            except OSError:
                cut = True  # the host cut the flooder off
                break
        heard: list = []

        def calm():
            ok.poll()
            heard.extend(ok.heard())
            return bool(list_tables(*host.address))  # the host answers a new connection at once

        _until(ok, calm, what="the host to answer")
        assert ok.status == "seated" and host.tables["t"].slots[ok.seat].peer is not None
        assert len(heard) <= 1, "a flood makes one bubble at most"
        if not cut:  # the flood budget ends the flooder's connection (each phrase costs two tokens)
            bye = raw.recv("bye")
            assert bye is None or bye["code"] == Code.FLOOD
    finally:
        raw.close()
        ok.close()
        host.stop()
