"""Mahjong tiles drawn in code (traditional faces, solid bodies, state overlays), cached per look."""

from __future__ import annotations

import math
import time
from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

import pygame

import game.startclock as startclock
from game.ui.kit import drawlog, fonts

# --- palette ---------------------------------------------------------------
INK = (24, 28, 44)
RED = (198, 32, 38)
GREEN = (22, 122, 70)
BLUE = (30, 76, 156)
FACE_TOP = (254, 252, 244)
FACE_BOTTOM = (238, 233, 216)
FACE_EDGE = (214, 206, 184)
IVORY_SIDE = (232, 226, 204)
BACK_TOP = (58, 168, 122)
BACK_BOTTOM = (30, 122, 88)
BACK_SIDE = (24, 98, 70)
GOLD = (255, 196, 40)
STANDIN = (150, 96, 226)
SELECT = (120, 220, 255)

NUMERALS = "一二三四五六七八九"
WAN = "萬"
HONOR_FACES = "東南西北白發中"
CHICKEN = "鸡"
STATES = ("wild", "standin", "chicken", "selected", "last")
MARK_PLATE = (255, 255, 255, 235)

# Colour-blind-safe faces (a player's setting): a number and a suit mark in each tile's bottom-left corner.
_look = {"marks": False}


def set_marks(on: bool) -> None:
    """Draw every face with its corner mark (number and suit shape: 万 characters, a ring for dots, a stick for
    bamboo; E S W N on the winds), so no suit is told by colour alone."""
    _look["marks"] = bool(on)


def marks_on() -> bool:
    return _look["marks"]


class TileMetrics(NamedTuple):
    body_w: int  # footprint on the table, thickness included
    body_h: int
    face_w: int
    face_h: int
    thickness: int
    margin: int  # transparent border around the body for shadow, glow and markers


def face_height(width: int) -> int:
    return round(width * 1.375)


def thickness(width: int) -> int:
    return max(2, round(width * 0.15))


def margin(width: int) -> int:
    return max(4, round(width * 0.22))


def tile_metrics(width: int, rotated: int = 0) -> TileMetrics:
    fw, fh = width, face_height(width)
    if rotated % 180:
        fw, fh = fh, fw
    t = thickness(width)
    return TileMetrics(fw, fh + t, fw, fh, t, margin(width))


def tile_size(width: int, rotated: int = 0) -> tuple[int, int]:
    """Footprint (w, h) of a tile body; use it to lay tiles out."""
    m = tile_metrics(width, rotated)
    return m.body_w, m.body_h


def _supersample(width: int) -> int:
    # powers of two only: pygame's smoothscale shrinks by 3 with a bias (255 -> 253)
    return 4 if width <= 100 else 2


# --- low-level painting at supersampled resolution -------------------------
class _Pen:
    """Draws in face units (face width = 1.0) onto a supersampled surface."""

    def __init__(self, surf: pygame.Surface, unit: float):
        self.s, self.u = surf, unit

    def p(self, x: float, y: float) -> tuple[float, float]:
        return (x * self.u, y * self.u)

    def circle(self, color, x, y, r):
        pygame.draw.circle(self.s, color, self.p(x, y), max(1.0, r * self.u))

    def poly(self, color, pts):
        pygame.draw.polygon(self.s, color, [self.p(x, y) for x, y in pts])

    def ellipse(self, color, x, y, rx, ry, angle=0.0, n=28):
        self.poly(color, _ellipse_pts(x, y, rx, ry, angle, n))

    def rect(self, color, x, y, w, h, width=0, radius=0.0):
        r = pygame.Rect(round(x * self.u), round(y * self.u), round(w * self.u), round(h * self.u))
        bw = 0 if not width else max(1, round(width * self.u))
        pygame.draw.rect(self.s, color, r, bw, border_radius=round(radius * self.u))


def _ellipse_pts(cx, cy, rx, ry, angle=0.0, n=28):
    ca, sa = math.cos(angle), math.sin(angle)
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x, y = rx * math.cos(t), ry * math.sin(t)
        pts.append((cx + x * ca - y * sa, cy + x * sa + y * ca))
    return pts


