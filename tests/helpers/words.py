"""The rules core's messages in words, for tests that pin the exact lines a player reads (game.i18n renders them)."""

from __future__ import annotations

from typing import Any

from game import i18n
from game.rules import tiles


def zh(m: Any) -> str:
    """A message (a settlement line, a note, a pattern's name) in 中文; no message is ""."""
    return i18n.render(m, "zh") if m is not None else ""


def en(m: Any) -> str:
    """The same in English."""
    return i18n.render(m, "en") if m is not None else ""


def tile_zh(t: int) -> str:
    return i18n.text(f"rules.tile.{tiles.name(t)}", "zh")


def tile_en(t: int) -> str:
    return i18n.text(f"rules.tile.{tiles.name(t)}", "en")
