"""Where the game keeps the user's files (settings, saved replays, host state), and moving them from older places.

The folders are platformdirs' usual places for the system:

- Windows: settings and ``replays/`` in ``%APPDATA%\\YunGuiMahjong``, host state in
  ``%LOCALAPPDATA%\\YunGuiMahjong\\host``;
- macOS: all in ``~/Library/Application Support/YunGuiMahjong`` (``replays/``, ``host/``);
- Linux: settings in ``~/.config/yungui-mahjong``, replays in ``~/.local/share/yungui-mahjong/replays``,
  host state in ``~/.local/state/yungui-mahjong/host``.

The log and crash reports go to platformdirs' user log folder: ``%LOCALAPPDATA%\\YunGuiMahjong\\Logs``,
``~/Library/Logs/YunGuiMahjong``, ``~/.local/state/yungui-mahjong/log``.

(Linux honours ``XDG_CONFIG_HOME``, ``XDG_DATA_HOME`` and ``XDG_STATE_HOME``.) ``$YUNGUI_HOME``, when set,
holds everything instead (tests, a portable copy): settings and ``replays/`` in it, host state in ``state/host``,
the log and crash reports in ``logs/``.

Up to 0.1.0 the replays lived in ``replays/`` beside the settings and the host state was always under
``~/.local/state`` (even on Windows). The first call that needs a folder moves such files to the new place,
file by file; a file that cannot be moved stays where it was (never deleted). No pygame here: the LAN host
imports this module too.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import platformdirs

#: the folder name: Linux convention (lower case) there, the name players see elsewhere
APP_LINUX = "yungui-mahjong"
APP_OTHER = "YunGuiMahjong"
SETTINGS_FILE = "settings.json"

_migrated: set[tuple[str, str]] = set()


def _app() -> str:
    return APP_OTHER if sys.platform in ("win32", "darwin") else APP_LINUX


def _home_override() -> Path | None:
    env = os.environ.get("YUNGUI_HOME")
    return Path(env) if env else None


def _dirs(roaming: bool) -> platformdirs.PlatformDirs:
    # appauthor=False: no "author" folder level on Windows (the folder is the game's own)
    return platformdirs.PlatformDirs(_app(), appauthor=False, roaming=roaming)


def config_dir() -> Path:
    """The folder of ``settings.json`` (a settings file in the pre-0.2 folder is moved here first)."""
    home = _home_override()
    if home:
        return home
    new = Path(_dirs(roaming=True).user_config_dir)
    adopt(legacy_config_dir() / SETTINGS_FILE, new / SETTINGS_FILE)
    return new


def replays_dir() -> Path:
    """The folder of saved replays; replays in the pre-0.2 folder are moved here first."""
    home = _home_override()
    if home:
        return home / "replays"
    new = Path(_dirs(roaming=True).user_data_dir) / "replays"
    migrate(legacy_config_dir() / "replays", new)
    return new


def host_state_dir() -> Path:
    """Where ``python -m game host`` keeps its tables unless ``--state-dir`` says otherwise."""
    home = _home_override()
    if home:
        return home / "state" / "host"
    new = Path(_dirs(roaming=False).user_state_dir) / "host"
    migrate(legacy_host_state_dir(), new)
    return new


def log_dir() -> Path:
    """The folder of the client's rotating log and its crash reports."""
    home = _home_override()
    if home:
        return home / "logs"
    return Path(_dirs(roaming=False).user_log_dir)


def legacy_config_dir() -> Path:
    """Settings and replays up to 0.1.0 (game/ui/settings.py's hand-written paths)."""
    if sys.platform.startswith("win"):
        base = os.environ.get("APPDATA") or str(Path.home() / "AppData" / "Roaming")
        return Path(base) / APP_OTHER
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / APP_OTHER
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / APP_LINUX


def legacy_host_state_dir() -> Path:
    """Host state up to 0.1.0 (netplay/store.py's hand-written path, the same on every system)."""
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return Path(base) / APP_LINUX / "host"


def migrate(old: Path, new: Path) -> list[Path]:
    """Move the files of folder ``old`` (recursively) into ``new``; returns the new paths.

    Once per process and pair. A name already taken in ``new`` gets ``-moved`` (``-moved-2``, ...) before its
    suffix, so nothing is overwritten; anything that cannot be moved is left where it was. Never raises.
    """
    key = (str(old), str(new))
    if key in _migrated:
        return []
    _migrated.add(key)
    try:
        if old.resolve() == new.resolve() or not old.is_dir():
            return []
    except OSError:
        return []
    moved: list[Path] = []
    _move_tree(old, new, moved)
    return moved


def adopt(old: Path, new: Path) -> bool:
    """Move the single file ``old`` to ``new`` unless ``new`` exists already (once per process). Never raises."""
    key = (str(old), str(new))
    if key in _migrated:
        return False
    _migrated.add(key)
    try:
        if new.exists() or not old.is_file() or old.resolve() == new.resolve():
            return False
        new.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(old), str(new))
        return True
    except OSError:
        return False


def _move_tree(old: Path, new: Path, moved: list[Path]) -> None:
    try:
        entries = sorted(old.iterdir())
    except OSError:
        return
    for src in entries:
        if src.is_dir() and not src.is_symlink():
            _move_tree(src, new / src.name, moved)
            continue
        try:
            new.mkdir(parents=True, exist_ok=True)
            dest = _free_name(new / src.name)
            shutil.move(str(src), str(dest))
        except OSError:
            continue
        moved.append(dest)
    try:
        old.rmdir()  # only when now empty
    except OSError:
        pass


def _free_name(p: Path) -> Path:
    if not p.exists():
        return p
    k = 1
    while True:
        cand = p.with_name(f"{p.stem}-moved{'' if k == 1 else f'-{k}'}{p.suffix}")
        if not cand.exists():
            return cand
        k += 1
