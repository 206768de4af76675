"""A fresh random sample of mutants of the rules core: kill rates by the tests alone and by tests + mypy.

    nice -n 10 python build/mutation_fresh.py [--n 150] [--seed S] [--max-children 2] [--json FILE]

Every run starts from nothing: the worktree's files (tracked and untracked, not ignored) are copied
into a scratch folder (``mutants-fresh/``, emptied first), mutmut generates every mutant
of ``game/rules`` there, and ``--n`` of them are drawn uniformly at random with ``--seed`` (a new
random seed when none is given; it is printed first, so a run can be repeated). The sampled mutants
run under ``mutmut run`` **without** its type check, so each verdict is the tests' alone; mypy's
verdict on every sampled mutant comes from one separate pass of the configured ``type_check_command``
over the same mutants. Survivors listed in docs/mutation-equivalents.json are reported as
equivalent and left out of both rates.

The JSON (``--json``; docs/mutation-fresh.json is the committed latest) holds ``sample_seed``,
``mutants``, ``killed_by_tests``, ``killed_by_tests_or_mypy``, ``equivalent``, ``commit`` (with
``dirty`` when the worktree had changes), both rates, and every survivor with its diff.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / "mutants-fresh"  # not under build/: `build.py --clean` empties build/work
EQUIVALENT_FILE = ROOT / "docs" / "mutation-equivalents.json"
BY_HAND_FILE = ROOT / "docs" / "mutation-killed-by-hand.json"  # killed by a test when applied by hand (import time)

KILLED = {1, 3, 36, -24, 24, 152, 255, -11, -9}  # a test failed, mutmut's CPU-time limit, or a crash
STATUS = {0: "survived", 5: "no tests", 33: "no tests", 34: "skipped", 35: "suspicious", None: "not checked"}


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout


def copy_tree(dest: Path) -> None:
    """The worktree as it is (tracked and new files, nothing ignored) into ``dest``."""
    if dest.exists():
        shutil.rmtree(dest)
    files = _git("ls-files", "-z", "--cached", "--others", "--exclude-standard").split("\0")
    for rel in filter(None, files):
        src = ROOT / rel
        if not src.is_file():  # deleted in the worktree, still in the index
            continue
        (dest / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dest / rel)
    _strip_type_check(dest / "pyproject.toml")


def _strip_type_check(pyproject: Path) -> None:
    """The scratch copy's mutmut runs the tests alone: no type check before them."""
    text = re.sub(r"^type_check_command\s*=.*$", "", pyproject.read_text(), flags=re.M)
    pyproject.write_text(text)
    assert "type_check_command" not in tomllib.loads(text)["tool"]["mutmut"]


def _generate(max_children: int, type_check: list[str]) -> None:
    """(Run inside the scratch folder.) Generate every mutant, then mypy's verdict on each of them."""
    from mutmut.__main__ import copy_also_copy_files, copy_src_dir, create_mutants, setup_source_paths
    from mutmut.configuration import config
    from mutmut.mutation.file_mutation import filter_mutants_with_type_checker
    from mutmut.mutation.trampoline import set_mutant_under_test

    set_mutant_under_test("mutant_generation")
    Path("mutants").mkdir(exist_ok=True)
    copy_src_dir()
    copy_also_copy_files()
    setup_source_paths()
    create_mutants(max_children)
    config().type_check_command = type_check
    caught = filter_mutants_with_type_checker()
    Path("mutants", "fresh-typecheck.json").write_text(
        json.dumps({name: m.error.error_description for name, m in caught.items()}, indent=0, sort_keys=True))


def read_verdicts(work: Path) -> dict[str, tuple[str, int | None]]:
    """{mutant name: (module path, mutmut's exit code)} from the scratch folder's mutants/."""
    out: dict[str, tuple[str, int | None]] = {}
    for meta in sorted((work / "mutants").rglob("*.py.meta")):
        module = str(meta.relative_to(work / "mutants"))[: -len(".meta")]
        for name, code in json.loads(meta.read_text())["exit_code_by_key"].items():
            out[name] = (module, code)
    return out


