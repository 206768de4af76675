"""Dropped peers and a crashed host: seats are held, views resync, and no hand is lost.

The bots decide from what their seat sees (``netplay.seatbot``), so a match that was
interrupted and resumed must end exactly like the same match played straight
through in one process (``local_play``).
"""

import copy
import socket
import time

import pytest

from game.rules.match import replay_match
from game.rules.variants import get as get_variant
from netplay.client import BotClient
from netplay.host import Host, TableConfig
from netplay.table import view  # the seat's view as the wire carries it (its result's lines worded)
from tests.helpers.net_util import (
    LOOPBACK,
    bot_clients,
    final_record,
    local_play,
    play_clients,
    resumed_to_end,
    same_game,
    saved_table,
    seat_actions,
    seeds_of,
    start_clients,
    start_host_proc,
    states_at,
    stop_procs,
    variants,
    wait_until,
    wire_view,
)

SEEDS = ["r0", "r1", "r2", "r3"]


class Dropper(BotClient):
    """A bot whose connection fails once, mid-hand, after ``after`` state updates, and comes back ``pause`` seconds
    later; with ``until``, not before ``until()`` holds (the network stays down: a port that refuses connections
    stands in for the host's, so every reconnect attempt fails at once and is tried again)."""

    def __init__(self, *a, after: int = 15, pause: float = 0.0, until=None, **kw):
        super().__init__(*a, **kw)
        self.after = after
        self.pause = pause
        self.until = until
        self.dropped_at = None
        self.synced = None  # (the first state after the reconnect, the host's view then)
        self._down: tuple[socket.socket, tuple] | None = None  # (the refusing socket, the host's address)

    def step(self) -> None:
        s = self.session
        self.events.extend(s.poll())  # the trigger sees what just arrived, before the bot answers it
        if self.dropped_at is None and self._due(s):
            self.dropped_at = (s.hand_no, s.step)
            if self.until is not None:
                refuser = socket.socket()
                refuser.bind(("127.0.0.1", 0))  # bound, never listening: connecting to it is refused
                self._down = (refuser, s.addr)
                s.addr = refuser.getsockname()
            s.interrupt(self.pause)
        elif self._down is not None and self.until():
            refuser, s.addr = self._down
            refuser.close()
            self._down = None
        super().step()

    def _due(self, s) -> bool:
        """When the connection fails: mid-hand, after ``after`` state updates."""
        return s.updates >= self.after and not s.hand_over


class Holder(BotClient):
    """A bot that reads what arrives but does not act while ``hold()`` holds (it keeps a match from running to its end
    while a dropped player is away, however the threads are scheduled)."""

    def __init__(self, *a, hold=None, **kw):
        super().__init__(*a, **kw)
        self.hold = hold

    def step(self) -> None:
        if self.hold is not None and self.hold():
            self.events.extend(self.session.poll())
            return
        super().step()


def _one_per_claim_policy() -> list[str]:
    out = {}
    for v in variants():
        out.setdefault(get_variant(v).claim_policy, v)
    return sorted(out.values())


@pytest.mark.parametrize("vid", _one_per_claim_policy())
def test_reconnect_mid_hand_while_the_table_waits(vid):
    h = Host(tables=[TableConfig(table_id="t", variant=vid, hands=2, seed=31, on_drop="wait", next_s=None)],
             interfaces=LOOPBACK, advertise=False).start()
    try:
        table = h.tables["t"]
        bcs = bot_clients(*h.address, SEEDS, {1: (Dropper, {"after": 12, "pause": 0.5})})
        results, _ = play_clients(h, SEEDS, clients=bcs, timeout=300)
        record = h.finished[-1]["record"]
    finally:
        h.stop()
    d = bcs[1]
    # mid-hand by construction (Dropper._due); usually in the first hand, but the walls come from the commit-reveal
    # shuffle, and a first hand won within 12 updates moves the drop into the second (issue 42: seen once under load)
    assert d.dropped_at is not None and d.dropped_at[0] in (0, 1), "the connection never dropped"
    assert d.session.connections == 2
    m, streams = local_play(vid, {}, 31, 2, SEEDS, hand_seeds=seeds_of(record))
    for i, r in enumerate(results):
        assert r["totals"] == m.scores, "the interrupted match ended differently"
        if i != 1:
            assert same_game(bcs[i].events) == same_game(streams[i])
    assert replay_match(get_variant(vid), record).scores == m.scores
    assert table.phase in ("over", "waiting")


