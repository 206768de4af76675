"""Green table felt drawn in code: radial light, vignette, fibre noise and a faint medallion."""

from __future__ import annotations

import math
import random
import time
from functools import lru_cache

import pygame

import game.startclock as startclock

FELT = (30, 112, 66)


def _shade(color, k):
    return tuple(max(0, min(255, round(c * k))) for c in color)


def _radial(size, color) -> pygame.Surface:
    # Drawn small and scaled up: a smooth gradient for the cost of a few dozen circles.
    w, h = size
    sw, sh = 96, max(2, round(96 * h / max(1, w)))
    small = pygame.Surface((sw, sh))
    small.fill(_shade(color, 0.55))
    reach = math.hypot(sw, sh) / 2
    steps = 48
    for i in range(steps):
        t = i / (steps - 1)  # 0 at the rim, 1 at the centre
        k = 0.55 + 0.6 * (1 - (1 - t) ** 2)
        pygame.draw.circle(small, _shade(color, k), (sw / 2, sh * 0.46), reach * (1 - t) + 0.5)
    return pygame.transform.smoothscale(small, size)


def _noise(size, seed) -> pygame.Surface:
    """Fine per-pixel light/dark speckle (a fabric grain); alpha carries the strength."""
    rng = random.Random(seed)
    tw, th = 128, 128
    n = tw * th
    vals = rng.randbytes(n)
    rgba = bytearray(4 * n)
    light = bytes(255 if b & 1 else 0 for b in range(256))
    alpha = bytes(round(abs(b - 127.5) / 127.5 * 14) for b in range(256))
    rgba[0::4] = vals.translate(light)
    rgba[1::4] = vals.translate(light)
    rgba[2::4] = vals.translate(light)
    rgba[3::4] = vals.translate(alpha)
    tile = pygame.image.frombuffer(bytes(rgba), (tw, th), "RGBA").copy()
    out = pygame.Surface(size, pygame.SRCALPHA)
    for y in range(0, size[1], th):
        for x in range(0, size[0], tw):
            out.blit(tile, (x, y))
    return out


def _fibres(surf: pygame.Surface, seed: int, color) -> None:
    rng = random.Random(seed + 1)
    w, h = surf.get_size()
    lo, hi = _shade(color, 0.88), _shade(color, 1.1)
    for _ in range(w * h // 1400):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        a = rng.uniform(0, math.pi)
        ln = rng.uniform(2, 5)
        c = lo if rng.random() < 0.5 else hi
        pygame.draw.aaline(surf, c, (x, y), (x + math.cos(a) * ln, y + math.sin(a) * ln))


def _medallion(size, color) -> pygame.Surface:
    """A faint ring ornament centred on the table, pressed into the cloth."""
    w, h = size
    S = 2
    r = min(w, h) * 0.36
    big = pygame.Surface((round(r * 2.2 * S), round(r * 2.2 * S)), pygame.SRCALPHA)
    c = big.get_width() / 2
    ink = (*_shade(color, 1.35), 255)
    for rr, lw in ((1.0, 0.012), (0.93, 0.005), (0.62, 0.008), (0.56, 0.004)):
        pygame.draw.circle(big, ink, (c, c), r * rr * S, max(1, round(r * lw * S)))
    for i in range(16):
        a = i * math.pi / 8
        px, py = c + math.cos(a) * r * 0.775 * S, c + math.sin(a) * r * 0.775 * S
        q = r * 0.1 * S
        pts = [(px + q * math.cos(a + k * math.pi / 2), py + q * math.sin(a + k * math.pi / 2)) for k in range(4)]
        pygame.draw.polygon(big, ink, pts, max(1, round(r * 0.006 * S)))
    small = pygame.transform.smoothscale(big, (big.get_width() // S, big.get_height() // S))
    small.set_alpha(56)
    return small


@lru_cache(maxsize=8)
def felt_surface(size: tuple[int, int], *, color: tuple[int, int, int] = FELT, seed: int = 7,
                 medallion: bool = True) -> pygame.Surface:
    """The felt background at ``size`` (cached; do not draw on the returned surface)."""
    t0 = time.perf_counter()
    size = (int(size[0]), int(size[1]))
    out = _radial(size, color)
    _fibres(out, seed, color)
    out.blit(_noise(size, seed), (0, 0))
    if medallion:
        med = _medallion(size, color)
        out.blit(med, med.get_rect(center=(size[0] // 2, round(size[1] * 0.46))))
    startclock.add("felt", time.perf_counter() - t0)
    return out
