"""Panels the table's switches and a LAN table bring: 托管's banner and countdown, the idle offer, the
reconnect banner, the lost host, the next deal's countdown, the wall tooltip."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import nav
from game.ui.kit import hostmsg, strings
from game.ui.kit import widgets as W
from game.ui.table import dock
from game.ui.table.layout import TableLayout

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene

RED_EDGE = (255, 120, 100)


def offer_rect(size: tuple[int, int], layout: TableLayout, s: float) -> pygame.Rect:
    r = pygame.Rect(0, 0, round(540 * s), round(132 * s))
    r.center = (size[0] // 2, layout.C[1])
    return r


def lost_rect(size: tuple[int, int], s: float) -> pygame.Rect:
    r = pygame.Rect(0, 0, round(640 * s), round(300 * s))
    r.center = (size[0] // 2, size[1] // 2)
    return r


def _seconds(until: float | None, now: float) -> int:
    return 0 if until is None else max(0, int(until - now + 0.999))


def panel_buttons(size: tuple[int, int], s: float, sc: TableScene) -> dict[str, list[W.Button]]:
    """The buttons of each panel, by panel: "offer" (托管?), "lost" (the host is gone), "auto_next"."""
    L = sc.L
    assert L is not None
    bh = round(42 * s)
    bw = round(150 * s)
    o = offer_rect(size, L, s)
    offer = [
        W.Button((o.centerx - bw - round(8 * s), o.bottom - bh - round(14 * s), bw, bh),
                 W.tr_label("comfort.offer_yes"), lambda: sc.switches.set_auto(True), "gold", hotkey="T",
                 name="offer_auto", size=round(17 * s)),
        W.Button((o.centerx + round(8 * s), o.bottom - bh - round(14 * s), bw, bh), W.tr_label("comfort.offer_no"),
                 lambda: sc.comforts.touch(sc.app.now), "dark", name="offer_no", size=round(17 * s)),
    ]
    lr = lost_rect(size, s)
    bw2 = round(200 * s)
    lost = [
        W.Button((lr.centerx - bw2 - round(10 * s), lr.bottom - bh - round(22 * s), bw2, bh),
                 W.tr_label("link.lost_menu"), sc.leave_table, "gold", name="lost_menu", size=round(17 * s)),
        W.Button((lr.centerx + round(10 * s), lr.bottom - bh - round(22 * s), bw2, bh), W.tr_label("link.lost_join"),
                 lambda: _rejoin(sc), "blue", name="lost_join", size=round(17 * s)),
    ]
    auto_next = [W.Button((0, 0, round(380 * s), round(32 * s)),
                          lambda: strings.tr("comfort.auto_next", n=_seconds(sc.auto_next_at, sc.app.now)),
                          sc.switches.toggle_auto, "dark", name="auto_next", size=max(12, round(14 * s)))]
    return {"offer": offer, "lost": lost, "auto_next": auto_next}


def over_settle_buttons(sc: TableScene, w: int, h: int) -> pygame.Rect:
    """A strip right-aligned just above the settlement's buttons (its footer is the settlement's own)."""
    s = sc.s
    buttons: list[W.Button] = sc.settle.buttons if sc.settle is not None else []
    rects = [b.rect for b in buttons]
    right = max((r.right for r in rects), default=sc.app.size[0] - round(40 * s))
    top = min((r.top for r in rects), default=sc.app.size[1] - round(80 * s))
    return pygame.Rect(right - w, top - round(8 * s) - h, w, h)


def place_auto_next(sc: TableScene) -> list[W.Button]:
    """托管's countdown button, placed over the settlement's buttons as they are now."""
    out: list[W.Button] = sc.switches.panels.get("auto_next", [])
    for b in out:
        b.rect = over_settle_buttons(sc, b.rect.w, b.rect.h)
    return out


def _rejoin(sc: TableScene) -> None:
    """Leave the dead table and open the join list (the seat is kept by the host for a while)."""
    try:
        sc.session.close()
    except OSError:
        pass  # the connection is gone already
    nav.go(sc.app, "join")


def _pill(surf: pygame.Surface, text: str, at: tuple[int, int], s: float, edge=W.GOLD, size: int = 15,
          right: bool = False) -> None:
    """A rounded label, its bottom centre (or, with ``right``, its bottom right corner) at ``at``."""
    px = max(12, round(size * s))
    r = pygame.Rect(0, 0, W.text_width(text, px, "bold") + round(28 * s), round(32 * s))
    if right:
        r.bottomright = at
    else:
        r.midbottom = at
    r.right = min(r.right, surf.get_width() - round(8 * s))
    W.panel(surf, r, (36, 28, 10), 232, r.h // 2, 2, edge)
    W.draw_text(surf, text, r.center, px, W.CREAM, "bold", anchor="center")


def draw_switch_panels(surf: pygame.Surface, sc: TableScene, over: bool) -> None:
    """托管's banner above the dock, the idle offer over the table."""
    s = sc.s
    size = sc.app.size
    if sc.comforts.auto and sc.settle is None and sc.L is not None:
        d = dock.dock_rect(size, s)
        text = strings.tr("comfort.auto_on") + " · " + strings.tr("comfort.auto_off_key")
        _pill(surf, text, (d.right, min(d.y, sc.L.hand_top) - round(8 * s)), s, right=True)
    if sc.comforts.offered and not sc.comforts.auto and not sc.paused and sc.L is not None:
        r = offer_rect(size, sc.L, s)
        W.dim_screen(surf, 70)  # a question to the player: the table stays visible behind it
        W.panel(surf, r, (30, 26, 10), 240, round(14 * s), 2, W.GOLD)
        W.draw_text(surf, strings.tr("comfort.offer"), (r.centerx, r.y + round(14 * s)), round(18 * s), W.CREAM,
                    "bold", anchor="midtop", max_width=r.w - round(24 * s))
        W.draw_text(surf, strings.tr("comfort.offer_sub"), (r.centerx, r.y + round(42 * s)), max(12, round(13 * s)),
                    W.MUTED, anchor="midtop", max_width=r.w - round(24 * s))
        for b in sc.switches.panels["offer"]:
            b.draw(surf)


