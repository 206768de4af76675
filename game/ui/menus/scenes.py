"""Menu, table setup and settings scenes."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

import game.i18n as i18n
from game import __version__
from game.rules.options import salvage
from game.turntimer import TIMER_CHOICES
from game.ui import nav
from game.ui import settings as cfg
from game.ui.app import Scene
from game.ui.kit import drawlog, strings, tileart, widgets
from game.ui.kit.names import (
    KNOWN_VARIANTS,
    choice_labels,
    fixed_help,
    option_help,
    option_label,
    player_name,
    variant_title,
)
from game.ui.table.tableview import background
from game.ui.table.timer import timer_label

if TYPE_CHECKING:
    from game.rules.variants.base import Variant

HAND_CHOICES = (1, 2, 4, 8, 12, 16)
BASE_CHOICES = (1, 2, 3, 5, 10)


def registered() -> dict[str, Variant]:
    """The variants of this build by id."""
    # the rules load when a table is set up, not before the menu shows
    from game.rules.variants import all_variants

    return {v.id: v for v in all_variants()}


def _variant_title(vid: str) -> str:
    return i18n.variant_name(vid, strings.lang())


def variant_entries() -> list[tuple[str, str, str, Variant | None]]:
    reg = registered()
    out: list[tuple[str, str, str, Variant | None]] = [(vid, zh, en, reg.get(vid)) for vid, zh, en in KNOWN_VARIANTS]
    for vid, v in reg.items():
        if vid not in {e[0] for e in out}:
            out.append((vid, i18n.variant_name(vid, "zh"), i18n.variant_name(vid, "en"), v))
    return out


def available_levels() -> list[str]:
    """The three named levels (they fall back to the simple bot until the real ones exist)."""
    return list(strings.BOT_LEVELS)


def _seat_label(seat: int, host: bool) -> Callable[[], str]:
    """A bot seat's label in the current language; a LAN host's seats say no "bot" (they may stay open)."""

    def label() -> str:
        text = f"{strings.tr('setup.seat')} {seat + 1}"
        return text if host else f"{text} · {strings.tr('setup.bot')}"

    return label


# ====================================================================== menu

class ContinueCard(widgets.Button):
    """继续上局: the unfinished match's game, hand and the player's total, one click (or Enter) from going on."""

    def __init__(self, rect, info, on_click, scale: float):
        super().__init__(rect, widgets.tr_label("menu.continue"), on_click, "gold", name="continue")
        self.info = info  # () -> the second line, in the current language
        self.s = scale

    def draw(self, dest, focused: bool = False) -> None:
        r = self.rect
        s = self.s
        top, bottom, edge, txt = widgets.BUTTON_STYLES["gold"]
        if self.hover or focused:
            top = widgets.lighter(top, 18)
            g = widgets.button_glow((r.w + r.h, r.h * 2))
            dest.blit(g, (r.centerx - (r.w + r.h) // 2, r.centery - r.h))
        widgets.gradient_box(dest, r, top, bottom, max(6, r.h // 5), 3 if focused else 1,
                             widgets.CREAM if focused else edge)
        pad = round(18 * s)
        widgets.draw_text(dest, widgets.label_text(self.label), (r.x + pad, r.y + round(12 * s)), round(24 * s), txt,
                          "bold", max_width=r.w - 2 * pad)
        info = self.info()
        while " · " in info and widgets.text_width(info, math.ceil(12 * s - 0.01)) > r.w - 2 * pad:
            info = info.rsplit(" · ", 1)[0]  # a narrow window: the last facts (the time) go rather than shrink
        widgets.draw_text(dest, info, (r.x + pad, r.bottom - round(14 * s)), round(15 * s), (70, 40, 0),
                          anchor="bottomleft", max_width=r.w - 2 * pad)
        widgets.draw_text(dest, "▶", (r.right - pad, r.y + round(14 * s)), round(22 * s), txt, "bold",
                          anchor="topright")


class MenuScene(Scene):
    name = "menu"

    def __init__(self, app):
        super().__init__(app)
        self.unfinished, notice = cfg.load_unfinished()
        if notice is not None:
            app.notice(partial(strings.tr_notice, notice.key, notice.fmt), 10)
        self.continue_card: ContinueCard | None = None

    def layout(self) -> None:
        s = self.s
        W_, H_ = self.app.size
        bw, bh = round(300 * s), round(50 * s)
        x = round(110 * s)
        y0 = round(250 * s)
        gap = round(58 * s)
        specs = [
            ("play", "menu.play", self.play, "gold"),
            ("host", "menu.host", self.host, "green"),
            ("join", "menu.join", self.join, "green"),
            ("demo", "menu.demo", self.demo, "blue"),
            ("calculator", "menu.calc", self.calculator, "blue"),
            ("rules", "menu.rules", self.rules, "ghost"),
            ("replays", "menu.replays", self.replays, "ghost"),
            ("records", "menu.records", self.records, "ghost"),
            ("settings", "menu.settings", self.settings, "ghost"),
            ("quit", "menu.quit", self.app.quit, "dark"),
        ]
        # 牌局回放 and 战绩 share a row: both look back at saved matches
        rows = [[spec] for spec in specs if spec[0] != "records"]
        rows[[r[0][0] for r in rows].index("replays")].append(next(sp for sp in specs if sp[0] == "records"))
        if (H_ - y0) < len(rows) * gap + round(40 * s):
            gap = (H_ - y0 - round(40 * s)) // len(rows)
        self.buttons = []
        for i, row in enumerate(rows):
            half = (bw - round(10 * s)) // 2
            for k, (name, key, cb, style) in enumerate(row):
                w = bw if len(row) == 1 else half
                bx = x + k * (half + round(10 * s))
                self.buttons.append(widgets.Button((bx, y0 + i * gap, w, min(bh, gap - round(8 * s))),
                                                   widgets.tr_label(key), cb, style, size=round(19 * s), name=name))
        self.lang_btn = widgets.Button((W_ - round(130 * s), round(20 * s), round(110 * s), round(38 * s)),
                                       widgets.tr_label("menu.lang_toggle"), self.app.toggle_lang, "dark",
                                       size=round(16 * s), name="lang")
        # which game the demo shows (all in turn, or pinned to one), beside its button
        demo = next(b for b in self.buttons if b.name == "demo")
        pins = [""] + [vid for vid, _zh, _en in KNOWN_VARIANTS if vid != "kunming"]
        cur = self.app.settings.demo_variant if self.app.settings.demo_variant in pins else ""
        self.demo_pin = widgets.Choice(
            (demo.rect.right + round(12 * s), demo.rect.y, round(220 * s), demo.rect.h), "", pins,
            [widgets.tr_label("demo.all")] + [widgets.tr_label(f"demo.short.{v}") for v in pins[1:]],
            cur, self._pin_demo, label_w=0.0)
        old = getattr(self, "focus", None)
        ring: list[widgets.Widget] = list(self.buttons)
        ring.insert(ring.index(demo) + 1, self.demo_pin)
        self.continue_card = None
        if self.unfinished is not None:
            cw, chh = round(460 * s), round(96 * s)
            self.continue_card = ContinueCard((round(W_ * 0.7) - cw // 2, round(H_ * 0.66), cw, chh),
                                              self._continue_info, self.resume, s)
            ring.insert(0, self.continue_card)  # Enter goes on with the match left unfinished
        self.focus = widgets.FocusRing(ring)
        self.focus.index = old.index if old is not None else 0
        self.held = self._held_panel()
        if self.held is not None:
            self.held.layout(s, (W_, H_))

    def _held_panel(self):
        """A LAN seat this machine still holds (a client that crashed or was closed): offered back at once."""
        if getattr(self, "held", None) is None:
            return nav.part(self.app, "held_seats")
        return self.held

    def play(self) -> None:
        self.app.goto(SetupScene(self.app))

    def _continue_info(self) -> str:
        data = self.unfinished or {}
        m = data.get("match") or {}
        played = len(m.get("hands_played") or [])
        total = m.get("hands", played)
        now = played + 1 if isinstance(m.get("hand_in_progress"), dict) else played
        seat = data.get("human_seat")
        totals = m.get("totals") or []
        parts = [variant_title(str(m.get("variant"))) or "?", strings.tr("menu.continue_hand", i=max(1, now), n=total)]
        if isinstance(seat, int) and 0 <= seat < len(totals) and isinstance(totals[seat], int):
            parts.append(strings.tr("menu.continue_total", t=f"{totals[seat]:+d}" if totals[seat] else "0"))
        if data.get("saved"):
            parts.append(str(data["saved"])[:16])
        return " · ".join(parts)

    def resume(self) -> None:
        """Go on with the unfinished match where it stopped; one that no longer replays is kept aside, with why."""
        data = self.unfinished
        if data is None:
            return
        try:
            table = nav.screen(self.app, "resume_table", data=data)
        except cfg.ReplayProblem as e:
            self._cannot_resume(e.reason, e.detail)
            return
        except (ValueError, KeyError, TypeError) as e:
            self._cannot_resume("bad_moves", str(e))
            return
        self.app.goto(table)

    def _cannot_resume(self, reason: str, detail: str) -> None:
        notice = cfg.set_aside_unfinished(reason, detail)
        self.app.notice(partial(strings.tr_notice, notice.key, notice.fmt), 10)
        self.unfinished = None
        self.layout()

    # the menu's buttons that only go to their screen
    records = nav.leads_to("records")
    host = nav.leads_to("host")
    join = nav.leads_to("join")
    demo = nav.leads_to("demo")
    calculator = nav.leads_to("calculator")
    rules = nav.leads_to("rules")
    replays = nav.leads_to("replays")

    def _pin_demo(self, vid: str) -> None:
        self.app.settings.demo_variant = vid
        self.app.save_settings()

    def settings(self) -> None:
        self.app.goto(SettingsScene(self.app, back=lambda: self.app.goto(MenuScene(self.app))))

    def handle(self, ev) -> None:
        if self.lang_btn.handle(ev) or self.demo_pin.handle(ev):
            return
        if self.held is not None and self.held.handle(ev):
            return
        if self.continue_card is not None and self.continue_card.handle(ev):
            return
        for b in self.buttons:
            if b.handle(ev):
                return
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_l:
                self.app.toggle_lang()
            elif ev.key == pygame.K_ESCAPE:
                self.focus.index = len(self.buttons) - 1
            else:
                self.focus.handle_key(ev)

    def draw(self, surf) -> None:
        s = self.s
        W_, H_ = self.app.size
        surf.blit(background(surf.get_size()), (0, 0))
        # title
        widgets.draw_text(surf, strings.tr("app.title"), (round(108 * s), round(70 * s)), round(76 * s), widgets.GOLD,
                          "serif", shadow=True)
        sub = widgets.draw_text(surf, strings.tr("app.subtitle"), (round(112 * s), round(178 * s)), round(18 * s),
                                (220, 236, 220))
        pygame.draw.line(surf, (220, 190, 110), (round(112 * s), round(212 * s)),
                         (max(round(520 * s), sub.right), round(212 * s)), max(1, round(2 * s)))
        # a fan of tiles on the right
        fan = (18, 27, 33, 31, 13, 4)
        cx, cy = round(W_ * 0.7), round(H_ * 0.48)
        tw = round(96 * s)
        for i, t in enumerate(fan):
            ang = (i - (len(fan) - 1) / 2) * 9
            img = tileart.tile_surface(t, tw, standing=True, highlight="wild" if t == 18 else None)
            img = pygame.transform.rotozoom(img, -ang, 1.0)
            off = (i - (len(fan) - 1) / 2) * tw * 0.78
            dy = abs(i - (len(fan) - 1) / 2) ** 2 * 8 * s
            surf.blit(img, img.get_rect(center=(round(cx + off), round(cy + dy))))
        widgets.draw_text(surf, strings.tr("menu.hint"), (round(110 * s), H_ - round(28 * s)), round(14 * s),
                          widgets.MUTED, anchor="bottomleft")
        widgets.draw_text(surf, strings.tr("app.version", v=__version__), (W_ - round(20 * s), H_ - round(20 * s)),
                          round(13 * s), widgets.MUTED, anchor="bottomright")
        for b in self.buttons:
            b.draw(surf, self.focus.current is b)
        self.demo_pin.draw(surf, self.focus.current is self.demo_pin)
        if self.continue_card is not None:
            self.continue_card.draw(surf, self.focus.current is self.continue_card)
        self.lang_btn.draw(surf)
        if self.held is not None:
            self.held.draw(surf, s)

    def busy(self) -> bool:
        return False


# ====================================================================== table setup

class VariantCard(widgets.Button):
    """A game to pick: its name and its description (wrapped to at most three lines, smaller type if need be)."""

    def __init__(self, rect, name, blurb, on_click, selected: bool, enabled: bool, vid: str, scale: float = 1.0):
        super().__init__(rect, name, on_click, "gold" if selected else "ghost", enabled=enabled, name=vid)
        self.blurb = blurb
        self.selected = selected
        self.s = scale

    def draw(self, dest, focused: bool = False) -> None:
        r = self.rect
        s = self.s
        top, bottom, edge, txt = widgets.BUTTON_STYLES["gold" if self.selected else "ghost"]
        if not self.enabled:
            top, bottom, edge, txt = (28, 44, 38), (20, 34, 28), (70, 90, 80), widgets.MUTED
        elif self.hover or focused:
            top = widgets.lighter(top, 18)
        widgets.gradient_box(dest, r, top, bottom, max(6, r.h // 6), 2 if (focused or self.selected) else 1,
                             widgets.GOLD if focused else edge)
        pad = max(6, round(10 * s))
        title = max(12, round(21 * s))
        widgets.draw_text(dest, widgets.label_text(self.label), (r.x + pad, r.y + pad - round(3 * s)), title,
                          txt if self.selected else (widgets.GOLD if self.enabled else widgets.MUTED), "bold",
                          max_width=r.w - 2 * pad)
        y0 = r.y + pad + round(title * 1.25)
        blurb = widgets.label_text(self.blurb)
        for size in (round(14 * s), round(13 * s), round(12 * s)):
            step = round(size * 1.3)
            lines = widgets.wrap(blurb, size, r.w - 2 * pad)
            if y0 + len(lines) * step <= r.bottom - pad // 2:
                break
        fits = max(0, (r.bottom - pad // 2 - y0) // step)
        y = y0
        for line in lines[:fits]:
            widgets.draw_text(dest, line, (r.x + pad, y), size, (70, 40, 0) if self.selected else (210, 225, 215))
            y += step
        drawlog.dropped(dest, lines[fits:], pygame.Rect(r.x + pad, y, r.w - 2 * pad, size), size)


class SetupScene(Scene):
    name = "setup"

    def __init__(self, app, mode: str = "play", on_start=None, back=None):
        super().__init__(app)
        self.mode = mode
        self.on_start = on_start
        self.back_cb = back
        st = app.settings
        self.entries = variant_entries()
        reg = {e[0] for e in self.entries if e[3] is not None}
        first = next((e[0] for e in self.entries if e[0] in reg), "wenshan")
        self.variant_id = st.last_variant if st.last_variant in reg else first
        self.options: dict = {}
        self.hands = st.last_hands if st.last_hands in HAND_CHOICES else 8
        self.levels: list[str] = list(st.last_bots) if st.last_bots else []
        self.host_levels: list[str] = ["open"] * 8  # a LAN table: seats wait for players unless given a bot
        self.seed_text = ""
        self.table_name = ""
        self.assists = True  # host: the players' windows may show hints and the tile tracker
        # host: what watchers see; hands open suits a teaching or bot-only table (the join list says so)
        self.watch = "public"
        # host: how long every discard stays open for claims, the same whoever may claim (None: the tables' default)
        self.claim_s: float | None = None
        self._load_options()

    # ------------------------------------------------------------------ state
    @property
    def variant(self):
        for e in self.entries:
            if e[0] == self.variant_id:
                return e[3]
        return None

    def _load_options(self) -> None:
        v = self.variant
        if v is None:
            self.options = {}
            return
        saved = (self.app.settings.last_options or {}).get(self.variant_id, {})
        self.options = salvage(v.schema, saved)  # an option a settings file cannot give falls back alone

    def players(self) -> int:
        v = self.variant
        return 4 if v is None else v.players(self.options)

    def select_variant(self, vid: str) -> None:
        self.variant_id = vid
        self._load_options()
        self.app.sound.play("click")
        self.layout()

    def set_option(self, key, value) -> None:
        self.options[key] = value
        if key == "players":
            self.layout()

    # ------------------------------------------------------------------ layout
    def panel_rect(self) -> pygame.Rect:
        s = self.s
        W_, H_ = self.app.size
        px = round(410 * s)
        return pygame.Rect(px, round(84 * s), W_ - px - round(20 * s), H_ - round(84 * s) - round(104 * s))

    def layout(self) -> None:
        s = self.s
        W_, H_ = self.app.size
        self.cards = []
        top_y, bottom = round(100 * s), H_ - round(30 * s)
        ch = min(round(118 * s), (bottom - top_y) // max(1, len(self.entries)))
        cw = round(360 * s)
        y = top_y
        for vid, zh, en, v in self.entries:
            known = i18n.has(f"rules.variant.{vid}.name")
            title: Callable[[], str] = widgets.lang_label(zh, en)
            if known:
                title = partial(_variant_title, vid)
            b = VariantCard((round(36 * s), y, cw, ch - round(10 * s)), title,
                            (lambda vid=vid: i18n.variant_blurb(vid, strings.lang())) if v is not None
                            else widgets.tr_label("setup.coming"),
                            (lambda vid=vid: self.select_variant(vid)) if v is not None else None,
                            vid == self.variant_id, v is not None, vid, s)
            self.cards.append(b)
            y += ch
        v = self.variant
        panel = self.panel_rect()
        px = round(430 * s)
        pw = (W_ - px - round(36 * s) - round(24 * s)) // 2
        rh = round(46 * s)
        colA: list[widgets.Widget] = []
        colB: list[widgets.Widget] = []
        if v is not None:
            for o in v.schema:
                if o.key == "players":
                    continue
                colA.append(self._option_widget(o, pw, rh))
            players_opt = next((o for o in v.schema if o.key == "players"), None)
            if players_opt is not None and players_opt.choices and not players_opt.fixed:
                colB.append(widgets.Choice((0, 0, pw, rh), widgets.tr_label("setup.players"), list(players_opt.choices),
                                           [str(c) for c in players_opt.choices],
                                           self.options.get("players", players_opt.default),
                                           lambda val: self.set_option("players", val), ordered=True))
            n = self.players()
            levels = available_levels()
            while len(self.levels) < n:
                self.levels.append("normal")
            for seat in range(1, n):
                lbl = _seat_label(seat, host=self.mode == "host")
                if self.mode == "host":
                    # a LAN host waits for friends: every other seat is open unless the host puts a bot there
                    vals = ["open", *levels]
                    labels = [widgets.tr_label("setup.lan_open")] + [widgets.tr_label(f"bot.{lv}") for lv in levels]
                    cur = self.host_levels[seat] if self.host_levels[seat] in vals else "open"
                else:
                    vals = levels
                    labels = [widgets.tr_label(f"bot.{lv}") for lv in levels]
                    cur = self.levels[seat] if self.levels[seat] in vals else "normal"
                colB.append(widgets.Choice((0, 0, pw, rh), lbl, vals, labels, cur,
                                           lambda val, seat=seat: self._set_level(seat, val)))
            colB.append(widgets.Choice((0, 0, pw, rh), widgets.tr_label("setup.hands"), list(HAND_CHOICES),
                                       [str(h) for h in HAND_CHOICES], self.hands, self._set_hands, ordered=True))
            colB.append(widgets.TextInput((0, 0, pw, rh), widgets.tr_label("setup.seed"), self.seed_text,
                                          self._set_seed, placeholder=widgets.tr_label("setup.seed_hint"), max_len=12,
                                          allowed="0123456789"))
            # the turn timer: a table option (off by default against bots, on by default at a LAN table)
            timers = list(TIMER_CHOICES)
            host = self.mode == "host"
            colB.append(widgets.Choice((0, 0, pw, rh),
                                       widgets.tr_label("setup.lan_timer" if host else "setup.turn_timer"),
                                       timers, [timer_label(t) for t in timers],
                                       self.app.settings.lan_timer if host else self.app.settings.turn_timer,
                                       self._set_timer, ordered=True))
            if self.mode == "host":
                colB.append(widgets.TextInput((0, 0, pw, rh), widgets.tr_label("setup.table_name"), self.table_name,
                                              self._set_table_name, placeholder=lambda: player_name(self.app),
                                              max_len=20))
                colB.append(widgets.Checkbox((0, 0, pw, rh), widgets.tr_label("lan.assists"), self.assists,
                                             self._set_assists))
                modes = ["public", "open", "off"]
                colB.append(widgets.Choice((0, 0, pw, rh), widgets.tr_label("lan.watch_mode"), modes,
                                           [widgets.tr_label(f"lan.watch_mode.{m}") for m in modes], self.watch,
                                           self._set_watch))
                windows = [1.0, None, 2.0, 3.0, 5.0]  # None: the default, 1.5 s
                colB.append(widgets.Choice((0, 0, pw, rh), widgets.tr_label("lan.claim_window"), windows,
                                           [widgets.tr_label("lan.claim_s", s=f"{w or 1.5:g}") for w in windows],
                                           self.claim_s, self._set_claim))
        top = round(140 * s)
        gap = round(10 * s)
        old_a = getattr(self, "col_a", None)
        self.col_a = widgets.ScrollColumn((px, top, pw, panel.bottom - round(14 * s) - top), colA, gap, s)
        # the seats column leaves room at the bottom for "seat 1 · you" and the fixed player count
        col_b_rect = (px + pw + round(24 * s), top, pw, panel.bottom - round(74 * s) - top)
        self.col_b = widgets.ScrollColumn(col_b_rect, colB, gap, s)
        if old_a is not None and old_a.widgets and colA and len(old_a.widgets) == len(colA):
            self.col_a.scroll_to(old_a.scroll)  # a relayout (language, seats) keeps the list where it was
        self.colA, self.colB = colA, colB
        bw, bh = round(220 * s), round(54 * s)
        self.start_btn = widgets.Button((W_ - round(36 * s) - bw, H_ - round(30 * s) - bh, bw, bh),
                                        widgets.tr_label("setup.start_host" if self.mode == "host" else "setup.start"),
                                        self.start, "gold", enabled=v is not None, size=round(20 * s), name="start")
        self.back_btn = widgets.Button((W_ - round(36 * s) - 2 * bw - round(16 * s), H_ - round(30 * s) - bh, bw, bh),
                                       widgets.tr_label("common.back"), self.back, "dark", size=round(18 * s),
                                       name="back")
        old = getattr(self, "focus", None)
        self.focus = widgets.FocusRing(self.cards + colA + colB + [self.start_btn, self.back_btn])
        if old is not None and 0 <= old.index < len(self.focus.widgets):
            self.focus.index = old.index

    def _option_widget(self, o, pw, rh):
        label = option_label(o)
        help_ = option_help(o)
        val = self.options.get(o.key, o.default)
        if o.fixed:  # "固定：…": the rule always holds in this game, and what it does
            help_ = fixed_help(o)
        if o.is_bool:
            cb = widgets.Checkbox((0, 0, pw, rh), label, bool(val), partial(self.set_option, o.key),
                                  enabled=not o.fixed, help=help_, bar=rh)
            cb.rect.h = widgets.option_height(rh, widgets.label_text(help_) if help_ else "", cb.help_width(), self.s)
            return cb
        choices = list(o.choices) if o.choices else list(BASE_CHOICES)
        if val not in choices:
            choices = sorted(set(choices) | {val})
        numeric = all(isinstance(c, (int, float)) and not isinstance(c, bool) for c in choices)
        ch = widgets.Choice((0, 0, pw, rh), label, choices, choice_labels(o, choices), val,
                            lambda x, k=o.key: self.set_option(k, x), enabled=not o.fixed, help=help_, bar=rh,
                            ordered=numeric)
        ch.rect.h = widgets.option_height(rh, widgets.label_text(help_) if help_ else "", pw, self.s, tuck=False)
        return ch

    def _set_timer(self, seconds: int) -> None:
        if self.mode == "host":
            self.app.settings.lan_timer = seconds
        else:
            self.app.settings.turn_timer = seconds
        self.app.save_settings()

    def _set_level(self, seat, val):
        (self.host_levels if self.mode == "host" else self.levels)[seat] = val

    def _set_hands(self, val):
        self.hands = val

    def _set_seed(self, text):
        self.seed_text = text

    def _set_table_name(self, text):
        self.table_name = text

    def _set_assists(self, on: bool) -> None:
        self.assists = on

    def _set_watch(self, mode: str) -> None:
        self.watch = mode

    def _set_claim(self, seconds: float | None) -> None:
        self.claim_s = seconds

    # ------------------------------------------------------------------ actions
    def back(self) -> None:
        if self.back_cb:
            self.back_cb()
        else:
            self.app.goto(MenuScene(self.app))

    def start(self) -> None:
        v = self.variant
        if v is None:
            self.app.notice(strings.tr("variant.missing"))
            return
        seed = int(self.seed_text) if self.seed_text.isdigit() else random.randrange(1, 10**9)
        n = self.players()
        st = self.app.settings
        st.last_variant = self.variant_id
        st.last_hands = self.hands
        st.last_options = dict(st.last_options or {})
        st.last_options[self.variant_id] = {k: val for k, val in self.options.items()}
        if self.mode != "host":
            st.last_bots = list(self.levels)
        self.app.save_settings()
        chosen = self.host_levels if self.mode == "host" else self.levels
        levels = [None] + [chosen[i] for i in range(1, n)]
        if self.on_start:
            self.on_start(v, dict(self.options), self.hands, seed, levels, self.table_name or player_name(self.app))
            return
        start_local_table(self.app, v, dict(self.options), self.hands, seed, levels)

    def handle(self, ev) -> None:
        if self.col_a.handle(ev) or self.col_b.handle(ev):
            return
        for w in [*self.cards, self.start_btn, self.back_btn]:
            if w.handle(ev):
                return
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                self.back()
                return
            cur = self.focus.current
            # Enter starts the table - also right after typing a seed or a table name
            typed = any(isinstance(w, widgets.TextInput) and w.submitted for w in self.colB)
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and (cur is None or cur is self.start_btn or typed):
                for widget in self.colB:
                    if isinstance(widget, widgets.TextInput):
                        widget.submitted = False
                self.start()
                return
            self.focus.handle_key(ev)
            self.col_a.ensure_visible(self.focus.current)
            self.col_b.ensure_visible(self.focus.current)

    def draw(self, surf) -> None:
        s = self.s
        W_ = self.app.size[0]
        surf.blit(background(surf.get_size()), (0, 0))
        title = strings.tr("setup.title_host" if self.mode == "host" else "setup.title")
        widgets.draw_text(surf, title, (round(36 * s), round(26 * s)), round(38 * s), widgets.GOLD, "serif",
                          shadow=True)
        widgets.draw_text(surf, strings.tr("setup.hint"), (W_ - round(36 * s), round(40 * s)), round(14 * s),
                          widgets.MUTED, anchor="topright")
        widgets.draw_text(surf, strings.tr("setup.variant"), (round(40 * s), round(78 * s)), round(15 * s),
                          widgets.MUTED, "bold")
        panel = self.panel_rect()
        widgets.panel(surf, panel, (10, 28, 22), 215, round(14 * s), 2)
        widgets.draw_text(surf, strings.tr("setup.options"), (round(430 * s), round(100 * s)), round(18 * s),
                          widgets.GOLD, "bold")
        if self.colB:
            widgets.draw_text(surf, strings.tr("setup.seats"), (self.col_b.viewport.x, round(100 * s)), round(18 * s),
                              widgets.GOLD, "bold")
        n = self.players()
        v = self.variant
        if v is not None:
            players_opt = next((o for o in v.schema if o.key == "players"), None)
            you = f"{strings.tr('setup.seat')} 1 · {strings.tr('setup.you')}: {player_name(self.app)}"
            if self.colB:
                x = self.col_b.viewport.x
                widgets.draw_text(surf, you, (x, panel.bottom - round(40 * s)), round(15 * s), widgets.CREAM,
                                  max_width=self.col_b.viewport.w)
                if players_opt is None or players_opt.fixed or not players_opt.choices:
                    widgets.draw_text(surf, strings.tr("setup.players_fixed", n=n), (x, panel.bottom - round(64 * s)),
                                      round(14 * s), widgets.MUTED, max_width=self.col_b.viewport.w)
        cur = self.focus.current
        for w in self.cards:
            w.draw(surf, cur is w)
        self.col_a.draw(surf, cur)
        self.col_b.draw(surf, cur)
        self.start_btn.draw(surf, cur is self.start_btn)
        self.back_btn.draw(surf, cur is self.back_btn)


def start_local_table(app, variant, options: dict, hands: int, seed, levels: list) -> None:
    """Create a LocalSession against bots and go to the table."""
    nav.go(app, "local_table", variant=variant, options=options, hands=hands, seed=seed, levels=levels)


# ====================================================================== settings

class SettingsScene(Scene):
    name = "settings"

    def __init__(self, app, back=None):
        super().__init__(app)
        self.back_cb = back

    def layout(self) -> None:
        s = self.s
        W_, H_ = self.app.size
        st = self.app.settings
        pw, rh = round(520 * s), round(44 * s)
        gap = round(60 * s)
        xa = W_ // 2 - pw - gap // 2  # the window and the player
        xb = W_ // 2 + gap // 2  # the table (issue 39's switches among them)
        y0 = round(128 * s)
        sizes = list(cfg.WINDOW_SIZES)
        cur = tuple(st.window)
        if cur not in sizes:
            sizes = sorted([*sizes, cur])
        sound_help = widgets.tr_label("settings.no_audio") if not self.app.sound.available else None
        self.col_a: list[widgets.Widget] = [
            widgets.Choice((xa, 0, pw, rh), widgets.tr_label("settings.lang"), list(strings.LANGS),
                           [widgets.tr_label(f"lang.{code}") for code in strings.LANGS], strings.lang(),
                           self.app.set_lang),
            widgets.Checkbox((xa, 0, pw, rh), widgets.tr_label("settings.sound"), st.sound, self._sound,
                             help=sound_help, bar=rh),
            widgets.Slider((xa, 0, pw, rh), widgets.tr_label("settings.volume"), st.volume, self._volume),
            widgets.Choice((xa, 0, pw, rh), widgets.tr_label("settings.anim"), list(cfg.ANIM_SPEEDS),
                           [widgets.tr_label(f"anim.{a}") for a in cfg.ANIM_SPEEDS], st.anim, self._anim),
            widgets.Choice((xa, 0, pw, rh), widgets.tr_label("settings.window"), sizes, [f"{a}×{b}" for a, b in sizes],
                           cur, self._window, ordered=True),
            widgets.Checkbox((xa, 0, pw, rh), widgets.tr_label("settings.fullscreen"), self.app.fullscreen,
                             self.app.set_fullscreen),
            widgets.TextInput((xa, 0, pw, rh), widgets.tr_label("settings.name"), st.name, self._name,
                              placeholder=widgets.tr_label("player.you"), max_len=16),
        ]
        self.col_b: list[widgets.Widget] = [
            widgets.Checkbox((xb, 0, pw, rh), widgets.tr_label("settings.hints"), st.hints, self._hints),
            widgets.Checkbox((xb, 0, pw, rh), widgets.tr_label("settings.ting"), st.ting, self._flag("ting")),
            widgets.Checkbox((xb, 0, pw, rh), widgets.tr_label("settings.one_tap"), st.one_tap, self._flag("one_tap")),
            widgets.Checkbox((xb, 0, pw, rh), widgets.tr_label("settings.chicken_confirm"), st.chicken_confirm,
                             self._flag("chicken_confirm")),
            widgets.Checkbox((xb, 0, pw, rh), widgets.tr_label("settings.colour_marks"), st.colour_marks,
                             self._colour_marks),
            widgets.Checkbox((xb, 0, pw, rh), widgets.tr_label("settings.timer_ticks"), st.timer_ticks,
                             self._flag("timer_ticks")),
            widgets.Checkbox((xb, 0, pw, rh), widgets.tr_label("settings.phrases"), st.phrases, self._flag("phrases")),
        ]
        self.widgets = self.col_a + self.col_b
        for w in self.widgets:
            if isinstance(w, widgets.Checkbox) and w.help:
                w.rect.h = widgets.option_height(rh, widgets.label_text(w.help), w.help_width(), s)
        for col in (self.col_a, self.col_b):
            y = y0
            for w in col:
                w.rect.y = y
                y += w.rect.h + round(8 * s)
        bw, bh = round(220 * s), round(52 * s)
        self.back_btn = widgets.Button((W_ // 2 - bw // 2, H_ - round(36 * s) - bh, bw, bh),
                                       widgets.tr_label("common.back"), self.back, "gold", size=round(19 * s),
                                       name="back")
        old = getattr(self, "focus", None)
        self.focus = widgets.FocusRing(self.widgets + [self.back_btn])
        if old is not None:
            self.focus.index = old.index

    def _flag(self, name: str) -> Callable[[bool], None]:
        """A table switch that is only saved (the table reads it as it plays)."""
        def set_(on: bool) -> None:
            setattr(self.app.settings, name, on)
            self.app.save_settings()
        return set_

    def _colour_marks(self, on: bool) -> None:
        self.app.settings.colour_marks = on
        tileart.set_marks(on)
        self.app.save_settings()
        self.app.invalidate()

    def _sound(self, on):
        self.app.settings.sound = on
        self.app.sound.enabled = on
        self.app.save_settings()
        self.app.sound.play("click")

    def _volume(self, v):
        self.app.settings.volume = round(v, 2)
        self.app.sound.volume = v
        self.app.save_settings()

    def _anim(self, a):
        self.app.settings.anim = a
        self.app.save_settings()

    def _hints(self, on):
        self.app.settings.hints = on
        self.app.save_settings()

    def _window(self, size):
        self.app.resize(size)

    def _name(self, text):
        self.app.settings.name = text.strip()
        self.app.save_settings()

    def back(self) -> None:
        if self.back_cb:
            self.back_cb()
        else:
            self.app.goto(MenuScene(self.app))

    def handle(self, ev) -> None:
        for w in self.widgets + [self.back_btn]:
            if w.handle(ev):
                return
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                self.back()
                return
            self.focus.handle_key(ev)

    def draw(self, surf) -> None:
        s = self.s
        W_ = self.app.size[0]
        surf.blit(background(surf.get_size()), (0, 0))
        widgets.draw_text(surf, strings.tr("settings.title"), (W_ // 2, round(30 * s)), round(40 * s), widgets.GOLD,
                          "serif", anchor="midtop", shadow=True)
        boxes = []
        for col in (self.col_a, self.col_b):
            first, last = col[0].rect, col[-1].rect
            box = pygame.Rect(first.x - round(24 * s), first.y - round(38 * s), first.w + round(48 * s),
                              last.bottom - first.y + round(56 * s))
            boxes.append(box)
        bottom = max(b.bottom for b in boxes)
        for box, title in zip(boxes, ("settings.general", "settings.table")):
            box.h = bottom - box.y
            widgets.panel(surf, box)
            widgets.draw_text(surf, strings.tr(title), (box.x + round(22 * s), box.y + round(10 * s)), round(15 * s),
                              widgets.GOLD, "bold")
        box = boxes[0].union(boxes[1])
        for w in self.widgets:
            w.draw(surf, self.focus.current is w)
        # where the file is: the words on one line, the path (long on some systems) on the next
        where = strings.tr("settings.saved_in", path="").rstrip()
        widgets.draw_text(surf, where, (W_ // 2, box.bottom + round(8 * s)), round(13 * s), widgets.MUTED,
                          anchor="midtop")
        widgets.draw_text(surf, str(cfg.settings_path()), (W_ // 2, box.bottom + round(27 * s)), round(13 * s),
                          widgets.MUTED, anchor="midtop", max_width=W_ - round(40 * s))
        self.back_btn.draw(surf, self.focus.current is self.back_btn)
