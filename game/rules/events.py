"""Every event the round engine and the variants emit: type names, fields, and their constructors.

``engine.new_hand`` and ``engine.apply`` return lists of these plain dicts (msgpack
and JSON friendly). Two routing keys never reach a client: ``to`` (only these
seats may see the event) and ``secret`` (fields removed for every seat but the
event's ``seat``); ``view.events_for`` applies both, so fields named in a
``secret`` are ``NotRequired`` here. Tiles are ints 0-33.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from .codes import Refusal
from .kinds import ActionKind, HandEnd, MeldKind, WinBy, WindowKind, WireName


class EventType(WireName):
    """The ``type`` of an event."""

    DEAL = "deal"
    START = "start"
    FLIP = "flip"
    DRAW = "draw"
    DISCARD = "discard"
    DECLARE_READY = "declare_ready"
    CLAIM_WINDOW = "claim_window"
    ANSWERED = "answered"
    MISSED_WIN = "missed_win"
    REFUSED_WIN = "refused_win"
    WIN_LAPSED = "win_lapsed"
    CLAIM = "claim"
    KONG_DECLARED = "kong_declared"
    KONG = "kong"
    AUTO = "auto"
    WIN = "win"
    EXHAUSTED = "exhausted"
    END = "end"
    BLIND_DRAW = "blind_draw"  # yuxi
    TAIL_TAKE = "tail_take"  # yuxi
    SEQUENCE_WIN = "sequence_win"  # yuxi
    CHICKEN = "chicken"  # chicken games


class DealEvent(TypedDict):
    """A seat's dealt tiles (secret: only that seat sees ``tiles``)."""

    type: Literal[EventType.DEAL]
    seat: int
    tiles: NotRequired[list[int]]
    secret: NotRequired[tuple[str, ...]]


class StartEvent(TypedDict):
    type: Literal[EventType.START]
    dealer: int
    hand_no: int
    wall: int  # tiles left in the wall


class FlipEvent(TypedDict):
    """A tile turned face up: wenshan's indicator (``what`` "indicator", with the ``wildcard`` it makes),
    yuxi's tail tiles ("tail": ``tiles`` all face-up tail tiles, ``tile``/``slot`` the newly turned one),
    the chicken games' 捉鸡牌 after a win ("chicken", with the flipped ``chicken``)."""

    type: Literal[EventType.FLIP]
    what: Literal["indicator", "tail", "chicken"]
    tile: NotRequired[int]
    wildcard: NotRequired[int]
    tiles: NotRequired[list[int]]
    slot: NotRequired[int]
    chicken: NotRequired[int]


class DrawEvent(TypedDict):
    """A draw from the wall, or a kong ``replacement`` (secret: only the drawer sees ``tile``)."""

    type: Literal[EventType.DRAW]
    seat: int
    tile: NotRequired[int]
    replacement: NotRequired[bool]
    secret: NotRequired[tuple[str, ...]]


class DiscardEvent(TypedDict):
    type: Literal[EventType.DISCARD]
    seat: int
    tile: int
    after_kong: bool  # the discarder made a kong this turn (热炮 / 杠上炮)


class DeclareReadyEvent(TypedDict):
    type: Literal[EventType.DECLARE_READY]
    seat: int


ClaimWindowEvent = TypedDict("ClaimWindowEvent", {
    "type": Literal[EventType.CLAIM_WINDOW],
    "kind": WindowKind,
    "tile": int,
    "source": int,
    "to": NotRequired[list[int]],  # the seats asked
})


class AnsweredEvent(TypedDict):
    """This seat's answer to a simultaneous claim window was recorded (only that seat sees it)."""

    type: Literal[EventType.ANSWERED]
    seat: int
    to: NotRequired[list[int]]


class MissedWinEvent(TypedDict):
    """This seat passed a win: 过手胡 until its next draw (only that seat sees it)."""

    type: Literal[EventType.MISSED_WIN]
    seat: int
    to: NotRequired[list[int]]


RefusedWinEvent = TypedDict("RefusedWinEvent", {
    "type": Literal[EventType.REFUSED_WIN],
    "seat": int,
    "tile": int,
    "from": int,
    "how": WinBy,
    "refusal": Refusal,
    "to": NotRequired[list[int]],
})
"""The offered tile completes this seat's hand but the rules refuse the win (``refusal`` says why: no pass,
过手胡, ...). Only that seat sees it; a spectator of an open table (the demo) sees everyone's."""


