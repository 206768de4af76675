"""Turn and claim timers at the table: a countdown ring on the seat to act and on the claim prompt.

The player's own decision counts down from the table's setting (a local table:
the player's ``turn_timer``; a LAN table: the host's deadline, sent with each
state) and, at a LAN table, a claim window's own deadline. The last
``TICK_LAST`` seconds tick when the player's setting allows. At zero a local
table acts for the player as 托管 would (``turntimer.timeout_action``: pass, or
discard the drawn tile) and says so; at a LAN table the host does that and every
window says so when the host tells it. While a local game is paused the clock
stands still. The other seat on turn shows its countdown on its plate.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from game.rules.actions import Action
from game.rules.kinds import ActionKind
from game.turntimer import DecisionClock, timeout_action
from game.ui.kit import strings, widgets
from game.ui.kit.elements import Element
from game.ui.table.context import TableContext

URGENT = 5  # seconds: the ring turns red


class Deadlines(Protocol):
    """Where a LAN table's deadlines come from (``netplay.client.NetSession``; a local session has none)."""

    def decision_left(self) -> float | None: ...  # seconds the host gives this seat's decision, None: no limit
    def turn_left(self) -> float | None: ...  # seconds left on the turn of the seat to act (any seat)


class TurnTimer(Element):
    """The countdowns of one table (drawing only; it acts through ``send`` when a local decision runs out)."""

    def __init__(self, ctx: TableContext, seconds: Callable[[], int], send: Callable[[Action], None],
                 auto: Callable[[], bool], prompt_rects: Callable[[], Sequence[pygame.Rect]],
                 deadlines: Deadlines | None = None, timed_out: Callable[[], None] | None = None):
        self.ctx = ctx
        self.seconds = seconds  # the table's setting (0: off)
        self.send = send  # a decision for the player (the table's Decisions.send)
        self.auto = auto  # 托管 is on: it decides, no countdown for the player
        self.prompt_rects = prompt_rects  # the claim prompt's buttons (the ring goes to their left)
        self.deadlines = deadlines  # a LAN table: the host keeps the time
        self.timed_out = timed_out  # told when a local decision ran out (the idle watch counts them)
        self.mine = DecisionClock()
        self.theirs = DecisionClock()
        self._last: float | None = None

    # ------------------------------------------------------------ the clocks
    def _decision_key(self) -> tuple | None:
        v = self.ctx.view
        if v is None or not self.ctx.seated or v.get("phase") == "end" or not v.get("legal") or self.auto():
            return None
        return (v.get("hand_no"), v.get("version"))

    def update(self, now: float) -> None:
        ctx = self.ctx
        v = ctx.view
        last, self._last = self._last, now
        if v is None:
            return
        lan = self.deadlines is not None
        if ctx.paused and not lan and last is not None:
            for c in (self.mine, self.theirs):  # a paused local game: the clocks stand still
                if c.deadline is not None:
                    c.deadline += now - last
            return
        key = self._decision_key()
        if lan:
            assert self.deadlines is not None
            left = self.deadlines.decision_left() if key is not None else None
            if key is None or left is None:
                self.mine.follow(None, now)
            else:
                self.mine.follow(key, now, deadline=now + left if key != self.mine.key else self.mine.deadline)
        else:
            self.mine.seconds = self.seconds()
            self.mine.follow(key, now)
        self._follow_theirs(now, lan)
        if self.mine.running:
            if ctx.app.settings.timer_ticks:
                for _sec in self.mine.ticks(now):
                    ctx.app.sound.play("tick", 0.7)
            if not lan and self.mine.expired(now):
                self._time_up()
            ctx.app.redraw_at(self.mine.wake_at(now) or now + 1.0)
        if self.theirs.running:
            wake = self.theirs.wake_at(now)
            if wake is not None:
                ctx.app.redraw_at(wake)

    def _follow_theirs(self, now: float, lan: bool) -> None:
        """The other seat on turn: its countdown on its plate (a LAN table: the host's; local: the setting)."""
        v = self.ctx.view
        turn = v.get("turn")
        on_turn = v.get("phase") in ("turn", "declare") and turn != self.ctx.me
        key = None
        if on_turn:  # one turn of one seat: it ends with a discard (or a kong's replacement draw starts another)
            seat = v["seats"][turn]
            key = (v.get("hand_no"), turn, len(seat["discards"]), len(seat["melds"]), seat["concealed"])
        if lan:
            assert self.deadlines is not None
            left = self.deadlines.turn_left() if on_turn else None
            if key is None or left is None:
                self.theirs.follow(None, now)
            elif key != self.theirs.key:
                self.theirs.follow(key, now, deadline=now + left)
        else:
            self.theirs.seconds = self.seconds()
            self.theirs.follow(key, now)

    def _time_up(self) -> None:
        """A local decision ran out: act as 托管 would, and say so."""
        v = self.ctx.view
        self.mine.stop()
        a = timeout_action(self.ctx.me, v.get("legal") or [], v.get("drawn"))
        if a is None:
            return
        self.send(a)
        if self.timed_out is not None:
            self.timed_out()
        self.ctx.app.notice(lambda a=a: timeout_text(a), 4)

    # ------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface) -> None:
        ctx = self.ctx
        now = ctx.app.now
        v, L = ctx.view, ctx.layout
        if v is None or L is None:
            return
        s = ctx.scale
        r = max(14, round(18 * s))
        c: tuple[int, int] | None
        if self.mine.running:
            rects = list(self.prompt_rects())
            if rects and v.get("phase") in ("claim", "rob", "declare"):
                first = min(rects, key=lambda b: b.x)
                c = (first.x - r - round(12 * s), first.centery)
            else:
                c = _beside(ctx.render.plate_rects.get(ctx.me), r, s, ctx.app.size[0])
            if c is not None:
                ring(surf, c, r, self.mine.fraction(now), self.mine.shown(now), s)
        if self.theirs.running:
            c = _beside(ctx.render.plate_rects.get(v["turn"]), r, s, ctx.app.size[0])
            if c is not None:
                ring(surf, c, r, self.theirs.fraction(now), self.theirs.shown(now), s)


