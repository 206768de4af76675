"""Drawing one seat's view of the table: felt, compass, ponds, hands, melds, plates, variant facts.

Pure rendering: everything comes from the view dict (``game.rules.view``), the
layout, and a few display choices (hidden slots while a tile is in flight,
highlights, revealed hands for demo and replays).
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.rules import tiles
from game.rules.view import View
from game.ui.kit import drawlog, strings, tileart, widgets
from game.ui.kit.felt import felt_surface
from game.ui.kit.names import level_label
from game.ui.table.layout import TableLayout


def seat_wind(seat: int, dealer: int, n: int) -> int:
    return (seat - dealer) % n


def is_tile(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 34


def tile_list(v) -> list[int] | None:
    if isinstance(v, (list, tuple)) and v and all(is_tile(x) for x in v):
        return list(v)
    return None


def tile_marks(view: dict) -> dict[int, str]:
    """Highlight per tile kind for the viewer's hand: wildcards, stand-ins, chickens."""
    pub = view.get("public") or {}
    out: dict[int, str] = {}
    for key in ("default_chickens", "chickens"):
        for t in tile_list(pub.get(key)) or []:
            out[t] = "chicken"
    if is_tile(pub.get("chicken")):
        out[pub["chicken"]] = "chicken"
    if is_tile(pub.get("standin")):
        out[pub["standin"]] = "standin"
    if is_tile(pub.get("wildcard")):
        out[pub["wildcard"]] = "wild"
    return out


# public keys shown as tiles in the corner panel, in this order: (key, label key, highlight)
PUBLIC_TILES = (
    ("indicator", "pub.indicator", None),
    ("wildcard", "pub.wildcard", "wild"),
    ("standin", "pub.standin", "standin"),
    ("tail", "pub.tail", None),
    ("default_chickens", "pub.chickens", "chicken"),
    ("zhuo", "pub.zhuo", None),
    ("chicken", "pub.flipped", "chicken"),
)


def seat_tags(view: dict) -> dict[int, list[tuple[str, str]]]:
    """Per-seat tags from the public facts, each with its kind: 冲锋鸡 ("charge"), 责任鸡 ("liable": on the seat
    until the hand ends), beans ("bean"), 十风/十三幺 progress ("sequence")."""
    pub = view.get("public") or {}
    out: dict[int, list[tuple[str, str]]] = {}
    charges = pub.get("chong_feng") or {}
    for name, seat in charges.items():
        try:
            t = tiles.tile(name)
        except (tiles.NotationError, ValueError):
            continue
        if isinstance(seat, int) and 0 <= seat < view["n"]:
            out.setdefault(seat, []).append(
                (strings.tr("pub.chong_feng_wu" if t == tiles.EIGHT_PIN else "pub.chong_feng"), "charge"))
    # 责任鸡: the first discard of a default chicken was claimed; the badge goes to its discarder.
    for name, who in (pub.get("ze_ren") or {}).items():
        try:
            t = tiles.tile(name)
        except (tiles.NotationError, ValueError):
            continue
        seat = who[0] if isinstance(who, list) and who else None
        if isinstance(seat, int) and 0 <= seat < view["n"]:
            text = strings.tr("pub.ze_ren_wu" if t == tiles.EIGHT_PIN else "pub.ze_ren")
            out.setdefault(seat, []).append((text, "liable"))
    if "default_chickens" in pub:  # chicken games: every kong is a bean (豆)
        kinds = {"concealed_kong": "pub.bean_men", "added_kong": "pub.bean_pa", "kong": "pub.bean_dian"}
        for seat, info in enumerate(view["seats"]):
            for m in info["melds"]:
                if m["kind"] in kinds:
                    out.setdefault(seat, []).append((strings.tr(kinds[m["kind"]]), "bean"))
    for seat, prog in enumerate(pub.get("sequence") or []):
        if not isinstance(prog, dict):
            continue
        feng, yao = prog.get("shi_feng"), prog.get("shi_san_yao")
        if isinstance(feng, int) and feng >= 4:
            out.setdefault(seat, []).append((f"{strings.tr('pub.shi_feng')} {feng}/10", "sequence"))
        elif isinstance(yao, int) and yao >= 5:
            out.setdefault(seat, []).append((f"{strings.tr('pub.shi_san_yao')} {yao}/13", "sequence"))
    return out


