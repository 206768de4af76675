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
        deadline = time.time() + 120
        while ses.status != "seated" and time.time() < deadline:
            time.sleep(0.05)
        assert ses.status == "seated"
        assert ses.assists is assists
        assert ses.next_s == (None if next_s is None else round(next_s))
        ses.close()
    finally:
        h.stop()


# ---- the issue-44 options at a LAN table ------------------------------------------------------------------------

GUIYANG_OFF = {"multi_win": False, "bao_ji": False, "first_dealer": "random", "players": 3}


def test_the_summary_names_the_options_that_differ_from_the_defaults():
    """What discovery and ``list`` show: the table's options off their defaults (players has its own field)."""
    from netplay.discovery import decode_options, encode_options, table_props
    from netplay.table import Table

    class _Host:  # the little of a host a table needs to be made
        store = None

    t = Table(TableConfig(table_id="o", variant="guiyang", options=GUIYANG_OFF), _Host())
    s = t.summary()
    assert s["players"] == 3 and s["options"] == {"multi_win": False, "bao_ji": False, "first_dealer": "random"}
    props = table_props(s, "host")
    assert props["opt"] == "bao_ji=0,first_dealer=random,multi_win=0"
    assert decode_options(props["opt"]) == {"bao_ji": "0", "first_dealer": "random", "multi_win": "0"}
    z = Table(TableConfig(table_id="z", variant="zhuoji"), _Host()).summary()
    assert z["options"] == {}  # zhuoji's random first dealer is its default
    assert encode_options({}) == "" and decode_options("") == {}


@pytest.mark.parametrize("text", ["", ",,,", "a=b=c", "x" * 400, "é=1,multi_win=0", "k=" + "9" * 40,
                                  ",".join(f"o{i}=1" for i in range(60)), "multi_win=0;rm -rf", "\x00=\x00"])
def test_a_rogue_options_text_never_raises(text):
    """A TXT entry anyone on the network may write: decoded to at most 24 well-formed pairs, or nothing."""
    from netplay.discovery import decode_options

    got = decode_options(text)
    assert len(got) <= 24 and all(k.isascii() and v.isascii() for k, v in got.items())
    assert "multi_win" not in got or got["multi_win"] == "0"


def test_a_long_options_text_fits_one_txt_entry():
    from netplay.discovery import encode_options

    text = encode_options({f"option_number_{i}": "random" for i in range(30)})
    assert len(text.encode()) <= 255 and text.count(",") < 29


def test_discovery_shows_the_options_and_the_players_get_them():
    """A guiyang table with 一炮多响 and 包鸡 off and a random first dealer: the join list's row carries them; a player
    who sits down receives the resolved options and the first dealer the table's seed drew."""
    import random
    import uuid

    from netplay.discovery import Browser

    name = f"opts-{uuid.uuid4().hex[:8]}"
    seed = next(s for s in range(20) if random.Random(f"{s}:first_dealer").randrange(3) == 2)
    br = Browser(LOOPBACK).start()
    h = Host(tables=[TableConfig(table_id="o", name="无一炮多响", variant="guiyang", options=GUIYANG_OFF, hands=1,
                                 seed=seed, bots={1: "simple", 2: "simple"})],
             name=name, interfaces=LOOPBACK).start()
    try:
        mine = lambda rows: [r for r in rows if r["host_name"] == name]  # noqa: E731
        (row,) = mine(br.wait_for(lambda r: len(mine(r)) == 1, 120))
        assert row["variant"] == "guiyang" and row["players"] == 3
        assert row["options"] == {"bao_ji": "0", "first_dealer": "random", "multi_win": "0"}
        ses = NetSession(*h.address, "甲", "o")
        deadline = time.time() + 120
        while (ses.status != "seated" or ses.view is None) and time.time() < deadline:
            ses.poll()
            ses.wait(0.1)
        assert ses.status == "seated" and ses.options is not None
        assert (ses.options["multi_win"], ses.options["bao_ji"], ses.options["first_dealer"]) == (False, False,
                                                                                                  "random")
        assert ses.view["dealer"] == 2
        ses.close()
    finally:
        h.stop()
        br.close()
