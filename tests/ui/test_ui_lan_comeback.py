"""Issue 38, point 8 in the window: kept seats offered back, saved tables to resume, a changed host key in the join
list, and the hosting player asked before closing the window ends the table for everyone."""

from __future__ import annotations

from typing import Any

import pygame

from game.rules.variants import get as get_variant
from game.ui.devtools.screenshot import _StubBrowser, make_app
from game.ui.kit import hostmsg, strings
from game.ui.kit.names import player_name
from game.ui.lan import comeback
from game.ui.lan.lobby import JoinScene
from game.ui.menus.scenes import MenuScene
from netplay.store import SeatStore

KEY_A = "2b7d41e02d8f29aef1b6b22e1bc1e5af"
KEY_B = "9f3e0c11aa55aa55aa55aa55aa55aa55"


def _store(monkeypatch, app, tmp_path) -> SeatStore:
    from netplay import store

    monkeypatch.setenv("YUNGUI_HOME", str(tmp_path))  # this test's own seats.json
    monkeypatch.setattr(store, "_alive", lambda pid: False)  # the client that kept the seat is gone
    seat_store = SeatStore()
    seat_store.put(KEY_A, player_name(app)[:32], "1", 2, "t" * 32, addr="192.168.1.20:50555", host_name="Lao Wang",
              table_name="Friday")
    return seat_store


def test_the_first_screen_offers_a_kept_seat_and_rejoins_it(monkeypatch, tmp_path):
    app = make_app(lang="en")
    _store(monkeypatch, app, tmp_path)
    joined = []
    from game.ui.lan import lobby

    monkeypatch.setattr(lobby, "rejoin", lambda app, offer: joined.append(offer))  # reached through nav.part
    m = MenuScene(app)
    app.goto(m)
    app.draw()
    assert m.held is not None and m.held.shown
    [b] = m.held.buttons
    assert b.label() == "Rejoin seat 3"
    b.on_click()
    assert joined and joined[0]["seat"] == 2 and joined[0]["addr"] == "192.168.1.20:50555"
    m.held.hide()
    assert not m.held.shown


def test_the_join_list_shows_short_keys_a_changed_key_and_a_kept_seat_on_a_full_table(monkeypatch, tmp_path):
    app = make_app(lang="zh")
    seat_store = _store(monkeypatch, app, tmp_path)
    b = _StubBrowser(get_variant("wenshan"))
    b.rows[0].update(host_id=KEY_A, seats_free=0, seats_taken=4, host_name="Lao Wang")  # full, but a seat is ours
    b.rows[1].update(host_id=KEY_B)
    seat_store.pin(b.rows[1]["host_name"], "51de7a1500000000000000000000dead")
    js = JoinScene(app, interfaces=["127.0.0.1"])
    js.browser = b
    app.goto(js)
    js.update(0.0)
    app.draw()
    (r0, b0), (r1, b1) = js.rows
    assert r0["held_seat"] == 2 and b0.enabled and "3" in b0.label()
    assert hostmsg.short(KEY_A) in JoinScene.row_host_text(r0)
    assert r1["known_key"] and b1.label() == strings.tr("lan.accept_key")
    line = JoinScene.row_host_text(r1)
    assert "51de-7a15" in line and hostmsg.short(KEY_B) in line
    b1.on_click()  # accept: pinned, and the row is an ordinary one again
    assert seat_store.pinned(r1["host_name"]) == KEY_B
    assert "known_key" not in js.rows[1][0]


def test_a_changed_key_refusal_in_words():
    class S:
        error, error_code, status, host_name = "x", "host_key", "refused", "Ann"
        key_change = ("51de7a1500000000000000000000dead", KEY_B)

    strings.set_lang("zh")
    text = hostmsg.session_text(S())
    assert "51de-7a15" in text and hostmsg.short(KEY_B) in text and "接受新密钥" in text


def test_a_session_that_gave_up_never_says_it_is_reconnecting():
    class S:
        error, error_code, status = "connection to the host lost; reconnecting", "reconnecting", "closed"

    strings.set_lang("zh")
    assert hostmsg.session_text(S()) == strings.tr("lan.code.lost")
    S.status = "reconnecting"
    assert hostmsg.session_text(S()) == strings.tr("lan.code.reconnecting")


def test_saved_tables_are_offered_for_resuming(tmp_path):
    from netplay.host import Host, TableConfig

    h = Host(tables=[TableConfig(table_id="1", name="周末局", hands=2, variant="guiyang")], interfaces=["127.0.0.1"],
             advertise=False, state_dir=tmp_path).start()
    h.stop()
    tables, bad = comeback.saved_tables(tmp_path)
    assert [(t["table_id"], t["name"], t["variant"], t["phase"]) for t in tables] == \
        [("1", "周末局", "guiyang", "waiting")] and bad == []
    app = make_app(lang="en")
    rs = comeback.ResumeScene(app, tables, bad, lambda: None)
    app.goto(rs)
    app.draw()
    assert "Guiyang" in comeback.resume_line(tables[0])


def test_closing_the_hosting_window_mid_match_asks_first():
    class Ses:
        match_over = False

    class Host:
        stopped = None

        def stop(self, ended=False):
            Host.stopped = ended

    app = make_app(lang="en")

    class Scene:
        session = Ses()
        s = 1.0
        app: Any = None

    sc = Scene()
    sc.app = app
    g = comeback.EndTableGuard(sc, Host())
    assert g.on_quit() is True and g.asking and Host.stopped is None  # asked, nothing ended yet
    g.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    assert not g.asking  # keep playing
    assert g.on_quit() is True
    g.yes.on_click()  # end the table: the host tells everybody, the window closes
    assert Host.stopped is True and not app.running
