"""Keep the catalogs (game/locale/*.json) whole: move the window's strings into them, make zh_Hant from zh.

Usage:
  python build/catalogs.py migrate   move every (中文, English) pair of ``S`` in game/ui/kit/strings.py into
                                     zh.json / en.json (re-runnable: a pair added to S later moves the same way;
                                     a key both places already hold with other words stops with a message)
  python build/catalogs.py hant      write zh_Hant.json from zh.json with OpenCC (s2t; dev tool only:
                                     ``pip install opencc-python-reimplemented``), placeholders untouched
  python build/catalogs.py all       both, in that order
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
    out[f"lang.{HANT}"] = SELF_NAMES[HANT]
    save(HANT, out)
    print(f"wrote {HANT}.json ({len(out)} keys) from zh.json")
    return 0


def main(argv: list[str]) -> int:
    what = argv[0] if argv else "all"
    if what == "migrate":
        return migrate()
    if what == "hant":
        return hant()
    if what == "all":
        return migrate() or hant()
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
