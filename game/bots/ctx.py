"""Ctx: everything a bot may know at one decision, digested from its seat's view (``view(state, seat)``) only."""

from __future__ import annotations

from ..rules.actions import Action
from ..rules.advice import tracker
from ..rules.kinds import ActionKind, WindowKind
from ..rules.options import Options
from ..rules.public import PublicInfo
from ..rules.tiles import WHITE
from ..rules.view import DiscardView, MeldView, SeatView, View

OwnMelds = list[tuple[str, tuple[int, ...], int]]  # the seat's melds as (kind, faces, substitutes in it)


class Ctx:
    """One decision of one seat: its hand as counts, its melds, the live tiles, the offer, the legal actions."""

    __slots__ = (
        "_cache",
        "concealed",
        "counts",
        "dealer",
        "drawable",
        "drawn",
        "hand",
        "jk",
        "kinds",
        "legal",
        "live",
        "melds",
        "my_discards",
        "n",
        "n_melds",
        "offer",
        "offer_from",
        "offer_kind",
        "options",
        "public",
        "seat",
        "seats",
        "unseen",
        "variant",
        "view",
        "visible",
        "wface",
    )

    def __init__(self, view: View):
        self.view = view
        self.seat: int = view["seat"]
        self.n: int = view["n"]
        self.variant: str = view["variant"]
        self.options: Options = view.get("options") or {}
        self.dealer: int = view.get("dealer", 0)
        self.legal: list[Action] = list(view["legal"])
        self.kinds: set[ActionKind | str] = {a.kind for a in self.legal}
        self.hand: list[int] = list(view["hand"])
        c = [0] * 34
        for t in self.hand:
            c[t] += 1
        self.counts: list[int] = c
        self.drawn: int | None = view.get("drawn")
        self.seats: list[SeatView] = view["seats"]
        me = self.seats[self.seat]
        self.melds: list[MeldView] = me["melds"]
        self.n_melds = len(self.melds)
        self.concealed = not self.melds
        self.my_discards: list[DiscardView] = me["discards"]
        pub: PublicInfo = view.get("public") or {}
        self.public = pub
        wild = pub.get("wildcard")
        self.jk: int | None = wild if isinstance(wild, int) else None
        self.wface: int | None = self.jk if (self.jk is not None and pub.get("standin") == WHITE
                                             and self.jk != WHITE) else None
        off = view.get("offer")
        self.offer: int | None = off["tile"] if off else None
        self.offer_from: int | None = off["from"] if off else None
        self.offer_kind: WindowKind | None = off["kind"] if off else None
        self.drawable: int = view.get("drawable", view.get("wall", 0))
        self._cache: dict[object, object] = {}
        # the core's tile tracker (advice.tracker): what the UI's 记牌器 shows is what the bots count
        live = tracker(view)
        self.live: list[int] = live
        self.visible = [4 - x for x in live]  # copies accounted for: seen, or not in this variant's set
        self.unseen: int = sum(live) or 1

    def public_tiles(self, key: str) -> list[int]:
        """A list of tiles in the variant's public facts (yuxi's face-up ``tail``); [] if it has none."""
        got = self.public.get(key)
        return [t for t in got if isinstance(t, int)] if isinstance(got, list) else []

    def public_seats(self, key: str) -> dict[str, int]:
        """A tile name -> seat map in the variant's public facts (the chicken games' ``chong_feng``)."""
        got = self.public.get(key)
        return {k: v for k, v in got.items() if isinstance(v, int)} if isinstance(got, dict) else {}

    def of(self, kind: str) -> list[Action]:
        return [a for a in self.legal if a.kind == kind]

    def first(self, kind: str) -> Action | None:
        for a in self.legal:
            if a.kind == kind:
                return a
        return None


def own_melds(ctx: Ctx) -> OwnMelds:
    """The seat's own melds as (kind, faces, substitutes in it): its own faces are never face down."""
    out = []
    for m in ctx.melds:
        faces = meld_faces(m)
        out.append((str(m["kind"]), faces, sum(1 for t, f in zip(m["tiles"], faces) if t != f)))
    return out


def meld_faces(m: MeldView) -> tuple[int, ...]:
    """The faces of one of the seat's own melds (all known to it)."""
    return tuple(f for f in m["faces"] if f is not None)