WinLapsedEvent = TypedDict("WinLapsedEvent", {
    "type": Literal[EventType.WIN_LAPSED],
    "seat": int,
    "tile": int,
    "from": int,
    "winner": int,
    "to": NotRequired[list[int]],
})
"""This seat chose 胡 but a seat nearer the discarder won the tile (一炮多响 off): the 胡 lapsed. Only that
seat is told now; the settlement shows it to everyone (a 0-point line) once every hand is open."""


ClaimEvent = TypedDict("ClaimEvent", {
    "type": Literal[EventType.CLAIM],
    "seat": int,
    "kind": MeldKind,
    "from": int,
    "tile": int,
    "tiles": list[int],
    "face": int,
})


class KongDeclaredEvent(TypedDict):
    """An added kong announced; a rob window may follow before it stands."""

    type: Literal[EventType.KONG_DECLARED]
    seat: int
    kind: MeldKind
    face: int
    tile: int


class KongEvent(TypedDict):
    """A kong made in one's own turn (a concealed kong's ``tiles`` and ``face`` are secret)."""

    type: Literal[EventType.KONG]
    seat: int
    kind: MeldKind
    face: NotRequired[int]
    tiles: NotRequired[list[int]]
    late: bool  # 憨包豆: the fourth tile had arrived in an earlier turn
    secret: NotRequired[tuple[str, ...]]


class AutoEvent(TypedDict):
    """The rules took this seat's action by themselves (a declared player's discard, yuxi's tail win)."""

    type: Literal[EventType.AUTO]
    seat: int
    action: ActionKind


WinEvent = TypedDict("WinEvent", {
    "type": Literal[EventType.WIN],
    "seat": int,
    "tile": int,
    "how": WinBy,
    "from": int | None,
    "patterns": list[str],
})


class ExhaustedEvent(TypedDict):
    type: Literal[EventType.EXHAUSTED]


class EndEvent(TypedDict):
    """The hand is over; every concealed hand is shown (tile notation per seat)."""

    type: Literal[EventType.END]
    end: HandEnd
    winners: list[int]
    deltas: list[int]
    hands: list[str]


class BlindDrawEvent(TypedDict):
    """yuxi 抄底: a kong replacement drawn blind from the front of the wall."""

    type: Literal[EventType.BLIND_DRAW]
    seat: int


class TailTakeEvent(TypedDict):
    """yuxi: a face-up tail tile taken as a kong replacement."""

    type: Literal[EventType.TAIL_TAKE]
    seat: int
    tile: int
    slot: int


class SequenceWinEvent(TypedDict):
    """yuxi 十风 / 十三幺, declared by the rules on the seat's discards."""

    type: Literal[EventType.SEQUENCE_WIN]
    seat: int
    pattern: str


class ChickenEvent(TypedDict):
    """chicken games: a first discard of a default chicken made 冲锋鸡 (``what`` "chong_feng") or 跟冲."""

    type: Literal[EventType.CHICKEN]
    what: Literal["chong_feng", "gen_chong"]
    seat: int
    tile: int


Event = (DealEvent | StartEvent | FlipEvent | DrawEvent | DiscardEvent | DeclareReadyEvent | ClaimWindowEvent
         | AnsweredEvent | MissedWinEvent | RefusedWinEvent | WinLapsedEvent | ClaimEvent | KongDeclaredEvent
         | KongEvent | AutoEvent | WinEvent | ExhaustedEvent | EndEvent | BlindDrawEvent | TailTakeEvent
         | SequenceWinEvent | ChickenEvent)

# Fields hidden from other seats, by event (``secret``).
SECRET_DEAL = ("tiles",)
SECRET_DRAW = ("tile",)
SECRET_CONCEALED_KONG = ("tiles", "face")


# ------------------------------------------------------------------------ constructors (the emitters use these)

def deal(seat: int, tiles: list[int]) -> DealEvent:
    return {"type": EventType.DEAL, "seat": seat, "tiles": tiles, "secret": SECRET_DEAL}


def start(dealer: int, hand_no: int, wall: int) -> StartEvent:
    return {"type": EventType.START, "dealer": dealer, "hand_no": hand_no, "wall": wall}


def flip_indicator(tile: int, wildcard: int) -> FlipEvent:
    return {"type": EventType.FLIP, "what": "indicator", "tile": tile, "wildcard": wildcard}


def flip_tail(tiles: list[int]) -> FlipEvent:
    """The tail tiles turned up at the deal."""
    return {"type": EventType.FLIP, "what": "tail", "tiles": tiles}


