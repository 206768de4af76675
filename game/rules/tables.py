"""Per-group lookup tables for hand analysis: built by ``python -m game.rules.tables --build``, loaded lazily."""

from __future__ import annotations

import argparse
import logging
import struct
import sys
import threading
import time
import zlib
from array import array
from dataclasses import dataclass
from pathlib import Path

FORMAT_VERSION = 1
MAGIC = b"YGMT"
RESOURCE_PACKAGE = "game.rules.data"
RESOURCE_NAME = "tables.bin"
# magic, format version, reserved, crc32 of the uncompressed payload, its length
_HEADER = struct.Struct("<4sHHII")
MAX_SETS = 4  # a concealed hand has at most 14 tiles: 4 sets and a pair
MAX_TILES = 14
SUIT_POS, HONOR_POS = 9, 7

_log = logging.getLogger(__name__)


class TableError(ValueError):
    """The table file is missing, corrupt or of another format version."""


@dataclass
class Tables:
    """Everything the analysis layer looks up, indexed by group key (see analysis.keys_of).

    win_*: need0 * 8 + flag, where need0 = jokers to turn the group into sets only and flag = 1
    when the group can host the pair with one joker fewer (the only other case is +2: a joker pair).
    tiles_*: tiles in the key. sid_*: id of the key's distance vector (keys of <= 14 tiles);
    a distance vector holds, for m sets (0..4) and p pairs (0/1) at index m + 5p, the fewest tiles
    to add so the group contains that pattern with no kind above 4 copies (tomohxx).
    comb_suit[x * n_suit_vec + s] is the min-plus sum of vector x with suit vector s, premultiplied
    by n_suit_vec; comb_honor is the same sum premultiplied by n_honor_vec;
    final[y * n_honor_vec + h][m] is the distance to m sets and one pair of y plus honor vector h.
    """

    win_suit: list
    win_honor: list
    tiles_suit: bytes
    tiles_honor: bytes
    sid_suit: bytes
    sid_honor: bytes
    vec_suit: list
    vec_honor: list
    comb_suit: list
    comb_honor: list
    final: list
    n_suit_vec: int
    n_honor_vec: int


# ---------------------------------------------------------------- building

def _periodic(pattern: int, period: int, total: int) -> int:
    x, length = pattern, period
    while length < total:
        x |= x << length
        length *= 2
    return x & ((1 << total) - 1)


