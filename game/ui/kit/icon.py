"""The window/app icon: the 1 Bamboo bird on a green disc with a gold rim (drawn, then saved under assets/icons).

``python -m game.ui.kit.icon`` rewrites assets/icons/icon-{32,64,256}.png.
"""

from __future__ import annotations

import os
import sys

import pygame

from game.ui.kit import tileart
from game.ui.kit.assets import asset_path

SIZES = (32, 64, 256)


def draw_icon(size: int) -> pygame.Surface:
    S = 2
    big = pygame.Surface((size * S, size * S), pygame.SRCALPHA)
    c = size * S / 2
    pygame.draw.circle(big, (120, 80, 20, 255), (c, c), c)
    pygame.draw.circle(big, (242, 196, 92, 255), (c, c), c * 0.96)
    pygame.draw.circle(big, (22, 96, 60, 255), (c, c), c * 0.86)
    pygame.draw.circle(big, (34, 124, 78, 255), (c, c * 0.92), c * 0.7)
    out = pygame.transform.smoothscale(big, (size, size))
    tw = max(10, round(size * 0.46))
    tile = tileart.tile_surface(18, tw, standing=True)
    out.blit(tile, tile.get_rect(center=(size // 2, size // 2 + round(size * 0.02))))
    return out


def icon_surface(size: int = 64) -> pygame.Surface:
    """The bundled PNG when present (fast), else drawn now."""
    path = asset_path("icons", f"icon-{size}.png")
    try:
        return pygame.image.load(str(path))
    except (pygame.error, FileNotFoundError, OSError):
        return draw_icon(size)


def main(argv=None) -> int:
    pygame.init()
    for n in SIZES:
        path = asset_path("icons", f"icon-{n}.png")
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(draw_icon(n), str(path))
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    sys.exit(main())
