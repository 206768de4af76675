"""Bot framework: what a seat's view says (Ctx), the decision loop and the per-variant strategy lookup."""

from __future__ import annotations

import random
from typing import Protocol

from ..rules.actions import CHOW, DECLARE, DISCARD, HU, KONG, PASS, PUNG, Action
from ..rules.advice import tracker
from ..rules.view import View

WHITE = 31


class Player(Protocol):
    """Anything that plays a seat: gets the seat's view, returns one of its legal Actions."""

    def act(self, view: View) -> Action: ...


class Ctx:
    """Everything a bot may know at one decision, digested from ``view(state, seat)`` only."""

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
        self.seat = view["seat"]
        self.n = view["n"]
        self.variant = view["variant"]
        self.options = view.get("options") or {}
        self.dealer = view.get("dealer", 0)
        self.legal: list[Action] = list(view["legal"])
        self.kinds = {a.kind for a in self.legal}
        self.hand = list(view["hand"])
        c = [0] * 34
        for t in self.hand:
            c[t] += 1
        self.counts = c
        self.drawn = view.get("drawn")
        self.seats = view["seats"]
        me = self.seats[self.seat]
        self.melds = me["melds"]
        self.n_melds = len(self.melds)
        self.concealed = not self.melds
        self.my_discards = me["discards"]
        pub = view.get("public") or {}
        self.public = pub
        self.jk = pub.get("wildcard")
        self.wface = self.jk if (self.jk is not None and pub.get("standin") == WHITE and self.jk != WHITE) else None
        off = view.get("offer")
        self.offer = off["tile"] if off else None
        self.offer_from = off["from"] if off else None
        self.offer_kind = off["kind"] if off else None
        self.drawable = view.get("drawable", view.get("wall", 0))
        self._cache: dict[object, object] = {}
        # the core's tile tracker (advice.tracker): what the UI's 记牌器 shows is what the bots count
        live = tracker(view)
        self.live = live
        self.visible = [4 - x for x in live]  # copies accounted for: seen, or not in this variant's set
        self.unseen = sum(live) or 1

    def of(self, kind: str) -> list[Action]:
        return [a for a in self.legal if a.kind == kind]

    def first(self, kind: str) -> Action | None:
        for a in self.legal:
            if a.kind == kind:
                return a
        return None


_WARM = False


def warm() -> None:
    """Load the analysis tables and move them out of the garbage collector's way (once per process).

    The tables are large lists of ints that never die; a full collection walking them costs ~5 ms,
    which would otherwise land inside some unlucky bot decision.
    """
    global _WARM
    if _WARM:
        return
    _WARM = True
    import gc

    from ..rules.analysis import shanten_keys

    shanten_keys(0, 0, 0, 0, 0)
    gc.collect()
    gc.freeze()


class BotBase:
    """A player: ``act(view) -> Action``. Subclasses implement ``turn``, ``claim`` and ``declare``."""

    level = "base"
    name = "base"
    name_zh = ""
    name_en = ""

    def __init__(self, seed=0):
        self.seed = seed
        self.rng = random.Random(f"bot:{self.level}:{seed}")
        warm()

    def act(self, view: View) -> Action:
        ctx = Ctx(view)
        if not ctx.legal:
            raise ValueError("the view offers no decision")
        if len(ctx.legal) == 1:
            return ctx.legal[0]
        strat = self.strategy(ctx.variant)
        if DECLARE in ctx.kinds:
            a = self.declare(ctx, strat)
        elif DISCARD in ctx.kinds or (ctx.view.get("phase") == "turn" and ctx.seat == ctx.view.get("turn")):
            a = self.turn(ctx, strat)
        else:
            a = self.claim(ctx, strat)
        return a if a in ctx.legal else self._fallback(ctx)

    def strategy(self, vid: str):
        from .strategy import for_variant

        return for_variant(vid)

    def _fallback(self, ctx: Ctx) -> Action:
        for k in (HU, PASS, DISCARD):
            a = ctx.first(k)
            if a is not None:
                return a
        return ctx.legal[0]

    def turn(self, ctx, strat) -> Action:  # pragma: no cover - abstract
        raise NotImplementedError

    def claim(self, ctx, strat) -> Action:  # pragma: no cover - abstract
        raise NotImplementedError

    def declare(self, ctx, strat) -> Action:
        a = ctx.first(DECLARE)
        return a if a is not None else ctx.first(PASS)


__all__ = ["CHOW", "DECLARE", "DISCARD", "HU", "KONG", "PASS", "PUNG", "BotBase", "Ctx", "Player"]
