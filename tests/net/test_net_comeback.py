"""Issue 38: journals that never roll back silently (point 7), a shuffle every seat checks (point 10), held seats
found again (point 8) and a host that a flood of handshakes cannot stall (point 6)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from game.pacing import Pacing
from netplay.client import BotClient, NetSession
from netplay.host import Host, Limits, TableConfig
from netplay.store import Store, set_aside
from tests.helpers.net_util import (
    LOOPBACK,
    ROOT,
    env,
    play_clients,
    wait_until,
)


def _bots(n: int = 3) -> dict:
    return {3 - i: "simple" for i in range(n)}


# ---------------------------------------------------------------------------------------------- point 7

def _mid_hand_journal(tmp_path, seed: int = 5):
    """A host whose only table stopped mid-hand, several hands in (bots only: it plays by itself)."""
    # eight hands, not three: the first hand after the first that reaches 30 actions is held, and LAN deals are new
    # each run, so with three the two later hands both ended short once (a clean .ci/run timed out waiting)
    h = Host(tables=[TableConfig(table_id="1", hands=8, seed=seed, bots={0: "simple", **_bots()}, next_s=None,
                             bot_delay=0.01)],
             interfaces=LOOPBACK, advertise=False, state_dir=tmp_path)
    # four bot seats: the table starts as soon as it opens
    h.start()
    try:
        table = h.tables["1"]
        journal = tmp_path / "table-1.journal"

        def hold_mid_hand() -> bool:
            """Hand 2 well under way, checked on the host's thread, which then holds its bots (a day's delay): on a
            busy machine the hand could otherwise end, and the next start on a new base, before the host stops."""
            ok = table.match is not None and table.match.hand_no >= 1 and table.state is not None \
                and table.state.end is None and len(table.state.log) >= 30
            if ok:
                table.pacing = Pacing.fixed(86400.0)
            return ok

        def on_disk() -> bool:  # a base, then at least a few hundred bytes of this hand's records
            data = journal.read_bytes() if journal.exists() else b""
            return len(data) - data.find(b"\n") > 800

        wait_until(lambda: h.call(hold_mid_hand), 120, "hand 2 under way")
        wait_until(on_disk, 120, "hand 2's records on disk")
    finally:
        h.stop()
    return tmp_path / "table-1.journal"


def test_a_journal_cut_short_is_set_aside_with_one_line_never_resumed_as_an_earlier_table(tmp_path, caplog):
    """Point 7: a copy cut at half of the journal (a full USB stick) lost acknowledged records: it is set aside as
    damaged and named in one line; the host does not resume it as an earlier table."""
    journal = _mid_hand_journal(tmp_path)
    data = journal.read_bytes()
    base = data.index(b"\n") + 1  # the table as of the hand's start; the hand's actions follow
    assert len(data) - base > 500, "the hand has records after its base"
    cut = base + (len(data) - base) // 2  # half of what was saved since
    journal.write_bytes(data[:cut])
    with caplog.at_level("ERROR", logger="netplay.host"), pytest.raises(ValueError, match="nothing to resume"):
        Host(interfaces=LOOPBACK, advertise=False, state_dir=tmp_path, resume=True)
    kept = [p for p in tmp_path.glob("table-1.journal.damaged-*") if not p.name.endswith(".head")]
    assert len(kept) == 1 and not journal.exists() and kept[0].read_bytes() == data[:cut]
    lines = [r.getMessage() for r in caplog.records if "table-1.journal" in r.getMessage()]
    assert len(lines) == 1 and "\n" not in lines[0], lines
    assert "cut short" in lines[0] and "bytes of saved records are missing" in lines[0] and "kept as" in lines[0]
    print(f"\n  journal cut at half: {lines[0]}")


def test_an_older_copy_of_a_journal_is_not_resumed(tmp_path):
    """Point 7: a journal replaced by an older copy (a sync tool) stands before what the host had saved."""
    journal = _mid_hand_journal(tmp_path)
    old = journal.read_bytes()
    h = Host(interfaces=LOOPBACK, advertise=False, state_dir=tmp_path, resume=True).start()
    try:
        table = h.tables["1"]
        start = h.call(lambda: table.match.hand_no)
        wait_until(lambda: h.call(lambda: table.match.hand_no) > start or h.over.is_set(), 120, "a later hand")
    finally:
        h.stop()
    journal.write_bytes(old)
    with pytest.raises(ValueError, match="nothing to resume"):
        Host(interfaces=LOOPBACK, advertise=False, state_dir=tmp_path, resume=True)
    assert [p for p in tmp_path.glob("table-1.journal.damaged-*") if not p.name.endswith(".head")]


def test_a_cut_off_last_line_is_reported_with_the_bytes_dropped(tmp_path):
    """Point 7: a write cut off by a crash (never acknowledged: the witness does not count it) is dropped and
    reported in one line with its size; the table resumes where the host had got."""
    journal = _mid_hand_journal(tmp_path)
    with open(journal, "ab") as f:
        f.write(b'1234abcd {"k":"act","a":[0,"dis')  # a record the crash cut off
    h = Host(interfaces=LOOPBACK, advertise=False, state_dir=tmp_path, resume=True)
    try:
        assert h.notes == ["table-1.journal: a cut-off last write was dropped (31 bytes, never acknowledged to any "
                           "player)"]
        assert not h.damaged and "1" in h.tables
    finally:
        h.stop()


def test_set_aside_names_never_collide(tmp_path):
    names = set()
    for _ in range(5):
        p = tmp_path / "table-9.journal"
        p.write_text("x")
        names.add(set_aside(p, "damaged").name)
    assert len(names) == 5 and len(list(tmp_path.iterdir())) == 5
    store = Store(tmp_path)
    for k in range(3):
        store.archive("table-9", {"k": k})
    assert len(list((tmp_path / "done").iterdir())) == 3


# ---------------------------------------------------------------------------------------------- point 10

def test_every_seat_checks_the_shuffle_and_the_match_replays_from_the_derived_seeds():
    h = Host(tables=[TableConfig(table_id="t", hands=2, seed=17, next_s=None)], interfaces=LOOPBACK,
             advertise=False).start()
    try:
        _, bcs = play_clients(h, ["a", "b", "c", "d"], timeout=120)
        record = h.finished[-1]["record"]
    finally:
        h.stop()
    seeds = [hp["seed"] for hp in record["hands_played"]]
    assert len(set(seeds)) == 2 and all(str(s).startswith("s") for s in seeds)
    for bc in bcs:
        assert [(hand, ok) for hand, ok, _ in bc.session.shuffle.results] == [(0, True), (1, True)]
        assert [bc.session.shuffle.seeds[k] for k in range(2)] == seeds
    from game.rules.match import replay_match
    from game.rules.variants import get as get_variant

    assert replay_match(get_variant("wenshan"), record).scores == record["totals"]


@pytest.mark.parametrize("cheat", ["wall", "value"])
def test_a_host_that_changes_the_wall_is_caught(monkeypatch, cheat):
    """Point 10: a host that deals from another seed than the values give ("wall"), or swaps a seat's value for one
    of its own ("value"), is caught by every seat's check and shown to the player (a notice)."""
    import netplay.shuffle as shuffle_mod

    real_seed = shuffle_mod.Round.seed
    if cheat == "wall":
        def chosen(self):  # a wall the host chose: one digit of the seed changed
            real = real_seed(self)
            return real[:-1] + ("1" if real.endswith("0") else "0")

        monkeypatch.setattr(shuffle_mod.Round, "seed", chosen)
    else:
        real_value = shuffle_mod.Round.take_value

        def swap(self, seat, v):  # the host keeps seat 0's hash but uses a value of its own
            ok = real_value(self, seat, v)
            if seat == 0:
                self.values[1] = os.urandom(32)
            return ok

        monkeypatch.setattr(shuffle_mod.Round, "take_value", swap)
    h = Host(tables=[TableConfig(table_id="t", hands=1, seed=3, bots=_bots(), next_s=None)], interfaces=LOOPBACK,
             advertise=False).start()
    try:
        ses = NetSession(*h.address, "checker", table_id="t")
        bc = BotClient.__new__(BotClient)
        bc.bot, bc.think, bc.session, bc.events, bc.decisions = None, 0, ses, [], 0
        from netplay.seatbot import DecisionBot

        bc.bot = DecisionBot("simple", 1)
        import random

        bc._rng = random.Random(1)
        bc.run(timeout=60)
    finally:
        h.stop()
    _hand, ok, why = ses.shuffle.results[0]
    assert not ok and why
    assert any(code == "shuffle" for code, _, _ in ses.notices)
    print(f"\n  shuffle check ({cheat}): {why}")


