"""The table's heads-up panels: my hand, the claim prompt, the status line, hints, captions, banners, pause."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.ui.kit import drawlog, strings, tileart
from game.ui.kit import widgets as W
from game.ui.table import tablepanels
from game.ui.table.hints import Hints
from game.ui.table.layout import TableLayout
from game.ui.table.myhand import HandSlots, lift
from game.ui.table.prompt import ChoiceButton, choice_tiles, row_top
from game.ui.table.tableview import TableRenderer, tile_marks
from game.ui.table.tracker import draw_tracker

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene

HandRect = tuple[pygame.Rect, int, int]  # (rect to click, tile, index in the hand)


def draw_table_scene(surf: pygame.Surface, sc: TableScene, title: str) -> list[HandRect] | None:
    """The table as the renderer draws it with my hand, then the panels; returns where my hand tiles are."""
    L = sc.L
    if sc.view is None or L is None:
        surf.fill((10, 40, 30))
        W.draw_text(surf, strings.tr("common.loading"), (surf.get_width() // 2, surf.get_height() // 2),
                    round(24 * sc.s), anchor="center")
        return None
    r = sc.render
    r.names = sc.names
    r.levels = sc.bot_levels
    r.hidden = sc.anim.hidden()
    r.deal_counts = sc.deal_counts()
    r.totals = sc.session.totals
    r.status = {i: strings.tr(k) for i in range(sc.n) if (k := sc.link.seat_key(i)) is not None}
    v = sc.view
    over = sc.hand_over()
    thinking = v["turn"] if v["phase"] in ("turn", "declare") and v["turn"] != sc.me else None
    rects: list[list[HandRect]] = []

    def my_hand() -> None:
        allowed = {a.tile for a in sc.legal("discard") if a.tile is not None} if sc.legal("discard") else None
        rects.append(draw_my_hand(surf, v, sc.me, sc.my_slots(), r, sc.current_hints() if not over else None,
                                  allowed, sc.sel, sc.hover, over, sc.s))

    r.draw_table(surf, v, L, my_hand=my_hand, thinking=thinking)
    sub = strings.tr("table.hand_no", i=(v.get("hand_no", 0) or 0) + 1, n=sc.hands_total or "?")
    if v.get("dealer_streak"):
        sub += "  " + strings.tr("table.streak", k=v["dealer_streak"])
    r.draw_public(surf, v, L, title, sub)
    draw_overlays(surf, sc, L, over)
    return rects[-1] if rects else None


def draw_overlays(surf: pygame.Surface, sc: TableScene, L: TableLayout, over: bool) -> None:
    """Everything the table scene draws over the table, bottom to top (``over``: the hand has ended)."""
    size, s = sc.app.size, sc.s
    seated = sc.session.seat is not None and not sc.demo
    if seated and sc.switches.tracker_on() and sc.view is not None:
        sc.tracker.update(sc.view)
        draw_tracker(surf, sc.tracker, L, tile_marks(sc.view))
    if not over:
        if not sc.comforts.auto:
            _draw_prompt(surf, sc, L)
        hints = sc.current_hints()
        if hints:
            focus = sc.sel if sc.sel is not None else sc.hover
            draw_hints(surf, hints, hint_line(hints, sc.my_tiles()[0], bool(sc.legal("discard")), focus), L, size, s)
        if sc.legal("discard") and not sc.prompt.buttons and seated and not sc.comforts.auto:
            draw_status(surf, strings.tr("table.your_turn") + "  ·  " + strings.tr("table.your_turn_keys"), L, size, s)
        if sc.compass_hover and sc.view is not None:
            tablepanels.draw_wall_tip(surf, sc.view, L)
    sc.anim.draw(surf, s)
    if sc.demo:
        right = L.seat_at(1)
        plate = sc.render.plate_rects.get(right) if right is not None else None
        draw_captions(surf, sc.captions, sc.app.now, size, s, plate)
    for b in sc.top_buttons:
        b.draw(surf)
    if seated and (sc.settle is None or sc.look):
        for b in sc.switches.dock:
            b.draw(surf)
    if seated:
        tablepanels.draw_switch_panels(surf, sc, over)
    sc.shown = "table"
    if sc.settle is not None and not sc.look:
        sc.settle.draw(surf)
        sc.shown = "settlement"
        if sc.auto_next_at is not None:
            for b in tablepanels.place_auto_next(sc):
                b.draw(surf)
    elif sc.look:
        draw_banner(surf, strings.tr("table.look"), size, s, L)
    elif sc.waiting_next and over:
        n = sc.link.next_deal_in(sc.session, sc.app.now)
        text = strings.tr("table.wait_next") if n is None else strings.tr("table.wait_next_in", n=n)
        draw_banner(surf, text, size, s, L)
    tablepanels.draw_lan_panels(surf, sc, over)
    if sc.paused and sc.link.state != "lost":
        draw_pause(surf, sc.pause_buttons, s, sc.lan)


def _draw_prompt(surf: pygame.Surface, sc: TableScene, L: TableLayout) -> None:
    v = sc.view
    pr = sc.prompt
    if not pr.buttons:
        if v.get("awaiting") and sc.sent is not None:
            draw_waiting(surf, strings.tr(f"act.{sc.sent.kind}"), L, sc.app.size, sc.app.now, sc.s)
        return
    offer = v.get("offer")
    if offer and offer.get("tile") is not None and v.get("phase") in ("claim", "rob") and not pr.choice_buttons:
        who = sc.names[offer["from"]] if offer.get("from") is not None else "?"
        row = pr.buttons[0].rect.unionall([b.rect for b in pr.buttons[1:]])
        draw_offer(surf, offer, who, row, sc.s)
    for b in pr.buttons:
        b.draw(surf)
    if pr.choice_buttons:
        draw_choices(surf, pr.choice, pr.choice_buttons, v, sc.s)


def top_buttons(size: tuple[int, int], scale: float, on_menu: Callable[[], None], on_hints: Callable[[], None],
                hints_on: Callable[[], bool]) -> list[W.Button]:
    """The menu and hints switches in the top right corner (the hints one says whether hints are on)."""
    s = scale
    bw, bh = round(84 * s), round(34 * s)
    W_, _H = size
    y = round(14 * s)
    return [
        W.Button((W_ - round(14 * s) - bw, y, bw, bh), W.tr_label("table.menu"), on_menu, "dark", size=round(16 * s),
                 name="menu"),
        W.Button((W_ - round(14 * s) - 2 * bw - round(8 * s), y, bw, bh),
                 lambda: strings.tr("table.hints_on" if hints_on() else "table.hints_off"), on_hints, "dark",
                 size=round(14 * s), name="hints"),
    ]


def pause_buttons(size: tuple[int, int], scale: float, resume: Callable[[], None], settings: Callable[[], None],
                  rules: Callable[[], None], leave: Callable[[], None]) -> list[W.Button]:
    s = scale
    W_, H_ = size
    bw, bh = round(300 * s), round(52 * s)
    x = W_ // 2 - bw // 2
    y0 = H_ // 2 - round(110 * s)
    return [
        W.Button((x, y0, bw, bh), W.tr_label("table.resume"), resume, "gold", name="resume"),
        W.Button((x, y0 + round(64 * s), bw, bh), W.tr_label("menu.settings"), settings, "blue", name="settings"),
        W.Button((x, y0 + round(128 * s), bw, bh), W.tr_label("menu.rules"), rules, "green", name="rules"),
        W.Button((x, y0 + round(192 * s), bw, bh), W.tr_label("table.leave"), leave, "red", name="leave"),
    ]


def _hl(mark: str | None) -> str | None:
    return mark if mark in ("wild", "standin", "chicken") else None


def draw_my_hand(surf: pygame.Surface, view: dict, me: int, hand: HandSlots, render: TableRenderer,
                 hints: Hints | None, allowed: set[int] | None, sel: int | None, hover: int | None, over: bool,
                 scale: float) -> list[HandRect]:
    """My concealed tiles (lifted, marked, dimmed when they may not go) and melds; returns where to click."""
    disp, slots, melds, meld_slots = hand
    marks = tile_marks(view)
    my_turn = allowed is not None
    rects = []
    hidden = render.hidden
    s = scale
    for i, (t, sl) in enumerate(zip(disp, slots)):
        y = sl.y - (lift(i, sel, hover, s) if not over else 0)
        rect = pygame.Rect(sl.x, y, *tileart.tile_size(sl.w))
        rects.append((rect.union(sl.rect()), t, i))
        if ("my", i) in hidden:
            continue
        dim = allowed is not None and t not in allowed
        hl = []
        m = marks.get(t)
        if m in ("wild", "standin", "chicken"):
            hl.append(m)
        if i == sel and not over:
            hl.append("selected")
        tileart.draw_tile(surf, t, (sl.x, y), sl.w, standing=True, highlight=tuple(hl) or None, dim=dim)
        if hints and my_turn and t in hints.per_discard and not dim:
            cx = rect.centerx
            ty = y - round(8 * s)
            pts = [(cx - round(7 * s), ty), (cx + round(7 * s), ty), (cx, ty + round(8 * s))]
            pygame.draw.polygon(surf, (255, 226, 90), pts)
            pygame.draw.polygon(surf, (120, 80, 0), pts, 1)
    for mi, (_x, mslots) in enumerate(meld_slots):
        render._draw_meld(surf, view, melds[mi], mslots, me, mi, hidden_prefix=("mymeld", mi))
    return rects


def draw_waiting(surf: pygame.Surface, what: str, layout: TableLayout, size: tuple[int, int], now: float,
                 scale: float) -> None:
    """After my claim: a pill saying a higher claim may still come (its dots run)."""
    s = scale
    text = strings.tr("table.wait_higher", what=what)
    y = layout.hand_top - round(56 * s)
    tw = W.text_width(text, round(17 * s), "bold") + round(36 * s)
    r = pygame.Rect(0, 0, tw, round(38 * s))
    r.midbottom = (size[0] // 2, y)
    W.panel(surf, r, (40, 30, 8), 230, r.h // 2, 2, W.GOLD)
    k = int(now * 2.5) % 4
    W.draw_text(surf, text + "." * k, (r.x + round(18 * s), r.centery), round(17 * s), W.CREAM, "bold",
                anchor="midleft")


def draw_offer(surf: pygame.Surface, offer: dict, who: str, row: pygame.Rect, scale: float) -> None:
    """The tile on offer and who let it go, just above the prompt's buttons (clear of the player's discards)."""
    s = scale
    tw = round(46 * s)
    bw, bh = tileart.tile_size(tw)
    box = pygame.Rect(0, 0, bw + round(150 * s), bh + round(20 * s))
    box.bottomright = (row.right, row.top - round(14 * s))
    W.panel(surf, box, (10, 28, 22), 220, round(12 * s), 2, W.GOLD)
    key = "table.rob_offer" if offer.get("kind") == "rob" else "table.offer"
    W.draw_text(surf, strings.tr(key, who=who), (box.x + round(12 * s), box.centery - round(10 * s)), round(14 * s),
                W.CREAM, "bold", anchor="midleft", max_width=round(130 * s))
    W.draw_text(surf, strings.tile_name(offer["tile"]), (box.x + round(12 * s), box.centery + round(12 * s)),
                round(16 * s), W.GOLD, "bold", anchor="midleft", max_width=round(130 * s))
    tileart.draw_tile(surf, offer["tile"], (box.right - bw - round(10 * s), box.y + round(10 * s)), tw,
                      highlight="last")


def draw_choices(surf: pygame.Surface, choice: str | None, choice_buttons: list[ChoiceButton], view: dict,
                 scale: float) -> None:
    """The open list of alternatives (which chow, which kong), each with its tiles."""
    s = scale
    title = strings.tr("table.choose_chow" if choice == "chow" else "table.choose_kong")
    grid = choice_buttons[0].rect.unionall([b.rect for b in choice_buttons[1:]])
    W.draw_text(surf, title, (grid.x, grid.y - round(6 * s)), round(15 * s), W.GOLD, "bold", anchor="bottomleft",
                shadow=True)
    tw = round(30 * s)
    cw, ch = tileart.tile_size(tw)
    for b in choice_buttons:
        b.draw(surf)
        a = b.action
        offer_t = (view.get("offer") or {}).get("tile")
        x = b.rect.x + round(14 * s)
        y = b.rect.centery - ch // 2
        marks = tile_marks(view)
        for t in choice_tiles(a):
            hl = "last" if (a.kind == "chow" and t == offer_t) else _hl(marks.get(t)) if t is not None else None
            tileart.draw_tile(surf, t, (x, y), tw, highlight=hl)
            x += cw + 2


def draw_status(surf: pygame.Surface, text: str, layout: TableLayout, size: tuple[int, int], scale: float) -> None:
    s = scale
    y = layout.hand_top - round(30 * s)
    W.draw_text(surf, text, (size[0] // 2, y), round(15 * s), (255, 236, 170), "bold", anchor="midbottom", shadow=True)


def hint_line(hints: Hints, disp: list[int], discarding: bool, focus: int | None) -> tuple[str, list] | None:
    """The hint panel's line: what the focused discard would wait on, or my waits; None when nothing to say."""
    if discarding:
        if focus is not None and focus < len(disp):
            t = disp[focus]
            ws = hints.per_discard.get(t)
            if ws:
                return strings.tr("hint.discard_waits", tile=strings.tile_name(t)), ws
            if hints.per_discard:
                return strings.tr("hint.discard_no_wait", tile=strings.tile_name(t)), []
        elif hints.per_discard:
            return strings.tr("hint.ready_marks"), []
    elif hints.waits:
        return strings.tr("hint.waits"), hints.waits
    return None