def test_a_bot_plays_a_dropped_seat_and_the_player_resyncs():
    h = Host(tables=[TableConfig(table_id="t", hands=2, seed=32, hold_s=60, on_drop="bot", sub_bot="simple",
                                 next_s=None)], interfaces=LOOPBACK, advertise=False).start()
    synced = []
    try:
        # back only once the host's bot has played the seat (however slowly the others bring its turn round); the
        # others hold from then until the player is back, so the match cannot end while it is away (it did once in
        # a clean .ci/run on a busy machine: the player came back to a reset table and its token was refused)
        played = []  # set once the host has applied more of seat 1's actions than the player sent: its bot played

        def bot_played() -> bool:
            if not played and seat_actions(h, 1) > bcs[1].decisions:
                played.append(True)
            return bool(played)

        def away() -> bool:
            return bcs[1].dropped_at is not None and bcs[1].session.connections < 2 and bot_played()

        dropper = {"after": 8, "pause": 1.0, "until": bot_played}
        bcs = bot_clients(*h.address, SEEDS, {1: (Dropper, dropper), 0: (Holder, {"hold": away}),
                                              2: (Holder, {"hold": away}), 3: (Holder, {"hold": away})}, think=0.01)
        orig = bcs[1].session._on_msg

        def spy(m):  # the first state after the reconnect
            if m["t"] == "state" and m["full"] and bcs[1].session.connections == 2 and not synced:
                synced.append(copy.deepcopy(m))  # poll() turns its legal actions into Action objects later
            return orig(m)

        bcs[1].session._on_msg = spy
        results, _ = play_clients(h, SEEDS, clients=bcs, timeout=300)
        record = h.finished[-1]["record"]
    finally:
        h.stop()
    assert bcs[1].session.connections == 2
    m = synced[0]  # a full view, equal to the seat's view of the host's state at that point
    cands = [wire_view(view(st, 1)) for st in states_at("wenshan", record, m["hand_no"], m["step"], 1)]
    # inside a claim window a reconnect is shown the window's point (issue 38): those points count as well
    from game.rules.view import visible_step
    from tests.helpers.hidden import points

    cands += [wire_view(view(st, 1)) for h, st, _ev in points("wenshan", record)
              if h == m["hand_no"] and visible_step(st, 1) == m["step"]]
    assert any(m["view"] == c for c in cands)
    # (not bcs[1].decisions < the record's count: an action the player sends on a resynced view the host has moved
    # past is refused, yet counted as a decision, so the two counts can meet again by the end)
    assert played, "the host bot never played the dropped seat"
    totals = replay_match(get_variant("wenshan"), record).scores
    assert all(r["totals"] == totals for r in results)


class SettlementDropper(Dropper):
    """A bot whose connection fails once, at the first hand's settlement before it says "next" (the host is between
    hands), and stays down until ``until()`` holds."""

    def _due(self, s) -> bool:
        return s.hand_over and not s.match_over


def test_a_seat_dropped_at_the_settlement_is_announced_as_played_by_a_bot():
    """A player whose connection fails while the settlement shows (the host between hands): the next hand is dealt
    at once with a bot in the seat, and the other players are told so (notice bot_plays, then player_back when it
    returns), as they are for a drop mid-hand."""
    # three hands: the player comes back in the second, with a whole hand to play (were the match over first, the
    # others would leave, the table would reset, and the token would be refused)
    h = Host(tables=[TableConfig(table_id="t", hands=3, seed=34, hold_s=60, on_drop="bot", sub_bot="simple",
                                 next_s=None)], interfaces=LOOPBACK, advertise=False).start()
    try:
        table = h.tables["t"]

        def told(code):
            return any(c == code and seat == 1 for c, _m, seat in bcs[0].session.notices)

        dropper = {"until": lambda: told("bot_plays") and seat_actions(h, 1) > bcs[1].decisions}
        bcs = bot_clients(*h.address, SEEDS, {1: (SettlementDropper, dropper)}, think=0.01)
        results, _ = play_clients(h, SEEDS, clients=bcs, timeout=300)
        record = h.finished[-1]["record"]
    finally:
        h.stop()
    d = bcs[1]
    assert d.dropped_at is not None and d.dropped_at[0] == 0 and d.session.connections == 2
    assert told("bot_plays") and told("player_back")
    assert table.phase in ("over", "waiting")
    totals = replay_match(get_variant("wenshan"), record).scores
    assert all(r["totals"] == totals for r in results)


