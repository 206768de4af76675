"""The score calculator screen driven by mouse and keyboard through the app's frame loop (off-screen)."""

from __future__ import annotations

import json

import pygame
import pytest

from game.cli import score as score_cli
from game.rules import tiles
from game.ui import nav
from game.ui.calc.calculator import CalculatorScene, clipboard_get
from game.ui.devtools import screenshot as shot
from game.ui.menus.scenes import MenuScene
from tests.ui.ui_util import drawn_texts

pytestmark = pytest.mark.usefixtures("home")


def fresh(lang: str = "zh", size=(1280, 720)):
    app = shot.make_app(size, lang)
    app.settings.last_calc = {}
    nav.go(app, "calculator")
    return app, app.scene


def click(app, pos, button: int = 1) -> None:
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button, pos=pos),
               pygame.event.Event(pygame.MOUSEBUTTONUP, button=button, pos=pos)], 0.02)


def key(app, k, mod: int = 0, text: str = "") -> None:
    evs = [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text)]
    if text:
        evs.append(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.frame(evs, 0.02)


def palette_pos(sc: CalculatorScene, tile: int):
    return next(r.center for r, t, _r, _c in sc.palette.slots() if t == tile)


def tap(app, sc, notation: str) -> None:
    for t in tiles.parse(notation):
        click(app, palette_pos(sc, t))


def test_menu_leads_to_the_calculator():
    app = shot.make_app((1280, 720), "zh")
    app.goto(MenuScene(app))
    btn = next(b for b in app.scene.buttons if b.name == "calculator")
    click(app, btn.rect.center)
    assert isinstance(app.scene, CalculatorScene)


def test_tapping_a_seed_example_gives_the_score_commands_total():
    """清一色杠上花自摸 = (4+4)×2 = 16 (seed 000) by mouse: a 暗杠, the hand, a flag, the settlement."""
    app, sc = fresh()
    click(app, next(b for b in sc.target_btns if b.name == "target_concealed_kong").rect.center)
    tap(app, sc, "5p")
    assert [m.kind for m in sc.calc.melds] == ["concealed_kong"] and sc.target == "hand"
    tap(app, sc, "1223378999p4m")
    click(app, next(r.center for r, i in sc.hand_rects if sc.display_hand()[i] == tiles.tile("9p")))
    click(app, sc.win_btn.rect.center)
    assert sc.calc.win_tile == tiles.tile("9p")
    box = next(b for b, k in sc.flag_boxes if k == "after_kong")
    click(app, box.rect.center)
    out = sc.calc.outcome()
    ref, code = score_cli.run(json.dumps(sc.calc.to_json()), True)
    assert code == 0 and out.output == json.loads(ref) and out.total == 16
    key(app, pygame.K_s)
    assert sc.overlay == "settle"
    for _ in range(120):
        app.frame([], 0.05)
    assert sc.settle.lit() == len(out.patterns)
    key(app, pygame.K_ESCAPE)
    assert sc.overlay is None


def test_right_click_takes_a_tile_out_and_backspace_the_last():
    app, sc = fresh()
    tap(app, sc, "123m")
    r = next(r.center for r, i in sc.hand_rects if sc.display_hand()[i] == tiles.tile("1m"))
    click(app, r, button=3)
    assert sorted(sc.calc.hand) == tiles.parse("23m")
    key(app, pygame.K_BACKSPACE)
    assert sc.calc.hand == [tiles.tile("2m")]


def test_a_fifth_copy_is_explained_not_added():
    app, sc = fresh("en")
    tap(app, sc, "5p5p5p5p5p")
    assert sc.calc.hand.count(tiles.tile("5p")) == 4
    assert sc.message is not None and sc.message.field == "tiles" and "5 Dots" in sc.message.text()


def test_meld_tile_click_swaps_in_the_chick():
    app, sc = fresh()
    click(app, next(b for b in sc.target_btns if b.name == "target_pung").rect.center)
    tap(app, sc, "9p")
    rect = next(r for r, i, j in sc.meld_rects if (i, j) == (0, 2))
    click(app, rect.center)
    assert sc.calc.melds[0].tiles[2] == sc.calc.wildcard


def test_keyboard_only():
    """Tab to the palette, arrows and Enter tap tiles, W marks the winning tile, S shows the settlement."""
    app, sc = fresh()
    while sc.focus.current is not sc.palette:
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)  # 1m
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)  # 2m
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # 2p
    assert sc.calc.hand == tiles.parse("12m2p")
    key(app, pygame.K_TAB)  # off the palette: the arrows pick hand tiles
    key(app, pygame.K_LEFT)
    key(app, pygame.K_w)
    assert sc.calc.win_pinned
    key(app, pygame.K_s)
    assert sc.overlay == "settle" and sc.settle.outcome.problems
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    assert app.settings.last_calc["hand"] == "12m2p"


def test_copy_and_paste_the_notation():
    app, sc = fresh()
    tap(app, sc, "1133m2277p5599s66z")
    key(app, pygame.K_c, pygame.KMOD_CTRL)
    text = clipboard_get()
    assert text == sc.calc.notation() == "1133m2277p5599s6z+6z wild:4m"
    click(app, sc.clear_btn.rect.center)
    assert not sc.calc.hand
    key(app, pygame.K_v, pygame.KMOD_CTRL)
    assert sorted(sc.calc.hand) == sorted(tiles.parse("1133m2277p5599s66z")) and sc.calc.outcome().total == 8


