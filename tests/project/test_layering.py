"""The project's layering (guide: rules <- bots <- session <- ui/netplay/cli) as a test, the window's rooms included.

Every import statement of every module (module level and inside functions alike: a lazy
import is still a dependency) is read with ``ast``; a lower layer importing a higher one
fails with the file, the line and the import. Inside a room of the window, the imports that
close a circle are listed (``CIRCLE_CLOSERS``, measured by ``build/module_graph.py``).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from tests.helpers.build_tools import load as load_build_tool

pyimports = load_build_tool("pyimports")  # module names of files and relative imports, as the graph tools read them
ROOT = Path(__file__).resolve().parents[2]

# Which project packages each layer may import (its own included). Most specific prefix wins.
UI_BASE = ("game.rules", "game.bots", "game.session", "game.pacing", "game.turntimer", "game.errors",
           "game.userdirs", "game.i18n")
ALLOWED: dict[str, tuple[str, ...]] = {
    "game.rules": ("game.rules",),
    "game.bots": ("game.rules", "game.bots", "game.i18n"),
    # the catalogs: renders the core's codes and messages in a language; above the core, below everyone else
    "game.i18n": ("game.rules", "game.i18n"),
    "game.session": ("game.rules", "game.bots", "game.session", "game.pacing"),
    "game.pacing": ("game.pacing",),  # a leaf of the session layer: when bots may move
    "game.turntimer": ("game.rules", "game.turntimer"),  # the session layer's decision clock
    # netplay is a client and a host of the session layer; it never imports the window (game.ui)
    "netplay": ("game.rules", "game.bots", "game.session", "game.pacing", "game.turntimer", "netplay", "game.errors",
                "game.userdirs", "game", "game.oscompat", "game.logs", "game.progress", "game.i18n"),
    # the window's rooms, floor by floor: kit and settings, app, nav, the table, then the calculator and LAN
    # (which draw with the table's parts), the screens around them, and the developers' tools on top.
    # A room may use the LAN client (a peer layer) only where it plays over it.
    "game.ui": ("game.ui",),  # game/ui/__init__.py
    "game.ui.kit": ("game.rules", "game.errors", "game.startclock", "game.ui.kit", "game.i18n"),
    "game.ui.settings": ("game.userdirs", "game.turntimer", "game.ui.settings", "game", "game.i18n"),
    "game.ui.app": ("game.ui", "game.ui.kit", "game.ui.settings", "game.ui.app", "game.ui.crash_screen", "game",
                    "game.crash", "game.startclock"),
    # the crash message the loop shows: drawn with the kit, never importing the loop itself
    "game.ui.crash_screen": ("game.ui", "game.ui.kit", "game.ui.crash_screen", "game", "game.crash"),
    "game.ui.nav": ("game.ui.app", "game.ui.nav"),
    "game.ui.table": UI_BASE + ("game.ui", "game.ui.kit", "game.ui.settings", "game.ui.app", "game.ui.nav",
                                "game.ui.table"),
    "game.ui.calc": UI_BASE + ("game.ui", "game.ui.kit", "game.ui.settings", "game.ui.app", "game.ui.nav",
                               "game.ui.table", "game.ui.calc"),
    "game.ui.lan": UI_BASE + ("game.ui", "game.ui.kit", "game.ui.settings", "game.ui.app", "game.ui.nav",
                              "game.ui.table", "game.ui.lan", "netplay"),
    "game.ui.menus": UI_BASE + ("game.ui", "game.ui.kit", "game.ui.settings", "game.ui.app", "game.ui.nav",
                                "game.ui.table", "game.ui.calc", "game.ui.menus", "game"),
    "game.ui.devtools": UI_BASE + ("game.ui", "game.ui.kit", "game.ui.settings", "game.ui.app", "game.ui.nav",
                                   "game.ui.table", "game.ui.calc", "game.ui.lan", "game.ui.menus",
                                   "game.ui.devtools", "game.ui.crash_screen", "netplay"),
    "game.cli": ("game.rules", "game.bots", "game.session", "game.ui", "game.cli", "game.bench", "netplay",
                 "game.errors", "game", "game.crash", "game.logs", "game.progress", "game.startclock", "game.i18n"),
    "game.bench": ("game.rules", "game.bots", "game.session", "game.ui", "game.cli", "game.bench", "netplay",
                   "game.errors", "game", "game.oscompat", "game.progress"),
    "game.__main__": ("game.cli",),  # the entry point
    "game.userdirs": ("game.userdirs",),  # a leaf: where user files live (platformdirs), for the window and the host
    "game.errors": ("game.errors",),  # a leaf: UsageError, the one-line error of every command
    "game.oscompat": ("game.oscompat",),  # a leaf: the OS facilities whose call differs between systems
    "game.logs": ("game.logs", "game.userdirs"),  # the log file (in the user's log folder) and its recent lines
    "game.crash": ("game.crash", "game.logs", "game.userdirs", "game"),  # crash reports: no pygame, no window
    "game.progress": ("game.progress",),  # progress bars on stderr for the long commands (tqdm)
    "game.startclock": ("game.startclock",),  # a leaf: where a launch spends its time (bench startup)
    "game": ("game",),  # game/__init__.py
}
# "game" alone (``from game import __version__``) names the package's own top module.
TOP_ONLY = {"game"}
# "game.ui" in a room's list is the package alone (``from game.ui import nav`` names it), not every room in it.
PACKAGE_ONLY = {"game.ui"}
# Inside a room, imports that close a circle (a part taking the whole scene that imports it, by a lazy or a
# type-only import). The table scene and the calculator are built from parts that get what they need passed in
# (issue 43): there are none, and none may be added.
CIRCLE_CLOSERS: set[tuple[str, str]] = set()


def _modules() -> list[tuple[str, Path]]:
    return [item for base in ("game", "netplay") for item in pyimports.module_files(ROOT, base).items()]


def _imports(mod: str, path: Path) -> list[tuple[int, str]]:
    """(line, imported module) for every import in the file, relative imports resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = pyimports.package_of(mod, path)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            name = pyimports.from_target(package, node)
            out.append((node.lineno, name))
            # ``from . import engine``: the names may be modules themselves
            out += [(node.lineno, f"{name}.{a.name}") for a in node.names if a.name != "*"]
    return out


