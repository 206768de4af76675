"""The real window on an X display (Xvfb), driven with xdotool: typing then one click or Enter, and the wheel."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
@pytest.mark.skipif(not (shutil.which("xvfb-run") and shutil.which("xdotool") and shutil.which("import")),
                    reason="needs xvfb-run, xdotool and ImageMagick's import")
def test_typing_then_one_click_and_the_setup_wheel_in_a_real_window(tmp_path):
    r = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1280x720x24 -nolisten tcp", sys.executable,
                        str(ROOT / "tests" / "ui" / "xwin_driver.py")], capture_output=True, encoding="utf-8", cwd=ROOT,
                       timeout=900, env={"PATH": "/usr/local/bin:/usr/bin:/bin", "XWIN_OUT": str(tmp_path),
                                         "PYTHONPATH": str(ROOT), "HOME": str(tmp_path)})
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith(("PASS", "FAIL"))]
    assert len(lines) == 4 and all(ln.startswith("PASS") for ln in lines), r.stdout + r.stderr
