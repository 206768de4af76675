"""`python -m game host/join` on loopback: bad input is one line with exit 2, refusals exit 1."""

import subprocess
import sys

import pytest

from game.cli.sim import default_level
from netplay.client import list_tables
from netplay.host import Host, TableConfig
from tests.helpers.net_util import LOOPBACK, ROOT, env


def run(*args, timeout=300):
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=env(), capture_output=True,
                          encoding="utf-8", timeout=timeout)


@pytest.mark.parametrize("args, code, text", [
    (["join", "--addr", "nonsense", "--bot", "simple"], 2, "--addr takes HOST:PORT"),
    (["join", "--addr", "127.0.0.1:9", "--bot", "nosuch"], 2, "unknown bot level"),
    (["host", "--headless", "--interfaces", "127.0.0.1", "--bots", "4"], 2, "leave at least one"),
    (["host", "--headless", "--interfaces", "192.168.0.1"], 2, "loopback"),
    (["join", "--addr", "127.0.0.1:1", "--bot", "simple", "--timeout", "0.5"], 1, "cannot reach the host"),
])
def test_cli_errors_are_one_line(args, code, text):
    r = run(*args)
    assert r.returncode == code and r.stderr.count("\n") == 1 and text in r.stderr, r.stderr
    assert "Traceback" not in r.stderr


def test_manual_address_lists_tables_and_joins_by_address():
    h = Host(tables=[TableConfig(table_id="7", name="seven", hands=1, seed=1, bots={1: "simple", 2: "simple",
                                                                                    3: "simple"})],
             interfaces=LOOPBACK, advertise=False).start()
    try:
        addr, port = h.address
        rows = list_tables(addr, port)
        assert rows == [{"table_id": "7", "name": "seven", "variant": "wenshan", "players": 4, "seats_taken": 3,
                         "seats_free": 1, "password": False, "protocol": 3, "host_id": h.host_id, "watchers": 0,
                         "watch": "public", "options": {}}]
        r = run("join", "--addr", f"{addr}:{port}", "--bot", default_level(), "--table", "7", timeout=300)
        assert r.returncode == 0, r.stderr
        assert '"seat": 0' in r.stdout and h.finished
    finally:
        h.stop()


def test_a_headless_host_is_advertised_under_a_name_people_recognise(tmp_path):
    """Point 12: without --name the host is not just the machine's name, and its tables are named after the
    game (not "Table 1"); the id that tells hosts apart comes with them."""
    import socket

    from tests.helpers.net_util import Raw, start_host_proc, stop_proc

    proc, port = start_host_proc("--variant", "yuxi", "--tables", "2", "--state-dir", str(tmp_path))
    try:
        raw = Raw(("127.0.0.1", port))
        raw.send({"t": "list"})
        tables = raw.recv("tables")
        ident = raw.ch.ident
        raw.close()
    finally:
        stop_proc(proc)
    assert ident["host"] != socket.gethostname() and socket.gethostname()[:20] in ident["host"]
    assert "麻将" in ident["host"]
    assert [t["name"] for t in tables["tables"]] == ["玉溪扳倒胡 1", "玉溪扳倒胡 2"]
    assert tables["host_id"] == ident["host_id"] and len(tables["host_id"]) == 32  # the host key's fingerprint
