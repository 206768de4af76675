"""What one seat may know: the typed seat view (``view(state, seat)``) and its events (``events_for``);
what a watcher without a seat may know: ``public_view(state)`` and ``public_events``.

Nothing else outside the rules core reads a HandState: the client, the bots and
the LAN host all go through these functions. A view is a plain dict (the
TypedDicts below are its contract; msgpack and JSON carry it as it is), except
that ``legal`` holds ``Action`` tuples inside the process: ``netplay.protocol``
alone turns them into their wire form and back. Tiles are ints 0-33; a seat
never receives another seat's concealed tiles or the wall order.
"""

from __future__ import annotations

import zlib
from typing import Any, NotRequired, TypedDict

from . import engine
from .actions import Action, ActionError
from .codes import Refusal
from .events import Event
from .kinds import ActionKind, HandEnd, MeldKind, Phase, WindowKind
from .options import Options
from .public import PublicInfo
from .state import HandState

# The phases tested on every call, bound once: on Python 3.11 an Enum class attribute lookup costs
# ~50 ns (EnumType defines __getattr__), a module global ~5 ns; views and legal actions are hot.
_TURN, _CLAIM, _ROB, _END, _WAIT = Phase.TURN, Phase.CLAIM, Phase.ROB, Phase.END, Phase.WAIT
_DECLARE = Phase.DECLARE
_WINDOW_PHASES = (_CLAIM, _ROB, _DECLARE)  # a discard or an added kong waits for others' answers


DiscardView = TypedDict("DiscardView", {
    "tile": int,
    "claimed_by": int | None,  # the seat that claimed it (it then lies in their meld)
    "won": bool,  # a winner took it
    "declared": bool,  # discarded by a player who had declared ready (报听)
})

MeldView = TypedDict("MeldView", {
    "kind": MeldKind,
    "tiles": list[int | None],  # physical tiles; None = face down (another seat's concealed kong)
    "faces": list[int | None],  # what each tile stands for (None while any tile is face down)
    "from": int | None,  # the seat whose discard was claimed
    "claimed": int | None,  # index in tiles of the claimed tile
})


class SeatView(TypedDict):
    """One seat as the viewer sees it."""

    concealed: int  # how many concealed tiles it holds
    melds: list[MeldView]
    discards: list[DiscardView]
    declared: bool  # 报听
    score: int  # match total before this hand
    hand: list[int] | None  # its concealed tiles: the viewer's own, everyone's once the hand is over


OfferView = TypedDict("OfferView", {
    "tile": int,
    "from": int,  # the discarder, or the seat making the added kong
    "kind": WindowKind,
})


class MsgView(TypedDict, total=False):
    """A text as a catalog key and its arguments (``game.rules.texts.Msg.to_json``; ``game.i18n`` renders it)."""

    key: str
    args: dict[str, Any]


class PatternView(TypedDict):
    key: str
    value: int
    text: MsgView  # its name


WinView = TypedDict("WinView", {
    "seat": int,
    "tile": str,  # tile name ("5p")
    "win": str,  # a WinBy value
    "from": int | None,
    "flags": list[str],
    "patterns": list[PatternView],
    "total": int,
})

TransferView = TypedDict("TransferView", {
    "from": int,
    "to": int,
    "points": int,
    "reason": str,  # the rule key that caused it
    "text": MsgView | None,  # the settlement screen's line
})


class ItemView(TypedDict):
    """One labelled settlement line of a seat."""

    seat: int
    key: str
    text: MsgView  # the settlement screen's line
    points: int
    detail: str


class ResultView(TypedDict):
    """The end-of-hand summary every seat may see (all hands revealed)."""

    end: HandEnd
    winners: list[int]
    wins: list[WinView]
    deltas: list[int]  # per seat, sums to zero
    transfers: list[TransferView]
    items: list[ItemView]
    notes: list[MsgView]  # table-wide lines
    info: dict[str, Any]  # variant facts of the settlement (e.g. the flipped chicken, who was ready)
    next_dealer: int


class View(TypedDict):
    """The seat view: everything ``seat`` may know about the hand now."""

    variant: str  # the variant id
    options: Options
    n: int  # players
    seat: int  # the viewer
    dealer: int
    hand_no: int
    dealer_streak: int
    turn: int  # the seat whose turn it is
    phase: Phase  # WAIT: a claim window this seat is not asked in
    acting: bool  # the viewer has a decision now
    awaiting: bool  # the viewer answered a claim window that is still open
    wall: int  # tiles left in the wall (undrawable reserve included)
    drawable: int  # tiles that may still be drawn from the front
    hand: list[int]  # the viewer's concealed tiles, sorted
    drawn: int | None  # the tile the viewer just drew (its own turn only)
    seats: list[SeatView]
    last_discard: list[int] | None  # [seat, tile]
    legal: list[Action]  # the viewer's legal actions now (empty when it has no decision)
    missed_win: bool  # 过手胡 holds: a win was passed since the viewer's last draw
    win_refusal: Refusal | None  # why the viewer may not win with the tile in play (own draw or offered tile)
    public: PublicInfo  # the variant's public facts (public.py)
    version: int  # changes whenever anything this seat sees changes
    offer: NotRequired[OfferView]  # the tile a claim window offers (only to seats it asks)
    result: NotRequired[ResultView]  # once the hand is over


class PublicView(TypedDict):
    """The table as a watcher without a seat sees it (``public_view``): what lies face up, whose turn it is, and
    the scores; never a concealed tile, the wall order, a drawn tile or anybody's options. On a table open to its
    watchers (``open``) every concealed hand and the tile just drawn are shown too, the wall order never."""

    variant: str
    options: Options
    n: int
    seat: None  # no seat: a watcher
    open: bool  # every concealed hand is shown (a bot-only or teaching table the host opened to watchers)
    dealer: int
    hand_no: int
    dealer_streak: int
    turn: int  # the seat whose turn it is
    phase: Phase  # TURN, END, or WAIT while a discard, an added kong or a 报听 decision is being answered
    wall: int
    drawable: int
    drawn: int | None  # open tables only: the tile the seat on turn just drew
    seats: list[SeatView]  # hand: None while the hand runs (every hand once it is over, or on an open table)
    last_discard: list[int] | None
    public: PublicInfo
    version: int  # changes whenever anything a watcher sees changes
    result: NotRequired[ResultView]


def view(st: HandState, seat: int) -> View:
    """A plain-data picture of the hand as ``seat`` sees it (msgpack/JSON friendly, ``legal`` aside)."""
    v = st.variant
    me = st.seats[seat]
    ended = st.phase == _END
    acting = engine.acting_seats(st)
    legal = engine.legal_actions(st, seat)
    phase = st.phase
    awaiting = False
    if phase in _WINDOW_PHASES:
        # Others' options stay hidden: a seat not being asked sees the same "wait" after every discard and
        # added kong (see pending_state), whether or not someone else may claim or declare ready.
        w = st.window
        awaiting = not legal and w is not None and seat in w.answers and w.answers[seat].kind != ActionKind.PASS
        if not legal and not awaiting:
            phase = _WAIT
    seats = _seat_views(st, seat, ended)
    out: View = {
        "variant": v.id,
        "options": dict(st.options),
        "n": st.n,
        "seat": seat,
        "dealer": st.dealer,
        "hand_no": st.hand_no,
        "dealer_streak": st.dealer_streak,
        "turn": st.turn,
        "phase": phase,
        "acting": seat in acting,
        "awaiting": awaiting,
        "wall": st.remaining,
        "drawable": max(0, v.drawable(st)),
        "hand": sorted(me.concealed()),
        "drawn": me.drawn if st.turn == seat and st.phase == _TURN else None,
        "seats": seats,
        "last_discard": list(st.last_discard) if st.last_discard else None,
        "legal": legal,
        "missed_win": me.missed_win is not None,
        "win_refusal": _win_refusal(st, seat),
        "public": v.public_info(st, seat),
        "version": _visible_version(st, seat, phase, legal, awaiting),
    }
    if st.window is not None and phase != _WAIT:
        out["offer"] = {"tile": st.window.tile, "from": st.window.source, "kind": st.window.kind}
    if ended:
        out["result"] = result(st)
    return out


def _seat_views(st: HandState, seat: int | None, shown: bool) -> list[SeatView]:
    """Every seat as ``seat`` sees it (None: a watcher); ``shown``: every concealed tile is shown (the hand is
    over, or a table open to its watchers)."""
    v = st.variant
    seats: list[SeatView] = []
    for i, s in enumerate(st.seats):
        melds: list[MeldView] = []
        for m in s.melds:
            tiles = m.tiles if (i == seat or shown) else v.meld_public_tiles(st, m)
            hidden = any(t is None for t in tiles)
            melds.append({"kind": m.kind, "tiles": list(tiles),
                          "faces": list(m.faces) if not hidden else [None] * len(m.faces),
                          "from": m.from_seat, "claimed": m.claimed})
        seats.append({
            "concealed": s.n_concealed,
            "melds": melds,
            "discards": [{"tile": d.tile, "claimed_by": d.claimed_by, "won": bool(d.won_by),
                          "declared": d.declared} for d in s.discards],
            "declared": s.declared,
            "score": st.scores[i] if st.scores else 0,
            "hand": sorted(s.concealed()) if (shown or i == seat) else None,
        })
    return seats


def public_view(st: HandState, open_hands: bool = False) -> PublicView:
    """The hand as a watcher sees it: ``view`` without a seat (see ``PublicView``).

    Every claim window and 报听 decision shows as ``WAIT`` (the point ``pending_state`` gives after every discard
    and added kong), so nothing tells whether anybody could claim; ``open_hands`` adds every concealed hand.
    """
    v = st.variant
    ended = st.phase == _END
    shown = ended or open_hands
    phase = _WAIT if st.phase in _WINDOW_PHASES else st.phase
    drawn = st.seats[st.turn].drawn if (open_hands and st.phase == _TURN) else None
    out: PublicView = {
        "variant": v.id,
        "options": dict(st.options),
        "n": st.n,
        "seat": None,
        "open": open_hands,
        "dealer": st.dealer,
        "hand_no": st.hand_no,
        "dealer_streak": st.dealer_streak,
        "turn": st.turn,
        "phase": phase,
        "wall": st.remaining,
        "drawable": max(0, v.drawable(st)),
        "drawn": drawn,
        "seats": _seat_views(st, None, shown),
        "last_discard": list(st.last_discard) if st.last_discard else None,
        "public": v.public_info(st, None),
        "version": 0,
    }
    if ended:
        out["result"] = result(st)
    key = (phase, st.turn, st.front, st.back, st.discard_count, st.claim_count, st.end, st.hand_no, drawn,
           tuple((s.n_concealed, len(s.melds), s.declared, len(s.discards)) for s in st.seats),
           tuple(tuple(s.counts) for s in st.seats) if open_hands else None)
    out["version"] = zlib.crc32(repr(key).encode())
    return out


def public_step(st: HandState) -> int:
    """A count of the hand's moves everyone sees (discards, claims, kongs, 报听, wins): what a watcher is told in
    place of ``visible_step``, which also counts answers that lost to a higher claim."""
    kongs = sum(1 for s in st.seats for m in s.melds if m.kind in (MeldKind.CONCEALED_KONG, MeldKind.ADDED_KONG))
    return st.discard_count + st.claim_count + kongs + sum(1 for s in st.seats if s.declared) + len(st.wins)


def _win_refusal(st: HandState, seat: int) -> Refusal | None:
    """Why ``seat`` may not win with the tile now in play: its own draw, or the tile a claim window offers.

    Only about the seat's own hand and public tiles, so it reveals nothing hidden.
    """
    if st.phase == _TURN:
        return engine.self_refusal(st) if seat == st.turn else None
    if st.phase in (_CLAIM, _ROB) and st.window is not None:
        return st.window.refusals.get(seat)
    return None


def _visible_version(st: HandState, seat: int, phase: Phase, legal: list[Action], awaiting: bool) -> int:
    """A change counter built only from what ``seat`` sees.

    The engine's own version also counts other seats' hidden decisions (a pass on a
    claim window nobody else was told about); exposing it would tell a seat that
    someone could have claimed.
    """
    me = st.seats[seat]
    key = (phase, st.turn, st.front, st.back, st.discard_count, st.claim_count, tuple(me.counts), me.drawn,
           tuple(legal), awaiting, st.end, tuple((len(s.melds), s.declared, len(s.discards)) for s in st.seats),
           st.hand_no)
    return zlib.crc32(repr(key).encode())


