"""The seeds' last table options (issue 44), as shared/rules/chicken.md (Options) fixes them:

- ``multi_win`` (一炮多响, guiyang; zhuoji always): off, everyone may still answer 胡, only the first of them in
  turn order after the discarder wins, the others' 胡 lapse; the next dealer is that winner; 抢杠 the same.
- ``bao_ji`` (包鸡, guiyang; zhuoji always): off, a not-ready player owes nothing for exposed default or golden
  chickens at a won hand; 包冲锋 and 包责任鸡 stay; a drawn hand is unchanged.
- ``first_dealer`` (首局庄家, every variant): ``host`` is seat 0, ``random`` is drawn from the match seed.

Every hand is written out tile by tile; the docstrings give the hand-computed settlement (base 1).
"""

import random

import pytest

from game import i18n
from game.rules import engine, scenario, tiles
from game.rules.actions import HU, Action
from game.rules.match import Match, play_hand, replay_match
from game.rules.options import OptionError
from game.rules.variants import all_variants, get
from game.rules.view import events_for
from tests.rules.chicken_util import data, deltas, has_item, net, play_until, run, start

t = tiles.tile

# ---- 一炮多响 (multi_win) -------------------------------------------------------------------------------------
# Seats 0, 2 and 3 wait on 9s with seven pairs (seat 0's 778899s makes it 合扑七对 20); seat 1 lets 9s go on
# its second turn. No chicken is held anywhere that counts: the settlement is the hand alone.
M = ["3p3p5p5p7s7s8s8s1p1p3s3s9s2m", "9s4m6m8m7p2p5s7s9p3m1m5p3s", "1m1m3m3m5m5m7m7m2p2p4p4p9s",
     "9m9m6p6p9p9p2s2s4s4s6s6s9s"]
M_FRONT = "4m6m8m7p1m4s"
M_ACTIONS = [[0, "discard", "2m"], [1, "discard", "4m"], [2, "discard", "6m"], [3, "discard", "8m"],
             [0, "discard", "7p"], [1, "discard", "9s"]]


def _m(hus, multi_win):
    return run("guiyang", M, front=M_FRONT, actions=M_ACTIONS + [[s, "hu"] for s in hus],
               options={"multi_win": multi_win})


@pytest.mark.parametrize("hus, on, off", [
    # chosen 胡 (in answer order) -> (winners, deltas, next dealer) with 一炮多响 on / off
    ([2, 3], ([2, 3], [0, -20, 10, 10], 2), ([2], [0, -10, 10, 0], 2)),
    ([3, 2], ([2, 3], [0, -20, 10, 10], 2), ([2], [0, -10, 10, 0], 2)),  # answer order does not matter
    ([0, 2, 3], ([2, 3, 0], [20, -40, 10, 10], 1), ([2], [0, -10, 10, 0], 2)),  # 一炮全响 -> discarder deals
    ([3, 0], ([3, 0], [20, -30, 0, 10], 3), ([3], [0, -10, 0, 10], 3)),  # seat 2 passes: seat 3 is first
])
def test_guiyang_multi_win_on_and_off(hus, on, off):
    """chicken.md Options, multi_win: off, only the first 胡 after the discarder (seat 1) in turn order wins
    七对 10 from seat 1; the others' 胡 lapse (a 0-point line says so) and the next dealer is that winner."""
    for multi_win, (winners, expect, dealer) in ((True, on), (False, off)):
        st = _m(hus, multi_win)
        assert [w.seat for w in st.wins] == winners
        assert deltas(st) == expect
        assert st.variant.next_dealer(st) == dealer
        lapsed = [s for s in hus if s not in winners]
        assert st.extra.get("lapsed", []) == sorted(lapsed, key=lambda s: (s - 1) % 4)
        for s in lapsed:
            assert has_item(st, s, f"胡 9s 作废：座位{winners[0]}先胡（一炮多响未勾选）", 0)
        assert [d.tile for d in st.seats[1].discards if d.won_by] == [t("9s")]
        assert st.seats[1].discards[-1].won_by == tuple(winners)


