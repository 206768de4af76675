"""Every player-facing text by key, in one JSON catalog per language (``game/locale/<lang>.json``).

The rules core hands out keys and numbers (``game.rules.texts.Msg``); the command line, the window,
the LAN host and the bots render them here. Adding a language is adding a catalog file: its code is
the file name, its own name is its ``lang.self`` entry. A key missing from a catalog falls back along
``FALLBACK`` (zh_Hant -> zh -> en), so a partial catalog still shows every text.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from game.rules.texts import Msg

REFERENCE = "zh"  # the language every other catalog is checked against (same keys, same placeholders)
FALLBACK: dict[str, tuple[str, ...]] = {"zh": ("en",), "en": ("zh",), "zh_Hant": ("zh", "en")}
LIST_SEP = "rules.list.sep"  # between the messages of a tuple argument (list.sep.<argument> where a list needs its own)


def _locale_dir() -> Path:
    frozen = getattr(sys, "_MEIPASS", None)  # PyInstaller one-file: --add-data game/locale:game/locale
    if frozen:
        return Path(frozen) / "game" / "locale"
    return Path(str(resources.files("game") / "locale"))


@cache
def langs() -> tuple[str, ...]:
    """The languages with a catalog, the reference first, then by file name."""
    found = sorted(p.stem for p in _locale_dir().glob("*.json"))
    return tuple(sorted(found, key=lambda c: (c != REFERENCE, c != "en", c)))


@cache
def catalog(lang: str) -> dict[str, str]:
    """The catalog of ``lang`` (key -> template); an unknown language has an empty one."""
    path = _locale_dir() / f"{lang}.json"
    if not path.is_file():
        return {}
    data: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return data


def template(key: str, lang: str) -> str | None:
    """The template of ``key`` in ``lang``, else in its fallbacks; None when no catalog has it."""
    for code in (lang, *FALLBACK.get(lang, (REFERENCE, "en"))):
        t = catalog(code).get(key)
        if t:
            return t
    return None


def has(key: str) -> bool:
    return template(key, REFERENCE) is not None


def text(key: str, lang: str, **args: Any) -> str:
    """The text of ``key`` in ``lang`` formatted with ``args``; an unknown key shows itself."""
    t = template(key, lang)
    if t is None:
        return key
    return t.format(**{k: _arg(k, v, lang) for k, v in args.items()}) if args else t


def render(m: Msg | dict[str, Any], lang: str) -> str:
    """A core message (or its JSON form from a view) in ``lang``."""
    if isinstance(m, dict):
        m = Msg.from_json(m)
    t = template(m.key, lang)
    if t is None:
        return m.key
    return t.format(**{k: _arg(k, v, lang) for k, v in m.args})


def both(m: Msg | dict[str, Any]) -> tuple[str, str]:
    """(中文, English) of a message: the two texts the settlement's wire form carries."""
    return render(m, "zh"), render(m, "en")


def _arg(name: str, v: Any, lang: str) -> str:
    if isinstance(v, (Msg, dict)):
        return render(v, lang)
    if isinstance(v, (tuple, list)):
        sep = template(f"rules.list.sep.{name}", lang) or template(LIST_SEP, lang) or " "
        return sep.join(_arg(name, x, lang) for x in v)
    return str(v)


def code_text(code: Any, lang: str) -> str:
    """A rules code (``Refusal`` / ``ActionProblem``) in ``lang``: what the command line prints as ``reason``."""
    from game.rules.codes import Refusal

    return text(f"rules.code.{'refusal' if isinstance(code, Refusal) else 'action'}.{code.value}", lang)


# ---- a hand's result: the settlement's lines (the view carries messages; the LAN wire and the command
# line carry them as 中文 and English text, as they always have)

# A message from a LAN host is checked before it is rendered (``message_ok``): a dict ``{"key", "args"}``
# whose keys are the rules core's (``rules.*``) and known here, whose arguments are short strings, ints or
# such messages (lists of them), at most MSG_DEPTH deep and MSG_NODES messages in all. A message that fails,
# or that does not format (a missing argument), gives way to the line's texts.
MSG_DEPTH = 4
MSG_NODES = 32
MSG_ARGS = 8
MSG_STR = 200


