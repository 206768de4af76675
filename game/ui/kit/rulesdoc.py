"""Rules for players, with example hands drawn with the game's tiles: the pages' shape; their words are catalog keys.

``DOCS[family]`` (and ``COMMON``, the end of every page) is a list of blocks whose texts are in the catalogs
(game/locale/*.json, ``rulesview.page.<family>.<n>``; ``python build/catalogs.py rulesdoc`` moved them there):
  ("h", key)                    a heading
  ("p", key)                    a paragraph
  ("li", key)                   a bullet point
  ("hand", tiles, key, marks)   an example hand in m/p/s/z notation ("|" separates groups) and its caption;
                                marks maps a tile (notation) to a highlight: wild / standin / chicken / last
  ("row", key)                  a line of a pattern table: ``<key>.name``, ``<key>.what``, ``<key>.worth``
``doc_for`` gives a page's blocks with their words, as (Chinese, English) pairs (the Chinese in the current
Chinese language): ("h"|"p"|"li", zh, en), ("hand", tiles, zh, en, marks), ("row", name, what, worth, what_en,
key). ``explain`` is one line on a pattern or event (``rulesview.gloss.<key>``; the settlement screen uses it).
"""

from __future__ import annotations

from typing import Any, Literal

import game.i18n as i18n
from game.ui.kit import strings

FAMILY = {"wenshan": "wenshan", "kunming": "wenshan", "yuxi": "yuxi", "guiyang": "chicken", "zhuoji": "chicken"}


# the blocks of a rules page, as the module docstring lists them
Text = tuple[Literal["h", "p", "li"], str, str]
Hand = tuple[Literal["hand"], str, str, str, dict[str, str]]
Row = tuple[Literal["row"], str, str, str, str, str]
Block = Text | Hand | Row  # a block with its words (doc_for)
Keyed = tuple[Any, ...]  # a block of keys (DOCS, COMMON)

COMMON: list[Keyed] = [
    ("h", "rulesview.page.common.1"),
    ("p", "rulesview.page.common.2"),
    ("hand", "123456789m|123456789p|123456789s|1234567z", "rulesview.page.common.3", {}),
    ("p", "rulesview.page.common.4"),
    ("hand", "123m|456p|789s|345s|99p", "rulesview.page.common.5", {}),
]

