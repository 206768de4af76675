"""The window's LAN seat: a NetSession that keeps what the lobby read for the table, and shows the host's notices."""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.events import Event
from game.ui.app import App
from game.ui.kit import hostmsg, strings
from game.ui.kit.names import shown
from netplay.client import NetSession
from netplay.store import SeatStore


class LobbySession(NetSession):
    """A ``NetSession`` whose early events (read while in the lobby, ``prefetch``) ``poll`` hands to the table scene
    first. It also shows the host's notices (the disk is full, a bot plays a dropped seat) as toasts."""

    def __init__(self, host: str, port: int, name: str, table_id: str | None = None, password: str | None = None,
                 token: str | None = None, *, seat: int | None = None, seats: SeatStore | None = None,
                 app: App | None = None, expect: str | None = None, accept_new_key: bool = False) -> None:
        self._buffer: list[Event] = []
        self._app = app
        self._seen = 0  # notices already shown
        super().__init__(host, port, name, table_id, password, token, seat=seat, seats=seats, expect=expect,
                         accept_new_key=accept_new_key)

    def poll(self) -> list[Event]:
        out = self._buffer + super().poll()
        self._buffer = []
        self._notices()
        return out

    def prefetch(self) -> None:
        self._buffer.extend(super().poll())
        self._notices()

    def _notices(self) -> None:
        got = self.notices
        for code, msg, seat in got[self._seen:]:
            if self._app is not None:
                self._app.notice(notice_text(code, msg, seat, self.names, self.seat), 6)
        self._seen = len(got)


def notice_text(code: str, msg: str, seat: int | None, names: Sequence[str | None], me: int | None = None) -> str:
    """A host notice in the UI language, from its code (see game.ui.kit.hostmsg); ``me``: this window's seat."""
    if code == "timed_out" and seat is not None and seat == me:
        return strings.tr("lan.code.timed_out_you")
    who = (names[seat] if seat is not None and seat < len(names) else None) or \
        strings.tr("bot.name", i=(seat or 0) + 1)
    if code == "shuffle" and not strings.is_zh():  # what the check found, in its English words
        return strings.tr("lan.shuffle_bad", why=msg.split(": ", 1)[-1])
    return hostmsg.code_text(code, msg, who=shown(who))
