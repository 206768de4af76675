"""Subset the installed Noto CJK fonts to the characters the game uses (rerun when strings change).

Usage:  python build/make_font.py [--check]

Needs Debian ``fonts-noto-cjk`` and ``pip install fonttools`` (build time only).
Writes assets/fonts/game-cjk.otf (Sans SC Regular), game-cjk-bold.otf (Sans SC
Bold), game-serif-bold.otf (Serif SC Bold, for tile faces and titles) and OFL.txt.
``--check`` only lists characters the current bundled font lacks (exit 1 if any).

Players type their own names, so the two sans fonts carry every character of
GB 2312 (its 6,763 hanzi: the everyday set names are written in) besides the
game's own strings, ~3.2 MB each; the serif face only the game's strings
(text it cannot draw is drawn in the bold sans, see ``game.ui.kit.fonts``).
"""

from __future__ import annotations

import ast
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE_DIRS = ("game", "netplay")
OUT_DIR = ROOT / "assets" / "fonts"
NOTO_DIR = Path("/usr/share/fonts/opentype/noto")
COPYRIGHT_FILE = Path("/usr/share/doc/fonts-noto-cjk/copyright")
SC_FACE = 2  # face order in the Noto CJK collections: JP, KR, SC, TC, HK

# (output file, collection, face index, carries GB 2312 for typed names)
OUTPUTS = (
    ("game-cjk.otf", "NotoSansCJK-Regular.ttc", SC_FACE, True),
    ("game-cjk-bold.otf", "NotoSansCJK-Bold.ttc", SC_FACE, True),
    ("game-serif-bold.otf", "NotoSerifCJK-Bold.ttc", SC_FACE, False),
)

# Characters that may reach the screen without being literals in game code
# (composed names, traditional tile faces, common CJK punctuation).
EXTRA = (
    "一二三四五六七八九十万筒条饼索东南西北白发中风板财红"
    "萬東發伍幺鸡"
    "０１２３４５６７８９"
    "，。：；！？（）【】「」·×－＋、…—“”‘’《》"
)


def _docstring_ids(tree: ast.AST) -> set[int]:
    """Docstrings are never drawn, so they must not force glyphs into the font."""
    ids: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                ids.add(id(body[0].value))
    return ids


