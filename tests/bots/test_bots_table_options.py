"""Bots at a table with the issue-44 options off. 一炮多响 off (guiyang ``multi_win=off``): a 胡 that lapses is not an
error, at every level. 包鸡 off: the 高手 no longer counts exposed chickens (the 冲锋鸡 aside) as owed.

tests/fixtures/multi-win-off.json is a hand 熟手 bots played (seed 12, hand 3, ``--opt multi_win=off``): seat 0's
7p is won by seats 2 and 3. Bots of each level take the hand over just before that discard's answers.
"""

import json
from pathlib import Path
from typing import Any

import pytest

from game.bots import make_bot
from game.bots.levels import ALL_LEVELS
from game.bots.runner import IllegalAction, decisions, play_match
from game.rules import engine, scenario, tiles
from game.rules.actions import HU
from game.rules.variants import get

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "multi-win-off.json"


def _before_the_answers():
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    data["options"] = {"multi_win": False}
    st, actions = scenario.start(data)
    assert [(a.seat, a.kind) for a in actions[-2:]] == [(2, HU), (3, HU)]
    for a in actions[:-2]:
        engine.apply(st, a)  # the log answers every window it was asked (a bot match logs its passes)
    assert st.phase == "claim" and st.last_discard == (0, tiles.tile("7p"))
    return st


@pytest.mark.parametrize("level", sorted(ALL_LEVELS))
def test_a_lapsed_win_is_not_an_error_for_any_bot(level):
    """Both seats the discard completes answer 胡 through their views; only seat 2 (next after the discarder) wins,
    seat 3's 胡 lapses, and every action each bot returned was one its view offered."""
    st = _before_the_answers()
    bots = [make_bot(level, seed=f"lapse:{i}") for i in range(4)]
    chosen = []
    for seat, v, a in decisions(st, bots):
        if a not in v["legal"]:
            raise IllegalAction(f"{level} seat {seat} returned {a}, not among {v['legal']}")
        chosen.append((seat, a.kind))
    assert (2, HU) in chosen and (3, HU) in chosen
    assert st.end == "win" and [w.seat for w in st.wins] == [2] and st.extra["lapsed"] == [3]
    assert st.variant.next_dealer(st) == 2


@pytest.mark.parametrize("level", sorted(ALL_LEVELS))
def test_bots_play_a_match_with_multi_win_off(level):
    """A short guiyang match of one level with 一炮多响 off: only legal actions, zero-sum hands, at most one winner
    per hand."""
    hands = []
    bots = [make_bot(level, seed=f"mw:{i}") for i in range(4)]
    stats = play_match(get("guiyang"), {"multi_win": False, "bao_ji": False}, 12, 4, bots, check_legal=True,
                       on_hand=lambda st, rec: hands.append(rec))
    assert stats.hands == 4 and sum(stats.totals) == 0
    assert all(len(r["winners"]) <= 1 and sum(r["deltas"]) == 0 for r in hands)


# The 包鸡 table of tests/rules/test_table_options.py: dealer 0 (not ready) has let 1s go twice, the first a 冲锋鸡.
A = ["1s1s2m5m9m3p6p9p4s7s7z3m5p9s", "123m456m789m8p8p1s4p", "123p456p789s23m77p", "8p1m4m7m2p5p9p2s5s3s6s7z9m"]
A_ACTIONS = [[0, "discard", "1s"], [1, "discard", "4p"], [2, "discard", "9m"], [3, "discard", "8p"],
             [0, "discard", "1s"]]


@pytest.mark.parametrize("bao_ji, owed", [(True, 3.0), (False, 2.0)])
def test_the_expert_counts_what_bao_ji_makes_it_owe(bao_ji, owed):
    """Seat 0's chickens if it ends not ready: 包冲锋鸡 2 plus, with 包鸡, its plain exposed 1s (1). What it would
    collect if ready (3) does not change."""
    from game.bots.ctx import Ctx
    from game.bots.levels import make_expert
    from game.rules.view import view
    from tests.rules.chicken_util import play_until, start

    st = play_until(start("guiyang", A, front="1s9m7z6s8p6p", options={"bao_ji": bao_ji}), A_ACTIONS)
    plan: Any = make_expert("guiyang")
    total, expo, _beans = plan.own_fowl(Ctx(view(st, 0)))
    assert (total, expo) == (3.0, owed)
