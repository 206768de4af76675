"""The rules core's small modules in situations their first tests left open (issue 42: every surviving mutant of
view, variants/base, yuxi_score, advice, wenshan_score, events, scenario, tiles, state, options, settlement,
actions, texts and situation, run whole). view.py: what a seat and a watcher are told, field by field (guide:
"view(state, seat) is the only way anything outside the core sees a game"; issue 17, watching a LAN table):
the public step, the result and every hand once the hand is over, the match totals, the drawn tile on the own
turn only, and a version that moves with what the viewer sees. variants/base.py: who deals first (an option the
score calculator leaves out), a kong with one tile left, a concealed kong face down until the end, a refused
complete hand, and 白 standing for a suited wildcard's face in chows, pungs and concealed kongs (wenshan.md).
variants/yuxi_score.py (yuxi.md): the double_kong flag alone, each pattern's 番, the sequence wins' refusals and
a 十风's score. advice.py: a tile held four times is no wait, and the tracker comes with the waits.
variants/wenshan_score.py (wenshan.md): 清一色 beside honor melds, NOT_A_WIN. events.py: a concealed kong's
secret fields."""

from __future__ import annotations

from game.rules import engine, scenario, tiles
from game.rules.actions import Action
from game.rules.advice import advise, tracker
from game.rules.kinds import MeldKind, WinBy
from game.rules.situation import Situation
from game.rules.state import Meld
from game.rules.variants import get, wenshan_score, yuxi_score
from game.rules.view import events_for, public_step, public_view, result, same_point, view
from tests.helpers.scen import scenario_dict
from tests.rules.chicken_hands import B1, OPENING, S0, S1, S2_JUNK, S2_READY, S3, b1_actions, play_dian
from tests.rules.chicken_util import decline, kinds, play_until, run, start
from tests.rules.scoring import judge_yuxi, keys
from tests.rules.wenshan_util import H1, H2, H3
from tests.rules.yuxi_util import start as yuxi_start

t = tiles.tile

# ---- view.py: what a watcher is told ----------------------------------------------------------------------


def test_public_step_counts_discards_claims_own_kongs_declarations_and_wins_once_each():
    """issue 17 (public_step): each move everyone sees counts one. Seat 1's 报听 game (9 discards, 1 seat
    declared, 1 win): 11. The 闷豆 game (8 discards, seat 3's claimed kong, seat 1's concealed kong, 1 win): 11.
    The 点豆 game (5 discards, seat 1's claimed kong, 1 win): 7 (a claimed kong is a claim, not a second move)."""
    st = start("guiyang", [S0, S1, S2_JUNK, S3], front="4p2s3p4p6s6m5p4p2s")
    play_until(st, OPENING + [[0, "discard", "4p"], [2, "discard", "6m"], [3, "discard", "5p"],
                              [0, "discard", "4p"], [1, "hu"]])
    assert (st.discard_count, st.claim_count, [s.declared for s in st.seats], len(st.wins)) == \
        (9, 0, [False, True, False, False], 1)
    assert public_step(st) == 11
    assert public_step(run("guiyang", B1, front="9s9m1p6m5p7m3s8m", back="2m4m", actions=b1_actions("7z"))) == 11
    assert public_step(play_dian("guiyang")) == 7


def test_public_view_of_an_ended_hand_carries_the_result():
    """PublicView: once the hand is over a watcher gets the same end-of-hand summary every seat gets."""
    st = play_dian("guiyang")
    pv = public_view(st)
    assert pv["result"] == result(st) == view(st, 2)["result"]
    assert pv["result"]["winners"] == [1]


