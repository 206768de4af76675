"""``python -m game replay FILE``: replay a scenario or a saved match and print its settlement."""

from __future__ import annotations

import json

from ..errors import UsageError
from ..rules import scenario as SC
from ..rules.match import replay_match
from ..rules.variants import get as get_variant
from .opts import overlay


def load_file(path: str):
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise UsageError(f"cannot read {path}: {e.strerror}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise UsageError(f"{path} is not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None


def run(path: str, as_json: bool, opts: list[str] | None = None) -> tuple[str, int]:
    """The command: replay ``path``; ``opts`` (``--opt key=value``) are laid over the file's options."""
    data = load_file(path)
    saved = isinstance(data, dict) and str(data.get("format", "")).startswith("yungui-replay")
    if saved and isinstance(data.get("match"), dict):
        data = data["match"]  # a replay file the game saved (docs/file-formats.md): the match is inside
    data = overlay(data, opts)
    if isinstance(data, dict) and "hands_played" in data:
        return _match(data, as_json)
    try:
        st = SC.run(data)
    except SC.ScenarioError as e:
        raise UsageError(str(e)) from None
    res = SC.result_json(st)
    if as_json:
        return json.dumps(res, ensure_ascii=False), 0
    return _text(res), 0


def _text(res: dict) -> str:
    lines = [f"end: {res['end']}" + (f", winners: {', '.join(map(str, res['winners']))}" if res["winners"] else "")]
    lines += [f"  {line}" for line in res["items"]]
    lines.append("deltas: " + " ".join(f"{d:+d}" for d in res["deltas"]))
    lines.append(f"next dealer: {res['next_dealer']}")
    return "\n".join(lines)


def _match(data: dict, as_json: bool) -> tuple[str, int]:
    try:
        variant = get_variant(data.get("variant", ""))
        m = replay_match(variant, data)
    except (ValueError, KeyError, TypeError) as e:
        raise UsageError(f"match replay: {e}") from None
    hands = [{k: r[k] for k in ("hand_no", "dealer", "end", "winners", "deltas", "next_dealer")} for r in m.records]
    if as_json:
        return json.dumps({"variant": variant.id, "hands": hands, "totals": m.scores}, ensure_ascii=False), 0
    lines = [f"{variant.id} match, {len(hands)} hands"]
    for h in hands:
        lines.append(f"hand {h['hand_no']}: dealer {h['dealer']}, {h['end']}"
                     + (f" by {', '.join(map(str, h['winners']))}" if h["winners"] else "")
                     + "  " + " ".join(f"{d:+d}" for d in h["deltas"]))
    lines.append("totals: " + " ".join(f"{d:+d}" for d in m.scores))
    return "\n".join(lines), 0
