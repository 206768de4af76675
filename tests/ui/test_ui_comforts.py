"""The table's comforts (issue 15): 托管, 自动胡, 不吃碰杠, the idle offer, the 记牌器, a LAN table's notices."""

import pygame

from game.rules import engine, scenario, tiles
from game.rules.actions import Action
from game.rules.advice import tracker
from game.rules.match import Match
from game.rules.variants import get
from game.rules.view import view
from game.turntimer import TIMER_CHOICES
from game.ui.kit import strings
from game.ui.menus.scenes import start_local_table
from game.ui.table.comforts import (
    FORCE_AFTER_TIMEOUTS,
    IDLE_LAN_S,
    IDLE_OFFER_S,
    OFFER_AFTER_TIMEOUTS,
    Comforts,
    auto_answer,
)
from game.ui.table.dock import CHIPS
from game.ui.table.scene import TableScene
from game.ui.table.tablelink import DROPPED, LEFT, LOST, OK, RECONNECTING, TableLink
from game.ui.table.tableview import display_meld
from game.ui.table.tracker import TrackerModel, rows_of
from tests.helpers.scen import scenario_dict

t = tiles.tile
# wenshan, wildcard 中 (indicator 4z), dealer 3 discards 5m; seat 0 holds 3455m (碰 or 吃)
SEAT0 = "3455m19p19s23z6z8p9m"
SEAT1 = "1m2s3s6p7p9s1z8s2m6m3p4p4s"
SEAT2 = "11223344p5566s7s"
DEALER = "5m369m258p36s13z28s2p"


def claim_view():
    st, _ = scenario.start(scenario_dict("wenshan", [SEAT0, SEAT1, SEAT2, DEALER], flip="4z", dealer=3))
    engine.apply(st, Action(3, "discard", t("5m")))
    return st, view(st, 0)


def win_view():
    """Seat 0 can win on 5m (it waits on 5m with 34m + pairs) and could chow too."""
    hands = ["34m777m888m999m44z", SEAT1, SEAT2, DEALER]
    st, _ = scenario.start(scenario_dict("wenshan", hands, flip="4z", dealer=3))
    engine.apply(st, Action(3, "discard", t("5m")))
    return st, view(st, 0)


# ------------------------------------------------------------------ 自动胡 / 不吃碰杠

def test_no_claims_passes_a_claim_window():
    _st, v = claim_view()
    assert {a.kind for a in v["legal"]} == {"chow", "pung", "pass"}
    assert auto_answer(v, 0, auto_win=False, no_claims=True) == Action(0, "pass")
    assert auto_answer(v, 0, auto_win=False, no_claims=False) is None


def test_auto_win_takes_a_win_and_no_claims_never_passes_one():
    _st, v = win_view()
    kinds = {a.kind for a in v["legal"]}
    assert "hu" in kinds
    assert auto_answer(v, 0, auto_win=False, no_claims=True) is None  # a win is the player's to take or pass
    assert auto_answer(v, 0, auto_win=True, no_claims=True).kind == "hu"


def test_nothing_is_answered_on_ones_own_turn_but_a_win():
    st, _ = scenario.start(scenario_dict("wenshan", [SEAT0, SEAT1, SEAT2, DEALER], flip="4z", dealer=3))
    v = view(st, 3)
    assert v["phase"] == "turn" and v["legal"]
    assert auto_answer(v, 3, auto_win=True, no_claims=True) is None


# ------------------------------------------------------------------ 托管 and the idle watch

class Bot:
    def __init__(self):
        self.asked = 0

    def act(self, v):
        self.asked += 1
        return v["legal"][0]


def test_auto_plays_only_when_its_turn_to_act_is_due():
    bot = Bot()
    c = Comforts(0, lambda: bot)
    _st, v = claim_view()
    assert c.choose(v, bot_due=True) is None  # off: the player decides
    c.set_auto(True, 0.0)
    assert c.choose(v, bot_due=False) is None and bot.asked == 0
    assert c.choose(v, bot_due=True) == v["legal"][0] and bot.asked == 1


