"""What the rules core says to a player: a catalog key and its arguments, never words.

The core hands out ``Msg`` values (a settlement line, a note, a refusal's text key);
``game.i18n`` renders them in a language from one catalog per language
(``game/locale/*.json``). Arguments are numbers, language-neutral strings (tile
notation such as ``7p``, a formula such as ``2^(1+2)=8``), other messages, or tuples
of messages (rendered one after another, joined by the catalog's list separator).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

Arg = Union[int, str, "Msg", tuple["Msg", ...]]


@dataclass(frozen=True)
class Msg:
    """A text by catalog key, with named arguments."""

    key: str
    args: tuple[tuple[str, Arg], ...] = ()

    def to_json(self) -> dict[str, Any]:
        """``{"key": ..., "args": {...}}`` with messages nested the same way (plain data for views)."""
        out: dict[str, Any] = {"key": self.key}
        if self.args:
            out["args"] = {k: _json(v) for k, v in self.args}
        return out

    @staticmethod
    def from_json(d: dict[str, Any]) -> Msg:
        return Msg(str(d["key"]), tuple((k, _unjson(v)) for k, v in (d.get("args") or {}).items()))


def msg(key: str, **args: Arg) -> Msg:
    """``Msg(key)`` with ``args`` in the order given."""
    return Msg(key, tuple(args.items()))


def _json(v: Arg) -> Any:
    if isinstance(v, Msg):
        return v.to_json()
    if isinstance(v, tuple):
        return [m.to_json() for m in v]
    return v


def _unjson(v: Any) -> Arg:
    if isinstance(v, dict):
        return Msg.from_json(v)
    if isinstance(v, list):
        return tuple(Msg.from_json(m) for m in v)
    return v  # type: ignore[no-any-return]
