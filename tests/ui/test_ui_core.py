"""Strings, settings, sound, layout and hints of the client."""

import ast
import json
import os
import re
from pathlib import Path

import pygame
import pytest

from game.rules import engine, tiles
from game.rules.variants import get
from game.rules.view import view
from game.ui import settings as cfg
from game.ui.kit import strings
from game.ui.kit.sound import EFFECTS, SoundBank, synthesize, to_bytes
from game.ui.table.hints import HintEngine
from game.ui.table.layout import TableLayout

ROOT = Path(__file__).resolve().parents[2]


# ------------------------------------------------------------------ strings

def test_every_string_has_both_languages():
    for key, (zh, en) in strings.S.items():
        assert zh and en, key
        assert set(re.findall(r"{(\w+)}", zh)) == set(re.findall(r"{(\w+)}", en)), key


def test_every_key_used_in_the_ui_exists():
    used = set()
    for path in (ROOT / "game" / "ui").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)):
                continue
            name = getattr(node.func, "attr", getattr(node.func, "id", ""))
            if name in ("tr", "tr_label") and isinstance(node.args[0].value, str):
                used.add(node.args[0].value)
    missing = sorted(k for k in used if k not in strings.S)
    assert not missing, missing
    assert len(used) > 150


def test_language_switch_and_tile_names():
    strings.set_lang("zh")
    assert strings.tr("menu.play") == "人机对战" and strings.tile_name(13) == "五筒" and strings.tile_name(31) == "白板"
    strings.set_lang("en")
    try:
        assert strings.tr("menu.play") == "Play vs bots"
        assert strings.tile_name(13) == "5 Dots" and strings.tile_name(13, True) == "5p"
        assert strings.tr("table.hand_no", i=2, n=8) == "Hand 2/8"
    finally:
        strings.set_lang("zh")


# ------------------------------------------------------------------ settings and replays

def test_settings_round_trip_and_home_override(tmp_path, monkeypatch):
    monkeypatch.setenv("YUNGUI_HOME", str(tmp_path / "home"))
    assert cfg.config_dir() == tmp_path / "home"
    s, notice = cfg.load_settings()
    assert notice is None and s.lang == "zh"
    s.lang, s.volume, s.window, s.anim = "en", 0.3, (1600, 900), "fast"
    assert cfg.save_settings(s) is None
    s2, notice = cfg.load_settings()
    assert notice is None and (s2.lang, s2.volume, s2.window, s2.anim) == ("en", 0.3, (1600, 900), "fast")


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", '{"lang": 5, "volume": "loud", "window": [1, 2, 3]}'])
def test_a_corrupt_settings_file_falls_back_to_defaults(tmp_path, monkeypatch, content):
    monkeypatch.setenv("YUNGUI_HOME", str(tmp_path))
    (tmp_path / "settings.json").write_text(content, encoding="utf-8")
    s, notice = cfg.load_settings()
    assert s.lang == "zh" and s.volume == 0.7
    if content.startswith("{not") or content.startswith("["):
        assert notice is not None and notice.key == "notice.settings_bad"
        assert notice.fmt["reason"] == ("not_json" if content.startswith("{") else "not_object")
    else:
        assert notice is None, "a file with a few wrong values keeps the rest and says nothing"


@pytest.mark.parametrize("raw, reason", [(bytes(range(128, 256)) * 4, "not_utf8"), (b"[" * 100_000, "not_json"),
                                         (b'{"lang": "en", "vol', "not_json")])
