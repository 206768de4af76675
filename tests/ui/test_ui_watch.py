"""The window's side of watching a LAN table (issue 17): the join list's "watch", the watcher's screen over a real
loopback host (no concealed tile drawn, the settlement held, the next hand followed), and the players told how many
watch."""

from typing import Any

import pytest

from tests.helpers.net_util import LOOPBACK
from tests.ui.ui_util import frames, join_list, player_app, type_text

pytest.importorskip("netplay.host")

from game.ui.kit import widgets
from game.ui.lan import lobby, watch_screen
from netplay.host import Host, TableConfig


def _row(h, **kw):
    t = h.tables["1"].summary()
    return dict(t, protocol=2, host=h.address[0], port=h.port, host_name=h.name, host_id=h.host_id, **kw)


def _bot_host(**cfg) -> Host:
    base = dict(table_id="1", name="东风", hands=2, seed=11, bots={i: "simple" for i in range(4)}, bot_delay=0.05,
                watch_pause=0.5)
    base.update(cfg)
    return Host(tables=[TableConfig(**base)], interfaces=LOOPBACK, advertise=False).start()


def _watches(app) -> None:
    """The app shows the watch screen, which comes to watch the table; then it leaves."""
    sc = app.scene
    assert isinstance(sc, watch_screen.WatchScene)
    assert frames(app, lambda: sc.session.status == "watching")
    sc.leave_table()


def test_the_join_list_offers_watch_beside_join_and_the_screen_follows_the_table(home):
    h = _bot_host(watch="open")
    try:
        app = player_app()
        js = join_list(app, [_row(h), _row(h, table_id="2", name="不可观战", watch="off")])
        buttons = js.watch_buttons()
        assert len(buttons) == 2 and buttons[0].enabled and not buttons[1].enabled
        assert buttons[0].rect.right < js.rows[0][1].rect.left  # beside "join", not over it
        assert "观战可见手牌" in lobby.watch_note(js.rows[0][0]) and "不可观战" in lobby.watch_note(js.rows[1][0])
        buttons[0].on_click()
        sc = app.scene
        assert isinstance(sc, watch_screen.WatchScene)
        assert frames(app, lambda: sc.view is not None), sc.session.status
        assert sc.session.open
        # every hand is drawn face up on an open table
        assert all(s["hand"] is not None for s in sc.view["seats"])
        # it shows the settlement, holds it, and follows the next hand
        assert frames(app, lambda: sc.settle is not None, timeout=180)
        ended, shown_at = sc.view["hand_no"], app.now
        # the host deals the next hand half a second later; the screen holds the settlement, then catches up
        assert frames(app, lambda: sc.settle is None and sc.view["hand_no"] > ended, timeout=180, dt=0.5)
        assert app.now - shown_at >= watch_screen.HOLD_S - 1e-6, "the settlement went away before it could be read"
        assert sc.view["phase"] != "end"
        sc.leave_table()
        assert not isinstance(app.scene, watch_screen.WatchScene)
    finally:
        h.stop()


def test_a_public_table_is_drawn_without_a_concealed_tile(home, monkeypatch):
    """Every tile the watcher's screen draws face up while a hand runs is a public one (discards, melds, flips)."""
    from game.ui.kit import tileart

    h = _bot_host(watch="public")
    drawn: list = []
    real = tileart.draw_tile

    def spy(dest, kind, pos, width, **kw):
        drawn.append(kind)
        return real(dest, kind, pos, width, **kw)

    try:
        app = player_app()
        watch_screen.start_watching(app, *h.address, "1")
        sc = app.scene
        assert frames(app, lambda: sc.view is not None and sc.view["phase"] != "end" and sum(
            len(s["discards"]) for s in sc.view["seats"]) > 8, timeout=180)
        monkeypatch.setattr(tileart, "draw_tile", spy)
        sc.draw(app.screen)
        v = sc.view
        public = [d["tile"] for s in v["seats"] for d in s["discards"]]
        public += [t for s in v["seats"] for m in s["melds"] for t in m["tiles"] if t is not None]
        public += [t for x in v["public"].values() for t in (x if isinstance(x, list) else [x])
                   if isinstance(t, int) and not isinstance(t, bool)]
        faces = [k for k in drawn if k is not None]
        backs = sum(1 for k in drawn if k is None)
        assert backs >= sum(s["concealed"] for s in v["seats"]) - 4
        for k in set(faces):
            assert faces.count(k) <= public.count(k), f"tile {k} drawn face up more often than it lies open"
        sc.leave_table()
    finally:
        h.stop()


