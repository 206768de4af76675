"""The issue-44 options in the window: the setup screen's 勾选项 with a one-line explanation in both languages, the
rules viewer's page of options, the calculator (which they do not change), a LAN table's options in the join list
and the lobby, and the caption of a 胡 that lapsed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game import i18n
from game.rules import engine, scenario
from game.rules.actions import HU, Action
from game.rules.view import events_for, view
from game.ui.calc.calculator import CalculatorScene
from game.ui.kit import rulesdoc, strings, widgets
from game.ui.kit.names import options_summary
from game.ui.lan.lobby import JoinScene
from game.ui.menus.scenes import SetupScene
from game.ui.table import cues
from game.ui.table.layout import TableLayout

pytestmark = pytest.mark.usefixtures("home")

NEW = ("multi_win", "bao_ji", "first_dealer")
NAMES = {"multi_win": ("一炮多响", "Several win on one discard"), "bao_ji": ("包鸡", "Not ready pays chickens"),
         "first_dealer": ("首局庄家", "First dealer")}


def _setup(app, vid: str) -> SetupScene:
    app.settings.last_variant = vid
    sc = SetupScene(app)
    app.goto(sc)
    return sc


def _widget(sc: SetupScene, key: str):
    """The column-A widget of option ``key`` (found by its label in the current language)."""
    o = next(o for o in sc.variant.schema if o.key == key)
    controls: list[Any] = list(sc.colA)  # checkboxes and choices: each has its label
    return next(w for w in controls if widgets.label_text(w.label) == i18n.option_label(o, strings.lang()))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_setup_offers_the_three_options_with_an_explanation(app, lang):
    """贵阳捉鸡: 一炮多响 and 包鸡 are ticked by default and can be unticked; 首局庄家 steps between 开房者 and 随机;
    each has one explanation in the screen's language. Start keeps the choice for next time."""
    strings.set_lang(lang)
    sc = _setup(app, "guiyang")
    for key in NEW:
        w = _widget(sc, key)
        assert w.enabled and widgets.label_text(w.label) == NAMES[key][0 if lang == "zh" else 1]
        help_ = widgets.label_text(w.help)
        assert help_ and ("不勾选" in help_ or "随机" in help_ if lang == "zh" else help_.isascii())
    assert _widget(sc, "multi_win").value is True and _widget(sc, "bao_ji").value is True
    fd = _widget(sc, "first_dealer")
    want = ["开房者", "随机"] if lang == "zh" else ["Table opener", "Random"]
    assert [widgets.label_text(x) for x in fd.labels] == want
    _widget(sc, "multi_win").activate()
    fd.step(1)
    assert sc.options["multi_win"] is False and sc.options["first_dealer"] == "random"
    sc.start()
    assert app.settings.last_options["guiyang"]["multi_win"] is False
    assert app.settings.last_options["guiyang"]["first_dealer"] == "random"


def test_zhuoji_shows_its_fixed_rules_as_fixed(app, zh):
    sc = _setup(app, "zhuoji")
    for key in ("multi_win", "bao_ji"):
        w = _widget(sc, key)
        assert not w.enabled and w.value is True and widgets.label_text(w.help).startswith("固定：")
    fd = _widget(sc, "first_dealer")
    assert fd.enabled and fd.value == "random"


def test_every_game_offers_the_first_dealer(app, en):
    for vid in ("wenshan", "kunming", "yuxi", "guiyang", "zhuoji"):
        sc = _setup(app, vid)
        assert widgets.label_text(_widget(sc, "first_dealer").help) == \
            "the player who opened the table deals first, or a random seat does"


def test_a_stale_saved_option_falls_back_alone(app):
    """A settings file another version wrote: the options it still holds come back, the unknown value alone falls
    back to its default."""
    app.settings.last_options = {"guiyang": {"players": 3, "zimo_double": True, "first_dealer": "east"}}
    sc = _setup(app, "guiyang")
    assert (sc.options["players"], sc.options["zimo_double"], sc.options["first_dealer"]) == (3, True, "host")


def test_the_setup_options_picture_shows_the_table_rules(app):
    """The screenshot scene scrolls the 勾选项 to their end: the three options are in view, inside the column."""
    from game.ui.devtools import screenshot as shot

    shot.stage(app, "setup_options", "guiyang")
    app.frame([], 0.0)
    sc = app.scene
    col = sc.col_a.viewport
    for key in NEW:
        assert col.contains(_widget(sc, key).rect), key


