"""A line chart of running totals drawn with pygame (the match end's players over the hands, the records' last
matches): a zero line, a few round ticks, one line per series with its last value named at its end."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.ui.kit import widgets

# series colours, distinct on the felt and for the common colour blindnesses (blue, orange, green-teal, pink)
COLORS = ((110, 170, 250), (250, 170, 60), (90, 210, 170), (240, 120, 170))


def nice_step(span: float, ticks: int = 4) -> int:
    """A round tick step (1, 2, 5 × 10^k) giving about ``ticks`` intervals over ``span``."""
    raw = max(1.0, span / max(1, ticks))
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if m * mag >= raw:
            return int(m * mag)
    return int(10 * mag)


def line_chart(surf: pygame.Surface, rect: pygame.Rect, series: Sequence[tuple[str, tuple[int, int, int],
                                                                           Sequence[int]]],
               x_labels: Sequence[str], size: int, start: int | None = 0) -> None:
    """Draw ``series`` (name, colour, values; each value one step along x) in ``rect``. ``start`` is the value
    before the first step (drawn as the line's first point at x 0), None for none."""
    if not series or not any(vals for _n, _c, vals in series):
        return
    n = max(len(vals) for _n, _c, vals in series)
    every = [v for _n, _c, vals in series for v in vals] + ([start] if start is not None else [0])
    lo, hi = min(every + [0]), max(every + [0])
    step = nice_step(hi - lo)
    lo = math.floor(lo / step) * step
    hi = math.ceil(hi / step) * step
    if hi == lo:
        hi = lo + step
    label_w = max(widgets.text_width(f"{v:+d}" if v else "0", size) for v in (lo, hi)) + size // 2
    end_w = max(widgets.text_width(f"{vals[-1]:+d}", size, "bold") for _n, _c, vals in series if vals) + size
    end_w += (max(2, size // 4) * 2 + 1) * len(series)  # room for a dot per line when several end level
    plot = pygame.Rect(rect.x + label_w, rect.y + size // 2, rect.w - label_w - end_w, rect.h - size * 2 - size // 2)
    if plot.w < 20 or plot.h < 20:
        return
    slots = n if start is None else n + 1

    def px(i: int) -> int:  # step i (0 = the start point when there is one)
        return plot.x + (round(plot.w * i / (slots - 1)) if slots > 1 else plot.w // 2)

    def py(v: float) -> int:
        return plot.bottom - round(plot.h * (v - lo) / (hi - lo))

    for v in range(lo, hi + 1, step):
        y = py(v)
        pygame.draw.line(surf, (60, 92, 76) if v else (170, 160, 120), (plot.x, y), (plot.right, y), 1 if v else 2)
        widgets.draw_text(surf, f"{v:+d}" if v else "0", (plot.x - size // 3, y), size, widgets.MUTED,
                          anchor="midright")
    # x labels: as many as fit without touching
    widest = max((widgets.text_width(t, size) for t in x_labels), default=0) + size
    skip = max(1, math.ceil(widest / max(1, plot.w / max(1, slots))))
    off = 0 if start is None else 1
    for i, text in enumerate(x_labels):
        if i % skip and i != len(x_labels) - 1:
            continue
        if i != len(x_labels) - 1 and len(x_labels) - 1 - i < skip:
            continue  # the last label always shows; one just before it would touch it
        widgets.draw_text(surf, text, (px(i + off), plot.bottom + size // 3), size, widgets.MUTED, anchor="midtop")
    ends: list[tuple[int, str, tuple[int, int, int]]] = []
    width = max(2, size // 6)
    for _name, color, vals in series:
        pts = ([(px(0), py(start))] if start is not None else []) + [(px(i + off), py(v)) for i, v in enumerate(vals)]
        if len(pts) > 1:
            pygame.draw.lines(surf, color, False, pts, width)
        for p in pts[off:]:
            pygame.draw.circle(surf, color, p, width + 1)
        if vals:
            ends.append((pts[-1][1], f"{vals[-1]:+d}" if vals[-1] else "0", color))
    # the last values at the lines' ends (lines ending level share one label, a dot per line), pushed apart
    merged: list[tuple[int, str, list[tuple[int, int, int]]]] = []
    for y, text, color in sorted(ends):
        if merged and merged[-1][1] == text and abs(merged[-1][0] - y) <= 1:
            merged[-1][2].append(color)
        else:
            merged.append((y, text, [color]))
    gap = round(size * 1.2)
    placed: list[int] = []
    for y, _t, _c in merged:
        placed.append(max(y, placed[-1] + gap) if placed else y)
    over = placed[-1] + size // 2 - rect.bottom if placed else 0
    if over > 0:
        placed = [y - over for y in placed]
    dot = max(2, size // 4)
    for (_y, text, colors), y in zip(merged, placed):
        x = plot.right + size // 2
        if len(colors) > 1:
            for c in colors:
                pygame.draw.circle(surf, c, (x + dot, y), dot)
                x += dot * 2 + 1
            x += dot
        widgets.draw_text(surf, text, (x, y), size, colors[0] if len(colors) == 1 else widgets.CREAM, "bold",
                          anchor="midleft")


def legend(surf: pygame.Surface, pos: tuple[int, int], items: Sequence[tuple[str, tuple[int, int, int]]], size: int,
           max_width: int) -> int:
    """Colour swatches and names in one row from ``pos`` (left, centre y); returns the width used."""
    x, y = pos
    for name, color in items:
        w = widgets.text_width(name, size) + size * 2
        if x + w - pos[0] > max_width:
            break
        pygame.draw.line(surf, color, (x, y), (x + size, y), max(2, size // 5))
        widgets.draw_text(surf, name, (x + size + size // 3, y), size, widgets.CREAM, anchor="midleft")
        x += w
    return x - pos[0]
