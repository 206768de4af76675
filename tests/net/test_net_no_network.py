"""First run without a network: hosting still works (by address), discovery is reported off, nothing crashes."""

from netplay import discovery
from netplay.client import list_tables
from netplay.host import Host
from netplay.table import TableConfig


def test_host_without_multicast_serves_by_address(monkeypatch):
    def no_network(self):
        raise RuntimeError("No interfaces to listen on")

    monkeypatch.setattr(discovery.Advertiser, "start", no_network)
    cfg = TableConfig(table_id="1", name="t", variant="wenshan", hands=1, seed=1, bots={})
    host = Host(tables=[cfg], name="t", port=0, interfaces=["127.0.0.1"]).start()
    try:
        assert host.advertiser is None and "No interfaces" in host.advertise_error
        tables = list_tables(*host.address)
        assert [t["table_id"] for t in tables] == ["1"]
    finally:
        host.stop()
