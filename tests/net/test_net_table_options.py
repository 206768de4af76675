"""A LAN table's own settings reach the players' windows: assists (hints, tracker) allowed, the next deal's delay."""

import time

import pytest

from netplay.client import NetSession
from netplay.host import Host, TableConfig
from tests.helpers.net_util import LOOPBACK


@pytest.mark.parametrize(("assists", "next_s"), [(False, 30.0), (True, None)])
def test_welcome_carries_the_tables_assists_and_next_deal(assists, next_s):
    h = Host(tables=[TableConfig(table_id="t", variant="wenshan", hands=1, seed=1, bots={1: "simple", 2: "simple",
                                                                                       3: "simple"},
                                 assists=assists, next_s=next_s)],
             interfaces=LOOPBACK, advertise=False).start()
    try:
        ses = NetSession(*h.address, "甲", "t")
        deadline = time.time() + 20
        while ses.status != "seated" and time.time() < deadline:
            time.sleep(0.05)
        assert ses.status == "seated"
        assert ses.assists is assists
        assert ses.next_s == (None if next_s is None else round(next_s))
        ses.close()
    finally:
        h.stop()
