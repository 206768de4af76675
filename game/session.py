"""Sessions: how a client (window, test, LAN peer) plays one seat, locally or over the network.

A Session hides where the authoritative engine runs. The client reads ``view``
(the latest ``rules.view.view`` for its seat), drains ``poll()`` for the events
its seat may see, and calls ``send(action)``. ``LocalSession`` runs the engine
in-process with bots in the other seats; netplay provides a network session with
the same interface. Clients never see the engine's state: what they show comes
from the view, its events and ``rules.advice``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .bots.core import Player
from .pacing import Pacing
from .rules import engine
from .rules.actions import Action, ActionError, from_json
from .rules.codes import ActionProblem
from .rules.events import Event
from .rules.match import Match
from .rules.state import HandState
from .rules.variants.base import Variant
from .rules.view import View, events_for, spectator_events, view


class Session:
    """The interface every client plays through."""

    seat: int | None = 0  # None: a spectator (demo mode) - views are taken from seat 0
    view: View | None = None
    error: str | None = None  # the last refusal or connection problem, for the UI to show
    error_code: str | None = None  # its code: an ActionProblem value locally, a protocol error code over the LAN
    names: list[str] | None = None  # the seats' names as the table shows them (None: not known yet)
    hands_total: int | None = None  # hands in the match (None: not known yet)
    # The table as a networked client knows it. An in-process session has no connection, so these keep their
    # defaults there: no per-seat connection facts, assists allowed, nobody dealing by timer, nobody watching.
    status: str = "local"  # over the LAN: "connecting", "seated", "watching", "reconnecting", "refused", "closed"
    connected: Sequence[bool] = ()  # per seat: a person's client is connected
    bots: Sequence[bool] = ()  # per seat: a bot plays it now
    held: Sequence[bool] = ()  # per seat: kept for a person who dropped
    assists: bool = True  # the table allows hints and the tile tracker
    next_s: float | None = None  # seconds after a hand before the host deals the next one by itself (None: never)
    watchers: int = 0  # how many watch the table
    watch: str = "off"  # what watchers see: "public", "open" (every hand) or "off" (none may watch)
    timeouts: int = 0  # decisions a LAN host made for this seat when its time ran out (a local timer is the window's)
    _pacing: Pacing | None = None

    @property
    def pacing(self) -> Pacing:
        """How this table paces its automatic participants (made on first use, so every session has one)."""
        if self._pacing is None:
            self._pacing = Pacing()
        return self._pacing

    def poll(self) -> list[Event]:
        """Events since the last call (already filtered for this seat); refreshes ``view``."""
        raise NotImplementedError

    def send(self, action: Action) -> None:
        """Submit this seat's decision. Illegal actions set ``error`` and change nothing."""
        raise NotImplementedError

    def tick(self) -> bool:
        """Let one automatic participant (a bot) act if one is due; True if anything happened."""
        return False

    def advance(self, now: float) -> bool:
        """``tick`` when the pacing allows a move at ``now`` (then the next one waits); True if anything happened."""
        if not self.pacing.due(now):
            return False
        acted = self.tick()
        if acted:
            self.pacing.moved(now)
        return acted

    def next_hand(self) -> None:
        """After a hand ended: deal the next one (no-op when the match is over)."""
        raise NotImplementedError

    def open_hands(self) -> list[list[int] | None] | None:
        """Concealed hands shown face up to a spectator (a local demo table shows every seat), else None."""
        return None

    @property
    def match_over(self) -> bool:
        raise NotImplementedError

    @property
    def totals(self) -> list[int]:
        raise NotImplementedError

    def match_record(self) -> dict[str, Any] | None:
        """The replayable record of the match so far (Match.to_json()), if this side has it."""
        return None

    def close(self) -> None:
        pass


class ReplayStop(ValueError):
    """A recorded move that does not replay: ``hand`` and ``move`` (both from 0) say where."""

    def __init__(self, hand: int, move: int, message: str):
        super().__init__(message)
        self.hand = hand
        self.move = move


