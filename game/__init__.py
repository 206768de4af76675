"""云贵麻将: desktop mahjong for the regional rule sets of Yunnan and Guizhou."""

from __future__ import annotations

import re
import sys
from pathlib import Path


def _version() -> str:
    """The version of pyproject.toml: from the source tree, the frozen bundle, or the installed metadata."""
    roots = [Path(__file__).resolve().parents[1]]
    frozen = getattr(sys, "_MEIPASS", None)  # PyInstaller's bundle directory
    if frozen:
        roots.insert(0, Path(frozen))
    for root in roots:
        try:
            text = (root / "pyproject.toml").read_text(encoding="utf-8")
        except OSError:
            continue
        m = re.search(r'^version\s*=\s*"([^"]+)"', text, re.M)
        if m:
            return m.group(1)
    try:
        from importlib.metadata import version

        return version("yungui-mahjong")
    except Exception:  # noqa: BLE001 - never fail start-up over a version string
        return "0+unknown"


__version__ = _version()