class _Box:
    """Sets of keys of one group as Python ints (bit k = key k): whole-table operations run in C."""

    def __init__(self, npos: int) -> None:
        self.npos = npos
        self.size = 5**npos
        self.full = (1 << self.size) - 1
        self.pow = [5**i for i in range(npos)]
        # le[i][v]: keys whose digit i is <= v
        self.le = [[_periodic((1 << (v + 1) * p) - 1, 5 * p, self.size) for v in range(5)] for p in self.pow]

    def block(self, counts: dict[int, int]) -> tuple[int, int]:
        """(key offset, mask of keys that stay inside the box when the block is added)."""
        off, valid = 0, self.full
        for i, c in counts.items():
            off += c * self.pow[i]
            valid &= self.le[i][4 - c]
        return off, valid

    def add(self, s: int, blocks: list[tuple[int, int]]) -> int:
        out = 0
        for off, valid in blocks:
            out |= (s & valid) << off
        return out

    def up(self, s: int) -> int:
        for i, p in enumerate(self.pow):
            le = self.le[i]
            s |= (s & le[3]) << p
            s |= (s & le[2]) << 2 * p
            s |= (s & le[0]) << 4 * p
        return s

    def down(self, s: int) -> int:
        for i, p in enumerate(self.pow):
            le = self.le[i]
            s |= (s >> p) & le[3]
            s |= (s >> 2 * p) & le[2]
            s |= (s >> 4 * p) & le[0]
        return s

    def minus_one(self, s: int) -> int:
        """Keys one tile short of a key in s."""
        out = s
        for i, p in enumerate(self.pow):
            out |= (s >> p) & self.le[i][3]
        return out

    def count_outside(self, layers: list[int]) -> bytes:
        """Per key, how many of the sets in ``layers`` do not contain it."""
        n = self.size
        ones = int.from_bytes(b"\x31" * n, "little")
        acc = 0
        for s in layers:
            # '0'/'1' characters per key, key 0 first: 0x31 - char is 1 outside, 0 inside
            acc += ones - int.from_bytes(format(s, f"0{n}b")[::-1].encode("ascii"), "little")
        return acc.to_bytes(n, "little")

    def tile_counts(self) -> bytes:
        total = 0
        for p in self.pow:
            one_period = b"".join(bytes([v]) * p for v in range(5))
            total += int.from_bytes(one_period * (self.size // (5 * p)), "little")
        return total.to_bytes(self.size, "little")


def _group(npos: int, chows: bool) -> tuple[bytes, bytes, list[bytes]]:
    """(tile counts, win values, distance tables by m + 5p) for every key of one group."""
    box = _Box(npos)
    sets = [box.block({i: 3}) for i in range(npos)]
    if chows:
        sets += [box.block({i: 1, i + 1: 1, i + 2: 1}) for i in range(npos - 2)]
    pairs = [box.block({i: 2}) for i in range(npos)]

    # contains[m, p]: keys holding m sets and p pairs; distance layers grow by one tile each
    dist: list[bytes] = []
    for p in (0, 1):
        z = box.add(box.full, pairs) if p else box.full
        for m in range(MAX_SETS + 1):
            if m:
                z = box.up(box.add(z, sets))
            layers, cur = [], z
            while cur != box.full:
                layers.append(cur)
                cur = box.minus_one(cur)
            dist.append(box.count_outside(layers))

    # cover[k]: keys that k sets (jokers may add any copies, a fifth included) can cover
    cover = [1]
    while cover[-1] != box.full:
        cover.append(cover[-1] | box.down(box.add(cover[-1], sets)))
    flag = 0
    for k in range(len(cover) - 1):
        with_pair = cover[k] | box.down(box.add(cover[k], pairs))
        flag |= (cover[k + 1] & ~cover[k]) & with_pair
    sets_needed = box.count_outside(cover[:-1])
    flags = box.count_outside([box.full ^ flag])
    tiles = box.tile_counts()
    win = bytes(24 * c - 8 * n + f for c, n, f in zip(sets_needed, tiles, flags))
    return tiles, win, dist


def _vector_ids(tiles: bytes, dist: list[bytes]) -> tuple[bytes, list[tuple]]:
    size = len(tiles)
    rec = bytearray(size * 10)
    for j, d in enumerate(dist):
        rec[j::10] = d
    ids: dict[bytes, int] = {}
    out = bytearray(size)
    for k in range(size):
        if tiles[k] <= MAX_TILES:
            v = bytes(rec[10 * k:10 * k + 10])
            i = ids.get(v)
            if i is None:
                i = ids[v] = len(ids)
            out[k] = i
    if len(ids) > 255:
        raise TableError("too many distance vectors for one byte")
    return bytes(out), [tuple(v) for v in ids]


def _minplus(a: tuple, b: tuple) -> tuple:
    out = [0] * 10
    for m in range(MAX_SETS + 1):
        out[m] = min(a[i] + b[m - i] for i in range(m + 1))
        out[5 + m] = min(min(a[5 + i] + b[m - i], a[i] + b[5 + m - i]) for i in range(m + 1))
    return tuple(out)


def build() -> Tables:
    """Compute all tables in memory (a few seconds of pure Python)."""
    tiles_s, win_s, dist_s = _group(SUIT_POS, True)
    tiles_h, win_h, dist_h = _group(HONOR_POS, False)
    sid_s, vec_s = _vector_ids(tiles_s, dist_s)
    sid_h, vec_h = _vector_ids(tiles_h, dist_h)
    return _assemble(win_s, win_h, tiles_s, tiles_h, sid_s, sid_h, vec_s, vec_h, *_closure(vec_s, vec_h))


def _closure(vec_s: list[tuple], vec_h: list[tuple]) -> tuple[array, bytes]:
    """Vectors reachable by adding suit vectors to a suit vector, their sums, and final distances."""
    vs, vh = len(vec_s), len(vec_h)
    closure = list(vec_s)
    index = {v: i for i, v in enumerate(closure)}
    comb = array("H")
    x = 0
    while x < len(closure):
        for s in vec_s:
            v = _minplus(closure[x], s)
            y = index.get(v)
            if y is None:
                y = index[v] = len(closure)
                closure.append(v)
            comb.append(y)
        x += 1
    final = bytearray()
    for y in closure:
        for h in vec_h:
            final += bytes(_minplus(y, h)[5:10])
    assert len(comb) == len(closure) * vs and len(final) == len(closure) * vh * 5
    return comb, bytes(final)


def _assemble(win_s, win_h, tiles_s, tiles_h, sid_s, sid_h, vec_s, vec_h, comb, final) -> Tables:
    vs, vh = len(vec_s), len(vec_h)
    finals: dict[bytes, tuple] = {}
    return Tables(
        win_suit=list(win_s),
        win_honor=list(win_h),
        tiles_suit=bytes(tiles_s),
        tiles_honor=bytes(tiles_h),
        sid_suit=bytes(sid_s),
        sid_honor=bytes(sid_h),
        vec_suit=[tuple(v) for v in vec_s],
        vec_honor=[tuple(v) for v in vec_h],
        comb_suit=[y * vs for y in comb],
        comb_honor=[y * vh for y in comb],
        final=[finals.setdefault(final[i:i + 5], tuple(final[i:i + 5])) for i in range(0, len(final), 5)],
        n_suit_vec=vs,
        n_honor_vec=vh,
    )


# ---------------------------------------------------------------- file format

_SECTIONS = ("win_s", "win_h", "tiles_s", "tiles_h", "sid_s", "sid_h", "vec_s", "vec_h", "comb", "final")


def serialize(t: Tables) -> bytes:
    vs = t.n_suit_vec
    parts = {
        "win_s": bytes(t.win_suit),
        "win_h": bytes(t.win_honor),
        "tiles_s": t.tiles_suit,
        "tiles_h": t.tiles_honor,
        "sid_s": t.sid_suit,
        "sid_h": t.sid_honor,
        "vec_s": b"".join(bytes(v) for v in t.vec_suit),
        "vec_h": b"".join(bytes(v) for v in t.vec_honor),
        "comb": array("H", [y // vs for y in t.comb_suit]).tobytes(),
        "final": b"".join(bytes(v) for v in t.final),
    }
    if sys.byteorder != "little":
        a = array("H", parts["comb"])
        a.byteswap()
        parts["comb"] = a.tobytes()
    raw = b"".join(struct.pack("<I", len(parts[n])) + parts[n] for n in _SECTIONS)
    return _HEADER.pack(MAGIC, FORMAT_VERSION, 0, zlib.crc32(raw), len(raw)) + zlib.compress(raw, 9)


def deserialize(data: bytes) -> Tables:
    if len(data) < _HEADER.size:
        raise TableError("table file too short")
    magic, version, _, crc, length = _HEADER.unpack_from(data)
    if magic != MAGIC:
        raise TableError("not a table file")
    if version != FORMAT_VERSION:
        raise TableError(f"table format {version}, expected {FORMAT_VERSION}")
    try:
        raw = zlib.decompress(data[_HEADER.size:])
    except zlib.error as e:
        raise TableError(f"table file does not decompress: {e}") from None
    if len(raw) != length or zlib.crc32(raw) != crc:
        raise TableError("table file checksum mismatch")
    parts, pos = {}, 0
    for name in _SECTIONS:
        (n,) = struct.unpack_from("<I", raw, pos)
        parts[name] = raw[pos + 4:pos + 4 + n]
        pos += 4 + n
    if pos != len(raw):
        raise TableError("table file has trailing data")
    comb = array("H")
    comb.frombytes(parts["comb"])
    if sys.byteorder != "little":
        comb.byteswap()
    vec_s = [tuple(parts["vec_s"][i:i + 10]) for i in range(0, len(parts["vec_s"]), 10)]
    vec_h = [tuple(parts["vec_h"][i:i + 10]) for i in range(0, len(parts["vec_h"]), 10)]
    sizes = {"win_s": 5**SUIT_POS, "tiles_s": 5**SUIT_POS, "sid_s": 5**SUIT_POS,
             "win_h": 5**HONOR_POS, "tiles_h": 5**HONOR_POS, "sid_h": 5**HONOR_POS}
    if any(len(parts[k]) != n for k, n in sizes.items()) or len(comb) % max(len(vec_s), 1) \
            or len(parts["final"]) != len(comb) // len(vec_s) * len(vec_h) * 5:
        raise TableError("table file has sections of the wrong size")
    return _assemble(parts["win_s"], parts["win_h"], parts["tiles_s"], parts["tiles_h"],
                     parts["sid_s"], parts["sid_h"], vec_s, vec_h, comb, parts["final"])


# ---------------------------------------------------------------- loading

_lock = threading.Lock()
_tables: Tables | None = None


def read_resource() -> bytes:
    from importlib import resources

    return resources.files(RESOURCE_PACKAGE).joinpath(RESOURCE_NAME).read_bytes()


def load(data: bytes | None = None) -> Tables:
    """Tables from ``data`` (default: the shipped file); rebuilt in memory if that fails."""
    try:
        return deserialize(read_resource() if data is None else data)
    except (OSError, ImportError, TableError, struct.error) as e:
        _log.warning("hand tables unusable (%s); building them in memory", e)
        return build()


def get() -> Tables:
    """The process-wide tables, loaded on first use."""
    global _tables
    if _tables is None:
        with _lock:
            if _tables is None:
                _tables = load()
    return _tables


def resource_path() -> Path:
    return Path(__file__).resolve().parent / "data" / RESOURCE_NAME


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.rules.tables", description=__doc__)
    ap.add_argument("--build", action="store_true", help=f"build and write {resource_path()}")
    ap.add_argument("--check", action="store_true", help="exit 1 unless the shipped file equals a fresh build")
    args = ap.parse_args(argv)
    if not (args.build or args.check):
        ap.print_help()
        return 2
    t0 = time.perf_counter()
    data = serialize(build())
    print(f"built in {time.perf_counter() - t0:.1f} s, {len(data) / 1e6:.2f} MB")
    if args.check:
        path = resource_path()
        same = path.exists() and path.read_bytes() == data
        print(f"{path}: {'up to date' if same else 'OUT OF DATE'}")
        if not same:
            return 1
    if args.build:
        resource_path().parent.mkdir(exist_ok=True)
        resource_path().write_bytes(data)
        print(f"wrote {resource_path()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
