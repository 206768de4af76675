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


def pytest_sessionstart(session: object) -> None:
    """Under ``mutmut run`` each mutant gets a fresh session in a process forked from one that already ran
    the suite: empty the rules core's memo caches so a mutant's code runs instead of the original's
    remembered answers (decompose._readings, analysis._group_need, wenshan_shapes._soft_room)."""
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
