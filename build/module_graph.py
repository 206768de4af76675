"""The import graph of one package in figures: circles, arrows that run back up, floors and rooms.

    python build/module_graph.py [--package game.ui] [--root DIR] [--json] [--dot FILE]

Every import statement counts (module level, inside functions, and ``if TYPE_CHECKING:`` blocks
alike: a lazy or type-only import is still a dependency a reader has to follow). Only imports
between modules of ``--package`` are drawn.

- **circles**: groups of modules that import one another (strongly connected components of
  more than one module), each printed as its members.
- **floors**: the package with every circle squeezed into one node is a stack; a module's
  floor is 1 + the highest floor it imports (a module importing nothing inside the package is
  on floor 1). ``depth`` is the top floor.
- **upward arrows**: the imports that close a circle, running against the stack: inside a
  circle, an import of a module on the same or a higher floor of the load-time graph (the
  imports that run when a module is loaded: module level, outside ``TYPE_CHECKING``; that
  graph has no circle, see ``test_imports_acyclic``). Typically a part's lazy or type-only
  import of the scene that imports it.
- **rooms**: the first package level below ``--package`` (``game.ui.table.hud`` is in room
  ``table``; a module at the package root is its own room). The same figures are given for
  the graph of rooms (an import between two rooms is one arrow, however many modules make it),
  with each room's size in lines.

Run it on an old checkout with ``--root`` to compare (e.g. ``git worktree add /tmp/old ff60c22``).
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from collections import defaultdict
from pathlib import Path

from pyimports import components, from_target, module_files

ROOT = Path(__file__).resolve().parents[1]


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _statements(tree: ast.Module) -> list[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import statement with whether it runs when the module loads."""
    found: list[tuple[ast.Import | ast.ImportFrom, bool]] = []

    def walk(body: list[ast.stmt], runs: bool) -> None:
        for node in body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                found.append((node, runs))
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                walk(node.body, False)
            elif isinstance(node, ast.If):
                walk(node.body, runs and not _is_type_checking(node.test))
                walk(node.orelse, runs)
            elif isinstance(node, ast.ClassDef):
                walk(node.body, runs)
            else:
                for field in ("body", "orelse", "finalbody"):
                    walk(getattr(node, field, []) or [], runs)
                for handler in getattr(node, "handlers", []) or []:
                    walk(handler.body, runs)
                for case in getattr(node, "cases", []) or []:
                    walk(case.body, runs)

    walk(tree.body, True)
    return found


def _targets(module: str, is_package: bool, node: ast.Import | ast.ImportFrom, known: set[str]) -> set[str]:
    if isinstance(node, ast.Import):
        out = set()
        for a in node.names:
            name = a.name
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name:
                out.add(name)
        return out
    target = from_target(module if is_package else module.rpartition(".")[0], node)
    out = set()
    for a in node.names:
        sub = f"{target}.{a.name}"
        if sub in known:
            out.add(sub)
        elif target in known:
            out.add(target)
    return out


def graphs(root: Path, package: str) -> tuple[dict[str, set[str]], dict[str, set[str]], dict[str, int]]:
    """(every import, imports run at load time, lines per module) between the package's modules."""
    mods = module_files(root, package)
    known = set(mods)
    every: dict[str, set[str]] = {}
    loads: dict[str, set[str]] = {}
    lines: dict[str, int] = {}
    for name, path in mods.items():
        text = path.read_text(encoding="utf-8")
        lines[name] = len(text.splitlines())
        every[name], loads[name] = set(), set()
        for node, runs in _statements(ast.parse(text, str(path))):
            got = _targets(name, path.name == "__init__.py", node, known) - {name}
            # a package's __init__ is loaded with every module below it: not a dependency worth drawing
            got = {t for t in got if not (mods[t].name == "__init__.py" and not lines_of(mods[t]))}
            every[name] |= got
            if runs:
                loads[name] |= got
    return every, loads, lines


