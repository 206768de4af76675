"""Every playable rule set: one explicit ``VARIANTS`` list (menu order) and ``get(id)``."""

from __future__ import annotations

from .base import Variant
from .chicken import Guiyang, Zhuoji
from .wenshan import Kunming, Wenshan
from .yuxi import Yuxi

VARIANTS: tuple[Variant, ...] = (Wenshan(), Kunming(), Yuxi(), Guiyang(), Zhuoji())

_BY_ID: dict[str, Variant] = {v.id: v for v in VARIANTS}


def get(name: str) -> Variant:
    """The variant with this id; ValueError naming the known ids otherwise."""
    try:
        return _BY_ID[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown variant {name!r} (known: {', '.join(ids())})") from None


def ids() -> list[str]:
    return [v.id for v in VARIANTS]


def all_variants() -> list[Variant]:
    return list(VARIANTS)
