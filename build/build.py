"""Build the executable for this OS with PyInstaller; prints the executable's path last.

Usage: python build/build.py [--clean] [--debug] [--package DIR]

Works the same on Windows, macOS and Linux (PyInstaller only builds for the OS it runs on):
- Windows: one windowed ``yungui-mahjong.exe`` (no console window on a double-click; run from a
  terminal with a command it prints there, see game/cli/winconsole.py) with its icon and a version
  resource made from pyproject.toml's version.
- macOS: ``yungui-mahjong.app`` with its icon and version, ad-hoc signed (``codesign -s -``).
- Linux: one-file ``yungui-mahjong`` (the window icon is set at run time from assets/icons).
``--package DIR`` also writes the download named by system, architecture and version into DIR
(``yungui-mahjong-0.2.0-windows-x86_64.exe``, ``-macos-arm64.zip`` with the .app, ``-linux-x86_64.tar.gz`` with a
folder holding the executable, its run bit kept, and the licence).
"""

from __future__ import annotations

import argparse
import os
import platform
import plistlib
import shutil
import subprocess
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "build" / "out"
WORK = ROOT / "build" / "work"
NAME = "yungui-mahjong"
TITLE = "云贵麻将"
BUNDLE_ID = "org.yungui.mahjong"
ICON_DIR = ROOT / "assets" / "icons"
#: what goes into the executable beside the code: (source, folder inside the bundle)
DATA = (
    (ROOT / "assets", "assets"),
    (ROOT / "game" / "rules" / "data" / "tables.bin", "game/rules/data"),
    (ROOT / "game" / "locale", "game/locale"),  # the catalogs: one JSON file per language (game.i18n)
    (ROOT / "pyproject.toml", "."),  # the version when no installed metadata is bundled
    (ROOT / "LICENSE", "."),  # MIT: the notice travels with every copy
)
SYSTEM_NAMES = {"Windows": "windows", "Darwin": "macos", "Linux": "linux"}