def _layer(mod: str) -> str:
    best = ""
    for layer in ALLOWED:
        if (mod == layer or mod.startswith(layer + ".")) and len(layer) > len(best):
            best = layer
    return best


def _project(name: str) -> bool:
    return name == "game" or name.startswith(("game.", "netplay"))


def _allowed(layer: str, name: str) -> bool:
    for ok in ALLOWED[layer]:
        if ok in PACKAGE_ONLY and layer.startswith(ok + "."):
            if name == ok:
                return True
            continue
        if ok in TOP_ONLY:
            if name == ok or (name.startswith("game.") and name.count(".") == 1 and
                              name.split(".")[1] in ("__version__", "__main__")):
                return True
            continue
        if name == ok or name.startswith(ok + "."):
            return True
    return False


def test_no_lower_layer_imports_a_higher_one():
    bad = []
    for mod, path in _modules():
        layer = _layer(mod)
        assert layer, f"{mod} belongs to no layer: add it to ALLOWED"
        for line, name in _imports(mod, path):
            if _project(name) and not _allowed(layer, name):
                bad.append(f"{path.relative_to(ROOT)}:{line}: {layer} imports {name}")
    assert not bad, "layering violated:\n" + "\n".join(bad)


def test_the_rules_core_imports_only_the_standard_library():
    """No pygame, msgpack, zeroconf, UI or network code in game.rules (guide: a pure rules core)."""
    bad = []
    for mod, path in _modules():
        if _layer(mod) != "game.rules":
            continue
        for line, name in _imports(mod, path):
            top = name.split(".")[0]
            if not _project(name) and top not in sys.stdlib_module_names and top != "__future__":
                bad.append(f"{path.relative_to(ROOT)}:{line}: {name}")
    assert not bad, "the rules core imports third-party code:\n" + "\n".join(bad)


def test_the_check_catches_a_violation(tmp_path):
    """A rules module importing the session layer, a bots module importing the UI, netplay importing game.ui."""
    cases = {"game.rules.x": "from game.session import Session\n", "game.bots.x": "import game.ui.table.scene\n",
             "netplay.x": "def f():\n    from game.ui.lan import lobby\n"}
    for mod, src in cases.items():
        p = tmp_path / "x.py"
        p.write_text(src)
        layer = _layer(mod)
        assert any(_project(n) and not _allowed(layer, n) for _l, n in _imports(mod, p)), mod