def _bezier(p0, p1, p2, n=16):
    out = []
    for i in range(n + 1):
        t = i / n
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return out


def _band(path, w0, w1):
    """Polygon of a stroke along ``path`` whose width tapers from w0 to w1."""
    left, right = [], []
    n = len(path)
    for i, (x, y) in enumerate(path):
        ax, ay = path[max(0, i - 1)]
        bx, by = path[min(n - 1, i + 1)]
        dx, dy = bx - ax, by - ay
        d = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / d, dx / d
        h = (w0 + (w1 - w0) * i / max(1, n - 1)) / 2
        left.append((x + nx * h, y + ny * h))
        right.append((x - nx * h, y - ny * h))
    return left + right[::-1]


def _glyph(pen: _Pen, ch: str, color, cx, cy, em, stretch=1.0, style="serif"):
    """Draw ``ch`` centred on its ink box at (cx, cy); ``em`` is the font size in face units."""
    size = max(4, round(em * pen.u))
    surf, _ = fonts.ft_font(size, style).render(ch, color)
    if stretch != 1.0:
        surf = pygame.transform.smoothscale(surf, (max(1, round(surf.get_width() * stretch)), surf.get_height()))
    x, y = pen.p(cx, cy)
    pen.s.blit(surf, surf.get_rect(center=(round(x), round(y))))


def _vgradient(size, top, bottom) -> pygame.Surface:
    g = pygame.Surface((1, 2), pygame.SRCALPHA)
    g.set_at((0, 0), top)
    g.set_at((0, 1), bottom)
    return pygame.transform.smoothscale(g, size)


def _rounded(size, radius, top, bottom=None) -> pygame.Surface:
    """Rounded rect with a vertical gradient; corners transparent.

    Corner pixels keep the gradient's colour (alpha 0) so that smoothscale, which
    does not premultiply alpha, blends edges toward it instead of toward black.
    """
    w, h = size
    out = _vgradient(size, top, bottom or top)
    mask = pygame.Surface(size, pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, w, h), border_radius=radius)
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return out


def _downscale(surf: pygame.Surface, size) -> pygame.Surface:
    return pygame.transform.smoothscale(surf, size)


# --- face artwork ------------------------------------------------------------
DOT_LAYOUTS = {
    # (x, y) inside the art box (0..1 each way), colour, radius in face widths
    1: ([(0.5, 0.5)], "G", 0.40),
    2: ([(0.5, 0.24), (0.5, 0.76)], "GB", 0.21),
    3: ([(0.2, 0.15), (0.5, 0.5), (0.8, 0.85)], "BRG", 0.165),
    4: ([(0.27, 0.25), (0.73, 0.25), (0.27, 0.75), (0.73, 0.75)], "BGGB", 0.185),
    5: ([(0.24, 0.19), (0.76, 0.19), (0.5, 0.5), (0.24, 0.81), (0.76, 0.81)], "BGRGB", 0.165),
    6: ([(0.27, 0.14), (0.73, 0.14), (0.27, 0.55), (0.73, 0.55), (0.27, 0.86), (0.73, 0.86)], "GGRRRR", 0.15),
    7: ([(0.18, 0.09), (0.5, 0.2), (0.82, 0.31), (0.27, 0.63), (0.73, 0.63), (0.27, 0.9), (0.73, 0.9)], "GGGRRRR",
        0.125),
    8: ([(x, y) for y in (0.11, 0.37, 0.63, 0.89) for x in (0.28, 0.72)], "BBBBBBBB", 0.125),
    9: ([(x, y) for y in (0.15, 0.5, 0.85) for x in (0.17, 0.5, 0.83)], "BBBRRRGGG", 0.14),
}
_COLOURS = {"R": RED, "G": GREEN, "B": BLUE}


def _mix(a, b, t):
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))


