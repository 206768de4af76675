"""audit-ui: each check finds the problem it names in a frame drawn for it, and a fast subset of real screens is clean.

The full matrix (every scene x variant x language x size) is ``python -m game audit-ui``.
"""

import json
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.ui.devtools import audit
from game.ui.devtools import screenshot as shot
from game.ui.kit import drawlog, widgets

ROOT = Path(__file__).resolve().parents[2]


pytestmark = pytest.mark.usefixtures("home")


def _frame(draw, size=(1280, 720), lang="zh"):
    """The findings of one frame drawn by ``draw(screen)`` on a real app window."""
    app = shot.make_app(size, lang)
    with drawlog.recording(app.screen) as log:
        log.reset(app.screen)
        draw(app.screen)
        return audit.check_frame(log.items, app.size, lang, {"文山翻小鸡", "中文"})


def _checks(found):
    return {(check, it.text or it.name, detail.split(" (")[0]) for check, it, detail in found}


def test_a_clean_frame_has_no_findings():
    def draw(screen):
        widgets.panel(screen, pygame.Rect(100, 100, 400, 200))
        widgets.draw_text(screen, "麻将 Esc", (120, 120), 18)
        widgets.Button((120, 200, 160, 48), "返回", None, name="back").draw(screen)
    assert _frame(draw) == []


def test_text_crossing_its_panel_and_a_control_leaving_it():
    def draw(screen):
        widgets.panel(screen, pygame.Rect(100, 100, 300, 100))
        widgets.draw_text(screen, "已绝张", (120, 190), 16)  # starts inside, runs over the rim
        widgets.Checkbox((120, 160, 200, 60), "抢杠烧鸡", False, lambda v: None).draw(screen)
    found = _frame(draw)
    assert any(c == "panel" and it.text == "已绝张" for c, it, _d in found)
    assert any(c == "panel" and it.kind == "control" for c, it, _d in found)


def test_overlaps_controls_text_under_a_control_and_text_over_text():
    def draw(screen):
        widgets.draw_text(screen, "设置保存在：/home/player/.config/settings.json", (300, 620), 13)
        widgets.Button((280, 610, 220, 52), "返回", None, name="back").draw(screen)
        widgets.Choice((260, 640, 300, 46), "底注", [1, 2], ["1", "2"], 1, lambda v: None).draw(screen)
        widgets.draw_text(screen, "熟手", (900, 100), 12)
        widgets.draw_text(screen, "•••", (905, 100), 18)
    found = _frame(draw)
    details = [d for c, _it, d in found if c == "overlap"]
    assert any("drawn under [Button back]" in d for d in details)
    assert any("overlaps [Button back]" in d or "overlaps [Choice" in d for d in details)
    assert any("overlaps the text '熟手'" in d for d in details)


def test_one_key_badge_on_two_buttons():
    def draw(screen):
        widgets.Button((100, 100, 78, 78), "吃", None, hotkey="1", name="chow").draw(screen)
        widgets.Button((400, 100, 120, 64), "", None, hotkey="1", name="choice0").draw(screen)
    found = _frame(draw)
    assert any(c == "overlap" and "key badge '1'" in d for c, _it, d in found)


def test_small_text_is_judged_against_the_window_scale():
    for size, px, small in (((1280, 720), 11, True), ((1280, 720), 12, False), ((1024, 576), 9, True),
                            ((1024, 576), 10, False), ((3840, 2160), 33, True), ((3840, 2160), 36, False)):
        found = _frame(lambda screen, px=px: widgets.draw_text(screen, "抄底", (100, 100), px), size)
        assert any(c == "small" for c, _it, _d in found) == small, (size, px)


def test_squeezed_cut_and_left_out_text_is_clipped():
    def draw(screen):
        widgets.draw_text(screen, "有杠随时可杠，尾牌不能胡则从牌墙前面摸一张（抄底）", (100, 100), 12, max_width=80)
        widgets.draw_text(screen, "边上", (1270, 300), 20)
        drawlog.dropped(screen, ["加番。"], pygame.Rect(40, 560, 300, 15), 14)
    found = _frame(draw)
    details = [d for c, _it, d in found if c == "clipped"]
    assert any("squeezed" in d for d in details)
    assert any("cut by the edge" in d for d in details)
    assert any("left out" in d for d in details)


