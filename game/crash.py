"""Crash reports: an uncaught exception in the client leaves a file with everything a bug report needs.

``report(exc)`` writes ``crash-YYYYMMDD-HHMMSS.txt`` into the log folder (``userdirs.log_dir()``; the temp folder
if that cannot be written): the traceback, the game's version, the OS, Python, what was being played (variant,
options, seed, hand; from the provider the window registers with ``set_facts``) and the last log lines. The
match so far goes beside it as ``crash-....match.json`` (``python -m game replay`` reads it). Nothing else is
written: settings and replays stay as they were.

``install()`` makes an exception that escapes a thread, or the main thread outside the window's loop, write its
report; the window's loop shows the report with ``game.ui.crash_screen`` and exits with ``EXIT_CODE``.
``YUNGUI_FAULT`` is the handler's test switch (CONTRIBUTING.md): ``ui`` raises in the client's first table frame,
``thread`` in a thread started then. No pygame here.
"""

from __future__ import annotations

import json
import logging
import os
import platform
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any

from game import __version__, logs

EXIT_CODE = 70  # sysexits' EX_SOFTWARE: the program failed, not its input
FAULT_ENV = "YUNGUI_FAULT"

log = logging.getLogger("game.crash")

_facts: list[Callable[[], dict[str, Any]]] = []
_pending: list[tuple[BaseException, Path | None]] = []  # a thread's crash, for the window's loop to show
_fired: set[str] = set()
_lock = threading.Lock()


class InjectedFault(RuntimeError):
    """The exception ``YUNGUI_FAULT`` raises: a stand-in for any bug."""


def fault_point(where: str) -> None:
    """Raise ``InjectedFault`` here once per process if ``$YUNGUI_FAULT`` names ``where`` (``ui``; ``thread`` starts
    a thread that raises). Costs one dictionary lookup otherwise."""
    want = os.environ.get(FAULT_ENV)
    if not want or want in _fired or where != "ui" or want not in ("ui", "thread"):
        return
    _fired.add(want)
    if want == "thread":
        def boom() -> None:
            raise InjectedFault("YUNGUI_FAULT=thread: an exception in a thread of the client (the crash test)")

        threading.Thread(target=boom, name="fault-thread", daemon=True).start()
        return
    raise InjectedFault("YUNGUI_FAULT=ui: an exception in the client's first table frame (the crash test)")


def set_facts(provider: Callable[[], dict[str, Any]] | None) -> None:
    """What the client is doing, for the report: ``provider()`` returns e.g. variant, options, seed, hand, lan."""
    _facts.clear()
    if provider is not None:
        _facts.append(provider)


def facts() -> dict[str, Any]:
    """The registered provider's facts ({} when there is none or it fails: a report must never fail)."""
    if not _facts:
        return {}
    try:
        return dict(_facts[0]())
    except Exception as e:  # noqa: BLE001 - the client is already broken; report what can be reported
        return {"facts_error": repr(e)}


def report(exc: BaseException, thread: str | None = None, extra: dict[str, Any] | None = None) -> Path | None:
    """Write the crash report of ``exc``; returns its path (None if no folder at all could be written).

    Also logs the traceback (CRITICAL) and names the file on stderr when there is one."""
    info = facts()
    if extra:
        info.update(extra)
    record = info.pop("match_record", None)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    text = _text(exc, thread or threading.current_thread().name, info, stamp)
    path = None
    for folder in _folders():
        path = _write(folder, f"crash-{stamp}", text, record)
        if path is not None:
            break
    log.critical("crash: %s (report: %s)", "".join(traceback.format_exception_only(type(exc), exc)).strip(), path,
                 exc_info=(type(exc), exc, exc.__traceback__))
    if sys.stderr is not None:
        try:
            print(f"crash report: {path}" if path else "crash: no folder could take the report", file=sys.stderr,
                  flush=True)
        except (OSError, ValueError):
            pass
    return path


def _folders() -> list[Path]:
    from game.userdirs import log_dir

    out = []
    try:
        out.append(log_dir())
    except Exception:  # noqa: BLE001 - a broken platformdirs must not lose the report
        pass
    out.append(Path(tempfile.gettempdir()) / "yungui-mahjong")
    return out


def _write(folder: Path, name: str, text: str, record: object) -> Path | None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{name}.txt"
        k = 1
        while path.exists():  # two crashes in one second (a thread's and the loop's): keep both
            k += 1
            path = folder / f"{name}-{k}.txt"
        if record is not None:
            match = path.with_suffix(".match.json")
            try:
                match.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
                text += f"\nThe match so far: {match.name} (python -m game replay {match.name})\n"
            except (OSError, TypeError, ValueError):
                pass
        path.write_text(text, encoding="utf-8")
        return path
    except OSError:
        return None


def _text(exc: BaseException, thread: str, info: dict[str, Any], stamp: str) -> str:
    lines = [
        "云贵麻将 crash report (Yunnan & Guizhou Mahjong)",
        f"time: {time.strftime('%Y-%m-%d %H:%M:%S %z')} ({stamp})",
        f"version: {__version__}" + (" (packaged)" if getattr(sys, "frozen", False) else ""),
        f"os: {platform.platform()} ({sys.platform}, {platform.machine()})",
        f"python: {platform.python_version()} ({platform.python_implementation()})",
        f"thread: {thread}",
    ]
    for key in ("screen", "variant", "options", "seed", "hand", "lan", "players"):
        if key in info:
            lines.append(f"{key}: {_plain(info.pop(key))}")
    lines += [f"{k}: {_plain(v)}" for k, v in sorted(info.items())]
    lines += ["", "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)).rstrip()]
    recent = logs.recent()
    lines += ["", f"Last {len(recent)} log lines (the whole log: {logs.file_path() or 'not written'}):", *recent]
    return "\n".join(lines) + "\n"


def _plain(v: object) -> str:
    if isinstance(v, (dict, list, tuple)):
        try:
            return json.dumps(v, ensure_ascii=False, sort_keys=True)
        except (TypeError, ValueError):
            return repr(v)
    return str(v)


# ------------------------------------------------------------------ hooks

def install() -> None:
    """Uncaught exceptions in threads and in the main thread (outside the window's loop) write their report."""
    threading.excepthook = _thread_hook
    sys.excepthook = _main_hook


def _thread_hook(args: threading.ExceptHookArgs) -> None:
    if args.exc_type is SystemExit or args.exc_value is None:
        return
    name = args.thread.name if args.thread is not None else "thread"
    path = report(args.exc_value, thread=name)
    with _lock:
        _pending.append((args.exc_value, path))


def _main_hook(exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
    if issubclass(exc_type, KeyboardInterrupt):
        sys.__excepthook__(exc_type, exc, tb)
        return
    report(exc)


def pending() -> tuple[BaseException, Path | None] | None:
    """A thread's crash not shown yet (the window's loop takes it and shows its report)."""
    with _lock:
        return _pending.pop(0) if _pending else None


class ThreadCrashed(RuntimeError):
    """Raised in the window's loop for a thread's crash whose report is written already."""

    def __init__(self, exc: BaseException, path: Path | None):
        super().__init__(f"a thread of the client crashed: {exc!r}")
        self.exc = exc
        self.path = path


def raise_pending() -> None:
    """In the window's loop: a thread's crash stops the client as a crash of the loop would."""
    got = pending()
    if got is not None:
        raise ThreadCrashed(*got)
