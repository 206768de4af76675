"""Watchers never hold up the players (issue 17): the host's mechanism, its limits, and what players are told.

No wall-clock thresholds: a watcher that never reads must not stop a match, its backlog
on the host stays bounded (frames are skipped, never queued), and once it reads again
it is given the latest picture. The round-trip figures with and without watchers are
``python -m game bench lan --watchers K`` (see the closing note of net17b).
"""

import time

import pytest

from netplay import protocol as wire
from netplay.host import Host, Limits, TableConfig
from netplay.protocol import Code
from netplay.watch import WatchSession
from tests.helpers.net_util import LOOPBACK, LOOPBACK_RANGE, decode_stream, play_clients


class RawConn:
    """A hand-driven connection over the channel (the test decides when it reads): ``sendall`` takes plain frames
    and seals each one."""

    def __init__(self, ch):
        self.ch = ch

    def sendall(self, data: bytes) -> None:
        for body in wire.FrameReader().feed(data):
            self.ch.sock.sendall(self.ch.seal.seal(body))

    def close(self) -> None:
        self.ch.close()


def _read_frames(conn: RawConn, want, timeout: float = 120.0) -> list[dict]:
    out: list[dict] = []
    end = time.monotonic() + timeout
    ch = conn.ch
    while time.monotonic() < end:
        ch.timeout = max(0.01, end - time.monotonic())
        try:
            m = ch.recv()
        except TimeoutError:
            break
        if m is None:
            break
        out.append(m)
        if want(out):
            break
    return out


def raw_watcher(host: Host, table: str | None = "t", *, source: str = "127.0.0.1", rcvbuf: int | None = None,
                password: str | None = None) -> tuple[RawConn, list[dict]]:
    """A watcher made of a bare connection (it reads only when the test says so): returns it and the frames read
    so far (``id`` and the answer to its ``watch``)."""
    from netplay.client import Channel
    from tests.helpers.net_util import Raw

    ch = Channel(*host.address, 60.0, source, rcvbuf=rcvbuf)
    raw = Raw.__new__(Raw)
    raw.ch, raw.keys = ch, ch.keys
    raw.hello("raw", table=table, password=password, kind="watch")
    conn = RawConn(ch)
    got = [raw.pending] if getattr(raw, "pending", None) else []
    got += _read_frames(conn, lambda fs: any(f["t"] in ("watching", "error", "bye") for f in fs))
    return conn, [ch.ident] + got


def _host(limits: Limits | None = None, **cfg) -> Host:
    base = dict(table_id="t", variant="wenshan", hands=2, seed=77, next_s=None)
    base.update(cfg)
    return Host(tables=[TableConfig(**base)], interfaces=LOOPBACK, advertise=False, limits=limits).start()


def _watcher_conns(h: Host) -> list:
    return h.call(lambda: [c for c in h.conns if c.watching is not None])


def test_a_watcher_that_never_reads_delays_no_player_and_is_given_the_latest_picture_later():
    from netplay.client import BotClient

    h = _host(Limits(watch_buffer=8192, idle_s=300), bots={1: "simple", 2: "simple", 3: "simple"})
    try:
        sock, first = raw_watcher(h, rcvbuf=4096)  # never reads while the match is played (nor pings)
        assert [f["t"] for f in first][:2] == ["id", "watching"]
        bc = BotClient(*h.address, "simple", "p0", seat=0)
        end = time.monotonic() + 120
        while not bc.session.match_over and time.monotonic() < end:
            bc.session.wait(0.2)
            bc.step()
        assert bc.session.match_over, "the player's match did not finish"
        table = h.tables["t"]
        conn = _watcher_conns(h)[0]
        produced = h.call(lambda: table._w_seq)
        backlog = h.call(conn.transport.get_write_buffer_size)
        assert conn.behind and conn.paused, "the stalled watcher was never skipped"
        assert backlog <= 8192 + wire.MAX_FRAME, f"{backlog} bytes queued for a watcher that does not read"
        # it reads again: the little the buffers held, then the latest picture (the match is over)
        frames = _read_frames(sock, lambda fs: any(f["t"] == "state" and f["full"] and f["match_over"] for f in fs))
        states = [f for f in frames if f["t"] == "state"]
        assert states[-1]["full"] and states[-1]["match_over"] and states[-1]["view"]["phase"] == "end"
        assert len(states) < produced / 2, "the frames were queued instead of skipped"
        bc.session.close()
        sock.close()
    finally:
        h.stop()


