"""The bundled CJK font ships with its licence and covers every character the game's strings use."""

import importlib.util
import sys
from pathlib import Path

import pygame
import pytest

from game.ui import assets, fonts

ROOT = Path(__file__).resolve().parents[1]


def _make_font():
    spec = importlib.util.spec_from_file_location("make_font", ROOT / "build" / "make_font.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_fonts_and_license_are_bundled():
    for style in fonts.FONT_FILES:
        path = fonts.font_path(style)
        assert path.is_file() and path.stat().st_size > 10_000, path
        assert path.stat().st_size < 1_500_000, f"{path} is not a subset"
    license_text = assets.asset_path("fonts", fonts.LICENSE_FILE).read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in license_text
    assert "Adobe" in license_text  # the copyright notice travels with the font


@pytest.mark.parametrize("style", sorted(fonts.FONT_FILES))
def test_every_string_literal_character_has_a_glyph(style):
    used = _make_font().literal_chars(ROOT)
    assert used, "no non-ASCII string literals found: is the scan looking in the right place?"
    text = "".join(used) + "".join(chr(c) for c in range(0x21, 0x7F))
    missing = fonts.missing_glyphs(text, style)
    where = {ch: sorted(used.get(ch, ["ASCII"])) for ch in sorted(missing)}
    assert not missing, (
        f"{len(missing)} character(s) used in string literals have no glyph in the bundled "
        f"{fonts.FONT_FILES[style]}: {where}. Rerun `python build/make_font.py` "
        "(needs `apt-get install fonts-noto-cjk` and `pip install fonttools`) and commit assets/fonts/."
    )


def test_scan_sees_a_new_string(tmp_path):
    pkg = tmp_path / "game"
    pkg.mkdir()
    (pkg / "x.py").write_text('"""文档 not drawn."""\nLABEL = f"龘 {1}"\n', encoding="utf-8")
    (tmp_path / "netplay").mkdir()
    used = _make_font().literal_chars(tmp_path)
    assert set(used) == {"龘"}
    assert fonts.missing_glyphs("龘") == {"龘"}


def test_missing_glyphs():
    assert fonts.missing_glyphs("东南西北 白发中 萬 Mahjong 123，。") == set()
    assert fonts.missing_glyphs("胡😀") == {"😀"}
    assert fonts.missing_glyphs("   ") == set()


def test_font_loads_and_is_cached():
    f = fonts.font(24)
    assert fonts.font(24) is f
    img = f.render("东风 East", True, (255, 255, 255))
    assert img.get_width() > 40 and img.get_height() >= 24
    assert fonts.font(24, "bold") is not f
    assert isinstance(fonts.ft_font(30, "serif"), pygame.freetype.Font)


def test_asset_path_when_frozen(monkeypatch, tmp_path):
    assert assets.asset_path("fonts", "game-cjk.otf") == ROOT / "assets" / "fonts" / "game-cjk.otf"
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert assets.asset_path("fonts", "game-cjk.otf") == tmp_path / "assets" / "fonts" / "game-cjk.otf"
