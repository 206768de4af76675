"""Bots: players that get a seat's view and return a legal action."""

from __future__ import annotations


def make_bot(level: str, seed=0):
    """A bot by level name: ``easy`` 新手, ``normal`` 熟手, ``strong`` 高手 (and the placeholder ``simple``)."""
    from .simple import SimpleBot

    levels = {"simple": SimpleBot}
    try:
        from . import levels as _lv  # noqa: F401  (present once the real bots exist)
        levels.update(_lv.LEVELS)
    except ImportError:
        pass
    if level not in levels:
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(levels)})")
    return levels[level](seed=seed)
