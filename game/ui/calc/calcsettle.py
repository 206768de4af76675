"""What the score calculator draws: its panels, the result beside them, and its settlement screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.rules import tiles as T
from game.ui.calc.calcmodel import Calc, Outcome, chickens_held, formula, indicator_of, seat_label
from game.ui.kit import strings, tileart
from game.ui.kit import widgets as W
from game.ui.kit.rulesdoc import explain
from game.ui.table.tableview import background

if TYPE_CHECKING:
    from game.ui.calc.calculator import CalculatorScene

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
    if calc.family == "wenshan" and tile == T.WHITE and calc.wildcard != T.WHITE:
        return "standin"
    if calc.family == "chicken" and any(t == tile for _k, t, *_r in chickens_held(calc)):
        return "chicken"
    return None


def field_problems(scene: CalculatorScene, *fields: str) -> list[str]:
    return [p.text() for p in scene.calc.check() if p.field in fields]


# ====================================================================== the calculator screen

def draw_calculator(surf: pygame.Surface, sc: CalculatorScene) -> None:
    s = sc.s
    L = sc.L
    surf.blit(background(surf.get_size()), (0, 0))
    W.draw_text(surf, strings.tr("calc.title"), (round(24 * s), round(12 * s)), round(34 * s), W.GOLD, "serif",
                shadow=True, max_width=sc.variant_choice.rect.x - round(36 * s))
    W.panel(surf, L.left, (10, 28, 22), 215, round(14 * s), 2)
    W.panel(surf, L.right, (10, 28, 22), 215, round(14 * s), 2)
    focus = sc.focus.current
    for w in (sc.variant_choice, sc.options_btn, sc.lang_btn, sc.back_btn):
        w.draw(surf, focus is w)
    _draw_hand(surf, sc)
    _draw_melds(surf, sc)
    for b in sc.target_btns:
        b.draw(surf, focus is b)
    target = strings.tr("calc.target." + sc.target)
    py = L.palette.y - round(24 * s)
    lr = W.draw_text(surf, strings.tr("calc.palette", target=target), (L.palette.x, py), round(15 * s), W.GOLD, "bold")
    msg = sc.message.text() if sc.message is not None else sc.note
    if msg:
        W.draw_text(surf, msg, (lr.right + round(16 * s), py), round(14 * s), WARN if sc.message else POS, "bold",
                    max_width=L.left.right - lr.right - round(30 * s))
    sc.palette.draw(surf, focus is sc.palette)
    sc.notation.draw(surf, focus is sc.notation)
    for b in (sc.copy_btn, sc.copy_json_btn, sc.paste_btn):
        b.draw(surf, focus is b)
    _draw_right(surf, sc)
    W.draw_text(surf, strings.tr("calc.keys"), (L.left.x, L.left.bottom + round(8 * s)), round(12 * s), W.MUTED,
                max_width=sc.app.size[0] - L.left.x - round(20 * s))


def _draw_hand(surf: pygame.Surface, sc: CalculatorScene) -> None:
    s = sc.s
    L = sc.L
    c = sc.calc
    hand = sc.display_hand()
    probs = field_problems(sc, "hand", "win_tile")
    head = f"{strings.tr('calc.hand')}  {strings.tr('calc.hand_n', k=len(c.hand), n=c.hand_size())}"
    W.draw_text(surf, head, (L.hand_row.x, L.left.y + round(8 * s)), round(15 * s),
                WARN if probs and c.hand else W.GOLD, "bold", max_width=L.hand_tools.x - L.hand_row.x - 8)
    for b in (sc.win_btn, sc.remove_btn, sc.clear_btn):
        b.draw(surf, sc.focus.current is b)
    tw = L.hand_tw
    cw, ch = tileart.tile_size(tw)
    x, y = L.hand_row.topleft
    sc.hand_rects = []
    if not hand:
        W.draw_text(surf, strings.tr("calc.palette", target=strings.tr("calc.target.hand")),
                    (x, y + ch // 2), round(15 * s), W.MUTED, anchor="midleft")
    win_i = len(hand) - 1 if c.win_tile is not None and c.win_tile in c.hand else None
    for i, t in enumerate(hand):
        if i == win_i:
            x += round(cw * 0.45)
            g = W.glow_circle(round(cw * 0.62), (255, 210, 90))
            surf.blit(g, g.get_rect(center=(x + cw // 2, y + ch // 2)))
        marks = [m for m in (hand_mark(c, t), "selected" if sc.sel == i else None) if m]
        r = tileart.draw_tile(surf, t, (x, y), tw, highlight=marks or None)
        sc.hand_rects.append((r, i))
        if i == win_i:
            W.draw_text(surf, strings.tr("calc.win_tile"), (r.centerx, r.bottom + round(3 * s)), round(12 * s),
                        W.GOLD, "bold", anchor="midtop")
        x += cw + max(1, round(2 * s))
    # a problem with the hand is told beside the tiles to tap and in the panel on the right: a line here would
    # run into the melds' heading


def _draw_melds(surf: pygame.Surface, sc: CalculatorScene) -> None:
    s = sc.s
    L = sc.L
    c = sc.calc
    ly = L.melds_row.y - round(24 * s)
    lr = W.draw_text(surf, strings.tr("calc.melds"), (L.melds_row.x, ly), round(15 * s), W.GOLD, "bold")
    if c.substitutes() and c.melds:
        W.draw_text(surf, strings.tr("calc.subs_hint"), (lr.right + round(14 * s), ly + round(2 * s)), round(13 * s),
                    W.MUTED)
    tw = round(L.hand_tw * 0.78)
    cw, ch = tileart.tile_size(tw)
    x, y = L.melds_row.topleft
    sc.meld_rects = []
    sc.meld_x = []
    if not c.melds:
        W.draw_text(surf, strings.tr("calc.melds_none"), (x, y + ch // 2), round(14 * s), W.MUTED, anchor="midleft")
        return
    for i, m in enumerate(c.melds):
        faces = m.faces()
        x0 = x
        for j, t in enumerate(m.tiles):
            r = tileart.draw_tile(surf, t, (x, y), tw, highlight=sub_mark(c, t, faces[j]))
            sc.meld_rects.append((r, i, j))
            x += cw + 1
        W.draw_text(surf, strings.tr(f"calc.meld.{m.kind}"), ((x0 + x) // 2, y + ch + round(2 * s)), round(12 * s),
                    W.MUTED, "bold", anchor="midtop")
        xr = pygame.Rect(0, 0, round(20 * s), round(20 * s))
        xr.midleft = (x + round(4 * s), y + ch // 2)
        pygame.draw.circle(surf, (120, 40, 30), xr.center, xr.w // 2)
        W.draw_text(surf, "×", xr.center, round(15 * s), W.CREAM, "bold", anchor="center")
        sc.meld_x.append((xr, i))
        x = xr.right + round(16 * s)


def _draw_right(surf: pygame.Surface, sc: CalculatorScene) -> None:
    s = sc.s
    L = sc.L
    c = sc.calc
    focus = sc.focus.current
    rx = L.right.x + round(14 * s)
    rw = L.right.w - round(28 * s)
    W.draw_text(surf, strings.tr("calc.how"), (rx, L.right.y + round(10 * s)), round(17 * s), W.GOLD, "bold")
    for w in (sc.how_choice, sc.seat_choice, sc.from_choice, sc.dealer_choice):
        w.draw(surf, focus is w)
    if field_problems(sc, "source"):
        pygame.draw.rect(surf, WARN, sc.from_choice.rect.inflate(6, 4), 2, border_radius=8)
    # the variant's own tile: 小鸡, 翻牌鸡 or the kong replacements
    tw = round(26 * s)
    cw, ch = tileart.tile_size(tw)
    for (b, key), y in zip(sc.pick_btns, sc.pick_y):
        label = {"wildcard": "calc.wildcard", "chicken": "calc.chicken", "kong_draws": "calc.kong_draws"}[key]
        lr = W.draw_text(surf, strings.tr(label), (rx, y + sc.L.row_h // 2), round(14 * s),
                         WARN if key == "wildcard" and field_problems(sc, "wildcard") else W.CREAM, "bold",
                         anchor="midleft", max_width=round(rw * 0.45))
        tx = max(lr.right + round(10 * s), rx + round(rw * 0.36))
        ty = y + (sc.L.row_h - ch) // 2
        tiles: list[tuple[int, str | None]] = []
        if key == "wildcard" and c.wildcard is not None:
            tiles = [(indicator_of(c.wildcard), None), (c.wildcard, "wild")]
        elif key == "chicken" and c.chicken is not None:
            tiles = [(c.chicken, "chicken")]
        elif key == "kong_draws":
            tiles = [(t, None) for t in c.kong_draws]
        if not tiles:
            W.draw_text(surf, strings.tr("calc.chicken_none") if key == "chicken" else "-",
                        (tx, y + sc.L.row_h // 2), round(14 * s), W.MUTED, anchor="midleft")
        for k, (t, hl) in enumerate(tiles):
            tileart.draw_tile(surf, t, (tx, ty), tw, highlight=hl)
            tx += cw + round(4 * s)
            if key == "wildcard" and k == 0:
                W.draw_text(surf, "→", (tx + round(6 * s), y + sc.L.row_h // 2), round(16 * s), W.GOLD, "bold",
                            anchor="center")
                tx += round(16 * s)
        b.draw(surf, focus is b)
        if key == "wildcard" and c.wildcard is not None:
            ind = strings.tile_name(indicator_of(c.wildcard))
            line = strings.tr("calc.wildcard_white", ind=ind) if c.wildcard == T.WHITE else \
                strings.tr("calc.wildcard_line", ind=ind, tile=strings.tile_name(c.wildcard))
            W.draw_text(surf, line, (rx, y + sc.L.row_h + round(2 * s)), round(12 * s), W.MUTED, max_width=rw)
    for extra in sc.extra_widgets:
        extra.draw(surf, focus is extra)
    if sc.declared_label_y is not None:
        W.draw_text(surf, strings.tr("calc.declared"), (rx, sc.declared_label_y), round(14 * s), W.CREAM, "bold",
                    anchor="midleft", max_width=round(rw * 0.25))
    if sc.flag_boxes:
        W.draw_text(surf, strings.tr("calc.flags"), (rx, sc.flags_top + round(4 * s)), round(15 * s), W.GOLD, "bold")
    for box, _key in sc.flag_boxes:
        box.draw(surf, focus is box)
    _draw_result(surf, sc, pygame.Rect(rx, sc.result_top, rw, sc.settle_btn.rect.y - sc.result_top - round(6 * s)))
    sc.settle_btn.draw(surf, focus is sc.settle_btn)


def _draw_result(surf: pygame.Surface, sc: CalculatorScene, box: pygame.Rect) -> None:
    """The verdict in a few lines: what to fix, why it cannot win, or the points and who pays."""
    s = sc.s
    c = sc.calc
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
        lines += [("· " + p.text(), W.CREAM, "regular") for p in out.problems]
    elif not out.valid:
        lines.append((strings.tr("calc.invalid", why=out.reason()), WARN, "bold"))
    else:
        names = "  ".join(f"{strings.pick(p['name'], p['name_en'])} {p['value']}" for p in out.patterns)
        lines.append((names, W.GOLD, "bold"))
        lines.append((strings.tr("calc.formula", f=formula(c.variant_id, out)) + "   " +
                      strings.tr("calc.total", total=out.total), W.CREAM, "bold"))
        pays = " · ".join(strings.tr("calc.pays", who=seat_label(c, p), pts=v) for p, v in sorted(out.payments.items()))
        lines.append((pays, NEG, "regular"))
        lines.append((strings.tr("calc.gets", who=seat_label(c, c.seat), pts=sum(out.payments.values())), POS, "bold"))
        if c.family == "chicken":
            lines.append((chicken_line(c), (230, 210, 160), "regular"))
    for text, color, style in lines:
        for ln in W.wrap(text, size, w, style):
            if y + step > box.bottom:
                return
            W.draw_text(surf, ln, (x, y), size, color, style)
            y += step


def chicken_line(c: Calc) -> str:
    held = chickens_held(c)
    if not held:
        return strings.tr("calc.chickens") + "：" + strings.tr("calc.chickens_none") if strings.is_zh() else \
            strings.tr("calc.chickens") + ": " + strings.tr("calc.chickens_none")
    groups: dict[tuple[str, int], list] = {}
    for key, t, zh, en, v in held:
        groups.setdefault((key, t), [strings.pick(zh, en), v, 0])[2] += 1
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
        parts.append(f"{strings.pick(o.zh, o.en)} {shown}")
    return strings.tr("calc.judged_with") + " · ".join(parts)


def draw_options(surf: pygame.Surface, sc: CalculatorScene) -> None:
    s = sc.s
    W.dim_screen(surf, 170)
    ws = sc.option_widgets + [sc.options_close]
    top = ws[0].rect.y - round(70 * s)
    box = pygame.Rect(ws[0].rect.x - round(30 * s), top, ws[0].rect.w + round(60 * s),
                      sc.options_close.rect.bottom + round(20 * s) - top)
    W.panel(surf, box)
    from game.ui.kit.names import variant_name

    W.draw_text(surf, strings.tr("calc.options_title", variant=variant_name(sc.calc.variant)),
                (box.centerx, top + round(18 * s)), round(24 * s), W.GOLD, "serif", anchor="midtop")
    for w in ws:
        w.draw(surf, sc.option_focus.current is w)


# ====================================================================== the settlement screen

class SettleView:
    """The calculator's settlement: the hand, every counted item lighting up in turn, the formula, who pays."""

    def __init__(self, app, calc: Calc, outcome: Outcome, on_close: Callable[[], None]):
        self.app = app
        self.calc = calc
        self.outcome = outcome
        self.on_close = on_close
        self.t = 0.0
        self.close_btn: W.Button | None = None

    @property
    def s(self) -> float:
        return self.app.scale

    def layout(self) -> None:
        s = self.s
        W_, H_ = self.app.size
        bw, bh = round(220 * s), round(48 * s)
        self.close_btn = W.Button((W_ - round(60 * s) - bw, H_ - round(44 * s) - bh, bw, bh),
                                  W.tr_label("calc.settle_close"), self.on_close, "gold", size=round(18 * s),
                                  hotkey="Esc", name="settle_close")

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
        W.dim_screen(surf, 175)
        box = pygame.Rect(round(30 * s), round(20 * s), W_ - round(60 * s), H_ - round(40 * s))
        W.panel(surf, box, (14, 30, 24), 240, round(18 * s), max(2, round(3 * s)), W.PANEL_EDGE)
        from game.ui.kit.names import variant_name

        W.draw_text(surf, strings.tr("calc.settle_title"), (box.x + round(24 * s), box.y + round(16 * s)),
                    round(17 * s), W.MUTED, "bold")
        W.draw_text(surf, variant_name(c.variant), (box.x + round(24 * s), box.y + round(40 * s)), round(14 * s),
                    W.MUTED)
        src = seat_label(c, c.source) if c.source is not None else "?"
        title = strings.tr(f"calc.settle_win.{c.how}", who=seat_label(c, c.seat), src=src)
        if out.problems:  # nothing to settle yet (an empty hand, no winning tile): no winner in the title
            title = strings.tr("calc.settle_blocked")
        W.draw_text(surf, title, (box.centerx, box.y + round(14 * s)), round(34 * s),
                    (255, 214, 100) if out.valid else (210, 220, 230), "serif", anchor="midtop", shadow=True,
                    max_width=box.w - round(420 * s))
        y = box.y + round(78 * s)
        y = self._draw_tiles(surf, box.x + round(30 * s), y, box.right - round(30 * s))
        left = box.x + round(30 * s)
        colw = round(box.w * 0.56)
        if out.problems or not out.valid:
            lines = [p.text() for p in out.problems] if out.problems else [out.reason()]
            head = strings.tr("calc.fix") if out.problems else strings.tr("calc.invalid", why="").rstrip("：: ")
            W.draw_text(surf, head, (left, y + round(10 * s)), round(26 * s), WARN, "bold")
            yy = y + round(52 * s)
            for text in lines:
                for ln in W.wrap(text, round(18 * s), box.w - round(60 * s)):
                    W.draw_text(surf, ln, (left, yy), round(18 * s), W.CREAM)
                    yy += round(28 * s)
        else:
            self._draw_items(surf, left, y + round(8 * s), colw)
            self._draw_payments(surf, left + colw + round(30 * s), y + round(8 * s),
                                box.right - round(30 * s) - (left + colw + round(30 * s)))
        cond = situation_line(c)
        for k, ln in enumerate(reversed(W.wrap(cond, round(14 * s), box.w - round(320 * s))[:4])):
            W.draw_text(surf, ln, (left, box.bottom - round(50 * s) - k * round(20 * s)), round(14 * s),
                        (200, 215, 205), anchor="bottomleft")
        note = strings.tr("calc.not_scored")
        W.draw_text(surf, note, (left, box.bottom - round(24 * s)), round(13 * s), W.MUTED, anchor="bottomleft",
                    max_width=box.w - round(320 * s))
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
            g = W.glow_circle(round(cw * 0.62), (255, 210, 90))
            surf.blit(g, g.get_rect(center=(x + cw // 2, y + ch // 2)))
            tileart.draw_tile(surf, win, (x, y), tw, highlight="selected")
        return y + ch + round(14 * s)

    def _draw_items(self, surf: pygame.Surface, x: int, y: int, width: int) -> None:
        s = self.s
        out = self.outcome
        W.draw_text(surf, strings.tr("calc.settle_items"), (x, y), round(16 * s), W.GOLD, "bold")
        y += round(30 * s)
        lit = self.lit()
        size = round(19 * s)
        for i, p in enumerate(out.patterns):
            on = i < lit
            now = i == lit - 1 and self.busy()
            name = f"{strings.pick(p['name'], p['name_en'])}  {p['value']}"
            pw = W.text_width(name, size, "bold") + round(22 * s)
            pill = pygame.Rect(x, y, pw, size + round(14 * s))
            col = (150, 110, 20) if now else ((30, 90, 50) if on else (40, 50, 48))
            if now:
                g = W.glow_circle(round(pill.h * 0.9), (255, 210, 90))
                surf.blit(pygame.transform.smoothscale(g, (pill.w + pill.h, pill.h * 2)),
                          (pill.x - pill.h // 2, pill.y - pill.h // 2))
            pygame.draw.rect(surf, col, pill, border_radius=round(10 * s))
            W.draw_text(surf, name, (pill.x + round(11 * s), pill.centery), size, (255, 250, 235) if on else W.MUTED,
                        "bold", anchor="midleft")
            gloss = explain(p["key"], self.calc.variant_id)
            if gloss and on:
                lines = W.wrap(gloss, round(14 * s), width - pw - round(16 * s))
                yy = pill.y + round(2 * s)
                for ln in lines[:2]:
                    W.draw_text(surf, ln, (pill.right + round(12 * s), yy), round(14 * s), (230, 210, 160))
                    yy += round(18 * s)
            y += pill.h + round(10 * s)
        if lit >= len(out.patterns):
            y += round(6 * s)
            W.draw_text(surf, strings.tr("calc.formula", f=formula(self.calc.variant_id, out)), (x, y),
                        round(24 * s), W.GOLD, "bold")
            y += round(36 * s)
            W.draw_text(surf, strings.tr("calc.total", total=out.total), (x, y), round(18 * s), W.CREAM, "bold")
            if self.calc.family == "chicken":
                y += round(34 * s)
                for ln in W.wrap(chicken_line(self.calc), round(14 * s), width)[:3]:
                    W.draw_text(surf, ln, (x, y), round(14 * s), (230, 210, 160))
                    y += round(20 * s)

    def _draw_payments(self, surf: pygame.Surface, x: int, y: int, width: int) -> None:
        s = self.s
        c, out = self.calc, self.outcome
        W.draw_text(surf, strings.tr("calc.result"), (x, y), round(16 * s), W.GOLD, "bold")
        y += round(30 * s)
        rh = round(50 * s)
        get = sum(out.payments.values())
        for seat in range(c.n):
            r = pygame.Rect(x, y, width, rh - round(8 * s))
            winner = seat == c.seat
            pygame.draw.rect(surf, (80, 64, 20) if winner else (20, 44, 34), r, border_radius=round(10 * s))
            W.draw_text(surf, seat_label(c, seat), (r.x + round(12 * s), r.centery), round(18 * s), W.CREAM, "bold",
                        anchor="midleft", max_width=round(width * 0.5))
            tag = ""
            if winner:
                tag = strings.tr("settle.zimo_tag") if c.how == "self_draw" else strings.tr("settle.winner_tag")
            elif seat == c.source:
                tag = strings.tr("settle.pao_tag") if c.how == "discard" else strings.tr("settle.robbed_tag")
            if tag:
                W.draw_text(surf, tag, (r.x + round(width * 0.52), r.centery), round(13 * s), W.GOLD, "bold",
                            anchor="midleft")
            d = get if winner else -out.payments.get(seat, 0)
            W.draw_text(surf, f"{d:+d}" if d else "0", (r.right - round(14 * s), r.centery), round(26 * s),
                        POS if d > 0 else (NEG if d < 0 else W.MUTED), "bold", anchor="midright")
            y += rh
