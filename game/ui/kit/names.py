"""Display names every screen shows: the games, the players, the bots and their levels."""

from __future__ import annotations

import re
from typing import Any

from game.ui.kit import strings

# Every game the client knows, in menu order; those not yet registered are shown as coming soon.
KNOWN_VARIANTS = tuple((vid, *strings.S[f"variant.{vid}"])
                       for vid in ("wenshan", "kunming", "yuxi", "guiyang", "zhuoji"))
_TITLES = {vid: (zh, en) for vid, zh, en in KNOWN_VARIANTS}


def variant_name(v: Any) -> str:
    """A variant object's name in the current language."""
    return strings.pick(getattr(v, "name_zh", ""), getattr(v, "name_en", "")) or getattr(v, "id", "?")


def variant_title(vid: str | None) -> str | None:
    """A game's name by id (a LAN table, a saved match); an id this build does not know is shown as it is."""
    return strings.pick(*_TITLES[vid]) if vid in _TITLES else vid


def player_name(app: Any) -> str:
    return app.settings.name or strings.tr("player.you")


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