DOCS: dict[str, list[Keyed]] = {
    "wenshan": [
        ("p", "rulesview.page.wenshan.1"),
        ("h", "rulesview.page.wenshan.2"),
        ("p", "rulesview.page.wenshan.3"),
        ("h", "rulesview.page.wenshan.4"),
        ("p", "rulesview.page.wenshan.5"),
        ("hand", "3m|4m|5z", "rulesview.page.wenshan.6", {"4m": "wild", "5z": "standin"}),
        ("li", "rulesview.page.wenshan.7"),
        ("li", "rulesview.page.wenshan.8"),
        ("hand", "123m|456p|78s|4m|999s|11z", "rulesview.page.wenshan.9", {"4m": "wild"}),
        ("h", "rulesview.page.wenshan.10"),
        ("row", "rulesview.page.wenshan.11"),
        ("row", "rulesview.page.wenshan.12"),
        ("hand", "147m|258p|369s|12345z", "rulesview.page.wenshan.13", {}),
        ("row", "rulesview.page.wenshan.14"),
        ("hand", "19m|19p|19s|11223344z", "rulesview.page.wenshan.15", {}),
        ("row", "rulesview.page.wenshan.16"),
        ("hand", "147m|25p|36s|1234567z", "rulesview.page.wenshan.17", {}),
        ("row", "rulesview.page.wenshan.18"),
        ("hand", "1133m|5577p|99s|1166z", "rulesview.page.wenshan.19", {}),
        ("row", "rulesview.page.wenshan.20"),
        ("hand", "1111m|33p|55p|77s|99s|22z", "rulesview.page.wenshan.21", {}),
        ("h", "rulesview.page.wenshan.22"),
        ("row", "rulesview.page.wenshan.23"),
        ("row", "rulesview.page.wenshan.24"),
        ("row", "rulesview.page.wenshan.25"),
        ("row", "rulesview.page.wenshan.26"),
        ("row", "rulesview.page.wenshan.27"),
        ("row", "rulesview.page.wenshan.28"),
        ("p", "rulesview.page.wenshan.29"),
        ("h", "rulesview.page.wenshan.30"),
        ("li", "rulesview.page.wenshan.31"),
        ("li", "rulesview.page.wenshan.32"),
        ("li", "rulesview.page.wenshan.33"),
        ("li", "rulesview.page.wenshan.34"),
    ],
    "yuxi": [
        ("h", "rulesview.page.yuxi.1"),
        ("p", "rulesview.page.yuxi.2"),
        ("h", "rulesview.page.yuxi.3"),
        ("p", "rulesview.page.yuxi.4"),
        ("hand", "5p|9s", "rulesview.page.yuxi.5", {}),
        ("li", "rulesview.page.yuxi.6"),
        ("h", "rulesview.page.yuxi.7"),
        ("row", "rulesview.page.yuxi.8"),
        ("hand", "123m|456m|789p|234s|55s", "rulesview.page.yuxi.9", {}),
        ("row", "rulesview.page.yuxi.10"),
        ("hand", "111m|222p|333s|444s|55m", "rulesview.page.yuxi.11", {}),
        ("row", "rulesview.page.yuxi.12"),
        ("row", "rulesview.page.yuxi.13"),
        ("row", "rulesview.page.yuxi.14"),
        ("hand", "1111m|33m|55p|77p|22s|44s", "rulesview.page.yuxi.15", {}),
        ("row", "rulesview.page.yuxi.16"),
        ("row", "rulesview.page.yuxi.17"),
        ("row", "rulesview.page.yuxi.18"),
        ("row", "rulesview.page.yuxi.19"),
        ("row", "rulesview.page.yuxi.20"),
        ("row", "rulesview.page.yuxi.21"),
        ("h", "rulesview.page.yuxi.22"),
        ("p", "rulesview.page.yuxi.23"),
        ("li", "rulesview.page.yuxi.24"),
        ("li", "rulesview.page.yuxi.25"),
        ("li", "rulesview.page.yuxi.26"),
    ],
    "chicken": [
        ("h", "rulesview.page.chicken.1"),
        ("p", "rulesview.page.chicken.2"),
        ("hand", "1s|8p", "rulesview.page.chicken.3", {"1s": "chicken", "8p": "chicken"}),
        ("h", "rulesview.page.chicken.4"),
        ("p", "rulesview.page.chicken.5"),
        ("hand", "5m|6m", "rulesview.page.chicken.6", {"6m": "chicken"}),
        ("li", "rulesview.page.chicken.7"),
        ("li", "rulesview.page.chicken.8"),
        ("li", "rulesview.page.chicken.9"),
        ("h", "rulesview.page.chicken.10"),
        ("row", "rulesview.page.chicken.11"),
        ("row", "rulesview.page.chicken.12"),
        ("row", "rulesview.page.chicken.13"),
        ("row", "rulesview.page.chicken.14"),
        ("h", "rulesview.page.chicken.15"),
        ("row", "rulesview.page.chicken.16"),
        ("hand", "123m|456m|789p|234s|11s", "rulesview.page.chicken.17", {"1s": "chicken"}),
        ("row", "rulesview.page.chicken.18"),
        ("hand", "111m|222p|888p|999s|55s", "rulesview.page.chicken.19", {"8p": "chicken"}),
        ("row", "rulesview.page.chicken.20"),
        ("row", "rulesview.page.chicken.21"),
        ("row", "rulesview.page.chicken.22"),
        ("row", "rulesview.page.chicken.23"),
        ("row", "rulesview.page.chicken.24"),
        ("row", "rulesview.page.chicken.25"),
        ("row", "rulesview.page.chicken.26"),
        ("h", "rulesview.page.chicken.27"),
        ("li", "rulesview.page.chicken.28"),
        ("li", "rulesview.page.chicken.29"),
        ("h", "rulesview.page.chicken.30"),
        ("li", "rulesview.page.chicken.31"),
        ("li", "rulesview.page.chicken.32"),
    ],
}


def _pair(key: str, **args: Any) -> tuple[str, str]:
    return i18n.text(key, strings.cn(), **args), i18n.text(key, "en", **args)


def worded(block: Keyed) -> Block:
    """A block of keys with its words: (Chinese, English) pairs, a row's name and worth in the current language."""
    kind, key = block[0], block[2] if block[0] == "hand" else block[1]
    if kind == "hand":
        zh, en = _pair(key)
        return ("hand", block[1], zh, en, block[3])
    if kind == "row":
        what_zh, what_en = _pair(f"{key}.what")
        return ("row", strings.tr(f"{key}.name"), what_zh, strings.tr(f"{key}.worth"), what_en, key)
    zh, en = _pair(key)
    return (kind, zh, en)