def test_seat_view_while_another_seat_is_asked_about_a_discard():
    """View, field by field: guiyang, dealer 1 on its third hand in a row (streak 2) leads 红中; seat 2, whose
    hand cannot use it, sees a plain wait (no offer, nothing legal, 59 tiles to draw) and its own 13 tiles."""
    st = start("guiyang", [S3, S0, S1, S2_JUNK], dealer=1, streak=2)
    play_until(st, [[1, "discard", "7z"]])
    v = view(st, 2)
    assert isinstance(v.pop("version"), int) and len(v.pop("seats")) == 4
    assert v == {
        "variant": "guiyang", "options": dict(st.options), "n": 4, "seat": 2, "dealer": 1, "hand_no": 0,
        "dealer_streak": 2, "turn": 1, "phase": "wait", "acting": False, "awaiting": False, "wall": 59,
        "drawable": 59, "hand": sorted(tiles.parse(S1)), "drawn": None, "last_discard": [1, t("7z")], "legal": [],
        "missed_win": False, "win_refusal": "not_a_win",
        "public": {"default_chickens": [t("1s"), t("8p")], "zhuo": None, "chicken": None, "declared": [],
                   "chong_feng": {}, "gen_chong": [], "ze_ren": {}}}


def test_seat_version_moves_when_only_the_phase_it_sees_changes():
    """View.version "changes whenever anything this seat sees changes": wenshan, seat 1 (a pung of 4s) adds its
    drawn fourth 4s (补杠); seat 3, not asked whether to rob it, saw seat 1's turn and now sees a wait, with the
    same hand, the same counts on the table and nothing to do: its version changes."""
    hands = ["123m456p789m56s11z", "44s7s19m19p1s23z6z28m", H2, H3]
    data = scenario_dict("wenshan", hands, front="9m3p4p4s", flip="4z", dealer=3,
                         actions=[[3, "discard", "4s"], [1, "pung"], [1, "discard", "7s"], [2, "discard", "9m"],
                                  [3, "discard", "3p"], [0, "discard", "4p"]])
    st, acts = scenario.start(data)
    for a in acts:
        while engine.normalize_or_none(st, a) is None:
            engine.apply(st, Action(engine.acting_seats(st)[0], "pass"))
        engine.apply(st, a)
    before = view(st, 3)
    engine.apply(st, Action(1, "kong", t("4s")))
    after = view(st, 3)
    assert (before["phase"], after["phase"], before["legal"], after["legal"]) == ("turn", "wait", [], [])
    assert before["version"] != after["version"]


def test_each_seat_view_carries_the_match_total_before_the_hand():
    """SeatView.score: the match total before this hand, as the match dealt it (seat 1 up 12, seat 3 down 7)."""
    v = get("guiyang")
    st, _ = engine.new_hand(v, v.resolve_options({}), seed=3, hand_no=2, scores=[0, 12, -5, -7])
    assert [s["score"] for s in view(st, 0)["seats"]] == [0, 12, -5, -7]
    assert [s["score"] for s in public_view(st)["seats"]] == [0, 12, -5, -7]


def test_a_seat_sees_every_concealed_hand_once_the_hand_is_over():
    """SeatView.hand: the viewer's own concealed tiles, everyone's once the hand is over (the 点豆 game, seen
    by seat 2)."""
    st = play_dian("guiyang")
    assert [s["hand"] for s in view(st, 2)["seats"]] == [sorted(s.concealed()) for s in st.seats]


def test_drawn_is_shown_on_the_own_turn_only_not_after_a_self_drawn_win():
    """View.drawn: "the tile the viewer just drew (its own turn only)". In the 点豆 game seat 1 self-draws 6s and
    wins: the hand is over, so its view (and every other) shows no drawn tile."""
    st = play_dian("guiyang")
    assert st.seats[1].drawn == t("6s") and st.turn == 1
    assert [view(st, s)["drawn"] for s in range(4)] == [None] * 4


def test_result_notes_are_the_table_wide_lines():
    """ResultView.notes: the 点豆 game's table-wide lines, the flip (捉鸡牌 2p, 翻牌鸡 3p) and who was ready."""
    assert result(play_dian("guiyang"))["notes"] == [
        {"key": "rules.settle.chicken.flip",
         "args": {"zhuo": "2p", "fowl": {"key": "rules.fowl.flip.fan_pai_ji"}, "chicken": "3p"}},
        {"key": "rules.settle.chicken.ready", "args": {"seats": [{"key": "rules.settle.seat", "args": {"seat": 1}}]}}]


