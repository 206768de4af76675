"""Player advice from a seat's view alone (game/rules/advice.py): waits with unseen counts, waits per
discard, forbidden discards with their reason codes, why a win is refused, and the tile tracker."""

import pytest

from game.bots import make_bot
from game.bots.ctx import Ctx
from game.rules import engine, scenario, tiles
from game.rules.actions import Action
from game.rules.advice import advise, tracker
from game.rules.codes import Refusal
from game.rules.kinds import Phase
from game.rules.match import Match
from game.rules.variants import get
from game.rules.view import events_for, spectator_events, view
from tests.helpers.scen import scenario_dict
from tests.rules.chicken_hands import J3, WAIT_6S_9M
from tests.rules.chicken_util import act, decline, play_until
from tests.rules.chicken_util import start as chicken_start

t = tiles.tile
WENSHAN = ["123m456m789m1155s9s", "2223334445556p", "3334446667778s", "1122334455667z"]
WENSHAN_WALL = "99m" + "2s" * 3 + "6s3s7s8s" + "9p"  # the last tile, 9p, is the indicator: wildcard 1p


def _wenshan():
    v = get("wenshan")
    st, _ = engine.new_hand(v, v.resolve_options({}), seed=0, dealer=0, hands=[tiles.parse(h) for h in WENSHAN],
                       wall=tiles.parse(WENSHAN_WALL))
    return st


def test_waits_per_discard_with_unseen_counts_wenshan():
    """Discarding 9s leaves 123m456m789m 11s 55s: waits 1s and 5s, and the wildcard 1p (wenshan.md 小鸡)."""
    st = _wenshan()
    assert st.extra["wildcard"] == t("1p")
    adv = advise(view(st, 0))
    waits = adv.per_discard[t("9s")]
    assert [w.tile for w in waits] == [t("1p"), t("1s"), t("5s")]
    assert {w.tile: w.unseen for w in waits}[t("1s")] == 2  # two 1s in the hand
    assert adv.tracker[t("9p")] == 3  # the indicator lies face up
    assert adv.waits == [] and adv.blocked == {} and adv.win_refusal is None


def test_waits_of_a_thirteen_tile_hand():
    st = _wenshan()
    engine.apply(st, Action(0, "discard", t("9s")))
    adv = advise(view(st, 0))
    assert [w.tile for w in adv.waits] == [t("1p"), t("1s"), t("5s")]
    assert adv.per_discard == {}


def test_forbidden_discards_carry_a_reason_code():
    """After 报听 only the drawn tile may go (chicken.md): every other held tile is blocked with DECLARED_DISCARD."""
    st = _wenshan()
    vw = view(st, 0)
    vw["legal"] = [a for a in vw["legal"] if a.kind != "discard" or a.tile == t("9s")]
    vw["seats"][0]["declared"] = True
    adv = advise(vw)
    assert t("9s") not in adv.blocked
    assert adv.blocked[t("1m")] == Refusal.DECLARED_DISCARD
    vw["seats"][0]["declared"] = False
    assert advise(vw).blocked[t("1m")] == Refusal.DISCARD_RULE


def test_refused_win_needs_a_pass():
    """guiyang: 平胡 on a discard needs a 通行证 (chicken.md); seat 2 is offered only the pung of its winning 6s."""
    st = chicken_start("guiyang", ["1m4m7m1p4p7p2s5s8s3m6m9m2p3p", J3, WAIT_6S_9M, "6s1m4m7m2p5p8m3s9s2m5m8m3p"],
                       front="7s8s4s")
    play_until(st, [[0, "discard", "3p"], [1, "discard", "7s"], [2, "discard", "8s"]])
    decline(st)
    act(st, 3, "discard", "6s")
    vw = view(st, 2)
    assert vw["win_refusal"] == Refusal.NEEDS_PASS
    adv = advise(vw)
    assert t("6s") in [w.tile for w in adv.waits]
    assert adv.win_refusal == Refusal.NEEDS_PASS


def test_a_refused_win_is_an_event_for_that_seat_alone():
    """guiyang 平胡 on a discard without a 通行证 (chicken.md): the discard that completes seat 2's hand brings
    seat 2 a ``refused_win`` event with NEEDS_PASS (why no 胡 button came); no other seat receives it, and a
    spectator of an open table (the demo) does."""
    st = chicken_start("guiyang", ["1m4m7m1p4p7p2s5s8s3m6m9m2p3p", J3, WAIT_6S_9M, "6s1m4m7m2p5p8m3s9s2m5m8m3p"],
                       front="7s8s4s")
    play_until(st, [[0, "discard", "3p"], [1, "discard", "7s"], [2, "discard", "8s"]])
    decline(st)
    _st, events = engine.apply(st, Action(3, "discard", t("6s")))
    refused = [e for e in events if e["type"] == "refused_win"]
    assert refused == [{"type": "refused_win", "seat": 2, "tile": t("6s"), "from": 3, "how": "discard",
                        "refusal": Refusal.NEEDS_PASS, "to": [2]}]
    kinds = [e["type"] for e in events]
    assert kinds.index("discard") < kinds.index("refused_win") < kinds.index("claim_window")
    for seat in (0, 1, 3):
        assert "refused_win" not in [e["type"] for e in events_for(events, seat)]
    assert [e for e in events_for(events, 2) if e["type"] == "refused_win"][0]["refusal"] == Refusal.NEEDS_PASS
    assert "to" not in [e for e in spectator_events(events) if e["type"] == "refused_win"][0]


