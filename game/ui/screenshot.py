"""``python -m game screenshot --scene S --variant V --out FILE.png [--seed N] [--size WxH] [--lang zh|en]``.

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

from game.bots import make_bot
from game.cli.errors import UsageError
from game.rules.variants import get as get_variant
from game.session import LocalSession
from game.ui import strings
from game.ui.app import App
from game.ui.demo import DemoScene
from game.ui.hints import HintEngine
from game.ui.lan import JoinScene, LobbyScene
from game.ui.local import make_bots
from game.ui.names import bot_name, player_name
from game.ui.replays import ReplayData, ReplayViewer
from game.ui.rulesview import RulesScene
from game.ui.scenes import MenuScene, SettingsScene, SetupScene
from game.ui.settings import Settings
from game.ui.settle import MatchEndScene
from game.ui.table import TableScene

SCENES = ("menu", "setup", "table", "claim", "settlement", "rules", "replay", "lobby", "settings", "match_end", "demo",
          "join", "host", "hints", "pause", "calculator")
# the table's switches and a LAN table's states (issue 15): see _table_state_scene
TABLE_STATES = ("tracker", "auto", "auto_next", "idle_offer", "lan_table", "lan_menu", "lan_lost")
SCENES += TABLE_STATES


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


def build(scene: str, variant_id: str = "wenshan", size=(1280, 720), seed: int = 1, lang: str = "zh"):
    """The app with the scene set up and drawn once; returns the app."""
    app = make_app(size, lang)
    variant = get_variant(variant_id)
    if scene == "menu":
        app.goto(MenuScene(app))
        app.scene.focus.index = 0
    elif scene == "setup":
        app.settings.last_variant = variant_id
        app.goto(SetupScene(app))
    elif scene == "host":
        app.settings.last_variant = variant_id
        app.goto(SetupScene(app, mode="host", on_start=lambda *a: None))
    elif scene in ("table", "hints"):
        engine = HintEngine()

        def want(v, ses_box=[]):
            if not (v["phase"] == "turn" and any(a.kind == "discard" for a in v["legal"]) and _discards(v) >= 14):
                return False
            if scene == "table":
                return _discards(v) >= 18
            return bool(engine.compute(v).per_discard)

        sc = table_scene(app, variant, seed, want)
        if scene == "hints":
            sc.app.settings.hints = True
        disp = sc.my_tiles()[0]
        hints = sc.current_hints()
        pick = None
        if hints and hints.per_discard:
            pick = next((i for i, t in enumerate(disp) if t in hints.per_discard), None)
        sc.sel = pick if pick is not None else len(disp) - 1
    elif scene == "claim":
        def want(v):
            kinds = {a.kind for a in v["legal"]}
            return v["phase"] in ("claim", "rob") and bool(kinds & {"chow", "pung", "kong", "hu"}) and _discards(v) >= 6

        sc = table_scene(app, variant, seed, want)
        chows = [a for a in sc.legal("chow")]
        if len(chows) > 1:
            sc.prompt.choice = "chow"
    elif scene == "pause":
        sc = table_scene(app, variant, seed, lambda v: v["phase"] == "turn" and bool(v["legal"]) and _discards(v) >= 8)
        sc.paused = True
    elif scene == "settlement":
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
    elif scene == "match_end":
        ses, names = new_session(variant, seed, hands=4)
        sc = TableScene(app, ses, variant, names=names, hands_total=4)
        sc.auto_bots = False
        sc.save_replay = lambda finished: None
        app.goto(sc)
        while True:
            drive(ses, lambda v: v["phase"] == "end")
            sc._pump()
            if ses.match_over:
                break
            ses.next_hand()
        app.goto(MatchEndScene(app, sc))
    elif scene == "rules":
        app.goto(RulesScene(app, variant_id=variant_id))
    elif scene == "replay":
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
    elif scene == "lobby":
        app.goto(LobbyScene(app, _StubLobby(variant, app), host=_StubHost()))
    elif scene == "join":
        js = JoinScene(app, interfaces=["127.0.0.1"])
        js.enter = lambda: js.layout()  # no network for a picture
        app.goto(js)
    elif scene == "settings":
        app.goto(SettingsScene(app))
    elif scene == "calculator":
        app.goto(calculator_scene(app, variant_id))
    elif scene == "demo":
        d = DemoScene(app, 0, seed, pin=variant_id)
        app.goto(d)
        d.auto_bots = False
        drive_demo(d, 40)
    elif scene in TABLE_STATES:
        _table_state_scene(app, scene, variant, seed)
    else:
        raise ValueError(f"unknown scene {scene!r} (one of {', '.join(SCENES)})")
    app.dirty = True
    app.frame([], 0.0)
    app.dirty = True
    app.draw()
    return app


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
    from game.rules import tiles as T
    from game.ui.calcmodel import Calc
    from game.ui.calculator import CalculatorScene

    hand, win, melds, how, src, flags = CALC_HANDS.get(variant_id, CALC_HANDS["wenshan"])
    c = Calc(variant_id)
    for kind, tile in melds:
        c.add_meld(kind, T.tile(tile))
    for t in T.parse(hand):
        c.add_tile(t)
    c.set_win_tile(T.tile(win))
    c.set_how(how)
    if src is not None:
        c.source = src
    for f in flags:
        c.toggle_flag(f)
    if c.family == "chicken":
        c.chicken = T.tile("1s")
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
        sc.link._people = set(range(1, ses.n))
        ses.status, ses.error = ("closed", "cannot reach the host") if scene == "lan_lost" else ("reconnecting", None)
        sc.paused = scene == "lan_menu"
        sc._link(None)


def drive_demo(d, steps: int) -> None:
    """Play ``steps`` moves at once (each lesson shown as it comes), then on to the next lesson that teaches a rule."""
    for k in range(steps + 200):
        if d.hand_over() or not d.session.tick():
            break
        d._pump()
        d.queue, d.lesson_until = d.queue[-1:], 0.0
        d.show_next_lesson()
        cur = d.lessons[-1][0] if d.lessons else None
        if k >= steps and cur is not None and cur.rule and cur.what not in ("teach.start", "teach.flip.tail"):
            break


class _StubHost:
    address = ("192.168.1.20", 50555)
    name = "阿明的电脑"
    host_id = "3f9a1c"

    def share_addresses(self):
        return ["192.168.1.20:50555"]

    def stop(self):
        pass


class _StubLobby:
    """What the lobby shows for a picture: a host seat, a joined player, a bot and an open seat."""

    def __init__(self, variant, app):
        self.variant_id = variant.id
        self.variant = None
        self.view = None
        self.table_name = player_name(app)
        n = variant.players(variant.resolve_options({}))
        self.n = n
        self.names = ([player_name(app), "阿明", None, None] + [None] * 4)[:n]
        self.connected = ([True, True, False, False] + [False] * 4)[:n]
        self.bots = ([False, False, True, False] + [False] * 4)[:n]
        self.seat = 0
        self.status = "seated"
        self.error = None
        self.addr = ("192.168.1.20", 50555)

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
    if lang not in ("zh", "en"):
        raise UsageError(f"--lang is zh or en, got {lang!r}")
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
