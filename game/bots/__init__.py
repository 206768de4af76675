"""Bots: players that get a seat's view and return a legal action.

The package has two axes and its tools (docs/bots.md has the map):

- levels: ``easy`` 新手, ``normal`` 熟手, ``strong`` 高手 (``Expert``, the base of the per-variant
  experts ``strong_chicken``, ``strong_wenshan``, ``strong_yuxi`` with ``strong_yuxi_claims``);
  ``levels`` makes them by name;
- variants: ``variant`` (the strategy base every level reads) and ``variant_chicken``,
  ``variant_wenshan``, ``variant_yuxi``; ``variants`` makes them by variant id;
- tools: ``core`` and ``ctx`` (the framework), ``shanten``, ``hand_math``, ``hand_value``,
  ``win_chances``, ``rollouts``, ``read``, ``danger``, ``advantage``, ``runner``, and the tool bot ``simple``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .core import Player

DEFAULT_LEVEL = "normal"  # 熟手: the bot a table gets when nobody names one


def default_level() -> str:
    """The bot level seats get when none is named (the CLI's ``sim``/``join``, LAN tables)."""
    return DEFAULT_LEVEL


def _caches() -> dict[str, tuple[Callable[[], int], Callable[[], None]]]:
    """Each capped bot cache by name: how many entries it holds, and how to empty it (one list for both)."""
    from . import hand_value, shanten, win_chances

    return {"improving": (lambda: len(shanten._IMPROVE), shanten._IMPROVE.clear),
            "win_chance": (lambda: win_chances.win_chance.cache_info().currsize, win_chances.win_chance.cache_clear),
            "chain": (lambda: hand_value.chain.cache_info().currsize, hand_value.chain.cache_clear)}


def bot_caches() -> dict[str, int]:
    """Entries in the bots' capped caches (they persist across decisions and hands, which is their point)."""
    return {name: size() for name, (size, _) in _caches().items()}


def clear_caches() -> None:
    """Empty the bots' capped caches: they refill as bots decide (the same answers, only slower at first)."""
    for _, clear in _caches().values():
        clear()


def make_bot(level: str, seed: object = 0) -> Player:
    """A bot by level name: ``easy`` 新手, ``normal`` 熟手, ``strong`` 高手, and ``simple`` (a fast
    legal-move player for tests, smoke runs and benches; never offered to players)."""
    from .levels import ALL_LEVELS  # the bots load their tables: only when one is made

    cls = ALL_LEVELS.get(level)
    if cls is None:
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(ALL_LEVELS)})")
    return cls(seed=seed)
