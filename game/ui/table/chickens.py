"""The 鸡 panel of the chicken games (贵阳捉鸡, 捉鸡麻将), toggled like the 记牌器 (K, or its chip by the corner panel).

Its content is ``rules.fowl_view.outlook(view)``: only what the seat may see. It
lists the chickens in play (default, 冲锋, 责任; after the flip the flipped and
golden ones), the player's own chickens and beans, every other seat's face-up
chickens, and what the player would collect or owe if the hand were won now by
someone else - if ready and if not (包鸡 included). The panel stands on the right
of the table; it is drawn into a layer kept while nothing on it changes.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

import game.i18n as i18n
from game.rules.fowl_view import EACH, READY, Fowl, Outlook, is_chicken_view, outlook
from game.rules.variants.chicken import ChickenGame
from game.ui.kit import drawlog, strings, tileart, widgets
from game.ui.kit.elements import ButtonBar, Element
from game.ui.table.context import TableContext
from game.ui.table.dock import Toggle
from game.ui.table.layout import TableLayout

WHERE = {"hand": "chickens.in_hand", "meld": "chickens.in_meld", "concealed_kong": "chickens.in_kong",
         "discard": "chickens.in_discard"}


def shown_for(view: dict | None) -> bool:
    """The panel exists for this view (a chicken game)."""
    try:
        return view is not None and is_chicken_view(view)  # type: ignore[arg-type]  # a LAN view is the same dict
    except ValueError:
        return False


def chicken_variant(variant: object) -> bool:
    """A chicken game's table (the panel, its chip and the first-chicken question exist there)."""
    return isinstance(variant, ChickenGame)


class ChickenModel:
    """The outlook for the current view, worked out once per view version."""

    def __init__(self) -> None:
        self.key: object = None  # the view version the outlook is for
        self.outlook: Outlook | None = None
        self.layer: pygame.Surface | None = None
        self.layer_key: object = None

    def update(self, view: dict) -> Outlook:
        key = (view.get("version"), view.get("hand_no"), view.get("phase"), view.get("seat"))
        if key != self.key or self.outlook is None:
            self.key = key
            self.outlook = outlook(view)  # type: ignore[arg-type]  # a view dict (LAN: from the wire)
        return self.outlook


class ChickenPanel(Element):
    """The panel as an element (drawing only: the scene shows it while the switch is on)."""

    def __init__(self, ctx: TableContext):
        self.ctx = ctx
        self.model = ChickenModel()
        self.rect: pygame.Rect | None = None

    def draw(self, surf: pygame.Surface) -> None:
        v, L = self.ctx.view, self.ctx.layout
        if v is None or L is None or not shown_for(v):
            return
        o = self.model.update(v)
        plates = [r for seat, r in self.ctx.render.plate_rects.items() if seat != self.ctx.me]
        self.rect = draw_panel(surf, self.model, o, v, L, self.ctx.names(), plates)


class ChickenChip(ButtonBar):
    """The panel's switch: a chip beside the corner panel, and the K key (a chicken game's table only)."""

    takes = frozenset({*ButtonBar.takes, pygame.KEYDOWN}) if ButtonBar.takes is not None else None

    def __init__(self, ctx: TableContext, toggle: Callable[[], None], is_on: Callable[[], bool]):
        super().__init__()
        self.ctx = ctx
        self.toggle = toggle
        self.is_on = is_on

    def handle(self, ev: pygame.event.Event) -> bool:
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_k:
                self.toggle()
                return True
            return False
        return super().handle(ev)

    def place(self, corner: pygame.Rect | None) -> bool:
        """Put the chip beside the corner panel as it was drawn (each frame); True when it moved (draw again)."""
        s = self.ctx.scale
        if corner is None:
            moved = bool(self.buttons)
            self.set([])
            return moved
        w, h = round(92 * s), round(32 * s)
        rect = (corner.right + round(8 * s), corner.y + round(4 * s), w, h)
        if self.buttons and self.buttons[0].rect == pygame.Rect(rect):
            return False
        self.set([Toggle(rect, widgets.tr_label("chickens.chip"), self.toggle, self.is_on, "K", "chickens",
                         max(12, round(14 * s)))])
        return True


def panel_width(s: float) -> int:
    return round(330 * s)


