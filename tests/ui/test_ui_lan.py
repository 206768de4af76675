"""The window's side of LAN play (issue 16, points 7 and 12): passwords from the join list, the hosting player's
own seat, tables hosted from the menu saved for ``host --resume``, the addresses to share, the hosts' ids."""


import pytest

from tests.helpers.net_util import LOOPBACK
from tests.ui.ui_util import Rows, frames, join_list, player_app, type_text

pytest.importorskip("netplay.host")

from game.ui.lan import lobby
from netplay.host import Host, TableConfig


def _row(h, **kw):
    return dict({"table_id": "1", "name": "东风", "variant": "wenshan", "players": 4, "seats_taken": 0,
                 "seats_free": 4, "protocol": 2, "password": True, "host": h.address[0], "port": h.port,
                 "host_name": h.name, "host_id": h.host_id}, **kw)


def test_the_join_list_asks_for_a_password_and_seats_the_player(home):
    """Point 7: a password table in the join list opens a password prompt; a wrong password brings the prompt back
    with the host's message, the right one seats the player."""
    h = Host(tables=[TableConfig(table_id="1", name="东风", hands=1)], interfaces=LOOPBACK, advertise=False,
             password="花开富贵").start()
    try:
        app = player_app()
        js = join_list(app, [_row(h)])
        js.rows[0][1].on_click()
        assert js.ask is not None and js.ask["table_id"] == "1"
        type_text(app, "wrong")
        assert frames(app, lambda: isinstance(app.scene, lobby.JoinScene) and app.scene is not js), \
            "a wrong password did not bring the prompt back"
        js2 = app.scene
        assert js2.ask is not None and js2.error
        js2.leave()  # its own browser (on loopback) is not needed
        js2.browser = Rows([_row(h)])
        type_text(app, "花开富贵")
        assert frames(app, lambda: isinstance(app.scene, lobby.LobbyScene)
                       and getattr(app.scene.session, "status", "") == "seated")
        assert h.call(lambda: h.tables["1"].slots[0].name) == "阿明"
        app.scene.leave_lobby()
    finally:
        h.stop()


def test_the_hosting_player_of_a_password_table_sits_down_without_one(home):
    """Point 7: ``host --password`` with a window: the hosting player is seated (their seat is kept for them)."""
    h = Host(tables=[TableConfig(table_id="1", hands=1)], interfaces=LOOPBACK, advertise=False, password="pw",
             owner="阿明").start()
    try:
        app = player_app()
        lobby.connect_owner(app, h, stop_on_leave=False)
        assert frames(app, lambda: getattr(app.scene.session, "status", "") == "seated")
        assert app.scene.session.seat == 0 and not app.scene.session.refusals
    finally:
        h.stop()


def test_a_table_hosted_from_the_menu_is_saved_and_resumes(home):
    """Point 7: hosting from the menu keeps a journal where ``python -m game host --resume`` looks, and the hosting
    player gets their seat back in the resumed table."""
    from game.rules.variants import get
    from game.ui.table.scene import TableScene
    from netplay.store import default_dir

    app = player_app()
    v = get("yuxi")
    lobby.start_hosting(app, v, {}, 2, 7, [None, "simple", "simple", "simple"], "阿明的桌")
    sc = app.scene
    assert isinstance(sc, lobby.LobbyScene) and sc.host is not None
    running_host = sc.host
    assert isinstance(running_host, Host)  # the real host: the test reads what its table has taken
    assert frames(app, lambda: isinstance(app.scene, TableScene))
    acted = []

    def move() -> bool:  # the hosting player makes a few moves, each once the host has asked for it
        v = app.scene.view
        if v and v["legal"] and v["phase"] != "end":
            app.scene.send(next((a for a in v["legal"] if a.kind in ("discard", "pass")), v["legal"][0]))
            acted.append(True)
        return len(acted) == 3

    assert frames(app, move, timeout=300)
    table = running_host.tables["1"]
    # the host has taken the third move (and written it) before the window goes
    assert frames(app, lambda: running_host.call(lambda: sum(a.seat == 0 for a in table.state.log)) >= 3, timeout=300)
    running_host.stop()  # the window closes without leaving the table (a crash, as far as the table knows)
    assert (default_dir() / "table-1.journal").exists()
    h2 = Host(interfaces=LOOPBACK, advertise=False, state_dir=default_dir(), resume=True, owner="阿明").start()
    try:
        assert h2.tables["1"].phase == "playing" and h2.tables["1"].cfg.name == "阿明的桌"
        app2 = player_app()
        lobby.connect_owner(app2, h2, stop_on_leave=False)
        assert frames(app2, lambda: isinstance(app2.scene, TableScene))
        assert app2.scene.session.seat == 0
    finally:
        h2.stop()


