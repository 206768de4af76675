"""Level 高手 (strong): ``Expert``, the base every variant's expert subclasses, with its scaffolding and typed hooks.

An expert plays one variant (``strong_chicken``, ``strong_wenshan``, ``strong_yuxi``); ``levels`` picks
it by the view's variant. The scaffolding here is written once for all of them:

- ``act`` remembers whether the seat's last action was a kong (``hot``: its next discard is a 热炮 if
  won on);
- ``turn``: the variant's outright choice (``preferred``), else a self-drawn win, else ``choose_turn``;
- ``claim``: the variant's outright choice, else a discard win weighed by ``discard_win``, else a pass
  when the window offers no claim, else ``choose_claim``;
- ``declare`` (报听) as the 熟手 answers it, unless the variant overrides it.

A variant fills the hooks ``choose_turn`` and ``choose_claim`` (by default the 熟手's choices, so a
variant without an expert plays as the 熟手), and where its economy needs them ``preferred``,
``discard_win`` and ``declare``. Helpers shared by the variants: the hazard ``model``, the discard
tiles, and ``anchored`` (the 熟手's choice unless the value model finds another clearly better).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ..rules.actions import CHOW, DISCARD, HU, KONG, PASS, PUNG, Action
from ..rules.view import View
from .ctx import Ctx
from .hand_value import Evaluator
from .normal import NormalBot
from .variant import VariantStrategy
from .win_chances import Model

CLAIMS = (PUNG, KONG, CHOW)


class Expert(NormalBot):
    """The 高手 in one variant: the 熟手's play and tools, plus the value of each action (see the module)."""

    level: ClassVar[str] = "strong"
    name: ClassVar[str] = "strong"
    name_zh: ClassVar[str] = "高手"
    name_en: ClassVar[str] = "Expert"
    rho = 0.5  # route mixing in the hand value (0: the best single route)
    ready_mid = 9.0  # discards (+2.5 per claimed meld) at which an opponent is ready half of the time
    win_rate = 0.3  # chance per round that a ready opponent wins (the hazard of the hand ending)
    # the fitted afterstate value (issue 41): weights of the variant's ``afterstate`` features (None: the
    # variant's hand-set choice decides)
    value_weights: tuple[float, ...] | None = None
    record = False  # keep each candidate's features in ``last_features`` (build/fit_value.py)

    def __init__(self, vid: str, seed: object = 0) -> None:
        super().__init__(seed)
        self.vid = vid
        self.why = ""  # where the last decision came from (for the analysis tools in build/)
        self.hot = False  # the seat's last action was a kong: its next discard is a 热炮 if won on
        self._kong_hand: tuple[int | None, int | None] | None = None  # the hand of that kong
        self.last_features: dict[Action, list[float]] = {}  # each candidate's afterstate features, last decision

    def configure(self, settings: Mapping[str, object]) -> None:
        """Experiments (build/ab.py): set named attributes of this expert; an unknown name is an error."""
        for key, value in settings.items():
            if not hasattr(self, key) or callable(getattr(self, key)):
                raise ValueError(f"{self.vid} expert has no setting {key!r}")
            setattr(self, key, value)

    # ---- the scaffolding ------------------------------------------------------------------------------
    def act(self, view: View) -> Action:
        hand = (view.get("hand_no"), view.get("dealer"))
        self.hot = self._kong_hand == hand
        a = super().act(view)
        self._kong_hand = hand if a.kind == KONG else None
        return a

    def turn(self, ctx: Ctx, strat: VariantStrategy) -> Action:
        first = self.preferred(ctx)
        if first is not None:
            return first
        hu = ctx.first(HU)
        if hu is not None:
            return hu
        return self.choose_turn(ctx, strat)

    def claim(self, ctx: Ctx, strat: VariantStrategy) -> Action:
        first = self.preferred(ctx)
        if first is not None:
            return first
        hu = ctx.first(HU)
        if hu is not None:
            return self.discard_win(ctx, strat, hu)
        if not any(a.kind in CLAIMS for a in ctx.legal):
            return ctx.first(PASS) or ctx.legal[0]
        return self.choose_claim(ctx, strat)

    # ---- the hooks a variant fills ---------------------------------------------------------------------
    def preferred(self, ctx: Ctx) -> Action | None:
        """An action the variant's economy makes right outright, before any win (yuxi: 十风, a kong for
        杠上花); None: decide as usual."""
        return None

    def choose_turn(self, ctx: Ctx, strat: VariantStrategy) -> Action:
        """The seat's own turn once no win is taken: a discard or a kong (default: the 熟手's)."""
        return self.skilled_turn(ctx, strat)

    def discard_win(self, ctx: Ctx, strat: VariantStrategy, hu: Action) -> Action:
        """A discard (or robbed kong) this seat may win on: take it (``hu``) or pass it (default: take it)."""
        return hu

    def choose_claim(self, ctx: Ctx, strat: VariantStrategy) -> Action:
        """A claim window without a win on offer and with a pung, kong or chow (default: the 熟手's)."""
        return self.skilled_claim(ctx, strat)

    # ---- what the variants share -----------------------------------------------------------------------
    def skilled_turn(self, ctx: Ctx, strat: VariantStrategy) -> Action:
        """The 熟手's turn (its kongs, its fastest discard)."""
        return NormalBot.turn(self, ctx, strat)

    def skilled_claim(self, ctx: Ctx, strat: VariantStrategy) -> Action:
        """The 熟手's answer to a claim window."""
        return NormalBot.claim(self, ctx, strat)

    def model(self, ctx: Ctx) -> Model:
        """This decision's hazards: the chance, round by round, that someone else ends the hand."""
        return Model(ctx, 0.8, 0.0, ready_mid=self.ready_mid, win_rate=self.win_rate)

    def evaluator(self, ctx: Ctx) -> Evaluator:
        """The hand value of the seat's current hand with its melds as they are (each variant's routes)."""
        raise NotImplementedError(f"{type(self).__name__} has no hand value")

    def learns(self) -> bool:
        """Afterstate features are wanted this decision: to record them, or to choose by their fitted value."""
        return self.record or self.value_weights is not None

    def value(self, phi: list[float]) -> float:
        """The fitted value of an afterstate: its features weighted (``value_weights``)."""
        w = self.value_weights
        assert w is not None
        return sum(a * b for a, b in zip(w, phi))

    def fitted_choice(self, phis: Mapping[Action, list[float]], base: Action) -> Action:
        """The action whose afterstate has the highest fitted value (ties: ``base``)."""
        return max(phis, key=lambda a: (self.value(phis[a]), a == base))

    @staticmethod
    def discard_tiles(ctx: Ctx) -> list[int]:
        """The kinds the seat may discard, in tile order."""
        return sorted({a.tile for a in ctx.legal if a.kind == DISCARD and a.tile is not None})

    def anchored(self, evs: Mapping[Action, float], base: Action, margin: float, ratio: float) -> Action:
        """The 熟手's choice ``base`` unless another action is worth more by ``margin`` points plus ``ratio``
        of the base's value (``evs``: each action's value; an unvalued base always yields)."""
        if not evs:
            return base
        best = max(evs, key=lambda a: evs[a])
        b = evs.get(base)
        if b is None or best == base or evs[best] > b + margin + ratio * abs(b):
            if best != base:
                self.why = "x"
            return best
        return base
