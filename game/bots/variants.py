"""The variant axis's factory: each variant id's strategy (``variant_*``), a generic one for any other id."""

from __future__ import annotations

from collections.abc import Callable

from .variant import VariantStrategy
from .variant_chicken import ChickenStrategy
from .variant_wenshan import WenshanStrategy
from .variant_yuxi import YuxiStrategy

STRATEGIES: dict[str, Callable[[str], VariantStrategy]] = {
    "wenshan": WenshanStrategy, "kunming": WenshanStrategy, "yuxi": YuxiStrategy,
    "guiyang": ChickenStrategy, "zhuoji": ChickenStrategy,
}
_MADE: dict[str, VariantStrategy] = {}


def strategy_for(vid: str) -> VariantStrategy:
    """The strategy for a variant id (one per id and process: strategies hold no state)."""
    st = _MADE.get(vid)
    if st is None:
        st = _MADE[vid] = STRATEGIES.get(vid, VariantStrategy)(vid)
    return st
