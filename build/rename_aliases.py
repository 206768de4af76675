"""Rename the project's one- and two-letter module aliases (``tiles as T``) to the module's own name (``tiles``)."""

from __future__ import annotations

import argparse
import ast
import io
import re
import sys
import tokenize
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("game", "netplay", "build", "tests")
FIRST_PARTY = ("game", "netplay", "build", "tests")
SHORT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]?$")
LIMIT = 120  # ruff's line-length (E501); the script wraps nothing: such a file is left alone (or, with
# --allow-long, renamed with the long lines listed, to wrap by hand)


@dataclass
class Alias:
    """One short alias of a first-party module in one file: the lines that import it under that alias."""

    alias: str
    modules: set[str] = field(default_factory=set)
    names: set[str] = field(default_factory=set)
    lines: list[int] = field(default_factory=list)


def _first_party(module: str, level: int) -> bool:
    return level > 0 or module.split(".")[0] in FIRST_PARTY


def _short_aliases(tree: ast.AST) -> tuple[dict[str, Alias], set[str]]:
    """The short first-party aliases, and the short aliases some other import also binds (never renamed)."""
    found: dict[str, Alias] = {}
    foreign: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            pairs = [(a.name, a.asname, a.name, 0) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            pairs = [(f"{'.' * node.level}{node.module or ''}.{a.name}", a.asname, a.name, node.level)
                     for a in node.names]
        else:
            continue
        for full, asname, name, level in pairs:
            if asname is None or not SHORT.match(asname):
                continue
            if not _first_party(full.lstrip("."), level):
                foreign.add(asname)
                continue
            entry = found.setdefault(asname, Alias(asname))
            entry.modules.add(full)
            entry.names.add(name.rpartition(".")[2])
            entry.lines.append(node.lineno)
    return found, foreign


CLASS_ATTRIBUTE = "class attribute"  # bound in a class body: methods do not see it, so no clash unless read there


def _with_scope(tree: ast.AST) -> list[tuple[ast.AST, bool]]:
    """Every node, and whether its nearest enclosing scope is a class body (a field, a method's name)."""
    out: list[tuple[ast.AST, bool]] = []
    scopes = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp, ast.SetComp,
              ast.DictComp, ast.GeneratorExp)

    def visit(node: ast.AST, in_class: bool) -> None:
        out.append((node, in_class))
        inner = isinstance(node, ast.ClassDef) if isinstance(node, scopes) else in_class
        for child in ast.iter_child_nodes(node):
            # decorators, bases and defaults are evaluated in the enclosing scope; counting them as inner is
            # conservative only for class bodies (a read there then counts as a plain name), so it is safe
            visit(child, inner)

    visit(tree, False)
    return out


def _identifier_uses(tree: ast.AST) -> list[tuple[str, str]]:
    """Every identifier the file binds or reads by plain name, with what it is (attributes and keywords excluded)."""
    uses: list[tuple[str, str]] = []
    for node, in_class in _with_scope(tree):
        if isinstance(node, ast.Name):
            if isinstance(node.ctx, ast.Load):
                uses.append((node.id, "class-body name" if in_class else "name"))
            else:
                uses.append((node.id, CLASS_ATTRIBUTE if in_class else "assignment"))
        elif isinstance(node, ast.arg):
            uses.append((node.arg, "parameter"))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            uses.append((node.name, CLASS_ATTRIBUTE if in_class else "definition"))
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            uses.extend((n, "global") for n in node.names)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            uses.append((node.name, "except target"))
        elif isinstance(node, ast.alias):
            uses.append(((node.asname or node.name).partition(".")[0], "import"))
        elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
            uses.append((node.name, "match target"))
        elif isinstance(node, ast.MatchMapping) and node.rest:
            uses.append((node.rest, "match target"))
    return uses


FSTRING = re.compile(r"(?i)^[rb]*f")


