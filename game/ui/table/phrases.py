"""Quick phrases at a LAN table: the player's menu of eight fixed phrases, and the bubbles others' phrases make.

A phrase travels as its id only (``netplay.phrases``): every window shows it in its
own language (strings ``phrase.0`` … ``phrase.7``), never text a peer typed. The
host rate-limits them; this window also greys its menu for the same gap after a
phrase, so a player never sends one the host would drop. A bubble shows at the
sender's plate for ``BUBBLE_S`` seconds with a short sound, unless the player
switched phrases off (setting) or muted that seat (the menu's lower row).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from game.ui.kit import strings, widgets
from game.ui.kit.elements import BUTTON_EVENTS, Element
from game.ui.table.context import TableContext

PHRASES = 8  # ids 0 .. 7 (netplay.phrases.PHRASES; the window does not import the network layer)
GAP_S = 2.0  # the menu greys this long after a phrase (netplay.phrases.GAP_S)
BUBBLE_S = 3.5  # seconds a bubble stays


class Phrasing(Protocol):
    """What the elements need of a LAN session (``netplay.client.NetSession``)."""

    def say(self, phrase: int) -> None: ...
    def heard(self) -> list[tuple[int, int]]: ...  # (seat, phrase id) said since the last call, in order


def phrase_text(i: int) -> str:
    return strings.tr(f"phrase.{i}")


class PhraseMenu(Element):
    """The 快捷语 chip beside the corner panel and, when open, its list: eight phrases, then one mute switch per
    other seat. A click outside closes it, as does Esc."""

    takes = BUTTON_EVENTS | {pygame.KEYDOWN}

    def __init__(self, ctx: TableContext, session: Phrasing, muted: set[int]):
        self.ctx = ctx
        self.session = session
        self.muted = muted  # seats whose phrases this player does not want (shared with the bubbles)
        self.open = False
        self.chip: widgets.Button | None = None
        self.items: list[widgets.Button] = []
        self.rects: list[pygame.Rect] = []
        self.sent_at: float | None = None

    def place(self, corner: pygame.Rect | None, below: pygame.Rect | None = None) -> bool:
        """Put the chip beside the corner panel (under the 鸡 chip when there is one); True when it moved."""
        s = self.ctx.scale
        if corner is None:
            moved = self.chip is not None
            self.chip, self.items, self.rects = None, [], []
            return moved
        w, h = round(92 * s), round(32 * s)
        y = (below.bottom + round(6 * s)) if below is not None else corner.y + round(4 * s)
        rect = pygame.Rect(corner.right + round(8 * s), y, w, h)
        if self.chip is not None and self.chip.rect == rect:
            return False
        self.chip = widgets.Button(rect, widgets.tr_label("phrase.chip"), self.toggle, "dark", name="phrases",
                             size=max(12, round(14 * s)))
        self._list()
        return True

    def toggle(self) -> None:
        self.open = not self.open
        self._list()
        self.ctx.app.sound.play("click")
        self.ctx.app.invalidate()

    def _waiting(self) -> bool:
        return self.sent_at is not None and self.ctx.app.now - self.sent_at < GAP_S

    def _list(self) -> None:
        """The chip and, when open, the phrases and the mute switches under it."""
        s = self.ctx.scale
        out: list[widgets.Button] = []
        if self.chip is not None and self.open:
            x, y = self.chip.rect.x, self.chip.rect.bottom + round(6 * s)
            bw, bh = round(176 * s), round(32 * s)
            gap = round(4 * s)
            for i in range(PHRASES):
                col, row = i % 2, i // 2
                out.append(widgets.Button((x + col * (bw + gap), y + row * (bh + gap), bw, bh),
                                    (lambda i=i: phrase_text(i)), (lambda i=i: self.say(i)), "blue",
                                    name=f"phrase{i}", size=max(12, round(14 * s)), enabled=not self._waiting()))
            y += 4 * (bh + gap) + round(6 * s)
            v = self.ctx.view or {}
            others = [i for i in range(v.get("n", 0)) if i != self.ctx.me]
            for k, seat in enumerate(others):
                out.append(widgets.Button((x + k * (round(118 * s) + gap), y, round(118 * s), bh),
                                    (lambda seat=seat: self._mute_label(seat)), (lambda seat=seat: self.mute(seat)),
                                    "dark" if seat not in self.muted else "red", name=f"mute{seat}",
                                    size=max(12, round(13 * s))))
        self.items = out
        self.rects = ([self.chip.rect] if self.chip is not None else []) + [b.rect for b in out]

    def _mute_label(self, seat: int) -> str:
        names = self.ctx.names()
        who = names[seat] if seat < len(names) else f"#{seat}"
        return strings.tr("phrase.unmute" if seat in self.muted else "phrase.mute", who=who)

    def say(self, i: int) -> None:
        if self._waiting():
            return
        self.session.say(i)
        self.sent_at = self.ctx.app.now
        self.open = False
        self._list()
        self.ctx.app.redraw_at(self.sent_at + GAP_S)

    def mute(self, seat: int) -> None:
        if seat in self.muted:
            self.muted.discard(seat)
        else:
            self.muted.add(seat)
        self._list()
        self.ctx.app.invalidate()

    def handle(self, ev: pygame.event.Event) -> bool:
        if ev.type == pygame.KEYDOWN:
            if self.open and ev.key == pygame.K_ESCAPE:
                self.open = False
                self._list()
                return True
            return False
        buttons = ([self.chip] if self.chip is not None else []) + self.items
        if any(b.handle(ev) for b in buttons):
            return True
        if self.open and ev.type == pygame.MOUSEBUTTONDOWN:
            self.open = False  # a press elsewhere closes the list (and goes on to what it pressed)
            self._list()
        return False

    def update(self, now: float) -> None:
        if self.open and self.items and self.items[0].enabled == self._waiting():
            self._list()  # the gap after a phrase ended: the phrases may be said again

    def draw(self, surf: pygame.Surface) -> None:
        if self.chip is None:
            return
        self.chip.draw(surf)
        if self.open and self.items:
            s = self.ctx.scale
            widgets.dim_screen(surf, 70)  # the open list is over the table: the table steps back a little
            self.chip.draw(surf)
            box = self.items[0].rect.unionall([b.rect for b in self.items]).inflate(round(14 * s), round(14 * s))
            widgets.panel(surf, box, (10, 28, 22), 238, round(10 * s), 2, widgets.GOLD)
            for b in self.items:
                b.draw(surf)


class PhraseBubbles(Element):
    """The phrases said at this table, as bubbles at the senders' plates (drawing only)."""

    def __init__(self, ctx: TableContext, session: Phrasing, muted: set[int], enabled: Callable[[], bool]):
        self.ctx = ctx
        self.session = session
        self.muted = muted
        self.enabled = enabled  # the player's setting: phrases shown and heard
        self.bubbles: dict[int, tuple[int, float]] = {}  # seat -> (phrase, app time it came)

    def update(self, now: float) -> None:
        heard = self.session.heard()
        for seat, phrase in heard:
            if not self.enabled() or seat in self.muted or not 0 <= phrase < PHRASES:
                continue
            self.bubbles[seat] = (phrase, now)
            if seat != self.ctx.me:
                self.ctx.app.sound.play("phrase", 0.8)
            self.ctx.app.redraw_at(now + BUBBLE_S)
            self.ctx.app.invalidate()
        for seat in [k for k, (_p, at) in self.bubbles.items() if now - at >= BUBBLE_S]:
            del self.bubbles[seat]
            self.ctx.app.invalidate()

    def draw(self, surf: pygame.Surface) -> None:
        plates = self.ctx.render.plate_rects
        s = self.ctx.scale
        W_, H_ = self.ctx.app.size
        for seat, (phrase, _at) in self.bubbles.items():
            plate = plates.get(seat)
            if plate is not None:
                draw_bubble(surf, phrase_text(phrase), plate, s, (W_, H_))


