"""Screen elements and the manager that runs them (the shape of pygame_gui's UIManager; see docs/ui.md).

An element owns its state, its rectangles and its input. A scene composes
elements in a ``Manager`` from bottom to top and, before each pass, says which
are ``visible``. Each frame the manager gives every input event to the visible
elements from the top down (the first that consumes it wins), then updates them
all, then draws the visible ones from the bottom up. Elements never call the
scene that holds them except through the callbacks it gave them, and read no
private member of anything else.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pygame

from game.ui.kit import widgets

POINTED = frozenset({pygame.MOUSEBUTTONDOWN})  # events that reach only the elements under the pointer
BUTTON_EVENTS = frozenset({pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP})


class Element:
    """One thing on the screen: ``handle`` its input, ``update`` with time, ``draw`` itself.

    The manager reads four plain attributes and calls nothing else before ``handle``:

    - ``visible``: set by the scene before each pass; an invisible element gets no event and is not drawn.
    - ``takes``: the event types ``handle`` wants (None: every type); other types never reach it (a drawing-only
      element takes none).
    - ``rects``: where a press reaches it (``POINTED`` events); None means anywhere. Keep it current yourself.
    - ``modal``: while visible, no element below it sees any event (a menu, the settlement, a lost connection).

    ``toast_room`` (None here) is how a shown element keeps the window's notices off what must stay readable.
    """

    visible: bool = True
    takes: frozenset[int] | None = frozenset()
    rects: Sequence[pygame.Rect] | None = None
    modal: bool = False

    def handle(self, ev: pygame.event.Event) -> bool:
        """Act on an event; True when it is consumed (nothing below sees it)."""
        return False

    def update(self, now: float) -> None:
        """Advance with the app's clock (every frame, shown or not)."""

    def draw(self, surf: pygame.Surface) -> None:
        """Draw on ``surf`` (only while visible, bottom to top)."""

    def toast_room(self, height: int) -> pygame.Rect | None:
        """Where the window's notices (a stack ``height`` px tall) may go while this shows; None: no wish."""
        return None


class Manager:
    """Elements from bottom to top: input top-down until consumed, then update, then draw bottom-up."""

    def __init__(self, elements: Iterable[Element] = ()):
        self.elements: list[Element] = list(elements)

    def add(self, *elements: Element) -> None:
        """Put elements on top, in the order given."""
        self.elements.extend(elements)

    def handle(self, ev: pygame.event.Event) -> bool:
        """Give ``ev`` to the visible elements from the top; True when one consumed it (or a modal one stopped it)."""
        pos = getattr(ev, "pos", None) if ev.type in POINTED else None
        for el in reversed(self.elements):
            if not el.visible:
                continue
            wanted = el.takes is None or ev.type in el.takes
            under = pos is None or el.rects is None or any(r.collidepoint(pos) for r in el.rects)
            if (wanted and under and el.handle(ev)) or el.modal:
                return True
        return False

    def update(self, now: float) -> None:
        for el in self.elements:
            el.update(now)

    def draw(self, surf: pygame.Surface) -> None:
        for el in self.elements:
            if el.visible:
                el.draw(surf)

    def toast_room(self, height: int) -> pygame.Rect | None:
        """The place for notices of the topmost visible element that has one, looking no lower than a modal one."""
        for el in reversed(self.elements):
            if el.visible:
                room = el.toast_room(height)
                if room is not None or el.modal:
                    return room
        return None


class ButtonBar(Element):
    """A set of buttons as one element (the table's corner buttons, the switch dock, a panel's answers)."""

    takes = BUTTON_EVENTS

    def __init__(self, buttons: Sequence[widgets.Button] = ()):
        self.buttons: list[widgets.Button] = []
        self.rects: list[pygame.Rect] = []
        self.set(buttons)

    def set(self, buttons: Sequence[widgets.Button]) -> None:
        """Show these buttons from now on (after a layout)."""
        self.buttons = list(buttons)
        self.rects = [b.rect for b in self.buttons]

    def handle(self, ev: pygame.event.Event) -> bool:
        return any(b.handle(ev) for b in self.buttons)

    def draw(self, surf: pygame.Surface) -> None:
        for b in self.buttons:
            b.draw(surf)


class Holder(Element):
    """A place in the stack for an element that comes and goes (each hand's settlement): it stands in for it."""

    takes = None

    def __init__(self) -> None:
        self.child: Element | None = None

    def hold(self, child: Element | None) -> None:
        self.child = child
        self.modal = child is not None and child.modal
        self.takes = None if child is None else child.takes
        self.rects = None if child is None else child.rects

    def handle(self, ev: pygame.event.Event) -> bool:
        return self.child is not None and self.child.handle(ev)

    def update(self, now: float) -> None:
        if self.child is not None:
            self.child.update(now)

    def draw(self, surf: pygame.Surface) -> None:
        if self.child is not None:
            self.child.draw(surf)

    def toast_room(self, height: int) -> pygame.Rect | None:
        return self.child.toast_room(height) if self.child is not None else None
