"""The bundled CJK fonts (subsets made by build/make_font.py), loaded once per size, with a fallback for rare text.

The sans fonts carry GB 2312's 6,763 hanzi besides the game's own strings, so
names players type render; the serif face carries only the game's strings.
``font_for`` picks, for one piece of text, the first of: the wanted style, the
bold sans (for serif text it cannot draw), a CJK font of the system (for
characters beyond GB 2312), that draws every character.
"""

from __future__ import annotations

import os
import sys
import time
from functools import cache, lru_cache
from pathlib import Path

import pygame
import pygame.freetype

import game.startclock as startclock
from game.ui.kit.assets import asset_path

# style -> file; the sans files also hold GB 2312, the serif file only the game's strings.
FONT_FILES = {
    "regular": "game-cjk.otf",
    "bold": "game-cjk-bold.otf",
    "serif": "game-serif-bold.otf",  # brush-like strokes for tile faces and titles
}
LICENSE_FILE = "OFL.txt"
SYSTEM = "system"  # the style name of the system's CJK font, when one is found

# CJK fonts that come with each system (first found wins); only read when the bundled fonts lack a character.
SYSTEM_CJK = {
    "win32": ("msyh.ttc", "msyh.ttf", "simhei.ttf", "simsun.ttc"),
    "darwin": ("/System/Library/Fonts/PingFang.ttc", "/System/Library/Fonts/Hiragino Sans GB.ttc",
               "/System/Library/Fonts/STHeiti Medium.ttc", "/Library/Fonts/Arial Unicode.ttf"),
    "linux": ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
              "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
              "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"),
}


def font_path(style: str = "regular") -> Path:
    if style == SYSTEM:
        found = system_font_path()
        if found is None:
            raise FileNotFoundError("no CJK font on this system")
        return found
    return asset_path("fonts", FONT_FILES[style])


@lru_cache(maxsize=1)
def system_font_path() -> Path | None:
    """A CJK font of this system (YUNGUI_CJK_FONT overrides; an empty value turns the fallback off)."""
    env = os.environ.get("YUNGUI_CJK_FONT")
    if env is not None:
        return Path(env) if env and Path(env).is_file() else None
    plat = "win32" if sys.platform.startswith("win") else "darwin" if sys.platform == "darwin" else "linux"
    windir = Path(os.environ.get("WINDIR", r"C:\Windows")) / "Fonts"
    for cand in SYSTEM_CJK[plat]:
        p = windir / cand if plat == "win32" else Path(cand)
        if p.is_file():
            return p
    return None


@cache
def font(size: int, style: str = "regular") -> pygame.font.Font:
    """A ``pygame.font.Font`` of the bundled font at ``size`` px (cached)."""
    if not pygame.font.get_init():
        pygame.font.init()
    t0 = time.perf_counter()
    f = pygame.font.Font(str(font_path(style)), int(size))
    startclock.add("fonts", time.perf_counter() - t0)
    return f


@cache
def ft_font(size: int, style: str = "regular") -> pygame.freetype.Font:
    """A ``pygame.freetype.Font`` (tight glyph boxes, precise placement), cached."""
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    t0 = time.perf_counter()
    f = pygame.freetype.Font(str(font_path(style)), int(size))
    startclock.add("fonts", time.perf_counter() - t0)
    f.antialiased = True
    f.pad = False
    return f


def missing_glyphs(text: str, style: str = "regular") -> set[str]:
    """Characters of ``text`` the bundled font cannot draw (whitespace ignored)."""
    chars = sorted({c for c in text if not c.isspace()})
    if not chars:
        return set()
    metrics = ft_font(16, style).get_metrics("".join(chars))
    return {c for c, m in zip(chars, metrics) if m is None}


@lru_cache(maxsize=4096)
def style_for(text: str, style: str = "regular") -> str:
    """The style that draws every character of ``text``: the wanted one, else bold sans, else the system's CJK font.

    Text nothing can draw keeps the wanted style (its missing characters show as boxes).
    """
    if text.isascii() or not missing_glyphs(text, style):
        return style
    if style == "serif" and not missing_glyphs(text, "bold"):
        return "bold"
    if system_font_path() is not None:
        try:
            if not missing_glyphs(text, SYSTEM):
                return SYSTEM
        except (OSError, pygame.error):
            pass  # an unreadable system font: draw with ours
    return style


def font_for(text: str, size: int, style: str = "regular") -> pygame.font.Font:
    """The font to draw ``text`` with at ``size`` px in ``style`` (see ``style_for``)."""
    return font(size, style_for(text, style))
