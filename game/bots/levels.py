"""The bots by command-line name: easy 新手, normal 熟手, strong 高手, and the tool bot ``simple``."""

from __future__ import annotations

from collections.abc import Callable

from .core import Player
from .easy import EasyBot
from .normal import NormalBot
from .simple import SimpleBot
from .strong import StrongBot

LEVELS = {"easy": EasyBot, "normal": NormalBot, "strong": StrongBot}  # what players choose from

# Every name make_bot knows, in the order its error message lists them.
ALL_LEVELS: dict[str, Callable[..., Player]] = {
    "simple": SimpleBot, **LEVELS,
}
