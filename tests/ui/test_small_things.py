"""Issue 40's small things, each as the player met it: "1 hands", two English names for one game, 局数 ◀ wrapping
from 1 to 16, the menu's subtitle without 昆明, the rules viewer's English rows on a Chinese page, its options
without explanations, 昆明 never said to play as 文山, ↑↓ 翻页 moving 50 px, and the docs' 5z/7z."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.rules.variants import all_variants
from game.ui.kit import strings, widgets
from game.ui.kit.names import KNOWN_VARIANTS, variant_name, variant_title
from game.ui.kit.rulesdoc import FAMILY, doc_for
from game.ui.menus.rulesview import RulesScene
from game.ui.menus.scenes import HAND_CHOICES, SetupScene
from tests.ui.ui_util import drawn_texts

ROOT = Path(__file__).resolve().parents[2]


def test_one_hand_is_one_hand(en):
    assert strings.tr("replays.hands", n=1) == "1 hand" and strings.tr("replays.hands", n=2) == "2 hands"
    assert strings.tr("end.played", n=1) == "1 hand"
    assert strings.tr("table.wall_tip_all", n=1).startswith("1 tile in the wall")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_game_has_one_name_per_language_on_every_screen(lang):
    strings.set_lang(lang)
    try:
        for v in all_variants():
            names = {variant_name(v), variant_title(v.id), i18n.variant_name(v.id, lang)}
            assert len(names) == 1, (v.id, names)
    finally:
        strings.set_lang("zh")


def test_the_menu_subtitle_names_every_game(zh):
    sub = strings.tr("app.subtitle")
    assert all(zh_name in sub for _vid, zh_name, _en in KNOWN_VARIANTS)


def test_hands_stop_at_their_ends_instead_of_wrapping(app):
    app.settings.last_hands = 1
    sc = SetupScene(app)
    app.goto(sc)
    hands = next(w for w in sc.colB if isinstance(w, widgets.Choice) and w.values == list(HAND_CHOICES))
    hands.step(-1)
    assert sc.hands == 1 and not hands.can_step(-1)
    for _ in range(10):
        hands.step(1)
    assert sc.hands == 16 and not hands.can_step(1)


def words_in(text: str) -> list[str]:
    return re.findall(r"[A-Za-z]{3,}", text)


@pytest.mark.parametrize("vid", ["wenshan", "yuxi", "guiyang"])
def test_a_chinese_rules_page_has_no_english_row(vid):
    for block in doc_for(vid):
        if block[0] in ("h", "p", "li"):
            assert block[1], block
        elif block[0] == "row":
            assert block[1] and block[2], block  # an empty Chinese description showed the English one


def test_every_option_is_explained_beyond_its_one_line_help():
    for v in all_variants():
        fam = FAMILY[v.id]
        for o in v.schema:
            if o.key in ("players", "base"):
                continue
            key = next(k for k in (f"rulesview.effect.{fam}.{o.key}", f"rulesview.effect.{o.key}") if i18n.has(k))
            zh, en = i18n.text(key, "zh"), i18n.text(key, "en")
            assert len(zh) > len(i18n.option_help(o, "zh")) and len(en) > len(i18n.option_help(o, "en")), (v.id, o.key)


def test_the_wenshan_page_says_kunming_plays_as_wenshan():
    text = " ".join(b[1] for b in doc_for("kunming") if b[0] == "p")
    assert "昆明" in text and "就是文山翻小鸡" in text


def test_up_and_down_move_a_third_of_a_page(app):
    sc = RulesScene(app, variant_id="guiyang")
    app.goto(sc)
    page = sc.content.h - round(60 * sc.s)
    sc.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
    assert sc.scroll == page // 3 > 150


def test_the_docs_name_5z_white_and_7z_red():
    for doc in ("cli.md", "file-formats.md"):
        text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
        assert "东南西北中发白" not in text and "东 南 西 北 中 发 白" not in text, doc
        assert "5z is 白, 7z is 中" in text, doc


def test_the_saved_match_is_said_on_the_match_end_not_over_the_table(home):
    """Issue 40: the "本场已保存到回放" toast covered the top player's revealed hand; the match end says it now."""
    from game.bots import make_bot
    from game.rules.variants import get
    from game.ui.app import App
    from game.ui.menus.scenes import start_local_table
    from game.ui.settings import Settings
    from game.ui.table.match_end import MatchEndScene

    app = App(size=(1280, 720), settings=Settings(anim="off", sound=False), save=True, sound=False)
    v = get("yuxi")
    start_local_table(app, v, v.resolve_options({}), 1, 6, [None, "easy", "easy", "easy"])
    sc = app.scene
    me = make_bot("simple", seed=1)
    for _ in range(5000):
        app.frame([], 0.3)
        if sc.settle is not None:
            break
        if sc.view["legal"] and sc.view["phase"] != "end":
            sc.send(me.act(sc.view))
    assert sc.settle is not None and not app.toasts
    sc.next_hand()
    assert isinstance(app.scene, MatchEndScene) and app.scene.saved_to is not None
    texts = drawn_texts(app)
    assert any(strings.tr("end.saved") in t for t in texts)
