"""Keep the catalogs (game/locale/*.json) whole: move the window's strings into them, make zh_Hant from zh.

Usage:
  python build/catalogs.py migrate   move every (中文, English) pair of ``S`` in game/ui/kit/strings.py into
                                     zh.json / en.json (re-runnable: a pair added to S later moves the same way;
                                     a key both places already hold with other words stops with a message)
  python build/catalogs.py rulesdoc  move the rules viewer's pages (DOCS, COMMON, the row names, GLOSS, OPTION_EFFECTS,
                                     the titles) of game/ui/kit/rulesdoc.py into the catalogs as rulesview.* keys and
                                     rewrite those tables as keys (re-runnable: tables already of keys are left alone)
  python build/catalogs.py hant      write zh_Hant.json from zh.json with OpenCC (s2t; dev tool only:
                                     ``pip install opencc-python-reimplemented``), placeholders untouched
  python build/catalogs.py all       migrate, rulesdoc, hant, in that order
"""

from __future__ import annotations

import ast
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "game" / "locale"
STRINGS = ROOT / "game" / "ui" / "kit" / "strings.py"
HANT = "zh_Hant"
# what the language is called in itself (the settings screen lists every catalog by this entry)
SELF_NAMES = {"zh": "中文", "en": "English", HANT: "繁體中文"}
# the pairs' table in strings.py, and what replaces it; the English singulars ("1 hand") become <key>.one
S_TABLE = re.compile(r"^S: dict\[str, tuple\[str, str\]\] = \{\n.*?^\}\n", re.S | re.M)
ONE_TABLE = re.compile(r"^(# English texts for n == 1[^\n]*\n)?ONE_EN: dict\[str, str\] = \{\n.*?^\}\n", re.S | re.M)
WINDS = {"wind.0": ("东", "E"), "wind.1": ("南", "S"), "wind.2": ("西", "W"), "wind.3": ("北", "N")}
S_VIEW = ("# Every text is in the catalogs (game/locale/*.json, docs/translations.md): S is their (中文, English)\n"
          "# view by key, for code that shows both or asks whether a key exists.\n"
          "S = i18n.pairs()\n")