def test_multi_win_off_everyone_who_may_win_still_answers():
    """Claims are offered to all at once as with it on: after seat 2 (nearest) says 胡, seat 3 is still asked
    and may say 胡 too; only then does the hand end, and only seat 3 is told (privately) that its 胡 lapsed."""
    st = play_until(start("guiyang", M, front=M_FRONT, options={"multi_win": False}), M_ACTIONS)
    assert sorted(engine.acting_seats(st)) == [0, 2, 3]
    engine.apply(st, Action(2, HU))
    assert st.end is None and sorted(engine.acting_seats(st)) == [0, 3]
    assert Action(3, HU) in engine.legal_actions(st, 3)
    engine.apply(st, Action(3, HU))
    assert st.end is None  # seat 0 may still answer
    _, events = engine.apply(st, Action(0, "pass"))
    assert st.end == "win" and [w.seat for w in st.wins] == [2]
    lapse = [e for e in events if e["type"] == "win_lapsed"]
    assert [(e["seat"], e["winner"], e["tile"], e["from"]) for e in lapse] == [(3, 2, t("9s"), 1)]
    assert any(e["type"] == "win_lapsed" for e in events_for(events, 3))
    assert not any(e["type"] == "win_lapsed" for s in (0, 1, 2) for e in events_for(events, s))


# Three players: seats 1 and 2 wait on 9s with seven pairs; the dealer lets 9s go on its second turn.
M3 = ["9s2m4m6m8m1p3p5p7p3s5s7s8s7z", "1m1m3m3m5m5m7m7m2p2p4p4p9s", "9m9m6p6p9p9p2s2s4s4s6s6s9s"]
M3_ACTIONS = [[0, "discard", "7z"], [1, "discard", "2m"], [2, "discard", "4m"], [0, "discard", "9s"],
              [1, "hu"], [2, "hu"]]


@pytest.mark.parametrize("multi_win, winners, expect, dealer", [
    (True, [1, 2], [-20, 10, 10], 0),  # 一炮全响 at three players: the discarder deals (seed 001, 3人)
    (False, [1], [-10, 10, 0], 1),  # only seat 1 (next after the discarder) wins 七对 10
])
def test_guiyang_multi_win_three_players(multi_win, winners, expect, dealer):
    st = run("guiyang", M3, front="2m4m6m6s", actions=M3_ACTIONS, options={"multi_win": multi_win, "players": 3})
    assert [w.seat for w in st.wins] == winners and deltas(st) == expect
    assert st.variant.next_dealer(st) == dealer
    assert has_item(st, 2, "胡 9s 作废：座位1先胡（一炮多响未勾选）", 0) is (not multi_win)


# 抢杠 with two robbers (seat 1 adds its 6p kong; seats 2 and 3 both wait on it). 捉鸡牌 6s → 翻牌鸡 7s.
K = ["6p1m4m7m2p3s6s9s7z4p8m2m7z3m", "5555m6p6p1s1s234s9m7m", "234m678m345s5p9s9s1p", "4p5p789m123p789s2m5s"]
K_ACTIONS = [[0, "discard", "6p"], [1, "pung"], [1, "kong", "5m"], [1, "discard", "7m"], [2, "discard", "1p"],
             [3, "discard", "5s"], [0, "discard", "3p"], [1, "kong", "6p"]]


@pytest.mark.parametrize("robs", [[[2, "hu"], [3, "hu"]], [[3, "hu"], [2, "hu"]]])
def test_guiyang_multi_win_off_rob_kong(robs):
    """抢杠 follows the same rule: only seat 2 (next after the robbed seat 1) wins 抢杠 10, scored as a self-draw
    and paid ×3 by seat 1 (抢杠包两家). Seat 3's 胡 lapses but it is ready: it still collects its 翻牌鸡 7s (1 from
    each) and pays seat 1's 闷豆 3 and 幺鸡 2. Seat 1: 9 + 6 - 30 - 1 = -16; seat 2: 30 - 3 - 2 - 1 = 24;
    seat 3: 3 - 3 - 2 = -2; seat 0: -6. With it on both robbers win (seat 1 pays 60)."""
    st = run("guiyang", K, front="7p2m3p6p6s", back="9m", actions=K_ACTIONS + robs, options={"multi_win": False})
    assert [(w.seat, w.how, w.source) for w in st.wins] == [(2, "rob_kong", 1)]
    assert deltas(st) == [-6, -16, 24, -2]
    assert net(st, "qiang_gang") == [0, -30, 30, 0]
    assert has_item(st, 3, "胡 6p 作废：座位2先胡（一炮多响未勾选）", 0)
    assert st.variant.next_dealer(st) == 2
    on = run("guiyang", K, front="7p2m3p6p6s", back="9m", actions=K_ACTIONS + robs)
    assert sorted(w.seat for w in on.wins) == [2, 3] and deltas(on) == [-6, -46, 24, 28]