def panel_rect(layout: TableLayout, height: int, plates: list[pygame.Rect] | None = None) -> pygame.Rect:
    """On the right of the table, left of the right-hand seat's tiles, centred on the table's middle and below
    the other seats' plates it would cover."""
    s = layout.s
    w = panel_width(s)
    r = pygame.Rect(layout.W - round(76 * s) - w, 0, w, height)
    r.centery = layout.C[1] + round(10 * s)
    top = layout.top_band + round(60 * s)
    for p in plates or []:
        if p.x < r.right and p.right > r.x and p.centery < layout.C[1]:
            top = max(top, p.bottom + round(8 * s))
    if r.y < top:
        r.y = top
    return r


def draw_panel(surf: pygame.Surface, model: ChickenModel, o: Outlook, view: dict, layout: TableLayout,
               names: list[str], plates: list[pygame.Rect] | None = None) -> pygame.Rect:
    """The panel, rendered into a cached layer per change of content, size or language."""
    key = (model.key, layout.W, layout.H, strings.lang(), tuple(names))
    if model.layer is None or model.layer_key != key:
        model.layer = _render(o, view, layout.s, names, layout.font(12))
        model.layer_key = key
    r = panel_rect(layout, model.layer.get_height(), plates)
    drawlog.blit_layer(surf, model.layer, r.topleft)
    return r


def _fowl_text(f: Fowl) -> str:
    where = strings.tr(WHERE.get(f.where, "chickens.in_hand"))
    return strings.tr("chickens.fowl", n=f.count, where=where, unit=f.unit)


def _tile(t: int) -> str:
    """A tile as the panel names it: 1条 in Chinese, "1 Bamboo" in English (no notation)."""
    return strings.tile_name(t, short=strings.is_zh())


def _points(n: int) -> str:
    return f"{n:+d}" if n else "0"


