"""The catalog check: every key the code uses is in every catalog, every catalog key is used, placeholders agree.

Usage: python build/catalog_check.py            (prints the findings; exit 1 when there are any)

How a key counts as used (read from the code with ``ast``, nothing is imported to find them):
- a string constant anywhere in game/ or netplay/ that is a catalog key (``strings.tr("menu.play")``,
  ``msg("rules.settle.yuxi.draw")``, a table of keys such as ``{Refusal.PASSED_WIN: "hint.why_missed"}``);
- ``"head." + expr`` (every key one part below the head), and an f-string with a literal head
  (``msg(f"rules.settle.yuxi.how.{how}")``, ``f"rules.variant.{vid}.name"``): every key it can spell (each
  ``{...}`` one dot-free part) is used; ``<key>.one`` wherever ``<key>`` is (``strings.tr``'s singular);
- the rules' data families, enumerated from the data itself: every pattern and event of every scoring
  table, every refusal and action code, every variant, every tile (``data_keys``).
A key is missing when a call that takes a key (``msg``, ``text``, ``has``, ``tr``, ``tr_label``, ...) gets
a literal or an f-string no catalog key matches. Placeholders are the ``{name}`` fields of each template:
every catalog must use exactly the reference catalog's (``game.i18n.REFERENCE``) for each key.
"""

from __future__ import annotations

import ast
import json
import re
import string
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "game" / "locale"
REFERENCE = "zh"
SOURCES = ("game", "netplay")
# calls whose first argument is a catalog key
# a rules page's row key names its three texts (rulesdoc.worded)
ROW_HEAD, ROW_PARTS = "rulesview.page.", ("name", "what", "worth")
KEY_CALLS = {"msg", "text", "has", "template", "Msg", "tr", "tr_label", "tr_notice"}


class Findings:
    """What the check found (a plain class: the tests load this script as a module outside sys.modules)."""

    def __init__(self) -> None:
        self.missing: list[str] = []  # "file:line: key" used in code, absent from a catalog
        self.unused: list[str] = []  # key in the catalogs, used nowhere
        self.placeholders: list[str] = []  # "lang: key: zh has {...}, lang has {...}"
        self.keysets: list[str] = []  # "lang: key (not in ...)": a catalog without a key the reference has, or more

    def lines(self) -> list[str]:
        return ([f"missing key: {x}" for x in self.missing] + [f"unused key: {x}" for x in self.unused]
                + [f"placeholders differ: {x}" for x in self.placeholders]
                + [f"catalog keys differ: {x}" for x in self.keysets])

    def __bool__(self) -> bool:
        return bool(self.missing or self.unused or self.placeholders or self.keysets)


def catalogs(locale: Path = LOCALE) -> dict[str, dict[str, str]]:
    return {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in sorted(locale.glob("*.json"))}


def placeholders(template: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(template) if name is not None}


def data_keys() -> tuple[set[str], set[str]]:
    """The keys the rules' data spells at run time: (keys it needs, keys it reads where they exist) - patterns,
    events, codes, variants, tiles, options (an option's help and choice names are optional)."""
    from game.rules import tiles
    from game.rules.codes import ActionProblem, Refusal
    from game.rules.variants import VARIANTS, chicken_tables, wenshan_score, yuxi_score

    keys = {f"rules.code.refusal.{c.value}" for c in Refusal} | {f"rules.code.action.{c.value}" for c in ActionProblem}
    keys |= {f"rules.pattern.wenshan.{k}"
             for t in (wenshan_score.BASE, wenshan_score.ADDED, wenshan_score.MULT) for k in t}
    keys |= {f"rules.pattern.yuxi.{k}" for t in (yuxi_score.BASE, yuxi_score.EXTRA) for k in t}
    for tb in (chicken_tables.GUIYANG, chicken_tables.ZHUOJI):
        keys |= {f"rules.pattern.{tb.id}.{k}" for k in tb.patterns} | {f"rules.event.{tb.id}.{k}" for k in tb.events}
    for v in VARIANTS:
        keys |= {f"rules.variant.{v.id}.name", f"rules.variant.{v.id}.blurb"}
    for t in range(tiles.NUM_KINDS):
        keys |= {f"rules.tile.{tiles.name(t)}", f"rules.tile.{tiles.name(t)}.short"}
    optional: set[str] = set()
    for v in VARIANTS:
        for o in v.schema:
            keys.add(f"{o.text_key}.label")
            optional.add(f"{o.text_key}.help")
            optional |= {f"{o.text_key}.choice.{c}" for c in o.choices or ()}
    return keys, optional


