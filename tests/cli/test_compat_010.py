"""Files a player kept from 0.1.0 still load (issue 44, release 0.2.0): the settings file and saved replays in
tests/fixtures/v0.1.0/ were written by the 0.1.0 code itself (see the README there). 0.1.0 knew no
``multi_win``, ``bao_ji`` or ``first_dealer``: their defaults are the rules it played."""

import json
import shutil
from pathlib import Path

import pytest

from game.cli.main import main
from game.rules.match import replay_match
from game.rules.variants import get
from game.ui import settings as cfg

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "v0.1.0"
REPLAYS = sorted((FIX / "replays").glob("*.json"))


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A user folder holding the 0.1.0 files, where 0.1.0 put them."""
    monkeypatch.setenv("YUNGUI_HOME", str(tmp_path))
    shutil.copy(FIX / "settings.json", tmp_path / "settings.json")
    shutil.copytree(FIX / "replays", tmp_path / "replays")
    return tmp_path


def test_the_fixtures_are_what_0_1_0_wrote():
    assert [p.name.split("-")[-1] for p in REPLAYS] == ["guiyang.json", "zhuoji.json"]
    for p in REPLAYS:
        opts = json.loads(p.read_text(encoding="utf-8"))["match"]["options"]
        assert not {"multi_win", "bao_ji", "first_dealer"} & set(opts)
    saved = json.loads((FIX / "settings.json").read_text(encoding="utf-8"))
    assert "guiyang" in saved["last_options"] and "first_dealer" not in saved["last_options"]["guiyang"]


def test_the_0_1_0_settings_load(home):
    """Every setting the player chose is kept; the new options take their defaults at the setup screen."""
    s, notice = cfg.load_settings()
    assert notice is None
    assert (s.lang, s.name, s.anim, s.last_variant, s.last_hands) == ("zh", "老王", "off", "zhuoji", 2)
    g = get("guiyang").resolve_options(s.last_options["guiyang"])
    assert (g["players"], g["zimo_double"], g["man_tang"]) == (3, True, True)
    assert (g["multi_win"], g["bao_ji"], g["first_dealer"]) == (True, True, "host")
    z = get("zhuoji").resolve_options(s.last_options["zhuoji"])
    assert z["shang_xia_ji"] and z["first_dealer"] == "random"
    assert cfg.save_settings(s) is None  # and it is written back in the new form
    again, _ = cfg.load_settings()
    assert again.last_options == s.last_options


def test_the_0_1_0_replays_list_and_replay_exactly(home):
    """The replay list shows both; each match replays hand by hand to the recorded dealers, deltas and totals
    (zhuoji's first dealer, seat 2, is drawn from the seed as 0.1.0 drew it)."""
    entries = cfg.list_replays()
    assert sorted((e.variant, e.hands, e.error) for e in entries) == [("guiyang", 2, None), ("zhuoji", 2, None)]
    for p in REPLAYS:
        data = cfg.load_replay(home / "replays" / p.name)
        rec = data["match"]
        m = replay_match(get(rec["variant"]), rec)
        assert [(r["dealer"], r["deltas"], r["next_dealer"]) for r in m.records] == \
            [(h["dealer"], h["deltas"], h["next_dealer"]) for h in rec["hands_played"]]
        assert m.scores == rec["totals"]
    zhuoji = json.loads(REPLAYS[1].read_text(encoding="utf-8"))["match"]
    assert zhuoji["hands_played"][0]["dealer"] == 2


def test_the_replay_command_reads_a_0_1_0_replay(capsys):
    assert main(["replay", str(REPLAYS[1])]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "捉鸡麻将 · 已打 2/2 局 · 种子 2" and out[3].startswith("第 1 局 · 庄家 电脑2 · ")
    assert out[-1] == "总分：老王 -20 · 电脑1 -20 · 电脑2 -22 · 电脑3 +62"