def lines_of(path: Path) -> int:
    """Lines of code (not blank, not only a docstring)."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    body = tree.body
    if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant):
        body = body[1:]
    return len(body)


def floors(graph: dict[str, set[str]]) -> dict[str, int]:
    """Floor of every node: 1 + the highest floor it reaches, circles squeezed into one node."""
    comps = components(graph)
    of = {v: i for i, c in enumerate(comps) for v in c}
    floor_of: dict[int, int] = {}
    for i, comp in enumerate(comps):  # Tarjan yields components in reverse topological order
        below = {of[w] for v in comp for w in graph[v]} - {i}
        floor_of[i] = 1 + max((floor_of[j] for j in below), default=0)
    return {v: floor_of[of[v]] for v in graph}


def room_of(module: str, package: str) -> str:
    rest = module[len(package) + 1:] if module != package else "__init__"
    return rest.split(".")[0]


def figures(root: Path, package: str) -> dict:
    every, loads, lines = graphs(root, package)
    short = {m: m[len(package) + 1:] or "__init__" for m in every}
    circles = [c for c in components(every) if len(c) > 1]
    fl_every = floors(every)
    fl_loads = floors(loads)
    comp = {m: i for i, c in enumerate(components(every)) for m in c}
    # inside a circle, the arrows that run against the load-time order are the ones that close it
    upward = sorted((a, b) for a in every for b in every[a] if comp[a] == comp[b] and fl_loads[b] >= fl_loads[a])
    rooms: dict[str, set[str]] = defaultdict(set)
    room_loads: dict[str, set[str]] = defaultdict(set)
    room_lines: dict[str, int] = defaultdict(int)
    for m in every:
        r = room_of(m, package)
        rooms[r]
        room_loads[r]
        room_lines[r] += lines[m]
        rooms[r] |= {room_of(t, package) for t in every[m]} - {r}
        room_loads[r] |= {room_of(t, package) for t in loads[m]} - {r}
    room_comps = components(dict(rooms))
    room_circles = [c for c in room_comps if len(c) > 1]
    room_comp = {r: i for i, c in enumerate(room_comps) for r in c}
    room_floor = floors(dict(rooms))
    room_floor_loads = floors(dict(room_loads))
    room_up = sorted((a, b) for a in every for b in every[a]
                     if room_of(a, package) != room_of(b, package)
                     and room_comp[room_of(a, package)] == room_comp[room_of(b, package)]
                     and room_floor_loads[room_of(b, package)] >= room_floor_loads[room_of(a, package)])
    return {
        "package": package,
        "modules": len(every),
        "lines": sum(lines.values()),
        "imports": sum(len(v) for v in every.values()),
        "circles": [[short[m] for m in c] for c in circles],
        "depth": max(fl_every.values(), default=0),
        "floors": {short[m]: fl_every[m] for m in sorted(every)},
        "upward": [[short[a], short[b]] for a, b in upward],
        "rooms": {r: {"lines": room_lines[r], "floor": room_floor[r], "imports": sorted(rooms[r])}
                  for r in sorted(rooms)},
        "room_circles": room_circles,
        "room_depth": max(room_floor.values(), default=0),
        "room_upward": [[short[a], short[b]] for a, b in room_up],
    }


def report(f: dict) -> str:
    out = [f"{f['package']}: {f['modules']} modules, {f['lines']} lines, {f['imports']} imports between them",
           f"floors (every import, circles squeezed): {f['depth']}"]
    by_floor: dict[int, list[str]] = defaultdict(list)
    for m, k in f["floors"].items():
        by_floor[k].append(m)
    for k in sorted(by_floor, reverse=True):
        out.append(f"  floor {k:2}: " + ", ".join(by_floor[k]))
    out.append(f"circles (modules importing one another, lazily or for types included): {len(f['circles'])}")
    out += ["  " + " <-> ".join(c) for c in f["circles"]]
    out.append(f"upward arrows (imports that close a circle, against the load-time order): {len(f['upward'])}")
    out += [f"  {a} -> {b}" for a, b in f["upward"]]
    out.append(f"rooms: {len(f['rooms'])}, floors {f['room_depth']}, circles {len(f['room_circles'])}")
    by_room_floor: dict[int, list[str]] = defaultdict(list)
    for r, info in f["rooms"].items():
        by_room_floor[info["floor"]].append(f"{r} ({info['lines']})")
    for k in sorted(by_room_floor, reverse=True):
        out.append(f"  floor {k:2}: " + ", ".join(by_room_floor[k]))
    out += ["  circle: " + " <-> ".join(c) for c in f["room_circles"]]
    out.append(f"arrows between rooms that close a circle of rooms: {len(f['room_upward'])}")
    out += [f"  {a} -> {b}" for a, b in f["room_upward"]]
    return "\n".join(out)


def dot(f: dict) -> str:
    """The room graph for Graphviz: rooms by floor, arrows that run up in red."""
    up = {(a.split(".")[0], b.split(".")[0]) for a, b in f["room_upward"]}
    out = ["digraph rooms {", "  rankdir=BT; node [shape=box, fontname=Helvetica];"]
    for r, info in f["rooms"].items():
        out.append(f'  "{r}" [label="{r}\\n{info["lines"]} lines\\nfloor {info["floor"]}"];')
    for r, info in f["rooms"].items():
        for t in info["imports"]:
            colour = ' [color=red]' if (r, t) in up else ""
            out.append(f'  "{r}" -> "{t}"{colour};')
    out.append("}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--package", default="game.ui")
    p.add_argument("--root", type=Path, default=ROOT, help="a checkout of the project (default: this one)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--dot", type=Path, help="also write the room graph for Graphviz here")
    args = p.parse_args(argv)
    f = figures(args.root.resolve(), args.package)
    print(json.dumps(f, indent=1, ensure_ascii=False) if args.json else report(f))
    if args.dot:
        args.dot.write_text(dot(f), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
