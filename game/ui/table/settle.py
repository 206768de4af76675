"""The settlement screen (every hand open, every item with its rule) and the match-end standings."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import pygame

from game.rules import tiles as T
from game.ui import nav
from game.ui.app import Scene
from game.ui.kit import drawlog, strings, tileart
from game.ui.kit import widgets as W
from game.ui.kit.elements import Element
from game.ui.kit.names import shown_all, variant_name
from game.ui.kit.rulesdoc import explain
from game.ui.table.tableview import PUBLIC_TILES, background, display_meld, sort_hand, tile_marks

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


def win_line(res: Mapping[str, Any], names: list[str]) -> str:
    """The settlement's headline: who won how (and from whom), or a drawn hand."""
    wins = res.get("wins") or []
    if res.get("end") != "win" or not wins:
        return strings.tr("settle.draw")
    if len(wins) > 1:
        src = wins[0].get("from")
        return strings.tr("settle.multi", src=names[src] if src is not None else "?")
    w = wins[0]
    who = names[w["seat"]]
    how = w.get("win")
    if how == "self_draw":
        return strings.tr("settle.win_self", who=who)
    src = names[w["from"]] if w.get("from") is not None else "?"
    if how == "rob_kong":
        return strings.tr("settle.win_rob", who=who, src=src)
    return strings.tr("settle.win_discard", who=who, src=src)


def detail_text(detail: str, names: list[str]) -> str:
    """An item's detail: "←0,1,2" / "→3" (seats paid by / paid to) with the seats named."""
    d = str(detail)
    if d[:1] in "←→" and all(p.strip().isdigit() for p in d[1:].split(",") if p.strip()):
        seats = [int(p) for p in d[1:].split(",") if p.strip()]
        if all(0 <= x < len(names) for x in seats):
            sep = "、" if strings.is_zh() else ", "
            return d[0] + sep.join(names[x] for x in seats)
    return d


_SEAT_ZH = re.compile(r"座位(\d+)")
_SEAT_EN = re.compile(r"\bseat (\d+)('s)?")


def in_words(text: str, names: list[str]) -> str:
    """A settlement line as players read it: tiles by name, not notation (点豆 7m → 点豆 七万), and the
    seats the rules core numbers from 0 (座位2, seat 2) by the names on the table."""
    text = strings.tiles_in_words(text)

    def seat(m: re.Match) -> str:
        i = int(m.group(1))
        name = names[i] if 0 <= i < len(names) else m.group(0)
        return name + ("'s" if m.lastindex == 2 and m.group(2) else "")

    return _SEAT_EN.sub(seat, _SEAT_ZH.sub(seat, text))


def footer_notes(res: dict, names: list[str], next_dealer: bool) -> list[str]:
    """The settlement's table-wide lines (the flip, who was ready, who was burned, the next dealer) in words."""
    notes = [in_words(n, names) for n in ((res.get("notes_en") if strings.lang() == "en" else None)
                                          or res.get("notes") or [])]
    nd = res.get("next_dealer")
    if nd is not None and next_dealer and 0 <= nd < len(names):
        notes.append(strings.tr("settle.next_dealer", who=names[nd]))
    return notes


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
    def esc_leave(self) -> None: ...  # Esc: ask, and leave on a second Esc


class SettlementPanel(Element):
    """Overlay drawn by the table scene once a hand has ended (an element: it takes every input while shown)."""

    takes = None
    modal = True

    def __init__(self, table: SettleHost, view: dict, res: dict):
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

    def handle(self, ev) -> bool:
        for b in self.buttons:
            if b.handle(ev):
                return True
        if ev.type == pygame.KEYDOWN:
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.table.next_hand()
            elif ev.key in (pygame.K_l, pygame.K_TAB):
                self.look()
            elif ev.key == pygame.K_ESCAPE:
                self.table.esc_leave()
        return True

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


# ====================================================================== match end

