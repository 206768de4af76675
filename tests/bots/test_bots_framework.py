"""The bot framework: levels and names, determinism, views in wire form, the sim summary and the bench's JSON."""

import json
from typing import Any

import pytest

from game.bench import bots as bench
from game.bots import make_bot
from game.bots.levels import LEVELS
from game.bots.runner import play_match
from game.cli.main import main as cli_main
from game.rules import engine
from game.rules.match import Match
from game.rules.variants import get
from game.rules.view import view


def test_levels_and_their_names():
    assert set(LEVELS) == {"easy", "normal", "strong"}
    assert [LEVELS[k].name_zh for k in ("easy", "normal", "strong")] == ["新手", "熟手", "高手"]
    for k in LEVELS:
        bot: Any = make_bot(k)
        assert bot.level == k
    with pytest.raises(ValueError):
        make_bot("grandmaster")


def _actions(variant, level, seed):
    v = get(variant)
    m = Match(v, {}, seed, 1)
    st, _ = m.start_hand()
    bots = [make_bot(level, seed=f"{seed}:{s}") for s in range(st.n)]
    out = []
    while st.end is None:
        s = next(s for s in engine.acting_seats(st) if engine.legal_actions(st, s))
        a = bots[s].act(view(st, s))
        out.append(a)
        engine.apply(st, a)
    return out


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_deterministic_given_the_seed(level):
    assert _actions("wenshan", level, 7) == _actions("wenshan", level, 7)


def test_a_view_that_crossed_the_wire_gets_the_same_answer():
    """A LAN client's view (netplay.protocol's wire form through JSON, decoded back): the same Action."""
    from netplay.protocol import view_from_wire, view_to_wire

    v = get("yuxi")
    st, _ = Match(v, {}, 3, 1).start_hand()
    seat = engine.acting_seats(st)[0]
    local = view(st, seat)
    remote = view_from_wire(json.loads(json.dumps(view_to_wire(local))))
    assert remote["legal"] == local["legal"]
    for level in LEVELS:
        assert make_bot(level, 1).act(remote) == make_bot(level, 1).act(local)


def test_runner_flags_an_illegal_action():
    class Rogue:
        name = "rogue"

        def act(self, view):
            a = view["legal"][0]
            return a._replace(seat=(a.seat + 1) % view["n"])

    v = get("wenshan")
    with pytest.raises(AssertionError):
        play_match(v, v.resolve_options({}), 0, 1, [Rogue()] * 4, check_legal=True)


def test_sim_prints_a_summary_per_bot(capsys):
    assert cli_main(["sim", "--variant", "guiyang", "--hands", "3", "--bots", "strong,normal,easy,normal"]) == 0
    out = capsys.readouterr().out
    for word in ("win%", "deal-in%", "draw%", "ms/dec", "hands/s", "per bot level", "strong", "easy"):
        assert word in out
    assert cli_main(["sim", "--variant", "yuxi", "--hands", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    seat = data["seats"][0]
    for key in ("points", "win_rate", "deal_in_rate", "draw_rate", "mean_decision_ms", "hands_per_s"):
        assert key in seat
    assert data["seats"][0]["bot"] == "normal"  # the default level


def test_bench_json_shape(capsys):
    assert bench.main(["--hands", "4", "--json", "--jobs", "1", "--variants", "wenshan,zhuoji"]) == 0
    data = json.loads(capsys.readouterr().out)
    for vid in ("wenshan", "zhuoji"):
        e = data[vid]
        for key in ("strong_minus_normal", "strong_minus_normal_ci95", "normal_minus_easy",
                    "normal_minus_easy_ci95", "hands_per_s"):
            assert isinstance(e[key], (int, float))
        assert e["hands_played"] == 8
        assert e["strong_minus_normal_hands"] == e["normal_minus_easy_hands"] == 4
    assert set(data["decision_ms_p99"]) == {"easy", "normal", "strong"}
    style = data["zhuoji"]["style"]
    assert data["zhuoji"]["style_hands"] == 4
    assert list(style) == ["ready_at_end", "qi_dui_per_100_wins", "qing_yi_se_per_100_wins",
                           "free_kongs_taken_at_once", "first_chicken_claimed", "ying_gong_rate", "self_draw_rate",
                           "mean_win_total", "deal_ins_per_100", "win_rate"]
    assert all(set(v) == {"strong", "normal"} for v in style.values())
    assert style["ying_gong_rate"] == {"strong": None, "normal": None}  # 硬功 is wenshan's
    assert data["wenshan"]["style"]["first_chicken_claimed"] == {"strong": None, "normal": None}


def test_bench_default_hands_are_at_least_2000_per_variant():
    """Issue 5: the strength targets hold over at least 2,000 hands per variant at the default N."""
    from game.rules.variants import ids

    for vid in ids():
        for strong, weak in bench.PAIRINGS:
            assert bench.default_hands(vid, strong, weak) >= 2000
    assert bench.default_hands("yuxi") > 2000  # the small 玉溪 edge of strong over normal needs more hands
    assert bench.default_hands("yuxi", "normal", "easy") == 2000
    assert bench.default_hands("not-a-variant") == 2000
