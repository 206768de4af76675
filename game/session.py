"""Sessions: how a client (window, test, LAN peer) plays one seat, locally or over the network.

A Session hides where the authoritative engine runs. The client reads ``view``
(the latest ``rules.view.view`` dict for its seat), drains ``poll()`` for the
events its seat may see, and calls ``send(action)``. ``LocalSession`` runs the
engine in-process with bots in the other seats; netplay provides a network
session with the same interface.
"""

from __future__ import annotations

from typing import Any

from .rules import engine as E
from .rules.actions import Action, ActionError
from .rules.match import Match
from .rules.view import events_for, view


class Session:
    """The interface every client plays through."""

    seat: int | None = 0  # None: a spectator (demo mode) - views are taken from seat 0 with all hands shown
    view: dict | None = None
    error: str | None = None  # the last refusal or connection problem, for the UI to show

    def poll(self) -> list[dict]:
        """Events since the last call (already filtered for this seat); refreshes ``view``."""
        raise NotImplementedError

    def send(self, action: Action) -> None:
        """Submit this seat's decision. Illegal actions set ``error`` and change nothing."""
        raise NotImplementedError

    def tick(self) -> bool:
        """Let one automatic participant (a bot) act if one is due; True if anything happened."""
        return False

    def next_hand(self) -> None:
        """After a hand ended: deal the next one (no-op when the match is over)."""
        raise NotImplementedError

    @property
    def match_over(self) -> bool:
        raise NotImplementedError

    @property
    def totals(self) -> list[int]:
        raise NotImplementedError

    def match_record(self) -> dict | None:
        """The replayable record of the match so far (Match.to_json()), if this side has it."""
        return None

    def close(self) -> None:
        pass


class LocalSession(Session):
    """Engine in-process; ``bots[seat]`` plays every seat that is not ``seat`` (the human)."""

    def __init__(self, variant, options: dict | None, seed: Any, hands: int, bots: dict, seat: int | None = 0,
                 names: list[str] | None = None):
        self.match = Match(variant, options, seed, hands)
        self.variant = variant
        self.seat = seat
        self.bots = bots
        self.names = names or [f"seat {i}" for i in range(self.match.n)]
        self._events: list[dict] = []
        self.hand_records: list[dict] = []
        self.state = None
        self._deal()

    @property
    def n(self) -> int:
        return self.match.n

    def _viewer(self) -> int:
        return 0 if self.seat is None else self.seat

    def _deal(self) -> None:
        self.state, ev = self.match.start_hand()
        self._push(ev)

    def _push(self, events: list) -> None:
        self._events.extend(events_for(events, self._viewer()) if self.seat is not None else
                            [{k: v for k, v in e.items() if k not in ("secret", "to")} for e in events])
        self.view = view(self.state, self._viewer())

    def poll(self) -> list[dict]:
        out, self._events = self._events, []
        return out

    def send(self, action: Action) -> None:
        if self.seat is None or action.seat != self.seat:
            self.error = "not your seat"
            return
        try:
            _st, ev = E.apply(self.state, action)
        except ActionError as e:
            self.error = str(e)
            return
        self.error = None
        self._push(ev)
        self._book()

    def bot_due(self) -> int | None:
        """The seat of a bot with a decision now, or None."""
        st = self.state
        if st is None or st.end is not None:
            return None
        for s in E.acting_seats(st):
            if s != self.seat and s in self.bots and E.legal_actions(st, s):
                return s
        return None

    def tick(self) -> bool:
        s = self.bot_due()
        if s is None:
            return False
        a = self.bots[s].act(view(self.state, s))
        _st, ev = E.apply(self.state, a)
        self._push(ev)
        self._book()
        return True

    def _book(self) -> None:
        if self.state.end is not None and (not self.hand_records or self.hand_records[-1]["_state"] is not self.state):
            rec = dict(self.match.finish_hand())
            rec["_state"] = self.state
            self.hand_records.append(rec)

    def next_hand(self) -> None:
        if self.state is not None and self.state.end is not None and not self.match_over:
            self._deal()

    @property
    def hand_over(self) -> bool:
        return self.state is not None and self.state.end is not None

    @property
    def match_over(self) -> bool:
        return self.match.hand_no >= self.match.hands_total and self.hand_over

    @property
    def totals(self) -> list[int]:
        return list(self.match.scores)

    def match_record(self) -> dict:
        return self.match.to_json()
