"""Coming back to LAN tables: seats this machine still holds, saved tables to resume, and ending a hosted table.

The first screen offers every seat a crashed or closed client still holds (``held_offers``); the LAN host
entry lists the tables a host saved (``ResumeScene``); closing the hosting player's window mid-match asks
first (``EndTableGuard``), since it ends the table for everyone.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import nav
from game.ui.app import Scene
from game.ui.kit import hostmsg, strings, widgets
from game.ui.kit.names import player_name, shown, variant_title
from game.ui.table.tableview import background

# ====================================================================== seats this machine holds

def held_offers(app, seats=None) -> list[dict]:
    """Seats kept for this player at LAN hosts (newest last; one per table), each with the address it was joined at.
    Empty when netplay is missing or nothing is kept."""
    try:
        from netplay.store import SeatStore
    except ImportError:
        return []
    me = player_name(app)[:32]
    store = seats if seats is not None else SeatStore()
    out: dict[tuple, dict] = {}
    for e in store.held():
        if e["name"] == me and e.get("addr"):
            out[(e["host_id"], e["table"])] = e
    return list(out.values())[-3:]


def held_panel(app):
    """The first screen's "a seat is kept for you" (``nav.part``): None when no seat is kept. Only the seat store is
    read here: the lobby and the LAN stack under it (zeroconf, the host, cryptography: a fifth of a second) load
    when a seat is taken back, not before the first frame."""
    offers = held_offers(app)
    return HeldPanel(app, offers, rejoin=lambda o: nav.part(app, "rejoin_seat", offer=o)) if offers else None


class HeldPanel:
    """On the first screen: "a seat is still kept for you", one line and a "rejoin seat N" button per seat
    (``rejoin(offer)`` takes it back: the lobby's connection)."""

    def __init__(self, app, offers: list[dict], rejoin):
        self.app = app
        self.offers = offers
        self.rejoin = rejoin
        self.buttons: list[widgets.Button] = []
        self.dismiss: widgets.Button | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)

    @property
    def shown(self) -> bool:
        return bool(self.offers) and not getattr(self.app, "held_dismissed", False)

    def layout(self, s: float, size: tuple[int, int]) -> None:
        w = round(470 * s)
        h = round(70 * s) + len(self.offers) * round(62 * s) + round(50 * s)
        self.rect = pygame.Rect(size[0] - w - round(40 * s), round(110 * s), w, h)
        y = self.rect.y + round(58 * s)
        self.buttons = []
        for k, o in enumerate(self.offers):
            self.buttons.append(widgets.Button(
                (self.rect.right - round(170 * s), y + round(18 * s), round(150 * s), round(38 * s)),
                widgets.tr_label("lan.rejoin_seat", n=o["seat"] + 1), lambda o=o: self.rejoin(o), "gold",
                name=f"rejoin{k}", size=round(15 * s)))
            y += round(62 * s)
        self.dismiss = widgets.Button(
            (self.rect.x + round(20 * s), self.rect.bottom - round(46 * s), round(130 * s), round(34 * s)),
            widgets.tr_label("lan.held_dismiss"), self.hide, "dark", name="held_no", size=round(14 * s))

    def hide(self) -> None:
        self.app.held_dismissed = True
        self.app.dirty = True

    def handle(self, ev) -> bool:
        if not self.shown:
            return False
        return any(b.handle(ev) for b in [*self.buttons, *([self.dismiss] if self.dismiss else [])])

    def draw(self, surf: pygame.Surface, s: float) -> None:
        if not self.shown:
            return
        r = self.rect
        widgets.panel(surf, r, (20, 40, 30), 235, round(14 * s), 2, widgets.GOLD)
        widgets.draw_text(surf, strings.tr("lan.held_title"), (r.x + round(20 * s), r.y + round(16 * s)), round(20 * s),
                          widgets.GOLD, "bold", max_width=r.w - round(40 * s))
        y = r.y + round(58 * s)
        for o, b in zip(self.offers, self.buttons):
            line = strings.tr("lan.held_line", table=shown(o.get("table_name") or o["table"]),
                              host=shown(o.get("host_name") or "?"), n=o["seat"] + 1)
            widgets.draw_text(surf, line, (r.x + round(20 * s), y + round(10 * s)), round(15 * s), widgets.CREAM,
                              "bold", max_width=r.w - round(210 * s))
            widgets.draw_text(surf, f"{o['addr']} · {hostmsg.short(o['host_id'])}",
                              (r.x + round(20 * s), y + round(34 * s)), round(13 * s), widgets.MUTED,
                              max_width=r.w - round(210 * s))
            b.draw(surf)
            y += round(62 * s)
        if self.dismiss is not None:
            self.dismiss.draw(surf)