def test_idle_offer_after_a_while_and_never_on_by_itself_offline():
    c = Comforts(0, Bot)
    _st, v = claim_view()
    assert c.watch(v, 0.0) is None
    assert c.wake_at() == IDLE_OFFER_S
    assert c.watch(v, IDLE_OFFER_S - 0.1) is None
    assert c.watch(v, IDLE_OFFER_S) == "offer" and c.offered
    assert c.watch(v, IDLE_OFFER_S + IDLE_LAN_S + 100) is None and not c.auto  # offline: only offered


def test_input_resets_the_idle_watch_and_closes_the_offer():
    c = Comforts(0, Bot)
    _st, v = claim_view()
    c.watch(v, 0.0)
    c.touch(IDLE_OFFER_S - 1)
    assert c.watch(v, IDLE_OFFER_S + 1) is None
    assert c.watch(v, 2 * IDLE_OFFER_S - 1) == "offer"
    c.touch(2 * IDLE_OFFER_S)
    assert not c.offered


def test_lan_turns_auto_on_only_after_the_offer_with_a_notice():
    c = Comforts(0, Bot, lan=True)
    _st, v = claim_view()
    c.watch(v, 0.0)
    assert c.watch(v, IDLE_OFFER_S + IDLE_LAN_S - 1) == "offer"  # the offer comes first, always
    assert not c.auto
    assert c.watch(v, IDLE_OFFER_S + IDLE_LAN_S) == "forced" and c.auto and c.forced


def test_idle_offer_waits_longer_than_any_turn_timer():
    """Issue 39 follow-up: at a timed table the timer plays first; the idle watch alone never fires on the very
    frame a 20 s timer runs out (it did when both were 20 s: one slow turn looked like a player away)."""
    assert max(TIMER_CHOICES) < IDLE_OFFER_S


def test_two_timeouts_in_a_row_offer_auto_play_and_input_between_them_does_not():
    """Issue 39 follow-up: the timer played for the player twice with no input between (OFFER_AFTER_TIMEOUTS = 2):
    托管 is offered; a touch between two timeouts starts the count again; offline it is never switched on."""
    c = Comforts(0, Bot)
    _st, v = claim_view()
    assert OFFER_AFTER_TIMEOUTS == 2
    c.watch(v, 0.0)
    c.timed_out()
    assert c.watch(v, 10.0) is None and not c.offered
    c.touch(11.0)  # the player came back between the two
    c.timed_out()
    assert c.watch(v, 21.0) is None and not c.offered
    c.timed_out()
    assert c.watch(v, 31.0) == "offer" and c.offered
    for k in range(10):
        c.timed_out()
        assert c.watch(v, 41.0 + 10 * k) is None
    assert not c.auto  # offline: only offered


def test_at_a_lan_table_four_timeouts_in_a_row_switch_auto_play_on_with_a_notice():
    """Issue 39 follow-up: at a LAN table everyone waits out each timer: after the offer, the fourth timeout in a
    row (FORCE_AFTER_TIMEOUTS) switches 托管 on ("forced"); the player's answer to the offer resets the count."""
    c = Comforts(0, Bot, lan=True)
    _st, v = claim_view()
    assert FORCE_AFTER_TIMEOUTS == 4
    c.watch(v, 0.0)
    said = []
    for k in range(FORCE_AFTER_TIMEOUTS):
        c.timed_out()
        said.append(c.watch(v, 15.0 * (k + 1)))
    assert said == [None, "offer", None, "forced"] and c.auto and c.forced
    c.set_auto(False, 100.0)
    assert c.timeouts == 0 and not c.offered


def test_no_decision_no_idle_watch():
    c = Comforts(0, Bot, lan=True)
    assert c.watch(None, 0.0) is None and c.wake_at() is None
    assert c.watch(None, 1000.0) is None and not c.offered


# ------------------------------------------------------------------ 记牌器