def test_multi_win_off_single_winner_is_unchanged():
    """With one 胡 the option changes nothing (seat 2 alone: 七对 10 from seat 1)."""
    assert deltas(_m([2], False)) == deltas(_m([2], True)) == [0, -10, 10, 0]


def test_zhuoji_multi_win_is_always_on():
    z = get("zhuoji")
    assert z.resolve_options({})["multi_win"] is True
    with pytest.raises(OptionError, match="multi_win is fixed"):
        z.resolve_options({"multi_win": "off"})


@pytest.mark.parametrize("text, value", [
    ("on", True), ("True", True), (" yes ", True), ("1", True),
    ("off", False), ("false", False), (" FALSE ", False), ("No", False), ("0", False),
])
def test_an_on_off_option_reads_every_spelling_of_on_and_off(text, value):
    """An on/off option (guiyang's bao_ji) written as text, as a settings file or the command line gives it:
    on/true/yes/1 and off/false/no/0, any case and spaces around, are read as on and off (issue 42: a fresh
    mutation sample found "false" unread without the tests noticing)."""
    assert get("guiyang").resolve_options({"bao_ji": text})["bao_ji"] is value


def test_an_on_off_option_refuses_other_text():
    with pytest.raises(OptionError, match="option bao_ji is on/off, got 'maybe'"):
        get("guiyang").resolve_options({"bao_ji": "maybe"})


def test_multi_win_is_only_a_chicken_option():
    """wenshan asks in turn (at most one winner); yuxi always has 一炮多响: neither has the option."""
    for vid in ("wenshan", "kunming", "yuxi"):
        with pytest.raises(OptionError, match="unknown option 'multi_win'"):
            get(vid).resolve_options({"multi_win": False})
        with pytest.raises(OptionError, match="unknown option 'bao_ji'"):
            get(vid).resolve_options({"bao_ji": False})


# ---- 包鸡 (bao_ji) --------------------------------------------------------------------------------------------
# Dealer 0 (not ready) discards 1s first (冲锋鸡, nobody claims) and 1s again later (a plain exposed one).
# Seat 1 self-draws 8p: 平胡 with 888p and 11s. Seat 2 is ready (waits 1m/4m) with 77p. Seat 3 (not ready)
# leads 8p: 冲锋乌骨鸡. (The same table as tests/rules/test_chicken_fowl.py's A.)
A = ["1s1s2m5m9m3p6p9p4s7s7z3m5p9s", "123m456m789m8p8p1s4p", "123p456p789s23m77p", "8p1m4m7m2p5p9p2s5s3s6s7z9m"]
A_ACTIONS = [[0, "discard", "1s"], [1, "discard", "4p"], [2, "discard", "9m"], [3, "discard", "8p"],
             [0, "discard", "1s"], [1, "hu"]]


@pytest.mark.parametrize("zhuo, on, off, bao", [
    # 捉鸡牌 6p → 翻牌鸡 7p: seat 0 owes 包鸡 1s ×1 to seats 1 and 2 only with the option on
    ("6p", [-17, 32, 4, -19], [-15, 31, 3, -19], "包鸡 1s ×1"),
    # 捉鸡牌 9s → 金鸡 1s: the golden exposed 1s (2 each) is not owed with it off; 包冲锋金鸡 4 still is
    ("9s", [-23, 43, -1, -19], [-19, 41, -3, -19], "包金鸡 1s ×2"),
])
def test_guiyang_bao_ji_on_and_off(zhuo, on, off, bao):
    """chicken.md Options, bao_ji (seed 001: 包鸡勾选项不包括包冲锋): off, seat 0 pays no 包鸡 for its second,
    plain 1s discard; its 冲锋鸡 is still owed at the 冲锋 value (包冲锋), and seat 3 still owes 包冲锋乌骨鸡 4 to
    each ready seat. A not-ready player collects nothing either way."""
    st_on = run("guiyang", A, front="1s9m7z6s8p" + zhuo, actions=A_ACTIONS)
    st_off = run("guiyang", A, front="1s9m7z6s8p" + zhuo, actions=A_ACTIONS, options={"bao_ji": False})
    assert deltas(st_on) == on and deltas(st_off) == off
    unit = 2 if zhuo == "9s" else 1
    assert net(st_on, "bao_ji") == [-2 * unit, unit, unit, 0]
    assert net(st_off, "bao_ji") == [0, 0, 0, 0]
    assert net(st_off, "bao_chong_feng_ji") == net(st_on, "bao_chong_feng_ji") != [0, 0, 0, 0]
    assert has_item(st_on, 0, bao) and has_item(st_off, 0, f"{bao} 不包（包鸡未勾选）", 0)


