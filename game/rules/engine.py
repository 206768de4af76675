"""The round engine: new_hand, legal_actions and apply, with claim windows of both policies.

``apply`` mutates the state it is given and returns it with the events it caused;
use ``state.copy()`` first where an untouched original is needed. All randomness
comes from the hand seed; the same seed, options and actions give the same hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import events, tiles
from .actions import (
    CHOW,
    DECLARE,
    DISCARD,
    HU,
    KONG,
    PASS,
    PUNG,
    Action,
    ActionError,
    IllegalActionError,
    InvalidActionError,
)
from .codes import ActionProblem, Refusal
from .events import Event
from .kinds import ActionKind, HandEnd, MeldKind, Phase, WinBy, WindowKind
from .options import Options
from .situation import Score
from .state import ClaimWindow, Discard, HandState, Meld, PendingWin, Seat, Win

# The phases tested on every call, bound once: on Python 3.11 an Enum class attribute lookup costs
# ~50 ns (EnumType defines __getattr__), a module global ~5 ns; views and legal actions are hot.
_TURN, _DECLARE, _CLAIM, _ROB, _END = Phase.TURN, Phase.DECLARE, Phase.CLAIM, Phase.ROB, Phase.END


if TYPE_CHECKING:
    from .variants.base import Variant


class ScenarioError(ValueError):
    """A hand set-up (hands/wall) that the variant's tile set cannot produce."""


# --------------------------------------------------------------------------- setup

def new_hand(variant: Variant, options: Options, *, seed: Any = 0, dealer: int | None = None, hand_no: int = 0,
             dealer_streak: int = 0, scores: list[int] | None = None,
             hands: list[list[int]] | None = None, wall: list[int] | None = None) -> tuple[HandState, list[Event]]:
    """Deal a hand. With ``hands``/``wall`` (a scenario) the tiles are taken as given."""
    n = variant.players(options)
    if dealer is None:
        dealer = variant.first_dealer(options, seed, n)
    if not 0 <= dealer < n:
        raise ScenarioError(f"dealer {dealer} is not a seat of a {n}-player table")
    if hands is None:
        deck = variant.tile_set(options)
        rng = variant.hand_seed(seed, hand_no)
        rng.shuffle(deck)
        hands = []
        pos = 0
        for s in range(n):
            k = 14 if s == dealer else 13
            hands.append(deck[pos:pos + k])
            pos += k
        wall = deck[pos:]
    else:
        _check_scenario(variant, options, n, dealer, hands, wall or [])
        wall = list(wall or [])
    st = HandState(variant, options, n, dealer, seed, wall, 0, len(wall))
    st.hand_no = hand_no
    st.dealer_streak = dealer_streak
    st.scores = list(scores) if scores else [0] * n
    st.turn = dealer
    emitted: list[Event] = []
    for s in range(n):
        seat = Seat()
        for t in hands[s]:
            seat.add(t)
        st.seats.append(seat)
        emitted.append(events.deal(s, sorted(hands[s])))
    emitted.append(events.start(dealer, hand_no, st.remaining))
    variant.setup(st, emitted)
    _start_turn(st, dealer, emitted, hands[dealer][-1])
    _advance(st, emitted)
    return st, emitted


def _check_scenario(variant: Variant, options: Options, n: int, dealer: int, hands: object,
                    wall: list[int]) -> None:
    if not isinstance(hands, list) or len(hands) != n:
        got = len(hands) if isinstance(hands, list) else repr(hands)
        raise ScenarioError(f"hands must list {n} hands (one per seat), got {got}")
    full = tiles.counts(variant.tile_set(options))
    used = [0] * tiles.NUM_KINDS
    for s, h in enumerate(hands):
        want = 14 if s == dealer else 13
        if len(h) != want:
            who = "dealer" if s == dealer else "non-dealer"
            raise ScenarioError(f"hand of seat {s} has {len(h)} tiles, needs {want} ({who})")
        for t in h:
            used[t] += 1
    for t in wall:
        used[t] += 1
    for k in range(tiles.NUM_KINDS):
        if used[k] > full[k]:
            have = "is not in this variant's tile set" if full[k] == 0 else f"appears {used[k]} times (max {full[k]})"
            raise ScenarioError(f"tile {tiles.name(k)} {have}")


