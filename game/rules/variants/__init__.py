"""Variant registry: every playable rule set by id."""

from __future__ import annotations

from .base import Variant
from .wenshan import Kunming, Wenshan

_REGISTRY: dict[str, Variant] = {}


def register(v: Variant) -> Variant:
    _REGISTRY[v.id] = v
    return v


for _cls in (Wenshan, Kunming):
    register(_cls())


def get(name: str) -> Variant:
    """The variant with this id; ValueError naming the known ids otherwise."""
    _load_optional()
    try:
        return _REGISTRY[name]
    except KeyError:
        raise ValueError(f"unknown variant {name!r} (known: {', '.join(ids())})") from None


def ids() -> list[str]:
    _load_optional()
    return list(_REGISTRY)


def all_variants() -> list[Variant]:
    _load_optional()
    return list(_REGISTRY.values())


_loaded = False


def _load_optional() -> None:
    """The other rule sets live in their own modules and register themselves on import."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    # menu order: wenshan, kunming, yuxi, guiyang, zhuoji
    from . import yuxi  # noqa: F401,I001  (imported for its register() call)
    from . import chicken  # noqa: F401