def draw_lan_panels(surf: pygame.Surface, sc: TableScene, over: bool) -> None:
    """A LAN table: the next deal's countdown, the reconnect banner, the lost host."""
    if not sc.lan:
        return
    s, size, now = sc.s, sc.app.size, sc.app.now
    link = sc.link
    n = link.next_deal_in(sc.session, now)
    if n is not None and over and sc.settle is not None and not sc.look and sc.auto_next_at is None:
        r = over_settle_buttons(sc, round(300 * s), round(32 * s))
        _pill(surf, strings.tr("table.next_deal_in", n=n), (r.right, r.bottom), s, right=True)
    if link.state == "reconnecting":
        text = strings.tr("link.banner", n=int(now - link.since))
        _pill(surf, text, (size[0] // 2, round(104 * s)), s, RED_EDGE)
    if link.state == "lost":
        W.dim_screen(surf, 160)
        r = lost_rect(size, s)
        W.panel(surf, r, (40, 16, 12), 245, round(16 * s), 2, RED_EDGE)
        W.draw_text(surf, strings.tr("link.lost_title"), (r.centerx, r.y + round(22 * s)), round(26 * s), W.GOLD,
                    "serif", anchor="midtop", max_width=r.w - round(40 * s))
        body = strings.tr("link.lost_body")
        why = hostmsg.session_text(sc.session) if link.message else None  # the reason, in the UI language
        if why:
            body += ("（" + why + "）") if strings.is_zh() else "  (" + why + ")"
        W.draw_wrapped(surf, body, pygame.Rect(r.x + round(30 * s), r.y + round(74 * s), r.w - round(60 * s),
                                               round(140 * s)), max(12, round(15 * s)), W.CREAM)
        for b in sc.switches.panels["lost"]:
            b.draw(surf)


def draw_wall_tip(surf: pygame.Surface, view: dict, layout: TableLayout) -> None:
    """Under the compass on hover: how many tiles the wall holds and how many of them may still be drawn."""
    wall, n = view.get("wall", 0), view.get("drawable", 0)
    s = layout.s
    if wall > n:
        text = strings.tr("table.wall_tip", wall=wall, k=wall - n, n=n)
    else:
        text = strings.tr("table.wall_tip_all", n=n)
    px = max(12, round(14 * s))
    c = layout.compass_rect()
    r = pygame.Rect(0, 0, W.text_width(text, px) + round(24 * s), round(30 * s))
    r.midtop = (c.centerx, c.bottom + round(8 * s))
    W.panel(surf, r, (20, 20, 10), 235, round(8 * s), 2, W.GOLD)
    W.draw_text(surf, text, r.center, px, W.CREAM, anchor="center")
