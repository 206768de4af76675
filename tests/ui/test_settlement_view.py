"""The settlement, summary first (issue 40.2): one line per player with points by kind that add up to the hand's
points; a click on a player or Tab opens that player's items grouped by the other seat; Esc or a click closes
them; Enter, or a click anywhere else, goes on at the first press; the hold before the settlement says so."""

from __future__ import annotations

import pygame
import pytest

from game.rules.variants import get
from game.ui.devtools import screenshot as shot
from game.ui.kit import drawlog, strings
from game.ui.table.scene import TableScene
from game.ui.table.settlesum import kind_label, kinds


def settled(app, variant="guiyang", seed=1) -> TableScene:
    ses, names = shot.richest_settlement(get(variant), seed)
    sc = TableScene(app, ses, get(variant), names=names, hands_total=8, bot_levels=[None, "normal", "normal",
                                                                                    "normal"][:ses.n])
    sc.auto_bots = False
    app.goto(sc)
    sc.show_settlement()
    return sc


def texts_of(app) -> list[str]:
    with drawlog.recording(app.screen) as log:
        app.dirty = True
        app.frame([], 0.02)
        app.draw()
        return [it.text for it in log.items if getattr(it, "text", None)]


def key(app, k, mod=0):
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")], 0.02)


def click(app, pos):
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos),
               pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)], 0.02)


def test_the_summary_gives_each_player_their_points_by_kind(app, en):
    sc = settled(app)
    texts = texts_of(app)
    res = sc.settle.res
    for seat in range(sc.n):
        for kind, pts in kinds(res, seat).items():
            if pts:
                assert f"{kind_label(kind, 'guiyang')} {pts:+d}" in texts, (seat, kind)
    assert strings.tr("settle.hint") in texts
    assert not any("←" in t for t in texts)  # no itemised chips in the summary


def test_tab_and_a_click_open_a_players_items_by_payer_and_esc_closes_them(app, en):
    sc = settled(app)
    panel = sc.settle
    first = panel.order()[0]
    key(app, pygame.K_TAB)
    assert panel.detail == first
    texts = texts_of(app)
    assert strings.tr("settle.detail_title", who=sc.names[first]) in texts
    assert any(t.startswith("← ") or t.startswith("→ ") for t in texts)  # grouped by the other seat
    key(app, pygame.K_TAB)
    assert panel.detail == panel.order()[1]
    key(app, pygame.K_ESCAPE)
    assert panel.detail is None and sc.settle is panel  # Esc closes the items, not the table
    texts_of(app)
    rect, seat = panel.row_rects[2]
    click(app, rect.center)
    assert panel.detail == seat
    click(app, rect.center)  # a click closes the items again
    assert panel.detail is None


def test_enter_goes_on_at_the_first_press_from_the_summary_or_the_items(app):
    sc = settled(app)
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert sc.settle is None and sc.view["hand_no"] == 1


def test_a_click_anywhere_but_a_player_goes_on(app):
    sc = settled(app)
    texts_of(app)
    box = sc.settle.box
    click(app, (box.x + 40, box.bottom - 20))  # the footer, below the rows, off the buttons
    assert sc.settle is None and sc.view["hand_no"] == 1


def test_the_hold_before_the_settlement_says_so_and_any_key_ends_it(app, zh):
    sc = settled(app)
    sc.settle = None
    sc.settle_at = app.now + 5  # the win shown on the table
    assert strings.tr("settle.hold") in texts_of(app)
    key(app, pygame.K_RETURN)
    assert sc.settle is not None and sc.settle_at is None


def test_what_stands_above_the_buttons_pushes_the_hint_up_and_the_continue_card_drops_facts_before_it_shrinks():
    """Under 托管 the "next hand in N s" strip stands just above the settlement's buttons: the hint goes above it
    (found by the whole audit after the table became elements). In a narrow window the 继续上局 card's line drops its
    last facts (the time) rather than shrink below the smallest text size."""
    from game.ui.devtools import audit

    found = audit.audit(scenes=["auto_next"], variants=["guiyang"], sizes=((1280, 720),))
    found += audit.audit(scenes=["menu_continue"], variants=["wenshan"], sizes=((1024, 576),), langs=("en",))
    assert not found, "\n".join(f.line() for f in found)


# ---------------------------------------------------------------------- notices over the settlement (toast49)
def _lan_notices(app) -> None:
    """What a LAN table says when a seat drops and comes back (game.ui.lan.lanseat), seat 1 named Li / 小李."""
    from game.ui.lan.lanseat import notice_text

    names = ["", "Li" if strings.lang() == "en" else "小李"]
    app.notice(notice_text("bot_plays", "", 1, names), 6)
    app.notice(notice_text("player_back", "", 1, names), 6)


def _drawn(app) -> list:
    """The items of one frame drawn 0.5 s after the notices came (they are fully shown then)."""
    with drawlog.recording(app.screen) as log:
        app.frame([], 0.5)
        app.dirty = True
        log.reset(app.screen)
        app.draw()
        return list(log.items)


