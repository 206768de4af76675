"""The event model of the table (game.ui.table.cues) without a window: real LocalSession games in, steps out."""

from __future__ import annotations

import pytest

from game.bots import make_bot
from game.rules.variants import get
from game.session import LocalSession
from game.ui.kit import strings
from game.ui.table import cues
from game.ui.table.layout import TableLayout
from game.ui.table.myhand import hand_slots

NOW = 100.0


def session(vid: str, seed: int) -> LocalSession:
    v = get(vid)
    opts = v.resolve_options({})
    n = v.players(opts)
    bots = {i: make_bot("simple", seed=f"{seed}:{i}") for i in range(1, n)}
    return LocalSession(v, opts, seed, 1, bots=bots, seat=0, names=[f"P{i}" for i in range(n)])


def batches(vid: str, seed: int) -> list[tuple[list[dict], dict]]:
    """(events, view after them) as the table scene receives them, one batch per move, to the end of the hand."""
    ses = session(vid, seed)
    me = make_bot("simple", seed=seed)
    out = [(ses.poll(), ses.view)]
    for _ in range(3000):
        v = ses.view
        if v["phase"] == "end":
            break
        if v["legal"]:
            ses.send(me.act(v))
        else:
            ses.tick()
        ev = ses.poll()
        if ev:
            out.append((ev, ses.view))
    assert out[-1][1]["phase"] == "end"
    return out


def stage_of(view: dict, factor: float = 1.0, **kw) -> cues.Stage:
    return cues.Stage(view, TableLayout((1280, 720), view["n"], 0), 0, [f"P{i}" for i in range(view["n"])], NOW,
                      factor, **kw)


def of(steps, kind):
    return [s for s in steps if isinstance(s, kind)]


pytestmark = pytest.mark.usefixtures("en")


@pytest.mark.parametrize("vid, seed", [("wenshan", 3), ("yuxi", 3), ("guiyang", 3), ("zhuoji", 3)])
def test_a_whole_hand_gives_each_event_its_animation_and_sound(vid, seed):
    """Every discard flies to its pond slot with a tile sound; claims get a big label; the end brings the settlement."""
    for events, view in batches(vid, seed):
        steps = cues.stage(events, stage_of(view))
        L = TableLayout((1280, 720), view["n"], 0)
        discards = [e for e in events if e["type"] == "discard"]
        flights = [a for a in of(steps, cues.Anim) if a.kind == "fly" and a.data["tile"] is not None
                   and a.data.get("arc") == round(18 * L.s)]
        assert len(flights) == len(discards)
        for ev, a in zip(discards, flights):
            info = view["seats"][ev["seat"]]
            shown = [d for d in info["discards"] if d.get("claimed_by") is None]
            claimed = info["discards"][-1].get("claimed_by") is not None
            assert a.data["tile"] == ev["tile"]
            assert a.data["p1"] == L.pond_slot(ev["seat"], len(shown) if claimed else len(shown) - 1).pos
        assert len([s for s in of(steps, cues.Sound) if s.name == "tile"]) == len(discards)
        for ev in (e for e in events if e["type"] == "claim"):
            labels = [a for a in of(steps, cues.Anim) if a.kind == "label"]
            big = strings.tr(cues.BIG_LABEL[ev["kind"]])
            assert any(a.data["text"] == big and a.data["pos"] == L.label_anchor(ev["seat"]) for a in labels)
            assert strings.tr("demo.claim", who=f"P{ev['seat']}", what=strings.tr(f"act.{ev['kind']}")) in \
                [c.text for c in of(steps, cues.Caption)]
        if any(e["type"] == "end" for e in events):
            (over,) = of(steps, cues.HandOver)
            assert over.result == view["result"] and over.settle_at >= NOW + 0.5
        for s in of(steps, cues.Sound):
            assert s.at >= NOW


def test_the_deal_starts_a_new_hand_and_holds_the_bots_back():
    events, view = batches("wenshan", 3)[0]
    steps = cues.stage(events, stage_of(view))
    assert isinstance(steps[0], cues.NewHand)
    assert of(steps, cues.Deal) == [cues.Deal(NOW, 0.9)]
    assert cues.Sound(NOW, "deal") in steps
    # the 小鸡 indicator turns over after the deal, then flies to the corner
    (flip,) = [a for a in of(steps, cues.Anim) if a.kind == "flip"]
    ev = next(e for e in events if e["type"] == "flip")
    assert flip.delay == 0.9 and flip.data["tile"] == ev["tile"]
    wild = strings.tr("flip.wildcard_is", tile=strings.tile_name(ev["wildcard"]))
    assert wild in [c.text for c in of(steps, cues.Caption)]
    (wait,) = of(steps, cues.BotsWait)
    assert wait.until == pytest.approx(NOW + (0.9 + 1.3) + 0.3)


def test_without_animations_sounds_play_at_once_and_nothing_waits():
    for events, view in batches("guiyang", 3):
        steps = cues.stage(events, stage_of(view, factor=0.0))
        assert not of(steps, cues.Deal) and not of(steps, cues.BotsWait)
        assert all(s.at == NOW for s in of(steps, cues.Sound))
        for over in of(steps, cues.HandOver):
            assert over.settle_at == NOW + 0.5