def _fstring_uses(tok: tokenize.TokenInfo, alias: str) -> list[tuple[int, int]]:
    """Positions of ``ALIAS.`` inside the replacement fields of a one-line f-string (one STRING token before 3.12).

    Only ``{...}`` fields are searched, never the literal text; the caller checks the count against the syntax tree.
    """
    if not FSTRING.match(tok.string) or tok.start[0] != tok.end[0]:
        return []
    found: list[tuple[int, int]] = []
    pattern = re.compile(r"(?<![\w.'\"])" + re.escape(alias) + r"(?=\s*\.)")
    text, depth, start = tok.string, 0, 0
    for i, ch in enumerate(text):
        if ch == "{":
            if depth == 0 and text[i + 1:i + 2] == "{":
                continue
            depth += 1
            if depth == 1:
                start = i + 1
        elif ch == "}" and depth:
            depth -= 1
            if depth == 0:
                found.extend((tok.start[0], tok.start[1] + m.start())
                             for m in pattern.finditer(text, start, i))
    return found


def _alias_tokens(source: str, alias: str) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Positions (row, col) of the alias's uses as a name, and of its ``as ALIAS`` in imports."""
    uses: list[tuple[int, int]] = []
    imports: list[tuple[int, int]] = []
    tokens = [t for t in tokenize.generate_tokens(io.StringIO(source).readline)
              if t.type not in (tokenize.NL, tokenize.COMMENT)]
    depth = 0
    for i, tok in enumerate(tokens):
        if tok.type == tokenize.OP and tok.string in "([{":
            depth += 1
        elif tok.type == tokenize.OP and tok.string in ")]}":
            depth -= 1
        if tok.type == tokenize.STRING:
            uses.extend(_fstring_uses(tok, alias))
            continue
        if tok.type != tokenize.NAME or tok.string != alias:
            continue
        before = tokens[i - 1] if i else None
        after = tokens[i + 1] if i + 1 < len(tokens) else None
        if before is not None and before.type == tokenize.OP and before.string == ".":
            continue
        if before is not None and before.type == tokenize.NAME and before.string == "as":
            imports.append(tok.start)
            continue
        if depth and after is not None and after.type == tokenize.OP and after.string == "=" \
                and before is not None and before.type == tokenize.OP and before.string in "(,":
            continue  # a keyword argument's name
        uses.append(tok.start)
    return uses, imports


def _rewrite_imports(lines: list[str], alias: Alias) -> list[str]:
    """Drop ``as ALIAS`` from its imports; ``import a.b as X`` becomes ``from a import b``."""
    pattern_from = re.compile(rf"^(\s*from\s+\S+\s+import\s+\w+)\s+as\s+{re.escape(alias.alias)}(\s*(#.*)?)$")
    pattern_plain = re.compile(rf"^(\s*)import\s+([\w.]+)\.(\w+)\s+as\s+{re.escape(alias.alias)}(\s*(#.*)?)$")
    for row in alias.lines:
        line = lines[row - 1].rstrip("\n")
        if m := pattern_from.match(line):
            new = m.group(1) + m.group(2)
        elif m := pattern_plain.match(line):
            new = f"{m.group(1)}from {m.group(2)} import {m.group(3)}{m.group(4)}"
        else:
            raise ValueError(f"unexpected import form on line {row}: {line!r}")
        lines[row - 1] = new + "\n"
    return lines