def test_same_point_holds_for_a_copy_and_not_after_a_move():
    """same_point (the LAN host's check that a pending window is still the hand's point of play): a copy of
    the state stands at the same point; once the dealer has discarded, the earlier copy does not."""
    st = start("guiyang", [S0, S1, S2_JUNK, S3])
    before = st.copy()
    assert same_point(before, st)
    play_until(st, [[0, "discard", "7z"]])
    assert not same_point(before, st)


def test_open_table_version_moves_with_a_concealed_tile_a_closed_one_does_not():
    """PublicView.version "changes whenever anything a watcher sees changes": on a table open to its watchers
    the concealed hands are seen, so two deals differing only in one of seat 2's concealed tiles (2m or 3m)
    give two versions; a closed table's watcher sees no difference and gets one."""
    a = start("guiyang", [S0, S1, S2_JUNK, S3])
    b = start("guiyang", [S0, S1, S2_JUNK.replace("2m", "3m", 1), S3])
    assert public_view(a)["version"] == public_view(b)["version"]
    assert public_view(a, open_hands=True)["version"] != public_view(b, open_hands=True)["version"]


# ---- variants/base.py: the hooks every variant shares ------------------------------------------------------


def test_first_dealer_is_a_table_choice_the_calculator_does_not_offer():
    """首局庄家 (chicken.md, Options): every variant has first_dealer, host or random, host by default and random
    in zhuoji (seed 004); Option.calc is False since who deals first never changes one hand's score."""
    for vid, default in (("guiyang", "host"), ("zhuoji", "random"), ("wenshan", "host"), ("yuxi", "host")):
        o = next(o for o in get(vid).schema if o.key == "first_dealer")
        assert (o.default, o.choices, o.fixed) == (default, ("host", "random"), False)
        assert o.calc is False


def test_a_kong_may_be_made_with_one_tile_left_to_replace_it():
    """chicken.md (杠): a kong needs a replacement tile; with exactly one tile left in the wall there is one, so
    dealer 0, holding 6666s, may kong."""
    st = start("guiyang", ["6666s1m4m7m1p4p8s3s9s5p2p", S1, S2_JUNK, S3], front="5m", fill=False)
    assert st.back - st.front == 1
    assert kinds(st, 0) == ["discard", "kong"]


def test_a_concealed_kong_is_face_down_to_the_others_until_the_hand_is_over():
    """chicken.md (闷豆, a concealed kong): seat 0 sees seat 1's 5555m face down while the hand runs, and its
    four tiles once the hand is over."""
    st = start("guiyang", B1, front="9s9m1p6m5p7m3s8m", back="2m4m")
    play_until(st, b1_actions("7z")[:3])
    assert [m["tiles"] for m in view(st, 0)["seats"][1]["melds"]] == [[None] * 4]
    st = run("guiyang", B1, front="9s9m1p6m5p7m3s8m", back="2m4m", actions=b1_actions("7z"))
    assert [m["tiles"] for m in view(st, 0)["seats"][1]["melds"]] == [[t("5m")] * 4]


def test_win_score_is_none_for_a_complete_hand_the_rules_refuse():
    """Variant.win_score: "a win possible right now, or None". guiyang, seat 2 (not declared, waits 3s/6s) is
    offered seat 3's 3s: the shape is complete but a 平胡 on a discard needs a pass first (NEEDS_PASS), so
    win_check says why and win_score is None."""
    st = start("guiyang", [S0, S1, S2_READY, S3], front="4p2s3p4p6s6m5p4p2s")
    play_until(st, [[0, "discard", "7z"], [1, "discard", "9p"], [1, "pass"], [2, "discard", "2s"],
                    [3, "discard", "3s"]])
    v = st.variant
    sc = v.win_check(st, 2, t("3s"), WinBy.DISCARD, 3)
    assert sc is not None and (sc.valid, sc.refusal) == (False, "needs_pass")
    assert v.win_score(st, 2, t("3s"), WinBy.DISCARD, 3) is None


def _wenshan_5p_wild(seat0, dealer_hand=H3):
    """wenshan, indicator 4p: the wildcard is 5p and 白 stands for 5p (wenshan.md); dealer 3, seat 0 holds
    ``seat0``."""
    st, _ = scenario.start(scenario_dict("wenshan", [seat0, H1, H2, dealer_hand], front="5m9p1p", flip="4p",
                                         dealer=3))
    assert (st.variant.jokers(st), st.variant.standins(st)) == ({t("5p")}, {t("5z"): t("5p")})
    return st


