"""Refresh (or check) the locked, hashed requirement files that CI, the release and .ci/run install from.

Usage: python build/lock.py [--upgrade | --upgrade-package NAME ... | --check]

``requirements/dev.txt`` pins pyproject.toml's dependencies, its ``dev`` extra and ``requirements/dev.in`` (what
builds the project, uv, the workflow linters); ``requirements/run.txt`` pins the dependencies and what builds the
project, at the versions of dev.txt. Both are universal (one file for Windows, macOS and Linux, Python 3.11 and
newer) and carry the SHA-256 of every file on PyPI, so ``pip install --require-hashes -r`` installs exactly them.

Without options the files are brought in line with their inputs, keeping every pin that still fits (after an edit
of pyproject.toml or an .in file). ``--upgrade`` moves everything to the newest releases; ``--check`` fails when the
files are not what their inputs give (CI runs it). Uses ``uv`` (``python -m uv``, in dev.txt).
"""

from __future__ import annotations

import argparse
import difflib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = "3.11"  # the oldest Python the game supports (pyproject's requires-python)
#: (file, inputs, options), in order: dev first, run at dev's versions
LOCKS = (
    ("requirements/dev.txt", ["pyproject.toml", "requirements/dev.in"], ["--extra", "dev"]),
    ("requirements/run.txt", ["pyproject.toml", "requirements/run.in"], ["-c", "requirements/dev.txt"]),
)


def compile_lock(out: str, inputs: list[str], options: list[str], cwd: Path = ROOT) -> None:
    """One ``uv pip compile`` into ``cwd/out``; the pins already there are kept where they still fit."""
    cmd = [sys.executable, "-m", "uv", "pip", "compile", *inputs, "--universal", "--generate-hashes",
           "--python-version", PYTHON, *options, "-o", out]
    env = dict(os.environ, UV_NO_CONFIG="1")  # only what is written here counts (no user or system uv.toml)
    for var in ("UV_INDEX_URL", "UV_EXTRA_INDEX_URL", "UV_FIND_LINKS"):
        env.pop(var, None)
    r = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    if r.returncode != 0:
        raise SystemExit(f"uv pip compile failed for {out}:\n{r.stderr.strip()}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--upgrade", action="store_true", help="move every pin to the newest release that fits")
    g.add_argument("--upgrade-package", action="append", default=[], metavar="NAME", help="move this one only")
    g.add_argument("--check", action="store_true", help="fail if the files differ from what their inputs give")
    a = ap.parse_args(argv)
    more = ["--upgrade"] if a.upgrade else [x for p in a.upgrade_package for x in ("--upgrade-package", p)]
    if not a.check:
        for out, inputs, options in LOCKS:
            compile_lock(out, inputs, options + more)
            print(f"wrote {out}")
        return 0
    # --check: compile copies (their pins as preferences) in a scratch tree and compare
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        shutil.copy2(ROOT / "pyproject.toml", t / "pyproject.toml")
        shutil.copytree(ROOT / "requirements", t / "requirements")
        for out, inputs, options in LOCKS:
            compile_lock(out, inputs, options, cwd=t)
            want = (t / out).read_text(encoding="utf-8")
            have = (ROOT / out).read_text(encoding="utf-8")
            if want != have:
                bad.append(out)
                sys.stdout.writelines(difflib.unified_diff(have.splitlines(True), want.splitlines(True), out,
                                                           "what its inputs give", n=1))
    if bad:
        print(f"error: {', '.join(bad)} out of date: run `python build/lock.py` and commit requirements/",
              file=sys.stderr)
        return 1
    print("requirements/dev.txt and requirements/run.txt match their inputs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