def test_a_send_to_a_player_never_goes_through_a_watchers_socket():
    """The mechanism, without timing: while a watcher's transport is over its limit (asyncio paused it), the player
    keeps getting every state and acting, and the watcher's frames are dropped (it is marked behind), never
    buffered; once it drains it gets one whole picture."""
    from netplay.client import BotClient

    h = _host(Limits(idle_s=300), bots={1: "simple", 2: "simple", 3: "simple"}, bot_delay=0.02, hands=4)
    try:
        sock, _ = raw_watcher(h)
        conn = _watcher_conns(h)[0]
        bc = BotClient(*h.address, "simple", "p0", seat=0)

        def stall():
            conn.pause_writing()  # what asyncio calls when the watcher's buffer is full
            return conn.transport.get_write_buffer_size(), h.tables["t"]._w_seq

        def play(until) -> None:  # the player plays until ``until()`` holds (a generous bound, not a time to play)
            end = time.monotonic() + 300
            while time.monotonic() < end and not bc.session.match_over and not until():
                bc.session.wait(0.1)
                bc.step()

        play(lambda: bc.session.updates >= 3)
        buf0, seq0 = h.call(stall)
        updates0, decisions0 = bc.session.updates, bc.decisions
        play(lambda: bc.session.updates > updates0 + 10 and bc.decisions > decisions0
             and h.call(lambda: h.tables["t"]._w_seq) > seq0 + 10)
        buf1, behind, seq1 = h.call(lambda: (conn.transport.get_write_buffer_size(), conn.behind,
                                             h.tables["t"]._w_seq))
        assert bc.session.updates > updates0 + 10 and bc.decisions > decisions0, "the player was held up"
        assert seq1 > seq0 + 10 and behind and buf1 == buf0, "frames were queued for a stalled watcher"
        h.call(conn.resume_writing)
        late = _read_frames(sock, lambda fs: any(f["t"] == "state" and f["full"] for f in fs))
        states = [f for f in late if f["t"] == "state"]
        assert states[-1]["full"], "no whole picture after the watcher drained"
        assert len(states) < seq1, "the frames of the stall reached the watcher after all"
        bc.session.close()
        sock.close()
    finally:
        h.stop()


def test_a_stuck_watcher_is_cut_off_and_counted_out():
    h = _host(Limits(watch_buffer=4096, watch_stuck_s=0.5, idle_s=300), bots={0: "simple", 1: "simple", 2: "simple",
                                                                  3: "simple"}, hands=8)
    try:
        sock, _ = raw_watcher(h, rcvbuf=2048)
        end = time.monotonic() + 120
        while time.monotonic() < end and _watcher_conns(h):
            time.sleep(0.2)
        assert not _watcher_conns(h), "a watcher that reads nothing stayed connected"
        assert h.call(lambda: len(h.tables["t"].watchers)) == 0
        sock.close()
    finally:
        h.stop()


@LOOPBACK_RANGE
def test_watchers_have_their_own_limit_per_address_and_take_no_seat():
    h = _host(Limits(watch_per_addr=2, per_addr=16))
    socks = []
    try:
        for _ in range(2):
            s, frames = raw_watcher(h, source="127.0.0.5")
            assert frames[1]["t"] == "watching"
            socks.append(s)
        s, frames = raw_watcher(h, source="127.0.0.5")
        socks.append(s)
        assert frames[1]["t"] == "error" and frames[1]["code"] == Code.BUSY
        s, frames = raw_watcher(h, source="127.0.0.6")  # another machine may still watch
        socks.append(s)
        assert frames[1]["t"] == "watching"
        summary = h.call(h.tables["t"].summary)
        assert summary["seats_free"] == 4 and summary["watchers"] == 3 and summary["watch"] == "public"
        results, _ = play_clients(h, ["a", "b", "c", "d"], timeout=300)  # every seat is still there to take
        assert len(results) == 4
    finally:
        for s in socks:
            s.close()
        h.stop()


def test_a_watcher_has_no_decisions_and_a_table_may_refuse_watchers():
    h = _host(bots={0: "simple", 1: "simple", 2: "simple", 3: "simple"}, bot_delay=0.2)
    try:
        sock, _ = raw_watcher(h)
        sock.sendall(wire.encode({"t": "act", "n": 1, "ack": 0, "a": [0, "discard", "1m"]}))
        sock.sendall(wire.encode({"t": "hello", "name": "x"}))
        frames = _read_frames(sock, lambda fs: sum(f["t"] == "error" for f in fs) >= 2)
        assert [f["code"] for f in frames if f["t"] == "error"] == [Code.WATCHER, Code.ALREADY_JOINED]
        sock.close()
    finally:
        h.stop()
    h = _host(watch="off")
    try:
        sock, frames = raw_watcher(h)
        assert frames[1]["t"] == "error" and frames[1]["code"] == Code.NO_WATCH
        sock.close()
        ws = WatchSession(*h.address, "w", "t", connect_timeout=60, reconnect_s=60)
        try:
            end = time.monotonic() + 120
            while ws.status != "refused" and time.monotonic() < end:
                ws.wait(0.1)
            assert ws.status == "refused" and ws.error_code == Code.NO_WATCH
        finally:
            ws.close()
    finally:
        h.stop()


def test_a_password_table_wants_its_password_from_watchers_too():
    h = _host(password="tea")
    try:
        sock, frames = raw_watcher(h)
        assert frames[1]["t"] == "error" and frames[1]["code"] == Code.PASSWORD
        sock.close()
        sock, frames = raw_watcher(h, password="tea")
        assert frames[1]["t"] == "watching"
        sock.close()
    finally:
        h.stop()


