"""Specification of the precomputed tables: contents, the shipped file, its header and the fallback."""

from __future__ import annotations

import logging
import random
import struct
import tracemalloc
from itertools import combinations_with_replacement

import pytest

from game.rules import analysis
from game.rules import tables as tbl


@pytest.fixture(scope="module")
def built() -> tbl.Tables:
    return tbl.build()


@pytest.fixture(scope="module")
def shipped() -> bytes:
    return tbl.read_resource()


def key(counts: list[int]) -> int:
    return sum(c * 5**r for r, c in enumerate(counts))


def test_shipped_file_is_what_the_builder_makes(built, shipped):
    assert tbl.deserialize(shipped) == built
    assert tbl.serialize(built) == shipped  # rebuild with: python -m game.rules.tables --build


def test_file_is_small_and_loads_in_little_memory(shipped):
    """The shipped file stays under 2 MB and loads into under 60 MB (how fast it loads is ``bench core``'s
    ``table_load_s``: timing belongs to the benchmarks)."""
    assert len(shipped) < 2_000_000
    tracemalloc.start()
    tables = tbl.load(shipped)
    current, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert tables and current < 60e6


def test_header_carries_magic_version_and_checksum(shipped):
    magic, version, _, _crc, length = struct.unpack_from("<4sHHII", shipped)
    assert magic == b"YGMT" and version == tbl.FORMAT_VERSION and length > 0


@pytest.mark.parametrize("damage", ["flip", "truncate", "version", "magic", "empty"])
def test_damaged_files_are_rejected(shipped, damage):
    data = bytearray(shipped)
    if damage == "flip":
        data[len(data) // 2] ^= 0xFF
    elif damage == "truncate":
        del data[len(data) // 3:]
    elif damage == "version":
        data[4] += 1
    elif damage == "magic":
        data[0:4] = b"XXXX"
    else:
        data = bytearray()
    with pytest.raises(tbl.TableError):
        tbl.deserialize(bytes(data))


def test_damaged_file_falls_back_to_building(built, caplog):
    with caplog.at_level(logging.WARNING, logger=tbl.__name__):
        tables = tbl.load(b"YGMT garbage")
    assert tables == built
    assert "building them in memory" in caplog.text


def test_missing_file_falls_back_to_building(built, monkeypatch):
    def missing():
        raise FileNotFoundError("tables.bin")

    monkeypatch.setattr(tbl, "read_resource", missing)
    assert tbl.load() == built


def test_check_command_accepts_the_shipped_file(capsys):
    assert tbl.main(["--check"]) == 0
    assert "up to date" in capsys.readouterr().out


# ------------------------------------------------------------ contents

@pytest.mark.parametrize("group,value", [
    ([], 0),  # nothing to complete
    ([2], 1 * 8 + 1),  # 11: one joker for a pung, or already the pair
    ([1], 2 * 8 + 1),  # 1: two jokers for a set, one for a pair
    ([3], 0),  # 111: a pung; a pair from it would cost 2 more
    ([1, 1, 1], 0),
    ([4], 2 * 8 + 1),  # 1111: 111 + 1JJ, or 111 + 1J as the pair
    ([1, 0, 0, 1], 4 * 8 + 1),
])
def test_win_values_of_suit_keys(built, group, value):
    assert built.win_suit[key(group)] == value


def test_honors_never_chow(built):
    assert built.win_honor[key([1, 1, 1])] == 6 * 8 + 1
    assert built.win_suit[key([1, 1, 1])] == 0


def test_win_values_match_the_slow_group_search(built):
    rng = random.Random(0)
    for _ in range(400):
        n = rng.randrange(15)
        digits = [0] * 9
        while sum(digits) < n:
            r = rng.randrange(9)
            if digits[r] < 4:
                digits[r] += 1
        assert built.win_suit[key(digits)] == analysis._group_value(tuple(digits), True)
        assert built.win_honor[key(digits[:7])] == analysis._group_value(tuple(digits[:7]), False)


def _patterns(npos: int, chows: bool) -> dict:
    """All (m sets, p pairs) patterns of one group with no kind above 4 copies."""
    blocks = [[3 if i == r else 0 for i in range(npos)] for r in range(npos)]
    if chows:
        blocks += [[1 if r <= i <= r + 2 else 0 for i in range(npos)] for r in range(npos - 2)]
    out = {}
    for m in range(5):
        for sets in combinations_with_replacement(range(len(blocks)), m):
            base = [sum(blocks[s][i] for s in sets) for i in range(npos)]
            if max(base) > 4:
                continue
            out.setdefault((m, 0), []).append(base)
            for r in range(npos):
                if base[r] <= 2:
                    out.setdefault((m, 1), []).append([x + 2 * (i == r) for i, x in enumerate(base)])
    return out


def test_distance_vectors_match_pattern_enumeration(built):
    pats = _patterns(9, True)
    rng = random.Random(1)
    for _ in range(6):
        digits = [min(4, rng.randrange(6)) if rng.random() < 0.5 else 0 for _ in range(9)]
        while sum(digits) > 14:
            digits[digits.index(max(digits))] -= 1
        vec = built.vec_suit[built.sid_suit[key(digits)]]
        for (m, p), ps in pats.items():
            best = min(sum(max(0, a - b) for a, b in zip(pat, digits)) for pat in ps)
            assert vec[m + 5 * p] == best, (digits, m, p)


def test_honor_distance_vectors_match_pattern_enumeration(built):
    pats = _patterns(7, False)
    for digits in ([4, 4, 1, 0, 0, 0, 2], [1, 1, 1, 1, 1, 1, 1], [3, 3, 3, 3, 2, 0, 0], [0] * 7):
        vec = built.vec_honor[built.sid_honor[key(digits)]]
        for (m, p), ps in pats.items():
            assert vec[m + 5 * p] == min(sum(max(0, a - b) for a, b in zip(pat, digits)) for pat in ps)
