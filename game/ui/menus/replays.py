"""Saved matches: the list, and a viewer that steps through a hand move by move, from a seat or all open.

States are rebuilt by the rules core itself: each hand is dealt again from the
match seed (``engine.new_hand`` with the recorded dealer, streak and scores) and
the recorded actions are applied one by one.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pygame

from game.rules import engine
from game.rules.actions import from_json
from game.rules.match import Match, level_prompts
from game.rules.variants import get as get_variant
from game.rules.view import View
from game.rules.view import view as make_view
from game.ui import nav
from game.ui import settings as cfg
from game.ui.app import Scene
from game.ui.kit import drawlog, strings, widgets
from game.ui.kit.names import bot_name, player_name, shown, shown_all, variant_name, variant_title
from game.ui.kit.settletext import win_line
from game.ui.table.layout import TableLayout
from game.ui.table.tableview import TableRenderer, background


class ReplayData:
    """A saved match with per-hand starting conditions; hands are expanded into states on demand."""

    def __init__(self, data: dict):
        """``data`` as ``settings.load_replay`` returns it; a match this build cannot replay is a ReplayProblem
        ("unknown_variant", "damaged" or "bad_moves", its detail naming the hand and the move)."""
        self.data = data
        m = data["match"]
        cfg.check_match(m)
        self.match = m
        try:
            self.variant = get_variant(m["variant"])
        except ValueError as e:
            raise cfg.ReplayProblem("unknown_variant", str(e)) from None
        self.raw_names = [str(x) for x in (data.get("names") or [])]
        try:
            probe = Match(self.variant, m.get("options"), m.get("seed", 0),
                          int(m.get("hands", len(m["hands_played"]))), level_prompts=level_prompts(m))
        except (ValueError, TypeError, KeyError) as e:  # options this build does not take
            raise cfg.ReplayProblem("damaged", str(e)) from None
        self.n = probe.n
        seat = data.get("human_seat")  # a seat number, or None for a file that says anything else
        self.human_seat: int | None = seat if type(seat) is int and 0 <= seat < self.n else None
        if len(self.raw_names) < self.n:
            self.raw_names += [f"#{i + 1}" for i in range(len(self.raw_names), self.n)]
        self.starts = []  # (dealer, streak, scores) before each hand
        for i, rec in enumerate(m["hands_played"]):
            self.starts.append((probe.dealer, probe.streak, list(probe.scores)))
            st, _ = probe.start_hand()
            for j, item in enumerate(rec.get("actions", [])):
                try:
                    engine.apply(st, from_json(item))
                except Exception as e:  # noqa: BLE001 - any damage to a move: reported with its position
                    raise cfg.ReplayProblem("bad_moves", f"hand {i + 1}, move {j + 1}: {e}") from None
            if st.end is None:
                raise cfg.ReplayProblem("bad_moves", f"hand {i + 1} does not end")
            probe.finish_hand()
        self.options = probe.options
        self.seed = m.get("seed", 0)
        self._cache: dict[int, tuple] = {}

    @property
    def names(self) -> list[str]:
        """The players' names as shown now (the game's own names in the current language)."""
        return shown_all(self.raw_names)

    @property
    def hands(self) -> int:
        return len(self.match["hands_played"])

    @property
    def planned(self) -> int:
        """The hands the match was to have (more than ``hands`` when it was left unfinished)."""
        try:
            return max(self.hands, int(self.match.get("hands", self.hands)))
        except (TypeError, ValueError):
            return self.hands

    def hand(self, i: int):
        """(states, events per step, actions) of hand i: states[k] is the table after k recorded moves."""
        if i in self._cache:
            return self._cache[i]
        dealer, streak, scores = self.starts[i]
        st, ev0 = engine.new_hand(self.variant, self.options, seed=self.seed, dealer=dealer, hand_no=i,
                                  dealer_streak=streak, scores=scores)
        if level_prompts(self.match):
            st.extra[engine.LEVEL_PROMPTS] = True
        states, events, actions = [st.copy()], [ev0], []
        for item in self.match["hands_played"][i].get("actions", []):
            a = from_json(item)
            _st, ev = engine.apply(st, a)
            states.append(st.copy())
            events.append(ev)
            actions.append(a)
        self._cache = {i: (states, events, actions)}
        return self._cache[i]


def describe(action, names: list[str]) -> str:
    who = names[action.seat]
    if action.kind == "discard":
        return f"{who} · {strings.tr('act.discard')} {strings.tile_name(action.tile)}"
    if action.kind == "chow" and action.tiles:
        return f"{who} · {strings.tr('act.chow')} {strings.run_name(list(action.tiles))}"
    if action.kind == "kong" and action.tile is not None:
        return f"{who} · {strings.tr('act.kong')} {strings.tile_name(action.tile)}"
    return f"{who} · {strings.tr('act.' + action.kind)}"


# ====================================================================== the list

class ReplaysScene(Scene):
    name = "replays"

    def __init__(self, app):
        super().__init__(app)
        self.entries = cfg.list_replays()
        self.scroll = 0
        self.sel = 0

    def layout(self) -> None:
        s = self.s
        W_, H_ = self.app.size
        self.back_btn = widgets.corner_back(self.app.size, s, self.back)
        self.list_rect = pygame.Rect(round(40 * s), round(100 * s), W_ - round(80 * s), H_ - round(200 * s))
        self.row_h = round(64 * s)
        self._rows()

    def _rows(self) -> None:
        s = self.s
        self.rows = []
        y = self.list_rect.y - self.scroll
        for i, e in enumerate(self.entries):
            r = pygame.Rect(self.list_rect.x, y, self.list_rect.w, self.row_h - round(8 * s))
            b = widgets.Button((r.right - round(130 * s), r.y + round(10 * s), round(116 * s), r.h - round(20 * s)),
                               widgets.tr_label("replays.open"), lambda i=i: self.open(i), "gold",
                               enabled=e.error is None, name=f"open{i}", size=round(16 * s))
            self.rows.append((r, b))
            y += self.row_h

    back = nav.leads_to("menu")

    def open(self, i: int) -> None:
        e = self.entries[i]
        try:
            data = ReplayData(cfg.load_replay(e.path))
        except cfg.ReplayProblem as ex:  # changed since listed, or moves this build refuses
            e.error, e.detail = ex.reason, ex.detail
            self._rows()
            self.app.notice(partial(problem_text, e.path.name, ex.reason), 8)
            return
        self.app.goto(ReplayViewer(self.app, data, back=lambda: self.app.goto(ReplaysScene(self.app)),
                                   path=e.path))

    def handle(self, ev) -> None:
        if self.back_btn.handle(ev):
            return
        for _, b in self.rows:
            if self.list_rect.colliderect(b.rect) and b.handle(ev):
                return
        if ev.type == pygame.MOUSEWHEEL:
            bottom = max(0, len(self.entries) * self.row_h - self.list_rect.h)
            self.scroll = max(0, min(bottom, self.scroll - ev.y * self.row_h))
            self._rows()
        elif ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                self.back()
            elif ev.key in (pygame.K_DOWN, pygame.K_UP) and self.entries:
                self.sel = (self.sel + (1 if ev.key == pygame.K_DOWN else -1)) % len(self.entries)
                top = self.sel * self.row_h
                if top < self.scroll:
                    self.scroll = top
                elif top + self.row_h > self.scroll + self.list_rect.h:
                    self.scroll = top + self.row_h - self.list_rect.h
                self._rows()
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.entries:
                self.open(self.sel)

    def draw(self, surf) -> None:
        s = self.s
        W_ = self.app.size[0]
        surf.blit(background(surf.get_size()), (0, 0))
        widgets.draw_text(surf, strings.tr("replays.title"), (round(40 * s), round(28 * s)), round(38 * s),
                          widgets.GOLD, "serif", shadow=True)
        widgets.draw_text(surf, strings.tr("replays.folder", path=str(cfg.replay_dir())),
                          (W_ - round(40 * s), round(46 * s)), round(13 * s), widgets.MUTED, anchor="topright",
                          max_width=round(W_ * 0.55))
        box = self.list_rect.inflate(round(20 * s), round(20 * s))
        widgets.panel(surf, box, (10, 26, 20), 215, round(14 * s), 2)
        if not self.entries:
            widgets.draw_text(surf, strings.tr("replays.empty"), box.center, round(18 * s), widgets.CREAM,
                              anchor="center")
        with drawlog.scrolling(surf, self.list_rect):
            for i, ((r, b), e) in enumerate(zip(self.rows, self.entries)):
                if r.bottom < self.list_rect.y or r.y > self.list_rect.bottom:
                    continue
                pygame.draw.rect(surf, (40, 70, 52) if i == self.sel else (24, 46, 36), r, border_radius=round(10 * s))
                if e.error:
                    self._draw_broken(surf, r, e)
                    continue
                vn = variant_title(e.variant)
                widgets.draw_text(surf, vn or "?", (r.x + round(16 * s), r.y + round(8 * s)), round(18 * s),
                                  widgets.GOLD, "bold")
                meta = f"{e.saved} · {strings.tr('replays.hands', n=e.hands)}"
                if not e.finished:
                    meta += f" · {strings.tr('replays.unfinished')}"
                if e.branch:
                    meta += f" · {strings.tr('replays.branch_tag')}"
                widgets.draw_text(surf, meta, (r.x + round(16 * s), r.y + round(34 * s)), round(13 * s), widgets.MUTED,
                                  max_width=round(r.w * 0.4))
                scores = "   ".join(f"{shown(n)} {t:+d}" for n, t in zip(e.names, e.totals))
                widgets.draw_text(surf, scores, (r.x + round(r.w * 0.42), r.centery), round(15 * s), widgets.CREAM,
                                  anchor="midleft", max_width=b.rect.x - round(16 * s) - (r.x + round(r.w * 0.42)))
                b.draw(surf, i == self.sel)
        self.back_btn.draw(surf)


    def _draw_broken(self, surf, r: pygame.Rect, e: cfg.ReplayEntry) -> None:
        """A file that cannot be shown: its name, what is wrong and what to do, in the player's language."""
        s = self.s
        pygame.draw.rect(surf, (150, 80, 60), r, max(1, round(2 * s)), border_radius=round(10 * s))
        widgets.draw_text(surf, e.path.name, (r.x + round(16 * s), r.y + round(8 * s)), round(16 * s), (240, 170, 140),
                          "bold", max_width=round(r.w * 0.4))
        widgets.draw_text(surf, strings.tr("replays.broken_row", why=strings.tr("bad." + str(e.error))),
                          (r.x + round(16 * s), r.y + round(34 * s)), round(13 * s), widgets.CREAM,
                          max_width=round(r.w * 0.4))
        fix = strings.tr("replays.fix." + str(e.error))
        x = r.x + round(r.w * 0.42)
        widgets.draw_wrapped(surf, fix,
                             pygame.Rect(x, r.y + round(8 * s), r.right - round(16 * s) - x, r.h - round(12 * s)),
                             round(14 * s), widgets.MUTED)


