"""Build the one-file executable for this OS with PyInstaller; prints the executable's path last.

Usage: python build/build.py [--clean] [--debug]
Works the same on Windows, macOS and Linux (PyInstaller only builds for the OS it runs on).
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import sys
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    tomllib = None

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "build" / "out"
WORK = ROOT / "build" / "work"
NAME = "yungui-mahjong"


def version() -> str:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    if tomllib:
        return tomllib.loads(text)["project"]["version"]
    for line in text.splitlines():
        if line.strip().startswith("version"):
            return line.split("=", 1)[1].strip().strip('"')
    raise SystemExit("no version in pyproject.toml")


def _win_version_file(ver: str) -> Path:
    """Windows version resource from pyproject's version (ignored elsewhere)."""
    nums = [int(x) if x.isdigit() else 0 for x in ver.split(".")[:4]]
    nums += [0] * (4 - len(nums))
    t = tuple(nums)
    body = f"""VSVersionInfo(
  ffi=FixedFileInfo(filevers={t}, prodvers={t}, mask=0x3f, flags=0x0, OS=0x40004, fileType=0x1,
                    subtype=0x0, date=(0, 0)),
  kids=[StringFileInfo([StringTable('080404B0', [
      StringStruct('CompanyName', 'Yungui Mahjong'),
      StringStruct('FileDescription', '云贵麻将 Yunnan & Guizhou Mahjong'),
      StringStruct('FileVersion', '{ver}'),
      StringStruct('InternalName', '{NAME}'),
      StringStruct('OriginalFilename', '{NAME}.exe'),
      StringStruct('ProductName', '云贵麻将'),
      StringStruct('ProductVersion', '{ver}')])]),
    VarFileInfo([VarStruct('Translation', [2052, 1200])])]
)
"""
    WORK.mkdir(parents=True, exist_ok=True)
    p = WORK / "version_info.txt"
    p.write_text(body, encoding="utf-8")
    return p


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clean", action="store_true", help="remove previous build output first")
    ap.add_argument("--debug", action="store_true", help="keep a console and PyInstaller's debug output")
    args = ap.parse_args(argv)
    try:
        import PyInstaller.__main__ as pyi
    except ImportError:
        print("PyInstaller is missing: python -m pip install pyinstaller", file=sys.stderr)
        return 2
    # PyInstaller resolves --collect-submodules in this process and in helper subprocesses: both must see the code
    sys.path.insert(0, str(ROOT))
    extra = os.pathsep + os.environ["PYTHONPATH"] if os.environ.get("PYTHONPATH") else ""
    os.environ["PYTHONPATH"] = str(ROOT) + extra
    ver = version()
    if args.clean:
        shutil.rmtree(OUT, ignore_errors=True)
        shutil.rmtree(WORK, ignore_errors=True)
    sep = os.pathsep
    icon_dir = ROOT / "assets" / "icons"
    system = platform.system()
    opts = [
        str(ROOT / "build" / "entry.py"),
        "--onefile",
        "--noconfirm",
        f"--name={NAME}",
        f"--distpath={OUT}",
        f"--workpath={WORK}",
        f"--specpath={WORK}",
        f"--add-data={ROOT / 'assets'}{sep}assets",
        f"--add-data={ROOT / 'game' / 'rules' / 'data' / 'tables.bin'}{sep}game/rules/data",
        f"--add-data={ROOT / 'pyproject.toml'}{sep}.",
        "--collect-submodules=game",
        "--collect-submodules=netplay",
        "--collect-submodules=zeroconf",
        # not part of the game: keep the executable small
        "--exclude-module=tkinter",
        "--exclude-module=mahjong",
        "--exclude-module=hypothesis",
        "--exclude-module=pytest",
        "--exclude-module=numpy",
        "--exclude-module=game.bench.core",
        f"--paths={ROOT}",
        "--log-level=WARN" if not args.debug else "--log-level=INFO",
    ]
    if system == "Windows":
        opts.append(f"--version-file={_win_version_file(ver)}")
        if (icon_dir / "icon.ico").exists():
            opts.append(f"--icon={icon_dir / 'icon.ico'}")
        if not args.debug:
            opts.append("--windowed")  # double-click opens the game without a console window
    elif system == "Darwin":
        if (icon_dir / "icon.icns").exists():
            opts.append(f"--icon={icon_dir / 'icon.icns'}")
        opts.append("--osx-bundle-identifier=org.yungui.mahjong")
    # Linux executables carry no icon; the window icon is set at run time from assets/icons.
    pyi.run(opts)
    exe = OUT / (NAME + (".exe" if system == "Windows" else ""))
    if not exe.exists():
        print("build failed: no executable produced", file=sys.stderr)
        return 1
    size = exe.stat().st_size / 1e6
    print(f"built {NAME} {ver} for {system} ({size:.1f} MB)", file=sys.stderr)
    print(exe)
    return 0


if __name__ == "__main__":
    sys.exit(main())
