"""``--opt key=value`` of ``score`` and ``replay``: laid over the options the JSON carries (the flag wins)."""

from __future__ import annotations

from typing import Any

from ..errors import UsageError
from ..rules.options import OptionError, parse_kv


def overlay(data: Any, pairs: list[str] | None) -> Any:
    """``data`` (a score situation, scenario or saved match) with ``pairs`` over its ``options``.

    Values are checked later, by the variant, like the file's own; a pair without '=' is a UsageError now.
    Anything that is not a JSON object with an options object is returned as it is, for the command to refuse.
    """
    if not pairs:
        return data
    try:
        given = parse_kv(pairs)
    except OptionError as e:
        raise UsageError(str(e)) from None
    if not isinstance(data, dict) or not isinstance(data.get("options") or {}, dict):
        return data
    out = dict(data)
    out["options"] = {**(data.get("options") or {}), **given}
    if "players" in given:
        out.pop("players", None)  # the flag sets the table size the file's own "players" field named
    return out
