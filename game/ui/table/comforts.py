"""The table's comforts: 托管 (a bot plays the seat), 自动胡, 不吃碰杠, and 托管 offered to an idle player.

``Comforts.choose(view, now)`` says what to send for the player now (None: the
player decides); it never sees more than the seat's view and picks only from
``view["legal"]``. The table scene asks it every frame and paces 托管 like the bots.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import cast

from game.bots.core import Player
from game.rules.actions import Action
from game.rules.kinds import ActionKind
from game.rules.view import View

# A decision left untouched this long offers 托管 - longer than the longest turn timer (20 s), so that at a timed
# table the timer plays first and the offer comes when it has played for the player OFFER_AFTER_TIMEOUTS times in
# a row (with both at 20 s the offer came at the very moment of the first timeout, as if one slow turn were away)
IDLE_OFFER_S = 25.0
IDLE_LAN_S = 40.0  # at a LAN table (the others wait) 托管 then starts, with a notice, after this much more
OFFER_AFTER_TIMEOUTS = 2  # the timer played for the player this many times with no input between: 托管 is offered
FORCE_AFTER_TIMEOUTS = 4  # ... and at a LAN table (everyone waits out each timer) 托管 starts, with a notice
AUTO_NEXT_S = 6.0  # under 托管 the settlement moves on to the next hand after this long

CLAIM_KINDS = (ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG)


def _kinds(view: dict) -> set[str]:
    return {a.kind for a in view.get("legal") or []}


def auto_answer(view: dict | None, me: int, auto_win: bool, no_claims: bool) -> Action | None:
    """The answer 自动胡 / 不吃碰杠 give for the player, or None (the player decides).

    自动胡 takes every win offered (a self-draw or a discard). 不吃碰杠 passes every claim
    window (chow, pung, kong on a discard) in which the player could not win; a win is never
    passed by it, and one's own turn (a concealed or added kong, discarding) is left alone.
    """
    if not view or not view.get("legal") or view.get("phase") == "end":
        return None
    kinds = _kinds(view)
    if auto_win and ActionKind.HU in kinds:
        return next(a for a in view["legal"] if a.kind == ActionKind.HU)
    if no_claims and view.get("phase") == "claim" and ActionKind.HU not in kinds and ActionKind.PASS in kinds \
            and kinds & set(CLAIM_KINDS):
        return Action(me, ActionKind.PASS)
    return None


@dataclass
class Comforts:
    """One seat's comfort switches and the idle watch (times are app times)."""

    me: int
    make_bot: Callable[[], Player]
    lan: bool = False
    auto: bool = False  # 托管
    auto_win: bool = False  # 自动胡
    no_claims: bool = False  # 不吃碰杠
    offered: bool = False  # the idle offer of 托管 is showing
    forced: bool = False  # 托管 was switched on because the player stayed away (LAN only)
    last_input: float = 0.0
    timeouts: int = 0  # decisions the timer made for the player since their last input
    decision_since: float | None = None  # when the current decision reached the player
    _decision_key: object = None
    _bot: Player | None = field(default=None, repr=False)

    # ------------------------------------------------------------ switches
    def set_auto(self, on: bool, now: float) -> None:
        self.auto = on
        self.offered = False
        self.forced = False
        if on and self._bot is None:
            self._bot = self.make_bot()
        self.touch(now)

    def touch(self, now: float) -> None:
        """The player did something: the idle watch starts over."""
        self.last_input = now
        self.timeouts = 0
        if self.offered and not self.auto:
            self.offered = False

    def timed_out(self) -> None:
        """The turn timer played for the player (a local timer, or the LAN host's notice for this seat)."""
        self.timeouts += 1

    # ------------------------------------------------------------ per frame
    def watch(self, view: dict | None, now: float) -> str | None:
        """Follow the player's decisions; returns "offer" when 托管 is offered now (a decision untouched
        ``IDLE_OFFER_S``, or ``OFFER_AFTER_TIMEOUTS`` timeouts in a row), "forced" when it starts by itself (a LAN
        table only, after the offer went unanswered: ``IDLE_LAN_S`` more, or ``FORCE_AFTER_TIMEOUTS`` timeouts in a
        row), else None."""
        key = (view.get("version"), view.get("hand_no")) if view and view.get("legal") else None
        if key != self._decision_key:
            self._decision_key = key
            self.decision_since = now if key is not None else None
        if self.auto:
            return None
        if not self.offered and self.timeouts >= OFFER_AFTER_TIMEOUTS:
            self.offered = True
            return "offer"
        if self.offered and self.lan and self.timeouts >= FORCE_AFTER_TIMEOUTS:
            self.set_auto(True, now)
            self.forced = True
            return "forced"
        if self.decision_since is None:
            return None
        idle = now - max(self.last_input, self.decision_since)
        if not self.offered and idle >= IDLE_OFFER_S:
            self.offered = True
            return "offer"
        if self.offered and self.lan and idle >= IDLE_OFFER_S + IDLE_LAN_S:
            self.set_auto(True, now)
            self.forced = True
            return "forced"
        return None

    def wake_at(self) -> float | None:
        """The next app time ``watch`` may change something (for the loop's timers)."""
        if self.auto or self.decision_since is None:
            return None
        start = max(self.last_input, self.decision_since)
        if not self.offered:
            return start + IDLE_OFFER_S
        return start + IDLE_OFFER_S + IDLE_LAN_S if self.lan else None

    def choose(self, view: dict | None, bot_due: bool) -> Action | None:
        """What to send for the player now: 托管's bot (when ``bot_due``: paced like the bots), or an
        automatic answer; None when the player decides (or 托管 waits for its turn to act)."""
        if not view or not view.get("legal") or view.get("phase") == "end":
            return None
        if self.auto:
            if not bot_due:
                return None
            if self._bot is None:
                self._bot = self.make_bot()
            return self._bot.act(cast(View, view))  # a seat view (a LAN one comes as the same dict from the wire)
        return auto_answer(view, self.me, self.auto_win, self.no_claims)
