"""Render an overview PNG of every tile face, back and highlight state: python -m game.ui.devtools.preview out.png"""

from __future__ import annotations

import os
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.ui.kit import fonts, tileart
from game.ui.kit.felt import felt_surface

STATE_ROWS = (None, "wild", "standin", "chicken", "selected", "last", ("wild", "last"), "dim")


def _label(surf, text, pos, size=18):
    img = fonts.font(size).render(text, True, (236, 240, 226))
    surf.blit(img, pos)


def _step(width: int, rotated: int = 0) -> tuple[int, int]:
    bw, bh = tileart.tile_size(width, rotated)
    gap = max(4, width // 8)
    return bw + gap, bh + gap + 4


def render(path: str) -> pygame.Surface:
    """Draw the overview on a tall canvas, then crop it to what was used."""
    pygame.init()
    mx, width = 30, 34 * _step(36)[0] + 60
    canvas = felt_surface((width, 2600)).copy()
    y = 16
    _label(canvas, "牌面预览 Tile preview: 万 筒 条 字 at 36 / 64 / 110 px", (mx, y), 22)
    y += 40
    for size, per in ((36, 34), (64, 17), (110, 9)):
        sx, sy = _step(size)
        _label(canvas, f"{size} px", (mx, y))
        y += 26
        for k in range(34):
            r, c = divmod(k, per)
            tileart.draw_tile(canvas, k, (mx + c * sx, y + r * sy), size)
        y += -(-34 // per) * sy + 8

    sample = (0, 4, 9, 13, 18, 16, 27, 31, 33)
    sx, sy = _step(64)
    for i, state in enumerate(STATE_ROWS):
        x0, y0 = mx + (i % 4) * (3 * sx + 40), y + (i // 4) * (sy + 40)
        name = "plain" if state is None else state if isinstance(state, str) else "+".join(state)
        _label(canvas, name, (x0, y0), 16)
        kw = {"dim": True} if state == "dim" else {"highlight": state}
        for j, k in enumerate(sample[(i % 3) * 3:(i % 3) * 3 + 3]):
            tileart.draw_tile(canvas, k, (x0 + j * sx, y0 + 38), 64, **kw)
    y += 2 * (sy + 40) + 10

    _label(canvas, "backs (lying, standing), own hand (standing), rotated 90/180/270, 24 px", (mx, y))
    y += 30
    x = mx
    for kind, kw in ((None, {}), (None, {"standing": True}), (18, {"standing": True}), (27, {"standing": True})):
        tileart.draw_tile(canvas, kind, (x, y), 110, **kw)
        x += _step(110)[0] + 6
    for kind, rot in ((18, 90), (18, 180), (18, 270), (None, 90), (4, 90)):
        tileart.draw_tile(canvas, kind, (x, y), 64, rotated=rot)
        x += _step(64, rot)[0]
    for k in (0, 9, 18, 22, 31, 33):
        tileart.draw_tile(canvas, k, (x, y), 24)
        x += _step(24)[0]
    y += _step(110)[1] + 20
    _label(canvas, "160 px", (mx, y))
    y += 26
    for i, k in enumerate((18, 9, 14, 25, 26, 0, 32)):
        tileart.draw_tile(canvas, k, (mx + i * _step(160)[0], y), 160)
    y += _step(160)[1] + 10
    out = canvas.subsurface((0, 0, width, y)).copy()
    pygame.image.save(out, path)
    return out


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv:
        print("usage: python -m game.ui.devtools.preview OUT.png", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    render(argv[0])
    print(f"wrote {argv[0]} in {time.perf_counter() - t0:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
