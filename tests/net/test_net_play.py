"""LAN play in one process on loopback: whole matches, view fidelity, refusals that never change the game."""

import socket
import threading
import time

import msgpack
import pytest

from game.rules.actions import Action
from game.rules.match import replay_match
from game.rules.variants import get as get_variant
from netplay import protocol as wire
from netplay.client import BotClient, NetSession
from netplay.host import Host, Limits, TableConfig
from netplay.table import view  # the seat's view as the wire carries it (its result's lines worded)
from tests.helpers.net_util import (
    LOOPBACK,
    Raw,
    local_play,
    norm,
    peer_view,
    play_clients,
    same_game,
    seeds_of,
    variants,
)


@pytest.fixture
def make_host():
    hosts = []

    def make(*tables, **kw):
        kw.setdefault("interfaces", LOOPBACK)
        kw.setdefault("advertise", False)
        h = Host(tables=list(tables), **kw).start()
        hosts.append(h)
        return h

    yield make
    for h in hosts:
        h.stop()


@pytest.mark.parametrize("vid", variants())
def test_match_over_the_network_equals_local_play(make_host, vid):
    seeds = [f"s{i}" for i in range(4)]
    h = make_host(TableConfig(table_id="t", variant=vid, hands=2, seed=2024, next_s=None))
    results, bcs = play_clients(h, seeds, timeout=300)
    m, streams = local_play(vid, {}, 2024, 2, seeds, hand_seeds=seeds_of(h.finished[-1]["record"]))
    for i, r in enumerate(results):
        assert r["seat"] == i and r["totals"] == m.scores
        assert same_game(bcs[i].events) == same_game(streams[i]), f"seat {i} saw other events than in a local game"
        assert {code for code, _ in bcs[i].session.refusals} <= {"stale"}  # an overtaken claim answer (same_game)
    rec = h.finished[-1]["record"]
    assert replay_match(get_variant(vid), rec).scores == m.scores
    # (the logs may order simultaneous claim answers differently; what every seat saw is the same)


def test_several_tables_and_host_bots(make_host):
    vs = variants()
    t1 = TableConfig(table_id="a", name="甲", variant=vs[0], hands=1, seed=1, bots={3: "simple"}, next_s=None)
    t2 = TableConfig(table_id="b", name="乙", variant=vs[-1], hands=1, seed=2, bots={0: "simple", 1: "simple"},
                     next_s=None)
    h = make_host(t1, t2)
    out = {}

    def run(tid, seeds, seats):
        bcs = [BotClient(*h.address, "simple", f"{tid}{s}", seed=sd, table_id=tid, seat=s)
               for s, sd in zip(seats, seeds)]
        out[tid] = play_clients(h, seeds, clients=bcs)[0]

    ths = [threading.Thread(target=run, args=("a", ["x", "y", "z"], [0, 1, 2])),
           threading.Thread(target=run, args=("b", ["u", "v"], [2, 3]))]
    for t in ths:
        t.start()
    for t in ths:
        t.join(330)
    assert {f["table_id"] for f in h.finished} == {"a", "b"}
    for f in h.finished:
        assert replay_match(get_variant(f["record"]["variant"]), f["record"]).scores == f["totals"]
        assert out[f["table_id"]][0]["totals"] == f["totals"]


def _plain(h):
    """A socket that reads the host's plain handshake frames (the banner, ``hi``) and can answer them itself."""
    s = socket.create_connection(h.address, timeout=60)
    r = wire.FrameReader()
    buf: list[bytes] = []

    def frame():
        while not buf:
            data = s.recv(65536)
            if not data:
                return None
            buf.extend(r.feed(data))
        return buf.pop(0)

    return s, frame


