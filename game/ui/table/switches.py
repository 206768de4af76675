"""The table's switches: 托管, 自动胡, 不吃碰杠, 记牌器 and hints, their dock and keys, and 托管 at work.

``comforts.Comforts`` decides (pure); ``Switches`` turns its answers into
decisions sent for the player (paced by the session like the bots), builds the
dock's chips, moves a 托管 settlement on by itself, and asks the loop for a frame
when a countdown or the idle watch will change what is shown.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.session import Session
from game.ui.kit import strings
from game.ui.kit.elements import ButtonBar, Element
from game.ui.table import dock
from game.ui.table.comforts import AUTO_NEXT_S, Comforts
from game.ui.table.context import TableContext
from game.ui.table.decisions import Decisions
from game.ui.table.tablelink import LOST, OK, TableLink

SWITCHES = ("auto", "tracker", "auto_win", "no_claims")


class Switches:
    def __init__(self, ctx: TableContext, comforts: Comforts, session: Session, link: TableLink,
                 decisions: Decisions, next_hand: Callable[[], None]):
        self.ctx = ctx
        self.comforts = comforts
        self.session = session
        self.link = link
        self.decisions = decisions
        self.next_hand = next_hand
        self.dock = ButtonBar()  # the chips, bottom right
        self.keys = SwitchKeys(self)  # T and J
        self.auto_next_at: float | None = None  # 托管 on the settlement: when it moves on to the next hand
        self._timeouts_seen = 0  # the LAN host's timeouts for this seat already told to the idle watch
        self._wake: float | None = None

    # ------------------------------------------------------------ building
    def layout(self) -> None:
        ctx, c = self.ctx, self.comforts
        seated = self.session.seat is not None
        self.dock.set(dock.toggles(
            ctx.app.size, ctx.scale,
            {"auto": self.toggle_auto, "tracker": self.toggle_tracker,
             "auto_win": lambda: self.flip("auto_win"), "no_claims": lambda: self.flip("no_claims")},
            {"auto": lambda: c.auto, "tracker": self.tracker_on, "auto_win": lambda: c.auto_win,
             "no_claims": lambda: c.no_claims},
            {"tracker": self.assists_allowed()} if seated else dict.fromkeys(SWITCHES, False)))

    # ------------------------------------------------------------ switches
    def assists_allowed(self) -> bool:
        """Hints and the tracker: always offline; at a LAN table only if the host's table allows them."""
        return not self.ctx.lan or self.session.assists

    def hints_on(self) -> bool:
        return self.ctx.app.settings.hints and self.assists_allowed()

    def tracker_on(self) -> bool:
        return self.ctx.app.settings.tracker and self.assists_allowed() and self.session.seat is not None

    def _assist(self, name: str) -> None:
        app = self.ctx.app
        if not self.assists_allowed():
            app.notice(strings.tr("comfort.assists_off"), 3)
            return
        setattr(app.settings, name, not getattr(app.settings, name))
        app.save_settings()
        app.sound.play("click")
        app.invalidate()

    def toggle_hints(self) -> None:
        self._assist("hints")

    def toggle_tracker(self) -> None:
        self._assist("tracker")

    def toggle_auto(self) -> None:
        """托管 on or off (T, the dock chip, the idle offer, the settlement's countdown)."""
        if self.session.seat is None:
            return
        self.set_auto(not self.comforts.auto)
        self.ctx.app.sound.play("click")

    def set_auto(self, on: bool) -> None:
        app = self.ctx.app
        self.comforts.set_auto(on, app.now)
        self.auto_next_at = app.now + AUTO_NEXT_S * self.session.pacing.pace if on and self.ctx.settling else None
        app.invalidate()

    def flip(self, name: str) -> None:
        c = self.comforts
        setattr(c, name, not getattr(c, name))
        self.ctx.app.sound.play("click")
        self.ctx.app.invalidate()

    # ------------------------------------------------------------ per frame
    def step(self, now: float) -> None:
        """托管, 自动胡 and 不吃碰杠 answer for the player; an idle player is offered 托管."""
        ctx, c = self.ctx, self.comforts
        if self.session.seat is None or self.link.state == LOST:
            return
        over = ctx.hand_over()
        while self._timeouts_seen < self.session.timeouts:
            self._timeouts_seen += 1
            c.timed_out()
        said = c.watch(ctx.view if not over else None, now)
        if said:
            ctx.app.invalidate()
            if said == "forced":
                ctx.app.notice(strings.tr("comfort.forced"), 8)
        pacing = self.session.pacing
        if not ctx.settling and not over and (not ctx.paused or ctx.lan):  # a LAN table plays on
            a = c.choose(ctx.view, pacing.due(now))
            if a is not None:
                self.decisions.send(a)
                pacing.moved(now)
        if c.auto and ctx.settling and not ctx.look and self.auto_next_at is None:
            self.auto_next_at = now + AUTO_NEXT_S * pacing.pace
        if self.auto_next_at is not None and now >= self.auto_next_at and ctx.settling and c.auto:
            self.auto_next_at = None
            self.next_hand()

    def timers(self, now: float) -> None:
        """Ask the loop for a frame when a countdown shown changes its second or the idle watch may speak."""
        ctx, link = self.ctx, self.link
        wakes = [self.comforts.wake_at()]
        if self.auto_next_at is not None:
            wakes.append(_next_second(now, self.auto_next_at))
        if ctx.lan and link.hand_end is not None:
            wakes.append(_next_second(now, link.hand_end))
        if ctx.lan and link.state != OK:
            wakes.append(_next_second(now, link.since))
        t = min((w for w in wakes if w is not None and w > now), default=None)
        if t is not None and t != self._wake:
            self._wake = t
            ctx.app.redraw_at(t)


class SwitchKeys(Element):
    """T switches 托管, J the 记牌器 (also over the settlement, so 托管 can be stopped there)."""

    takes = frozenset({pygame.KEYDOWN})

    def __init__(self, switches: Switches):
        self.switches = switches

    def handle(self, ev: pygame.event.Event) -> bool:
        if ev.key == pygame.K_t:
            self.switches.toggle_auto()
            return True
        if ev.key == pygame.K_j and not self.switches.ctx.settling:
            self.switches.toggle_tracker()
            return True
        return False


def _next_second(now: float, anchor: float) -> float:
    """The next app time at which a count of whole seconds from (or to) ``anchor`` changes."""
    return now + ((anchor - now) % 1.0 or 1.0)