# --------------------------------------------------------------------------- queries

def acting_seats(st: HandState) -> list[int]:
    """Seats that currently have a decision to make."""
    if st.phase in (_TURN, _DECLARE):
        return [st.turn]
    if st.phase in (_CLAIM, _ROB):
        w = _window(st)
        if st.variant.claim_policy == "sequential":
            return [w.queue[w.cursor][1]] if w.cursor < len(w.queue) else []
        return [s for s in w.options if s not in w.answers]
    return []


def legal_actions(st: HandState, seat: int) -> list[Action]:
    """Every action ``seat`` may take now (empty when it is not their decision)."""
    if st.phase == _TURN:
        return _turn_options(st, seat) if seat == st.turn else []
    if st.phase == _DECLARE:
        return [Action(seat, DECLARE), Action(seat, PASS)] if seat == st.turn else []
    if st.phase in (_CLAIM, _ROB):
        return _window_options(st, seat)
    return []


def _turn_options(st: HandState, seat: int) -> list[Action]:
    cache: tuple[int, list[Action]] | None = st.extra.get("_turn_cache")
    if cache is not None and cache[0] == st.version:
        return cache[1]
    v = st.variant
    s = st.seats[seat]
    out: list[Action] = []
    win = st.extra.get("_self_win")
    if win is not None:
        out.append(Action(seat, HU))
    if win is not None and v.must_win(st, seat, WinBy.SELF_DRAW):
        st.extra["_turn_cache"] = (st.version, out)
        return out
    if v.turn_kong_allowed(st, seat) and v.can_replace(st):
        faces = set()
        for face, _i, _t in v.added_kong_plans(st, seat):
            if v.kong_face_allowed(st, seat, face, MeldKind.ADDED_KONG):
                faces.add(face)
        for face, _got in v.concealed_kong_plans(st, seat):
            if v.kong_face_allowed(st, seat, face, MeldKind.CONCEALED_KONG):
                faces.add(face)
        out.extend(Action(seat, KONG, f) for f in sorted(faces))
    allowed = v.discard_choices(st, seat)
    kinds = [t for t in range(tiles.NUM_KINDS) if s.counts[t]] if allowed is None else sorted(set(allowed))
    out.extend(Action(seat, DISCARD, t) for t in kinds)
    st.extra["_turn_cache"] = (st.version, out)
    return out


def _window(st: HandState) -> ClaimWindow:
    """The open claim window (the CLAIM and ROB phases always have one)."""
    w = st.window
    assert w is not None
    return w


def _window_how(w: ClaimWindow) -> WinBy:
    """The way a win on this window's tile is made."""
    return WinBy.ROB_KONG if w.kind == WindowKind.ROB else WinBy.DISCARD


def _window_options(st: HandState, seat: int) -> list[Action]:
    w = _window(st)
    if seat not in w.options:
        return []
    if st.variant.claim_policy == "sequential":
        if w.cursor >= len(w.queue) or w.queue[w.cursor][1] != seat:
            return []
        level = w.queue[w.cursor][0]
        opts = list(w.options[seat]) if not st.extra.get(LEVEL_PROMPTS) else \
            [a for a in w.options[seat] if _prio(st, a.kind) == level]
    else:
        if seat in w.answers:
            return []
        opts = list(w.options[seat])
    if not (any(a.kind == HU for a in opts) and st.variant.must_win(st, seat, _window_how(w))):
        opts.append(Action(seat, PASS))
    return opts


def _prio(st: HandState, kind: ActionKind) -> int:
    return st.variant.priority[kind]