def _dot(pen: _Pen, x, y, r, color, detail: bool):
    pen.circle(color, x, y, r)
    pen.circle(FACE_TOP, x, y, r * 0.80)
    pen.circle(color, x, y, r * 0.64)
    if detail:
        light = _mix(color, FACE_TOP, 0.55)
        for i in range(8):
            a = i * math.pi / 4
            pen.circle(light, x + math.cos(a) * r * 0.42, y + math.sin(a) * r * 0.42, r * 0.11)
    pen.circle(FACE_TOP, x, y, r * 0.24)
    pen.circle(color, x, y, r * 0.12)


def _big_dot(pen: _Pen, x, y, r, detail: bool):
    pen.circle(GREEN, x, y, r)
    pen.circle(FACE_TOP, x, y, r * 0.88)
    n = 16 if detail else 10
    for i in range(n):
        a = i * 2 * math.pi / n
        pen.circle(BLUE, x + math.cos(a) * r * 0.74, y + math.sin(a) * r * 0.74, r * (0.1 if detail else 0.12))
    pen.circle(GREEN, x, y, r * 0.58)
    pen.circle(FACE_TOP, x, y, r * 0.48)
    pen.circle(RED, x, y, r * 0.4)
    for i in range(6):
        a = i * math.pi / 3 + math.pi / 6
        pen.ellipse(FACE_TOP, x + math.cos(a) * r * 0.2, y + math.sin(a) * r * 0.2, r * 0.16, r * 0.07, a)
    pen.circle(GREEN, x, y, r * 0.1)


def _draw_dots(pen: _Pen, n: int, box, detail: bool):
    bx, by, bw, bh = box
    pts, cols, r = DOT_LAYOUTS[n]
    if n == 1:
        _big_dot(pen, bx + bw / 2, by + bh / 2, r, detail)
        return
    for (x, y), c in zip(pts, cols):
        _dot(pen, bx + x * bw, by + y * bh, r, _COLOURS[c], detail)


def _stick(pen: _Pen, cx, cy, length, width, color, angle=0.0, detail=True):
    """A bamboo stick: two segments with knotted joints, rotated by ``angle`` radians."""
    ca, sa = math.cos(angle), math.sin(angle)

    def tr(pts):
        return [(cx + x * ca - y * sa, cy + x * sa + y * ca) for x, y in pts]

    half, hw = length / 2, width / 2
    dark = _mix(color, (0, 0, 0), 0.35)
    # capsule: upper half-circle cap, then lower one
    body = [(hw * math.cos(math.pi + i * math.pi / 8), -half + hw + hw * math.sin(math.pi + i * math.pi / 8))
            for i in range(9)]
    body += [(hw * math.cos(i * math.pi / 8), half - hw + hw * math.sin(i * math.pi / 8)) for i in range(9)]
    pen.poly(dark, tr(body))
    inner = [(x * 0.72, y - (hw * 0.28 if y < 0 else -hw * 0.28)) for x, y in body]
    pen.poly(color, tr(inner))
    for jy in (-half + width * 0.35, 0.0, half - width * 0.35):
        pen.poly(dark, tr(_ellipse_pts(0, jy, hw * 1.25, width * 0.2, 0, 16)))
    if detail:
        for y0, y1 in ((-half + width * 0.75, -width * 0.4), (width * 0.4, half - width * 0.75)):
            pen.poly(FACE_TOP, tr([(-hw * 0.13, y0), (hw * 0.13, y0), (hw * 0.13, y1), (-hw * 0.13, y1)]))


