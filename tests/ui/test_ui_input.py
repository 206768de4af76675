"""Forms and keys as players use them (issue 15): text fields, the setup list's wheel, LAN seats, Esc to leave."""

import pygame
import pytest

from game.ui.devtools import screenshot as shot
from game.ui.kit import widgets
from game.ui.lan import lobby
from game.ui.menus.scenes import MenuScene, SetupScene

pytestmark = pytest.mark.usefixtures("home")


def _click(app, pos):
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
               pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], 0.02)


def _type(app, text):
    app.frame([pygame.event.Event(pygame.TEXTINPUT, text=text)], 0.02)


def _key(app, key):
    """A key pressed and let go, as a keyboard sends it."""
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0),
               pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)], 0.02)


def _host_setup(started):
    app = shot.make_app((1280, 720), "zh")
    app.goto(SetupScene(app, mode="host", on_start=lambda *a: started.append(a)))
    return app, app.scene


def test_the_first_click_after_typing_a_table_name_opens_the_table():
    started = []
    app, sc = _host_setup(started)
    name = next(w for w in sc.colB if isinstance(w, widgets.TextInput) and w.max_len == 20)
    _click(app, name._box().center)
    assert name.active
    _type(app, "周五牌局")
    _click(app, sc.start_btn.rect.center)  # one click: typing ends and the button is pressed
    assert len(started) == 1 and started[0][-1] == "周五牌局"
    assert not name.active


def test_enter_after_typing_a_table_name_opens_the_table():
    started = []
    app, sc = _host_setup(started)
    name = next(w for w in sc.colB if isinstance(w, widgets.TextInput) and w.max_len == 20)
    _click(app, name._box().center)
    _type(app, "老王的桌")
    _key(app, pygame.K_RETURN)
    assert len(started) == 1 and started[0][-1] == "老王的桌"


def test_esc_while_typing_only_ends_typing():
    started = []
    app, sc = _host_setup(started)
    seed = next(w for w in sc.colB if isinstance(w, widgets.TextInput))
    _click(app, seed._box().center)
    _key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, SetupScene) and not seed.active


def test_join_connects_on_the_first_click_or_enter_after_typing_the_address(monkeypatch):
    calls = []
    monkeypatch.setattr(lobby, "connect", lambda app, host, port, *a, **k: calls.append((host, port)))
    app = shot.make_app((1280, 720), "zh")
    js = lobby.JoinScene(app, interfaces=["127.0.0.1"])
    js.enter = js.layout  # no discovery in a unit test
    app.goto(js)
    _click(app, js.addr_input._box().center)
    _type(app, "192.168.1.20:50555")
    _click(app, js.connect_btn.rect.center)
    assert calls == [("192.168.1.20", 50555)]
    _click(app, js.addr_input._box().center)
    _key(app, pygame.K_RETURN)
    assert calls == [("192.168.1.20", 50555)] * 2


def _setup(variant="guiyang", size=(1280, 720)):
    app = shot.make_app(size, "zh")
    app.settings.last_variant = variant
    app.goto(SetupScene(app))
    return app, app.scene


def test_the_wheel_scrolls_the_options_of_a_long_game_and_nothing_shows_outside_the_panel():
    app, sc = _setup("guiyang")
    col = sc.col_a
    assert col.max_scroll > 0, "贵阳捉鸡's options do not fit: the list must scroll"
    panel = sc.panel_rect()
    assert col.viewport.bottom <= panel.bottom and not col.viewport.colliderect(sc.back_btn.rect)
    last = col.widgets[-1]
    assert not col.viewport.contains(last.rect)
    inside = col.viewport.center
    stake = next(w for w in col.widgets if isinstance(w, widgets.Choice))
    before = stake.value
    for _ in range(30):
        app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=inside, rel=(0, 0), buttons=(0, 0, 0)),
                   pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)], 0.02)
    assert col.scroll == col.max_scroll and col.viewport.contains(last.rect)
    assert stake.value == before, "the wheel scrolls the list; it does not change a value under the pointer"
    for _ in range(30):
        app.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)], 0.02)
    assert col.scroll == 0


def test_a_click_below_the_list_never_reaches_a_hidden_option():
    app, sc = _setup("guiyang")
    col = sc.col_a
    hidden = next(w for w in col.widgets if w.rect.bottom > col.viewport.bottom and isinstance(w, widgets.Checkbox))
    col.scroll_to(col.scroll + hidden.rect.top - col.viewport.bottom + 20)  # its top 20 px show, the rest is cut
    value = hidden.value
    below = (hidden.rect.x + 10, col.viewport.bottom + 6)
    assert hidden.rect.collidepoint(below)
    _click(app, below)
    assert hidden.value == value


def test_keyboard_focus_scrolls_to_the_focused_option():
    app, sc = _setup("guiyang")
    col = sc.col_a
    for _ in range(len(sc.cards) + len(col.widgets)):
        _key(app, pygame.K_TAB)
        cur = sc.focus.current
        if cur in col.widgets:
            assert col.viewport.contains(cur.rect), cur.label


def test_the_wheel_still_steps_a_choice_outside_a_scrolling_list():
    from game.ui.menus.scenes import SettingsScene

    app = shot.make_app((1280, 720), "zh")
    app.goto(SettingsScene(app))
    anim = app.scene.widgets[3]
    before = anim.value
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=anim.rect.center, rel=(0, 0), buttons=(0, 0, 0)),
               pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)], 0.02)
    assert anim.value != before


