"""Every string the client shows, by key, from the catalogs (game/locale/<lang>.json; switchable live).

``tr(key, **fmt)`` looks a key up in the current language (``<key>.one`` when ``n`` is 1: "1 hand");
``pick(zh, en)`` chooses between texts that arrive in both languages (a LAN host's lines, players' data).
Tile names come from ``tile_name``. Changing the language with ``set_lang`` takes effect on the next frame:
scenes never cache translated text across a language change. docs/translations.md says how to add a text
or a language.
"""

from __future__ import annotations

import re

import game.i18n as i18n
from game.rules import tiles

LANGS = i18n.langs()  # every language with a catalog, the reference (中文) first
_state = {"lang": "zh"}


def set_lang(lang: str) -> None:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (one of {', '.join(LANGS)})")
    _state["lang"] = lang


def lang() -> str:
    return _state["lang"]


def is_zh() -> bool:
    """A Chinese language (简体 or 繁體): Chinese punctuation and layout."""
    return _state["lang"].startswith("zh")


def cn() -> str:
    """The Chinese language of a (中文, English) pair made now: the current one when it is Chinese (简体 or 繁體)."""
    return _state["lang"] if is_zh() else "zh"


def pick(zh: str, en: str) -> str:
    """The text for the current language of a (中文, English) pair; falls back to the other when one is empty."""
    if is_zh():
        return zh or en
    return en or zh


def tr(key: str, **fmt) -> str:
    """The current language's text for ``key``, formatted with ``fmt``; unknown keys show the key."""
    code = _state["lang"]
    text = i18n.template(f"{key}.one", code) if fmt.get("n") == 1 else None  # "1 hand", not "1 hands"
    if text is None:
        text = i18n.template(key, code)
    if text is None:
        return key
    return text.format(**fmt) if fmt else text


def tr_notice(key: str, fmt: dict) -> str:
    """``tr(key, **fmt)`` where ``fmt["reason"]`` is itself a key of the "bad." texts (why a file was unusable)."""
    fmt = dict(fmt)
    if "reason" in fmt:
        fmt["reason"] = tr(f"bad.{fmt['reason']}")
    return tr(key, **fmt)


def tile_name(t: int, short: bool = False) -> str:
    """A tile's name in the current language: 五筒 / 5 Dots (short: 5筒 / 5p, 东 / E)."""
    if t is None:
        return "?"
    return i18n.text(f"rules.tile.{tiles.name(t)}.short" if short else f"rules.tile.{tiles.name(t)}", _state["lang"])


def run_name(run: list[int]) -> str:
    """A chow's tiles: 三四五筒 / 3-4-5 Dots (tiles of other shapes: their names one after the other)."""
    ts = sorted(run)
    if ts and all(t < 27 for t in ts) and len({t // 9 for t in ts}) == 1 and ts == list(range(ts[0], ts[0] + len(ts))):
        names = [tile_name(t) for t in ts]  # 三万 四万 五万 / 3 Characters 4 Characters ...
        if is_zh():
            return "".join(n[:-1] for n in names) + names[0][-1]
        return "-".join(n.split(" ")[0] for n in names) + " " + names[0].split(" ", 1)[1]
    return " ".join(tile_name(t) for t in ts)


_NOTATION = re.compile(r"(?<![A-Za-z0-9])([1-9])([mps])(?![A-Za-z0-9])|(?<![A-Za-z0-9])([1-7])z(?![A-Za-z0-9])")


def tiles_in_words(text: str) -> str:
    """Tiles in notation inside a text (``点豆 7m ×3``) written by name instead (点豆 七万 ×3 / 7 Characters)."""
    def name(m: re.Match) -> str:
        if m.group(3):
            return tile_name(27 + int(m.group(3)) - 1)
        return tile_name("mps".index(m.group(2)) * 9 + int(m.group(1)) - 1)

    return _NOTATION.sub(name, text)


def wind(i: int) -> str:
    """A seat's wind: 东南西北 / E S W N."""
    return tr(f"wind.{i % 4}")


BOT_LEVELS = ("easy", "normal", "strong")

# Every text is in the catalogs (game/locale/*.json, docs/translations.md): S is their (中文, English)
# view by key, for code that shows both or asks whether a key exists.
S = i18n.pairs()


