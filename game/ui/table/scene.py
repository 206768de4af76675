"""The table scene: one seat plays through a Session (local bots or LAN), with prompts, hints and animations.

The scene renders ``session.view`` as it is now; events from ``session.poll()``
only start animations, sounds and captions (``cues``). Clicks and keys are matched
against the current layout at once (``tableinput``), so nothing waits for an
animation and nothing is lost. What it draws over the table is in ``hud``, the
claim buttons in ``prompt``, the switches (托管, 自动胡, 不吃碰杠, 记牌器) in
``comforts``/``dock``/``tracker``, a LAN table's connection and seats in ``tablelink``.
"""

from __future__ import annotations

from functools import partial

import pygame

from game.bots import default_level, make_bot
from game.rules.actions import Action
from game.ui import nav
from game.ui import settings as cfg
from game.ui.app import Scene
from game.ui.kit import hostmsg, strings
from game.ui.kit import widgets as W
from game.ui.kit.names import shown_all, variant_name
from game.ui.table import cues, hud, myhand, prompt, tableinput
from game.ui.table.anim import Animator
from game.ui.table.comforts import Comforts
from game.ui.table.hints import HintEngine, Hints
from game.ui.table.layout import TableLayout
from game.ui.table.settle import MatchEndScene, SettlementPanel
from game.ui.table.switches import Switches
from game.ui.table.tablelink import TableLink
from game.ui.table.tableview import TableRenderer
from game.ui.table.tracker import TrackerModel


def save_match(app, session, names: list[str], finished: bool) -> bool:
    """Save the session's match record to the replay folder and say how it went; False when no hand is recorded yet."""
    rec = session.match_record()
    if not rec or not rec.get("hands_played"):
        return False
    if app.save_enabled:
        path, err = cfg.save_replay(rec, names, session.seat, finished)
        app.last_replay = None if err else path  # `play --auto` prints where it went
        if err:
            app.notice(strings.tr("notice.replay_failed", why=err), 5)
        elif finished:
            app.notice(strings.tr("notice.replay_saved"), 2.5)
    return True


