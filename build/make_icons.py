"""Package the app icon for the executables: icon.ico (Windows), icon.icns (macOS), icon.png (Linux).

Run after ``python -m game.ui.kit.icon`` has drawn assets/icons/icon-{32,64,256}.png. PNG-compressed
ICO and ICNS entries are written by hand (no image library needed).
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "assets" / "icons"
SIZES = (32, 64, 256)
ICNS_TYPES = {32: b"ic11", 64: b"ic12", 256: b"ic08"}  # PNG payloads: 16@2x, 32@2x, 256


def _png(size: int) -> bytes:
    return (ICONS / f"icon-{size}.png").read_bytes()


def ico() -> bytes:
    entries = [(s, _png(s)) for s in SIZES]
    head = struct.pack("<HHH", 0, 1, len(entries))
    offset = 6 + 16 * len(entries)
    dirs, blobs = b"", b""
    for size, data in entries:
        dim = 0 if size >= 256 else size  # 0 means 256 in the ICO directory
        dirs += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
        blobs += data
    return head + dirs + blobs


def icns() -> bytes:
    body = b"".join(ICNS_TYPES[s] + struct.pack(">I", 8 + len(_png(s))) + _png(s) for s in SIZES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    missing = [s for s in SIZES if not (ICONS / f"icon-{s}.png").is_file()]
    if missing:
        print(f"missing icon-{missing[0]}.png: run `python -m game.ui.kit.icon` first", file=sys.stderr)
        return 2
    (ICONS / "icon.ico").write_bytes(ico())
    (ICONS / "icon.icns").write_bytes(icns())
    (ICONS / "icon.png").write_bytes(_png(256))
    print(f"wrote icon.ico, icon.icns, icon.png in {ICONS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