def flip_tail_slot(tile: int, slot: int, tiles: list[int]) -> FlipEvent:
    """A new tail tile turned up in ``slot`` after one was taken."""
    return {"type": EventType.FLIP, "what": "tail", "tile": tile, "slot": slot, "tiles": tiles}


def flip_chicken(tile: int, chicken: int) -> FlipEvent:
    return {"type": EventType.FLIP, "what": "chicken", "tile": tile, "chicken": chicken}


def draw(seat: int, tile: int, replacement: bool = False) -> DrawEvent:
    if replacement:
        return {"type": EventType.DRAW, "seat": seat, "tile": tile, "replacement": True, "secret": SECRET_DRAW}
    return {"type": EventType.DRAW, "seat": seat, "tile": tile, "secret": SECRET_DRAW}


def discard(seat: int, tile: int, after_kong: bool) -> DiscardEvent:
    return {"type": EventType.DISCARD, "seat": seat, "tile": tile, "after_kong": after_kong}


def declare_ready(seat: int) -> DeclareReadyEvent:
    return {"type": EventType.DECLARE_READY, "seat": seat}


def claim_window(kind: WindowKind, tile: int, source: int, to: list[int]) -> ClaimWindowEvent:
    return {"type": EventType.CLAIM_WINDOW, "kind": kind, "tile": tile, "source": source, "to": to}


def answered(seat: int) -> AnsweredEvent:
    return {"type": EventType.ANSWERED, "seat": seat, "to": [seat]}


def missed_win(seat: int) -> MissedWinEvent:
    return {"type": EventType.MISSED_WIN, "seat": seat, "to": [seat]}


def refused_win(seat: int, tile: int, source: int, how: WinBy, refusal: Refusal) -> RefusedWinEvent:
    return {"type": EventType.REFUSED_WIN, "seat": seat, "tile": tile, "from": source, "how": how,
            "refusal": refusal, "to": [seat]}


def win_lapsed(seat: int, tile: int, source: int, winner: int) -> WinLapsedEvent:
    return {"type": EventType.WIN_LAPSED, "seat": seat, "tile": tile, "from": source, "winner": winner, "to": [seat]}


def claim(seat: int, kind: MeldKind, source: int, tile: int, tiles: list[int], face: int) -> ClaimEvent:
    return {"type": EventType.CLAIM, "seat": seat, "kind": kind, "from": source, "tile": tile, "tiles": tiles,
            "face": face}


def kong_declared(seat: int, face: int, tile: int) -> KongDeclaredEvent:
    return {"type": EventType.KONG_DECLARED, "seat": seat, "kind": MeldKind.ADDED_KONG, "face": face, "tile": tile}


def kong(seat: int, kind: MeldKind, face: int, tiles: list[int], late: bool) -> KongEvent:
    if kind == MeldKind.CONCEALED_KONG:
        return {"type": EventType.KONG, "seat": seat, "kind": kind, "face": face, "tiles": tiles, "late": late,
                "secret": SECRET_CONCEALED_KONG}
    return {"type": EventType.KONG, "seat": seat, "kind": kind, "face": face, "tiles": tiles, "late": late}


def auto(seat: int, action: ActionKind) -> AutoEvent:
    return {"type": EventType.AUTO, "seat": seat, "action": action}


def win(seat: int, tile: int, how: WinBy, source: int | None, patterns: list[str]) -> WinEvent:
    return {"type": EventType.WIN, "seat": seat, "tile": tile, "how": how, "from": source, "patterns": patterns}


def exhausted() -> ExhaustedEvent:
    return {"type": EventType.EXHAUSTED}


def end(how: HandEnd, winners: list[int], deltas: list[int], hands: list[str]) -> EndEvent:
    return {"type": EventType.END, "end": how, "winners": winners, "deltas": deltas, "hands": hands}


def blind_draw(seat: int) -> BlindDrawEvent:
    return {"type": EventType.BLIND_DRAW, "seat": seat}


def tail_take(seat: int, tile: int, slot: int) -> TailTakeEvent:
    return {"type": EventType.TAIL_TAKE, "seat": seat, "tile": tile, "slot": slot}


def sequence_win(seat: int, pattern: str) -> SequenceWinEvent:
    return {"type": EventType.SEQUENCE_WIN, "seat": seat, "pattern": pattern}


def chicken(what: Literal["chong_feng", "gen_chong"], seat: int, tile: int) -> ChickenEvent:
    return {"type": EventType.CHICKEN, "what": what, "seat": seat, "tile": tile}
