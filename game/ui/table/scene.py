"""The table scene: one seat plays through a Session (local bots or LAN); the scene composes the table's elements.

The scene renders ``session.view`` as it is now; events from ``session.poll()``
only start animations and sounds (``cues``). Everything on the table is an
element (``game.ui.kit.elements``) that owns its state, rectangles and input: the
board, the hand (``handview``), the plates, the 记牌器, the claim prompt
(``promptview``), the hints, banners and the Esc menu (``hud``), the switches'
dock and panels (``switches``, ``tablepanels``), the settlement (``settle``). The
scene builds them with what they need, says which are shown (``_arrange``), and
runs them through one ``Manager``: input from the top down, then update, then
draw from the bottom up. Bots (and 托管) are paced by the session
(``session.pacing``); decisions go out through ``decisions``.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

import pygame

from game.bots import default_level, make_bot
from game.rules.actions import Action
from game.ui import nav
from game.ui import settings as cfg
from game.ui.app import Scene
from game.ui.kit import strings, widgets
from game.ui.kit.elements import ButtonBar, Holder, Manager
from game.ui.kit.names import variant_name
from game.ui.table import cues, hud
from game.ui.table.anim import Animator
from game.ui.table.board import Animations, Board, Plates
from game.ui.table.chickens import ChickenChip, ChickenPanel, chicken_variant
from game.ui.table.comforts import Comforts
from game.ui.table.confirm import ChickenQuestion
from game.ui.table.context import TableContext
from game.ui.table.decisions import Decisions
from game.ui.table.handview import HandView
from game.ui.table.hints import Hints
from game.ui.table.keys import TableKeys
from game.ui.table.layout import TableLayout
from game.ui.table.match_end import MatchEndScene
from game.ui.table.phrases import PhraseBubbles, PhraseMenu
from game.ui.table.promptview import PromptView, StatusLine
from game.ui.table.settle import HoldNote, SettlementPanel
from game.ui.table.switches import Switches
from game.ui.table.tablelink import LOST, RECONNECTING, TableLink
from game.ui.table.tablepanels import AutoNext, AutoPill, IdleOffer, LostPanel, NextDealPill, ReconnectPill
from game.ui.table.tableview import TableRenderer
from game.ui.table.timer import TurnTimer
from game.ui.table.ting import TingBadge
from game.ui.table.tracker import TrackerPanel

INPUT_EVENTS = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL)  # what tells the idle watch someone is here


class TableScene(Scene):
    """A table one seat plays at. Subclasses may override the hooks ``save_replay``, ``revealed_hands``,
    ``hints_allowed``, ``pump`` and ``show_settlement`` (the demo does)."""

    name = "table"
    demo = False

    def __init__(self, app, session, variant, names: list[str] | None = None, hands_total: int | None = None,
                 on_leave=None, bot_levels: list[str | None] | None = None, lan: bool = False):
        super().__init__(app)
        self.session = session
        self.variant = variant
        self.me = session.seat if session.seat is not None else 0
        view = session.view
        self.n = view["n"] if view else 4
        self.raw_names = list(names or session.names or [f"#{i}" for i in range(self.n)])
        self.hands_total = hands_total or session.hands_total
        self.on_leave = on_leave
        self.bot_levels = bot_levels
        self.results: list[dict] = []
        self.settle_at: float | None = None  # app time the ended hand's settlement shows
        self.sounds: list[tuple[float, str]] = []  # (app time, sound) still to play
        # keeping the match: its file in the replay folder (rewritten as hands end), the unfinished match for
        # 继续上局, the branch it was played from (the replay viewer's "play from here"), a script's own file
        self.keep = not lan
        self.replay_path: Path | None = None
        self.branch: dict | None = None
        self.save_to: Path | None = None
        self.saved_final = False
        self.hand_started = False
        self.auto_bots = True  # False: bots wait (screenshots, tests that step the session themselves)
        self.shown = "table"  # what the last frame drew on top: "table" or "settlement" (``play --quit-on``)
        self._acting_before = False
        self._seen_view: object = None
        self._seen_decisions = 0
        self._esc_held = False  # Esc is down (a KEYDOWN came, its KEYUP not yet)

        ctx = self.ctx = TableContext(app, self.me, seated=session.seat is not None and not self.demo, demo=self.demo,
                                      lan=lan, raw_names=self.raw_names, hints_allowed=self.hints_allowed, view=view)
        self.link = TableLink(lan, self.me)
        self.decisions = Decisions(app, session)
        self.comforts = Comforts(self.me, lambda: make_bot(default_level(), seed=f"auto:{self.me}"), lan=lan)
        self.switches = Switches(ctx, self.comforts, session, self.link, self.decisions, self.next_hand)

        # the elements, bottom to top
        self.board = Board(ctx, session, self.link, bot_levels, self._pressed_elsewhere)
        self.chicken_game = chicken_variant(variant)  # the 鸡 panel, its chip and the first-chicken question
        self.question = ChickenQuestion(ctx, lambda: self.decisions.version)
        # the 听 badge is built after the hand it reads; the hand asks it for its marks when it draws
        self.hand = HandView(ctx, self.decisions, guard=self.question.guard if self.chicken_game else None,
                             ready_marks=lambda: self.ting.keep())  # noqa: PLW0108
        self.prompt = PromptView(ctx, self.decisions, variant.button_order)
        self.keys = TableKeys(ctx, self.hand, self.prompt, self.toggle_pause, self.toggle_hints)
        self.plates = Plates(ctx, lambda: variant_name(self.variant), self.hands_total)
        self.chicken_chip = ChickenChip(ctx, self.toggle_chickens, self.chickens_on)
        self.tracker = TrackerPanel(ctx)
        self.chickens = ChickenPanel(ctx)
        self.ting = TingBadge(ctx, self.hand, lambda: self.app.settings.ting and self.switches.assists_allowed())
        self.hints_panel = hud.HintsPanel(ctx, self.hand, quiet=self.ting.showing)
        self.status_line = StatusLine(ctx)
        self.wall_tip = hud.WallTip(ctx)
        self.timer = TurnTimer(ctx, self.turn_seconds, self.decisions.send, lambda: self.comforts.auto,
                               lambda: [b.rect for b in self.prompt.buttons], self.deadlines(),
                               self.comforts.timed_out)
        self.animations = Animations(ctx)
        # quick phrases: a LAN session carries them (a local table has nobody to talk to)
        self.muted: set[int] = set()  # seats whose phrases this player muted
        talk = session if callable(getattr(session, "say", None)) and callable(getattr(session, "heard", None)) \
            else None
        self.phrase_menu = PhraseMenu(ctx, talk, self.muted) if talk is not None else None
        self.bubbles = PhraseBubbles(ctx, talk, self.muted, lambda: self.app.settings.phrases) \
            if talk is not None else None
        self.hand_end = hud.HandOver(self._settle_now, self.esc)
        self.top = ButtonBar()
        self.auto_pill = AutoPill(ctx)
        self.offer = IdleOffer(ctx, lambda: self.switches.set_auto(True), lambda: self.comforts.touch(self.app.now))
        self.settlement = Holder()
        self.hold_note = HoldNote(ctx)
        self.auto_next = AutoNext(ctx, lambda: self.switches.auto_next_at, self.switches.toggle_auto,
                                  self._settle_rects)
        self.look_banner = hud.Banner(ctx, lambda: strings.tr("table.look"), dismiss=self._end_look)
        self.wait_banner = hud.Banner(ctx, self._wait_text)
        self.next_deal = NextDealPill(ctx, self.link, session, self._settle_rects)
        self.reconnect = ReconnectPill(ctx, self.link)
        self.lost = LostPanel(ctx, self.link, session, self.leave_table, self._rejoin)
        self.pause_menu = hud.PauseMenu(ctx, self.toggle_pause, self.open_settings, self.open_rules, self.leave_table)
        talking = [e for e in (self.bubbles, self.phrase_menu) if e is not None]
        self.ui = Manager([self.board, self.keys, self.hand, self.plates, self.chicken_chip, self.tracker,
                           self.chickens, self.prompt, self.hints_panel, self.ting, self.status_line, self.wall_tip,
                           self.timer, self.animations, *talking, self.hand_end, self.top, self.switches.dock,
                           self.auto_pill, self.offer, self.hold_note, self.settlement, self.auto_next,
                           self.look_banner, self.wait_banner, self.next_deal, self.reconnect, self.switches.keys,
                           self.lost, self.question, self.pause_menu])

    # ================================================================ the table's state, as others read it
    @property
    def view(self) -> Any:
        """The view shown (the session's, as of the last pump; None before the first)."""
        return self.ctx.view

    @view.setter
    def view(self, v: Any) -> None:
        self.ctx.view = v

    @property
    def L(self) -> TableLayout | None:
        return self.ctx.layout

    @property
    def render(self) -> TableRenderer:
        return self.ctx.render

    @property
    def anim(self) -> Animator:
        return self.ctx.anim

    @property
    def names(self) -> list[str]:
        """The seats' names as shown now (the game's own names in the current language)."""
        return self.ctx.names()

    @property
    def lan(self) -> bool:
        return self.ctx.lan

    @lan.setter
    def lan(self, on: bool) -> None:
        self.ctx.lan = on

    @property
    def paused(self) -> bool:
        return self.ctx.paused

    @paused.setter
    def paused(self, on: bool) -> None:
        self.ctx.paused = on

    @property
    def look(self) -> bool:
        """The settlement is hidden: the player looks at the table (every hand open)."""
        return self.ctx.look

    @look.setter
    def look(self, on: bool) -> None:
        self.ctx.look = on

    @property
    def waiting_next(self) -> bool:
        return self.ctx.waiting_next

    @waiting_next.setter
    def waiting_next(self, on: bool) -> None:
        self.ctx.waiting_next = on

    @property
    def settle(self) -> SettlementPanel | None:
        """The settlement of the hand just ended, once shown (None while a hand is played)."""
        child = self.settlement.child
        return child if isinstance(child, SettlementPanel) else None

    @settle.setter
    def settle(self, panel: SettlementPanel | None) -> None:
        self.settlement.hold(panel)
        self.ctx.settling = panel is not None

    @property
    def sent(self) -> Action | None:
        """The player's last decision this hand."""
        return self.decisions.sent

    @property
    def pace(self) -> float:
        """Bot and 托管 delays are multiplied by it (``play --auto`` runs faster)."""
        return self.session.pacing.pace

    @pace.setter
    def pace(self, f: float) -> None:
        self.session.pacing.pace = f

    @property
    def auto_next_at(self) -> float | None:
        """Under 托管 on the settlement: when the next hand comes by itself."""
        return self.switches.auto_next_at

    @property
    def dealing(self) -> bool:
        """The deal animation runs (tiles appear four at a time)."""
        return self.ctx.deal.start is not None

    @property
    def buttons(self) -> list[widgets.Button]:
        """The claim prompt's buttons for the view shown now."""
        self.prompt.refresh()
        return self.prompt.buttons

    def legal(self, kind: str | None = None) -> list[Action]:
        return self.ctx.legal(kind)

    def hand_over(self) -> bool:
        return self.ctx.hand_over()

    def current_hints(self) -> Hints | None:
        return self.ctx.current_hints()

    # ================================================================ hooks
    def hints_allowed(self) -> bool:
        """Hints show when the switch is on, the table allows them and a person plays here."""
        return self.switches.hints_on() and self.session.seat is not None

    def turn_seconds(self) -> int:
        """Seconds per decision at this table (a local one: the player's setting; a LAN table: the host's)."""
        return 0 if self.lan or self.demo else self.app.settings.turn_timer

    def deadlines(self):
        """Where a LAN table's deadlines come from: the network session (None at a local table)."""
        return self.session if self.lan and hasattr(self.session, "decision_left") else None

    def chickens_on(self) -> bool:
        return self.app.settings.chickens

    def toggle_chickens(self) -> None:
        """The 鸡 panel on or off (K, or its chip); a chicken game's seat only."""
        if not self.ctx.seated or not self.chicken_game:
            return
        self.app.settings.chickens = not self.app.settings.chickens
        self.app.save_settings()
        self.app.sound.play("click")
        self.app.invalidate()

    def revealed_hands(self) -> list | None:
        """Hands shown face up besides what the view shows (the demo shows every hand)."""
        return None

    def save_replay(self, finished: bool) -> None:
        """Keep the match: in its file in the replay folder once a hand has ended (the same file as it goes on),
        as the unfinished match until it is over, and in ``save_to`` (``play --save FILE``). A LAN table's record
        is the host's."""
        if self.lan or self.saved_final:
            return
        rec = self.session.match_record()
        if not rec:
            return
        if self.save_to is not None:
            self._save_to(rec, finished)
        if not self._keeps():
            return
        if rec.get("hands_played"):
            path, err = cfg.save_replay(rec, self.raw_names, self.session.seat, finished, path=self.replay_path,
                                        branch=self.branch, bots=self.bot_levels)
            if err:
                if self.replay_path is None or finished:
                    self.app.notice(strings.tr("notice.replay_failed", why=err), 5)
            else:
                self.replay_path = path
            self.app.last_replay = self.replay_path
        if finished:
            self.saved_final = True
            cfg.drop_unfinished()
        else:
            self.checkpoint()

    def _keeps(self) -> bool:
        """A match against bots on this machine that the player plays (not LAN, a demo, a script or a test)."""
        return self.keep and not self.lan and not self.demo and self.app.save_enabled and self.session.seat is not None

    def keep_match(self) -> None:
        """Keep the match under way for 继续上局: what the crash handler calls (``crash_screen.crashed``), the same
        as the window's close and every decision do, without saving anything else."""
        self.checkpoint()

    def checkpoint(self) -> None:
        """Keep the match under way for 继续上局 (after each of the player's decisions, a hand's end, leaving)."""
        if not self._keeps() or self.saved_final or self.session.match_over:
            return
        cfg.keep_unfinished(self.unfinished_data())

    def unfinished_data(self) -> dict:
        """The match so far as 继续上局 reads it: the record, the moves of the hand under way, who plays."""
        rec = self.session.match_record()
        progress = getattr(self.session, "in_progress", lambda: None)()
        if progress is not None:
            rec["hand_in_progress"] = {"hand": len(rec.get("hands_played") or []), "actions": progress}
        return cfg.replay_data(rec, self.raw_names, self.session.seat, False, bots=self.bot_levels,
                               branch=self.branch, replay=self.replay_path.name if self.replay_path else None)

    def _save_to(self, rec: dict, finished: bool) -> None:
        assert self.save_to is not None
        data = cfg.replay_data(rec, self.raw_names, self.session.seat, finished, bots=self.bot_levels)
        err = cfg.write_json(self.save_to, data)
        if err:
            self.app.notice(strings.tr("notice.replay_failed", why=err), 5)
        self.app.last_replay = None if err else self.save_to

    # ================================================================ life cycle
    def enter(self) -> None:
        super().enter()
        self._esc_held = False  # back from the settings or the rules: the key that took us there is up
        if not self.hand_started:
            self.hand_started = True
            self.anim.factor = self.app.settings.anim_factor
            self.anim.now = self.app.now
            self.session.pacing.speed = self.app.settings.anim_factor
            self.pump(first=True)

    def layout(self) -> None:
        ctx = self.ctx
        ctx.layout = TableLayout(self.app.size, self.n, self.me)
        ctx.scale = self.s
        self.top.set([] if self.demo else hud.top_buttons(self.app.size, self.s, self.toggle_pause,
                                                          self.toggle_hints, self.switches.hints_on))
        self.prompt.invalidate()
        self.pause_menu.layout()
        self.question.layout()
        self.chicken_chip.place(None)
        self.switches.layout()
        self.offer.layout()
        self.lost.layout()
        self.auto_next.layout()
        if self.settle is not None:
            self.settle.layout()

    # ================================================================ actions from the UI
    def toggle_pause(self) -> None:
        self.paused = not self.paused
        if self.paused:
            self.pause_menu.open()
        self.app.sound.play("click")

    def toggle_hints(self) -> None:
        self.switches.toggle_hints()

    def open_settings(self) -> None:
        self.paused = False
        nav.go(self.app, "settings", back=lambda: self.app.goto(self))

    def open_rules(self) -> None:
        self.paused = False
        nav.go(self.app, "rules", variant_id=self.variant.id, back=lambda: self.app.goto(self))

    def leave(self) -> None:
        """Leaving the screen in any way (another screen, the window closed): the match is kept as it stands."""
        self.save_replay(finished=self.session.match_over)

    def leave_table(self) -> None:
        self.save_replay(finished=self.session.match_over)
        try:
            self.session.close()
        except OSError:
            pass  # a LAN connection already broken: leaving is what the player wants anyway
        if self.on_leave:
            self.on_leave()
        else:
            nav.go(self.app, "menu")

    def esc(self) -> None:
        """Esc where nothing else takes it (the hand's end, the settlement): the menu opens (leaving is asked there)."""
        if not self.paused:
            self.toggle_pause()

    def send(self, action: Action) -> None:
        """Send a decision for the player now (never delayed by animations)."""
        self.decisions.send(action)

    def _rejoin(self) -> None:
        """Leave the dead table and open the join list (the seat is kept by the host for a while)."""
        try:
            self.session.close()
        except OSError:
            pass  # the connection is gone already
        nav.go(self.app, "join")

    def _pressed_elsewhere(self, button: int) -> None:
        """A press on the table that no element took: the list of alternatives closes (a right click: always)."""
        if button == 3 or self.prompt.choice:
            self.prompt.close_choice()

    def _end_look(self) -> None:
        self.look = False

    def _settle_now(self) -> None:
        self.settle_at = None
        self.show_settlement()

    def _settle_rects(self) -> list[pygame.Rect]:
        return [b.rect for b in self.settle.buttons] if self.settle is not None else []

    def _strip_over_buttons(self) -> bool:
        """托管's countdown or a LAN table's next deal stands just above the settlement's buttons."""
        return self.switches.auto_next_at is not None or (
            self.lan and self.link.next_deal_in(self.session, self.app.now) is not None)

    def _wait_text(self) -> str:
        n = self.link.next_deal_in(self.session, self.app.now)
        return strings.tr("table.wait_next") if n is None else strings.tr("table.wait_next_in", n=n)

    # ================================================================ events from the session
    def pump(self, first: bool = False) -> None:
        """Take what the session has for this seat now: its events (animations, sounds), its view, a LAN
        table's connection (every frame does this; ``first``: joining a hand under way replays nothing)."""
        try:
            events = self.session.poll()
        except (OSError, ValueError) as e:  # a LAN host's broken or garbled message must not kill the window
            self.follow_link(str(e))
            return
        self.follow_link(None)
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
                self._apply(cues.quiet(events, new, self.app.now))
            else:
                self.anim.factor = self.app.settings.anim_factor
                self.anim.now = self.app.now
                self._apply(cues.stage(events, self._stage()))
                self.sounds.sort()
        acting = bool(new.get("legal"))
        if acting and not self._acting_before and not self.demo:
            self.sounds.append((self.app.now + 0.15, "turn"))
        self._acting_before = acting

    def follow_link(self, poll_error: str | None = None) -> None:
        """Follow a LAN table's connection and seats; each problem is told as it starts."""
        link = self.link
        before = (link.state, {i: st.key() for i, st in link.seats.items()})
        for key in link.update(self.session, self.session.view, self.app.now, poll_error):
            self.app.notice(partial(strings.tr, key), 4)
        if (link.state, {i: st.key() for i, st in link.seats.items()}) != before:
            self.app.invalidate()

    def _stage(self) -> cues.Stage:
        assert self.L is not None and self.view is not None  # laid out on enter, before any event
        deal = self.ctx.deal
        return cues.Stage(self.view, self.L, self.me, self.names, self.app.now, self.anim.factor, demo=self.demo,
                          deal_start=deal.start, deal_dur=deal.dur, reveal=self.render.reveal,
                          public_slots=self.render.public_slots, discard_from=self.decisions.discard_from)

    def _apply(self, steps: list[cues.Step]) -> None:
        """Carry out what the events call for, in order (a new hand clears what came before it)."""
        for st in steps:
            if isinstance(st, cues.Anim):
                self.anim.add(st.kind, st.dur, delay=st.delay, hide=st.hide, hold=st.hold, **st.data)
            elif isinstance(st, cues.Sound):
                self.sounds.append((st.at, st.name))
            elif isinstance(st, cues.NewHand):
                self._new_hand()
            elif isinstance(st, cues.Deal):
                self.ctx.deal.begin(st.start, st.dur)
            elif isinstance(st, cues.DiscardLanded):
                self.decisions.discard_from = None
            elif isinstance(st, cues.HandOver):
                if st.result is not None:
                    self.results.append(st.result)
                self.settle_at = st.settle_at
                self.save_replay(finished=self.session.match_over)  # every finished hand is in the replays
            elif isinstance(st, cues.BotsWait):
                self.session.pacing.hold(st.until)
            # cues.Caption: the table shows no running commentary (the demo's lessons do)

    def _new_hand(self) -> None:
        self.waiting_next = False
        self.switches.auto_next_at = None
        self.settle = None
        self.look = False
        self.hand.drop_selection()
        self.prompt.close_choice()
        self.settle_at = None
        self.decisions.forget()
        self.anim.clear()
        self.render.badges = {}

    # ================================================================ per frame
    def busy(self) -> bool:
        v = self.view
        if self.anim.busy() or self.sounds or self.ctx.deal.start is not None or self.settle_at is not None:
            return True
        if self.comforts.auto and v and v.get("legal") and self.settle is None:
            return True  # 托管 is about to act
        if self.paused or (v and v.get("legal")):
            return False  # paused, or waiting for the player: idle
        return v is not None and v.get("phase") != "end"

    def update(self, dt: float) -> None:
        now = self.app.now
        factor = self.app.settings.anim_factor
        self.anim.factor = factor
        self.anim.update(now)
        self.render.now = now
        self.session.pacing.speed = factor
        while self.sounds and self.sounds[0][0] <= now:
            self.app.sound.play(self.sounds.pop(0)[1])
        self.pump()
        if self.lan and self.session.error and self.view is None:
            return
        if self.settle_at is not None and now >= self.settle_at and self.hand_over() and not self.waiting_next:
            self.settle_at = None
            self.show_settlement()
        self.switches.step(now)
        if self.decisions.version != self._seen_decisions:
            self.pump()  # 托管 (or 自动胡) answered for the player: shown in this frame
        if self.auto_bots and not self.paused and not self.hand_over():
            try:
                acted = self.session.advance(now)
            except OSError as e:  # a network session's connection; anything else is a bug and shows
                self.follow_link(str(e))
                acted = False
            if acted:
                self.pump()
        self.switches.timers(now)
        self.ui.update(now)
        if self.decisions.version != self._seen_decisions:  # a decision went out: show its effects, keep it
            self._seen_decisions = self.decisions.version
            self.app.invalidate()
            self.checkpoint()

    def show_settlement(self) -> None:
        if self.view is None or "result" not in self.view:
            return
        self.settle = SettlementPanel(self, self.view, self.results[-1] if self.results else self.view["result"],
                                      strip=self._strip_over_buttons)
        self.settle.layout()
        self.look = False
        self.app.invalidate()
        self.app.trace(f"settlement hand {(self.view.get('hand_no') or 0) + 1}")

    def next_hand(self) -> None:
        if self.session.match_over:
            self.finish_match()
            return
        self.session.next_hand()
        self.settle = None
        self.look = False
        self.switches.auto_next_at = None
        self.pump()
        if self.view is not None:
            self.app.trace(f"deal hand {(self.view.get('hand_no') or 0) + 1}")
        if self.hand_over():  # a LAN table deals when every player is ready
            self.waiting_next = True

    def finish_match(self) -> None:
        self.save_replay(finished=True)
        self.app.goto(MatchEndScene(self.app, self))

    # ================================================================ input and drawing
    def handle(self, ev) -> None:
        if ev.type in INPUT_EVENTS:
            self.comforts.touch(self.app.now)
        if ev.type in (pygame.KEYDOWN, pygame.KEYUP) and ev.key == pygame.K_ESCAPE:
            held, self._esc_held = self._esc_held, ev.type == pygame.KEYDOWN
            if held and ev.type == pygame.KEYDOWN:
                return  # the key repeats while held: one press is one Esc (three would pause, ask and leave)
        self._arrange()
        self.ui.handle(ev)

    def _arrange(self) -> None:
        """Say which of the elements that take input show now (from the view and the table's modes)."""
        ctx = self.ctx
        v = ctx.view
        ready = v is not None and ctx.layout is not None
        over = ready and v is not None and v.get("phase") == "end"
        playing = ready and not over
        settle = self.settle
        settle_up = ready and settle is not None and not ctx.look
        lost = self.link.state == LOST
        self.board.visible = self.hand.visible = self.top.visible = self.switches.keys.visible = ready
        self.keys.visible = self.wall_tip.visible = playing
        self.prompt.visible = playing and not self.comforts.auto
        self.hand_end.visible = over and settle is None
        self.hand_end.waiting = ctx.waiting_next
        self.switches.dock.visible = ready and ctx.seated and (settle is None or ctx.look)
        self.offer.visible = (ready and ctx.seated and self.comforts.offered and not self.comforts.auto
                              and not ctx.paused)
        self.settlement.visible = settle_up
        self.auto_next.visible = settle_up and self.switches.auto_next_at is not None
        self.look_banner.visible = ready and ctx.look
        self.lost.visible = ready and ctx.lan and lost
        self.pause_menu.visible = ready and ctx.paused and not lost
        self.chicken_chip.visible = ready and ctx.seated and self.chicken_game and (settle is None or ctx.look)
        self.question.visible = ready and self.question.open and not ctx.paused
        if self.phrase_menu is not None:  # seated players speak; the menu stays over the settlement's dim
            self.phrase_menu.visible = ready and ctx.seated and (settle is None or ctx.look)

    def _arrange_drawing(self) -> None:
        """Say which of the elements that only draw show now."""
        ctx = self.ctx
        over = ctx.hand_over()
        playing = not over
        auto = self.comforts.auto
        settle = self.settle
        settle_up = settle is not None and not ctx.look
        self.plates.visible = self.animations.visible = True
        self.tracker.visible = ctx.seated and self.switches.tracker_on()
        corner = getattr(self.render, "public_rect", None)
        if self.chicken_chip.place(corner if self.chicken_chip.visible else None):
            self.app.invalidate()  # the corner panel it stands beside was drawn only now
        if self.phrase_menu is not None:
            chip = self.chicken_chip.buttons[0].rect if self.chicken_chip.visible and self.chicken_chip.buttons \
                else None
            if self.phrase_menu.place(corner if self.phrase_menu.visible else None, chip):
                self.app.invalidate()
        self.chickens.visible = self.chicken_chip.visible and self.chickens_on()
        self.hints_panel.visible = playing
        self.ting.visible = playing and ctx.seated
        self.timer.visible = playing
        self.status_line.visible = (playing and bool(ctx.legal("discard")) and not self.prompt.buttons and ctx.seated
                                    and not auto)
        self.auto_pill.visible = ctx.seated and auto and settle is None
        self.hold_note.visible = over and settle is None and self.settle_at is not None and not self.demo
        self.wait_banner.visible = over and settle is None and not ctx.look and ctx.waiting_next
        self.next_deal.visible = ctx.lan and over and settle_up and self.switches.auto_next_at is None
        self.reconnect.visible = ctx.lan and self.link.state == RECONNECTING

    def draw(self, surf: pygame.Surface) -> None:
        if self.view is not None and not self.hand_over():
            self.prompt.refresh()
        if self.view is None or self.L is None:
            surf.fill((10, 40, 30))
            widgets.draw_text(surf, strings.tr("common.loading"), (surf.get_width() // 2, surf.get_height() // 2),
                        round(24 * self.s), anchor="center")
            return
        self.render.reveal = self.revealed_hands()
        self.ctx.deal.finish(self.app.now)
        self._arrange()
        self._arrange_drawing()
        self.ui.draw(surf)
        self.shown = "settlement" if self.settlement.visible else "table"

    def toast_room(self, height: int) -> pygame.Rect | None:
        return self.ui.toast_room(height)  # the elements say (the settlement keeps its title clear)
