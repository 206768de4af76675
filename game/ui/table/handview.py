"""The player's own hand as an element: it lays out, draws and takes the clicks on its tiles itself.

Where each tile stands (``geometry``) is worked out from the view shown, the
layout and the deal's progress, and kept until one of them changes; drawing and
hit-testing both read it, so a click always meets the tiles as they are now.

Gestures, as the popular apps have them (issue 39). A press on a tile raises it;
a press on the raised tile discards it; dragging any tile upward past ``DRAG_UP``
and letting go discards it (the tile follows the pointer meanwhile); with the
player's "one-tap discard" setting the first press discards. The keyboard selects
and discards through ``select`` / ``discard``. In a chicken game the hand's first
幺鸡 or 八筒 discard is first confirmed (``guard``: the dialog is the scene's).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.rules.actions import Action
from game.rules.kinds import ActionKind
from game.ui.kit import drawlog, strings, tileart, widgets
from game.ui.kit.elements import Element
from game.ui.table.context import TableContext
from game.ui.table.decisions import Decisions
from game.ui.table.hints import Hints
from game.ui.table.myhand import HandSlots, hand_slots
from game.ui.table.tableview import TableRenderer, tile_marks

HandRect = tuple[pygame.Rect, int, int]  # (rect to click, tile, index in the hand)
DRAG_UP = 40  # pixels at 1280x720 a tile must be dragged up to be discarded on release
DRAG_SHOW = 70  # the most a dragged tile follows the pointer up (pixels at 1280x720)


def lift(i: int, sel: int | None, hover: int | None, scale: float) -> int:
    """Pixels a hand tile rises: the selected one most, the one under the mouse a little."""
    if i == sel:
        return round(18 * scale)
    if i == hover:
        return round(7 * scale)
    return 0


def _over(view: dict | None) -> bool:
    return view is not None and view.get("phase") == "end"


def _discards(view: dict | None) -> list[Action]:
    return [a for a in (view or {}).get("legal") or [] if a.kind == ActionKind.DISCARD]


@dataclass
class Press:
    """A press on a hand tile that has not been released yet (app time and window position where it began)."""

    index: int
    pos: tuple[int, int]
    at: float
    drag_dy: int = 0  # pixels the pointer has moved up since (negative: down)
    tile: int | None = None  # the tile pressed (a drag discards it only if it still stands there)


class HandView(Element):
    """My concealed tiles and melds: selection, hover and presses are its own; a discard goes to ``decisions``."""

    takes = frozenset({pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP})

    def __init__(self, ctx: TableContext, decisions: Decisions,
                 guard: Callable[[int, Callable[[], None]], bool] | None = None,
                 ready_marks: Callable[[], set[int]] | None = None):
        self.ctx = ctx
        self.decisions = decisions
        self.guard = guard  # guard(tile, go): True to discard now; False: it asked first and calls go() on a yes
        self.ready_marks = ready_marks  # the tiles whose discard keeps the hand ready (the 听 badge's marks)
        self.sel: int | None = None  # the raised tile (index in display order)
        self.hover: int | None = None  # the tile under the pointer
        self.press: Press | None = None
        self._geo: HandSlots | None = None
        self._bodies: list[pygame.Rect] = []  # each slot's tile body (unlifted)
        self._geo_of: tuple[object, object] = (None, None)  # the view and layout it was worked out for
        self._seen_decision = decisions.version

    # ------------------------------------------------------------ geometry
    def geometry(self) -> HandSlots:
        """(tiles in display order, their slots, my melds as shown, the melds' slots) as the last frame shows them:
        worked out each frame (``update``), again at once when the view or the layout changed since."""
        ctx = self.ctx
        view, layout = self._geo_of
        if self._geo is None or view is not ctx.view or layout is not ctx.layout:
            self._place()
        assert self._geo is not None
        return self._geo

    def _place(self) -> None:
        ctx = self.ctx
        assert ctx.view is not None and ctx.layout is not None  # a hand is shown only with a view, laid out
        self._geo = hand_slots(ctx.view, ctx.me, ctx.layout, ctx.deal_counts())
        self._bodies = [sl.rect() for sl in self._geo[1]]
        self._geo_of = (ctx.view, ctx.layout)

    def tiles(self) -> list[int]:
        """My concealed tiles in the order shown (while the deal runs, the ones dealt so far)."""
        return self.geometry()[0]

    def _lift(self, i: int, over: bool) -> int:
        return 0 if over else lift(i, self.sel, self.hover, self.ctx.scale)

    def tile_rects(self) -> list[HandRect]:
        """Where each tile can be clicked now (lifted ones included): (rect, tile, index)."""
        disp, _slots, _m, _ms = self.geometry()
        over = _over(self.ctx.view)
        return [(body.move(0, -self._lift(i, over)).union(body), t, i)
                for i, (t, body) in enumerate(zip(disp, self._bodies))]

    def tile_at(self, pos: tuple[int, int]) -> int | None:
        for rect, _t, i in reversed(self.tile_rects()):
            if rect.collidepoint(pos):
                return i
        return None

    def where(self, tile: int) -> tuple[int, int] | None:
        """Where ``tile`` stands in my hand now (the selected copy, else the rightmost), lift included."""
        disp, slots, _m, _ms = self.geometry()
        idx = self.sel if self.sel is not None and self.sel < len(disp) and disp[self.sel] == tile else None
        if idx is None:
            idx = next((i for i in range(len(disp) - 1, -1, -1) if disp[i] == tile), None)
        if idx is None:
            return None
        sl = slots[idx]
        return (sl.x, sl.y - self._lift(idx, _over(self.ctx.view)))

    # ------------------------------------------------------------ what the player does
    def select(self, i: int | None, sound: bool = False) -> None:
        self.sel = i
        if sound:
            self.ctx.app.sound.play("select", 0.4)

    def drop_selection(self) -> None:
        self.sel = None

    def click(self, i: int) -> None:
        """A press on tile ``i``: the raised tile (or, with one-tap discards, any tile) is discarded, another is
        raised (and told why it may not go, when hints know)."""
        ctx = self.ctx
        can = bool(_discards(ctx.view))
        if can and (self.sel == i or ctx.app.settings.one_tap):
            self.discard(i)
            return
        self.select(i, sound=True)
        disp = self.tiles()
        if can and i < len(disp):
            hints = ctx.current_hints()
            t = disp[i]
            if hints and t in hints.blocked:
                ctx.app.notice(strings.tr("hint.cannot_discard", why=hints.blocked[t]), 3)

    def discard(self, i: int, confirmed: bool = False) -> None:
        """Discard tile ``i`` if the rules allow it now (a first chicken asks first, unless ``confirmed``); else say
        why (when hints know)."""
        ctx = self.ctx
        disp = self.tiles()
        if not 0 <= i < len(disp):
            return
        t = disp[i]
        legal = _discards(ctx.view)
        if not any(a.tile == t for a in legal):
            hints = ctx.current_hints()
            why = hints.blocked.get(t) if hints else None
            if why and legal:
                ctx.app.notice(strings.tr("hint.cannot_discard", why=why), 3)
            return
        if not confirmed and self.guard is not None and not self.guard(t, lambda: self._confirmed(t)):
            self.sel = i  # the tile stays raised while the question is open
            return
        self.decisions.send(Action(ctx.me, ActionKind.DISCARD, t), origin=self.where(t))
        self.sel = None
        self._seen_decision = self.decisions.version

    def _confirmed(self, tile: int) -> None:
        """The first-chicken question was answered yes: discard that tile if it may still go."""
        disp = self.tiles()
        i = self.sel if self.sel is not None and self.sel < len(disp) and disp[self.sel] == tile else None
        if i is None:
            i = next((k for k in range(len(disp) - 1, -1, -1) if disp[k] == tile), None)
        if i is not None:
            self.discard(i, confirmed=True)

    # ------------------------------------------------------------ input
    def handle(self, ev: pygame.event.Event) -> bool:
        if ev.type == pygame.MOUSEMOTION:
            self.hover = self.tile_at(ev.pos)
            if self.press is not None:
                self._dragged(ev.pos)
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN:
            if ev.button == 3:
                self.sel = None  # the table below closes the prompt's list too
                return False
            if ev.button != 1:
                return False
            i = self.tile_at(ev.pos)
            if i is None:
                return False
            tiles = self.tiles()
            self.press = Press(i, ev.pos, self.ctx.app.now, tile=tiles[i] if i < len(tiles) else None)
            self._pressed(i)
            return True
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1 and self.press is not None:
            press, self.press = self.press, None
            self._released(press)
        return False

    def _pressed(self, i: int) -> None:
        self.click(i)

    def _dragged(self, pos: tuple[int, int]) -> None:
        assert self.press is not None
        self.press.drag_dy = self.press.pos[1] - pos[1]
        self.ctx.app.invalidate()  # the tile follows the pointer

    def _released(self, press: Press) -> None:
        """A drag upward past ``DRAG_UP`` discards the tile it began on (if it is still that tile)."""
        if press.drag_dy < DRAG_UP * self.ctx.scale or not _discards(self.ctx.view):
            return
        disp = self.tiles()
        if press.index < len(disp) and press.tile == disp[press.index]:
            self.discard(press.index)

    def update(self, now: float) -> None:
        if self.decisions.version != self._seen_decision:  # a decision went out (a claim, 托管): nothing stays raised
            self._seen_decision = self.decisions.version
            self.sel = None
        ctx = self.ctx
        view, layout = self._geo_of
        if ctx.view is not None and ctx.layout is not None and (
                ctx.deal.start is not None or view is not ctx.view or layout is not ctx.layout):
            self._place()  # while the deal runs the hand grows every frame

    # ------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface) -> None:
        ctx = self.ctx
        over = _over(ctx.view)
        legal = _discards(ctx.view)
        allowed = {a.tile for a in legal if a.tile is not None} if legal else None
        assert ctx.view is not None
        keep = self.ready_marks() if self.ready_marks is not None and allowed is not None and not over else set()
        drag = None
        if self.press is not None and self.press.drag_dy > 0 and allowed is not None:
            drag = (self.press.index, min(self.press.drag_dy, round(DRAG_SHOW * ctx.scale)))
        draw_my_hand(surf, ctx.view, ctx.me, self.geometry(), ctx.render, ctx.current_hints() if not over else None,
                     allowed, self.sel, self.hover, over, ctx.scale, keep, drag)


def draw_my_hand(surf: pygame.Surface, view: dict, me: int, hand: HandSlots, render: TableRenderer,
                 hints: Hints | None, allowed: set[int] | None, sel: int | None, hover: int | None, over: bool,
                 scale: float, keep: set[int] | None = None, drag: tuple[int, int] | None = None) -> None:
    """My concealed tiles (lifted, marked, dimmed when they may not go) and melds; ``keep``: tiles whose discard
    keeps the hand ready (a 听 tag above each); ``drag``: (index, pixels) of a tile being dragged up."""
    disp, slots, melds, meld_slots = hand
    marks = tile_marks(view)
    my_turn = allowed is not None
    hidden = render.hidden
    s = scale
    tag = None
    for i, (t, sl) in enumerate(zip(disp, slots)):
        y = sl.y - (lift(i, sel, hover, s) if not over else 0)
        if drag is not None and drag[0] == i:
            y = min(y, sl.y - drag[1])
        if ("my", i) in hidden:
            continue
        dim = allowed is not None and t not in allowed
        hl = []
        m = marks.get(t)
        if m in ("wild", "standin", "chicken"):
            hl.append(m)
        if i == sel and not over:
            hl.append("selected")
        tileart.draw_tile(surf, t, (sl.x, y), sl.w, standing=True, highlight=tuple(hl) or None, dim=dim)
        cx = sl.x + tileart.tile_size(sl.w)[0] // 2
        if keep and my_turn and t in keep and not dim:
            tag = tag or _ting_tag(s)
            at = tag.get_rect(center=(cx, y + round(2 * s)))  # on the tile's top edge: clear of the line above
            surf.blit(tag, at)
            if strings.is_zh():
                drawlog.text(surf, TING_MARK, at, tag, max(12, round(12 * s)), "bold")
        elif hints and my_turn and t in hints.per_discard and not dim:
            ty = y - round(8 * s)
            pts = [(cx - round(7 * s), ty), (cx + round(7 * s), ty), (cx, ty + round(8 * s))]
            pygame.draw.polygon(surf, (255, 226, 90), pts)
            pygame.draw.polygon(surf, (120, 80, 0), pts, 1)
    for mi, (_x, mslots) in enumerate(meld_slots):
        render.draw_meld(surf, view, melds[mi], mslots, me, mi, hidden_prefix=("mymeld", mi))


TING_MARK = "听"  # the mark above a tile whose discard keeps the hand ready (Chinese; English: a drawn tick)


def _ting_tag(s: float) -> pygame.Surface:
    """A small red disc with 听 (the badge's own sign; a tick in English), for the tiles that keep the hand ready."""
    r = max(7, round(9 * s))
    out = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
    pygame.draw.circle(out, (120, 16, 10), (r + 1, r + 2), r)
    pygame.draw.circle(out, (218, 48, 36), (r + 1, r + 1), r)
    pygame.draw.circle(out, (255, 214, 120), (r + 1, r + 1), r, max(1, round(1.5 * s)))
    if strings.is_zh():
        img = widgets.text_surface(TING_MARK, max(12, round(12 * s)), (255, 246, 230), "bold")
        out.blit(img, img.get_rect(center=(r + 1, r + 1)))
    else:
        c = r + 1
        pts = [(c - r * 0.45, c + r * 0.02), (c - r * 0.1, c + r * 0.38), (c + r * 0.5, c - r * 0.36)]
        pygame.draw.lines(out, (255, 246, 230), False, pts, max(2, round(2.2 * s)))
    return out
