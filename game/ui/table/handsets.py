"""The winner's concealed tiles split into the sets they won with, each tile with the face it stands for.

For the settlement: four sets and a pair (or seven pairs) drawn apart, a wildcard (小鸡) or a 白 standing in
shown with the face it took. The reading follows the hand's patterns: seven pairs for the pair patterns, no
split for hands that have no sets (烂牌, 七星, 幺牌), and with 硬功 no substitute standing for another tile;
otherwise the reading with the fewest substitutes. No pygame here: the drawing is the settlement's.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.rules.decompose import CHOW, PAIR, readings, seven_pairs_readings

# patterns whose hand is seven pairs (every game's keys), and those with no sets at all
PAIR_PATTERNS = frozenset({"qi_dui", "long_qi_dui", "shuang_long", "san_long", "qing_qi_dui", "qing_long",
                           "qing_long_bei", "qing_shuang_long", "qing_san_long", "he_pu_qi_dui", "qing_he_pu"})
NO_SETS = frozenset({"lan", "qi_xing", "yao", "shi_feng", "shi_san_yao"})
WHITE = 31


@dataclass(frozen=True)
class Group:
    """One set as drawn: its kind ("pung", "chow", "pair", "kong", "tiles") and (tile, face) per tile."""

    kind: str
    tiles: tuple[tuple[int, int], ...]

    @property
    def substitutes(self) -> int:
        return sum(1 for t, f in self.tiles if t != f)


def arrange(tiles: Sequence[int], patterns: Iterable[str] = (), wildcard: int | None = None,
            standin: int | None = None) -> list[Group]:
    """``tiles`` (the concealed hand with the winning tile) as groups; one "tiles" group when no reading fits.

    ``wildcard``: the 小鸡 (every copy stands for any tile); ``standin``: the tile that may stand for the
    wildcard's face (wenshan's 白)."""
    keys = set(patterns)
    hand = sorted(tiles)
    if keys & NO_SETS or not hand:
        return [Group("tiles", tuple((t, t) for t in hand))]
    strict = "ying_gong" in keys  # 硬功: nothing stood for another tile
    best: list[Group] | None = None
    for option in _options(hand, wildcard, standin, pairs=bool(keys & PAIR_PATTERNS)):
        groups = option
        if strict and any(g.substitutes for g in groups):
            continue
        if best is None or _cost(groups) < _cost(best):
            best = groups
    return best if best is not None else [Group("tiles", tuple((t, t) for t in hand))]


def _cost(groups: list[Group]) -> tuple[int, int]:
    return (sum(g.substitutes for g in groups), len(groups))


def _options(hand: list[int], wildcard: int | None, standin: int | None, pairs: bool) -> Iterable[list[Group]]:
    """Every arrangement: each way of reading the stand-ins (as themselves or the wildcard's face) × each reading."""
    jokers = hand.count(wildcard) if wildcard is not None else 0
    base = [t for t in hand if t != wildcard]
    whites = base.count(standin) if standin is not None and wildcard is not None and standin != wildcard else 0
    for as_face in range(whites + 1):  # fewest 白 standing in first
        counts = [0] * 34
        for t in base:
            counts[t] += 1
        if as_face:
            assert standin is not None and wildcard is not None
            counts[standin] -= as_face
            counts[wildcard] += as_face
        # physical tiles by the face they are read as: a white read as the wildcard's face stays a white
        pool: dict[int, list[int]] = {}
        left = as_face
        for t in base:
            face = t
            if t == standin and left and wildcard is not None:
                face, left = wildcard, left - 1
            pool.setdefault(face, []).append(t)
        if pairs:
            for faces in seven_pairs_readings(counts, jokers):
                got = _pairs(faces, pool, wildcard)
                if got is not None:
                    yield got
        else:
            for reading in readings(counts, jokers):
                got = _sets(reading, pool, wildcard)
                if got is not None:
                    yield got


def _take(pool: dict[int, list[int]], face: int) -> int | None:
    got = pool.get(face)
    return got.pop() if got else None


def _copy(pool: dict[int, list[int]]) -> dict[int, list[int]]:
    return {k: list(v) for k, v in pool.items()}


def _joker_face(face: int | None, wildcard: int | None) -> int:
    return face if face is not None else (wildcard if wildcard is not None else 0)


def _sets(reading, pool: dict[int, list[int]], wildcard: int | None) -> list[Group] | None:
    pool = _copy(pool)
    out: list[Group] = []
    for kind, face, jokers in reading:
        size = 2 if kind == PAIR else 3
        faces = [face + k for k in range(3)] if kind == CHOW and face is not None else [face] * size
        tiles: list[tuple[int, int]] = []
        left = jokers
        for f in faces:
            real = _take(pool, f) if f is not None and len(tiles) - (jokers - left) < size - jokers else None
            if real is None:
                if left == 0 or wildcard is None:
                    return None
                left -= 1
                tiles.append((wildcard, _joker_face(f, wildcard)))
            else:
                tiles.append((real, f))
        out.append(Group(kind, tuple(tiles)))
    if any(pool.values()):
        return None
    # the pair last, as a hand is read: sets first
    return [g for g in out if g.kind != PAIR] + [g for g in out if g.kind == PAIR]


def _pairs(faces: Sequence[int | None], pool: dict[int, list[int]], wildcard: int | None) -> list[Group] | None:
    pool = _copy(pool)
    out: list[Group] = []
    for f in faces:
        tiles: list[tuple[int, int]] = []
        for _ in range(2):
            real = _take(pool, f) if f is not None else None
            if real is None:
                if wildcard is None:
                    return None
                tiles.append((wildcard, _joker_face(f, wildcard)))
            else:
                tiles.append((real, f))  # type: ignore[arg-type]  # f is a tile when real is not None
        out.append(Group(PAIR, tuple(tiles)))
    return out if not any(pool.values()) else None