def seat_badges(view: dict) -> dict[int, list[str]]:
    """Per-seat badges' texts (``seat_tags`` without their kinds), liabilities first."""
    return {seat: [text for text, _k in sorted(tags, key=lambda tk: TAG_ORDER.index(tk[1]))]
            for seat, tags in seat_tags(view).items()}


# which tags a plate keeps when they do not all fit: a liability always shows, the rest may become "+N"
TAG_ORDER = ("liable", "status", "declared", "charge", "bean", "sequence", "other")
TAG_COLOURS = {"liable": (196, 60, 40), "status": (196, 96, 30), "declared": (200, 40, 40)}


def sort_hand(held: list[int], marks: dict[int, str]) -> list[int]:
    """Wildcards first (as players keep them), then suits in order."""
    return sorted(held, key=lambda t: (0 if marks.get(t) == "wild" else 1, t))


def display_meld(m: dict, owner: int, n: int) -> dict:
    """Reorder a meld for the table: a pung or kong's claimed tile sits toward the seat it came from (上家 left,
    对家 middle, 下家 right); a chow is in tile order with its claimed tile (lying sideways) where it belongs."""
    physical, faces = list(m["tiles"]), list(m.get("faces") or m["tiles"])
    c, src = m.get("claimed"), m.get("from")
    if c is None or src is None or not 0 <= c < len(physical):
        return {**m, "tiles": physical, "faces": faces}
    if m["kind"] == "chow":  # in tile order (by face: a substitute sits where it stands in), the claimed one marked
        order = sorted(range(len(physical)), key=lambda j: (faces[j] if faces[j] is not None else -1, j != c))
        return {**m, "tiles": [physical[j] for j in order], "faces": [faces[j] for j in order],
                "claimed": order.index(c)}
    rel = (src - owner) % n
    t, f = physical.pop(c), faces.pop(c)
    if rel == n - 1:
        at = 0
    elif rel == 1:
        at = len(physical)
    else:
        at = 1
    physical.insert(at, t)
    faces.insert(at, f)
    return {**m, "tiles": physical, "faces": faces, "claimed": at}


# ---------------------------------------------------------------- background