def test_bai_stands_in_for_the_wildcards_face_in_a_chow():
    """wenshan.md: 白 may stand for the wildcard's face (5p). Seat 0 holds 3p 6p 白: on a 4p it may chow
    3p 4p 白 as 345p or 4p 白 6p as 456p; on a discarded 白 (taken as 5p) with 3p 4p it may chow 345p."""
    st = _wenshan_5p_wild("3p6p5z1m9m1s9s1z2z3z6z6z8m")
    assert st.variant.chow_options(st, 0, t("4p")) == [
        ((t("3p"), t("4p"), t("5z")), (t("3p"), t("4p"), t("5p"))),
        ((t("4p"), t("5z"), t("6p")), (t("4p"), t("5p"), t("6p")))]
    st = _wenshan_5p_wild("3p4p1m9m1s9s1z2z3z6z6z8m9p")
    assert st.variant.chow_options(st, 0, t("5z")) == [((t("3p"), t("4p"), t("5z")), (t("3p"), t("4p"), t("5p")))]


def test_a_pung_on_a_discarded_bai_takes_it_as_itself_when_both_need_one_substitute():
    """wenshan.md: substitutes are chosen automatically, fewest first. Seat 0 holds 白 5p 5p (5p wild): on a
    discarded 白 a pung as 白 needs one wildcard (白 + 5p), a pung as 5p counts the taken 白 as its one stand-in;
    on the tie the tile's own face wins: 白, with 白 and 5p from the hand."""
    st = _wenshan_5p_wild("5z5p5p1m9m1s9s1z2z3z6z6z8m")
    assert st.variant.pung_kong_plan(st, 0, t("5z"), 2) == (t("5z"), [t("5z"), t("5p")])


def _chows(st, tile):
    return [(tiles.fmt(list(p)), tiles.fmt(list(f))) for p, f in st.variant.chow_options(st, 0, t(tile))]


def test_chow_choices_come_fewest_wildcards_first_then_by_faces_then_by_tiles():
    """wenshan.md: a wildcard may stand for any tile in a chow (吃). Seat 0's choices on an 8p with 6p 7p and
    one wildcard 5p: the natural 678p, then the two that use the 5p once (as 6p: 5p7p8p before 6p5p8p), then
    789p; with 3p, 5p 5p and 白 on a 4p (two wildcards held), no choice spends both wildcards as other tiles,
    and 白 standing for 5p is no wildcard."""
    st = _wenshan_5p_wild("6p7p5p1m9m1s9s1z2z3z6z6z8m")
    assert _chows(st, "8p") == [("678p", "678p"), ("578p", "678p"), ("658p", "678p"), ("785p", "789p")]
    st = _wenshan_5p_wild("3p5p5p5z1m9m1s9s1z2z3z6z6z")
    assert _chows(st, "4p") == [("345p", "345p"), ("34p5z", "345p"), ("534p", "234p"), ("545p", "345p"),
                                ("54p5z", "345p"), ("455p", "456p"), ("4p5z5p", "456p")]


def test_a_concealed_kong_needs_a_natural_tile_of_its_face():
    """wenshan.md (decision): a concealed kong needs at least one natural tile of its face, the rest may be
    wildcards (5p). Seat 0 with 5p 5p 5p 5p: a kong of 5p itself or of any face it holds with three 5p, never
    four 5p as a face it does not hold; with 1m and three 5p: 1m, 1z, 2z and 3z (held once) with three 5p."""
    h3 = "4s369m278p36s13z28s2p"  # the dealer's hand without a 5p
    st = _wenshan_5p_wild("5p5p5p5p1m1s1z2z3z6z6z8m9m", h3)
    assert [(tiles.name(f), tiles.fmt(p)) for f, p in st.variant.concealed_kong_plans(st, 0)] == [
        ("1m", "1m555p"), ("8m", "8m555p"), ("9m", "9m555p"), ("5p", "5555p"), ("1s", "1s555p"), ("1z", "1z555p"),
        ("2z", "2z555p"), ("3z", "3z555p"), ("6z", "66z55p")]
    st = _wenshan_5p_wild("1m5p5p5p9s9s1z2z3z6z6z7z7z", h3)
    assert [(tiles.name(f), tiles.fmt(p)) for f, p in st.variant.concealed_kong_plans(st, 0)] == [
        ("1m", "1m555p"), ("9s", "99s55p"), ("1z", "1z555p"), ("2z", "2z555p"), ("3z", "3z555p"), ("6z", "66z55p"),
        ("7z", "77z55p")]