def _top(st: HandState, opts: list[Action]) -> int:
    return max(_prio(st, a.kind) for a in opts)


# st.extra flag for replaying logs saved before one prompt offered every option of a seat: the sequential
# policy then asks a seat once per priority level (碰 first, 吃 after everyone passed the 碰 level).
LEVEL_PROMPTS = "_level_prompts"


# --------------------------------------------------------------------------- apply

def apply(st: HandState, action: Action) -> tuple[HandState, list[Event]]:
    """Apply one seat's action; raises IllegalActionError (state unchanged) when it is not legal."""
    action = normalize(st, action)
    emitted: list[Event] = []
    st.log.append(action)
    st.version += 1
    if st.phase == _TURN:
        _apply_turn(st, action, emitted)
    elif st.phase == _DECLARE:
        _declare(st, action, emitted)
    else:
        _answer(st, action, emitted)
    _advance(st, emitted)
    return st, emitted


def _declare(st: HandState, a: Action, emitted: list[Event]) -> None:
    if a.kind == DECLARE:
        st.seats[a.seat].declared = True
        st.seats[a.seat].discards[-1].declared = True
        emitted.append(events.declare_ready(a.seat))
    _open_discard_window(st, emitted)


def normalize(st: HandState, action: Action) -> Action:
    """The legal Action ``action`` stands for (chows may be written by faces); IllegalActionError if none.

    Not an Action at all: InvalidActionError.
    """
    if not isinstance(action, Action):
        raise InvalidActionError(f"not an action: {action!r}")
    if st.phase == _END:
        raise IllegalActionError("the hand is over", ActionProblem.HAND_OVER)
    legal = legal_actions(st, action.seat)
    if not legal:
        who = acting_seats(st)
        raise IllegalActionError(f"seat {action.seat} has no decision now (waiting for "
                                 f"seat{'s' if len(who) != 1 else ''} {', '.join(map(str, who)) or '-'})",
                                 ActionProblem.NO_DECISION)
    for a in legal:
        if a == action:
            return a
    if action.kind == CHOW and action.tiles:
        faces = tuple(sorted(action.tiles))
        for a in legal:  # the fewest-substitute chow with these faces (listed first)
            if a.kind == CHOW and st.extra.get("_chow_faces", {}).get(a.tiles) == faces:
                return a
    if action.kind == KONG and action.tile is not None:
        for a in legal:
            if a.kind == KONG and a.tile is None and st.phase == _CLAIM and _window(st).tile == action.tile:
                return a
    kinds = sorted({a.kind for a in legal})
    detail = ""
    if action.kind == DISCARD and DISCARD in kinds:
        allowed = [a.tile for a in legal if a.kind == DISCARD and a.tile is not None]
        detail = f"; may discard {tiles.fmt(allowed)}"
    elif action.kind in kinds:
        detail = "; possible: " + ", ".join(str(a) for a in legal if a.kind == action.kind)
    raise IllegalActionError(f"{action} is not legal now (seat {action.seat} may: {', '.join(kinds)}{detail})")


def normalize_or_none(st: HandState, action: Action) -> Action | None:
    """The legal action ``action`` stands for, or None when it is not legal now."""
    try:
        return normalize(st, action)
    except ActionError:
        return None


def _apply_turn(st: HandState, a: Action, emitted: list[Event]) -> None:
    v = st.variant
    s = st.seats[a.seat]
    if a.kind == HU:
        sc = st.extra.pop("_self_win")
        assert s.drawn is not None
        _win(st, [PendingWin(a.seat, s.drawn, WinBy.SELF_DRAW, None, sc)], emitted)
        return
    if a.kind == DISCARD:
        assert a.tile is not None
        s.remove(a.tile)
        d = Discard(a.tile, after_kong=st.kong_by_turn, declared=s.declared)
        s.discards.append(d)
        s.drawn = None
        st.discard_count += 1
        st.last_discard = (a.seat, a.tile)
        st.after_kong = False
        st.kong_chain = 0
        st.kong_draws = []
        st.kong_by_turn = False
        _clear_self_win(st)
        emitted.append(events.discard(a.seat, a.tile, d.after_kong))
        if v.can_declare(st, a.seat):
            st.phase = _DECLARE
            return
        _open_discard_window(st, emitted)
        return
    if a.kind == KONG:
        _turn_kong(st, a, emitted)
        return
    raise IllegalActionError(f"{a} cannot be applied in a turn")


