"""Shared test setup: headless SDL (no window, no sound card) and the repo root on sys.path."""

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# host journals and client seat tokens go to a scratch folder, never the developer's own state
os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="yungui-test-state-")

# plain `pytest` (unlike `python -m pytest`) does not put the repo root on the path
ROOT = str(Path(__file__).resolve().parents[1])
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
