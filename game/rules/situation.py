"""A winning situation judged in isolation (the ``score`` input), and its result."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import tiles
from .codes import Refusal
from .kinds import WinBy
from .state import Meld
from .texts import Msg

# Flags a situation may carry (see shared/spec/cli.md).
FLAGS = ("after_kong", "double_kong", "last_tile", "tian_hu", "di_hu", "declared_ready",
         "discarder_declared", "hot", "shi_feng", "shi_san_yao")


@dataclass
class Situation:
    variant: str
    options: dict[str, Any]
    n: int
    dealer: int
    seat: int
    counts: list[int]  # concealed tiles, the winning tile included
    melds: list[Meld]
    win_tile: int
    how: WinBy
    source: int | None = None  # discarder / robbed seat
    flags: frozenset[str] = frozenset()
    wildcard: int | None = None
    kong_draws: tuple[int, ...] = ()
    dealer_streak: int = 0
    extra: dict[str, Any] = field(default_factory=dict)  # variant facts (e.g. has_pass, beans)

    @property
    def self_drawn(self) -> bool:
        return self.how == WinBy.SELF_DRAW

    def all_tiles(self) -> list[int]:
        out = tiles.from_counts(self.counts)
        for m in self.melds:
            out.extend(m.tiles)
        return out


@dataclass
class Pattern:
    key: str
    value: int
    text: Msg  # its name: the catalog key pattern.<table>.<key> (event.<table>.<key> for a chicken event)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "value": self.value, "text": self.text.to_json()}


def pattern(table: str, key: str, value: int, kind: str = "pattern") -> Pattern:
    """The pattern ``key`` of the scoring table ``table`` (wenshan, yuxi, guiyang, zhuoji) worth ``value``."""
    return Pattern(key, value, Msg(f"rules.{kind}.{table}.{key}"))


@dataclass
class Score:
    """The result of scoring one situation; an invalid one says why with ``refusal``."""

    valid: bool
    patterns: list[Pattern] = field(default_factory=list)
    total: int = 0
    payments: dict[int, int] = field(default_factory=dict)  # payer seat -> points for the hand
    refusal: Refusal | None = None  # set exactly when not valid
    info: dict[str, Any] = field(default_factory=dict)

    @property
    def names(self) -> tuple[Msg, ...]:
        """The patterns' names, in order (a settlement line lists them)."""
        return tuple(p.text for p in self.patterns)

    @property
    def main_key(self) -> str:
        return self.patterns[0].key if self.patterns else "hu"


def refused(code: Refusal) -> Score:
    """An invalid Score with its refusal code."""
    return Score(False, refusal=code)