def _width(line: str) -> int:
    """Columns as ruff counts them: wide (CJK) characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in line.rstrip("\r\n"))


def rename_file(path: Path, allow_long: bool = False) -> tuple[list[str], list[str]]:
    """Rename the file's short module aliases in place; what was renamed and what was skipped (with why).

    With ``allow_long`` a file is renamed even when lines go over the limit; those lines are listed, to wrap by hand.
    """
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    found, foreign = _short_aliases(tree)
    if not found:
        return [], []
    uses = _identifier_uses(tree)
    done: list[str] = []
    skipped: list[str] = []
    plans: list[tuple[Alias, str]] = []
    targets: dict[str, list[str]] = {}
    for entry in found.values():
        for name in entry.names:
            targets.setdefault(name, []).append(entry.alias)
    for entry in sorted(found.values(), key=lambda e: e.alias):
        what = f"{entry.alias} -> {'/'.join(sorted(entry.names))}"
        if len(entry.modules) > 1:
            skipped.append(f"{what}: the alias names several modules ({', '.join(sorted(entry.modules))})")
            continue
        if entry.alias in foreign:
            skipped.append(f"{what}: a third-party import binds the same alias")
            continue
        (name,) = entry.names
        if len(targets[name]) > 1:
            skipped.append(f"{what}: aliases {', '.join(sorted(targets[name]))} would all become {name}")
            continue
        clash = sorted({kind for ident, kind in uses if ident == name})
        if clash == [CLASS_ATTRIBUTE] and not any(ident == entry.alias and kind == "class-body name"
                                                  for ident, kind in uses):
            clash = []  # only class fields or methods bear the name, and no class body reads the alias
        if clash:
            skipped.append(f"{what}: {name} already names something else here ({', '.join(clash)})")
            continue
        other = sorted({kind for ident, kind in uses
                        if ident == entry.alias and kind not in ("name", "class-body name", "import")})
        if other:
            skipped.append(f"{what}: {entry.alias} is also bound otherwise ({', '.join(other)})")
            continue
        plans.append((entry, name))
    if not plans:
        return done, skipped
    lines = source.splitlines(keepends=True)
    edits: list[tuple[int, int, int, str]] = []
    for entry, name in plans:
        reads, imports = _alias_tokens(source, entry.alias)
        expected = sum(1 for ident, kind in uses if ident == entry.alias and kind in ("name", "class-body name"))
        if len(reads) != expected or len(imports) != len(entry.lines):
            skipped.append(f"{entry.alias} -> {name}: tokens ({len(reads)} uses, {len(imports)} imports) disagree "
                           f"with the syntax tree ({expected} uses, {len(entry.lines)} imports); "
                           "(an f-string over several lines, or the alias in its literal text?)")
            continue
        edits.extend((row, col, col + len(entry.alias), name) for row, col in reads)
        lines = _rewrite_imports(lines, entry)
        done.append(f"{entry.alias} -> {name} ({len(reads)} uses)")
    for row, start, end, name in sorted(edits, reverse=True):
        line = lines[row - 1]
        lines[row - 1] = line[:start] + name + line[end:]
    old_lines = source.splitlines(keepends=True)
    long = [row for row, (a, b) in enumerate(zip(old_lines, lines), 1)
            if a != b and _width(b) > LIMIT and "noqa" not in b]
    if long and allow_long:
        print(f"note {path.name}: line(s) {', '.join(map(str, long))} now over {LIMIT} columns: wrap them by hand")
    elif long:
        names = ", ".join(d.partition(" (")[0] for d in done)
        return [], skipped + [f"{names}: would push line(s) {', '.join(map(str, long))} over {LIMIT} columns "
                              "(this script wraps nothing; rename by hand)"]
    new = "".join(lines)
    if new != source:
        ast.parse(new)
        path.write_text(new, encoding="utf-8")
    return done, skipped


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("paths", nargs="*", type=Path, help="files or folders (default: game netplay build tests)")
    parser.add_argument("--allow-long", action="store_true",
                        help="rename even when lines go over the limit, and list them (to wrap by hand)")
    args = parser.parse_args(argv)
    roots = args.paths or [ROOT / folder for folder in FOLDERS]
    files = sorted(p for root in roots for p in ([root] if root.is_file() else root.rglob("*.py")))
    renamed = skipped_count = changed = 0
    for path in files:
        done, skipped = rename_file(path, args.allow_long)
        shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        for line in done:
            print(f"renamed {shown}: {line}")
        for line in skipped:
            print(f"skipped {shown}: {line}")
        renamed += len(done)
        skipped_count += len(skipped)
        changed += bool(done)
    print(f"{renamed} aliases renamed in {changed} files; {skipped_count} skipped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
