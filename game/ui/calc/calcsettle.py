"""The score calculator's settlement screen (every counted item lighting up in turn, who pays) and the lines it
shares with the calculator's panels (``calcdraw``)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

import game.i18n as i18n
from game.rules import tiles
from game.ui.calc.calcmodel import Calc, Outcome, chickens_held, formula, seat_label
from game.ui.kit import strings, tileart, widgets
from game.ui.kit.rulesdoc import explain

POS = (120, 230, 140)
NEG = (255, 128, 110)
WARN = (255, 150, 120)
STEP = 0.55  # seconds between settlement items lighting up


def sub_mark(calc: Calc, tile: int, face: int) -> str | None:
    """The highlight of a meld tile standing for another (the 小鸡 or 白)."""
    if tile == face:
        return None
    return "wild" if tile == calc.wildcard else "standin"


def hand_mark(calc: Calc, tile: int) -> str | None:
    if calc.family == "wenshan" and tile == calc.wildcard:
        return "wild"
    if calc.family == "wenshan" and tile == tiles.WHITE and calc.wildcard != tiles.WHITE:
        return "standin"
    if calc.family == "chicken" and any(t == tile for _k, t, *_r in chickens_held(calc)):
        return "chicken"
    return None


def chicken_line(c: Calc) -> str:
    held = chickens_held(c)
    if not held:
        return strings.tr("calc.chickens") + "：" + strings.tr("calc.chickens_none") if strings.is_zh() else \
            strings.tr("calc.chickens") + ": " + strings.tr("calc.chickens_none")
    groups: dict[tuple[str, int], list] = {}
    for key, t, name, v in held:
        groups.setdefault((key, t), [i18n.render(name, strings.lang()), v, 0])[2] += 1
    parts = [strings.tr("calc.chicken_item", name=name, tile=strings.tile_name(t, short=True), k=k, v=v)
             for (_key, t), (name, v, k) in groups.items()]
    sep = "：" if strings.is_zh() else ": "
    return strings.tr("calc.chickens") + sep + "，".join(parts) if strings.is_zh() else \
        strings.tr("calc.chickens") + sep + ", ".join(parts)


def situation_line(c: Calc) -> str:
    """What the hand was judged with: how it was won, the flags, the 小鸡, every option (for a disputed hand)."""
    parts = [strings.tr(f"calc.how.{c.how}")]
    parts += [strings.tr(f"calc.flag.{f}.chicken" if c.family == "chicken" and f == "after_kong" else f"calc.flag.{f}")
              for f in c.flag_keys() if f in c.flags]
    if c.family == "wenshan" and c.wildcard is not None:
        parts.append(f"{strings.tr('calc.wildcard')} {strings.tile_name(c.wildcard)}")
    if c.kong_draws:
        parts.append(strings.tr("calc.kong_draws") + " " + " ".join(strings.tile_name(t) for t in c.kong_draws))
    if c.variant_id == "zhuoji":
        parts.append(f"{strings.tr('calc.streak')} {c.dealer_streak}")
    for o in c.variant.schema:
        v = c.options.get(o.key, o.default)
        shown = (strings.tr("common.on") if v else strings.tr("common.off")) if o.is_bool else str(v)
        parts.append(f"{i18n.option_label(o, strings.lang())} {shown}")
    return strings.tr("calc.judged_with") + " · ".join(parts)


# ====================================================================== the settlement screen

class SettleView:
    """The calculator's settlement: the hand, every counted item lighting up in turn, the formula, who pays."""

    def __init__(self, app, calc: Calc, outcome: Outcome, on_close: Callable[[], None]):
        self.app = app
        self.calc = calc
        self.outcome = outcome
        self.on_close = on_close
        self.t = 0.0
        self.close_btn: widgets.Button | None = None

    @property
    def s(self) -> float:
        return self.app.scale

    def layout(self) -> None:
        s = self.s
        W_, H_ = self.app.size
        bw, bh = round(220 * s), round(48 * s)
        self.close_btn = widgets.Button((W_ - round(60 * s) - bw, H_ - round(44 * s) - bh, bw, bh),
                                        widgets.tr_label("calc.settle_close"), self.on_close, "gold",
                                        size=round(18 * s), hotkey="Esc", name="settle_close")

    def update(self, dt: float) -> None:
        self.t += dt

    def busy(self) -> bool:
        return self.t < STEP * (len(self.outcome.patterns) + 2)

    def lit(self) -> int:
        """How many items have lit up so far (all of them once the sequence is over)."""
        return min(len(self.outcome.patterns), int(self.t / STEP) + 1)

    def handle(self, ev) -> None:
        if self.close_btn is not None and self.close_btn.handle(ev):
            return
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER,
                                                     pygame.K_SPACE, pygame.K_s):
            self.on_close()

    def draw(self, surf: pygame.Surface) -> None:
        s = self.s
        W_, H_ = self.app.size
        c, out = self.calc, self.outcome
        widgets.dim_screen(surf, 175)
        box = pygame.Rect(round(30 * s), round(20 * s), W_ - round(60 * s), H_ - round(40 * s))
        widgets.panel(surf, box, (14, 30, 24), 240, round(18 * s), max(2, round(3 * s)), widgets.PANEL_EDGE)
        from game.ui.kit.names import variant_name

        widgets.draw_text(surf, strings.tr("calc.settle_title"), (box.x + round(24 * s), box.y + round(16 * s)),
                          round(17 * s), widgets.MUTED, "bold")
        widgets.draw_text(surf, variant_name(c.variant), (box.x + round(24 * s), box.y + round(40 * s)), round(14 * s),
                          widgets.MUTED)
        src = seat_label(c, c.source) if c.source is not None else "?"
        title = strings.tr(f"calc.settle_win.{c.how}", who=seat_label(c, c.seat), src=src)
        if out.problems:  # nothing to settle yet (an empty hand, no winning tile): no winner in the title
            title = strings.tr("calc.settle_blocked")
        widgets.draw_text(surf, title, (box.centerx, box.y + round(14 * s)), round(34 * s),
                          (255, 214, 100) if out.valid else (210, 220, 230), "serif", anchor="midtop", shadow=True,
                          max_width=box.w - round(420 * s))
        y = box.y + round(78 * s)
        y = self._draw_tiles(surf, box.x + round(30 * s), y, box.right - round(30 * s))
        left = box.x + round(30 * s)
        colw = round(box.w * 0.56)
        if out.problems or not out.valid:
            lines = [p.text() for p in out.problems] if out.problems else [out.reason()]
            head = strings.tr("calc.fix") if out.problems else strings.tr("calc.invalid", why="").rstrip("：: ")
            widgets.draw_text(surf, head, (left, y + round(10 * s)), round(26 * s), WARN, "bold")
            yy = y + round(52 * s)
            for text in lines:
                for ln in widgets.wrap(text, round(18 * s), box.w - round(60 * s)):
                    widgets.draw_text(surf, ln, (left, yy), round(18 * s), widgets.CREAM)
                    yy += round(28 * s)
        else:
            self._draw_items(surf, left, y + round(8 * s), colw)
            self._draw_payments(surf, left + colw + round(30 * s), y + round(8 * s),
                                box.right - round(30 * s) - (left + colw + round(30 * s)))
        cond = situation_line(c)
        for k, ln in enumerate(reversed(widgets.wrap(cond, round(14 * s), box.w - round(320 * s))[:4])):
            widgets.draw_text(surf, ln, (left, box.bottom - round(50 * s) - k * round(20 * s)), round(14 * s),
                              (200, 215, 205), anchor="bottomleft")
        note = strings.tr("calc.not_scored")
        widgets.draw_text(surf, note, (left, box.bottom - round(24 * s)), round(13 * s), widgets.MUTED,
                          anchor="bottomleft", max_width=box.w - round(320 * s))
        if self.close_btn is not None:
            self.close_btn.draw(surf)

    def _draw_tiles(self, surf: pygame.Surface, x: int, y: int, right: int) -> int:
        s = self.s
        c = self.calc
        tw = round(40 * s)
        cw, ch = tileart.tile_size(tw)
        for m in c.melds:
            faces = m.faces()
            for t, f in zip(m.tiles, faces):
                tileart.draw_tile(surf, t, (x, y), tw, highlight=sub_mark(c, t, f))
                x += cw + 1
            x += round(cw * 0.35)
        hand = sorted(c.hand)
        win = c.win_tile if c.win_tile in hand else None
        if win is not None:
            hand.remove(win)
        for t in hand:
            if x + cw > right:
                break
            tileart.draw_tile(surf, t, (x, y), tw, highlight=hand_mark(c, t))
            x += cw + 1
        if win is not None:
            x += round(cw * 0.45)
            g = widgets.glow_circle(round(cw * 0.62), (255, 210, 90))
            surf.blit(g, g.get_rect(center=(x + cw // 2, y + ch // 2)))
            tileart.draw_tile(surf, win, (x, y), tw, highlight="selected")
        return y + ch + round(14 * s)

    def _draw_items(self, surf: pygame.Surface, x: int, y: int, width: int) -> None:
        s = self.s
        out = self.outcome
        widgets.draw_text(surf, strings.tr("calc.settle_items"), (x, y), round(16 * s), widgets.GOLD, "bold")
        y += round(30 * s)
        lit = self.lit()
        size = round(19 * s)
        for i, p in enumerate(out.patterns):
            on = i < lit
            now = i == lit - 1 and self.busy()
            name = f"{strings.pick(p['name'], p['name_en'])}  {p['value']}"
            pw = widgets.text_width(name, size, "bold") + round(22 * s)
            pill = pygame.Rect(x, y, pw, size + round(14 * s))
            col = (150, 110, 20) if now else ((30, 90, 50) if on else (40, 50, 48))
            if now:
                g = widgets.glow_circle(round(pill.h * 0.9), (255, 210, 90))
                surf.blit(pygame.transform.smoothscale(g, (pill.w + pill.h, pill.h * 2)),
                          (pill.x - pill.h // 2, pill.y - pill.h // 2))
            pygame.draw.rect(surf, col, pill, border_radius=round(10 * s))
            widgets.draw_text(surf, name, (pill.x + round(11 * s), pill.centery), size,
                              (255, 250, 235) if on else widgets.MUTED, "bold", anchor="midleft")
            gloss = explain(p["key"], self.calc.variant_id)
            if gloss and on:
                lines = widgets.wrap(gloss, round(14 * s), width - pw - round(16 * s))
                yy = pill.y + round(2 * s)
                for ln in lines[:2]:
                    widgets.draw_text(surf, ln, (pill.right + round(12 * s), yy), round(14 * s), (230, 210, 160))
                    yy += round(18 * s)
            y += pill.h + round(10 * s)
        if lit >= len(out.patterns):
            y += round(6 * s)
            widgets.draw_text(surf, strings.tr("calc.formula", f=formula(self.calc.variant_id, out)), (x, y),
                              round(24 * s), widgets.GOLD, "bold")
            y += round(36 * s)
            widgets.draw_text(surf, strings.tr("calc.total", total=out.total), (x, y), round(18 * s), widgets.CREAM,
                              "bold")
            if self.calc.family == "chicken":
                y += round(34 * s)
                for ln in widgets.wrap(chicken_line(self.calc), round(14 * s), width)[:3]:
                    widgets.draw_text(surf, ln, (x, y), round(14 * s), (230, 210, 160))
                    y += round(20 * s)

    def _draw_payments(self, surf: pygame.Surface, x: int, y: int, width: int) -> None:
        s = self.s
        c, out = self.calc, self.outcome
        widgets.draw_text(surf, strings.tr("calc.result"), (x, y), round(16 * s), widgets.GOLD, "bold")
        y += round(30 * s)
        rh = round(50 * s)
        get = sum(out.payments.values())
        for seat in range(c.n):
            r = pygame.Rect(x, y, width, rh - round(8 * s))
            winner = seat == c.seat
            pygame.draw.rect(surf, (80, 64, 20) if winner else (20, 44, 34), r, border_radius=round(10 * s))
            widgets.draw_text(surf, seat_label(c, seat), (r.x + round(12 * s), r.centery), round(18 * s),
                              widgets.CREAM, "bold", anchor="midleft", max_width=round(width * 0.5))
            tag = ""
            if winner:
                tag = strings.tr("settle.zimo_tag") if c.how == "self_draw" else strings.tr("settle.winner_tag")
            elif seat == c.source:
                tag = strings.tr("settle.pao_tag") if c.how == "discard" else strings.tr("settle.robbed_tag")
            if tag:
                widgets.draw_text(surf, tag, (r.x + round(width * 0.52), r.centery), round(13 * s), widgets.GOLD,
                                  "bold", anchor="midleft")
            d = get if winner else -out.payments.get(seat, 0)
            widgets.draw_text(surf, f"{d:+d}" if d else "0", (r.right - round(14 * s), r.centery), round(26 * s),
                              POS if d > 0 else (NEG if d < 0 else widgets.MUTED), "bold", anchor="midright")
            y += rh
