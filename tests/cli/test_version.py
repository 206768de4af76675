"""The version shown by --version and the menu is pyproject.toml's."""

import re
from pathlib import Path

import game

ROOT = Path(__file__).resolve().parents[2]


def test_version_comes_from_pyproject():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert game.__version__ == re.search(r'^version\s*=\s*"([^"]+)"', text, re.M).group(1)


def test_changelog_names_the_version():
    assert f"## {game.__version__}" in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
