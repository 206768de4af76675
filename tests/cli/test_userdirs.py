"""User folders (game/userdirs.py): platformdirs' places, and files of older versions found and moved, not lost."""

import json
import sys

import pytest

from game import userdirs
from game.ui import settings as cfg

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the old locations tested are Linux's")


@pytest.fixture
def fresh_home(tmp_path, monkeypatch):
    """A user with nothing but HOME: no YUNGUI_HOME, no XDG variables."""
    home = tmp_path / "user"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    for var in ("YUNGUI_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
        monkeypatch.delenv(var, raising=False)
    return home


def _replay(variant: str, totals: list[int]) -> dict:
    match = {"variant": variant, "seed": 3, "hands": 1, "options": {}, "hands_played": [{"actions": []}],
             "totals": totals}
    return {"format": "yungui-replay-1", "saved": "2025-05-01 20:00", "names": ["我", "A", "B", "C"],
            "human_seat": 0, "finished": True, "match": match}


@linux_only
def test_settings_and_replays_from_the_old_linux_location_are_found_and_moved(fresh_home):
    old = fresh_home / ".config" / "yungui-mahjong"
    (old / "replays").mkdir(parents=True)
    settings = {"lang": "en", "volume": 0.25, "name": "老王"}
    (old / "settings.json").write_text(json.dumps(settings, ensure_ascii=False), encoding="utf-8")
    texts = {}
    for name, variant in (("20250501-200000-wenshan.json", "wenshan"), ("20250502-210000-yuxi.json", "yuxi")):
        texts[name] = json.dumps(_replay(variant, [5, -5, 0, 0]), ensure_ascii=False)
        (old / "replays" / name).write_text(texts[name], encoding="utf-8")

    s, notice = cfg.load_settings()
    assert notice is None and (s.lang, s.volume, s.name) == ("en", 0.25, "老王")
    assert cfg.settings_path() == fresh_home / ".config" / "yungui-mahjong" / "settings.json"

    new = fresh_home / ".local" / "share" / "yungui-mahjong" / "replays"
    entries = cfg.list_replays()
    assert cfg.replay_dir() == new
    assert sorted(e.path.name for e in entries) == sorted(texts)
    assert all(e.error is None and e.path.parent == new for e in entries)
    for name, text in texts.items():
        assert (new / name).read_text(encoding="utf-8") == text  # moved byte for byte
    assert not (old / "replays").exists()  # the old folder is emptied and removed
    assert (old / "settings.json").is_file()  # settings stay: the old Linux folder is platformdirs' config folder


@linux_only
def test_a_settings_file_in_the_old_folder_moves_when_the_config_folder_differs(fresh_home, monkeypatch):
    """The XDG variables point the new folders elsewhere: both the settings file and the replays move there."""
    old = fresh_home / ".config" / "yungui-mahjong"
    (old / "replays").mkdir(parents=True)
    (old / "settings.json").write_text('{"lang": "en"}', encoding="utf-8")
    (old / "replays" / "a.json").write_text(json.dumps(_replay("guiyang", [1, -1, 0, 0])), encoding="utf-8")
    # platformdirs reads XDG_*; the pre-0.2 code read XDG_CONFIG_HOME too, so patch what it saw instead
    monkeypatch.setattr(userdirs, "legacy_config_dir", lambda: old)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(fresh_home / "cfg"))
    monkeypatch.setenv("XDG_DATA_HOME", str(fresh_home / "data"))

    s, _ = cfg.load_settings()
    assert s.lang == "en"
    assert (fresh_home / "cfg" / "yungui-mahjong" / "settings.json").read_text(encoding="utf-8") == '{"lang": "en"}'
    assert not (old / "settings.json").exists()
    assert [e.path for e in cfg.list_replays()] == [fresh_home / "data" / "yungui-mahjong" / "replays" / "a.json"]


def test_a_name_already_taken_in_the_new_folder_keeps_both_files(tmp_path):
    old, new = tmp_path / "old", tmp_path / "new"
    old.mkdir()
    new.mkdir()
    (old / "r.json").write_text("old", encoding="utf-8")
    (new / "r.json").write_text("new", encoding="utf-8")
    (old / "sub").mkdir()
    (old / "sub" / "x.json").write_text("x", encoding="utf-8")
    moved = userdirs.migrate(old, new)
    assert sorted(p.name for p in moved) == ["r-moved.json", "x.json"]
    assert (new / "r.json").read_text(encoding="utf-8") == "new"
    assert (new / "r-moved.json").read_text(encoding="utf-8") == "old"
    assert (new / "sub" / "x.json").read_text(encoding="utf-8") == "x"
    assert not old.exists()
    assert userdirs.migrate(old, new) == []  # once per process


def test_a_settings_file_is_not_moved_over_an_existing_one(tmp_path):
    (tmp_path / "old.json").write_text("old", encoding="utf-8")
    (tmp_path / "new.json").write_text("new", encoding="utf-8")
    assert userdirs.adopt(tmp_path / "old.json", tmp_path / "new.json") is False
    assert (tmp_path / "old.json").read_text(encoding="utf-8") == "old"
    assert (tmp_path / "new.json").read_text(encoding="utf-8") == "new"


def test_migration_never_raises_on_odd_old_paths(tmp_path):
    f = tmp_path / "a-file"
    f.write_text("x", encoding="utf-8")
    assert userdirs.migrate(f, tmp_path / "new") == []  # not a folder
    assert userdirs.migrate(tmp_path / "missing", tmp_path / "new2") == []
    assert userdirs.adopt(tmp_path / "missing.json", tmp_path / "n.json") is False
    assert f.read_text(encoding="utf-8") == "x"


@linux_only
def test_host_state_lives_in_the_user_state_folder(fresh_home, monkeypatch):
    from netplay.store import default_dir

    assert default_dir() == fresh_home / ".local" / "state" / "yungui-mahjong" / "host"
    monkeypatch.setenv("XDG_STATE_HOME", str(fresh_home / "st"))
    assert default_dir() == fresh_home / "st" / "yungui-mahjong" / "host"


def test_host_state_of_older_versions_moves_to_the_state_folder(tmp_path, monkeypatch):
    """Before 0.2 the host kept its tables under ~/.local/state on every system (also Windows)."""
    old = tmp_path / "legacy" / "host"
    old.mkdir(parents=True)
    (old / "table-1.json").write_text('{"id": 1}', encoding="utf-8")
    (old / "done").mkdir()
    (old / "done" / "table-0-x.json").write_text('{"id": 0}', encoding="utf-8")
    monkeypatch.delenv("YUNGUI_HOME", raising=False)
    monkeypatch.setattr(userdirs, "legacy_host_state_dir", lambda: old)
    monkeypatch.setattr(userdirs, "_dirs", lambda roaming: type("D", (), {"user_state_dir": str(tmp_path / "state")})())
    new = userdirs.host_state_dir()
    assert new == tmp_path / "state" / "host"
    assert (new / "table-1.json").read_text(encoding="utf-8") == '{"id": 1}'
    assert (new / "done" / "table-0-x.json").is_file()
    assert not old.exists()


def test_yungui_home_holds_everything(tmp_path, monkeypatch):
    monkeypatch.setenv("YUNGUI_HOME", str(tmp_path))
    assert (userdirs.config_dir(), userdirs.replays_dir(), userdirs.host_state_dir()) == (
        tmp_path, tmp_path / "replays", tmp_path / "state" / "host")


def test_the_module_imports_no_pygame():
    import subprocess

    code = "import sys, game.userdirs, netplay.store; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, encoding="utf-8", check=True).stdout
    assert out.strip() == "False"
