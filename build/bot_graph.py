"""The module graph of game/bots: every import between its modules, circles and floors.

    python build/bot_graph.py [--root .] [--top]

Unlike ``tests/test_imports_acyclic.py`` (module-level imports of the whole project) this counts every
import inside game/bots: at module level, inside functions (``lazy``) and under ``if TYPE_CHECKING``
(``type``). ``from . import shanten`` is an edge to ``shanten``, not to the package. Prints each
module's imports, the circles (strongly connected groups of two or more modules) and, when there is
none, the number of floors (the longest chain of imports).
"""

from __future__ import annotations

import argparse
import ast
import fnmatch
from pathlib import Path

from pyimports import components, from_target, module_files, package_of

PACKAGE = "game.bots"


def _type_checking_lines(tree: ast.Module) -> set[int]:
    lines = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", getattr(node.test, "attr", "")) == "TYPE_CHECKING":
            for sub in node.body:
                for x in ast.walk(sub):
                    if hasattr(x, "lineno"):
                        lines.add(x.lineno)
    return lines


def _lazy_lines(tree: ast.Module) -> set[int]:
    """The lines inside functions (an import there runs when the function is called)."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return lines


def _dynamic(call: ast.Call, package: str, mods: dict[str, Path]) -> list[str]:
    """The modules an ``import_module`` call may load: its f-string as a pattern (``{__package__}`` the
    package, any other value a wildcard); an argument it cannot read may be any module."""
    arg = call.args[0] if call.args else None
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        pattern = arg.value
    elif isinstance(arg, ast.JoinedStr):
        pattern = "".join(v.value if isinstance(v, ast.Constant) else
                          (package if ast.unparse(v) == "{__package__}" else "*") for v in arg.values)
    else:
        pattern = "*"
    return [x for x in mods if fnmatch.fnmatchcase(x, pattern)]


def edges(mods: dict[str, Path]) -> dict[str, dict[str, str]]:
    """module -> {imported module of the package: "top", "lazy" or "type"}; ``importlib`` calls count
    as lazy imports of every module whose name they could build (none may remain)."""
    out: dict[str, dict[str, str]] = {m: {} for m in mods}
    for m, p in mods.items():
        tree = ast.parse(p.read_text(encoding="utf-8"))
        package = package_of(m, p)
        typed, lazy = _type_checking_lines(tree), _lazy_lines(tree)
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                name = from_target(package, node)
                subs = [f"{name}.{a.name}" for a in node.names]
                names = subs if all(x in mods for x in subs) else [name] + [x for x in subs if x in mods]
            elif isinstance(node, ast.Call) and ast.unparse(node.func) in ("importlib.import_module", "import_module"):
                names = _dynamic(node, package, mods)
            if not names:
                continue
            line = getattr(node, "lineno", 0)
            kind = "type" if line in typed else ("lazy" if line in lazy else "top")
            for n in names:
                if n in mods and n != m:
                    out[m].setdefault(n, kind)
    return out


def circles(graph: dict[str, dict[str, str]]) -> list[list[str]]:
    """The strongly connected groups of two or more modules."""
    return [c for c in components(graph) if len(c) > 1]


def floors(graph: dict[str, dict[str, str]]) -> int:
    """The longest chain of imports, in modules (an acyclic graph only)."""
    memo: dict[str, int] = {}

    def depth(v: str) -> int:
        if v not in memo:
            memo[v] = 1 + max((depth(w) for w in graph[v]), default=0)
        return memo[v]

    return max((depth(v) for v in graph), default=0)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--root", default=str(Path(__file__).resolve().parents[1]))
    p.add_argument("--top", action="store_true", help="module-level imports only (as the project-wide test)")
    a = p.parse_args()
    mods = module_files(Path(a.root), PACKAGE)
    graph = edges(mods)
    if a.top:
        graph = {m: {n: k for n, k in e.items() if k == "top"} for m, e in graph.items()}

    def short(m: str) -> str:
        return m[len(PACKAGE) + 1:] if m != PACKAGE else "__init__"

    print(f"{len(mods)} modules")
    for m in sorted(graph):
        imports = ", ".join(short(n) + ("" if k == "top" else f"({k})") for n, k in sorted(graph[m].items()))
        print(f"{short(m):24s} -> {imports}")
    found = circles(graph)
    print("circles:", "; ".join(" ".join(short(x) for x in c) for c in found) if found else "none")
    if not found:
        print("floors:", floors(graph))
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