def test_the_lobby_shows_the_lan_addresses_to_share_never_loopback(home, monkeypatch):
    """Point 12: the host screen shows every LAN address of the machine (not 127.0.0.1) and the host's id."""
    from netplay import host

    monkeypatch.setattr(host, "lan_addresses", lambda: ["192.168.1.20", "10.77.0.1"])
    monkeypatch.delenv("YUNGUI_NET_LOOPBACK_ONLY")  # the host below never opens a socket
    h = Host(tables=[TableConfig(table_id="1", hands=1)], name="阿明", advertise=False)
    try:
        h.port = 50555
        app = player_app()

        class Ses:  # what the lobby reads of a session (lobby.Lobbying)
            status, error, error_code, names, seat, n, variant_id, table_name = "seated", None, None, [], 0, 4, \
                "wenshan", "t"
            addr, host_name, view, variant, hands_total = ("127.0.0.1", 50555), None, None, None, None
            connected, bots, started, watchers, watch, options = [], [], False, 0, "public", None

            def prefetch(self):
                pass

            def poll(self):
                return []

            def close(self):
                pass

        sc = lobby.LobbyScene(app, Ses(), host=h)
        text = sc.share_text()
        assert "192.168.1.20:50555" in text and "10.77.0.1:50555" in text and "127.0.0.1" not in text
        app.goto(sc)
        app.frame([], 0.05)  # it draws
    finally:
        h.stop()


def test_the_join_list_tells_hosts_of_one_name_apart():
    """Point 10/12: two hosts called the same differ by their id in the join list."""
    a = lobby.JoinScene.row_host_text({"host_name": "Party", "host_id": "3f9a1c", "host": "10.0.0.5", "port": 5})
    b = lobby.JoinScene.row_host_text({"host_name": "Party", "host_id": "b71e02", "host": "10.0.0.6", "port": 5})
    assert "3f9a1c" in a and "b71e02" in b and a != b


def test_the_host_setup_chooses_what_watchers_see_and_the_table_is_hosted_so(home, monkeypatch):
    """Issue 17 (watching): the window's host setup offers 观战 - hands hidden (default), every hand open (a teaching
    or bot-only table) or none - and the table is hosted with that mode, as ``host --watch`` would."""
    app = player_app()
    sc = lobby.host_scene(app)
    app.goto(sc)
    app.frame([], 0.05)
    modes = next(w for w in sc.colB if getattr(w, "values", None) == ["public", "open", "off"])
    assert modes.values[modes.index] == "public"
    got = {}
    real_start = lobby.start_hosting
    monkeypatch.setattr(lobby, "start_hosting", lambda *a, **kw: got.update(kw))
    modes.on_change("open")
    sc.start()
    assert got == {"assists": True, "watch": "open", "claim_s": None}  # None: the default claim window
    from game.rules.variants import get

    hosted = []

    def no_host(tables, **kw):  # records the table the window would host, then fails like a port in use
        hosted.extend(tables)
        raise OSError(98, "address in use")

    monkeypatch.setattr(lobby, "start_hosting", real_start)
    monkeypatch.setattr(lobby, "Host", no_host)
    lobby.start_hosting(app, get("wenshan"), {}, 2, 7, [None, "simple", "open", "open"], "演示桌", watch="open")
    assert [c.watch for c in hosted] == ["open"] and hosted[0].bots == {1: "simple"}
