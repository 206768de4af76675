"""issue 39 at a local table, through the app's frame loop: tap / tap-again / drag-up / one-tap discards, the
turn timer (an injected clock: the app's own time, stepped by the test) acting as 托管 and saying so, the 听
badge and its marks, the first-chicken question, the 鸡 panel's switch, liability tags and the flip panel."""

from __future__ import annotations

import pygame
import pytest

from game.rules.variants import get
from game.ui.devtools import screenshot as shot
from game.ui.kit import drawlog, strings
from game.ui.table.confirm import first_chicken
from game.ui.table.handview import DRAG_UP
from game.ui.table.tableview import TAG_ORDER, seat_tags, seat_wind

APP_SETTINGS = {"anim": "off", "save": False}


def _press(app, pos, release=None):
    up = release or pos
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
               pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 0.02)
    if up != pos:
        app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=up, rel=(0, up[1] - pos[1]), buttons=(1, 0, 0))], 0.02)
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=up, button=1)], 0.02)


def _key(app, key):
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)], 0.02)


def _my_turn(app, variant="wenshan", seed=3, stop=None):
    """A local table on the player's turn to discard (bots wait: the test steps the game)."""
    want = stop or (lambda v: v["phase"] == "turn" and any(a.kind == "discard" for a in v["legal"]))
    sc = shot.table_scene(app, get(variant), seed, want)
    app.frame([], 0.02)
    return sc


def _discards(sc):
    return len(sc.session.view["seats"][sc.me]["discards"])


def _center(sc, i):
    return next(r for r, _t, k in sc.hand.tile_rects() if k == i).center


# ---------------------------------------------------------------------------- discards

def test_tap_raises_and_a_second_tap_discards(app):
    sc = _my_turn(app)
    before = _discards(sc)
    _press(app, _center(sc, 2))
    assert sc.hand.sel == 2 and _discards(sc) == before
    _press(app, _center(sc, 2))
    assert _discards(sc) == before + 1


def test_dragging_any_tile_up_discards_it_and_a_short_drag_does_not(app):
    sc = _my_turn(app)
    before = _discards(sc)
    tile = sc.hand.tiles()[4]
    x, y = _center(sc, 4)
    _press(app, (x, y), (x, y - DRAG_UP // 2))  # too short: the tile is only raised
    assert _discards(sc) == before and sc.hand.sel == 4
    sc.hand.drop_selection()
    app.frame([], 0.02)
    x, y = _center(sc, 5)
    tile = sc.hand.tiles()[5]
    _press(app, (x, y), (x, y - DRAG_UP - 10))
    assert _discards(sc) == before + 1
    assert sc.session.view["seats"][sc.me]["discards"][-1]["tile"] == tile


def test_one_tap_discards_at_once(app):
    app.settings.one_tap = True
    sc = _my_turn(app)
    before = _discards(sc)
    tile = sc.hand.tiles()[1]
    _press(app, _center(sc, 1))
    assert _discards(sc) == before + 1
    assert sc.session.view["seats"][sc.me]["discards"][-1]["tile"] == tile


def test_space_discards_the_tile_raised_under_the_pointer(app):
    """issue 39: Space no longer discards the drawn tile while another one is raised under the mouse."""
    sc = _my_turn(app)
    tile = sc.hand.tiles()[3]
    pos = _center(sc, 3)
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 0.02)
    assert sc.hand.hover == 3 and sc.hand.sel is None
    _key(app, pygame.K_SPACE)
    assert sc.session.view["seats"][sc.me]["discards"][-1]["tile"] == tile


def test_arrows_stop_at_the_ends(app):
    sc = _my_turn(app)
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))], 0.02)
    n = len(sc.hand.tiles())
    _key(app, pygame.K_RIGHT)
    assert sc.hand.sel == n - 1, "the first arrow raises the drawn tile, not the leftmost"
    _key(app, pygame.K_RIGHT)
    assert sc.hand.sel == n - 1
    for _ in range(n + 3):
        _key(app, pygame.K_LEFT)
    assert sc.hand.sel == 0, "left stops at the first tile instead of wrapping"


# ---------------------------------------------------------------------------- the timer

