"""What the drawing layer drew in a frame: texts, controls, panels, tiles, where and inside what (off unless audited).

The widgets and text helpers call ``text``/``control``/``panel``/``tile``/...
as they draw; with no ``Log`` active each call is one attribute test. A ``Log``
keeps screen coordinates: what is drawn on the screen or a subsurface of it
is placed at once; what is drawn on an off-screen layer (a toast, a rules page)
waits on that layer until ``blit_layer`` puts the layer on the screen.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import pygame


@dataclass
class Item:
    """One thing drawn: ``kind`` is text, control, panel, tile, badge or dropped (lines not shown)."""

    kind: str
    rect: pygame.Rect  # screen pixels; for text the ink (glyphs' bounding box)
    text: str = ""
    name: str = ""  # a control's name, a panel's or tile's role
    size: float = 0.0  # text: font size in px as drawn
    squeeze: float = 1.0  # text: width factor when squeezed to fit (1 = not squeezed)
    style: str = ""
    clip: pygame.Rect | None = None  # the clip in force (screen pixels)
    scroll: bool = False  # inside a scrolling viewport (cut at its edges on purpose)
    owner: int | None = None  # index of the control whose drawing drew this
    layer: int = 0  # veils (dimmed screens) drawn before it: higher layers are on top of lower ones
    seq: int = 0
    face: pygame.Rect | None = None  # tile: its face (None: a back)
    extra: dict = field(default_factory=dict)


class Log:
    """The items of the frames drawn while active; ``reset`` before the frame to audit."""

    def __init__(self, screen: pygame.Surface):
        self.screen = screen
        self.items: list[Item] = []
        self.layers: dict[int, tuple[pygame.Surface, list[Item]]] = {}
        self.controls: list[int] = []  # stack of control items being drawn
        self.veils = 0
        self.scrolling = 0

    def reset(self, screen: pygame.Surface | None = None) -> None:
        if screen is not None:
            self.screen = screen
        self.items = []
        self.controls = []
        self.veils = 0
        self.scrolling = 0

    # ------------------------------------------------------------------ placing
    def _where(self, dest: pygame.Surface) -> tuple[list[Item], tuple[int, int]]:
        """The list an item drawn on ``dest`` goes to and the offset from ``dest`` to it."""
        if dest is self.screen:
            return self.items, (0, 0)
        parent = dest.get_abs_parent()
        if parent is self.screen:
            return self.items, dest.get_abs_offset()
        key = id(parent)
        if key not in self.layers or self.layers[key][0] is not parent:
            self.layers[key] = (parent, [])
        return self.layers[key][1], dest.get_abs_offset()

    def add(self, dest: pygame.Surface, item: Item) -> Item:
        items, (ox, oy) = self._where(dest)
        item.rect = pygame.Rect(item.rect).move(ox, oy)
        if item.face is not None:
            item.face = pygame.Rect(item.face).move(ox, oy)
        clip = dest.get_clip()
        item.clip = clip.move(ox, oy)
        item.scroll = item.scroll or self.scrolling > 0
        item.layer = self.veils
        if items is self.items:
            item.owner = self.controls[-1] if self.controls else None
            item.seq = len(self.items)
        items.append(item)
        return item

    def blit_layer(self, dest: pygame.Surface, layer: pygame.Surface, pos: tuple[int, int],
                   transient: bool = False) -> None:
        """``layer`` was blitted at ``pos`` on ``dest``: its items move to the screen, cut by ``dest``'s clip.

        ``transient``: a message that fades in seconds (a toast)."""
        got = self.layers.get(id(layer))
        if got is None or got[0] is not layer:
            return
        items, (ox, oy) = self._where(dest)
        clip = dest.get_clip().move(ox, oy)
        for it in got[1]:
            new = Item(**{**it.__dict__, "extra": dict(it.extra)})
            new.rect = it.rect.move(pos[0] + ox, pos[1] + oy)
            new.face = it.face.move(pos[0] + ox, pos[1] + oy) if it.face is not None else None
            page = it.clip.move(pos[0] + ox, pos[1] + oy) if it.clip is not None else layer.get_rect().move(pos)
            new.extra["page"] = page  # the layer's own edges: what crosses them is cut even in a scrolling view
            if transient:
                new.extra["transient"] = True
            new.clip = page.clip(clip)
            new.scroll = it.scroll or self.scrolling > 0
            new.layer = self.veils
            if items is self.items:
                new.owner = self.controls[-1] if self.controls else None
                new.seq = len(self.items)
            items.append(new)


active: Log | None = None


def start(screen: pygame.Surface) -> Log:
    global active
    active = Log(screen)
    return active


def stop() -> None:
    global active
    active = None


@contextmanager
def recording(screen: pygame.Surface) -> Iterator[Log]:
    """What the block draws, logged (``start`` before it, ``stop`` after it, even when it raises)."""
    log = start(screen)
    try:
        yield log
    finally:
        stop()


# ---------------------------------------------------------------------- what the drawing layer calls

def text(dest: pygame.Surface, text_: str, at: pygame.Rect, img: pygame.Surface | None, size: float,
         style: str = "regular", squeeze: float = 1.0, role: str = "") -> None:
    """Text blitted at ``at`` (the rendered image's rect); the ink box comes from ``img``."""
    log = active
    if log is None or not text_:
        return
    at = pygame.Rect(at)
    if img is not None:
        ink = img.get_bounding_rect()
        if ink.w and ink.h:
            sx = at.w / max(1, img.get_width())
            sy = at.h / max(1, img.get_height())
            at = pygame.Rect(at.x + round(ink.x * sx), at.y + round(ink.y * sy), max(1, round(ink.w * sx)),
                             max(1, round(ink.h * sy)))
    log.add(dest, Item("text", at, text_, role, float(size), squeeze, style))


def dropped(dest: pygame.Surface, lines: list[str], where: pygame.Rect, size: float) -> None:
    """Lines of text that did not fit and were left out."""
    if active is not None and lines:
        active.add(dest, Item("dropped", pygame.Rect(where), " / ".join(lines), "", float(size)))


def control(dest: pygame.Surface, rect: pygame.Rect, name: str, kind: str) -> int | None:
    """A control (button, checkbox, choice, ...) starts drawing; returns its index for ``end_control``."""
    log = active
    if log is None:
        return None
    it = log.add(dest, Item("control", pygame.Rect(rect), "", name, extra={"class": kind}))
    it.extra["top"] = True
    if it.seq < len(log.items) and log.items[it.seq] is it:
        log.controls.append(it.seq)
        return it.seq
    return None


def end_control(index: int | None) -> None:
    log = active
    if log is not None and index is not None and log.controls and log.controls[-1] == index:
        log.controls.pop()


def panel(dest: pygame.Surface, rect: pygame.Rect, name: str = "", border: int = 0) -> None:
    """A panel: what starts inside it must stay inside its rim (``border`` px, drawn twice: edge and inner line)."""
    if active is not None:
        active.add(dest, Item("panel", pygame.Rect(rect), "", name, extra={"border": border}))


def badge(dest: pygame.Surface, rect: pygame.Rect, label: str) -> None:
    """A key badge (the key that presses a button)."""
    if active is not None:
        active.add(dest, Item("badge", pygame.Rect(rect), label))


def tile(dest: pygame.Surface, body: pygame.Rect, face: pygame.Rect | None, kind: int | None) -> None:
    if active is not None:
        active.add(dest, Item("tile", pygame.Rect(body), "", "" if kind is None else str(kind),
                              face=pygame.Rect(face) if face is not None else None))


def veil(dest: pygame.Surface) -> None:
    """The screen was dimmed: what follows is on top of everything before."""
    log = active
    if log is not None and log._where(dest)[0] is log.items:
        log.veils += 1


def blit_layer(dest: pygame.Surface, layer: pygame.Surface, pos: tuple[int, int], transient: bool = False) -> None:
    """Blit an off-screen layer and carry what was drawn on it to where it lands (``transient``: a toast)."""
    dest.blit(layer, pos)
    if active is not None:
        active.blit_layer(dest, layer, pos, transient)


@contextmanager
def scrolling(dest: pygame.Surface, viewport: pygame.Rect) -> Iterator[None]:
    """Draw a scrolled view cut to ``viewport``: text cut at its edges is scrolled, not clipped."""
    old = dest.get_clip()
    dest.set_clip(pygame.Rect(viewport).clip(old))
    log = active
    if log is not None:
        log.scrolling += 1
    try:
        yield
    finally:
        dest.set_clip(old)
        if log is not None:
            log.scrolling -= 1
