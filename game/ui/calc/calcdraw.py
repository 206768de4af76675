"""What the score calculator's screen draws beside its widgets: the hand and melds, the labels, the verdict.

Every function gets what it draws passed in (the model, the geometry, the widgets
with their focus); where the hand and meld tiles stand (``hand_slots``,
``meld_slots``) is worked out when the screen is laid out, and clicks meet them there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.rules import tiles
from game.ui.calc.calcmodel import Calc, formula, indicator_of, seat_label
from game.ui.calc.calcsettle import NEG, POS, WARN, chicken_line, hand_mark, sub_mark
from game.ui.kit import strings, tileart, widgets
from game.ui.kit.names import variant_name
from game.ui.table.tableview import background

Focused = Sequence[tuple[Any, bool]]  # widgets to draw, each with whether it has the keyboard focus
HandRects = list[tuple[pygame.Rect, int]]  # (tile body, index in the hand as shown)
MeldRects = list[tuple[pygame.Rect, int, int]]  # (tile body, meld, tile in the meld)
MeldMarks = list[tuple[pygame.Rect, int]]  # (the × that removes a meld, meld)


def field_problems(calc: Calc, *fields: str) -> list[str]:
    return [p.text() for p in calc.check() if p.field in fields]


def _draw(focusables: Focused, surf: pygame.Surface) -> None:
    for w, focused in focusables:
        w.draw(surf, focused)


# ====================================================================== geometry

def hand_slots(calc: Calc, hand: list[int], row: pygame.Rect, tw: int, s: float) -> HandRects:
    """Where each tile of the hand as shown stands (the winning tile set apart at the end)."""
    cw, _ch = tileart.tile_size(tw)
    x, y = row.topleft
    win_i = len(hand) - 1 if calc.win_tile is not None and calc.win_tile in calc.hand else None
    out = []
    for i in range(len(hand)):
        if i == win_i:
            x += round(cw * 0.45)
        out.append((pygame.Rect((x, y), tileart.tile_size(tw)), i))
        x += cw + max(1, round(2 * s))
    return out


def meld_slots(calc: Calc, row: pygame.Rect, tw: int, s: float) -> tuple[MeldRects, MeldMarks]:
    """Where each meld tile stands, and each meld's × (remove it)."""
    cw, ch = tileart.tile_size(tw)
    x, y = row.topleft
    meld_rects: MeldRects = []
    marks: MeldMarks = []
    for i, m in enumerate(calc.melds):
        for j in range(len(m.tiles)):
            meld_rects.append((pygame.Rect((x, y), tileart.tile_size(tw)), i, j))
            x += cw + 1
        xr = pygame.Rect(0, 0, round(20 * s), round(20 * s))
        xr.midleft = (x + round(4 * s), y + ch // 2)
        marks.append((xr, i))
        x = xr.right + round(16 * s)
    return meld_rects, marks


# ====================================================================== the left panel

def draw_frame(surf: pygame.Surface, L: Any, s: float, title_right: int) -> None:
    """The felt, the title (up to ``title_right``), the two panels."""
    surf.blit(background(surf.get_size()), (0, 0))
    widgets.draw_text(surf, strings.tr("calc.title"), (round(24 * s), round(12 * s)), round(34 * s), widgets.GOLD,
                      "serif", shadow=True, max_width=title_right - round(36 * s))
    widgets.panel(surf, L.left, (10, 28, 22), 215, round(14 * s), 2)
    widgets.panel(surf, L.right, (10, 28, 22), 215, round(14 * s), 2)


def draw_hand(surf: pygame.Surface, calc: Calc, hand: list[int], sel: int | None, rects: HandRects, L: Any, s: float,
              tools: Focused) -> None:
    """The hand's row: its count (red with a problem), its tools, its tiles (the winning one set apart)."""
    c = calc
    probs = field_problems(c, "hand", "win_tile")
    head = f"{strings.tr('calc.hand')}  {strings.tr('calc.hand_n', k=len(c.hand), n=c.hand_size())}"
    widgets.draw_text(surf, head, (L.hand_row.x, L.left.y + round(8 * s)), round(15 * s),
                      WARN if probs and c.hand else widgets.GOLD, "bold", max_width=L.hand_tools.x - L.hand_row.x - 8)
    _draw(tools, surf)
    tw = L.hand_tw
    cw, ch = tileart.tile_size(tw)
    x, y = L.hand_row.topleft
    if not hand:
        widgets.draw_text(surf, strings.tr("calc.palette", target=strings.tr("calc.target.hand")),
                          (x, y + ch // 2), round(15 * s), widgets.MUTED, anchor="midleft")
    win_i = len(hand) - 1 if c.win_tile is not None and c.win_tile in c.hand else None
    for (r, i), t in zip(rects, hand):
        if i == win_i:
            g = widgets.glow_circle(round(cw * 0.62), (255, 210, 90))
            surf.blit(g, g.get_rect(center=(r.x + cw // 2, r.y + ch // 2)))
        marks = [m for m in (hand_mark(c, t), "selected" if sel == i else None) if m]
        tileart.draw_tile(surf, t, r.topleft, tw, highlight=marks or None)
        if i == win_i:
            widgets.draw_text(surf, strings.tr("calc.win_tile"), (r.centerx, r.bottom + round(3 * s)), round(12 * s),
                              widgets.GOLD, "bold", anchor="midtop")
    # a problem with the hand is told beside the tiles to tap and in the panel on the right: a line here would
    # run into the melds' heading


def draw_melds(surf: pygame.Surface, calc: Calc, meld_rects: MeldRects, marks: MeldMarks, L: Any, s: float) -> None:
    """The melds' row: each meld's tiles (a substitute marked), its kind under it, its × beside it."""
    c = calc
    ly = L.melds_row.y - round(24 * s)
    lr = widgets.draw_text(surf, strings.tr("calc.melds"), (L.melds_row.x, ly), round(15 * s), widgets.GOLD, "bold")
    if c.substitutes() and c.melds:
        widgets.draw_text(surf, strings.tr("calc.subs_hint"), (lr.right + round(14 * s), ly + round(2 * s)),
                          round(13 * s), widgets.MUTED)
    tw = round(L.hand_tw * 0.78)
    cw, ch = tileart.tile_size(tw)
    x, y = L.melds_row.topleft
    if not c.melds:
        widgets.draw_text(surf, strings.tr("calc.melds_none"), (x, y + ch // 2), round(14 * s), widgets.MUTED,
                          anchor="midleft")
        return
    for i, m in enumerate(c.melds):
        faces = m.faces()
        mine = [r for r, mi, _j in meld_rects if mi == i]
        for j, (t, r) in enumerate(zip(m.tiles, mine)):
            tileart.draw_tile(surf, t, r.topleft, tw, highlight=sub_mark(c, t, faces[j]))
        x0, x1 = mine[0].x, mine[-1].x + cw + 1
        widgets.draw_text(surf, strings.tr(f"calc.meld.{m.kind}"), ((x0 + x1) // 2, y + ch + round(2 * s)),
                          round(12 * s), widgets.MUTED, "bold", anchor="midtop")
        xr = next(r for r, mi in marks if mi == i)
        pygame.draw.circle(surf, (120, 40, 30), xr.center, xr.w // 2)
        widgets.draw_text(surf, "×", xr.center, round(15 * s), widgets.CREAM, "bold", anchor="center")


def draw_palette_line(surf: pygame.Surface, target: str, message: str, warn: bool, L: Any, s: float) -> None:
    """Over the palette: where a tap goes, and the last tap's problem (or a note)."""
    py = L.palette.y - round(24 * s)
    lr = widgets.draw_text(surf, strings.tr("calc.palette", target=strings.tr("calc.target." + target)),
                           (L.palette.x, py), round(15 * s), widgets.GOLD, "bold")
    if message:
        widgets.draw_text(surf, message, (lr.right + round(16 * s), py), round(14 * s), WARN if warn else POS, "bold",
                          max_width=L.left.right - lr.right - round(30 * s))


def draw_keys_line(surf: pygame.Surface, L: Any, s: float, width: int) -> None:
    widgets.draw_text(surf, strings.tr("calc.keys"), (L.left.x, L.left.bottom + round(8 * s)), round(12 * s),
                      widgets.MUTED, max_width=width - L.left.x - round(20 * s))


# ====================================================================== the right panel

def draw_right(surf: pygame.Surface, calc: Calc, L: Any, s: float, choices: Focused, source: pygame.Rect,
               picks: Sequence[tuple[Any, str, int, bool]], extras: Focused, declared_label_y: int | None,
               flags_top: int, flags: Focused, result_top: int, settle: tuple[Any, bool]) -> None:
    """How the hand was won (``choices``; ``source``: the discarder's, framed red with a problem), the variant's
    own tiles (``picks``: button, key, y, focused), the flags, the verdict, the settlement's button."""
    c = calc
    rx = L.right.x + round(14 * s)
    rw = L.right.w - round(28 * s)
    widgets.draw_text(surf, strings.tr("calc.how"), (rx, L.right.y + round(10 * s)), round(17 * s), widgets.GOLD,
                      "bold")
    _draw(choices, surf)
    if field_problems(c, "source"):
        pygame.draw.rect(surf, WARN, source.inflate(6, 4), 2, border_radius=8)
    # the variant's own tile: 小鸡, 翻牌鸡 or the kong replacements
    tw = round(26 * s)
    cw, ch = tileart.tile_size(tw)
    for b, key, y, focused in picks:
        label = {"wildcard": "calc.wildcard", "chicken": "calc.chicken", "kong_draws": "calc.kong_draws"}[key]
        lr = widgets.draw_text(surf, strings.tr(label), (rx, y + L.row_h // 2), round(14 * s),
                               WARN if key == "wildcard" and field_problems(c, "wildcard") else widgets.CREAM, "bold",
                               anchor="midleft", max_width=round(rw * 0.45))
        tx = max(lr.right + round(10 * s), rx + round(rw * 0.36))
        ty = y + (L.row_h - ch) // 2
        shown: list[tuple[int, str | None]] = []
        if key == "wildcard" and c.wildcard is not None:
            shown = [(indicator_of(c.wildcard), None), (c.wildcard, "wild")]
        elif key == "chicken" and c.chicken is not None:
            shown = [(c.chicken, "chicken")]
        elif key == "kong_draws":
            shown = [(t, None) for t in c.kong_draws]
        if not shown:
            widgets.draw_text(surf, strings.tr("calc.chicken_none") if key == "chicken" else "-",
                              (tx, y + L.row_h // 2), round(14 * s), widgets.MUTED, anchor="midleft")
        for k, (t, hl) in enumerate(shown):
            tileart.draw_tile(surf, t, (tx, ty), tw, highlight=hl)
            tx += cw + round(4 * s)
            if key == "wildcard" and k == 0:
                widgets.draw_text(surf, "→", (tx + round(6 * s), y + L.row_h // 2), round(16 * s), widgets.GOLD, "bold",
                                  anchor="center")
                tx += round(16 * s)
        b.draw(surf, focused)
        if key == "wildcard" and c.wildcard is not None:
            ind = strings.tile_name(indicator_of(c.wildcard))
            line = strings.tr("calc.wildcard_white", ind=ind) if c.wildcard == tiles.WHITE else \
                strings.tr("calc.wildcard_line", ind=ind, tile=strings.tile_name(c.wildcard))
            widgets.draw_text(surf, line, (rx, y + L.row_h + round(2 * s)), round(12 * s), widgets.MUTED, max_width=rw)
    _draw(extras, surf)
    if declared_label_y is not None:
        widgets.draw_text(surf, strings.tr("calc.declared"), (rx, declared_label_y), round(14 * s), widgets.CREAM,
                          "bold", anchor="midleft", max_width=round(rw * 0.25))
    if flags:
        widgets.draw_text(surf, strings.tr("calc.flags"), (rx, flags_top + round(4 * s)), round(15 * s), widgets.GOLD,
                          "bold")
    _draw(flags, surf)
    btn, focused = settle
    draw_result(surf, c, pygame.Rect(rx, result_top, rw, btn.rect.y - result_top - round(6 * s)), s)
    btn.draw(surf, focused)


def draw_result(surf: pygame.Surface, calc: Calc, box: pygame.Rect, s: float) -> None:
    """The verdict in a few lines: what to fix, why it cannot win, or the points and who pays."""
    c = calc
    if box.h < round(30 * s):
        return
    pygame.draw.rect(surf, (6, 20, 14), box, border_radius=round(10 * s))
    out = c.outcome()
    x, y = box.x + round(10 * s), box.y + round(8 * s)
    w = box.w - round(20 * s)
    size = round(14 * s)
    step = round(19 * s)
    lines: list[tuple[str, tuple, str]] = []
    if out.problems:
        lines.append((strings.tr("calc.fix"), WARN, "bold"))
        lines += [("· " + p.text(), widgets.CREAM, "regular") for p in out.problems]
    elif not out.valid:
        lines.append((strings.tr("calc.invalid", why=out.reason()), WARN, "bold"))
    else:
        names = "  ".join(f"{strings.pick(p['name'], p['name_en'])} {p['value']}" for p in out.patterns)
        lines.append((names, widgets.GOLD, "bold"))
        lines.append((strings.tr("calc.formula", f=formula(c.variant_id, out)) + "   " +
                      strings.tr("calc.total", total=out.total), widgets.CREAM, "bold"))
        pays = " · ".join(strings.tr("calc.pays", who=seat_label(c, p), pts=v) for p, v in sorted(out.payments.items()))
        lines.append((pays, NEG, "regular"))
        lines.append((strings.tr("calc.gets", who=seat_label(c, c.seat), pts=sum(out.payments.values())), POS, "bold"))
        if c.family == "chicken":
            lines.append((chicken_line(c), (230, 210, 160), "regular"))
    for text, color, style in lines:
        for ln in widgets.wrap(text, size, w, style):
            if y + step > box.bottom:
                return
            widgets.draw_text(surf, ln, (x, y), size, color, style)
            y += step


# ====================================================================== the options overlay

def draw_options(surf: pygame.Surface, calc: Calc, controls: Sequence[Any], close: Any, focus: Any, s: float) -> None:
    """The variant's options over the dimmed screen (``focus``: the widget with the keyboard focus)."""
    widgets.dim_screen(surf, 170)
    ws = list(controls) + [close]
    top = ws[0].rect.y - round(70 * s)
    box = pygame.Rect(ws[0].rect.x - round(30 * s), top, ws[0].rect.w + round(60 * s),
                      close.rect.bottom + round(20 * s) - top)
    widgets.panel(surf, box)
    widgets.draw_text(surf, strings.tr("calc.options_title", variant=variant_name(calc.variant)),
                      (box.centerx, top + round(18 * s)), round(24 * s), widgets.GOLD, "serif", anchor="midtop")
    for w in ws:
        w.draw(surf, focus is w)