def show(work: Path, name: str) -> str:
    p = subprocess.run([sys.executable, "-m", "mutmut", "show", name], cwd=work, capture_output=True, text=True,
                       check=False)
    return "\n".join(ln for ln in p.stdout.splitlines()
                     if ln.startswith(("+", "-")) and not ln.startswith(("+++", "---")))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=150, help="mutants in the sample (default 150)")
    ap.add_argument("--seed", type=int, default=None, help="the sample's seed (default: a new random one)")
    ap.add_argument("--max-children", type=int, default=2)
    ap.add_argument("--workdir", default=str(WORK), help=f"scratch folder, emptied first (default {WORK})")
    ap.add_argument("--json", default=None, help="write the result here (docs/mutation-fresh.json)")
    ap.add_argument("--reuse", action="store_true",
                    help="keep the scratch folder's mutants (re-run a sample after adding tests: use with --seed)")
    ap.add_argument("--_generate", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    cfg = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mutmut"]
    type_check = list(cfg.get("type_check_command", ["mypy", "--output", "json", "game/rules"]))
    if type_check[0] == "mypy":  # this interpreter's mypy, whatever PATH holds
        type_check[:1] = [sys.executable, "-m", "mypy"]
    if args._generate:  # the scratch copy's pyproject has no type check: the command comes from the caller
        _generate(args.max_children, json.loads(os.environ["FRESH_TYPE_CHECK"]))
        return 0

    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    print(f"sample seed: {seed}", flush=True)
    work = Path(args.workdir).resolve()
    commit = _git("rev-parse", "HEAD").strip()
    dirty = bool(_git("status", "--porcelain", "--untracked-files=no").strip())
    t0 = time.monotonic()
    if args.reuse and (work / "mutants").is_dir():
        # the same mutants with the tests as they are now (after writing tests for survivors): the
        # rules core must be unchanged, or the mutants would be stale
        for f in (ROOT / "game" / "rules").rglob("*.py"):
            made_from = work / f.relative_to(ROOT)
            if not made_from.is_file() or f.read_bytes() != made_from.read_bytes():
                print(f"error: {f.relative_to(ROOT)} changed since the mutants were made: run without --reuse",
                      file=sys.stderr)
                return 2
        for dest in (work / "tests", work / "mutants" / "tests"):
            shutil.rmtree(dest, ignore_errors=True)
            shutil.copytree(ROOT / "tests", dest, ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copy2(ROOT / "pyproject.toml", work / "pyproject.toml")
        _strip_type_check(work / "pyproject.toml")
        shutil.copy2(work / "pyproject.toml", work / "mutants" / "pyproject.toml")
        (work / "mutants" / "mutmut-stats.json").unlink(missing_ok=True)  # map the new tests to functions
    else:
        copy_tree(work)
        print(f"generating every mutant of game/rules in {work} (and mypy's verdicts)", flush=True)
        subprocess.run([sys.executable, str(work / "build" / "mutation_fresh.py"), "--_generate",
                        "--max-children", str(args.max_children)], cwd=work, check=True,
                       stdout=subprocess.DEVNULL, env={**os.environ, "FRESH_TYPE_CHECK": json.dumps(type_check)})
    population = read_verdicts(work)
    names = sorted(population)
    if args.n > len(names):
        print(f"error: only {len(names)} mutants", file=sys.stderr)
        return 2
    sample = sorted(random.Random(seed).sample(names, args.n))
    print(f"{len(names)} mutants; running a sample of {len(sample)} (tests alone)", flush=True)
    (work / "sample.txt").write_text("\n".join(sample) + "\n")
    with open(work / "mutmut-run.log", "w") as log:
        # mutmut re-runs exactly the named mutants; its own CPU-time limits, not wall time, end a hung one
        subprocess.run([sys.executable, "-m", "mutmut", "run", "--max-children", str(args.max_children), *sample],
                       cwd=work, stdout=log, stderr=subprocess.STDOUT, check=False)
    verdicts = read_verdicts(work)
    mypy_caught: dict[str, str] = json.loads((work / "mutants" / "fresh-typecheck.json").read_text())
    equivalents: dict[str, str] = json.loads(EQUIVALENT_FILE.read_text()) if EQUIVALENT_FILE.exists() else {}
    by_hand: dict[str, str] = json.loads(BY_HAND_FILE.read_text()) if BY_HAND_FILE.exists() else {}

    rows = []
    for name in sample:
        module, code = verdicts[name]
        by_tests = code in KILLED
        state = "killed" if by_tests else STATUS.get(code, "suspicious")
        if not by_tests and name in equivalents:
            state = "equivalent"
        elif not by_tests and name in by_hand:
            state = "killed by hand"  # a test kills it applied by hand; mutmut cannot run it (import-time code)
        rows.append({"name": name, "module": module, "exit_code": code, "state": state,
                     "mypy": name in mypy_caught})
    equivalent = [r for r in rows if r["state"] == "equivalent"]
    counted = [r for r in rows if r["state"] != "equivalent"]
    by_tests = [r for r in counted if r["state"] in ("killed", "killed by hand")]
    by_either = [r for r in counted if r["state"] in ("killed", "killed by hand") or r["mypy"]]
    survivors = [r for r in counted if r["state"] not in ("killed", "killed by hand")]
    unchecked = [r for r in rows if r["exit_code"] is None]
    result = {
        "sample_seed": seed,
        "mutants": len(rows),
        "population": len(names),
        "killed_by_tests": len(by_tests),
        "killed_by_tests_or_mypy": len(by_either),
        "equivalent": len(equivalent),
        "killed_by_hand": sum(r["state"] == "killed by hand" for r in rows),
        "rate_tests": round(len(by_tests) / len(counted), 4) if counted else None,
        "rate_tests_or_mypy": round(len(by_either) / len(counted), 4) if counted else None,
        "caught_by_mypy": sum(r["mypy"] for r in rows),
        "commit": commit,
        "dirty": dirty,
        "date": datetime.date.today().isoformat(),
        "command": f"nice -n 10 python build/mutation_fresh.py --n {args.n} --seed {seed}",
        "wall_s": round(time.monotonic() - t0),
        "survivors": [{"name": r["name"], "state": r["state"], "mypy": r["mypy"], "diff": show(work, r["name"])}
                      for r in survivors],
        "equivalents": [{"name": r["name"], "reason": equivalents[r["name"]], "diff": show(work, r["name"])}
                        for r in equivalent],
        "not_checked": [r["name"] for r in unchecked],
        "verdicts": {r["name"]: r["state"] + (" +mypy" if r["mypy"] else "") for r in rows},
    }
    print(f"sample seed {seed}: {len(rows)} mutants of {len(names)}, {len(equivalent)} equivalent; "
          f"killed by tests {len(by_tests)}/{len(counted)} ({result['rate_tests']:.1%}), "
          f"by tests or mypy {len(by_either)}/{len(counted)} ({result['rate_tests_or_mypy']:.1%})")
    for r in result["survivors"]:
        print(f"  survivor {r['name']} ({r['state']}{', mypy catches it' if r['mypy'] else ''})")
        print("    " + r["diff"].replace("\n", "\n    "))
    if unchecked:
        print(f"  not checked (see {work / 'mutmut-run.log'}): {len(unchecked)}")
    if args.json:
        Path(args.json).write_text(json.dumps(result, ensure_ascii=False, indent=1) + "\n")
        print(f"wrote {args.json}")
    return 0 if not unchecked else 1


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
