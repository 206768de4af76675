"""Zeroconf on loopback only: tables appear with their TXT facts, follow seat changes, and disappear."""

import json
import os
import subprocess
import sys
import uuid

import pytest

from game.rules.match import replay_match
from game.rules.variants import get as get_variant
from netplay.client import NetSession
from netplay.discovery import Browser, check_interfaces
from netplay.host import Host, TableConfig
from netplay.protocol import PROTOCOL
from tests.helpers.net_util import LOOPBACK, ROOT, env, final_record, start_host_proc, stop_proc


def test_loopback_guard():
    assert os.environ["YUNGUI_NET_LOOPBACK_ONLY"] == "1"
    with pytest.raises(RuntimeError):
        check_interfaces(None)
    with pytest.raises(RuntimeError):
        check_interfaces(["192.168.1.2"])
    with pytest.raises(RuntimeError):
        Host(tables=[TableConfig()])  # interfaces default to the real network: refused under the guard
    assert check_interfaces("127.0.0.1") == ["127.0.0.1"]


def test_tables_appear_update_and_disappear():
    name = f"disc-{uuid.uuid4().hex[:8]}"
    br = Browser(LOOPBACK).start()
    h = Host(tables=[TableConfig(table_id="1", name="东风桌", hands=1), TableConfig(table_id="2", name="Two", hands=1)],
             name=name, interfaces=LOOPBACK, password="pw").start()
    try:
        mine = lambda rows: [r for r in rows if r["host_name"] == name]  # noqa: E731
        rows = mine(br.wait_for(lambda r: len(mine(r)) == 2, 120))
        assert {r["name"] for r in rows} == {"东风桌", "Two"}
        t1 = next(r for r in rows if r["table_id"] == "1")
        assert t1 == {"table_id": "1", "name": "东风桌", "variant": "wenshan", "players": 4, "seats_taken": 0,
                      "seats_free": 4, "protocol": PROTOCOL, "password": True, "host": "127.0.0.1",
                      "port": h.address[1], "host_name": name, "host_id": h.host_id, "watchers": 0,
                      "watch": "public", "options": {}}
        s = NetSession(t1["host"], t1["port"], "me", table_id="1", password="pw")
        try:
            rows = br.wait_for(lambda r: any(x["host_name"] == name and x["table_id"] == "1" and x["seats_taken"] == 1
                                             for x in r), 15)
            assert any(x["host_name"] == name and x["seats_free"] == 3 for x in rows)
        finally:
            s.close()
    finally:
        h.stop()
    assert br.wait_for(lambda r: not mine(r), 120) is not None
    assert not mine(br.tables())
    br.close()


@pytest.mark.slow  # a LAN fault with real processes: CI's slow step
def test_headless_host_and_three_client_processes_play_a_match(tmp_path):
    """python -m game host --headless; three `python -m game join --discover --bot simple` processes."""
    name = f"mp-{uuid.uuid4().hex[:8]}"
    proc, _port = start_host_proc("--name", name, "--hands", "2", "--bots", "1", "--seed", "99", "--state-dir",
                                 str(tmp_path), "--once", log=tmp_path / "host.log")
    joins = []
    try:
        for i in range(3):
            joins.append(subprocess.Popen(
                [sys.executable, "-m", "game", "join", "--discover", "--bot", "simple", "--interfaces", "127.0.0.1",
                 "--table", name, "--seed", str(i), "--timeout", "120"],
                cwd=ROOT, env=env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, encoding="utf-8"))
        outs = [p.communicate(timeout=600) for p in joins]
        assert proc.wait(300) == 0
    finally:
        for p in joins:
            if p.poll() is None:
                p.kill()
        stop_proc(proc)
    results = []
    for p, (out, err) in zip(joins, outs):
        assert p.returncode == 0, err
        assert "found table" in err
        results.append(json.loads(out.strip().splitlines()[-1]))
    assert sorted(r["seat"] for r in results) == [0, 1, 2]
    totals = results[0]["totals"]
    assert all(r["totals"] == totals for r in results)
    record = final_record(tmp_path)
    assert record["seed"] == "99" and len(record["hands_played"]) == 2
    assert replay_match(get_variant(record["variant"]), record).scores == totals
