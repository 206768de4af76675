"""A real X display for the benchmarks: the one in DISPLAY when it answers, or an Xvfb started on request."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def usable(display: str | None) -> bool:
    """Whether an X server answers on ``display`` (a local socket, or xdpyinfo when installed)."""
    if not display:
        return False
    if shutil.which("xdpyinfo"):
        try:
            r = subprocess.run(["xdpyinfo", "-display", display], check=False, capture_output=True, timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            return False
        return r.returncode == 0
    host, _, rest = display.partition(":")
    number = rest.split(".")[0]
    return not host and number.isdigit() and Path(f"/tmp/.X11-unix/X{number}").exists()


@contextmanager
def xvfb(size: tuple[int, int] = (1280, 720)) -> Iterator[str]:
    """Start Xvfb on a free display number (no TCP), yield ":N", stop it afterwards."""
    exe = shutil.which("Xvfb")
    if exe is None:
        raise RuntimeError("Xvfb is not installed (apt-get install -y xvfb)")
    r, w = os.pipe()
    proc = subprocess.Popen([exe, "-displayfd", str(w), "-screen", "0", f"{size[0]}x{size[1]}x24", "-nolisten", "tcp"],
                            pass_fds=(w,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(w)
    try:
        number = b""
        deadline = time.monotonic() + 10
        while not number.endswith(b"\n"):
            if time.monotonic() > deadline or proc.poll() is not None:
                raise RuntimeError("Xvfb did not start")
            chunk = os.read(r, 16)
            if not chunk:
                raise RuntimeError("Xvfb did not report its display")
            number += chunk
        yield ":" + number.decode().strip()
    finally:
        os.close(r)
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()


@contextmanager
def real_display(start_xvfb: bool, size: tuple[int, int] = (1280, 720)) -> Iterator[tuple[str | None, str]]:
    """(display, how): DISPLAY if usable, else an Xvfb when ``start_xvfb``, else (None, why not)."""
    current = os.environ.get("DISPLAY")
    if usable(current):
        yield current, "DISPLAY"
    elif start_xvfb:
        with xvfb(size) as d:
            yield d, "Xvfb started by the bench"
    else:
        yield None, "no usable DISPLAY (pass --xvfb to start one)"
