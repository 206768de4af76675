"""The round state: seats, melds, discards, wall position, phase and pending claims."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, TypeVar

from . import tiles
from .codes import Refusal
from .kinds import KONG_KINDS, HandEnd, MeldKind, Phase, WinBy, WindowKind

if TYPE_CHECKING:
    from .actions import Action
    from .settlement import Settlement
    from .situation import Score
    from .variants.base import Variant

_D = TypeVar("_D")


def _share(x: _D) -> _D:
    return x


def copy_fields(obj: _D, how: dict[str, Callable[[Any], Any]], shared: frozenset[str]) -> _D:
    """A copy of dataclass ``obj``: fields named in ``how`` copied by their function, those in ``shared`` shared.

    A field in neither raises, so a field added to a class cannot be forgotten by its
    ``copy`` (tests/rules/test_state_copy.py also checks every class's lists against its fields).
    """
    kw = {}
    for f in dataclasses.fields(obj):  # type: ignore[arg-type]
        fn = how.get(f.name)
        if fn is None:
            if f.name not in shared:
                raise TypeError(f"{type(obj).__name__}.{f.name}: say how copy() copies it")
            fn = _share
        kw[f.name] = fn(getattr(obj, f.name))
    return type(obj)(**kw)


def _copy_extra(d: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for k, v in d.items():
        if isinstance(v, list):
            v = list(v)
        elif isinstance(v, dict):
            v = dict(v)
        elif isinstance(v, set):
            v = set(v)
        out[k] = v
    return out


@dataclass
class Meld:
    """An exposed (or concealed-kong) set. ``tiles`` are physical, ``faces`` what each stands for."""

    kind: MeldKind
    tiles: tuple[int, ...]
    faces: tuple[int, ...]
    from_seat: int | None = None
    claimed: int | None = None  # index in tiles of the claimed tile
    late: bool = False  # 憨包豆: declared after the turn its fourth tile arrived
    turn: int = 0  # the owner's turn number when the meld was made (杠上炮 looks at kongs of that turn)

    @property
    def face(self) -> int:
        return self.faces[0]

    @property
    def is_kong(self) -> bool:
        return self.kind in KONG_KINDS

    @property
    def subs(self) -> int:
        """How many tiles stand for another tile."""
        return sum(1 for t, f in zip(self.tiles, self.faces) if t != f)

    COPY_SHARED: ClassVar[frozenset[str]] = frozenset(
        ("kind", "tiles", "faces", "from_seat", "claimed", "late", "turn"))

    def copy(self) -> Meld:
        return copy_fields(self, {}, self.COPY_SHARED)

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": str(self.kind), "tiles": tiles.fmt(self.tiles)}
        if self.from_seat is not None:
            d["from"] = self.from_seat
        if self.subs:
            d["face"] = tiles.name(self.face) if self.kind != MeldKind.CHOW else tiles.fmt(self.faces)
        if self.late:
            d["delayed"] = True
        return d


@dataclass
class Discard:
    tile: int
    claimed_by: int | None = None  # seat that claimed it (then it sits in their meld)
    won_by: tuple[int, ...] = ()
    after_kong: bool = False  # first discard after a kong (热炮 / 杠上炮)
    declared: bool = False  # discarded by a player who had declared ready (报听)

    COPY_SHARED: ClassVar[frozenset[str]] = frozenset(("tile", "claimed_by", "won_by", "after_kong", "declared"))

    def copy(self) -> Discard:
        return copy_fields(self, {}, self.COPY_SHARED)


@dataclass
class Seat:
    counts: list[int] = field(default_factory=lambda: [0] * tiles.NUM_KINDS)
    keys: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    melds: list[Meld] = field(default_factory=list)
    discards: list[Discard] = field(default_factory=list)
    drawn: int | None = None  # tile drawn this turn (None after a claim)
    draws: int = 0  # draws in this hand (replacements included)
    declared: bool = False  # 报听
    missed_win: int | None = None  # 过手胡: value passed, until own next draw/claim
    missed_pungs: set[int] = field(default_factory=set)  # 过手碰
    kong_late: set[int] = field(default_factory=set)  # faces whose 4th tile arrived in an earlier turn
    extra: dict[str, Any] = field(default_factory=dict)

    def add(self, t: int) -> None:
        self.counts[t] += 1
        self.keys[t // 9] += _POW5[t % 9]

    def remove(self, t: int) -> None:
        if self.counts[t] <= 0:
            raise ValueError(f"seat does not hold {tiles.name(t)}")
        self.counts[t] -= 1
        self.keys[t // 9] -= _POW5[t % 9]

    @property
    def n_concealed(self) -> int:
        return sum(self.counts)

    def concealed(self) -> list[int]:
        return tiles.from_counts(self.counts)

    COPY_HOW: ClassVar[dict[str, Callable[[Any], Any]]] = {
        "counts": list, "keys": list, "melds": lambda ms: [m.copy() for m in ms],
        "discards": lambda ds: [d.copy() for d in ds], "missed_pungs": set, "kong_late": set,
        "extra": _copy_extra,
    }
    COPY_SHARED: ClassVar[frozenset[str]] = frozenset(("drawn", "draws", "declared", "missed_win"))

    def copy(self) -> Seat:
        return copy_fields(self, self.COPY_HOW, self.COPY_SHARED)


_POW5 = tuple(5**i for i in range(9))


@dataclass
class ClaimWindow:
    """An open decision for players other than the one who offered a tile.

    ``options[seat]`` lists every Action the seat may take here (pass excluded).
    For the sequential policy ``queue`` holds (level, seat) prompts in asking order
    and ``cursor`` the current one; the simultaneous policy asks all at once.
    """

    tile: int
    source: int  # the discarder or the konger
    kind: WindowKind
    options: dict[int, list[Action]] = field(default_factory=dict)
    answers: dict[int, Action] = field(default_factory=dict)  # seat -> Action (pass included)
    queue: list[tuple[int, int]] = field(default_factory=list)
    cursor: int = 0
    win_values: dict[int, int] = field(default_factory=dict)  # value of each seat's possible win
    kong_face: int | None = None  # rob: the face of the added kong
    refusals: dict[int, Refusal] = field(default_factory=dict)  # seat -> why it may not win on this tile

    COPY_HOW: ClassVar[dict[str, Callable[[Any], Any]]] = {
        "options": lambda o: {k: list(v) for k, v in o.items()}, "answers": dict, "queue": list,
        "win_values": dict, "refusals": dict,
    }
    COPY_SHARED: ClassVar[frozenset[str]] = frozenset(("tile", "source", "kind", "cursor", "kong_face"))

    def copy(self) -> ClaimWindow:
        return copy_fields(self, self.COPY_HOW, self.COPY_SHARED)


class PendingWin(NamedTuple):
    """A win the engine is to book: (seat, tile, how, source, score); a None score is computed by the engine."""

    seat: int
    tile: int
    how: WinBy
    source: int | None
    score: Score | None


@dataclass
class Win:
    """A winner's situation, filled by the engine when the hand is won."""

    seat: int
    tile: int
    how: WinBy
    source: int | None  # discarder / robbed seat
    score: Score  # the variant's scoring result
    flags: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "tile": tiles.name(self.tile), "win": str(self.how), "from": self.source,
                "flags": list(self.flags)}


