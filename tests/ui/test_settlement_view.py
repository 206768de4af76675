"""The settlement, summary first (issue 40.2): one line per player with points by kind that add up to the hand's
points; a click on a player or Tab opens that player's items grouped by the other seat; Esc or a click closes
them; Enter, or a click anywhere else, goes on at the first press; the hold before the settlement says so."""

from __future__ import annotations

import pygame

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