# ---- variants/yuxi_score.py ---------------------------------------------------------------------------------


def test_the_double_kong_flag_alone_is_a_win_after_two_kongs():
    """yuxi.md 双杠上花 (2番): a score input flagged double_kong (two kongs in a row) is a win after a kong even
    without after_kong: 789s 55s + 1111m, 2222p and a chow, self-drawn 5s: 2^(0+2) = 4."""
    res, _ = judge_yuxi("789s55s", "5s", melds=[{"kind": "kong", "tiles": "1111m", "from": 0},
                                                 {"kind": "concealed_kong", "tiles": "2222p"},
                                                 {"kind": "chow", "tiles": "234m", "from": 0}],
                        flags=["double_kong"], kong_draws="9p5s")
    assert keys(res) == ["shuang_gang_hua"] and res["total"] == 4


def test_each_yuxi_pattern_carries_its_fan():
    """yuxi.md: each pattern is shown with its 番: 清一色 (1) with 杠上五梅花 (2) on a 5p after a kong of 1111p,
    self-drawn: 2^(1+2) = 8 from each of the three others."""
    res, _ = judge_yuxi("345p567p789p55p", "5p", melds=[{"kind": "concealed_kong", "tiles": "1111p"}],
                        flags=["after_kong"], kong_draws="5p")
    assert [(p["key"], p["value"]) for p in res["patterns"]] == [("qing_yi_se", 1), ("wu_mei_hua", 2)]
    assert res["total"] == 8 and res["payments"] == {"0": 8, "2": 8, "3": 8}


def _yuxi_sit(hand, win_tile, flags=(), melds=(), how=WinBy.SELF_DRAW):
    opts = get("yuxi").resolve_options({"with_honors": True})
    return Situation("yuxi", opts, 4, 0, 1, tiles.counts(tiles.parse(hand)), list(melds), t(win_tile), how,
                     None, frozenset(flags))


PUNG_9S = Meld(MeldKind.PUNG, (t("9s"),) * 3, (t("9s"),) * 3, 0, 2)


def test_sequence_wins_are_refused_with_a_meld_each_with_its_own_reason():
    """yuxi.md 十风 and 十三幺 (wins by the sequence of discards) allow no meld: refused with SHI_FENG_NO_MELDS and
    SHI_SAN_YAO_NO_MELDS; a shape that is no win is refused with NOT_A_WIN."""
    sc = yuxi_score.score(_yuxi_sit("1357m1357p13s1z", "1z", ["shi_feng"], [PUNG_9S]))
    assert (sc.valid, sc.refusal) == (False, "shi_feng_no_melds")
    sc = yuxi_score.score(_yuxi_sit("1357m1357p13s1z", "1z", ["shi_san_yao"], [PUNG_9S]))
    assert (sc.valid, sc.refusal) == (False, "shi_san_yao_no_melds")
    sc = yuxi_score.score(_yuxi_sit("1357m1357p13s1234z", "1z"))
    assert (sc.valid, sc.refusal) == (False, "not_a_win")


def test_a_shi_feng_win_is_flagged_and_scored_as_a_self_draw():
    """yuxi.md 十风 (1番, paid as a self-draw): flagged shi_feng, no extra pattern, 2^1 = 2 from each other seat."""
    sc = yuxi_score.score(_yuxi_sit("1357m1357p13s1234z", "1z", ["shi_feng"]))
    assert sc.valid and sc.payments == {0: 2, 2: 2, 3: 2}
    assert sc.info == {"fan": 1, "n": 1, "m": 0, "base_key": "shi_feng", "extra_key": None, "flags": ["shi_feng"],
                       "how": WinBy.SELF_DRAW, "formula": "2^1=2", "base": 1, "rob_pays_all": True}