@dataclass
class HandState:
    variant: Variant
    options: dict[str, Any]
    n: int
    dealer: int
    seed: Any
    wall: list[int]  # draw order, front first; variants may mutate (copied with the state)
    front: int = 0  # next tile drawn from the front
    back: int = 0  # one past the last tile still at the back
    seats: list[Seat] = field(default_factory=list)
    turn: int = 0
    phase: Phase = Phase.TURN
    window: ClaimWindow | None = None
    last_discard: tuple[int, int] | None = None  # (seat, tile) of the latest discard
    discard_count: int = 0
    claim_count: int = 0  # claims (chow/pung/kong on discard) made so far
    kong_chain: int = 0  # kongs in a row by state.turn since their last discard
    kong_draws: list[int] = field(default_factory=list)  # replacement tiles drawn in the current chain
    after_kong: bool = False  # state.turn's current tile came from a kong replacement
    kong_by_turn: bool = False  # state.turn made a kong this turn (their discard is 热炮 / 杠上炮)
    pending_kong: tuple[int, int, int] | None = None  # (seat, meld index, tile) of an added kong waiting on robbers
    hand_no: int = 0
    dealer_streak: int = 0
    scores: list[int] = field(default_factory=list)  # running match totals before this hand
    wins: list[Win] = field(default_factory=list)
    end: HandEnd | None = None
    settlement: Settlement | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    log: list[Action] = field(default_factory=list)  # Actions applied, in order
    version: int = 0

    @property
    def remaining(self) -> int:
        """Tiles still in the wall (undrawable reserve included)."""
        return self.back - self.front

    # The variant, the options and the (immutable or never-mutated) results are shared; the rest is copied.
    COPY_HOW: ClassVar[dict[str, Callable[[Any], Any]]] = {
        "wall": list, "seats": lambda ss: [s.copy() for s in ss],
        "window": lambda w: w.copy() if w else None, "kong_draws": list, "scores": list, "wins": list,
        "extra": _copy_extra, "log": list,
    }
    COPY_SHARED: ClassVar[frozenset[str]] = frozenset((
        "variant", "options", "n", "dealer", "seed", "front", "back", "turn", "phase", "last_discard",
        "discard_count", "claim_count", "kong_chain", "after_kong", "kong_by_turn", "pending_kong", "hand_no",
        "dealer_streak", "end", "settlement", "version",
    ))

    def copy(self) -> HandState:
        return copy_fields(self, self.COPY_HOW, self.COPY_SHARED)
