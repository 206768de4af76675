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
    belong to another checkout: the source tree's pyproject.toml is the truth there. ``*.egg-info``
    folders (setuptools leaves one in the source tree) are build leftovers, not an installation.
    """
    try:
        from importlib.metadata import distributions
    except ImportError:
        return None
    try:
        for dist in distributions(name=DIST):
            if dist.read_text("METADATA") is None:
                continue  # an .egg-info (PKG-INFO); installers write .dist-info with METADATA
            direct = json.loads(dist.read_text("direct_url.json") or "{}")
            if direct.get("dir_info", {}).get("editable"):
                return None
            return dist.version
    except (OSError, ValueError):
        return None
    return None


def _version() -> str:
    """The installed metadata's version first (never in a frozen build); else pyproject.toml's from the frozen
    bundle or the source tree."""
    bundle = getattr(sys, "_MEIPASS", None)  # a PyInstaller build's unpacked files
    # a frozen build carries no installed metadata of its own: scanning for it only slows the start
    installed = None if bundle else _installed_version()
    if installed:
        return installed
    roots = [Path(__file__).resolve().parents[1]]
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
