"""No module reads another module's private members (issue 43: components own their state).

In the window (``game/ui``), the command line (``game/cli``), LAN play (``netplay``) and the
session layer, an attribute whose name starts with one underscore (``sc._pump``,
``W._label``) may be read only on ``self``/``cls``/``super()``, or where the module defines
that name itself (another instance of its own class). Anything else goes through a public,
documented name.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECKED = ("game/ui", "game/cli", "netplay", "game/session.py", "game/pacing.py")
# names the language or a library makes private-looking but public
PUBLIC = {"_replace", "_asdict", "_fields", "_MEIPASS", "_exit", "_getframe"}


def _own_names(tree: ast.Module) -> set[str]:
    """Private names a module defines: functions, classes, assignments, attributes set on anything."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            out.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            out.add(node.attr)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out.add(node.target.id)
    return {n for n in out if n.startswith("_")}


def _reads(path: Path, root: Path = ROOT) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    own = _own_names(tree)
    bad = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        name = node.attr
        if not name.startswith("_") or name.startswith("__") or name in PUBLIC or name in own:
            continue
        v = node.value
        if isinstance(v, ast.Name) and v.id in ("self", "cls"):
            continue
        if isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id == "super":
            continue
        bad.append(f"{path.relative_to(root)}:{node.lineno}: {ast.unparse(node)}")
    return bad


def _files() -> list[Path]:
    out: list[Path] = []
    for c in CHECKED:
        p = ROOT / c
        out += [p] if p.is_file() else sorted(p.rglob("*.py"))
    return out


def test_no_module_reads_another_modules_private_members():
    bad = [line for p in _files() for line in _reads(p)]
    assert not bad, "private members read from outside their module:\n" + "\n".join(bad)


def test_the_check_sees_a_private_read(tmp_path):
    p = tmp_path / "x.py"
    p.write_text("def f(sc, W):\n    sc._pump()\n    return W._helper(1)\n")
    (tmp_path / "y.py").write_text("class A:\n    def _own(self, other):\n        return other._own()\n")
    assert len(_reads(p, tmp_path)) == 2 and not _reads(tmp_path / "y.py", tmp_path)
