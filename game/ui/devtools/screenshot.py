"""``python -m game screenshot --scene S --variant V --out FILE.png [--seed N] [--size WxH] [--lang zh|en|zh_Hant]``.

Renders one scene off-screen with the dummy video driver. Table states are
reached by playing the seeded match with bots (the viewer's seat too) until the
wanted moment: a turn with discards on the table, a claim offer, a won hand.
"""

from __future__ import annotations

import os
import sys

# off-screen, silent, and no pygame banner on stdout (set before pygame is imported)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

import game.i18n as i18n
from game.bots import make_bot
from game.errors import UsageError
from game.rules.variants import get as get_variant
from game.session import LocalSession
from game.ui.app import App, Scene
from game.ui.crash_screen import CrashMessage
from game.ui.kit import strings
from game.ui.kit.names import bot_name, player_name
from game.ui.lan.lobby import JoinScene, LobbyScene, UnavailableScene
from game.ui.menus.demo_scene import DemoScene
from game.ui.menus.records import RecordsScene
from game.ui.menus.replays import ReplayData, ReplaysScene, ReplayViewer
from game.ui.menus.rulesview import RulesScene
from game.ui.menus.scenes import MenuScene, SettingsScene, SetupScene
from game.ui.settings import Settings, keep_unfinished, replay_data, replay_dir, save_replay
from game.ui.table.hints import HintEngine
from game.ui.table.local import make_bots
from game.ui.table.match_end import MatchEndScene
from game.ui.table.scene import TableScene
from game.userdirs import log_dir

SCENES: tuple[str, ...]  # the scenes by name, then the table's states
SCENES = ("menu", "setup", "setup_options", "table", "claim", "settlement", "rules", "replay", "lobby", "settings",
          "match_end", "demo",
          "join", "host", "hints", "pause", "calculator", "chow", "waits", "bot_turn", "look", "leave", "replays",
          "lan_missing", "refused", "watch", "crash", "crash_lan", "records", "replay_branch", "settlement_rich",
          "menu_continue", "settlement_items")
# the table's switches and a LAN table's states (issue 15): see _table_state_scene
TABLE_STATES = ("tracker", "auto", "auto_next", "idle_offer", "lan_table", "lan_menu", "lan_lost")
SCENES += TABLE_STATES
# issue 39's elements: the countdowns, the 听 badge, quick phrases, the 鸡 panel, colour-blind-safe tiles
TABLE39 = ("timer", "timer_claim", "ting", "phrases", "chickens", "colourblind", "chicken_question", "lan_name")
SCENES += TABLE39


def make_app(size=(1280, 720), lang: str = "zh", anim: str = "off"):
    st = Settings(lang=lang, anim=anim, sound=False, window=tuple(size))
    return App(size=size, settings=st, save=False, sound=False)


def new_session(variant, seed, hands: int = 8, options=None):
    opts = variant.resolve_options(options or {})
    n = variant.players(opts)
    levels = [None] + ["normal"] * (n - 1)
    bots = make_bots(levels, seed)
    names = [strings.tr("player.you")] + [bot_name(i, levels[i]) for i in range(1, n)]
    return LocalSession(variant, opts, seed, hands, bots=bots, seat=0, names=names), names


def _levels(n):
    return [None] + ["normal"] * (n - 1)


class UnsavedTable(TableScene):
    """A table that keeps no replay of its match: a picture or a benchmark is no one's game."""

    def save_replay(self, finished: bool) -> None:
        pass


def drive(session, stop, max_steps: int = 4000, me_bot=None) -> bool:
    """Play the viewer's seat with a simple bot until ``stop(view)``; True when reached."""
    me = me_bot or make_bot("simple", seed=99)
    for _ in range(max_steps):
        v = session.view
        if stop(v):
            return True
        if v["phase"] == "end":
            return False
        if v["legal"]:
            session.send(me.act(v))
        elif not session.tick():
            return False
    return False


