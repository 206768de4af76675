"""Player advice (小灯泡 and the tile tracker) computed from a seat's view alone.

Everything here reads only what ``view(state, seat)`` shows the seat, so a window
table, a LAN client and a bot get the same answers and nothing hidden can leak
into them. The variant's own shape test (``Variant.tiles_win``) judges the hands;
legality comes only from the view's ``legal`` list; why a win is refused comes
from the engine (the view's ``win_refusal`` code).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from . import tiles
from .codes import Refusal
from .kinds import ActionKind, MeldKind, Phase, WindowKind
from .state import Meld
from .variants import get as get_variant
from .variants.base import Variant
from .view import MeldView, View


class Wait(NamedTuple):
    """A tile that completes the hand, and how many copies this seat has not seen."""

    tile: int
    unseen: int


@dataclass(frozen=True)
class Advice:
    """What the seat could be told now (empty lists when nothing applies)."""

    waits: list[Wait] = field(default_factory=list)  # a 13-tile hand: what completes it
    per_discard: dict[int, list[Wait]] = field(default_factory=dict)  # a 14-tile turn: discard -> waits after it
    blocked: dict[int, Refusal] = field(default_factory=dict)  # held tiles that may not be discarded now, and why
    win_refusal: Refusal | None = None  # why a complete hand (or an offered winning tile) may not win now
    tracker: list[int] = field(default_factory=lambda: [0] * tiles.NUM_KINDS)  # unseen copies per tile kind


def tracker(view: View) -> list[int]:
    """For every tile kind, the copies this seat has not seen (记牌器).

    Seen: the seat's own hand and melds, every face-up meld tile and unclaimed
    discard of the others, a tile offered for robbing, and the variant's face-up
    tiles (an indicator, tail tiles). Other seats' concealed tiles and face-down
    kong tiles are never counted as seen; kinds outside the variant's tile set are 0.
    """
    variant = get_variant(view["variant"])
    full = tiles.counts(variant.tile_set(view["options"]))
    seen = _seen(view, variant)
    return [max(0, full[t] - seen[t]) for t in range(tiles.NUM_KINDS)]


def advise(view: View) -> Advice:
    """Waits with unseen counts, waits per candidate discard, blocked discards and the refused win."""
    variant = get_variant(view["variant"])
    unseen = tracker(view)
    if view["phase"] == Phase.END:
        return Advice(tracker=unseen)
    me = view["seat"]
    hand = list(view["hand"])
    legal = view["legal"]
    mine = view["seats"][me]
    melds = [_meld(m) for m in mine["melds"]]
    size = len(hand) + 3 * len(melds)
    counts = tiles.counts(hand)
    kinds = sorted(set(variant.tile_set(view["options"])))
    jokers = variant.wildcards(view["public"])
    can_win = any(a.kind == ActionKind.HU for a in legal)

    def waits_of(c: list[int]) -> list[Wait]:
        out = []
        for t in kinds:
            if c[t] >= 4 and t not in jokers:
                continue
            c[t] += 1
            try:
                if variant.tiles_win(view["options"], view["public"], c, melds, t):
                    out.append(Wait(t, unseen[t]))
            finally:
                c[t] -= 1
        return out

    discards = {a.tile for a in legal if a.kind == ActionKind.DISCARD}
    my_turn = view["phase"] == Phase.TURN and view["turn"] == me and bool(discards)
    if my_turn and size % 3 == 2:
        per: dict[int, list[Wait]] = {}
        blocked: dict[int, Refusal] = {}
        for cand in sorted(set(hand)):
            counts[cand] -= 1
            ws = waits_of(counts)
            counts[cand] += 1
            if ws:
                per[cand] = ws
            if cand not in discards:
                blocked[cand] = Refusal.DECLARED_DISCARD if mine["declared"] else Refusal.DISCARD_RULE
        refusal = None
        if not can_win and variant.tiles_win(view["options"], view["public"], counts, melds, view["drawn"]):
            refusal = view.get("win_refusal") or Refusal.NOT_A_WIN
        return Advice(per_discard=per, blocked=blocked, win_refusal=refusal, tracker=unseen)
    if size % 3 != 1:
        return Advice(tracker=unseen)
    waits = waits_of(counts)
    refusal = None
    tile = _tile_in_play(view)
    if tile is not None and not can_win and tile in {w.tile for w in waits}:
        refusal = view.get("win_refusal")
    return Advice(waits=waits, win_refusal=refusal, tracker=unseen)


def _tile_in_play(view: View) -> int | None:
    """The tile another seat just offered: a claim window's tile, or (not being asked) the last discard."""
    offer = view.get("offer")
    if offer is not None:
        return offer["tile"]
    last = view["last_discard"]
    if view["phase"] == Phase.WAIT and last and last[0] != view["seat"]:
        return last[1]
    return None


def _seen(view: View, variant: Variant) -> list[int]:
    c = [0] * tiles.NUM_KINDS
    for t in view["hand"]:
        c[t] += 1
    for s in view["seats"]:
        for d in s["discards"]:
            if d["claimed_by"] is None:
                c[d["tile"]] += 1
        for m in s["melds"]:
            for x in m["tiles"]:
                if x is not None:
                    c[x] += 1
    offer = view.get("offer")
    if offer is not None and offer["kind"] == WindowKind.ROB:
        c[offer["tile"]] += 1  # the added kong's tile: in no meld or discard yet
    for t in variant.public_tiles(view["public"]):
        c[t] += 1
    return c


def _meld(m: MeldView) -> Meld:
    """The seat's own meld as the shape tests take it (its own melds are never face down)."""
    physical = tuple(t for t in m["tiles"] if t is not None)
    faces = tuple(f for f in m["faces"] if f is not None) or physical
    return Meld(MeldKind(m["kind"]), physical, faces, m["from"], m["claimed"])
