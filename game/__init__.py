"""云贵麻将: desktop mahjong for the regional rule sets of Yunnan and Guizhou."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

DIST = "yungui-mahjong"


def _installed_version() -> str | None:
    """The installed distribution's version, unless it is an editable install (or none is installed).

    An editable install's metadata is a snapshot of pyproject.toml taken at install time, and may even
    belong to another checkout: the source tree's pyproject.toml is the truth there.
    """
    try:
        from importlib.metadata import PackageNotFoundError, distribution
    except ImportError:
        return None
    try:
        dist = distribution(DIST)
        direct = json.loads(dist.read_text("direct_url.json") or "{}")
    except (PackageNotFoundError, OSError, ValueError):
        return None
    if direct.get("dir_info", {}).get("editable"):
        return None
    return dist.version


def _version() -> str:
    """The installed metadata's version first; else pyproject.toml's from the frozen bundle or the source tree."""
    installed = _installed_version()
    if installed:
        return installed
    roots = [Path(__file__).resolve().parents[1]]
    bundle = getattr(sys, "_MEIPASS", None)  # a PyInstaller build's unpacked files
    if bundle:
        roots.insert(0, Path(bundle))
    for root in roots:
        try:
            text = (root / "pyproject.toml").read_text(encoding="utf-8")
        except OSError:
            continue
        m = re.search(r'^version\s*=\s*"([^"]+)"', text, re.M)
        if m:
            return m.group(1)
    return "0+unknown"


__version__ = _version()
