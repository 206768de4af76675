"""Bot framework: the Player protocol and BotBase, the decision scaffolding every level shares."""

from __future__ import annotations

import random
from typing import ClassVar, Protocol

from ..rules.actions import DECLARE, DISCARD, HU, PASS, Action
from ..rules.view import View
from .ctx import Ctx
from .variant import VariantStrategy
from .variants import strategy_for


class Player(Protocol):
    """Anything that plays a seat: gets the seat's view, returns one of its legal Actions."""

    def act(self, view: View) -> Action: ...


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
    """A player of one level: ``act(view)`` digests the view (``Ctx``), looks up the variant's strategy and
    asks one of three hooks: ``declare`` (a 报听 prompt), ``turn`` (its own turn) or ``claim`` (a claim
    window). An answer the view does not offer falls back to a legal one."""

    level: ClassVar[str] = "base"
    name: ClassVar[str] = "base"
    name_zh: ClassVar[str] = ""
    name_en: ClassVar[str] = ""

    def __init__(self, seed: object = 0) -> None:
        self.seed = seed
        self.rng = random.Random(f"bot:{self.level}:{seed}")
        warm()

    def act(self, view: View) -> Action:
        ctx = Ctx(view)
        if not ctx.legal:
            raise ValueError("the view offers no decision")
        if len(ctx.legal) == 1:
            return ctx.legal[0]
        strat = strategy_for(ctx.variant)
        if DECLARE in ctx.kinds:
            a = self.declare(ctx, strat)
        elif DISCARD in ctx.kinds or (ctx.view.get("phase") == "turn" and ctx.seat == ctx.view.get("turn")):
            a = self.turn(ctx, strat)
        else:
            a = self.claim(ctx, strat)
        return a if a in ctx.legal else self._fallback(ctx)

    def _fallback(self, ctx: Ctx) -> Action:
        for k in (HU, PASS, DISCARD):
            a = ctx.first(k)
            if a is not None:
                return a
        return ctx.legal[0]

    def turn(self, ctx: Ctx, strat: VariantStrategy) -> Action:  # pragma: no cover - abstract
        """The seat's own turn: a discard, a kong or a self-drawn win."""
        raise NotImplementedError

    def claim(self, ctx: Ctx, strat: VariantStrategy) -> Action:  # pragma: no cover - abstract
        """A claim window on another seat's discard (or added kong): win, pung, kong, chow or pass."""
        raise NotImplementedError

    def declare(self, ctx: Ctx, strat: VariantStrategy) -> Action:
        """A 报听 prompt: declare when offered."""
        a = ctx.first(DECLARE)
        if a is not None:
            return a
        return ctx.first(PASS) or ctx.legal[0]
