"""Print the release notes for VERSION: its CHANGELOG.md section for players and which download is whose.

A section may end with a ``### For developers`` part (the full list of changes): the notes leave it to
CHANGELOG.md and link there, so a player reads what changed for them and the downloads.

Usage: python build/release_notes.py VERSION   (release.yml writes them to the GitHub release)
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

DOWNLOADS = """\
## Downloads

| system | file |
|---|---|
| Windows 10/11 (64-bit) | `yungui-mahjong-{v}-windows-x86_64.exe` |
| macOS, Apple silicon (M1 and later) | `yungui-mahjong-{v}-macos-arm64.zip` |
| macOS, Intel | `yungui-mahjong-{v}-macos-x86_64.zip` |
| Linux (x86-64) | `yungui-mahjong-{v}-linux-x86_64.tar.gz` (unpack, start `yungui-mahjong` inside) |

`yungui-mahjong-{v}-SHA256SUMS.txt` holds the files' SHA-256 checksums. The first start on macOS and
Windows asks for one extra click (the downloads are not notarised or code-signed by a publisher):
the README's "Download and start" says where.
"""


def section(changelog: str, version: str) -> str:
    """The text under ``## VERSION`` up to the next ``## `` heading; SystemExit when there is none."""
    m = re.search(rf"^## {re.escape(version)}\b.*?$\n(.*?)(?=^## |\Z)", changelog, re.M | re.S)
    if not m:
        raise SystemExit(f"CHANGELOG.md has no section for {version}")
    return m.group(1).strip()


DEVELOPERS = "### For developers"


def for_players(text: str) -> str:
    """A section's text before its ``### For developers`` part (all of it when there is none)."""
    head, sep, _ = text.partition(DEVELOPERS)
    if not sep:
        return text
    return head.rstrip() + "\n\nEvery change, for developers: CHANGELOG.md in the source."


def notes(version: str) -> str:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    return for_players(section(text, version)) + "\n\n" + DOWNLOADS.format(v=version)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__.strip().splitlines()[-1].strip())
    print(notes(sys.argv[1]))
