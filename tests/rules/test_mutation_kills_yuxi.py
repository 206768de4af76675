"""Specification tests for 玉溪扳倒胡 (shared/rules/yuxi.md) that the mutation run of the rules core found
missing: which face-up tail tile an automatic 杠上花 takes on a tie, the public 抄底 flag and the tail in the
settlement, the hint's shape test with melds and seven pairs, the 双杠上花 flag, and the settlement wording of
十风 (按自摸) and of a robbed kong paid as a discard."""

from __future__ import annotations

import pytest

from game.rules import engine, scenario, tiles
from game.rules.state import Meld
from game.rules.view import view
from tests.helpers.words import en, zh
from tests.rules.yuxi_util import FENG_ORDER, V, act, kinds, rob_scenario, run, sequence_game, start, tile_names


@pytest.mark.parametrize("tail,taken,left", [("6s9s", "6s", "9s"), ("9s6s", "9s", "6s")])
def test_yuxi_tail_tie_goes_to_the_left_slot(tail, taken, left):
    """yuxi.md 翻屁股: a win with a face-up tail tile is automatic and takes the highest-valued reading; the
    module's decision for a tie is the left slot. 暗杠 1m; 234p 567p 78s 99s waits 6s and 9s, both 平胡 +
    杠上花 = 2^(0+1) = 2: the left face-up tile wins, the right one stays up, the left slot is refilled (3m)."""
    st = run(["1111m234p567p78s99s", None, None, None], [[0, "kong", "1m"]], tail=tail, back="3m")
    w = st.wins[0]
    assert tiles.name(w.tile) == taken and w.score.main_key == "gang_shang_hua" and w.score.total == 2
    assert st.settlement.deltas == [6, -2, -2, -2]
    assert tile_names(V.public_info(st, 0)["tail"]) == ["3m", left]
    assert tile_names(st.settlement.info["tail"]) == ["3m", left]


def test_yuxi_chao_di_is_public():
    """yuxi.md Options 抄底 (chao_di): whether kongs may be blind is a table rule every seat sees."""
    assert view(start([None, None, None, None], options={"chao_di": True}), 2)["public"]["chao_di"] is True
    assert view(start([None, None, None, None]), 2)["public"]["chao_di"] is False


def test_yuxi_shuang_gang_hua_is_flagged_double_kong():
    """yuxi.md 双杠上花 (2 番): 暗杠 1m, the face-up 6s is konged again, 9s wins 2^(0+2) = 4 from each; the
    win carries the double-kong flag (not the single after-kong one)."""
    st = run(["1111m666s78s123p99s", None, None, None], [[0, "kong", "1m"]], tail="6s9s")
    w = st.wins[0]
    assert w.score.main_key == "shuang_gang_hua" and w.score.info["flags"] == ["double_kong"]
    assert st.settlement.deltas == [12, -4, -4, -4]


def test_yuxi_shape_test_from_public_facts():
    """yuxi.md Patterns: a win is sets and a pair, or 七对 (seven pairs, concealed, no melds). The hint's shape
    test (tiles_win): with a pung of 9m (a meld) an incomplete rest does not win; seven pairs win only
    with 14 concealed tiles; six pairs (12 tiles) are no hand."""
    pub = V.public_info(start([None, None, None, None]), 0)
    opts = V.resolve_options({})
    pung = Meld("pung", tuple(tiles.parse("999m")), tuple(tiles.parse("999m")))
    assert not V.tiles_win(opts, pub, tiles.counts(tiles.parse("11m22p35s68s79p11s")), [pung], None)
    assert V.tiles_win(opts, pub, tiles.counts(tiles.parse("123m456p789s11s")), [pung], None)
    assert V.tiles_win(opts, pub, tiles.counts(tiles.parse("11m22m55m77p88p33s66s")), [], None)
    assert not V.tiles_win(opts, pub, tiles.counts(tiles.parse("11m22m55m77p88p33s")), [], None)


def test_yuxi_shi_feng_line_says_paid_as_self_draw():
    """yuxi.md [D] 十风 and 十三幺 are paid like self-draws: the dealer's ten honor discards win 2^1 = 2 from
    each, and the settlement line says so (按自摸 / paid as self-draw), not 自摸 as if drawn."""
    st = sequence_game(["1234567z1234z258m", None, None, None], FENG_ORDER, {"with_honors": True}, 10)
    assert st.settlement.deltas == [6, -2, -2, -2]
    assert {(zh(tr.text), en(tr.text)) for tr in st.settlement.transfers} == {
        ("十风 2^1=2 按自摸", "Ten winds 2^1=2 paid as self-draw")}


def test_yuxi_robbed_kong_paid_as_a_discard_says_so():
    """yuxi.md 抢杠胡 with 抢杠三家包 off: the robbed player pays like a discarder (1 × 2^0 = 1) and the line
    says so in both languages."""
    st = scenario.run(rob_scenario(4, {"rob_pays_all": False}))
    assert st.settlement.deltas[:2] == [1, -1]
    assert [(zh(tr.text), en(tr.text)) for tr in st.settlement.transfers] == [
        ("平胡 2^0=1 抢杠胡 按点炮", "Plain win 2^0=1 robbing the kong paid as a discard")]


