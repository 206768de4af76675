"""The level axis's factory: every bot by command-line name, and the 高手's expert by variant id.

easy 新手, normal 熟手 and strong 高手 are offered to players; ``simple`` is a tool bot for tests and
benches. A 高手 seat (``StrongBot``) plays each view with the expert of the view's variant
(``strong_*``), made on first sight; a variant without its own expert gets the base ``Expert``,
which plays as the 熟手.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

from ..rules.actions import Action
from ..rules.view import View
from .core import Player
from .easy import EasyBot
from .normal import NormalBot
from .simple import SimpleBot
from .strong import Expert
from .strong_chicken import ChickenExpert
from .strong_wenshan import WenshanExpert
from .strong_yuxi import YuxiExpert

EXPERTS: dict[str, Callable[[str, object], Expert]] = {
    "wenshan": WenshanExpert, "kunming": WenshanExpert, "yuxi": YuxiExpert,
    "guiyang": ChickenExpert, "zhuoji": ChickenExpert,
}


def make_expert(vid: str, seed: object = 0, settings: Mapping[str, object] | None = None) -> Expert:
    """The 高手's expert for variant ``vid`` (``settings``: experiments' changes, see ``Expert.configure``)."""
    x = EXPERTS.get(vid, Expert)(vid, seed)
    if settings:
        x.configure(settings)
    return x


class StrongBot:
    """A 高手 seat: each view is played by the expert of its variant (one per variant, kept for the seat)."""

    level = "strong"
    name = "strong"
    name_zh = Expert.name_zh
    name_en = Expert.name_en

    def __init__(self, seed: object = 0, settings: Mapping[str, Mapping[str, object]] | None = None) -> None:
        self.seed = seed
        self.settings = dict(settings or {})  # per variant id: the experiments' changes to its expert
        self._experts: dict[str, Expert] = {}
        self.last: Expert | None = None  # the expert that made the last decision

    def expert(self, vid: str) -> Expert:
        x = self._experts.get(vid)
        if x is None:
            x = self._experts[vid] = make_expert(vid, self.seed, self.settings.get(vid))
        return x

    def act(self, view: View) -> Action:
        self.last = self.expert(view["variant"])
        return self.last.act(view)

    @property
    def why(self) -> str:
        """Where the last decision came from (for the analysis tools in build/)."""
        return self.last.why if self.last is not None else ""


class MakesPlayer(Protocol):
    """A bot's class: made with a seed (its random choices, e.g. the 高手's rollouts), it plays seats."""

    def __call__(self, seed: object = 0) -> Player: ...


class Level(MakesPlayer, Protocol):
    """A level players choose from, with its names."""

    @property
    def name_zh(self) -> str: ...

    @property
    def name_en(self) -> str: ...


LEVELS: dict[str, Level] = {"easy": EasyBot, "normal": NormalBot, "strong": StrongBot}

# Every name make_bot knows, in the order its error message lists them.
ALL_LEVELS: dict[str, MakesPlayer] = {
    "simple": SimpleBot, **LEVELS,
}
