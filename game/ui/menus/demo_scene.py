"""Demo mode: bots play with every hand open and slowly, while captions say what happened and which rule it was.

Each hand is one ``DemoScene`` over a ``DemoSession`` (a spectator table of bots:
it sees every seat's events, the wins the rules refused among them). The captions come from
``teach.Teacher`` (events and every seat's view in, lessons out); a lesson that
teaches a rule holds the bots back long enough to be read. At the end the
settlement stays up while its items light up one by one, each with a caption
saying who collects what from whom; then the next game starts (the next
variant, or the same one when the demo is pinned: ``python -m game demo
--variant V``, or the choice beside 演示模式 in the menu). Any key or click
returns to the menu. Nothing accumulates from hand to hand, so it runs for hours.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pygame

from game.bots.core import Player
from game.rules.actions import Action
from game.rules.variants import get as get_variant
from game.rules.view import View
from game.rules.view import view as seat_view
from game.session import LocalSession
from game.ui import nav
from game.ui.kit import fonts, strings, tileart, widgets
from game.ui.kit.names import KNOWN_VARIANTS, bot_name, variant_name
from game.ui.menus.scenes import registered
from game.ui.menus.teach import Lesson, Teacher, settlement_lessons
from game.ui.table.local import make_bots
from game.ui.table.scene import TableScene

# Options the demo plays with: yuxi with 抄底 on shows both 杠上花 from a face-up tail tile and a blind draw.
DEMO_OPTIONS: dict[str, dict[str, Any]] = {"yuxi": {"chao_di": True}}
BOT_DELAY = 1.0  # seconds between moves at normal animation speed
DEMO_SLOWEST = 0.7  # faster animations speed the demo's moves up to this share of BOT_DELAY, not further
SETTLE_FIRST = 1.6  # seconds before the first settlement item lights up
SETTLE_STEP = (1.5, 2.6)  # seconds per item: at least, at most
SETTLE_BUDGET = 30.0  # seconds for all items together (long settlements step faster)
SETTLE_TAIL = 4.0  # seconds the whole settlement stays after the last item
SCOUT_SEEDS = 500_000  # scouted deals come from here on, apart from the plain next seeds (no deal twice)
SCOUT_BUDGET = 0.006  # seconds per frame the scout may spend looking ahead (the frame stays smooth)
KEEP = 3  # lessons kept on screen (the newest large, the two before it small)


def demo_variants() -> list:
    """The games the demo cycles through (kunming is wenshan under another name: shown once)."""
    reg = registered()
    out = [reg[vid] for vid, _zh, _en in KNOWN_VARIANTS if vid in reg and vid != "kunming"]
    return out or list(reg.values())


def pinned_variant(app: Any, pin: str | None) -> str | None:
    """The game the demo is pinned to (the argument, else the menu's choice); None: all in turn."""
    vid = pin if pin is not None else (app.settings.demo_variant or None)
    if vid is None:
        return None
    try:
        return get_variant(vid).id
    except ValueError:
        return None


# ====================================================================== the session

class TeachingBot:
    """A bot that, to show a rule, takes what the rule allows when it is offered, and otherwise plays as ``bot``.

    Bots keep their wildcards and rarely declare, so a demo of plain bots would almost never show a chow made
    with the 小鸡, a 报听 or a kong's replacement; this one makes the first substitute chow of its hand, every
    kong and every 报听 the rules offer it. It never passes a win.
    """

    def __init__(self, bot: Player):
        self.bot = bot

    def act(self, v: View) -> Action:
        legal = v.get("legal") or []
        kinds = {a.kind for a in legal}
        if "hu" not in kinds:
            for a in legal:
                if a.kind == "declare_ready" or (a.kind == "kong" and v.get("variant") != "wenshan"):
                    return a  # (a wenshan kong may spend the 小鸡: left to the bot)
            wild = (v.get("public") or {}).get("wildcard")
            me = v["seats"][v["seat"]]
            if wild is not None and not any(m["tiles"] != m["faces"] for m in me["melds"]):
                for a in legal:
                    if a.kind == "chow" and a.tiles and wild in a.tiles:
                        return a
        return self.bot.act(v)


class DemoSession(LocalSession):
    """A table of bots watched by a spectator: every seat's view, and the wins the rules refused, as events."""

    def __init__(self, variant: Any, options: dict[str, Any], seed: Any, names: list[str], level: str = "normal"):
        n = variant.players(variant.resolve_options(options))
        self.batches: list[list[dict[str, Any]]] = []
        bots: dict[int, Player] = {seat: TeachingBot(b) for seat, b in make_bots([level] * n, seed).items()}
        super().__init__(variant, options, seed, 1, bots=bots, seat=None, names=names)

    def _push(self, events: list) -> None:
        super()._push(events)
        self.batches.append([{k: v for k, v in e.items() if k not in ("secret", "to")} for e in events])
        del self.batches[:-8]  # the scene drains them every frame; never grows if it does not

    def take_batches(self) -> list[list[dict[str, Any]]]:
        out, self.batches = self.batches, []
        return out

    def views(self) -> list[dict[str, Any]]:
        """Every seat's own view (the demo shows all hands, so all of them may be read)."""
        st = self._state
        return [dict(seat_view(st, s)) for s in range(self.n)] if st is not None else []


# The rules each game's demo should get round to showing; a deal that shows one not yet seen is looked for.
HEADLINES: dict[str, tuple[str, ...]] = {
    "wenshan": ("teach.sub.chow_wild", "teach.sub.white"),
    "kunming": ("teach.sub.chow_wild", "teach.sub.white"),
    "yuxi": ("teach.tail_take", "teach.blind_draw"),
    "guiyang": ("teach.declare", "teach.refused", "teach.bean.men", "teach.ze_ren"),
    "zhuoji": ("teach.declare", "teach.refused", "teach.gen_chong", "teach.ze_ren"),
}


def hand_lessons(variant: Any, options: dict[str, Any], seed: Any) -> set[str]:
    """The lessons a demo hand with this seed would show (played out headless, as the demo would play it)."""
    run = _Rehearsal(variant, options, seed)
    while not run.step():
        pass
    return run.keys


class _Rehearsal:
    """One demo hand played headless a few moves at a time, collecting the lessons it would show."""

    def __init__(self, variant: Any, options: dict[str, Any], seed: Any):
        n = variant.players(options)
        self.session = DemoSession(variant, options, seed, [str(i) for i in range(n)])
        self.teacher = Teacher(variant.id, n)
        self.keys: set[str] = set()
        self.moves = 0

    def step(self) -> bool:
        """One move (and its lessons); True once the hand is over."""
        ses = self.session
        for batch in ses.take_batches():
            # one seat's view is enough here: the public facts and the result (refusals arrive as events)
            views: list[dict[str, Any]] = [dict(ses.view)] if ses.view else []
            self.keys.update(lesson.what for lesson in self.teacher.see(batch, views))
        if ses.hand_over or self.moves >= 2000:
            return True
        self.moves += 1
        return not ses.tick()


class Scout:
    """Looks ahead for a seed whose hand shows a wanted rule, a few moves at a time within a time budget."""

    def __init__(self, variant: Any, options: dict[str, Any], seed: int, wanted: set[str], tries: int = 240):
        self.variant = variant
        self.options = options
        self.start = seed
        self.wanted = wanted
        self.tries = tries
        self.k = 0  # candidates finished
        self.found: int | None = None
        self.current: _Rehearsal | None = None

    @property
    def done(self) -> bool:
        return self.found is not None or self.k >= self.tries or not self.wanted

    def step(self, budget_s: float | None = None) -> None:
        """Rehearse candidate hands for about ``budget_s`` seconds (None: one whole candidate)."""
        t_end = None if budget_s is None else time.perf_counter() + budget_s
        while not self.done:
            if self.current is None:
                self.current = _Rehearsal(self.variant, self.options, self.start + self.k)
            finished = self.current.step()
            if finished:
                if self.current.keys & self.wanted:
                    self.found = self.start + self.k
                self.k += 1
                self.current = None
                if t_end is None:
                    return
            if t_end is not None and time.perf_counter() >= t_end:
                return

    @property
    def seed(self) -> int:
        """The seed to play: the one found, else the first one not yet looked at."""
        return self.found if self.found is not None else self.start + self.k + (1 if self.current else 0)


class DemoMemory:
    """What the demo carries from hand to hand: the headline rules shown per game, and a scout per game that keeps
    looking (across settlements) for a deal showing one it has not shown yet."""

    def __init__(self) -> None:
        self.shown: dict[str, set[str]] = {}
        self.scouts: dict[str, Scout] = {}

    def wanted(self, vid: str) -> set[str]:
        heads = set(HEADLINES.get(vid, ()))
        if heads and heads <= self.shown.get(vid, set()):
            self.shown[vid] = set()  # every one shown: start the round again
        return heads - self.shown.get(vid, set())

    def scout_for(self, variant: Any, seed: int) -> None:
        """Start looking for ``variant`` (unless a search for it is already going)."""
        sc = self.scouts.get(variant.id)
        if sc is None or sc.done:
            opts = variant.resolve_options(DEMO_OPTIONS.get(variant.id, {}))
            start = seed + SCOUT_SEEDS
            if sc is not None:
                start = max(start, sc.seed + 1)
            self.scouts[variant.id] = Scout(variant, opts, start, self.wanted(variant.id))

    def look_ahead(self, first: str, budget_s: float) -> None:
        """Spend the frame's budget on the next game's search, or (that one done) on another game's."""
        order = [first] + [v for v in self.scouts if v != first]
        for vid in order:
            sc = self.scouts.get(vid)
            if sc is not None and not sc.done:
                sc.step(budget_s)
                return

    def seed_for(self, vid: str, default: int) -> int:
        """The seed of the next hand of ``vid``: the deal its scout found, else ``default``; the search restarts."""
        sc = self.scouts.pop(vid, None)
        if sc is not None and sc.found is not None:
            return sc.found
        if sc is not None:
            self.scouts[vid] = sc  # keep looking next time, from where it stopped
        return default


# ====================================================================== the scene

class DemoScene(TableScene):
    name = "demo"
    demo = True

    def __init__(self, app: Any, index: int = 0, seed: int | None = None, pin: str | None = None,
                 hand_no: int = 0, memory: DemoMemory | None = None):
        self.pin = pinned_variant(app, pin)
        self.variants = demo_variants()
        self.index = index % max(1, len(self.variants))
        self.seed = seed if seed is not None else random.randrange(1, 10**6)
        self.hand_no = hand_no
        variant = get_variant(self.pin) if self.pin else self.variants[self.index]
        opts = variant.resolve_options(DEMO_OPTIONS.get(variant.id, {}))
        n = variant.players(opts)
        names = [bot_name(i + 1, "normal") for i in range(n)]
        session = DemoSession(variant, opts, self.seed, names)
        super().__init__(app, session, variant, names=names, hands_total=1, bot_levels=["normal"] * n)
        pacing = session.pacing  # slower than a table: every move is explained
        pacing.step, pacing.floor = BOT_DELAY, DEMO_SLOWEST
        self.teacher = Teacher(variant.id, n, hand_no)
        self.lessons: list[tuple[Lesson, float]] = []  # (lesson, app time it appeared)
        self.settle_lessons: list[Lesson] = []
        self.settle_i = -1
        self.settle_next: float | None = None
        self.next_game_at: float | None = None
        self.queue: list[Lesson] = []  # lessons waiting for the one on screen to be read
        self.lesson_until = 0.0  # app time the lesson on screen has been up long enough
        self.memory = memory if memory is not None else DemoMemory()

    # ------------------------------------------------------------------ the table scene's hooks
    def save_replay(self, finished: bool) -> None:
        pass  # demo games are not kept

    def revealed_hands(self) -> list | None:
        return self.session.open_hands()

    def hints_allowed(self) -> bool:
        return False

    def pump(self, first: bool = False) -> None:
        super().pump(first)
        batches = self.session.take_batches()
        if not batches:
            return
        views = self.session.views()
        for events in batches:
            self.queue.extend(self.teacher.see(events, views))
        self.show_next_lesson()

    def show_next_lesson(self) -> None:
        """Lessons come one at a time: a lesson with a rule stays up for its hold, and the bots wait for it."""
        now = self.app.now
        f = max(0.7, self.app.settings.anim_factor)
        while self.queue and now >= self.lesson_until:
            lesson = self.queue.pop(0)
            self.add_lesson(lesson, now)
            self.lesson_until = now + lesson.hold * f
        if self.queue or self.lesson_until > now:
            self.session.pacing.hold(self.lesson_until + (0.3 if self.queue else 0.0))

    def add_lesson(self, lesson: Lesson, now: float) -> None:
        self.lessons.append((lesson, now))
        del self.lessons[:-KEEP]
        if lesson.what in HEADLINES.get(self.variant.id, ()):
            self.memory.shown.setdefault(self.variant.id, set()).add(lesson.what)

    def next_variant(self) -> Any:
        return get_variant(self.pin) if self.pin else self.variants[(self.index + 1) % len(self.variants)]

    def start_scout(self) -> None:
        """While the settlement is up: look for a next hand that shows a rule of its game not shown yet."""
        self.memory.scout_for(self.next_variant(), self.seed + 1)

    def show_settlement(self) -> None:
        if self.queue or self.lesson_until > self.app.now:
            self.settle_at = max(self.lesson_until, self.app.now + 0.2)  # let the last lessons be read first
            return
        super().show_settlement()
        if self.settle is None:
            return
        res = self.settle.res
        self.settle_lessons = settlement_lessons(res)
        n = len(self.settle_lessons)
        self.step = max(SETTLE_STEP[0], min(SETTLE_STEP[1], SETTLE_BUDGET / max(1, n)))
        self.settle_i = -1
        self.settle_next = self.app.now + SETTLE_FIRST
        self.add_lesson(Lesson("teach.settle"), self.app.now)
        self.next_game_at = self.app.now + SETTLE_FIRST + n * self.step + SETTLE_TAIL
        self.start_scout()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.show_next_lesson()
        now = self.app.now
        if self.settle_next is not None and now >= self.settle_next and self.settle is not None:
            self.settle_i += 1
            if self.settle_i < len(self.settle_lessons):
                lesson = self.settle_lessons[self.settle_i]
                self.add_lesson(lesson, now)
                self.settle.focus_item = lesson.item
                self.settle_next = now + self.step
            else:
                self.settle.focus_item = None
                self.settle_next = None
        if self.settle is not None:
            self.memory.look_ahead(self.next_variant().id, SCOUT_BUDGET)  # while the settlement is read
        if self.next_game_at is not None and now >= self.next_game_at:
            self.next_game_at = None
            self.next_game()

    def next_game(self) -> None:
        seed = self.memory.seed_for(self.next_variant().id, self.seed + 1)
        nxt = DemoScene(self.app, self.index + (0 if self.pin else 1), seed, pin=self.pin or "",
                        hand_no=self.hand_no + 1, memory=self.memory)
        self.app.goto(nxt)

    def busy(self) -> bool:
        return True

    def handle(self, ev) -> None:
        if ev.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            nav.go(self.app, "menu")

    # ------------------------------------------------------------------ drawing
    def draw(self, surf) -> None:
        super().draw(surf)
        draw_lessons(surf, self)


class _Lines:
    """Rendered lesson lines. Every lesson's text is new (names, tiles, points), so they are kept here while they
    may still be drawn - a few dozen - rather than in the UI's text cache, which hours of demo would fill."""

    def __init__(self, keep: int = 96):
        self.keep = keep
        self.cache: dict[tuple[str, int, tuple, str], pygame.Surface] = {}

    def draw(self, dest: pygame.Surface, text: str, pos: tuple[int, int], size: int, color: tuple, style: str,
             max_width: int) -> None:
        key = (text, size, color, style)
        img = self.cache.get(key)
        if img is None:
            if len(self.cache) >= self.keep:
                self.cache.clear()
            img = fonts.font(max(6, size), style).render(text, True, color)
            if img.get_width() > max_width > 0:
                img = pygame.transform.smoothscale(img, (max_width, img.get_height()))
            self.cache[key] = img
        dest.blit(img, pos)


LINES = _Lines()


def draw_lessons(surf: pygame.Surface, sc: DemoScene) -> None:
    """The lesson card: during play in the free corner right of the discards (the two lessons before the newest
    small, the newest large with its rule and tiles); over the settlement, one wide line pair at its foot."""
    s = sc.s
    W_, H_ = sc.app.size
    L = sc.L
    if L is None:
        return
    names = sc.names
    cur = sc.lessons[-1][0] if sc.lessons else None
    pad = round(12 * s)
    settling = sc.settle is not None
    if settling:
        r = pygame.Rect(0, 0, round(W_ * 0.56), 0)
        big, rule_size, older, max_big, max_rule = round(17 * s), round(14 * s), [], 2, 1
    else:
        r = pygame.Rect(0, 0, round(330 * s), 0)
        big, rule_size, max_big, max_rule = round(18 * s), round(14 * s), 3, 5
        older = [lesson for lesson, _t in sc.lessons[:-1]]
    small = round(13 * s)
    tw = round(28 * s)
    cw, ch = tileart.tile_size(tw)
    text_w = r.w - 2 * pad
    tiles = list(cur.tiles[:8]) if cur is not None and not settling else []
    lines: list[tuple[str, int, tuple, str]] = []
    if not settling:
        lines.append((strings.tr("demo.banner", variant=variant_name(sc.variant), k=sc.hand_no + 1), round(12 * s),
                      (255, 170, 130), "bold"))
    for lesson in older:
        for ln in widgets.wrap(lesson.text(names), small, text_w)[:2]:
            lines.append((ln, small, widgets.MUTED, "regular"))
    if cur is not None:
        for ln in widgets.wrap(cur.text(names), big, text_w, "bold")[:max_big]:
            lines.append((ln, big, widgets.CREAM, "bold"))
        rule = cur.rule_text(names)
        if rule:
            for ln in widgets.wrap(rule, rule_size, text_w)[:max_rule]:
                lines.append((ln, rule_size, (255, 214, 120), "regular"))
    r.h = pad * 2 + sum(round(sz * 1.4) for _t, sz, _c, _st in lines) + ((ch + pad) if tiles else 0)
    step = max(8, round(24 * s))
    r.h = -(-r.h // step) * step  # a few card heights only: each size is a cached panel
    if settling:
        r.bottomright = (W_ - round(44 * s), H_ - round(28 * s))
    else:
        r.bottomright = (W_ - round(66 * s), L.hand_top - round(10 * s))
        r.top = max(r.top, round(230 * s))
    widgets.panel(surf, r, (24, 14, 8), 232, round(14 * s), 2, (255, 160, 110))
    clip = surf.get_clip()
    surf.set_clip(r.inflate(-4, -4))
    y = r.y + pad
    for text, size, color, style in lines:
        LINES.draw(surf, text, (r.x + pad, y), size, color, style, text_w)
        y += round(size * 1.4)
    if tiles:
        x = r.x + pad
        for t in tiles:
            tileart.draw_tile(surf, t, (x, y + round(4 * s)), tw, highlight=_tile_mark(sc, t))
            x += cw + 2
    surf.set_clip(clip)


def _tile_mark(sc: DemoScene, t: int) -> str | None:
    pub = (sc.view or {}).get("public") or {}
    if t == pub.get("wildcard"):
        return "wild"
    if t == pub.get("chicken"):
        return "chicken"
    return None
