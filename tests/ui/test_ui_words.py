"""What the screens say, in the UI language: seat names, settlement lines, the rules, the host's messages (issue 15)."""

import errno
import re

import pytest

from game import i18n
from game.rules.variants import all_variants
from game.ui.devtools.audit import CJK
from game.ui.kit import hostmsg, rulesdoc, strings
from game.ui.kit.names import shown, shown_all
from game.ui.kit.settletext import footer_notes, in_words

# the only Chinese an English screen may show: the language's own name (the toggle and the language choice)
OWN_NAMES = {"lang.zh", "lang.zh_Hant", "menu.lang_toggle"}


pytestmark = pytest.mark.usefixtures("zh")


def test_every_english_string_is_english():
    bad = {k: en for k, (_zh, en) in strings.S.items() if k not in OWN_NAMES and CJK.search(en)}
    assert not bad


def test_games_descriptions_and_options_in_english_have_no_chinese_and_no_notation():
    notation = re.compile(r"(?<![A-Za-z0-9])[1-9][mpsz](?![A-Za-z0-9])")
    for v in all_variants():
        texts = [i18n.variant_blurb(v.id, "en")] + [t for o in v.schema
                                                    for t in (i18n.option_label(o, "en"), i18n.option_help(o, "en"))]
        for t in texts:
            assert not CJK.search(t or ""), (v.id, t)
            assert not notation.search(t or ""), (v.id, t)


def test_the_games_own_seat_names_follow_the_language():
    assert shown("电脑2") == "电脑2" and shown("Bot 2") == "电脑2" and shown("玩家") == "玩家"
    strings.set_lang("en")
    assert shown_all(["玩家", "电脑1", "Bot 3", "老王", "Player 2"]) == ["Player", "Bot 1", "Bot 3", "老王", "Player 2"]


def test_a_table_started_in_chinese_names_its_seats_in_english_after_the_switch():
    from game.ui.devtools import screenshot as shot

    app = shot.build("table", "wenshan", (1280, 720), 1, "zh")
    assert app.scene.names[1] == "电脑1"
    app.set_lang("en")
    assert app.scene.names == ["Player", "Bot 1", "Bot 2", "Bot 3"]
    assert app.scene.raw_names[1] == "电脑1"  # what a saved replay keeps


def test_settlement_lines_name_tiles_and_seats():
    names = ["玩家", "电脑1", "电脑2", "电脑3"]
    assert in_words("点豆 7m ×3", names) == "点豆 七万 ×3"
    assert in_words("捉鸡牌 4s → 翻牌鸡 5s", names) == "捉鸡牌 四条 → 翻牌鸡 五条"
    # the rules core counts seats from 0; players read names (the setup screen counts seats from 1)
    assert in_words("叫嘴：座位1、座位2", names) == "叫嘴：电脑1、电脑2"
    assert in_words("热炮：座位0烧鸡", names) == "热炮：玩家烧鸡"
    strings.set_lang("en")
    en = ["Player", "Bot 1", "Bot 2", "Bot 3"]
    assert in_words("Flipped 4s → chicken 5s", en) == "Flipped 4 Bamboo → chicken 5 Bamboo"
    assert in_words("Ready: seat 1, seat 2", en) == "Ready: Bot 1, Bot 2"
    assert in_words("Hot discard: seat 3's chickens burned", en) == "Hot discard: Bot 3's chickens burned"
    assert in_words("Plain win 3", en) == "Plain win 3"


def test_a_chicken_settlement_footer_in_words():
    from game.ui.devtools import screenshot as shot

    app = shot.build("settlement", "guiyang", (1280, 720), 1, "zh")
    sc = app.scene
    res = sc.settle.res
    for lang in ("zh", "en"):
        app.set_lang(lang)
        lines = footer_notes(res, sc.names, True)
        assert lines
        for line in lines:
            assert not re.search(r"(?<![A-Za-z0-9])[1-9][mpsz](?![A-Za-z0-9])", line), line
            assert "座位" not in line and "seat " not in line, line
        ready = [i for i, r in enumerate(res["info"]["ready"]) if r]
        assert any(all(sc.names[i] in line for i in ready) for line in lines), (lines, ready)


def test_tile_words():
    assert strings.tiles_in_words("幺鸡 1s ×1, 5z 7z") == "幺鸡 一条 ×1, 白板 红中"
    assert strings.tiles_in_words("3 Characters, 10m, 2mm") == "3 Characters, 10m, 2mm"
    assert strings.run_name([20, 18, 19]) == "一二三条"
    strings.set_lang("en")
    assert strings.run_name([9, 10, 11]) == "1-2-3 Dots"
    assert strings.tiles_in_words("8p") == "8 Dots"


