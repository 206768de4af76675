"""The rules viewer: each game's rules in the chosen language, with example hands in real tiles."""

from __future__ import annotations

from typing import NamedTuple

import pygame

from game.rules import tiles
from game.ui import nav
from game.ui.app import Scene
from game.ui.kit import drawlog, strings, tileart, widgets
from game.ui.kit.rulesdoc import FAMILY, Block, doc_for, row_name, row_worth, tab_title
from game.ui.table.tableview import background

FAMILIES = ("wenshan", "yuxi", "chicken")
FAMILY_VARIANT = {"wenshan": "wenshan", "yuxi": "yuxi", "chicken": "guiyang"}


Columns = tuple[list[str], list[str], list[str]]  # a pattern row's lines: name, what it is, what it is worth


class _Text(NamedTuple):
    y: int
    text: str
    size: int
    color: tuple[int, int, int]
    style: str
    indent: int


class _Bullet(NamedTuple):
    y: int


class _Row(NamedTuple):
    y: int
    cols: Columns


class _Hand(NamedTuple):
    y: int
    groups: list[list[int]]
    marks: dict[int, str]
    tw: int
    caption: str


def _row_columns(name: str, what: str, worth: str, width: int, s: float) -> Columns:
    """A pattern row's three columns wrapped to their widths: name, what it is, what it is worth."""
    names = widgets.wrap(name, round(16 * s), round(200 * s), "bold") or [""]
    whats = widgets.wrap(what, round(15 * s), width - round(350 * s)) or [""]
    vals = []
    for part in worth.split(" · "):  # "15 / 25 · 20 / 30": one line per pattern
        vals += widgets.wrap(part, round(16 * s), round(110 * s), "bold")
    return names, whats, vals or [""]


def _row_height(cols: Columns, s: float) -> int:
    return max(round(30 * s), max(len(c) for c in cols) * round(22 * s) + round(6 * s))


def render_doc(blocks: list[Block], width: int, s: float) -> pygame.Surface:
    """Lay the blocks out on a transparent surface ``width`` wide (tall as needed)."""
    ops: list[_Text | _Bullet | _Row | _Hand] = []
    y = 0
    body = round(17 * s)
    pad = round(6 * s)
    for b in blocks:
        if b[0] == "h":
            y += round(18 * s)
            ops.append(_Text(y, strings.pick(b[1], b[2]), round(24 * s), widgets.GOLD, "serif", 0))
            y += round(36 * s)
        elif b[0] == "p":
            for line in widgets.wrap(strings.pick(b[1], b[2]), body, width):
                ops.append(_Text(y, line, body, widgets.CREAM, "regular", 0))
                y += round(body * 1.5)
            y += pad
        elif b[0] == "li":
            lines = widgets.wrap(strings.pick(b[1], b[2]), body, width - round(24 * s))
            ops.append(_Bullet(y))
            for line in lines:
                ops.append(_Text(y, line, body, widgets.CREAM, "regular", round(24 * s)))
                y += round(body * 1.5)
            y += pad
        elif b[0] == "row":
            cols = _row_columns(row_name(b), strings.pick(b[2], b[4]), row_worth(b), width, s)
            ops.append(_Row(y, cols))
            y += _row_height(cols, s) + round(4 * s)
        elif b[0] == "hand":
            tiles_groups = [tiles.parse(g) for g in b[1].split("|")]
            marks = {tiles.tile(k): v for k, v in (b[4] or {}).items()}
            tw = round(34 * s)
            cw, ch = tileart.tile_size(tw)
            room = width - round(8 * s)  # the row starts 4 px in; tiles keep clear of the right edge too
            for _ in range(40):
                total = sum(len(g) for g in tiles_groups) * (cw + 1) + (len(tiles_groups) - 1) * round(10 * s)
                if total <= room or tw <= 14:
                    break
                tw = max(14, min(tw - 1, int(tw * room / total)))
                cw, ch = tileart.tile_size(tw)
            ops.append(_Hand(y, tiles_groups, marks, tw, strings.pick(b[2], b[3])))
            y += ch + round(34 * s)
    surf = pygame.Surface((width, max(1, y + round(20 * s))), pygame.SRCALPHA)
    for op in ops:
        yy = op.y
        if isinstance(op, _Text):
            widgets.draw_text(surf, op.text, (op.indent, yy), op.size, op.color, op.style)
        elif isinstance(op, _Bullet):
            pygame.draw.circle(surf, widgets.GOLD, (round(9 * s), yy + round(body * 0.62)), max(2, round(4 * s)))
        elif isinstance(op, _Row):
            names, whats, vals = op.cols
            r = pygame.Rect(0, yy, width, _row_height(op.cols, s))
            pygame.draw.rect(surf, (255, 255, 255, 16), r, border_radius=round(6 * s))
            step = round(22 * s)
            for i, line in enumerate(names):
                widgets.draw_text(surf, line, (round(10 * s), yy + round(5 * s) + i * step), round(16 * s),
                                  (255, 230, 170), "bold")
            for i, line in enumerate(whats):
                widgets.draw_text(surf, line, (round(220 * s), yy + round(5 * s) + i * step), round(15 * s),
                                  widgets.CREAM)
            for i, line in enumerate(vals):
                widgets.draw_text(surf, line, (width - round(10 * s), yy + round(5 * s) + i * step), round(16 * s),
                                  widgets.GOLD, "bold", anchor="topright")
        else:
            groups, marks, tw, cap = op.groups, op.marks, op.tw, op.caption
            cw, ch = tileart.tile_size(tw)
            x = round(4 * s)
            for g in groups:
                for t in g:
                    tileart.draw_tile(surf, t, (x, yy), tw, highlight=marks.get(t))
                    x += cw + 1
                x += round(10 * s)
            widgets.draw_text(surf, cap, (round(4 * s), yy + ch + round(5 * s)), round(13 * s), widgets.MUTED)
    return surf