def test_players_are_told_how_many_watch_and_the_list_shows_it():
    from netplay.client import BotClient, list_tables

    h = _host(Limits(), hands=1)
    try:
        bc = BotClient(*h.address, "simple", "p0", seat=0)
        ses = bc.session
        watchers = [WatchSession(*h.address, f"w{i}", "t", connect_timeout=60, reconnect_s=60) for i in range(3)]
        end = time.monotonic() + 120
        while time.monotonic() < end and ses.watchers != 3:
            ses.wait(0.2)
            ses.poll()
        assert ses.watchers == 3
        assert list_tables(*h.address)[0]["watchers"] == 3
        for w in watchers[:2]:
            w.close()
        end = time.monotonic() + 120
        while time.monotonic() < end and ses.watchers != 1:
            ses.wait(0.2)
            ses.poll()
        assert ses.watchers == 1
        watchers[2].close()
        ses.close()
    finally:
        h.stop()


def test_watcher_churn_reaches_the_players_at_most_once_a_second():
    """Twenty watchers coming and going in a burst: the seated player gets a handful of seat messages, not 40."""
    h = _host(hands=1)
    from netplay.client import NetSession
    from tests.helpers.net_util import Recorder

    rec = Recorder()
    try:
        ses = NetSession(*h.address, "p0", "t", seat=0, tap=rec)
        end = time.monotonic() + 120
        while ses.status != "seated" and time.monotonic() < end:
            ses.wait(0.1)
        assert ses.status == "seated"
        before = sum(f["t"] == "table" for f in decode_stream(bytes(rec.rx)))
        t0 = time.monotonic()
        for _ in range(20):
            w = WatchSession(*h.address, "w", "t", connect_timeout=60, reconnect_s=60)
            end = time.monotonic() + 120
            while w.status != "watching" and time.monotonic() < end:
                w.wait(0.05)
            assert w.status == "watching"
            w.close()
        span = time.monotonic() - t0

        def tables():
            return [f for f in decode_stream(bytes(rec.rx)) if f["t"] == "table"]

        # the last change (nobody watches any more) is told too, at most a second later
        end = time.monotonic() + 120
        while time.monotonic() < end and not (len(tables()) > before and tables()[-1]["watchers"] == 0):
            time.sleep(0.05)
        assert tables()[-1]["watchers"] == 0
        span = time.monotonic() - t0
        told = len(tables()) - before
        assert 1 <= told <= span + 3, f"{told} seat messages for 40 watcher changes in {span:.1f} s"
        ses.close()
    finally:
        h.stop()


@pytest.mark.parametrize("mode", ["public", "open", "off"])
def test_the_watch_mode_is_in_the_table_list(mode):
    from netplay.client import list_tables

    h = _host(watch=mode)
    try:
        assert list_tables(*h.address)[0]["watch"] == mode
    finally:
        h.stop()


def test_a_watched_table_of_bots_pauses_between_hands_and_plays_on_after_the_match():
    """Nobody plays at a table of bots: while somebody watches, the host waits ``watch_pause`` after every hand (the
    settlement is read) and deals a new match when one is over; unwatched, it behaves as before."""
    h = _host(bots={0: "simple", 1: "simple", 2: "simple", 3: "simple"}, hands=3, watch_pause=30.0, bot_delay=0.01)
    try:
        t = h.tables["t"]
        ws = WatchSession(*h.address, "screen", "t", connect_timeout=60, reconnect_s=60)
        while ws.status != "watching":
            ws.wait(0.1)
        paused = 0
        end = time.monotonic() + 300
        while time.monotonic() < end and h.call(lambda: t.phase) != "over":
            if h.call(lambda: t.phase) == "between":
                # between hands with somebody watching: the next deal waits for the pause's timer (30 s), set once
                # the hand's last claim window has closed (a win on a discard ends the hand inside one)
                end_w = time.monotonic() + 120
                while time.monotonic() < end_w and h.call(lambda: t.phase == "between" and t._pause_handle is None):
                    time.sleep(0.02)
                assert h.call(lambda: (t.phase, t._pause_handle is not None)) == ("between", True)
                paused += 1
                h.call(t._force_next)  # the pause is over
            time.sleep(0.02)
        assert paused >= 1
        first = h.call(lambda: t.match)
        # over, with somebody watching: a new match waits for the pause's timer, set (like the one between hands)
        # once the last claim window has closed
        end_w = time.monotonic() + 120
        while time.monotonic() < end_w and h.call(lambda: t._pause_handle is None):
            time.sleep(0.02)
        assert h.call(lambda: (t.phase, t._pause_handle is not None)) == ("over", True)
        h.call(t._again)
        assert h.call(lambda: (t.phase, t.match is not first)) == ("playing", True)
        ws.close()
    finally:
        h.stop()