def message_ok(m: Any) -> bool:
    """Whether ``m`` is a well-formed rules message within the bounds above (iterative: no recursion)."""
    todo: list[tuple[Any, int]] = [(m, 1)]
    nodes = 0
    while todo:
        d, depth = todo.pop()
        nodes += 1
        if nodes > MSG_NODES or depth > MSG_DEPTH or type(d) is not dict or not set(d) <= {"key", "args"}:
            return False
        key, args = d.get("key"), d.get("args")
        if type(key) is not str or len(key) > MSG_STR or not key.startswith("rules.") or not has(key):
            return False
        if args is None:
            continue
        if type(args) is not dict or len(args) > MSG_ARGS:
            return False
        for name, v in args.items():
            if type(name) is not str or not name.isidentifier() or len(name) > MSG_STR:
                return False
            if type(v) is str:
                if len(v) > MSG_STR or not v.isprintable():
                    return False
            elif type(v) is int:
                if abs(v) > 2**53:
                    return False
            elif type(v) is dict:
                todo.append((v, depth + 1))
            elif type(v) is list and len(v) <= MSG_NODES:
                todo.extend((x, depth + 1) for x in v)
            else:
                return False
    return True


def _wire_render(m: Any, lang: str) -> str | None:
    """A received message in ``lang``; None when it is not ``message_ok`` or does not format."""
    if isinstance(m, Msg):
        return render(m, lang)
    if not message_ok(m):
        return None
    try:
        return render(m, lang)
    except Exception:  # noqa: BLE001 - a host's message that does not fit its template: show the texts
        return None


def label(line: Mapping[str, Any], lang: str) -> str:
    """A settlement item's or transfer's line in ``lang``: its message (a view's, or one the LAN wire carries
    beside its 中文 ``label`` and English ``label_en``), else those two texts."""
    text = line.get("text")
    if text is not None and "label" not in line and "label_en" not in line:
        return render(text, lang)  # a view of this process
    if text is not None:
        shown = _wire_render(text, lang)
        if shown is not None:
            return shown
    return _pick(_s(line.get("label")), _s(line.get("label_en")), lang)


def notes(result: Mapping[str, Any], lang: str) -> list[str]:
    """A result's table-wide lines in ``lang``: a view's messages, or the wire's ``notes_text`` messages,
    else its ``notes`` / ``notes_en`` texts."""
    raw = result.get("notes") or []
    if type(raw) is list and raw and all(isinstance(n, dict) for n in raw):
        return [render(n, lang) for n in raw]  # a view of this process
    raw = [_s(n) for n in raw] if type(raw) is list else []
    msgs = result.get("notes_text")
    if type(msgs) is list and len(msgs) == len(raw):
        shown = [_wire_render(n, lang) for n in msgs]
        if all(s is not None for s in shown):
            return [s or "" for s in shown]
    en = result.get("notes_en")
    return [_s(n) for n in en] if lang == "en" and type(en) is list and en else raw


def pattern_name(p: Mapping[str, Any], lang: str) -> str:
    """A win's pattern by name in ``lang`` (a view's message, or the wire's message beside its Chinese name)."""
    text = p.get("text")
    if text is not None and "name" not in p:
        return render(text, lang)  # a view of this process
    if text is not None:
        shown = _wire_render(text, lang)
        if shown is not None:
            return shown
    return _pick(_s(p.get("name")), _s(p.get("name_en")), lang) or _s(p.get("key"))


def _s(v: Any) -> str:
    return v if type(v) is str else ""


def _pick(zh: str, en: str, lang: str) -> str:
    return (en or zh) if lang == "en" else (zh or en)


def worded_result(res: dict[str, Any], messages: bool = True) -> dict[str, Any]:
    """A view's result as the LAN wire carries it: each line as its 中文 ``label`` and English ``label_en``,
    notes as ``notes`` / ``notes_en``, patterns with their Chinese ``name`` (the fields of 0.2.0), and beside
    them each line's, pattern's and note's catalog message (``text``; ``notes_text``) so that a client shows
    them in its own language (``label``, ``notes``, ``pattern_name``; a bad message falls back to the texts).
    ``messages=False``: the texts alone (0.2.0's form)."""
    out: dict[str, Any] = {}
    for k, v in res.items():
        if k == "wins":
            out[k] = [{**w, "patterns": [_worded_pattern(p, messages) for p in w.get("patterns", [])]} for w in v]
        elif k == "transfers":
            out[k] = [_worded_line(t, messages) for t in v]
        elif k == "items":
            out[k] = [_worded_line(i, messages) for i in v]
        elif k == "notes":
            out[k] = notes(res, "zh")
            out["notes_en"] = notes(res, "en")
            if messages and v and all(isinstance(n, (dict, Msg)) for n in v):
                out["notes_text"] = [_plain(n) for n in v]
        else:
            out[k] = v
    return out