def test_text_in_a_scrolling_view_is_cut_on_purpose():
    def draw(screen):
        with drawlog.scrolling(screen, pygame.Rect(100, 100, 400, 100)):
            widgets.draw_text(screen, "滚动中的一行", (110, 190), 18)
    assert not [f for f in _frame(draw) if f[0] == "clipped"]


def test_language_checks():
    def draw(screen):
        widgets.draw_text(screen, "电脑2 wins by self-draw", (100, 100), 16)
        widgets.draw_text(screen, "文山翻小鸡", (100, 140), 16)  # a game's own name may stay Chinese
        widgets.draw_text(screen, "中文", (100, 180), 16)  # so may the language's own name
        widgets.draw_text(screen, "Flipped 4s → chicken 5s", (100, 220), 16)
    en = _frame(draw, lang="en")
    texts = {it.text: d for c, it, d in en if c == "language"}
    assert "Chinese in English mode" in texts["电脑2 wins by self-draw"]
    assert "文山翻小鸡" not in texts and "中文" not in texts
    assert "notation" in texts["Flipped 4s → chicken 5s"]
    zh = _frame(lambda screen: widgets.draw_text(screen, "连接失败：every table is full", (100, 100), 16))
    assert any(c == "language" and "English inside Chinese" in d for c, _it, d in zh)


def test_glyphs_the_font_lacks(monkeypatch):
    monkeypatch.setattr(audit, "MIN_TEXT_PX", 0)
    found = _frame(lambda screen: widgets.draw_text(screen, "胡😀", (100, 100), 20))
    assert any(c == "glyphs" and "😀" in d for c, _it, d in found)


def test_tiles_hiding_each_others_faces_and_a_panel_over_tiles():
    from game.ui.kit import tileart

    def draw(screen):
        for i in range(5):
            tileart.draw_tile(screen, i, (100 + i * 12, 100), 30)  # squeezed: faces mostly hidden
        for i in range(3):
            tileart.draw_tile(screen, i, (500 + i * 40, 100), 30)
        widgets.panel(screen, pygame.Rect(490, 90, 140, 60))
    found = audit._tiles_grouped(_frame(draw))
    details = [d for c, _it, d in found if c == "overlap"]
    assert any("tile face(s) more than a third covered" in d for d in details)
    assert any("covers 3 tile(s)" in d for d in details)


def test_under_a_dimmed_screen_only_the_dialog_counts():
    def draw(screen):
        widgets.draw_text(screen, "桌面上的字", (100, 100), 10)
        widgets.dim_screen(screen)
        widgets.panel(screen, pygame.Rect(300, 200, 300, 200))
        widgets.draw_text(screen, "对话框", (320, 220), 18)
    assert _frame(draw) == []


def test_toasts_are_checked_where_they_land():
    app = shot.make_app((1280, 720), "zh")
    with drawlog.recording(app.screen) as log:
        app.now = 1.0
        app.notice("再按一次 Esc 离开牌桌")
        app.now = 1.5
        log.reset(app.screen)
        widgets.draw_text(app.screen, "电脑3 自摸", (560, 20), 38)
        app._draw_toasts(app.screen)
        found = audit.check_frame(log.items, app.size, "zh", set())
    assert any(c == "overlap" and it.text == "电脑3 自摸" and "covered by a [panel]" in d for c, it, d in found)


FAST = ["setup", "host", "waits", "bot_turn", "chow", "leave", "look", "settings", "lobby", "refused"]


def test_a_fast_subset_of_real_screens_is_clean():
    """The screens the issue named, in both languages at 1280x720 (the whole matrix: ``python -m game audit-ui``)."""
    found = audit.audit(scenes=FAST, variants=["guiyang", "yuxi"], sizes=((1280, 720),))
    assert not found, "\n".join(f.line() for f in found)


def test_cli_json_and_exit_code(tmp_path):
    env = {"YUNGUI_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    r = subprocess.run([sys.executable, "-m", "game", "audit-ui", "--json", "--scene", "menu", "--size", "1280x720"],
                       capture_output=True, encoding="utf-8", cwd=ROOT, env=env, timeout=120)
    out = json.loads(r.stdout)
    assert r.returncode == (1 if out["problems"] else 0)
    assert out["pictures"] == 2 and set(out["by_check"]) >= set(audit.CHECKS)
    bad = subprocess.run([sys.executable, "-m", "game", "audit-ui", "--scene", "nope"], capture_output=True,
                         encoding="utf-8", cwd=ROOT, env=env, timeout=600)
    assert bad.returncode == 2 and bad.stderr.startswith("error: unknown scene")
