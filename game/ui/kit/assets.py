"""Locate bundled asset files, both in the source tree and in a PyInstaller bundle."""

from __future__ import annotations

import sys
from pathlib import Path


def asset_root() -> Path:
    # PyInstaller (--add-data "assets:assets") unpacks next to sys._MEIPASS.
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "assets"
    return Path(__file__).resolve().parents[3] / "assets"


def asset_path(*parts: str) -> Path:
    """Path of ``assets/<parts...>``, e.g. ``asset_path("fonts", "game-cjk.otf")``."""
    return asset_root().joinpath(*parts)
