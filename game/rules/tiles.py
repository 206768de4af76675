"""Tile kinds, tile sets and the m/p/s/z notation (parse and format)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

# A tile kind is an int 0..33: 0-8 万 (m), 9-17 筒 (p), 18-26 条 (s),
# 27-33 honors 1z 东 2z 南 3z 西 4z 北 5z 白 6z 发 7z 中.
NUM_KINDS = 34
MAN, PIN, SOU, HONOR = 0, 1, 2, 3
SUIT_CHARS = "mpsz"

EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
ONE_SOU = 18  # 幺鸡 1s
EIGHT_PIN = 16  # 乌骨鸡 8p
FIVE_PIN = 13  # 五梅花 5p



class NotationError(ValueError):
    """Raised for text that is not valid m/p/s/z tile notation."""


def tile(text: str) -> int:
    """Parse a single tile such as ``"5p"`` or ``"7z"``."""
    tiles = parse(text)
    if len(tiles) != 1:
        raise NotationError(f"expected one tile, got {text!r}")
    return tiles[0]


def suit_of(t: int) -> int:
    return t // 9


def number_of(t: int) -> int:
    """1-9 for suited tiles, 1-7 for honors."""
    return t % 9 + 1


def make(number: int, suit: int) -> int:
    return suit * 9 + number - 1


def is_honor(t: int) -> bool:
    return t >= 27


def is_terminal(t: int) -> bool:
    return t < 27 and t % 9 in (0, 8)


def is_terminal_or_honor(t: int) -> bool:
    return t >= 27 or t % 9 in (0, 8)


_TOKEN = re.compile(r"\s*([0-9]+)([mpsz])\s*")


def parse(text: str) -> list[int]:
    """Parse notation like ``"123m456p11z"`` or ``"9p9p4m"`` into tile kinds.

    Order is preserved. Raises NotationError naming the offending part.
    """
    if not isinstance(text, str):
        raise NotationError(f"tile notation must be a string, got {type(text).__name__}")
    out: list[int] = []
    pos = 0
    s = text.strip()
    while pos < len(s):
        m = _TOKEN.match(s, pos)
        if not m:
            rest = s[pos:]
            bad = re.match(r"\s*\S{1,6}", rest)
            part = bad.group(0).strip() if bad else rest
            if re.fullmatch(r"[0-9]+", rest.strip()):
                raise NotationError(f"digits {rest.strip()!r} in {text!r} have no suit letter (m/p/s/z)")
            raise NotationError(f"bad tile notation {part!r} in {text!r} (write tiles like 123m456p7z)")
        digits, suit = m.group(1), m.group(2)
        for d in digits:
            n = int(d)
            if suit == "z":
                if not 1 <= n <= 7:
                    raise NotationError(f"honor {d}z in {text!r} does not exist (1z-7z: 东南西北白发中)")
            elif n == 0:
                raise NotationError(f"tile 0{suit} in {text!r} does not exist (numbers are 1-9)")
            out.append(SUIT_CHARS.index(suit) * 9 + n - 1)
        pos = m.end()
    return out


def fmt(tiles: Iterable[int], sort: bool = False) -> str:
    """Format tiles in compact notation; consecutive tiles of a suit share one letter."""
    seq = sorted(tiles) if sort else list(tiles)
    parts: list[str] = []
    cur_suit = None
    digits = ""
    for t in seq:
        if not 0 <= t < NUM_KINDS:
            raise NotationError(f"not a tile kind: {t!r}")
        s = SUIT_CHARS[t // 9]
        if s != cur_suit and cur_suit is not None:
            parts.append(digits + cur_suit)
            digits = ""
        cur_suit = s
        digits += str(t % 9 + 1)
    if cur_suit is not None:
        parts.append(digits + cur_suit)
    return "".join(parts)


def name(t: int) -> str:
    """Single-tile notation, e.g. ``"5p"``."""
    return f"{t % 9 + 1}{SUIT_CHARS[t // 9]}"


def counts(tiles: Iterable[int]) -> list[int]:
    """34-entry count vector of a tile list."""
    c = [0] * NUM_KINDS
    for t in tiles:
        c[t] += 1
    return c


def from_counts(c: Sequence[int]) -> list[int]:
    out: list[int] = []
    for t, n in enumerate(c):
        out.extend([t] * n)
    return out


def tile_set(kinds: Iterable[int], copies: int = 4) -> list[int]:
    """A physical tile set: ``copies`` of every kind given, sorted."""
    out: list[int] = []
    for k in sorted(kinds):
        out.extend([k] * copies)
    return out


SUITED = tuple(range(27))
HONORS = tuple(range(27, 34))
ALL_KINDS = tuple(range(34))