def test_the_rooms_package_alone_is_not_every_room(tmp_path):
    """``from game.ui import nav`` names the package ``game.ui``: allowed to the table, which may not reach menus."""
    p = tmp_path / "x.py"
    p.write_text("from game.ui import nav\n")
    assert all(_allowed("game.ui.table", n) for _l, n in _imports("game.ui.table.x", p))
    assert not _allowed("game.ui.table", "game.ui.menus.scenes") and _allowed("game.cli", "game.ui.menus.scenes")


def test_inside_the_window_only_the_listed_imports_close_a_circle():
    """The window's rooms have no circle between them, and no module inside a room imports one that imports it
    (CIRCLE_CLOSERS is empty: a new circle fails)."""
    graph = load_build_tool("module_graph").figures(ROOT, "game.ui")
    assert graph["room_circles"] == [] and graph["room_upward"] == []
    assert {tuple(a) for a in graph["upward"]} == CIRCLE_CLOSERS


def _alias_clashes(files: list[tuple[str, Path]]) -> dict[str, set[str]]:
    """One-letter aliases (``from . import plan as P``, ``import netplay.table as T``) naming several modules,
    each target with the file and line of its first use."""
    seen: dict[str, set[str]] = {}
    where: dict[tuple[str, str], str] = {}
    for mod, path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        package = pyimports.package_of(mod, path)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                named = [(a.asname, a.name) for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = pyimports.from_target(package, node)
                named = [(a.asname, f"{base}.{a.name}") for a in node.names]
            else:
                continue
            for alias, target in named:
                if alias and len(alias) == 1:
                    seen.setdefault(alias, set()).add(target)
                    shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
                    where.setdefault((alias, target), f"{shown}:{node.lineno}")
    return {alias: {f"{t} ({where[(alias, t)]})" for t in targets}
            for alias, targets in seen.items() if len(targets) > 1}


def test_a_one_letter_module_alias_means_one_module():
    """``S`` or ``P`` may not name several modules anywhere in the project or its tests."""
    files = list(_modules())
    files += [(".".join(p.relative_to(ROOT).with_suffix("").parts), p) for p in sorted((ROOT / "tests").rglob("*.py"))]
    clashes = _alias_clashes(files)
    assert not clashes, "\n".join(f"{alias}: " + ", ".join(sorted(ts)) for alias, ts in clashes.items())


def test_the_alias_check_catches_a_clash(tmp_path):
    """P for the bots' plan in one file and for another module in the next (either import form) is a clash;
    the same module under one letter in two files is not."""
    plan = tmp_path / "a.py"
    plan.write_text("from . import plan as P\n")
    same = tmp_path / "b.py"
    same.write_text("from game.bots import plan as P\n")
    assert _alias_clashes([("game.bots.a", plan), ("tests.b", same)]) == {}
    for src in ("from netplay import protocol as P\n", "def f():\n    import netplay.protocol as P\n"):
        other = tmp_path / "c.py"
        other.write_text(src)
        clashes = _alias_clashes([("game.bots.a", plan), ("tests.c", other)])
        assert set(clashes) == {"P"} and len(clashes["P"]) == 2, src


def _test_imports(files: list[Path]) -> list[str]:
    """Imports of a test module (``test_*.py``) or a conftest from any test file: helpers only may be shared."""
    bad = []
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            for name in names:
                last = name.rpartition(".")[2]
                if name.startswith("tests.") and (last.startswith("test_") or last == "conftest"):
                    bad.append(f"{path.name}:{node.lineno}: {name}")
    return bad


def test_no_test_module_imports_another():
    """Tests share helpers (tests/helpers/, a room's *_util.py) and fixtures (its conftest.py), never each other."""
    assert not _test_imports(sorted((ROOT / "tests").rglob("*.py")))
    rooms = [p for p in (ROOT / "tests").iterdir() if p.is_dir() and (p / "__init__.py").exists()]
    assert len(rooms) >= 5 and all((p / "conftest.py").exists() for p in rooms if p.name != "helpers")
    assert not list((ROOT / "tests").glob("test_*.py")), "a test outside the rooms"


def test_the_test_import_check_catches_one(tmp_path):
    p = tmp_path / "test_x.py"
    p.write_text("def test_a():\n    from tests.net.test_net_leak import points\n")
    assert _test_imports([p]) == ["test_x.py:2: tests.net.test_net_leak"]
