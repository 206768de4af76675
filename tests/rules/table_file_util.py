"""Table files for the tests of tables.deserialize: the shipped file's sections, and a file re-packed from them."""

from __future__ import annotations

import struct
import zlib

from game.rules import tables


def shipped_sections() -> dict[str, bytes]:
    """The shipped table file's sections by name (the format of tables.serialize: a uint32 length before each)."""
    raw = zlib.decompress(tables.read_resource()[tables._HEADER.size:])
    out, pos = {}, 0
    for name in tables._SECTIONS:
        (n,) = struct.unpack_from("<I", raw, pos)
        out[name] = raw[pos + 4:pos + 4 + n]
        pos += 4 + n
    return out


def table_file(sections: dict[str, bytes], version: int = tables.FORMAT_VERSION, tail: bytes = b"") -> bytes:
    """A table file of these sections (plus ``tail`` after them), its header's length and checksum right."""
    raw = b"".join(struct.pack("<I", len(sections[n])) + sections[n] for n in tables._SECTIONS) + tail
    return tables._HEADER.pack(tables.MAGIC, version, 0, zlib.crc32(raw), len(raw)) + zlib.compress(raw, 1)