# ====================================================================== saved tables

def saved_tables(state_dir=None) -> tuple[list[dict], list[str]]:
    """The tables a host saved (what ``host --resume`` would continue): one summary each; and one line per file
    that cannot be read (it is set aside when resumed)."""
    try:
        from netplay.store import Damaged, Store, default_dir
        from netplay.table import restore_config
    except ImportError:
        return [], []
    root = state_dir if state_dir is not None else default_dir()
    try:
        store = Store(root)
    except OSError:
        return [], []
    out, bad = [], []
    for name in store.names():
        try:
            recs, _size = store.load(name)
            cfg = restore_config(recs)
        except (Damaged, OSError, TypeError, ValueError, KeyError) as e:
            bad.append(str(e))
            continue
        phase = "waiting"
        hand = 0
        for r in recs:
            if r.get("k") == "base":
                phase = r.get("phase", "waiting")
                m = r.get("match") or {}
                hand = len(m.get("hands_played") or []) + (1 if phase == "playing" else 0)
            elif r.get("k") in ("start", "deal"):
                phase, hand = "playing", hand + 1
            elif r.get("k") == "reset":
                phase, hand = "waiting", 0
        out.append({"file": name, "table_id": cfg.table_id, "name": cfg.name or cfg.table_id,
                    "variant": cfg.variant, "phase": phase, "hand": hand})
    return out, bad


def resume_line(t: dict) -> str:
    if t["phase"] == "playing":
        where = strings.tr("lan.resume_where", hand=t["hand"])
    elif t["phase"] in ("between", "over"):
        where = strings.tr("lan.resume_between", hand=t["hand"])
    else:
        where = strings.tr("lan.resume_waiting")
    return strings.tr("lan.resume_line", name=shown(t["name"]), variant=variant_title(t["variant"]), where=where)