def draw_bubble(surf: pygame.Surface, text: str, plate: pygame.Rect, s: float, size: tuple[int, int]) -> pygame.Rect:
    """A speech bubble pointing at a plate, on the side of it facing the table's middle."""
    fs = max(12, round(16 * s))
    pad = round(10 * s)
    w = widgets.text_width(text, fs, "bold") + 2 * pad
    h = fs + 2 * pad
    r = pygame.Rect(0, 0, w, h)
    W_, H_ = size
    above = plate.centery > H_ * 0.6  # the bottom plate: the bubble goes above it; the others' below theirs
    if above:
        r.midbottom = (plate.centerx + round(20 * s), plate.y - round(12 * s))
    else:
        r.midtop = (plate.centerx, plate.bottom + round(12 * s))
    r.clamp_ip(pygame.Rect(0, 0, W_, H_))
    tx = max(r.x + round(16 * s), min(r.right - round(16 * s), plate.centerx))
    if above:
        tip = [(tx - round(8 * s), r.bottom - 1), (tx + round(8 * s), r.bottom - 1), (tx, r.bottom + round(10 * s))]
    else:
        tip = [(tx - round(8 * s), r.y + 1), (tx + round(8 * s), r.y + 1), (tx, r.y - round(10 * s))]
    pygame.draw.rect(surf, (0, 0, 0), r.move(2, 3), border_radius=round(12 * s))
    pygame.draw.rect(surf, (255, 250, 236), r, border_radius=round(12 * s))
    pygame.draw.rect(surf, (200, 150, 60), r, max(1, round(2 * s)), border_radius=round(12 * s))
    pygame.draw.polygon(surf, (255, 250, 236), tip)
    widgets.draw_text(surf, text, r.center, fs, (40, 30, 20), "bold", anchor="center")
    return r
