"""The command line of shared/spec/cli.md: score, replay, sim; bad input is one line, exit 2, no traceback."""

import json
import subprocess
import sys

import pytest

from game import i18n
from tests.helpers.scen import scenario_dict

ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]


def run(*args, stdin=None):
    p = subprocess.run([sys.executable, "-m", "game", *args], input=stdin, capture_output=True, encoding="utf-8",
                       cwd=ROOT, timeout=120)
    return p.returncode, p.stdout, p.stderr


def test_version():
    code, out, _ = run("--version")
    assert code == 0 and out.startswith("yungui-mahjong ")


def test_score_spec_example_shape():
    """The spec's input example: 7z pair with wildcard 4m -> valid JSON with patterns/total/payments."""
    data = {"variant": "wenshan", "options": {"soft_lan": False}, "players": 4, "dealer": 0, "seat": 1,
            "hand": "1122m3344p5566s77z", "melds": [], "win_tile": "7z", "win": "discard", "from": 0,
            "wildcard": "4m", "flags": []}
    code, out, err = run("score", "--json", stdin=json.dumps(data))
    res = json.loads(out)
    assert code == 0, err
    assert res["valid"] is True and res["patterns"][0]["key"] == "qi_dui"
    assert res["total"] == 4 and res["payments"] == {"0": 4, "2": 4, "3": 4}


def test_score_not_a_win_exit_1():
    data = {"variant": "wenshan", "hand": "1234m3344p5566s77z", "win_tile": "7z", "win": "self_draw",
            "wildcard": "9s", "seat": 0}
    code, out, _ = run("score", "--json", stdin=json.dumps(data))
    assert code == 1 and json.loads(out)["valid"] is False


@pytest.mark.parametrize("payload,needle", [
    ("{not json", "not valid JSON"),
    ('{"variant": "wenshan", "hand": "12x", "win_tile": "1m", "win": "self_draw"}', "hand"),
    ('{"variant": "wenshan", "hand": "1122m3344p5566s77z", "win_tile": "7z", "win": "sideways"}', "win must be"),
    ('[1, 2]', "JSON object"),
])
def test_score_malformed_one_line_exit_2(payload, needle):
    code, _out, err = run("score", stdin=payload)
    assert code == 2
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1 and needle in err


def test_replay_scenario_json(tmp_path):
    hands = ["19m19p19s123z66z8p5m", "44s7s19m19p1s23z6z28m", "11223344m5566s7s", "4s369m258p36s13z28s2p"]
    sc = scenario_dict("wenshan", hands, front="9m3p4p4s", flip="4z", dealer=3,
                  actions=[[3, "discard", "4s"], [1, "pung"], [1, "discard", "7s"], [2, "discard", "9m"],
                           [3, "discard", "3p"], [0, "discard", "4p"], [1, "kong", "4s"], [2, "hu"]])
    f = tmp_path / "s.json"
    f.write_text(json.dumps(sc))
    code, out, err = run("replay", str(f), "--json")
    assert code == 0, err
    res = json.loads(out)
    assert set(res) == {"end", "winners", "deltas", "transfers", "items", "next_dealer"}
    assert res["end"] == "win" and res["winners"] == [2] and sum(res["deltas"]) == 0
    assert res["deltas"] == [-4, -4, 12, -4] and res["next_dealer"] == 2
    assert all(set(t) == {"from", "to", "points", "reason"} for t in res["transfers"])
    code, out, _ = run("replay", str(f), "--lang", "en")
    assert code == 0 and "seat 2 robs seat 1's kong" in out and "Next dealer: seat 2" in out


def test_replay_illegal_action_names_index(tmp_path):
    sc = scenario_dict("wenshan", ["19m19p19s123z66z8p5m", "44s7s19m19p1s23z6z28m", "11223344m5566s7s",
                              "4s369m258p36s13z28s2p"], flip="4z", dealer=3, actions=[[3, "discard", "9s"]])
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(sc))
    code, _, err = run("replay", str(f))
    assert code == 2 and "action 0" in err and "Traceback" not in err


def test_replay_missing_file_and_bad_scenario(tmp_path):
    code, _, err = run("replay", str(tmp_path / "none.json"))
    assert code == 2 and "cannot read" in err
    f = tmp_path / "x.json"
    f.write_text(json.dumps({"variant": "wenshan", "hands": ["123m"], "wall": ""}))
    code, _, err = run("replay", str(f))
    assert code == 2 and len(err.strip().splitlines()) == 1


def test_sim_json_and_saved_match_replay(tmp_path):
    """The sim's JSON totals are those of its match: the same match (same bots, seeds and walls), saved to a
    file, replays through ``replay`` to exactly these totals, hand by hand."""
    from game.bots import make_bot
    from game.bots.runner import play_match
    from game.cli.sim import default_level
    from game.rules.variants import get

    code, out, err = run("sim", "--variant", "wenshan", "--hands", "3", "--seed", "5", "--json")
    assert code == 0, err
    res = json.loads(out)
    assert res["hands"] == 3 and len(res["seats"]) == 4 and sum(res["totals"]) == 0
    for key in ("hands_per_s", "draws"):
        assert key in res
    v = get("wenshan")
    level = default_level()
    stats = play_match(v, v.resolve_options({}), 5, 3, [make_bot(level, seed=f"5:{i}") for i in range(4)],
                       [level] * 4)
    assert list(stats.totals) == res["totals"]
    saved = stats.match.to_json()
    assert len(saved["hands_played"]) == 3
    saved["totals"] = [0] * 4  # the replay must recompute them from the hands' actions, not echo them
    f = tmp_path / "sim.json"
    f.write_text(json.dumps(saved))
    code, out, err = run("replay", str(f), "--json")
    assert code == 0, err
    assert json.loads(out)["totals"] == res["totals"]


def test_saved_match_replays(tmp_path):
    from game.bots.runner import play_match
    from game.bots.simple import SimpleBot
    from game.rules.variants import get

    stats = play_match(get("kunming"), {"players": 3}, 9, 3, [SimpleBot(i) for i in range(3)])
    f = tmp_path / "m.json"
    f.write_text(json.dumps(stats.match.to_json()))
    code, out, err = run("replay", str(f), "--json")
    assert code == 0, err
    assert json.loads(out)["totals"] == stats.totals


def test_sim_bad_args_exit_2():
    for args in (["sim", "--variant", "wenshan", "--hands", "0"], ["sim", "--variant", "wenshan"],
                 ["sim", "--variant", "wenshan", "--hands", "2", "--opt", "players=5"],
                 ["bogus"], ["bench", "nope"]):
        code, _, err = run(*args)
        assert code == 2 and "Traceback" not in err, (args, err)


def test_kunming_is_wenshan_under_its_own_name():
    from game.rules.variants import get

    k, w = get("kunming"), get("wenshan")
    assert i18n.variant_name(k.id, "zh") != i18n.variant_name(w.id, "zh")
    assert [o.key for o in k.schema] == [o.key for o in w.schema]
    assert [o.default for o in k.schema] == [o.default for o in w.schema]
    _code, out, _ = run("score", "--json", stdin=json.dumps({
        "variant": "kunming", "hand": "1133m2277p5599s66z", "win_tile": "6z", "win": "self_draw",
        "wildcard": "4m", "seat": 1}))
    assert json.loads(out)["total"] == 8
