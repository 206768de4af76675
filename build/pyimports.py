"""What the import-graph tools and the layering tests share: module names of files, relative imports, circles."""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path


def module_files(root: Path, package: str) -> dict[str, Path]:
    """Dotted name -> file for every module of ``package`` (a dotted name) under ``root``, in path order."""
    out: dict[str, Path] = {}
    for path in sorted(root.joinpath(*package.split(".")).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def package_of(module: str, path: Path) -> str:
    """The package a module's relative imports start from: itself for a package's ``__init__.py``."""
    return module if path.name == "__init__.py" else module.rpartition(".")[0]


def from_target(package: str, node: ast.ImportFrom) -> str:
    """The module a ``from ... import`` statement imports from, a relative one resolved against ``package``."""
    if not node.level:
        return node.module or ""
    base = package.split(".")
    base = base[:len(base) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def components(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """Strongly connected components (Tarjan), each sorted; every node is in exactly one; nodes and arrows are
    taken in sorted order, so the result is the same however the graph was built."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    sys.setrecursionlimit(max(10000, sys.getrecursionlimit()))  # one frame per module on the deepest chain

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return out