def draw_hints(surf: pygame.Surface, hints: Hints, line: tuple[str, list] | None, layout: TableLayout,
               size: tuple[int, int], scale: float) -> None:
    """The light-bulb panel (waits with unseen counts) and, above the prompt, why a win is refused."""
    s = scale
    L = layout
    tw = round(26 * s)
    cw, ch = tileart.tile_size(tw)
    if line:
        label, ws = line
        fs, ls = round(15 * s), L.font(12)
        lw = W.text_width(label, fs, "bold")
        counts = [strings.tr("hint.left", n=left) if left else strings.tr("hint.none_left") for _t, left in ws]
        # each wait takes its tile's width or its count's, whichever is wider
        cols = [max(cw, W.text_width(c, ls, "bold")) for c in counts]
        gap = round(8 * s)
        width = round(46 * s) + lw + round(12 * s) + sum(c + gap for c in cols) + round(4 * s)
        height = (round(6 * s) + ch + round(3 * s) + round(ls * 1.3) + round(6 * s)) if ws else round(38 * s)
        r = pygame.Rect(round(14 * s), size[1] - L.plate_h - round(22 * s) - height, width, height)
        if r.right > size[0] * 0.62:
            r.w = round(size[0] * 0.62) - r.x
        W.panel(surf, r, (30, 26, 10), 225, round(12 * s), 2, (255, 214, 100))
        # the bulb
        bc = (r.x + round(22 * s), r.y + round(19 * s))
        g = W.glow_circle(round(10 * s), (255, 230, 120))
        surf.blit(g, g.get_rect(center=bc))
        pygame.draw.circle(surf, (255, 236, 140), bc, round(9 * s))
        base = (bc[0] - round(4 * s), bc[1] + round(8 * s), round(8 * s), round(6 * s))
        pygame.draw.rect(surf, (180, 180, 170), base, border_radius=2)
        W.draw_text(surf, label, (r.x + round(40 * s), r.y + round(19 * s)), fs, W.CREAM, "bold", anchor="midleft")
        x = r.x + round(46 * s) + lw + round(12 * s)
        for k, ((t, left), text, col) in enumerate(zip(ws, counts, cols)):
            if x + col > r.right - round(4 * s):
                drawlog.dropped(surf, [strings.tile_name(t) for t, _n in ws[k:]], pygame.Rect(x, r.y, cw, ch), 0)
                break
            tileart.draw_tile(surf, t, (x + (col - cw) // 2, r.y + round(6 * s)), tw, dim=left == 0)
            W.draw_text(surf, text, (x + col // 2, r.y + round(9 * s) + ch), ls,
                        (255, 220, 130) if left else (200, 150, 140), "bold", anchor="midtop")
            x += col + gap
    if hints.no_win:
        text = strings.tr("hint.no_win", why=hints.no_win)
        lines_ = W.wrap(text, round(14 * s), round(290 * s))  # the column right of the discards
        h = len(lines_) * round(20 * s) + round(14 * s)
        wmax = max(W.text_width(ln, round(14 * s)) for ln in lines_) + round(24 * s)
        r = pygame.Rect(0, 0, wmax, h)
        # above the prompt's buttons and the tile on offer
        offer_h = tileart.tile_size(round(46 * s))[1] + round(20 * s)
        r.bottomright = (size[0] - round(96 * s), row_top(L, s) - round(14 * s) - offer_h - round(10 * s))
        W.panel(surf, r, (60, 14, 10), 230, round(10 * s), 2, (255, 120, 100))
        y = r.y + round(7 * s)
        for ln in lines_:
            W.draw_text(surf, ln, (r.x + round(12 * s), y), round(14 * s), (255, 230, 220))
            y += round(20 * s)


def draw_captions(surf: pygame.Surface, captions: list[list], now: float, size: tuple[int, int], scale: float,
                  under: pygame.Rect | None = None) -> None:
    """The demo's running commentary, the newest three fading in and out: under the right-hand seat's plate
    (clear of its tiles and of the discards), or top right when nobody sits there."""
    s = scale
    y = under.bottom + round(16 * s) if under is not None else round(150 * s)
    right = under.right if under is not None else size[0] - round(26 * s)
    for text, born in captions[-3:]:
        a = min(1.0, (now - born) / 0.3, max(0.0, (6 - (now - born)) / 0.8))
        img = W.text_surface(text, round(20 * s), (255, 240, 200), "bold")
        r = img.get_rect()
        r.topright = (right - round(12 * s), y)
        bg = pygame.Surface(r.inflate(round(24 * s), round(12 * s)).size, pygame.SRCALPHA)
        bg.fill((0, 0, 0, round(150 * a)))
        surf.blit(bg, r.inflate(round(24 * s), round(12 * s)))
        img = img.copy()
        img.set_alpha(round(255 * a))
        surf.blit(img, r)
        drawlog.text(surf, text, r, img, round(20 * s), "bold")
        y += r.h + round(16 * s)


def draw_banner(surf: pygame.Surface, text: str, size: tuple[int, int], scale: float,
                layout: TableLayout | None = None) -> None:
    """A line about the table as a whole; at hand end it sits bottom left, clear of every revealed hand."""
    s = scale
    r = pygame.Rect(0, 0, W.text_width(text, round(16 * s), "bold") + round(40 * s), round(40 * s))
    if layout is not None:
        r.bottomleft = (round(14 * s), size[1] - layout.plate_h - round(26 * s))
    else:
        r.midtop = (size[0] // 2, round(60 * s))
    W.panel(surf, r, (20, 20, 10), 220, r.h // 2, 2, W.GOLD)
    W.draw_text(surf, text, r.center, round(16 * s), W.CREAM, "bold", anchor="center")


def draw_pause(surf: pygame.Surface, buttons: list[W.Button], scale: float, lan: bool = False) -> None:
    """The Esc menu; at a LAN table it is no pause (the others play on) and says so."""
    W.dim_screen(surf, 150 if not lan else 110)
    s = scale
    first = buttons[0].rect
    box = pygame.Rect(0, 0, first.w + round(80 * s), round(340 * s))
    box.midtop = (first.centerx, first.y - round(80 * s))
    if lan:
        box.w = round(560 * s)
        box.centerx = first.centerx
    W.panel(surf, box)
    title = strings.tr("table.menu_lan" if lan else "table.paused")
    W.draw_text(surf, title, (box.centerx, box.y + round(22 * s)), round(28 * s) if not lan else round(24 * s), W.GOLD,
                "serif", anchor="midtop", max_width=box.w - round(24 * s))
    if lan:
        W.draw_text(surf, strings.tr("table.menu_lan_sub"), (box.centerx, box.y + round(56 * s)),
                    max(12, round(13 * s)), W.MUTED, anchor="midtop", max_width=box.w - round(24 * s))
    for b in buttons:
        b.draw(surf)
