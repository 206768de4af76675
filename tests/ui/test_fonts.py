"""The bundled CJK font ships with its licence and covers every character the game's strings use."""

import sys
from pathlib import Path

import pygame
import pytest

from game.ui.kit import assets, fonts
from tests.helpers.build_tools import load

ROOT = Path(__file__).resolve().parents[2]


def _make_font():
    return load("make_font")


def test_fonts_and_license_are_bundled():
    for style in fonts.FONT_FILES:
        path = fonts.font_path(style)
        assert path.is_file() and path.stat().st_size > 10_000, path
        # the sans fonts carry GB 2312 (~3.3 MB each); the serif face only the game's strings
        limit = 4_000_000 if style in ("regular", "bold") else 1_000_000
        assert path.stat().st_size < limit, f"{path} is not a subset"
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


NAMES = "老王 张伟 王芳 李娜 刘洋 陈静 杨磊 赵敏 黄晓明 周杰 吴昊 徐鑫 孙琦 马骁 朱婷 胡歌 郭靖 林黛玉 何炅"


@pytest.mark.parametrize("style", ["regular", "bold"])
def test_sans_fonts_draw_every_gb2312_hanzi(style):
    """Players type any name: every one of GB 2312's 6,763 hanzi has a glyph in the sans fonts."""
    hanzi = _make_font().gb2312_hanzi()
    assert len(hanzi) == 6763
    assert fonts.missing_glyphs("".join(hanzi), style) == set()
    assert fonts.missing_glyphs(NAMES, style) == set()


@pytest.fixture
def no_system_font(monkeypatch):
    monkeypatch.setenv("YUNGUI_CJK_FONT", "")
    fonts.system_font_path.cache_clear()
    fonts.style_for.cache_clear()
    yield
    fonts.system_font_path.cache_clear()
    fonts.style_for.cache_clear()


def test_serif_text_it_lacks_is_drawn_in_bold_sans(no_system_font):
    name = "鄢嵇"  # GB 2312 level 2, in no string of the game
    assert fonts.missing_glyphs(name, "serif"), "the serif face is meant to hold the game's strings only"
    assert fonts.style_for(f"{name} 自摸", "serif") == "bold"
    assert fonts.style_for("自摸", "serif") == "serif"
    assert fonts.style_for("Bot 2", "serif") == "serif"
    img = fonts.font_for(f"{name} 自摸", 30, "serif").render(f"{name} 自摸", True, (255, 255, 255))
    tofu = fonts.font(30, "serif").render(f"{name} 自摸", True, (255, 255, 255))
    assert pygame.image.tobytes(img, "RGBA") != pygame.image.tobytes(tofu, "RGBA")


def test_beyond_gb2312_falls_back_to_the_systems_cjk_font(monkeypatch, no_system_font):
    """玥 and 𠮷 are outside GB 2312: drawn with the system's CJK font when there is one, else as boxes."""
    assert fonts.style_for("罗玥", "bold") == "bold"  # no system font: ours, with a box
    noto = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
    if not noto.is_file():
        pytest.skip("fonts-noto-cjk is not installed")
    monkeypatch.setenv("YUNGUI_CJK_FONT", str(noto))
    fonts.system_font_path.cache_clear()
    fonts.style_for.cache_clear()
    assert fonts.style_for("罗玥", "bold") == fonts.SYSTEM
    assert fonts.style_for("罗", "bold") == "bold"


def test_widgets_draw_a_typed_name_without_boxes(no_system_font):
    from game.ui.kit import widgets

    for style in ("regular", "bold", "serif"):
        assert not fonts.missing_glyphs("老王", fonts.style_for("老王", style))
        assert widgets.text_width("老王", 20, style) > 30
