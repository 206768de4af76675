"""Drawing helpers and widgets: cached text, panels, buttons, checkboxes, choices, sliders, inputs.

Widgets are plain objects placed by their scene (``rect`` in window pixels) and
rebuilt on resize. ``handle(event)`` returns True when the event was used.
Labels are callables or strings so a live language switch redraws correctly.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

import pygame

from game.ui.kit import drawlog, fonts, strings

# ---- palette
CREAM = (246, 240, 222)
INK = (28, 30, 36)
GOLD = (242, 196, 92)
GOLD_DARK = (150, 108, 36)
MUTED = (176, 196, 180)
RED = (222, 72, 58)
GREEN = (70, 180, 110)
PANEL = (12, 34, 26)
PANEL_EDGE = (204, 170, 92)
SHADOW = (0, 0, 0)

BUTTON_STYLES = {
    # top, bottom, border, text
    "gold": ((255, 214, 110), (222, 150, 40), (120, 72, 10), (60, 30, 0)),
    "green": ((96, 196, 120), (34, 128, 70), (16, 70, 38), (255, 255, 255)),
    "blue": ((96, 150, 236), (40, 84, 188), (20, 40, 100), (255, 255, 255)),
    "red": ((246, 108, 84), (188, 40, 34), (100, 16, 10), (255, 255, 255)),
    "purple": ((176, 120, 236), (110, 56, 176), (60, 20, 100), (255, 255, 255)),
    "grey": ((150, 158, 160), (92, 100, 104), (44, 48, 50), (255, 255, 255)),
    "ghost": ((30, 62, 48), (16, 40, 30), (150, 190, 160), CREAM),
    "dark": ((44, 52, 58), (24, 28, 32), (110, 120, 126), CREAM),
}


def label_text(x) -> str:
    """A label's text now (a callable label follows the language)."""
    return x() if callable(x) else str(x)


# ---------------------------------------------------------------- text

_text_cache: dict = {}


def text_surface(text: str, size: int, color=CREAM, style: str = "regular") -> pygame.Surface:
    """Rendered text, cached by (text, size, colour, style)."""
    key = (text, int(size), tuple(color), style)
    surf = _text_cache.get(key)
    if surf is None:
        if len(_text_cache) > 3000:
            _text_cache.clear()
        f = fonts.font_for(text, max(6, int(size)), style)
        surf = f.render(text, True, color)
        if len(color) == 4:
            surf.set_alpha(color[3])
        _text_cache[key] = surf
    return surf