def _worded_pattern(p: dict[str, Any], messages: bool) -> dict[str, Any]:
    out = {"key": p["key"], "name": pattern_name(p, "zh"), "value": p["value"]}
    if messages and p.get("text") is not None:
        out["text"] = _plain(p["text"])
    return out


def _worded_line(line: dict[str, Any], messages: bool) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in line.items():
        if k == "text":
            out["label"], out["label_en"] = both(v) if v is not None else ("", "")
            if messages and v is not None:
                out["text"] = _plain(v)
        else:
            out[k] = v
    return out


def _plain(m: Msg | dict[str, Any]) -> dict[str, Any]:
    """A message in its JSON form ``{"key", "args"}`` (what the wire carries beside a line's two texts)."""
    return m.to_json() if isinstance(m, Msg) else m


def worded_view(v: dict[str, Any], messages: bool = True) -> dict[str, Any]:
    """A seat's (or the public's) view with its result worded for the wire (``worded_result``)."""
    res = v.get("result")
    if not res:
        return v
    return {**v, "result": worded_result(res, messages)}


def score_json(sc: Any) -> dict[str, Any]:
    """A ``Score`` as ``python -m game score --json`` prints it (shared/spec/cli.md): patterns named in 中文,
    a refusal's ``reason`` in English."""
    if not sc.valid:
        from game.rules.codes import Refusal

        return {"valid": False, "reason": code_text(sc.refusal or Refusal.NOT_A_WIN, "en")}
    return {
        "valid": True,
        "patterns": [{"key": p.key, "name": render(p.text, "zh"), "value": p.value} for p in sc.patterns],
        "total": sc.total,
        "payments": {str(k): v for k, v in sorted(sc.payments.items())},
    }


def variant_name(vid: str, lang: str) -> str:
    """A rule set's name (``variant.<id>.name``)."""
    return text(f"rules.variant.{vid}.name", lang)


def variant_blurb(vid: str, lang: str) -> str:
    """A rule set's one-line description (``variant.<id>.blurb``)."""
    return text(f"rules.variant.{vid}.blurb", lang)


# ---- a game's options (勾选项)

def option_label(o: Any, lang: str) -> str:
    """An option's name (``option.<key>.label``)."""
    return text(f"{o.text_key}.label", lang)


def option_help(o: Any, lang: str) -> str:
    """What an option does (``option.<key>.help``); "" for an option the games do not explain."""
    key = f"{o.text_key}.help"
    return text(key, lang) if has(key) else ""


def choice_name(o: Any, value: Any, lang: str) -> str:
    """How a value is shown: a named choice (``option.<key>.choice.<value>``) by its name, anything else as written."""
    key = f"{o.text_key}.choice.{value}"
    return text(key, lang) if o.is_text and has(key) else str(value)


def has_choice_names(o: Any) -> bool:
    """Whether every choice of a text option has a name."""
    return bool(o.is_text and o.choices and all(has(f"{o.text_key}.choice.{c}") for c in o.choices))


# ---- the window's keys as (中文, English) pairs

class _Pairs(Mapping[str, tuple[str, str]]):
    """Every window key (all but the rules core's ``rules.*``) with its 中文 and English texts."""

    def __getitem__(self, key: str) -> tuple[str, str]:
        if key.startswith("rules.") or key not in catalog(REFERENCE):
            raise KeyError(key)
        return catalog("zh")[key], catalog("en").get(key, "")

    def __iter__(self) -> Iterator[str]:
        return (k for k in catalog(REFERENCE) if not k.startswith("rules."))

    def __len__(self) -> int:
        return sum(1 for _ in self)


def pairs() -> Mapping[str, tuple[str, str]]:
    """The window's keys as (中文, English) pairs (what ``strings.S`` was, read from the catalogs)."""
    return _Pairs()
