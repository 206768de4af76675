"""Bots: players that get a seat's view and return a legal action."""

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
    from . import ev, expert, shape

    return {"improving": (lambda: len(shape._IMPROVE), shape._IMPROVE.clear),
            "win_chance": (lambda: ev.win_chance.cache_info().currsize, ev.win_chance.cache_clear),
            "chain": (lambda: expert.chain.cache_info().currsize, expert.chain.cache_clear)}


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
