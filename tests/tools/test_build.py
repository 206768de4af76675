"""The build script's settings for each system (icon, version resource, windowed mode, data files), download
names, and the Windows build's way back to the terminal. PyInstaller only builds for the system it runs on:
these check what each system's build is told to do; .ci/run and the workflows build and smoke-test it."""

import ast
import importlib.util
import re
import sys
from pathlib import Path

import pytest

from game.cli import winconsole

ROOT = Path(__file__).resolve().parents[2]


def _load_build():
    spec = importlib.util.spec_from_file_location("build_script", ROOT / "build" / "build.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["build_script"] = mod  # dataclasses look their module up
    spec.loader.exec_module(mod)
    return mod


B = _load_build()
VER = B.version()


def _opt(plan, name: str) -> list[str]:
    return [o.split("=", 1)[1] for o in plan.options if o.startswith(f"--{name}=")]


def _data_options(plan) -> set[tuple[str, str]]:
    return {tuple(v.rsplit(":", 1)) for v in _opt(plan, "add-data")}


@pytest.mark.parametrize("system", ["Windows", "Darwin", "Linux"])
def test_every_system_bundles_the_assets_tables_and_version(system):
    p = B.plan(system, VER)
    data = _data_options(p)
    assert (str(ROOT / "assets"), "assets") in data  # fonts and icons (Linux's window icon comes from here)
    assert (str(ROOT / "game" / "rules" / "data" / "tables.bin"), "game/rules/data") in data
    assert (str(ROOT / "game" / "locale"), "game/locale") in data  # the catalogs (game.i18n finds them there)
    assert (str(ROOT / "pyproject.toml"), ".") in data  # game.__version__ in a frozen build
    for src, _ in data:
        assert Path(src).exists(), src
    assert p.options[0] == str(ROOT / "build" / "entry.py")
    for pkg in ("game", "netplay", "zeroconf"):
        assert pkg in _opt(p, "collect-submodules")


def test_windows_is_one_windowed_exe_with_icon_and_version_resource(tmp_path):
    p = B.plan("Windows", VER, out=tmp_path / "out", work=tmp_path / "work")
    assert "--onefile" in p.options and "--windowed" in p.options and p.windowed
    assert _opt(p, "icon") == [str(ROOT / "assets" / "icons" / "icon.ico")] and p.icon.is_file()
    assert _opt(p, "version-file") == [str(tmp_path / "work" / "version_info.txt")]
    assert p.executable == tmp_path / "out" / "yungui-mahjong.exe"
    assert "--windowed" not in B.plan("Windows", VER, debug=True).options  # --debug keeps a console


def test_the_windows_version_resource_carries_pyprojects_version():
    text = B.win_version_info("1.12.3")
    assert "filevers=(1, 12, 3, 0)" in text and "prodvers=(1, 12, 3, 0)" in text
    assert "StringStruct('ProductVersion', '1.12.3')" in text
    assert "StringStruct('OriginalFilename', 'yungui-mahjong.exe')" in text
    ast.parse(text)  # PyInstaller evaluates it as Python
    assert f"StringStruct('FileVersion', '{VER}')" in B.win_version_info(VER)


def test_macos_is_a_windowed_app_bundle_with_its_icon(tmp_path):
    p = B.plan("Darwin", VER, out=tmp_path)
    assert "--windowed" in p.options and "--onedir" in p.options and "--onefile" not in p.options
    assert _opt(p, "icon") == [str(ROOT / "assets" / "icons" / "icon.icns")] and p.icon.is_file()
    assert _opt(p, "osx-bundle-identifier") == ["org.yungui.mahjong"]
    assert p.bundle == tmp_path / "yungui-mahjong.app"
    assert p.executable == tmp_path / "yungui-mahjong.app" / "Contents" / "MacOS" / "yungui-mahjong"
    src = (ROOT / "build" / "build.py").read_text(encoding="utf-8")
    assert '"codesign", "--force", "--deep", "--sign", "-"' in src  # ad-hoc signature
    assert '"ditto", "-c", "-k"' in src  # the zip keeps the bundle's symlinks


def test_linux_is_one_file_as_before(tmp_path):
    p = B.plan("Linux", VER, out=tmp_path)
    assert "--onefile" in p.options and "--windowed" not in p.options
    assert not _opt(p, "icon") and not _opt(p, "version-file")  # ELF files carry neither
    assert p.executable == tmp_path / "yungui-mahjong"


def test_icons_are_real_ico_and_icns_files():
    assert (ROOT / "assets" / "icons" / "icon.ico").read_bytes()[:4] == b"\0\0\1\0"
    assert (ROOT / "assets" / "icons" / "icon.icns").read_bytes()[:4] == b"icns"


@pytest.mark.parametrize("system,machine,name", [
    ("Windows", "AMD64", "yungui-mahjong-{v}-windows-x86_64.exe"),
    ("Windows", "ARM64", "yungui-mahjong-{v}-windows-arm64.exe"),
    ("Darwin", "arm64", "yungui-mahjong-{v}-macos-arm64.zip"),
    ("Darwin", "x86_64", "yungui-mahjong-{v}-macos-x86_64.zip"),
    ("Linux", "x86_64", "yungui-mahjong-{v}-linux-x86_64.tar.gz"),
    ("Linux", "aarch64", "yungui-mahjong-{v}-linux-arm64.tar.gz"),
])
def test_downloads_are_named_by_system_architecture_and_version(system, machine, name):
    assert B.artifact_name(system, machine, VER) == name.format(v=VER)


def _run_workflow_job():
    spec = importlib.util.spec_from_file_location("run_workflow_job", ROOT / "build" / "run_workflow_job.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _lines(script: str) -> list[str]:
    return [ln.strip() for ln in script.splitlines() if ln.strip() and not ln.strip().startswith("#")]


def _ci_run_block(lines: list[str], first: str, last: str) -> list[str]:
    i = next(k for k, ln in enumerate(lines) if ln.startswith(first))
    j = next(k for k, ln in enumerate(lines) if k >= i and ln.startswith(last))
    return lines[i:j + 1]


def test_the_ci_workflow_runs_what_ci_run_runs_on_every_system():
    """The README's test command (installing from the lock), lint and types (mypy also for Windows and macOS),
    build/build.py and the start of the executable and of the download in a clean environment: line for line as in
    .ci/run on Linux; the same build and smoke on macOS and Windows, macOS adding the unzipped .app started with
    `open`. One job per system; the soak test sized down, never skipped, off Linux."""
    yaml = pytest.importorskip("yaml")
    R = _run_workflow_job()
    wf = yaml.safe_load((ROOT / ".github" / "workflows" / "ci.yml").read_text(encoding="utf-8"))
    job = wf["jobs"]["build"]
    include = job["strategy"]["matrix"]["include"]
    systems = {(m["system"], m["arch"]): m["os"] for m in include}
    assert set(systems) == {("linux", "x86_64"), ("windows", "x86_64"), ("macos", "arm64"), ("macos", "x86_64")}
    soak = {m["system"]: int(m["soak"]) for m in include}
    assert soak["linux"] == 2000 and all(0 < n <= 2000 for n in soak.values())
    assert job["env"]["SOAK_HANDS"] == "${{ matrix.soak }}"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    test_cmd = re.search(r"Install and run the whole test suite.*?```\s*(.+?)\s*```", readme, re.S).group(1)
    assert "--require-hashes -r requirements/dev.txt" in test_cmd
    ci_run = _lines((ROOT / ".ci" / "run").read_text(encoding="utf-8"))
    assert test_cmd in ci_run
    by_name = {s["name"]: s for s in job["steps"]}
    assert by_name["Test (the README's command)"]["run"].strip() == test_cmd
    slow = 'python -m pytest -q -m "slow or soak"'  # the checks the README's command leaves out, still gating
    assert ci_run[ci_run.index(test_cmd) + 1] == slow
    assert by_name["Test the slow checks and the soaks (as .ci/run)"]["run"].strip() == slow
    lint = _ci_run_block(ci_run, "python -m ruff check", "python -m mypy --platform darwin")
    assert lint == ["python -m ruff check game netplay build tests", "python -m mypy",
                    "python -m mypy --platform win32", "python -m mypy --platform darwin"]
    runs = [s for s in job["steps"] if "run" in s]
    assert _lines(next(s for s in runs if s["name"].startswith("Lint and types"))["run"]) == lint
    packaging = _ci_run_block(ci_run, "rm -rf dist", 'env -i PATH=/usr/bin:/bin HOME="$home" SDL_VIDEODRIVER=dummy '
                                                   'SDL_AUDIODRIVER=dummy "$unpacked"')
    linux = next(s for s in runs if s.get("if") == "runner.os == 'Linux'" and "build.py" in s["run"])
    assert _lines(linux["run"]) == packaging
    mac = _lines(next(s for s in runs if s.get("if") == "runner.os == 'macOS'" and "build.py" in s["run"])["run"])
    assert mac[:5] == packaging[:5]
    assert any(ln.startswith("open -W -n ") for ln in mac) and any("--args --smoke" in ln for ln in mac)
    assert mac[-1] == "grep -q '^smoke ok' \"$unpacked/smoke.out\""
    win = next(s for s in runs if s.get("if") == "runner.os == 'Windows'")
    win_lines = [ln.replace(' "${win[@]}"', "") for ln in _lines(win["run"])]
    assert win_lines[:2] == packaging[:2]
    assert win_lines[-2:] == packaging[3:5]  # the same commands, plus what Windows needs to start a program
    upload = next(s for s in job["steps"] if s.get("uses", "").startswith("actions/upload-artifact@"))
    assert upload["with"]["path"] == "dist/"
    # what runs here for the Linux job is exactly those steps
    here = [s.get("run") for s in R.steps(wf, "build", R.pick_matrix(job, {"system": "linux"})) if "run" in s]
    if R.RUNNER_OS == "Linux":
        assert [_lines(x) for x in here] == [[test_cmd], [slow], lint, ["python build/lock.py --check"], packaging]


def test_the_release_builds_with_the_ci_workflow_and_publishes_checksums():
    yaml = pytest.importorskip("yaml")
    text = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    wf = yaml.safe_load(text)
    assert wf[True]["push"]["tags"] == ["v*"]  # YAML 1.1 reads the key `on` as True
    assert wf["jobs"]["build"]["uses"] == "./.github/workflows/ci.yml"  # the documented form
    assert wf["permissions"] == {} and wf["jobs"]["publish"]["permissions"] == {"contents": "write"}
    script = "\n".join(s.get("run", "") for s in wf["jobs"]["publish"]["steps"])
    assert 'sha256sum -- "${files[@]}" > "yungui-mahjong-$VERSION-SHA256SUMS.txt"' in script
    assert 'gh release create "$TAG" dist/*' in script
    assert "${{" not in script  # expressions reach the scripts through env only


def _pins(path: Path) -> dict[str, str]:
    """name -> version of a locked requirements file; every pin must carry hashes."""
    out: dict[str, str] = {}
    lines = path.read_text(encoding="utf-8").splitlines()
    for k, ln in enumerate(lines):
        m = re.match(r"^([A-Za-z0-9_.-]+)==([^\s;]+)", ln)
        if m:
            assert ln.rstrip().endswith("\\") and "--hash=sha256:" in lines[k + 1], f"{path.name}: {ln} has no hash"
            out[m.group(1).lower().replace("_", "-")] = m.group(2)
    return out


def _names(specs: list[str]) -> set[str]:
    return {re.split(r"[<>=!~;\[ ]", s.strip(), maxsplit=1)[0].lower().replace("_", "-") for s in specs}


def test_the_lock_pins_everything_with_hashes_and_ci_installs_from_it():
    """requirements/dev.txt pins pyproject's dependencies, its dev extra and requirements/*.in (builders, uv, the
    workflow linters) with hashes; run.txt the dependencies at the same versions. CI, .ci/run and the README install
    from it (`python build/lock.py --check`, run by CI, says whether the pins are exactly what the inputs give)."""
    meta = B.tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    ins = [ln for f in ("run.in", "dev.in") for ln in (ROOT / "requirements" / f).read_text(encoding="utf-8")
           .splitlines() if ln.strip() and not ln.startswith(("#", "-r"))]
    dev, run = _pins(ROOT / "requirements" / "dev.txt"), _pins(ROOT / "requirements" / "run.txt")
    assert _names(meta["dependencies"] + meta["optional-dependencies"]["dev"] + ins) <= set(dev)
    assert _names(meta["dependencies"]) | {"setuptools", "wheel"} <= set(run)
    assert all(dev[name] == version for name, version in run.items()), "run.txt and dev.txt disagree"
    install = "python -m pip install --require-hashes -r requirements/dev.txt"
    for path in (ROOT / ".ci" / "run", ROOT / ".github" / "workflows" / "ci.yml", ROOT / "README.md"):
        assert install in path.read_text(encoding="utf-8"), path
    bot = (ROOT / ".github" / "dependabot.yml").read_text(encoding="utf-8")
    assert "package-ecosystem: pip" in bot and "package-ecosystem: github-actions" in bot


def test_the_linux_download_is_a_tarball_that_keeps_the_run_bit(tmp_path):
    import tarfile

    exe = tmp_path / "yungui-mahjong"
    exe.write_bytes(b"#!/bin/sh\necho hi\n")
    target = tmp_path / B.artifact_name("Linux", "x86_64", VER)
    B.write_tarball(target, exe)
    with tarfile.open(target) as tar:
        members = {m.name: m for m in tar.getmembers()}
    folder = target.name.removesuffix(".tar.gz")
    assert set(members) == {folder, f"{folder}/yungui-mahjong", f"{folder}/LICENSE"}
    assert members[f"{folder}/yungui-mahjong"].mode == 0o755 and members[folder].isdir()
    assert members[f"{folder}/LICENSE"].mode == 0o644


def test_release_notes_are_the_changelog_section_and_the_downloads():
    spec = importlib.util.spec_from_file_location("release_notes", ROOT / "build" / "release_notes.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    text = mod.notes(VER)
    part = mod.section((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), VER)
    assert text.startswith(part.partition(mod.DEVELOPERS)[0].rstrip())
    assert mod.DEVELOPERS not in text  # the developers' list stays in CHANGELOG.md
    assert mod.for_players("- a\n\n### For developers\n\n- b") == (
        "- a\n\nEvery change, for developers: CHANGELOG.md in the source.")
    assert mod.for_players("- a") == "- a"
    for system, machine in (("Windows", "AMD64"), ("Darwin", "arm64"), ("Darwin", "x86_64"), ("Linux", "x86_64")):
        assert B.artifact_name(system, machine, VER) in text
    with pytest.raises(SystemExit):
        mod.section("# Changelog\n## 0.0.1\n- x\n", "0.0.2")


# ------------------------------------------------------------------ Windows: printing from a windowed build

class _Stream:
    def __init__(self, name, mode, **kw):
        self.name, self.mode, self.kw, self.line_buffering = name, mode, kw, False

    def reconfigure(self, line_buffering):
        self.line_buffering = line_buffering


class _Kernel32:
    def __init__(self, ok):
        self.ok, self.calls = ok, []

    def AttachConsole(self, pid):
        self.calls.append(pid)
        return self.ok


def _windowless(monkeypatch):
    """A GUI-subsystem process started without redirection has no standard streams.

    Called inside the test: pytest's capture puts its own streams back between setup and call."""
    for name in ("stdin", "stdout", "stderr"):
        monkeypatch.setattr(sys, name, None)
        monkeypatch.setattr(sys, f"__{name}__", None)


def test_a_command_from_a_terminal_prints_into_that_terminal(monkeypatch):
    _windowless(monkeypatch)
    k = _Kernel32(ok=1)
    assert winconsole.reattach(["score"], kernel32=k, opener=_Stream)
    assert k.calls == [winconsole.ATTACH_PARENT_PROCESS]
    assert (sys.stdout.name, sys.stdout.mode, sys.stdout.line_buffering) == ("CONOUT$", "w", True)
    assert (sys.stderr.name, sys.stdin.name, sys.stdin.mode) == ("CONOUT$", "CONIN$", "r")
    assert sys.stdout.kw["encoding"] == "utf-8"


def test_a_double_click_stays_windowless(monkeypatch):
    _windowless(monkeypatch)
    k = _Kernel32(ok=1)
    assert not winconsole.reattach([], kernel32=k, opener=_Stream)
    assert k.calls == [] and sys.stdout is None


def test_without_a_parent_console_nothing_changes(monkeypatch):
    _windowless(monkeypatch)
    assert not winconsole.reattach(["--version"], kernel32=_Kernel32(ok=0), opener=_Stream)
    assert sys.stdout is None


def test_redirected_streams_are_kept(monkeypatch):
    """`score < f.json > out.json` or a pipe (CI): the streams exist and stay; nothing is attached."""
    k = _Kernel32(ok=1)
    assert not winconsole.reattach(["score"], kernel32=k, opener=_Stream)
    assert k.calls == []
    monkeypatch.setattr(sys, "stderr", None)  # only stderr missing: only stderr is given the console
    out = sys.stdout
    assert winconsole.reattach(["score"], kernel32=k, opener=_Stream)
    assert sys.stdout is out and sys.stderr.name == "CONOUT$"


def test_one_file_builds_store_what_they_unpack_and_leave_tls_out(tmp_path):
    """Issue 42, start-up: a one-file executable unpacks its libraries and data at every start, so they are stored
    uncompressed (inflating them took ~0.2 s of the first frame); TLS and XML, which the game never uses, stay
    out (OpenSSL's libraries were 5 MB of every start). The macOS bundle is a folder: nothing to unpack."""
    for system in ("Linux", "Windows"):
        p = B.plan(system, VER, out=tmp_path / system, work=tmp_path / system)
        assert p.stored and "--onefile" in p.options
        for mod in ("ssl", "_ssl", "_hashlib", "xml", "pyexpat"):
            assert f"--exclude-module={mod}" in p.options
    assert not B.plan("Darwin", VER, out=tmp_path / "mac").stored
    assert B.STORED["BINARY"] is False and B.STORED["DATA"] is False and B.STORED["EXTENSION"] is False
    assert B.STORED["PYMODULE"] is True  # modules stay compressed inside the PYZ: only those imported are read
