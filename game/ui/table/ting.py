"""The 听 badge by the player's hand: when the hand is ready, its waits and how many of each are still unseen.

The waits and counts are the rules core's advice (``rules.advice`` through the
table's ``HintEngine``), read from the seat's view only. With 14 tiles (the
player's turn) the tiles whose discard keeps the hand ready are marked on the
hand (``keep``; the hand draws the marks) and the badge shows the waits after the
tile in focus. A player setting (on by default), independent of the hints; a LAN
table that allows no assists shows no badge.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import pygame

from game.ui.kit import drawlog, strings, tileart, widgets
from game.ui.kit.elements import Element
from game.ui.table.context import TableContext
from game.ui.table.hints import Hints

MAX_WAITS = 9  # waits shown on the badge; more are counted ("+3")


class Focus(Protocol):
    """What the badge reads of the hand (``handview.HandView``)."""

    sel: int | None
    hover: int | None

    def tiles(self) -> list[int]: ...


@dataclass(frozen=True)
class Ting:
    """What the badge shows: the waits with their unseen counts; ``after`` the discard they follow (a 14-tile
    turn), None for a 13-tile hand; ``keep`` the tiles whose discard keeps the hand ready."""

    waits: tuple[tuple[int, int], ...]
    after: int | None
    keep: frozenset[int]

    @property
    def unseen(self) -> int:
        return sum(n for _t, n in self.waits)


def ting_of(hints: Hints, disp: list[int], focus: int | None, discarding: bool) -> Ting | None:
    """The badge for this moment, or None when the hand is not ready (and no discard makes it so)."""
    if discarding:
        keep = frozenset(hints.per_discard)
        if not keep:
            return None
        t = disp[focus] if focus is not None and 0 <= focus < len(disp) else None
        if t is not None and t in keep:
            return Ting(tuple(hints.per_discard[t]), t, keep)
        return Ting((), None, keep)
    if hints.waits:
        return Ting(tuple(hints.waits), None, frozenset())
    return None


class TingBadge(Element):
    """The badge (drawing only), bottom left above the player's plate; ``enabled()`` is the player's setting and
    the table's permission."""

    def __init__(self, ctx: TableContext, hand: Focus, enabled: Callable[[], bool]):
        self.ctx = ctx
        self.hand = hand
        self.enabled = enabled
        self.rect: pygame.Rect | None = None  # where it was drawn last (None: not shown)

    def current(self) -> Ting | None:
        """The badge's content now (None: nothing to show)."""
        ctx = self.ctx
        v = ctx.view
        if v is None or not ctx.seated or v.get("phase") == "end" or not self.enabled():
            return None
        hints = ctx.hints.compute(v)
        hand = self.hand
        focus = hand.sel if hand.sel is not None else hand.hover
        return ting_of(hints, hand.tiles(), focus, bool(ctx.legal("discard")))

    def keep(self) -> set[int]:
        """The tiles the hand marks while the player chooses a discard."""
        t = self.current()
        return set(t.keep) if t is not None else set()

    def showing(self) -> bool:
        return self.current() is not None

    def draw(self, surf: pygame.Surface) -> None:
        ting = self.current()
        L = self.ctx.layout
        self.rect = None
        if ting is None or L is None:
            return
        self.rect = draw_badge(surf, ting, self.ctx.app.size, L.plate_h, self.ctx.scale, L.font(12))


def draw_badge(surf: pygame.Surface, ting: Ting, size: tuple[int, int], plate_h: int, s: float,
               small: int) -> pygame.Rect:
    """The badge: a red 听 seal, a line (what it is about), then each wait's tile with "N left" under it."""
    tw = round(26 * s)
    cw, ch = tileart.tile_size(tw)
    pad, gap = round(8 * s), round(7 * s)
    seal_r = round(17 * s)
    seal_text = strings.tr("ting.seal")
    seal_fs = round(20 * s) if len(seal_text) == 1 else max(small, round(12 * s))
    seal_w = max(2 * seal_r, widgets.text_width(seal_text, seal_fs, "bold") + round(14 * s))
    if ting.after is not None:
        label = strings.tr("ting.after", tile=strings.tile_name(ting.after))
    elif ting.waits:
        label = strings.tr("ting.ready")
    else:
        label = strings.tr("ting.choose")
    fs = max(small, round(14 * s))
    waits = list(ting.waits[:MAX_WAITS])
    counts = [strings.tr("hint.left", n=n) if n else strings.tr("hint.none_left") for _t, n in waits]
    cols = [max(cw, widgets.text_width(c, small, "bold")) for c in counts]
    label_w = widgets.text_width(label, fs, "bold")
    total = strings.tr("ting.total", n=ting.unseen) if waits else ""
    more = len(ting.waits) - len(waits)
    if more > 0:
        total = strings.tr("ting.more", k=more) + "  " + total
    total_w = widgets.text_width(total, small, "bold") if total else 0
    body_w = max(label_w, total_w + (sum(c + gap for c in cols) if waits else 0))
    width = pad + seal_w + pad + body_w + pad
    height = (round(22 * s) + ch + round(4 * s) + round(small * 1.3) + pad) if waits else round(46 * s)
    r = pygame.Rect(round(14 * s), size[1] - plate_h - round(22 * s) - height, width, height)
    if r.right > size[0] * 0.62:
        r.w = round(size[0] * 0.62) - r.x
    widgets.panel(surf, r, (46, 12, 8), 232, round(12 * s), 2, (255, 176, 96))
    # the seal: 听 (a word on a pill in English)
    seal = pygame.Rect(r.x + pad, r.y + round(23 * s) - seal_r, seal_w, 2 * seal_r)
    pygame.draw.rect(surf, (120, 16, 10), seal.move(0, 2), border_radius=seal_r)
    pygame.draw.rect(surf, (214, 48, 36), seal, border_radius=seal_r)
    pygame.draw.rect(surf, (255, 214, 120), seal, max(1, round(2 * s)), border_radius=seal_r)
    widgets.draw_text(surf, seal_text, seal.center, seal_fs, (255, 246, 230), "bold", anchor="center")
    x0 = seal.right + pad
    widgets.draw_text(surf, label, (x0, r.y + round(6 * s)), fs, widgets.CREAM, "bold", max_width=r.right - x0 - pad)
    if not waits:
        return r
    y = r.y + round(26 * s)
    x = x0
    for k, ((t, left), text, col) in enumerate(zip(waits, counts, cols)):
        if x + col > r.right - pad - total_w:
            drawlog.dropped(surf, [strings.tile_name(t) for t, _n in waits[k:]], pygame.Rect(x, y, cw, ch), 0)
            break
        tileart.draw_tile(surf, t, (x + (col - cw) // 2, y), tw, dim=left == 0)
        widgets.draw_text(surf, text, (x + col // 2, y + ch + round(3 * s)), small,
                    (255, 220, 130) if left else (200, 150, 140), "bold", anchor="midtop")
        x += col + gap
    widgets.draw_text(surf, total, (r.right - pad, y + ch // 2), small, (255, 214, 140), "bold", anchor="midright")
    return r