def test_a_settings_file_the_game_cannot_use_is_kept_aside_and_named(tmp_path, monkeypatch, raw, reason):
    """Issue 40: bytes that are not UTF-8 stopped the game from starting; now the file is moved to
    settings.json.bad-<time> (nothing lost), the game starts with defaults, and the notice names the file."""
    monkeypatch.setenv("YUNGUI_HOME", str(tmp_path))
    (tmp_path / "settings.json").write_bytes(raw)
    s, notice = cfg.load_settings()
    assert s == cfg.Settings()
    (aside,) = tmp_path.glob("settings.json.bad-*")
    assert aside.read_bytes() == raw and not (tmp_path / "settings.json").exists()
    assert notice.key == "notice.settings_bad" and notice.fmt == {"file": str(aside), "reason": reason, "why": ""}
    for lang, words in (("zh", "不是"), ("en", "kept as")):
        strings.set_lang(lang)
        text = strings.tr_notice(notice.key, notice.fmt)
        assert str(aside) in text and words in text
    strings.set_lang("zh")


def test_nested_settings_of_the_wrong_shape_are_dropped(tmp_path, monkeypatch):
    monkeypatch.setenv("YUNGUI_HOME", str(tmp_path))
    (tmp_path / "settings.json").write_text(json.dumps({"last_options": {"wenshan": 5, "yuxi": {"base": 2}, "7": []},
                                                        "last_bots": ["easy", 3, None], "name": "阿明"}),
                                            encoding="utf-8")
    s, notice = cfg.load_settings()
    assert notice is None and s.name == "阿明"
    assert s.last_options == {"yuxi": {"base": 2}} and s.last_bots == ["easy", "normal", "normal"]


def test_the_app_says_so_and_carries_on_with_a_broken_or_read_only_home(tmp_path, monkeypatch):
    from game.ui.app import App

    (tmp_path / "settings.json").write_text("{{{", encoding="utf-8")
    monkeypatch.setenv("YUNGUI_HOME", str(tmp_path))
    app = App(size=(1024, 576), sound=False)
    (aside,) = tmp_path.glob("settings.json.bad-*")
    assert any(str(aside) in t[0]() for t in app.toasts)
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")  # a home that cannot be created, even for root
    monkeypatch.setenv("YUNGUI_HOME", str(blocker / "sub"))
    try:
        app2 = App(size=(1024, 576), sound=False)
        app2.set_lang("en")  # saving fails: a notice, no crash
        assert any("Could not save" in (t[0]() if callable(t[0]) else t[0]) for t in app2.toasts)
        path, err = cfg.save_replay({"variant": "wenshan", "hands_played": []}, [], 0, True)
        assert path is None and err
        assert cfg.list_replays() == []
    finally:
        strings.set_lang("zh")


def test_replays_are_listed_newest_first_and_broken_files_reported(tmp_path, monkeypatch):
    monkeypatch.setenv("YUNGUI_HOME", str(tmp_path))
    rec = {"variant": "wenshan", "seed": 1, "options": {}, "hands": 1, "hands_played": [], "totals": [0, 0, 0, 0]}
    p1, err = cfg.save_replay(rec, ["a", "b", "c", "d"], 0, True)
    assert err is None and p1.exists()
    (cfg.replay_dir() / "zzz-broken.json").write_text("nope", encoding="utf-8")
    rows = cfg.list_replays()
    assert rows[0].error and rows[1].names == ["a", "b", "c", "d"]
    assert json.loads(p1.read_text(encoding="utf-8"))["match"]["variant"] == "wenshan"


# ------------------------------------------------------------------ sound

def test_effects_are_synthesized_as_pcm():
    for name in EFFECTS:
        samples = synthesize(name, 8000)
        assert 200 < len(samples) < 20000
        data = to_bytes(samples, 2)
        assert len(data) == 4 * len(samples)


def test_no_audio_device_means_silence_and_a_reason(monkeypatch):
    def boom(*a, **k):
        raise pygame.error("ALSA: Couldn't open audio device: No such file or directory")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", boom)
    bank = SoundBank(True, 0.5)
    assert not bank.available and "audio device" in bank.reason
    bank.play("tile")  # silently
    assert bank.played == ["tile"]


def test_sound_plays_with_the_dummy_driver():
    bank = SoundBank(True, 0.5)
    assert bank.available
    bank.play("click")
    assert "click" in bank.sounds


# ------------------------------------------------------------------ layout

