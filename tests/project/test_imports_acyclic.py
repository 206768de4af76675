"""No import circle in the project: the module-level import graph of game/ and netplay/ has no cycle.

Imports run at module level (including class bodies and ``if``/``try`` blocks)
are edges; imports inside functions are not (they run later, on purpose: startup
time, optional dependencies), nor are ``if TYPE_CHECKING:`` blocks.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.helpers.build_tools import load as load_build_tool

pyimports = load_build_tool("pyimports")  # the graph tools' module names, relative imports and components
ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("game", "netplay")


def project_modules(root: Path = ROOT) -> dict[str, Path]:
    """Dotted module name -> file, for every .py file under the project's packages."""
    return {name: path for pkg in PACKAGES for name, path in pyimports.module_files(root, pkg).items()}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def module_level_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """Import statements executed when the module is imported."""
    found: list[ast.Import | ast.ImportFrom] = []

    def walk(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                found.append(node)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            elif isinstance(node, ast.If):
                if not _is_type_checking(node.test):
                    walk(node.body)
                walk(node.orelse)
            elif isinstance(node, ast.ClassDef):
                walk(node.body)
            else:
                for field in ("body", "orelse", "finalbody"):
                    walk(getattr(node, field, []) or [])
                for handler in getattr(node, "handlers", []) or []:
                    walk(handler.body)
                for case in getattr(node, "cases", []) or []:
                    walk(case.body)

    walk(tree.body)
    return found


def resolve(module: str, is_package: bool, node: ast.Import | ast.ImportFrom, known: set[str]) -> set[str]:
    """The project modules one import statement loads (relative imports resolved)."""
    if isinstance(node, ast.Import):
        return {a.name for a in node.names if a.name in known}
    target = pyimports.from_target(module if is_package else module.rpartition(".")[0], node)
    out = set()
    for a in node.names:
        sub = f"{target}.{a.name}"
        if sub in known:
            out.add(sub)  # ``from pkg import module``
        elif target in known:
            out.add(target)
    return out


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    mods = project_modules(root)
    known = set(mods)
    graph: dict[str, set[str]] = {}
    for name, path in mods.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        deps: set[str] = set()
        for node in module_level_imports(tree):
            deps |= resolve(name, path.name == "__init__.py", node, known)
        deps.discard(name)
        graph[name] = deps
    return graph


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle (as a closed path) per strongly connected component with more than one module."""
    return [_cycle_in(graph, set(c)) for c in pyimports.components(graph) if len(c) > 1]


def _cycle_in(graph: dict[str, set[str]], comp: set[str]) -> list[str]:
    """A shortest closed path through the component's first module."""
    start = min(comp)
    prev: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(graph[v] & comp):
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(prev[path[-1]])
                    return [start] + path[::-1][1:] + [start] if len(path) > 1 else [start, v, start]
                if w not in prev:
                    prev[w] = v
                    nxt.append(w)
        frontier = nxt
    return sorted(comp)


def test_the_project_has_no_import_cycle():
    graph = import_graph()
    assert {"game.ui.app", "game.rules.actions"} <= graph["game.ui.table.scene"]  # the graph is the real one
    cycles = find_cycles(graph)
    assert not cycles, "import cycles:\n" + "\n".join(" -> ".join(c) for c in cycles)


def test_the_graph_sees_relative_absolute_and_guarded_imports(tmp_path):
    """The checker itself: it must find a cycle through each kind of import, and ignore the ones that do not run."""
    pkg = tmp_path / "game"
    (pkg / "sub").mkdir(parents=True)
    (tmp_path / "netplay").mkdir()
    (tmp_path / "netplay" / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("from . import a\n")
    (pkg / "sub" / "a.py").write_text("from ..b import thing\n")
    (pkg / "b.py").write_text("try:\n    import game.c\nexcept ImportError:\n    pass\nthing = 1\n")
    (pkg / "c.py").write_text("from game.sub import a\n")
    (pkg / "d.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from game import e\n"
        "def f():\n    from game import e\n")
    (pkg / "e.py").write_text("class K:\n    from game import d\n")
    graph = import_graph(tmp_path)
    assert graph["game.sub"] == {"game.sub.a"}
    assert graph["game.sub.a"] == {"game.b"}
    assert graph["game.b"] == {"game.c"}
    assert graph["game.c"] == {"game.sub.a"}
    assert graph["game.d"] == set()
    assert graph["game.e"] == {"game.d"}
    cycles = find_cycles(graph)
    assert cycles == [["game.b", "game.c", "game.sub.a", "game.b"]]


@pytest.mark.parametrize("graph, expected", [
    ({"a": {"b"}, "b": {"a"}}, ["a", "b", "a"]),
    ({"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set()}, ["a", "b", "c", "a"]),
])
def test_a_cycle_is_printed_as_a_closed_path(graph, expected):
    assert find_cycles(graph) == [expected]
