"""The score calculator screen (算分器): tap a winning hand together, say how it was won, see every point.

The hand lives in a ``calcmodel.Calc``; this screen only edits it and shows its
``outcome()`` (the ``score`` command's judgement). Mouse: tap palette tiles into
the hand (or into a meld, the 小鸡, the 翻牌鸡 ... as the target buttons say), click
a hand tile to select it, right-click to take it out, click a meld tile to swap in
a substitute. Keyboard: Tab through the controls, arrows and Enter on the palette,
Backspace / Delete, W (winning tile), Ctrl+C / Ctrl+V, S (settlement), Esc.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.rules.options import salvage
from game.rules.variants import get as get_variant
from game.ui import nav
from game.ui.app import Scene
from game.ui.calc import calcdraw, calcsettle
from game.ui.calc.calcmodel import WINS, Calc, Problem, seat_label
from game.ui.kit import strings, tileart, widgets
from game.ui.kit.names import KNOWN_VARIANTS, option_help, option_label, variant_title

MELD_TARGETS = ("chow", "pung", "kong", "added_kong", "concealed_kong")
TILE_TARGETS = ("wildcard", "chicken", "kong_draws")
def _variant_label(vid: str) -> Callable[[], str]:
    """A game's name in the language of the moment (the names table's, 繁體 too)."""
    return lambda: variant_title(vid) or vid


_clipboard_fallback: list[str] = [""]  # where "copy" goes when the system clipboard is unavailable


# ====================================================================== clipboard

def clipboard_put(text: str) -> bool:
    """Put text on the system clipboard (SDL's); False when there is none (the dummy video driver)."""
    _clipboard_fallback[0] = text
    try:
        pygame.scrap.put_text(text)
        return pygame.scrap.get_text() == text
    except (pygame.error, AttributeError, NotImplementedError):
        return False


def clipboard_get() -> str:
    try:
        text = pygame.scrap.get_text()
    except (pygame.error, AttributeError, NotImplementedError):
        text = ""
    return text or _clipboard_fallback[0]


# ====================================================================== the palette

class Palette(widgets.Widget):
    """Every tile of the game in rows (万 筒 条 字); a tap (or Enter on the cursor) hands the tile to ``on_tap``."""

    def __init__(self, rect, calc: Calc, on_tap: Callable[[int], None], tw: int):
        self.rect = pygame.Rect(rect)
        self.calc = calc
        self.on_tap = on_tap
        self.tw = tw
        # 万 + 东南西北, 筒 + 白发中, 条: three rows that fit a wide, short space
        self.rows = [list(range(0, 9)) + [27, 28, 29, 30], list(range(9, 18)) + [31, 32, 33], list(range(18, 27))]
        self.cursor = (0, 0)
        self.hover: int | None = None
        self.focused = False

    def slots(self) -> list[tuple[pygame.Rect, int, int, int]]:
        """(rect, tile, row, column) of every palette tile."""
        cw, ch = tileart.tile_size(self.tw)
        gap = max(2, self.tw // 10)
        out = []
        for r, row in enumerate(self.rows):
            for c, t in enumerate(row):
                x = self.rect.x + c * (cw + gap) + (cw // 2 if c >= 9 else 0)
                out.append((pygame.Rect(x, self.rect.y + r * (ch + gap * 2), cw, ch), t, r, c))
        return out

    def tile_at(self, pos) -> int | None:
        for rect, t, _r, _c in self.slots():
            if rect.collidepoint(pos):
                return t
        return None

    def handle(self, ev) -> bool:
        if ev.type == pygame.MOUSEMOTION:
            self.hover = self.tile_at(ev.pos)
            return False
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            t = self.tile_at(ev.pos)
            if t is not None:
                for _rect, tt, r, c in self.slots():
                    if tt == t:
                        self.cursor = (r, c)
                self.on_tap(t)
                return True
        return False

    def key(self, ev) -> bool:
        """Arrows move the cursor, Enter / Space taps it (only while the palette has the focus)."""
        r, c = self.cursor
        if ev.key in (pygame.K_LEFT, pygame.K_RIGHT):
            c = (c + (1 if ev.key == pygame.K_RIGHT else -1)) % len(self.rows[r])
        elif ev.key in (pygame.K_UP, pygame.K_DOWN):
            r = (r + (1 if ev.key == pygame.K_DOWN else -1)) % len(self.rows)
            c = min(c, len(self.rows[r]) - 1)
        elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.on_tap(self.rows[r][c])
            return True
        else:
            return False
        self.cursor = (r, c)
        return True

    def activate(self) -> None:
        r, c = self.cursor
        self.on_tap(self.rows[r][c])

    def draw(self, dest, focused: bool = False) -> None:
        kinds = set(self.calc.tile_kinds())
        copies = self.calc.copies()
        used = self.calc.used()
        size = max(12, round(self.tw * 0.3))
        for rect, t, r, c in self.slots():
            ok = t in kinds
            left = copies[t] - used[t]
            hl = None
            if self.calc.family == "wenshan" and t == self.calc.wildcard:
                hl = "wild"
            tileart.draw_tile(dest, t, rect.topleft, self.tw, dim=not ok or left <= 0, highlight=hl)
            if ok:
                badge = pygame.Rect(0, 0, round(size * 1.3), round(size * 1.15))
                badge.bottomright = (rect.right + 2, rect.bottom + 2)
                pygame.draw.rect(dest, (30, 40, 36) if left > 0 else (120, 40, 30), badge, border_radius=size // 2)
                widgets.draw_text(dest, str(left), badge.center, size, widgets.CREAM, "bold", anchor="center")
            if (focused and (r, c) == self.cursor) or self.hover == t:
                pygame.draw.rect(dest, widgets.GOLD, rect.inflate(6, 6), 2, border_radius=6)


# ====================================================================== the screen

class CalculatorScene(Scene):
    name = "calculator"

    def __init__(self, app, back: Callable[[], None] | None = None):
        super().__init__(app)
        self.back_cb = back
        self.calc = Calc.from_saved(app.settings.last_calc) if app.settings.last_calc else Calc()
        self.target = "hand"
        self.sel: int | None = None  # index into the displayed hand
        self.message: Problem | None = None  # the last tap's problem, shown until the next change
        self.note = ""
        self.overlay: str | None = None  # "settle", "options"
        self.settle: calcsettle.SettleView | None = None
        self.option_widgets: list[widgets.Widget] = []
        self.notation_text = self.calc.notation()
        self.hand_rects: calcdraw.HandRects = []  # where the hand's tiles stand (worked out with the layout)
        self.meld_rects: calcdraw.MeldRects = []
        self.meld_x: calcdraw.MeldMarks = []
        self._tiles_of: object = None  # what the rects above were worked out for

    # ------------------------------------------------------------------ layout
    def layout(self) -> None:
        s = self.s
        self.L = _Geometry(self.app.size, s)
        L = self.L
        c = self.calc
        fs = round(15 * s)
        vids = [vid for vid, _zh, _en in KNOWN_VARIANTS]
        self.variant_choice = widgets.Choice(L.variant, widgets.tr_label("calc.variant"), vids,
                                             [_variant_label(vid) for vid in vids], c.variant_id,
                                             self._set_variant, label_w=0.22)
        self.options_btn = widgets.Button(L.options_btn, widgets.tr_label("calc.options"), self.open_options, "ghost",
                                          size=fs, name="options")
        self.lang_btn = widgets.Button(L.lang_btn, widgets.tr_label("menu.lang_toggle"), self.app.toggle_lang, "dark",
                                       size=round(14 * s), name="lang")
        self.back_btn = widgets.Button(L.back_btn, widgets.tr_label("common.back"), self.back, "dark", size=fs,
                                       name="back")
        # where a palette tap goes
        self.target_btns = []
        x, y = L.targets.topleft
        bw = (L.targets.w - 5 * round(6 * s)) // 6
        for key in ("hand",) + MELD_TARGETS:
            style = "gold" if self.target == key else "ghost"
            label = widgets.tr_label("calc.tgt.hand") if key == "hand" else widgets.tr_label(f"calc.meld.{key}")
            b = widgets.Button((x, y, bw, L.targets.h), label, (lambda k=key: self.set_target(k)), style, size=fs,
                               enabled=key != "chow" or c.allows_chow(), name=f"target_{key}")
            self.target_btns.append(b)
            x += bw + round(6 * s)
        # the hand's tools
        hb = L.hand_tools
        bw = (hb.w - 2 * round(6 * s)) // 3
        self.win_btn = widgets.Button((hb.x, hb.y, bw, hb.h), widgets.tr_label("calc.set_win"), self.set_win_selected,
                                      "blue", size=round(14 * s), enabled=self.sel is not None, hotkey="W",
                                      name="set_win")
        self.remove_btn = widgets.Button((hb.x + bw + round(6 * s), hb.y, bw, hb.h), widgets.tr_label("calc.remove"),
                                         self.remove_selected, "dark", size=round(14 * s), enabled=bool(c.hand),
                                         name="remove")
        self.clear_btn = widgets.Button((hb.x + 2 * (bw + round(6 * s)), hb.y, bw, hb.h),
                                        widgets.tr_label("calc.clear"), self.clear, "red", size=round(14 * s),
                                        name="clear")
        old_palette = getattr(self, "palette", None)
        self.palette = Palette(L.palette, c, self.tap, L.palette_tw)
        if old_palette is not None:
            self.palette.cursor = old_palette.cursor
        # notation
        self.notation = widgets.TextInput(L.notation, widgets.tr_label("calc.notation"), self.notation_text,
                                          self._notation_typed, placeholder=widgets.tr_label("calc.notation_hint"),
                                          max_len=120, label_w=0.17)
        nb = L.notation_btns
        bw = (nb.w - 2 * round(6 * s)) // 3
        self.copy_btn = widgets.Button((nb.x, nb.y, bw, nb.h), widgets.tr_label("calc.copy"), self.copy, "ghost",
                                       size=fs, name="copy")
        self.copy_json_btn = widgets.Button((nb.x + bw + round(6 * s), nb.y, bw, nb.h),
                                            widgets.tr_label("calc.copy_json"), self.copy_json, "ghost", size=fs,
                                            name="copy_json")
        self.paste_btn = widgets.Button((nb.x + 2 * (bw + round(6 * s)), nb.y, bw, nb.h),
                                        widgets.tr_label("calc.paste"), self.paste, "ghost", size=fs, name="paste")
        # how it was won
        n = c.n
        seats = list(range(n))
        rh = L.row_h
        rx, rw = L.right.x + round(14 * s), L.right.w - round(28 * s)
        y = L.right.y + round(40 * s)
        self.how_choice = widgets.Choice((rx, y, rw, rh), widgets.tr_label("calc.how"), list(WINS),
                                         [widgets.tr_label(f"calc.how.{w}") for w in WINS], c.how, self._set_how,
                                         label_w=0.36)
        y += rh + L.gap
        self.seat_choice = widgets.Choice((rx, y, rw, rh), widgets.tr_label("calc.winner"), seats,
                                          [self._seat_label(i) for i in seats], c.seat, self._set_seat, label_w=0.36)
        y += rh + L.gap
        if c.how == "self_draw":
            self.from_choice = widgets.Choice((rx, y, rw, rh), widgets.tr_label("calc.from.self_draw"), [None],
                                              [widgets.tr_label("calc.from.nobody")], None, self._set_source,
                                              enabled=False, label_w=0.36)
        else:
            src_vals = [i for i in seats if i != c.seat]
            self.from_choice = widgets.Choice((rx, y, rw, rh), widgets.tr_label(f"calc.from.{c.how}"), src_vals,
                                              [self._seat_label(i) for i in src_vals],
                                              c.source if c.source in src_vals else src_vals[0], self._set_source,
                                              label_w=0.36)
        y += rh + L.gap
        self.dealer_choice = widgets.Choice((rx, y, rw, rh), widgets.tr_label("calc.dealer"), seats,
                                            [widgets.tr_label("calc.seat_n", i=i + 1) for i in seats], c.dealer,
                                            self._set_dealer, label_w=0.36)
        y += rh + L.gap
        self.extra_widgets: list[widgets.Widget] = []
        self.pick_btns: list[tuple[widgets.Button, str]] = []
        pick_w = round(70 * s)
        if c.family == "wenshan":
            b = widgets.Button((rx + rw - pick_w, y, pick_w, rh), widgets.tr_label("calc.pick"),
                               lambda: self.set_target("wildcard"), "gold" if self.target == "wildcard" else "ghost",
                               size=fs, name="pick_wildcard")
            self.pick_btns.append((b, "wildcard"))
            y += rh + round(18 * s) + L.gap
        elif c.family == "chicken":
            b = widgets.Button((rx + rw - pick_w, y, pick_w, rh), widgets.tr_label("calc.pick"),
                               lambda: self.set_target("chicken"), "gold" if self.target == "chicken" else "ghost",
                               size=fs, name="pick_chicken")
            self.pick_btns.append((b, "chicken"))
            y += rh + L.gap
        elif c.family == "yuxi":
            b = widgets.Button((rx + rw - pick_w, y, pick_w, rh), widgets.tr_label("calc.pick"),
                               lambda: self.set_target("kong_draws"),
                               "gold" if self.target == "kong_draws" else "ghost", size=fs, name="pick_kong_draws")
            self.pick_btns.append((b, "kong_draws"))
            y += rh + L.gap
        if c.variant_id == "zhuoji":
            self.extra_widgets.append(widgets.Choice((rx, y, rw, rh), widgets.tr_label("calc.streak"), list(range(9)),
                                                     [str(i) for i in range(9)], c.dealer_streak, self._set_streak,
                                                     label_w=0.36))
            y += rh + L.gap
        self.pick_y = [b.rect.y for b, _k in self.pick_btns]
        # flags: two columns of checkboxes
        self.flag_boxes: list[tuple[widgets.Checkbox, str]] = []
        fy = y + round(24 * s)
        cw = (rw - round(10 * s)) // 2
        fh = round(34 * s)
        for i, key in enumerate(c.flag_keys()):
            cx = rx + (i % 2) * (cw + round(10 * s))
            cy = fy + (i // 2) * (fh + round(4 * s))
            box = widgets.Checkbox((cx, cy, cw, fh), self._flag_label(key), key in c.flags, self._flag_toggler(key),
                                   enabled=c.flag_applies(key))
            self.flag_boxes.append((box, key))
        self.flags_top = y
        self.declared_label_y: int | None = None
        rows = (len(c.flag_keys()) + 1) // 2
        self.result_top = fy + rows * (fh + round(4 * s)) + L.gap
        # declared seats (zhuoji: who pays 杀报 on a self-draw) sit with the flags
        if c.variant_id == "zhuoji" and "discarder_declared" in c.flags and c.how == "self_draw":
            self.declared_label_y = self.result_top + fh // 2
            dx = rx + round(rw * 0.26)
            dw = (rw - round(rw * 0.26) - round(8 * s) * (n - 2)) // max(1, n - 1)
            for i in seats:
                if i == c.seat:
                    continue
                cb = widgets.Checkbox((dx, self.result_top, dw, fh), widgets.tr_label("calc.seat_n", i=i + 1),
                                      i in c.declared, self._declared_toggler(i))
                self.extra_widgets.append(cb)
                dx += dw + round(8 * s)
            self.result_top += fh + L.gap
        self.settle_btn = widgets.Button(L.settle_btn, widgets.tr_label("calc.settle"), self.open_settle, "gold",
                                         size=round(18 * s), hotkey="S", name="settle")
        old = getattr(self, "focus", None)
        self.focus = widgets.FocusRing(self._focusables())
        if old is not None and 0 <= old.index < len(self.focus.widgets):
            self.focus.index = old.index
        if self.overlay == "options":
            self._layout_options()
        if self.settle is not None:
            self.settle.layout()
        self._place_tiles()

    def _place_tiles(self) -> None:
        """Work out where the hand's and the melds' tiles stand (again only when they or the layout changed)."""
        L, c = self.L, self.calc
        key = (L, tuple(self.display_hand()), c.win_tile in c.hand, tuple((m.kind, tuple(m.tiles)) for m in c.melds))
        if key == self._tiles_of:
            return
        self._tiles_of = key
        self.hand_rects = calcdraw.hand_slots(c, self.display_hand(), L.hand_row, L.hand_tw, self.s)
        self.meld_rects, self.meld_x = calcdraw.meld_slots(c, L.melds_row, round(L.hand_tw * 0.78), self.s)

    def _focusables(self) -> list[widgets.Widget]:
        return ([self.variant_choice, self.options_btn] + [b for b in self.target_btns] + [self.palette] +
                [self.win_btn, self.remove_btn, self.clear_btn, self.notation, self.copy_btn, self.copy_json_btn,
                 self.paste_btn, self.how_choice, self.seat_choice, self.from_choice, self.dealer_choice] +
                [b for b, _k in self.pick_btns] + self.extra_widgets + [b for b, _k in self.flag_boxes] +
                [self.settle_btn, self.lang_btn, self.back_btn])

    def _seat_label(self, i: int) -> Callable[[], str]:
        return lambda: seat_label(self.calc, i)

    def _flag_label(self, key: str) -> Callable[[], str]:
        k = f"calc.flag.{key}.chicken" if self.calc.family == "chicken" and f"calc.flag.{key}.chicken" in strings.S \
            else f"calc.flag.{key}"
        return widgets.tr_label(k)

    # ------------------------------------------------------------------ changes
    def changed(self, problem: Problem | None = None) -> None:
        """After every edit: show the edit's problem (if any), refresh the notation, remember the hand."""
        self.message = problem
        self.note = ""
        self.notation_text = self.calc.notation()
        if not self.notation.active:
            self.notation.value = self.notation_text
        self.app.settings.last_calc = self.calc.to_saved()
        hand = self.display_hand()
        if self.sel is not None and self.sel >= len(hand):
            self.sel = None
        self.layout()

    def set_target(self, key: str) -> None:
        self.target = "hand" if self.target == key and key != "hand" else key
        self.app.sound.play("click")
        self.layout()

    def tap(self, tile: int) -> None:
        c = self.calc
        problem = None
        if self.target == "hand":
            problem = c.add_tile(tile)
        elif self.target in MELD_TARGETS:
            problem = c.add_meld(self.target, tile)
            if problem is None:
                self.target = "hand"
        elif self.target == "wildcard":
            c.set_wildcard(tile)
            self.target = "hand"
        elif self.target == "chicken":
            c.chicken = None if c.chicken == tile else tile
            self.target = "hand"
        elif self.target == "kong_draws":
            if len(c.kong_draws) >= 2:
                c.kong_draws = []
            c.kong_draws.append(tile)
        self.app.sound.play("tile" if problem is None else "click", 0.5)
        self.changed(problem)

    def display_hand(self) -> list[int]:
        """The hand as drawn: sorted, the winning tile taken out to stand last."""
        hand = sorted(self.calc.hand)
        if self.calc.win_tile is not None and self.calc.win_tile in hand:
            hand.remove(self.calc.win_tile)
            hand.append(self.calc.win_tile)
        return hand

    def select(self, i: int) -> None:
        self.sel = None if self.sel == i else i
        self.layout()

    def set_win_selected(self) -> None:
        hand = self.display_hand()
        if self.sel is not None and self.sel < len(hand):
            self.calc.set_win_tile(hand[self.sel])
            self.sel = len(hand) - 1
            self.changed()

    def remove_selected(self) -> None:
        hand = self.display_hand()
        if self.sel is not None and self.sel < len(hand):
            self.calc.remove_tile(hand[self.sel])
            self.sel = None
        else:
            self.calc.pop_tile()
        self.changed()

    def clear(self) -> None:
        self.calc.clear()
        self.sel = None
        self.target = "hand"
        self.changed()

    def _set_variant(self, vid: str) -> None:
        saved = (self.app.settings.last_options or {}).get(vid, {})
        try:
            self.calc.set_variant(vid, salvage(get_variant(vid).schema, saved))
        except ValueError:
            self.calc.set_variant(vid)
        if self.target in TILE_TARGETS:
            self.target = "hand"
        self.changed()

    def _set_how(self, how: str) -> None:
        self.calc.set_how(how)
        self.changed()

    def _set_seat(self, seat: int) -> None:
        self.calc.set_seat(seat)
        self.changed()

    def _set_source(self, seat: int | None) -> None:
        if seat is None:
            return
        self.calc.source = seat
        self.changed()

    def _set_dealer(self, seat: int) -> None:
        self.calc.dealer = seat
        self.changed()

    def _set_streak(self, k: int) -> None:
        self.calc.dealer_streak = k
        self.changed()

    def _toggle_flag(self, key: str) -> None:
        self.calc.toggle_flag(key)
        self.changed()

    def _flag_toggler(self, key: str) -> Callable[[bool], None]:
        return lambda _on: self._toggle_flag(key)

    def _declared_toggler(self, seat: int) -> Callable[[bool], None]:
        return lambda _on: self._toggle_declared(seat)

    def _option_setter(self, key: str) -> Callable[[Any], None]:
        return lambda value: self._option(key, value)

    def _toggle_declared(self, seat: int) -> None:
        d = self.calc.declared
        if seat in d:
            d.remove(seat)
        else:
            d.append(seat)
        self.changed()

    def click_meld_tile(self, i: int, j: int) -> None:
        self.changed(self.calc.cycle_meld_tile(i, j))

    def remove_meld(self, i: int) -> None:
        self.calc.remove_meld(i)
        self.changed()

    # ------------------------------------------------------------------ notation, clipboard
    def _notation_typed(self, text: str) -> None:
        self.notation_text = text

    def read_notation(self) -> None:
        typed = self.notation.value
        problem = self.calc.paste(typed)
        self.changed(problem)
        if problem is None:
            self.note = strings.tr("calc.pasted")
        else:  # the typed line stays, still being typed, so it can be mended
            self.notation.value = typed
            self.notation.active = True
            self.notation.cursor = len(typed)

    def copy(self) -> None:
        self._copy(self.calc.notation())

    def copy_json(self) -> None:
        import json

        self._copy(json.dumps(self.calc.to_json(), ensure_ascii=False))

    def _copy(self, text: str) -> None:
        if clipboard_put(text):
            self.app.notice(strings.tr("calc.copied", text=text[:60]), 2.5)
        else:
            self.notation.value = text
            self.app.notice(strings.tr("calc.copied_local", text=text[:60]), 3)

    def paste(self) -> None:
        text = clipboard_get()
        if not text:
            text = self.notation.value
        problem = self.calc.paste(text)
        self.changed(problem)
        if problem is None:
            self.note = strings.tr("calc.pasted")

    # ------------------------------------------------------------------ overlays
    def open_settle(self) -> None:
        self.settle = calcsettle.SettleView(self.app, self.calc, self.calc.outcome(), self.close_overlay)
        self.settle.layout()
        self.overlay = "settle"
        self.app.sound.play("win" if self.settle.outcome.valid else "click", 0.6)

    def open_options(self) -> None:
        self.overlay = "options"
        self._layout_options()

    def close_overlay(self) -> None:
        self.overlay = None
        self.settle = None
        self.layout()

    def _layout_options(self) -> None:
        s = self.s
        W_ = self.app.size[0]
        c = self.calc
        pw, rh = round(560 * s), round(44 * s)
        x = W_ // 2 - pw // 2
        y = round(130 * s)
        self.option_widgets = []
        for o in c.variant.schema:
            if not o.calc:
                continue  # table rules that change no score it shows (一炮多响, 包鸡, 首局庄家)
            label = option_label(o)
            val = c.options.get(o.key, o.default)
            if o.is_bool:
                w: widgets.Widget = widgets.Checkbox((x, y, pw, rh), label, bool(val), self._option_setter(o.key),
                                                     enabled=not o.fixed,
                                                     help=option_help(o))
            else:
                choices = list(o.choices) if o.choices else [1, 2, 3, 5, 10]
                if val not in choices:
                    choices = sorted(set(choices) | {val})
                w = widgets.Choice((x, y, pw, rh), label, choices, [str(ch) for ch in choices], val,
                                   self._option_setter(o.key), enabled=not o.fixed)
            self.option_widgets.append(w)
            y += rh + round(6 * s)
        self.options_close = widgets.Button(
            (W_ // 2 - round(110 * s), y + round(14 * s), round(220 * s), round(46 * s)),
            widgets.tr_label("common.ok"), self.close_overlay, "gold", size=round(18 * s), name="options_ok")
        self.option_focus = widgets.FocusRing(self.option_widgets + [self.options_close])

    def _option(self, key: str, value: Any) -> None:
        self.calc.set_option(key, value)
        self.message = None
        self.notation_text = self.calc.notation()
        self.app.settings.last_calc = self.calc.to_saved()
        self._layout_options()

    # ------------------------------------------------------------------ leaving
    def back(self) -> None:
        self.app.settings.last_calc = self.calc.to_saved()
        self.app.save_settings()
        if self.back_cb:
            self.back_cb()
        else:
            nav.go(self.app, "menu")

    def leave(self) -> None:
        self.app.settings.last_calc = self.calc.to_saved()

    # ------------------------------------------------------------------ input
    def handle(self, ev) -> None:
        if self.overlay == "settle" and self.settle is not None:
            self.settle.handle(ev)
            return
        if self.overlay == "options":
            self._handle_options(ev)
            return
        if self.notation.active:
            if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.notation.active = False
                self.read_notation()
                return
            if ev.type == pygame.KEYDOWN and ev.key == pygame.K_v and ev.mod & pygame.KMOD_CTRL:
                self.notation.insert(clipboard_get())
                return
            if self.notation.handle(ev):
                return
        for w in self._focusables():
            if w is self.notation:
                if w.handle(ev):
                    return
                continue
            if w.handle(ev):
                if w is self.palette:
                    self.focus.index = self.focus.widgets.index(self.palette)
                return
        if ev.type == pygame.MOUSEBUTTONUP and ev.button in (1, 3) and self._click_hand(ev.pos, ev.button):
            return
        if ev.type == pygame.MOUSEMOTION:
            self.palette.handle(ev)
        if ev.type == pygame.KEYDOWN:
            self._key(ev)

    def _handle_options(self, ev) -> None:
        for w in self.option_widgets + [self.options_close]:
            if w.handle(ev):
                return
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                self.close_overlay()
            else:
                self.option_focus.handle_key(ev)

    def _click_hand(self, pos, button: int) -> bool:
        self._place_tiles()
        for rect, i in self.hand_rects:
            if rect.collidepoint(pos):
                if button == 3:
                    self.sel = i
                    self.remove_selected()
                else:
                    self.select(i)
                return True
        for rect, i in self.meld_x:
            if rect.collidepoint(pos):
                self.remove_meld(i)
                return True
        for rect, i, j in self.meld_rects:
            if rect.collidepoint(pos):
                if button == 3:
                    self.remove_meld(i)
                else:
                    self.click_meld_tile(i, j)
                return True
        return False

    def _key(self, ev) -> None:
        ctrl = ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if ctrl and ev.key == pygame.K_c:
            self.copy()
            return
        if ctrl and ev.key == pygame.K_v:
            self.paste()
            return
        if ev.key == pygame.K_ESCAPE:
            if self.target != "hand":
                self.set_target("hand")
            else:
                self.back()
            return
        if self.focus.current is self.palette and self.palette.key(ev):
            return
        if ev.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.remove_selected()
        elif ev.key == pygame.K_w:
            self.set_win_selected()
        elif ev.key == pygame.K_s:
            self.open_settle()
        elif ev.key == pygame.K_l:
            self.app.toggle_lang()
        elif ev.key in (pygame.K_LEFT, pygame.K_RIGHT) and not isinstance(self.focus.current,
                                                                          (widgets.Choice, widgets.Slider)):
            n = len(self.display_hand())
            if n:
                step = 1 if ev.key == pygame.K_RIGHT else -1
                self.sel = (step if self.sel is None and step < 0 else 0) % n if self.sel is None \
                    else (self.sel + step) % n
                self.layout()
        else:
            self.focus.handle_key(ev)

    # ------------------------------------------------------------------ drawing
    def draw(self, surf) -> None:
        L, s, c = self.L, self.s, self.calc
        focus = self.focus.current
        self._place_tiles()
        calcdraw.draw_frame(surf, L, s, self.variant_choice.rect.x)
        for w in (self.variant_choice, self.options_btn, self.lang_btn, self.back_btn):
            w.draw(surf, focus is w)
        calcdraw.draw_hand(surf, c, self.display_hand(), self.sel, self.hand_rects, L, s,
                           [(b, focus is b) for b in (self.win_btn, self.remove_btn, self.clear_btn)])
        calcdraw.draw_melds(surf, c, self.meld_rects, self.meld_x, L, s)
        for b in self.target_btns:
            b.draw(surf, focus is b)
        msg = self.message.text() if self.message is not None else self.note
        calcdraw.draw_palette_line(surf, self.target, msg, bool(self.message), L, s)
        self.palette.draw(surf, focus is self.palette)
        self.notation.draw(surf, focus is self.notation)
        for b in (self.copy_btn, self.copy_json_btn, self.paste_btn):
            b.draw(surf, focus is b)
        calcdraw.draw_right(surf, c, L, s,
                            [(w, focus is w) for w in (self.how_choice, self.seat_choice, self.from_choice,
                                                       self.dealer_choice)],
                            self.from_choice.rect,
                            [(b, key, y, focus is b) for (b, key), y in zip(self.pick_btns, self.pick_y)],
                            [(w, focus is w) for w in self.extra_widgets], self.declared_label_y, self.flags_top,
                            [(box, focus is box) for box, _key in self.flag_boxes], self.result_top,
                            (self.settle_btn, focus is self.settle_btn))
        calcdraw.draw_keys_line(surf, L, s, self.app.size[0])
        if self.overlay == "options":
            calcdraw.draw_options(surf, c, self.option_widgets, self.options_close, self.option_focus.current, s)
        elif self.overlay == "settle" and self.settle is not None:
            self.settle.draw(surf)

    def busy(self) -> bool:
        return self.settle is not None and self.settle.busy()

    def update(self, dt: float) -> None:
        if self.settle is not None:
            self.settle.update(dt)


class _Geometry:
    """Where everything sits at this window size (scaled from a 1280x720 design)."""

    def __init__(self, size: tuple[int, int], s: float):
        W_, H_ = size
        self.s = s

        def R(x: float, y: float, w: float, h: float) -> pygame.Rect:
            return pygame.Rect(round(x * s), round(y * s), round(w * s), round(h * s))

        right_w = 430
        self.right = pygame.Rect(W_ - round((right_w + 20) * s), round(66 * s), round(right_w * s),
                                 H_ - round(66 * s) - round(34 * s))
        left_w = (W_ - self.right.w - round(60 * s)) / s
        self.left = R(20, 66, left_w, 0)
        self.left.h = self.right.h
        self.variant = R(320, 14, 390, 40)
        self.options_btn = R(722, 14, 130, 40)
        self.lang_btn = pygame.Rect(W_ - round(236 * s), round(16 * s), round(96 * s), round(36 * s))
        self.back_btn = pygame.Rect(W_ - round(130 * s), round(16 * s), round(110 * s), round(36 * s))
        self.row_h = round(36 * s)
        self.gap = round(6 * s)
        lx = self.left.x + round(14 * s)
        lw = self.left.w - round(28 * s)
        self.hand_tw = min(round(46 * s), (lw - round(30 * s)) // 15)
        ch = tileart.tile_size(self.hand_tw)[1]
        self.hand_row = pygame.Rect(lx, self.left.y + round(34 * s), lw, ch)
        self.melds_row = pygame.Rect(lx, self.hand_row.bottom + round(34 * s), lw, tileart.tile_size(
            round(self.hand_tw * 0.78))[1])
        self.hand_tools = pygame.Rect(lx + lw - round(330 * s), self.left.y + round(2 * s), round(330 * s),
                                      round(28 * s))
        ty = self.melds_row.bottom + round(26 * s)
        self.targets = pygame.Rect(lx, ty, lw, round(34 * s))
        py = self.targets.bottom + round(30 * s)
        ny = H_ - round(34 * s) - round(40 * s)
        room = ny - round(12 * s) - py
        tw = round(54 * s)
        while tw > 16:  # 13.5 tiles across, three rows down
            pcw, pch = tileart.tile_size(tw)
            gap = max(2, tw // 10)
            if 13 * (pcw + gap) + pcw // 2 <= lw and 3 * (pch + 2 * gap) <= room:
                break
            tw -= 1
        self.palette_tw = tw
        self.palette = pygame.Rect(lx, py, 13 * (pcw + gap) + pcw // 2, 3 * (pch + 2 * gap))
        self.notation = pygame.Rect(lx, ny, lw - round(330 * s), round(38 * s))
        self.notation_btns = pygame.Rect(self.notation.right + round(10 * s), ny, round(320 * s), round(38 * s))
        self.settle_btn = pygame.Rect(self.right.x + round(14 * s), self.right.bottom - round(54 * s),
                                      self.right.w - round(28 * s), round(44 * s))


def calculator(app, **kw: Any) -> CalculatorScene:
    return CalculatorScene(app, **kw)