def test_a_seat_not_reclaimed_in_time_is_released_and_a_newcomer_takes_it():
    h = Host(tables=[TableConfig(table_id="t", hands=2, seed=33, hold_s=0.3, sub_bot="simple", next_s=None)],
             interfaces=LOOPBACK, advertise=False).start()
    table = h.tables["t"]
    try:
        bcs = bot_clients(*h.address, SEEDS, {1: (Dropper, {"after": 5, "pause": 1.0})}, think=0.01)
        done, ths = start_clients(bcs, 300)
        end = time.monotonic() + 120
        while not h.call(lambda: table.slots[1].token is None and bcs[1].dropped_at is not None):
            assert time.monotonic() < end, "the seat was never released"
            time.sleep(0.01)
        newcomer = BotClient(*h.address, "simple", "late", seed="late", table_id="t", think=0.01)
        ths += start_clients([newcomer], 300, first=4, out=done)[1]
        for t in ths:
            t.join(330)
        assert isinstance(done[1], RuntimeError) and bcs[1].session.error_code == "bad_token"
        assert all(isinstance(done[i], dict) for i in (0, 2, 3, 4)), done
        assert newcomer.session.seat == 1 and newcomer.decisions > 0
        assert h.finished and all(done[i]["totals"] == h.finished[-1]["totals"] for i in (0, 2, 3, 4))
    finally:
        h.stop()


def _wait_saved(state_dir, pred, timeout=120):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        d = saved_table(state_dir)
        if d is not None and pred(d):
            return d
        time.sleep(0.01)
    raise AssertionError(f"the journal in {state_dir} never reached the expected state")


@pytest.mark.slow  # a LAN fault with real processes: CI's slow step
def test_kill_9_mid_hand_then_resume(tmp_path):
    vid = variants()[-1]
    # three hands: every seat adds to the shuffle, so a second hand may be over before 12 actions (then the kill
    # comes in the third)
    args = ["--variant", vid, "--hands", "3", "--seed", "77", "--state-dir", str(tmp_path), "--once"]
    proc, port = start_host_proc(*args, log=tmp_path / "host1.log")
    proc2 = None
    try:
        bcs = [BotClient("127.0.0.1", port, "simple", f"p{i}", seed=sd, seat=i, think=0.005, reconnect_s=30)
               for i, sd in enumerate(SEEDS)]
        out, ths = start_clients(bcs, 300)
        state = _wait_saved(tmp_path, lambda d: d["phase"] == "playing" and len(d["match"]["hands_played"]) >= 1
                            and len(d["current"] or []) >= 12)
        proc.kill()  # SIGKILL: no chance to write anything more
        proc.wait(60)
        saved = saved_table(tmp_path)
        assert saved["phase"] == "playing" and len(saved["current"]) >= len(state["current"])
        hand = len(saved["match"]["hands_played"])
        wait_until(lambda: all(bc.session.status == "reconnecting" for bc in bcs), 120,
                   "every client to notice the host is gone")
        proc2, port2 = start_host_proc("--resume", "--state-dir", str(tmp_path), "--once",
                                       log=tmp_path / "host2.log")
        assert port2 == port
        resumed_to_end(ths, proc2)
    finally:
        stop_procs(proc, proc2)
    m, _ = local_play(vid, {}, "77", 3, SEEDS, hand_seeds=seeds_of(final_record(tmp_path)))
    for i in range(4):
        assert isinstance(out[i], dict), out[i]
        assert out[i]["totals"] == m.scores, "the resumed match ended differently"
        assert bcs[i].session.connections == 2
    record = final_record(tmp_path)
    assert replay_match(get_variant(vid), record).scores == m.scores
    assert f"resumed at hand {hand}" in (tmp_path / "host2.log").read_text(encoding="utf-8")


def test_resume_with_nothing_saved_is_a_usage_error(tmp_path):
    import subprocess
    import sys

    from tests.helpers.net_util import ROOT, env

    r = subprocess.run([sys.executable, "-m", "game", "host", "--headless", "--resume", "--interfaces", "127.0.0.1",
                        "--state-dir", str(tmp_path)], cwd=ROOT, env=env(), capture_output=True, encoding="utf-8",
                       timeout=300)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "nothing to resume" in r.stderr
