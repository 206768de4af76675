"""Watching a LAN table without a seat: the watcher's screen, which is also the event screen on a projector.

Every seat is drawn alike (nobody's hand at the bottom): melds, discards, the flipped
tiles, large names and scores, whose turn it is, the wall count, and a line saying
what just happened. The settlement stays up long enough to read (``HOLD_S``, and until
the next hand has begun); what the table played meanwhile is caught up at once, not
replayed. A lost host is tried again for ever (an event screen runs unattended); a
refusal says why. ``python -m game watch`` opens it directly, the join list's "watch"
buttons lead here, and ``PlayerTable`` shows the players how many watch.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Protocol

import pygame

from game.rules.variants.base import Variant
from game.session import Session
from game.ui import nav
from game.ui.app import App, Scene
from game.ui.kit import hostmsg, strings, tileart, widgets
from game.ui.kit.names import player_name, variant_title
from game.ui.table import cues
from game.ui.table.anim import Animator
from game.ui.table.context import deal_counts
from game.ui.table.layout import Slot, TableLayout
from game.ui.table.phrases import BUBBLE_S, PHRASES, draw_bubble, phrase_text
from game.ui.table.scene import TableScene
from game.ui.table.settle import SettlementPanel
from game.ui.table.tableview import TableRenderer, background, display_meld, seat_badges, seat_wind

HOLD_S = 12.0  # the settlement stays at least this long (and until the next hand has begun; a watched table of
# bots waits 15 s, netplay.table.TableConfig.watch_pause, so the screen misses nothing of the next deal)
CAPTION_S = 7.0  # a line about what just happened stays this long
ITEM_S = 2.0  # each scoring item of the settlement is lit this long, in turn
CATCH_UP = 14  # more events than this in one batch are caught up without animation
REFUSED = ("password", "slow_down")  # refusals a password prompt can answer
WIND_COLORS = ((196, 58, 46), (46, 120, 196), (70, 160, 90), (170, 110, 40))


class WatchLayout(TableLayout):
    """The table geometry with every seat drawn alike: the bottom seat's tiles sized and laid like the top seat's."""

    def __init__(self, size: tuple[int, int], n: int):
        super().__init__(size, n, 0)
        s = self.s
        self.hw = self.mw = self.ow  # nobody's standing hand: the bottom row is as small as the others
        self.pw = max(14, round(42 * s))  # the room that hand took goes to larger discards and compass
        self.t_pond = tileart.thickness(self.pw)
        self.fh_pond = tileart.face_height(self.pw)
        self.r = round(80 * s)
        self.hand_top = self.H - tileart.tile_size(self.ow)[1] - round(14 * s)
        self.C = (self.W // 2, round((self.top_band + self.hand_top) / 2 - 4 * s))
        self.plate_w, self.plate_h = round(214 * s), round(86 * s)

    def other_hand(self, seat: int, n_tiles: int, has_drawn: bool, melds: list, face_up: bool = False):
        if self.pos_of(seat) != 0:
            return super().other_hand(seat, n_tiles, has_drawn, melds, face_up)
        ow, s = self.ow, self.s
        mgap = round(8 * s)
        bw, bh = tileart.tile_size(ow)
        step = bw + 1
        widths = self._meld_lengths(melds, ow)
        dgap = round(ow * 0.35) if has_drawn else 0
        total = n_tiles * step + dgap + sum(widths) + mgap * len(melds) + (mgap if melds else 0)
        left = self.plate_w + round(26 * s)  # the bottom plate sits in the bottom-left corner
        x = max(left, min(self.W // 2 - total // 2, self.W - round(16 * s) - total))
        y = self.H - bh - round(12 * s)
        meld_slots = []
        for m, wdt in zip(melds, widths):
            meld_slots.append((x, self._meld_row(m, x, y, ow, 0)))
            x += wdt + mgap
        if melds:
            x += mgap
        slots = [Slot(x + i * step, y, ow, 0, not face_up) for i in range(n_tiles - (1 if has_drawn else 0))]
        if has_drawn:
            slots.append(Slot(x + len(slots) * step + dgap, y, ow, 0, not face_up))
        return slots, meld_slots

    def plate_rect(self, seat: int, hand_slots: list[Slot] | None = None):
        r = super().plate_rect(seat, hand_slots)
        if self.pos_of(seat) == 1:  # the larger plates: the right seat's stays below the top seat's
            r.top = max(r.top, round(12 * self.s) + self.plate_h + round(10 * self.s))
        return r

    def label_anchor(self, seat: int) -> tuple[int, int]:
        if self.pos_of(seat) == 0:
            return (self.C[0], self.hand_top - round(40 * self.s))
        return super().label_anchor(seat)


class Watched(hostmsg.Connecting, Protocol):
    """What the watcher's screen follows (``netplay.watch.WatchSession``; a stub in pictures)."""

    @property
    def view(self) -> Any: ...  # the latest PublicView, None before the first hand (cues read views as dicts)
    @property
    def batch(self) -> Sequence[dict]: ...  # the state messages the last poll() applied
    @property
    def variant(self) -> Variant | None: ...  # once watching
    @property
    def variant_id(self) -> str | None: ...
    @property
    def table_name(self) -> str | None: ...
    @property
    def open(self) -> bool: ...  # the host shows watchers every hand
    @property
    def n(self) -> int | None: ...
    @property
    def names(self) -> Sequence[str | None]: ...
    @property
    def hands_total(self) -> int | None: ...
    @property
    def totals(self) -> list[int]: ...
    @property
    def match_over(self) -> bool: ...
    @property
    def watchers(self) -> int: ...
    @property
    def started(self) -> bool: ...

    def poll(self) -> list[Any]: ...

    def close(self) -> None: ...