def problem_text(name: str, reason: str) -> str:
    """A replay that cannot be shown, in the player's language: its file's name, what is wrong, what to do."""
    return strings.tr("replays.broken", file=name, why=strings.tr("bad." + reason),
                      fix=strings.tr("replays.fix." + reason))


# ====================================================================== the viewer

class ReplayViewer(Scene):
    name = "replay"

    def __init__(self, app, data: ReplayData, back=None, hand: int = 0, step: int = 0, seat: int | None = None,
                 path: Path | None = None):
        super().__init__(app)
        self.data = data
        self.path = path  # the file it was read from (a branch played from it names it)
        self.back_cb = back
        self.hand_i = hand
        self.step = step
        chosen = data.human_seat if seat is None else seat
        self.seat: int = -1 if chosen is None or not 0 <= chosen < data.n else chosen  # -1: all hands open
        self.playing = False
        self.next_at = 0.0
        self.render = TableRenderer()
        self.dialog: BranchDialog | None = None

    @property
    def states(self):
        return self.data.hand(self.hand_i)[0]

    def layout(self) -> None:
        s = self.s
        W_, H_ = self.app.size
        me = self.seat if self.seat >= 0 else 0
        # the table keeps clear of the control bar at the bottom
        self.bar = pygame.Rect(0, H_ - round(78 * s), W_, round(78 * s))
        self.L = TableLayout((W_, H_ - self.bar.h), self.data.n, me, text_scale=self.app.scale)
        bw, bh = round(52 * s), round(42 * s)
        y = self.bar.y + round(8 * s)
        specs = [("prev_hand", "◀◀", self.skip_back), ("back", "◀", lambda: self.move(-1)),
                 ("play", lambda: "II" if self.playing else "▶", self.toggle_play), ("fwd", "▶", lambda: self.move(1)),
                 ("next_hand", "▶▶", self.skip_on)]
        x = W_ // 2 - (len(specs) * (bw + round(8 * s))) // 2
        self.controls = []
        for name, label, cb in specs:
            self.controls.append(widgets.Button((x, y, bw, bh), label, cb, "gold" if name == "play" else "dark",
                                                name=name, size=round(18 * s)))
            x += bw + round(8 * s)
        vals = list(range(self.data.n)) + [-1]
        labels = [(lambda i=i: self.data.names[i]) for i in range(self.data.n)] + [widgets.tr_label("replay.all_open")]
        self.view_choice = widgets.Choice((W_ - round(330 * s), y, round(314 * s), bh), widgets.tr_label("replay.view"),
                                          vals, labels, self.seat, self.set_seat, label_w=0.26)
        right = self.controls[-1].rect.right + round(16 * s)
        self.branch_btn = widgets.Button((right, y, self.view_choice.rect.x - round(16 * s) - right, bh),
                                         widgets.tr_label("replay.branch"), self.open_branch, "gold", name="branch",
                                         size=round(16 * s))
        self._refresh_controls()
        if self.dialog is not None:
            self.dialog.layout()
        self.back_btn = widgets.Button((round(16 * s), y, round(110 * s), bh), widgets.tr_label("common.back"),
                                       self.back, "dark", size=round(16 * s), name="back")

    def back(self) -> None:
        if self.back_cb:
            self.back_cb()
        else:
            self.app.goto(ReplaysScene(self.app))

    def set_seat(self, seat: int) -> None:
        self.seat = seat
        self.layout()

    def goto_hand(self, i: int) -> None:
        if 0 <= i < self.data.hands:
            self.hand_i = i
            self.step = 0
            self.layout()

    def move(self, d: int) -> None:
        self.step = max(0, min(len(self.states) - 1, self.step + d))
        self._refresh_controls()

    def skip_back(self) -> None:
        """◀◀: to this hand's deal, or from there to the previous hand's."""
        if self.step > 0:
            self.step = 0
            self._refresh_controls()
        else:
            self.goto_hand(self.hand_i - 1)

    def skip_on(self) -> None:
        """▶▶: to this hand's end (its settlement), or from there to the next hand's deal."""
        if self.step < len(self.states) - 1:
            self.step = len(self.states) - 1
            self._refresh_controls()
        else:
            self.goto_hand(self.hand_i + 1)

    def _refresh_controls(self) -> None:
        """Controls that would do nothing here look it (and do nothing)."""
        last = len(self.states) - 1
        by_name = {b.name: b for b in getattr(self, "controls", [])}
        if not by_name:
            return
        by_name["prev_hand"].enabled = self.step > 0 or self.hand_i > 0
        by_name["back"].enabled = self.step > 0
        by_name["fwd"].enabled = self.step < last
        by_name["next_hand"].enabled = self.step < last or self.hand_i < self.data.hands - 1
        if getattr(self, "branch_btn", None) is not None:
            self.branch_btn.enabled = self.can_branch()

    # ------------------------------------------------------------------ play from here
    def can_branch(self) -> bool:
        """Anything left to play from this step: not the end of a match's last hand."""
        planned = self.data.planned
        at_end = self.hand_i == self.data.hands - 1 and self.step == len(self.states) - 1
        return not (at_end and self.data.hands >= planned)

    def open_branch(self) -> None:
        if self.can_branch():
            self.playing = False
            self.dialog = BranchDialog(self)
            self.dialog.layout()

    def start_branch(self, seat: int, level: str) -> None:
        """Play on from this very step against bots, the player at ``seat``; saved as a branch of this match."""
        m = self.data.match
        n = self.data.n
        rec = {k: v for k, v in m.items() if k not in ("hands_played", "totals", "hand_in_progress")}
        rec["hands_played"] = m["hands_played"][:self.hand_i]
        rec["hand_in_progress"] = {"hand": self.hand_i,
                                   "actions": m["hands_played"][self.hand_i].get("actions", [])[:self.step]}
        levels: list[str | None] = [None if i == seat else level for i in range(n)]
        names = [player_name(self.app) if i == seat else bot_name(i, level) for i in range(n)]
        branch = {"of": self.path.name if self.path is not None else None, "hand": self.hand_i + 1, "step": self.step,
                  "seat": seat}
        data = cfg.replay_data(rec, names, seat, False, bots=levels, branch=branch)
        try:
            table = nav.screen(self.app, "resume_table", data=data)
        except (ValueError, KeyError, TypeError) as e:  # the viewer replayed it, so this is not expected
            self.app.notice(strings.tr("replay.branch_failed", why=str(e)[:80]), 6)
            return
        self.app.goto(table)

    def toggle_play(self) -> None:
        self.playing = not self.playing
        self.next_at = self.app.now + 0.2

    def busy(self) -> bool:
        return self.playing

    def update(self, dt: float) -> None:
        self.render.now = self.app.now
        if self.playing and self.app.now >= self.next_at:
            if self.step < len(self.states) - 1:
                self.step += 1
                self._refresh_controls()
                self.app.sound.play("tile", 0.5)
                self.next_at = self.app.now + max(0.25, 0.8 * (self.app.settings.anim_factor or 0.5))
            else:
                self.playing = False
            self.app.dirty = True

    def handle(self, ev) -> None:
        if self.dialog is not None:
            self.dialog.handle(ev)
            return
        for b in self.controls + [self.back_btn, self.branch_btn]:
            if b.handle(ev):
                self._refresh_controls()
                return
        if self.view_choice.handle(ev):
            return
        if ev.type == pygame.KEYDOWN:
            k = ev.key
            if k == pygame.K_ESCAPE:
                self.back()
            elif k == pygame.K_RIGHT:
                self.move(1)
            elif k == pygame.K_LEFT:
                self.move(-1)
            elif k == pygame.K_UP:
                self.goto_hand(self.hand_i - 1)
            elif k == pygame.K_DOWN:
                self.goto_hand(self.hand_i + 1)
            elif k == pygame.K_SPACE:
                self.toggle_play()
            elif k == pygame.K_HOME:
                self.step = 0
            elif k == pygame.K_END:
                self.step = len(self.states) - 1
            elif k == pygame.K_v:
                self.view_choice.step(1)
            elif k == pygame.K_p:
                self.open_branch()
            self._refresh_controls()

    def current_view(self) -> View:
        st = self.states[self.step]
        seat = self.seat if self.seat >= 0 else 0
        v = make_view(st, seat)
        if self.seat < 0:
            self.render.reveal = [sorted(s.concealed()) for s in st.seats]
            self.render.reveal[0] = None
        else:
            self.render.reveal = None
        return v

    def draw(self, surf) -> None:
        s = self.s
        W_, H_ = self.app.size
        v = self.current_view()
        r = self.render
        r.names = self.data.names
        r.totals = None
        r.hidden = set()
        table = surf.subsurface((0, 0, W_, H_ - self.bar.h))
        r.draw_table(table, v, self.L, my_hand=lambda: r.draw_bottom(table, v, self.L))
        r.draw_public(table, v, self.L, variant_name(self.data.variant),
                      strings.tr("replay.hand", i=self.hand_i + 1, n=self.data.hands))
        # control bar
        pygame.draw.rect(surf, (12, 22, 18), self.bar)
        pygame.draw.line(surf, (200, 170, 90), self.bar.topleft, self.bar.topright, 2)
        for b in self.controls:
            b.draw(surf)
        self.back_btn.draw(surf)
        self.view_choice.draw(surf)
        self.branch_btn.draw(surf)
        states, _, actions = self.data.hand(self.hand_i)
        info = strings.tr("replay.step", i=self.step, n=len(states) - 1)
        widgets.draw_text(surf, strings.tr("replay.hand", i=self.hand_i + 1, n=self.data.hands) + " · " + info,
                          (round(140 * s), self.bar.y + round(20 * s)), round(15 * s), widgets.GOLD, "bold",
                          anchor="midleft")
        what = strings.tr("replay.start") if self.step == 0 else describe(actions[self.step - 1], self.data.names)
        if self.step == len(states) - 1 and v.get("result"):
            res = v["result"]
            what = win_line(res, self.data.names) + "  " + "  ".join(
                f"{self.data.names[i]} {d:+d}" for i, d in enumerate(res.get("deltas", [])) if d)
        widgets.draw_text(surf, what, (round(140 * s), self.bar.y + round(44 * s)), round(14 * s), widgets.CREAM,
                          anchor="midleft", max_width=self.controls[0].rect.x - round(150 * s))
        widgets.draw_text(surf, strings.tr("replay.keys"), (W_ // 2, self.bar.bottom - round(5 * s)), round(12 * s),
                          widgets.MUTED, anchor="midbottom")
        if self.dialog is not None:
            self.dialog.draw(surf)


class BranchDialog:
    """Play from here: which seat the player takes and how the bots play; Enter starts, Esc goes back."""

    def __init__(self, viewer: ReplayViewer):
        self.viewer = viewer
        self.app = viewer.app
        v = viewer
        self.seat = v.seat if v.seat >= 0 else (v.data.human_seat or 0)
        if not 0 <= self.seat < v.data.n:
            self.seat = 0
        self.level = "normal"
        self.rect = pygame.Rect(0, 0, 0, 0)

    def layout(self) -> None:
        s = self.viewer.s
        W_, H_ = self.app.size
        self.rect = pygame.Rect(0, 0, round(620 * s), round(330 * s))
        self.rect.center = (W_ // 2, (H_ - self.viewer.bar.h) // 2)
        x, w, rh = self.rect.x + round(36 * s), self.rect.w - round(72 * s), round(46 * s)
        y = self.rect.y + round(124 * s)
        n = self.viewer.data.n
        self.seat_choice = widgets.Choice((x, y, w, rh), widgets.tr_label("replay.branch_seat"), list(range(n)),
                                          [(lambda i=i: self.viewer.data.names[i]) for i in range(n)], self.seat,
                                          self._set_seat, label_w=0.4)
        levels = list(strings.BOT_LEVELS)
        self.level_choice = widgets.Choice((x, y + rh + round(12 * s), w, rh), widgets.tr_label("replay.branch_bots"),
                                           levels, [widgets.tr_label(f"bot.{lv}") for lv in levels], self.level,
                                           self._set_level, label_w=0.4)
        bw, bh = round(180 * s), round(48 * s)
        by = self.rect.bottom - round(24 * s) - bh
        self.start_btn = widgets.Button((self.rect.centerx + round(10 * s), by, bw, bh),
                                        widgets.tr_label("replay.branch_start"), self.start, "gold",
                                        name="branch_start", size=round(18 * s), hotkey="Enter")
        self.cancel_btn = widgets.Button((self.rect.centerx - round(10 * s) - bw, by, bw, bh),
                                         widgets.tr_label("common.cancel"), self.cancel, "dark", name="branch_cancel",
                                         size=round(18 * s), hotkey="Esc")
        self.focus = widgets.FocusRing([self.seat_choice, self.level_choice, self.start_btn, self.cancel_btn])
        self.focus.index = 2

    def _set_seat(self, seat: int) -> None:
        self.seat = seat

    def _set_level(self, level: str) -> None:
        self.level = level

    def start(self) -> None:
        self.viewer.dialog = None
        self.viewer.start_branch(self.seat, self.level)

    def cancel(self) -> None:
        self.viewer.dialog = None

    def handle(self, ev) -> None:
        for w in (self.seat_choice, self.level_choice, self.start_btn, self.cancel_btn):
            if w.handle(ev):
                return
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                self.cancel()
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.focus.current in (None, self.start_btn):
                self.start()
            else:
                self.focus.handle_key(ev)

    def draw(self, surf) -> None:
        s = self.viewer.s
        widgets.dim_screen(surf, 150)
        widgets.panel(surf, self.rect, (14, 30, 24), 245, round(16 * s), 2, widgets.GOLD)
        widgets.draw_text(surf, strings.tr("replay.branch_title"), (self.rect.centerx, self.rect.y + round(18 * s)),
                          round(26 * s), widgets.GOLD, "serif", anchor="midtop")
        v = self.viewer
        where = strings.tr("replay.branch_where", i=v.hand_i + 1, k=v.step)
        widgets.draw_wrapped(surf, where,
                             pygame.Rect(self.rect.x + round(36 * s), self.rect.y + round(62 * s),
                                         self.rect.w - round(72 * s), round(56 * s)),
                             round(15 * s), widgets.CREAM)
        cur = self.focus.current
        for w in (self.seat_choice, self.level_choice, self.start_btn, self.cancel_btn):
            w.draw(surf, cur is w)
