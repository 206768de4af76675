"""Shared test setup: headless SDL (no window, no sound card), the user folders in scratch space, the repo root on
sys.path."""

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Settings, replays, host journals, seat tokens, logs and crash reports live under $YUNGUI_HOME on every system
# (platformdirs reads XDG_* on Linux only). Until the first test's fixture runs (imports, collection) they go to
# this scratch folder; each test then gets its own (``yungui_home``). Subprocesses inherit it.
os.environ["YUNGUI_HOME"] = _SESSION_HOME = tempfile.mkdtemp(prefix="yungui-test-home-")
atexit.register(shutil.rmtree, _SESSION_HOME, True)

# plain `pytest` (unlike `python -m pytest`) does not put the repo root on the path
ROOT = str(Path(__file__).resolve().parents[1])
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

if "MUTANT_UNDER_TEST" in os.environ:
    # a mutation run (docs/mutation-testing.md) must give the same verdicts when repeated: hypothesis draws
    # the same examples every time and keeps no database of failures between mutants
    from hypothesis import settings

    settings.register_profile("mutmut", derandomize=True, database=None)
    settings.load_profile("mutmut")


@pytest.fixture(autouse=True)
def yungui_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test's user folders: a fresh empty folder as ``$YUNGUI_HOME`` (settings and ``replays/`` in it, host
    state in ``state/host``, logs in ``logs/``), also for the subprocesses the test starts. Ask for it by name to
    read or seed what the game keeps there."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("YUNGUI_HOME", str(home))
    return home


def _real_user_dirs() -> list[Path]:
    """The game's folders in the real user profile: where it would write without ``YUNGUI_HOME`` (and 0.1.0's)."""
    import platformdirs

    app = "YunGuiMahjong" if sys.platform in ("win32", "darwin") else "yungui-mahjong"
    found: set[str] = set()
    for roaming in (True, False):
        d = platformdirs.PlatformDirs(app, appauthor=False, roaming=roaming)
        found |= {d.user_config_dir, d.user_data_dir, d.user_state_dir, d.user_log_dir}
    home = Path.home()
    found |= {str(home / ".config" / "yungui-mahjong"), str(home / ".local" / "state" / "yungui-mahjong")}
    return sorted(Path(p) for p in found)


def _snapshot(folders: list[Path]) -> dict[str, object]:
    out: dict[str, object] = {}
    for folder in folders:
        try:
            out[str(folder)] = sorted((str(f.relative_to(folder)), f.stat().st_size, f.stat().st_mtime_ns)
                                      for f in folder.rglob("*") if f.is_file()) if folder.is_dir() else None
        except OSError as e:
            out[str(folder)] = repr(e)
    return out


_USER_DIRS: dict[str, object] = {}


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """The suite leaves the player's real folders as it found them (on every system; .ci/run also checks an empty
    HOME): a test that writes there without ``YUNGUI_HOME`` fails the run."""
    before = _USER_DIRS.get("before")
    if not isinstance(before, dict) or "MUTANT_UNDER_TEST" in os.environ:
        return
    after = _snapshot([Path(p) for p in before])
    changed = [p for p in before if before[p] != after[p]]
    if changed:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.ensure_newline()
            reporter.write_line(f"error: the suite wrote into the user's own folders: {', '.join(changed)}", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_sessionstart(session: object) -> None:
    """Notes the real user folders (``pytest_sessionfinish`` compares). Under ``mutmut run`` each mutant gets a
    fresh session in a process forked from one that already ran the suite: empty the rules core's memo caches so
    a mutant's code runs instead of the original's remembered answers (decompose._readings, analysis._group_need,
    wenshan_shapes._soft_room)."""
    if "before" not in _USER_DIRS:
        _USER_DIRS["before"] = _snapshot(_real_user_dirs())
    if "__mutmut_" not in os.environ.get("MUTANT_UNDER_TEST", ""):
        return
    for name, module in list(sys.modules.items()):
        if name.startswith("game.rules"):
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


def pytest_collection_modifyitems(config: object, items: list) -> None:
    """Tests marked ``posix_only(reason=...)`` need a POSIX facility; on Windows they are skipped with that
    reason (one marker, registered in pyproject.toml, so the Windows skip list is one grep away)."""
    if sys.platform != "win32":
        return
    for item in items:
        mark = item.get_closest_marker("posix_only")
        if mark is not None:
            reason = mark.kwargs.get("reason") or (mark.args[0] if mark.args else "needs POSIX")
            item.add_marker(pytest.mark.skip(reason=f"POSIX only: {reason}"))


import pytest  # noqa: E402 - after the environment above is set


@pytest.fixture(autouse=True)
def _quick_claim_windows(monkeypatch):
    """LAN tables in tests close their claim windows after 5 ms instead of a person's 1.5 s (a test that is about
    the window sets ``claim_s`` itself)."""
    import netplay.table

    monkeypatch.setattr(netplay.table, "CLAIM_S_DEFAULT", 0.005)
