"""The round state: seats, melds, discards, wall position, phase and pending claims."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import tiles as T

# Meld kinds as named by the score input format.
CHOW, PUNG, KONG, ADDED_KONG, CONCEALED_KONG = "chow", "pung", "kong", "added_kong", "concealed_kong"
KONG_KINDS = (KONG, ADDED_KONG, CONCEALED_KONG)

# Phases
TURN = "turn"  # state.turn must discard / may win or kong
DECLARE = "declare"  # the discarder may declare ready (报听)
CLAIM = "claim"  # others answer a discard
ROB = "rob"  # others may rob an added kong
END = "end"


@dataclass
class Meld:
    """An exposed (or concealed-kong) set. ``tiles`` are physical, ``faces`` what each stands for."""

    kind: str
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

    def copy(self) -> "Meld":
        return Meld(self.kind, self.tiles, self.faces, self.from_seat, self.claimed, self.late, self.turn)

    def to_json(self) -> dict:
        d: dict[str, Any] = {"kind": self.kind, "tiles": T.fmt(self.tiles)}
        if self.from_seat is not None:
            d["from"] = self.from_seat
        if self.subs:
            d["face"] = T.name(self.face) if self.kind != CHOW else T.fmt(self.faces)
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

    def copy(self) -> "Discard":
        return Discard(self.tile, self.claimed_by, self.won_by, self.after_kong, self.declared)


@dataclass
class Seat:
    counts: list[int] = field(default_factory=lambda: [0] * T.NUM_KINDS)
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
            raise ValueError(f"seat does not hold {T.name(t)}")
        self.counts[t] -= 1
        self.keys[t // 9] -= _POW5[t % 9]

    @property
    def n_concealed(self) -> int:
        return sum(self.counts)

    def concealed(self) -> list[int]:
        return T.from_counts(self.counts)

    def copy(self) -> "Seat":
        return Seat(
            list(self.counts),
            list(self.keys),
            [m.copy() for m in self.melds],
            [d.copy() for d in self.discards],
            self.drawn,
            self.draws,
            self.declared,
            self.missed_win,
            set(self.missed_pungs),
            set(self.kong_late),
            _copy_extra(self.extra),
        )


_POW5 = tuple(5**i for i in range(9))


def _copy_extra(d: dict) -> dict:
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
class ClaimWindow:
    """An open decision for players other than the one who offered a tile.

    ``options[seat]`` lists every Action the seat may take here (pass excluded).
    For the sequential policy ``queue`` holds (level, seat) prompts in asking order
    and ``cursor`` the current one; the simultaneous policy asks all at once.
    """

    tile: int
    source: int  # the discarder or the konger
    kind: str  # "discard" or "rob"
    options: dict[int, list] = field(default_factory=dict)
    answers: dict[int, Any] = field(default_factory=dict)  # seat -> Action (pass included)
    queue: list[tuple[int, int]] = field(default_factory=list)
    cursor: int = 0
    win_values: dict[int, int] = field(default_factory=dict)  # value of each seat's possible win
    kong_face: int | None = None  # rob: the face of the added kong

    def copy(self) -> "ClaimWindow":
        return ClaimWindow(
            self.tile, self.source, self.kind,
            {k: list(v) for k, v in self.options.items()},
            dict(self.answers), list(self.queue), self.cursor, dict(self.win_values), self.kong_face,
        )


@dataclass
class Win:
    """A winner's situation, filled by the engine when the hand is won."""

    seat: int
    tile: int
    how: str  # "self_draw", "discard", "rob_kong"
    source: int | None  # discarder / robbed seat
    flags: list[str] = field(default_factory=list)
    score: Any = None  # the variant's scoring result

    def to_json(self) -> dict:
        return {"seat": self.seat, "tile": T.name(self.tile), "win": self.how, "from": self.source, "flags": list(self.flags)}


@dataclass
class HandState:
    variant: Any  # Variant instance
    options: dict[str, Any]
    n: int
    dealer: int
    seed: Any
    wall: list[int]  # draw order, front first; variants may mutate (copied with the state)
    front: int = 0  # next tile drawn from the front
    back: int = 0  # one past the last tile still at the back
    seats: list[Seat] = field(default_factory=list)
    turn: int = 0
    phase: str = TURN
    window: ClaimWindow | None = None
    last_discard: tuple[int, int] | None = None  # (seat, tile) of the latest discard
    discard_count: int = 0
    claim_count: int = 0  # claims (chow/pung/kong on discard) made so far
    kong_chain: int = 0  # kongs in a row by state.turn since their last discard
    kong_draws: list[int] = field(default_factory=list)  # replacement tiles drawn in the current chain
    after_kong: bool = False  # state.turn's current tile came from a kong replacement
    kong_by_turn: bool = False  # state.turn made a kong this turn (their discard is 热炮 / 杠上炮)
    pending_kong: tuple | None = None  # (seat, meld index, tile) of an added kong waiting on robbers
    hand_no: int = 0
    dealer_streak: int = 0
    scores: list[int] = field(default_factory=list)  # running match totals before this hand
    wins: list[Win] = field(default_factory=list)
    end: str | None = None  # "win" / "draw"
    settlement: Any = None
    extra: dict[str, Any] = field(default_factory=dict)
    log: list = field(default_factory=list)  # Actions applied, in order
    version: int = 0

    @property
    def remaining(self) -> int:
        """Tiles still in the wall (undrawable reserve included)."""
        return self.back - self.front

    def copy(self) -> "HandState":
        return HandState(
            self.variant, self.options, self.n, self.dealer, self.seed, list(self.wall), self.front, self.back,
            [s.copy() for s in self.seats], self.turn, self.phase,
            self.window.copy() if self.window else None, self.last_discard, self.discard_count,
            self.claim_count, self.kong_chain, list(self.kong_draws), self.after_kong, self.kong_by_turn,
            self.pending_kong, self.hand_no, self.dealer_streak, list(self.scores), list(self.wins),
            self.end, self.settlement, _copy_extra(self.extra), list(self.log), self.version,
        )
