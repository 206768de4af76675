"""The table's switches wired to the scene: 托管, 自动胡, 不吃碰杠, 记牌器 and hints, and the panels they bring.

``comforts.Comforts`` decides (pure); this module turns its answers into the
scene's actions, builds the dock and the panels' buttons, paces 托管 like the
bots, moves a 托管 settlement on by itself, and asks the loop for a frame when a
countdown or the idle watch will change what is shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ui.kit import strings
from game.ui.kit import widgets as W
from game.ui.table import dock, tablepanels
from game.ui.table.comforts import AUTO_NEXT_S
from game.ui.table.tablelink import LOST, OK

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene

SWITCHES = ("auto", "tracker", "auto_win", "no_claims")


class Switches:
    def __init__(self, sc: TableScene):
        self.sc = sc
        self.dock: list[dock.Toggle] = []
        self.panels: dict[str, list[W.Button]] = {}
        self._wake: float | None = None

    # ------------------------------------------------------------ building
    def layout(self) -> None:
        sc, c = self.sc, self.sc.comforts
        seated = sc.session.seat is not None
        self.dock = dock.toggles(
            sc.app.size, sc.s,
            {"auto": self.toggle_auto, "tracker": self.toggle_tracker,
             "auto_win": lambda: self.flip("auto_win"), "no_claims": lambda: self.flip("no_claims")},
            {"auto": lambda: c.auto, "tracker": self.tracker_on, "auto_win": lambda: c.auto_win,
             "no_claims": lambda: c.no_claims},
            {"tracker": self.assists_allowed()} if seated else dict.fromkeys(SWITCHES, False))
        self.panels = tablepanels.panel_buttons(sc.app.size, sc.s, sc)

    # ------------------------------------------------------------ switches
    def assists_allowed(self) -> bool:
        """Hints and the tracker: always offline; at a LAN table only if the host's table allows them."""
        return not self.sc.lan or self.sc.session.assists

    def hints_on(self) -> bool:
        return self.sc.app.settings.hints and self.assists_allowed()

    def tracker_on(self) -> bool:
        return self.sc.app.settings.tracker and self.assists_allowed() and self.sc.session.seat is not None

    def _assist(self, name: str) -> None:
        app = self.sc.app
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
        if self.sc.session.seat is None:
            return
        self.set_auto(not self.sc.comforts.auto)
        self.sc.app.sound.play("click")

    def set_auto(self, on: bool) -> None:
        sc = self.sc
        sc.comforts.set_auto(on, sc.app.now)
        sc.auto_next_at = sc.app.now + AUTO_NEXT_S * sc.pace if on and sc.settle is not None else None
        sc.app.invalidate()

    def flip(self, name: str) -> None:
        c = self.sc.comforts
        setattr(c, name, not getattr(c, name))
        self.sc.app.sound.play("click")
        self.sc.app.invalidate()

    def overlay_buttons(self) -> list[W.Button]:
        """The buttons of the panel over the table now: the lost host's, the idle offer's, 托管's countdown."""
        sc, p = self.sc, self.panels
        if sc.link.state == LOST:
            return p.get("lost", [])
        if sc.comforts.offered and not sc.comforts.auto and not sc.paused:
            return p.get("offer", [])
        if sc.auto_next_at is not None and sc.settle is not None and not sc.look:
            return tablepanels.place_auto_next(sc)
        return []

    # ------------------------------------------------------------ per frame
    def step(self, now: float) -> None:
        """托管, 自动胡 and 不吃碰杠 answer for the player; an idle player is offered 托管."""
        sc, c = self.sc, self.sc.comforts
        if sc.session.seat is None or sc.link.state == LOST:
            return
        said = c.watch(sc.view if not sc.hand_over() else None, now)
        if said:
            sc.app.invalidate()
            if said == "forced":
                sc.app.notice(strings.tr("comfort.forced"), 8)
        if sc.settle is None and not sc.hand_over() and (not sc.paused or sc.lan):  # a LAN table plays on
            a = c.choose(sc.view, now >= sc.next_bot)
            if a is not None:
                sc.send(a)
                sc.next_bot = max(sc.next_bot, now + sc._bot_delay())
        if c.auto and sc.settle is not None and not sc.look and sc.auto_next_at is None:
            sc.auto_next_at = now + AUTO_NEXT_S * sc.pace
        if sc.auto_next_at is not None and now >= sc.auto_next_at and sc.settle is not None and c.auto:
            sc.auto_next_at = None
            sc.next_hand()

    def timers(self, now: float) -> None:
        """Ask the loop for a frame when a countdown shown changes its second or the idle watch may speak."""
        sc = self.sc
        wakes = [sc.comforts.wake_at()]
        if sc.auto_next_at is not None:
            wakes.append(_next_second(now, sc.auto_next_at))
        if sc.lan and sc.link.hand_end is not None:
            wakes.append(_next_second(now, sc.link.hand_end))
        if sc.lan and sc.link.state != OK:
            wakes.append(_next_second(now, sc.link.since))
        t = min((w for w in wakes if w is not None and w > now), default=None)
        if t is not None and t != self._wake:
            self._wake = t
            sc.app.redraw_at(t)


def _next_second(now: float, anchor: float) -> float:
    """The next app time at which a count of whole seconds from (or to) ``anchor`` changes."""
    return now + ((anchor - now) % 1.0 or 1.0)
