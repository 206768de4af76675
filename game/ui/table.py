"""The table scene: one seat plays through a Session (local bots or LAN), with prompts, hints and animations.

The scene renders ``session.view`` as it is now; events from ``session.poll()``
only start animations, sounds and captions. Clicks and keys are matched against
the current layout at once, so nothing waits for an animation and nothing is lost.
"""

from __future__ import annotations

import pygame

from game.rules.actions import Action
from game.ui import strings as S
from game.ui import tileart
from game.ui import widgets as W
from game.ui.anim import Animator
from game.ui.app import Scene
from game.ui.hints import HintEngine, Hints
from game.ui.layout import TableLayout
from game.ui.tableview import TableRenderer, display_meld, sort_hand, tile_marks

BIG_LABEL = {"chow": "big.chow", "pung": "big.pung", "kong": "big.kong", "added_kong": "big.kong",
             "concealed_kong": "big.kong"}
BTN_STYLE = {"chow": "green", "pung": "blue", "kong": "purple", "hu": "red", "pass": "grey", "declare_ready": "gold"}
LABEL_COLORS = {"chow": (170, 255, 170), "pung": (160, 210, 255), "kong": (226, 180, 255), "hu": (255, 214, 96),
                "ready": (255, 150, 120)}


def variant_name(v) -> str:
    return S.pick(getattr(v, "name_zh", ""), getattr(v, "name_en", "")) or getattr(v, "id", "?")