def test_the_rules_viewer_says_what_each_option_does():
    doc = {"chicken": rulesdoc.doc_for("guiyang"), "wenshan": rulesdoc.doc_for("wenshan"),
           "yuxi": rulesdoc.doc_for("yuxi")}
    for fam, blocks in doc.items():
        heads = [b for b in blocks if b[0] == "h" and b[1] == "勾选项"]
        assert heads == [("h", "勾选项", "Table options")], fam
        items = [b for b in blocks if b[0] == "li" and b[1].startswith("首局庄家")]
        assert len(items) == 1 and "随机" in items[0][1] and "Random" in items[0][2], fam
    chicken = {b[1].split("（")[0]: b for b in doc["chicken"] if b[0] == "li"}
    assert "不勾选" in chicken["一炮多响"][1] and "Off:" in chicken["一炮多响"][2]
    assert "贵阳捉鸡：默认勾选；捉鸡麻将：固定勾选" in chicken["包鸡"][1]
    assert "(Guiyang: on by default; Zhuoji: always)" in chicken["包鸡"][2]
    assert "冲锋鸡照包" in chicken["包鸡"][1] and "charging chicken still is" in chicken["包鸡"][2]
    assert "首局庄家（贵阳捉鸡：默认开房者；捉鸡麻将：默认随机）" in chicken["首局庄家"][1]


def test_the_calculator_leaves_out_what_changes_no_score(app):
    """One hand's score (pattern + events) is the same whatever these table rules say: the calculator's options
    overlay does not list them, and the score command gives equal answers with them on or off."""
    from game.rules.judge import judge

    sc = CalculatorScene(app)
    app.goto(sc)
    sc._set_variant("guiyang")
    sc.open_options()
    option_widgets: list[Any] = list(sc.option_widgets)
    shown = {widgets.label_text(w.label) for w in option_widgets}
    assert shown and not shown & {"一炮多响", "包鸡", "首局庄家"}
    sit = {"variant": "guiyang", "seat": 0, "hand": "123m456m789s234p55s", "win_tile": "5s", "win": "rob_kong",
           "from": 2}
    base = i18n.score_json(judge(sit)[2])
    for opts in ({"multi_win": False}, {"bao_ji": False}, {"first_dealer": "random"}):
        assert i18n.score_json(judge({**sit, "options": opts})[2]) == base


def test_the_join_list_and_the_lobby_name_a_tables_options(en):
    """A discovered row carries value texts; the list names the options that differ, in the window's language."""
    row = {"name": "t", "variant": "guiyang", "players": 3, "host_name": "h", "host_id": "ab12", "host": "10.0.0.2",
           "port": 5, "options": {"bao_ji": "0", "first_dealer": "random", "multi_win": "0", "future_rule": "1"}}
    assert JoinScene.row_host_text(row) == \
        "Several win on one discard: Off · Not ready pays chickens: Off · First dealer: Random  ·  " \
        "host h · key ab12 · 10.0.0.2:5"
    strings.set_lang("zh")
    assert options_summary("guiyang", row["options"]) == "一炮多响 关 · 包鸡 关 · 首局庄家 随机"
    assert options_summary("zhuoji", {"first_dealer": "random"}) == ""  # its default
    assert options_summary("guiyang", {"first_dealer": "east", "multi_win": "maybe"}) == ""  # nothing it knows
    assert options_summary("nonesuch", {"multi_win": "0"}) == ""


def test_the_lobby_draws_the_options_line(app, en):
    from game.ui.devtools import screenshot as shot
    from game.ui.kit import drawlog

    shot.stage(app, "lobby", "guiyang")
    with drawlog.recording(app.screen) as log:
        app.dirty = True
        app.draw()
    texts = [it.text for it in log.items if it.kind == "text"]
    assert "Several win on one discard: Off · First dealer: Random" in texts


FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "multi-win-off.json"


def test_a_lapsed_win_is_told_to_its_player(en):
    """The fixture hand with 一炮多响 off: seat 3 says 胡 after seat 2 did; seat 3's window captions why it did not
    win; seat 2 (the winner) is told nothing of it."""
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    data["options"] = {"multi_win": False}
    st, actions = scenario.start(data)
    for a in actions[:-2]:
        engine.apply(st, a)
    engine.apply(st, Action(2, HU))
    _, events = engine.apply(st, Action(3, HU))
    names = ["P0", "P1", "P2", "P3"]
    for seat, want in ((3, ["P3's win lapsed: P2 was first (one winner per discard)"]), (2, [])):
        v = view(st, seat)
        stage = cues.Stage(v, TableLayout((1280, 720), 4, seat), seat, names, 100.0, 1.0)
        captions = [c.text for c in cues.stage(events_for(events, seat), stage) if isinstance(c, cues.Caption)]
        assert [c for c in captions if "lapsed" in c] == want