def draw_text(dest: pygame.Surface, text: str, pos, size: int, color=CREAM, style: str = "regular",
              anchor: str = "topleft", shadow: bool = False, max_width: int | None = None) -> pygame.Rect:
    """Blit text anchored at ``pos`` (any pygame.Rect attribute name); returns its rect."""
    if not text:
        return pygame.Rect(pos, (0, 0))
    surf = text_surface(text, size, color, style)
    drawn, squeeze = size, 1.0
    if max_width and surf.get_width() > max_width:
        surf, drawn, squeeze = _fitted(text, size, color, style, max_width)
    r = surf.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow:
        sh = text_surface(text, size, (0, 0, 0), style)
        if max_width and sh.get_width() > max_width:
            sh = fit_text(text, size, (0, 0, 0), style, max_width)
        d = max(1, size // 14)
        sh = sh.copy()
        sh.set_alpha(150)
        dest.blit(sh, r.move(d, d))
    dest.blit(surf, r)
    drawlog.text(dest, text, r, surf, drawn, style, squeeze)
    return r


def fit_text(text, size, color, style, max_width) -> pygame.Surface:
    """Text shrunk (smaller font, then squeezed) to fit ``max_width``."""
    return _fitted(text, size, color, style, max_width)[0]


def _fitted(text, size, color, style, max_width) -> tuple[pygame.Surface, int, float]:
    """(image, font size used, squeeze factor) of text shrunk to fit ``max_width``."""
    s = size
    while s > 9:
        surf = text_surface(text, s, color, style)
        if surf.get_width() <= max_width:
            return surf, s, 1.0
        s -= 1
    surf = text_surface(text, s, color, style)
    squeeze = max(1, max_width) / max(1, surf.get_width())
    return pygame.transform.smoothscale(surf, (max(1, max_width), surf.get_height())), s, squeeze


def text_width(text: str, size: int, style: str = "regular") -> int:
    return fonts.font_for(text, max(6, int(size)), style).size(text)[0]


_TOKEN = re.compile(r"[A-Za-z0-9_'’\-\.,:;!?%()/+=×\[\]&#*\"]+|\s+|.", re.S)
_NO_LINE_START = set("，。、：；！？）」』】》…,.;:!?)")


def wrap(text: str, size: int, width: int, style: str = "regular") -> list[str]:
    """Break text into lines of at most ``width`` px: words for Latin text, characters for CJK."""
    f = fonts.font_for(text, max(6, int(size)), style)
    out: list[str] = []
    for para in text.split("\n"):
        line = ""
        for tok in _TOKEN.findall(para):
            cand = line + tok
            if f.size(cand.rstrip())[0] <= width or not line.strip():
                line = cand
                continue
            if tok in _NO_LINE_START:
                # punctuation never starts a line: the character before it goes down with it
                body = line.rstrip()
                if len(body) > 1 and not body[-1].isascii():
                    out.append(body[:-1].rstrip())
                    line = body[-1] + tok
                else:
                    line = cand
                continue
            out.append(line.rstrip())
            line = tok.lstrip()
        out.append(line.rstrip())
    return out


def draw_wrapped(dest, text, rect: pygame.Rect, size: int, color=CREAM, style="regular", line_gap=1.35) -> int:
    """Draw wrapped text inside rect (top-aligned); returns the height used."""
    y = rect.top
    step = round(size * line_gap)
    for line in wrap(text, size, rect.width, style):
        if line:
            draw_text(dest, line, (rect.left, y), size, color, style)
        y += step
    return y - rect.top


# ---------------------------------------------------------------- shapes

@lru_cache(maxsize=256)
def _panel_surface(size, color, alpha, radius, border, border_color, glow) -> pygame.Surface:
    w, h = size
    S_ = 2
    big = pygame.Surface((w * S_, h * S_), pygame.SRCALPHA)
    if glow:
        pass
    pygame.draw.rect(big, (*color, alpha), big.get_rect(), border_radius=radius * S_)
    # a faint light along the top edge
    lip = pygame.Rect(radius * S_, border * S_ + S_, max(1, w * S_ - 2 * radius * S_), max(1, S_))
    pygame.draw.rect(big, (255, 255, 255, 40), lip)
    if border:
        pygame.draw.rect(big, (*border_color, 255), big.get_rect(), border * S_, border_radius=radius * S_)
        inner = big.get_rect().inflate(-border * S_ * 3, -border * S_ * 3)
        pygame.draw.rect(big, (*border_color, 70), inner, max(1, S_ * border // 2),
                         border_radius=max(0, radius * S_ - border * S_))
    return pygame.transform.smoothscale(big, (w, h))


def panel(dest: pygame.Surface, rect: pygame.Rect, color=PANEL, alpha: int = 215, radius: int = 12,
          border: int = 2, border_color=PANEL_EDGE, shadow: bool = True) -> None:
    """A rounded translucent panel with a thin gold rim and a soft drop shadow."""
    rect = pygame.Rect(rect)
    if rect.w < 4 or rect.h < 4:
        return
    drawlog.panel(dest, rect, border=border)
    if shadow:
        sh = _shadow_surface(rect.size, radius)
        dest.blit(sh, (rect.x - sh.get_width() // 2 + rect.w // 2 + 2, rect.y - sh.get_height() // 2 + rect.h // 2 + 4))
    dest.blit(_panel_surface(rect.size, tuple(color), alpha, radius, border, tuple(border_color), False), rect)


@lru_cache(maxsize=128)
def _shadow_surface(size, radius) -> pygame.Surface:
    w, h = size
    pad = max(6, min(w, h) // 12)
    s = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    pygame.draw.rect(s, (0, 0, 0, 110), (pad, pad, w, h), border_radius=radius)
    return pygame.transform.gaussian_blur(s, max(2, pad // 2))


@lru_cache(maxsize=256)
def _gradient_rounded(size, top, bottom, radius, border, border_color) -> pygame.Surface:
    w, h = size
    S_ = 2
    W, H = w * S_, h * S_
    g = pygame.Surface((1, 2), pygame.SRCALPHA)
    g.set_at((0, 0), top)
    g.set_at((0, 1), bottom)
    grad = pygame.transform.smoothscale(g, (W, H))
    mask = pygame.Surface((W, H), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, W, H), border_radius=radius * S_)
    grad.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    # a soft gloss fading out toward the middle
    g2 = pygame.Surface((1, 2), pygame.SRCALPHA)
    g2.set_at((0, 0), (255, 255, 255, 50))
    g2.set_at((0, 1), (255, 255, 255, 0))
    hi = pygame.transform.smoothscale(g2, (max(1, W - 2 * border * S_ - 4), max(1, H // 2)))
    m = pygame.Surface(hi.get_size(), pygame.SRCALPHA)
    m.fill((255, 255, 255, 0))
    pygame.draw.rect(m, (255, 255, 255, 255), m.get_rect(), border_radius=max(1, radius * S_ - 2))
    hi.blit(m, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    grad.blit(hi, (border * S_ + 2, border * S_ + 2))
    if border:
        pygame.draw.rect(grad, (*border_color, 255), (0, 0, W, H), border * S_, border_radius=radius * S_)
    return pygame.transform.smoothscale(grad, (w, h))


def lighter(color: tuple[int, int, int], d: int) -> tuple[int, int, int]:
    """``color`` with ``d`` more in each channel (255 at most): a control under the mouse or the focus."""
    r, g, b = color
    return (min(255, r + d), min(255, g + d), min(255, b + d))


def gradient_box(dest, rect, top, bottom, radius=10, border=2, border_color=(0, 0, 0)) -> None:
    rect = pygame.Rect(rect)
    if rect.w < 2 or rect.h < 2:
        return
    dest.blit(_gradient_rounded(rect.size, tuple(top), tuple(bottom), radius, border, tuple(border_color)), rect)


def dim_screen(dest: pygame.Surface, alpha: int = 140) -> None:
    veil = _veil(dest.get_size(), alpha)
    dest.blit(veil, (0, 0))
    drawlog.veil(dest)


@lru_cache(maxsize=8)
def _veil(size, alpha):
    v = pygame.Surface(size, pygame.SRCALPHA)
    v.fill((0, 8, 4, alpha))
    return v


@lru_cache(maxsize=32)
def button_glow(size) -> pygame.Surface:
    """The soft light behind a button under the pointer (or focused)."""
    return pygame.transform.smoothscale(glow_circle(max(4, size[1] // 4), (255, 230, 150)), size)


@lru_cache(maxsize=64)
def glow_circle(radius: int, color) -> pygame.Surface:
    s = pygame.Surface((radius * 4, radius * 4), pygame.SRCALPHA)
    pygame.draw.circle(s, (*color, 200), (radius * 2, radius * 2), radius)
    return pygame.transform.gaussian_blur(s, max(1, radius // 2))


def keycap(dest, label: str, center, size: int) -> pygame.Rect:
    """A small keyboard-key badge (e.g. the number that triggers a button)."""
    t = text_surface(label, size, (40, 40, 40), "bold")
    r = pygame.Rect(0, 0, max(t.get_width() + size // 2, round(size * 1.25)), round(size * 1.25))
    r.center = center
    pygame.draw.rect(dest, (250, 246, 236), r, border_radius=max(2, size // 4))
    pygame.draw.rect(dest, (90, 90, 90), r, 1, border_radius=max(2, size // 4))
    dest.blit(t, t.get_rect(center=r.center))
    drawlog.badge(dest, r, label)
    drawlog.text(dest, label, t.get_rect(center=r.center), t, size, "bold")
    return r


# ---------------------------------------------------------------- widgets

def _logged_draw(draw: Callable) -> Callable:
    """A widget's ``draw`` that tells the draw log which control the text and tiles it draws belong to."""

    def logged(self, dest, *args, **kw):
        log = drawlog.active
        if log is None or (log.controls and log.items[log.controls[-1]].extra.get("widget") == id(self)):
            return draw(self, dest, *args, **kw)
        name = getattr(self, "name", "") or label_text(getattr(self, "label", ""))
        index = drawlog.control(dest, self.rect, name, type(self).__name__)
        if index is not None:
            log.items[index].extra["widget"] = id(self)
        try:
            return draw(self, dest, *args, **kw)
        finally:
            drawlog.end_control(index)

    logged.__doc__ = draw.__doc__
    logged.__name__ = draw.__name__
    return logged


def _draw_nothing(self: Widget, dest: pygame.Surface, focused: bool = False) -> None:
    """The base widget draws nothing."""


class Widget:
    rect: pygame.Rect
    focusable = True
    enabled = True
    # draw(dest, focused=False): a callable attribute, as each subclass's own is replaced by
    # its draw-logged wrapper when the class is made
    draw: Callable[..., None] = _draw_nothing

    def __init_subclass__(cls, **kw) -> None:
        super().__init_subclass__(**kw)
        if "draw" in cls.__dict__:
            cls.draw = _logged_draw(cls.__dict__["draw"])

    def handle(self, ev) -> bool:
        return False

    def activate(self) -> None:
        pass


class Button(Widget):
    def __init__(self, rect, label, on_click: Callable | None = None, style: str = "green", hotkey: str | None = None,
                 size: int | None = None, enabled: bool = True, glyph: bool = False, sub: str | Callable | None = None,
                 name: str = ""):
        self.rect = pygame.Rect(rect)
        self.label = label
        self.on_click = on_click
        self.style = style
        self.hotkey = hotkey
        self.size = size
        self.enabled = enabled
        self.glyph = glyph  # a single big character (claim buttons)
        self.sub = sub
        self.name = name or (label if isinstance(label, str) else "")
        self.hover = False
        self.pressed = False

    def handle(self, ev) -> bool:
        if not self.enabled:
            return False
        if ev.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(ev.pos)
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self.rect.collidepoint(ev.pos):
            self.pressed = True
            return True
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            was = self.pressed
            self.pressed = False
            if self.rect.collidepoint(ev.pos) and was:
                self.activate()
                return True
        return False

    def activate(self) -> None:
        if self.enabled and self.on_click:
            self.on_click()

    def draw(self, dest, focused: bool = False) -> None:
        top, bottom, edge, txt = BUTTON_STYLES[self.style if self.enabled else "grey"]
        r = self.rect.copy()
        if self.pressed:
            r.move_ip(0, 2)
        elif self.hover or focused:
            top = lighter(top, 22)
            bottom = lighter(bottom, 18)
        radius = min(r.h // 2, max(6, r.h // 4)) if not self.glyph else r.h // 2
        if focused or self.hover:
            g = button_glow((r.w + r.h, r.h * 2))
            dest.blit(g, (r.centerx - (r.w + r.h) // 2, r.centery - r.h))
        # drop shadow
        sh = r.move(0, max(2, r.h // 14))
        gradient_box(dest, sh, (0, 0, 0, 120), (0, 0, 0, 120), radius, 0)
        gradient_box(dest, r, top, bottom, radius, max(1, r.h // 26), edge)
        label = label_text(self.label)
        size = self.size or max(12, round(r.h * (0.62 if self.glyph else 0.42)))
        style = "serif" if self.glyph else "bold"
        cy = r.centery - (round(r.h * 0.11) if self.sub else 0)
        draw_text(dest, label, (r.centerx, cy), size, txt, style, anchor="center",
                  shadow=self.style not in ("gold", "ghost"), max_width=r.w - 8)
        if self.sub:
            draw_text(dest, label_text(self.sub), (r.centerx, r.bottom - max(3, r.h // 10)), max(10, round(r.h * 0.2)),
                      txt, "regular", anchor="midbottom", max_width=r.w - 6)
        if self.hotkey:
            size = max(math.ceil(12 * ui_scale() - 0.01), r.h // 6)  # readable at any button size
            keycap(dest, self.hotkey, (r.right - max(6, r.h // 7), r.top + max(6, r.h // 7)), size)


def corner_back(size: tuple[int, int], s: float, on_back: Callable, bottom: int = 30) -> Button:
    """A list screen's Back button, at its bottom left (``bottom``: its margin at scale 1)."""
    bw, bh = round(200 * s), round(50 * s)
    return Button((round(40 * s), size[1] - round(bottom * s) - bh, bw, bh), tr_label("common.back"), on_back, "dark",
                  name="back", size=round(18 * s))


def ui_scale() -> float:
    """The window's scale against 1280x720 (1 when there is no window yet)."""
    surf = pygame.display.get_surface() if pygame.display.get_init() else None
    if surf is None:
        return 1.0
    w, h = surf.get_size()
    return min(w / 1280, h / 720)


def help_size(scale: float) -> int:
    """The size of the small explanatory line under an option: 13 px at 1280x720."""
    return max(9, round(13 * scale))


def help_lines(text: str, width: int, scale: float) -> list[str]:
    """An option's explanation wrapped to ``width`` at ``help_size``."""
    return [ln for ln in wrap(text, help_size(scale), max(20, width)) if ln] if text else []


def option_height(bar: int, help_text: str, width: int, scale: float, tuck: bool = True) -> int:
    """A checkbox's or choice's height: its bar, then its explanation wrapped below the label (``tuck``: starting
    inside the bar's lower part, beside a checkbox; a choice's selector fills that part, so its help starts under
    the bar)."""
    n = len(help_lines(help_text, width, scale))
    if not n:
        return bar
    lines = round(n * help_size(scale) * 1.3) + round(6 * scale)
    return max(bar, round(bar * 0.74) + lines) if tuck else bar + lines


class Checkbox(Widget):
    """A box to tick, its label, and (optionally) an explanation wrapped under the label.

    ``bar`` is the height of the box's line; with help the rect is taller (``option_height``).
    """

    def __init__(self, rect, label, value: bool, on_change: Callable[[bool], None], enabled: bool = True,
                 help: str | Callable | None = None, bar: int | None = None):
        self.rect = pygame.Rect(rect)
        self.label = label
        self.value = value
        self.on_change = on_change
        self.enabled = enabled
        self.help = help
        self.bar = bar or self.rect.h
        self.hover = False

    def help_width(self) -> int:
        bs = round(self.bar * 0.6)
        return self.rect.w - bs - bs // 2

    def handle(self, ev) -> bool:
        if ev.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(ev.pos)
        if not self.enabled:
            return False
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1 and self.rect.collidepoint(ev.pos):
            self.activate()
            return True
        return False

    def activate(self) -> None:
        if self.enabled:
            self.value = not self.value
            self.on_change(self.value)

    def draw(self, dest, focused=False) -> None:
        r = self.rect
        bar = pygame.Rect(r.x, r.y, r.w, min(self.bar, r.h))
        bs = round(bar.h * 0.6)
        box = pygame.Rect(r.x, bar.centery - bs // 2, bs, bs)
        col = (60, 74, 68) if not self.enabled else ((255, 220, 130) if (self.hover or focused) else PANEL_EDGE)
        pygame.draw.rect(dest, (250, 248, 240) if self.enabled else (150, 150, 150), box, border_radius=max(3, bs // 5))
        pygame.draw.rect(dest, col, box, max(2, bs // 10), border_radius=max(3, bs // 5))
        if self.value:
            pts = [(box.x + bs * 0.2, box.y + bs * 0.52), (box.x + bs * 0.42, box.y + bs * 0.75),
                   (box.x + bs * 0.82, box.y + bs * 0.25)]
            pygame.draw.lines(dest, (30, 140, 70) if self.enabled else (90, 90, 90), False, pts, max(2, bs // 6))
        tc = CREAM if self.enabled else MUTED
        tx = box.right + bs // 2
        draw_text(dest, label_text(self.label), (tx, bar.centery), round(bar.h * 0.38), tc, "bold", anchor="midleft",
                  max_width=r.right - tx)
        if self.help:
            _draw_help(dest, label_text(self.help), tx, bar.bottom, r.right - tx, bar.h)
        if focused:
            pygame.draw.rect(dest, GOLD, r.inflate(8, 4), 1, border_radius=6)


def _draw_help(dest, text: str, x: int, y: int, width: int, bar_h: int, tuck: bool = True) -> None:
    """An option's explanation, wrapped under its bar (sized like ``help_size`` at the bar's scale)."""
    scale = bar_h / 46
    size = help_size(scale)
    if tuck:
        y -= bar_h - round(bar_h * 0.74)  # just under the label, which is centred in the bar
    for line in help_lines(text, width, scale):
        draw_text(dest, line, (x, y), size, MUTED)
        y += round(size * 1.3)


class Choice(Widget):
    """◀ value ▶ selector; ``labels[i]`` for ``values[i]``; with help the explanation is wrapped under the bar."""

    wheel = True  # the mouse wheel over it steps the value (off in a list that the wheel scrolls)

    def __init__(self, rect, label, values: list, labels: list, value, on_change, enabled=True,
                 help: str | Callable | None = None, label_w: float = 0.46, bar: int | None = None,
                 ordered: bool = False):
        self.rect = pygame.Rect(rect)
        self.ordered = ordered  # values in order (counts, sizes): ◀ stops at the first, ▶ at the last
        self.bar = bar or self.rect.h
        self.label = label
        self.values = list(values)
        self.labels = labels
        self.index = self.values.index(value) if value in self.values else 0
        self.on_change = on_change
        self.enabled = enabled and len(self.values) > 1
        self.help = help
        self.label_w = label_w
        self.hover = False

    @property
    def value(self):
        return self.values[self.index]

    def _arrows(self):
        r = self.rect
        x0 = r.x + round(r.w * self.label_w)
        a = min(self.bar, r.h)
        return pygame.Rect(x0, r.y, a, a), pygame.Rect(r.right - a, r.y, a, a)

    def step(self, d: int) -> None:
        if not self.enabled:
            return
        if self.ordered:
            i = max(0, min(len(self.values) - 1, self.index + d))
            if i == self.index:
                return
            self.index = i
        else:
            self.index = (self.index + d) % len(self.values)
        self.on_change(self.value)

    def can_step(self, d: int) -> bool:
        """Whether ◀ (d=-1) or ▶ (d=1) changes the value (an ordered choice stops at its ends)."""
        if not self.enabled:
            return False
        return not self.ordered or 0 <= self.index + d < len(self.values)

    def handle(self, ev) -> bool:
        if ev.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(ev.pos)
        if not self.enabled:
            return False
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1 and self.rect.collidepoint(ev.pos):
            left = self._arrows()[0]
            if left.collidepoint(ev.pos):
                self.step(-1)
            else:
                self.step(1)
            return True
        if ev.type == pygame.MOUSEWHEEL and self.hover and self.wheel:
            self.step(-1 if ev.y > 0 else 1)
            return True
        return False

    def activate(self) -> None:
        self.step(1)

    def draw(self, dest, focused=False) -> None:
        r = self.rect
        bar = pygame.Rect(r.x, r.y, r.w, min(self.bar, r.h))
        tc = CREAM if self.enabled or len(self.values) <= 1 else MUTED
        draw_text(dest, label_text(self.label), (r.x, bar.centery), round(bar.h * 0.38), tc, "bold", anchor="midleft",
                  max_width=round(r.w * self.label_w) - 6)
        if self.help:
            _draw_help(dest, label_text(self.help), r.x, bar.bottom, r.w, bar.h, tuck=False)  # the selector is beside
        left, right = self._arrows()
        body = pygame.Rect(left.x, r.y + 2, right.right - left.x, bar.h - 4)
        pygame.draw.rect(dest, (8, 24, 18), body, border_radius=body.h // 2)
        pygame.draw.rect(dest, GOLD if (focused or self.hover) and self.enabled else (90, 120, 100), body, 1,
                         border_radius=body.h // 2)
        val = label_text(self.labels[self.index])
        draw_text(dest, val, body.center, round(bar.h * 0.4), GOLD if self.enabled else MUTED, "bold", anchor="center",
                  max_width=body.w - 2 * bar.h)
        if self.enabled:
            for rr, d in ((left, -1), (right, 1)):
                cx, cy = rr.center
                k = rr.h * 0.18
                pts = [(cx + d * k, cy), (cx - d * k * 0.7, cy - k), (cx - d * k * 0.7, cy + k)]
                pygame.draw.polygon(dest, CREAM if self.can_step(d) else (70, 96, 82), pts)


class Slider(Widget):
    def __init__(self, rect, label, value: float, on_change, enabled=True, label_w: float = 0.46):
        self.rect = pygame.Rect(rect)
        self.label = label
        self.value = value
        self.on_change = on_change
        self.enabled = enabled
        self.drag = False
        self.label_w = label_w

    def _pct_size(self) -> int:
        return round(self.rect.h * 0.34)

    def _track(self):
        r = self.rect
        x0 = r.x + round(r.w * self.label_w) + r.h // 2
        pct_w = text_width("100%", self._pct_size()) + r.h // 4  # the value reads at the right of the track
        return pygame.Rect(x0, r.centery - 3, r.right - r.h // 2 - pct_w - x0, 6)

    def _set_from(self, x):
        t = self._track()
        self.value = max(0.0, min(1.0, (x - t.x) / max(1, t.w)))
        self.on_change(self.value)

    def handle(self, ev) -> bool:
        if not self.enabled:
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self.rect.collidepoint(ev.pos):
            self.drag = True
            self._set_from(ev.pos[0])
            return True
        if ev.type == pygame.MOUSEMOTION and self.drag:
            self._set_from(ev.pos[0])
            return True
        if ev.type == pygame.MOUSEBUTTONUP and self.drag:
            self.drag = False
            return True
        return False

    def step(self, d: int) -> None:
        self.value = max(0.0, min(1.0, round(self.value * 10 + d) / 10))
        self.on_change(self.value)

    def draw(self, dest, focused=False) -> None:
        r = self.rect
        draw_text(dest, label_text(self.label), (r.x, r.centery), round(r.h * 0.38), CREAM if self.enabled else MUTED,
                  "bold", anchor="midleft", max_width=round(r.w * self.label_w) - 6)
        t = self._track()
        pygame.draw.rect(dest, (8, 24, 18), t.inflate(0, 4), border_radius=5)
        fill = t.copy()
        fill.w = round(t.w * self.value)
        pygame.draw.rect(dest, GOLD if self.enabled else MUTED, fill.inflate(0, 4), border_radius=5)
        kx = t.x + fill.w
        pygame.draw.circle(dest, (250, 246, 236), (kx, t.centery), r.h * 0.32)
        pygame.draw.circle(dest, GOLD_DARK if not focused else GOLD, (kx, t.centery), r.h * 0.32, 2)
        draw_text(dest, f"{round(self.value * 100)}%", (r.right, r.centery), self._pct_size(), MUTED, anchor="midright")


class TextInput(Widget):
    """A line to type in: a cursor (←/→, Home/End, a click), a selection (Shift+arrows, Ctrl+A, a drag is not
    needed), Backspace/Delete, typing or ``insert`` (a paste) replacing the selection."""

    def __init__(self, rect, label, value: str, on_change, placeholder: str | Callable = "", max_len: int = 24,
                 allowed: str | None = None, label_w: float = 0.46):
        self.rect = pygame.Rect(rect)
        self.label = label
        self.value = value
        self.on_change = on_change
        self.placeholder = placeholder
        self.max_len = max_len
        self.allowed = allowed
        self.active = False
        self.submitted = False  # typing was just ended with Enter (the focus ring must not start it again)
        self.label_w = label_w
        self.cursor = len(value)
        self.anchor: int | None = None  # the selection's other end (None: no selection)

    def _box(self):
        r = self.rect
        x0 = r.x + round(r.w * self.label_w) if self.label else r.x
        return pygame.Rect(x0, r.y + 2, r.right - x0, r.h - 4)

    # ------------------------------------------------------------------ editing
    def selection(self) -> tuple[int, int] | None:
        """(start, end) of the selected text, or None."""
        self.cursor = max(0, min(len(self.value), self.cursor))
        if self.anchor is None or self.anchor == self.cursor:
            return None
        a = max(0, min(len(self.value), self.anchor))
        return (min(a, self.cursor), max(a, self.cursor))

    def insert(self, text: str) -> None:
        """Put ``text`` at the cursor (over the selection), as far as the length and the allowed characters go."""
        add = "".join(c for c in text if (self.allowed is None or c in self.allowed) and c.isprintable())
        sel = self.selection()
        a, b = sel if sel else (self.cursor, self.cursor)
        room = self.max_len - (len(self.value) - (b - a))
        add = add[:max(0, room)]
        self.value = self.value[:a] + add + self.value[b:]
        self.cursor, self.anchor = a + len(add), None
        self.on_change(self.value)

    def _delete(self, forward: bool) -> None:
        sel = self.selection()
        if sel is None:
            a = self.cursor if forward else self.cursor - 1
            if not 0 <= a < len(self.value):
                return
            sel = (a, a + 1)
        self.value = self.value[:sel[0]] + self.value[sel[1]:]
        self.cursor, self.anchor = sel[0], None
        self.on_change(self.value)

    def _move(self, to: int, select: bool) -> None:
        if select:
            if self.anchor is None:
                self.anchor = self.cursor
        else:
            sel = self.selection()
            if sel is not None and to in (self.cursor - 1, self.cursor + 1):
                to = sel[0] if to < self.cursor else sel[1]  # ←/→ on a selection goes to its edge
            self.anchor = None
        self.cursor = max(0, min(len(self.value), to))

    def _index_at(self, x: int) -> int:
        """The character gap nearest to ``x`` on the drawn text (which may be squeezed to fit the box)."""
        b = self._box()
        size = round(self.rect.h * 0.4)
        full = text_width(self.value, size) or 1
        shown = min(full, b.w - 16)
        best, best_d = 0, abs(x - (b.x + 8))
        for i in range(1, len(self.value) + 1):
            px = b.x + 8 + text_width(self.value[:i], size) * shown / full
            if abs(x - px) < best_d:
                best, best_d = i, abs(x - px)
        return best

    def handle(self, ev) -> bool:
        """Typing while active. A click elsewhere or Enter ends typing *and* still does what it does: the click
        presses the button under it, Enter submits the form (the scene's Enter); Esc only ends typing."""
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            inside = self._box().collidepoint(ev.pos)
            if inside:
                self.cursor, self.anchor = self._index_at(ev.pos[0]), None
            self.active = inside
            return self.active
        if self.active and ev.type == pygame.KEYDOWN:
            shift = bool(ev.mod & pygame.KMOD_SHIFT)
            ctrl = bool(ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
            k = ev.key
            if k == pygame.K_BACKSPACE:
                self._delete(forward=False)
            elif k == pygame.K_DELETE:
                self._delete(forward=True)
            elif k == pygame.K_LEFT:
                self._move(self.cursor - 1, shift)
            elif k == pygame.K_RIGHT:
                self._move(self.cursor + 1, shift)
            elif k == pygame.K_HOME:
                self._move(0, shift)
            elif k == pygame.K_END:
                self._move(len(self.value), shift)
            elif k == pygame.K_a and ctrl:
                self.anchor, self.cursor = 0, len(self.value)
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                self.active = False
                self.anchor = None
                self.submitted = k in (pygame.K_RETURN, pygame.K_KP_ENTER)
                return k == pygame.K_ESCAPE
            return True  # text arrives as TEXTINPUT
        if self.active and ev.type == pygame.TEXTINPUT:
            self.insert(ev.text)
            return True
        return False

    def activate(self) -> None:
        self.active = True
        self.cursor, self.anchor = len(self.value), None

    def draw(self, dest, focused=False) -> None:
        r = self.rect
        if self.label:
            draw_text(dest, label_text(self.label), (r.x, r.centery), round(r.h * 0.38), CREAM, "bold",
                      anchor="midleft", max_width=round(r.w * self.label_w) - 6)
        b = self._box()
        pygame.draw.rect(dest, (250, 248, 240), b, border_radius=6)
        pygame.draw.rect(dest, GOLD if (self.active or focused) else (120, 140, 130), b, 2, border_radius=6)
        size = round(r.h * 0.4)
        if not self.value:
            draw_text(dest, label_text(self.placeholder), (b.x + 8, b.centery), size, (150, 150, 150), anchor="midleft",
                      max_width=b.w - 16)
        full = text_width(self.value, size) or 1
        ratio = min(full, b.w - 16) / full

        def at(i: int) -> int:
            return b.x + 8 + round(text_width(self.value[:i], size) * ratio)

        sel = self.selection() if self.active else None
        if sel is not None:
            pygame.draw.rect(dest, (180, 210, 250), (at(sel[0]), b.y + 5, max(2, at(sel[1]) - at(sel[0])), b.h - 10))
        if self.value:
            draw_text(dest, self.value, (b.x + 8, b.centery), size, INK, anchor="midleft", max_width=b.w - 16)
        if self.active and (pygame.time.get_ticks() // 500) % 2 == 0:
            x = at(self.cursor) + 1
            pygame.draw.line(dest, INK, (x, b.y + 6), (x, b.bottom - 6), 2)


class ScrollColumn:
    """Widgets stacked in a viewport; when they do not fit, the mouse wheel over it (and keyboard focus) scrolls them.

    Nothing is drawn or clicked outside the viewport; a bar at its right edge shows where the view is.
    """

    def __init__(self, viewport, widgets: list[Widget], gap: int, scale: float):
        self.viewport = pygame.Rect(viewport)
        self.widgets = list(widgets)
        self.gap = gap
        self.s = scale
        self.scroll = 0
        self.pointer: tuple[int, int] | None = None
        self.tops: list[int] = []
        y = 0
        for w in self.widgets:
            self.tops.append(y)
            y += w.rect.h + gap
            if isinstance(w, Choice):
                w.wheel = False  # the wheel scrolls the list, not the value under the pointer
        self.content_h = max(0, y - gap)
        self.place()

    @property
    def max_scroll(self) -> int:
        return max(0, self.content_h - self.viewport.h)

    def place(self) -> None:
        for w, top in zip(self.widgets, self.tops):
            w.rect.topleft = (self.viewport.x, self.viewport.y + top - self.scroll)

    def scroll_to(self, y: int) -> bool:
        y = max(0, min(self.max_scroll, int(y)))
        if y == self.scroll:
            return False
        self.scroll = y
        self.place()
        return True

    def ensure_visible(self, w: Widget | None) -> None:
        if w not in self.widgets:
            return
        top = self.tops[self.widgets.index(w)]
        if top < self.scroll:
            self.scroll_to(top)
        elif top + w.rect.h > self.scroll + self.viewport.h:
            self.scroll_to(top + w.rect.h - self.viewport.h)

    def handle(self, ev) -> bool:
        pos = getattr(ev, "pos", None)
        if ev.type == pygame.MOUSEMOTION:
            self.pointer = ev.pos
        if ev.type == pygame.MOUSEWHEEL:
            at = self.pointer or pygame.mouse.get_pos()
            if self.viewport.collidepoint(at) and self.max_scroll:
                return self.scroll_to(self.scroll - ev.y * round(48 * self.s)) or True
            return False
        if pos is not None and not self.viewport.collidepoint(pos):
            for w in self.widgets:
                if hasattr(w, "hover"):
                    w.hover = False
            if ev.type == pygame.MOUSEBUTTONDOWN:
                for w in self.widgets:
                    if isinstance(w, TextInput):
                        w.handle(ev)  # a click elsewhere ends typing
            return False
        return any(w.handle(ev) for w in self.widgets)

    def draw(self, dest, focused: Widget | None = None) -> None:
        with drawlog.scrolling(dest, self.viewport):
            for w in self.widgets:
                if w.rect.colliderect(self.viewport):
                    w.draw(dest, focused is w)
        if self.max_scroll:
            track = pygame.Rect(self.viewport.right + round(6 * self.s), self.viewport.y, max(3, round(5 * self.s)),
                                self.viewport.h)
            pygame.draw.rect(dest, (40, 70, 56), track, border_radius=track.w // 2)
            h = max(round(24 * self.s), track.h * self.viewport.h // max(1, self.content_h))
            y = track.y + (track.h - h) * self.scroll // self.max_scroll
            pygame.draw.rect(dest, (200, 170, 90), (track.x, y, track.w, h), border_radius=track.w // 2)


class FocusRing:
    """Keyboard focus over a list of widgets (Tab / arrows / Enter / Space / ←→ on choices)."""

    def __init__(self, widgets: Sequence[Widget] | None = None):
        self.widgets: Sequence[Widget] = widgets or []
        self.index = -1

    def set(self, widgets: Iterable[Widget], keep: bool = True) -> None:
        old = self.index
        self.widgets = [w for w in widgets if w.focusable]
        self.index = old if keep and 0 <= old < len(self.widgets) else -1

    @property
    def current(self) -> Widget | None:
        return self.widgets[self.index] if 0 <= self.index < len(self.widgets) else None

    def move(self, d: int) -> None:
        if not self.widgets:
            return
        n = len(self.widgets)
        i = self.index
        for _ in range(n):
            i = (i + d) % n if i >= 0 else (0 if d > 0 else n - 1)
            if self.widgets[i].enabled:
                break
        self.index = i

    def handle_key(self, ev) -> bool:
        if ev.type != pygame.KEYDOWN:
            return False
        cur = self.current
        if isinstance(cur, TextInput) and (cur.active or cur.submitted):
            cur.submitted = False
            return False
        if ev.key in (pygame.K_TAB, pygame.K_DOWN):
            self.move(-1 if (ev.key == pygame.K_TAB and ev.mod & pygame.KMOD_SHIFT) else 1)
            return True
        if ev.key == pygame.K_UP:
            self.move(-1)
            return True
        if cur is None:
            return False
        if ev.key in (pygame.K_LEFT, pygame.K_RIGHT) and isinstance(cur, (Choice, Slider)):
            cur.step(-1 if ev.key == pygame.K_LEFT else 1)
            return True
        if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            cur.activate()
            return True
        return False

    def draw_hint(self) -> None:
        pass


def pulse(t: float, period: float = 1.2) -> float:
    """0..1..0 over ``period`` seconds."""
    return 0.5 - 0.5 * math.cos(2 * math.pi * (t % period) / period)


def lang_label(zh: str, en: str) -> Callable[[], str]:
    return lambda: strings.pick(zh, en)


def tr_label(key: str, **kw) -> Callable[[], str]:
    return lambda: strings.tr(key, **kw)
