"""Write docs/mutation-report.md from a finished ``mutmut run`` (the mutants/ folder): kill rate, survivors.

Run from the repository root after ``mutmut run`` (configuration in pyproject.toml, [tool.mutmut]):

    python build/mutation_report.py [--out docs/mutation-report.md] [--diffs N]

Survivors listed in EQUIVALENT (mutant name -> why no test can tell it from the original) are reported
as equivalent; every other survivor is listed with its diff so that a specification test can be written
for it. The kill rate counts killed mutants (a test failed, or mutmut's timeout) over all mutants
that are not equivalent; "no tests" mutants (code no selected test runs) count as not killed.
"""

from __future__ import annotations

import argparse
import collections
import datetime
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EQUIVALENT_FILE = ROOT / "docs" / "mutation-equivalents.json"
BY_HAND_FILE = ROOT / "docs" / "mutation-killed-by-hand.json"  # survivors a test kills outside mutmut, and why

KILLED = {1: "killed", 3: "killed", 36: "timeout", -24: "timeout", 24: "timeout", 152: "timeout", 255: "timeout",
          37: "caught by type check", -11: "segfault", -9: "segfault"}
STATUS = {0: "survived", 5: "no tests", 33: "no tests", 34: "skipped", None: "not checked", 35: "suspicious"}


def status(code: int | None) -> str:
    return KILLED.get(code, STATUS.get(code, "suspicious")) if code is not None else "not checked"


def load(root: Path) -> dict[str, tuple[str, int | None]]:
    """{mutant name: (module path, exit code)} from mutants/**/*.meta."""
    out: dict[str, tuple[str, int | None]] = {}
    for meta in sorted((root / "mutants").rglob("*.py.meta")):
        module = str(meta.relative_to(root / "mutants"))[: -len(".meta")]
        for name, code in json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"].items():
            out[name] = (module, code)
    return out


