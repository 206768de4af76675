"""Run one job of a GitHub Actions workflow here, as the runner would: its ``run:`` steps, in order, in bash.

Usage: python build/run_workflow_job.py [--dry-run] WORKFLOW JOB [--matrix KEY=VALUE ...]

    python build/run_workflow_job.py .github/workflows/ci.yml build --matrix system=linux

Each ``run:`` step runs as ``bash --noprofile --norc -eo pipefail`` (the runner's ``shell: bash``) with the
workflow's, job's and step's ``env`` and ``RUNNER_OS`` set to this system. ``uses:`` steps are not run: the
checkout is the folder this is started in (a fresh clone), Python is this machine's, and an upload only
lists what it would upload. ``if:`` understands ``runner.os == / != 'NAME'`` only; expressions elsewhere
understand ``matrix.KEY``. Stops at the first failing step with its exit code.
"""

from __future__ import annotations

import argparse
import glob
import os
import platform
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import yaml

RUNNER_OS = {"Linux": "Linux", "Darwin": "macOS", "Windows": "Windows"}[platform.system()]
EXPR = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


def _value(expr: str, matrix: dict) -> str:
    m = re.fullmatch(r"matrix\.([\w-]+)", expr)
    if m and m.group(1) in matrix:
        return str(matrix[m.group(1)])
    if expr == "runner.os":
        return RUNNER_OS
    raise SystemExit(f"cannot evaluate ${{{{ {expr} }}}} here")


def substitute(text: str, matrix: dict) -> str:
    return EXPR.sub(lambda m: _value(m.group(1), matrix), str(text))


def condition(expr: str | None, matrix: dict) -> bool:
    if expr is None:
        return True
    expr = EXPR.sub(lambda m: m.group(1), str(expr)).strip()
    m = re.fullmatch(r"runner\.os\s*(==|!=)\s*'([^']*)'", expr)
    if not m:
        raise SystemExit(f"cannot evaluate if: {expr}")
    return (m.group(2) == RUNNER_OS) == (m.group(1) == "==")


def pick_matrix(job: dict, wanted: dict[str, str]) -> dict:
    include = (job.get("strategy") or {}).get("matrix", {}).get("include") or [{}]
    hits = [m for m in include if all(str(m.get(k)) == v for k, v in wanted.items())]
    if len(hits) != 1:
        raise SystemExit(f"--matrix {wanted} matches {len(hits)} of the job's matrix entries, not one")
    return hits[0]


def steps(workflow: dict, job_id: str, matrix: dict) -> list[dict[str, Any]]:
    """The job's steps with what this runner does for each: ``run`` (a script) or ``skip`` (a reason)."""
    job = workflow["jobs"][job_id]
    base_env = {**(workflow.get("env") or {}), **(job.get("env") or {})}
    shell = ((job.get("defaults") or {}).get("run") or {}).get("shell", "bash")
    out: list[dict[str, Any]] = []
    for st in job["steps"]:
        name = substitute(st.get("name") or st.get("uses") or st.get("run", "").splitlines()[0], matrix)
        if not condition(st.get("if"), matrix):
            out.append({"name": name, "skip": f"if: {st['if']} is false on {RUNNER_OS}"})
            continue
        if "uses" in st:
            what = st["uses"].split("@")[0]
            reason = {"actions/checkout": "this folder is the checkout",
                      "actions/setup-python": f"this machine's Python {platform.python_version()}"}.get(what)
            item: dict[str, Any] = {"name": name, "skip": reason or f"{what} is GitHub's"}
            if what == "actions/upload-artifact":
                item["upload"] = substitute((st.get("with") or {}).get("path", ""), matrix)
            out.append(item)
            continue
        if st.get("shell", shell) != "bash":
            raise SystemExit(f"step {name!r}: only bash steps run here")
        env = {k: substitute(v, matrix) for k, v in {**base_env, **(st.get("env") or {})}.items()}
        out.append({"name": name, "run": st["run"], "env": env, "cwd": st.get("working-directory")})
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("workflow")
    ap.add_argument("job")
    ap.add_argument("--matrix", action="append", default=[], metavar="KEY=VALUE")
    ap.add_argument("--dry-run", action="store_true", help="print the steps and their scripts, run nothing")
    a = ap.parse_args(argv)
    workflow = yaml.safe_load(Path(a.workflow).read_text(encoding="utf-8"))
    wanted = dict(kv.split("=", 1) for kv in a.matrix)
    matrix = pick_matrix(workflow["jobs"][a.job], wanted)
    github_env = Path(tempfile.mkstemp(prefix="github-env-")[1])
    carried: dict[str, str] = {}
    for i, st in enumerate(steps(workflow, a.job, matrix), 1):
        print(f"::: step {i}: {st['name']}", flush=True)
        if "skip" in st:
            print(f"    skipped ({st['skip']})", flush=True)
            for up in sorted(glob.glob(os.path.join(st["upload"], "*"))) if st.get("upload") else []:
                print(f"    would upload {up} ({os.path.getsize(up)} bytes)", flush=True)
            continue
        print("    " + st["run"].rstrip().replace("\n", "\n    "), flush=True)
        if a.dry_run:
            continue
        env = {**os.environ, **carried, **st["env"], "CI": "true", "GITHUB_ACTIONS": "true", "RUNNER_OS": RUNNER_OS,
               "GITHUB_WORKSPACE": os.getcwd(), "GITHUB_ENV": str(github_env)}
        with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False, encoding="utf-8") as script:
            script.write(st["run"])
        try:
            rc = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", script.name], env=env,
                                cwd=st["cwd"] or None, check=False).returncode
        finally:
            os.unlink(script.name)
        for line in github_env.read_text(encoding="utf-8").splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                carried[k] = v
        if rc != 0:
            print(f"::: step {i} failed with exit code {rc}", flush=True)
            return rc
    print("::: job finished", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
