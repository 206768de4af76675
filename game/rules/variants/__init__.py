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
    """Variants living in their own modules register themselves on import."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    import importlib

    for mod in ("yuxi", "chicken"):
        try:
            importlib.import_module(f"{__name__}.{mod}")
        except ModuleNotFoundError as e:
            if e.name != f"{__name__}.{mod}":
                raise
