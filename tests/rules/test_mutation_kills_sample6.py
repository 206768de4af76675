"""Contracts the sixth fresh mutation sample (docs/mutation-fresh.json, seed 1012576296) found unguarded (issue 42):
the nested count tables' digit order, 热炮 never marked on a robbed kong, a wenshan 暗杠 with 白 as the wildcard,
a scenario's message when a script refuses a forced win, and the usage line of the tables command."""

from __future__ import annotations

import pytest

from game.rules import analysis, engine, scenario, tables, tiles
from game.rules.actions import Action
from tests.helpers.scen import scenario_dict
from tests.rules.chicken_hands import J3, WAIT_6S_9M
from tests.rules.chicken_util import run
from tests.rules.wenshan_util import H1, H2, H3

t = tiles.tile


def test_nested_tables_are_indexed_by_the_base5_digits_lowest_first():
    """analysis._nested: ``out[c0][c1]...`` is ``flat[c0 + 5 * c1 + 25 * c2 ...]`` (win_shapes reads a suit's and the
    honors' keys through such tables). Kills analysis._nested__mutmut_7, which drops the sliced table: under
    mutmut it only ran at import, so this calls the function itself."""
    assert analysis._nested(range(5), 1) == (0, 1, 2, 3, 4)
    nested = analysis._nested(range(125), 3)
    assert [nested[c0][c1][c2] for c0, c1, c2 in [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1), (4, 3, 2)]] == [
        0, 1, 5, 25, 4 + 15 + 50]


def test_a_robbed_kong_is_not_a_hot_discard():
    """chicken.md: 热炮 is a discard made after a kong's replacement; 抢杠 takes a tile being added to a kong, not a
    discard. guiyang, dealer 0: seat 1 pungs 6p, konges 5555m at once and throws 7m after the replacement (a hot
    discard); later it adds its fourth 6p and seat 2 robs it. The win is rob_kong from seat 1 with the event 抢杠
    only and no flags: the robbed seat's earlier hot 7m does not make it 热炮 (situation__mutmut_39 read it)."""
    hands = ["6p1m4m7m2p3s6s9s7z4p8m2m7z3m", "5555m6p6p1s1s234s9m7m", "234m678m345s5p9s9s1p",
             "9p1m4m7m2p5s8s7z3p6m2s1p7s"]
    actions = [[0, "discard", "6p"], [1, "pung"], [1, "kong", "5m"], [1, "discard", "7m"], [2, "discard", "1p"],
               [3, "discard", "3m"], [0, "discard", "3p"], [1, "kong", "6p"], [2, "hu"]]
    st = run("guiyang", hands, front="7p3m3p6p6s", back="9m", actions=actions)
    assert st.seats[1].discards[-1].after_kong  # the robbed seat's last discard was hot
    w = st.wins[0]
    assert (w.seat, w.how, w.source, w.flags) == (2, "rob_kong", 1, [])
    assert (w.score.info["events"], w.score.info["flags"]) == (["qiang_gang"], [])


def test_wenshan_concealed_kong_with_white_as_the_wildcard():
    """wenshan.md: 暗杠 is four in hand and may include substitutes; with the indicator 发 the wildcard is 白, so
    the 白 are the jokers. Seat 0 holds 777p and one 白, draws 5m in its first turn: it may kong 7p concealed,
    the meld being 777p + 白 shown as four 7p (concealed_kong_plans__mutmut_4 offered only four natural 7p)."""
    hands = ["777p5z4s19s9p123z6z8m", H1, H2, H3]
    st, _ = scenario.start(scenario_dict("wenshan", hands, front="5m6m", back="3p", flip="6z", dealer=3))
    assert st.extra["wildcard"] == tiles.WHITE
    engine.apply(st, Action(3, "discard", t("2p")))
    assert (st.turn, st.seats[0].drawn) == (0, t("5m"))
    assert [a.tile for a in engine.legal_actions(st, 0) if a.kind == "kong"] == [t("7p")]
    engine.apply(st, Action(0, "kong", t("7p")))
    m = st.seats[0].melds[0]
    assert (m.kind, m.tiles, m.faces) == ("concealed_kong", tuple(tiles.parse("777p5z")), (t("7p"),) * 4)


def test_a_script_refusing_a_forced_win_is_told_which_action_and_why():
    """scenario.play: a scripted action a forced win (地胡, chicken.md: 天胡/地胡 may not be passed) makes illegal is
    refused naming the action's index, the action and the engine's reason. guiyang: seat 2 could pung the dealer's
    first discard 6s, but 地胡 on it leaves only 胡 (play__mutmut_37 raised ScenarioError(None))."""
    hands = ["6s1m4m7m1p4p7p2s5s8s3m6m9m2p", J3, WAIT_6S_9M, "1m4m7m2p5p8p3s6s9s2m5m8m3p"]
    with pytest.raises(scenario.ScenarioError) as e:
        run("guiyang", hands, actions=[[0, "discard", "6s"], [2, "pung"]])
    assert str(e.value) == "action 1 2 pung: 2 pung is not legal now (seat 2 may: hu)"


def test_the_tables_command_without_a_mode_prints_its_usage_and_exits_2(capsys):
    """``python -m game.rules.tables`` with neither --build nor --check prints its help, whose usage line names the
    command as it is run, and returns 2 (main__mutmut_6 named it 'XXpython -m game.rules.tablesXX')."""
    assert tables.main([]) == 2
    out = capsys.readouterr().out
    assert out.startswith("usage: python -m game.rules.tables [-h] [--build] [--check]\n")