def test_refusals_never_change_the_game(make_host, caplog):
    """One human seat (seat 0) against host bots: every bad message gets an error and the state stays."""
    h = make_host(TableConfig(table_id="t", hands=1, seed=5, bots={1: "simple", 2: "simple", 3: "simple"},
                              next_s=None), password="pw")
    table = h.tables["t"]
    raw = Raw(h.address)
    raw.send(wire.make("act", n=1, ack=0, a=[0, "pass"]))
    assert raw.recv("error")["code"] == "not_joined"
    raw.hello("me", table="t", password="nope")
    assert raw.next("error")["code"] == "password"
    raw.hello("me", table="zz", password="pw")
    assert raw.next("error")["code"] == "no_table"
    raw.hello("me", token="f" * 32)
    assert raw.next("error")["code"] == "bad_token"
    raw.hello("me", table="t", password="pw")
    w = raw.next("welcome")
    assert w["seat"] == 0 and "token" not in w  # the token is derived on both ends, never sent
    st = raw.recv("state")
    while not st["view"]["legal"]:
        st = raw.recv("state")
    assert st["view"] == norm(dict(peer_view(h.call(lambda: view(table.state, 0))),
                                   legal=[a.to_json() for a in h.call(lambda: view(table.state, 0))["legal"]]))
    before = h.call(lambda: (len(table.state.log), table.state.version, table.snapshot()))
    legal = st["view"]["legal"]
    n = 10
    bad = [
        (wire.make("act", n=n + 1, ack=st["seq"], a=[1, "pass"]), "not_your_seat"),
        (wire.make("act", n=n + 2, ack=st["seq"] - 1, a=legal[0]), "stale"),
        (wire.make("act", n=n + 3, ack=st["seq"], a=[0, "hu"]) if [0, "hu"] not in legal else None, "illegal"),
        (wire.make("act", n=n + 4, ack=st["seq"], a=[0, "discard", "9z"]), "malformed"),
        (wire.make("act", n=n + 4, ack=st["seq"], a=legal[0]), "replay"),
        (wire.make("next", n=n + 5, ack=st["seq"]), "not_now"),
        (wire.make("hello", name="again"), "already_joined"),
        (msgpack.packb({"t": "act", "n": n + 6, "ack": "x", "a": [0, "pass"]}), "malformed"),
    ]
    for msg, code in bad:
        if msg is None:
            continue
        if isinstance(msg, bytes):
            raw.send_body(msg)
        else:
            raw.send(msg)
        e = raw.recv("error")
        assert e["code"] == code, (msg, e)
    assert h.call(lambda: (len(table.state.log), table.state.version, table.snapshot())) == before
    raw.send(wire.make("act", n=n + 10, ack=st["seq"], a=legal[-1]))
    nxt = raw.recv("state")
    assert nxt["seq"] == st["seq"] + 1 and nxt["step"] > st["step"]
    raw.close()
    # a different protocol version: a clear message on both sides
    s2, frame = _plain(h)
    with caplog.at_level("INFO", logger="netplay.host"):
        banner = wire.decode(frame(), wire.HOST)
        assert banner["t"] == "error" and banner["code"] == "version" and banner["proto"] == wire.PROTOCOL
        wire.decode(frame(), wire.HOST)  # hi
        from netplay.channel import Ephemeral

        ch = wire.pack({"t": "ch", "proto": wire.PROTOCOL + 1, "e": Ephemeral().public, "nonce": b"n" * 16})
        s2.sendall(wire.HEADER.pack(len(ch)) + ch)
        bye = wire.decode(frame(), wire.HOST)
        assert frame() is None  # then closed
        end = time.monotonic() + 120  # the host's side of it: a log line, written by the host's thread
        while not any("protocol" in r.getMessage() for r in caplog.records) and time.monotonic() < end:
            time.sleep(0.02)
    assert bye["t"] == "bye" and bye["code"] == "version" and f"protocol {wire.PROTOCOL + 1}" in bye["msg"]
    assert any("protocol" in r.getMessage() for r in caplog.records)
    s2.close()


def test_net_session_interface(make_host):
    """NetSession as the UI uses it: view equals the host's view for the seat, send/poll/next_hand/errors."""
    h = make_host(TableConfig(table_id="t", hands=2, seed=8, bots={1: "simple", 2: "simple", 3: "simple"},
                              next_s=None))
    table = h.tables["t"]
    ses = NetSession(*h.address, "ui", table_id="t")
    try:
        deadline = time.monotonic() + 120
        seen_events = []
        decided = 0
        while not ses.match_over and time.monotonic() < deadline:
            if not (ses.view and ses.view["legal"]):
                ses.wait(0.2)
            seen_events += ses.poll()
            v = ses.view
            if v is None:
                continue
            assert ses.seat == 0 and ses.variant is not None and ses.names[0] == "ui"
            if v["legal"] and not ses.hand_over:
                hv = peer_view(h.call(lambda: table.shown_view(0)))  # inside a claim window: where it was asked
                mine = dict(v)
                if mine["legal"] == hv["legal"]:  # (it may have answered a window that has not closed yet)
                    assert mine == hv
                if decided == 0:
                    ses.send(Action(1, "pass"))  # another seat: refused locally
                    assert ses.error == "not your seat"
                    ses.send(Action(0, "discard", 33) if Action(0, "discard", 33) not in v["legal"]
                             else Action(0, "hu"))
                    end = time.monotonic() + 120
                    while ses.error_code != "illegal" and time.monotonic() < end:
                        ses.wait(0.2)
                        seen_events += ses.poll()
                    assert ses.error_code == "illegal"
                ses.send(v["legal"][-1])
                decided += 1
                # wait for the answer before acting again
                t0 = time.monotonic()
                while ses.view is v and time.monotonic() - t0 < 120:
                    ses.wait(0.2)
                    seen_events += ses.poll()
            if ses.hand_over and not ses.match_over:
                ses.next_hand()
        assert ses.match_over, ses.status
        assert ses.totals == h.finished[-1]["totals"]
        assert any(e["type"] == "end" for e in seen_events)
        assert decided > 0
    finally:
        ses.close()


def test_garbage_peer_is_cut_off_and_flood_limit(make_host):
    h = make_host(TableConfig(table_id="t", hands=1, seed=1, next_s=None), limits=Limits(burst=20, rate=1))
    s, frame = _plain(h)
    frame(), frame()  # the banner, hi
    s.sendall(b"\x00\x00\x00\x03\xc1\xc1\xc1")
    b = wire.decode(frame(), wire.HOST)
    assert b["t"] == "bye" and b["code"] == "garbage"
    assert frame() is None
    s.close()
    raw = Raw(h.address)
    raw.send_body(b"\xc1\xc1")  # sealed, but not msgpack
    b = raw.recv("bye")
    assert b["code"] == "garbage" and raw.recv() is None
    raw = Raw(h.address)
    try:
        for i in range(40):
            raw.send(wire.make("ping", n=i + 1))
    except OSError:
        pass  # cut off while still sending
    codes = []
    while True:
        m = raw.recv()
        if m is None:
            break
        codes.append(m["t"] if m["t"] != "bye" else m["code"])
    assert codes.count("pong") <= 21 and codes[-1] == "flood"
    assert h.call(lambda: len(h.conns)) == 0