# 责任鸡: seat 2 pungs dealer 0's first 1s and drops 9p, ending not ready; the discarder 0 is ready; seat 1
# self-draws. (The table of tests/rules/test_chicken_fowl.py's 责任鸡 tests.)
Z = ["1s123p456p234s5m5m6s6s", "234s567s678m11m2p3p", "1s1s234m567m3p5p9p5s7s", "3m6m4s7s2s5s8s5p7m1m3p6p9s"]
Z_ACTIONS = [[0, "discard", "1s"], [2, "pung"], [2, "discard", "9p"], [3, "discard", "4m"], [0, "discard", "7s"],
             [1, "hu"]]


def test_guiyang_bao_ji_off_keeps_bao_ze_ren_ji():
    """Seat 2 (not ready) still pays seat 0 包责任鸡 1 with 包鸡 off, but not 包鸡 1s 3张 ×1 (its exposed 111s: 3
    to each of the ready seats 0 and 1): on [3, 6, -8, -1] → off [0, 3, -2, -1]."""
    res = {}
    for bao in (True, False):
        st = run("guiyang", Z, front="4m7s4p8s", actions=Z_ACTIONS, options={"bao_ji": bao})
        assert st.settlement.info["ready"] == [True, True, False, False]
        assert net(st, "bao_ze_ren_ji") == [1, 0, -1, 0]
        res[bao] = deltas(st)
    assert res == {True: [3, 6, -8, -1], False: [0, 3, -2, -1]}


# A drawn hand: seat 2 (a 闷豆, not ready) and seat 3 (led 8p: 冲锋乌骨鸡, not ready); seats 0 and 1 ready.
D = ["1s1s3p3p5p5p7s7s9m9m6p6p4s8m", "222m333m444m5m999p", "2222s1m4m7m1p4p8s6s3s9s", "8p1m7m2p5p3s6s9s5s8s6m8m7p"]
D_ACTIONS = [[0, "discard", "8m"], [1, "discard", "7p"], [2, "kong", "2s"], [2, "discard", "2m"],
             [3, "discard", "8p"], [0, "discard", "7m"]]


def test_guiyang_bao_ji_off_changes_no_drawn_hand():
    """荒庄不包冲锋鸡和不包鸡 (seed 001): at a drawn hand only 查叫 is paid, with the option on or off."""
    for bao in (True, False):
        st = run("guiyang", D, front="7p3m9p7m", back="2m", fill=False, actions=D_ACTIONS, options={"bao_ji": bao})
        assert st.end == "draw" and deltas(st) == [20, 20, -20, -20]


def test_zhuoji_bao_ji_is_always_on():
    with pytest.raises(OptionError, match="bao_ji is fixed"):
        get("zhuoji").resolve_options({"bao_ji": False})


# ---- 首局庄家 (first_dealer) ------------------------------------------------------------------------------------

def test_first_dealer_defaults_per_variant():
    """Seat 0 (开房者为庄, seeds 000/002/003 and guiyang's 房主坐庄) everywhere but zhuoji (首局由系统随机选取)."""
    assert {v.id: v.resolve_options({})["first_dealer"] for v in all_variants()} == {
        "wenshan": "host", "kunming": "host", "yuxi": "host", "guiyang": "host", "zhuoji": "random"}
    for v in all_variants():
        opt = next(o for o in v.schema if o.key == "first_dealer")
        assert opt.choices == ("host", "random") and not opt.fixed
        assert [i18n.choice_name(opt, c, "zh") for c in opt.choices] == ["开房者", "随机"]
        assert [i18n.choice_name(opt, c, "en") for c in opt.choices] == ["Table opener", "Random"]
        with pytest.raises(OptionError, match="first_dealer must be one of host, random"):
            v.resolve_options({"first_dealer": "east"})
        assert v.resolve_options({"first_dealer": " Random "})["first_dealer"] == "random"