class LocalSession(Session):
    """Engine in-process; ``players[seat]`` (the ``bots`` argument) plays every seat that is not ``seat``."""

    def __init__(self, variant: Variant, options: dict[str, Any] | None, seed: Any, hands: int,
                 bots: dict[int, Player], seat: int | None = 0, names: list[str] | None = None,
                 level_prompts: bool = False):
        self.match = Match(variant, options, seed, hands, level_prompts=level_prompts)
        self.variant = variant
        self.seat = seat
        self.players = bots
        self.names = names or [f"seat {i}" for i in range(self.match.n)]
        self.hands_total = hands
        self._events: list[Event] = []
        self.hand_records: list[dict[str, Any]] = []
        self._state: HandState | None = None
        self._deal()

    @property
    def n(self) -> int:
        return self.match.n

    def _viewer(self) -> int:
        return 0 if self.seat is None else self.seat

    def _deal(self) -> None:
        self._state, ev = self.match.start_hand()
        self._push(ev)

    def _push(self, events: list[Event]) -> None:
        assert self._state is not None
        self._events.extend(events_for(events, self._viewer()) if self.seat is not None else spectator_events(events))
        self.view = view(self._state, self._viewer())

    def poll(self) -> list[Event]:
        out, self._events = self._events, []
        return out

    def send(self, action: Action) -> None:
        if self.seat is None or action.seat != self.seat:
            self.error, self.error_code = "not your seat", ActionProblem.NO_DECISION
            return
        assert self._state is not None
        try:
            _st, ev = engine.apply(self._state, action)
        except ActionError as e:
            self.error, self.error_code = str(e), e.code
            return
        self.error = self.error_code = None
        self._push(ev)
        self._book()

    def fast_forward(self, hands_played: list[dict[str, Any]], in_progress: list[Any] | None = None) -> None:
        """Bring a fresh session (dealt its first hand, nothing played) to where a saved match stopped: every
        recorded hand is played again from the match's seed and its actions, then ``in_progress`` (the actions of
        the next hand so far; None: the session stays on the last recorded hand's end, its settlement). Nothing
        of it is shown as events. ValueError (naming the hand and the move) when the record does not fit."""
        if self.match.hand_no or self.match.records or (self._state is not None and self._state.log):
            raise ValueError("only a fresh session can be brought forward")
        for i, rec in enumerate(hands_played):
            if i:
                self._deal()
            st = self._state
            assert st is not None
            if rec.get("dealer", st.dealer) != st.dealer:
                raise ValueError(f"hand {i + 1}: recorded dealer {rec.get('dealer')} but the rules give {st.dealer}")
            self._replay(i, rec.get("actions", []))
            if st.end is None:
                raise ValueError(f"hand {i + 1}: the moves end before the hand is over")
            self._book()
        if in_progress is not None and self.match.hand_no < self.match.hands_total:
            if hands_played:
                self._deal()
            self._replay(len(hands_played), in_progress)
            self._book()
        self._events = []
        assert self._state is not None
        self.view = view(self._state, self._viewer())

    def _replay(self, hand: int, actions: list[Any]) -> None:
        assert self._state is not None
        for j, item in enumerate(actions):
            try:
                engine.apply(self._state, from_json(item))
            except Exception as e:  # noqa: BLE001 - a damaged record: reported with its position
                raise ReplayStop(hand, j, f"hand {hand + 1}, move {j + 1} {item}: {e}") from None

    def results(self) -> list[dict[str, Any]]:
        """The settlement of every hand this session has played to its end, as the seat's view showed it."""
        return [dict(view(rec["_state"], self._viewer())["result"]) for rec in self.hand_records]

    def in_progress(self) -> list[Any] | None:
        """The actions of the hand under way (None between hands: the last one ended and no next one is dealt)."""
        st = self._state
        if st is None or st.end is not None:
            return None
        return [a.to_json() for a in st.log]

    def bot_due(self) -> int | None:
        """The seat of a bot with a decision now, or None."""
        st = self._state
        if st is None or st.end is not None:
            return None
        for s in engine.acting_seats(st):
            if s != self.seat and s in self.players and engine.legal_actions(st, s):
                return s
        return None

    def tick(self) -> bool:
        s = self.bot_due()
        if s is None:
            return False
        assert self._state is not None
        a = self.players[s].act(view(self._state, s))
        _st, ev = engine.apply(self._state, a)
        self._push(ev)
        self._book()
        return True

    def _book(self) -> None:
        st = self._state
        booked = bool(self.hand_records) and self.hand_records[-1]["_state"] is st
        if st is not None and st.end is not None and not booked:
            rec = dict(self.match.finish_hand())
            rec["_state"] = st
            self.hand_records.append(rec)

    def next_hand(self) -> None:
        if self.hand_over and not self.match_over:
            self._deal()

    def open_hands(self) -> list[list[int] | None] | None:
        """A spectator sees every concealed hand (the viewer's seat 0 is already in the view)."""
        if self.seat is not None or self._state is None:
            return None
        return [None if i == self._viewer() else sorted(s.concealed()) for i, s in enumerate(self._state.seats)]

    @property
    def hand_over(self) -> bool:
        return self._state is not None and self._state.end is not None

    @property
    def match_over(self) -> bool:
        return self.match.hand_no >= self.match.hands_total and self.hand_over

    @property
    def totals(self) -> list[int]:
        return list(self.match.scores)

    def match_record(self) -> dict[str, Any]:
        return self.match.to_json()