@pytest.mark.parametrize("size", [(1024, 576), (1280, 720), (1920, 1080), (3840, 2160), (1366, 768), (1280, 1024)])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_layout_fits_every_size(size, n):
    L = TableLayout(size, n, 0)
    screen = pygame.Rect((0, 0), size)
    slots, _ = L.bottom_hand(14, True, [])
    assert all(screen.contains(s.rect()) for s in slots)
    rects = [s.rect() for s in slots]
    assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    ponds = {}
    for seat in range(n):
        ponds[seat] = [L.pond_slot(seat, i).rect() for i in range(20)]
        assert all(screen.contains(r) for r in ponds[seat]), (seat, size)
        if seat:
            hand, _ = L.other_hand(seat, 14, True, [])
            assert all(screen.contains(s.rect()) for s in hand)
            plate = L.plate_rect(seat, hand)
            assert screen.contains(plate)
            assert not any(plate.colliderect(s.rect()) for s in hand)
    for a in range(n):
        for b in range(a + 1, n):
            assert not any(x.colliderect(y) for x in ponds[a] for y in ponds[b]), (a, b)
    assert not any(r.colliderect(L.compass_rect()) for rs in ponds.values() for r in rs)


# ------------------------------------------------------------------ hints (advice itself: tests/rules/test_advice.py)

def test_hints_word_the_advice_codes_in_the_player_language():
    """The table shows the core's advice; refusal codes become the table's sentences in zh and en."""
    from game.rules.codes import Refusal
    from game.ui.table.hints import refusal_text

    v = get("wenshan")
    st, _ = engine.new_hand(v, v.resolve_options({}), seed=0, dealer=0,
                       hands=[tiles.parse(h) for h in ["123m456m789m1155s9s", "2223334445556p", "3334446667778s",
                                                   "1122334455667z"]],
                       wall=tiles.parse("99m" + "2s" * 3 + "6s3s7s8s" + "9p"))
    vw = view(st, 0)
    vw["legal"] = [a for a in vw["legal"] if a.kind != "discard" or a.tile == tiles.tile("9s")]
    vw["seats"][0]["declared"] = True
    for lang in ("zh", "en"):
        strings.set_lang(lang)
        h = HintEngine().compute(vw)
        assert h.blocked[tiles.tile("1m")] == strings.tr("hint.why_declared")
        assert [t for t, _ in h.per_discard[tiles.tile("9s")]] == [tiles.tile("1p"), tiles.tile("1s"), tiles.tile("5s")]
        assert refusal_text(Refusal.PASSED_WIN) == strings.tr("hint.why_missed")
        assert refusal_text(Refusal.NEEDS_PASS) == strings.tr("hint.why_pass")
    assert refusal_text(Refusal.NO_CHOW) == "no chow (吃) in the chicken games"
    strings.set_lang("zh")
    assert refusal_text(Refusal.NO_CHOW) == "捉鸡玩法不能吃牌"


def test_a_sound_really_reaches_the_audio_device(tmp_path):
    """With SDL's disk audio driver the mixer's output lands in a file: a played effect is not silence.

    The child waits until the mixer has finished the effect (no channel busy), not for a fixed time."""
    import subprocess
    import sys

    out = tmp_path / "audio.raw"
    code = (
        "import time, pygame\n"
        "from game.ui.kit.sound import SoundBank\n"
        "b = SoundBank(True, 1.0)\n"
        "assert b.available, b.reason\n"
        "b.play('win')\n"
        "deadline = time.monotonic() + 60\n"
        "while pygame.mixer.get_busy() and time.monotonic() < deadline:\n"
        "    time.sleep(0.01)\n"
        "assert not pygame.mixer.get_busy(), 'the effect never finished'\n"
        "b.close()\n"
    )
    env = {**os.environ, "SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": str(out), "SDL_VIDEODRIVER": "dummy"}
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, encoding="utf-8",
                       timeout=120)
    assert r.returncode == 0, r.stderr
    data = out.read_bytes()
    assert len(data) > 10000 and any(b not in (0, 0x80) for b in data[:200000])