def test_the_english_rules_are_english():
    """Pattern names and what they are worth in English (0 fan, not 0番); example captions without notation."""
    strings.set_lang("en")
    for vid in ("wenshan", "yuxi", "guiyang"):
        for b in rulesdoc.doc_for(vid):
            if b[0] == "row":
                name, worth = rulesdoc.row_name(b), rulesdoc.row_worth(b)
                assert name and not CJK.search(name), b
                assert not CJK.search(worth), b
                assert not CJK.search(b[4]), b
            elif b[0] in ("h", "p", "li"):
                assert not CJK.search(b[2]), b
            elif b[0] == "hand":
                assert not CJK.search(b[3]), b
    worths = {b[5]: rulesdoc.row_worth(b) for b in rulesdoc.doc_for("yuxi") if b[0] == "row"}
    assert "0 fan" in worths.values() and "+1 / +2 fan" in worths.values()
    assert rulesdoc.row_worth(next(b for b in rulesdoc.doc_for("wenshan") if b[0] == "row" and "×16" in b[3])) \
        == "×4 / ×8 / ×16"


def _codes():
    from netplay import protocol

    return sorted(getattr(c, "value", c) for c in protocol.ERRORS)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_host_code_has_a_text_in_each_language(lang):
    strings.set_lang(lang)
    for code in _codes() + ["reconnecting", "unreachable", "lost"]:
        assert f"lan.code.{code}" in strings.S, code
        text = hostmsg.code_text(code, who="老王")
        if lang == "zh":
            assert CJK.search(text) and not re.search(r"[A-Za-z]{3,}", text), (code, text)
        else:
            assert not CJK.search(text.replace("老王", "")), (code, text)


class _Session:
    def __init__(self, error, code=None):
        self.error, self.error_code = error, code


def test_a_sessions_trouble_in_words():
    assert hostmsg.session_text(_Session(None)) is None
    assert hostmsg.session_text(_Session("no free seat", "full")) == "牌桌已满"
    lost = _Session("connection to the host lost; reconnecting", "reconnecting")
    assert hostmsg.session_text(lost).startswith("与主机")
    assert hostmsg.session_text(_Session("cannot reach the host at 10.0.0.9:5 (refused)")) == \
        strings.tr("lan.code.unreachable")
    new = _Session("something new", "brand_new")
    assert hostmsg.session_text(new) == strings.tr("lan.code.unknown", code="brand_new")
    strings.set_lang("en")
    assert hostmsg.session_text(_Session("no free seat", "full")) == "The table is full"


def test_socket_errors_in_words():
    e = ConnectionRefusedError(errno.ECONNREFUSED, "Connection refused")
    assert hostmsg.os_error_text(e) == "主机拒绝连接（地址或端口不对？） (ECONNREFUSED)"
    assert hostmsg.os_error_text(ValueError("invalid literal")) == strings.tr("net.bad_address")
    strings.set_lang("en")
    assert hostmsg.os_error_text(OSError(errno.EADDRINUSE, "x")).startswith("The port is already in use")
    assert "ENOSPC" in hostmsg.os_error_text(OSError(errno.ENOSPC, "x"))


def test_a_missing_lan_module_in_words():
    from game.ui.lan.lobby import missing_text

    assert missing_text("ModuleNotFoundError: No module named 'zeroconf'") == "缺少组件 zeroconf"
    strings.set_lang("en")
    assert missing_text("ImportError: cannot import name 'X'") == "missing netplay"


def test_the_rules_pages_are_catalog_entries_and_speak_traditional_chinese():
    """Issue 43 point 4: the rules viewer's words come from the catalogs, so zh_Hant shows 繁體 on every page
    (headings, paragraphs, rows, options) and the demo's pattern names too; the code holds keys only."""
    from game.ui.menus import teach

    assert all(isinstance(b[1] if b[0] != "hand" else b[2], str) and (b[1] if b[0] != "hand" else b[2])
               .startswith("rulesview.page.") for b in rulesdoc.COMMON + [x for v in rulesdoc.DOCS.values() for x in v])
    strings.set_lang("zh_Hant")
    try:
        words = " ".join(b[1] if b[0] != "row" else b[1] + b[2] for b in rulesdoc.doc_for("guiyang")
                         if b[0] != "hand")
        assert "雞" in words and "鸡" not in words
        assert "勾選項" in words and rulesdoc.tab_title("guiyang") == "貴陽捉雞 / 捉雞麻將"
        assert teach.pattern_names("guiyang", "da_dui_zi")[0] == "大對子"
        assert "雞" in rulesdoc.explain("su_gua_dou")
    finally:
        strings.set_lang("zh")
