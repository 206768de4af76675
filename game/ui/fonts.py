"""The bundled CJK fonts (subsets made by build/make_font.py), loaded once per size."""

from __future__ import annotations

from functools import lru_cache

import pygame
import pygame.freetype

from game.ui.assets import asset_path

# style -> file; all three files hold the same character set.
FONT_FILES = {
    "regular": "game-cjk.otf",
    "bold": "game-cjk-bold.otf",
    "serif": "game-serif-bold.otf",  # brush-like strokes for tile faces and titles
}
LICENSE_FILE = "OFL.txt"


def font_path(style: str = "regular"):
    return asset_path("fonts", FONT_FILES[style])


@lru_cache(maxsize=None)
def font(size: int, style: str = "regular") -> pygame.font.Font:
    """A ``pygame.font.Font`` of the bundled font at ``size`` px (cached)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(font_path(style)), int(size))


@lru_cache(maxsize=None)
def ft_font(size: int, style: str = "regular") -> pygame.freetype.Font:
    """A ``pygame.freetype.Font`` (tight glyph boxes, precise placement), cached."""
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    f = pygame.freetype.Font(str(font_path(style)), int(size))
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