def test_the_chicken_flip_at_the_end_shows_both_tiles_and_delays_the_settlement():
    """贵阳捉鸡: the 捉鸡牌 and the 翻牌鸡 after it turn up in the middle; the settlement waits for them."""
    events, view = batches("guiyang", 3)[-1]
    flip = next(e for e in events if e["type"] == "flip")
    steps = cues.stage(events, stage_of(view))
    flips = [a for a in of(steps, cues.Anim) if a.kind == "flip"]
    assert [a.data["tile"] for a in flips] == [flip["tile"], flip["chicken"]]
    assert flips[1].delay == flips[0].delay + 0.5 and flips[1].data["highlight"] == "chicken"
    sounds = [s.at for s in of(steps, cues.Sound) if s.name == "flip"]
    assert sounds[1] - sounds[0] == pytest.approx(0.5)
    (over,) = of(steps, cues.HandOver)
    assert over.settle_at >= NOW + 2.3


def test_my_own_discard_flies_from_where_i_picked_it():
    for events, view in batches("wenshan", 3):  # noqa: B007 - the loop finds the batch used below
        mine = [e for e in events if e["type"] == "discard" and e["seat"] == 0]
        if mine and not any(e["type"] == "start" for e in events):
            break
    steps = cues.stage(events, stage_of(view, discard_from=(321, 654)))
    fly = next(a for a in of(steps, cues.Anim) if a.kind == "fly" and a.data["tile"] == mine[0]["tile"])
    assert fly.data["p0"] == (321, 654) and of(steps, cues.DiscardLanded)
    # somebody else's discard never starts from the player's pick
    others = [(ev, v) for ev, v in batches("wenshan", 3)
              if any(e["type"] == "discard" for e in ev) and all(e.get("seat") != 0 for e in ev)]
    ev, v = others[3]
    steps = cues.stage(ev, stage_of(v, discard_from=(321, 654)))
    assert all(a.data["p0"] != (321, 654) for a in of(steps, cues.Anim) if a.kind == "fly")


def test_my_draw_drops_into_the_last_hand_slot_shown():
    for events, view in batches("wenshan", 3):
        if any(e["type"] == "draw" and e.get("seat") == 0 for e in events) and view.get("drawn") is not None:
            break
    L = TableLayout((1280, 720), view["n"], 0)
    _disp, slots, _m, _ms = hand_slots(view, 0, L, None)
    steps = cues.stage(events, stage_of(view))
    fly = next(a for a in of(steps, cues.Anim) if a.kind == "fly" and a.hide == (("my", len(slots) - 1),))
    assert fly.data["tile"] == view["drawn"] and fly.data["p1"] == slots[-1].pos
    # a deal that has just begun shows four tiles per seat: the tile lands on the fourth
    steps = cues.stage(events, stage_of(view, deal_start=NOW, deal_dur=0.9))
    (fly,) = [a for a in of(steps, cues.Anim) if a.hide and a.hide[0][0] == "my"]
    assert fly.hide == (("my", 3),) and fly.data["p1"] == hand_slots(view, 0, L, {0: 4})[1][3].pos


def test_the_demo_flies_no_hand_tile_for_the_viewer():
    for events, view in batches("wenshan", 3):  # noqa: B007 - the loop finds the batch used below
        if any(e["type"] == "draw" and e.get("seat") == 0 for e in events):
            break
    steps = cues.stage(events, stage_of(view, demo=True))
    assert not [a for a in of(steps, cues.Anim) if a.hide and a.hide[0][0] == "my"]


def test_a_win_names_the_winner_and_the_patterns():
    events, view = batches("wenshan", 3)[-1]
    win = next(e for e in events if e["type"] == "win")
    steps = cues.stage(events, stage_of(view))
    label = next(a for a in of(steps, cues.Anim) if a.kind == "label")
    assert label.data["text"] == (strings.tr("big.zimo") if win["how"] == "self_draw" else strings.tr("big.hu"))
    caption = next(c.text for c in of(steps, cues.Caption) if c.text.startswith(f"P{win['seat']}"))
    res = next(w for w in view["result"]["wins"] if w["seat"] == win["seat"])
    for p in res["patterns"]:
        assert (p.get("name_en") or p["key"].replace("_", " ")) in caption
    assert cues.Sound(NOW, "win") in steps


def test_steps_follow_the_events_in_order_and_the_model_is_pure():
    """A new hand clears what came before it, so order matters; the same input gives the same steps."""
    end_events, _end_view = batches("yuxi", 3)[-1]
    start_events, start_view = batches("yuxi", 4)[0]
    st = stage_of(start_view)
    steps = cues.stage(end_events + start_events, st)
    kinds = [type(s).__name__ for s in steps]
    assert kinds.index("HandOver") < kinds.index("NewHand")
    assert cues.stage(end_events + start_events, st) == steps
    assert st.discard_from is None and st.deal_start is None  # the stage itself is not changed


def test_joining_a_hand_under_way_replays_nothing():
    events = [e for ev, _v in batches("wenshan", 3) for e in ev]
    view = batches("wenshan", 3)[-1][1]
    steps = cues.quiet(events, view, NOW)
    assert steps == [cues.NewHand(), cues.HandOver(view["result"], NOW + 0.3)]
