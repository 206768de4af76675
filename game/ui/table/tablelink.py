"""What a LAN table shows about the others: the host connection, each seat's player, the next deal's countdown.

``TableLink.update(session, view, now)`` reads the session's public attributes
(``Linked``: ``status``, ``error``, ``connected``/``bots``/``held`` per seat, ``next_s``) and
returns the notices to show now. A problem is announced each time it starts (a
second drop after a reconnect is told again), and a lost host becomes a state the
table draws with what to do, not a toast that fades.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

OK, RECONNECTING, LOST = "ok", "reconnecting", "lost"
HERE, DROPPED, LEFT = "here", "dropped", "left"


class Linked(Protocol):
    """What the table follows of a session (``game.session.Session`` declares it; a local one keeps the defaults)."""

    @property
    def status(self) -> str: ...
    @property
    def error(self) -> str | None: ...
    @property
    def connected(self) -> Sequence[bool]: ...
    @property
    def bots(self) -> Sequence[bool]: ...
    @property
    def held(self) -> Sequence[bool]: ...
    @property
    def next_s(self) -> float | None: ...
    @property
    def match_over(self) -> bool: ...


@dataclass
class SeatState:
    """A seat as its plate shows it: ``who`` is here / dropped (seat kept) / left, ``bot`` a bot plays it now."""

    who: str
    bot: bool

    def key(self) -> str | None:
        """The strings key of the plate's status line, None for a player at the table."""
        if self.who == HERE:
            return None
        if self.bot:
            return "seat.bot_plays"
        return "seat.dropped" if self.who == DROPPED else "seat.left"


@dataclass
class TableLink:
    lan: bool
    me: int
    state: str = OK
    since: float = 0.0  # app time the current state began
    message: str = ""  # the session's own words for a lost connection
    seats: dict[int, SeatState] = field(default_factory=dict)
    people: set[int] = field(default_factory=set)  # seats a person has been seen in
    hand_end: float | None = None  # app time the current hand was seen to end
    _last_hand: object = None

    def update(self, session: Linked, view: dict | None, now: float, poll_error: str | None = None) -> list[str]:
        """Follow the session; returns the keys of notices to show (each problem once, as it starts)."""
        if not self.lan:
            return []
        out: list[str] = []
        status = session.status
        new = self.state
        if poll_error is not None or status in ("closed", "refused"):
            new = LOST
        elif status == "reconnecting":
            new = RECONNECTING
        elif status == "seated":
            new = OK
        if new != self.state:
            if new == RECONNECTING:
                out.append("link.reconnecting")
            elif new == OK and self.state == RECONNECTING:
                out.append("link.back")
            elif new == LOST:
                self.message = poll_error or session.error or ""
            if self.state != LOST:  # a lost table stays lost (the session has given up)
                self.state, self.since = new, now
        self._seats(session)
        self._hand_end(view, now)
        return out

    def _seats(self, session: Linked) -> None:
        connected, bots, held = session.connected, session.bots, session.held
        self.seats = {}
        for i, on in enumerate(connected):
            if i == self.me:
                continue
            if on:
                self.people.add(i)
                continue
            if i not in self.people:
                continue  # a seat the host gave a bot from the start
            bot = i < len(bots) and bool(bots[i])
            self.seats[i] = SeatState(DROPPED if i < len(held) and held[i] else LEFT, bot)

    def _hand_end(self, view: dict | None, now: float) -> None:
        key = (view.get("hand_no"), view.get("phase") == "end") if view else None
        if key != self._last_hand:
            self._last_hand = key
            self.hand_end = now if key is not None and key[1] else None

    def next_deal_in(self, session: Linked, now: float) -> int | None:
        """Whole seconds until the host deals the next hand on its own (None: not between hands)."""
        if not self.lan or self.hand_end is None or session.match_over:
            return None
        next_s = session.next_s
        if next_s is None:
            return None
        return max(0, int(self.hand_end + float(next_s) - now + 0.999))

    def seat_key(self, seat: int) -> str | None:
        st = self.seats.get(seat)
        return st.key() if st is not None else None