def _toasts(items) -> list[pygame.Rect]:
    return [it.rect for it in items if it.kind == "panel" and it.extra.get("transient")]


@pytest.mark.parametrize("lang,size,strip", [("en", (1280, 720), False), ("zh", (1280, 720), False),
                                             ("en", (1024, 576), False), ("zh", (1024, 576), False),
                                             ("en", (1024, 576), True), ("zh", (1024, 576), True)],
                         ids=["en-1280", "zh-1280", "en-1024", "zh-1024", "en-1024-strip", "zh-1024-strip"])
def test_a_notice_on_the_settlement_leaves_its_title_rows_and_buttons_readable(home, lang, size, strip):
    """toast49: "Li dropped out: a bot plays until they are back" and "Li is back" came over the settlement's title
    ("Bot 2 wins on Bot 1's discard") and the first player's line. Now they stand in the free band under the rows:
    neither touches the title, a player's line or a button, in English and 中文, at 1280x720 and at the smallest
    window (1024x576), also with a strip (托管's countdown, a LAN table's next deal) above the buttons."""
    from game.ui.kit.settletext import win_line

    app = shot.make_app(size, lang)
    shot.stage(app, "settlement", "wenshan", 1)
    sc = app.scene
    assert app.size == size and sc.settle is not None
    if strip:
        sc.settle.strip = lambda: True
    _lan_notices(app)
    items = _drawn(app)
    toasts = _toasts(items)
    title = [it.rect for it in items if it.kind == "text" and it.text == win_line(sc.settle.res, sc.names)]
    buttons = [it.rect for it in items if it.kind == "control" and it.name in ("leave", "look", "next")]
    assert len(toasts) == 2 and len(title) == 1 and len(buttons) == 3
    rows = [r for r, _seat in sc.settle.row_rects]
    for t in toasts:
        assert not t.colliderect(title[0]), (t, title[0])
        assert not any(t.colliderect(b) for b in buttons), (t, buttons)
        assert not any(t.colliderect(r) for r in rows), (t, rows)
        assert sc.settle.box.contains(t)


def test_a_notice_on_a_players_items_stays_under_their_lines(app, en):
    """toast49: with one player's items open (Tab), the notices stand below the last line of items: no text of the
    settlement (its title, the items, the footer) and no button under them."""
    sc = settled(app)
    key(app, pygame.K_TAB)
    _lan_notices(app)
    items = _drawn(app)
    toasts = _toasts(items)
    top = max(it.layer for it in items)  # the settlement's own texts (over the dimmed table)
    texts = [it.rect for it in items if it.kind == "text" and it.layer == top and not it.extra.get("transient")]
    buttons = [b.rect for b in sc.settle.buttons]
    assert len(toasts) == 2
    for t in toasts:
        assert not any(t.colliderect(r) for r in texts + buttons), t


def test_a_notice_on_the_table_still_stands_at_the_top_centre(app, en):
    """toast49: only the settlement moves notices; on the table they stand at the window's top centre, one under
    the other (14 px from the top at 1280x720, 6 px apart)."""
    sc = settled(app)
    sc.next_hand()
    assert sc.settle is None
    _lan_notices(app)
    first, second = _toasts(_drawn(app))
    assert first.centerx == second.centerx == 640
    assert first.top == 14 and second.top == first.bottom + 6


def test_a_notice_under_the_menu_opened_over_the_settlement_stands_at_the_top_centre(app, en):
    """toast49: the elements say where notices go from the top down, looking no lower than a modal one: with the
    table's menu (Esc) open over the settlement, the menu has no place for them, so they keep the top centre
    rather than fall into the settlement's band behind the menu."""
    sc = settled(app)
    key(app, pygame.K_ESCAPE)
    assert sc.paused and sc.settle is not None
    _lan_notices(app)
    first, second = _toasts(_drawn(app))
    assert sc.pause_menu.visible
    assert first.centerx == second.centerx == 640 and first.top == 14


def test_a_watchers_settlement_keeps_its_title_clear_unless_its_status_banner_takes_the_band(app, en):
    """toast49: a watcher's screen shows the same settlement (lighting one item at a time): notices cover none of its
    texts, the title included; while its status banner ("reconnecting to ...") stands in that band they keep the top
    centre instead."""
    from game.ui.kit.settletext import win_line

    sc = shot.watch_scene(app, get("wenshan"), 1, moment="end")
    assert sc.settle is not None
    _lan_notices(app)
    items = _drawn(app)
    assert any(it.kind == "text" and it.text == win_line(sc.settle.res, sc.names) for it in items)
    top = max(it.layer for it in items)  # the settlement dims the table: its own texts are on the top layer
    texts = [it.rect for it in items if it.kind == "text" and it.layer == top and not it.extra.get("transient")]
    toasts = _toasts(items)
    assert len(toasts) == 2 and not any(t.colliderect(r) for t in toasts for r in texts)  # the title, the lit items
    sc.session.status = "reconnecting"
    first, second = _toasts(_drawn(app))
    assert first.centerx == second.centerx == 640 and first.top == 14