def timer_label(seconds: int) -> Callable[[], str]:
    """A timer setting as a selector shows it: 关 / Off, or "15 秒" / "15 s" (follows the language)."""
    return lambda: strings.tr("timer.off") if seconds <= 0 else strings.tr("timer.seconds", n=seconds)


def timeout_text(a: Action) -> str:
    """The caption when time ran out: what was done for the player."""
    if a.kind == ActionKind.DISCARD and a.tile is not None:
        return strings.tr("timer.timeout_discard", tile=strings.tile_name(a.tile))
    if a.kind == ActionKind.PASS:
        return strings.tr("timer.timeout_pass")
    return strings.tr("timer.timeout_other")


def _beside(plate: pygame.Rect | None, r: int, s: float, width: int) -> tuple[int, int] | None:
    """A ring's centre beside a plate, on the side facing the middle of the table."""
    if plate is None:
        return None
    gap = round(6 * s)
    if plate.centerx > width // 2:
        return (plate.x - gap - r, plate.centery)
    return (plate.right + gap + r, plate.centery)


def ring(surf: pygame.Surface, c: tuple[int, int], r: int, frac: float | None, secs: int | None, s: float) -> None:
    """A countdown: a dark disc, an arc for the time left (gold, red in the last seconds), the seconds inside."""
    if frac is None or secs is None:
        return
    urgent = secs <= URGENT
    col = (236, 70, 52) if urgent else (255, 206, 90)
    pygame.draw.circle(surf, (0, 0, 0), (c[0] + 1, c[1] + 2), r + 2)
    pygame.draw.circle(surf, (14, 34, 28), c, r + 1)
    width = max(3, round(4 * s))
    if frac > 0:
        box = pygame.Rect(0, 0, 2 * r, 2 * r)
        box.center = c
        start = math.pi / 2
        pygame.draw.arc(surf, col, box, start, start + 2 * math.pi * frac, width)
    text = str(max(0, secs))
    size = max(12, round((16 if secs < 10 else 14) * s))
    widgets.draw_text(surf, text, c, size, (255, 240, 220) if not urgent else (255, 190, 170), "bold", anchor="center")
