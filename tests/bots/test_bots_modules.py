"""game/bots on two axes (issue 43): no import circle of any kind, every module on the package's map, no Any."""

from __future__ import annotations

import ast
from pathlib import Path

import game.bots
from tests.helpers.build_tools import load

ROOT = Path(__file__).resolve().parents[2]


def test_no_import_circle_in_the_bots_lazy_or_type_only():
    g = load("bot_graph")
    graph = g.edges(g.module_files(ROOT, g.PACKAGE))
    assert len(graph) > 20
    assert g.circles(graph) == []


def test_the_graph_sees_lazy_type_only_and_dynamic_imports(tmp_path):
    """The check above would miss a circle it cannot see: a circle through each kind of import is found."""
    g = load("bot_graph")
    pkg = tmp_path / "game" / "bots"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from . import b\n")
    (pkg / "b.py").write_text("def f():\n    from . import a\n")
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .d import X\n")
    (pkg / "d.py").write_text("from . import c\n")
    (pkg / "e.py").write_text("import importlib\n"
                              "def f(v):\n    return importlib.import_module(f'{__package__}.f_{v}')\n")
    (pkg / "f_x.py").write_text("from . import e\n")
    graph = g.edges(g.module_files(tmp_path, g.PACKAGE))
    assert graph["game.bots.b"] == {"game.bots.a": "lazy"}
    assert graph["game.bots.c"] == {"game.bots.d": "type"}
    assert graph["game.bots.e"] == {"game.bots.f_x": "lazy"}
    assert sorted(g.circles(graph)) == [["game.bots.a", "game.bots.b"], ["game.bots.c", "game.bots.d"],
                                        ["game.bots.e", "game.bots.f_x"]]


def test_every_bot_module_is_on_the_package_map():
    """The package docstring names each module's axis (level, variant, factory, tool): a new module must be
    placed on it."""
    doc = game.bots.__doc__ or ""
    names = sorted(p.stem for p in (ROOT / "game" / "bots").glob("*.py") if p.stem != "__init__")
    assert [n for n in names if f"``{n}``" not in doc] == []


def test_no_bot_module_imports_any():
    """The levels and variants meet through typed hooks: nothing in game/bots is typed Any (mypy's
    disallow_any_explicit holds the annotations; this holds the imports)."""
    for p in sorted((ROOT / "game" / "bots").glob("*.py")):
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "typing":
                assert "Any" not in {a.name for a in node.names}, p.name