def _turn_kong(st: HandState, a: Action, emitted: list[Event]) -> None:
    v = st.variant
    s = st.seats[a.seat]
    _clear_self_win(st)
    for face, idx, tile in v.added_kong_plans(st, a.seat):
        if face == a.tile:
            s.remove(tile)
            st.pending_kong = (a.seat, idx, tile)
            emitted.append(events.kong_declared(a.seat, face, tile))
            if _open_rob_window(st, a.seat, tile, face, emitted):
                return
            _finish_added_kong(st, emitted)
            return
    for face, got in v.concealed_kong_plans(st, a.seat):
        if face == a.tile:
            for t in got:
                s.remove(t)
            late = _is_late(s, face)
            m = Meld(MeldKind.CONCEALED_KONG, tuple(got), (face,) * 4, None, None, late, s.extra.get("turns", 0))
            s.melds.append(m)
            emitted.append(events.kong(a.seat, MeldKind.CONCEALED_KONG, face, list(got), late))
            _kong_replacement(st, a.seat, emitted)
            return
    raise IllegalActionError(f"{a}: no kong of that tile")


def _finish_added_kong(st: HandState, emitted: list[Event]) -> None:
    assert st.pending_kong is not None
    seat, idx, tile = st.pending_kong
    st.pending_kong = None
    s = st.seats[seat]
    old = s.melds[idx]
    late = _is_late(s, old.face)
    s.melds[idx] = Meld(MeldKind.ADDED_KONG, old.tiles + (tile,), old.faces + (old.face,), old.from_seat,
                        old.claimed, late, s.extra.get("turns", 0))
    emitted.append(events.kong(seat, MeldKind.ADDED_KONG, old.face, list(old.tiles + (tile,)), late))
    _kong_replacement(st, seat, emitted)


def _is_late(s: Seat, face: int) -> bool:
    opp = s.extra.get("kong_opportunity", {}).get(face)
    return opp is not None and s.extra.get("turns", 0) > opp


def _kong_replacement(st: HandState, seat: int, emitted: list[Event]) -> None:
    v = st.variant
    st.turn = seat
    st.kong_chain += 1
    st.kong_by_turn = True
    tile = v.replacement(st, seat, emitted)
    s = st.seats[seat]
    s.add(tile)
    s.drawn = tile
    s.draws += 1
    s.missed_win = None
    st.after_kong = True
    st.kong_draws.append(tile)
    emitted.append(events.draw(seat, tile, replacement=True))
    st.phase = _TURN
    _turn_started(st, seat, claimed=False, new_turn=False)


def _start_turn(st: HandState, seat: int, emitted: list[Event], first_tile: int | None = None) -> None:
    """The dealer's first turn: no draw, the last dealt tile plays the drawn tile's part."""
    st.turn = seat
    st.phase = _TURN
    st.seats[seat].drawn = first_tile
    _turn_started(st, seat, claimed=False)


def _turn_started(st: HandState, seat: int, claimed: bool, new_turn: bool = True) -> None:
    """Bookkeeping when ``seat`` gets a tile to act on (a kong replacement continues the same turn)."""
    s = st.seats[seat]
    if new_turn:
        s.extra["turns"] = s.extra.get("turns", 0) + 1
    opp = s.extra.setdefault("kong_opportunity", {})
    pung_faces = {m.face for m in s.melds if m.kind == MeldKind.PUNG}
    for t in range(tiles.NUM_KINDS):
        if t not in opp and (s.counts[t] == 4 or (s.counts[t] and t in pung_faces)):
            opp[t] = s.extra["turns"]
    _clear_self_win(st)
    if claimed or s.drawn is None:
        return
    sc = st.variant.win_check(st, seat, None, WinBy.SELF_DRAW, None)
    if sc is not None and sc.valid:
        st.extra["_self_win"] = sc
    else:  # a view tells the seat why it may not win (advice)
        st.extra["_self_refusal"] = sc.refusal if sc is not None and sc.refusal else Refusal.NOT_A_WIN


