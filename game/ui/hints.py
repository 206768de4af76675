"""Hints (小灯泡): waiting tiles with unseen counts, waits per candidate discard, blocked discards, no-win reasons.

The UI decides no rule: it asks the variant's own ``quick_win`` shape test on a
copy of the state (the real one for a local table, one rebuilt from the view for
a network table) for each tile kind, and shows what comes back. Legality comes
only from the view's ``legal`` list.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules import analysis as A
from game.rules import tiles as T
from game.ui import strings as S


@dataclass
class Hints:
    waits: list[tuple[int, int]] = field(default_factory=list)  # (tile, unseen) for the current hand
    per_discard: dict[int, list[tuple[int, int]]] = field(default_factory=dict)  # 14-tile turn: discard -> waits
    blocked: dict[int, str] = field(default_factory=dict)  # tile -> why it may not be discarded
    no_win: str | None = None  # why a complete-looking hand may not win now


def visible_counts(view: dict) -> list[int]:
    """Copies of each kind the viewer can see: own hand, every discard and meld, face-up public tiles."""
    c = [0] * 34
    for t in view.get("hand") or []:
        c[t] += 1
    for s in view["seats"]:
        for d in s["discards"]:
            if d.get("claimed_by") is None:
                c[d["tile"]] += 1
        if s is view["seats"][view["seat"]]:
            pass
        for m in s["melds"]:
            for t in m["tiles"]:
                if t is not None:
                    c[t] += 1
    pub = view.get("public") or {}
    for key, v in pub.items():
        if key in ("wildcard", "standin"):
            continue  # names of kinds, not tiles lying on the table
        if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 34 and key in ("indicator", "flip", "zhuo_ji"):
            c[v] += 1
        elif isinstance(v, (list, tuple)) and key in ("tail", "tail_tiles", "face_up") and all(
                isinstance(x, int) and 0 <= x < 34 for x in v):
            for x in v:
                c[x] += 1
    return c


class HintEngine:
    def __init__(self, variant):
        self.variant = variant
        self._key = None
        self._val: Hints | None = None

    def kinds(self, options) -> list[int]:
        try:
            return sorted(set(self.variant.tile_set(options)))
        except Exception:  # noqa: BLE001 - a variant hook failing must not break the table
            return list(range(34))

    def compute(self, view: dict, state=None) -> Hints:
        me = view["seat"]
        key = (S.lang(), view.get("version"), tuple(view.get("hand") or ()), view.get("phase"), me,
               tuple(view.get("legal") or ()), (view.get("offer") or {}).get("tile"))
        if key == self._key and self._val is not None:
            return self._val
        h = Hints()
        try:
            self._compute(view, state, h)
        except Exception:  # noqa: BLE001 - hints are a convenience; never crash the table
            pass
        self._key, self._val = key, h
        return h

    # ------------------------------------------------------------------
    def _state(self, view, state):
        if state is not None:
            return state.copy()
        return pseudo_state(self.variant, view)

    def _compute(self, view, state, h: Hints) -> None:
        me = view["seat"]
        if view.get("phase") == "end" or me is None:
            return
        hand = list(view.get("hand") or [])
        legal = view.get("legal") or []
        kinds = self.kinds(view.get("options") or {})
        seen = visible_counts(view)
        st = self._state(view, state)
        seat = st.seats[me]
        n_melds = len(view["seats"][me]["melds"])

        def waits_now() -> list[int]:
            return [t for t in kinds if self._wins_with(st, seat, me, t)]

        discards = [a for a in legal if a.kind == "discard"]
        my_turn = view.get("phase") == "turn" and view.get("turn") == me and bool(discards)
        if my_turn and (len(hand) + 3 * n_melds) % 3 == 2:
            allowed = {a.tile for a in discards}
            for cand in sorted(set(hand)):
                seat.remove(cand)
                try:
                    ws = waits_now()
                finally:
                    seat.add(cand)
                if ws:
                    h.per_discard[cand] = [(t, max(0, 4 - seen[t])) for t in ws]
                if cand not in allowed:
                    declared = view["seats"][me].get("declared")
                    h.blocked[cand] = S.tr("hint.why_declared") if declared else S.tr("hint.why_rule")
            if not any(a.kind == "hu" for a in legal) and self._complete(st, seat, me):
                h.no_win = self._why(view, st, me, None, "self_draw")
        elif (len(hand) + 3 * n_melds) % 3 == 1:
            h.waits = [(t, max(0, 4 - seen[t])) for t in waits_now()]
            offer = view.get("offer")
            tile = offer["tile"] if offer else None
            if tile is None and view.get("phase") == "wait" and view.get("last_discard"):
                src, t = view["last_discard"]
                if src != me:
                    tile = t
            if tile is not None and not any(a.kind == "hu" for a in legal) and tile in {t for t, _ in h.waits}:
                src = offer["from"] if offer else view["last_discard"][0]
                how = "rob_kong" if offer and offer.get("kind") == "rob" else "discard"
                h.no_win = self._why(view, st, me, tile, how, src)

    def _wins_with(self, st, seat, me, t) -> bool:
        if seat.counts[t] >= 4 and t not in self._jokers(st):
            return False
        seat.add(t)
        old = seat.drawn
        seat.drawn = t
        try:
            return bool(self.variant.quick_win(st, me, None, "self_draw"))
        finally:
            seat.drawn = old
            seat.remove(t)

    def _jokers(self, st):
        try:
            return self.variant.jokers(st)
        except Exception:  # noqa: BLE001
            return frozenset()

    def _complete(self, st, seat, me) -> bool:
        try:
            return bool(self.variant.quick_win(st, me, None, "self_draw"))
        except Exception:  # noqa: BLE001
            return False

    def _why(self, view, st, me, tile, how, src=None) -> str:
        if view.get("missed_win"):
            return S.tr("hint.why_missed")
        try:
            seat = st.seats[me]
            t = tile if tile is not None else seat.drawn
            if t is None:
                return S.tr("hint.why_generic")
            sit = self.variant.situation(st, me, t, how, src)
            sc = self.variant.score(sit)
            if not sc.valid and sc.reason and sc.reason != "not a winning hand":
                if "pass (通行证)" in sc.reason or "needs a pass" in sc.reason:
                    return S.tr("hint.why_pass")
                return sc.reason
        except Exception:  # noqa: BLE001
            pass
        return S.tr("hint.why_generic")


def pseudo_state(variant, view: dict):
    """A HandState rebuilt from what the view shows (for a network table, where no state is local)."""
    from game.rules.state import HandState, Meld, Seat

    n = view["n"]
    st = HandState(variant, dict(view.get("options") or {}), n, view["dealer"], 0, [], 0, view.get("wall", 0))
    st.turn = view.get("turn", 0)
    st.phase = view.get("phase") if view.get("phase") in ("turn", "claim", "rob", "declare", "end") else "claim"
    pub = view.get("public") or {}
    st.extra.update(pub)
    for i, info in enumerate(view["seats"]):
        seat = Seat()
        if i == view["seat"]:
            for t in view.get("hand") or []:
                seat.add(t)
            seat.drawn = view.get("drawn")
            seat.declared = bool(info.get("declared"))
        for m in info["melds"]:
            tiles = tuple(t for t in m["tiles"] if t is not None)
            faces = tuple(f for f in (m.get("faces") or m["tiles"]) if f is not None)
            if not tiles:
                continue
            seat.melds.append(Meld(m["kind"], tiles, faces or tiles, m.get("from"), m.get("claimed")))
        st.seats.append(seat)
    return st


def standard_waits(hand: list[int], jokers: int = 0) -> list[int]:
    """Shape-only waits (standard + seven pairs) for when no variant hook is usable."""
    c = T.counts(hand)
    out = set(A.waits(c, jokers))
    if len(hand) + jokers == 13:
        out.update(A.waits_seven_pairs(c, jokers))
    return sorted(out)
