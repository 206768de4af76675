"""End to end: a scripted player clicks and types through whole hands against bots (synthesized events, headless)."""

import pygame

from game.rules.variants import get
from game.ui.menus.scenes import start_local_table
from game.ui.table.match_end import MatchEndScene
from game.ui.table.scene import TableScene

APP_SETTINGS = {"anim": "fast", "save": True}  # the app fixture (conftest.py): saves replays


def post_click(pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def post_key(key):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))


def step(app, n=1, dt=0.05):
    for _ in range(n):
        app.frame(None, dt)  # events come from the SDL queue, as in the real loop


def play_one_hand(app, sc: TableScene, use_keys: bool, max_frames=6000):
    """Act as a player until the settlement shows; returns counts of what was done."""
    done = {"discards": 0, "claims": 0, "passes": 0}
    for _ in range(max_frames):
        step(app)
        if sc.settle is not None:
            return done
        v = sc.view
        if not v["legal"]:
            continue
        kinds = {a.kind for a in v["legal"]}
        if v["phase"] in ("claim", "rob", "declare"):
            names = [b.name for b in sc.buttons]
            assert names, "a claim decision must show buttons"
            assert names[-1] == "pass" or "pass" not in kinds
            # claim pungs with the mouse, pass everything else with its number key
            if "pung" in names and done["claims"] == 0:
                post_click(sc.buttons[names.index("pung")].rect.center)
                done["claims"] += 1
            elif "hu" in names:
                post_click(sc.buttons[names.index("hu")].rect.center)
            elif "pass" in names:
                post_key(pygame.K_1 + names.index("pass"))
                done["passes"] += 1
            else:
                post_key(pygame.K_1)
            step(app)
            continue
        if v["phase"] == "turn" and "hu" in kinds:
            b = next(b for b in sc.buttons if b.name == "hu")
            post_click(b.rect.center)
            step(app)
            continue
        if "discard" in kinds:
            before = sum(len(s["discards"]) for s in v["seats"])
            if use_keys:
                post_key(pygame.K_LEFT)
                post_key(pygame.K_RETURN)
            else:
                allowed = {a.tile for a in v["legal"] if a.kind == "discard"}
                rect = next(r for r, t, i in sc.hand.tile_rects() if t in allowed)
                post_click(rect.center)  # select
                step(app)
                rect = next(r for r, t, i in sc.hand.tile_rects() if i == sc.hand.sel)
                post_click(rect.center)  # and discard
            step(app)
            after = sum(len(s["discards"]) for s in sc.view["seats"])
            assert after > before or sc.view["phase"] == "end", "the discard input was lost"
            done["discards"] += 1
    raise AssertionError("the hand did not end")


def test_a_scripted_player_plays_a_match_with_mouse_and_keyboard(app):
    v = get("wenshan")
    start_local_table(app, v, v.resolve_options({}), 2, 11, [None, "normal", "normal", "normal"])
    sc = app.scene
    assert isinstance(sc, TableScene)
    d1 = play_one_hand(app, sc, use_keys=False)
    assert d1["discards"] > 0
    assert sc.settle is not None and sc.settle.buttons
    # the settlement's buttons: next hand
    nxt = next(b for b in sc.settle.buttons if b.name == "next")
    post_click(nxt.rect.center)
    step(app, 3)
    assert sc.settle is None and sc.view["hand_no"] == 1
    play_one_hand(app, sc, use_keys=True)
    post_key(pygame.K_RETURN)  # the match is over: Enter goes to the standings
    step(app, 3)
    assert isinstance(app.scene, MatchEndScene)
    step(app, 2)
    # the finished match was saved as a replay
    from game.ui import settings as cfg

    reps = cfg.list_replays()
    assert reps and reps[0].finished and reps[0].hands == 2


def test_input_during_animations_is_not_lost(app):
    app.settings.anim = "slow"
    v = get("wenshan")
    start_local_table(app, v, v.resolve_options({}), 1, 5, [None, "normal", "normal", "normal"])
    sc = app.scene
    step(app, 2, dt=0.01)
    assert sc.anim.busy(), "the deal animation runs"
    assert sc.view["legal"], "the dealer (the player) acts first"
    post_key(pygame.K_RETURN)  # discard the drawn tile while the deal is still animating
    step(app, 1, dt=0.01)
    assert len(sc.view["seats"][0]["discards"]) == 1
    assert sc.anim.busy()