def test_a_password_table_asks_the_watcher_for_it(home):
    h = _bot_host(password="茶")
    try:
        app = player_app()
        js = join_list(app, [_row(h)])
        js.watch_buttons()[0].on_click()
        assert js.ask is not None and js.ask.get("watching")
        type_text(app, "茶")
        _watches(app)
    finally:
        h.stop()


def test_a_typed_address_can_be_watched_password_asked_when_refused(home):
    """Where the venue's network hides the host from discovery, the address typed in the join screen can be
    watched too (as ``watch --addr``); a table with a password sends the watcher back to its prompt."""
    h = _bot_host(password="茶")
    try:
        app = player_app()
        js = join_list(app, [])
        assert js.watch_addr_btn.rect.left >= js.connect_btn.rect.right  # beside "connect"
        js.addr_text = "no port here"
        js.watch_typed()
        assert app.scene is js  # a bad address is said, nothing opens
        js.addr_text = f"{h.address[0]}:{h.port}"
        js.watch_addr_btn.on_click()
        assert isinstance(app.scene, watch_screen.WatchScene)
        assert frames(app, lambda: isinstance(app.scene, lobby.JoinScene) and app.scene.ask is not None)
        back: Any = app.scene
        assert back.ask is not None and back.ask.get("watching") and back.ask["port"] == h.port
        assert widgets.label_text(back.pw_ok.label) == "观战"  # the prompt's button says what it will do
        back.pw_text = "茶"
        back.connect_password()
        _watches(app)
    finally:
        h.stop()


def test_players_see_how_many_watch(home):
    """The lobby and the table tell the players how many watch, and that watchers see every hand if they do."""
    from netplay.watch import WatchSession

    h = Host(tables=[TableConfig(table_id="1", hands=1, bots={1: "simple", 2: "simple", 3: "simple"}, watch="open",
                                 bot_delay=0.3)], interfaces=LOOPBACK, advertise=False).start()
    watchers = []
    try:
        app = player_app()
        lobby.connect(app, *h.address, "1")
        assert frames(app, lambda: isinstance(app.scene, watch_screen.PlayerTable))
        watchers = [WatchSession(*h.address, f"w{i}", "1", connect_timeout=60, reconnect_s=60) for i in range(2)]
        sc = app.scene
        assert frames(app, lambda: getattr(sc.session, "watchers", 0) == 2)
        assert sc.session.watch == "open"
        texts = []
        from game.ui.kit import widgets

        real = widgets.draw_text

        def spy(dest, text, *a, **kw):
            texts.append(text)
            return real(dest, text, *a, **kw)

        widgets.draw_text = spy
        try:
            sc.draw(app.screen)
        finally:
            widgets.draw_text = real
        assert any("2 人观战" in t and "可见手牌" in t for t in texts), texts[-10:]
        sc.leave_table()
    finally:
        for w in watchers:
            w.close()
        h.stop()


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_watch_screen_renders(lang, size, tmp_path):
    from game.ui.devtools import screenshot

    app = screenshot.build("watch", "wenshan", size, 1, lang)
    out = tmp_path / "w.png"
    screenshot.save(app, str(out))
    assert out.stat().st_size > 10_000
    assert isinstance(app.scene, watch_screen.WatchScene) and app.scene.view is not None
