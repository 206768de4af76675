"""战绩 / Records: the player's matches against bots, overall and per game, with the running total's chart.

The figures come from ``recordbook`` (every saved replay played again once, then cached). The biggest hand
opens in the replay viewer at its settlement.
"""

from __future__ import annotations

import pygame

from game.ui import nav
from game.ui import settings as cfg
from game.ui.app import Scene
from game.ui.kit import chart, strings, widgets
from game.ui.kit.names import KNOWN_VARIANTS, variant_title
from game.ui.menus.recordbook import LAST_MATCHES, RecordBook, Stats, summarize
from game.ui.table.tableview import background

BATCH = 3  # files played again per frame while the folder is read the first time (the screen stays live)


def percent(x: float | None) -> str:
    return "-" if x is None else f"{x * 100:.0f}%"


class RecordsScene(Scene):
    name = "records"

    def __init__(self, app, variant: str | None = None, book: RecordBook | None = None):
        super().__init__(app)
        self.book = book or RecordBook()
        self.variant = variant  # None: every game
        self.tabs: list[widgets.Button] = []
        self.open_btn: widgets.Button | None = None
        self.back_btn: widgets.Button | None = None

    # ------------------------------------------------------------------ state
    def stats(self) -> Stats:
        return summarize(self.book.ordered(), self.variant)

    def busy(self) -> bool:
        return not self.book.done

    def update(self, dt: float) -> None:
        if not self.book.done:
            self.book.step(BATCH)
            if self.book.done:
                self.layout()
            self.app.invalidate()

    def set_variant(self, vid: str | None) -> None:
        self.variant = vid
        self.layout()

    def open_best(self) -> None:
        best = self.stats().best
        if best is None:
            return
        path = cfg.replay_dir() / best.name
        try:
            from game.ui.menus.replays import ReplayData, ReplayViewer, problem_text

            data = ReplayData(cfg.load_replay(path))
        except cfg.ReplayProblem as e:
            self.app.notice(problem_text(best.name, e.reason), 8)
            return
        viewer = ReplayViewer(self.app, data, back=lambda: self.app.goto(RecordsScene(self.app, self.variant)),
                              hand=best.hand, path=path)
        viewer.step = len(viewer.states) - 1  # the hand's settlement
        self.app.goto(viewer)

    back = nav.leads_to("menu")

    # ------------------------------------------------------------------ layout
    def layout(self) -> None:
        s = self.s
        W_, H_ = self.app.size
        games = [vid for vid, _zh, _en in KNOWN_VARIANTS]
        played = {m.variant for m in self.book.ordered()}
        vals: list[str | None] = [None] + games
        x = round(40 * s)
        tw = (W_ - round(80 * s) - round(8 * s) * (len(vals) - 1)) // len(vals)
        self.tabs = []
        for vid in vals:
            label = widgets.tr_label("records.all") if vid is None else widgets.tr_label(f"demo.short.{vid}")
            style = "gold" if vid == self.variant else "ghost"
            enabled = vid is None or vid in played or vid == self.variant
            self.tabs.append(widgets.Button((x, round(92 * s), tw, round(42 * s)), label,
                                            lambda vid=vid: self.set_variant(vid), style, enabled=enabled,
                                            name=f"tab_{vid or 'all'}", size=round(16 * s)))
            x += tw + round(8 * s)
        self.back_btn = widgets.corner_back(self.app.size, s, self.back, bottom=28)
        self.left = pygame.Rect(round(40 * s), round(152 * s), round(560 * s), H_ - round(152 * s) - round(96 * s))
        self.right = pygame.Rect(self.left.right + round(20 * s), self.left.y, W_ - self.left.right - round(60 * s),
                                 self.left.h)
        best = self.stats().best
        self.open_btn = None
        if best is not None:
            ob = round(120 * s)
            self.open_btn = widgets.Button((self.left.right - round(30 * s) - ob, self.left.bottom - round(78 * s), ob,
                                            round(44 * s)), widgets.tr_label("records.open"), self.open_best, "gold",
                                     name="open_best", size=round(16 * s))
        self.focus = widgets.FocusRing([*self.tabs, *([self.open_btn] if self.open_btn else []), self.back_btn])

    def handle(self, ev) -> None:
        buttons = [*self.tabs, *([self.open_btn] if self.open_btn else []), self.back_btn]
        for w in buttons:
            if w is not None and w.handle(ev):
                return
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                self.back()
            elif ev.key in (pygame.K_LEFT, pygame.K_RIGHT):
                vals = [None] + [vid for vid, _zh, _en in KNOWN_VARIANTS]
                i = vals.index(self.variant) if self.variant in vals else 0
                self.set_variant(vals[(i + (1 if ev.key == pygame.K_RIGHT else -1)) % len(vals)])
            else:
                self.focus.handle_key(ev)

    # ------------------------------------------------------------------ drawing
    def draw(self, surf) -> None:
        s = self.s
        W_ = self.app.size[0]
        surf.blit(background(surf.get_size()), (0, 0))
        widgets.draw_text(surf, strings.tr("records.title"), (round(40 * s), round(24 * s)), round(38 * s),
                          widgets.GOLD, "serif", shadow=True)
        st = self.stats()
        if not self.book.done:
            note = strings.tr("records.reading", k=len(self.book.files) - len(self.book.todo), n=len(self.book.files))
        else:
            note = strings.tr("records.from", n=len(self.book.ordered()))
            if self.book.unreadable:
                note += " · " + strings.tr("records.unreadable", n=self.book.unreadable)
        widgets.draw_text(surf, note, (W_ - round(40 * s), round(46 * s)), round(14 * s), widgets.MUTED,
                          anchor="topright", max_width=round(W_ * 0.55))
        cur = self.focus.current
        for b in self.tabs:
            b.draw(surf, cur is b)
        widgets.panel(surf, self.left, (10, 28, 22), 215, round(14 * s), 2)
        widgets.panel(surf, self.right, (10, 28, 22), 215, round(14 * s), 2)
        if st.matches == 0:
            widgets.draw_text(surf, strings.tr("records.empty" if self.book.done else "common.loading"),
                              self.left.union(self.right).center, round(18 * s), widgets.CREAM, anchor="center",
                              max_width=self.left.union(self.right).w - round(60 * s))
        else:
            self._draw_figures(surf, st)
            self._draw_chart(surf, st)
        if self.open_btn is not None and st.best is not None:
            self.open_btn.draw(surf, cur is self.open_btn)
        if self.back_btn is not None:
            self.back_btn.draw(surf, cur is self.back_btn)

    def _draw_figures(self, surf, st: Stats) -> None:
        s = self.s
        box = self.left
        figs = [("records.matches", str(st.matches)), ("records.hands", str(st.hands)),
                ("records.win_rate", percent(st.rate("wins"))),
                ("records.self_draw_rate", percent(st.rate("self_draws"))),
                ("records.deal_in_rate", percent(st.rate("deal_ins"))),
                ("records.average", "-" if st.average is None else f"{st.average:+.1f}")]
        cols, pad = 3, round(16 * s)
        cw = (box.w - pad * (cols + 1)) // cols
        ch = round(92 * s)
        for k, (key, value) in enumerate(figs):
            r = pygame.Rect(box.x + pad + (k % cols) * (cw + pad), box.y + pad + (k // cols) * (ch + pad), cw, ch)
            pygame.draw.rect(surf, (22, 48, 38), r, border_radius=round(10 * s))
            widgets.draw_text(surf, value, (r.centerx, r.y + round(10 * s)), round(34 * s), widgets.GOLD, "bold",
                              anchor="midtop")
            widgets.draw_text(surf, strings.tr(key), (r.centerx, r.bottom - round(10 * s)), round(14 * s),
                              widgets.MUTED, anchor="midbottom", max_width=r.w - round(10 * s))
        # the biggest hand
        y = box.y + pad + 2 * (ch + pad) + round(4 * s)
        card = pygame.Rect(box.x + pad, y, box.w - 2 * pad, box.bottom - pad - y)
        pygame.draw.rect(surf, (40, 34, 14), card, border_radius=round(10 * s))
        widgets.draw_text(surf, strings.tr("records.best"), (card.x + round(14 * s), card.y + round(10 * s)),
                          round(15 * s), widgets.GOLD, "bold")
        best = st.best
        if best is None:
            widgets.draw_text(surf, strings.tr("records.best_none"), (card.x + round(14 * s), card.y + round(40 * s)),
                              round(15 * s), widgets.MUTED, max_width=card.w - round(28 * s))
            return
        body = pygame.Rect(card.x + round(14 * s), card.y + round(36 * s), card.w - round(28 * s),
                           card.h - round(44 * s))
        widgets.draw_text(surf, f"{best.delta:+d}", (body.x, body.centery), round(44 * s), (120, 230, 140), "bold",
                          anchor="midleft")
        left = body.x + round(110 * s)
        right = (self.open_btn.rect.x if self.open_btn else card.right) - round(12 * s)
        how = strings.tr("records.how." + best.how) if best.how else ""
        game = variant_title(best.variant) or best.variant
        lines = [" · ".join([game, strings.tr("records.hand_no", i=best.hand + 1)]),
                 " · ".join(x for x in (best.saved, how) if x)]
        y = body.centery - round(22 * s)
        for line in lines:
            widgets.draw_text(surf, line, (left, y), round(15 * s), widgets.CREAM, max_width=right - left)
            y += round(26 * s)

    def _draw_chart(self, surf, st: Stats) -> None:
        s = self.s
        box = self.right
        widgets.draw_text(surf, strings.tr("records.chart", n=min(LAST_MATCHES, len(st.running))),
                          (box.x + round(18 * s), box.y + round(12 * s)), round(15 * s), widgets.GOLD, "bold",
                          max_width=box.w - round(36 * s))
        first = st.matches - len(st.running)
        labels = [str(first + i + 1) for i in range(len(st.running))]
        area = pygame.Rect(box.x + round(14 * s), box.y + round(44 * s), box.w - round(28 * s), box.h - round(80 * s))
        chart.line_chart(surf, area, [(strings.tr("records.you"), chart.COLORS[0], st.running)], labels,
                         round(13 * s), start=0 if first == 0 else None)
        widgets.draw_text(surf, strings.tr("records.chart_x"), (box.centerx, box.bottom - round(10 * s)), round(13 * s),
                          widgets.MUTED, anchor="midbottom")
