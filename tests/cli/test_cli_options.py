"""``score`` and ``replay`` take ``--opt key=value`` like ``play`` and ``sim`` (shared/spec/cli.md): the flag is laid
over the options the JSON carries; a bad pair or value is one line on stderr and exit 2."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli.main import main
from game.rules.match import Match, play_hand

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / "multi-win-off.json"  # 熟手 bots, guiyang seed 12 hand 3: 7p won twice
LAPSE = "      胡 七筒 作废：座位2先胡（一炮多响未勾选）  0"  # replay's text (game/cli/replay_text.py)


def cli(capsys, *args, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_replay_multi_win_off_the_second_hu_lapses(capsys):
    """The file has 一炮多响 on (the default): seats 2 and 3 both win 7p from seat 0. With ``--opt multi_win=off``
    only seat 2 (next after seat 0) wins its 七对 10; seat 3's 平胡 1 lapses (0-point line) and it settles as a
    ready player; deltas +9 -31 +14 +8 become +10 -31 +14 +7; seat 2 deals next either way."""
    code, out, _ = cli(capsys, "replay", str(FIXTURE))
    assert code == 0 and out.splitlines()[1] == "第 1 局 · 庄家 座位0 · 一炮多响 · 座位0 点炮"
    assert "  座位2  +14" in out and "  座位3  +8" in out and LAPSE not in out
    code, out, _ = cli(capsys, "replay", str(FIXTURE), "--opt", "multi_win=off")
    lines = out.splitlines()
    assert code == 0 and lines[1] == "第 1 局 · 庄家 座位0 · 座位2 胡牌 · 座位0 点炮"
    assert LAPSE in lines and "      平胡 1 (←座位0)  +1" not in lines
    assert "  座位2  +14" in lines and "  座位3  +7" in lines and "  座位0  +10" in lines
    assert lines[-1] == "  下局庄家：座位2"
    code, out, _ = cli(capsys, "replay", str(FIXTURE), "--opt", "multi_win=off", "--json")
    res = json.loads(out)
    assert res["winners"] == [2] and res["deltas"] == [10, -31, 14, 7] and res["next_dealer"] == 2
    assert set(res) == {"end", "winners", "deltas", "transfers", "items", "next_dealer"}  # the spec's keys only


def test_replay_opt_over_a_saved_match(capsys, tmp_path):
    """A saved match replayed with another option is replayed under it: dealt from seat 0 (first_dealer=host), its
    log no longer fits a random first dealer that draws another seat, and the command says where."""
    import random

    from game.rules.variants import get

    seed = next(s for s in range(20) if random.Random(f"{s}:first_dealer").randrange(4) != 0)
    m = Match(get("guiyang"), {"first_dealer": "host"}, seed=seed, hands=1)
    play_hand(m, lambda st, seat, legal: legal[-1])
    f = tmp_path / "match.json"
    f.write_text(json.dumps(m.to_json()), encoding="utf-8")
    code, out, _ = cli(capsys, "replay", str(f), "--json")
    assert code == 0 and json.loads(out)["hands"][0]["dealer"] == 0
    code, _, err = cli(capsys, "replay", str(f), "--opt", "first_dealer=random")
    assert code == 2 and "hand 0: recorded dealer 0 but the rules give" in err


def test_score_opt_is_laid_over_the_situation(capsys, monkeypatch):
    """抢杠 平胡 in guiyang: 抢杠包两家 on (the default) makes the robbed seat 2 pay 10 × 3 = 30; ``--opt
    rob_pays_all=off`` over the JSON's own options makes it 10 (chicken.md, Who pays the hand)."""
    sit = {"variant": "guiyang", "options": {"rob_pays_all": True}, "seat": 0, "hand": "123m456m789s234p55s",
           "win_tile": "5s", "win": "rob_kong", "from": 2}
    code, out, _ = cli(capsys, "score", "--json", stdin=json.dumps(sit), monkeypatch=monkeypatch)
    assert code == 0 and json.loads(out)["payments"] == {"2": 30}
    code, out, _ = cli(capsys, "score", "--json", "--opt", "rob_pays_all=off", stdin=json.dumps(sit),
                       monkeypatch=monkeypatch)
    assert code == 0 and json.loads(out)["payments"] == {"2": 10}
    code, out, _ = cli(capsys, "score", "--json", "--opt", "bao_ji=off", "--opt", "multi_win=off",
                       "--opt", "first_dealer=random", stdin=json.dumps(sit), monkeypatch=monkeypatch)
    assert code == 0 and json.loads(out)["payments"] == {"2": 30}  # table rules: no change to one hand's score
    code, out, _ = cli(capsys, "score", "--json", "--opt", "players=3", stdin=json.dumps({**sit, "players": 4}),
                       monkeypatch=monkeypatch)
    assert code == 0 and json.loads(out)["payments"] == {"2": 20}  # the flag names the table size


@pytest.mark.parametrize("args, needle", [
    (["--opt", "multi_win"], "--opt takes key=value, got 'multi_win'"),
    (["--opt", "multi_win=maybe"], "option multi_win is on/off, got 'maybe'"),
    (["--opt", "first_dealer=east"], "option first_dealer must be one of host, random, got 'east'"),
    (["--opt", "soft_lan=on"], "unknown option 'soft_lan'"),
])
def test_bad_opt_is_one_line_exit_2(capsys, args, needle):
    code, out, err = cli(capsys, "replay", str(FIXTURE), *args)
    assert code == 2 and out == "" and err.count("\n") == 1 and needle in err


def test_zhuoji_refuses_multi_win_off(capsys, tmp_path):
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    f = tmp_path / "z.json"
    f.write_text(json.dumps({**data, "variant": "zhuoji", "hands": data["hands"]}), encoding="utf-8")
    code, _, err = cli(capsys, "replay", str(f), "--opt", "multi_win=off")
    assert code == 2 and "option multi_win is fixed" in err


def test_the_cli_doc_shows_this_replay():
    """docs/cli.md's multi-win example is the fixture, and what it prints is what the command prints."""
    import re

    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    m = re.search(r"<!-- example: multi-win -->\s*```json\n(.*?)```", text, re.S)
    assert m and json.loads(m.group(1)) == json.loads(FIXTURE.read_text(encoding="utf-8"))
    shown = re.search(r"```\n\$ python -m game replay multi-win.json --opt multi_win=off\n(.*?)```", text, re.S)
    assert shown
    want = [ln for ln in shown.group(1).splitlines() if ln.strip() != "..."]
    p = subprocess.run([sys.executable, "-m", "game", "replay", str(FIXTURE), "--opt", "multi_win=off"],
                       capture_output=True, text=True, encoding="utf-8", cwd=ROOT, timeout=120)
    got = p.stdout.splitlines()
    assert p.returncode == 0 and LAPSE in got and [ln for ln in got if ln in want] == want
