"""Deterministic seat bots: each decision is seeded from what the seat sees, never from timing."""

from __future__ import annotations

import hashlib

from game.bots import make_bot
from game.rules.actions import Action
from game.rules.view import View

from .protocol import action_to_wire


def decision_key(view: View) -> str:
    """The decision point as the seat sees it, independent of when the view was sent."""
    seats = view["seats"]
    legal = [action_to_wire(a) for a in view["legal"]]
    parts = (view["hand_no"], view["phase"], view.get("offer"), view["hand"], view.get("drawn"),
             [len(s["discards"]) for s in seats], [len(s["melds"]) for s in seats], legal)
    return hashlib.blake2b(repr(parts).encode(), digest_size=8).hexdigest()


class DecisionBot:
    """``act(view)`` of the bot ``level``, reseeded per decision from ``seed`` and the decision point.

    A bot that keeps one random stream decides differently when a decision is asked
    twice (a resync after a reconnect) or when other seats' answers arrive in another
    order. Seeding every decision from the decision point itself makes a network game,
    an interrupted one and a local replay take exactly the same decisions.
    """

    def __init__(self, level: str, seed=0):
        make_bot(level, seed=0)  # unknown levels fail here, not mid-game
        self.level = level
        self.seed = seed
        self.name = level

    def act(self, view: View) -> Action:
        return make_bot(self.level, seed=f"{self.seed}:{decision_key(view)}").act(view)