def literal_chars(root: Path = ROOT) -> dict[str, set[str]]:
    """Every non-ASCII character in string literals of game/ and netplay/ and in the catalogs (game/locale), mapped
    to the files using it."""
    found: dict[str, set[str]] = {}
    for sub in SOURCE_DIRS:
        for path in sorted((root / sub).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            skip = _docstring_ids(tree)
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
                    for ch in node.value:
                        if ord(ch) > 127 and ch.isprintable():
                            found.setdefault(ch, set()).add(str(path.relative_to(root)))
    for path in sorted((root / "game" / "locale").glob("*.json")):  # the catalogs: every language's texts
        for text in json.loads(path.read_text(encoding="utf-8")).values():
            for ch in text:
                if ord(ch) > 127 and ch.isprintable():
                    found.setdefault(ch, set()).add(str(path.relative_to(root)))
    return found


def charset(root: Path = ROOT) -> set[str]:
    """What every bundled font covers: ASCII, ``EXTRA`` and the game's string literals."""
    chars = {chr(c) for c in range(0x20, 0x7F)}
    chars.update(EXTRA)
    chars.update(literal_chars(root))
    return chars


def gb2312_hanzi() -> list[str]:
    """The 6,763 hanzi of GB 2312 (level 1: rows 16-55, the 3,755 most used; level 2: rows 56-87)."""
    out = []
    for hi in range(0xB0, 0xF8):
        for lo in range(0xA1, 0xFF):
            try:
                out.append(bytes((hi, lo)).decode("gb2312"))
            except UnicodeDecodeError:
                pass  # the unassigned tail cells of row 55
    return out


def name_charset(root: Path = ROOT) -> set[str]:
    """What the sans fonts cover: ``charset`` and GB 2312's hanzi and punctuation (names players type)."""
    chars = charset(root)
    chars.update(gb2312_hanzi())
    chars.update("·—‘’“”…、。〈〉《》「」『』【】〔〕！（），．：；？［］｛｝～")
    return chars


def _license_text() -> str:
    """The SIL OFL 1.1 stanza of the package's Debian copyright file, un-indented."""
    text = COPYRIGHT_FILE.read_text(encoding="utf-8")
    m = re.search(r"^License: SIL-1\.1\n((?: .*\n?)+)", text, re.M)
    if not m:
        raise SystemExit(f"OFL text not found in {COPYRIGHT_FILE}")
    lines = []
    for line in m.group(1).splitlines():
        line = line[1:]
        lines.append("" if line == "." else line)
    return "\n".join(lines).rstrip() + "\n"


def _subset(src: Path, face: int, chars: set[str], dest: Path) -> tuple[int, int]:
    from fontTools import subset
    from fontTools.ttLib import TTFont

    # the source's timestamps, not today's: the same characters give the same bytes (no binary churn in git)
    font = TTFont(src, fontNumber=face, lazy=False, recalcTimestamp=False)
    cmap = font.getBestCmap()
    missing = sorted(ch for ch in chars if ord(ch) not in cmap)
    opts = subset.Options()
    opts.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    opts.notdef_outline = True
    sub = subset.Subsetter(opts)
    sub.populate(unicodes=[ord(c) for c in chars if ord(c) in cmap])
    sub.subset(font)
    font.save(dest)
    if missing:
        print(f"  WARNING {src.name}#{face} lacks: {''.join(missing)!r}")
    return len(chars) - len(missing), dest.stat().st_size


def _copyright_notices() -> list[str]:
    from fontTools.ttLib import TTFont

    notices = []
    for _, coll, face, _full in OUTPUTS:
        name = TTFont(NOTO_DIR / coll, fontNumber=face, lazy=True)["name"]
        line = f"{name.getDebugName(4)}: {name.getDebugName(0)}"
        if line not in notices:
            notices.append(line)
    return notices


def check() -> int:
    from fontTools.ttLib import TTFont

    code = 0
    for out, _coll, _face, full in OUTPUTS:
        cmap = TTFont(OUT_DIR / out, lazy=True).getBestCmap()
        missing = sorted(ch for ch in (name_charset() if full else charset()) if ord(ch) not in cmap)
        print(f"missing from {out}: {''.join(missing) or 'nothing'}")
        code |= 1 if missing else 0
    return code


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--check" in argv:
        return check()
    for _, coll, _, _full in OUTPUTS:
        if not (NOTO_DIR / coll).exists():
            raise SystemExit(f"{NOTO_DIR / coll} not found: apt-get install fonts-noto-cjk")
    chars, full_chars = charset(), name_charset()
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    print(f"{len(chars)} characters ({len(literal_chars())} non-ASCII from game literals), "
          f"{len(full_chars)} with GB 2312 for the sans fonts")
    for out, coll, face, full in OUTPUTS:
        n, size = _subset(NOTO_DIR / coll, face, full_chars if full else chars, OUT_DIR / out)
        print(f"  {out}: {n} glyphs mapped, {size / 1024:.1f} KiB")
    header = (
        "The fonts in this directory are subsets of Noto Sans CJK SC and Noto Serif CJK SC\n"
        "(https://github.com/notofonts/noto-cjk), made by build/make_font.py from the\n"
        "Debian package fonts-noto-cjk. They are licensed under the SIL Open Font License 1.1:\n\n"
        + "\n".join(_copyright_notices())
        + "\n\n"
    )
    (OUT_DIR / "OFL.txt").write_text(header + _license_text(), encoding="utf-8")
    print(f"  OFL.txt written to {OUT_DIR.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
