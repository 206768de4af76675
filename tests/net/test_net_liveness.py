"""Seats that come back: a frozen client, a crashed client, a crashed host (issue 16, points 2, 9 and 12).

The frozen client is a real ``python -m game join --bot`` process behind a relay that stops passing anything (a
closed laptop lid: the connection stays open, nothing answers; every system), and on POSIX also the process itself
stopped with SIGSTOP; the crashed one is killed (``Popen.kill``: SIGKILL, or TerminateProcess on Windows) and
started again with the same command.
"""

import json
import os
import subprocess
import sys

import pytest

from netplay.client import BotClient, NetSession
from netplay.host import Host, TableConfig
from tests.helpers.net_proxy import FreezingRelay
from tests.helpers.net_util import (
    LOOPBACK,
    ROOT,
    SEEDS4,
    env,
    resumed_to_end,
    seat_actions,
    start_clients,
    start_host_proc,
    stop_procs,
    wait_until,
)


def _join_proc(port: int, home, name: str = "lid") -> subprocess.Popen:
    e = env()
    e["YUNGUI_HOME"] = str(home)  # where the client keeps its seat token (state/seats.json)
    return subprocess.Popen([sys.executable, "-m", "game", "join", "--addr", f"127.0.0.1:{port}", "--bot", "simple",
                             "--table", "t", "--name", name, "--seed", "3"], cwd=ROOT, env=e,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, encoding="utf-8")


def _three_clients(h, think=0.05):
    bcs = [BotClient(*h.address, "simple", f"p{i}", seed=SEEDS4[i], seat=i, table_id="t", think=think)
           for i in range(3)]
    out, ths = start_clients(bcs, 300)
    table = h.tables["t"]
    wait_until(lambda: h.call(lambda: all(s.peer is not None for s in table.slots[:3])), 120, "three players seated")
    return bcs, out, ths


class _Lid:
    """How the client's machine stops answering, and starts again."""

    def __init__(self, how: str, proc: subprocess.Popen, relay: FreezingRelay):
        self.how, self.proc, self.relay = how, proc, relay

    def shut(self) -> None:
        if self.how == "relay":
            self.relay.freeze()
        elif sys.platform != "win32":  # sigstop: POSIX only (the test is posix_only)
            import signal

            os.kill(self.proc.pid, signal.SIGSTOP)

    def open(self) -> None:
        if self.how == "relay":
            self.relay.thaw()
        elif sys.platform != "win32":
            import signal

            os.kill(self.proc.pid, signal.SIGCONT)


@pytest.mark.parametrize("how", [
    pytest.param("relay", id="silent-connection"),
    pytest.param("sigstop", id="sigstop", marks=pytest.mark.posix_only(reason="SIGSTOP/SIGCONT are POSIX signals")),
])
@pytest.mark.slow  # a LAN fault with real processes: CI's slow step
def test_a_frozen_client_is_played_by_a_bot_and_gets_its_seat_back(tmp_path, how):
    """Point 2: a client's machine stops answering mid-match (its connection silent in both directions, or the
    process itself stopped). After the host's read timeout a bot plays its seat (the table goes on); once it answers
    again the client reconnects with its token and plays its seat to the end."""
    h = Host(tables=[TableConfig(table_id="t", hands=3, seed=21, hold_s=120, sub_bot="simple", next_s=None)],
             interfaces=LOOPBACK, advertise=False).start()
    relay = FreezingRelay(h.address)
    proc = None
    try:
        table = h.tables["t"]
        bcs, out, ths = _three_clients(h)
        proc = _join_proc(relay.port, tmp_path)
        lid = _Lid(how, proc, relay)
        wait_until(lambda: seat_actions(h, 3) >= 2, 120, "the frozen-to-be client to play")
        token = h.call(lambda: table.slots[3].token)
        lid.shut()
        stopped = seat_actions(h, 3)
        wait_until(lambda: h.call(lambda: table.slots[3].peer is None), 120, "the host to notice the silent seat")
        wait_until(lambda: seat_actions(h, 3) >= stopped + 2, 120, "a bot to play the silent seat")
        assert h.call(lambda: table.slots[3].token) == token  # held for its player, not given away
        # the notice went out before the bot's first move; a client's thread may still be reading it
        wait_until(lambda: any(c == "bot_plays" and seat == 3 for bc in bcs for c, _m, seat in bc.session.notices),
                   30, "the others to be told a bot plays the silent seat")
        lid.open()
        wait_until(lambda: h.call(lambda: table.slots[3].peer is not None), 120, "the client to take its seat back")
        back = seat_actions(h, 3)
        out_text, err = proc.communicate(timeout=180)
        for t in ths:
            t.join(330)
    finally:
        if proc is not None and proc.poll() is None:
            _Lid(how, proc, relay).open()
            proc.kill()
        relay.close()
        h.stop()
    assert proc.returncode == 0, err
    res = json.loads(out_text.strip().splitlines()[-1])
    totals = h.finished[-1]["totals"]
    assert res["seat"] == 3 and res["totals"] == totals
    assert all(out[i]["totals"] == totals for i in range(3)), out
    assert _seat3_actions_total(h) > back  # it played again after coming back


def _seat3_actions_total(h) -> int:
    rec = h.finished[-1]["record"]
    return sum(1 for hp in rec["hands_played"] for a in hp["actions"] if a[0] == 3)


