"""The settlement screen (every hand open, every item with its rule) and the match-end standings."""

from __future__ import annotations

import math

import pygame

from game.rules import tiles as T
from game.ui.kit import drawlog, strings, tileart
from game.ui.kit import widgets as W
from game.ui.kit.names import variant_name
from game.ui.kit.rulesdoc import explain
from game.ui.kit.settletext import detail_text, footer_notes, in_words, win_line
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
        return T.tile(str(x))
    except (T.NotationError, ValueError):
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


class SettlementPanel:
    """Overlay drawn by the table scene once a hand has ended."""

    def __init__(self, table, view: dict, res: dict):
        self.table = table
        self.app = table.app
        self.view = view
        self.res = res
        self.buttons: list[W.Button] = []
        self.fs, self.tw = 14, 30
        self.focus_item: int | None = None  # the item the demo is explaining (index into res["items"])

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
            ("leave", W.tr_label("settle.leave"), self.table.leave_table, "red", "Esc"),
            ("look", W.tr_label("settle.look"), self.look, "blue", "L"),
            ("next", W.tr_label("settle.match_over" if over else "settle.next"), self.table.next_hand, "gold", "Enter"),
        ]
        self.buttons = []
        if self.table.demo:
            return  # the demo moves on by itself
        for name, label, cb, style, key in reversed(specs):
            x -= bw
            self.buttons.append(W.Button((x, y, bw, bh), label, cb, style, name=name, size=round(18 * s), hotkey=key))
            x -= round(14 * s)
        self.buttons.reverse()

    def look(self) -> None:
        self.table.look = True

    def handle(self, ev) -> None:
        for b in self.buttons:
            if b.handle(ev):
                return
        if ev.type == pygame.KEYDOWN:
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.table.next_hand()
            elif ev.key in (pygame.K_l, pygame.K_TAB):
                self.look()
            elif ev.key == pygame.K_ESCAPE:
                self.table._esc_leave()

    # ------------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface) -> None:
        s = self.s
        W_, H_ = self.app.size
        W.dim_screen(surf, 165)
        res, v = self.res, self.view
        names = self.table.names
        n = v["n"]
        box = pygame.Rect(round(30 * s), round(20 * s), W_ - round(60 * s), H_ - round(40 * s))
        W.panel(surf, box, (14, 30, 24), 238, round(18 * s), max(2, round(3 * s)), W.PANEL_EDGE)
        # header
        hand_no = (v.get("hand_no") or 0) + 1
        W.draw_text(surf, strings.tr("settle.title", i=hand_no), (box.x + round(24 * s), box.y + round(16 * s)),
                    round(17 * s), W.MUTED, "bold")
        W.draw_text(surf, variant_name(self.table.variant), (box.x + round(24 * s), box.y + round(40 * s)),
                    round(14 * s), W.MUTED)
        title = win_line(res, names)
        W.draw_text(surf, title, (box.centerx, box.y + round(14 * s)), round(38 * s),
                    (255, 214, 100) if res.get("end") == "win" else (210, 220, 230), "serif", anchor="midtop",
                    shadow=True)
        self._draw_flips(surf, box)
        # rows: winners first, then the others in seat order
        winners = [w["seat"] for w in res.get("wins") or []]
        order = list(dict.fromkeys(winners + list(range(n))))
        top = box.y + round(78 * s)
        bottom = box.bottom - round(86 * s)
        if self.table.auto_next_at is not None:
            bottom -= round(40 * s)  # 托管's "next hand in N s" line sits above the buttons
        avail = bottom - top
        row_w = box.w - round(32 * s)
        # fit the rows to what they hold: shrink the item text, then the tiles, until everything shows
        # (never under the smallest readable text: below that the tiles shrink instead)
        least = self.least()
        for fs, tw in ((14, 30), (13, 28), (12, 26), (12, 24), (12, 22), (12, 20)):
            self.fs, self.tw = max(least, round(fs * s)), max(12, round(tw * s))
            needs = [self._row_need(seat, seat in winners, row_w) for seat in order]
            if sum(needs) + round(8 * s) * n <= avail:
                break
        spare = max(0, avail - sum(needs) - round(8 * s) * n) // max(1, n)
        y = top
        for seat, need in zip(order, needs):
            h = min(need + spare, round(avail * 0.6))
            r = pygame.Rect(box.x + round(16 * s), y, row_w, h)
            self._draw_row(surf, r, seat, seat in winners)
            y += h + round(8 * s)
        # footer: notes, next dealer, buttons
        fy = box.bottom - round(74 * s)
        notes = footer_notes(res, names, not self.table.session.match_over)
        x = box.x + round(24 * s)
        yy = fy + round(8 * s)
        for line in notes[:3]:
            W.draw_text(surf, line, (x, yy), round(14 * s), W.MUTED, max_width=round(box.w * 0.5))
            yy += round(20 * s)
        drawlog.dropped(surf, notes[3:], pygame.Rect(x, yy, round(box.w * 0.5), round(14 * s)), round(14 * s))
        for b in self.buttons:
            b.draw(surf)

    def _draw_flips(self, surf, box) -> None:
        s = self.s
        flips = flip_tiles(self.view, self.res)
        if not flips:
            return
        tw = round(28 * s)
        cw, ch = tileart.tile_size(tw)
        y = box.y + round(12 * s)
        widths = [max(len(tl) * (cw + 2), W.text_width(lbl, round(12 * s))) for lbl, tl, _h in flips]
        total = sum(widths) + round(12 * s) * (len(flips) - 1)
        x0 = box.right - round(20 * s) - total
        panel = pygame.Rect(x0 - round(10 * s), y - round(4 * s), total + round(20 * s), ch + round(26 * s))
        W.panel(surf, panel, (8, 22, 16), 200, round(10 * s), 1, (150, 130, 80), shadow=False)
        for (lbl, tl, hl), wdt in zip(flips, widths):
            W.draw_text(surf, lbl, (x0 + wdt // 2, y), round(12 * s), W.MUTED, anchor="midtop")
            tx = x0 + (wdt - len(tl) * (cw + 2)) // 2
            for t in tl:
                tileart.draw_tile(surf, t, (tx, y + round(17 * s)), tw, highlight=hl)
                tx += cw + 2
            x0 += wdt + round(12 * s)

    def _items(self, seat: int) -> list[tuple[str, int]]:
        """(text, points) of a seat's settlement items, exactly as returned (details with names)."""
        return [(text, pts) for text, pts, _i in self._indexed_items(seat)]

    def _indexed_items(self, seat: int) -> list[tuple[str, int, int]]:
        out = []
        names = self.table.names
        for i, it in enumerate(self.res.get("items") or []):
            if it.get("seat") != seat:
                continue
            label = in_words(strings.pick(it.get("label", ""), it.get("label_en", "")), names)
            if it.get("detail"):
                label += f" ({detail_text(it['detail'], names)})"
            pts = it.get("points", 0)
            out.append((f"{label}  {pts:+d}" if pts else f"{label}  0", pts, i))
        return out

    def _in_focus(self, i: int) -> bool:
        """Is item ``i`` the one explained now, or the payer's side of it (same label, paid to its seat)?"""
        if self.focus_item is None:
            return False
        items = self.res.get("items") or []
        if i == self.focus_item:
            return True
        f, it = items[self.focus_item], items[i]
        if it.get("label") != f.get("label") or it.get("points", 0) >= 0:
            return False
        return any(t.get("from") == it.get("seat") and t.get("to") == f.get("seat")
                   and (t.get("label") or t.get("reason")) == f.get("label") for t in self.res.get("transfers") or [])

    def _pill_lines(self, items, width: int) -> list[list[tuple[str, int, int]]]:
        s = self.s
        lines: list[list] = [[]]
        x = 0
        for text, pts in items:
            w_ = W.text_width(text, self.fs, "bold") + round(16 * s)
            if x + w_ > width and lines[-1]:
                lines.append([])
                x = 0
            lines[-1].append((text, pts, w_))
            x += w_ + round(6 * s)
        return lines

    def _explanations(self, seat: int) -> list[str]:
        expl = []
        for w in self.res.get("wins") or []:
            if w["seat"] != seat:
                continue
            for p in w.get("patterns") or []:
                e = explain(p.get("key"), self.table.variant.id)
                if e and e not in expl:
                    expl.append(e)
        return expl

    def _row_need(self, seat: int, winner: bool, row_w: int) -> int:
        s = self.s
        width = row_w - round(190 * s) - round(150 * s)
        ch = tileart.tile_size(self.tw)[1]
        lines = self._pill_lines(self._items(seat), width)
        h = round(14 * s) + ch + round(8 * s) + len(lines) * (self.fs + round(10 * s))
        if winner and self._explanations(seat):
            expl = W.wrap(" · ".join(self._explanations(seat)), max(self.least(), self.fs - 2), width)[:2]
            h += len(expl) * round(self.fs * 1.25)
        return max(h + round(6 * s), round(84 * s))

    def _draw_row(self, surf, r: pygame.Rect, seat: int, winner: bool) -> None:
        s = self.s
        res, v = self.res, self.view
        names = self.table.names
        n = v["n"]
        bg = (70, 54, 14) if winner else (10, 26, 20)
        W.panel(surf, r, bg, 200, round(12 * s), 1 if not winner else 2, (255, 206, 90) if winner else (80, 100, 90),
                shadow=False)
        # who
        wd = (seat - v["dealer"]) % n
        ar = round(min(22 * s, r.h * 0.22))
        ac = (r.x + round(14 * s) + ar, r.y + round(12 * s) + ar)
        colors = ((196, 58, 46), (46, 120, 196), (70, 160, 90), (170, 110, 40))
        pygame.draw.circle(surf, colors[wd % 4], ac, ar)
        pygame.draw.circle(surf, (255, 236, 190), ac, ar, 2)
        W.draw_text(surf, strings.wind(wd), ac, round(ar * 1.1), (255, 255, 255), "serif", anchor="center")
        nx = ac[0] + ar + round(10 * s)
        W.draw_text(surf, names[seat], (nx, r.y + round(10 * s)), round(17 * s), W.CREAM, "bold",
                    max_width=round(120 * s))
        tags = []
        if seat == v["dealer"]:
            tags.append((strings.tr("settle.dealer_tag"), (200, 140, 30)))
        for w in res.get("wins") or []:
            if w["seat"] == seat:
                tag = "settle.zimo_tag" if w.get("win") == "self_draw" else "settle.winner_tag"
                tags.append((strings.tr(tag), (210, 50, 40)))
            elif w.get("from") == seat and w.get("win") == "discard":
                if (strings.tr("settle.pao_tag"), (90, 90, 160)) not in tags:
                    tags.append((strings.tr("settle.pao_tag"), (90, 90, 160)))
            elif w.get("from") == seat and w.get("win") == "rob_kong":
                tags.append((strings.tr("settle.robbed_tag"), (90, 90, 160)))
        if v["seats"][seat].get("declared"):
            tags.append((strings.tr("table.declared"), (180, 40, 40)))
        tx = nx
        ty = r.y + round(36 * s)
        for text, c in tags:
            tw_ = W.text_width(text, round(12 * s), "bold") + round(12 * s)
            if tx + tw_ > r.x + round(186 * s):
                tx = nx
                ty += round(22 * s)
            tr_ = pygame.Rect(tx, ty, tw_, round(19 * s))
            pygame.draw.rect(surf, c, tr_, border_radius=round(6 * s))
            W.draw_text(surf, text, tr_.center, round(12 * s), (255, 255, 255), "bold", anchor="center")
            tx += tw_ + round(4 * s)
        # delta and total at the right
        d = (res.get("deltas") or [0] * n)[seat]
        total = self.table.session.totals[seat] if self.table.session.totals else 0
        rx = r.right - round(20 * s)
        W.draw_text(surf, f"{d:+d}" if d else "0", (rx, r.y + round(8 * s)), round(34 * s),
                    POS if d > 0 else (NEG if d < 0 else W.MUTED), "bold", anchor="topright")
        W.draw_text(surf, f"{strings.tr('settle.total')} {total:+d}" if total else f"{strings.tr('settle.total')} 0",
                    (rx, r.y + round(52 * s)), round(14 * s), W.CREAM, anchor="topright")
        # tiles
        left = r.x + round(190 * s)
        right = r.right - round(150 * s)
        tw = self.tw
        self._draw_tiles(surf, seat, left, r.y + round(8 * s), tw, right)
        ch = tileart.tile_size(tw)[1]
        # items: exactly the settlement's labelled lines
        iy = r.y + round(14 * s) + ch
        size = self.fs
        indexed = self._indexed_items(seat)
        items = [(text, pts) for text, pts, _i in indexed]
        lit = [self._in_focus(i) for _t, _p, i in indexed]
        if not items:
            W.draw_text(surf, strings.tr("settle.items_none"), (left, iy), size, W.MUTED)
        k = 0
        for line in self._pill_lines(items, right - left):
            ix = left
            for text, pts, w_ in line:
                pill = pygame.Rect(ix, iy, w_, size + round(8 * s))
                col = (30, 90, 50) if pts > 0 else ((100, 36, 30) if pts < 0 else (50, 60, 60))
                if lit[k]:
                    g = W.glow_circle(max(4, pill.h // 2), (255, 210, 90))
                    surf.blit(pygame.transform.smoothscale(g, (pill.w + pill.h, pill.h * 2)),
                              (pill.x - pill.h // 2, pill.y - pill.h // 2))
                    col = (170, 120, 20)
                k += 1
                pygame.draw.rect(surf, col, pill, border_radius=round(8 * s))
                W.draw_text(surf, text, (pill.x + round(8 * s), pill.centery), size, (255, 250, 235), "bold",
                            anchor="midleft")
                ix += w_ + round(6 * s)
            iy += size + round(10 * s)
        # the rule behind each pattern, for winners
        if winner:
            expl = self._explanations(seat)
            if expl:
                es = max(self.least(), size - 2)
                lines = W.wrap(" · ".join(expl), es, right - left)
                shown = 0
                for text_line in lines[:2]:
                    if iy + es > r.bottom:
                        break
                    W.draw_text(surf, text_line, (left, iy), es, (230, 210, 160))
                    iy += round(es * 1.25)
                    shown += 1
                drawlog.dropped(surf, lines[shown:], pygame.Rect(left, iy, right - left, es), es)

    def _draw_tiles(self, surf, seat: int, x: int, y: int, tw: int, right: int) -> None:
        v, res = self.view, self.res
        info = v["seats"][seat]
        hand = list(info.get("hand") or [])
        marks = tile_marks(v)
        win_tile = None
        for w in res.get("wins") or []:
            if w["seat"] == seat:
                win_tile = _tile_of(w.get("tile"))
                if w.get("win") == "self_draw" and win_tile in hand:
                    hand.remove(win_tile)
        hand = sort_hand(hand, marks)
        cw, ch = tileart.tile_size(tw)
        for m in info["melds"]:
            dm = display_meld(m, seat, v["n"])
            pub = v.get("public") or {}
            for t, f in zip(dm["tiles"], dm["faces"]):
                if t is None:
                    tileart.draw_tile(surf, None, (x, y), tw)
                else:
                    hl = None
                    if f is not None and t != f:
                        hl = "wild" if t == pub.get("wildcard") else ("standin" if t == pub.get("standin") else None)
                    tileart.draw_tile(surf, t, (x, y), tw, highlight=hl)
                x += cw + 1
            x += round(cw * 0.3)
        for k, t in enumerate(hand):
            if x + cw > right:
                drawlog.dropped(surf, [f"{len(hand) - k} tiles"], pygame.Rect(x, y, cw, ch), 0)
                break
            m = marks.get(t)
            tileart.draw_tile(surf, t, (x, y), tw, highlight=m if m in ("wild", "standin", "chicken") else None)
            x += cw + 1
        if win_tile is not None:
            x += round(cw * 0.4)
            g = W.glow_circle(round(cw * 0.6), (255, 210, 90))
            surf.blit(g, g.get_rect(center=(x + cw // 2, y + ch // 2)))
            mark = marks.get(win_tile)  # a winning tile that is the 小鸡 (or a chicken) keeps its star
            tileart.draw_tile(surf, win_tile, (x, y), tw,
                              highlight=("selected", mark) if mark in ("wild", "standin", "chicken") else "selected")
