"""A winning situation judged in isolation (the ``score`` input), and its result."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import tiles as T
from .codes import Refusal, text
from .kinds import WinBy
from .state import Meld

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
        out = T.from_counts(self.counts)
        for m in self.melds:
            out.extend(m.tiles)
        return out


@dataclass
class Pattern:
    key: str
    name: str  # Chinese name as in shared/rules
    value: int
    name_en: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "name": self.name, "value": self.value}


@dataclass
class Score:
    """The result of scoring one situation; an invalid one says why with ``refusal``."""

    valid: bool
    patterns: list[Pattern] = field(default_factory=list)
    total: int = 0
    payments: dict[int, int] = field(default_factory=dict)  # payer seat -> points for the hand
    refusal: Refusal | None = None  # set exactly when not valid
    info: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The ``score`` command's output object (shared/spec/cli.md)."""
        if not self.valid:
            return {"valid": False, "reason": text(self.refusal or Refusal.NOT_A_WIN)}
        return {
            "valid": True,
            "patterns": [p.to_json() for p in self.patterns],
            "total": self.total,
            "payments": {str(k): v for k, v in sorted(self.payments.items())},
        }

    @property
    def label(self) -> str:
        return " ".join(p.name for p in self.patterns)

    @property
    def label_en(self) -> str:
        return " ".join(p.name_en or p.key for p in self.patterns)

    @property
    def main_key(self) -> str:
        return self.patterns[0].key if self.patterns else "hu"


def refused(code: Refusal) -> Score:
    """An invalid Score with its refusal code."""
    return Score(False, refusal=code)