def _clear_self_win(st: HandState) -> None:
    st.extra.pop("_self_win", None)
    st.extra.pop("_self_refusal", None)


def self_refusal(st: HandState) -> Refusal | None:
    """Why ``st.turn`` may not win on its current tile (None when it may, or has no drawn tile)."""
    refusal: Refusal | None = st.extra.get("_self_refusal")
    return refusal


def _draw(st: HandState, seat: int, emitted: list[Event]) -> None:
    v = st.variant
    if v.drawable(st) <= 0:
        _end_draw(st, emitted)
        return
    tile = st.wall[st.front]
    st.front += 1
    s = st.seats[seat]
    s.add(tile)
    s.drawn = tile
    s.draws += 1
    s.missed_win = None
    s.missed_pungs.clear()
    st.turn = seat
    st.phase = _TURN
    st.after_kong = False
    st.kong_chain = 0
    st.kong_draws = []
    st.kong_by_turn = False
    emitted.append(events.draw(seat, tile))
    v.on_draw(st, seat, tile, emitted)
    _turn_started(st, seat, claimed=False)


# --------------------------------------------------------------------------- claim windows

def _open_discard_window(st: HandState, emitted: list[Event]) -> None:
    v = st.variant
    assert st.last_discard is not None
    src, tile = st.last_discard
    last = v.drawable(st) <= 0
    w = ClaimWindow(tile, src, WindowKind.DISCARD)
    chow_faces = {}
    for k in range(1, st.n):
        seat = (src + k) % st.n
        opts: list[Action] = []
        sc = _discard_win(st, w, seat, tile, src, WinBy.DISCARD, emitted)
        if sc is not None:
            opts.append(Action(seat, HU))
            w.win_values[seat] = v.win_value(sc)
            st.extra.setdefault("_window_scores", {})[seat] = sc
        if not last or v.last_discard_claims(st):
            s = st.seats[seat]
            kong_ok = v.can_replace(st) and v.claim_allowed(st, seat, KONG)
            plan = v.pung_kong_plan(st, seat, tile, 3) if kong_ok else None
            if plan and v.kong_face_allowed(st, seat, plan[0], MeldKind.KONG):
                opts.append(Action(seat, KONG))
            if v.claim_allowed(st, seat, PUNG) and not (v.missed_pung and tile in s.missed_pungs) \
                    and v.pung_kong_plan(st, seat, tile, 2):
                opts.append(Action(seat, PUNG))
            if v.allow_chow and k == 1 and v.claim_allowed(st, seat, CHOW):
                for phys, faces in v.chow_options(st, seat, tile):
                    opts.append(Action(seat, CHOW, None, phys))
                    chow_faces[phys] = faces
        if opts:
            w.options[seat] = opts
    st.extra["_chow_faces"] = chow_faces
    _open_window(st, w, emitted)


def _discard_win(st: HandState, w: ClaimWindow, seat: int, tile: int, src: int, how: WinBy,
                 emitted: list[Event]) -> Score | None:
    """The Score of ``seat``'s win on the offered tile, or None with the refusal noted in the window.

    A tile that completes the hand's shape but whose win the rules refuse is told to that seat alone
    (``refused_win``): a player may ask why the 胡 button did not come.
    """
    v = st.variant
    s = st.seats[seat]
    sc = v.win_check(st, seat, tile, how, src)
    if sc is None or not sc.valid:
        w.refusals[seat] = sc.refusal if sc is not None and sc.refusal else Refusal.NOT_A_WIN
        if sc is not None:  # None: not even the shape (quick_win) fits
            emitted.append(events.refused_win(seat, tile, src, how, w.refusals[seat]))
        return None
    if s.missed_win is not None and v.win_value(sc) <= s.missed_win and not v.must_win(st, seat, how):
        w.refusals[seat] = Refusal.PASSED_WIN
        emitted.append(events.refused_win(seat, tile, src, how, Refusal.PASSED_WIN))
        return None
    return sc