class MatchEndScene(Scene):
    name = "match_end"

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.raw_names = table.raw_names
        self.results = list(table.results)
        self.totals = list(table.session.totals)
        self.variant = table.variant
        self.buttons: list[W.Button] = []
        self.stats = match_stats(self.results, len(self.totals))

    @property
    def names(self) -> list[str]:
        return shown_all(self.raw_names)

    def layout(self) -> None:
        s = self.s
        W_, H_ = self.app.size
        bw, bh = round(190 * s), round(50 * s)
        y = H_ - round(40 * s) - bh
        specs = [("again", "end.again", self.again, "gold"), ("replay", "end.replay", self.replay, "blue"),
                 ("menu", "end.menu", self.menu, "green")]
        x = W_ // 2 - (len(specs) * bw + (len(specs) - 1) * round(16 * s)) // 2
        self.buttons = []
        for name, key, cb, style in specs:
            self.buttons.append(W.Button((x, y, bw, bh), W.tr_label(key), cb, style, name=name, size=round(19 * s)))
            x += bw + round(16 * s)
        self.focus = W.FocusRing(self.buttons)

    def again(self) -> None:
        nav.go(self.app, "setup")

    def replay(self) -> None:
        nav.go(self.app, "replays")

    def menu(self) -> None:
        nav.go(self.app, "menu")

    def handle(self, ev) -> None:
        for b in self.buttons:
            if b.handle(ev):
                return
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                self.menu()
            elif ev.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.focus.move(-1 if ev.key == pygame.K_LEFT else 1)
            else:
                self.focus.handle_key(ev)

    def draw(self, surf) -> None:
        s = self.s
        W_, H_ = self.app.size
        surf.blit(background(surf.get_size()), (0, 0))
        W.dim_screen(surf, 90)
        box = pygame.Rect(round(60 * s), round(30 * s), W_ - round(120 * s), H_ - round(130 * s))
        W.panel(surf, box, (14, 30, 24), 235, round(18 * s), 3)
        W.draw_text(surf, strings.tr("end.title"), (box.centerx, box.y + round(14 * s)), round(40 * s), W.GOLD, "serif",
                    anchor="midtop", shadow=True)
        n_draws = sum(1 for r in self.results if r.get("end") != "win")
        sub = " · ".join((variant_name(self.variant), strings.tr("end.played", n=len(self.results)),
                          strings.tr("end.draws", n=n_draws)))
        W.draw_text(surf, sub, (box.centerx, box.y + round(66 * s)), round(15 * s), W.MUTED, anchor="midtop")
        cols = [("end.rank", 0.05), ("end.player", 0.12), ("end.total", 0.36), ("end.wins", 0.5),
                ("end.self_draws", 0.61), ("end.deal_ins", 0.72), ("end.best", 0.84)]
        hy = box.y + round(104 * s)
        for key, fx in cols:
            W.draw_text(surf, strings.tr(key), (box.x + round(box.w * fx), hy), round(14 * s), W.MUTED, "bold")
        order = sorted(range(len(self.totals)), key=lambda i: -self.totals[i])
        y = hy + round(30 * s)
        rh = round(54 * s)
        medal = ((255, 206, 70), (210, 214, 222), (214, 150, 90), (120, 140, 130))
        for rank, seat in enumerate(order):
            r = pygame.Rect(box.x + round(20 * s), y, box.w - round(40 * s), rh - round(8 * s))
            pygame.draw.rect(surf, (30, 60, 46) if rank else (80, 64, 20), r, border_radius=round(10 * s))
            c = (box.x + round(box.w * 0.05) + round(12 * s), r.centery)
            pygame.draw.circle(surf, medal[min(rank, 3)], c, round(15 * s))
            W.draw_text(surf, str(rank + 1), c, round(16 * s), (40, 30, 0), "bold", anchor="center")
            nr = W.draw_text(surf, self.names[seat], (box.x + round(box.w * 0.12), r.centery), round(19 * s), W.CREAM,
                             "bold", anchor="midleft", max_width=round(box.w * 0.18))
            if rank == 0:
                tag = strings.tr("end.champion")
                tw_ = W.text_width(tag, round(12 * s), "bold") + round(14 * s)
                pill = pygame.Rect(nr.right + round(10 * s), r.centery - round(10 * s), tw_, round(20 * s))
                pygame.draw.rect(surf, (236, 180, 50), pill, border_radius=round(8 * s))
                W.draw_text(surf, tag, pill.center, round(12 * s), (70, 40, 0), "bold", anchor="center")
            t = self.totals[seat]
            W.draw_text(surf, f"{t:+d}" if t else "0", (box.x + round(box.w * 0.36), r.centery), round(24 * s),
                        POS if t > 0 else (NEG if t < 0 else W.CREAM), "bold", anchor="midleft")
            st = self.stats[seat]
            for key, fx in (("wins", 0.5), ("self_draws", 0.61), ("deal_ins", 0.72)):
                W.draw_text(surf, str(st[key]), (box.x + round(box.w * fx), r.centery), round(18 * s), W.CREAM,
                            anchor="midleft")
            best = st["best"]
            W.draw_text(surf, f"{best:+d}" if best else "-", (box.x + round(box.w * 0.84), r.centery), round(18 * s),
                        W.CREAM, anchor="midleft")
            y += rh
        # hand by hand: one column per hand, one line per player
        y += round(14 * s)
        W.draw_text(surf, strings.tr("end.hands"), (box.x + round(24 * s), y), round(15 * s), W.GOLD, "bold")
        y += round(28 * s)
        x0 = box.x + round(200 * s)
        nres = max(1, len(self.results))
        cw = max(round(34 * s), min(round(70 * s), (box.right - round(30 * s) - x0) // nres))
        fs = round(14 * s) if cw >= round(44 * s) else round(12 * s)
        grid = pygame.Rect(box.x + round(20 * s), y - round(4 * s), box.w - round(40 * s),
                           round(24 * s) * (len(self.totals) + 1) + round(8 * s))
        pygame.draw.rect(surf, (8, 22, 16), grid, border_radius=round(8 * s))
        for k in range(len(self.results)):
            W.draw_text(surf, str(k + 1), (x0 + k * cw + cw // 2, y), fs, W.MUTED, "bold", anchor="midtop")
        y += round(24 * s)
        for seat in range(len(self.totals)):
            if y + round(20 * s) > box.bottom - round(8 * s):
                drawlog.dropped(surf, [self.names[k] for k in range(seat, len(self.totals))],
                                pygame.Rect(box.x, y, box.w, round(20 * s)), fs)
                break
            W.draw_text(surf, self.names[seat], (box.x + round(34 * s), y), fs, W.CREAM, max_width=round(150 * s))
            for k, res in enumerate(self.results):
                d = (res.get("deltas") or [0] * len(self.totals))[seat]
                wonk = any(w.get("seat") == seat for w in res.get("wins") or [])
                cx = x0 + k * cw + cw // 2
                if wonk:
                    pygame.draw.rect(surf, (70, 56, 16), (cx - cw // 2 + 2, y - 2, cw - 4, round(20 * s)),
                                     border_radius=round(5 * s))
                W.draw_text(surf, f"{d:+d}" if d else "·", (cx, y), fs, POS if d > 0 else (NEG if d < 0 else W.MUTED),
                            "bold" if wonk else "regular", anchor="midtop")
            y += round(24 * s)
        for b in self.buttons:
            b.draw(surf, self.focus.current is b)


def match_stats(results: list[dict], n: int) -> list[dict]:
    st = [{"wins": 0, "self_draws": 0, "deal_ins": 0, "best": 0} for _ in range(n)]
    for res in results:
        for w in res.get("wins") or []:
            seat = w.get("seat")
            if seat is None or seat >= n:
                continue
            st[seat]["wins"] += 1
            if w.get("win") == "self_draw":
                st[seat]["self_draws"] += 1
            elif w.get("from") is not None and w["from"] < n:
                st[w["from"]]["deal_ins"] += 1
        for i, d in enumerate(res.get("deltas") or []):
            if i < n:
                st[i]["best"] = max(st[i]["best"], d)
    return st