def version() -> str:
    return str(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"])


def arch(machine: str | None = None) -> str:
    """x86_64 or arm64 (what release names use), from platform.machine()'s many spellings."""
    m = (machine or platform.machine()).lower()
    return {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64", "arm64": "arm64"}.get(m, m)


def artifact_name(system: str, machine: str, ver: str) -> str:
    """The download's file name: ``yungui-mahjong-VERSION-SYSTEM-ARCH`` plus .exe / .zip / .tar.gz."""
    ext = {"Windows": ".exe", "Darwin": ".zip"}.get(system, ".tar.gz")
    return f"{NAME}-{ver}-{SYSTEM_NAMES.get(system, system.lower())}-{arch(machine)}{ext}"


def win_version_info(ver: str) -> str:
    """PyInstaller's Windows version resource (VSVersionInfo) for pyproject's version."""
    nums = [int(x) if x.isdigit() else 0 for x in ver.split(".")[:4]]
    nums += [0] * (4 - len(nums))
    t = tuple(nums)
    return f"""VSVersionInfo(
  ffi=FixedFileInfo(filevers={t}, prodvers={t}, mask=0x3f, flags=0x0, OS=0x40004, fileType=0x1,
                    subtype=0x0, date=(0, 0)),
  kids=[StringFileInfo([StringTable('080404B0', [
      StringStruct('CompanyName', 'Yungui Mahjong'),
      StringStruct('FileDescription', '{TITLE} Yunnan & Guizhou Mahjong'),
      StringStruct('FileVersion', '{ver}'),
      StringStruct('InternalName', '{NAME}'),
      StringStruct('LegalCopyright', 'MIT License'),
      StringStruct('OriginalFilename', '{NAME}.exe'),
      StringStruct('ProductName', '{TITLE}'),
      StringStruct('ProductVersion', '{ver}')])]),
    VarFileInfo([VarStruct('Translation', [2052, 1200])])]
)
"""


@dataclass
class Plan:
    """Everything the build does on one system; ``plan()`` makes it without building anything."""

    system: str
    options: list[str]  # PyInstaller's command line
    executable: Path  # what --smoke and --version run
    bundle: Path | None = None  # macOS: the .app to sign and zip
    version_file: Path | None = None  # Windows: written from ``win_version_info`` before the build
    icon: Path | None = None
    windowed: bool = False
    data: list[tuple[Path, str]] = field(default_factory=list)
    # one file whose libraries and data are stored, not zlib-compressed: the one-file executable unpacks them at
    # every start, and inflating ~45 MB took about 0.2 s of the first frame; the download is about twice as big
    stored: bool = False


def plan(system: str, ver: str, debug: bool = False, out: Path = OUT, work: Path = WORK) -> Plan:
    opts = [
        str(ROOT / "build" / "entry.py"),
        "--noconfirm",
        f"--name={NAME}",
        f"--distpath={out}",
        f"--workpath={work}",
        f"--specpath={work}",
        *[f"--add-data={src}:{dest}" for src, dest in DATA],  # ':' on every system since PyInstaller 6
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
        # no TLS and no XML in the game: without them OpenSSL's libraries (5 MB) and expat stay out; hashlib and
        # hmac use Python's own SHA-256 and BLAKE2 then (the LAN channel's hashes)
        "--exclude-module=ssl",
        "--exclude-module=_ssl",
        "--exclude-module=_hashlib",
        "--exclude-module=xml",
        "--exclude-module=pyexpat",
        f"--paths={ROOT}",
        "--log-level=WARN" if not debug else "--log-level=INFO",
    ]
    p = Plan(system, opts, out / NAME, data=list(DATA))
    if system == "Windows":
        p.icon = ICON_DIR / "icon.ico"
        p.version_file = work / "version_info.txt"
        p.windowed = not debug  # a double-click opens no console window; --debug keeps one
        p.executable = out / f"{NAME}.exe"
        opts += ["--onefile", f"--icon={p.icon}", f"--version-file={p.version_file}"]
        p.stored = True
    elif system == "Darwin":
        # an .app is a folder: one-dir inside it (PyInstaller deprecates one-file .app bundles)
        p.icon = ICON_DIR / "icon.icns"
        p.windowed = True
        p.bundle = out / f"{NAME}.app"
        p.executable = p.bundle / "Contents" / "MacOS" / NAME
        opts += ["--onedir", f"--icon={p.icon}", f"--osx-bundle-identifier={BUNDLE_ID}"]
    else:
        # one file, its libraries stripped of symbols: the one-file executable unpacks everything at each
        # start, and an unstripped libpython alone is 23 MB of it
        opts += ["--onefile", "--strip"]
        p.stored = True
    if p.windowed:
        opts.append("--windowed")
    return p


# PyInstaller's compression per archive entry (PKG's cdict) with libraries, extensions and data stored
STORED = {"EXTENSION": False, "DATA": False, "BINARY": False, "EXECUTABLE": False, "PYSOURCE": True,
          "PYMODULE": True, "SPLASH": True, "DEPENDENCY": False, "PYZ": False, "SYMLINK": False}
_RUN_ONLY = ("--noconfirm", "--distpath=", "--workpath=", "--log-level=")


def stored_spec(p: Plan) -> list[str]:
    """PyInstaller's command line for ``p`` through a spec file whose one-file archive stores what it unpacks."""
    spec_opts = [o for o in p.options if not o.startswith(_RUN_ONLY)]
    work = Path(next(o.split("=", 1)[1] for o in p.options if o.startswith("--specpath=")))
    subprocess.run([sys.executable, "-m", "PyInstaller.utils.cliutils.makespec", *spec_opts], check=True,
                   stdout=subprocess.DEVNULL)
    spec = work / f"{NAME}.spec"
    text = spec.read_text(encoding="utf-8")
    at = text.index("exe = EXE(")
    name = text.index("name=", at)
    spec.write_text(text[:name] + f"cdict={STORED!r},\n    " + text[name:], encoding="utf-8")
    return [str(spec)] + [o for o in p.options if o.startswith(_RUN_ONLY)]


def _finish_mac_bundle(bundle: Path, ver: str) -> None:
    """Version and name in Info.plist, then an ad-hoc signature over the whole bundle (after the last edit)."""
    info = bundle / "Contents" / "Info.plist"
    with info.open("rb") as f:
        plist = plistlib.load(f)
    plist.update({
        "CFBundleShortVersionString": ver,
        "CFBundleVersion": ver,
        "CFBundleDisplayName": TITLE,
        "LSApplicationCategoryType": "public.app-category.board-games",
        "NSHighResolutionCapable": True,
        "LSMinimumSystemVersion": plist.get("LSMinimumSystemVersion", "11.0"),
    })
    with info.open("wb") as f:
        plistlib.dump(plist, f)
    subprocess.run(["codesign", "--force", "--deep", "--sign", "-", str(bundle)], check=True)
    subprocess.run(["codesign", "--verify", "--deep", "--strict", str(bundle)], check=True)


def package(p: Plan, ver: str, dest: Path) -> Path:
    """Write the download named by system, architecture and version into ``dest``."""
    dest.mkdir(parents=True, exist_ok=True)
    target = dest / artifact_name(p.system, platform.machine(), ver)
    target.unlink(missing_ok=True)
    if p.bundle is not None:
        # ditto keeps the bundle's symlinks and signature intact (zip -r would not)
        subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(p.bundle), str(target)],
                       check=True)
    elif target.name.endswith(".tar.gz"):
        write_tarball(target, p.executable)
    else:
        shutil.copy2(p.executable, target)
    return target