def _seed_draw(seed, n):
    """The draw zhuoji made before the option existed: 0.1.0 matches must replay to the same dealer."""
    return random.Random(f"{seed}:first_dealer").randrange(n)


@pytest.mark.parametrize("vid, n", [("wenshan", 2), ("wenshan", 3), ("kunming", 4), ("yuxi", 2), ("yuxi", 3),
                                    ("yuxi", 4), ("guiyang", 2), ("guiyang", 3), ("guiyang", 4), ("zhuoji", 4)])
def test_first_dealer_host_and_random(vid, n):
    """host: seat 0 whatever the seed; random: every seat of an n-player table for some seed, the same seat for the
    same seed (the draw comes from the match seed alone), and the seat a Match deals first."""
    v = get(vid)
    opts = {"players": n} if vid != "zhuoji" else {}
    host = v.resolve_options({**opts, "first_dealer": "host"})
    rnd = v.resolve_options({**opts, "first_dealer": "random"})
    assert {v.first_dealer(host, s, n) for s in range(30)} == {0}
    drawn = [v.first_dealer(rnd, s, n) for s in range(40)]
    assert set(drawn) == set(range(n))
    assert drawn == [_seed_draw(s, n) for s in range(40)]
    for s in (3, 11):
        assert Match(v, rnd, seed=s).dealer == _seed_draw(s, n)
        assert Match(v, host, seed=s).dealer == 0
        st, _ = engine.new_hand(v, rnd, seed=s)
        assert st.dealer == _seed_draw(s, n) and st.seats[st.dealer].n_concealed == 14


def test_first_dealer_random_match_replays_exactly():
    """A 3-player guiyang match with a random first dealer, saved and replayed: same dealers, same results."""
    v = get("guiyang")
    seed = next(s for s in range(50) if _seed_draw(s, 3) == 2)
    m = Match(v, {"players": 3, "first_dealer": "random", "multi_win": False, "bao_ji": False}, seed=seed, hands=3)
    for _ in range(3):
        play_hand(m, lambda st, seat, legal: _first_win_or_last(legal))
    saved = m.to_json()
    assert saved["options"]["first_dealer"] == "random" and saved["hands_played"][0]["dealer"] == 2
    again = replay_match(v, saved)
    assert again.records == m.records and again.scores == m.scores


def _first_win_or_last(legal):
    return next((a for a in legal if a.kind == HU), legal[-1])


def test_scenario_dealer_follows_the_option():
    """A scenario without "dealer" deals from seat 0 with first_dealer=host; with random it must name the dealer,
    since its hands fix every tile (chicken.md, Options)."""
    base = data("zhuoji", M, front=M_FRONT, actions=M_ACTIONS)
    del base["dealer"]
    with pytest.raises(scenario.ScenarioError, match="first_dealer is random: a scenario must name its \"dealer\""):
        scenario.start(base)
    st, _ = scenario.start({**base, "options": {"first_dealer": "host"}})
    assert st.dealer == 0
    st, _ = scenario.start({**base, "dealer": 0})
    assert st.dealer == 0
    g = data("guiyang", M, front=M_FRONT)
    del g["dealer"]
    assert scenario.start(g)[0].dealer == 0


def test_saved_options_are_salvaged_one_by_one():
    """A settings file from another version: what the schema still takes is kept, the rest alone falls back."""
    from game.rules.options import salvage

    g = get("guiyang")
    got = salvage(g.schema, {"players": 3, "zimo_double": True, "multi_win": "maybe", "first_dealer": "east",
                             "soft_lan": True, "bao_ji": "off"})
    assert got == {**g.resolve_options({}), "players": 3, "zimo_double": True, "bao_ji": False}
    assert salvage(g.schema, ["not", "a", "dict"]) == g.resolve_options({})
    assert salvage(get("zhuoji").schema, {"multi_win": False})["multi_win"] is True  # fixed: stays on