STICK_LAYOUTS = {
    # (x, y, angle in degrees, colour) inside the art box; stick length as a fraction of the box height
    2: ([(0.5, 0.25, 0, "G"), (0.5, 0.75, 0, "G")], 0.42),
    3: ([(0.5, 0.25, 0, "G"), (0.27, 0.75, 0, "G"), (0.73, 0.75, 0, "G")], 0.42),
    4: ([(0.27, 0.25, 0, "G"), (0.73, 0.25, 0, "G"), (0.27, 0.75, 0, "G"), (0.73, 0.75, 0, "G")], 0.42),
    5: ([(0.2, 0.25, 0, "G"), (0.8, 0.25, 0, "G"), (0.5, 0.5, 0, "R"), (0.2, 0.75, 0, "G"), (0.8, 0.75, 0, "G")], 0.42),
    6: ([(x, y, 0, "G") for y in (0.25, 0.75) for x in (0.18, 0.5, 0.82)], 0.42),
    7: ([(0.5, 0.16, 0, "R")] + [(x, y, 0, "G") for y in (0.5, 0.84) for x in (0.18, 0.5, 0.82)], 0.29),
    # 8: a "W" over an "M", stick ends meeting at the points
    8: ([(x, 0.26, d, "G") for x, d in ((0.125, -25), (0.375, 25), (0.625, -25), (0.875, 25))]
        + [(x, 0.74, d, "G") for x, d in ((0.125, 25), (0.375, -25), (0.625, 25), (0.875, -25))], 0.42),
    9: ([(x, y, 0, "R" if x == 0.5 else "G") for y in (0.16, 0.5, 0.84) for x in (0.18, 0.5, 0.82)], 0.29),
}


def _draw_sticks(pen: _Pen, n: int, box, detail: bool):
    bx, by, bw, bh = box
    items, frac = STICK_LAYOUTS[n]
    length = frac * bh
    width = 0.11 if n == 8 else 0.125 if n >= 6 else 0.14
    for x, y, deg, c in items:
        _stick(pen, bx + x * bw, by + y * bh, length, width, _COLOURS[c], math.radians(deg), detail)


def _bird(pen: _Pen, box, detail: bool):
    """幺鸡: a plump rooster with a peacock tail, facing left (drawn in a 100 x 138 design grid)."""
    bx, by, bw, bh = box
    k = bw / 100

    def P(x: float, y: float) -> tuple[float, float]:
        return (bx + x * k, by + y * bh / 138)

    def pts(seq):
        return [P(x, y) for x, y in seq]

    def ell(color, x, y, rx, ry, deg=0.0):
        pen.poly(color, [P(px, py) for px, py in _ellipse_pts(x, y, rx, ry, math.radians(deg))])

    blue_dark = _mix(BLUE, (0, 0, 0), 0.25)
    leg = (222, 128, 28)
    # sickle tail: feathers arch up and over, each ending in a peacock eye
    feathers = (
        ((58, 76), (78, 8), (93, 46), GREEN),
        ((60, 82), (96, 26), (92, 84), BLUE),
        ((60, 88), (92, 66), (84, 115), GREEN),
    )
    for a, c, b, col in feathers:
        pen.poly(col, _band(_bezier(P(*a), P(*c), P(*b)), 10 * k, 5 * k))
    for _a, _c, b, _col in feathers:
        pen.circle(RED, *P(*b), 7 * k)
        pen.circle(FACE_TOP, *P(*b), 4 * k)
        pen.circle(blue_dark, *P(*b), 2.4 * k)
    for x0, x1 in ((42, 38), (54, 56)):
        pen.poly(leg, _band(pts([(x0, 96), (x1, 122)]), 3.6 * k, 3.2 * k))
        for dx in (-8, 0, 7):
            pen.poly(leg, _band(pts([(x1, 121), (x1 + dx, 128)]), 2.8 * k, 2.2 * k))
    ell(GREEN, 48, 80, 28, 20, -18)
    pen.poly(GREEN, pts([(20, 50), (38, 42), (52, 70), (28, 84)]))
    ell(_mix(GREEN, (255, 230, 120), 0.25), 33, 76, 12, 16, 20)
    ell(BLUE, 55, 79, 19, 11, -28)
    if detail:
        for i in range(3):
            pen.poly(FACE_TOP, _band(pts([(46 + i * 6, 85 - i * 3), (63 + i * 5, 72 - i * 4)]), 1.5 * k, 0.7 * k))
    pen.circle(GREEN, *P(28, 40), 12.5 * k)
    for cx, cy, r in ((19, 28, 5.5), (27, 23, 6.5), (36, 25, 6)):  # serrated comb
        pen.circle(RED, *P(cx, cy), r * k)
    pen.poly((236, 164, 30), pts([(17, 35), (3, 42), (18, 46)]))
    ell(RED, 20, 53, 4.5, 7.5)
    pen.circle(FACE_TOP, *P(24, 38), 4.2 * k)
    pen.circle(INK, *P(23, 38), 2.4 * k)