class ResumeScene(Scene):
    """The LAN host entry when tables were saved: resume them (the hosting player back in their seat) or host a new
    one."""

    name = "lan_resume"

    def __init__(self, app, tables: list[dict], bad: list[str], new_table, resume=None):
        super().__init__(app)
        self.tables = tables
        self.bad = bad
        self.new_table = new_table
        self.on_resume = resume  # resume(): host every saved table again and take the hosting player's seat

    def layout(self) -> None:
        s = self.s
        W_ = self.app.size[0]
        bw, bh = round(220 * s), round(52 * s)
        self.box = pygame.Rect(0, 0, round(820 * s), round(60 * s) + (len(self.tables) + min(2, len(self.bad)))
                               * round(44 * s) + round(110 * s))
        self.box.midtop = (W_ // 2, round(110 * s))
        y = self.box.bottom - round(80 * s)
        self.resume_btn = widgets.Button((self.box.right - round(40 * s) - bw, y, bw, bh),
                                         widgets.tr_label("lan.resume"), self.resume, "gold", name="resume",
                                         size=round(18 * s))
        self.new_btn = widgets.Button((self.box.centerx - bw // 2, y, bw, bh), widgets.tr_label("lan.resume_new"),
                                      self.new_table, "green", name="new_table", size=round(18 * s))
        self.back_btn = widgets.Button((self.box.x + round(40 * s), y, round(160 * s), bh),
                                       widgets.tr_label("common.back"), lambda: nav.go(self.app, "menu"), "dark",
                                       name="back", size=round(18 * s))

    def resume(self) -> None:
        if self.on_resume is not None:
            self.on_resume()

    def handle(self, ev) -> None:
        for b in (self.resume_btn, self.new_btn, self.back_btn):
            if b.handle(ev):
                return
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            nav.go(self.app, "menu")

    def draw(self, surf) -> None:
        s = self.s
        surf.blit(background(surf.get_size()), (0, 0))
        widgets.draw_text(surf, strings.tr("lan.resume_title"), (self.app.size[0] // 2, round(30 * s)), round(38 * s),
                          widgets.GOLD, "serif", anchor="midtop", shadow=True)
        widgets.panel(surf, self.box)
        y = self.box.y + round(30 * s)
        for t in self.tables:
            widgets.draw_text(surf, resume_line(t), (self.box.x + round(40 * s), y), round(18 * s), widgets.CREAM,
                              "bold", max_width=self.box.w - round(80 * s))
            y += round(44 * s)
        for line in self.bad[:2]:
            widgets.draw_text(surf, strings.tr("lan.resume_damaged", why=line), (self.box.x + round(40 * s), y),
                              round(13 * s), (255, 170, 150), max_width=self.box.w - round(80 * s))
            y += round(26 * s)
        for b in (self.resume_btn, self.new_btn, self.back_btn):
            b.draw(surf)


# ====================================================================== ending a hosted table

class EndTableGuard:
    """The hosting player's table: closing the window mid-match asks "end the table for everyone?" first."""

    def __init__(self, scene: Any, host: Any):
        self.scene = scene
        self.host = host
        self.asking = False
        self.yes: widgets.Button | None = None
        self.no: widgets.Button | None = None

    def needed(self) -> bool:
        ses = self.scene.session
        return self.host is not None and not getattr(ses, "match_over", False)

    def on_quit(self) -> bool:
        """The window's close button: True when the question is asked instead (a second close ends it)."""
        if not self.needed() or self.asking:
            if self.host is not None:
                self.end()
            return False
        self.asking = True
        self.layout()
        self.scene.app.dirty = True
        return True

    def layout(self) -> None:
        s = self.scene.s
        r = self.rect()
        bw, bh = round(200 * s), round(48 * s)
        self.yes = widgets.Button((r.right - round(30 * s) - bw, r.bottom - round(70 * s), bw, bh),
                                  widgets.tr_label("lan.end_yes"), self.end_and_quit, "red", name="end_yes",
                                  size=round(17 * s))
        self.no = widgets.Button((r.x + round(30 * s), r.bottom - round(70 * s), bw, bh),
                                 widgets.tr_label("lan.end_no"), self.keep, "gold", name="end_no", size=round(17 * s))

    def rect(self) -> pygame.Rect:
        s = self.scene.s
        r = pygame.Rect(0, 0, round(640 * s), round(260 * s))
        r.center = (self.scene.app.size[0] // 2, self.scene.app.size[1] // 2)
        return r

    def keep(self) -> None:
        self.asking = False
        self.scene.app.dirty = True

    def end(self) -> None:
        host, self.host = self.host, None
        if host is not None:
            try:
                host.stop(ended=True)
            except TypeError:
                host.stop()

    def end_and_quit(self) -> None:
        self.end()
        self.scene.app.quit()

    def handle(self, ev) -> bool:
        """While asking, the question takes every event."""
        if not self.asking:
            return False
        if self.yes is None or self.no is None:
            self.layout()
        assert self.yes is not None and self.no is not None
        if self.yes.handle(ev) or self.no.handle(ev):
            return True
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            self.keep()
        return True

    def draw(self, surf: pygame.Surface) -> None:
        if not self.asking:
            return
        s = self.scene.s
        widgets.dim_screen(surf, 150)
        r = self.rect()
        widgets.panel(surf, r, (40, 16, 12), 245, round(16 * s), 2, widgets.GOLD)
        widgets.draw_text(surf, strings.tr("lan.end_title"), (r.centerx, r.y + round(22 * s)), round(26 * s),
                          widgets.GOLD, "serif", anchor="midtop", max_width=r.w - round(40 * s))
        widgets.draw_wrapped(surf, strings.tr("lan.end_body"),
                             pygame.Rect(r.x + round(30 * s), r.y + round(74 * s), r.w - round(60 * s), round(100 * s)),
                             max(12, round(15 * s)), widgets.CREAM)
        if self.yes is None or self.no is None:
            self.layout()
        assert self.yes is not None and self.no is not None
        self.yes.draw(surf)
        self.no.draw(surf)