def find_state(variant, seed, stop, tries: int = 40, hands: int = 8, options=None):
    """A session driven to the first moment ``stop(view)`` holds, trying seeds from ``seed``."""
    for k in range(tries):
        ses, names = new_session(variant, seed + k, hands, options)
        if drive(ses, stop):
            return ses, names
    ses, names = new_session(variant, seed, hands, options)
    return ses, names


def _discards(v) -> int:
    return sum(len(s["discards"]) for s in v["seats"])


def table_scene(app, variant, seed, stop, tries=40):
    ses, names = find_state(variant, seed, stop, tries)
    sc = TableScene(app, ses, variant, names=names, hands_total=8, bot_levels=_levels(ses.n))
    sc.auto_bots = False
    app.goto(sc)
    return sc


class CrashPicture(Scene):
    """The crash message (``game.ui.crash_screen``) as a scene, for pictures and the audit."""

    name = "crash"

    def __init__(self, app, report, lan=None):
        super().__init__(app)
        self.msg = CrashMessage(report, lan)

    def layout(self) -> None:
        self.msg.layout(self.app.size, self.app.scale)

    def handle(self, ev) -> None:
        self.msg.handle(ev)

    def draw(self, surf) -> None:
        self.msg.draw(surf)


def build(scene: str, variant_id: str = "wenshan", size=(1280, 720), seed: int = 1, lang: str = "zh"):
    """The app with the scene set up and drawn once; returns the app."""
    app = make_app(size, lang)
    stage(app, scene, variant_id, seed)
    app.dirty = True
    app.frame([], 0.0)
    app.dirty = True
    app.draw()
    return app


