"""Loading the scripts under build/ as modules, for the tests of the study and packaging tools."""

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BUILD = Path(__file__).resolve().parents[2] / "build"


def load(name: str) -> ModuleType:
    """``build/<name>.py`` as a module; build/ goes on the path, since the scripts import each other."""
    if str(BUILD) not in sys.path:
        sys.path.insert(0, str(BUILD))
    spec = importlib.util.spec_from_file_location(name, BUILD / f"{name}.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod
