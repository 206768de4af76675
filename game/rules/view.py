"""What one seat may know: ``view(state, seat)`` and ``events_for(events, seat)``.

Nothing else outside the rules core reads a HandState: the client, the bots and
the LAN host all go through these two functions.
"""

from __future__ import annotations

import zlib

from . import engine as E
from .actions import DISCARD, KONG, PASS, Action
from .state import CLAIM, DECLARE, END, ROB, HandState


def view(st: HandState, seat: int) -> dict:
    """A plain-data picture of the hand as ``seat`` sees it (msgpack/JSON friendly)."""
    v = st.variant
    me = st.seats[seat]
    ended = st.phase == END
    acting = E.acting_seats(st)
    legal = E.legal_actions(st, seat)
    phase = st.phase
    awaiting = False
    if phase in (CLAIM, ROB, DECLARE):
        # Others' options stay hidden: a seat not being asked sees the same "wait" after every discard and
        # added kong (see pending_state), whether or not someone else may claim or declare ready.
        w = st.window
        awaiting = not legal and w is not None and seat in w.answers and w.answers[seat].kind != "pass"
        if not legal and not awaiting:
            phase = "wait"
    seats = []
    for i, s in enumerate(st.seats):
        melds = []
        for m in s.melds:
            shown = m.tiles if (i == seat or ended) else v.meld_public_tiles(st, m)
            hidden = any(t is None for t in shown)
            melds.append({"kind": m.kind, "tiles": list(shown),
                          "faces": list(m.faces) if not hidden else [None] * len(m.faces),
                          "from": m.from_seat, "claimed": m.claimed})
        seats.append({
            "concealed": s.n_concealed,
            "melds": melds,
            "discards": [{"tile": d.tile, "claimed_by": d.claimed_by, "won": bool(d.won_by),
                          "declared": d.declared} for d in s.discards],
            "declared": s.declared,
            "score": st.scores[i] if st.scores else 0,
            "hand": sorted(s.concealed()) if (ended or i == seat) else None,
        })
    out = {
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
        "drawn": me.drawn if st.turn == seat and st.phase == "turn" else None,
        "seats": seats,
        "last_discard": list(st.last_discard) if st.last_discard else None,
        "legal": legal,
        "missed_win": me.missed_win is not None,
        "public": v.public_info(st, seat),
        "version": _visible_version(st, seat, phase, legal, awaiting),
    }
    if st.window is not None and phase != "wait":
        out["offer"] = {"tile": st.window.tile, "from": st.window.source, "kind": st.window.kind}
    if ended:
        out["result"] = result(st)
    return out


def _visible_version(st: HandState, seat: int, phase: str, legal: list, awaiting: bool) -> int:
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
    if action.kind not in (DISCARD, KONG):
        return None
    st = before.copy()
    st.extra[E.HOLD_EMPTY_WINDOWS] = True
    try:
        E.apply(st, action)
    except E.ActionError:
        return None
    return st if st.phase in (CLAIM, ROB, DECLARE) else None


def same_point(a: HandState, b: HandState) -> bool:
    """Whether two states of one hand stand at the same point of play (a window still open in both)."""
    return (a.phase, a.turn, a.discard_count, a.claim_count, a.front, a.back, len(a.log)) == \
        (b.phase, b.turn, b.discard_count, b.claim_count, b.front, b.back, len(b.log))


def visible_step(st: HandState, seat: int) -> int:
    """How many of the hand's actions ``seat`` has seen: all but the other seats' passes (which say they had
    something to pass on)."""
    return sum(1 for a in st.log if a.kind != PASS or a.seat == seat)


def result(st: HandState) -> dict:
    """The end-of-hand summary every seat may see (all hands revealed)."""
    se = st.settlement
    return {
        "end": st.end,
        "winners": [w.seat for w in st.wins],
        "wins": [{**w.to_json(), "patterns": [p.to_json() for p in (w.score.patterns if w.score else [])],
                  "total": w.score.total if w.score else 0} for w in st.wins],
        "deltas": se.deltas,
        "transfers": [t.to_json() | {"label": t.label, "label_en": t.label_en} for t in se.transfers],
        "items": [{"seat": i.seat, "key": i.key, "label": i.label, "label_en": i.label_en, "points": i.points,
                   "detail": i.detail} for i in se.items],
        "notes": list(se.notes),
        "notes_en": list(se.notes_en),
        "info": dict(se.info),
        "next_dealer": st.variant.next_dealer(st),
    }


def events_for(events: list, seat: int) -> list:
    """The events ``seat`` may see: secret fields of other seats' events removed."""
    out = []
    for ev in events:
        to = ev.get("to")
        if to is not None and seat not in to:
            continue
        secret = ev.get("secret")
        e = {k: v for k, v in ev.items() if k not in ("secret", "to")}
        if secret is not None and ev.get("seat") != seat:
            for k in secret:
                e.pop(k, None)
        out.append(e)
    return out