def test_a_hand_the_tile_does_not_complete_gets_no_refused_win():
    """A discard that completes nobody's shape tells nobody anything."""
    st = _wenshan()
    _st, events = engine.apply(st, Action(0, "discard", t("9s")))
    assert not [e for e in events if e["type"] == "refused_win"]


def test_refused_win_after_passing_it():
    """yuxi 过手胡: seat 1 passes its win on 5s while seat 2 still decides; seat 1 is told why it cannot win."""
    data = scenario_dict("yuxi", ["5s9m9m9s9s2p2p7p7p4s4s6m8m3s", "123m456m789m123p5s", "111m222m333p444p5s",
                             "6s6s7s7s8s8s1s1s3s3s9p9p7m"])
    st, _ = scenario.start(data)
    engine.apply(st, Action(0, "discard", t("5s")))
    assert [a.kind for a in engine.legal_actions(st, 1)] == ["hu", "pass"]
    engine.apply(st, Action(1, "pass"))
    vw = view(st, 1)
    assert vw["phase"] == Phase.WAIT and vw["missed_win"]
    adv = advise(vw)
    assert adv.win_refusal == Refusal.PASSED_WIN
    # seat 2 may still win: nothing refused
    assert advise(view(st, 2)).win_refusal is None


def test_a_winning_hand_is_not_refused():
    st = _wenshan()
    engine.apply(st, Action(0, "discard", t("9s")))
    for s in range(4):
        assert advise(view(st, s)).win_refusal is None


def _hidden(st, seat):
    """Copies of each kind ``seat`` cannot see: others' concealed tiles, face-down kong tiles, the live wall."""
    c = [0] * tiles.NUM_KINDS
    for i, s in enumerate(st.seats):
        if i == seat:
            continue
        for k in range(tiles.NUM_KINDS):
            c[k] += s.counts[k]
        for m in s.melds:
            for x, shown in zip(m.tiles, st.variant.meld_public_tiles(st, m)):
                if shown is None:
                    c[x] += 1
    for x in st.wall[st.front:st.back]:
        c[x] += 1
    for x in st.variant.public_info(st, seat).get("tail", []):  # yuxi's face-up tail tiles lie in the wall
        c[x] -= 1
    return c


@pytest.mark.parametrize("vid, opts", [("wenshan", {}), ("kunming", {"players": 3}), ("yuxi", {}),
                                       ("yuxi", {"with_honors": True}), ("guiyang", {}), ("zhuoji", {})])
def test_tracker_counts_exactly_the_tiles_this_seat_cannot_see(vid, opts):
    """记牌器: every unseen copy is hidden (never a tile the seat can see), every hidden copy is unseen."""
    variant = get(vid)
    m = Match(variant, opts, 5, 2)
    bots = [make_bot("easy", seed=f"t{i}") for i in range(m.n)]
    checked = 0
    for _h in range(2):
        st, _ = m.start_hand()
        while st.end is None:
            for s in range(m.n):
                vw = view(st, s)
                if st.phase == Phase.ROB:  # the added kong's tile is offered: visible, in no hand
                    continue
                assert tracker(vw) == _hidden(st, s), (s, st.phase)
                checked += 1
            seat = next(x for x in engine.acting_seats(st) if engine.legal_actions(st, x))
            engine.apply(st, bots[seat].act(view(st, seat)))
        m.finish_hand()
    assert checked > 100


def test_the_bots_count_live_tiles_as_the_tracker_does():
    """The bots count unseen copies with the core's tracker (issue 14: advice is computed once, in the core): on
    every decision of real hands Ctx.live is the 记牌器's count, and what a bot takes as accounted for
    (visible) and the unseen total follow from it."""
    for vid in ("wenshan", "yuxi", "guiyang", "zhuoji"):
        variant = get(vid)
        m = Match(variant, {}, 8, 1)
        bots = [make_bot("normal", seed=f"l{i}") for i in range(m.n)]
        st, _ = m.start_hand()
        while st.end is None:
            seat = next(x for x in engine.acting_seats(st) if engine.legal_actions(st, x))
            vw = view(st, seat)
            ctx = Ctx(vw)
            assert ctx.live == tracker(vw)
            assert all(ctx.visible[k] + ctx.live[k] == 4 for k in range(34)) and ctx.unseen == sum(ctx.live)
            engine.apply(st, bots[seat].act(vw))


def test_advice_reads_only_the_view():
    """The same view gives the same advice whatever the hidden tiles are (other hands swapped)."""
    st = _wenshan()
    before = advise(view(st, 0))
    st.seats[1], st.seats[2] = st.seats[2], st.seats[1]
    assert advise(view(st, 0)).per_discard == before.per_discard
