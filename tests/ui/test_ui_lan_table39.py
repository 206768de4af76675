"""issue 39 in the window at a LAN table over loopback: the host's countdown on the player's seat, the caption when
the host played for them, quick phrases between two windows (muting one seat), hosting errors in words."""

from __future__ import annotations

import pytest

from tests.helpers.net_util import LOOPBACK
from tests.helpers.table_clock import skewed
from tests.ui.ui_util import frames, player_app

pytest.importorskip("netplay.host")

from game.ui.kit import strings
from game.ui.lan import lobby, watch_screen
from netplay.host import Host, TableConfig


def test_the_hosts_countdown_shows_and_its_move_is_captioned(home):
    h = Host(tables=[TableConfig(table_id="1", hands=1, seed=3, bots={1: "simple", 2: "simple", 3: "simple"},
                                 turn_s=15, next_s=None)], interfaces=LOOPBACK, advertise=False).start()
    skew = skewed(h.tables["1"])
    try:
        app = player_app()
        lobby.connect(app, *h.address, "1")
        assert frames(app, lambda: isinstance(app.scene, watch_screen.PlayerTable))
        sc = app.scene
        assert frames(app, lambda: bool(sc.view and sc.view["legal"]) and sc.timer.mine.running)
        shown = sc.timer.mine.shown(app.now)
        assert shown is not None and 10 <= shown <= 15, "the ring counts the host's 15 s"
        mine = len(sc.view["seats"][sc.me]["discards"]) if sc.view["phase"] == "turn" else None
        version = sc.view["version"]
        app.toasts.clear()
        skew.jump(16)
        assert frames(app, lambda: sc.view["version"] != version)
        if mine is not None:
            assert frames(app, lambda: len(sc.view["seats"][sc.me]["discards"]) == mine + 1)
        texts = [t[0]() if callable(t[0]) else t[0] for t in app.toasts]
        assert frames(app, lambda: strings.tr("lan.code.timed_out_you") in
                      [t[0]() if callable(t[0]) else t[0] for t in app.toasts]), texts
        sc.leave_table()
    finally:
        h.stop()


def test_phrases_between_two_windows_and_a_muted_seat(home):
    h = Host(tables=[TableConfig(table_id="1", hands=1, seed=3, bots={2: "simple", 3: "simple"}, turn_s=0,
                                 next_s=None)], interfaces=LOOPBACK, advertise=False).start()
    skew = skewed(h.tables["1"])  # the host's phrase gap runs on it
    try:
        a, b = player_app(), player_app()
        b.settings.name = "老王"  # one machine, one seat store: a second window of the same name would reclaim the seat
        lobby.connect(a, *h.address, "1")
        lobby.connect(b, *h.address, "1")

        def both():
            b.frame([], 0.05)
            return isinstance(a.scene, watch_screen.PlayerTable) and isinstance(b.scene, watch_screen.PlayerTable)

        assert frames(a, both), [(type(x.scene).__name__, getattr(getattr(x.scene, "session", None), "status", None),
                                  getattr(getattr(x.scene, "session", None), "error", None)) for x in (a, b)]
        sa, sb = a.scene, b.scene
        assert sa.phrase_menu is not None and sb.bubbles is not None
        a.dirty = True
        a.draw()  # the chip finds its place beside the corner panel
        sa.phrase_menu.toggle()
        a.draw()
        item = next(x for x in sa.phrase_menu.items if x.name == "phrase1")
        item.on_click()
        played = len(b.sound.played)
        assert frames(b, lambda: sa.me in sb.bubbles.bubbles)
        assert sb.bubbles.bubbles[sa.me][0] == 1 and "phrase" in b.sound.played[played:]
        # b mutes a's seat: a's next phrase makes no bubble in b's window
        sb.phrase_menu.mute(sa.me)
        sb.bubbles.bubbles.clear()
        a.now += 3.0  # past the sender's own gap (its window greys the phrases for GAP_S) and the host's
        skew.extra += 3.0
        sa.phrase_menu.open = True
        sa.phrase_menu.say(2)
        assert frames(a, lambda: sa.bubbles is not None and sa.bubbles.bubbles.get(sa.me, (None,))[0] == 2)
        for _ in range(20):
            b.frame([], 0.05)
        assert sa.me not in sb.bubbles.bubbles
        sa.leave_table()
        sb.leave_table()
    finally:
        h.stop()


def test_hosting_with_the_lan_interfaces_unset_says_what_failed_and_why(home, monkeypatch):
    """issue 39: "Could not connect: Network error (RuntimeError)" while hosting: now it says the table could not
    be opened and why (only local play allowed, no local address given), in the player's language."""
    from game.rules.variants import get

    monkeypatch.delenv("YUNGUI_LAN_INTERFACES", raising=False)
    monkeypatch.setenv("YUNGUI_NET_LOOPBACK_ONLY", "1")
    for lang in ("zh", "en"):
        strings.set_lang(lang)
        app = player_app()
        app.toasts.clear()
        v = get("wenshan")
        lobby.start_hosting(app, v, v.resolve_options({}), 1, None, [None, "open", "open", "open"], "t")
        texts = [t[0]() if callable(t[0]) else t[0] for t in app.toasts]
        want = strings.tr("lan.host_failed", why=strings.tr("net.loopback_only"))
        assert want in texts, texts
        assert "RuntimeError" not in " ".join(texts) and "connect" not in " ".join(texts).lower()