def test_tracker_counts_only_what_the_seat_sees():
    """Changing another seat's concealed tiles never changes the counts (it is the core's tracker)."""
    _st, v = claim_view()
    m = TrackerModel()
    m.update(v)
    assert m.counts == tracker(v)
    hands = [SEAT0, "1m2s3s6p7p9s1z8s2m6m3p4p5s", SEAT2, DEALER]
    st2, _ = scenario.start(scenario_dict("wenshan", hands, flip="4z", dealer=3))
    engine.apply(st2, Action(3, "discard", t("5m")))
    assert tracker(view(st2, 0)) == m.counts
    assert m.counts[t("5m")] == 1  # 55m in hand and the discard seen: one 5m is somewhere unseen
    assert sum(len(r) for r in m.rows) == 34


def test_tracker_rows_follow_the_variants_tile_set():
    st, _ = Match(get("yuxi"), {}, 1, 1).start_hand()
    v = view(st, 0)
    rows = rows_of(v)
    assert [len(r) for r in rows] == [9, 9, 9]  # yuxi without honours: 108 tiles


# ------------------------------------------------------------------ chows in order

def test_a_chow_is_drawn_in_tile_order_with_the_claimed_tile_marked():
    m = {"kind": "chow", "tiles": [t("5m"), t("3m"), t("4m")], "faces": [t("5m"), t("3m"), t("4m")], "from": 3,
         "claimed": 0}
    d = display_meld(m, 0, 4)
    assert d["tiles"] == [t("3m"), t("4m"), t("5m")] and d["claimed"] == 2
    wild = {"kind": "chow", "tiles": [t("4m"), t("7z"), t("3m")], "faces": [t("4m"), t("5m"), t("3m")], "from": 3,
            "claimed": 0}
    d = display_meld(wild, 0, 4)  # the 中 stands for 5m and sits where 5m would
    assert d["tiles"] == [t("3m"), t("4m"), t("7z")] and d["claimed"] == 1


def test_pungs_still_point_at_the_seat_they_came_from():
    m = {"kind": "pung", "tiles": [t("5m")] * 3, "faces": [t("5m")] * 3, "from": 1, "claimed": 0}
    assert display_meld(m, 0, 4)["claimed"] == 2  # from the 下家: rightmost


# ------------------------------------------------------------------ LAN link

class NetLike:
    def __init__(self):
        self.status = "seated"
        self.error = None
        self.connected = [True, True, True, True]
        self.bots = [False] * 4
        self.held = [False] * 4
        self.next_s: float | None = 60  # the host's default: the next hand 60 s after one ended
        self.match_over = False


def test_each_drop_is_told_when_it_starts_also_the_second_time():
    link, ses = TableLink(True, 0), NetLike()
    assert link.update(ses, None, 0.0) == []
    ses.status = "reconnecting"
    assert link.update(ses, None, 1.0) == ["link.reconnecting"] and link.state == RECONNECTING
    assert link.update(ses, None, 2.0) == []  # not again while it lasts
    ses.status = "seated"
    assert link.update(ses, None, 3.0) == ["link.back"] and link.state == OK
    ses.status = "reconnecting"
    assert link.update(ses, None, 9.0) == ["link.reconnecting"]  # a second drop is told again
    ses.status = "closed"
    ses.error = "cannot reach the host"
    link.update(ses, None, 70.0)
    assert link.state == LOST and "cannot reach" in link.message
    ses.status = "seated"
    link.update(ses, None, 71.0)
    assert link.state == LOST  # a lost table stays lost: the session gave up


def test_seat_states_dropped_left_and_bot():
    link, ses = TableLink(True, 0), NetLike()
    ses.bots[3] = True
    ses.connected[3] = False  # a host bot from the start: no state shown
    link.update(ses, None, 0.0)
    ses.connected[1] = False
    ses.held[1] = True
    link.update(ses, None, 1.0)
    assert link.seats[1].who == DROPPED and link.seat_key(1) == "seat.dropped" and link.seat_key(3) is None
    ses.bots[1] = True
    link.update(ses, None, 2.0)
    assert link.seat_key(1) == "seat.bot_plays"
    ses.connected[2] = False
    link.update(ses, None, 3.0)
    assert link.seats[2].who == LEFT and link.seat_key(2) == "seat.left"
    ses.connected[1] = True
    link.update(ses, None, 4.0)
    assert link.seat_key(1) is None


