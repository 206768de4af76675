"""The 高手 in 玉溪扳倒胡 (issue 19): defence against a visible flush, 番 read from the view, win now."""

from __future__ import annotations

from typing import Any

from game.bots import make_bot
from game.bots.ctx import Ctx
from game.bots.levels import make_expert
from game.rules import tiles
from game.rules.actions import Action
from game.rules.view import view
from tests.bots.bot_util import decide, exposed_flush, play, start, until_turn

t = tiles.tile


def test_strong_throws_the_safe_1m_against_the_exposed_flush():
    """The issue's hand in 玉溪 (where the 高手 already threw 1m): seat 1 shows pungs of 2p, 7p, 9p after
    discarding 1m; 1m, 4m, 5p and 7m keep seat 0 equally close; the 熟手 throws 5p into the 筒子."""
    st = exposed_flush("yuxi")
    v = view(st, 0)
    assert make_bot("normal").act(v) == Action(0, "discard", t("5p"))
    assert {decide(st, 0, "strong", s) for s in range(3)} == {Action(0, "discard", t("1m"))}


def _ctx(st, seat):
    ctx = Ctx(view(st, seat))
    return ctx


def test_the_value_of_a_discard_win_is_read_from_the_view():
    """平胡 on a discard: 1 from the discarder; 清一色 (1 番): 2."""
    hands = ["159m159p159s2468m9s", "123m456p789s1122s", "13579m2468p1357s", "2468m13579p2468s"]
    st = start("yuxi", hands, dealer=0)
    play(st, [(0, "discard", "1s")])
    x: Any = make_expert("yuxi")
    assert x.win_value(_ctx(st, 1), t("1s")) == 1.0
    st = start("yuxi", ["2p4p6p8p1s3s5s7s9s2s4s6s8s5m", "1112345678999m", "1p3p7p9p1s2s3s4s6s7s8s9s5p",
                        "2p3p6p7p9p1s2s3s4s6s7s8s9s"], dealer=0)
    play(st, [(0, "discard", "5m")])
    assert x.win_value(_ctx(st, 1), t("5m")) == 2.0


def test_takes_a_plain_discard_win_with_a_good_wait():
    """A 平胡 on a discard pays 1 and ends the hand; passing it for a self-draw (3) is worth less even with
    a two-sided wait, since the discard wins that would follow pay 1 and others may win first."""
    hands = ["159m159p159s2468m9s", "123m456p789s1122s", "13579m2468p1357s", "2468m13579p2468s"]
    st = start("yuxi", hands, dealer=0)
    play(st, [(0, "discard", "1s")])
    assert {decide(st, 1, "strong", s).kind for s in range(3)} == {"hu"}


def test_strong_keeps_the_tail_tile_kong_preference():
    """With 抄底 off a kong is offered only when a face-up tail tile wins (杠上花): still taken."""
    hands = ["5555m123p456p789s1s", "1379m2468p13579s", "2468m13579p2468s", "1347m1367p1367s9s"]
    st = start("yuxi", hands, tail="1s9m", dealer=0)
    assert decide(st, 0, "strong").kind == "kong"


def _facing_the_flush(hand0: str):
    """``exposed_flush``'s table with seat 0 holding ``hand0`` (14 tiles, 9m first thrown)."""
    hands = [hand0, "2p2p7p7p9p9p3p4p5p6p1m8s8m", "2p7p1s3s4s5s6s1m5m6m9m4p1p", "9p2m3m4m5m6m7m8m2s3s4s5s6s"]
    st = start("yuxi", hands, front="8p1p3m2s7s4s1p5p", dealer=0)
    play(st, [(0, "discard", "9m"), (1, "discard", "1m"), (2, "discard", "2p"), (1, "pung"), (1, "discard", "8s"),
              (2, "discard", "7p"), (1, "pung"), (1, "discard", "8m"), (2, "discard", "5m"), (3, "discard", "9p"),
              (1, "pung"), (1, "discard", "3p"), (2, "discard", "6m"), (3, "discard", "2m")])
    return until_turn(st, 0)


def test_two_from_ready_against_a_ready_flush_it_folds():
    """Issue 41's yuxi fold (on by default: build/ab.py +0.004 ±0.003 and +0.003 ±0.003 points a hand, seeds
    4112 and 4115): two or more from ready while an opponent reads ready with chance ≥ 0.45, the 高手 plays
    the safest tile of its hand. Seat 1 shows pungs of 2p, 7p, 9p (read ready 0.7); seat 0 holds
    1m2m4m6m8m 1s2s3s6s8s9s9s 5p, two from ready: it throws 2m, which seat 3 threw (the read's risk 0),
    where without the fold its value choice is 1m (risk 0.015). One from ready it keeps its value choice."""
    v = view(_facing_the_flush("1m2m4m6m8m1s2s3s6s8s9s9s5p9m"), 0)
    folding = make_expert("yuxi")
    assert folding.act(v) == Action(0, "discard", t("2m")) and folding.why == "fold"
    assert make_expert("yuxi", 0, {"fold_shanten": 99}).act(v) == Action(0, "discard", t("1m"))
    v = view(_facing_the_flush("1m2m3m4m6m7m2s3s6s7s8s9s9s9m"), 0)
    near = make_expert("yuxi")
    assert near.act(v) == Action(0, "discard", t("1m")) and near.why != "fold"


def test_issue41_safety_weight_moves_the_fastest_discards_choice_by_the_read():
    """Issue 41, ``safety_weight`` (off by default: build/ab.py noise both ways, see docs/bots.md): one from
    ready against seat 1's pungs of 2p, 7p, 9p, seat 0 holds 1m2m3m4m6m7m 2s3s6s7s8s9s9s + 5p. The fitted
    advantage alone throws 1m (read risk 0.012) over the 熟手's 5p (0.029); weighing the expected loss
    0.3 less (``safety_weight=-0.3``) gives the 熟手's 5p back."""
    v = view(_facing_the_flush("1m2m3m4m6m7m2s3s6s7s8s9s9s9m"), 0)
    assert make_expert("yuxi").act(v) == Action(0, "discard", t("1m"))
    assert make_expert("yuxi", 0, {"safety_weight": 0.5}).act(v) == Action(0, "discard", t("1m"))
    bolder = make_expert("yuxi", 0, {"safety_weight": -0.3})
    assert bolder.act(v) == Action(0, "discard", t("5p")) and bolder.why == "normal"