def test_a_local_turn_runs_out_into_the_drawn_tile_and_says_so(app):
    app.settings.turn_timer = 10
    sc = _my_turn(app)
    drawn = sc.view["drawn"]
    before = _discards(sc)
    t0 = app.now
    app.now = t0 + 6.0
    app.frame([], 0.0)
    assert _discards(sc) == before and sc.timer.mine.shown(app.now) == 4
    played = len(app.sound.played)
    app.now = t0 + 9.2
    app.frame([], 0.0)
    assert app.sound.played[played:].count("tick") == 3, "3, 2 and 1 tick once each"
    app.now = t0 + 10.05
    app.frame([], 0.0)
    assert _discards(sc) == before + 1
    assert sc.session.view["seats"][sc.me]["discards"][-1]["tile"] == (drawn if drawn is not None else
                                                                         sc.session.view["seats"][0]["discards"][-1]["tile"])
    texts = [t[0]() if callable(t[0]) else t[0] for t in app.toasts]
    assert any(strings.tr("timer.timeout_discard", tile=strings.tile_name(
        sc.session.view["seats"][sc.me]["discards"][-1]["tile"])) == t for t in texts)


def test_ticks_can_be_muted_and_a_paused_game_stops_the_clock(app):
    app.settings.turn_timer = 10
    app.settings.timer_ticks = False
    sc = _my_turn(app)
    before = _discards(sc)
    t0 = app.now
    sc.toggle_pause()
    for k in range(1, 40):
        app.now = t0 + k
        app.frame([], 0.0)
    assert _discards(sc) == before and "tick" not in app.sound.played
    sc.toggle_pause()
    app.frame([], 0.0)
    left = sc.timer.mine.remaining(app.now)
    assert left is not None and left > 8, "the paused seconds were not counted"


def test_a_claim_runs_out_into_a_pass(app):
    app.settings.turn_timer = 10
    sc = _my_turn(app, "wenshan", 1, lambda v: v["phase"] in ("claim", "rob") and bool(
        {a.kind for a in v["legal"]} & {"chow", "pung", "kong"}))
    v0 = sc.view["version"]
    t0 = app.now
    app.now = t0 + 10.5
    app.frame([], 0.0)
    assert sc.session.view["version"] != v0 and not any(a.kind in ("chow", "pung") for a in sc.session.view["legal"])
    assert sc.decisions.sent is not None and sc.decisions.sent.kind == "pass"


def test_no_timer_by_default_against_bots(app):
    sc = _my_turn(app)
    before = _discards(sc)
    app.now += 120
    app.frame([], 0.0)
    assert _discards(sc) == before and not sc.timer.mine.running


# ---------------------------------------------------------------------------- 听

def _ready_turn(app):
    return _my_turn(app, "guiyang", 1, lambda v: v["phase"] == "turn" and bool(v["legal"]) and any(
        len(w) >= 1 for w in shot.HintEngine().compute(v).per_discard.values()))


def test_the_ting_badge_marks_and_waits_without_hints(app):
    app.settings.hints = False
    sc = _ready_turn(app)
    keep = sc.ting.keep()
    assert keep and keep == set(sc.ctx.hints.compute(sc.view).per_discard)
    i = next(k for k, t in enumerate(sc.hand.tiles()) if t in keep)
    sc.hand.select(i)
    ting = sc.ting.current()
    assert ting is not None and ting.after == sc.hand.tiles()[i] and ting.waits
    with drawlog.recording(app.screen) as log:
        app.dirty = True
        app.draw()
    assert any(it.text == strings.tr("ting.after", tile=strings.tile_name(ting.after)) for it in log.items)
    assert sum(1 for it in log.items if it.text == "听") >= len(keep) + 1  # the seal and a mark per tile
    app.settings.ting = False
    assert sc.ting.current() is None and sc.ting.keep() == set()


# ---------------------------------------------------------------------------- the first chicken

def _first_chicken_turn(app):
    sc = _my_turn(app, "guiyang", 1, lambda v: v["phase"] == "turn" and any(
        a.kind == "discard" and first_chicken(v, a.tile) for a in v["legal"]))
    tile = next(a.tile for a in sc.view["legal"] if a.kind == "discard" and first_chicken(sc.view, a.tile))
    return sc, tile, next(k for k, t in enumerate(sc.hand.tiles()) if t == tile)


