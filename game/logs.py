"""The game's log: a rotating file in the user's log folder, the recent lines kept for a crash report, --log-level.

``setup(level)`` is called once by the commands that open the window or take part in LAN play. Records go to
``yungui-mahjong.log`` in ``userdirs.log_dir()`` (1 MB, then ``.1`` ... ``.3``), and the last ``RECENT`` formatted
lines stay in memory for ``recent()``. ``console(level)`` prints records on stderr as well (a headless host's
log; the window prints warnings there). No pygame here: the LAN host imports this module too.
"""

from __future__ import annotations

import logging
import sys
from collections import deque
from logging.handlers import RotatingFileHandler
from pathlib import Path

LEVELS = ("debug", "info", "warning", "error")
FILE = "yungui-mahjong.log"
RECENT = 200  # lines a crash report quotes
MAX_BYTES = 1_000_000
BACKUPS = 3
FORMAT = "%(asctime)s %(levelname)s [%(threadName)s] %(name)s: %(message)s"


class _Recent(logging.Handler):
    """The last ``RECENT`` records, formatted as in the file."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: deque[str] = deque(maxlen=RECENT)

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.lines.append(self.format(record))
        except Exception:  # noqa: BLE001 - a record that cannot be formatted must not stop the program
            self.handleError(record)


_state: dict[str, object] = {}


def level_number(name: str | int) -> int:
    """``"debug"``/``"info"``/``"warning"``/``"error"`` (any case) or a number: the logging level; ValueError else."""
    if isinstance(name, int):
        return name
    if name.lower() not in LEVELS:
        raise ValueError(f"unknown log level {name!r} (one of {', '.join(LEVELS)})")
    return int(getattr(logging, name.upper()))


def setup(level: str | int = "info") -> Path | None:
    """Log records of ``level`` and above to the rotating file and the recent lines (once per process; a later call
    only changes the level). Returns the file's path, or None when its folder cannot be written (the recent lines
    are still kept)."""
    lvl = level_number(level)
    root = logging.getLogger()
    recent = _state.get("recent")
    if not isinstance(recent, _Recent):
        recent = _Recent()
        recent.setFormatter(logging.Formatter(FORMAT))
        root.addHandler(recent)
        _state["recent"] = recent
        _state["file"] = _file_handler()
    recent.setLevel(lvl)
    fh = _state.get("file")
    if isinstance(fh, RotatingFileHandler):
        fh.setLevel(lvl)
    _lower_root(lvl)
    logging.getLogger("game").info("yungui-mahjong log level %s, %s", logging.getLevelName(lvl), " ".join(sys.argv))
    return Path(fh.baseFilename) if isinstance(fh, RotatingFileHandler) else None


def _file_handler() -> RotatingFileHandler | None:
    from game.userdirs import log_dir

    try:
        folder = log_dir()
        folder.mkdir(parents=True, exist_ok=True)
        fh = RotatingFileHandler(folder / FILE, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8")
    except OSError:
        return None  # a read-only or missing home: the game runs on, the crash report keeps the recent lines
    fh.setFormatter(logging.Formatter(FORMAT))
    logging.getLogger().addHandler(fh)
    return fh


def console(level: str | int = "warning") -> None:
    """Records of ``level`` and above on stderr as well (none when the process has no stderr: a windowed build)."""
    lvl = level_number(level)
    if sys.stderr is None:
        return
    h = _state.get("console")
    if not isinstance(h, logging.StreamHandler):
        h = logging.StreamHandler(sys.stderr)
        h.setFormatter(logging.Formatter("%(asctime)s %(name)s: %(message)s", datefmt="%H:%M:%S"))
        logging.getLogger().addHandler(h)
        _state["console"] = h
    h.setLevel(lvl)
    _lower_root(lvl)


def _lower_root(lvl: int) -> None:
    """The root logger passes what the most talkative of our handlers wants (each handler filters the rest)."""
    ours = [h.level for h in (_state.get("recent"), _state.get("file"), _state.get("console"))
            if isinstance(h, logging.Handler)]
    logging.getLogger().setLevel(min(ours) if ours else lvl)


def recent() -> list[str]:
    """The last ``RECENT`` log lines (empty before ``setup``)."""
    h = _state.get("recent")
    return list(h.lines) if isinstance(h, _Recent) else []


def file_path() -> Path | None:
    """The log file, once ``setup`` opened it."""
    fh = _state.get("file")
    return Path(fh.baseFilename) if isinstance(fh, RotatingFileHandler) else None