def load(lang: str) -> dict[str, str]:
    path = LOCALE / f"{lang}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def save(lang: str, cat: dict[str, str]) -> None:
    (LOCALE / f"{lang}.json").write_text(json.dumps(cat, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


def pairs_in(source: str) -> dict[str, tuple[str, str]]:
    """The ``S = {...}`` table of strings.py (empty once it has moved), with its ``ONE_EN`` singulars as
    ``<key>.one`` pairs (the Chinese text is the same for one) and the seats' winds."""
    m = S_TABLE.search(source)
    if not m:
        return {}
    table: dict[str, tuple[str, str]] = _literal(m.group(0))
    one = ONE_TABLE.search(source)
    for k, en in (_literal(one.group(0)) if one else {}).items():
        table[f"{k}.one"] = (table[k][0], en)
    table.update(WINDS)
    return table


def _literal(assignment: str) -> dict:
    node = ast.parse(assignment).body[0]
    assert isinstance(node, ast.AnnAssign) and node.value is not None
    value: dict = ast.literal_eval(node.value)
    return value


def migrate() -> int:
    source = STRINGS.read_text(encoding="utf-8")
    table = pairs_in(source)
    if not table:
        print("strings.py holds no table of pairs: nothing to move")
        return 0
    zh, en = load("zh"), load("en")
    clash = [k for k, (z, e) in table.items() if k in zh and (zh[k], en.get(k)) != (z or e, e or z)]
    if clash:
        print("keys the catalogs hold with other words:", ", ".join(clash))
        return 1
    reserved = [k for k in table if k.startswith("rules.")]
    if reserved:
        print("rules.* keys are the rules core's; rename these window keys:", ", ".join(reserved))
        return 1
    for k, (z, e) in table.items():
        # an empty side showed the other language (strings.pick): the catalog says so outright
        zh[k], en[k] = z or e, e or z
        if k.endswith(".one") and "{n}" in zh[k] and "{n}" not in en[k]:
            zh[k] = zh[k].replace("{n}", "1")  # the English singular names no number: nor does the Chinese
    for code, name in SELF_NAMES.items():
        zh.setdefault(f"lang.{code}", name)
        en.setdefault(f"lang.{code}", name)
    save("zh", zh)
    save("en", en)
    STRINGS.write_text(ONE_TABLE.sub("", S_TABLE.sub(S_VIEW, source, count=1), count=1), encoding="utf-8")
    print(f"moved {len(table)} keys into zh.json and en.json ({len(zh)} keys each)")
    return 0


RULESDOC = ROOT / "game" / "ui" / "kit" / "rulesdoc.py"
PAGE = "rulesview.page"


def worth_en(value: str) -> str:
    """A pattern row's worth in English: 番 is fan, 另加 (added) a plus sign: "另加 1 / 2番" -> "+1 / +2 fan"."""
    v = str(value)
    plus = v.startswith("另加")
    v = v.replace("另加", "").strip()
    parts = [p.strip().replace("番", "") for p in v.split("/")]
    if "番" in str(value) or plus:
        return " / ".join(("+" if plus else "") + p for p in parts) + (" fan" if "番" in str(value) else "")
    return v


def _assignments(tree: ast.Module) -> dict[str, ast.stmt]:
    out: dict[str, ast.stmt] = {}
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out[node.target.id] = node
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            out[node.targets[0].id] = node
    return out


def _py(x: object) -> str:
    """A str or a dict of str as Python source, in the code's style (double quotes)."""
    if isinstance(x, dict):
        return "{" + ", ".join(f"{_py(k)}: {_py(v)}" for k, v in x.items()) + "}"
    return json.dumps(x, ensure_ascii=False)


def _keyed_blocks(head: str, blocks: list, row_names_en: dict[str, str],
                  zh: dict[str, str], en: dict[str, str]) -> list[str]:
    """The catalog entries of one page's blocks (into zh/en) and the source lines of its table of keys."""
    lines = []
    for n, b in enumerate(blocks, 1):
        key = f"{head}.{n}"
        if b[0] in ("h", "p", "li"):
            zh[key], en[key] = b[1], b[2]
            lines.append(f"({_py(b[0])}, {_py(key)}),")
        elif b[0] == "hand":
            zh[key], en[key] = b[2], b[3]
            lines.append(f"(\"hand\", {_py(b[1])}, {_py(key)}, {_py(b[4])}),")
        else:
            _, name, what_zh, worth, what_en = b
            zh[f"{key}.name"], en[f"{key}.name"] = name, row_names_en.get(name) or name
            zh[f"{key}.what"], en[f"{key}.what"] = what_zh, what_en
            zh[f"{key}.worth"], en[f"{key}.worth"] = worth, worth_en(worth)
            lines.append(f"(\"row\", {_py(key)}),")
    return lines


def rulesdoc() -> int:
    """Move rulesdoc.py's texts into the catalogs; its tables then hold keys (see the module docstring)."""
    source = RULESDOC.read_text(encoding="utf-8")
    tree = ast.parse(source)
    nodes = _assignments(tree)
    if "GLOSS" not in nodes:
        print("rulesdoc.py holds no texts: nothing to move")
        return 0
    val = {name: ast.literal_eval(node.value) for name, node in nodes.items()  # type: ignore[attr-defined]
           if name in ("COMMON", "DOCS", "ROW_NAMES_EN", "GLOSS", "OPTION_EFFECTS", "TITLES", "TAB_TITLES_EN")}
    zh, en = load("zh"), load("en")
    new: dict[str, dict[str, str]] = {"zh": {}, "en": {}}
    code = {"COMMON": ["COMMON: list[Block] = ["]
            + ["    " + x for x in _keyed_blocks(f"{PAGE}.common", val["COMMON"], val["ROW_NAMES_EN"], new["zh"],
                                                  new["en"])] + ["]"]}
    docs = ["DOCS: dict[str, list[Block]] = {"]
    for fam, blocks in val["DOCS"].items():
        docs.append(f"    {_py(fam)}: [")
        docs += ["        " + x for x in _keyed_blocks(f"{PAGE}.{fam}", blocks, val["ROW_NAMES_EN"], new["zh"],
                                                       new["en"])]
        docs.append("    ],")
    code["DOCS"] = docs + ["}"]
    for k, (z, e) in val["GLOSS"].items():
        new["zh"][f"rulesview.gloss.{k}"], new["en"][f"rulesview.gloss.{k}"] = z, e
    for k, (z, e) in val["OPTION_EFFECTS"].items():
        key = "rulesview.effect." + k.replace(":", ".")
        new["zh"][key], new["en"][key] = z, e
    for fam, (z, e) in val["TITLES"].items():
        new["zh"][f"rulesview.title.{fam}"], new["en"][f"rulesview.title.{fam}"] = z, e
        new["zh"][f"rulesview.tab.{fam}"], new["en"][f"rulesview.tab.{fam}"] = z, val["TAB_TITLES_EN"].get(fam, e)
    clash = [k for k in new["zh"] if k in zh and (zh[k], en.get(k)) != (new["zh"][k], new["en"][k])]
    if clash:
        print("keys the catalogs hold with other words:", ", ".join(clash))
        return 1
    zh.update(new["zh"])
    en.update(new["en"])
    # the tables of texts become tables of keys (COMMON, DOCS) or go (the rest: the code spells their keys)
    lines = source.split("\n")
    for name in sorted(nodes, key=lambda n: -nodes[n].lineno):
        node = nodes[name]
        if name not in val:
            continue
        start = node.lineno - 1
        while start > 0 and lines[start - 1].startswith("#"):
            start -= 1  # the table's comment goes with it
        lines[start:node.end_lineno] = code.get(name, [])
    save("zh", zh)
    save("en", en)
    RULESDOC.write_text(re.sub(r"\n{4,}", "\n\n\n", "\n".join(lines)), encoding="utf-8")
    print(f"moved {len(new['zh'])} rules viewer texts into zh.json and en.json ({len(zh)} keys each)")
    return 0


# OpenCC reads 胡 (a win) + 同 as the word 胡同 (alley) and writes 衚衕: "点炮胡同样大" must stay 胡同樣大
MAHJONG_WORDS = {"衚衕": "胡同"}


def hant() -> int:
    try:
        import opencc  # opencc-python-reimplemented: a dev tool, not a dependency of the game
    except ImportError:
        print("needs OpenCC: pip install opencc-python-reimplemented")
        return 1
    conv = opencc.OpenCC("s2t")
    out: dict[str, str] = {}
    for k, text in load("zh").items():
        # convert the text between placeholders only: {seat} and {who} stay as the code spells them
        parts = re.split(r"(\{[^{}]*\})", text)
        out[k] = "".join(p if p.startswith("{") and p.endswith("}") else conv.convert(p) for p in parts)
        for wrong, right in MAHJONG_WORDS.items():
            out[k] = out[k].replace(wrong, right)
    out[f"lang.{HANT}"] = SELF_NAMES[HANT]
    save(HANT, out)
    print(f"wrote {HANT}.json ({len(out)} keys) from zh.json")
    return 0


def main(argv: list[str]) -> int:
    what = argv[0] if argv else "all"
    if what == "migrate":
        return migrate()
    if what == "rulesdoc":
        return rulesdoc()
    if what == "hant":
        return hant()
    if what == "all":
        return migrate() or rulesdoc() or hant()
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
