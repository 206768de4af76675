"""Scenarios (explicit hands and wall, shared/spec/cli.md) run through the round engine."""

from __future__ import annotations

from typing import Any

from . import engine, tiles
from .actions import DECLARE, HU, PASS, Action, ActionError, from_json
from .kinds import Phase
from .options import Options
from .state import HandState
from .variants import get as get_variant
from .variants.base import Variant


class ScenarioError(ValueError):
    """A scenario that cannot be read or played; the message says where."""


def load(data: object) -> tuple[Variant, Options, int, list[list[int]], list[int], list[Action]]:
    """Validate a scenario dict; returns (variant, options, dealer, hands, wall, actions)."""
    if not isinstance(data, dict):
        raise ScenarioError("a scenario is a JSON object")
    for k in ("variant", "hands"):
        if k not in data:
            raise ScenarioError(f"scenario needs {k!r}")
    try:
        variant = get_variant(data["variant"])
    except ValueError as e:
        raise ScenarioError(str(e)) from None
    if not isinstance(data.get("options") or {}, dict):
        raise ScenarioError("options must be an object")
    try:
        options = variant.table_options(data.get("options"), data.get("players"))
    except ValueError as e:
        raise ScenarioError(str(e)) from None
    hands_raw = data["hands"]
    if not isinstance(hands_raw, list):
        raise ScenarioError("hands must be a list of tile strings")
    try:
        hands = [tiles.parse(h) for h in hands_raw]
        wall = tiles.parse(data.get("wall", ""))
    except tiles.NotationError as e:
        raise ScenarioError(str(e)) from None
    if "dealer" not in data and options.get("first_dealer") == "random":
        raise ScenarioError("first_dealer is random: a scenario must name its \"dealer\" (the seat dealt 14 tiles)")
    dealer = data.get("dealer", 0)  # without one, first_dealer=host: seat 0
    if not isinstance(dealer, int) or isinstance(dealer, bool):
        raise ScenarioError("dealer must be a seat number")
    raw_actions = data.get("actions", [])
    if not isinstance(raw_actions, list):
        raise ScenarioError("actions must be a list")
    actions = []
    for i, item in enumerate(raw_actions):
        try:
            actions.append(from_json(item))
        except ActionError as e:
            raise ScenarioError(f"action {i}: {e}") from None
    return variant, options, dealer, hands, wall, actions


def start(data: dict[str, Any]) -> tuple[HandState, list[Action]]:
    """Deal the scenario; returns (state, actions)."""
    variant, options, dealer, hands, wall, actions = load(data)
    try:
        st, _ = engine.new_hand(variant, options, seed=data.get("seed", 0), dealer=dealer, hands=hands, wall=wall,
                           dealer_streak=int(data.get("dealer_streak", 0) or 0))
    except engine.ScenarioError as e:
        raise ScenarioError(str(e)) from None
    return st, actions


def run(data: dict[str, Any]) -> HandState:
    """Play a scenario to the end of its hand; returns the final state."""
    st, actions = start(data)
    play(st, actions)
    return st


def play(st: HandState, actions: list[Action]) -> None:
    """Feed scripted actions; optional decisions the script does not take are declined."""
    i = 0
    guard = 0
    while st.phase != Phase.END:
        guard += 1
        if guard > 10000:
            raise ScenarioError("scenario does not terminate")
        acting = engine.acting_seats(st)
        nxt = actions[i] if i < len(actions) else None
        if nxt is not None and nxt.seat in acting:
            try:
                engine.apply(st, nxt)
                i += 1
                continue
            except ActionError as e:
                if st.phase == Phase.TURN:
                    raise ScenarioError(f"action {i} {nxt}: {e}") from None
                if _must_win(st, nxt.seat):
                    raise ScenarioError(f"action {i} {nxt}: {e}") from None
                # not legal yet in this window (e.g. a pung asked after the wins): decline this prompt
        if st.phase == Phase.TURN:
            who = st.turn
            if nxt is None:
                raise ScenarioError(f"the actions end before the hand is over (seat {who} to discard)")
            raise ScenarioError(f"action {i} {nxt}: not legal now, seat {who} must discard first")
        if st.phase in (Phase.DECLARE, Phase.CLAIM, Phase.ROB):
            declined = False
            for seat in acting:
                if _must_win(st, seat):
                    what = f"action {i} {nxt}" if nxt is not None else "the actions end"
                    raise ScenarioError(f"{what}: seat {seat} must win here (this win cannot be passed)")
                engine.apply(st, Action(seat, PASS))
                declined = True
                break
            if not declined:
                raise ScenarioError(f"no seat can act (phase {st.phase})")
    if i < len(actions):
        raise ScenarioError(f"action {i} {actions[i]}: the hand is already over")


def _must_win(st: HandState, seat: int) -> bool:
    legal = engine.legal_actions(st, seat)
    return bool(legal) and all(a.kind == HU for a in legal)


__all__ = ["DECLARE", "ScenarioError", "load", "play", "run", "start"]
