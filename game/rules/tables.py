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
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

FORMAT_VERSION = 2
MAGIC = b"YGMT"
RESOURCE_PACKAGE = "game.rules.data"
RESOURCE_NAME = "tables.bin"
# magic, format version, reserved, crc32 of the uncompressed payload, its length
_HEADER = struct.Struct("<4sHHII")
MAX_SETS = 4  # a concealed hand has at most 14 tiles: 4 sets and a pair
MAX_TILES = 14
SUIT_POS, HONOR_POS = 9, 7

# A packed value per key holds what every complete-shape check needs, so one lookup per group and a
# sum serve them all (see analysis.win_shapes). Bits, low to high:
#   0-9    win value (need0 * 8 + flag, below); four groups sum below 1024
#   10-12  empty: the joker count is added here (at most FAST_JOKERS - 1)
#   13-17  kinds held an odd number of times; FAST_JOKERS - 1 - jokers is added here
#   18-20  1 if some kind is held three or four times (a pair shape then repeats a pair)
#   21-24  thirteen-orphans state: 0 only terminals/honors, each at most twice, none twice;
#          1 the same with one kind twice; 2 anything else
#   25-    tiles held; the joker count is added here too
# The fields of four groups of a hand of at most 14 tiles never carry into the next field.
JOKER_SHIFT, ODD_SHIFT, BIG_SHIFT, ORPHAN_SHIFT, TILES_SHIFT = 10, 13, 18, 21, 25
FAST_JOKERS = 8

_log = logging.getLogger(__name__)


Vector = tuple[int, ...]


class TableError(ValueError):
    """The table file is missing, corrupt or of another format version."""


@dataclass
class Tables:
    """Everything the analysis layer looks up, indexed by group key (see analysis.keys_of).

    win_*: need0 * 8 + flag, where need0 = jokers to turn the group into sets only and flag = 1
    when the group can host the pair with one joker fewer (the only other case is +2: a joker pair).
    packed_*: the win value and the pair-shape fields of the key in one int (see JOKER_SHIFT above).
    least_*: fewest jokers with which a hand holding this group could be some complete shape
    (standard, seven pairs or thirteen orphans), whatever the other groups hold; capped at 255.
    Each shape's part is a lower bound that adds up over the groups (for thirteen orphans: one joker
    per terminal or honor of the group not held), so the sum over a hand's groups is one too. One
    more tile lowers it by one at most.
    quad_*: 1 if the key holds some kind four times (one more of it would be a fifth copy), else 0.
    tiles_*: tiles in the key. sid_*: id of the key's distance vector (keys of <= 14 tiles);
    a distance vector holds, for m sets (0..4) and p pairs (0/1) at index m + 5p, the fewest tiles
    to add so the group contains that pattern with no kind above 4 copies (tomohxx).
    comb_suit[x * n_suit_vec + s] is the min-plus sum of vector x with suit vector s, premultiplied
    by n_suit_vec; comb_honor is the same sum premultiplied by n_honor_vec;
    final[y * n_honor_vec + h][m] is the distance to m sets and one pair of y plus honor vector h.
    """

    win_suit: bytes
    win_honor: bytes
    packed_suit: list[int]
    packed_honor: list[int]
    least_suit: bytes
    least_honor: bytes
    quad_suit: bytes
    quad_honor: bytes
    tiles_suit: bytes
    tiles_honor: bytes
    sid_suit: bytes
    sid_honor: bytes
    vec_suit: list[Vector]
    vec_honor: list[Vector]
    comb_suit: list[int]
    comb_honor: list[int]
    final: list[tuple[int, ...]]
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
            layers, cur = [], z  # type: list[int], int
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


