"""What a LAN host and the network tell the player, in the UI language: host codes, connection states, socket errors.

The host sends every refusal, goodbye and notice with a stable code (``netplay.protocol``) and an English text
for logs; the window shows the code's text from ``strings`` (keys ``lan.code.<code>``). The client's own
states (reconnecting, host unreachable, connection lost) and the operating system's socket errors are
named here too, so no English sentence reaches a Chinese window.
"""

from __future__ import annotations

import errno
from typing import Protocol

from game.ui.kit import strings


class Failing(Protocol):
    """What a session says about its last problem (``game.session.Session`` declares both)."""

    @property
    def error(self) -> str | None: ...
    @property
    def error_code(self) -> str | None: ...


class Connecting(Failing, Protocol):
    """A LAN session as the lobby and the watcher's screen follow it: its state and the host it talks to."""

    @property
    def status(self) -> str: ...  # connecting, seated or watching, reconnecting, refused, closed
    @property
    def addr(self) -> tuple[str, int]: ...

# the client's own conditions, told by the English text it keeps when it has no host code for them
CLIENT_TEXTS = (
    ("cannot reach the host", "unreachable"),
    ("the connection to the host was lost", "lost"),
    ("connection to the host lost", "reconnecting"),
    ("not your seat", "not_your_seat"),
)

# socket errors by errno -> key in strings
OS_ERRORS = {
    errno.ECONNREFUSED: "net.refused",
    errno.EHOSTUNREACH: "net.unreachable",
    errno.ENETUNREACH: "net.unreachable",
    errno.ETIMEDOUT: "net.timeout",
    errno.EADDRINUSE: "net.in_use",
    errno.EADDRNOTAVAIL: "net.no_address",
    errno.ECONNRESET: "net.reset",
    errno.EACCES: "net.denied",
    errno.EPERM: "net.denied",
}


def code_text(code: str | None, msg: str | None = None, **fmt: object) -> str:
    """The text for a host or client code in the UI language (a code this build does not know: its name)."""
    key = f"lan.code.{code}"
    if code and key in strings.S:
        return strings.tr(key, **fmt)
    if code is None and msg:
        for prefix, known in CLIENT_TEXTS:
            if msg.startswith(prefix):
                return code_text(known)
    return strings.tr("lan.code.unknown", code=code or "?")


def session_text(session: Failing) -> str | None:
    """Why a LAN session failed or what it is doing about it, from its code (None when all is well). A session that
    has given up never says it is still reconnecting: the words follow its status."""
    code, msg = session.error_code, session.error
    if code is None and not msg:
        return None
    status = getattr(session, "status", None)
    gave_up = status in ("closed", "refused")
    if code == "reconnecting" or (code is None and msg and msg.startswith("connection to the host lost")):
        return code_text("lost") if gave_up else code_text("reconnecting")
    if code == "lost" and msg and "did not come back" in msg:
        n = getattr(session, "reconnect_s", None)
        return strings.tr("lan.gone_after", n=f"{n:g}") if isinstance(n, (int, float)) else code_text("gone")
    if code == "host_key":
        change = getattr(session, "key_change", None)
        if change:
            return strings.tr("lan.host_key_changed", name=getattr(session, "host_name", "") or "?",
                              old=short(change[0]), new=short(change[1]))
        return code_text("host_key")
    if code == "full" and msg and "held" in msg:
        return code_text("full_held")
    if code == "shuffle" and not strings.is_zh():
        return strings.tr("lan.shuffle_bad", why=(msg or "").split(": ", 1)[-1])
    return code_text(code, msg)


def short(host_id: str) -> str:
    """A host key's short fingerprint as players compare it (``netplay.channel.short``): ``abcd-ef01``."""
    return f"{host_id[:4]}-{host_id[4:8]}" if len(host_id) >= 8 else host_id


def os_error_text(e: BaseException) -> str:
    """A socket or system error in the UI language: the kind of failure, then the system's code (ECONNREFUSED)."""
    no = getattr(e, "errno", None)
    key = OS_ERRORS.get(no) if isinstance(no, int) else None
    name = errno.errorcode.get(no, "") if isinstance(no, int) else ""
    if key is not None:
        return strings.tr(key) + (f" ({name})" if name else "")
    if isinstance(e, ValueError):
        return strings.tr("net.bad_address")
    return strings.tr("net.other", code=name or type(e).__name__)