def test_typing_notation_reads_it_on_enter():
    app, sc = fresh("en")
    click(app, sc.notation._box().center)
    assert sc.notation.active
    key(app, pygame.K_a, text="")
    sc.notation.value = ""
    for ch in "123m456p789s1112z+2z":
        key(app, 0, text=ch)
    key(app, pygame.K_RETURN)
    assert sc.calc.win_tile == tiles.tile("2z") and len(sc.calc.hand) == 14 and sc.calc.outcome().valid


def test_bad_notation_keeps_the_hand_and_the_typed_line_and_says_why_in_the_players_language():
    """Issue 40: after an error the typed text stayed replaced by the previous hand, and the reason was English
    in the Chinese window."""
    for lang, words in (("en", "Cannot read 12x: write tiles as 123m456p7z"), ("zh", "看不懂 12x：牌写成 123m456p7z")):
        app, sc = fresh(lang)
        tap(app, sc, "123m")
        click(app, sc.notation._box().center)
        key(app, pygame.K_a, mod=pygame.KMOD_CTRL)
        key(app, 0, text="12x")
        key(app, pygame.K_RETURN)
        assert sc.calc.hand == tiles.parse("123m") and sc.message is not None and sc.message.text().startswith(words)
        assert sc.notation.value == "12x" and sc.notation.active  # still there, still being typed: mend it
        key(app, pygame.K_BACKSPACE)  # the x goes
        key(app, 0, text="m3m")
        key(app, pygame.K_LEFT)
        key(app, pygame.K_LEFT)
        key(app, 0, text="+")  # typed where the cursor is
        assert sc.notation.value == "12m+3m"
        key(app, pygame.K_RETURN)
        assert sc.message is None and sc.calc.hand == tiles.parse("123m") and sc.calc.win_tile == tiles.tile("3m")


def test_the_notation_field_edits_like_a_text_field():
    app, sc = fresh("en")
    click(app, sc.notation._box().center)
    f = sc.notation
    key(app, pygame.K_a, mod=pygame.KMOD_CTRL)  # select all: typing replaces it
    assert f.selection() == (0, len(f.value))
    key(app, 0, text="55p")
    assert f.value == "55p" and f.cursor == 3
    key(app, pygame.K_HOME)
    key(app, 0, text="4p")
    assert f.value == "4p55p"
    key(app, pygame.K_RIGHT, mod=pygame.KMOD_SHIFT)
    key(app, pygame.K_RIGHT, mod=pygame.KMOD_SHIFT)
    assert f.selection() == (2, 4)
    key(app, pygame.K_BACKSPACE)
    assert f.value == "4pp" and f.cursor == 2
    key(app, pygame.K_DELETE)
    assert f.value == "4p" and f.cursor == 2
    key(app, 0, text="p")
    key(app, pygame.K_END)
    f.insert("+6p")  # Ctrl+V puts the clipboard at the cursor
    assert f.value == "4pp+6p"


def test_an_empty_hand_settles_nobody(zh):
    """Issue 40: an empty hand opened a result titled 座位2 自摸."""
    app, sc = fresh("zh")
    sc.calc.hand, sc.calc.win_tile = [], None
    sc.changed()
    sc.open_settle()
    texts = drawn_texts(app)
    assert "还不能结算" in texts and not any("自摸" in t and "座位" in t for t in texts)


def test_options_overlay_changes_the_rules():
    app, sc = fresh()
    sc._set_variant("wenshan")
    tap(app, sc, "123m456p789s4m2s555z")
    sc.calc.set_win_tile(tiles.tile("5z"))
    sc._set_how("discard")
    before = sc.calc.outcome().payments
    click(app, sc.options_btn.rect.center)
    assert sc.overlay == "options"
    box = next(w for w in sc.option_widgets if getattr(w, "label", None) and "惩炮" in w.label())
    click(app, box.rect.center)
    key(app, pygame.K_ESCAPE)
    after = sc.calc.outcome().payments
    assert sc.calc.options["penalty_discard"] and after[sc.calc.source] == 2 * before[sc.calc.source]


def test_the_calculator_remembers_the_last_hand():
    app, sc = fresh()
    sc._set_variant("yuxi")
    tap(app, sc, "11223344556677m")
    sc.back()
    nav.go(app, "calculator")
    again = app.scene
    assert again.calc.variant_id == "yuxi" and sorted(again.calc.hand) == tiles.parse("11223344556677m")


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", [(1024, 576), (1280, 720), (1920, 1080)])
def test_renders_within_the_window(lang, size):
    app = shot.build("calculator", "guiyang", size, 1, lang)
    sc = app.scene
    area = pygame.Rect((0, 0), size)
    for w in sc._focusables():
        assert area.contains(w.rect), getattr(w, "name", w)
    assert sc.palette.rect.bottom < sc.notation.rect.y
    assert sc.settle_btn.rect.bottom <= size[1]
    sc.open_settle()
    app.dirty = True
    app.draw()
    assert area.contains(sc.settle.close_btn.rect)


@pytest.mark.parametrize("scene,variant,lang", [("calculator", "yuxi", "en"), ("demo", "guiyang", "zh")])
def test_screenshot_command_renders_the_scene(tmp_path, scene, variant, lang):
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    out = tmp_path / f"{scene}.png"
    p = subprocess.run([sys.executable, "-m", "game", "screenshot", "--scene", scene, "--variant", variant, "--lang",
                        lang, "--out", str(out)], cwd=root, capture_output=True, encoding="utf-8", timeout=120,
                       env={**os.environ, "PYTHONPATH": str(root)})
    assert p.returncode == 0, p.stderr
    img = pygame.image.load(str(out))
    assert img.get_size() == (1280, 720)