class RulesScene(Scene):
    name = "rules"

    def __init__(self, app, variant_id: str = "wenshan", back=None):
        super().__init__(app)
        fam = FAMILY.get(variant_id, variant_id)
        self.family = fam if fam in FAMILIES else "wenshan"
        self.back_cb = back
        self.scroll = 0
        self._doc: pygame.Surface | None = None
        self._doc_key: tuple[str, str, tuple[int, int]] | None = None
        self.tabs: list[widgets.Button] = []

    def layout(self) -> None:
        s = self.s
        W_, H_ = self.app.size
        self.tabs = []
        tw, th = round(250 * s), round(46 * s)
        x = round(40 * s)
        for i, fam in enumerate(FAMILIES):
            b = widgets.Button((x, round(100 * s) + i * (th + round(10 * s)), tw, th),
                               (lambda f=fam: tab_title(FAMILY_VARIANT[f])), lambda f=fam: self.select(f),
                               "gold" if fam == self.family else "ghost", size=round(15 * s), name=fam)
            self.tabs.append(b)
        self.back_btn = widgets.Button((round(40 * s), H_ - round(80 * s), tw, th), widgets.tr_label("common.back"),
                                       self.back, "dark", name="back", size=round(17 * s))
        self.content = pygame.Rect(round(330 * s), round(96 * s), W_ - round(370 * s), H_ - round(130 * s))
        self._doc_key = None

    def select(self, fam: str) -> None:
        self.family = fam
        self.scroll = 0
        self.layout()

    def back(self) -> None:
        if self.back_cb:
            self.back_cb()
        else:
            nav.go(self.app, "menu")

    def doc(self) -> pygame.Surface:
        key = (self.family, strings.lang(), self.content.size)
        doc = self._doc
        if doc is None or key != self._doc_key:
            blocks = doc_for(FAMILY_VARIANT[self.family])
            doc = self._doc = render_doc(blocks, self.content.w - round(40 * self.s), self.s)
            self._doc_key = key
        return doc

    def _clamp(self) -> None:
        maxs = max(0, self.doc().get_height() - self.content.h + round(30 * self.s))
        self.scroll = max(0, min(maxs, self.scroll))

    def handle(self, ev) -> None:
        for b in self.tabs + [self.back_btn]:
            if b.handle(ev):
                return
        if ev.type == pygame.MOUSEWHEEL:
            self.scroll -= ev.y * round(60 * self.s)
            self._clamp()
        elif ev.type == pygame.KEYDOWN:
            k = ev.key
            page = self.content.h - round(60 * self.s)
            if k == pygame.K_ESCAPE or k == pygame.K_BACKSPACE:
                self.back()
            elif k == pygame.K_DOWN:
                self.scroll += page // 3  # a third of a page: a few lines at a time, never a whole page unseen
            elif k == pygame.K_UP:
                self.scroll -= page // 3
            elif k in (pygame.K_PAGEDOWN, pygame.K_SPACE):
                self.scroll += page
            elif k == pygame.K_PAGEUP:
                self.scroll -= page
            elif k == pygame.K_HOME:
                self.scroll = 0
            elif k in (pygame.K_LEFT, pygame.K_RIGHT):
                i = FAMILIES.index(self.family)
                self.select(FAMILIES[(i + (1 if k == pygame.K_RIGHT else -1)) % len(FAMILIES)])
            elif k == pygame.K_l:
                self.app.toggle_lang()
            self._clamp()

    def draw(self, surf) -> None:
        s = self.s
        W_ = self.app.size[0]
        surf.blit(background(surf.get_size()), (0, 0))
        widgets.draw_text(surf, strings.tr("rulesview.title"), (round(40 * s), round(28 * s)), round(38 * s),
                          widgets.GOLD, "serif", shadow=True)
        widgets.draw_text(surf, strings.tr("rulesview.scroll"), (W_ - round(40 * s), round(44 * s)), round(14 * s),
                          widgets.MUTED, anchor="topright")
        for b in self.tabs:
            b.draw(surf)
        self.back_btn.draw(surf)
        box = self.content.inflate(round(20 * s), round(20 * s))
        widgets.panel(surf, box, (10, 26, 20), 225, round(14 * s), 2)
        doc = self.doc()
        self._clamp()
        with drawlog.scrolling(surf, self.content):
            drawlog.blit_layer(surf, doc, (self.content.x + round(20 * s),
                                           self.content.y + round(10 * s) - self.scroll))
        # scroll bar
        total = doc.get_height()
        if total > self.content.h:
            bar_h = max(round(30 * s), self.content.h * self.content.h // total)
            maxs = max(1, total - self.content.h + round(30 * s))
            y = self.content.y + (self.content.h - bar_h) * self.scroll // maxs
            pygame.draw.rect(surf, (200, 170, 90), (box.right - round(9 * s), y, round(5 * s), bar_h), border_radius=3)