def test_yuxi_tail_tie_after_a_refill_still_goes_to_the_left_slot():
    """yuxi.md 翻屁股 [D] a taken face-up tile's slot is refilled from the back; a tie goes to the left slot
    even when the refill sits behind it in the wall. 暗杠 1m: the right face-up 7p completes the hand and
    lets 2222s be konged (双杠上花 beats winning now); 5s refills the right slot. After 暗杠 2s the hand
    (333s 4s 567p) waits 4s and 5s, both 平胡 双杠上花 = 2^(0+2) = 4 from each: the left 4s is taken."""
    st = run(["1111m2222s3334s56p", None, None, None], [[0, "kong", "1m"]], tail="4s7p", back="5s3m")
    assert [tiles.fmt(m.tiles) for m in st.seats[0].melds] == ["1111m", "2222s"]
    w = st.wins[0]
    assert tiles.name(w.tile) == "4s" and w.score.main_key == "shuang_gang_hua" and w.score.total == 4
    assert st.settlement.deltas == [12, -4, -4, -4]


def test_yuxi_chao_di_kong_with_one_drawable_tile_left():
    """yuxi.md 抄底 on: kongs are allowed at any time; the replacement is a blind draw from the front. The
    dealer holds 1111m with 21 tiles in the wall (one more may be drawn before the 20-tile stop) and no
    face-up tile wins: 暗杠 is offered with 抄底 and not without it."""
    front = "5p9p4m5m6m7m8m2p3p4p6p7p8p2s3s4s6s7s8s"
    st = start(["1111m+", None, None, None], front=front, tail="9s9s", fill=False, options={"chao_di": True})
    assert st.remaining == 21 and "kong" in kinds(st, 0)
    st = start(["1111m+", None, None, None], front=front, tail="9s9s", fill=False)
    assert st.remaining == 21 and "kong" not in kinds(st, 0)


# ---- issue 42: the 底注 part of a line says what is paid ---------------------------------------------------------

def _yuxi_score(how, options, source=0):
    from game.rules.kinds import WinBy
    from game.rules.situation import Situation
    from game.rules.variants import yuxi_score

    opts = V.resolve_options(options)
    sit = Situation("yuxi", opts, 4, 0, 1, tiles.counts(tiles.parse("123m456m789p23455s")), [], tiles.tile("5s"),
                    WinBy(how), None if how == "self_draw" else source, set(), [])
    return yuxi_score, yuxi_score.score(sit)


@pytest.mark.parametrize("how,line,paid", [
    ("self_draw", "平胡 2^0=1 ×底注2=2 自摸", {0: 2, 2: 2, 3: 2}),
    ("discard", "平胡 2^0=1 ×底注2=2 点炮", {0: 2}),
    ("rob_kong", "平胡 2^0=1 ×底注2=2 抢杠胡 三家包×3=6", {0: 6}),
])
def test_yuxi_base_stake_line_ends_with_what_each_payer_pays(how, line, paid):
    """yuxi.md [D] points per payer = 底注 × 2^(N+M): 平胡 (2^0 = 1) at 底注 2 pays 2 (a robbed kong, 三家包: 6);
    the settlement line's last figure is that payment."""
    yuxi_score, sc = _yuxi_score(how, {"base": 2})
    assert sc.payments == paid
    assert zh(yuxi_score.labels(sc, sc.info["how"], 4)) == line


def test_yuxi_line_takes_the_stake_its_payments_were_made_with():
    """The line is made from the score itself: a 平胡 judged at 底注 1 pays 1 and its line says 2^0=1, with no
    ×底注2=2 (the audit of issue 42 saw '×底注2=2' on a line that paid 1 when the line read the stake from
    other options than the payments)."""
    yuxi_score, sc = _yuxi_score("discard", {})
    assert sc.payments == {0: 1}
    line = yuxi_score.labels(sc, sc.info["how"], 4)
    assert (zh(line), en(line)) == ("平胡 2^0=1 点炮", "Plain win 2^0=1 discard")
    yuxi_score, sc = _yuxi_score("rob_kong", {"base": 2, "rob_pays_all": False})
    assert sc.payments == {0: 2}
    assert zh(yuxi_score.labels(sc, sc.info["how"], 4)) == "平胡 2^0=1 ×底注2=2 抢杠胡 按点炮"


# ---- issue 42: the fresh sample's survivors (yuxi) ----------------------------------------------------------------