class TableScene(Scene):
    name = "table"
    demo = False

    def __init__(self, app, session, variant, names: list[str] | None = None, hands_total: int | None = None,
                 on_leave=None, bot_levels: list[str | None] | None = None, lan: bool = False):
        super().__init__(app)
        self.session = session
        self.variant = variant
        self.lan = lan
        self.me = session.seat if session.seat is not None else 0
        self.view = session.view
        self.n = self.view["n"] if self.view else 4
        self.raw_names = list(names or session.names or [f"#{i}" for i in range(self.n)])
        self.hands_total = hands_total or session.hands_total
        self.on_leave = on_leave
        self.bot_levels = bot_levels
        self.anim = Animator()
        self.render = TableRenderer()
        self.hints = HintEngine()
        self.hint_cache: Hints | None = None
        self.sel: int | None = None
        self.hover: int | None = None
        self.prompt = prompt.Prompt(self.me, variant.button_order)
        self.sent: Action | None = None
        self.results: list[dict] = []
        self.settle: SettlementPanel | None = None
        self.look = False
        self.paused = False
        self.next_bot = 0.0
        self.settle_at: float | None = None
        self.deal_start: float | None = None
        self.deal_dur = 0.0
        self.sounds: list[tuple[float, str]] = []
        self.captions: list[list] = []
        self.top_buttons: list[W.Button] = []
        self.pause_buttons: list[W.Button] = []
        self._acting_before = False
        self._leave_armed: float | None = None  # when Esc asked "again to leave" (None: it has not)
        self.saved = False
        self.hand_rects: list[tuple[pygame.Rect, int, int]] = []  # (rect, tile, index)
        self.L: TableLayout | None = None
        self._discard_from: tuple | None = None
        self.hand_started = False
        self.auto_bots = True  # False: bots wait (screenshots, tests that step the session themselves)
        self.waiting_next = False
        self.pace = 1.0  # bot and 托管 delays are multiplied by it (``play --auto`` runs faster)
        self.comforts = Comforts(self.me, lambda: make_bot(default_level(), seed=f"auto:{self.me}"), lan=lan)
        self.switches = Switches(self)
        self.tracker = TrackerModel()
        self.link = TableLink(lan, self.me)
        self.compass_hover = False
        self.shown = "table"  # what the last frame drew on top: "table" or "settlement" (``play --quit-on``)
        self.auto_next_at: float | None = None  # 托管: when the settlement moves on by itself
        self._seen_view: object = None

    @property
    def names(self) -> list[str]:
        """The seats' names as shown now (the game's own names in the current language)."""
        return shown_all(self.raw_names)

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
        self.top_buttons = hud.top_buttons(self.app.size, self.s, self.toggle_pause, self.toggle_hints,
                                           self.switches.hints_on)
        self.prompt.invalidate()
        self.pause_buttons = hud.pause_buttons(self.app.size, self.s, self.toggle_pause, self.open_settings,
                                               self.open_rules, self.leave_table)
        self.switches.layout()
        if self.settle is not None:
            self.settle.layout()

    # ================================================================ actions from the UI
    def toggle_pause(self) -> None:
        self.paused = not self.paused
        self.app.sound.play("click")

    def toggle_hints(self) -> None:
        self.switches.toggle_hints()

    def open_settings(self) -> None:
        self.paused = False
        nav.go(self.app, "settings", back=lambda: self.app.goto(self))

    def open_rules(self) -> None:
        self.paused = False
        nav.go(self.app, "rules", variant_id=self.variant.id, back=lambda: self.app.goto(self))

    def leave_table(self) -> None:
        self.save_replay(finished=self.session.match_over if self.hand_over() else False)
        try:
            self.session.close()
        except OSError:
            pass  # a LAN connection already broken: leaving is what the player wants anyway
        if self.on_leave:
            self.on_leave()
        else:
            nav.go(self.app, "menu")

    def send(self, action: Action) -> None:
        """Send a decision now (never delayed by animations)."""
        self.sent = action
        self.app.invalidate()
        self.prompt.choice = None
        if action.kind == "discard" and action.tile is not None:
            disp, slots, _m, _ms = self.my_slots()
            self._discard_from = myhand.tile_pos(disp, slots, action.tile, self.sel, self.hover, self.s)
        self.session.send(action)
        err = self.session.error
        if err:
            self.app.notice(strings.tr("table.refused", msg=hostmsg.session_text(self.session) or err), 3)
            self.session.error = None
        else:
            self.app.sound.play("click" if action.kind == "pass" else "select", 0.6)
        self.sel = None
        self.prompt.invalidate()
        self._pump()
        self.next_bot = max(self.next_bot, self.app.now + self._bot_delay() * 0.8)

    def discard_index(self, i: int) -> None:
        tableinput.discard_index(self, i)

    # ================================================================ view helpers
    def legal(self, kind: str | None = None) -> list[Action]:
        acts = (self.view or {}).get("legal") or []
        return [a for a in acts if kind is None or a.kind == kind]

    def hand_over(self) -> bool:
        return bool(self.view) and self.view.get("phase") == "end"

    def my_tiles(self) -> tuple[list[int], bool]:
        """(display order of my concealed tiles, has a separately drawn tile)."""
        return myhand.hand_order(self.view, self.me)

    def my_slots(self) -> myhand.HandSlots:
        assert self.L is not None  # laid out on enter, before any input or frame
        return myhand.hand_slots(self.view, self.me, self.L, self.deal_counts())

    def deal_counts(self) -> dict[int, int] | None:
        """Tiles shown per seat while the deal animation runs (four at a time, then the rest), or None."""
        if self.deal_start is None or self.deal_dur <= 0:
            return None
        t = (self.app.now - self.deal_start) / self.deal_dur
        if t >= 1:
            self.deal_start = None
        return myhand.deal_counts(self.view, self.me, self.n, t)

    def current_hints(self) -> Hints | None:
        if not self.switches.hints_on() or self.view is None or self.session.seat is None:
            return None
        self.hint_cache = self.hints.compute(self.view)
        return self.hint_cache

    def _bot_delay(self) -> float:
        f = self.app.settings.anim_factor
        return (0.16 if f <= 0 else 0.62 * f) * self.pace

    # ================================================================ events from the session
    def _pump(self, first: bool = False) -> None:
        try:
            events = self.session.poll()
        except (OSError, ValueError) as e:  # a LAN host's broken or garbled message must not kill the window
            self._link(str(e))
            return
        self._link(None)
        new = self.session.view
        if new is None:
            return
        if events or new is not self._seen_view:
            self._seen_view = new
            self.app.invalidate()  # a session update is drawn at once, whatever else moves
        self.view = new
        self.n = new["n"]
        if self.L is None or self.L.n != self.n:
            self.layout()
        if events:
            if first and sum(1 for e in events if e.get("type") in ("discard", "claim", "kong")) > 0:
                # joining a hand already under way (a replay jump, a LAN reconnect): no history replayed as animation
                self._apply(cues.quiet(events, self.view, self.app.now))
            else:
                self.anim.factor = self.app.settings.anim_factor
                self.anim.now = self.app.now
                self._apply(cues.stage(events, self._stage()))
                self.sounds.sort()
        acting = bool(new.get("legal"))
        if acting and not self._acting_before and not self.demo:
            self.sounds.append((self.app.now + 0.15, "turn"))
        self._acting_before = acting

    def _link(self, poll_error: str | None) -> None:
        """Follow a LAN table's connection and seats; each problem is told as it starts."""
        before = (self.link.state, {i: st.key() for i, st in self.link.seats.items()})
        for key in self.link.update(self.session, self.session.view, self.app.now, poll_error):
            self.app.notice(partial(strings.tr, key), 4)
        if (self.link.state, {i: st.key() for i, st in self.link.seats.items()}) != before:
            self.app.invalidate()

    def _stage(self) -> cues.Stage:
        assert self.L is not None  # laid out on enter, before any event
        return cues.Stage(self.view, self.L, self.me, self.names, self.app.now, self.anim.factor, demo=self.demo,
                          deal_start=self.deal_start, deal_dur=self.deal_dur, reveal=self.render.reveal,
                          public_slots=self.render.public_slots, discard_from=self._discard_from)

    def _apply(self, steps: list[cues.Step]) -> None:
        """Carry out what the events call for, in order (a new hand clears what came before it)."""
        for st in steps:
            if isinstance(st, cues.Anim):
                self.anim.add(st.kind, st.dur, delay=st.delay, hide=st.hide, hold=st.hold, **st.data)
            elif isinstance(st, cues.Sound):
                self.sounds.append((st.at, st.name))
            elif isinstance(st, cues.Caption):
                self.captions.append([st.text, self.app.now])
                self.captions = self.captions[-4:]
            elif isinstance(st, cues.NewHand):
                self._new_hand()
            elif isinstance(st, cues.Deal):
                self.deal_start, self.deal_dur = st.start, st.dur
            elif isinstance(st, cues.DiscardLanded):
                self._discard_from = None
            elif isinstance(st, cues.HandOver):
                if st.result is not None:
                    self.results.append(st.result)
                self.settle_at = st.settle_at
                if self.session.match_over:
                    self.save_replay(finished=True)
            elif isinstance(st, cues.BotsWait):
                self.next_bot = max(self.next_bot, st.until)

    def _new_hand(self) -> None:
        self.waiting_next = False
        self.auto_next_at = None
        self.settle = None
        self.look = False
        self.sel = None
        self.prompt.choice = None
        self.settle_at = None
        self.sent = None
        self.anim.clear()
        self.render.badges = {}

    def save_replay(self, finished: bool) -> None:
        """Keep the match in the replay folder, once (a LAN table's record is the host's)."""
        if not self.saved and not self.lan:
            self.saved = save_match(self.app, self.session, self.raw_names, finished)

    # ================================================================ per frame
    def busy(self) -> bool:
        if self.anim.busy() or self.sounds or self.deal_start is not None or self.settle_at is not None:
            return True
        if self.comforts.auto and self.view and self.view.get("legal") and self.settle is None:
            return True  # 托管 is about to act
        if self.paused or (self.view and self.view.get("legal")):
            return False  # paused, or waiting for the player: idle
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
        if self.settle_at is not None and now >= self.settle_at and self.hand_over() and not self.waiting_next:
            self.settle_at = None
            self.show_settlement()
        self.switches.step(now)
        if self.auto_bots and not self.paused and not self.hand_over() and now >= self.next_bot:
            try:
                acted = self.session.tick()
            except OSError as e:  # a network session's connection; anything else is a bug and shows
                self._link(str(e))
                acted = False
            if acted:
                self.next_bot = now + self._bot_delay()
                self._pump()
        self.render.totals = self.session.totals if self.session else None
        self.switches.timers(now)

    def show_settlement(self) -> None:
        if self.view is None or "result" not in self.view:
            return
        self.settle = SettlementPanel(self, self.view, self.results[-1] if self.results else self.view["result"])
        self.settle.layout()
        self.look = False
        self.app.invalidate()

    def next_hand(self) -> None:
        if self.session.match_over:
            self.finish_match()
            return
        self.session.next_hand()
        self.settle = None
        self.look = False
        self.auto_next_at = None
        self._pump()
        if self.hand_over():  # a LAN table deals when every player is ready
            self.waiting_next = True

    def finish_match(self) -> None:
        self.save_replay(finished=True)
        self.app.goto(MatchEndScene(self.app, self))

    # ================================================================ input
    def handle(self, ev) -> None:
        tableinput.handle(self, ev)

    def esc_leave(self) -> None:
        """Esc: the first asks, a second one soon after leaves the table."""
        tableinput.esc_leave(self)

    # ================================================================ prompt buttons
    @property
    def buttons(self) -> list[W.Button]:
        return self.prompt.buttons

    def _refresh_buttons(self) -> None:
        assert self.L is not None  # laid out on enter, before any frame
        self.prompt.refresh(lambda: self.view, self.app.size, self.L, self.s, self.send)

    # ================================================================ drawing
    def draw(self, surf: pygame.Surface) -> None:
        if self.view is not None and not self.hand_over():
            self._refresh_buttons()
        if self.demo:
            self.captions = [c for c in self.captions if self.app.now - c[1] < 6]
        self._set_reveal()
        rects = hud.draw_table_scene(surf, self, variant_name(self.variant))
        if rects is not None:
            self.hand_rects = rects  # where the hand tiles were drawn is where clicks find them

    def _set_reveal(self) -> None:
        self.render.reveal = None
