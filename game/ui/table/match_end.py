"""The match-end screen: the standings with their tie-break stated, each player's running total as a chart,
and the hands one by one.

Ranks go by total; players level on points are ordered by more wins, then fewer deal-ins, and share a rank
when those are level too. The screen names the rule that ordered each tie, so no seat looks favoured.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import nav
from game.ui.app import Scene
from game.ui.kit import chart, drawlog, strings, widgets
from game.ui.kit.names import shown_all, variant_name
from game.ui.table.tableview import background

POS = (120, 230, 140)
NEG = (255, 128, 110)


def match_stats(results: list[dict], n: int) -> list[dict]:
    """Per seat: wins, self-draws, deal-ins (discards won on, kongs robbed) and the best hand's points."""
    st = [{"wins": 0, "self_draws": 0, "deal_ins": 0, "best": 0} for _ in range(n)]
    for res in results:
        for w in res.get("wins") or []:
            seat = w.get("seat")
            if seat is None or seat >= n:
                continue
            st[seat]["wins"] += 1
            if w.get("win") == "self_draw":
                st[seat]["self_draws"] += 1
            elif w.get("from") is not None and w["from"] < n:
                st[w["from"]]["deal_ins"] += 1
        for i, d in enumerate(res.get("deltas") or []):
            if i < n:
                st[i]["best"] = max(st[i]["best"], d)
    return st


@dataclass(frozen=True)
class Place:
    seat: int
    rank: int  # from 1; players who share a place share the number


@dataclass(frozen=True)
class Tie:
    """Players level on points and the rules that ordered them, in order: "wins", "deal_ins", "shared"."""

    seats: tuple[int, ...]
    total: int
    rules: tuple[str, ...]


def standings(totals: list[int], stats: list[dict]) -> tuple[list[Place], list[Tie]]:
    """The places (best first) and, for every group level on points, the rules that ordered it."""
    def key(i: int) -> tuple[int, int, int]:
        return (-totals[i], -stats[i]["wins"], stats[i]["deal_ins"])

    order = sorted(range(len(totals)), key=lambda i: (key(i), i))
    places: list[Place] = []
    for k, seat in enumerate(order):
        if k and key(seat) == key(order[k - 1]):
            places.append(Place(seat, places[-1].rank))
        else:
            places.append(Place(seat, k + 1))
    ties: list[Tie] = []
    for t in sorted(set(totals), reverse=True):
        group = tuple(p.seat for p in places if totals[p.seat] == t)
        if len(group) < 2:
            continue
        rules = []
        if len({stats[s]["wins"] for s in group}) > 1:
            rules.append("wins")
        same_wins = [[s for s in group if stats[s]["wins"] == w] for w in {stats[s]["wins"] for s in group}]
        if any(len({stats[s]["deal_ins"] for s in g}) > 1 for g in same_wins):
            rules.append("deal_ins")
        if len({key(s) for s in group}) < len(group):
            rules.append("shared")
        ties.append(Tie(group, t, tuple(rules)))
    return places, ties


def tie_text(tie: Tie, names: list[str], stats: list[dict]) -> str:
    """One line: who is level on what, and which rules ordered them (with the counts that decided)."""
    sep = "、" if strings.is_zh() else ", "
    who = sep.join(names[s] for s in tie.seats)
    total = f"{tie.total:+d}" if tie.total else "0"
    clauses = []
    for rule in tie.rules:
        field = {"wins": "wins", "deal_ins": "deal_ins"}.get(rule)
        counts = " / ".join(str(stats[s][field]) for s in tie.seats) if field else ""
        clauses.append(strings.tr(f"end.tie.{rule}", counts=counts))
    return strings.tr("end.tie", who=who, total=total, rules=("；" if strings.is_zh() else "; ").join(clauses))