def test_next_deal_countdown():
    link, ses = TableLink(True, 0), NetLike()
    v = {"hand_no": 0, "phase": "turn"}
    link.update(ses, v, 0.0)
    assert link.next_deal_in(ses, 0.0) is None
    link.update(ses, dict(v, phase="end"), 10.0)
    assert link.next_deal_in(ses, 10.0) == 60 and link.next_deal_in(ses, 40.5) == 30
    ses.next_s = 20
    assert link.next_deal_in(ses, 25.0) == 5
    ses.match_over = True
    assert link.next_deal_in(ses, 25.0) is None
    assert TableLink(False, 0).next_deal_in(ses, 0.0) is None


# ------------------------------------------------------------------ at the table


def key(app, k):
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)], 0.05)


def table(app, variant="wenshan", seed=3):
    v = get(variant)
    start_local_table(app, v, v.resolve_options({}), 2, seed, [None, "normal", "normal", "normal"])
    sc = app.scene
    assert isinstance(sc, TableScene)
    return sc


def test_t_switches_auto_play_and_the_bot_plays_the_seat(app):
    sc = table(app)
    key(app, pygame.K_t)
    assert sc.comforts.auto
    sent = []
    real = sc.session.send
    sc.session.send = lambda a: (sent.append(a), real(a))[1]
    for _ in range(400):
        app.frame([], 0.05)
        if sent:
            break
    assert sent and all(a.seat == 0 for a in sent)
    key(app, pygame.K_t)
    assert not sc.comforts.auto


def test_the_dock_chips_switch_and_say_so(app):
    sc = table(app)
    names = [b.name for b in sc.switches.dock.buttons]
    assert names == [c[0] for c in CHIPS]
    for b in sc.switches.dock.buttons:
        assert strings.tr(next(c[1] for c in CHIPS if c[0] == b.name)) != next(c[1] for c in CHIPS if c[0] == b.name)
    chip = {b.name: b for b in sc.switches.dock.buttons}
    chip["auto_win"].activate()
    chip["no_claims"].activate()
    assert sc.comforts.auto_win and sc.comforts.no_claims and chip["auto_win"].style == "gold"
    chip["tracker"].activate()
    assert app.settings.tracker and sc.switches.tracker_on()


def test_idle_offer_shows_and_t_accepts_it(app):
    sc = table(app)
    for _ in range(200):
        app.frame([], 0.05)
        if sc.view["legal"]:
            break
    assert sc.view["legal"]
    app.frame([], IDLE_OFFER_S + 0.1)
    assert sc.comforts.offered and sc.offer.visible and [b.name for b in sc.offer.buttons] == ["offer_auto", "offer_no"]
    app.frame([], IDLE_OFFER_S + IDLE_LAN_S)
    assert not sc.comforts.auto  # offline it is only offered
    key(app, pygame.K_t)
    assert sc.comforts.auto and not sc.comforts.offered


def test_a_timed_local_table_offers_auto_play_at_the_second_timeout_not_the_first(app):
    """Issue 39 follow-up, the real loop with no input: a 10 s timer plays the player's turns; after the first
    timeout no offer, after the second in a row the offer shows (and the bots go on playing meanwhile)."""
    app.settings.turn_timer = 10
    sc = table(app)
    seen = []  # (timeouts, offer shown) after every frame
    for _ in range(4000):
        app.now += 0.25
        app.frame([], 0.0)
        seen.append((sc.comforts.timeouts, sc.offer.visible))
        if sc.comforts.timeouts >= 2 or sc.settle is not None:
            break
    assert sc.comforts.timeouts == 2, "the timer did not run out twice in a hand"
    assert not any(shown for n, shown in seen if n < 2), "offered before the second timeout"
    app.frame([], 0.0)  # the frame after the timer played: the idle watch reads it
    assert sc.comforts.offered and sc.offer.visible and not sc.comforts.auto


