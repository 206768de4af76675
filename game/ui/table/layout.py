"""Table geometry for 2, 3 or 4 seats at any window size (everything scales from 1280x720).

Positions around the table, counterclockwise in turn order: 0 bottom (the viewer),
1 right (下家), 2 top (对家), 3 left (上家). Three players use bottom/right/left,
two use bottom/top. ``TableLayout`` answers "where does this tile go": hand
slots, meld slots, pond (discard) slots, info plates, the compass.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.ui.kit import tileart

POSITIONS = {2: (0, 2), 3: (0, 1, 3), 4: (0, 1, 2, 3)}
# lying tiles of each position are turned so their foot faces their owner
ROT = {0: 0, 1: 90, 2: 180, 3: 270}


@dataclass
class Slot:
    """A tile's place: top-left of its body, the width it is drawn at, its rotation."""

    x: int
    y: int
    w: int
    rot: int = 0
    standing: bool = False

    @property
    def pos(self) -> tuple[int, int]:
        return (self.x, self.y)

    def rect(self) -> pygame.Rect:
        bw, bh = tileart.tile_size(self.w, self.rot)
        return pygame.Rect(self.x, self.y, bw, bh)

    def center(self) -> tuple[int, int]:
        return self.rect().center


MIN_TEXT = 12  # px at 1280x720: no text on the table is smaller (the same share of the window at other sizes)


