"""The named kinds of the rules: one string enum per concept, valued by the wire strings.

"discard" is an action, a claim window and a way of winning: three concepts, so
three enums (``ActionKind.DISCARD``, ``WindowKind.DISCARD``, ``WinBy.DISCARD``).
Members are ``str`` (they compare, hash, format and serialize as their value, so
JSON, msgpack, saved matches and scenario files read exactly as before), and their
``repr`` is the value's too: keys built with ``repr`` (the LAN seat bots' decision
key, the view's change counter) and error texts stay byte-identical.
"""

from __future__ import annotations

from enum import StrEnum


class WireName(StrEnum):
    """A StrEnum whose repr is its value's (see the module docstring)."""

    __repr__ = str.__repr__  # the C slot: repr-built keys are hot (view versions)


class ActionKind(WireName):
    """What a seat decides (``Action.kind``)."""

    DISCARD = "discard"
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    HU = "hu"
    PASS = "pass"
    DECLARE = "declare_ready"  # 报听


class MeldKind(WireName):
    """An exposed set, or a concealed kong (named as in the ``score`` input format)."""

    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"  # a kong on a discard
    ADDED_KONG = "added_kong"
    CONCEALED_KONG = "concealed_kong"


KONG_KINDS = frozenset((MeldKind.KONG, MeldKind.ADDED_KONG, MeldKind.CONCEALED_KONG))


class Phase(WireName):
    """Where the hand stands (``HandState.phase``; a view adds ``WAIT``)."""

    TURN = "turn"  # state.turn must discard / may win or kong
    DECLARE = "declare"  # the discarder may declare ready (报听)
    CLAIM = "claim"  # others answer a discard
    ROB = "rob"  # others may rob an added kong
    END = "end"
    WAIT = "wait"  # views only: a claim window this seat is not asked in


class WinBy(WireName):
    """The way a hand is won (``Win.how``, the ``score`` input's ``win``)."""

    SELF_DRAW = "self_draw"
    DISCARD = "discard"
    ROB_KONG = "rob_kong"


class WindowKind(WireName):
    """What a claim window answers (``ClaimWindow.kind``, a view's ``offer.kind``)."""

    DISCARD = "discard"
    ROB = "rob"  # an added kong that may be robbed


class HandEnd(WireName):
    """How a hand ended (``HandState.end``)."""

    WIN = "win"
    DRAW = "draw"
