"""Bot pacing lives in the session layer (``game/pacing.py``, ``Session.pacing``), for every table alike.

A bot (or 托管) waits ``delay()`` after the last move, most of one after a person's move, and never
before what the table holds it for (an animation, a lesson). Times are app seconds: no clock is read.
"""

from __future__ import annotations

import pygame
import pytest

from game.pacing import PERSON_SHARE, Pacing
from game.rules.variants import get
from game.session import LocalSession
from game.ui.menus.scenes import start_local_table
from game.ui.table.local import make_bots


@pytest.mark.parametrize(("speed", "pace", "delay"), [(1.0, 1.0, 0.62), (2.0, 1.0, 1.24), (0.5, 1.0, 0.31),
                                                      (0.0, 1.0, 0.16), (1.0, 0.25, 0.155), (0.0, 0.25, 0.04)])
def test_a_table_waits_longer_when_animations_are_slower(speed, pace, delay):
    """0.62 s between moves at normal speed, scaled with the animations; 0.16 s with them off; ``pace`` on top."""
    assert Pacing(speed=speed, pace=pace).delay() == pytest.approx(delay)


def test_the_demo_never_moves_faster_than_its_floor():
    p = Pacing(step=1.0, floor=0.7)
    for speed, delay in ((0.0, 0.7), (0.5, 0.7), (1.0, 1.0), (2.0, 2.0)):
        p.speed = speed
        assert p.delay() == pytest.approx(delay)


def test_a_fixed_pacing_ignores_the_animations():
    p = Pacing.fixed(0.6)
    for speed in (0.0, 1.0, 2.0):
        p.speed = speed
        assert p.delay() == pytest.approx(0.6)


def test_moves_push_the_next_one_back_and_holds_only_ever_lengthen():
    p = Pacing(speed=1.0)
    assert p.due(0.0) and p.wait(0.0) == 0.0
    p.moved(10.0)
    assert not p.due(10.5) and p.due(10.62) and p.wait(10.3) == pytest.approx(0.32)
    p.answered(10.1)  # a person's move right after: most of a delay from then, but never sooner than before
    assert p.next_at == pytest.approx(max(10.62, 10.1 + 0.62 * PERSON_SHARE))
    p.hold(20.0)
    p.moved(11.0)
    p.answered(11.0)
    assert p.next_at == 20.0 and not p.due(19.99) and p.due(20.0)


def test_a_session_advances_a_bot_only_when_the_pacing_allows():
    v = get("wenshan")
    ses = LocalSession(v, v.resolve_options({}), 3, 1, bots=make_bots([None, "normal", "normal", "normal"], 3), seat=0)
    while ses.view["legal"]:  # the dealer (the player) discards first
        ses.send(next(a for a in ses.view["legal"] if a.kind == "discard"))
    ses.pacing.answered(0.0)
    version = ses.view["version"]
    assert not ses.advance(0.1) and ses.view["version"] == version  # too soon after the person
    assert ses.advance(0.5) and ses.view["version"] != version  # then a bot
    assert ses.pacing.next_at == pytest.approx(0.5 + 0.62)
    assert not ses.advance(1.0)


def test_at_the_window_a_bot_answers_a_discard_no_sooner_than_the_pacing_says(app):
    """The table asks the session when a bot may move: after the player's discard, 0.8 of a delay at least."""
    app.settings.anim = "normal"
    v = get("wenshan")
    start_local_table(app, v, v.resolve_options({}), 1, 5, [None, "normal", "normal", "normal"])
    sc = app.scene
    for _ in range(400):
        app.frame([], 0.02)
        if any(a.kind == "discard" for a in sc.view["legal"]):
            break
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)], 0.02)
    sent_at = app.now
    mine = sc.session.view["version"]
    assert not sc.view["legal"], "the drawn tile went out"
    while sc.session.view["version"] == mine:
        app.frame([], 0.02)
        assert app.now < sent_at + 30
    assert app.now >= sent_at + sc.session.pacing.delay() * PERSON_SHARE - 1e-9