class TableLayout:
    def __init__(self, size: tuple[int, int], n: int, me: int, text_scale: float | None = None):
        self.W, self.H = size
        self.n = n
        self.me = me
        s = min(self.W / 1280, self.H / 720)
        self.s = s
        self.ts = s if text_scale is None else text_scale  # the window's scale (the table may use part of it)
        self.hw = max(20, round(56 * s))  # own hand (standing)
        self.mw = max(14, round(38 * s))  # own melds
        self.pw = max(14, round(38 * s))  # discards
        self.ow = max(12, round(33 * s))  # others' melds, the top seat's hand
        self.sw = max(10, round(27 * s))  # the side seats' hands
        self.gap = max(2, round(8 * s))
        self.t_pond = tileart.thickness(self.pw)
        self.fh_pond = tileart.face_height(self.pw)
        # vertical bands
        hand_h = tileart.tile_size(self.hw)[1]
        self.hand_top = self.H - hand_h - round(14 * s)
        top_h = tileart.tile_size(self.ow)[1]
        self.top_band = round(12 * s) + top_h
        cy = (self.top_band + self.hand_top) / 2 - round(4 * s)
        self.C = (self.W // 2, round(cy))
        self.r = round(74 * s)
        self.plate_w, self.plate_h = round(168 * s), round(70 * s)
        self.cols = {2: 15, 3: 10, 4: 8}[n] if n in (2, 3, 4) else 8
        self.side_cols = 8

    def font(self, px: float) -> int:
        """A text size: ``px`` at 1280x720, scaled, never under the smallest readable size."""
        return max(round(px * self.s), math.ceil(MIN_TEXT * self.ts - 0.01))

    # ------------------------------------------------------------ seats
    def pos_of(self, seat: int) -> int:
        """Screen position (0 bottom, 1 right, 2 top, 3 left) of a seat."""
        rel = (seat - self.me) % self.n
        return POSITIONS[self.n][rel]

    def seat_at(self, pos: int) -> int | None:
        for seat in range(self.n):
            if self.pos_of(seat) == pos:
                return seat
        return None

    # ------------------------------------------------------------ compass
    def compass_rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, 2 * self.r, 2 * self.r)
        r.center = self.C
        return r

    # ------------------------------------------------------------ ponds
    def pond_slot(self, seat: int, i: int) -> Slot:
        """The i-th visible discard of ``seat``."""
        pos = self.pos_of(seat)
        w = self.pw
        fw, fh, t = w, self.fh_pond, self.t_pond
        cx, cy = self.C
        r, g = self.r, self.gap
        if pos in (0, 2):
            cols = self.cols
            row, col = divmod(i, cols)
            row_step = fh + max(1, t // 2) + 1
            col_step = fw + 1
            if self.n == 2:
                x0 = cx - (cols * col_step) // 2
            else:
                x0 = cx - r
            if pos == 0:
                return Slot(x0 + col * col_step, cy + r + g + row * row_step, w, 0)
            # top: right to left, rows growing upward
            x_right = (cx + (cols * col_step) // 2) if self.n == 2 else cx + r
            return Slot(x_right - (col + 1) * col_step, cy - r - g - (fh + t) - row * row_step, w, 180)
        cols = self.side_cols
        row, col = divmod(i, cols)
        step = fw + max(1, t // 2) + 1  # along the column
        col_step = fh + 2
        if pos == 1:  # right: bottom to top, columns growing rightward
            x = cx + r + g + row * col_step
            y = cy + r - (col + 1) * step
            return Slot(x, y, w, 90)
        # left: top to bottom, columns growing leftward
        x = cx - r - g - (row + 1) * col_step
        y = cy - r + col * step
        return Slot(x, y, w, 270)

    # ------------------------------------------------------------ hands and melds
    def meld_widths(self, melds: list, w: int) -> list[int]:
        out = []
        for m in melds:
            k = len(m["tiles"])
            fw = w
            rot_w = tileart.face_height(w)
            wide = rot_w if m.get("claimed") is not None and m.get("from") is not None else fw
            out.append((k - 1) * (fw + 1) + wide + 1)
        return out

    def bottom_hand(self, n_tiles: int, has_drawn: bool,
                    melds: list) -> tuple[list[Slot], list[tuple[int, list[Slot]]]]:
        """Slots of the viewer's concealed tiles (drawn tile last) and of each meld's tiles."""
        hw, mw = self.hw, self.mw
        step = hw + max(1, round(hw * 0.02))
        mwidths = self.meld_widths(melds, mw)
        mgap = round(10 * self.s)
        melds_w = sum(mwidths) + mgap * len(melds)
        drawn_gap = round(hw * 0.35) if has_drawn else 0
        n_plain = n_tiles - (1 if has_drawn else 0)
        block = melds_w + (mgap if melds else 0) + n_plain * step + drawn_gap + (step if has_drawn else 0)
        left_limit = round(12 * self.s) + self.plate_w + round(14 * self.s)
        right_limit = self.W - round(20 * self.s)
        x = max(left_limit, (self.W - block) // 2)
        if x + block > right_limit:
            x = max(round(8 * self.s), right_limit - block)
        meld_slots = []
        hand_bottom = self.hand_top + tileart.tile_size(hw)[1]
        mh = tileart.tile_size(mw)[1]
        my = hand_bottom - mh
        for m, mwid in zip(melds, mwidths):
            meld_slots.append((x, self._meld_row(m, x, my, mw, 0)))
            x += mwid + mgap
        if melds:
            x += mgap
        slots = []
        for i in range(n_plain):
            slots.append(Slot(x + i * step, self.hand_top, hw, 0, True))
        if has_drawn:
            slots.append(Slot(x + n_plain * step + drawn_gap, self.hand_top, hw, 0, True))
        return slots, meld_slots

    def _meld_row(self, m: dict, x: int, y_bottom_aligned: int, w: int, pos: int) -> list[Slot]:
        """Bottom-seat meld: tiles left to right, the claimed tile lying sideways."""
        out = []
        claimed = m.get("claimed")
        fh = tileart.face_height(w)
        t = tileart.thickness(w)
        for j, _t in enumerate(m["tiles"]):
            if claimed is not None and j == claimed and m.get("from") is not None:
                # sideways: footprint (fh, w + t), bottoms aligned
                out.append(Slot(x, y_bottom_aligned + (fh + t) - (w + t), w, 90))
                x += fh + 1
            else:
                out.append(Slot(x, y_bottom_aligned, w, 0))
                x += w + 1
        return out

    def other_hand(self, seat: int, n_tiles: int, has_drawn: bool, melds: list, face_up: bool = False):
        """Slots for another seat's concealed tiles and melds (rotated to face its owner)."""
        pos = self.pos_of(seat)
        ow = self.ow
        s = self.s
        mgap = round(8 * s)
        if pos == 2:
            # top: a row of standing backs (or lying faces when revealed), melds on screen right
            bw, bh = tileart.tile_size(ow, 180 if face_up else 0)
            step = bw + 1
            mw_list = self._meld_lengths(melds, ow)
            melds_w = sum(mw_list) + mgap * len(melds)
            dgap = round(ow * 0.35) if has_drawn else 0
            total = n_tiles * step + dgap + melds_w + (mgap if melds else 0)
            x_right = self.W // 2 + total // 2
            y = round(12 * s)
            meld_slots = []
            x = x_right
            for m, L in zip(melds, mw_list):
                x -= L
                meld_slots.append((x, self._meld_line(m, x, y, ow, 180)))
                x -= mgap
            if melds:
                x -= mgap
            slots: list[Slot] = []
            n_plain = n_tiles - (1 if has_drawn else 0)
            for _ in range(n_plain):
                x -= step
                slots.append(Slot(x, y, ow, 180 if face_up else 0, not face_up))
            if has_drawn:
                x -= dgap + step
                slots.append(Slot(x, y, ow, 180 if face_up else 0, not face_up))
            return slots, meld_slots
        # sides: a column of lying tiles
        rot = 90 if pos == 1 else 270
        sw = self.sw
        bw, bh = tileart.tile_size(sw, rot)
        t = tileart.thickness(sw)
        step = bh - t + max(1, t // 3)
        mbw, _mbh = tileart.tile_size(ow, rot)
        mw_list = self._meld_lengths(melds, ow, vertical=True)
        melds_h = sum(mw_list) + mgap * len(melds)
        dgap = round(sw * 0.35) if has_drawn else 0
        total = n_tiles * step + dgap + melds_h + (mgap if melds else 0)
        # each side column is centred in the band it may use (the corners hold panels and plates); a hand shown
        # face up at the end that does not fit beside its melds goes in a second column, nearer the middle
        if pos == 1:  # the table's switches (the dock) hold the bottom right corner
            lo, hi = round(58 * s), self.H - round(96 * s)
        else:
            lo, hi = round(150 * s), self.H - self.plate_h - round(100 * s)
        two = face_up and bool(melds) and total > hi - lo
        hand_h = n_tiles * step + dgap
        if two and hand_h > hi - lo and n_tiles:
            step = max(bh // 2, step - -(-(hand_h - (hi - lo)) // n_tiles))
        elif not two and total > hi - lo and n_tiles:
            step = max(bh // 2, step - -(-(total - (hi - lo)) // n_tiles))
        hand_h = n_tiles * step + dgap
        total = hand_h + melds_h + (mgap if melds else 0)
        cy = (lo + hi) // 2
        edge = round(16 * s)
        inward = mbw + round(8 * s) if two else 0
        x = self.W - edge - bw - inward if pos == 1 else edge + inward
        mx = self.W - edge - mbw if pos == 1 else edge
        slots = []
        meld_slots = []
        n_plain = n_tiles - (1 if has_drawn else 0)
        if pos == 1:  # melds at the bottom (the owner's left), hand going up
            y = cy + (melds_h if two else total) // 2
            for m, L in zip(melds, mw_list):
                y -= L
                meld_slots.append((y, self._meld_col(m, mx, y, ow, 90)))
                y -= mgap
            if melds:
                y -= mgap
            if two:
                y = cy + hand_h // 2
            for _ in range(n_plain):
                y -= step
                slots.append(Slot(x, y, sw, rot))
            if has_drawn:
                y -= dgap + step
                slots.append(Slot(x, y, sw, rot))
        else:  # left: melds at the top, hand going down
            y = cy - (melds_h if two else total) // 2
            for m, L in zip(melds, mw_list):
                meld_slots.append((y, self._meld_col(m, mx, y, ow, 270)))
                y += L + mgap
            if melds:
                y += mgap
            if two:
                y = cy - hand_h // 2
            for _ in range(n_plain):
                slots.append(Slot(x, y, sw, rot))
                y += step
            if has_drawn:
                y += dgap
                slots.append(Slot(x, y, sw, rot))
        return slots, meld_slots

    def _meld_lengths(self, melds, w, vertical=False) -> list[int]:
        out = []
        fh = tileart.face_height(w)
        t = tileart.thickness(w)
        for m in melds:
            k = len(m["tiles"])
            # the claimed tile lies sideways: it takes its face's height
            turned = fh - w if m.get("claimed") is not None and m.get("from") is not None else 0
            if vertical:
                out.append(k * (w + t // 2 + 1) + turned)
            else:
                out.append(k * (w + 1) + turned)
        return out

    def _meld_line(self, m, x, y, w, rot) -> list[Slot]:
        """Top seat meld, laid right to left from the owner's view (so left to right on screen, reversed)."""
        out = []
        claimed = m.get("claimed")
        fh = tileart.face_height(w)
        tiles = list(range(len(m["tiles"])))
        xx = x
        for j in reversed(tiles):
            if claimed is not None and j == claimed and m.get("from") is not None:
                out.append((j, Slot(xx, y, w, 270)))
                xx += fh + 1
            else:
                out.append((j, Slot(xx, y, w, rot)))
                xx += w + 1
        out.sort(key=lambda p: p[0])
        return [s for _, s in out]

    def _meld_col(self, m, x, y, w, rot) -> list[Slot]:
        out = []
        claimed = m.get("claimed")
        fh = tileart.face_height(w)
        t = tileart.thickness(w)
        bw, _ = tileart.tile_size(w, rot)
        order = list(range(len(m["tiles"])))
        if rot == 90:
            order = list(reversed(order))  # right seat: its first tile is lowest on screen
        yy = y
        for j in order:
            if claimed is not None and j == claimed and m.get("from") is not None:
                sw = tileart.tile_size(w, 0)[0]
                out.append((j, Slot(x + (bw - sw) // 2, yy, w, 0 if rot == 90 else 180)))
                yy += fh + t // 2 + 1
            else:
                out.append((j, Slot(x, yy, w, rot)))
                yy += w + t // 2 + 1
        out.sort(key=lambda p: p[0])
        return [s for _, s in out]

    # ------------------------------------------------------------ plates
    def plate_rect(self, seat: int, hand_slots: list[Slot] | None = None) -> pygame.Rect:
        """The name plate of a seat, beside its tiles (``hand_slots``: every slot of that seat)."""
        pos = self.pos_of(seat)
        s = self.s
        w, h = self.plate_w, self.plate_h
        m = round(12 * s)
        g = round(12 * s)
        rects = [sl.rect() for sl in (hand_slots or [])]
        if pos == 0:
            return pygame.Rect(m, self.H - h - m, w, h)
        if pos == 2:
            left = min((r.left for r in rects), default=self.W // 2 - round(220 * s))
            right = max((r.right for r in rects), default=self.W // 2 + round(220 * s))
            x = left - w - g
            if x < round(250 * s):  # the variant panel lives in the top-left corner
                x = right + g
            return pygame.Rect(x, m, w, h)
        if pos == 1:
            left = min((r.left for r in rects), default=self.W - round(60 * s))
            top = min((r.top for r in rects), default=self.C[1] - round(200 * s))
            return pygame.Rect(left - w - g, max(round(60 * s), top), w, h)
        right = max((r.right for r in rects), default=round(60 * s))
        top = min((r.top for r in rects), default=self.C[1] - round(200 * s))
        return pygame.Rect(right + g, max(round(150 * s), top), w, h)

    def label_anchor(self, seat: int) -> tuple[int, int]:
        """Where a big 碰/杠/胡 label for this seat appears."""
        pos = self.pos_of(seat)
        cx, cy = self.C
        s = self.s
        return {0: (cx, self.hand_top - round(70 * s)), 1: (self.W - round(190 * s), cy),
                2: (cx, round(120 * s)), 3: (round(190 * s), cy)}[pos]

    def hand_anchor(self, seat: int) -> tuple[int, int]:
        """A point in the middle of a seat's hand (for tiles flying from there)."""
        pos = self.pos_of(seat)
        cx, cy = self.C
        s = self.s
        return {0: (cx, self.hand_top), 1: (self.W - round(60 * s), cy), 2: (cx, round(40 * s)),
                3: (round(60 * s), cy)}[pos]