def test_a_lan_host_waits_for_players_in_every_other_seat():
    started = []
    app, sc = _host_setup(started)
    seats = [w for w in sc.colB if isinstance(w, widgets.Choice) and w.values[0] == "open"]
    assert len(seats) == sc.players() - 1 and all(w.value == "open" for w in seats)
    seats[0].step(2)  # a bot for seat 2, the rest stay open
    _key(app, pygame.K_RETURN)
    levels = started[0][4]
    assert levels[0] is None and levels[1] != "open" and all(lv == "open" for lv in levels[2:])
    # playing against bots keeps its own choices (not the host's)
    _app2, sc2 = _setup("wenshan")
    assert all(w.value in ("easy", "normal", "strong") for w in sc2.colB if isinstance(w, widgets.Choice) and
               "open" not in w.values and w.values[0] in ("easy", "normal", "strong"))


class _Lobby:
    def __init__(self, started):
        self.started = started
        self.bots = [False, False, True, True]  # as a host reports: a bot, and an open seat a bot would play


def test_the_lobby_shows_open_seats_as_open_until_the_game_starts():
    class Slot:
        def __init__(self, level):
            self.bot_level = level

    class Table:
        def __init__(self):
            self.slots = [Slot(None), Slot(None), Slot("normal"), Slot(None)]

    class Host:
        def __init__(self):
            self.tables = {"1": Table()}

    waiting = _Lobby(False)
    assert [lobby.seat_has_bot(waiting, i, Host(), waiting.bots) for i in range(4)] == [False, False, True, False]
    playing = _Lobby(True)
    assert [lobby.seat_has_bot(playing, i, Host(), playing.bots) for i in range(4)] == [False, False, True, True]


def _settlement():
    app = shot.build("settlement", "wenshan", (1280, 720), 1, "zh")
    app.now = 10.0
    return app, app.scene


def test_esc_opens_the_menu_and_a_second_esc_closes_it():
    """issue 39: Esc closes what it opened - on the settlement it opens the menu, a second Esc closes it again
    (no "press again to leave" over another button); the settlement is still there."""
    app, sc = _settlement()
    _key(app, pygame.K_ESCAPE)
    assert app.scene is sc and sc.paused and not sc.pause_menu.asking
    _key(app, pygame.K_ESCAPE)
    assert app.scene is sc and not sc.paused and sc.settle is not None
    _key(app, pygame.K_ESCAPE)
    _key(app, pygame.K_ESCAPE)
    assert app.scene is sc, "no number of Esc presses leaves the table"


def test_leaving_takes_an_explicit_choice_in_the_menus_own_place():
    app, sc = _settlement()
    _key(app, pygame.K_ESCAPE)
    leave = next(b for b in sc.pause_menu.buttons if b.name == "leave")
    _click(app, leave.rect.center)
    assert app.scene is sc and sc.pause_menu.asking
    answers = {b.name: b for b in sc.pause_menu.buttons}
    assert set(answers) == {"leave_yes", "stay"}
    # the question replaces the menu (its answers are the only buttons shown: it covers none of the menu's)
    _key(app, pygame.K_ESCAPE)  # Esc in the question goes back to the menu
    assert sc.paused and not sc.pause_menu.asking
    _click(app, next(b for b in sc.pause_menu.buttons if b.name == "leave").rect.center)
    _click(app, next(b for b in sc.pause_menu.buttons if b.name == "leave_yes").rect.center)
    assert isinstance(app.scene, MenuScene)


def test_a_joining_player_sees_open_seats_as_open(tmp_path):
    """Over loopback: a table with a bot in seat 3 shows seat 4 open in the lobby, both bots once it starts."""
    import time

    from netplay.client import NetSession
    from netplay.host import Host, TableConfig

    host = Host(tables=[TableConfig(table_id="t", hands=1, seed=3, bots={2: "simple"}, next_s=None)],
                interfaces=["127.0.0.1"], advertise=False).start()
    ses = NetSession(*host.address, "老王", table_id="t")
    try:
        deadline = time.monotonic() + 120
        while not ses.bots and time.monotonic() < deadline:
            ses.wait(0.1)
            ses.poll()
        assert ses.bots and not ses.started
        assert [lobby.seat_has_bot(ses, i, None, ses.bots) for i in range(4)] == [False, False, True, False]
        host.fill_bots("t", "simple")
        while not ses.started and time.monotonic() < deadline:
            ses.wait(0.1)
            ses.poll()
        assert [lobby.seat_has_bot(ses, i, None, ses.bots) for i in range(4)][1:] == [True, True, True]
    finally:
        ses.close()
        host.stop()


def test_a_held_esc_is_one_esc_not_open_and_close():
    """Holding Esc repeats it (the window's key repeat): only the first press counts until the key comes up.
    Esc closes what it opened (issue 39): a second press closes the menu; leaving is only ever the menu's
    explicit "leave" choice, never a run of Escs."""
    from game.ui.table.scene import TableScene

    app = shot.build("table", "wenshan", (1280, 720), 1, "zh")
    sc = app.scene
    app.now = 10.0
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0)
    up = pygame.event.Event(pygame.KEYUP, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0)
    sc.hand.drop_selection()
    app.frame([down, down, down, down], 0.02)  # held: it repeats
    assert isinstance(app.scene, TableScene) and sc.paused and not app.toasts, "one press: the Esc menu only"
    app.frame([up, down, down, down], 0.02)  # a second press (held) closes the menu, once
    assert app.scene is sc and not sc.paused and not app.toasts
    for _ in range(3):  # press after press: menu, closed, menu - never the way out
        app.frame([up, down], 0.02)
    assert app.scene is sc and sc.paused
    app.frame([up], 0.02)
    assert isinstance(app.scene, TableScene) and not isinstance(app.scene, MenuScene)
