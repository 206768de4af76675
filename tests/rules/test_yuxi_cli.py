"""yuxi through the command line (shared/spec/cli.md): ``replay`` of a scenario and of a saved match,
``sim`` with options, and the option schema used by the menus."""

import json

import pytest

from game import i18n
from game.bots import make_bot
from game.bots.runner import play_match
from game.cli import replay as replay_cli
from game.cli.main import main
from game.errors import UsageError
from game.rules.variants import get
from tests.rules.yuxi_util import deal

V = get("yuxi")


def test_replay_scenario_json(tmp_path):
    """A hand-written scenario: 暗杠 1m, the face-up 5s wins 杠上花 automatically (no action needed)."""
    data = deal(["1111m234p567p789s5s", None, None, None], tail="9m5s", actions=[[0, "kong", "1m"]])
    f = tmp_path / "hand.json"
    f.write_text(json.dumps(data), encoding="utf-8")
    out, code = replay_cli.run(str(f), True)
    res = json.loads(out)
    assert code == 0
    assert res["end"] == "win" and res["winners"] == [0] and res["deltas"] == [6, -2, -2, -2]
    assert res["next_dealer"] == 0
    assert {tr["reason"] for tr in res["transfers"]} == {"gang_shang_hua"}
    assert any("杠上花 2^(0+1)=2 自摸" in line and "+6" in line for line in res["items"])
    text, _ = replay_cli.run(str(f), False, "en")
    assert "Hand 1 · dealer seat 0 · seat 0 wins by self-draw" in text and "Next dealer: seat 0" in text


def test_replay_illegal_action_names_its_index(tmp_path):
    """抄底 off: the kong is not legal when no face-up tile wins; the error names action 0."""
    data = deal(["1111m234p567p789s5s", None, None, None], tail="9m8m", actions=[[0, "kong", "1m"]])
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(UsageError, match="action 0"):
        replay_cli.run(str(f), True)


@pytest.mark.parametrize("opts", [{}, {"chao_di": True, "with_honors": True}, {"players": 2, "rob_pays_all": False}])
def test_saved_match_replays_exactly(tmp_path, opts):
    """A bot match saved as JSON replays to the same totals (automatic tail wins are not logged)."""
    options = V.resolve_options(opts)
    n = V.players(options)
    stats = play_match(V, options, 7, 12, [make_bot("simple", seed=i) for i in range(n)])
    saved = stats.match.to_json()
    f = tmp_path / "match.json"
    f.write_text(json.dumps(saved), encoding="utf-8")
    out, code = replay_cli.run(str(f), True)
    res = json.loads(out)
    assert code == 0 and res["totals"] == saved["totals"] and sum(res["totals"]) == 0


def test_sim_with_options(capsys):
    code = main(["sim", "--variant", "yuxi", "--hands", "30", "--seed", "1", "--opt", "chao_di=on",
                 "--opt", "with_honors=on", "--opt", "players=3", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["hands"] == 30 and len(out["seats"]) == 3 and sum(out["totals"]) == 0
    assert out["options"]["chao_di"] is True and out["options"]["with_honors"] is True


@pytest.mark.parametrize("opt", ["players=5", "chao_di=maybe", "nope=1", "base=0"])
def test_sim_bad_option_is_one_line_exit_2(capsys, opt):
    assert main(["sim", "--variant", "yuxi", "--hands", "1", "--opt", opt]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1


def test_option_schema():
    """Options of shared/rules/yuxi.md with defaults, Chinese/English labels and help for the menus."""
    sch = {o.key: o for o in V.schema}
    assert list(sch) == ["players", "with_honors", "chao_di", "rob_pays_all", "base", "first_dealer"]
    assert V.resolve_options({}) == {"players": 4, "with_honors": False, "chao_di": False, "rob_pays_all": True,
                                     "base": 1, "first_dealer": "host"}
    assert sch["players"].choices == (2, 3, 4)
    assert [i18n.option_label(sch[k], "zh") for k in ("with_honors", "rob_pays_all", "base")] == \
        ["有风", "抢杠三家包", "底注"]
    assert i18n.option_label(sch["chao_di"], "zh").startswith("抄底")
    assert all(i18n.option_label(o, "en") and i18n.option_help(o, "zh") and i18n.option_help(o, "en")
               for o in V.schema if o.key != "players")
