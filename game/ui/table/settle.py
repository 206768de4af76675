"""The settlement screen, summary first: one line per player with the hand's points by kind (hand, chickens,
beans or kongs, liability) and the total, the winner's hand split into its sets (stand-in faces shown), and,
behind a click on a player or Tab, that player's items grouped by who paid whom, each with its rule's label.

A click anywhere else, or Enter, goes on; the demo and a watcher's screen light the items one by one instead.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import pygame

import game.i18n as i18n
from game.rules import tiles
from game.ui.kit import drawlog, strings, tileart, widgets
from game.ui.kit.elements import Element
from game.ui.kit.names import variant_name
from game.ui.kit.rulesdoc import explain
from game.ui.kit.settletext import footer_notes, in_words, win_line
from game.ui.table import settlesum
from game.ui.table.context import TableContext
from game.ui.table.handsets import arrange
from game.ui.table.tableview import PUBLIC_TILES, display_meld, sort_hand, tile_marks

NOT_TILES = {"reserved", "players", "n", "count", "base", "beans", "wall", "left"}
POS = (120, 230, 140)
NEG = (255, 128, 110)


def _tile_of(x):
    if x is None:
        return None
    if isinstance(x, int):
        return x
    try:
        return tiles.tile(str(x))
    except (tiles.NotationError, ValueError):
        return None


def _tiles_of(v) -> list[int]:
    if v is None or isinstance(v, bool):
        return []
    if isinstance(v, (list, tuple)):
        out = []
        for x in v:
            out.extend(_tiles_of(x))
        return out
    t = _tile_of(v)
    return [t] if t is not None and 0 <= t < 34 else []


def flip_tiles(view: dict, res: dict) -> list[tuple[str, list[int], str | None]]:
    """(label, tiles, highlight) for the flipped tiles shown in the settlement's corner."""
    pub = dict(view.get("public") or {})
    info = res.get("info") or {}
    for key in ("zhuo", "chicken", "tail"):
        if pub.get(key) is None and info.get(key) is not None:
            pub[key] = info[key]
    out = []
    for key, label_key, hl in PUBLIC_TILES:
        if key == "standin" or key == "default_chickens":
            continue
        tl = _tiles_of(pub.get(key))
        if tl:
            out.append((strings.tr(label_key), tl, hl))
    every = _tiles_of(info.get("chickens"))
    if every:
        out.append((strings.tr("pub.all_chickens"), every, "chicken"))
    return out


WINNER_BG, OTHER_BG = (70, 54, 14), (10, 26, 20)
KIND_COLORS = {"hand": (120, 86, 20), "chickens": (40, 96, 60), "beans": (40, 70, 110), "liability": (110, 50, 40)}
SEAT_COLORS = ((196, 58, 46), (46, 120, 196), (70, 160, 90), (170, 110, 40))


class Settled(Protocol):
    """What the settlement reads of a session: the match's totals and whether it is over."""

    @property
    def totals(self) -> Sequence[int]: ...
    @property
    def match_over(self) -> bool: ...


class SettleHost(Protocol):
    """What the settlement asks of the screen it is shown over (the table scene, a watcher's screen)."""

    app: Any  # game.ui.app.App
    variant: Any  # the variant played
    demo: bool  # no buttons: the demo and a watcher move on by themselves
    look: bool  # set by the settlement's "look at the table"

    @property
    def names(self) -> list[str]: ...
    @property
    def session(self) -> Settled: ...
    @property
    def auto_next_at(self) -> float | None: ...  # 托管's countdown (its line sits above the buttons)

    def leave_table(self) -> None: ...
    def next_hand(self) -> None: ...
    def esc(self) -> None: ...  # Esc: the table's menu opens (a watcher's screen: ask, then leave)


