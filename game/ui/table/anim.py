"""Animations as overlays: tiles in flight, big 碰/杠/胡 labels, tile flips, the deal.

Animations never hold the game back: the table always renders the latest view,
an animation only hides the slot its tile is flying to (``hidden``) and draws
the tile on its way. Input is handled against the real layout at all times.
Durations are multiplied by the speed factor; with factor 0 nothing is added.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.ui.kit import tileart, widgets


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 3 * t * t - 2 * t * t * t


def back_out(t: float, k: float = 1.7) -> float:
    t -= 1
    return t * t * ((k + 1) * t + k) + 1


class Anim:
    __slots__ = ("data", "dur", "hide", "hold", "kind", "start")

    def __init__(self, kind, start, dur, hide=(), hold=0.0, **data):
        self.kind = kind
        self.start = start
        self.dur = max(1e-3, dur)
        self.hide = tuple(hide)
        self.hold = hold  # extra seconds the final frame stays
        self.data = data

    @property
    def end(self) -> float:
        return self.start + self.dur + self.hold

    def t(self, now: float) -> float:
        return max(0.0, min(1.0, (now - self.start) / self.dur))


class Animator:
    def __init__(self):
        self.items: list[Anim] = []
        self.factor = 1.0
        self.now = 0.0

    def clear(self) -> None:
        self.items.clear()

    def add(self, kind: str, dur: float, delay: float = 0.0, hide=(), hold: float = 0.0, **data) -> Anim | None:
        """Schedule an animation (durations scale with the speed factor); None when animations are off."""
        if self.factor <= 0:
            return None
        a = Anim(kind, self.now + delay * self.factor, dur * self.factor, hide, hold * self.factor, **data)
        self.items.append(a)
        return a

    def update(self, now: float) -> None:
        self.now = now
        if self.items:
            self.items = [a for a in self.items if a.end > now]

    def busy(self) -> bool:
        return bool(self.items)

    def hidden(self) -> set:
        out: set = set()
        for a in self.items:
            out.update(a.hide)
        return out

    def pending(self, kind: str) -> list[Anim]:
        return [a for a in self.items if a.kind == kind]

    def last_end(self) -> float:
        return max((a.end for a in self.items), default=self.now)

    # ------------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface, scale: float) -> None:
        now = self.now
        for a in sorted(self.items, key=lambda a: _ORDER.get(a.kind, 5)):
            if now < a.start:
                continue
            fn = _DRAW.get(a.kind)
            if fn:
                fn(surf, a, a.t(now), scale)


def _draw_fly(surf, a: Anim, t: float, scale: float) -> None:
    d = a.data
    e = ease_out(t) if d.get("ease", "out") == "out" else ease_in_out(t)
    (x0, y0), (x1, y1) = d["p0"], d["p1"]
    w0, w1 = d.get("w0", d["w"]), d.get("w1", d["w"])
    w = max(10, round(w0 + (w1 - w0) * e))
    lift = d.get("arc", 0) * math.sin(math.pi * e)
    x = x0 + (x1 - x0) * e
    y = y0 + (y1 - y0) * e - lift
    rot = d.get("rot1", 0) if e > 0.5 else d.get("rot0", 0)
    standing = d.get("standing", False) and e <= 0.5
    tile = d.get("tile")
    if tile is None:
        tileart.draw_tile(surf, None, (round(x), round(y)), w, rotated=rot, standing=standing)
    else:
        tileart.draw_tile(surf, tile, (round(x), round(y)), w, rotated=rot, standing=standing,
                          highlight=d.get("highlight"))


@lru_cache(maxsize=64)
def _big_text(text: str, size: int, color, outline) -> pygame.Surface:
    """Big label with a dark outline and a warm glow (cached)."""
    main = widgets.text_surface(text, size, color, "serif")
    edge = widgets.text_surface(text, size, outline, "serif")
    k = max(2, size // 16)
    out = pygame.Surface((main.get_width() + 4 * k, main.get_height() + 4 * k), pygame.SRCALPHA)
    glow = pygame.Surface(out.get_size(), pygame.SRCALPHA)
    for dx in range(-k, k + 1, max(1, k // 2)):
        for dy in range(-k, k + 1, max(1, k // 2)):
            glow.blit(edge, (2 * k + dx, 2 * k + dy))
    out.blit(pygame.transform.gaussian_blur(glow, max(1, k)), (0, 0))
    for dx in range(-k, k + 1, max(1, k // 2)):
        for dy in range(-k, k + 1, max(1, k // 2)):
            if dx * dx + dy * dy <= k * k:
                out.blit(edge, (2 * k + dx, 2 * k + dy))
    out.blit(main, (2 * k, 2 * k))
    return out


def _draw_label(surf, a: Anim, t: float, scale: float) -> None:
    d = a.data
    if t < 0.25:
        k = back_out(t / 0.25)
    else:
        k = 1.0
    alpha = 1.0 if t < 0.7 else max(0.0, 1 - (t - 0.7) / 0.3)
    size = round(d.get("size", 96) * scale)
    img = _big_text(d["text"], size, d.get("color", (255, 226, 120)), d.get("outline", (120, 30, 10)))
    if k != 1.0:
        img = pygame.transform.smoothscale(img, (max(1, round(img.get_width() * k)),
                                                 max(1, round(img.get_height() * k))))
    if alpha < 1:
        img = img.copy()
        img.set_alpha(round(255 * alpha))
    y = d["pos"][1] - (1 - alpha) * 20 * scale
    surf.blit(img, img.get_rect(center=(d["pos"][0], round(y))))


def _draw_flip(surf, a: Anim, t: float, scale: float) -> None:
    """A tile turning over in front of everyone, then (optionally) moving to its place."""
    d = a.data
    w = d["w"]
    cx, cy = d["center"]
    tile = d["tile"]
    phase_flip = min(1.0, t / 0.55)
    move = max(0.0, (t - 0.7) / 0.3) if d.get("target") else 0.0
    if phase_flip < 0.5:
        sx = 1 - ease_in_out(phase_flip * 2)
        img = tileart.tile_back(w)
    else:
        sx = ease_in_out((phase_flip - 0.5) * 2)
        img = tileart.tile_surface(tile, w, highlight=d.get("highlight") if phase_flip >= 0.99 else None)
    if move > 0:
        tx, ty, tw = d["target"]
        e = ease_in_out(move)
        bw, bh = tileart.tile_size(tw)
        tcx, tcy = tx + bw / 2, ty + bh / 2
        cx = cx + (tcx - cx) * e
        cy = cy + (tcy - cy) * e
        k = 1 + (tw / w - 1) * e
        img = pygame.transform.smoothscale(img, (max(1, round(img.get_width() * k)),
                                                 max(1, round(img.get_height() * k))))
    elif sx < 0.999:
        img = pygame.transform.smoothscale(img, (max(1, round(img.get_width() * sx)), img.get_height()))
    if move == 0 and phase_flip >= 1:
        g = widgets.glow_circle(round(w * 0.9), (255, 220, 120))
        surf.blit(g, g.get_rect(center=(round(cx), round(cy))))
    surf.blit(img, img.get_rect(center=(round(cx), round(cy))))
    cap = d.get("caption")
    if cap and move < 0.5:
        alpha = 1 - move * 2
        img2 = _big_text(cap, round(34 * scale), (255, 240, 200), (40, 30, 10)).copy()
        img2.set_alpha(round(255 * alpha))
        bh = tileart.tile_size(w)[1]
        surf.blit(img2, img2.get_rect(midtop=(round(cx), round(cy + bh / 2 + 10 * scale))))


def _draw_banner(surf, a: Anim, t: float, scale: float) -> None:
    """A wide ribbon across the table (流局 / 一炮多响)."""
    d = a.data
    alpha = min(1.0, t / 0.15, (1 - t) / 0.25 if t > 0.75 else 1.0)
    w = surf.get_width()
    band = pygame.Surface((w, round(110 * scale)), pygame.SRCALPHA)
    band.fill((0, 0, 0, round(140 * alpha)))
    surf.blit(band, (0, d["y"] - band.get_height() // 2))
    img = _big_text(d["text"], round(72 * scale), d.get("color", (255, 226, 120)), (90, 20, 10)).copy()
    img.set_alpha(round(255 * alpha))
    surf.blit(img, img.get_rect(center=(w // 2, d["y"])))


_DRAW = {"fly": _draw_fly, "label": _draw_label, "flip": _draw_flip, "banner": _draw_banner}
_ORDER = {"fly": 1, "flip": 2, "label": 3, "banner": 4}