class MatchEndScene(Scene):
    name = "match_end"

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.raw_names = table.raw_names
        self.results = list(table.results)
        self.totals = list(table.session.totals)
        self.variant = table.variant
        self.saved_to = getattr(table, "replay_path", None)
        self.buttons: list[widgets.Button] = []
        self.stats = match_stats(self.results, len(self.totals))
        self.places, self.ties = standings(self.totals, self.stats)

    @property
    def names(self) -> list[str]:
        return shown_all(self.raw_names)

    def running(self) -> list[list[int]]:
        """Each seat's total after each hand."""
        out = []
        for seat in range(len(self.totals)):
            t, line = 0, []
            for res in self.results:
                t += (res.get("deltas") or [0] * len(self.totals))[seat]
                line.append(t)
            out.append(line)
        return out

    def layout(self) -> None:
        s = self.s
        W_, H_ = self.app.size
        bw, bh = round(190 * s), round(50 * s)
        y = H_ - round(40 * s) - bh
        specs = [("again", "end.again", self.again, "gold"), ("replay", "end.replay", self.replay, "blue"),
                 ("menu", "end.menu", self.menu, "green")]
        x = W_ // 2 - (len(specs) * bw + (len(specs) - 1) * round(16 * s)) // 2
        self.buttons = []
        for name, key, cb, style in specs:
            self.buttons.append(widgets.Button((x, y, bw, bh), widgets.tr_label(key), cb, style, name=name,
                                               size=round(19 * s)))
            x += bw + round(16 * s)
        self.focus = widgets.FocusRing(self.buttons)

    again = nav.leads_to("setup")
    replay = nav.leads_to("replays")
    menu = nav.leads_to("menu")

    def handle(self, ev) -> None:
        for b in self.buttons:
            if b.handle(ev):
                return
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                self.menu()
            elif ev.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.focus.move(-1 if ev.key == pygame.K_LEFT else 1)
            else:
                self.focus.handle_key(ev)

    # ------------------------------------------------------------------ drawing
    def draw(self, surf) -> None:
        s = self.s
        W_, H_ = self.app.size
        surf.blit(background(surf.get_size()), (0, 0))
        widgets.dim_screen(surf, 90)
        box = pygame.Rect(round(40 * s), round(24 * s), W_ - round(80 * s), H_ - round(124 * s))
        widgets.panel(surf, box, (14, 30, 24), 235, round(18 * s), 3)
        widgets.draw_text(surf, strings.tr("end.title"), (box.centerx, box.y + round(10 * s)), round(36 * s),
                          widgets.GOLD, "serif", anchor="midtop", shadow=True)
        n_draws = sum(1 for r in self.results if r.get("end") != "win")
        sub = [variant_name(self.variant), strings.tr("end.played", n=len(self.results)),
               strings.tr("end.draws", n=n_draws)]
        if self.saved_to is not None:
            sub.append(strings.tr("end.saved"))
        widgets.draw_text(surf, " · ".join(sub), (box.centerx, box.y + round(56 * s)), round(14 * s), widgets.MUTED,
                          anchor="midtop", max_width=box.w - round(40 * s))
        top = box.y + round(84 * s)
        split = box.x + round(box.w * 0.6)
        left = pygame.Rect(box.x + round(16 * s), top, split - box.x - round(24 * s), box.bottom - round(12 * s) - top)
        y = self._draw_standings(surf, left)
        self._draw_hands(surf, pygame.Rect(left.x, y + round(8 * s), left.w, left.bottom - y - round(8 * s)))
        self._draw_chart(surf, pygame.Rect(split + round(8 * s), top, box.right - round(16 * s) - split - round(8 * s),
                                           left.h))
        for b in self.buttons:
            b.draw(surf, self.focus.current is b)

    def _draw_standings(self, surf, area: pygame.Rect) -> int:
        """The ranked rows and the tie-break lines; returns the y below them."""
        s = self.s
        cols = [("end.rank", 0.0), ("end.player", 0.09), ("end.total", 0.44), ("end.wins", 0.58),
                ("end.self_draws", 0.7), ("end.deal_ins", 0.82)]
        x0, w = area.x, area.w
        hs = round(13 * s)
        for key, fx in cols:
            widgets.draw_text(surf, strings.tr(key), (x0 + round(w * fx) + round(8 * s), area.y), hs, widgets.MUTED,
                              "bold", max_width=round(w * 0.12) if fx >= 0.58 else round(w * 0.3))
        y = area.y + round(24 * s)
        n = len(self.totals)
        rh = round((46 if n >= 4 else 52) * s)
        medal = ((255, 206, 70), (210, 214, 222), (214, 150, 90), (120, 140, 130))
        shared_first = sum(1 for p in self.places if p.rank == 1) > 1
        for p in self.places:
            seat = p.seat
            r = pygame.Rect(x0, y, w, rh - round(6 * s))
            pygame.draw.rect(surf, (80, 64, 20) if p.rank == 1 else (30, 60, 46), r, border_radius=round(10 * s))
            c = (x0 + round(22 * s), r.centery)
            pygame.draw.circle(surf, medal[min(p.rank - 1, 3)], c, round(14 * s))
            widgets.draw_text(surf, str(p.rank), c, round(15 * s), (40, 30, 0), "bold", anchor="center")
            nr = widgets.draw_text(surf, self.names[seat], (x0 + round(w * 0.09) + round(8 * s), r.centery),
                                   round(18 * s), widgets.CREAM, "bold", anchor="midleft", max_width=round(w * 0.2))
            if p.rank == 1:
                tag = strings.tr("end.champion_shared" if shared_first else "end.champion")
                tw_ = widgets.text_width(tag, round(12 * s), "bold") + round(14 * s)
                pill = pygame.Rect(nr.right + round(8 * s), r.centery - round(10 * s), tw_, round(20 * s))
                if pill.right <= x0 + round(w * 0.44):
                    pygame.draw.rect(surf, (236, 180, 50), pill, border_radius=round(8 * s))
                    widgets.draw_text(surf, tag, pill.center, round(12 * s), (70, 40, 0), "bold", anchor="center")
            t = self.totals[seat]
            widgets.draw_text(surf, f"{t:+d}" if t else "0", (x0 + round(w * 0.44) + round(8 * s), r.centery),
                              round(22 * s), POS if t > 0 else (NEG if t < 0 else widgets.CREAM), "bold",
                              anchor="midleft")
            st = self.stats[seat]
            for key, fx in (("wins", 0.58), ("self_draws", 0.7), ("deal_ins", 0.82)):
                widgets.draw_text(surf, str(st[key]), (x0 + round(w * fx) + round(8 * s), r.centery), round(17 * s),
                                  widgets.CREAM, anchor="midleft")
            y += rh
        if not self.ties:
            return y
        for tie in self.ties:
            widgets.draw_text(surf, tie_text(tie, self.names, self.stats), (x0 + round(4 * s), y), round(13 * s),
                              (230, 210, 160), max_width=w - round(8 * s))
            y += round(20 * s)
        return y

    def _draw_chart(self, surf, box: pygame.Rect) -> None:
        s = self.s
        pygame.draw.rect(surf, (8, 22, 16), box, border_radius=round(10 * s))
        widgets.draw_text(surf, strings.tr("end.chart"), (box.x + round(12 * s), box.y + round(8 * s)), round(14 * s),
                          widgets.GOLD, "bold", max_width=box.w - round(24 * s))
        series = [(self.names[i], chart.COLORS[i % len(chart.COLORS)], line) for i, line in enumerate(self.running())]
        size = round(12 * s)
        chart.legend(surf, (box.x + round(12 * s), box.y + round(36 * s)), [(nm, c) for nm, c, _v in series], size,
                     box.w - round(24 * s))
        area = pygame.Rect(box.x + round(8 * s), box.y + round(50 * s), box.w - round(16 * s), box.h - round(54 * s))
        chart.line_chart(surf, area, series, [str(k + 1) for k in range(len(self.results))], size, start=0)

    def _draw_hands(self, surf, area: pygame.Rect) -> None:
        """Hand by hand: one column per hand, one line per player (the winner's cell marked)."""
        s = self.s
        y = area.y
        widgets.draw_text(surf, strings.tr("end.hands"), (area.x + round(6 * s), y), round(14 * s), widgets.GOLD,
                          "bold")
        y += round(24 * s)
        name_w = round(120 * s)
        x0 = area.x + name_w + round(16 * s)
        nres = max(1, len(self.results))
        cw = max(round(30 * s), min(round(64 * s), (area.right - round(8 * s) - x0) // nres))
        fs = round(13 * s) if cw >= round(44 * s) else round(12 * s)
        row = round(21 * s)
        grid = pygame.Rect(area.x, y - round(4 * s), area.w, row * (len(self.totals) + 1) + round(8 * s))
        grid.h = min(grid.h, area.bottom - grid.y)
        pygame.draw.rect(surf, (8, 22, 16), grid, border_radius=round(8 * s))
        for k in range(len(self.results)):
            widgets.draw_text(surf, str(k + 1), (x0 + k * cw + cw // 2, y), fs, widgets.MUTED, "bold", anchor="midtop")
        y += row
        for seat in range(len(self.totals)):
            if y + row > area.bottom:
                drawlog.dropped(surf, [self.names[k] for k in range(seat, len(self.totals))],
                                pygame.Rect(area.x, y, area.w, row), fs)
                break
            widgets.draw_text(surf, self.names[seat], (area.x + round(12 * s), y), fs, widgets.CREAM, max_width=name_w)
            for k, res in enumerate(self.results):
                d = (res.get("deltas") or [0] * len(self.totals))[seat]
                won = any(w.get("seat") == seat for w in res.get("wins") or [])
                cx = x0 + k * cw + cw // 2
                if won:
                    pygame.draw.rect(surf, (70, 56, 16), (cx - cw // 2 + 2, y - 2, cw - 4, row - 2),
                                     border_radius=round(5 * s))
                widgets.draw_text(surf, f"{d:+d}" if d else "·", (cx, y), fs,
                                  POS if d > 0 else (NEG if d < 0 else widgets.MUTED), "bold" if won else "regular",
                                  anchor="midtop")
            y += row