def pending_state(before: HandState, action: Action) -> HandState | None:
    """The hand just after ``action`` (a discard or an added kong), before anybody answers it.

    A window opens there for every seat, also when nobody may claim (the engine would move on
    at once): the state a client is shown first after every discard, so that what follows
    never tells whether another seat had an option. None when ``action`` opens no window.
    """
    if action.kind not in (ActionKind.DISCARD, ActionKind.KONG):
        return None
    st = before.copy()
    st.extra[engine.HOLD_EMPTY_WINDOWS] = True
    try:
        engine.apply(st, action)
    except ActionError:
        return None
    return st if st.phase in _WINDOW_PHASES else None


def same_point(a: HandState, b: HandState) -> bool:
    """Whether two states of one hand stand at the same point of play (a window still open in both)."""
    return (a.phase, a.turn, a.discard_count, a.claim_count, a.front, a.back, len(a.log)) == \
        (b.phase, b.turn, b.discard_count, b.claim_count, b.front, b.back, len(b.log))


def visible_step(st: HandState, seat: int) -> int:
    """How many of the hand's actions ``seat`` has seen: all but the other seats' passes (which say they had
    something to pass on)."""
    return sum(1 for a in st.log if a.kind != ActionKind.PASS or a.seat == seat)


def result(st: HandState) -> ResultView:
    """The end-of-hand summary every seat may see (all hands revealed)."""
    se = st.settlement
    assert se is not None and st.end is not None
    return {
        "end": st.end,
        "winners": [w.seat for w in st.wins],
        "wins": [{**w.to_json(), "patterns": [p.to_json() for p in w.score.patterns],  # type: ignore[typeddict-item]
                  "total": w.score.total} for w in st.wins],
        "deltas": se.deltas,
        "transfers": [t.to_json() | {"text": t.text.to_json() if t.text else None}  # type: ignore[misc]
                      for t in se.transfers],
        "items": [{"seat": i.seat, "key": i.key, "text": i.text.to_json(), "points": i.points,  # type: ignore[typeddict-item]
                   "detail": i.detail} for i in se.items],
        "notes": [n.to_json() for n in se.notes],  # type: ignore[misc]
        "info": dict(se.info),
        "next_dealer": st.variant.next_dealer(st),
    }


def events_for(events: list[Event], seat: int) -> list[Event]:
    """The events ``seat`` may see: events addressed to other seats dropped, routing keys and
    the secret fields of other seats' events removed."""
    out: list[Event] = []
    for item in events:
        to: list[int] | None = item.get("to")  # type: ignore[assignment]
        if to is not None and seat not in to:
            continue
        secret: tuple[str, ...] | None = item.get("secret")  # type: ignore[assignment]
        e: dict[str, Any] = {k: v for k, v in item.items() if k not in ("secret", "to")}
        if secret is not None and item.get("seat") != seat:
            for k in secret:
                e.pop(k, None)
        out.append(e)  # type: ignore[arg-type]
    return out


def spectator_events(events: list[Event]) -> list[Event]:
    """Every event with only its routing keys removed (a spectator of a local demo table sees all)."""
    return [{k: v for k, v in e.items() if k not in ("secret", "to")} for e in events]  # type: ignore[misc]


def public_events(events: list[Event], open_hands: bool = False) -> list[Event]:
    """The events a watcher may see: those addressed to some seats (a claim window's askees, answer receipts)
    dropped and every ``secret`` field removed; ``open_hands`` (a table open to its watchers): everything."""
    if open_hands:
        return spectator_events(events)
    out: list[Event] = []
    for item in events:
        if item.get("to") is not None:
            continue
        secret: tuple[str, ...] = item.get("secret") or ()  # type: ignore[assignment]
        out.append({k: v for k, v in item.items() if k not in secret and k not in ("secret", "to")})  # type: ignore[arg-type]
    return out