def _fstring_regex(node: ast.JoinedStr) -> re.Pattern[str] | None:
    """A regex of the keys an f-string can spell (each ``{...}`` one dot-free part), or None when it has no literal
    head (too general to count)."""
    parts = []
    for v in node.values:
        if isinstance(v, ast.Constant) and isinstance(v.value, str):
            parts.append(re.escape(v.value))
        else:
            parts.append("[^.]+")
    head = node.values[0] if node.values else None
    if not (isinstance(head, ast.Constant) and isinstance(head.value, str) and "." in head.value):
        return None
    return re.compile("".join(parts) + r"\Z")


def _call_name(node: ast.Call) -> str:
    f = node.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""


def scan(files: list[Path], keys: set[str], root: Path = ROOT) -> tuple[set[str], list[str]]:
    """(keys the code uses, "file:line: key" for key arguments no catalog has)."""
    used: set[str] = set()
    missing: list[str] = []
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        rel = path.relative_to(root)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and (
                    node.value in keys or node.value.startswith(ROW_HEAD)):
                used.add(node.value)  # a row's key is no text itself: its parts are (check)
            elif isinstance(node, ast.JoinedStr):
                rx = _fstring_regex(node)
                if rx is not None:
                    used |= {k for k in keys if rx.match(k)}
            elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and isinstance(node.left, ast.Constant) \
                    and isinstance(node.left.value, str) and node.left.value.endswith("."):
                used |= {k for k in keys if k.startswith(node.left.value) and "." not in k[len(node.left.value):]}
            if isinstance(node, ast.Call) and _call_name(node) in KEY_CALLS and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and _looks_like_key(arg.value):
                    if arg.value not in keys:
                        missing.append(f"{rel}:{node.lineno}: {arg.value}")
                elif isinstance(arg, ast.JoinedStr):
                    rx = _fstring_regex(arg)
                    if rx is not None and not any(rx.match(k) for k in keys):
                        missing.append(f"{rel}:{node.lineno}: {ast.unparse(arg)}")
    return used, missing


def _looks_like_key(s: str) -> bool:
    return bool(re.fullmatch(r"[a-z][a-z0-9_]*(\.[A-Za-z0-9_]+)+", s))


def check(root: Path = ROOT, locale: Path = LOCALE) -> Findings:
    cats = catalogs(locale)
    ref = cats[REFERENCE]
    out = Findings()
    for lang, cat in cats.items():
        if lang == REFERENCE:
            continue
        out.keysets += [f"{lang}: {k} (not in {lang})" for k in ref if k not in cat]
        out.keysets += [f"{lang}: {k} (not in {REFERENCE})" for k in cat if k not in ref]
        for k, t in cat.items():
            if k in ref and placeholders(t) != placeholders(ref[k]):
                a = " ".join(sorted(placeholders(ref[k]))) or "-"
                b = " ".join(sorted(placeholders(t))) or "-"
                out.placeholders.append(f"{lang}: {k}: {REFERENCE} has {{{a}}}, {lang} has {{{b}}}")
    keys = set(ref)
    files = sorted(p for base in SOURCES for p in (root / base).rglob("*.py"))
    used, out.missing = scan(files, keys, root)
    needed, optional = data_keys()
    used |= needed | optional
    out.missing += [f"rules data: {k}" for k in sorted(needed - keys)]
    used |= {f"{k}.one" for k in used}  # strings.tr takes <key>.one when n is 1 ("1 hand")
    used |= {f"{k}.{part}" for k in used if k.startswith(ROW_HEAD) for part in ROW_PARTS}
    out.unused = [k for k in ref if k not in used]
    return out


def main() -> int:
    found = check()
    cats = catalogs()
    print(f"catalogs: {', '.join(f'{lang} ({len(c)} keys)' for lang, c in cats.items())}")
    for line in found.lines():
        print(line)
    print("ok" if not found else f"{len(found.lines())} finding(s)")
    return 1 if found else 0


if __name__ == "__main__":
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    sys.exit(main())