@lru_cache(maxsize=4)
def background(size: tuple[int, int]) -> pygame.Surface:
    """Felt with a dark wooden rim and a gold inlay line (cached per size)."""
    w, h = size
    out = felt_surface(size).copy()
    s = min(w / 1280, h / 720)
    rim = max(6, round(10 * s))
    wood = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(wood, (58, 34, 18, 255), (0, 0, w, h), rim)
    pygame.draw.rect(wood, (120, 76, 36, 255), (rim // 3, rim // 3, w - 2 * (rim // 3), h - 2 * (rim // 3)),
                     max(1, rim // 3), border_radius=rim)
    out.blit(wood, (0, 0))
    inset = rim + round(4 * s)
    inlay = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
    line = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(line, (220, 190, 110, 70), inlay, max(1, round(1.5 * s)), border_radius=round(14 * s))
    out.blit(line, (0, 0))
    # inner vignette
    vig = pygame.Surface((32, 18), pygame.SRCALPHA)
    for y in range(18):
        for x in range(32):
            dx = (x + 0.5) / 16 - 1
            dy = (y + 0.5) / 9 - 1
            d = max(0.0, math.hypot(dx * 0.9, dy) - 0.75)
            vig.set_at((x, y), (0, 0, 0, min(120, int(d * 260))))
    out.blit(pygame.transform.smoothscale(vig, size), (0, 0))
    return out.convert() if pygame.display.get_surface() else out


# ---------------------------------------------------------------- the renderer

class TableRenderer:
    """Draws a view at a layout. Stateless apart from what the caller passes per frame."""

    def __init__(self):
        self.hidden: set = set()  # slot keys whose tile is in flight (drawn by the animation instead)
        self.reveal: list | None = None  # per seat hand to show face up (demo/replay), None = as the view says
        self.names: list[str] = []
        self.totals: list[int] | None = None
        self.now = 0.0
        self.badges: dict[int, list[str]] = {}
        self.levels: list | None = None  # bot level per seat (None for people), shown on the plates
        self.deal_counts: dict[int, int] | None = None  # seats' visible tile counts during the deal animation
        self.plate_rects: dict[int, pygame.Rect] = {}  # where each seat's name plate was drawn last
        self.status: dict[int, str] = {}  # a LAN seat's state on its plate (dropped, left, a bot plays)
        self.public_slots: dict[tuple, tuple[int, int, int]] = {}  # the public panel's tiles, where drawn last

    # -------------------------------------------------------- whole table
    def draw_table(self, surf: pygame.Surface, view: View, L: TableLayout, my_hand=None, thinking: int | None = None):
        """Everything but the viewer's own hand (``my_hand`` draws it) and overlays."""
        self.draw_base(surf, view, L, thinking, skip=L.me if my_hand is not None else None)
        if my_hand is not None:
            my_hand()
        self.draw_plates(surf, view, L, thinking)

    def draw_base(self, surf: pygame.Surface, view: View, L: TableLayout, thinking: int | None = None,
                  skip: int | None = None) -> None:
        """The felt, the compass, the ponds and every seat's tiles but ``skip``'s (the hand drawn on its own)."""
        surf.blit(background(surf.get_size()), (0, 0))
        self.draw_compass(surf, view, L, thinking)
        self.draw_ponds(surf, view, L)
        for seat in range(view["n"]):
            if seat != skip:
                self.draw_seat(surf, view, L, seat)

    def draw_plates(self, surf: pygame.Surface, view: View, L: TableLayout, thinking: int | None = None) -> None:
        """Every seat's name plate (over the hands)."""
        for seat in range(view["n"]):
            self.draw_plate(surf, view, L, seat, thinking)

    # -------------------------------------------------------- the bottom seat, not interactive (replays, screenshots)
    def draw_bottom(self, surf, view, L: TableLayout, seat: int | None = None):
        seat = L.me if seat is None else seat
        info = view["seats"][seat]
        marks = tile_marks(view)
        known = info.get("hand")
        hand = list(known if known is not None else (view["hand"] if seat == view["seat"] else []))
        if self.reveal is not None and self.reveal[seat] is not None:
            hand = list(self.reveal[seat])
        drawn = view.get("drawn") if seat == view["seat"] else None
        has_drawn = drawn is not None and drawn in hand and view.get("turn") == seat and view.get("phase") == "turn"
        if drawn is not None and has_drawn:
            hand.remove(drawn)
            disp = sort_hand(hand, marks) + [drawn]
        else:
            disp = sort_hand(hand, marks)
        melds = [display_meld(m, seat, view["n"]) for m in info["melds"]]
        slots, meld_slots = L.bottom_hand(len(disp), has_drawn, melds)
        for t, sl in zip(disp, slots):
            tileart.draw_tile(surf, t, sl.pos, sl.w, standing=True, highlight=_hl(marks.get(t)))
        for mi, (_x, ms) in enumerate(meld_slots):
            self.draw_meld(surf, view, melds[mi], ms, seat, mi)

    # -------------------------------------------------------- compass
    def draw_compass(self, surf, view, L: TableLayout, thinking):
        r = L.compass_rect()
        s = L.s
        widgets.gradient_box(surf, r.move(0, round(4 * s)), (0, 0, 0, 90), (0, 0, 0, 90), round(18 * s), 0)
        widgets.gradient_box(surf, r, (24, 70, 56), (8, 36, 28), round(18 * s), max(2, round(3 * s)), (200, 168, 86))
        inner = r.inflate(-round(78 * s), -round(78 * s))
        widgets.gradient_box(surf, inner, (6, 26, 20), (14, 48, 38), round(10 * s), 1, (90, 130, 110))
        n = view["n"]
        active = view["turn"] if view["phase"] in ("turn", "declare") else None
        if view["phase"] == "end":
            active = None
        for seat in range(n):
            pos = L.pos_of(seat)
            wd = seat_wind(seat, view["dealer"], n)
            on = seat == active
            cx, cy = r.center
            if on:
                long, thin = round(70 * s), round(6 * s)
                bar = pygame.Rect(0, 0, long, thin) if pos in (0, 2) else pygame.Rect(0, 0, thin, long)
                edge = {0: (cx, r.bottom - round(7 * s)), 1: (r.right - round(7 * s), cy),
                        2: (cx, r.top + round(7 * s)), 3: (r.left + round(7 * s), cy)}[pos]
                bar.center = edge
                a = 0.55 + 0.45 * widgets.pulse(self.now, 1.4)
                g = widgets.glow_circle(round(18 * s), (255, 210, 90))
                gs = pygame.transform.smoothscale(g, (bar.w + round(30 * s), bar.h + round(30 * s)))
                gs.set_alpha(round(255 * a))
                surf.blit(gs, gs.get_rect(center=bar.center))
                pygame.draw.rect(surf, (255, 216, 110), bar, border_radius=bar.h // 2 if bar.w > bar.h else bar.w // 2)
            dealer = seat == view["dealer"]
            col = (255, 222, 120) if on else ((255, 110, 90) if dealer else (200, 226, 210))
            # winds sit inside the rim on their seat's side, upright in both languages (a West turned to face the
            # seat across reads "M"); the dealer's wind carries the dealer's chip beside it
            img = widgets.text_surface(strings.wind(wd), round(19 * s), col, "serif")
            inset = round(23 * s)
            q = {0: (cx, r.bottom - inset), 1: (r.right - inset, cy), 2: (cx, r.top + inset),
                 3: (r.left + inset, cy)}[pos]
            box = img.get_rect(center=q)
            surf.blit(img, box)
            drawlog.text(surf, strings.wind(wd), box, img, round(19 * s), "serif")
            if dealer:
                self._dealer_chip(surf, box, pos, s)
        left = view.get("drawable", view.get("wall", 0))
        kept = view.get("wall", left) - left  # tiles the rules keep back (yuxi's 20-tile stop, 黄牌留牌)
        dy = round(4 * s) if kept > 0 else 0
        widgets.draw_text(surf, str(left), (r.centerx, r.centery + round(7 * s) - dy), round(26 * s), (120, 240, 200),
                          "bold", anchor="center")
        widgets.draw_text(surf, strings.tr("table.drawable" if kept > 0 else "table.left"),
                          (r.centerx, r.centery - round(9 * s) - dy), L.font(12), (150, 190, 170), anchor="midbottom")
        if kept > 0:
            widgets.draw_text(surf, strings.tr("table.kept_back", k=kept), (r.centerx, r.centery + round(20 * s)),
                              L.font(12), (150, 190, 170), anchor="midtop")

    def _dealer_chip(self, surf: pygame.Surface, wind_box: pygame.Rect, pos: int, s: float) -> None:
        """A small red 庄 / D disc beside the dealer's wind (along the rim, so it never covers the count)."""
        rad = max(7, round(9 * s))
        gap = round(4 * s)
        if pos in (0, 2):
            c = (wind_box.right + gap + rad, wind_box.centery)
        else:
            c = (wind_box.centerx, wind_box.bottom + gap + rad)
        pygame.draw.circle(surf, (120, 20, 16), (c[0], c[1] + 1), rad + 1)
        pygame.draw.circle(surf, (214, 52, 40), c, rad)
        label = strings.tr("table.dealer")
        img = widgets.text_surface(label, max(9, round(12 * s)), (255, 240, 220), "bold")
        box = img.get_rect(center=c)
        surf.blit(img, box)
        drawlog.text(surf, label, box, img, max(9, round(12 * s)), "bold")

    # -------------------------------------------------------- ponds
    def draw_ponds(self, surf, view, L: TableLayout):
        last = view.get("last_discard")
        n = view["n"]
        items = []
        for seat in range(n):
            shown = [d for d in view["seats"][seat]["discards"] if d.get("claimed_by") is None]
            for i, d in enumerate(shown):
                if ("pond", seat, i) in self.hidden:
                    continue
                sl = L.pond_slot(seat, i)
                is_last = last is not None and last[0] == seat and i == len(shown) - 1 and view["phase"] != "end" \
                    and not view["seats"][seat]["discards"][-1].get("claimed_by") is not None
                hl: tuple[str, ...] = ("last",) if is_last else ()
                items.append((sl, d["tile"], hl, d.get("declared", False), d.get("won", False)))
        # painter's order: farther tiles (higher on screen) first
        items.sort(key=lambda it: (it[0].y + tileart.tile_size(it[0].w, it[0].rot)[1], it[0].x))
        marks = tile_marks(view)
        for sl, t, hl, declared, won in items:
            if won and _hl(marks.get(t)):  # a discard won on that is the 小鸡 shows its star, as in the hand
                hl = (*hl, _hl(marks.get(t)))
            tileart.draw_tile(surf, t, sl.pos, sl.w, rotated=sl.rot, highlight=hl or None)
            if declared:
                rr = sl.rect()
                pygame.draw.circle(surf, (220, 50, 40), (rr.right - 4, rr.top + 4), max(3, round(3 * L.s)))
            if won:
                rr = sl.rect()
                pygame.draw.rect(surf, (255, 200, 60), rr.inflate(2, 2), 2, border_radius=4)

    # -------------------------------------------------------- other seats
    def _revealed(self, view, seat) -> list[int] | None:
        if self.reveal is not None and self.reveal[seat] is not None:
            return self.reveal[seat]
        h = view["seats"][seat].get("hand")
        return h if (h is not None and seat != view["seat"]) else None

    def draw_seat(self, surf, view, L: TableLayout, seat: int):
        info = view["seats"][seat]
        melds = [display_meld(m, seat, view["n"]) for m in info["melds"]]
        open_hand = self._revealed(view, seat)
        n_tiles = len(open_hand) if open_hand is not None else info["concealed"]
        if self.deal_counts is not None and seat in self.deal_counts:
            n_tiles = min(n_tiles, self.deal_counts[seat])
        acting = view["turn"] == seat and view["phase"] in ("turn", "declare") and n_tiles % 3 == 2
        slots, meld_slots = L.other_hand(seat, n_tiles, acting and (open_hand is None or n_tiles % 3 == 2), melds,
                                         face_up=open_hand is not None)
        pos = L.pos_of(seat)
        marks = tile_marks(view)
        revealed = open_hand
        if open_hand is not None:
            revealed = sort_hand(open_hand, marks)
        order = list(range(len(slots)))
        if pos == 1:
            order.reverse()  # draw top (far) tiles first
        for i in order:
            if ("hand", seat, i) in self.hidden:
                continue
            sl = slots[i]
            if revealed is not None and i < len(revealed):
                tileart.draw_tile(surf, revealed[i], sl.pos, sl.w, rotated=sl.rot,
                                  highlight=_hl(marks.get(revealed[i])))
            else:
                tileart.draw_tile(surf, None, sl.pos, sl.w, rotated=sl.rot, standing=sl.standing)
        for mi, (_a, mslots) in enumerate(meld_slots):
            self.draw_meld(surf, view, melds[mi], mslots, seat, mi, hidden_prefix=("meld", seat, mi))

    def draw_meld(self, surf, view, m, mslots, seat, mi, hidden_prefix=None):
        pub = view.get("public") or {}
        wild = pub.get("wildcard")
        stand = pub.get("standin")
        own_concealed = m["kind"] == "concealed_kong" and (seat == view["seat"] or view["phase"] == "end")
        order = list(range(len(mslots)))
        order.sort(key=lambda j: (mslots[j].y, mslots[j].x))
        for j in order:
            if hidden_prefix is not None and (*hidden_prefix, j) in self.hidden:
                continue
            sl = mslots[j]
            t = m["tiles"][j]
            f = m["faces"][j] if j < len(m["faces"]) else t
            face_down = t is None or (own_concealed and j in (0, len(m["tiles"]) - 1) and view["phase"] != "end")
            if face_down:
                tileart.draw_tile(surf, None, sl.pos, sl.w, rotated=sl.rot)
                continue
            hl = None
            if f is not None and t != f:
                hl = "wild" if t == wild else ("standin" if t == stand else None)
            tileart.draw_tile(surf, t, sl.pos, sl.w, rotated=sl.rot, highlight=hl)

    # -------------------------------------------------------- plates
    def draw_plate(self, surf, view, L: TableLayout, seat: int, thinking: int | None):
        s = L.s
        info = view["seats"][seat]
        if seat == L.me:
            rect = L.plate_rect(seat)
        else:
            melds = [display_meld(m, seat, view["n"]) for m in info["melds"]]
            open_hand = self._revealed(view, seat)
            n_tiles = len(open_hand) if open_hand is not None else info["concealed"]
            slots, mslots = L.other_hand(seat, n_tiles, False, melds, face_up=open_hand is not None)
            every = slots + [x for _, ms in mslots for x in ms]
            rect = L.plate_rect(seat, every)
        self.plate_rects[seat] = rect
        active = (view["turn"] == seat and view["phase"] in ("turn", "declare")) or thinking == seat
        border = (255, 214, 100) if active else (150, 130, 80)
        widgets.panel(surf, rect, (10, 28, 22), 205, round(12 * s), max(1, round(2 * s)), border)
        # avatar disc with the seat wind
        wd = seat_wind(seat, view["dealer"], view["n"])
        ar = round(rect.h * 0.34)
        ac = (rect.x + round(10 * s) + ar, rect.y + round(rect.h * 0.42))
        colors = ((196, 58, 46), (46, 120, 196), (70, 160, 90), (170, 110, 40))
        pygame.draw.circle(surf, (0, 0, 0), (ac[0] + 1, ac[1] + 2), ar)
        pygame.draw.circle(surf, colors[wd % 4], ac, ar)
        pygame.draw.circle(surf, (255, 236, 190), ac, ar, max(1, round(2 * s)))
        widgets.draw_text(surf, strings.wind(wd), ac, round(ar * 1.15), (255, 250, 240), "serif", anchor="center")
        if seat == view["dealer"]:
            dc = (ac[0] + ar - round(2 * s), ac[1] + ar - round(2 * s))
            pygame.draw.circle(surf, (250, 196, 60), dc, round(10 * s))
            pygame.draw.circle(surf, (120, 70, 0), dc, round(10 * s), 1)
            widgets.draw_text(surf, strings.tr("table.dealer"), dc, L.font(12), (110, 40, 0), "bold", anchor="center")
        x0 = ac[0] + ar + round(10 * s)
        name = self.names[seat] if seat < len(self.names) else f"#{seat}"
        # the "thinking" dots run in the top right corner, beside the name (never over the level below)
        dots_w = round(24 * s) if thinking == seat else 0
        widgets.draw_text(surf, name, (x0, rect.y + round(6 * s)), round(16 * s), widgets.CREAM, "bold",
                          max_width=rect.right - x0 - round(6 * s) - dots_w)
        if thinking == seat:
            k = int(self.now * 3) % 4
            widgets.draw_text(surf, "•" * (k or 1), (rect.right - round(8 * s), rect.y + round(15 * s)), round(16 * s),
                              (255, 230, 150), "bold", anchor="midright")
        total = self.totals[seat] if self.totals is not None else info.get("score", 0)
        col = (255, 220, 120) if total >= 0 else (255, 140, 120)
        # coin
        cc = (x0 + round(7 * s), rect.y + round(35 * s))
        pygame.draw.circle(surf, (240, 190, 60), cc, round(7 * s))
        pygame.draw.circle(surf, (150, 100, 20), cc, round(7 * s), 1)
        widgets.draw_text(surf, f"{total:+d}" if total else "0", (x0 + round(18 * s), cc[1]), round(17 * s), col,
                          "bold", anchor="midleft")
        lvl = self.levels[seat] if self.levels and seat < len(self.levels) else None
        if lvl:
            widgets.draw_text(surf, level_label(lvl), (rect.right - round(10 * s), cc[1]), L.font(12), widgets.MUTED,
                              anchor="midright")
        # badges: 报听, chicken badges; what does not fit is counted ("+2")
        tags: list[tuple[str, str]] = []
        if self.status.get(seat):  # a LAN seat whose player dropped or left: said on the plate as long as it lasts
            tags.append((self.status[seat], "status"))
        if info.get("declared"):
            tags.append((strings.tr("table.declared"), "declared"))
        tags += [(b, "other") for b in self.badges.get(seat, [])] + seat_tags(view).get(seat, [])
        tags.sort(key=lambda tk: TAG_ORDER.index(tk[1]))  # stable: a liability first, a bean never pushes it out
        self._draw_tags(surf, tags, x0, rect, L)

    def _draw_tags(self, surf: pygame.Surface, tags: list[tuple[str, str]], x0: int, rect: pygame.Rect,
                   L: TableLayout) -> None:
        """A plate's tags in one row; what does not fit is counted ("+2"), but the first (a liability, 责任鸡, when
        there is one) always shows, alone and narrowed if it must: a lone "+1" would say nothing."""
        s = L.s
        fs = L.font(12)
        th = max(round(17 * s), fs + 4)
        bx, by = x0, rect.bottom - round(5 * s) - th
        right = rect.right - round(6 * s)
        for k, (text, kind) in enumerate(tags):
            c = TAG_COLOURS.get(kind, (150, 60, 160))
            tw = widgets.text_width(text, fs, "bold") + round(10 * s)
            more = widgets.text_width(f"+{len(tags) - k - 1}", fs, "bold") + round(4 * s) if k < len(tags) - 1 else 0
            if bx + tw + more > right:
                if k > 0:
                    widgets.draw_text(surf, f"+{len(tags) - k}", (right, by + th // 2), fs, widgets.GOLD, "bold",
                                      anchor="midright")
                    break
                # the first tag (a liability if any) stays on the plate: alone if the count does not fit beside it
                tw = min(tw, right - bx)
                more_left = False
            else:
                more_left = True
            tr_ = pygame.Rect(bx, by, tw, th)
            pygame.draw.rect(surf, c, tr_, border_radius=round(5 * s))
            widgets.draw_text(surf, text, tr_.center, fs, (255, 255, 255), "bold", anchor="center",
                              max_width=tw - round(6 * s))
            bx += tw + round(4 * s)
            if not more_left:
                break

    # -------------------------------------------------------- variant facts (top-left)
    def draw_public(self, surf, view, L: TableLayout, title: str = "", sub: str = ""):
        s = L.s
        pub = view.get("public") or {}
        tiles_row = []  # (key, label, [tiles], highlight)
        for key, label_key, hl in PUBLIC_TILES:
            v = pub.get(key)
            if key == "standin" and not is_tile(pub.get("wildcard")):
                continue
            tl = [v] if is_tile(v) else tile_list(v)
            if tl:
                tiles_row.append((key, strings.tr(label_key), tl, hl))
        # a column whose tiles are still in flight (the flip) shows with them, not before: while none has landed the
        # panel has no tile row at all (never labels over empty slots); the slots are kept for the flight's target
        landed = {key for key, _l, tl, _h in tiles_row if ("pub", key) not in self.hidden
                  and not all(("pub", key, j) in self.hidden for j in range(len(tl)))}
        tw = max(12, round(28 * s))
        tsz = tileart.tile_size(tw)
        pad = round(10 * s)
        head = round(44 * s) if title else 0
        lsize = L.font(12)
        cols_w = [max(tsz[0] * len(t) + 2 * (len(t) - 1), widgets.text_width(lbl, lsize))
                  for _k, lbl, t, _ in tiles_row]
        title_w = widgets.text_width(title, round(17 * s), "bold") + 2 * pad if title else 0
        width = max(round(200 * s), sum(cols_w) + pad * (len(tiles_row) + 1), title_w)
        height = head + (tsz[1] + round(26 * s) if landed else 0) + pad
        rect = pygame.Rect(round(14 * s), round(14 * s), width, height)
        self.public_rect = rect
        widgets.panel(surf, rect, (10, 28, 22), 200, round(12 * s), max(1, round(2 * s)), (150, 130, 80))
        if title:
            widgets.draw_text(surf, title, (rect.x + pad, rect.y + round(6 * s)), round(17 * s), widgets.GOLD, "bold",
                              max_width=rect.w - 2 * pad)
            widgets.draw_text(surf, sub, (rect.x + pad, rect.y + round(27 * s)), L.font(12), widgets.MUTED,
                              max_width=rect.w - 2 * pad)
        x = rect.x + pad
        y = rect.y + head + (0 if title else round(4 * s))
        self.public_slots = {}
        for (key, lbl, tl, hl), cw in zip(tiles_row, cols_w):
            if key in landed:
                widgets.draw_text(surf, lbl, (x + cw // 2, y + round(2 * s)), lsize, (200, 220, 200), anchor="midtop")
            tx = x + (cw - (tsz[0] * len(tl) + 2 * (len(tl) - 1))) // 2
            for j, t in enumerate(tl):
                self.public_slots[(key, j)] = (tx, y + round(20 * s), tw)
                if ("pub", key) not in self.hidden and ("pub", key, j) not in self.hidden:
                    tileart.draw_tile(surf, t, (tx, y + round(20 * s)), tw, highlight=hl)
                tx += tsz[0] + 2
            x += cw + pad
        # the arrow indicator → wildcard
        if [k for k, _l, _t, _h in tiles_row][:2] == ["indicator", "wildcard"] and {"indicator", "wildcard"} <= landed:
            ax = rect.x + pad + cols_w[0] + pad // 2
            ay = y + round(20 * s) + tsz[1] // 2
            pygame.draw.polygon(surf, widgets.GOLD, [(ax - round(4 * s), ay - round(6 * s)), (ax + round(4 * s), ay),
                                                     (ax - round(4 * s), ay + round(6 * s))])


def _hl(mark):
    return mark if mark in ("wild", "standin", "chicken") else None