def diff(name: str) -> str:
    p = subprocess.run([sys.executable, "-m", "mutmut", "show", name], cwd=ROOT, capture_output=True, text=True,
                       check=False)
    lines = [ln for ln in p.stdout.splitlines() if ln.startswith(("+", "-")) and not ln.startswith(("+++", "---"))]
    return "\n".join(lines[:6])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "docs" / "mutation-report.md"))
    ap.add_argument("--diffs", type=int, default=400, help="survivors shown with their diff (the rest by name)")
    ap.add_argument("--note", default="", help="a line about the run (where, which commit, what is not covered)")
    ap.add_argument("--sample", type=float, default=None, metavar="FRACTION",
                    help="print a stratified random sample of the mutant names (per module, at least 5) and exit; "
                         "`mutmut run $(python build/mutation_report.py --sample 0.07)` checks only those")
    ap.add_argument("--seed", type=int, default=20, help="seed of the sample (default 20)")
    ap.add_argument("--only", default=None,
                    help="comma-separated files of mutant names: report on these alone (a sampled run)")
    ap.add_argument("--save", default=None, help="write the verdicts of mutants/ to this JSON file and exit")
    ap.add_argument("--baseline", default=None,
                    help="verdicts saved by --save from an earlier run: used for every mutant this run did not check")
    ap.add_argument("--stale", default="", help="comma-separated modules whose baseline verdicts are kept but whose "
                                                "code changed since: their survivors are listed without a diff")
    ap.add_argument("--fresh", default="", help="comma-separated modules whose baseline verdicts are dropped "
                                                "(their code changed since, and this run sampled them anew)")
    args = ap.parse_args(argv)
    results = load(ROOT)
    if args.save:
        checked = {k: v for k, v in results.items() if v[1] is not None}
        Path(args.save).write_text(json.dumps(checked, ensure_ascii=False, indent=0, sort_keys=True) + "\n")
        print(f"saved {len(checked)} verdicts to {args.save}")
        return 0
    if args.baseline:
        fresh = {m.strip() for m in args.fresh.split(",") if m.strip()}
        old = json.loads(Path(args.baseline).read_text(encoding="utf-8"))
        base = {k: (m, c) for k, (m, c) in old.items() if m not in fresh}
        for name, (module, code) in results.items():
            if code is not None or name not in base:
                base[name] = (module, code)
        results = base
    if args.sample is not None:
        import random

        by_module: dict[str, list[str]] = collections.defaultdict(list)
        for name, (module, _) in sorted(results.items()):
            by_module[module].append(name)
        for module, names in sorted(by_module.items()):
            # one generator per module: an edit to one module changes that module's sample only
            rng = random.Random(f"{args.seed}:{module}")
            k = min(len(names), max(5, round(args.sample * len(names))))
            print("\n".join(sorted(rng.sample(names, k))))
        return 0
    population = len(results)
    if args.only:
        wanted = set()
        for f in args.only.split(","):
            wanted |= set(Path(f).read_text(encoding="utf-8").split())
        results = {k: v for k, v in results.items() if k in wanted}
    if not results:
        print("no mutants/ results: run `mutmut run` first", file=sys.stderr)
        return 2
    equivalent: dict[str, str] = (json.loads(EQUIVALENT_FILE.read_text(encoding="utf-8"))
                                  if EQUIVALENT_FILE.exists() else {})
    by_hand: dict[str, str] = json.loads(BY_HAND_FILE.read_text(encoding="utf-8")) if BY_HAND_FILE.exists() else {}
    per: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    survivors: dict[str, list[str]] = collections.defaultdict(list)
    for name, (module, code) in results.items():
        st = status(code)
        # a "no tests" mutant is code no selected test runs: equivalent when its reason says it is never run
        if st in ("survived", "no tests") and name in equivalent:
            st = "equivalent"
        elif st in ("survived", "no tests") and name in by_hand:
            st = "killed by hand"
        per[module][st] += 1
        if st in ("survived", "no tests", "suspicious", "not checked"):
            survivors[module].append(name)
    total = collections.Counter[str]()
    for c in per.values():
        total.update(c)
    killed = total["killed"] + total["timeout"] + total["caught by type check"] + total["segfault"] \
        + total["killed by hand"]
    counted = sum(total.values()) - total["equivalent"]
    rate = killed / counted if counted else 0.0
    cols = ["killed", "caught by type check", "killed by hand", "timeout", "segfault", "survived", "no tests",
            "equivalent", "not checked"]
    lines = [
        "# Mutation testing of the rules core",
        "",
        f"Generated by `python build/mutation_report.py` on {datetime.date.today().isoformat()} from a",
        "`mutmut run` over `game/rules/` and its variants (configuration: `[tool.mutmut]` in pyproject.toml;",
        "how to run it: docs/mutation-testing.md).",
        "",
        (f"**Kill rate: {rate:.1%}** ({killed} of {counted} mutants killed; {total['equivalent']} equivalent "
         f"mutants left out of the count; \"no tests\" mutants count as not killed)."),
    ]
    if args.only and counted:
        # a random sample (per module, without replacement): 95% intervals for the whole set of mutants
        n_all = sum(total.values())
        fpc = max(0.0, 1 - n_all / population)
        raw = killed / n_all
        half_raw = 1.96 * (raw * (1 - raw) / n_all * fpc) ** 0.5
        left = counted - killed
        lines += ["", f"A sample of {n_all} of the {population} mutants. Killed outright (a test, the type check, "
                      f"a timeout, or by hand): {killed} of {n_all}, {raw:.1%} ± {half_raw:.1%} (95%) of all "
                      f"mutants; the other {n_all - killed} are listed below as equivalent ({total['equivalent']}) "
                      f"or surviving ({left})."]
        if left == 0:
            lines += ["", f"No survivor is left in the sample: by the rule of three, fewer than "
                          f"{3 / counted:.1%} of the whole set's non-equivalent mutants would survive (95%)."]
        else:
            half = 1.96 * (rate * (1 - rate) / counted * fpc) ** 0.5
            lines += ["", f"Kill rate of the non-equivalent mutants of the whole set: {rate:.1%} ± {half:.1%} (95%)."]
    if args.note:
        lines += ["", args.note]
    lines += ["", "| module | " + " | ".join(cols) + " | kill rate |", "|---" * (len(cols) + 2) + "|"]
    for module in sorted(per):
        c = per[module]
        n = sum(c.values()) - c["equivalent"]
        k = c["killed"] + c["killed by hand"] + c["timeout"] + c["caught by type check"] + c["segfault"]
        lines.append(f"| `{module}` | " + " | ".join(str(c[x]) for x in cols) + f" | {k / n if n else 1:.0%} |")
    lines.append("| **all** | " + " | ".join(str(total[x]) for x in cols) + f" | **{rate:.1%}** |")
    if equivalent:
        lines += ["", "## Equivalent mutants", "", "Survivors no test can tell from the original, and why:", ""]
        for name, why in sorted(equivalent.items()):
            if name in results:
                lines.append(f"- `{name}`: {why}")
    if by_hand:
        lines += ["", "## Killed by hand", "",
                  "Survivors under mutmut that a test kills when the mutant is applied by hand:", ""]
        for name, why in sorted(by_hand.items()):
            if name in results:
                lines.append(f"- `{name}`: {why}")
    lines += ["", "## Survivors", "",
              "Mutants no selected test killed (\"no tests\": no selected test runs that code). Each is a missing",
              "specification test or an equivalent mutant still to be classified.", ""]
    shown = 0
    stale = {m.strip() for m in args.stale.split(",") if m.strip()}
    for module in sorted(survivors):
        names = sorted(survivors[module], key=lambda s: (s.rsplit("_", 1)[0], int(s.rsplit("_", 1)[1])))
        lines += [f"### `{module}` ({len(names)})", ""]
        rest = []
        for name in names:
            if module in stale:
                lines.append(f"- `{name}` ({status(results[name][1])}; code changed since, diff not shown)")
            elif shown < args.diffs:
                lines += [f"- `{name}` ({status(results[name][1])})", "", "```diff", diff(name), "```", ""]
                shown += 1
            else:
                rest.append(name)
        if rest:
            lines += ["Not shown with diffs: " + ", ".join(f"`{r}`" for r in rest), ""]
    Path(args.out).write_text("\n".join(lines) + "\n")
    print(f"{args.out}: kill rate {rate:.1%} ({killed}/{counted})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