def stage(app, scene: str, variant_id: str = "wenshan", seed: int = 1) -> None:
    """Put ``app`` on the scene, at the moment the picture shows (nothing drawn yet)."""
    variant = get_variant(variant_id)
    if scene == "menu":
        app.goto(MenuScene(app))
        app.scene.focus.index = 0
    elif scene == "menu_continue":
        ses, names = new_session(variant, seed, hands=8)  # a match left in hand 3: 继续上局 offers it
        for _ in range(2):
            drive(ses, lambda v: v["phase"] == "end")
            ses.next_hand()
        drive(ses, lambda v: sum(len(x["discards"]) for x in v["seats"]) >= 10)
        rec = ses.match_record()
        rec["hand_in_progress"] = {"hand": 2, "actions": ses.in_progress()}
        keep_unfinished(replay_data(rec, names, 0, False, bots=_levels(ses.n)))
        app.goto(MenuScene(app))
    elif scene in ("setup", "setup_options"):
        app.settings.last_variant = variant_id
        app.goto(SetupScene(app))
        if scene == "setup_options":  # the 勾选项 column scrolled to its end, where the table rules are
            app.scene.col_a.scroll_to(app.scene.col_a.max_scroll)
    elif scene == "host":
        app.settings.last_variant = variant_id
        app.goto(SetupScene(app, mode="host", on_start=lambda *a: None))
    elif scene in ("table", "hints"):
        hint_engine = HintEngine()

        def want(v):
            if not (v["phase"] == "turn" and any(a.kind == "discard" for a in v["legal"]) and _discards(v) >= 14):
                return False
            if scene == "table":
                return _discards(v) >= 18
            return bool(hint_engine.compute(v).per_discard)

        sc = table_scene(app, variant, seed, want)
        if scene == "hints":
            sc.app.settings.hints = True
        disp = sc.hand.tiles()
        hints = sc.current_hints()
        pick = None
        if hints and hints.per_discard:
            pick = next((i for i, t in enumerate(disp) if t in hints.per_discard), None)
        sc.hand.select(pick if pick is not None else len(disp) - 1)
    elif scene == "waits":
        hint_engine = HintEngine()

        def waiting(v):
            # a bot's turn while the player is ready: the hint panel lists the waits, one of them all gone
            if v["phase"] != "turn" or v["turn"] == v["seat"] or _discards(v) < 8:
                return False
            ws = hint_engine.compute(v).waits
            return bool(ws) and any(n == 0 for _t, n in ws)

        sc = table_scene(app, variant, seed, waiting, tries=60)
        sc.app.settings.hints = True
    elif scene == "bot_turn":
        sc = table_scene(app, variant, seed,
                         lambda v: v["phase"] == "turn" and v["turn"] != v["seat"] and _discards(v) >= 10)
    elif scene in ("claim", "chow"):
        def want(v):
            kinds = {a.kind for a in v["legal"]}
            if scene == "chow" and (sum(1 for a in v["legal"] if a.kind == "chow") < 2
                                    or len(v["seats"][v["seat"]]["discards"]) < 8):
                return False  # the list of chows to choose from, with the player's own discards in two rows
            return v["phase"] in ("claim", "rob") and bool(kinds & {"chow", "pung", "kong", "hu"}) and _discards(v) >= 6

        sc = table_scene(app, variant, seed, want, tries=80 if scene == "chow" else 40)
        chows = [a for a in sc.legal("chow")]
        if len(chows) > 1:
            sc.prompt.open_choice("chow")
    elif scene == "pause":
        sc = table_scene(app, variant, seed, lambda v: v["phase"] == "turn" and bool(v["legal"]) and _discards(v) >= 8)
        sc.paused = True
    elif scene in ("settlement", "look", "leave"):
        def won(v):
            return v["phase"] == "end" and v.get("result", {}).get("end") == "win"

        sc = None
        for k in range(60):
            ses, names = new_session(variant, seed + k)
            drive(ses, lambda v: v["phase"] == "end")
            if won(ses.view) and (k > 40 or any(w.get("seat") == 0 or len(ses.view["result"]["items"]) > 3
                                                 for w in ses.view["result"]["wins"])):
                break
        sc = TableScene(app, ses, variant, names=names, hands_total=8, bot_levels=_levels(ses.n))
        sc.auto_bots = False
        app.goto(sc)
        sc.show_settlement()
        if scene == "look":
            sc.look = True  # every hand revealed on the table
        elif scene == "leave":
            # Esc on the settlement opens the menu; its "Leave table" asks, in the menu's own place
            assert sc.settle is not None  # show_settlement opened it: the hand has a result
            sc.settle.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
            sc.pause_menu.ask()
    elif scene in ("settlement_rich", "settlement_items"):
        ses, names = richest_settlement(variant, seed)
        sc = TableScene(app, ses, variant, names=names, hands_total=8, bot_levels=_levels(ses.n))
        sc.auto_bots = False
        app.goto(sc)
        sc.show_settlement()
        if scene == "settlement_items" and sc.settle is not None:  # the itemised view: the first winner's items
            sc.settle.open_detail(sc.settle.order()[0])
    elif scene == "match_end":
        ses, names = new_session(variant, seed, hands=4)
        sc = UnsavedTable(app, ses, variant, names=names, hands_total=4)
        sc.auto_bots = False
        app.goto(sc)
        while True:
            drive(ses, lambda v: v["phase"] == "end")
            sc.pump()
            if ses.match_over:
                break
            ses.next_hand()
        app.goto(MatchEndScene(app, sc))
    elif scene == "rules":
        app.goto(RulesScene(app, variant_id=variant_id))
    elif scene in ("replay", "replay_branch"):
        ses, names = new_session(variant, seed, hands=2)
        for _ in range(2):
            drive(ses, lambda v: v["phase"] == "end")
            if not ses.match_over:
                ses.next_hand()
        data = ReplayData({"match": ses.match_record(), "names": names, "human_seat": 0, "finished": True})
        viewer = ReplayViewer(app, data, hand=0)
        viewer.seat = -1
        app.goto(viewer)
        viewer.step = max(1, int(len(viewer.states) * 0.6))
        viewer.layout()
        if scene == "replay_branch":
            viewer.open_branch()  # play on from this move: the seat and the bots to choose
    elif scene == "records":
        for k, vid in enumerate(("wenshan", "guiyang", "yuxi", "wenshan", "zhuoji", "kunming", "guiyang")):
            ses, names = new_session(get_variant(vid), seed + k, hands=2)
            me = make_bot("normal", seed=seed + k)  # the player plays as well as the bots: some hands are won
            for _ in range(2):
                drive(ses, lambda v: v["phase"] == "end", me_bot=me)
                if not ses.match_over:
                    ses.next_hand()
            save_replay(ses.match_record(), names, 0, True, path=replay_dir() / f"2026120{k + 1}-2000{k}0-{vid}.json")
        rs = RecordsScene(app)
        rs.book.finish()
        app.goto(rs)
    elif scene == "replays":
        for k, vid in enumerate(("wenshan", "guiyang")):
            ses, names = new_session(get_variant(vid), seed + k, hands=1)
            drive(ses, lambda v: v["phase"] == "end")
            path, _err = save_replay(ses.match_record(), names, 0, True)
        if path is not None:  # two damaged files, as a full disk or a bad copy leaves them: named, with what to do
            raw = path.read_bytes()
            (replay_dir() / "20261130-210500-wenshan.json").write_bytes(raw[: len(raw) // 2])
            (replay_dir() / "20261129-193000-yuxi.json").write_bytes(bytes(range(128, 256)) * 4)
        app.goto(ReplaysScene(app))
    elif scene == "lobby":
        lobby = _StubLobby(variant, app)
        app.goto(LobbyScene(app, lobby, host=_StubHost(lobby.n)))
    elif scene == "refused":
        lobby = _StubLobby(variant, app)
        lobby.status, lobby.error, lobby.error_code = "refused", "no free seat", "full"
        lobby.names, lobby.connected = [None] * lobby.n, [False] * lobby.n
        lobby.bots = [i == 2 for i in range(lobby.n)]  # the seat the host gave a bot
        app.goto(LobbyScene(app, lobby))
    elif scene == "join":
        js = JoinScene(app, interfaces=["127.0.0.1"])
        js.browser = _StubBrowser(variant)
        app.goto(js)
        js.update(0.0)
    elif scene == "lan_name":  # the first LAN use: the name question (the computer's user name offered)
        from game.ui.lan.nameprompt import NamePrompt

        app.goto(NamePrompt(app, lambda: None))
    elif scene == "lan_missing":
        app.goto(UnavailableScene(app, "ModuleNotFoundError: No module named 'zeroconf'", "lan.join_title"))
    elif scene in ("crash", "crash_lan"):  # the crash message, with a report where this user's would go
        app.goto(CrashPicture(app, log_dir() / "crash-20261206-210512.txt", "player" if scene == "crash_lan" else None))
    elif scene == "settings":
        app.goto(SettingsScene(app))
    elif scene == "calculator":
        app.goto(calculator_scene(app, variant_id))
    elif scene == "demo":
        d = DemoScene(app, 0, seed, pin=variant_id)
        app.goto(d)
        d.auto_bots = False
        drive_demo(d, 40)
        app.now += 1.0  # the latest captions have faded in
    elif scene == "watch":
        watch_scene(app, variant, seed)
    elif scene in TABLE_STATES:
        _table_state_scene(app, scene, variant, seed)
    elif scene in TABLE39:
        table39_scene(app, scene, variant, seed)
    else:
        raise ValueError(f"unknown scene {scene!r} (one of {', '.join(SCENES)})")


RICH_SEARCH = 60  # seeds tried for the richest settlement of a game


def richest_settlement(variant, seed: int):
    """The won hand, of the first ``RICH_SEARCH`` seeds from ``seed``, whose settlement says the most (items, then
    their text): the one that must still fit the screen in both languages at every size."""
    best = None
    for k in range(RICH_SEARCH):
        ses, names = new_session(variant, seed + k)
        drive(ses, lambda v: v["phase"] == "end")
        res = ses.view.get("result") or {}
        if res.get("end") != "win":
            continue
        items = res.get("items") or []
        weight = (len(items), sum(len(i18n.label(it, "en")) + len(it.get("detail", "")) for it in items))
        if best is None or weight > best[0]:
            best = (weight, ses, names)
    if best is None:
        return new_session(variant, seed)
    return best[1], best[2]


# a hand per game for the calculator's picture: (hand, winning tile, melds, how, from, flags)
CALC_HANDS = {
    "wenshan": ("1223378999p4m", "9p", [("concealed_kong", "5p")], "self_draw", None, ["after_kong"]),
    "kunming": ("123m456p789s4m2s555z", "5z", [], "discard", 0, []),
    "yuxi": ("11123m456p", "1m", [("kong", "9p"), ("pung", "2s")], "self_draw", None, ["after_kong"]),
    "guiyang": ("123m456p789s11122s", "2s", [], "discard", 3, ["hot"]),
    "zhuoji": ("11223344556677m", "7m", [], "self_draw", None, ["discarder_declared"]),
}


def calculator_scene(app, variant_id: str):
    """The calculator holding a typical hand of the game, its settlement a step away."""
    from game.rules import tiles
    from game.ui.calc.calcmodel import Calc
    from game.ui.calc.calculator import CalculatorScene

    hand, win, melds, how, src, flags = CALC_HANDS.get(variant_id, CALC_HANDS["wenshan"])
    c = Calc(variant_id)
    for kind, tile in melds:
        c.add_meld(kind, tiles.tile(tile))
    for t in tiles.parse(hand):
        c.add_tile(t)
    c.set_win_tile(tiles.tile(win))
    c.set_how(how)
    if src is not None:
        c.source = src
    for f in flags:
        c.toggle_flag(f)
    if c.family == "chicken":
        c.chicken = tiles.tile("1s")
    app.settings.last_calc = c.to_saved()
    return CalculatorScene(app)


def _table_state_scene(app, scene: str, variant, seed: int) -> None:
    """A table with the 记牌器 open, 托管 on (mid-hand or counting down on the settlement), the idle offer of
    托管, or a LAN table whose seats dropped and left while the host is being reconnected to / is gone."""
    if scene == "auto_next":
        ses, names = new_session(variant, seed)
        drive(ses, lambda v: v["phase"] == "end")
        sc = TableScene(app, ses, variant, names=names, hands_total=8, bot_levels=_levels(ses.n))
        sc.auto_bots = False
        app.goto(sc)
        sc.show_settlement()
        sc.switches.set_auto(True)
        return
    sc = table_scene(app, variant, seed, lambda v: v["phase"] == "turn" and bool(v["legal"]) and _discards(v) >= 12)
    app.settings.tracker = scene == "tracker"
    if scene == "auto":
        sc.switches.set_auto(True)
    elif scene == "idle_offer":
        sc.comforts.offered = True
    elif scene.startswith("lan_"):
        sc.lan = sc.link.lan = True
        ses = sc.session
        ses.connected = [True] + [i % 2 == 0 for i in range(1, ses.n)]
        ses.bots = [False] + [i == 1 for i in range(1, ses.n)]
        ses.held = [False] + [i == 1 for i in range(1, ses.n)]
        sc.link.people = set(range(1, ses.n))
        ses.status, ses.error = ("closed", "cannot reach the host") if scene == "lan_lost" else ("reconnecting", None)
        sc.paused = scene == "lan_menu"
        sc.follow_link()


def table39_scene(app, scene: str, variant, seed: int) -> None:
    """issue 39's pictures: a turn and a claim counting down (15 s, some gone), a ready hand's 听 badge with a
    discard in focus, the 鸡 panel of a chicken game under way, tiles with colour-blind marks, the first-chicken
    question, and quick phrases' bubbles at a LAN table."""
    from game.ui.kit import tileart
    from game.ui.table.confirm import first_chicken

    if scene == "chickens" or scene == "chicken_question":
        variant = get_variant(variant.id if variant.id in ("guiyang", "zhuoji") else "guiyang")
    if scene == "timer":
        app.settings.turn_timer = 15
        sc = table_scene(app, variant, seed, lambda v: v["phase"] == "turn" and bool(v["legal"]) and _discards(v) >= 8)
        app.frame([], 0.0)  # the countdown starts
        app.now += 6.4  # 9 seconds are left
    elif scene == "timer_claim":
        app.settings.turn_timer = 15
        sc = table_scene(app, variant, seed, lambda v: v["phase"] in ("claim", "rob") and _discards(v) >= 6
                         and bool({a.kind for a in v["legal"]} & {"chow", "pung", "kong"}), tries=60)
        app.frame([], 0.0)
        app.now += 11.3  # the last seconds: the ring is red
    elif scene == "ting":
        hint_engine = HintEngine()

        def ready_turn(v):
            if not (v["phase"] == "turn" and bool(v["legal"]) and _discards(v) >= 10):
                return False
            return any(len(w) >= 2 for w in hint_engine.compute(v).per_discard.values())

        sc = table_scene(app, variant, seed, ready_turn, tries=80)
        app.settings.hints = False  # the badge alone: it does not need the hints
        disp = sc.hand.tiles()
        hints = hint_engine.compute(sc.view)
        best = max(hints.per_discard, key=lambda t: sum(n for _w, n in hints.per_discard[t]))
        sc.hand.select(next(i for i, t in enumerate(disp) if t == best))
    elif scene == "chickens":
        def rich(v):
            pub = v.get("public") or {}
            return v["phase"] == "turn" and bool(v["legal"]) and _discards(v) >= 12 and bool(pub.get("chong_feng")) \
                and any(s["melds"] for s in v["seats"])

        app.settings.chickens = True
        table_scene(app, variant, seed, rich, tries=80)
    elif scene == "chicken_question":
        sc = table_scene(app, variant, seed, lambda v: v["phase"] == "turn" and any(
            a.kind == "discard" and a.tile is not None and first_chicken(v, a.tile) for a in v["legal"]), tries=80)
        tile = next(a.tile for a in sc.view["legal"] if a.kind == "discard" and first_chicken(sc.view, a.tile))
        i = next(k for k, t in enumerate(sc.hand.tiles()) if t == tile)
        sc.hand.select(i)
        sc.hand.discard(i)  # asks first
    elif scene == "colourblind":
        app.settings.colour_marks = True
        tileart.set_marks(True)
        sc = table_scene(app, variant, seed, lambda v: v["phase"] == "turn" and bool(v["legal"]) and _discards(v) >= 16)
    elif scene == "phrases":
        phrases_scene(app, variant, seed)


class _TalkingSession(LocalSession):
    """A local session that carries quick phrases as a LAN one does: what the picture's players just said."""

    said: list[int]
    queue: list[tuple[int, int]]

    def say(self, phrase: int) -> None:
        self.said.append(phrase)
        self.queue.append((self.seat or 0, phrase))

    def heard(self) -> list[tuple[int, int]]:
        out, self.queue = self.queue, []
        return out


def phrases_scene(app, variant, seed: int) -> None:
    """A LAN table where two players just said quick phrases (bubbles at their plates), one of them muted by the
    player, and the player's phrase menu open."""
    ses, names = find_state(variant, seed, lambda v: v["phase"] == "turn" and bool(v["legal"]) and _discards(v) >= 8)
    talk = _TalkingSession.__new__(_TalkingSession)
    talk.__dict__.update(ses.__dict__)
    talk.said, talk.queue = [], [(1, 0), (2, 1), (3, 6)]
    names = [TYPED_NAMES[4] if i == 0 else n for i, n in enumerate(names)]
    sc = TableScene(app, talk, variant, names=names, hands_total=8, bot_levels=_levels(talk.n), lan=True)
    sc.auto_bots = False
    app.goto(sc)
    sc.link.people = set(range(talk.n))
    sc.muted.add(3)  # the player muted seat 3: its phrase makes no bubble
    app.frame([], 0.0)
    app.dirty = True
    app.draw()  # the plates and the corner panel are drawn: the chip finds its place
    if sc.phrase_menu is not None:
        sc.phrase_menu.toggle()


def drive_demo(d, steps: int) -> None:
    """Play ``steps`` moves at once (each lesson shown as it comes), then on to the next lesson that teaches a rule."""
    for k in range(steps + 200):
        if d.hand_over() or not d.session.tick():
            break
        d.pump()
        d.queue, d.lesson_until = d.queue[-1:], 0.0
        d.show_next_lesson()
        cur = d.lessons[-1][0] if d.lessons else None
        if k >= steps and cur is not None and cur.rule and cur.what not in ("teach.start", "teach.flip.tail"):
            break


def watch_scene(app, variant, seed: int, open_hands: bool = False, moment: str = "play"):
    """The watcher's screen over a seeded bot match: ``moment`` "play" (melds and discards on the table) or "end"."""
    from game.rules import engine
    from game.rules.match import Match
    from game.rules.view import public_view, view
    from game.ui.lan.watch_screen import WatchScene

    def interesting(st) -> bool:
        melds = sum(len(x.melds) for x in st.seats)
        return st.phase == "turn" and melds >= 2 and sum(len(x.discards) for x in st.seats) >= 16

    st = m = None
    for k in range(40):
        m = Match(variant, variant.resolve_options({}), seed + k, 8)
        st, _ = m.start_hand()
        bots = [make_bot("simple", seed=i) for i in range(m.n)]
        while st.end is None and not (moment == "play" and interesting(st)):
            seat = next(x for x in engine.acting_seats(st) if engine.legal_actions(st, x))
            engine.apply(st, bots[seat].act(view(st, seat)))
        if (moment == "play" and st.end is None) or (moment == "end" and st.end == "win"):
            break
    assert st is not None and m is not None
    ses = _StubWatch(variant, public_view(st, open_hands), m.hands_total, open_hands)
    sc = WatchScene(app, ses)
    app.goto(sc)
    sc.pump()
    if moment == "end":
        sc.show_settlement()
    return sc


class _StubWatch:
    """A watcher's session for a picture: one public view, four named seats, three watching."""

    def __init__(self, variant, pv, hands: int, open_hands: bool):
        self.variant, self.variant_id, self.view = variant, variant.id, pv
        self.n = pv["n"]
        self.names = ([TYPED_NAMES[0], TYPED_NAMES[4], None, None] + [None] * 4)[:self.n]  # bots in the others
        self.table_name = TYPED_NAMES[1]
        self.hands_total = hands
        self.open = open_hands
        self.watchers = 3
        self.status = "watching"
        self.started = True
        self.error = None
        self.error_code = None
        self.addr = ("192.168.1.20", 50555)
        self.batch: list = []
        self.fulls = 1
        self.match_over = False
        self.totals = [s["score"] for s in pv["seats"]]

    def poll(self):
        return []

    def close(self):
        pass


# names the players of the pictures' LAN tables typed (a name is shown as typed, in either language);
# 老王 is outside the font subset of the game's own strings: it shows that any everyday name renders
TYPED_NAMES = ("老王", "老王的牌桌", "阿明的电脑", "Friday night", "Ann")


class _StubSlot:
    def __init__(self, bot_level):
        self.bot_level = bot_level


class _StubTable:
    def __init__(self, levels):
        self.slots = [_StubSlot(lvl) for lvl in levels]


class _StubHost:
    """The hosting player's host for a picture of the lobby: seat 3 has a bot, seat 4 is open."""

    address = ("192.168.1.20", 50555)
    name = TYPED_NAMES[2]
    host_id = "3f9a1c"

    def __init__(self, n: int):
        self.tables = {"1": _StubTable(([None, None, "normal", None] + [None] * 4)[:n])}

    def share_addresses(self):
        return ["192.168.1.20:50555"]

    def fill_bots(self, table_id: str, level: str = "normal") -> int:
        return 0

    def stop(self):
        pass


def stub_options(variant) -> dict:
    """A LAN table's options for a picture: a random first dealer and, where the game lets it be unticked,
    一炮多响 off (what the join list and the lobby then name)."""
    given: dict = {"first_dealer": "random"}
    if any(o.key == "multi_win" and not o.fixed for o in variant.schema):
        given["multi_win"] = False
    return variant.resolve_options(given)


class _StubBrowser:
    """Two tables found on the network, for a picture of the join list."""

    def __init__(self, variant):
        n = variant.players(variant.resolve_options({}))
        self.rows = [
            {"name": TYPED_NAMES[1], "variant": variant.id, "players": n, "seats_taken": 1, "seats_free": n - 1,
             "host_name": TYPED_NAMES[0], "host": "192.168.1.20", "port": 50555, "table_id": "1",
             "options": {k: str(v) for k, v in stub_options(variant).items()}},
            {"name": TYPED_NAMES[3], "variant": "yuxi", "players": 4, "seats_taken": 4, "seats_free": 0,
             "host_name": TYPED_NAMES[4], "host": "192.168.1.31", "port": 50555, "table_id": "1",
             "watchers": 3, "watch": "open"},
        ]

    def tables(self):
        return [dict(r) for r in self.rows]

    def close(self):
        pass


class _StubLobby:
    """What the lobby shows for a picture: a host seat, a joined player, a bot and an open seat."""

    def __init__(self, variant, app):
        self.variant_id = variant.id
        self.options = stub_options(variant)
        self.variant = None
        self.view = None
        self.table_name = player_name(app)
        n = variant.players(variant.resolve_options({}))
        self.n = n
        self.names = ([player_name(app), TYPED_NAMES[0], None, None] + [None] * 4)[:n]
        self.connected = ([True, True, False, False] + [False] * 4)[:n]
        # as a host reports them: seat 3 has a bot, seat 4 is open (a bot would play it once the game runs)
        self.bots = ([False, False, True, True] + [True] * 4)[:n]
        self.held = [False] * n
        self.started = False
        self.error_code = None
        self.seat = 0
        self.status = "seated"
        self.error = None
        self.addr = ("192.168.1.20", 50555)
        self.host_name = None
        self.hands_total = None
        self.watchers = 0
        self.watch = "public"

    def prefetch(self):
        pass

    def poll(self):
        return []

    def close(self):
        pass


def save(app, path: str) -> None:
    pygame.image.save(app.screen, path)


def main(args) -> int:
    scene = args.scene
    if scene not in SCENES:
        raise UsageError(f"unknown scene {scene!r} (one of {', '.join(SCENES)})")
    try:
        w, h = (int(x) for x in str(args.size).lower().split("x"))
    except ValueError:
        raise UsageError(f"--size takes WxH, e.g. 1280x720, got {args.size!r}") from None
    if not (320 <= w <= 7680 and 240 <= h <= 4320):
        raise UsageError(f"--size {w}x{h} is out of range")
    lang = args.lang or "zh"
    if lang not in strings.LANGS:
        raise UsageError(f"--lang is one of {', '.join(strings.LANGS)}, got {lang!r}")
    try:
        get_variant(args.variant)
    except ValueError as e:
        raise UsageError(str(e)) from None
    out = args.out
    d = os.path.dirname(os.path.abspath(out))
    if not os.path.isdir(d):
        raise UsageError(f"no such directory for --out: {d}")
    app = build(scene, args.variant, (w, h), int(args.seed or 0) or 1, lang)
    save(app, out)
    print(f"wrote {out} ({scene}, {args.variant}, {w}x{h}, {lang})")
    return 0


if __name__ == "__main__":
    sys.exit(main(None))
