"""Display names every screen shows: the games, their options (勾选项), the players, the bots and their levels."""

from __future__ import annotations

import getpass
import re
from collections.abc import Mapping
from typing import Any

import game.i18n as i18n
from game.rules.options import Option
from game.rules.variants import get as get_variant
from game.ui.kit import strings

# Every game the client knows, in menu order; those not yet registered are shown as coming soon.
KNOWN_VARIANTS = tuple((vid, i18n.variant_name(vid, "zh"), i18n.variant_name(vid, "en"))
                       for vid in ("wenshan", "kunming", "yuxi", "guiyang", "zhuoji"))
_TITLES = {vid: (zh, en) for vid, zh, en in KNOWN_VARIANTS}


def variant_name(v: Any) -> str:
    """A variant object's name in the current language (one name per game on every screen: the names table's)."""
    vid = getattr(v, "id", None)
    if vid in _TITLES:
        return i18n.variant_name(vid, strings.lang())
    return strings.pick(getattr(v, "name_zh", ""), getattr(v, "name_en", "")) or getattr(v, "id", "?")


def variant_title(vid: str | None) -> str | None:
    """A game's name by id (a LAN table, a saved match); an id this build does not know is shown as it is."""
    return i18n.variant_name(vid, strings.lang()) if vid in _TITLES else vid


def option_value_text(o: Option, value: Any) -> str:
    """An option's value as players read it: 开/关 (On/Off), a named choice by its name, a number as written."""
    if o.is_bool:
        return strings.tr("common.on" if value else "common.off")
    return i18n.choice_name(o, value, strings.lang())


def option_label(o: Option) -> Any:
    """An option's name as a label (a callable: the language may change under it)."""
    return lambda: i18n.option_label(o, strings.lang())


def option_help(o: Option) -> Any:
    """What an option does, as a label; None for an option the games do not explain."""
    if not i18n.option_help(o, "zh") and not i18n.option_help(o, "en"):
        return None
    return lambda: i18n.option_help(o, strings.lang())


def choice_labels(o: Option, values: list) -> list:
    """The labels of an option's values in a ◀ value ▶ selector: named choices in the language shown, numbers as
    written (labels are callables where the language may change under them)."""
    if i18n.has_choice_names(o):
        return [(lambda v=v: i18n.choice_name(o, v, strings.lang())) for v in values]
    return [str(v) for v in values]


def fixed_help(o: Option) -> Any:
    """The explanation under an option a game fixes: "固定：" and what the rule does (or just "固定")."""
    if i18n.option_help(o, "zh") or i18n.option_help(o, "en"):
        return lambda: strings.tr("setup.fixed_help", what=i18n.option_help(o, strings.lang()))
    return lambda: strings.tr("setup.fixed")


def options_summary(variant_id: str | None, options: Mapping[str, Any] | None) -> str:
    """"一炮多响 关 · 首局庄家 随机": the options that differ from the game's defaults (the player count aside), in
    the current language, in the game's own order. ``options`` may hold value texts (a join list row: "0",
    "random"); a key or a value this build does not know is left out (a newer host's option)."""
    try:
        v = get_variant(variant_id or "")
    except ValueError:
        return ""
    parts = []
    for o in v.schema:
        if o.key == "players" or o.key not in (options or {}):
            continue
        try:
            val = o.coerce((options or {})[o.key])
        except ValueError:
            continue
        if val != o.default:
            name = i18n.option_label(o, strings.lang())
            parts.append(strings.tr("setup.option_value", name=name, value=option_value_text(o, val)))
    return " · ".join(parts)


def player_name(app: Any) -> str:
    return app.settings.name or strings.tr("player.you")


NAME_MAX = 20  # the longest name a player may choose (a seat plate's width)


def clean_name(text: str) -> str:
    """A name as the table shows it: printable characters only, spaces collapsed, at most ``NAME_MAX``."""
    kept = "".join(ch if ch.isprintable() else " " for ch in text or "")
    return " ".join(kept.split())[:NAME_MAX]


def computer_name() -> str:
    """The name the first LAN use offers: the computer's user name (any desktop), else "" (then the game's own)."""
    try:
        who = getpass.getuser()
    except (OSError, KeyError, ImportError):  # no login name in the environment (a service account, a container)
        return ""
    return clean_name(who)


def bot_name(i: int, level: str | None) -> str:
    return strings.tr("bot.name", i=i)


# the names the game gives (a bot's, a player's who chose none), in either language: shown in the current one
_BOT = re.compile(r"^(?:{}|{})$".format(*(re.escape(t).replace(r"\{i\}", r"\s*(\d+)") for t in strings.S["bot.name"])))
_YOU = set(strings.S["player.you"])


def shown(name: str) -> str:
    """A seat's name as shown now: the game's own names ("电脑2" / "Bot 2", "玩家" / "Player") follow the
    language, so a table, a saved replay or a LAN lobby started in one language reads right in the other;
    names players chose stay as they are."""
    m = _BOT.match(name or "")
    if m:
        return strings.tr("bot.name", i=int(next(g for g in m.groups() if g)))
    if name in _YOU:
        return strings.tr("player.you")
    return name


def shown_all(names: list[str]) -> list[str]:
    return [shown(n) for n in names]


def level_label(level: str | None) -> str:
    return strings.tr("bot." + level) if level and ("bot." + level) in strings.S else (level or "")
