"""Hands for the rules' tests: counts from a hand's text, and random hands drawn from a real wall (hypothesis)."""

from __future__ import annotations

from hypothesis import strategies as st

from game.rules import tiles


def hand(text: str) -> list[int]:
    """The 34 counts of a hand written as text ("123m 55z")."""
    return tiles.counts(tiles.parse(text))


def wall_hands(size_min: int, size_max: int):
    """Random hands drawn from a real 136-tile wall (no kind above 4 copies)."""
    return st.lists(st.integers(0, 135), min_size=size_min, max_size=size_max, unique=True).map(
        lambda idx: [sum(1 for i in idx if i // 4 == t) for t in range(34)])