# ---------------------------------------------------------------------------------------------- point 8

@pytest.mark.slow  # a LAN fault with real processes: CI's slow step
def test_join_discover_retakes_a_held_seat_on_a_full_table_after_kill_9(tmp_path):
    """Point 8: a bot client joined by discovery is killed with SIGKILL mid-match; the table is full (its seat is
    held); the same command on the same machine finds the table anyway and rejoins seat N."""
    import uuid

    name = f"Full-{uuid.uuid4().hex[:6]}"
    h = Host(tables=[TableConfig(table_id="1", hands=2, seed=8, bots=_bots(), next_s=None, hold_s=120,
                                 on_drop="wait")], name=name, interfaces=LOOPBACK).start()
    e = dict(env(), XDG_STATE_HOME=str(tmp_path / "state"), YUNGUI_HOME=str(tmp_path / "home"))
    cmd = [sys.executable, "-m", "game", "join", "--discover", "--bot", "simple", "--name", "crasher",
           "--interfaces", "127.0.0.1", "--table", h.host_id, "--timeout", "120"]
    try:
        assert h.advertiser.registered.wait(120)
        p = subprocess.Popen(cmd, cwd=ROOT, env=e, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        table = h.tables["1"]
        wait_until(lambda: h.call(lambda: table.state is not None and len(table.state.log) > 8), 300, "play")
        p.kill()  # kill -9 (SIGKILL; TerminateProcess on Windows): nothing is said to the host
        p.wait(60)
        wait_until(lambda: h.call(lambda: table.slots[0].peer is None), 120, "the seat held")
        assert h.call(lambda: table.summary()["seats_free"]) == 0  # full: the seat is held for its player
        r = subprocess.run(cmd, cwd=ROOT, env=e, capture_output=True, text=True, timeout=180)
        assert r.returncode == 0, r.stderr[-2000:]
        assert "rejoining seat 0 at table" in r.stderr, r.stderr
        assert json.loads(r.stdout.strip().splitlines()[-1])["seat"] == 0
        print(f"\n  join --discover after kill -9: {r.stderr.strip().splitlines()[0]}")
    finally:
        h.stop()


# ---------------------------------------------------------------------------------------------- point 6

FLOOD = """
import sys, threading, time
from netplay.client import Channel
host, port, sources = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(",")
per, min_waves = int(sys.argv[4]), int(sys.argv[5])
done = []
stop = threading.Event()
threading.Thread(target=lambda: (sys.stdin.read(), stop.set()), daemon=True).start()
def one(src):
    try:
        ch = Channel(host, port, 60.0, src)
        ch.send({"t": "hello", "name": "flood", "table": "nope"})
        ch.recv()
        ch.close()
        done.append(1)
    except Exception:
        pass
waves = 0
end = time.monotonic() + 600  # a bound for a test that died; the test closes stdin long before
while (waves < min_waves or not stop.is_set()) and time.monotonic() < end:
    ths = [threading.Thread(target=one, args=(s,)) for s in sources for _ in range(per)]
    for t in ths:  # a wave: every address opens its connections at once, each says hello
        t.start()
    for t in ths:
        t.join()
    waves += 1
print(len(done), waves)
"""


def _flood_proc(addr, sources: list[str], per_source: int, min_waves: int) -> subprocess.Popen:
    """Another machine flooding the host with hellos (its own process: its work is not the host's), wave after wave
    until its stdin is closed (at least ``min_waves`` waves)."""
    return subprocess.Popen([sys.executable, "-c", FLOOD, addr[0], str(addr[1]), ",".join(sources), str(per_source),
                             str(min_waves)], cwd=ROOT, env=env(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True)


def _honest_rtts(h, trips: int, flood=None) -> list[float]:
    """One seat plays against host bots (a new hand as one ends) and times every action until it has made ``trips``
    round trips; with ``flood`` (addresses, hellos at once from each) another process floods the host meanwhile, and
    it stops only once the seat is done. A stalled seat never gets there (the bound is generous, not a time to
    play)."""
    ses = NetSession(*h.address, "honest", table_id="t", source="127.0.3.1")
    fl = None
    out = ""
    try:
        wait_until(lambda: ses.status == "seated", 120, "seated")
        if flood is not None:
            fl = _flood_proc(h.address, flood[0], flood[1], 3)
        start = len(ses.rtts)
        end = time.monotonic() + 300
        acted = None
        while len(ses.rtts) - start < trips and time.monotonic() < end:
            ses.wait(0.2)
            ses.poll()
            v = ses.view
            if v is not None and v["legal"] and not ses.hand_over and acted != ses.updates:
                acted = ses.updates
                ses.send(v["legal"][-1])
            if ses.hand_over and not ses.match_over:
                ses.next_hand()
            assert fl is None or fl.poll() is None, "the flood stopped before the seat was done"
        rtts = list(ses.rtts)[start:]
    finally:
        ses.close()
        if fl is not None:
            out = fl.communicate("", timeout=600)[0]  # closing its stdin ends the flood after its wave
    assert len(rtts) >= trips, f"the seat made {len(rtts)} of {trips} round trips" + (" during the flood" if flood
                                                                                       else "")
    if flood is not None:
        hellos, waves = map(int, out.strip().splitlines()[-1].split())
        assert hellos > 30, "the flood did not run"
        print(f"\n  flood from {len(flood[0])} address(es), {flood[1]} at once each: {hellos} hellos answered in "
              f"{waves} waves")
    return [1000 * x for x in rtts]


def _p99(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(0.99 * (len(xs) - 1)))]


@pytest.mark.slow  # a LAN fault with real processes: CI's slow step
def test_a_flood_of_handshakes_does_not_stall_an_honest_seat(capsys):
    """Point 6: 16 hellos at once from one address, then 256 from 16 addresses, wave after wave, while a seat plays:
    the seat makes its 40 round trips while the flood goes on (the flood stops only when the seat is done). No
    wall-clock bound here (issue 42: a busy machine is only slower): the round-trip figures, quiet and flooded, are
    printed for the note (`-s`); what a flood costs in milliseconds is measured where timing belongs, on a quiet
    machine."""
    h = Host(tables=[TableConfig(table_id="t", hands=50, seed=6, bots=_bots(), next_s=0.0, claim_s=0.01)],
             interfaces=LOOPBACK, advertise=False, limits=Limits(max_conns=512, idle_s=30)).start()
    try:
        quiet = _honest_rtts(h, 40)
        one = _honest_rtts(h, 40, (["127.0.4.1"], 16))
        many = _honest_rtts(h, 40, ([f"127.0.5.{k + 1}" for k in range(16)], 16))
    finally:
        h.stop()
    rows = [("quiet", quiet), ("16 from one address", one), ("256 from 16 addresses", many)]
    with capsys.disabled():
        for what, xs in rows:
            print(f"\n  flood {what}: {len(xs)} round trips, p50 {sorted(xs)[len(xs) // 2]:.2f} ms, "
                  f"p99 {_p99(xs):.2f} ms, max {max(xs):.2f} ms")
