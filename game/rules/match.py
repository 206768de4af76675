"""A match: hands in a row with running totals, dealer rotation and a replayable log."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import engine
from .actions import Action, from_json
from .events import Event
from .state import HandState

if TYPE_CHECKING:
    from .variants.base import Variant

HandRecord = dict[str, Any]  # hand_no, dealer, dealer_streak, actions (notation), end, winners, deltas, next_dealer

# Saved with every match since one claim prompt offers a seat all its options (碰 and 吃 together). A log
# without it was played when the sequential policy asked once per priority level, and replays that way.
CLAIM_PROMPT = "every_option"


def level_prompts(data: dict[str, Any]) -> bool:
    """Whether a saved match's claim windows asked a seat once per priority level (logs saved before)."""
    return data.get("claim_prompt") != CLAIM_PROMPT


class Match:
    """Seed + variant + options; each hand's actions are recorded so the match replays exactly."""

    def __init__(self, variant: Variant, options: dict[str, Any] | None = None, seed: Any = 0, hands: int = 8,
                 level_prompts: bool = False):
        self.variant = variant
        self.level_prompts = level_prompts  # replaying an old log (see CLAIM_PROMPT)
        self.options = variant.resolve_options(options)
        self.seed = seed
        self.n = variant.players(self.options)
        self.hands_total = hands
        self.scores = [0] * self.n
        self.dealer = variant.first_dealer(self.options, seed, self.n)
        self.streak = 0
        self.hand_no = 0
        self.records: list[HandRecord] = []
        self.state: HandState | None = None
        self.hand_seed: Any = None  # the hand being played was dealt from its own seed (``start_hand``)

    @property
    def over(self) -> bool:
        return self.hand_no >= self.hands_total and self.state is None

    def start_hand(self, seed: Any = None) -> tuple[HandState, list[Event]]:
        """Deal the next hand; returns (state, events). ``seed``: this hand's own seed (a LAN table's shuffle,
        recorded with the hand) instead of the match's."""
        self.hand_seed = seed
        st, events = engine.new_hand(self.variant, self.options, seed=self.seed if seed is None else seed,
                                dealer=self.dealer, hand_no=self.hand_no, dealer_streak=self.streak,
                                scores=self.scores)
        if self.level_prompts:
            st.extra[engine.LEVEL_PROMPTS] = True
        self.state = st
        return st, events

    def finish_hand(self) -> HandRecord:
        """Book the ended hand: totals, next dealer, record."""
        st = self.state
        if st is None or st.end is None:
            raise ValueError("the hand is not over")
        assert st.settlement is not None
        deltas = st.settlement.deltas
        for i, d in enumerate(deltas):
            self.scores[i] += d
        nxt = self.variant.next_dealer(st)
        rec = {
            "hand_no": self.hand_no,
            "dealer": st.dealer,
            "dealer_streak": self.streak,
            "actions": [a.to_json() for a in st.log],
            "end": st.end,
            "winners": [w.seat for w in st.wins],
            "deltas": deltas,
            "next_dealer": nxt,
        }
        if self.hand_seed is not None:
            rec["seed"] = self.hand_seed
        self.records.append(rec)
        self.streak = self.streak + 1 if nxt == st.dealer else 0
        self.dealer = nxt
        self.hand_no += 1
        self.state = None
        return rec

    def to_json(self) -> dict[str, Any]:
        out = {
            "seed": self.seed,
            "variant": self.variant.id,
            "options": dict(self.options),
            "players": self.n,
            "hands": self.hands_total,
            "hands_played": list(self.records),
            "totals": list(self.scores),
        }
        if not self.level_prompts:
            out["claim_prompt"] = CLAIM_PROMPT
        return out


def replay_match(variant: Variant, data: dict[str, Any],
                 on_hand: Callable[[HandState], None] | None = None) -> Match:
    """Replay a saved match; returns the Match with every hand re-run from its actions. ``on_hand(state)`` sees
    each hand's final state before it is booked (what a text of the match tells).

    Raises ValueError (with the hand and action index) when the log does not fit, and (naming the
    hand and the decision it stopped at) when a hand's actions end before the hand does.
    """
    m = Match(variant, data.get("options"), data.get("seed", 0), int(data.get("hands", len(data["hands_played"]))),
              level_prompts=level_prompts(data))
    for i, rec in enumerate(data["hands_played"]):
        if rec.get("dealer", m.dealer) != m.dealer:
            raise ValueError(f"hand {i}: recorded dealer {rec.get('dealer')} but the rules give {m.dealer}")
        st, _ = m.start_hand(rec.get("seed"))
        for j, item in enumerate(rec.get("actions", [])):
            a = from_json(item)
            try:
                engine.apply(st, a)
            except Exception as e:  # noqa: BLE001 - reported with its position
                raise ValueError(f"hand {i}, action {j} {item}: {e}") from None
        if st.end is None:
            n = len(rec.get("actions", []))
            raise ValueError(f"hand {i}: the log ends after {n} action{'s' * (n != 1)} but the hand is not over: "
                             f"missing {_awaited(st)}")
        if on_hand is not None:
            on_hand(st)
        m.finish_hand()
    return m


_AWAITED = {
    "turn": "the turn of {seats} (a discard, a win or a kong)",
    "declare": "the choice of {seats} whether to declare ready (报听)",
    "claim": "the answer of {seats} to the discard (a claim or a pass)",
    "rob": "the answer of {seats} to the added kong (robbing it or a pass)",
}


def _awaited(st: HandState) -> str:
    """The decision a hand stopped at, for an error message: whose, and of what kind."""
    acting = engine.acting_seats(st)
    seats = ("seat " if len(acting) == 1 else "seats ") + (" and ".join(str(s) for s in acting) or "?")
    return _AWAITED.get(str(st.phase), "the next action ({phase})").format(seats=seats, phase=st.phase)


def play_hand(match: Match, choose: Callable[[HandState, int, list[Action]], Action]) -> HandRecord:
    """Play one hand, asking ``choose(state, seat, legal) -> Action`` for every decision."""
    st, _ = match.start_hand()
    while st.end is None:
        for seat in engine.acting_seats(st):
            legal = engine.legal_actions(st, seat)
            if legal:
                a: Action = choose(st, seat, legal)
                engine.apply(st, a)
                break
    return match.finish_hand()