# st.extra flag: a claim or rob window nobody can answer stays open instead of closing at once. Only copies
# made for views set it (view.pending_state): everybody is shown a window after every discard.
HOLD_EMPTY_WINDOWS = "_hold_empty_windows"


def _open_rob_window(st: HandState, konger: int, tile: int, face: int, emitted: list[Event]) -> bool:
    w = ClaimWindow(tile, konger, WindowKind.ROB, kong_face=face)
    for k in range(1, st.n):
        seat = (konger + k) % st.n
        sc = _discard_win(st, w, seat, tile, konger, WinBy.ROB_KONG, emitted)
        if sc is not None:
            w.options[seat] = [Action(seat, HU)]
            w.win_values[seat] = st.variant.win_value(sc)
            st.extra.setdefault("_window_scores", {})[seat] = sc
    if not w.options and not st.extra.get(HOLD_EMPTY_WINDOWS):
        return False
    _open_window(st, w, emitted)
    return True


def _open_window(st: HandState, w: ClaimWindow, emitted: list[Event]) -> None:
    if not w.options and not st.extra.get(HOLD_EMPTY_WINDOWS):
        st.window = None
        _close_no_claim(st, w, emitted)
        return
    if st.variant.claim_policy == "sequential":
        levels = sorted({_prio(st, a.kind) for opts in w.options.values() for a in opts}, reverse=True)
        legacy = bool(st.extra.get(LEVEL_PROMPTS))
        for lv in levels:
            for k in range(1, st.n):
                seat = (w.source + k) % st.n
                opts = w.options.get(seat, ())
                # one prompt per seat, at its highest level, offering all its options (legacy logs: one per level)
                if opts and (any(_prio(st, a.kind) == lv for a in opts) if legacy else _top(st, opts) == lv):
                    w.queue.append((lv, seat))
    st.window = w
    st.phase = _ROB if w.kind == WindowKind.ROB else _CLAIM
    emitted.append(events.claim_window(w.kind, w.tile, w.source, sorted(w.options)))


def _answer(st: HandState, a: Action, emitted: list[Event]) -> None:
    w = _window(st)
    v = st.variant
    seat = a.seat
    s = st.seats[seat]
    if a.kind != HU and seat in w.win_values and any(o.kind == HU for o in _window_options(st, seat)):
        s.missed_win = max(s.missed_win or 0, w.win_values[seat])
        w.refusals[seat] = Refusal.PASSED_WIN
        emitted.append(events.missed_win(seat))
    if v.missed_pung and a.kind in (PASS, CHOW) and any(o.kind == PUNG for o in _window_options(st, seat)):
        s.missed_pungs.add(w.tile)
    if v.claim_policy == "sequential":
        _answer_in_turn(st, w, a, emitted)
        return
    w.answers[seat] = a
    emitted.append(events.answered(seat))
    _try_resolve(st, emitted)