def test_the_lan_hosts_timeout_notices_for_this_seat_reach_the_idle_watch(app):
    """Issue 39 follow-up: at a LAN table the host plays for a seat whose time ran out and says so (notice
    ``timed_out``); the session counts those for its own seat and the table's idle watch takes them as timeouts."""
    sc = table(app)
    for _ in range(200):
        app.frame([], 0.05)
        if sc.view["legal"]:
            break
    sc.session.timeouts = 1
    app.frame([], 0.05)
    assert sc.comforts.timeouts == 1 and not sc.offer.visible
    sc.session.timeouts = 2
    app.frame([], 0.05)
    assert sc.comforts.timeouts == 2 and sc.comforts.offered and sc.offer.visible


def test_assists_off_at_a_lan_table_refuses_hints_and_tracker(app):
    sc = table(app)
    sc.lan = True
    sc.session.assists = False
    sc.layout()
    assert not sc.switches.hints_on() and not sc.switches.tracker_on() and sc.current_hints() is None
    app.settings.tracker = True
    sc.switches.toggle_tracker()
    assert app.settings.tracker  # unchanged: refused with a notice
    assert any("提示" in t[0] or "hints" in t[0] for t in app.toasts)
    assert not {b.name: b for b in sc.switches.dock.buttons}["tracker"].enabled


# ------------------------------------------------------------------ switches at a live table, drawn facts

def scene_at(app, variant, stop, seed=1, tries=120):
    from game.ui.devtools import screenshot

    v = get(variant)
    ses, names = screenshot.find_state(v, seed, stop, tries)
    assert stop(ses.view), "no seed reached the wanted moment"
    sc = TableScene(app, ses, v, names=names, hands_total=8)
    sc.auto_bots = False
    app.goto(sc)
    return sc


def test_no_claims_at_the_table_passes_and_shows_no_prompt(app):
    def claim(v):
        kinds = {a.kind for a in v["legal"]}
        return v["phase"] == "claim" and bool(kinds & {"chow", "pung", "kong"}) and "hu" not in kinds

    sc = scene_at(app, "wenshan", claim)
    version = sc.view["version"]
    sc.comforts.no_claims = True
    app.frame([], 0.05)
    assert sc.sent is not None and sc.sent.kind == "pass"
    assert sc.view["version"] != version and not claim(sc.view)


def test_auto_win_at_the_table_takes_the_win(app):
    sc = scene_at(app, "wenshan", lambda v: any(a.kind == "hu" for a in v["legal"]))
    sc.comforts.auto_win = True
    app.frame([], 0.05)
    assert sc.view["phase"] == "end" and 0 in sc.view["result"]["winners"]


def test_a_winning_tile_that_is_the_wildcard_keeps_its_star(app, monkeypatch):
    from game.ui.kit import tileart

    sc = scene_at(app, "wenshan", lambda v: v["phase"] == "end" and bool(v["result"]["winners"]), tries=40)
    v = dict(sc.view)
    win = v["result"]["wins"][0]
    win_tile = tiles.tile(win["tile"]) if isinstance(win["tile"], str) else win["tile"]
    v["public"] = dict(v["public"], wildcard=win_tile)
    sc.view = v
    sc.show_settlement()
    drawn = []
    monkeypatch.setattr(tileart, "draw_tile", lambda surf, t, pos, w, **kw: drawn.append((t, kw.get("highlight"))))
    sc.settle._draw_winner_hand(app.screen, win["seat"], 0, 0, 30, 4000)
    assert (win_tile, ("selected", "wild")) in drawn  # the winning tile is lit in its set, and starred


def test_the_compass_says_how_many_may_be_drawn_and_how_many_are_kept(app, monkeypatch):
    from game.ui.table import tableview

    sc = scene_at(app, "yuxi", lambda v: v["phase"] == "turn" and bool(v["legal"]))
    texts = []
    real = tableview.widgets.draw_text
    monkeypatch.setattr(tableview.widgets, "draw_text",
                        lambda surf, text, *a, **k: (texts.append(text), real(surf, text, *a, **k))[1])
    sc.render.draw_compass(app.screen, sc.view, sc.L, None)
    v = sc.view
    assert v["wall"] - v["drawable"] == 20
    assert str(v["drawable"]) in texts and strings.tr("table.drawable") in texts
    assert strings.tr("table.kept_back", k=20) in texts