def _draw_face_art(pen: _Pen, kind: int, aspect: float, detail: bool):
    suit, n = divmod(kind, 9)
    n += 1
    box = (0.1, 0.08, 0.8, aspect - 0.16)
    if suit == 0:
        # serif hairlines vanish on small tiles: heavier sans numerals there
        if detail:
            _glyph(pen, NUMERALS[n - 1], INK, 0.5, aspect * 0.28, 0.5)
        else:
            _glyph(pen, NUMERALS[n - 1], INK, 0.5, aspect * 0.27, 0.56, style="bold")
        _glyph(pen, WAN, RED, 0.5, aspect * 0.69, 0.64, stretch=1.12)
    elif suit == 1:
        _draw_dots(pen, n, box, detail)
    elif suit == 2:
        if n == 1:
            _bird(pen, (0.06, 0.08, 0.88, aspect - 0.14), detail)
        else:
            _draw_sticks(pen, n, box, detail)
    else:
        ch = HONOR_FACES[kind - 27]
        if ch == "白":
            pen.rect(BLUE, 0.14, 0.14, 0.72, aspect - 0.28, width=0.055, radius=0.04)
            pen.rect(BLUE, 0.24, 0.24, 0.52, aspect - 0.48, width=0.022, radius=0.02)
        else:
            color = RED if ch == "中" else GREEN if ch == "發" else INK
            _glyph(pen, ch, color, 0.5, aspect * 0.5, 0.78)


def _corner_mark(pen: _Pen, kind: int, aspect: float):
    """The colour-blind mark: the number and the suit's shape (or a wind's letter) on a small white plate."""
    suit, n = divmod(kind, 9)
    if suit == 3 and n >= 4:
        return  # the dragons' faces (中 發 and 白's frame) differ in shape already
    h = 0.36
    top = aspect - h - 0.035
    w = 0.30 if suit == 3 else 0.54
    plate = pygame.Surface((max(1, round(w * pen.u)), max(1, round(h * pen.u))), pygame.SRCALPHA)
    corner = round(0.07 * pen.u)
    pygame.draw.rect(plate, MARK_PLATE, plate.get_rect(), border_radius=corner)
    pygame.draw.rect(plate, (*INK, 255), plate.get_rect(), max(1, round(0.018 * pen.u)), border_radius=corner)
    pen.s.blit(plate, pen.p(0.035, top))
    cy = top + h / 2
    if suit == 3:
        _glyph(pen, "ESWN"[n], INK, 0.035 + w / 2, cy, 0.34, style="bold")
        return
    _glyph(pen, str(n + 1), INK, 0.035 + 0.14, cy, 0.36, style="bold")
    mx = 0.035 + 0.385
    if suit == 0:
        _glyph(pen, WAN, INK, mx, cy, 0.27, style="bold")
    elif suit == 1:
        pen.circle(INK, mx, cy, 0.095)
        pen.circle(MARK_PLATE[:3], mx, cy, 0.052)
    else:
        pen.rect(INK, mx - 0.03, cy - 0.125, 0.06, 0.25, radius=0.02)
        pen.rect(INK, mx - 0.055, cy - 0.02, 0.11, 0.04)