def _answer_in_turn(st: HandState, w: ClaimWindow, a: Action, emitted: list[Event]) -> None:
    """Sequential policy: a claim at the prompt's level wins at once (every higher prompt passed before it).

    A lower claim (吃 chosen at a 碰 prompt) is held: the prompts still to come that would outrank it
    (a higher level, or its level for a seat nearer the discarder) are asked first, and it stands only
    if they all pass. The holder sees that its claim waits, as it used to see its 吃 prompt wait.
    """
    if a.kind != PASS:
        if _prio(st, a.kind) >= w.queue[w.cursor][0]:
            _resolve(st, [a], emitted)
            return
        w.answers[a.seat] = a
        emitted.append(events.answered(a.seat))
    w.cursor += 1
    held = next((x for x in w.answers.values() if x.kind != PASS), None)
    if held is not None:
        level = _prio(st, held.kind)
        while w.cursor < len(w.queue):
            lv, seat = w.queue[w.cursor]
            if lv > level or (lv == level and _nearer(st, seat, held.seat, w.source)):
                break
            w.cursor += 1
    if w.cursor >= len(w.queue):
        _resolve(st, [held] if held is not None else [], emitted)


def _try_resolve(st: HandState, emitted: list[Event]) -> None:
    """Simultaneous policy: act once nobody who could outrank the best choice is still thinking.

    Everyone who may win answers before a win is settled, also with 一炮多响 off (``multi_win``): there the
    first 胡 in turn order after the discarder wins and the others' 胡 lapse (chicken.md, Options).
    """
    w = _window(st)
    best = 0
    chosen: list[Action] = []
    for k in range(1, st.n):
        seat = (w.source + k) % st.n
        a = w.answers.get(seat)
        if a is None or a.kind == PASS:
            continue
        p = _prio(st, a.kind)
        if p > best:
            best, chosen = p, [a]
        elif p == best and a.kind == HU:
            chosen.append(a)
    first = chosen[0].seat if chosen else None
    for k in range(1, st.n):
        seat = (w.source + k) % st.n
        if seat not in w.options or seat in w.answers:
            continue
        pot = max(_prio(st, o.kind) for o in w.options[seat])
        if pot > best:
            return
        if pot == best and best > 0:
            if best == _prio(st, HU):
                return
            if _nearer(st, seat, first, w.source):
                return
    if len(chosen) > 1 and not st.variant.multi_win_on(st.options):
        _lapse(st, w, chosen[1:], chosen[0].seat, emitted)
        chosen = chosen[:1]
    _resolve(st, chosen if best else [], emitted)


def _lapse(st: HandState, w: ClaimWindow, lapsed: list[Action], winner: int, emitted: list[Event]) -> None:
    """一炮多响 off: these seats chose 胡 on the tile a nearer seat wins; their hands count as not won."""
    st.extra["lapsed"] = [a.seat for a in lapsed]
    for a in lapsed:
        emitted.append(events.win_lapsed(a.seat, w.tile, w.source, winner))


def _nearer(st: HandState, a: int, b: int | None, src: int) -> bool:
    return b is None or (a - src) % st.n < (b - src) % st.n


def _resolve(st: HandState, chosen: list[Action], emitted: list[Event]) -> None:
    w = _window(st)
    st.window = None
    scores = st.extra.pop("_window_scores", {})
    if not chosen:
        _close_no_claim(st, w, emitted)
        return
    a = chosen[0]
    if a.kind == HU:
        how = _window_how(w)
        wins = [PendingWin(c.seat, w.tile, how, w.source, scores.get(c.seat)) for c in chosen]
        if w.kind == WindowKind.ROB:
            assert st.pending_kong is not None
            st.extra["robbed_tile"] = st.pending_kong[2]  # the kong never happens; the tile is the win tile
            st.pending_kong = None
        else:
            st.seats[w.source].discards[-1].won_by = tuple(c.seat for c in chosen)
        _win(st, wins, emitted)
        return
    _claim(st, a, w, emitted)


def _close_no_claim(st: HandState, w: ClaimWindow, emitted: list[Event]) -> None:
    if w.kind == WindowKind.ROB:
        st.phase = _TURN
        _finish_added_kong(st, emitted)
        return
    wins = st.variant.on_claim_closed(st, emitted)
    if wins:
        _win(st, wins, emitted)
        return
    _draw(st, (w.source + 1) % st.n, emitted)


