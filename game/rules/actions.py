"""Player decisions (Action) and their text/JSON form used by replays and the network."""

from __future__ import annotations

from typing import NamedTuple

from . import tiles as T

DISCARD = "discard"
CHOW = "chow"
PUNG = "pung"
KONG = "kong"
HU = "hu"
PASS = "pass"
DECLARE = "declare_ready"

KINDS = (DISCARD, CHOW, PUNG, KONG, HU, PASS, DECLARE)


class ActionError(ValueError):
    """An action that is malformed or not legal at this point."""


class Action(NamedTuple):
    """One decision by one seat.

    ``tile``: the discarded tile, or the face of a concealed/added kong (None for a
    kong on a discard). ``tiles``: for a chow, the physical tiles of the meld in
    face order (the claimed tile included), e.g. (3m, 4m, 5m) or (3m, wildcard, 5m).
    """

    seat: int
    kind: str
    tile: int | None = None
    tiles: tuple[int, ...] | None = None

    def to_json(self) -> list:
        out: list = [self.seat, self.kind]
        if self.kind == CHOW and self.tiles:
            out.append(T.fmt(self.tiles))
        elif self.tile is not None:
            out.append(T.name(self.tile))
        return out

    def __str__(self) -> str:
        return " ".join(str(x) for x in self.to_json())


def from_json(item) -> Action:
    """Parse ``[seat, kind, arg?]`` (the scenario format). Raises ActionError."""
    if not isinstance(item, (list, tuple)) or not 2 <= len(item) <= 3:
        raise ActionError(f"an action is [seat, kind] or [seat, kind, tiles], got {item!r}")
    seat, kind = item[0], item[1]
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise ActionError(f"action seat must be an integer, got {seat!r}")
    if kind not in KINDS:
        raise ActionError(f"unknown action {kind!r} (one of {', '.join(KINDS)})")
    arg = item[2] if len(item) == 3 else None
    if arg is None:
        if kind in (DISCARD, CHOW):
            raise ActionError(f"{kind} needs tiles, e.g. [{seat}, {kind!r}, {'345m' if kind == CHOW else '5p'!r}]")
        return Action(seat, kind)
    if kind not in (DISCARD, CHOW, KONG):
        raise ActionError(f"{kind} takes no tiles, got {arg!r}")
    try:
        parsed = T.parse(arg)
    except T.NotationError as e:
        raise ActionError(str(e)) from None
    if kind == CHOW:
        if len(parsed) != 3:
            raise ActionError(f"chow needs three tiles, got {arg!r}")
        return Action(seat, kind, None, tuple(parsed))
    if len(parsed) != 1:
        raise ActionError(f"{kind} takes one tile, got {arg!r}")
    return Action(seat, kind, parsed[0])