@lru_cache(maxsize=1024)
def _face(kind: int, width: int, marks: bool = False) -> pygame.Surface:
    """Face plate with artwork at final size; kind -1 is the top of a face-down tile; ``marks``: the colour-blind
    corner mark."""
    S = _supersample(width)
    fw, fh = width, face_height(width)
    W, H = fw * S, fh * S
    radius = round(width * 0.11 * S)
    top, bottom, rim = (FACE_TOP, FACE_BOTTOM, FACE_EDGE) if kind >= 0 else (BACK_TOP, BACK_BOTTOM, BACK_SIDE)
    # a darker rim and a light top edge make the face read as slightly domed
    e = max(S, round(S * width / 60))
    plate = _rounded((W, H), radius, rim, rim)
    plate.blit(_rounded((W - 2 * e, H - 2 * e), max(1, radius - e), top, bottom), (e, e))
    hi = (255, 255, 255, 160) if kind >= 0 else (170, 240, 200, 130)
    glint = pygame.Surface((W, H // 2), pygame.SRCALPHA)
    pygame.draw.rect(glint, hi, (e, e, W - 2 * e, H), max(1, S * (1 if width < 80 else 2)),
                     border_radius=max(1, radius - e))
    plate.blit(glint, (0, 0))
    if kind >= 0:
        _draw_face_art(_Pen(plate, W), kind, fh / fw, detail=width >= 44)
        if marks:
            _corner_mark(_Pen(plate, W), kind, fh / fw)
    return _downscale(plate, (fw, fh))


# --- body, shadow and states -------------------------------------------------
@lru_cache(maxsize=256)
def _slab(width: int, rotated: int, mode: str) -> pygame.Surface:
    """Shadow plus the tile's side layers, without the face; body at (margin, margin)."""
    m = tile_metrics(width, rotated)
    S = _supersample(width)
    size = (m.body_w + 2 * m.margin, m.body_h + 2 * m.margin)
    out = pygame.Surface(size, pygame.SRCALPHA)
    # soft shadow cast down-right by a light from the top-left
    sh = pygame.Surface(size, pygame.SRCALPHA)
    off = max(1, round(width * 0.05))
    pygame.draw.rect(sh, (0, 0, 0, 110), (m.margin + off, m.margin + off * 2, m.body_w, m.body_h),
                     border_radius=round(width * 0.12))
    out.blit(pygame.transform.gaussian_blur(sh, max(1, round(width * 0.06))), (0, 0))

    t, fh = m.thickness, m.face_h
    if mode == "standing":  # seen from the player's seat: back (green) at the top, face lower
        layers = [(0, BACK_TOP, BACK_SIDE), (round(t * 0.45), IVORY_SIDE, _mix(IVORY_SIDE, INK, 0.15))]
    elif mode == "back_standing":  # an opponent's upright tile: ivory face side furthest away
        layers = [(0, IVORY_SIDE, _mix(IVORY_SIDE, INK, 0.15)), (round(t * 0.5), BACK_SIDE, BACK_BOTTOM)]
    elif mode == "back":  # face down: ivory face layer at the bottom, green back above it
        layers = [(t, IVORY_SIDE, _mix(IVORY_SIDE, INK, 0.2)), (round(t * 0.45), BACK_BOTTOM, BACK_SIDE)]
    else:
        layers = [(t, BACK_BOTTOM, BACK_SIDE), (round(t * 0.5), IVORY_SIDE, _mix(IVORY_SIDE, INK, 0.22))]
    radius = round(width * 0.11 * S)
    big = pygame.Surface((m.body_w * S, m.body_h * S), pygame.SRCALPHA)
    big.fill((*IVORY_SIDE, 0))
    for y, top, bottom in layers:
        big.blit(_rounded((m.face_w * S, fh * S), radius, top, bottom), (0, y * S))
    out.blit(_downscale(big, (m.body_w, m.body_h)), (m.margin, m.margin))
    return out


def face_offset(width: int, standing: bool = False) -> tuple[int, int]:
    """Where the face plate sits inside the body (for hit-testing the face)."""
    return (0, thickness(width) if standing else 0)


def _glow(size, rect, radius, color, spread) -> pygame.Surface:
    g = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(g, (*color, 255), rect.inflate(spread, spread), max(2, spread), border_radius=radius + spread // 2)
    return pygame.transform.gaussian_blur(g, max(1, spread))


def _outline(surf: pygame.Surface, rect: pygame.Rect, radius: int, color, width: int):
    """Antialiased rounded outline: drawn large, then shrunk."""
    S = 4
    big = pygame.Surface((rect.w * S, rect.h * S), pygame.SRCALPHA)
    big.fill((*color, 0))
    pygame.draw.rect(big, (*color, 255), big.get_rect(), width * S, border_radius=radius * S)
    surf.blit(_downscale(big, rect.size), rect.topleft)


def _apply_states(out: pygame.Surface, width: int, m: TileMetrics, face_rect: pygame.Rect, states: tuple[str, ...]):
    body = pygame.Rect(m.margin, m.margin, m.body_w, m.body_h)
    radius = round(width * 0.11)
    bw = max(2, round(width * 0.05))
    glow = None
    if "wild" in states:
        glow = GOLD
    elif "standin" in states:
        glow = STANDIN
    elif "selected" in states:
        glow = SELECT
    if glow:
        under = _glow(out.get_size(), body, radius, glow, max(3, round(width * 0.09)))
        under.blit(out, (0, 0))
        out.blit(under, (0, 0))
        _outline(out, face_rect, radius, glow, bw)
    if "standin" in states:
        tint = pygame.Surface(face_rect.size, pygame.SRCALPHA)
        tint.fill((*STANDIN, 40))
        out.blit(tint, face_rect.topleft)
    if "wild" in states:
        _star(out, face_rect.left + round(width * 0.2), face_rect.top + round(width * 0.2), width * 0.15)
    if "chicken" in states:
        r = max(5, round(width * 0.17))
        cx, cy = face_rect.right - round(r * 0.55), face_rect.top + round(r * 0.55)
        _badge(out, cx, cy, r, width)
    if "last" in states:
        _outline(out, face_rect, radius, RED, max(1, round(width * 0.035)))
        _arrow(out, face_rect.centerx, face_rect.top + round(width * 0.02), width)


def _star(surf, cx, cy, r):
    S = 4
    size = math.ceil(r * 2.4)
    big = pygame.Surface((size * S, size * S), pygame.SRCALPHA)
    c = size * S / 2
    pts = []
    for i in range(10):
        rad = (r if i % 2 == 0 else r * 0.45) * S
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((c + rad * math.cos(a), c + rad * math.sin(a)))
    pygame.draw.polygon(big, (150, 90, 0, 255), pts)
    inner = [(c + (x - c) * 0.72, c + (y - c) * 0.72) for x, y in pts]
    pygame.draw.polygon(big, (*GOLD, 255), inner)
    small = _downscale(big, (size, size))
    surf.blit(small, small.get_rect(center=(cx, cy)))


def _badge(surf, cx, cy, r, width):
    S = 4
    big = pygame.Surface((r * 2 * S + 2 * S, r * 2 * S + 2 * S), pygame.SRCALPHA)
    c = big.get_width() / 2
    pygame.draw.circle(big, (255, 255, 255, 255), (c, c), r * S + S)
    pygame.draw.circle(big, (*RED, 255), (c, c), r * S - S)
    glyph, _ = fonts.ft_font(max(6, round(r * 1.3 * S)), "bold").render(CHICKEN, (255, 255, 255))
    big.blit(glyph, glyph.get_rect(center=(c, c)))
    small = _downscale(big, (r * 2 + 2, r * 2 + 2))
    surf.blit(small, small.get_rect(center=(cx, cy)))


def _arrow(surf, cx, tip_y, width):
    S = 4
    w, h = max(8, round(width * 0.34)), max(6, round(width * 0.24))
    big = pygame.Surface((w * S, h * S), pygame.SRCALPHA)
    pygame.draw.polygon(big, (120, 0, 0, 255), [(0, 0), (w * S, 0), (w * S / 2, h * S)])
    pygame.draw.polygon(big, (236, 40, 36, 255), [(S * 1.8, S), (w * S - S * 1.8, S), (w * S / 2, h * S - S * 2.2)])
    small = _downscale(big, (w, h))
    surf.blit(small, (cx - w // 2, max(0, tip_y - h)))


def _dim(surf: pygame.Surface) -> pygame.Surface:
    """Greyed out but legible: mostly desaturated, a little darker."""
    out = pygame.transform.grayscale(surf)
    hint = surf.copy()
    hint.set_alpha(60)  # keep a trace of the suit colours
    out.blit(hint, (0, 0))
    out.fill((200, 200, 200), special_flags=pygame.BLEND_RGB_MULT)
    return out


def _norm_states(highlight) -> tuple[str, ...]:
    if not highlight:
        return ()
    states = (highlight,) if isinstance(highlight, str) else tuple(highlight)
    for s in states:
        if s not in STATES:
            raise ValueError(f"unknown tile highlight {s!r} (one of {', '.join(STATES)})")
    return tuple(sorted(set(states)))


# --- public API ----------------------------------------------------------------
def tile_surface(kind: int, width: int, *, face_up: bool = True, rotated: int = 0,
                 highlight: str | Iterable[str] | None = None, dim: bool = False,
                 standing: bool = False) -> pygame.Surface:
    """The tile's image, shared and cached: do not draw on it.

    The body sits at ``(margin(width), margin(width))``; blit with ``draw_tile`` to place
    the body itself. ``rotated`` is 0/90/180/270 degrees anticlockwise; ``standing``
    draws a tile of the player's own hand (back edge visible above the face).
    ``highlight`` is one of STATES or several of them.
    """
    if not 0 <= kind < 34:
        raise ValueError(f"not a tile kind: {kind!r}")
    return _tile(kind if face_up else -1, int(width), rotated % 360, _norm_states(highlight), bool(dim), bool(standing),
                 _look["marks"] and face_up)


def tile_back(width: int, *, rotated: int = 0, highlight: str | Iterable[str] | None = None,
              dim: bool = False, standing: bool = False) -> pygame.Surface:
    """A face-down tile (or, with ``standing``, an opponent's upright tile seen from behind)."""
    return _tile(-1, int(width), rotated % 360, _norm_states(highlight), bool(dim), bool(standing), False)


@lru_cache(maxsize=3072)
def _tile(kind: int, width: int, rotated: int, states: tuple[str, ...], dim: bool, standing: bool,
          marks: bool = False) -> pygame.Surface:
    t0 = time.perf_counter()
    out = _make_tile(kind, width, rotated, states, dim, standing, marks)
    startclock.add("tiles", time.perf_counter() - t0)
    return out


def _make_tile(kind: int, width: int, rotated: int, states: tuple[str, ...], dim: bool,
               standing: bool, marks: bool = False) -> pygame.Surface:
    if rotated % 90:
        raise ValueError(f"rotation must be a multiple of 90, got {rotated}")
    if width < 8:
        raise ValueError(f"tile width too small: {width}")
    m = tile_metrics(width, rotated)
    if kind < 0:
        mode = "back_standing" if standing else "back"
    else:
        mode = "standing" if standing else "lying"
    out = _slab(width, rotated, mode).copy()
    face = _face(kind, width, marks)
    if rotated:
        face = pygame.transform.rotate(face, rotated)
    fy = m.thickness if standing else 0
    face_rect = face.get_rect(topleft=(m.margin, m.margin + fy))
    out.blit(face, face_rect)
    if states:
        _apply_states(out, width, m, face_rect, states)
    if dim:
        out = _dim(out)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        out = out.convert_alpha()
    return out


def draw_tile(dest: pygame.Surface, kind: int | None, pos: tuple[int, int], width: int, **kw) -> pygame.Rect:
    """Blit a tile so its body's top-left is at ``pos``; ``kind=None`` draws a back. Returns the body rect."""
    surf = tile_back(width, **kw) if kind is None else tile_surface(kind, width, **kw)
    mg = margin(width)
    dest.blit(surf, (pos[0] - mg, pos[1] - mg))
    body = pygame.Rect(pos, tile_size(width, kw.get("rotated", 0)))
    if drawlog.active is not None:
        m = tile_metrics(width, kw.get("rotated", 0))
        face = None if kind is None else pygame.Rect(pos[0], pos[1] + (m.thickness if kw.get("standing") else 0),
                                                     m.face_w, m.face_h)
        drawlog.tile(dest, body, face, kind)
    return body


def clear_cache() -> None:
    """Drop cached surfaces (e.g. after the display mode changes)."""
    for f in (_tile, _face, _slab):
        f.cache_clear()
