"""The catalogs (game/locale/*.json) against the code: no key used and missing, none unused, the same placeholders
in every language as in the reference (中文); and the check itself catches each kind of mistake."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from game import i18n
from game.rules.texts import msg
from tests.helpers.build_tools import load

check = load("catalog_check")


def test_every_key_used_is_in_every_catalog_and_every_catalog_key_is_used():
    found = check.check()
    assert not found, "\n".join(found.lines())


def test_the_check_finds_a_missing_key_an_unused_key_and_differing_placeholders(tmp_path: Path):
    root = tmp_path / "repo"
    for base in check.SOURCES:
        shutil.copytree(check.ROOT / base, root / base, ignore=shutil.ignore_patterns("__pycache__"))
    locale = root / "game" / "locale"
    (root / "game" / "planted.py").write_text('from game.rules.texts import msg\nX = msg("rules.settle.planted")\n',
                                            encoding="utf-8")
    cats = check.catalogs(locale)
    cats["zh"]["rules.settle.nobody_uses_this"] = cats["en"]["rules.settle.nobody_uses_this"] = "x"
    cats["en"]["rules.settle.yuxi.base"] = " ×base {stake}={points}"  # {base} renamed in one language
    for lang, cat in cats.items():
        (locale / f"{lang}.json").write_text(json.dumps(cat, ensure_ascii=False), encoding="utf-8")
    found = check.check(root, locale)
    assert found.missing == ["game/planted.py:2: rules.settle.planted"]
    assert found.unused == ["rules.settle.nobody_uses_this"]
    assert found.placeholders == ["en: rules.settle.yuxi.base: zh has {base points}, en has {points stake}"]


def test_every_catalog_renders_every_core_message_it_has():
    """A message renders in each language with its arguments; a list argument uses its own separator."""
    seats = (msg("rules.settle.seat", seat=0), msg("rules.settle.seat", seat=2))
    assert i18n.render(msg("rules.settle.chicken.ready", seats=seats), "zh") == "叫嘴：座位0、座位2"
    assert i18n.render(msg("rules.settle.chicken.ready", seats=seats), "en") == "Ready: seat 0, seat 2"
    assert i18n.render(msg("rules.settle.nope"), "en") == "rules.settle.nope"  # an unknown key shows itself
    for lang in i18n.langs():
        assert i18n.render(msg("rules.settle.yuxi.winner", seat=3), lang).strip()


def test_a_frozen_executable_reads_the_catalogs_from_its_bundle(tmp_path: Path, monkeypatch):
    """PyInstaller one-file unpacks --add-data game/locale:game/locale under sys._MEIPASS; i18n looks there."""
    shutil.copytree(Path(i18n.__file__).parent / "locale", tmp_path / "game" / "locale")
    cat = json.loads((tmp_path / "game" / "locale" / "en.json").read_text(encoding="utf-8"))
    cat["rules.settle.yuxi.draw"] = "from the bundle"
    (tmp_path / "game" / "locale" / "en.json").write_text(json.dumps(cat), encoding="utf-8")
    monkeypatch.setattr("sys._MEIPASS", str(tmp_path), raising=False)
    i18n.catalog.cache_clear()
    i18n.langs.cache_clear()
    try:
        assert i18n.render(msg("rules.settle.yuxi.draw"), "en") == "from the bundle"
    finally:
        i18n.catalog.cache_clear()
        i18n.langs.cache_clear()


def test_a_language_is_a_file(tmp_path: Path, monkeypatch):
    """繁體中文 is zh_Hant.json and nothing else: the window speaks it (titles, tiles, winds, plurals); and a new file
    in game/locale is a new language of the settings' choice."""
    from game.ui.kit import strings

    assert i18n.langs()[:2] == ("zh", "en") and "zh_Hant" in i18n.langs()
    strings.set_lang("zh_Hant")
    try:
        assert strings.tr("menu.play") == "人機對戰" and i18n.variant_name("guiyang", "zh_Hant") == "貴陽捉雞"
        assert strings.tile_name(0) == "一萬" and strings.tile_name(27, short=True) == "東" and strings.wind(0) == "東"
        assert strings.is_zh() and strings.tr("replays.hands", n=1) == strings.tr("replays.hands", n=1)
    finally:
        strings.set_lang("zh")
    locale = tmp_path / "game" / "locale"
    shutil.copytree(Path(i18n.__file__).parent / "locale", locale)
    shutil.copy(locale / "en.json", locale / "en_GB.json")
    monkeypatch.setattr("sys._MEIPASS", str(tmp_path), raising=False)
    i18n.langs.cache_clear()
    try:
        assert "en_GB" in i18n.langs()
    finally:
        i18n.langs.cache_clear()


def test_traditional_chinese_keeps_the_win_word_hu():
    """OpenCC reads 胡 (a win) + 同 as 胡同 (alley) and writes 衚衕; ``catalogs.py hant`` puts 胡同 back."""
    hant = i18n.catalog("zh_Hant")
    assert not [k for k, v in hant.items() if "衚" in v or "衕" in v]
    assert hant["refusal.passed_win"].count("胡同") == 1
