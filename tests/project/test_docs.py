"""The examples in docs/ are real: the saved replay replays, the scenario plays, the score input scores, each with
the results the docs print; and the README links docs/ inside the repository."""

import json
import re
from pathlib import Path

import pytest

from game.cli import replay as replay_cli
from game.cli import score as score_cli
from game.cli.replay import result_json
from game.rules import scenario
from game.rules.match import replay_match
from game.rules.variants import get
from game.ui import settings as cfg

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def example(doc: str, name: str) -> str:
    """The ```json block right after ``<!-- example: NAME -->`` in docs/DOC."""
    text = (DOCS / doc).read_text(encoding="utf-8")
    m = re.search(rf"<!-- example: {name} -->\s*```json\n(.*?)```", text, re.S)
    assert m, f"no example {name!r} in docs/{doc}"
    return m.group(1)


def printed(doc: str, command: str) -> list[str]:
    """The lines the docs show under ``$ COMMAND`` (up to the end of that block), "..." lines left out."""
    text = (DOCS / doc).read_text(encoding="utf-8")
    m = re.search(rf"```\n\$ {re.escape(command)}\n(.*?)```", text, re.S)
    assert m, f"docs/{doc} shows no output of {command!r}"
    return [ln for ln in m.group(1).splitlines() if ln.strip() != "..."]


def test_the_saved_replay_example_replays_as_the_docs_say(tmp_path):
    f = tmp_path / "20261130-210500-wenshan.json"
    f.write_text(example("file-formats.md", "replay"), encoding="utf-8")
    data = cfg.load_replay(f)  # what the game's replay list reads
    assert data["format"] == "yungui-replay-1" and data["human_seat"] == 0
    m = replay_match(get(data["match"]["variant"]), data["match"])
    assert m.scores == data["match"]["totals"]
    assert [r["deltas"] for r in m.records] == [h["deltas"] for h in data["match"]["hands_played"]]
    out, code = replay_cli.run(str(f), False)
    want = printed("file-formats.md", "python -m game replay 20261130-210500-wenshan.json")
    assert code == 0 and out.splitlines() == want


def test_a_saved_replay_lists_in_the_game(tmp_path, monkeypatch):
    monkeypatch.setenv("YUNGUI_HOME", str(tmp_path))
    (tmp_path / "replays").mkdir()
    (tmp_path / "replays" / "20261130-210500-wenshan.json").write_text(example("file-formats.md", "replay"),
                                                                      encoding="utf-8")
    (entry,) = cfg.list_replays()
    assert entry.error is None and (entry.variant, entry.hands, entry.totals) == ("wenshan", 2, [5, -3, -3, 1])


def test_the_scenario_example_plays_as_the_docs_say(tmp_path):
    data = json.loads(example("file-formats.md", "scenario"))
    res = result_json(scenario.run(data))
    assert res["end"] == "win" and res["winners"] == [3] and res["deltas"] == [-6, -3, -3, 12]
    f = tmp_path / "scenario.json"
    f.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    out, code = replay_cli.run(str(f), False)
    shown = printed("file-formats.md", "python -m game replay scenario.json")
    assert code == 0
    lines = out.splitlines()
    for ln in shown:  # every line the docs show, in the same order
        assert ln in lines, ln
    assert [ln for ln in lines if ln in shown] == shown


def test_the_score_example_scores_as_the_cli_doc_says():
    out, code = score_cli.run(example("cli.md", "score"), True)
    assert code == 0
    res = json.loads(out)
    text = (DOCS / "cli.md").read_text(encoding="utf-8")
    shown = json.loads(re.search(r"Output \(`--json`.*?```json\n(.*?)```", text, re.S).group(1))
    assert res == shown


def test_the_readme_links_the_docs_in_the_repository():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "../shared" not in readme
    for target in re.findall(r"\]\((docs/[^)#]+)", readme):
        assert (ROOT / target).exists(), target
    assert "docs/cli.md" in readme and "docs/file-formats.md" in readme


@pytest.mark.parametrize("doc", ["cli.md", "file-formats.md"])
def test_links_between_the_docs_resolve(doc):
    text = (DOCS / doc).read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)#:]+\.md)", text):
        assert (DOCS / target).exists(), target


def test_the_cli_doc_names_every_command():
    from game.cli.main import build_parser

    text = (DOCS / "cli.md").read_text(encoding="utf-8")
    sub = next(a for a in build_parser()._actions if a.dest == "cmd")
    for name in sub.choices:
        assert f"python -m game {name}" in text, name


