"""Player decisions (Action), their errors, and their notation ``[seat, kind, tiles?]``.

The notation is the scenario and saved-match format (shared/spec/cli.md); the LAN
protocol sends actions in it too (``netplay.protocol`` does the encoding of views).
"""

from __future__ import annotations

from typing import NamedTuple, cast

from . import tiles
from .codes import ActionProblem
from .kinds import ActionKind

# The action kinds by their short names (the ActionKind members themselves).
DISCARD = ActionKind.DISCARD
CHOW = ActionKind.CHOW
PUNG = ActionKind.PUNG
KONG = ActionKind.KONG
HU = ActionKind.HU
PASS = ActionKind.PASS
DECLARE = ActionKind.DECLARE

KINDS: tuple[ActionKind, ...] = tuple(ActionKind)

ActionJSON = list[int | str]  # [seat, kind] or [seat, kind, tiles]


class ActionError(ValueError):
    """An action that was not applied; ``code`` says why (an ``ActionProblem``)."""

    code: ActionProblem = ActionProblem.NOT_LEGAL

    def __init__(self, msg: str, code: ActionProblem | None = None) -> None:
        super().__init__(msg)
        if code is not None:
            self.code = code


class InvalidActionError(ActionError):
    """Malformed: not an action at all (bad notation, unknown kind, wrong tiles)."""

    code = ActionProblem.MALFORMED


class IllegalActionError(ActionError):
    """Well-formed, but not legal at this point (the hand is over, not this seat's decision, not offered)."""


class Action(NamedTuple):
    """One decision by one seat.

    ``tile``: the discarded tile, or the face of a concealed/added kong (None for a
    kong on a discard). ``tiles``: for a chow, the physical tiles of the meld in
    face order (the claimed tile included), e.g. (3m, 4m, 5m) or (3m, wildcard, 5m).
    """

    seat: int
    kind: ActionKind
    tile: int | None = None
    tiles: tuple[int, ...] | None = None

    def to_json(self) -> ActionJSON:
        """The notation form ``[seat, kind]`` / ``[seat, kind, tiles]`` (plain strings)."""
        out: ActionJSON = [self.seat, str(self.kind)]
        if self.kind == CHOW and self.tiles:
            out.append(tiles.fmt(self.tiles))
        elif self.tile is not None:
            out.append(tiles.name(self.tile))
        return out

    def __str__(self) -> str:
        return " ".join(str(x) for x in self.to_json())


def from_json(item: object) -> Action:
    """Parse ``[seat, kind, arg?]`` (the scenario format). Raises InvalidActionError."""
    if not isinstance(item, (list, tuple)) or not 2 <= len(item) <= 3:
        raise InvalidActionError(f"an action is [seat, kind] or [seat, kind, tiles], got {item!r}")
    seat, raw = item[0], item[1]
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise InvalidActionError(f"action seat must be an integer, got {seat!r}")
    if raw not in KINDS:
        raise InvalidActionError(f"unknown action {raw!r} (one of {', '.join(KINDS)})")
    kind = ActionKind(raw)
    arg = item[2] if len(item) == 3 else None
    if arg is None:
        if kind in (DISCARD, CHOW):
            raise InvalidActionError(
                f"{kind} needs tiles, e.g. [{seat}, {kind!r}, {'345m' if kind == CHOW else '5p'!r}]")
        return Action(seat, kind)
    if kind not in (DISCARD, CHOW, KONG):
        raise InvalidActionError(f"{kind} takes no tiles, got {arg!r}")
    try:
        parsed = tiles.parse(cast(str, arg))  # parse names a non-string itself
    except tiles.NotationError as e:
        raise InvalidActionError(str(e)) from None
    if kind == CHOW:
        if len(parsed) != 3:
            raise InvalidActionError(f"chow needs three tiles, got {arg!r}")
        return Action(seat, kind, None, tuple(parsed))
    if len(parsed) != 1:
        raise InvalidActionError(f"{kind} takes one tile, got {arg!r}")
    return Action(seat, kind, parsed[0])