def _claim(st: HandState, a: Action, w: ClaimWindow, emitted: list[Event]) -> None:
    v = st.variant
    seat = a.seat
    s = st.seats[seat]
    src = w.source
    disc = st.seats[src].discards[-1]
    disc.claimed_by = seat
    st.claim_count += 1
    s.missed_win = None
    s.missed_pungs.clear()
    st.kong_chain = 0
    st.kong_draws = []
    st.kong_by_turn = False
    s.extra["turns"] = s.extra.get("turns", 0) + 1  # a claim starts the claimer's turn
    if a.kind == CHOW:
        assert a.tiles is not None
        faces = st.extra.get("_chow_faces", {})[a.tiles]
        idx = a.tiles.index(w.tile)
        for i, t in enumerate(a.tiles):
            if i != idx:
                s.remove(t)
        m = Meld(MeldKind.CHOW, a.tiles, faces, src, idx, False, s.extra["turns"])
    else:
        need = 3 if a.kind == KONG else 2
        plan = v.pung_kong_plan(st, seat, w.tile, need)
        assert plan is not None  # the claim was offered because this plan exists
        face, got = plan
        for t in got:
            s.remove(t)
        kind = MeldKind.KONG if a.kind == KONG else MeldKind.PUNG
        m = Meld(kind, tuple(got) + (w.tile,), (face,) * (need + 1), src, need, False, s.extra["turns"])
        if kind == MeldKind.PUNG and s.counts[face]:
            # the fourth tile is already held: its kong was offered on this discard, so adding it later is late
            s.extra.setdefault("kong_opportunity", {})[face] = s.extra["turns"] - 1
    s.melds.append(m)
    emitted.append(events.claim(seat, m.kind, src, w.tile, list(m.tiles), m.face))
    st.turn = seat
    s.drawn = None
    if a.kind == KONG:
        _kong_replacement(st, seat, emitted)
        return
    st.phase = _TURN
    st.after_kong = False
    _turn_started(st, seat, claimed=True, new_turn=False)


# --------------------------------------------------------------------------- end

def _win(st: HandState, wins: list[PendingWin], emitted: list[Event]) -> None:
    """End the hand with these wins (a None score is computed here)."""
    v = st.variant
    for seat, tile, how, source, sc in wins:
        if sc is None:
            sc = v.win_score(st, seat, tile if how != WinBy.SELF_DRAW else None, how, source)
        assert sc is not None, f"seat {seat} is declared a winner without a winning hand"
        st.wins.append(Win(seat, tile, how, source, sc, list(sc.info.get("flags", []))))
        emitted.append(events.win(seat, tile, how, source, [p.key for p in sc.patterns]))
    st.end = HandEnd.WIN
    _finish(st, emitted)


def _end_draw(st: HandState, emitted: list[Event]) -> None:
    st.end = HandEnd.DRAW
    emitted.append(events.exhausted())
    _finish(st, emitted)


def _finish(st: HandState, emitted: list[Event]) -> None:
    v = st.variant
    st.phase = _END
    st.window = None
    v.on_hand_end(st, emitted)
    st.settlement = v.settle(st)
    assert st.end is not None
    emitted.append(events.end(st.end, [w.seat for w in st.wins], st.settlement.deltas,
                              [tiles.fmt(s.concealed()) for s in st.seats]))


def _advance(st: HandState, emitted: list[Event]) -> None:
    """Take the steps the rules take by themselves (automatic wins, forced moves)."""
    for _ in range(1024):  # bounded by the wall: every automatic discard uses a drawn tile
        if st.phase == _END:
            return
        a = st.variant.automatic_action(st)
        if a is None:
            return
        a = normalize(st, a)
        st.version += 1  # automatic steps are not logged: a replay takes them again by itself
        emitted.append(events.auto(a.seat, a.kind))
        if st.phase == _TURN:
            _apply_turn(st, a, emitted)
        elif st.phase == _DECLARE:
            _declare(st, a, emitted)
        else:
            _answer(st, a, emitted)
