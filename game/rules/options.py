"""Typed table options (勾选项): schema, defaults, parsing of ``key=value`` and validation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Options = dict[str, Any]  # resolved options: every key of the variant's schema, bool, int or str values


class OptionError(ValueError):
    """An unknown option or a value it cannot take."""


@dataclass(frozen=True)
class Option:
    """One option of a game. Its words are in the catalogs: ``option.<key>.label``, ``.help`` and
    ``.choice.<value>`` (``option.<scope>.<key>...`` where a game words it its own way; ``game.i18n``)."""

    key: str
    default: Any
    choices: tuple[Any, ...] | None = None  # int or str choices; None with a bool default means on/off
    fixed: bool = False  # shown but not changeable (e.g. zhuoji's "always" rules)
    calc: bool = True  # the score calculator offers it: it can change what one hand scores or shows there
    scope: str = ""  # the catalog scope of its words when a game words it its own way (yuxi's 抢杠三家包)

    @property
    def text_key(self) -> str:
        """The head of its catalog keys: option.<key> or option.<scope>.<key>."""
        return f"rules.option.{self.scope}.{self.key}" if self.scope else f"rules.option.{self.key}"

    @property
    def is_bool(self) -> bool:
        return isinstance(self.default, bool)

    @property
    def is_text(self) -> bool:
        """A choice among named values (``first_dealer``: host / random)."""
        return isinstance(self.default, str)

    def coerce(self, value: Any) -> Any:
        v: bool | int | str
        if self.is_text:
            if not isinstance(value, str) or value.strip().lower() not in (self.choices or ()):
                raise OptionError(
                    f"option {self.key} must be one of {', '.join(map(str, self.choices or ()))}, got {value!r}")
            v = value.strip().lower()
        elif self.is_bool:
            if isinstance(value, bool):
                v = value
            elif isinstance(value, (int,)) and value in (0, 1):
                v = bool(value)
            elif isinstance(value, str) and value.strip().lower() in ("on", "true", "yes", "1"):
                v = True
            elif isinstance(value, str) and value.strip().lower() in ("off", "false", "no", "0"):
                v = False
            else:
                raise OptionError(f"option {self.key} is on/off, got {value!r}")
        else:
            if isinstance(value, bool):
                raise OptionError(f"option {self.key} takes a number, got {value!r}")
            try:
                v = int(value)
            except (TypeError, ValueError):
                raise OptionError(f"option {self.key} takes a number, got {value!r}") from None
            if self.choices is not None and v not in self.choices:
                raise OptionError(
                    f"option {self.key} must be one of {', '.join(map(str, self.choices))}, got {value!r}")
            if self.choices is None and v < 1:
                raise OptionError(f"option {self.key} must be at least 1, got {value!r}")
        if self.fixed and v != self.default:
            raise OptionError(f"option {self.key} is fixed at {self.default} in this variant")
        return v


def resolve(schema: list[Option], given: dict[str, Any] | None) -> Options:
    """Defaults overlaid with ``given``; unknown keys and bad values raise OptionError."""
    by_key = {o.key: o for o in schema}
    out = {o.key: o.default for o in schema}
    for k, v in (given or {}).items():
        if k not in by_key:
            raise OptionError(f"unknown option {k!r} (this variant has: {', '.join(by_key)})")
        out[k] = by_key[k].coerce(v)
    return out


def salvage(schema: list[Option], given: object) -> Options:
    """Defaults overlaid with what ``given`` holds that this schema still takes: an unknown key or a value an
    option cannot take (a settings file written by another version, or edited by hand) is dropped alone."""
    by_key = {o.key: o for o in schema}
    out = {o.key: o.default for o in schema}
    for k, v in (given.items() if isinstance(given, dict) else ()):
        if k in by_key:
            try:
                out[k] = by_key[k].coerce(v)
            except OptionError:
                pass
    return out


def parse_kv(pairs: list[str]) -> dict[str, str]:
    """``["soft_lan=on", "players=3"]`` -> dict; a pair without '=' raises OptionError."""
    out: dict[str, str] = {}
    for p in pairs or []:
        if "=" not in p:
            raise OptionError(f"--opt takes key=value, got {p!r}")
        k, v = p.split("=", 1)
        out[k.strip()] = v.strip()
    return out