def test_the_first_chicken_asks_once_and_esc_keeps_it(app):
    sc, tile, i = _first_chicken_turn(app)
    before = _discards(sc)
    sc.hand.select(i)
    _press(app, _center(sc, i))
    assert sc.question.open and _discards(sc) == before
    _key(app, pygame.K_ESCAPE)
    assert not sc.question.open and not sc.paused and _discards(sc) == before
    _press(app, _center(sc, i))  # asked once per hand: now it goes
    assert _discards(sc) == before + 1
    assert sc.session.view["seats"][sc.me]["discards"][-1]["tile"] == tile


def test_the_question_discards_on_yes_and_can_be_switched_off(app):
    sc, _tile, i = _first_chicken_turn(app)
    before = _discards(sc)
    sc.hand.select(i)
    sc.hand.discard(i)
    never = next(b for b in sc.question.buttons if b.name == "never")
    _press(app, never.rect.center)
    assert _discards(sc) == before + 1 and not app.settings.chicken_confirm


def test_no_question_outside_the_chicken_games(app):
    sc = _my_turn(app, "wenshan")
    assert sc.hand.guard is None


# ---------------------------------------------------------------------------- the 鸡 panel

def test_k_and_the_chip_switch_the_chicken_panel(app):
    sc = _my_turn(app, "guiyang", 2)
    app.frame([], 0.02)
    assert sc.chicken_chip.visible and not sc.chickens.visible
    _key(app, pygame.K_k)
    app.dirty = True
    app.draw()
    assert app.settings.chickens and sc.chickens.visible and sc.chickens.rect is not None
    chip = sc.chicken_chip.buttons[0]
    _press(app, chip.rect.center)
    assert not app.settings.chickens


def test_no_chicken_panel_in_other_games(app):
    sc = _my_turn(app, "yuxi")
    app.settings.chickens = True
    _key(app, pygame.K_k)
    app.dirty = True
    app.draw()
    assert not sc.chicken_chip.visible and not sc.chickens.visible


# ---------------------------------------------------------------------------- tags and the flip panel

def test_a_liability_tag_outlasts_later_kongs():
    """issue 39: the seat liable for a 责任鸡 keeps its tag after its next kongs (beans used to push it out)."""
    view = {"n": 4, "public": {"default_chickens": [18, 16], "chong_feng": {}, "ze_ren": {"8p": [0, 2]}},
            "seats": [{"melds": [{"kind": "kong"}, {"kind": "concealed_kong"}, {"kind": "added_kong"}]}] +
            [{"melds": []} for _ in range(3)]}
    tags = seat_tags(view)[0]
    assert sorted(tags, key=lambda tk: TAG_ORDER.index(tk[1]))[0] == (strings.tr("pub.ze_ren_wu"), "liable")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_liability_tag_is_drawn_on_a_full_plate(app, lang):
    strings.set_lang(lang)
    sc = _my_turn(app, "guiyang", 2)
    view = dict(sc.view)
    view["public"] = dict(view["public"], ze_ren={"8p": [sc.me, (sc.me + 1) % 4]})
    me = dict(view["seats"][sc.me], declared=True,
              melds=[{"kind": "kong", "tiles": [5] * 4, "faces": [5] * 4, "from": 1, "claimed": 3}] * 2)
    view["seats"] = [me if i == sc.me else s for i, s in enumerate(view["seats"])]
    with drawlog.recording(app.screen) as log:
        sc.render.draw_plate(app.screen, view, sc.L, sc.me, None)
    assert any(it.text == strings.tr("pub.ze_ren_wu") for it in log.items)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_lone_tag_too_long_for_the_plate_shows_narrowed_not_as_a_count(app, lang):
    """issue 39 (seen in the 鸡 panel's picture): one claimed kong's bean, then "Bean (claimed)", did not fit an
    English plate and showed as "+1", which says nothing; the first tag always shows, narrowed if it must (the
    bean tags are now short: "Claim bean")."""
    strings.set_lang(lang)
    sc = _my_turn(app, "guiyang", 2)
    view = dict(sc.view)
    me = dict(view["seats"][sc.me], melds=[{"kind": "kong", "tiles": [5] * 4, "faces": [5] * 4, "from": 1,
                                            "claimed": 3}])
    view["seats"] = [me if i == sc.me else s for i, s in enumerate(view["seats"])]
    with drawlog.recording(app.screen) as log:
        sc.render.draw_plate(app.screen, view, sc.L, sc.me, None)
    texts = [it.text for it in log.items]
    assert strings.tr("pub.bean_dian") in texts and "+1" not in texts, texts


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_compass_winds_stand_upright_and_the_dealers_wind_has_its_chip(app, lang, monkeypatch):
    """issue 39 point 5: in English the wind across read "M" (a W turned to face its seat). Every wind is drawn as
    rendered, never rotated, each on its seat's side; the dealer's wind has the 庄 / D chip beside it."""
    strings.set_lang(lang)
    sc = _my_turn(app, "guiyang", 2)
    turned: list = []
    for name in ("rotate", "rotozoom", "flip"):
        real = getattr(pygame.transform, name)
        monkeypatch.setattr(pygame.transform, name, lambda *a, _r=real, _n=name, **k: turned.append(_n) or _r(*a, **k))
    with drawlog.recording(app.screen) as log:
        sc.render.draw_compass(app.screen, sc.view, sc.L, None)
    assert not turned, turned
    drawn = {it.text: it.rect for it in log.items if it.kind == "text"}
    n, dealer = sc.view["n"], sc.view["dealer"]
    r = sc.L.compass_rect()
    for seat in range(n):
        box = drawn[strings.wind(seat_wind(seat, dealer, n))]
        side = {0: box.centery > r.centery, 1: box.centerx > r.centerx, 2: box.centery < r.centery,
                3: box.centerx < r.centerx}[sc.L.pos_of(seat)]
        assert side, (seat, box, r)
    chip = drawn[strings.tr("table.dealer")]
    wind = drawn[strings.wind(seat_wind(dealer, dealer, n))]
    assert abs(chip.centerx - wind.centerx) + abs(chip.centery - wind.centery) < 3 * max(wind.w, wind.h)