def row_name(block: Row) -> str:
    """A pattern table row's name in the current language."""
    return strings.tr(f"{block[5]}.name")


def row_worth(block: Row) -> str:
    """What a pattern table row is worth, in the current language ("另加 1 / 2番", "+1 / +2 fan")."""
    return strings.tr(f"{block[5]}.worth")


def explain(key: str | None, variant_id: str = "") -> str:
    """One line for the settlement: what the pattern or event is."""
    if not key or not i18n.has(f"rulesview.gloss.{key}"):
        return ""
    return strings.tr(f"rulesview.gloss.{key}")


def doc_for(variant_id: str) -> list[Block]:
    fam = FAMILY.get(variant_id, variant_id)
    return [worded(b) for b in DOCS.get(fam, [])] + option_blocks(fam) + [worded(b) for b in COMMON]


def _default_text(o: Any) -> tuple[str, str]:
    """(Chinese, English) of an option's default as the rules viewer says it."""
    if o.is_bool:
        if o.fixed:
            return _pair("rulesview.default.always" if o.default else "rulesview.default.never")
        return _pair("rulesview.default.on" if o.default else "rulesview.default.off")
    zh, en = i18n.choice_name(o, o.default, strings.cn()), i18n.choice_name(o, o.default, "en")
    key = "rulesview.default.fixed" if o.fixed else "rulesview.default.choice"
    return i18n.text(key, strings.cn(), choice=zh), i18n.text(key, "en", choice=en)


def _effect(fam: str, o: Any, lang: str) -> str:
    """What an option does, where one line of help (the setup screen's) does not say it all: the family's own
    entry where a key means something else in another family (rob_pays_all), else the key's, else the help."""
    for key in (f"rulesview.effect.{fam}.{o.key}", f"rulesview.effect.{o.key}"):
        if i18n.has(key):
            return i18n.text(key, lang)
    return i18n.option_help(o, lang)


def option_blocks(fam: str) -> list[Block]:
    """The family's 勾选项 from its games' option tables: each option's name, default per game and effect (the
    player count and the stake aside, which the setup screen says itself)."""
    from game.rules.variants import all_variants

    games = [v for v in all_variants() if FAMILY.get(v.id) == fam and not (fam == "wenshan" and v.id == "kunming")]
    if not games:
        return []
    keys: list[str] = []
    for v in games:
        keys += [o.key for o in v.schema if o.key not in keys and o.key not in ("players", "base")]
    cn = strings.cn()
    out: list[Block] = [("h", *_pair("rulesview.options.title")), ("p", *_pair("rulesview.options.intro"))]
    for key in keys:
        have = [(v, next(o for o in v.schema if o.key == key)) for v in games if any(o.key == key for o in v.schema)]
        o = have[0][1]
        if len(games) > 1:
            # a game's short name where the defaults differ between the games of one page
            zh_d = i18n.text("rulesview.options.sep", cn).join(
                i18n.text("rulesview.options.game", cn, game=i18n.text(f"rulesview.short.{v.id}", cn),
                          default=_default_text(x)[0]) for v, x in have)
            en_d = i18n.text("rulesview.options.sep", "en").join(
                i18n.text("rulesview.options.game", "en", game=i18n.text(f"rulesview.short.{v.id}", "en"),
                          default=_default_text(x)[1]) for v, x in have)
        else:
            zh_d, en_d = _default_text(o)
        out.append(("li", i18n.text("rulesview.options.line", cn, label=i18n.option_label(o, cn), default=zh_d,
                                    effect=_effect(fam, o, cn)),
                    i18n.text("rulesview.options.line", "en", label=i18n.option_label(o, "en"), default=en_d,
                              effect=_effect(fam, o, "en"))))
    return out


def tab_title(variant_id: str) -> str:
    """A rules tab's title (shorter than the page's in English: the full ones do not fit a tab)."""
    fam = FAMILY.get(variant_id, variant_id)
    return strings.tr(f"rulesview.tab.{fam}") if i18n.has(f"rulesview.tab.{fam}") else variant_id


def title_for(variant_id: str) -> str:
    fam = FAMILY.get(variant_id, variant_id)
    return strings.tr(f"rulesview.title.{fam}") if i18n.has(f"rulesview.title.{fam}") else variant_id