def seat_names(session: Watched, n: int) -> list[str]:
    """The seats as the table names them: the players' names, a numbered bot where nobody is named."""
    names = session.names
    return [(names[i] if i < len(names) else None) or strings.tr("bot.name", i=i + 1) for i in range(n)]


class WatchScene(Scene):
    """Follows a ``netplay.watch.WatchSession``. ``on_leave``: what leaving does (the menu by default)."""

    name = "watch"
    demo = True  # the settlement panel shows no buttons: a watcher has no decisions

    def __init__(self, app: App, session: Watched, on_leave=None, on_refused=None):
        super().__init__(app)
        self.session = session
        self.on_leave = on_leave
        self.on_refused = on_refused  # on_refused(code, text): back to a password prompt
        self.view: dict | None = None
        self.variant = session.variant
        self.auto_next_at: float | None = None  # (the settlement panel asks) a watcher never moves the table on
        self.n = 4
        self.L: WatchLayout | None = None
        self.anim = Animator()
        self.render = TableRenderer()
        self.names: list[str] = []
        self.captions: list[list] = []  # [text, app time]
        self.sounds: list[tuple[float, str]] = []
        self.settle: SettlementPanel | None = None
        self.settle_at: float | None = None
        self.hold_until: float | None = None  # the settlement is read until then (inf: not shown yet)
        self.settled_hand: tuple | None = None  # (hand, seat 0's score before it, dealer) whose settlement was shown
        self.settled_at: float | None = None
        self.deal_start: float | None = None
        self.deal_dur = 0.0
        self.hand_key: tuple | None = None
        self.look = False
        self._leave_armed = -10.0
        self._changed_at = 0.0
        self.phrases: dict[int, tuple[int, float]] = {}  # seat -> (quick phrase, app time it came)
        self.plate_rects: dict[int, pygame.Rect] = {}  # where each plate was drawn last (the bubbles point there)

    # ================================================================ what the settlement panel asks of its table
    def leave_table(self) -> None:
        try:
            self.session.close()
        except OSError:
            pass  # the connection is broken already
        if self.on_leave is not None:
            self.on_leave()
        else:
            nav.go(self.app, "menu")

    def next_hand(self) -> None:
        pass  # the players deal the next hand

    def esc(self) -> None:
        """Esc: the first asks, a second one soon after leaves."""
        if self.app.now - self._leave_armed < 2.0:
            self.leave_table()
        else:
            self._leave_armed = self.app.now
            self.app.notice(strings.tr("watch.leave_confirm"), 2)

    # ================================================================ life cycle
    def layout(self) -> None:
        self.L = WatchLayout(self.app.size, self.n)
        if self.settle is not None:
            self.settle.layout()

    def busy(self) -> bool:
        return self.anim.busy() or bool(self.sounds) or self.deal_start is not None or self.settle_at is not None

    def update(self, dt: float) -> None:
        now = self.app.now
        self.anim.factor = self.app.settings.anim_factor
        self.anim.update(now)
        self.render.now = now
        while self.sounds and self.sounds[0][0] <= now:
            self.app.sound.play(self.sounds.pop(0)[1])
        ses = self.session
        if ses.status == "refused" and self.on_refused is not None and ses.error_code in REFUSED:
            cb, self.on_refused = self.on_refused, None
            ses.close()
            cb(ses.error_code, ses.error or "")
            return
        if self.settle_at is not None and now >= self.settle_at:
            self.settle_at = None
            self.show_settlement()
        if self.settle is not None and self.settled_at is not None:
            self._light_items(now - self.settled_at)
        if self.hold_until is None or now >= self.hold_until:
            self.pump(caught_up=self.hold_until is not None)
        self._hear(now)
        if now - self._changed_at > 0.5:  # the turn marker's pulse and the status dots move slowly
            self._changed_at = now
            self.app.dirty = True

    def _hear(self, now: float) -> None:
        """Quick phrases said at the table: a bubble at the speaker's plate, with its sound (issue 39)."""
        heard = getattr(self.session, "heard", None)
        for seat, phrase in heard() if callable(heard) else []:
            if self.app.settings.phrases and 0 <= phrase < PHRASES:
                self.phrases[seat] = (phrase, now)
                self.app.sound.play("phrase", 0.8)
                self.app.redraw_at(now + BUBBLE_S)
                self.app.dirty = True
        for seat in [k for k, (_p, at) in self.phrases.items() if now - at >= BUBBLE_S]:
            del self.phrases[seat]
            self.app.dirty = True

    # ================================================================ the session
    def pump(self, caught_up: bool = False) -> None:
        """Take what the session has now (every frame does): the view, its events as animations and sounds."""
        ses = self.session
        try:
            events = ses.poll()
        except (OSError, ValueError):
            return  # a garbled message: the session reconnects by itself
        new = ses.view
        if ses.batch:
            self.app.dirty = True
        if new is None:
            self.view = None
            return
        if self.variant is None:
            self.variant = ses.variant
        first = self.view is None
        self.view = new
        if self.L is None or self.n != new["n"]:
            self.n = new["n"]
            self.layout()
        assert self.L is not None
        self.names = seat_names(ses, self.n)
        if self.hold_until is not None and new.get("phase") == "end" and not any(
                e.get("type") == "start" for e in events):
            return  # the settlement stays until the next hand begins
        jumped = first or caught_up or any(m["full"] for m in ses.batch) or len(events) > CATCH_UP
        if jumped:
            self._apply(cues.quiet(events, new, self.app.now))
        else:
            hands = [x["hand"] for x in new["seats"]]  # face up on an open table: tiles fly to face-up slots
            stage = cues.Stage(new, self.L, -1, self.names, self.app.now, self.anim.factor, demo=True,
                               deal_start=self.deal_start, deal_dur=self.deal_dur,
                               reveal=hands if any(h is not None for h in hands) else None,
                               public_slots=self.render.public_slots)
            self._apply(cues.stage(events, stage))
            self.sounds.sort()
        hand = (new.get("hand_no"), new["seats"][0]["score"], new["dealer"])
        if hand != self.hand_key:
            if self.hand_key is not None:
                self._new_hand()
            self.hand_key = hand
        if new.get("phase") == "end" and self.settle is None and self.settle_at is None \
                and self.settled_hand != hand:
            self.settle_at = self.app.now + (0.3 if jumped else 1.5)  # joined at a hand's end: show it at once

    def _apply(self, steps: list) -> None:
        for st in steps:
            if isinstance(st, cues.Anim):
                self.anim.add(st.kind, st.dur, delay=st.delay, hide=st.hide, hold=st.hold, **st.data)
            elif isinstance(st, cues.Sound):
                self.sounds.append((st.at, st.name))
            elif isinstance(st, cues.Caption):
                self.captions = (self.captions + [[st.text, self.app.now]])[-3:]
            elif isinstance(st, cues.NewHand):
                self._new_hand()
            elif isinstance(st, cues.Deal):
                self.deal_start, self.deal_dur = st.start, st.dur
            elif isinstance(st, cues.HandOver):
                self.settle_at = st.settle_at
                self.hold_until = math.inf

    def _new_hand(self) -> None:
        self.settle = None
        self.settle_at = None
        self.hold_until = None
        self.anim.clear()
        self.hand_key = None

    def _light_items(self, shown_for: float) -> None:
        """Light the settlement's scoring items one after another (as the demo does), so a room can follow them."""
        assert self.settle is not None
        items = [i for i, it in enumerate(self.settle.res.get("items") or []) if it.get("points", 0) > 0]
        k = int(shown_for / ITEM_S)
        focus = items[k % len(items)] if items and k < 2 * len(items) else None
        if focus != self.settle.focus_item:
            self.settle.focus_item = focus
            self.app.dirty = True

    def show_settlement(self) -> None:
        """Show the ended hand's settlement (held for HOLD_S seconds)."""
        v = self.view
        if v is None or "result" not in v:
            self.hold_until = None
            return
        self.settle = SettlementPanel(self, v, v["result"])
        self.settle.layout()
        self.settled_hand = (v.get("hand_no"), v["seats"][0]["score"], v["dealer"])
        self.settled_at = self.app.now
        self.hold_until = self.app.now + HOLD_S

    # ================================================================ input
    def handle(self, ev) -> None:
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            self.esc()

    # ================================================================ drawing
    def _deal_counts(self) -> dict[int, int] | None:
        if self.deal_start is None or self.deal_dur <= 0 or self.view is None:
            return None
        t = (self.app.now - self.deal_start) / self.deal_dur
        if t >= 1:
            self.deal_start = None
            return None
        return deal_counts(self.view, -1, self.n, t)

    def draw(self, surf: pygame.Surface) -> None:
        v, L = self.view, self.L
        if v is None or L is None:
            self._draw_waiting(surf)
            return
        s = L.s
        r = self.render
        r.names = self.names
        r.hidden = self.anim.hidden()
        r.deal_counts = self._deal_counts()
        r.totals = self.session.totals or None
        r.reveal = None  # the view itself carries every hand the watcher may see
        surf.blit(background(surf.get_size()), (0, 0))
        r.draw_compass(surf, v, L, None)
        r.draw_ponds(surf, v, L)
        for seat in range(v["n"]):
            r.draw_seat(surf, v, L, seat)
        for seat in range(v["n"]):
            self._draw_plate(surf, v, L, seat)
        for seat, (phrase, _at) in self.phrases.items():
            if seat in self.plate_rects:
                draw_bubble(surf, phrase_text(phrase), self.plate_rects[seat], s, self.app.size)
        r.draw_public(surf, v, L, self._title(), self._subtitle(v))
        self.anim.draw(surf, s)
        self._draw_caption(surf, L)
        if self.settle is not None:
            self.settle.draw(surf)
        self._draw_banner(surf)

    def toast_room(self, height: int) -> pygame.Rect | None:
        if self.settle is None or self._status_text() is not None:
            return None  # the status banner stands in the settlement's free band
        return self.settle.toast_room(height)

    def _name(self) -> str:
        ses = self.session
        return ses.table_name or variant_title(ses.variant_id) or ""

    def _title(self) -> str:
        """The table's name, and that the host shows watchers every hand if it does."""
        if self.session.open:
            return f"{self._name()}  ·  {strings.tr('watch.open_short')}"
        return self._name()

    def _subtitle(self, v: dict) -> str:
        """The game (when it fits the panel), the hand, and how many watch."""
        ses = self.session
        hand = strings.tr("table.hand_no", i=(v.get("hand_no") or 0) + 1, n=ses.hands_total or "?")
        if v.get("dealer_streak"):
            hand += " " + strings.tr("table.streak", k=v["dealer_streak"])
        parts = [hand, strings.tr("watch.watchers", k=max(1, ses.watchers))]
        game = variant_title(v.get("variant")) or ""
        if game and game not in self._name():
            longer = "  ·  ".join([game] + parts)
            if widgets.text_width(longer, round(12 * self.s)) <= round(172 * self.s):  # the corner panel's text width
                return longer
        return "  ·  ".join(parts)

    def _draw_plate(self, surf: pygame.Surface, v: dict, L: WatchLayout, seat: int) -> None:
        """A seat's name, wind, score and tags, large enough to read across a room."""
        s = L.s
        info = v["seats"][seat]
        melds = [display_meld(m, seat, v["n"]) for m in info["melds"]]
        hand = info.get("hand")
        slots, mslots = L.other_hand(seat, len(hand) if hand is not None else info["concealed"], False, melds,
                                     face_up=hand is not None)
        rect = L.plate_rect(seat, slots + [x for _, ms in mslots for x in ms])
        self.plate_rects[seat] = rect
        on_turn = v["turn"] == seat and v["phase"] == "turn"
        glow = 0.55 + 0.45 * widgets.pulse(self.app.now, 1.4) if on_turn else 0.0
        border = tuple(round(c * glow + d * (1 - glow)) for c, d in zip((255, 214, 100), (150, 130, 80)))
        widgets.panel(surf, rect, (10, 28, 22), 215, round(14 * s), max(2, round((3 if on_turn else 2) * s)), border)
        wd = seat_wind(seat, v["dealer"], v["n"])
        ar = round(rect.h * 0.3)
        ac = (rect.x + round(12 * s) + ar, rect.y + round(rect.h * 0.4))
        pygame.draw.circle(surf, WIND_COLORS[wd % 4], ac, ar)
        pygame.draw.circle(surf, (255, 236, 190), ac, ar, max(1, round(2 * s)))
        widgets.draw_text(surf, strings.wind(wd), ac, round(ar * 1.15), (255, 250, 240), "serif", anchor="center")
        if seat == v["dealer"]:
            dc = (ac[0] + ar - round(2 * s), ac[1] + ar - round(2 * s))
            pygame.draw.circle(surf, (250, 196, 60), dc, round(11 * s))
            widgets.draw_text(surf, strings.tr("table.dealer"), dc, round(13 * s), (110, 40, 0), "bold",
                              anchor="center")
        x0 = ac[0] + ar + round(12 * s)
        room = rect.right - x0 - round(8 * s)
        widgets.draw_text(surf, self.names[seat] if seat < len(self.names) else f"#{seat + 1}",
                          (x0, rect.y + round(8 * s)), round(22 * s), widgets.CREAM, "bold", max_width=room)
        totals = self.session.totals
        total = totals[seat] if totals and seat < len(totals) else info.get("score", 0)
        widgets.draw_text(surf, f"{total:+d}" if total else "0", (x0, rect.y + round(33 * s)), round(24 * s),
                          (255, 220, 120) if total >= 0 else (255, 140, 120), "bold")
        tags = ([strings.tr("table.declared")] if info.get("declared") else []) + seat_badges(v).get(seat, [])
        tx = x0
        for text in tags:
            tw = widgets.text_width(text, round(12 * s), "bold") + round(10 * s)
            if tx + tw > rect.right - round(4 * s):
                break
            tr_ = pygame.Rect(tx, rect.bottom - round(25 * s), tw, round(16 * s))
            pygame.draw.rect(surf, (200, 40, 40) if text == tags[0] and info.get("declared") else (150, 60, 160), tr_,
                             border_radius=round(5 * s))
            widgets.draw_text(surf, text, tr_.center, round(12 * s), (255, 255, 255), "bold", anchor="center")
            tx += tw + round(4 * s)

    def _draw_caption(self, surf: pygame.Surface, L: WatchLayout) -> None:
        """What just happened, in one large line between the compass and the bottom seat."""
        now = self.app.now
        live = [c for c in self.captions if now - c[1] < CAPTION_S]
        if not live:
            return
        s = L.s
        text, born = live[-1]
        a = min(1.0, (now - born) / 0.25, max(0.0, (CAPTION_S - (now - born)) / 0.8))
        size = round(24 * s)
        img = widgets.fit_text(text, size, (255, 240, 200), "bold", L.W - round(600 * s))
        r = img.get_rect()
        r.midbottom = (L.W // 2, L.hand_top - round(8 * s))
        bg = pygame.Surface(r.inflate(round(28 * s), round(12 * s)).size, pygame.SRCALPHA)
        bg.fill((0, 0, 0, round(160 * a)))
        surf.blit(bg, r.inflate(round(28 * s), round(12 * s)))
        img = img.copy()
        img.set_alpha(round(255 * a))
        surf.blit(img, r)

    def _status_text(self) -> str | None:
        ses = self.session
        status, addr = ses.status, ses.addr
        if status == "connecting":
            return strings.tr("lan.connecting", addr=f"{addr[0]}:{addr[1]}")
        if status == "reconnecting" or (status == "closed" and ses.error):
            return strings.tr("watch.reconnecting", addr=f"{addr[0]}:{addr[1]}")
        if status == "refused":
            return strings.tr("watch.refused", why=ses.error or status)
        if self.view is not None and not ses.started:
            return strings.tr("watch.next_match")
        return None

    def _draw_banner(self, surf: pygame.Surface) -> None:
        text = self._status_text()
        if text is None:
            return
        s = self.s
        size = round(20 * s)
        r = pygame.Rect(0, 0,
                        min(self.app.size[0] - round(40 * s), widgets.text_width(text, size, "bold") + round(48 * s)),
                        round(48 * s))
        r.midbottom = (self.app.size[0] // 2, self.app.size[1] - round(110 * s))
        widgets.panel(surf, r, (40, 20, 10), 235, r.h // 2, 2, widgets.GOLD)
        widgets.draw_text(surf, text, r.center, size, widgets.CREAM, "bold", anchor="center",
                          max_width=r.w - round(24 * s))

    def _draw_waiting(self, surf: pygame.Surface) -> None:
        """Before the first hand (or while the host is away): the table, its seats, and what is awaited."""
        s = self.s
        W_, H_ = self.app.size
        ses = self.session
        surf.blit(background(surf.get_size()), (0, 0))
        widgets.draw_text(surf, strings.tr("watch.title"), (W_ // 2, round(28 * s)), round(40 * s), widgets.GOLD,
                          "serif", anchor="midtop", shadow=True)
        box = pygame.Rect(0, 0, round(820 * s), round(430 * s))
        box.midtop = (W_ // 2, round(100 * s))
        widgets.panel(surf, box)
        x, y = box.x + round(36 * s), box.y + round(24 * s)
        title = self._name()
        vname = variant_title(ses.variant_id) or ""
        widgets.draw_text(surf, "  ·  ".join(t for t in (title, vname) if t) or strings.tr("watch.title"), (x, y),
                          round(26 * s), widgets.CREAM, "bold", max_width=box.w - round(72 * s))
        y += round(44 * s)
        if ses.open:
            widgets.draw_text(surf, strings.tr("watch.open_note"), (x, y), round(16 * s), widgets.GOLD,
                              max_width=box.w - round(72 * s))
        y += round(34 * s)
        n = ses.n or 4
        names = ses.names
        for i in range(n):
            r = pygame.Rect(x, y, box.w - round(72 * s), round(46 * s))
            pygame.draw.rect(surf, (24, 48, 38), r, border_radius=round(10 * s))
            name = names[i] if i < len(names) and names[i] else None
            widgets.draw_text(surf, strings.tr("watch.seat", i=i + 1), (r.x + round(20 * s), r.centery), round(15 * s),
                              widgets.MUTED, anchor="midleft")
            widgets.draw_text(surf, name or strings.tr("lan.seat_open"), (r.x + round(130 * s), r.centery),
                              round(19 * s), widgets.CREAM if name else widgets.MUTED, "bold", anchor="midleft",
                              max_width=r.w - round(150 * s))
            y += round(54 * s)
        msg = self._status_text() or strings.tr("watch.waiting")
        k = int(self.app.now * 2) % 4
        widgets.draw_text(surf, msg + "." * k, (W_ // 2, box.bottom - round(30 * s)), round(18 * s), (255, 230, 170),
                          "bold", anchor="center", max_width=box.w - round(40 * s))
        widgets.draw_text(surf, strings.tr("watch.keys"), (W_ // 2, H_ - round(30 * s)), round(14 * s), widgets.MUTED,
                          anchor="center")


# ====================================================================== the players' table

class PlayerTable(TableScene):
    """A LAN table for a player: the table scene, plus how many watch (and whether they see every hand). The hosting
    player's (``hosting``: the host it runs) asks before closing the window ends the table for everyone."""

    hosting: Any = None
    _guard: Any = None

    def guard(self):
        if self._guard is None and self.hosting is not None:
            from game.ui.lan.comeback import EndTableGuard

            self._guard = EndTableGuard(self, self.hosting)
        return self._guard

    def on_quit(self) -> bool:
        g = self.guard()
        return g.on_quit() if g is not None else False

    def handle(self, ev) -> None:
        g = self._guard
        if g is not None and g.handle(ev):
            return
        super().handle(ev)

    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        if self.L is not None:
            draw_watchers_badge(surf, self.session, self.L.plate_rect(self.me).top, self.s)
        if self._guard is not None:
            self._guard.draw(surf)


def draw_watchers_badge(surf: pygame.Surface, session: Session, bottom: int, s: float) -> None:
    """Above the player's own plate (bottom left, clear of the hand and the panels): "3 watching", and "they see
    every hand" on a table the host opened to its watchers."""
    k = session.watchers
    if not k:
        return
    text = strings.tr("watch.badge", k=k)
    if session.watch == "open":
        text += "  ·  " + strings.tr("watch.badge_open")
    fs = round(14 * s)
    r = pygame.Rect(round(12 * s), 0, widgets.text_width(text, fs, "bold") + round(24 * s), round(30 * s))
    r.bottom = bottom - round(8 * s)
    widgets.panel(surf, r, (20, 34, 28), 215, r.h // 2, 1, (150, 130, 80), shadow=False)
    widgets.draw_text(surf, text, r.center, fs, widgets.CREAM, "bold", anchor="center")


# ====================================================================== entry points

def watch_screen(app: App, host: str, port: int, table_id: str | None = None, password: str | None = None,
                 on_leave=None, on_refused=None) -> Scene:
    """The watcher's screen for a table (``nav.screen(app, "watch", host=..., port=...)``); the connection is made in
    the background, so the screen shows at once and says how it is going."""
    from netplay.watch import WatchSession

    session = WatchSession(host, int(port), player_name(app)[:32], table_id, password)
    return WatchScene(app, session, on_leave=on_leave, on_refused=on_refused)


def start_watching(app: App, host: str, port: int, table_id: str | None = None, password: str | None = None,
                   on_leave=None, on_refused=None) -> None:
    """Watch a table in this window (the join list's "watch")."""
    try:
        nav.go(app, "watch", host=host, port=port, table_id=table_id, password=password, on_leave=on_leave,
               on_refused=on_refused)
    except (OSError, ValueError) as e:  # no sockets to be had, a port that is not a number
        app.notice(strings.tr("lan.failed", why=str(e)[:100]), 6)


def watch_window(args: Any) -> int:
    """``python -m game watch --addr HOST:PORT [--table ID]``: the watcher's screen alone; leaving closes it."""
    from netplay.cli import _addr

    host, port = _addr(args.addr)
    # args: the watch subcommand's argparse namespace; its optional flags depend on how the parser was built
    app = App(fullscreen=True if getattr(args, "fullscreen", False) else None)

    def quit_app() -> None:
        app.running = False

    start_watching(app, host, port, getattr(args, "table", None), getattr(args, "password", None), on_leave=quit_app)
    if app.scene is None:
        return 1
    return app.run()
