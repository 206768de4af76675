"""The 记牌器 (tile tracker) panel: for every tile kind of the variant, the copies this seat has not seen.

The counts are ``rules.advice.tracker(view)``: only what the seat's view shows
(its own tiles, face-up melds, discards, flipped tiles), never a hidden tile.
"""

from __future__ import annotations

import pygame

from game.rules import tiles
from game.rules.advice import tracker
from game.rules.variants import get as get_variant
from game.ui.kit import strings, tileart, widgets
from game.ui.kit.elements import Element
from game.ui.table.context import TableContext
from game.ui.table.layout import TableLayout
from game.ui.table.tableview import tile_marks


def rows_of(view: dict) -> list[list[int]]:
    """The variant's tile kinds in rows (万, 筒, 条, honours), kinds it does not use left out."""
    full = tiles.counts(get_variant(view["variant"]).tile_set(view["options"]))
    rows = [[t for t in range(suit * 9, min(suit * 9 + 9, tiles.NUM_KINDS)) if full[t]] for suit in range(4)]
    return [r for r in rows if r]


class TrackerModel:
    """The counts for the current view, worked out once per view version."""

    def __init__(self) -> None:
        self._key: object = None
        self.counts: list[int] = [0] * tiles.NUM_KINDS
        self.rows: list[list[int]] = []
        self.layer: pygame.Surface | None = None  # the drawn panel, kept while nothing on it changes
        self.layer_key: object = None

    def update(self, view: dict) -> None:
        key = (view.get("version"), view.get("hand_no"), view.get("variant"), view.get("phase"))
        if key == self._key:
            return
        self._key = key
        self.counts = tracker(view)  # type: ignore[arg-type]  # a view dict (LAN: from the wire)
        self.rows = rows_of(view)


class TrackerPanel(Element):
    """The 记牌器 as an element over the table (the scene shows it while the switch is on)."""

    def __init__(self, ctx: TableContext):
        self.ctx = ctx
        self.model = TrackerModel()

    def draw(self, surf: pygame.Surface) -> None:
        v, L = self.ctx.view, self.ctx.layout
        if v is not None and L is not None:
            self.model.update(v)
            draw_tracker(surf, self.model, L, tile_marks(v))


def panel_rect(rows: int, layout: TableLayout) -> pygame.Rect:
    """Where the panel goes: the left of the table, under the left seat's plate, above the hints."""
    s = layout.s
    tw = tile_width(s)
    cw, ch = tileart.tile_size(tw)
    w = 9 * (cw + round(3 * s)) + round(20 * s)
    h = round(30 * s) + rows * (ch + row_gap(s)) + round(6 * s)
    r = pygame.Rect(round(64 * s), 0, w, h)
    r.centery = layout.C[1] + round(40 * s)
    return r


def tile_width(scale: float) -> int:
    return max(12, round(22 * scale))


def row_gap(scale: float) -> int:
    """Room under a row of tiles for its counts (12 px text at least)."""
    return max(16, round(18 * scale))


def draw_tracker(surf: pygame.Surface, model: TrackerModel, layout: TableLayout, marks: dict[int, str]) -> pygame.Rect:
    """The panel: a title, then each row of tiles with the unseen count under every tile (0 dimmed).

    Drawn once per change of counts, size or language into a cached layer (it is open every frame).
    """
    r = panel_rect(len(model.rows), layout)
    key = (tuple(model.counts), tuple(map(tuple, model.rows)), r.size, layout.s, strings.lang(),
           tuple(sorted(marks.items())))
    if model.layer is None or model.layer_key != key:
        model.layer = _render(model, r.size, layout.s, marks)
        model.layer_key = key
    surf.blit(model.layer, r)
    return r


def _render(model: TrackerModel, size: tuple[int, int], s: float, marks: dict[int, str]) -> pygame.Surface:
    layer = pygame.Surface(size, pygame.SRCALPHA)
    r = layer.get_rect()
    widgets.panel(layer, r, (10, 28, 22), 225, round(12 * s), max(1, round(2 * s)), (150, 130, 80))
    pad = round(10 * s)
    title = strings.tr("tracker.title")
    widgets.draw_text(layer, title, (r.x + pad, r.y + round(7 * s)), max(12, round(14 * s)), widgets.GOLD, "bold",
                max_width=r.w - 2 * pad)
    tw = tile_width(s)
    cw, ch = tileart.tile_size(tw)
    lsize = max(12, round(12 * s))
    y = r.y + round(30 * s)
    surf = layer
    for row in model.rows:
        x = r.x + pad
        for t in row:
            left = model.counts[t]
            m = marks.get(t)
            hl = m if m in ("wild", "standin", "chicken") else None
            tileart.draw_tile(surf, t, (x, y), tw, highlight=hl, dim=left == 0)
            col = (255, 226, 140) if left >= 2 else (255, 170, 120) if left == 1 else (150, 150, 140)
            widgets.draw_text(surf, str(left), (x + cw // 2, y + ch + round(1 * s)), lsize, col, "bold",
                              anchor="midtop")
            x += cw + round(3 * s)
        y += ch + row_gap(s)
    return layer
