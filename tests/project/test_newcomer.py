"""What a newcomer sees first: pytest's summary line, a quiet terminal without a sound card,
an honest --smoke, the version."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.ui.kit import sound

ROOT = Path(__file__).resolve().parents[2]


def _env(**extra) -> dict:
    e = dict(os.environ)
    e["PYTHONPATH"] = str(ROOT) + os.pathsep + e.get("PYTHONPATH", "")
    e.update(extra)
    return e


def test_the_readme_test_command_prints_the_summary_line():
    """`python -m pytest -q` with the project's settings ends on `N passed` (an extra -q in addopts hid it)."""
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/cli/test_version.py"],
                       cwd=ROOT, env=_env(), capture_output=True, encoding="utf-8", timeout=120, check=False)
    assert r.returncode == 0, r.stdout + r.stderr
    assert re.search(r"^2 passed in ", r.stdout, re.M), r.stdout


@pytest.mark.posix_only(reason="C libraries write to fd 2 like this on POSIX")
def test_quiet_stderr_swallows_what_c_libraries_write_and_restores_stderr(capfd):
    print("before", file=sys.stderr)
    with sound.quiet_stderr():
        os.write(2, b"ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n")
    print("after", file=sys.stderr)
    err = capfd.readouterr().err
    assert "ALSA lib" not in err and "before" in err and "after" in err


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ALSA is Linux's")
def test_opening_the_mixer_without_a_sound_card_prints_nothing():
    """SDL's ALSA backend, as the game opens it when no sound server runs: no `ALSA lib ...` lines.

    On a machine without a sound card (this one, CI) the mixer fails and the reason is kept for the
    game's notice; on one with a card it opens. Either way the terminal stays quiet."""
    code = ("from game.ui.kit.sound import SoundBank; b = SoundBank(); "
            "print(b.available, b.reason if not b.available else b.driver)")
    r = subprocess.run([sys.executable, "-c", code], env=_env(SDL_AUDIODRIVER="alsa"), capture_output=True,
                       encoding="utf-8", timeout=60, check=False)
    assert r.returncode == 0, r.stderr
    assert "ALSA lib" not in r.stderr and r.stderr.strip() == "", r.stderr
    available, detail = r.stdout.strip().split(" ", 1)
    assert available == "True" or "audio" in detail.lower() or "alsa" in detail.lower(), r.stdout


def test_smoke_says_audio_off_where_the_game_hears_nothing():
    """With SDL's dummy driver the mixer opens, yet no sound reaches a device: --smoke must not say "audio on"."""
    r = subprocess.run([sys.executable, "-m", "game", "--smoke"], cwd=ROOT,
                       env=_env(SDL_AUDIODRIVER="dummy", SDL_VIDEODRIVER="dummy"),
                       capture_output=True, encoding="utf-8", timeout=120, check=False)
    assert r.returncode == 0, r.stderr
    assert "audio off (SDL's dummy driver" in r.stdout and "audio on" not in r.stdout, r.stdout


def test_sound_bank_describes_what_a_player_hears(monkeypatch):
    b = sound.SoundBank(open_device=False)
    assert b.describe() == "audio off (sound disabled)"
    b.available, b.driver = True, "pulseaudio"
    assert b.audible and b.describe() == "audio on (pulseaudio)"
    b.driver = "disk"
    assert not b.audible and b.describe().startswith("audio off (SDL's disk driver")

    def no_device(*a, **k):
        raise pygame.error("ALSA: Couldn't open audio device: No such file or directory")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    b = sound.SoundBank()
    assert b.describe() == "audio off (ALSA: Couldn't open audio device: No such file or directory)"


def _fake_dist(where: Path, version: str, editable: bool) -> None:
    info = where / f"yungui_mahjong-{version}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: yungui-mahjong\nVersion: {version}\n",
                                   encoding="utf-8")
    if editable:
        (info / "direct_url.json").write_text(json.dumps({"url": "file:///elsewhere", "dir_info": {"editable": True}}),
                                              encoding="utf-8")


@pytest.mark.parametrize("editable", [False, True])
def test_the_version_comes_from_installed_metadata_first(tmp_path, editable):
    """An installed (wheel) distribution names the version; an editable install defers to the source tree.

    The .egg-info that `pip install -e .` leaves in a source tree comes first on sys.path and is skipped."""
    _fake_dist(tmp_path / "site", "9.8.7", editable)
    egg = tmp_path / "src" / "yungui_mahjong.egg-info"
    egg.mkdir(parents=True)
    (egg / "PKG-INFO").write_text("Metadata-Version: 2.1\nName: yungui-mahjong\nVersion: 0.0.9\n", encoding="utf-8")
    env = _env()
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path / "src"), str(tmp_path / "site"), env["PYTHONPATH"]])
    r = subprocess.run([sys.executable, "-m", "game", "--version"], cwd=ROOT, env=env, capture_output=True,
                       encoding="utf-8", timeout=60, check=False)
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    source = re.search(r'^version\s*=\s*"([^"]+)"', text, re.M).group(1)
    assert r.stdout.strip() == f"yungui-mahjong {source if editable else '9.8.7'}", r.stdout + r.stderr