# ---- advice.py: the 小灯泡 and the tile tracker, from a seat's view alone --------------------------------------


def test_a_tile_held_four_times_is_no_wait_and_the_tracker_comes_with_the_waits():
    """Advice (小灯泡): a fifth copy of a tile does not exist, so yuxi seat 1 holding 7777s 234m 567m 789p waits
    on nothing (a 77777s reading would complete it); its advice still carries the tile tracker of its view."""
    st = yuxi_start([None, "7777s234m567m789p", None, None])
    v = view(st, 1)
    a = advise(v)
    assert a.waits == [] and a.per_discard == {} and a.win_refusal is None
    assert a.tracker == tracker(v) and a.tracker[t("7s")] == 0 and a.tracker[t("1m")] == 4



# ---- variants/wenshan_score.py --------------------------------------------------------------------------------


def _wenshan_score(hand, win_tile, melds=(), how=WinBy.SELF_DRAW):
    """A wenshan win scored with 9s as the wildcard (none in these hands)."""
    opts = get("wenshan").resolve_options({})
    return wenshan_score.score(Situation("wenshan", opts, 4, 0, 1, tiles.counts(tiles.parse(hand)), list(melds),
                                         t(win_tile), how, None, frozenset(), t("9s")))


def _pung(face):
    return Meld(MeldKind.PUNG, (t(face),) * 3, (t(face),) * 3, 0, 2)


def test_wenshan_qing_yi_se_needs_one_suit_and_no_honor():
    """wenshan.md 清一色: every tile of one suit. A pung of 东 beside 123m 456p 678s 55s is none (an honor is of
    no suit), nor one beside 123s 456s 678s 55s, nor four honor pungs with a pair of wildcards (9s), nor a pung of
    1p beside 123m 456m 789m 55m (1p is a pin, not a man); the score names its base pattern."""
    sc = _wenshan_score("123m456p678s55s", "5s", [_pung("1z")])
    assert sc.valid and "qing_yi_se" not in [p.key for p in sc.patterns] and sc.info == {"base_key": "ping_hu"}
    sc = _wenshan_score("123m456m789m55m", "5m", [_pung("1p")])
    assert sc.valid and "qing_yi_se" not in [p.key for p in sc.patterns]
    sc = _wenshan_score("123m456m789m55m", "5m", [_pung("1m")])
    assert "qing_yi_se" in [p.key for p in sc.patterns]
    sc = _wenshan_score("123s456s678s55s", "5s", [_pung("1z")])
    assert sc.valid and "qing_yi_se" not in [p.key for p in sc.patterns]
    sc = _wenshan_score("9s9s", "9s", [_pung("1z"), _pung("2z"), _pung("3z"), _pung("4z")])
    assert sc.valid and "qing_yi_se" not in [p.key for p in sc.patterns]


def test_wenshan_refuses_a_hand_that_is_no_win():
    """wenshan: a hand no reading completes is refused with NOT_A_WIN."""
    sc = _wenshan_score("1357m1357p1357s", "1m")
    assert (sc.valid, sc.refusal) == (False, "not_a_win")


# ---- events.py -------------------------------------------------------------------------------------------------


def test_a_concealed_kong_event_hides_its_tiles_from_the_other_seats_only():
    """events.py (SECRET_CONCEALED_KONG; chicken.md 闷豆): seat 1 konges 5555m concealed; seat 0's copy of the
    event keeps who and what kind but not the tiles or face, seat 1's copy has them."""
    st = start("guiyang", B1, front="9s9m1p6m5p7m3s8m", back="2m4m")
    play_until(st, b1_actions("7z")[:1])
    decline(st)
    _, ev = engine.apply(st, Action(1, "kong", t("5m")))
    assert [e for e in events_for(ev, 0) if e["type"] == "kong"] == [
        {"type": "kong", "seat": 1, "kind": "concealed_kong", "late": False}]
    assert [e for e in events_for(ev, 1) if e["type"] == "kong"] == [
        {"type": "kong", "seat": 1, "kind": "concealed_kong", "face": t("5m"), "tiles": [t("5m")] * 4,
         "late": False}]