class _Pen:
    """Lines of the panel, top to bottom, on its layer (``layer`` None: only measured, nothing drawn)."""

    def __init__(self, layer: pygame.Surface | None, width: int, s: float, small: int):
        self.layer, self.s, self.small = layer, s, small
        self.pad = round(10 * s)
        self.y = round(8 * s)
        self.w = width

    def text(self, text: str, pos: tuple[int, int], size: int, col, style: str = "regular", **kw) -> None:
        if self.layer is not None:
            widgets.draw_text(self.layer, text, pos, size, col, style, **kw)

    def heading(self, text: str) -> None:
        self.y += round(4 * self.s)
        self.text(text, (self.pad, self.y), max(self.small, round(14 * self.s)), widgets.GOLD, "bold",
                  max_width=self.w - 2 * self.pad)
        self.y += round(20 * self.s)

    def line(self, text: str, col=widgets.CREAM, indent: int = 0, right: str = "", rcol=widgets.CREAM) -> None:
        x = self.pad + indent
        rw = widgets.text_width(right, self.small, "bold") + round(6 * self.s) if right else 0
        self.text(text, (x, self.y), self.small, col, max_width=self.w - x - self.pad - rw)
        if right:
            self.text(right, (self.w - self.pad, self.y), self.small, rcol, "bold", anchor="topright")
        self.y += round(self.small * 1.4)

    def tiles(self, items: list[tuple[int, str]], tw: int) -> None:
        """A row of tiles, each with a short caption under it."""
        cw, ch = tileart.tile_size(tw)
        x = self.pad
        gap = round(6 * self.s)
        for t, cap in items:
            col = max(cw, widgets.text_width(cap, self.small))
            if x + col > self.w - self.pad:
                self.y += ch + round(self.small * 1.3) + round(4 * self.s)
                x = self.pad
            if self.layer is not None:
                tileart.draw_tile(self.layer, t, (x + (col - cw) // 2, self.y), tw, highlight="chicken")
            self.text(cap, (x + col // 2, self.y + ch + round(1 * self.s)), self.small, widgets.CREAM, anchor="midtop")
            x += col + gap
        self.y += ch + round(self.small * 1.3) + round(4 * self.s)


def _render(o: Outlook, view: dict, s: float, names: list[str], small: int) -> pygame.Surface:
    """Measure the panel, then draw it on a layer of that height."""
    w = panel_width(s)
    height = _lines(_Pen(None, w, s, small), o, view, s, names)
    out = pygame.Surface((w, height), pygame.SRCALPHA)
    widgets.panel(out, out.get_rect(), (10, 28, 22), 232, round(12 * s), max(1, round(2 * s)), (200, 140, 90))
    _lines(_Pen(out, w, s, small), o, view, s, names)
    return out


def _lines(p: _Pen, o: Outlook, view: dict, s: float, names: list[str]) -> int:
    """Every line of the panel; returns the height used."""
    w, small = p.w, p.small
    tw = max(14, round(22 * s))
    p.text(strings.tr("chickens.title"), (p.pad, p.y), max(small, round(16 * s)), widgets.GOLD, "bold",
           max_width=w - 2 * p.pad - round(40 * s))
    p.text("K", (w - p.pad, p.y + round(2 * s)), small, widgets.MUTED, "bold", anchor="topright")
    p.y += round(24 * s)
    # in play
    p.heading(strings.tr("chickens.in_play_flipped" if o.flipped else "chickens.in_play"))
    kinds = [x for x in o.in_play if x.key not in ("chong_feng", "gen_chong", "ze_ren")]
    p.tiles([(x.tile, strings.tr("chickens.kind", name=i18n.render(x.text, strings.lang()), v=x.value))
             for x in kinds], tw)
    for x in o.in_play:
        who = names[x.seat] if x.seat is not None and x.seat < len(names) else "?"
        if x.key in ("chong_feng", "gen_chong"):
            p.line(strings.tr("chickens.charge", name=i18n.render(x.text, strings.lang()), tile=_tile(x.tile),
                              who=who, v=x.value), (255, 200, 150))
        elif x.key == "ze_ren":
            to = names[x.claimer] if x.claimer is not None and x.claimer < len(names) else "?"
            p.line(strings.tr("chickens.liable", name=i18n.render(x.text, strings.lang()), tile=_tile(x.tile),
                              who=who, to=to, v=x.value), (255, 170, 150))
    # mine
    p.heading(strings.tr("chickens.mine"))
    if o.mine:
        for f in o.mine:
            p.line(f"{i18n.render(f.text, strings.lang())} {_tile(f.tile)}", indent=0,
                   right=_fowl_text(f))
    else:
        p.line(strings.tr("chickens.none"), widgets.MUTED)
    for b in o.beans:
        p.line(f"{i18n.render(b.text, strings.lang())} {_tile(b.tile)}", (190, 220, 255),
               right=strings.tr("chickens.bean_note"), rcol=widgets.MUTED)
    # the others' face-up chickens
    p.heading(strings.tr("chickens.shown"))
    any_shown = False
    for seat, fowls in enumerate(o.shown):
        if seat == o.seat or not fowls:
            continue
        any_shown = True
        text = ", ".join(f"{i18n.render(f.text, strings.lang())} {_tile(f.tile)}×{f.count}" for f in fowls)
        who = names[seat] if seat < len(names) else f"#{seat}"
        p.line(f"{who}: {text}")
    if not any_shown:
        p.line(strings.tr("chickens.none"), widgets.MUTED)
    # the preview
    p.heading(strings.tr("chickens.preview_flipped" if o.flipped else "chickens.preview"))
    n = view["n"]
    each = o.if_ready.per_player(EACH)
    p.line(strings.tr("chickens.if_ready"), (170, 240, 190),
           right=strings.tr("chickens.each", v=_points(each), total=_points(each * (n - 1))), rcol=(170, 240, 190))
    for ln in o.if_ready.lines:
        if isinstance(ln.who, int):
            who = names[ln.who] if ln.who < len(names) else "?"
            key = "chickens.from_if_ready" if ln.if_ready else "chickens.from"
            if ln.points < 0:
                key = "chickens.to_if_ready" if ln.if_ready else "chickens.to"
            p.line(strings.tr(key, what=i18n.render(ln.text, strings.lang()), who=who), indent=round(12 * s),
                   right=_points(ln.points), rcol=(255, 160, 140) if ln.points < 0 else (170, 240, 190))
    owed = o.if_not_ready.per_player(READY)
    p.line(strings.tr("chickens.if_not_ready"), (255, 170, 150),
           right=strings.tr("chickens.each_ready", v=_points(owed)), rcol=(255, 170, 150))
    for ln in o.if_not_ready.lines:
        if ln.who == READY:
            p.line(f"{i18n.render(ln.text, strings.lang())} {_tile(ln.tile)}"
                   + (f" ×{ln.count}" if ln.count > 1 else ""), indent=round(12 * s), right=_points(ln.points),
                   rcol=(255, 160, 140))
        elif isinstance(ln.who, int):
            who = names[ln.who] if ln.who < len(names) else "?"
            key = "chickens.to_if_ready" if ln.if_ready else "chickens.to"
            p.line(strings.tr(key, what=i18n.render(ln.text, strings.lang()), who=who), indent=round(12 * s),
                   right=_points(ln.points), rcol=(255, 160, 140))
    if o.ready is not None:
        p.line(strings.tr("chickens.you_ready" if o.ready else "chickens.you_not_ready"), widgets.MUTED)
    return p.y + round(8 * s)