def test_the_bots_record_names_real_settings_with_their_defaults():
    """docs/bots.md's table of settings tried states each 高手 setting's default in brackets; the chicken
    高手 must have that setting with that default (each game's, where the doc names them), so the record
    cannot drift from the code it describes."""
    from game.bots.strong_chicken import ChickenExpert

    text = (DOCS / "bots.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(\w+)` \(([^)]*)\)", text, re.M)
    assert len(rows) >= 15, rows
    games = {vid: ChickenExpert(vid) for vid in ("guiyang", "zhuoji")}
    for key, default in rows:
        named = dict((vid, float(v)) for v, vid in re.findall(r"(\d+(?:\.\d+)?) (guiyang|zhuoji)", default))
        want = named or dict.fromkeys(games, float(default))  # "0.6 guiyang, 0.7 zhuoji", or one for both
        assert want.keys() == games.keys(), (key, default)
        for vid, x in games.items():
            assert getattr(x, key) == pytest.approx(want[vid]), (key, vid)


def test_the_bots_record_names_tools_that_exist():
    text = (DOCS / "bots.md").read_text(encoding="utf-8")
    tools = set(re.findall(r"build/(\w+\.py)", text))
    assert {"ab.py", "pimc.py", "oracle.py", "diverge.py", "breakdown.py"} <= tools
    for t in tools:
        assert (ROOT / "build" / t).exists(), t


def test_the_mutation_run_names_files_that_exist():
    """docs/mutation-testing.md's run reads pyproject.toml: its test selection and copies must exist (tests move)."""
    import tomllib

    conf = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mutmut"]
    paths = conf["pytest_add_cli_args_test_selection"] + conf["also_copy"] + conf["source_paths"]
    assert len(paths) > 20 and not [p for p in paths if not (ROOT / p).exists()]


def test_the_mutation_run_selects_every_spec_test_of_the_rules():
    """[tool.mutmut]'s test selection is the rules' specification: every tests/rules/test_*.py is in it but the long
    random-play soaks it leaves out on purpose (docs/mutation-testing.md). A new spec file left out would let every
    mutant only it can kill survive (issue 44's test_table_options.py was, in the first fresh sample after it)."""
    import tomllib

    cfg = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mutmut"]
    selected = set(cfg["pytest_add_cli_args_test_selection"])
    soaks = {"tests/rules/test_properties.py", "tests/rules/test_chicken_soak.py", "tests/rules/test_yuxi_soak.py",
             "tests/rules/test_soak.py"}
    files = {p.relative_to(ROOT).as_posix() for p in (ROOT / "tests" / "rules").glob("test_*.py")}
    assert files - soaks == selected


def test_every_listed_equivalent_or_killed_by_hand_mutant_names_a_function_of_the_rules():
    """docs/mutation-equivalents.json and docs/mutation-killed-by-hand.json key mutants by mutmut's names
    (module, function or class and method, number). An entry whose function is gone would excuse nothing real, and
    one whose number now denotes another mutant could excuse a real survivor: after editing a rules module, its
    entries are checked again (docs/mutation-testing.md). This catches the first kind (codes.text, chicken._opt)."""
    import ast

    for doc in ("mutation-equivalents.json", "mutation-killed-by-hand.json"):
        for name in json.loads((ROOT / "docs" / doc).read_text(encoding="utf-8")):
            mod, _, mangled = name.partition(".x")
            func = re.sub(r"__mutmut_\d+$", "", mangled)
            tree = ast.parse((ROOT / (mod.replace(".", "/") + ".py")).read_text(encoding="utf-8"))
            defs = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
            defs |= {f"ǁ{c.name}ǁ{m.name}" for c in tree.body if isinstance(c, ast.ClassDef)
                     for m in c.body if isinstance(m, ast.FunctionDef)}
            assert func.removeprefix("_") in defs, (doc, name)


def test_the_mutation_run_copies_every_part_of_the_game_but_the_rules():
    """Issue 42 point 2 (a fresh sample every time): mutmut builds its tree from source_paths (game/rules/, mutated)
    and also_copy. A part of game/ left out is imported from wherever the package is installed (another checkout),
    and without game/locale/ beside the copied game/__init__.py no text has a catalog: collecting the selection
    fails (KeyError 'bot.name') and the run stops before any mutant. game/i18n.py and game/locale/ were missing."""
    import tomllib

    cfg = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mutmut"]
    copied = {p.rstrip("/") for p in cfg["also_copy"] + cfg["source_paths"]}
    parts = {p.relative_to(ROOT).as_posix() for p in (ROOT / "game").iterdir() if p.name != "__pycache__"}
    assert parts - copied == set()