def test_yuxi_seven_pairs_win_on_a_discard_is_offered():
    """yuxi.md Patterns 七对 (seven pairs, concealed): seat 1 holds 11m 22m 33p 44p 55s 66s 7s; dealer 0's 7s
    completes it (no set: only seven pairs fits), so seat 1 is offered 胡 and wins 七对 (1 番) 2^1 = 2 from the
    discarder alone."""
    st = start(["7s" + "1p4p7p2s5s8s3m6m9m2p5p8p9s", "1122m3344p5566s7s", None, None])
    act(st, 0, "discard", "7s")
    assert "hu" in [a.kind for a in engine.legal_actions(st, 1)]
    act(st, 1, "hu")
    w = st.wins[0]
    assert (w.seat, w.how, [p.key for p in w.score.patterns], w.score.total) == (1, "discard", ["qi_dui"], 2)
    assert st.settlement.deltas == [-2, 2, 0, 0]


# ---- the fourth fresh sample (seed 3085892555) ----------------------------------------------------------------

def test_yuxi_two_winners_on_one_discard_each_line_names_its_winner():
    """yuxi.md (一炮多响: several winners allowed; a discard win: only the discarder pays 2^(N+M), once per winner):
    the dealer's 5p completes seat 1's and seat 2's 平胡; the discarder pays 1 to each, and each line names its
    winner, so the discarder's two lines can be told apart (one winner: no name, as before)."""
    from game.rules.actions import Action
    from tests.helpers.scen import scenario_dict

    st, _ = scenario.start(scenario_dict("yuxi", ["11s22s33s77s88s99s5p4p", "123m456m789m123s5p", "123p456p789p456s5p",
                                       "147m258s369p47s89m"], dealer=0))
    engine.apply(st, Action(0, "discard", tiles.tile("5p")))
    engine.apply(st, Action(1, "hu"))
    engine.apply(st, Action(2, "hu"))
    assert st.end == "win" and [w.seat for w in st.wins] == [1, 2]
    assert [(i.seat, zh(i.text), en(i.text), i.points) for i in st.settlement.items] == [
        (0, "平胡 2^0=1 点炮 (胡家1)", "Plain win 2^0=1 discard (winner 1)", -1),
        (0, "平胡 2^0=1 点炮 (胡家2)", "Plain win 2^0=1 discard (winner 2)", -1),
        (1, "平胡 2^0=1 点炮 (胡家1)", "Plain win 2^0=1 discard (winner 1)", 1),
        (2, "平胡 2^0=1 点炮 (胡家2)", "Plain win 2^0=1 discard (winner 2)", 1)]


def test_yuxi_without_chao_di_a_third_kong_in_a_row_is_not_offered():
    """yuxi.md (kongs; 抄底 off): a kong is allowed only when a face-up tail tile completes the hand, and at most two
    kongs in a row (双杠花): the dealer's 1111m with 234m 567s 88p 79p and the tail 8p may be konged first or second
    in a row, not third."""
    from game.rules.kinds import MeldKind
    from tests.helpers.scen import scenario_dict

    st, _ = scenario.start(scenario_dict("yuxi", ["1111m234m567s88p79p", "123p456p789p456s5p", "258m369m47s12s3s9m5s",
                                       "123s456s789s3m6m5m4p"], dealer=0, tail="8p3s"))
    assert [tiles.name(t) for t in V.tail_tiles(st)] == ["8p", "3s"] and "kong" in kinds(st, 0)
    one_m = tiles.tile("1m")
    allowed = []
    for chain in (0, 1, 2):
        st.kong_chain = chain
        allowed.append(V.kong_face_allowed(st, 0, one_m, MeldKind.CONCEALED_KONG))
    assert allowed == [True, True, False]


def test_yuxi_automatic_tail_win_plans_no_added_kong_without_the_fourth_tile():
    """yuxi.md 翻屁股 and Kongs (补杠 adds the fourth tile from the hand): the dealer holds a claimed pung of 5p
    (the fourth 5p is face up in the tail), 1111m 234m 78s 99s, and konges 1111m. The face-up 6s completes the
    hand; a 补杠 of 5p is no option (no 5p in hand), so the automatic win is 杠上花 on 6s, 2^(0+1) = 2 from each,
    not a planned kong of 5p followed by the tail 5p."""
    from game.rules.kinds import MeldKind

    five_p = tiles.tile("5p")
    st = start(["1111m234m78s99s5p5p5p", None, None, None], tail="6s5p")
    for _ in range(3):
        st.seats[0].remove(five_p)
    st.seats[0].melds.append(Meld(MeldKind.PUNG, (five_p,) * 3, (five_p,) * 3, from_seat=2, claimed=0))
    assert tile_names(V.tail_tiles(st)) == ["6s", "5p"]
    act(st, 0, "kong", "1m")
    assert st.end == "win"
    w = st.wins[0]
    assert (w.seat, tiles.name(w.tile), w.score.main_key, w.score.total) == (0, "6s", "gang_shang_hua", 2)
    assert st.settlement.deltas == [6, -2, -2, -2]
    assert [m.kind for m in st.seats[0].melds] == [MeldKind.PUNG, MeldKind.CONCEALED_KONG]