def _digit_sum(npos: int, f: Callable[[int], int], positions: Iterable[int]) -> bytes:
    """Per key of one group, the sum of f(digit) over ``positions`` (each sum below 256)."""
    size = 5**npos
    total = 0
    for i in positions:
        p = 5**i
        one_period = b"".join(bytes([f(v)]) * p for v in range(5))
        total += int.from_bytes(one_period * (size // (5 * p)), "little")
    return total.to_bytes(size, "little")


def _bytes_sum(*parts: tuple[int, bytes]) -> bytes:
    """Per key, the sum of weight * byte over the parts (each sum below 256)."""
    total = sum(w * int.from_bytes(b, "little") for w, b in parts)
    return total.to_bytes(len(parts[0][1]), "little")


def packed_values(win: bytes, tiles: bytes, npos: int) -> list[int]:
    """The packed value of every key of one group (suits: npos 9, honors: 7), equal ints shared."""
    allpos = range(npos)
    odd = _digit_sum(npos, lambda v: v & 1, allpos)
    big = _digit_sum(npos, lambda v: int(v >= 3), allpos).translate(bytes([0] + [1] * 255))
    if npos == SUIT_POS:  # 2-8 are not orphans; 1 and 9 may be held once or twice
        bad = _bytes_sum((1, _digit_sum(npos, lambda v: int(v > 0), range(1, npos - 1))),
                         (1, _digit_sum(npos, lambda v: int(v > 2), (0, npos - 1))))
        twice = _digit_sum(npos, lambda v: int(v == 2), (0, npos - 1))
    else:
        bad = _digit_sum(npos, lambda v: int(v > 2), allpos)
        twice = _digit_sum(npos, lambda v: int(v == 2), allpos)
    # bad * 8 + twice (both below 8) -> 0, 1 or 2
    orphan = _bytes_sum((8, bad), (1, twice)).translate(bytes([0, 1] + [2] * 254))
    code = _bytes_sum((1, odd), (16, big), (32, orphan))  # odd <= 9, big <= 1, orphan <= 2: below 128
    ids = bytearray(4 * len(win))
    ids[0::4], ids[1::4], ids[2::4] = win, code, tiles
    arr = array("I")
    arr.frombytes(bytes(ids))
    if sys.byteorder != "little":
        arr.byteswap()
    values = {
        i: (i & 255) + ((i >> 8 & 15) << ODD_SHIFT) + ((i >> 12 & 1) << BIG_SHIFT)
        + ((i >> 13 & 3) << ORPHAN_SHIFT) + ((i >> 16) << TILES_SHIFT)
        for i in set(arr)
    }
    return list(map(values.__getitem__, arr))


def quads(npos: int) -> bytes:
    """Per key, 1 if some position holds four copies."""
    return _digit_sum(npos, lambda v: int(v == 4), range(npos)).translate(bytes([0] + [1] * 255))


def least_jokers(packed: list[int], npos: int) -> bytes:
    """Per key, the least_* value (see Tables) from its packed value and the orphan kinds it lacks."""
    none = 255
    # thirteen orphans: a joker stands in for each terminal or honor of the group that is not held
    orphan_pos = (0, npos - 1) if npos == SUIT_POS else range(npos)
    missing = _digit_sum(npos, lambda v: int(v == 0), orphan_pos)
    out = {}
    for v, m in set(zip(packed, missing)):
        tiles = v >> TILES_SHIFT
        standard = max((v & 1023) // 8 - 1, 0)  # the others' need0 is >= 0, the pair takes off <= 1
        pairs = v >> ODD_SHIFT & 31 if tiles <= MAX_TILES else none
        orphans = m if tiles <= MAX_TILES and (v >> ORPHAN_SHIFT & 15) <= 1 else none
        out[v, m] = min(standard, pairs, orphans, none)
    return bytes(map(out.__getitem__, zip(packed, missing)))


def _vector_ids(tiles: bytes, dist: list[bytes]) -> tuple[bytes, list[Vector]]:
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


def _minplus(a: Vector, b: Vector) -> Vector:
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
    packed_s, packed_h = packed_values(win_s, tiles_s, SUIT_POS), packed_values(win_h, tiles_h, HONOR_POS)
    return _assemble(win_s, win_h, packed_s, packed_h,
                     least_jokers(packed_s, SUIT_POS), least_jokers(packed_h, HONOR_POS),
                     quads(SUIT_POS), quads(HONOR_POS), tiles_s, tiles_h, sid_s, sid_h, vec_s, vec_h,
                     *_closure(vec_s, vec_h))


def _closure(vec_s: list[Vector], vec_h: list[Vector]) -> tuple[array[int], bytes]:
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
    for yv in closure:
        for h in vec_h:
            final += bytes(_minplus(yv, h)[5:10])
    assert len(comb) == len(closure) * vs and len(final) == len(closure) * vh * 5
    return comb, bytes(final)


def _assemble(win_s: bytes, win_h: bytes, packed_s: list[int], packed_h: list[int], least_s: bytes, least_h: bytes,
              quad_s: bytes, quad_h: bytes, tiles_s: bytes, tiles_h: bytes, sid_s: bytes, sid_h: bytes,
              vec_s: list[Vector], vec_h: list[Vector], comb: array[int], final: bytes) -> Tables:
    vs, vh = len(vec_s), len(vec_h)
    finals: dict[bytes, Vector] = {}
    return Tables(
        win_suit=bytes(win_s),
        win_honor=bytes(win_h),
        packed_suit=packed_s,
        packed_honor=packed_h,
        least_suit=bytes(least_s),
        least_honor=bytes(least_h),
        quad_suit=bytes(quad_s),
        quad_honor=bytes(quad_h),
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

_SECTIONS = ("win_s", "win_h", "tiles_s", "tiles_h", "sid_s", "sid_h", "vec_s", "vec_h", "comb", "final",
             "pval_s", "pid_s", "pval_h", "pid_h", "least_s", "least_h", "quad_s", "quad_h")


def _le(a: array[int]) -> bytes:
    if sys.byteorder != "little":
        a = array(a.typecode, a)
        a.byteswap()
    return a.tobytes()


def _from_le(typecode: str, data: bytes) -> array[int]:
    a = array(typecode)
    if len(data) % a.itemsize:
        raise TableError("table file has sections of the wrong size")
    a.frombytes(data)
    if sys.byteorder != "little":
        a.byteswap()
    return a


def _packed_parts(packed: list[int]) -> tuple[bytes, bytes]:
    """(the distinct packed values as uint32, each key's index among them as uint16)."""
    values = sorted(set(packed))
    index = {v: i for i, v in enumerate(values)}
    return _le(array("I", values)), _le(array("H", map(index.__getitem__, packed)))


def _unpack_parts(values: bytes, ids: bytes, size: int) -> list[int]:
    vals = list(_from_le("I", values))
    idx = _from_le("H", ids)
    if len(idx) != size:
        raise TableError("table file has sections of the wrong size")
    try:
        return list(map(vals.__getitem__, idx))
    except IndexError:
        raise TableError("table file has a packed value index out of range") from None


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
        "comb": _le(array("H", [y // vs for y in t.comb_suit])),
        "final": b"".join(bytes(v) for v in t.final),
    }
    parts["pval_s"], parts["pid_s"] = _packed_parts(t.packed_suit)
    parts["pval_h"], parts["pid_h"] = _packed_parts(t.packed_honor)
    parts["least_s"], parts["least_h"] = t.least_suit, t.least_honor
    parts["quad_s"], parts["quad_h"] = t.quad_suit, t.quad_honor
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
    parts: dict[str, bytes] = {}
    pos = 0
    for name in _SECTIONS:
        (n,) = struct.unpack_from("<I", raw, pos)
        parts[name] = raw[pos + 4:pos + 4 + n]
        pos += 4 + n
    if pos != len(raw):
        raise TableError("table file has trailing data")
    comb = _from_le("H", parts["comb"])
    vec_s = [tuple(parts["vec_s"][i:i + 10]) for i in range(0, len(parts["vec_s"]), 10)]
    vec_h = [tuple(parts["vec_h"][i:i + 10]) for i in range(0, len(parts["vec_h"]), 10)]
    sizes = {f"{name}_s": 5**SUIT_POS for name in ("win", "tiles", "sid", "least", "quad")}
    sizes.update({f"{name}_h": 5**HONOR_POS for name in ("win", "tiles", "sid", "least", "quad")})
    if not vec_s or any(len(parts[k]) != n for k, n in sizes.items()) or len(comb) % len(vec_s) \
            or len(parts["final"]) != len(comb) // len(vec_s) * len(vec_h) * 5:
        raise TableError("table file has sections of the wrong size")
    packed_s = _unpack_parts(parts["pval_s"], parts["pid_s"], 5**SUIT_POS)
    packed_h = _unpack_parts(parts["pval_h"], parts["pid_h"], 5**HONOR_POS)
    return _assemble(parts["win_s"], parts["win_h"], packed_s, packed_h, parts["least_s"], parts["least_h"],
                     parts["quad_s"], parts["quad_h"], parts["tiles_s"], parts["tiles_h"],
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