def test_the_flip_panel_shows_no_labels_over_empty_slots(app):
    """issue 39: while the indicator flies to the corner panel its column (翻牌 / 小鸡 / 白板替) is not drawn."""
    sc = _my_turn(app, "wenshan")
    sc.render.hidden = {("pub", "indicator"), ("pub", "wildcard"), ("pub", "standin")}
    with drawlog.recording(app.screen) as log:
        sc.render.draw_public(app.screen, sc.view, sc.L, "t", "s")
    labels = {strings.tr(k) for k in ("pub.indicator", "pub.wildcard", "pub.standin")}
    assert not labels & {it.text for it in log.items}
    assert ("indicator", 0) in sc.render.public_slots, "the flight still has its target"
    sc.render.hidden = set()
    with drawlog.recording(app.screen) as log:
        sc.render.draw_public(app.screen, sc.view, sc.L, "t", "s")
    assert labels & {it.text for it in log.items}


def test_ting_of_reads_the_advice_only():
    """The badge's content is the rules' advice put together: a ready 13-tile hand shows its waits and counts; on
    a 14-tile turn it marks the keep-ready discards and shows the waits after the tile in focus (none in focus:
    the marks and a line saying what they mean); a hand that cannot be ready shows nothing."""
    from game.ui.table.hints import Hints
    from game.ui.table.ting import ting_of

    h13 = Hints(waits=[(4, 2), (7, 0)])
    t = ting_of(h13, [], None, discarding=False)
    assert t is not None and t.waits == ((4, 2), (7, 0)) and t.unseen == 2 and t.after is None and not t.keep
    h14 = Hints(per_discard={30: [(4, 3)], 31: [(5, 1), (6, 2)]})
    disp = [1, 2, 30, 31]
    t = ting_of(h14, disp, 3, discarding=True)
    assert t is not None and t.after == 31 and t.waits == ((5, 1), (6, 2)) and t.keep == {30, 31}
    t = ting_of(h14, disp, 0, discarding=True)
    assert t is not None and t.after is None and t.waits == () and t.keep == {30, 31}
    assert ting_of(Hints(), disp, 0, discarding=True) is None
    assert ting_of(Hints(), [], None, discarding=False) is None


def test_a_watcher_sees_the_phrases_too(app):
    """issue 39: a phrase shows at the sender's plate for every seat and watcher: the watcher's screen draws it."""
    sc = shot.watch_scene(app, get("guiyang"), 1)
    said = [(2, 6)]
    sc.session.heard = lambda: [said.pop()] if said else []
    app.frame([], 0.05)
    assert 2 in sc.phrases
    with drawlog.recording(app.screen) as log:
        app.dirty = True
        app.draw()
    assert any(it.text == strings.tr("phrase.6") for it in log.items)
    app.now += 5
    app.frame([], 0.05)
    assert not sc.phrases, "the bubble goes after a few seconds"
