"""The seat's decisions going out: to the session, with their sound, a refusal put into words, the bots paced.

Every element that decides for the player (the hand, the claim prompt, the keys,
托管) sends through one ``Decisions``; the others follow ``version`` to learn
that a decision went out (the hand lowers its tile, the prompt closes its list).
"""

from __future__ import annotations

from typing import Any

from game.rules.actions import Action
from game.session import Session
from game.ui.kit import hostmsg, strings


class Decisions:
    def __init__(self, app: Any, session: Session):
        self.app = app  # game.ui.app.App
        self.session = session
        self.pacing = session.pacing  # a person's move holds the bots back a little
        self.version = 0  # decisions sent so far
        self.sent: Action | None = None  # the last one this hand (after a claim: a higher one may still come)
        self.discard_from: tuple[int, int] | None = None  # where my last discard was picked (its flight starts there)

    def send(self, action: Action, origin: tuple[int, int] | None = None) -> None:
        """Send a decision now (never delayed by animations); ``origin``: where a discarded tile stood."""
        self.sent = action
        self.version += 1
        if action.kind == "discard" and action.tile is not None:
            self.discard_from = origin
        ses = self.session
        ses.send(action)
        if ses.error:
            self.app.notice(strings.tr("table.refused", msg=hostmsg.session_text(ses) or ses.error), 3)
            ses.error = None
        else:
            self.app.sound.play("click" if action.kind == "pass" else "select", 0.6)
        self.pacing.answered(self.app.now)

    def forget(self) -> None:
        """A new hand: nothing of the last one is still awaited."""
        self.sent = None