def test_a_crashed_client_restarted_takes_its_seat_back_at_once(tmp_path):
    """Point 9: kill -9 a client mid-match and start it again: it proves its stored token and sits down in its own
    seat (the host holds the seat for 120 s, so without the token the table would be full)."""
    h = Host(tables=[TableConfig(table_id="t", hands=2, seed=22, hold_s=120, sub_bot="simple", next_s=None,
                                 on_drop="wait")], interfaces=LOOPBACK, advertise=False).start()
    proc = proc2 = None
    try:
        table = h.tables["t"]
        _bcs, out, ths = _three_clients(h, think=0.02)
        proc = _join_proc(h.port, tmp_path)
        wait_until(lambda: seat_actions(h, 3) >= 3, 120, "the client to play")
        token = h.call(lambda: table.slots[3].token)
        proc.kill()
        proc.wait(10)
        wait_until(lambda: h.call(lambda: table.slots[3].peer is None), 120, "the host to see the crash")
        proc2 = _join_proc(h.port, tmp_path)
        wait_until(lambda: h.call(lambda: table.slots[3].peer is not None), 120, "the restarted client to sit down")
        assert h.call(lambda: table.slots[3].token) == token and h.call(lambda: table.slots[3].name) == "lid"
        out_text, err = proc2.communicate(timeout=180)
        for t in ths:
            t.join(330)
    finally:
        for p in (proc, proc2):
            if p is not None and p.poll() is None:
                p.kill()
        h.stop()
    assert proc2.returncode == 0, err
    res = json.loads(out_text.strip().splitlines()[-1])
    assert res["seat"] == 3 and res["totals"] == h.finished[-1]["totals"]
    assert all(out[i]["totals"] == res["totals"] for i in range(3))


def test_players_at_a_waiting_table_keep_their_seats_across_a_host_resume(tmp_path):
    """Point 9: two players wait for two more; the host is killed and resumed; the two are seated again with their
    tokens (not "unknown seat token"), the others come, and the match is played."""
    proc, port = start_host_proc("--hands", "1", "--seed", "23", "--state-dir", str(tmp_path), "--once")
    proc2 = None
    try:
        first = [BotClient("127.0.0.1", port, "simple", f"w{i}", seed=SEEDS4[i], seat=i, think=0.01,
                           reconnect_s=30) for i in range(2)]
        out, ths = start_clients(first, 300)
        wait_until(lambda: all(bc.session.status == "seated" for bc in first), 120, "two players seated")
        # their seats are on disk before the welcome is sent: seated means saved
        proc.kill()
        proc.wait(10)
        proc2, port2 = start_host_proc("--resume", "--state-dir", str(tmp_path), "--once")
        assert port2 == port
        wait_until(lambda: all(bc.session.connections == 2 and bc.session.status == "seated" for bc in first), 120,
                   "both to be seated again")
        more = [BotClient("127.0.0.1", port, "simple", f"w{i}", seed=SEEDS4[i], seat=i, think=0.01)
                for i in (2, 3)]
        ths += start_clients(more, 300, first=2, out=out)[1]
        resumed_to_end(ths, proc2)
    finally:
        stop_procs(proc, proc2)
    assert all(isinstance(out[i], dict) for i in range(4)), out
    assert [out[i]["seat"] for i in range(4)] == [0, 1, 2, 3]
    assert len({tuple(out[i]["totals"]) for i in range(4)}) == 1
    assert all(bc.session.error_code != "bad_token" for bc in first)


def test_the_hosting_player_is_back_in_their_seat_at_once_after_a_resume(tmp_path):
    """Point 12: the hosting player's seat is theirs (no password); after a resume their window reconnects with it
    at once, while the other seats are still held for their players."""
    cfg = TableConfig(table_id="1", hands=2, seed=24, hold_s=120, on_drop="wait", next_s=None)
    h = Host(tables=[cfg], interfaces=LOOPBACK, advertise=False, state_dir=tmp_path, password="pw",
             owner="主人").start()
    port = h.port
    try:
        tid, seat, token = h.owner_seat()
        assert (tid, seat) == ("1", 0)
        me = NetSession(*h.address, "主人", table_id=tid, token=token, seat=seat)  # no password needed
        others = [NetSession(*h.address, f"o{i}", password="pw") for i in (1, 2, 3)]
        wait_until(lambda: me.status == "seated" and all(o.status == "seated" for o in others), 120, "everyone seated")
        assert me.seat == 0 and sorted(o.seat for o in others) == [1, 2, 3]
        wait_until(lambda: h.call(lambda: h.tables["1"].phase) == "playing", 120, "the match to start")
    finally:
        h.stop()  # the host goes down first (a crash as its players see it)
    for s in [me, *others]:
        s.close()
    h2 = Host(interfaces=LOOPBACK, advertise=False, state_dir=tmp_path, resume=True, port=port, password="pw",
              owner="主人").start()
    try:
        assert h2.owner_seat() == ("1", 0, token)
        me2 = NetSession(*h2.address, "主人", table_id="1", token=token, seat=0)
        try:
            wait_until(lambda: me2.poll() is not None and me2.status == "seated" and me2.view is not None, 120,
                       "the hosting player to be back")
            assert me2.seat == 0 and me2.connections == 1
            assert h2.call(lambda: [s.peer is not None for s in h2.tables["1"].slots]) == [True, False, False, False]
        finally:
            me2.close()
    finally:
        h2.stop()
