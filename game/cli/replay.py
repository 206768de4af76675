"""``python -m game replay FILE [--json] [--lang zh|en]``: replay a scenario or a saved match and print it.

``--json`` prints exactly what shared/spec/cli.md fixes (other tools read it). The text tells each hand as
the settlement screen does (``replay_text``). Any bytes at all: a file that cannot be used is one line on
stderr and exit 2.
"""

from __future__ import annotations

import json
from typing import Any

from .. import i18n
from ..errors import UsageError
from ..rules import scenario
from ..rules.match import replay_match
from ..rules.settlement import Item, Settlement
from ..rules.state import HandState
from ..rules.variants import get as get_variant
from . import replay_text
from .opts import overlay

LANGS = ("zh", "en")


def load_file(path: str) -> Any:
    """The file's JSON; a file that cannot be read, is not UTF-8 or not JSON is a one-line UsageError."""
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as e:
        raise UsageError(f"cannot read {path}: {e.strerror or type(e).__name__}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise UsageError(f"{path} is not UTF-8 text (byte 0x{raw[e.start]:02x} at offset {e.start}): "
                         "not a replay or scenario file, or a damaged one") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise UsageError(f"{path} is not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    except RecursionError:
        raise UsageError(f"{path} is not valid JSON: nested too deeply") from None


def run(path: str, as_json: bool, lang: str = "zh", opts: list[str] | None = None) -> tuple[str, int]:
    """The command: replay ``path`` told in ``lang``; ``opts`` (``--opt key=value``) are laid over the file's
    options."""
    if lang not in LANGS:
        raise UsageError(f"--lang is zh or en, got {lang!r}")
    data = load_file(path)
    saved = isinstance(data, dict) and str(data.get("format", "")).startswith("yungui-replay")
    names = None
    if saved and isinstance(data.get("match"), dict):
        names = data.get("names")
        data = data["match"]  # a replay file the game saved (docs/file-formats.md): the match is inside
    data = overlay(data, opts)
    try:
        if isinstance(data, dict) and "hands_played" in data:
            return _match(data, as_json, lang, names)
        return _scenario(data, as_json, lang)
    except UsageError:
        raise
    except RecursionError:
        raise UsageError(f"{path}: nested too deeply to be a replay") from None
    except Exception as e:  # noqa: BLE001 - the promise is one line, never a traceback; the words say it is ours
        raise UsageError(f"{path}: cannot replay it ({type(e).__name__}: {e}); this is a bug in the game, "
                         "please report it with the file") from None


def _scenario(data: Any, as_json: bool, lang: str) -> tuple[str, int]:
    try:
        st = scenario.run(data)
    except scenario.ScenarioError as e:
        raise UsageError(str(e)) from None
    if as_json:
        return json.dumps(result_json(st), ensure_ascii=False), 0
    return replay_text.scenario(st, lang), 0


def result_json(st: HandState) -> dict:
    """A replayed hand's result as ``replay --json`` prints it (shared/spec/cli.md): ``items`` are the settlement
    screen's lines in 中文, table-wide notes first."""
    se = st.settlement
    assert se is not None
    return {"end": st.end, "winners": [w.seat for w in st.wins], **settlement_json(se),
            "next_dealer": st.variant.next_dealer(st)}


def settlement_json(se: Settlement) -> dict:
    """A settlement's deltas, transfers and lines (the notes first), the lines in 中文."""
    return {
        "deltas": se.deltas,
        "transfers": [t.to_json() for t in se.transfers],
        "items": [i18n.render(n, "zh") for n in se.notes] + [item_line(i) for i in se.items],
    }


def item_line(item: Item) -> str:
    """One settlement item as ``replay --json`` lists it: ``seat 0: 暗杠 7p +6`` (the other seats in brackets)."""
    sign = "+" if item.points > 0 else ""
    extra = f" ({item.detail})" if item.detail else ""
    return f"seat {item.seat}: {i18n.render(item.text, 'zh')}{extra} {sign}{item.points}"


def _match(data: dict, as_json: bool, lang: str, names: Any) -> tuple[str, int]:
    problem = match_problem(data)
    if problem:
        raise UsageError(f"match replay: {problem}")
    states: list[HandState] = []
    try:
        variant = get_variant(data.get("variant", ""))
        m = replay_match(variant, data, on_hand=None if as_json else states.append)
    except (ValueError, KeyError, TypeError) as e:
        raise UsageError(f"match replay: {e}") from None
    hands = [{k: r[k] for k in ("hand_no", "dealer", "end", "winners", "deltas", "next_dealer")} for r in m.records]
    if as_json:
        return json.dumps({"variant": variant.id, "hands": hands, "totals": m.scores}, ensure_ascii=False), 0
    return replay_text.match(variant, data, states, m.scores, names, lang), 0


def match_problem(m: dict) -> str | None:
    """What makes a saved match unplayable before any move is tried (its fields' kinds), or None."""
    if not isinstance(m.get("variant"), str):
        return "the match names no variant"
    if not isinstance(m.get("options") or {}, dict):
        return "the match's options are not an object"
    if not isinstance(m["hands_played"], list):
        return "hands_played is not a list"
    seed = m.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, (int, float, str)):
        return "the match's seed is not a number"
    hands = m.get("hands", len(m["hands_played"]))
    if isinstance(hands, bool) or not isinstance(hands, int) or not 0 <= hands <= 10_000:
        return "the match's hand count is not a number of hands"
    for i, rec in enumerate(m["hands_played"]):
        if not isinstance(rec, dict) or not isinstance(rec.get("actions", []), list):
            return f"hand {i} is not a list of moves"
    return None