class TableScene(Scene):
    name = "table"
    demo = False

    def __init__(self, app, session, variant, names: list[str] | None = None, hands_total: int | None = None,
                 on_leave=None, bot_levels: list[str] | None = None, lan: bool = False):
        super().__init__(app)
        self.session = session
        self.variant = variant
        self.lan = lan
        self.me = session.seat if session.seat is not None else 0
        self.view = session.view
        self.n = self.view["n"] if self.view else 4
        self.names = names or session.names or [f"#{i}" for i in range(self.n)]
        self.hands_total = hands_total or session.hands_total
        self.on_leave = on_leave
        self.bot_levels = bot_levels
        self.anim = Animator()
        self.render = TableRenderer()
        self.hints = HintEngine()
        self.hint_cache: Hints | None = None
        self.sel: int | None = None
        self.hover: int | None = None
        self.choice: str | None = None  # "chow" / "kong": the list of alternatives is open
        self.prompt_dismissed: int | None = None  # view version whose turn prompt the player waved off
        self.sent: Action | None = None
        self.results: list[dict] = []
        self.settle = None  # SettlementPanel
        self.look = False
        self.paused = False
        self.next_bot = 0.0
        self.settle_at: float | None = None
        self.deal_start: float | None = None
        self.deal_dur = 0.0
        self.sounds: list[tuple[float, str]] = []
        self.captions: list[list] = []
        self.buttons: list[W.Button] = []
        self.choice_buttons: list[W.Button] = []
        self.top_buttons: list[W.Button] = []
        self.pause_buttons: list[W.Button] = []
        self._btn_key = None
        self._acting_before = False
        self._leave_armed = 0.0
        self.saved = False
        self.hand_rects: list[tuple[pygame.Rect, int, int]] = []  # (rect, tile, index)
        self.L: TableLayout | None = None
        self._discard_from: tuple | None = None
        self.error_shown = None
        self.hand_started = False
        self.auto_bots = True  # False: bots wait (screenshots, tests that step the session themselves)
        self.autoplay = None  # a bot playing the viewer's seat (benchmarks)
        self.waiting_next = False

    # ================================================================ life cycle
    def enter(self) -> None:
        super().enter()
        if not self.hand_started:
            self.hand_started = True
            self.anim.factor = self.app.settings.anim_factor
            self.anim.now = self.app.now
            self._pump(first=True)

    def layout(self) -> None:
        self.L = TableLayout(self.app.size, self.n, self.me)
        s = self.s
        bw, bh = round(84 * s), round(34 * s)
        W_, _H = self.app.size
        y = round(14 * s)
        self.top_buttons = [
            W.Button((W_ - round(14 * s) - bw, y, bw, bh), W.tr_label("table.menu"), self.toggle_pause, "dark",
                     size=round(16 * s), name="menu"),
            W.Button((W_ - round(14 * s) - 2 * bw - round(8 * s), y, bw, bh),
                     lambda: S.tr("table.hints_on") if self.app.settings.hints else S.tr("table.hints_off"),
                     self.toggle_hints, "dark", size=round(14 * s), name="hints"),
        ]
        self._btn_key = None
        self._build_pause()
        if self.settle is not None:
            self.settle.layout()

    def _build_pause(self) -> None:
        s = self.s
        W_, H_ = self.app.size
        bw, bh = round(300 * s), round(52 * s)
        x = W_ // 2 - bw // 2
        y0 = H_ // 2 - round(110 * s)
        self.pause_buttons = [
            W.Button((x, y0, bw, bh), W.tr_label("table.resume"), self.toggle_pause, "gold", name="resume"),
            W.Button((x, y0 + round(64 * s), bw, bh), W.tr_label("menu.settings"), self.open_settings, "blue", name="settings"),
            W.Button((x, y0 + round(128 * s), bw, bh), W.tr_label("menu.rules"), self.open_rules, "green", name="rules"),
            W.Button((x, y0 + round(192 * s), bw, bh), W.tr_label("table.leave"), self.leave_table, "red", name="leave"),
        ]

    # ================================================================ actions from the UI
    def toggle_pause(self) -> None:
        self.paused = not self.paused
        self.app.sound.play("click")

    def toggle_hints(self) -> None:
        self.app.settings.hints = not self.app.settings.hints
        self.app.save_settings()
        self.app.sound.play("click")

    def open_settings(self) -> None:
        from game.ui.scenes import SettingsScene

        self.paused = False
        self.app.goto(SettingsScene(self.app, back=lambda: self.app.goto(self)))

    def open_rules(self) -> None:
        from game.ui.rulesview import RulesScene

        self.paused = False
        self.app.goto(RulesScene(self.app, variant_id=self.variant.id, back=lambda: self.app.goto(self)))

    def leave_table(self) -> None:
        self.save_replay(finished=self.session.match_over if self._hand_over() else False)
        try:
            self.session.close()
        except Exception:  # noqa: BLE001
            pass
        if self.on_leave:
            self.on_leave()
        else:
            from game.ui.scenes import MenuScene

            self.app.goto(MenuScene(self.app))

    def send(self, action: Action) -> None:
        """Send a decision now (never delayed by animations)."""
        self.sent = action
        self.choice = None
        if action.kind == "discard":
            self._discard_from = self._tile_pos_of(action.tile)
        self.session.send(action)
        err = self.session.error
        if err:
            self.app.notice(S.tr("table.refused", msg=err), 3)
            self.session.error = None
        else:
            self.app.sound.play("click" if action.kind == "pass" else "select", 0.6)
        self.sel = None
        self._btn_key = None
        self._pump()
        self.next_bot = max(self.next_bot, self.app.now + self._bot_delay() * 0.8)

    def discard_index(self, i: int) -> None:
        disp = self.my_tiles()[0]
        if not 0 <= i < len(disp):
            return
        t = disp[i]
        legal = self.legal("discard")
        if not any(a.tile == t for a in legal):
            hints = self.current_hints()
            why = hints.blocked.get(t) if hints else None
            if why and legal:
                self.app.notice(S.tr("hint.cannot_discard", why=why), 3)
            return
        self.send(Action(self.me, "discard", t))

    # ================================================================ view helpers
    def legal(self, kind: str | None = None) -> list[Action]:
        acts = (self.view or {}).get("legal") or []
        return [a for a in acts if kind is None or a.kind == kind]

    def _hand_over(self) -> bool:
        return bool(self.view) and self.view.get("phase") == "end"

    def my_tiles(self):
        """(display order of my concealed tiles, has a separately drawn tile)."""
        v = self.view
        hand = list(v["hand"])
        drawn = v.get("drawn")
        marks = tile_marks(v)
        if drawn is not None and drawn in hand and v.get("phase") in ("turn",) and v.get("turn") == self.me:
            hand.remove(drawn)
            return sort_hand(hand, marks) + [drawn], True
        return sort_hand(hand, marks), False

    def my_slots(self):
        v = self.view
        disp, has_drawn = self.my_tiles()
        n = len(disp)
        if self.deal_counts() is not None:
            n = min(n, self.deal_counts().get(self.me, n))
            disp = disp[:n]
            has_drawn = has_drawn and n == len(self.my_tiles()[0])
        melds = [display_meld(m, self.me, v["n"]) for m in v["seats"][self.me]["melds"]]
        slots, meld_slots = self.L.bottom_hand(len(disp), has_drawn, melds)
        return disp, slots, melds, meld_slots

    def _tile_pos_of(self, tile: int):
        disp, slots, _m, _ms = self.my_slots()
        idx = self.sel if self.sel is not None and self.sel < len(disp) and disp[self.sel] == tile else None
        if idx is None:
            for i in range(len(disp) - 1, -1, -1):
                if disp[i] == tile:
                    idx = i
                    break
        if idx is None:
            return None
        sl = slots[idx]
        return (sl.x, sl.y - (self._raise(idx)))

    def _raise(self, i: int) -> int:
        if i == self.sel:
            return round(18 * self.s)
        if i == self.hover:
            return round(7 * self.s)
        return 0

    def deal_counts(self):
        """Tiles shown per seat while the deal animation runs (four at a time, then the rest), or None."""
        if self.deal_start is None or self.deal_dur <= 0:
            return None
        t = (self.app.now - self.deal_start) / self.deal_dur
        if t >= 1 or t < 0:
            self.deal_start = None if t >= 1 else self.deal_start
            return None if t >= 1 else {seat: 0 for seat in range(self.n)}
        k = int(t * 4)  # rounds 0..3: 4, 8, 12 tiles, then all
        out = {}
        for seat in range(self.n):
            full = len(self.view["hand"]) if seat == self.me else self.view["seats"][seat]["concealed"]
            out[seat] = full if k >= 3 else min(full, 4 * (k + 1))
        return out

    def current_hints(self) -> Hints | None:
        if not self.app.settings.hints or self.view is None or self.session.seat is None:
            return None
        self.hint_cache = self.hints.compute(self.view)
        return self.hint_cache

    def _bot_delay(self) -> float:
        f = self.app.settings.anim_factor
        return 0.16 if f <= 0 else 0.62 * f

    # ================================================================ events from the session
    def _pump(self, first: bool = False) -> None:
        try:
            events = self.session.poll()
        except Exception as e:  # noqa: BLE001 - a broken connection must not kill the window
            self._connection_lost(str(e))
            return
        old = self.view
        new = self.session.view
        if new is None:
            return
        self.view = new
        self.n = new["n"]
        if self.L is None or self.L.n != self.n:
            self.layout()
        if events:
            if first and sum(1 for e in events if e.get("type") in ("discard", "claim", "kong")) > 0:
                # joining a hand already under way (a replay jump, a LAN reconnect): no history replayed as animation
                self._quiet(events)
            else:
                self._on_events(events, old, new)
        acting = bool(new.get("legal"))
        if acting and not self._acting_before and not self.demo:
            self.sounds.append((self.app.now + 0.15, "turn"))
        self._acting_before = acting
        err = self.session.error
        if err and self.lan and err != self.error_shown:
            self.error_shown = err
            self.app.notice(S.tr("table.lan_lost", msg=err), 6)

    def _connection_lost(self, msg: str) -> None:
        if self.error_shown != msg:
            self.error_shown = msg
            self.app.notice(S.tr("table.lan_lost", msg=msg), 6)

    def _on_events(self, events: list, old: dict | None, new: dict) -> None:
        L = self.L
        s = self.s
        anim = self.anim
        anim.factor = self.app.settings.anim_factor
        anim.now = self.app.now
        now = self.app.now
        f = anim.factor
        delay = 0.0
        for ev in events:
            et = ev.get("type")
            if et == "deal":
                continue
            if et == "start":
                self._new_hand(new)
                if f > 0:
                    self.deal_start = now
                    self.deal_dur = 0.9 * f
                    delay = 0.9
                self.sounds.append((now, "deal"))
            elif et == "flip":
                delay += self._on_flip(ev, new, delay)
            elif et == "tail_take" and ev.get("seat") is not None:
                self._caption(S.tr("demo.tail_take", who=self.names[ev["seat"]], tile=S.tile_name(ev.get("tile"))))
            elif et == "blind_draw" and ev.get("seat") is not None:
                self._caption(S.tr("demo.blind_draw", who=self.names[ev["seat"]]))
            elif et == "sequence_win" and ev.get("seat") is not None:
                from game.ui.rulesdoc import explain

                what = explain(ev.get("pattern")) or str(ev.get("pattern"))
                self._label(ev["seat"], what.split("：")[0].split(":")[0], LABEL_COLORS["hu"], delay)
                self._caption(S.tr("demo.sequence", who=self.names[ev["seat"]], what=what))
            elif et == "chicken":
                seat = ev.get("seat")
                if seat is not None and ev.get("what") in ("chong_feng", "gen_chong"):
                    text = S.tr("pub.chong_feng_wu" if ev.get("tile") == 16 else "pub.chong_feng")
                    self.anim.add("label", 1.2, delay=delay, text=text, pos=L.label_anchor(seat), color=(255, 170, 120),
                                  size=56)
                    self._caption(S.tr("demo.claim", who=self.names[seat], what=text))
            elif et == "draw":
                seat = ev.get("seat")
                if seat == self.me and not self.demo:
                    disp, slots, _m, _ms = self.my_slots()
                    if slots and new.get("drawn") is not None:
                        sl = slots[-1]
                        anim.add("fly", 0.22, delay=delay, hide=[("my", len(slots) - 1)], tile=new.get("drawn"),
                                 p0=(sl.x, sl.y - round(60 * s)), p1=(sl.x, sl.y), w=sl.w, standing=True,
                                 highlight=_hl(tile_marks(new).get(new.get("drawn"))))
                    self.sounds.append((now + delay * f, "draw"))
                elif seat is not None:
                    self._fly_draw_other(seat, new, delay)
                delay += 0.12
            elif et == "discard":
                seat = ev["seat"]
                self._fly_discard(seat, ev["tile"], new, delay)
                self.sounds.append((now + (delay + 0.2) * f, "tile"))
                if self.demo and ev.get("after_kong"):
                    pass
                delay += 0.24
            elif et == "claim":
                self._on_claim(ev, new, delay)
                delay += 0.3
            elif et == "kong":
                if ev.get("kind") in ("concealed_kong", "added_kong"):
                    self._label(ev["seat"], S.tr("big.kong"), LABEL_COLORS["kong"], delay)
                    self.sounds.append((now + delay * f, "kong"))
                    self._caption_claim(ev["seat"], "kong")
            elif et == "declare_ready":
                self._label(ev["seat"], S.tr("big.ready"), LABEL_COLORS["ready"], delay)
                self.sounds.append((now + delay * f, "claim"))
                self._caption(S.tr("demo.claim", who=self.names[ev["seat"]], what=S.tr("act.declare_ready")))
            elif et == "win":
                self._on_win(ev, events, delay)
                delay += 0.4
            elif et == "exhausted":
                anim.add("banner", 1.6, delay=delay, text=S.tr("big.draw"), y=L.C[1], color=(220, 230, 240))
                self.sounds.append((now + delay * f, "drawn_game"))
                self._caption(S.tr("demo.draw"))
            elif et == "end":
                self._on_end(new, delay)
        self.sounds.sort()
        if any(e.get("type") == "start" for e in events) and f > 0:
            # bots wait for the deal and the flips; the player may act at once (input is never held back)
            self.next_bot = max(self.next_bot, now + delay * f + 0.3)

    def _quiet(self, events: list) -> None:
        """Take in events without animating them (only what the scene must remember)."""
        for ev in events:
            if ev.get("type") == "start":
                self._new_hand(self.view)
            elif ev.get("type") == "end":
                res = self.view.get("result") if self.view else None
                if res is not None:
                    self.results.append(res)
                self.settle_at = self.app.now + 0.3
                if self.session.match_over:
                    self.save_replay(finished=True)

    def _new_hand(self, view) -> None:
        self.waiting_next = False
        self.settle = None
        self.look = False
        self.sel = None
        self.choice = None
        self.settle_at = None
        self.sent = None
        self.anim.clear()
        self.render.badges = {}

    def _label(self, seat: int, text: str, color, delay: float) -> None:
        self.anim.add("label", 1.1, delay=delay, text=text, pos=self.L.label_anchor(seat), color=color, size=104)

    def _fly_discard(self, seat: int, tile: int, new: dict, delay: float) -> None:
        L = self.L
        info = new["seats"][seat]
        shown = [d for d in info["discards"] if d.get("claimed_by") is None]
        claimed = bool(info["discards"]) and info["discards"][-1].get("claimed_by") is not None \
            and info["discards"][-1]["tile"] == tile
        idx = len(shown) if claimed else len(shown) - 1
        if idx < 0:
            return
        dst = L.pond_slot(seat, idx)
        if seat == self.me and self._discard_from is not None:
            p0 = self._discard_from
            w0 = L.hw
            rot0 = 0
        else:
            ax, ay = L.hand_anchor(seat)
            bw, bh = tileart.tile_size(L.pw, dst.rot)
            p0 = (ax - bw // 2, ay - bh // 2)
            w0 = L.pw
            rot0 = dst.rot
        self._discard_from = None
        self.anim.add("fly", 0.24, delay=delay, hide=[] if claimed else [("pond", seat, idx)], tile=tile, p0=p0,
                      p1=dst.pos, w0=w0, w1=dst.w, w=dst.w, rot0=rot0, rot1=dst.rot, arc=round(18 * self.s))

    def _fly_draw_other(self, seat: int, new: dict, delay: float) -> None:
        L = self.L
        info = new["seats"][seat]
        if info["concealed"] % 3 != 2:
            return
        reveal = self.render.reveal[seat] if self.render.reveal is not None else None
        melds = [display_meld(m, seat, new["n"]) for m in info["melds"]]
        slots, _ = L.other_hand(seat, info["concealed"], True, melds, face_up=reveal is not None)
        if not slots:
            return
        sl = slots[-1]
        cx, cy = L.C
        self.anim.add("fly", 0.2, delay=delay, hide=[("hand", seat, len(slots) - 1)], tile=None,
                      p0=(cx - sl.rect().w // 2, cy - sl.rect().h // 2), p1=sl.pos, w=sl.w, rot0=sl.rot, rot1=sl.rot,
                      standing=sl.standing)

    def _on_claim(self, ev: dict, new: dict, delay: float) -> None:
        L = self.L
        seat, src, kind = ev["seat"], ev.get("from"), ev.get("kind", "pung")
        self._label(seat, S.tr(BIG_LABEL.get(kind, "big.pung")), LABEL_COLORS.get("kong" if "kong" in kind else kind,
                                                                                  (255, 230, 140)), delay)
        self.sounds.append((self.app.now + delay * self.anim.factor, "kong" if "kong" in kind else "claim"))
        self._caption_claim(seat, "kong" if "kong" in kind else kind)
        if src is None:
            return
        shown = [d for d in new["seats"][src]["discards"] if d.get("claimed_by") is None]
        p0 = L.pond_slot(src, len(shown))
        melds = new["seats"][seat]["melds"]
        if not melds:
            return
        mi = len(melds) - 1
        dm = display_meld(melds[mi], seat, new["n"])
        j = dm.get("claimed")
        if j is None:
            return
        if seat == self.me:
            _disp, _slots, dmelds, meld_slots = self.my_slots()
            if mi >= len(meld_slots):
                return
            target = meld_slots[mi][1][j]
            hide = [("mymeld", mi, j)]
        else:
            info = new["seats"][seat]
            dmelds = [display_meld(m, seat, new["n"]) for m in info["melds"]]
            reveal = self.render.reveal[seat] if self.render.reveal is not None else None
            _slots, meld_slots = L.other_hand(seat, info["concealed"], False, dmelds, face_up=reveal is not None)
            if mi >= len(meld_slots):
                return
            target = meld_slots[mi][1][j]
            hide = [("meld", seat, mi, j)]
        self.anim.add("fly", 0.32, delay=delay + 0.05, hide=hide, tile=ev.get("tile"), p0=p0.pos, p1=target.pos,
                      w0=p0.w, w1=target.w, w=target.w, rot0=p0.rot, rot1=target.rot, arc=round(40 * self.s))

    def _on_flip(self, ev: dict, new: dict, delay: float) -> float:
        """Tile flips: the 小鸡 indicator, yuxi's tail tiles, the 捉鸡牌 and its 翻牌鸡. Returns the time used."""
        L = self.L
        what = ev.get("what", "")
        tile = ev.get("tile")
        w = round(66 * self.s)
        slots = getattr(self.render, "public_slots", {})
        snd = self.app.now + delay * self.anim.factor
        if what == "indicator" and tile is not None:
            wild = ev.get("wildcard")
            self.anim.add("flip", 1.25, delay=delay, hide=[("pub", "indicator"), ("pub", "wildcard"), ("pub", "standin")],
                          tile=tile, center=L.C, w=w, caption=S.tr("flip.indicator"), target=slots.get(("indicator", 0)))
            if wild is not None:
                self._caption(S.tr("flip.wildcard_is", tile=S.tile_name(wild)))
            self.sounds.append((snd, "flip"))
            return 1.3
        if what == "tail":
            tiles = ev.get("tiles") or []
            if tile is None and tiles:  # the deal: both tail tiles turn up in front of everyone
                gap = round(w * 0.62)
                for j, t in enumerate(tiles):
                    cx = L.C[0] + (j - (len(tiles) - 1) / 2) * (w + gap)
                    self.anim.add("flip", 1.25, delay=delay + 0.12 * j, hide=[("pub", "tail", j)], tile=t, center=(cx, L.C[1]),
                                  w=w, caption=S.tr("flip.tail") if j == 0 else None, target=slots.get(("tail", j)))
                self._caption(S.tr("demo.flip", what=S.tr("flip.tail"), tile=" ".join(S.tile_name(t) for t in tiles)))
                self.sounds.append((snd, "flip"))
                return 1.4
            slot = ev.get("slot", len(tiles) - 1)
            target = slots.get(("tail", slot if isinstance(slot, int) else 0))
            if target is not None and tile is not None:
                tx, ty, tw = target
                bw, bh = tileart.tile_size(tw)
                self.anim.add("flip", 0.6, delay=delay, hide=[("pub", "tail", slot)], tile=tile,
                              center=(tx + bw // 2, ty + bh // 2), w=tw)
            return 0.2
        if tile is None:
            return 0.0
        # the chicken flip at the end: the 捉鸡牌, then the tile after it is the 翻牌鸡
        chick = ev.get("chicken")
        gap = round(w * 0.5)
        c1 = (L.C[0] - (w + gap) // 2, L.C[1]) if chick is not None else L.C
        self.anim.add("flip", 1.3, delay=delay, hold=1.0, tile=tile, center=c1, w=w, caption=S.tr("pub.zhuo"))
        if chick is not None:
            c2 = (L.C[0] + (w + gap) // 2, L.C[1])
            self.anim.add("flip", 1.3, delay=delay + 0.5, hold=0.5, tile=chick, center=c2, w=w, caption=S.tr("pub.chicken"),
                          highlight="chicken")
            self._caption(S.tr("flip.chicken_is", tile=S.tile_name(chick)))
        else:
            self._caption(S.tr("demo.flip", what=S.tr("flip.chicken"), tile=S.tile_name(tile)))
        self.sounds.append((snd, "flip"))
        self.sounds.append((snd + 0.5 * self.anim.factor, "flip"))
        return 2.3

    def _on_win(self, ev: dict, events: list, delay: float) -> None:
        seat = ev["seat"]
        how = ev.get("how")
        wins = [e for e in events if e.get("type") == "win"]
        text = S.tr("big.zimo") if how == "self_draw" else S.tr("big.hu")
        self._label(seat, text, LABEL_COLORS["hu"], delay)
        if len(wins) > 1 and ev is wins[0]:
            self.anim.add("banner", 1.6, delay=delay + 0.3, text=S.tr("big.multi"), y=self.L.C[1])
        if ev is wins[0]:
            self.sounds.append((self.app.now + delay * self.anim.factor, "win"))
        pats = ev.get("patterns") or []
        names = []
        res = (self.view or {}).get("result") or {}
        for w in res.get("wins", []):
            if w.get("seat") == seat:
                names = [p.get("name", p.get("key")) if S.is_zh() else _en_pattern(p) for p in w.get("patterns", [])]
        if not names:
            names = pats
        self._caption(S.tr("demo.win", who=self.names[seat], pats=" ".join(names) or S.tr("act.hu")))

    def _on_end(self, new: dict, delay: float) -> None:
        res = new.get("result")
        if res is not None:
            self.results.append(res)
        f = self.anim.factor
        wait = max(0.5, (delay + 1.3) * f) if f > 0 else 0.5
        self.settle_at = self.app.now + wait
        if self.session.match_over:
            self.save_replay(finished=True)

    def _caption(self, text: str) -> None:
        self.captions.append([text, self.app.now])
        self.captions = self.captions[-4:]

    def _caption_claim(self, seat: int, kind: str) -> None:
        self._caption(S.tr("demo.claim", who=self.names[seat], what=S.tr(f"act.{kind}")))

    # ================================================================ replay saving
    def save_replay(self, finished: bool) -> None:
        if self.saved or self.lan:
            return
        try:
            rec = self.session.match_record()
        except Exception:  # noqa: BLE001
            rec = None
        if not rec or not rec.get("hands_played"):
            return
        self.saved = True
        from game.ui import settings as cfg

        if not self.app.save_enabled:
            return
        _path, err = cfg.save_replay(rec, self.names, self.session.seat, finished)
        if err:
            self.app.notice(S.tr("notice.replay_failed", why=err), 5)
        elif finished:
            self.app.notice(S.tr("notice.replay_saved"), 2.5)

    # ================================================================ per frame
    def busy(self) -> bool:
        if self.anim.busy() or self.sounds or self.deal_start is not None:
            return True
        if self.settle_at is not None:
            return True
        if self.paused:
            return False
        if self.view and self.view.get("legal"):
            return False  # waiting for the player: idle
        return self.view is not None and self.view.get("phase") != "end"

    def update(self, dt: float) -> None:
        now = self.app.now
        self.anim.factor = self.app.settings.anim_factor
        self.anim.update(now)
        self.render.now = now
        while self.sounds and self.sounds[0][0] <= now:
            self.app.sound.play(self.sounds.pop(0)[1])
        self._pump()
        if self.lan and self.session.error and self.view is None:
            return
        if self.settle_at is not None and now >= self.settle_at and self._hand_over() and not self.waiting_next:
            self.settle_at = None
            self.show_settlement()
        if self.autoplay is not None and not self._hand_over() and self.view and self.view.get("legal") \
                and now >= self.next_bot and self.settle is None:
            self.send(self.autoplay.act(self.view))
            self.next_bot = now + self._bot_delay()
        if self.auto_bots and not self.paused and not self._hand_over() and now >= self.next_bot:
            try:
                acted = self.session.tick()
            except Exception as e:  # noqa: BLE001
                self._connection_lost(str(e))
                acted = False
            if acted:
                self.next_bot = now + self._bot_delay()
                self._pump()
        self.render.totals = self.session.totals if self.session else None

    def show_settlement(self) -> None:
        from game.ui.settle import SettlementPanel

        if self.view is None or "result" not in self.view:
            return
        self.settle = SettlementPanel(self, self.view, self.results[-1] if self.results else self.view["result"])
        self.settle.layout()
        self.look = False

    def next_hand(self) -> None:
        if self.session.match_over:
            self.finish_match()
            return
        self.session.next_hand()
        self.settle = None
        self.look = False
        self._pump()
        if self._hand_over():  # a LAN table deals when every player is ready
            self.waiting_next = True

    def finish_match(self) -> None:
        from game.ui.settle import MatchEndScene

        self.save_replay(finished=True)
        self.app.goto(MatchEndScene(self.app, self))

    # ================================================================ input
    def handle(self, ev) -> None:
        if self.paused:
            for b in self.pause_buttons:
                if b.handle(ev):
                    return
            if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
                self._esc_leave()
            return
        if self.settle is not None and not self.look:
            self.settle.handle(ev)
            return
        if self.look:
            if ev.type == pygame.KEYDOWN or (ev.type == pygame.MOUSEBUTTONUP and ev.button == 1):
                self.look = False
            return
        if self._hand_over():
            if self.waiting_next:
                if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
                    self._esc_leave()
                return
            if ev.type == pygame.KEYDOWN or (ev.type == pygame.MOUSEBUTTONUP and ev.button == 1):
                self.settle_at = None
                self.show_settlement()
            return
        for b in self.top_buttons:
            if b.handle(ev):
                return
        self._refresh_buttons()
        for b in self.choice_buttons + self.buttons:
            if b.handle(ev):
                return
        if ev.type == pygame.MOUSEMOTION:
            self.hover = self._tile_at(ev.pos)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            i = self._tile_at(ev.pos)
            if i is not None:
                self._click_tile(i)
            elif self.choice:
                self.choice = None
                self._btn_key = None
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 3:
            self.sel = None
            self.choice = None
            self._btn_key = None
        elif ev.type == pygame.KEYDOWN:
            self._key(ev)

    def _esc_leave(self) -> None:
        if self.app.now - self._leave_armed < 2.0:
            self.leave_table()
        else:
            self._leave_armed = self.app.now
            self.app.notice(S.tr("table.leave_confirm"), 2)

    def _key(self, ev) -> None:
        k = ev.key
        disp = self.my_tiles()[0]
        if k == pygame.K_ESCAPE:
            if self.choice:
                self.choice = None
                self._btn_key = None
            elif self.sel is not None:
                self.sel = None
            else:
                self.toggle_pause()
            return
        if k in (pygame.K_LEFT, pygame.K_RIGHT) and disp:
            if self.sel is None:
                self.sel = len(disp) - 1 if k == pygame.K_LEFT else 0
            else:
                self.sel = (self.sel + (-1 if k == pygame.K_LEFT else 1)) % len(disp)
            self.app.sound.play("select", 0.4)
            return
        if k in (pygame.K_HOME, pygame.K_END) and disp:
            self.sel = 0 if k == pygame.K_HOME else len(disp) - 1
            return
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_UP):
            if self.sel is None and self.legal("discard") and self.view.get("drawn") is not None and k != pygame.K_UP:
                self.sel = len(disp) - 1  # Enter alone discards the drawn tile (摸打)
            if self.sel is not None and self.legal("discard"):
                self.discard_index(self.sel)
            return
        if k == pygame.K_h:
            self.toggle_hints()
            return
        num = _number_key(k)
        if num is not None:
            self._refresh_buttons()
            row = self.choice_buttons if self.choice else self.buttons
            if 1 <= num <= len(row):
                row[num - 1].activate()

    def _tile_at(self, pos) -> int | None:
        for rect, _t, i in reversed(self.hand_rects):
            if rect.collidepoint(pos):
                return i
        return None

    def _click_tile(self, i: int) -> None:
        if self.sel == i and self.legal("discard"):
            self.discard_index(i)
            return
        self.sel = i
        self.app.sound.play("select", 0.4)
        disp = self.my_tiles()[0]
        if self.legal("discard") and i < len(disp):
            hints = self.current_hints()
            t = disp[i]
            if hints and t in hints.blocked:
                self.app.notice(S.tr("hint.cannot_discard", why=hints.blocked[t]), 3)

    # ================================================================ prompt buttons
    def _prompt_kinds(self) -> list[tuple[str, list[Action]]]:
        v = self.view
        legal = self.legal()
        if not legal:
            return []
        groups: dict[str, list[Action]] = {}
        for a in legal:
            if a.kind == "discard":
                continue
            groups.setdefault(a.kind, []).append(a)
        if not groups:
            return []
        phase = v.get("phase")
        if phase == "turn":
            if self.prompt_dismissed == v.get("version"):
                return []
            groups["pass"] = []  # only closes the prompt: discarding is the real answer
        order = list(getattr(self.variant, "button_order", ("chow", "pung", "kong", "hu", "pass")))
        if "declare_ready" not in order:
            order.insert(order.index("pass") if "pass" in order else len(order), "declare_ready")
        for k in groups:
            if k not in order:
                order.insert(len(order) - 1, k)
        return [(k, groups[k]) for k in order if k in groups]

    def _refresh_buttons(self) -> None:
        key = (self.view.get("version") if self.view else None, self.choice, self.app.size, S.lang(),
               self.prompt_dismissed, len(self.legal()))
        if key == self._btn_key:
            return
        self._btn_key = key
        s = self.s
        W_, _H = self.app.size
        kinds = self._prompt_kinds()
        size = round(78 * s)
        gap = round(14 * s)
        x = W_ - round(96 * s) - len(kinds) * (size + gap) + gap
        y = self.L.hand_top - size - round(40 * s)
        self.buttons = []
        for i, (k, acts) in enumerate(kinds):
            label_key = "act.zimo" if (k == "hu" and self.view.get("phase") == "turn") else f"act.{k}"
            glyph = S.is_zh() and k != "declare_ready" and not (k == "hu" and self.view.get("phase") == "turn")
            b = W.Button((x + i * (size + gap), y, size, size), W.tr_label(label_key), self._make_cb(k, acts),
                         BTN_STYLE.get(k, "green"), hotkey=str(i + 1), glyph=glyph, name=k,
                         size=None if glyph else round(size * (0.3 if S.is_zh() else 0.24)))
            self.buttons.append(b)
        self.choice_buttons = []
        if self.choice:
            acts = dict(kinds).get(self.choice, [])
            tw = round(30 * s)
            cw = tileart.tile_size(tw)[0]
            bx = W_ - round(96 * s)
            by = y - round(20 * s) - round(72 * s)
            widths = []
            for a in acts:
                k = 3 if a.kind == "chow" else 4
                widths.append(k * (cw + 2) + round(40 * s))
            total = sum(widths) + gap * (len(widths) - 1)
            x0 = bx - total
            for i, (a, wdt) in enumerate(zip(acts, widths)):
                b = W.Button((x0, by, wdt, round(72 * s)), "", lambda a=a: self.send(a), "ghost", hotkey=str(i + 1),
                             name=f"choice{i}")
                b.action = a
                self.choice_buttons.append(b)
                x0 += wdt + gap

    def _make_cb(self, kind: str, acts: list[Action]):
        def cb():
            if kind == "pass":
                if self.view.get("phase") == "turn":
                    self.prompt_dismissed = self.view.get("version")
                    self._btn_key = None
                    return
                self.send(Action(self.me, "pass"))
                return
            if len(acts) > 1:
                self.choice = None if self.choice == kind else kind
                self._btn_key = None
                return
            self.send(acts[0])
        return cb

    # ================================================================ drawing
    def draw(self, surf: pygame.Surface) -> None:
        if self.view is None:
            surf.fill((10, 40, 30))
            W.draw_text(surf, S.tr("common.loading"), (surf.get_width() // 2, surf.get_height() // 2), round(24 * self.s),
                        anchor="center")
            return
        L = self.L
        r = self.render
        r.names = self.names
        r.levels = self.bot_levels
        r.hidden = self.anim.hidden()
        r.deal_counts = self.deal_counts()
        r.totals = self.session.totals
        v = self.view
        thinking = v["turn"] if v["phase"] in ("turn", "declare") and v["turn"] != self.me else None
        self._set_reveal()
        r.draw_table(surf, v, L, my_hand=lambda: self._draw_my_hand(surf), thinking=thinking)
        hand_no = (v.get("hand_no", 0) or 0) + 1
        title = variant_name(self.variant)
        sub = S.tr("table.hand_no", i=hand_no, n=self.hands_total or "?")
        if v.get("dealer_streak"):
            sub += "  " + S.tr("table.streak", k=v["dealer_streak"])
        r.draw_public(surf, v, L, title, sub)
        if not self._hand_over():
            self._draw_prompt(surf)
            self._draw_hints(surf)
            self._draw_status(surf)
        self.anim.draw(surf, self.s)
        self._draw_captions(surf)
        for b in self.top_buttons:
            b.draw(surf)
        if self.settle is not None and not self.look:
            self.settle.draw(surf)
        elif self.look:
            self._draw_look_banner(surf)
        elif self.waiting_next and self._hand_over():
            self._draw_banner(surf, S.tr("table.wait_next"))
        if self.paused:
            self._draw_pause(surf)

    def _set_reveal(self) -> None:
        self.render.reveal = None

    def _draw_my_hand(self, surf) -> None:
        v = self.view
        disp, slots, melds, meld_slots = self.my_slots()
        marks = tile_marks(v)
        hints = self.current_hints() if not self._hand_over() else None
        my_turn = bool(self.legal("discard"))
        allowed = {a.tile for a in self.legal("discard")}
        self.hand_rects = []
        hidden = self.render.hidden
        s = self.s
        for i, (t, sl) in enumerate(zip(disp, slots)):
            lift = self._raise(i) if not self._hand_over() else 0
            y = sl.y - lift
            rect = pygame.Rect(sl.x, y, *tileart.tile_size(sl.w))
            self.hand_rects.append((rect.union(sl.rect()), t, i))
            if ("my", i) in hidden:
                continue
            dim = my_turn and t not in allowed
            hl = []
            m = marks.get(t)
            if m in ("wild", "standin", "chicken"):
                hl.append(m)
            if i == self.sel and not self._hand_over():
                hl.append("selected")
            tileart.draw_tile(surf, t, (sl.x, y), sl.w, standing=True, highlight=tuple(hl) or None, dim=dim)
            if hints and my_turn and t in hints.per_discard and not dim:
                cx = rect.centerx
                ty = y - round(8 * s)
                pts = [(cx - round(7 * s), ty), (cx + round(7 * s), ty), (cx, ty + round(8 * s))]
                pygame.draw.polygon(surf, (255, 226, 90), pts)
                pygame.draw.polygon(surf, (120, 80, 0), pts, 1)
        for mi, (_x, mslots) in enumerate(meld_slots):
            self.render._draw_meld(surf, v, melds[mi], mslots, self.me, mi, hidden_prefix=("mymeld", mi))

    def _draw_prompt(self, surf) -> None:
        self._refresh_buttons()
        if not self.buttons:
            if self.view.get("awaiting") and self.sent is not None:
                s = self.s
                what = S.tr(f"act.{self.sent.kind}")
                text = S.tr("table.wait_higher", what=what)
                y = self.L.hand_top - round(56 * s)
                tw = W.text_width(text, round(17 * s), "bold") + round(36 * s)
                r = pygame.Rect(0, 0, tw, round(38 * s))
                r.midbottom = (self.app.size[0] // 2, y)
                W.panel(surf, r, (40, 30, 8), 230, r.h // 2, 2, W.GOLD)
                k = int(self.app.now * 2.5) % 4
                W.draw_text(surf, text + "." * k, (r.x + round(18 * s), r.centery), round(17 * s), W.CREAM, "bold",
                            anchor="midleft")
            return
        s = self.s
        offer = self.view.get("offer")
        if offer and offer.get("tile") is not None and self.view.get("phase") in ("claim", "rob"):
            b0 = self.buttons[0].rect
            tw = round(46 * s)
            bw, bh = tileart.tile_size(tw)
            box = pygame.Rect(0, 0, bw + round(150 * s), bh + round(20 * s))
            box.midright = (b0.left - round(16 * s), b0.centery)
            W.panel(surf, box, (10, 28, 22), 220, round(12 * s), 2, W.GOLD)
            key = "table.rob_offer" if offer.get("kind") == "rob" else "table.offer"
            who = self.names[offer["from"]] if offer.get("from") is not None else "?"
            W.draw_text(surf, S.tr(key, who=who), (box.x + round(12 * s), box.centery - round(10 * s)), round(14 * s),
                        W.CREAM, "bold", anchor="midleft", max_width=round(130 * s))
            W.draw_text(surf, S.tile_name(offer["tile"]), (box.x + round(12 * s), box.centery + round(12 * s)), round(16 * s),
                        W.GOLD, "bold", anchor="midleft", max_width=round(130 * s))
            tileart.draw_tile(surf, offer["tile"], (box.right - bw - round(10 * s), box.y + round(10 * s)), tw,
                              highlight="last")
        for b in self.buttons:
            b.draw(surf)
        if self.choice_buttons:
            title = S.tr("table.choose_chow" if self.choice == "chow" else "table.choose_kong")
            first = self.choice_buttons[0].rect
            W.draw_text(surf, title, (first.x, first.y - round(6 * s)), round(15 * s), W.GOLD, "bold", anchor="bottomleft",
                        shadow=True)
            tw = round(30 * s)
            cw, ch = tileart.tile_size(tw)
            for b in self.choice_buttons:
                b.draw(surf)
                a = b.action
                tiles = list(a.tiles) if a.kind == "chow" and a.tiles else [a.tile] * 4
                offer_t = (self.view.get("offer") or {}).get("tile")
                x = b.rect.x + round(14 * s)
                y = b.rect.centery - ch // 2
                marks = tile_marks(self.view)
                for t in tiles:
                    hl = "last" if (a.kind == "chow" and t == offer_t) else _hl(marks.get(t))
                    tileart.draw_tile(surf, t, (x, y), tw, highlight=hl)
                    x += cw + 2

    def _draw_status(self, surf) -> None:
        s = self.s
        text = None
        if self.legal("discard") and not self.buttons and self.session.seat is not None:
            text = S.tr("table.your_turn") + "  ·  " + S.tr("table.your_turn_keys")
        if text:
            y = self.L.hand_top - round(30 * s)
            W.draw_text(surf, text, (self.app.size[0] // 2, y), round(15 * s), (255, 236, 170), "bold", anchor="midbottom",
                        shadow=True)

    def _draw_hints(self, surf) -> None:
        hints = self.current_hints()
        if not hints:
            return
        s = self.s
        L = self.L
        tw = round(26 * s)
        cw, ch = tileart.tile_size(tw)
        disp = self.my_tiles()[0]
        lines: list[tuple[str, list[tuple[int, int]]]] = []
        if self.legal("discard"):
            focus = self.sel if self.sel is not None else self.hover
            if focus is not None and focus < len(disp):
                t = disp[focus]
                ws = hints.per_discard.get(t)
                if ws:
                    lines.append((S.tr("hint.discard_waits", tile=S.tile_name(t)), ws))
                elif hints.per_discard:
                    lines.append((S.tr("hint.discard_no_wait", tile=S.tile_name(t)), []))
            elif hints.per_discard:
                lines.append((S.tr("hint.ready_marks"), []))
        elif hints.waits:
            lines.append((S.tr("hint.waits"), hints.waits))
        if lines:
            label, ws = lines[0]
            lw = W.text_width(label, round(15 * s), "bold")
            width = round(46 * s) + lw + round(12 * s) + len(ws) * (cw + round(8 * s)) + round(10 * s)
            height = (ch + round(24 * s)) if ws else round(38 * s)
            r = pygame.Rect(round(14 * s), self.app.size[1] - L.plate_h - round(22 * s) - height, width, height)
            if r.right > self.app.size[0] * 0.62:
                r.w = round(self.app.size[0] * 0.62) - r.x
            W.panel(surf, r, (30, 26, 10), 225, round(12 * s), 2, (255, 214, 100))
            # the bulb
            bc = (r.x + round(22 * s), r.y + round(19 * s))
            g = W.glow_circle(round(10 * s), (255, 230, 120))
            surf.blit(g, g.get_rect(center=bc))
            pygame.draw.circle(surf, (255, 236, 140), bc, round(9 * s))
            pygame.draw.rect(surf, (180, 180, 170), (bc[0] - round(4 * s), bc[1] + round(8 * s), round(8 * s), round(6 * s)),
                             border_radius=2)
            W.draw_text(surf, label, (r.x + round(40 * s), r.y + round(19 * s)), round(15 * s), W.CREAM, "bold",
                        anchor="midleft")
            x = r.x + round(46 * s) + lw + round(12 * s)
            for t, left in ws:
                if x + cw > r.right:
                    break
                tileart.draw_tile(surf, t, (x, r.y + round(6 * s)), tw, dim=left == 0)
                W.draw_text(surf, S.tr("hint.left", n=left) if left else S.tr("hint.none_left"),
                            (x + cw // 2, r.y + round(8 * s) + ch), round(11 * s), (255, 220, 130) if left else (200, 150, 140),
                            "bold", anchor="midtop")
                x += cw + round(8 * s)
        if hints.no_win:
            text = S.tr("hint.no_win", why=hints.no_win)
            lines_ = W.wrap(text, round(14 * s), round(520 * s))
            h = len(lines_) * round(20 * s) + round(14 * s)
            wmax = max(W.text_width(l, round(14 * s)) for l in lines_) + round(24 * s)
            r = pygame.Rect(0, 0, wmax, h)
            r.bottomright = (self.app.size[0] - round(96 * s), L.hand_top - round(140 * s))
            W.panel(surf, r, (60, 14, 10), 230, round(10 * s), 2, (255, 120, 100))
            y = r.y + round(7 * s)
            for line in lines_:
                W.draw_text(surf, line, (r.x + round(12 * s), y), round(14 * s), (255, 230, 220))
                y += round(20 * s)

    def _draw_captions(self, surf) -> None:
        if not self.demo:
            return
        s = self.s
        now = self.app.now
        self.captions = [c for c in self.captions if now - c[1] < 6]
        y = round(150 * s)
        for text, born in self.captions[-3:]:
            a = min(1.0, (now - born) / 0.3, max(0.0, (6 - (now - born)) / 0.8))
            img = W.text_surface(text, round(20 * s), (255, 240, 200), "bold")
            r = img.get_rect()
            r.topright = (self.app.size[0] - round(26 * s), y)
            bg = pygame.Surface(r.inflate(round(24 * s), round(12 * s)).size, pygame.SRCALPHA)
            bg.fill((0, 0, 0, round(150 * a)))
            surf.blit(bg, r.inflate(round(24 * s), round(12 * s)))
            img = img.copy()
            img.set_alpha(round(255 * a))
            surf.blit(img, r)
            y += r.h + round(16 * s)

    def _draw_look_banner(self, surf) -> None:
        self._draw_banner(surf, S.tr("table.look"))

    def _draw_banner(self, surf, text: str) -> None:
        s = self.s
        r = pygame.Rect(0, 0, W.text_width(text, round(16 * s), "bold") + round(40 * s), round(40 * s))
        r.midtop = (self.app.size[0] // 2, round(60 * s))
        W.panel(surf, r, (20, 20, 10), 220, r.h // 2, 2, W.GOLD)
        W.draw_text(surf, text, r.center, round(16 * s), W.CREAM, "bold", anchor="center")

    def _draw_pause(self, surf) -> None:
        W.dim_screen(surf, 150)
        s = self.s
        first = self.pause_buttons[0].rect
        box = pygame.Rect(0, 0, first.w + round(80 * s), round(340 * s))
        box.midtop = (first.centerx, first.y - round(80 * s))
        W.panel(surf, box)
        W.draw_text(surf, S.tr("table.paused"), (box.centerx, box.y + round(22 * s)), round(28 * s), W.GOLD, "serif",
                    anchor="midtop")
        for b in self.pause_buttons:
            b.draw(surf)


def _hl(mark):
    return mark if mark in ("wild", "standin", "chicken") else None


def _en_pattern(p: dict) -> str:
    return p.get("name_en") or p.get("key", "").replace("_", " ")


def _number_key(k: int) -> int | None:
    if pygame.K_1 <= k <= pygame.K_9:
        return k - pygame.K_0
    if pygame.K_KP1 <= k <= pygame.K_KP9:
        return k - pygame.K_KP1 + 1
    return None