class SettlementPanel(Element):
    """Overlay drawn by the table scene once a hand has ended: the summary, or one player's items (``detail``).
    An element: it takes every input while shown; where each player's line stands (``row_rects``) is worked out
    in ``update`` from the window and the hand, and the same rectangles are drawn and clicked."""

    takes = None
    modal = True

    def __init__(self, table: SettleHost, view: dict, res: dict, strip: Callable[[], bool] | None = None):
        self.table = table
        # something of the table's stands just above the buttons (托管's countdown, a LAN table's next deal): the
        # rows end higher and the hint sits above it
        self.strip = strip if strip is not None else (lambda: table.auto_next_at is not None)
        self.app = table.app
        self.view = view
        self.res = res
        self.buttons: list[widgets.Button] = []
        self.focus_item: int | None = None  # the item the demo is explaining (index into res["items"])
        self.detail: int | None = None  # the seat whose items are open (None: the summary)
        self.row_rects: list[tuple[pygame.Rect, int]] = []  # where each player's line was drawn (clicks open it)
        self.items_bottom: int | None = None  # where one player's items ended, as last drawn
        self.box = pygame.Rect(0, 0, 0, 0)

    @property
    def s(self):
        return self.app.scale

    def least(self) -> int:
        """The smallest text size: 12 px at 1280x720."""
        return math.ceil(12 * self.s - 0.01)

    def layout(self) -> None:
        s = self.s
        W_, H_ = self.app.size
        bw, bh = round(168 * s), round(48 * s)
        y = H_ - round(28 * s) - bh
        x = W_ - round(40 * s)
        over = self.table.session.match_over
        specs = [
            ("leave", widgets.tr_label("settle.leave"), self.table.leave_table, "red", None),
            ("look", widgets.tr_label("settle.look"), self.look, "blue", "L"),
            ("next", widgets.tr_label("settle.match_over" if over else "settle.next"), self.table.next_hand, "gold",
             "Enter"),
        ]
        self.buttons = []
        if self.table.demo:
            return  # the demo moves on by itself
        for name, label, cb, style, key in reversed(specs):
            x -= bw
            self.buttons.append(widgets.Button((x, y, bw, bh), label, cb, style, name=name, size=round(18 * s),
                                               hotkey=key))
            x -= round(14 * s)
        self.buttons.reverse()
        self.place()

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The panel's box and the area of its rows (or of one player's items), from the window and 托管's line."""
        s = self.s
        W_, H_ = self.app.size
        box = pygame.Rect(round(30 * s), round(20 * s), W_ - round(60 * s), H_ - round(40 * s))
        top = box.y + round(80 * s)
        bottom = box.bottom - round(96 * s) - self._strip_h()
        return box, pygame.Rect(box.x + round(16 * s), top, box.w - round(32 * s), bottom - top)

    def _strip_h(self) -> int:
        """The height kept above the buttons for 托管's "next hand in N s" line or the next deal's pill (0 without)."""
        return round(40 * self.s) if self.strip() else 0

    def shown_detail(self) -> int | None:
        """The seat whose items show (the one the demo lights, else the one opened; None: the summary)."""
        focus_seat = self._focus_seat()
        return focus_seat if focus_seat is not None else self.detail

    def place(self) -> None:
        """Where the panel and each player's line stand now (what a click meets is what the frame shows)."""
        self.box, rows = self._areas()
        self.row_rects = self._row_places(rows) if self.shown_detail() is None else []

    def update(self, now: float) -> None:
        self.place()

    def look(self) -> None:
        self.table.look = True

    def toast_room(self, height: int) -> pygame.Rect | None:
        """The free band under the rows (the title, the rows and the buttons stay readable); a stack too tall for
        it may cover the footer's notes and hint, never the buttons or what stands just above them."""
        s = self.s
        box, area = self._areas()
        gap = round(8 * s)
        if self.shown_detail() is None and self.row_rects:
            content = max(r.bottom for r, _seat in self.row_rects)
        else:  # one player's items: their panel reaches the footer, its lines end higher
            content = self.items_bottom if self.items_bottom is not None else area.bottom
        top = content + gap
        if area.bottom - gap - top >= height:
            return pygame.Rect(area.x, top, area.w, area.bottom - gap - top)
        low = min((b.rect.top for b in self.buttons), default=box.bottom - round(20 * s)) - gap - self._strip_h()
        return pygame.Rect(area.x, top, area.w, min(height, max(0, low - top)))  # from the top: the least covered

    # ------------------------------------------------------------------ input
    def order(self) -> list[int]:
        """Winners first, then the others in seat order."""
        winners = [w["seat"] for w in self.res.get("wins") or []]
        return list(dict.fromkeys(winners + list(range(self.view["n"]))))

    def open_detail(self, seat: int | None) -> None:
        self.detail = seat
        self.place()
        self.app.invalidate()

    def step_detail(self, d: int) -> None:
        """Tab: the next player's items (from the summary, the first player's; after the last, the summary)."""
        seats: list[int | None] = [None, *self.order()]
        i = seats.index(self.detail) if self.detail in seats else 0
        self.open_detail(seats[(i + d) % len(seats)])

    def handle(self, ev) -> bool:
        """Every event stops here while the settlement shows (it is modal); True always."""
        for b in self.buttons:
            if b.handle(ev):
                return True
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1 and not self.table.demo:
            if any(b.rect.collidepoint(ev.pos) for b in self.buttons):
                return True
            if self.detail is not None:
                self.open_detail(None)  # a click closes the items, back to the summary
                return True
            hit = next((seat for r, seat in self.row_rects if r.collidepoint(ev.pos)), None)
            if hit is not None:
                self.open_detail(hit)
            else:
                self.table.next_hand()  # a click anywhere else goes on
        elif ev.type == pygame.KEYDOWN:
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.table.next_hand()
            elif ev.key == pygame.K_TAB:
                self.step_detail(-1 if ev.mod & pygame.KMOD_SHIFT else 1)
            elif ev.key == pygame.K_l:
                self.look()
            elif ev.key == pygame.K_ESCAPE:
                if self.detail is not None:
                    self.open_detail(None)
                else:
                    self.table.esc()
        return True

    # ------------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface) -> None:
        s = self.s
        widgets.dim_screen(surf, 165)
        res, v = self.res, self.view
        names = self.table.names
        box, rows = self._areas()
        widgets.panel(surf, box, (14, 30, 24), 238, round(18 * s), max(2, round(3 * s)), widgets.PANEL_EDGE)
        hand_no = (v.get("hand_no") or 0) + 1
        widgets.draw_text(surf, strings.tr("settle.title", i=hand_no), (box.x + round(24 * s), box.y + round(16 * s)),
                          round(17 * s), widgets.MUTED, "bold")
        widgets.draw_text(surf, variant_name(self.table.variant), (box.x + round(24 * s), box.y + round(40 * s)),
                          round(14 * s), widgets.MUTED, max_width=round(250 * s))
        flips_left = self._draw_flips(surf, box)
        title_w = 2 * min(flips_left - box.centerx, box.centerx - box.x - round(280 * s)) - round(20 * s)
        widgets.draw_text(surf, win_line(res, names), (box.centerx, box.y + round(14 * s)), round(36 * s),
                          (255, 214, 100) if res.get("end") == "win" else (210, 220, 230), "serif", anchor="midtop",
                          shadow=True, max_width=max(round(200 * s), title_w))
        detail = self.shown_detail()
        if detail is None:
            self._draw_rows(surf, rows)
        else:
            self._draw_detail(surf, rows, detail)
        self._draw_footer(surf, box, rows.bottom)
        for b in self.buttons:
            b.draw(surf)

    def _focus_seat(self) -> int | None:
        """The seat whose items the demo or a watcher's screen is lighting now."""
        items = self.res.get("items") or []
        if self.focus_item is None or not 0 <= self.focus_item < len(items):
            return None
        return items[self.focus_item].get("seat")

    def _draw_flips(self, surf, box) -> int:
        """The flipped tiles in the top right corner; returns the panel's left edge."""
        s = self.s
        flips = flip_tiles(self.view, self.res)
        if not flips:
            return box.right
        tw = round(28 * s)
        cw, ch = tileart.tile_size(tw)
        y = box.y + round(12 * s)
        widths = [max(len(tl) * (cw + 2), widgets.text_width(lbl, round(12 * s))) for lbl, tl, _h in flips]
        total = sum(widths) + round(12 * s) * (len(flips) - 1)
        x0 = box.right - round(20 * s) - total
        panel = pygame.Rect(x0 - round(10 * s), y - round(4 * s), total + round(20 * s), ch + round(26 * s))
        widgets.panel(surf, panel, (8, 22, 16), 200, round(10 * s), 1, (150, 130, 80), shadow=False)
        for (lbl, tl, hl), wdt in zip(flips, widths):
            widgets.draw_text(surf, lbl, (x0 + wdt // 2, y), round(12 * s), widgets.MUTED, anchor="midtop")
            tx = x0 + (wdt - len(tl) * (cw + 2)) // 2
            for t in tl:
                tileart.draw_tile(surf, t, (tx, y + round(17 * s)), tw, highlight=hl)
                tx += cw + 2
            x0 += wdt + round(12 * s)
        return panel.x

    # ------------------------------------------------------------------ the summary
    def _row_places(self, area: pygame.Rect) -> list[tuple[pygame.Rect, int]]:
        """Each player's line in ``area``, winners first and taller (room for the hand in its sets)."""
        s = self.s
        n = self.view["n"]
        winners = [w["seat"] for w in self.res.get("wins") or []]
        gap = round(8 * s)
        other_h = min(round(76 * s), (area.h - gap * (n - 1)) // n)
        win_h = 0
        if winners:
            win_h = (area.h - gap * (n - 1) - other_h * (n - len(winners))) // len(winners)
            win_h = max(other_h, min(round(128 * s), win_h))
        y = area.y
        out = []
        for seat in self.order():
            h = win_h if seat in winners else other_h
            out.append((pygame.Rect(area.x, y, area.w, h), seat))
            y += h + gap
        return out

    def _draw_rows(self, surf, area: pygame.Rect) -> None:
        winners = {w["seat"] for w in self.res.get("wins") or []}
        for r, seat in self._row_places(area):
            self._draw_row(surf, r, seat, seat in winners)

    def _draw_who(self, surf, r: pygame.Rect, seat: int, winner: bool) -> int:
        """The seat's wind, name and tags at the row's left; returns the x where the row's content starts."""
        s = self.s
        v, res = self.view, self.res
        n = v["n"]
        wd = (seat - v["dealer"]) % n
        ar = round(min(20 * s, r.h * 0.3))
        ac = (r.x + round(12 * s) + ar, r.y + round(10 * s) + ar)
        pygame.draw.circle(surf, SEAT_COLORS[wd % 4], ac, ar)
        pygame.draw.circle(surf, (255, 236, 190), ac, ar, 2)
        widgets.draw_text(surf, strings.wind(wd), ac, round(ar * 1.1), (255, 255, 255), "serif", anchor="center")
        nx = ac[0] + ar + round(10 * s)
        widgets.draw_text(surf, self.table.names[seat], (nx, r.y + round(8 * s)), round(17 * s), widgets.CREAM, "bold",
                          max_width=round(120 * s))
        tags = []
        if seat == v["dealer"]:
            tags.append((strings.tr("settle.dealer_tag"), (200, 140, 30)))
        for w in res.get("wins") or []:
            if w["seat"] == seat:
                tag = "settle.zimo_tag" if w.get("win") == "self_draw" else "settle.winner_tag"
                tags.append((strings.tr(tag), (210, 50, 40)))
            elif w.get("from") == seat and w.get("win") in ("discard", "rob_kong"):
                tag = strings.tr("settle.pao_tag" if w.get("win") == "discard" else "settle.robbed_tag")
                if (tag, (90, 90, 160)) not in tags:
                    tags.append((tag, (90, 90, 160)))
        if v["seats"][seat].get("declared"):
            tags.append((strings.tr("table.declared"), (180, 40, 40)))
        tx, ty = nx, r.y + round(32 * s)
        for text, c in tags:
            tw_ = widgets.text_width(text, round(12 * s), "bold") + round(12 * s)
            if tx + tw_ > r.x + round(176 * s):
                break  # the row is short: the first tags say enough (the items say the rest)
            tr_ = pygame.Rect(tx, ty, tw_, round(19 * s))
            pygame.draw.rect(surf, c, tr_, border_radius=round(6 * s))
            widgets.draw_text(surf, text, tr_.center, round(12 * s), (255, 255, 255), "bold", anchor="center")
            tx += tw_ + round(4 * s)
        return r.x + round(184 * s)

    def _draw_score(self, surf, r: pygame.Rect, seat: int) -> int:
        """The hand's points and the match total at the row's right; returns the x where they start."""
        s = self.s
        n = self.view["n"]
        d = (self.res.get("deltas") or [0] * n)[seat]
        totals = self.table.session.totals
        total = totals[seat] if totals else 0
        rx = r.right - round(16 * s)
        size = round((32 if r.h >= round(80 * s) else 26) * s)
        dr = widgets.draw_text(surf, f"{d:+d}" if d else "0", (rx, r.y + round(6 * s)), size,
                               POS if d > 0 else (NEG if d < 0 else widgets.MUTED), "bold", anchor="topright")
        tt = f"{strings.tr('settle.total')} {total:+d}" if total else f"{strings.tr('settle.total')} 0"
        tr_ = widgets.draw_text(surf, tt, (rx, dr.bottom + round(2 * s)), round(13 * s), widgets.CREAM,
                                anchor="topright")
        return min(dr.x, tr_.x) - round(12 * s)

    def _draw_kinds(self, surf, x: int, y: int, seat: int, right: int) -> int:
        """The seat's points by kind as chips from ``x``; returns the x after them."""
        s = self.s
        size = max(self.least(), round(14 * s))
        kinds = settlesum.kinds(self.res, seat)
        shown = [(k, p) for k, p in kinds.items() if p]
        if not shown:
            r = widgets.draw_text(surf, strings.tr("settle.items_none"), (x, y + round(3 * s)), size, widgets.MUTED)
            return r.right
        for kind, pts in shown:
            text = f"{settlesum.kind_label(kind, self.table.variant.id)} {pts:+d}"
            w_ = widgets.text_width(text, size, "bold") + round(14 * s)
            if x + w_ > right:
                break
            chip = pygame.Rect(x, y, w_, size + round(10 * s))
            pygame.draw.rect(surf, KIND_COLORS[kind], chip, border_radius=round(8 * s))
            widgets.draw_text(surf, text, chip.center, size, POS if pts > 0 else (255, 200, 190), "bold",
                              anchor="center")
            x += w_ + round(6 * s)
        return x

    def _draw_row(self, surf, r: pygame.Rect, seat: int, winner: bool) -> None:
        s = self.s
        widgets.panel(surf, r, WINNER_BG if winner else OTHER_BG, 200, round(12 * s), 2 if winner else 1,
                      (255, 206, 90) if winner else (80, 100, 90), shadow=False)
        left = self._draw_who(surf, r, seat, winner)
        right = self._draw_score(surf, r, seat)
        if winner:
            kx = self._draw_kinds(surf, left, r.y + round(8 * s), seat, right)
            self._draw_patterns(surf, seat, kx + round(10 * s), r.y + round(8 * s), right)
            tw = max(14, min(round(46 * s), round((r.h - round(48 * s)) / 1.4)))
            self._draw_winner_hand(surf, seat, left, r.y + round(40 * s), tw, right)
        else:
            kinds_w = round(300 * s)
            self._draw_kinds(surf, left, r.centery - round(12 * s), seat, left + kinds_w)
            tw = max(12, min(round(34 * s), round((r.h - round(16 * s)) / 1.4)))
            ch = tileart.tile_size(tw)[1]
            self._draw_plain_hand(surf, seat, left + kinds_w, r.centery - ch // 2, tw, right)

    def _draw_patterns(self, surf, seat: int, x: int, y: int, right: int) -> None:
        """The winner's patterns and what each is, on the row's top line after the kinds."""
        s = self.s
        parts = []
        for w in self.res.get("wins") or []:
            if w["seat"] != seat:
                continue
            for p in w.get("patterns") or []:
                gloss = explain(p.get("key"), self.table.variant.id)
                parts.append(gloss or in_words(i18n.pattern_name(p, strings.cn()), self.table.names))
        if not parts or right - x < round(60 * s):
            return
        size = max(self.least(), round(13 * s))
        widgets.draw_text(surf, " · ".join(dict.fromkeys(parts)), (x, y + round(5 * s)), size, (230, 210, 160),
                          max_width=right - x)

    def _win_of(self, seat: int) -> dict | None:
        return next((w for w in self.res.get("wins") or [] if w["seat"] == seat), None)

    def _concealed(self, seat: int) -> tuple[list[int], int | None]:
        """The seat's concealed tiles as the view reveals them, and the winning tile (for a winner) apart."""
        hand = list(self.view["seats"][seat].get("hand") or [])
        win = self._win_of(seat)
        win_tile = _tile_of(win.get("tile")) if win else None
        if win is not None and win.get("win") == "self_draw" and win_tile in hand:
            hand.remove(win_tile)
        return hand, win_tile

    def _draw_melds(self, surf, seat: int, x: int, y: int, tw: int) -> int:
        v = self.view
        cw = tileart.tile_size(tw)[0]
        pub = v.get("public") or {}
        for m in v["seats"][seat]["melds"]:
            dm = display_meld(m, seat, v["n"])
            for t, f in zip(dm["tiles"], dm["faces"]):
                if t is None:
                    tileart.draw_tile(surf, None, (x, y), tw)
                else:
                    hl = None
                    if f is not None and t != f:
                        hl = "wild" if t == pub.get("wildcard") else ("standin" if t == pub.get("standin") else None)
                    tileart.draw_tile(surf, t, (x, y), tw, highlight=hl)
                    if f is not None and t != f:
                        self._draw_face(surf, f, (x, y), tw)
                x += cw + 1
            x += round(cw * 0.35)
        return x

    def _draw_face(self, surf, face: int, pos: tuple[int, int], tw: int) -> None:
        """The face a wildcard or 白 stands for: a small tile on the substitute's lower right corner."""
        small = max(10, round(tw * 0.5))
        cw, ch = tileart.tile_size(tw)
        sw, sh = tileart.tile_size(small)
        at = (pos[0] + cw - sw + round(sw * 0.25), pos[1] + ch - sh + round(sh * 0.2))
        ring = pygame.Rect(at[0] - 2, at[1] - 2, sw + 4, sh + 4)
        pygame.draw.rect(surf, widgets.GOLD, ring, border_radius=max(2, sw // 6))
        tileart.draw_tile(surf, face, at, small)

    def _draw_winner_hand(self, surf, seat: int, x: int, y: int, tw: int, right: int) -> None:
        """Melds, then the concealed tiles split into the sets they won with, the winning tile lit."""
        v = self.view
        pub = v.get("public") or {}
        hand, win_tile = self._concealed(seat)
        win = self._win_of(seat) or {}
        keys = [p.get("key") for p in win.get("patterns") or []]
        full = hand + ([win_tile] if win_tile is not None and win.get("win") == "self_draw" else [])
        if win_tile is not None and win.get("win") != "self_draw":
            full = hand + [win_tile]
        groups = arrange(full, keys, _tile_of(pub.get("wildcard")), _tile_of(pub.get("standin")))
        cw, ch = tileart.tile_size(tw)
        need = sum(len(m["tiles"]) * (cw + 1) + round(cw * 0.35) for m in v["seats"][seat]["melds"])
        need += sum(len(g.tiles) * (cw + 1) + round(cw * 0.35) for g in groups)
        if x + need > right:  # a long hand: the tiles shrink rather than run out of the row
            tw = max(12, tw * (right - x) // max(1, need))
            cw, ch = tileart.tile_size(tw)
        x = self._draw_melds(surf, seat, x, y, tw)
        lit = win_tile
        marks = tile_marks(v)
        for g in groups:
            for t, f in g.tiles:
                hl: object = None
                m = marks.get(t)
                if m in ("wild", "standin", "chicken"):
                    hl = m
                if lit is not None and t == lit:
                    gl = widgets.glow_circle(round(cw * 0.6), (255, 210, 90))
                    surf.blit(gl, gl.get_rect(center=(x + cw // 2, y + ch // 2)))
                    hl = ("selected", m) if m in ("wild", "standin", "chicken") else "selected"
                    lit = None
                tileart.draw_tile(surf, t, (x, y), tw, highlight=hl)
                if t != f:
                    self._draw_face(surf, f, (x, y), tw)
                x += cw + 1
            x += round(cw * 0.35)

    def _draw_plain_hand(self, surf, seat: int, x: int, y: int, tw: int, right: int) -> None:
        """A player who did not win: melds, then the concealed tiles in order."""
        v = self.view
        hand, _ = self._concealed(seat)
        marks = tile_marks(v)
        hand = sort_hand(hand, marks)
        cw, ch = tileart.tile_size(tw)
        need = sum(len(m["tiles"]) * (cw + 1) + round(cw * 0.35) for m in v["seats"][seat]["melds"])
        need += len(hand) * (cw + 1)
        if x + need > right:
            tw = max(10, tw * (right - x) // max(1, need))
            cw, ch = tileart.tile_size(tw)
        x = self._draw_melds(surf, seat, x, y, tw)
        for k, t in enumerate(hand):
            if x + cw > right:
                drawlog.dropped(surf, [f"{len(hand) - k} tiles"], pygame.Rect(x, y, cw, ch), 0)
                break
            m = marks.get(t)
            tileart.draw_tile(surf, t, (x, y), tw, highlight=m if m in ("wild", "standin", "chicken") else None)
            x += cw + 1

    # ------------------------------------------------------------------ one player's items
    def _draw_detail(self, surf, area: pygame.Rect, seat: int) -> None:
        """The seat's items grouped by the other seat (who paid whom, each line with its rule's label)."""
        s = self.s
        names = self.table.names
        winner = any(w["seat"] == seat for w in self.res.get("wins") or [])
        head = pygame.Rect(area.x, area.y, area.w, round(70 * s))
        widgets.panel(surf, head, WINNER_BG if winner else OTHER_BG, 210, round(12 * s), 2, (255, 206, 90),
                      shadow=False)
        left = self._draw_who(surf, head, seat, winner)
        right = self._draw_score(surf, head, seat)
        self._draw_kinds(surf, left, head.y + round(8 * s), seat, right)
        widgets.draw_text(surf, strings.tr("settle.detail_title", who=names[seat]), (left, head.y + round(40 * s)),
                          round(14 * s), widgets.MUTED, max_width=right - left)
        body = pygame.Rect(area.x, head.bottom + round(8 * s), area.w, area.bottom - head.bottom - round(8 * s))
        widgets.panel(surf, body, (8, 22, 16), 215, round(12 * s), 1, (80, 100, 90), shadow=False)
        lit_label = None
        items = self.res.get("items") or []
        if self.focus_item is not None and 0 <= self.focus_item < len(items):
            lit_label = i18n.label(items[self.focus_item], strings.cn())
        size = max(self.least(), round(14 * s))
        lines = self._detail_lines(seat, body.w - round(230 * s), size)
        step = size + round(12 * s)
        fits = max(1, (body.h - round(16 * s)) // step)
        if len(lines) > fits:  # many items: a smaller size, then the rest named as dropped
            size = self.least()
            lines = self._detail_lines(seat, body.w - round(230 * s), size)
            step = size + round(10 * s)
            fits = max(1, (body.h - round(16 * s)) // step)
        y = body.y + round(10 * s)
        heads = sum(1 for lb, _c in lines[:fits] if lb)
        room = body.h - round(16 * s) - min(len(lines), fits) * step
        group_gap = round(8 * s) if heads > 1 and room >= round(8 * s) * (heads - 1) else 0
        for k, (label, chips) in enumerate(lines[:fits]):
            if label:
                if k and group_gap:  # each other seat's items apart from the previous one's
                    pygame.draw.line(surf, (60, 80, 70), (body.x + round(14 * s), y + group_gap // 2 - 1),
                                     (body.right - round(14 * s), y + group_gap // 2 - 1), 1)
                    y += group_gap
                widgets.draw_text(surf, label, (body.x + round(14 * s), y + round(4 * s)), size, widgets.CREAM, "bold",
                                  max_width=round(200 * s))
            x = body.x + round(220 * s)
            for text, pts, zh_label in chips:
                w_ = widgets.text_width(text, size, "bold") + round(14 * s)
                chip = pygame.Rect(x, y, w_, size + round(8 * s))
                col = (30, 90, 50) if pts > 0 else ((100, 36, 30) if pts < 0 else (50, 60, 60))
                if lit_label is not None and zh_label == lit_label:
                    g = widgets.glow_circle(max(4, chip.h // 2), (255, 210, 90))
                    surf.blit(pygame.transform.smoothscale(g, (chip.w + chip.h, chip.h * 2)),
                              (chip.x - chip.h // 2, chip.y - chip.h // 2))
                    col = (170, 120, 20)
                pygame.draw.rect(surf, col, chip, border_radius=round(8 * s))
                widgets.draw_text(surf, text, chip.center, size, (255, 250, 235), "bold", anchor="center")
                x += w_ + round(6 * s)
            y += step
        self.items_bottom = y
        drawlog.dropped(surf, [lbl for lbl, _c in lines[fits:]], pygame.Rect(body.x, y, body.w, size), size)

    def _detail_lines(self, seat: int, width: int, size: int) -> list[tuple[str, list[tuple[str, int, str]]]]:
        """(head, chips) lines: one head per other seat ("← Bot 1 +5" / "→ Bot 2 -3"), its items wrapped under it;
        then the items worth nothing (said, not paid)."""
        s = self.s
        names = self.table.names
        out: list[tuple[str, list[tuple[str, int, str]]]] = []
        for cp in settlesum.counterparts(self.res, seat):
            arrow = "←" if cp.net > 0 else ("→" if cp.net < 0 else "·")
            head = f"{arrow} {names[cp.other]}  {cp.net:+d}" if cp.net else f"{arrow} {names[cp.other]}  0"
            chips: list[tuple[str, int, str]] = []
            x = 0
            for zh, en, pts in cp.items:
                text = f"{in_words(strings.pick(zh, en), names)}  {pts:+d}"
                w_ = widgets.text_width(text, size, "bold") + round(20 * s)
                if chips and x + w_ > width:
                    out.append((head, chips))
                    head, chips, x = "", [], 0
                chips.append((text, pts, zh))
                x += w_
            out.append((head, chips))
        notes = settlesum.notes_for(self.res, seat)
        if notes:
            out.append((strings.tr("settle.detail_notes"),
                        [(in_words(strings.pick(zh, en), names), 0, zh) for zh, en in notes]))
        if not out:
            out.append(("", [(strings.tr("settle.items_none"), 0, "")]))
        return out

    # ------------------------------------------------------------------ the footer
    def _draw_footer(self, surf, box: pygame.Rect, rows_bottom: int) -> None:
        s = self.s
        names = self.table.names
        notes = footer_notes(self.res, names, not self.table.session.match_over)
        x = box.x + round(24 * s)
        buttons_x = min((b.rect.x for b in self.buttons), default=box.right - round(20 * s))
        width = buttons_x - x - round(20 * s)
        yy = box.bottom - round(86 * s)
        for line in notes[:3]:
            widgets.draw_text(surf, line, (x, yy), round(14 * s), widgets.MUTED, max_width=width)
            yy += round(20 * s)
        drawlog.dropped(surf, notes[3:], pygame.Rect(x, yy, width, round(14 * s)), round(14 * s))
        if self.table.demo or self.app.anchored_notice():
            return  # Esc's "again to leave" stands above the buttons, where the hint is
        hint = strings.tr("settle.hint_detail" if self.detail is not None else "settle.hint")
        hy = (self.buttons[0].rect.y if self.buttons else box.bottom - round(40 * s)) - round(22 * s) - self._strip_h()
        widgets.draw_text(surf, hint, (box.right - round(24 * s), hy), max(self.least(), round(13 * s)),
                          (230, 210, 160), anchor="topright", max_width=box.right - round(24 * s) - x - round(300 * s))


class HoldNote(Element):
    """The moment between a hand's end and its settlement (the win shown on the table) is a deliberate hold: it
    says so, and that any key or click shows the settlement at once (drawing only; ``HandOver`` takes the key)."""

    def __init__(self, ctx: TableContext):
        self.ctx = ctx

    def draw(self, surf: pygame.Surface) -> None:
        s = self.ctx.scale
        size_w, size_h = self.ctx.app.size
        text = strings.tr("settle.hold")
        size = max(13, round(15 * s))
        w, h = widgets.text_width(text, size, "bold") + round(28 * s), size + round(16 * s)
        r = pygame.Rect(0, 0, w, h)
        layout = self.ctx.layout
        top = layout.hand_top if layout is not None else round(size_h * 0.86)
        r.midbottom = (size_w // 2, top - round(8 * s))  # just above the player's hand
        widgets.panel(surf, r, (30, 26, 14), 225, h // 2, 1, widgets.GOLD, shadow=False)
        widgets.draw_text(surf, text, r.center, size, widgets.CREAM, "bold", anchor="center")