def write_tarball(target: Path, executable: Path) -> None:
    """Linux: a folder named like the download holding the executable (run bit set, as tar keeps it) and the
    licence; owned by nobody in particular, so that unpacking it gives the player's own files."""
    import tarfile

    folder = target.name.removesuffix(".tar.gz")

    def entry(name: str, mode: int, size: int = 0, kind: bytes = tarfile.REGTYPE) -> tarfile.TarInfo:
        info = tarfile.TarInfo(f"{folder}/{name}" if name else folder)
        info.mode, info.size, info.type, info.mtime = mode, size, kind, int(executable.stat().st_mtime)
        return info

    with tarfile.open(target, "w:gz") as tar:
        tar.addfile(entry("", 0o755, kind=tarfile.DIRTYPE))
        for src, name, mode in ((executable, NAME, 0o755), (ROOT / "LICENSE", "LICENSE", 0o644)):
            with src.open("rb") as f:
                tar.addfile(entry(name, mode, src.stat().st_size), f)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clean", action="store_true", help="remove previous build output first")
    ap.add_argument("--debug", action="store_true", help="keep a console and PyInstaller's debug output")
    ap.add_argument("--package", metavar="DIR", default=None,
                    help="also write the download named by system, architecture and version into DIR")
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
    system = platform.system()
    if args.clean:
        shutil.rmtree(OUT, ignore_errors=True)
        shutil.rmtree(WORK, ignore_errors=True)
    p = plan(system, ver, debug=args.debug)
    for path in [src for src, _ in p.data] + ([p.icon] if p.icon else []):
        if not path.exists():
            print(f"build failed: {path} is missing", file=sys.stderr)
            return 1
    if p.version_file is not None:
        p.version_file.parent.mkdir(parents=True, exist_ok=True)
        p.version_file.write_text(win_version_info(ver), encoding="utf-8")
    from game.progress import bar

    steps = 1 + (p.bundle is not None) + bool(args.package)
    with bar(steps, "build: PyInstaller", "step", ticking=True) as b:  # a terminal only; stdout stays one line
        pyi.run(stored_spec(p) if p.stored else p.options)
        b.update(1)
        if not p.executable.exists():
            b.close()
            print("build failed: no executable produced", file=sys.stderr)
            return 1
        if p.bundle is not None:
            b.set_description_str("build: signing the app")
            _finish_mac_bundle(p.bundle, ver)
            b.update(1)
        if p.bundle is not None:
            size = sum(f.stat().st_size for f in p.bundle.rglob("*") if f.is_file())
        else:
            size = p.executable.stat().st_size
        packaged = None
        if args.package:
            b.set_description_str("build: packaging")
            packaged = package(p, ver, Path(args.package))
            b.update(1)
    print(f"built {NAME} {ver} for {system} {arch()} ({size / 1e6:.1f} MB)", file=sys.stderr)
    if packaged is not None:
        print(f"packaged {packaged}", file=sys.stderr)
    print(p.executable.as_posix())  # forward slashes: usable from bash on Windows too
    return 0


if __name__ == "__main__":
    sys.exit(main())
