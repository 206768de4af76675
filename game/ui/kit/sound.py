"""Sound effects synthesised at run time (math + array, no sound files).

``SoundBank(settings)`` opens the mixer; with no audio device it stays silent,
``available`` is False and ``reason`` says why (the app shows a notice).
"""

from __future__ import annotations

import contextlib
import math
import os
import random
import sys
import tempfile
import threading
from array import array

import pygame

#: SDL drivers that open without a sound device: the mixer runs, nobody hears it
SILENT_DRIVERS = ("dummy", "disk")
EFFECTS = ("tile", "draw", "select", "click", "claim", "kong", "win", "flip", "turn", "drawn_game", "deal", "tick",
           "phrase")


def _env(i: int, n: int, attack: int, decay: float) -> float:
    if i < attack:
        return i / max(1, attack)
    return math.exp(-(i - attack) / max(1.0, decay))


class _Synth:
    def __init__(self, rate: int):
        self.rate = rate

    def buf(self, seconds: float) -> list[float]:
        return [0.0] * max(1, int(self.rate * seconds))

    def tone(self, out, start: float, freq: float, dur: float, amp: float, decay: float = 0.12,
             harmonics=((1, 1.0), (2, 0.35), (3, 0.12)), attack: float = 0.004):
        r = self.rate
        i0 = int(start * r)
        n = int(dur * r)
        a = int(attack * r)
        d = decay * r
        for k in range(n):
            i = i0 + k
            if i >= len(out):
                break
            t = k / r
            e = _env(k, n, a, d)
            s = 0.0
            for h, w in harmonics:
                s += w * math.sin(2 * math.pi * freq * h * t)
            out[i] += amp * e * s

    def knock(self, out, start: float, amp: float, bright: float = 0.5, decay: float = 0.012, body: float = 420.0):
        """A wooden clack: filtered noise burst plus a short low body resonance."""
        rng = random.Random(int(start * 1000) + int(body))
        r = self.rate
        i0 = int(start * r)
        n = int(0.12 * r)
        lp = 0.0
        d = decay * r
        for k in range(n):
            i = i0 + k
            if i >= len(out):
                break
            x = rng.uniform(-1, 1)
            lp += bright * (x - lp)
            e = math.exp(-k / d)
            t = k / r
            out[i] += amp * e * (0.8 * lp + 0.6 * math.sin(2 * math.pi * body * t) * math.exp(-k / (d * 2.5)))

    def whoosh(self, out, start: float, dur: float, amp: float):
        rng = random.Random(7)
        r = self.rate
        i0 = int(start * r)
        n = int(dur * r)
        lp = 0.0
        for k in range(n):
            i = i0 + k
            if i >= len(out):
                break
            x = k / n
            cut = 0.02 + 0.35 * math.sin(math.pi * x) ** 2
            lp += cut * (rng.uniform(-1, 1) - lp)
            out[i] += amp * math.sin(math.pi * x) * lp


def synthesize(name: str, rate: int) -> list[float]:
    sy = _Synth(rate)
    if name == "tile":
        out = sy.buf(0.16)
        sy.knock(out, 0.0, 0.9, bright=0.55, decay=0.010, body=520)
        sy.knock(out, 0.018, 0.35, bright=0.3, decay=0.02, body=300)
    elif name == "draw":
        out = sy.buf(0.08)
        sy.knock(out, 0.0, 0.45, bright=0.35, decay=0.006, body=700)
    elif name == "deal":
        out = sy.buf(0.3)
        for j in range(4):
            sy.knock(out, j * 0.05, 0.35, bright=0.4, decay=0.006, body=600 + 40 * j)
    elif name == "select":
        out = sy.buf(0.05)
        sy.tone(out, 0.0, 1480, 0.05, 0.18, decay=0.012, harmonics=((1, 1.0),))
    elif name == "click":
        out = sy.buf(0.06)
        sy.tone(out, 0.0, 1050, 0.06, 0.25, decay=0.015, harmonics=((1, 1.0), (2, 0.2)))
    elif name == "claim":
        out = sy.buf(0.5)
        sy.knock(out, 0.0, 0.8, bright=0.5, decay=0.012, body=380)
        sy.tone(out, 0.03, 659.3, 0.45, 0.32, decay=0.14)
        sy.tone(out, 0.13, 987.8, 0.37, 0.30, decay=0.14)
    elif name == "kong":
        out = sy.buf(0.75)
        sy.knock(out, 0.0, 0.9, bright=0.5, decay=0.014, body=330)
        sy.knock(out, 0.06, 0.6, bright=0.5, decay=0.012, body=360)
        for j, f in enumerate((523.3, 659.3, 784.0)):
            sy.tone(out, 0.05 + 0.1 * j, f, 0.6 - 0.1 * j, 0.26, decay=0.16)
    elif name == "win":
        out = sy.buf(1.6)
        sy.knock(out, 0.0, 0.9, bright=0.6, decay=0.016, body=300)
        for j, f in enumerate((523.3, 659.3, 784.0, 1046.5)):
            sy.tone(out, 0.06 + 0.11 * j, f, 1.3 - 0.11 * j, 0.24, decay=0.32,
                    harmonics=((1, 1.0), (2, 0.5), (3, 0.25), (4.2, 0.08)))
        sy.tone(out, 0.55, 1568.0, 0.9, 0.12, decay=0.35, harmonics=((1, 1.0), (2.76, 0.2)))
    elif name == "flip":
        out = sy.buf(0.6)
        sy.whoosh(out, 0.0, 0.32, 0.5)
        sy.knock(out, 0.3, 0.6, bright=0.45, decay=0.01, body=480)
        sy.tone(out, 0.33, 1318.5, 0.25, 0.18, decay=0.08, harmonics=((1, 1.0), (2.76, 0.3)))
    elif name == "turn":
        out = sy.buf(0.45)
        sy.tone(out, 0.0, 880.0, 0.2, 0.16, decay=0.08)
        sy.tone(out, 0.12, 1174.7, 0.3, 0.16, decay=0.1)
    elif name == "tick":  # a countdown's last seconds: a dry wooden tick
        out = sy.buf(0.09)
        sy.knock(out, 0.0, 0.55, bright=0.7, decay=0.005, body=1600)
    elif name == "phrase":  # a quick phrase arrives: a soft two-note chime
        out = sy.buf(0.35)
        sy.tone(out, 0.0, 784.0, 0.18, 0.12, decay=0.07)
        sy.tone(out, 0.09, 1046.5, 0.24, 0.12, decay=0.09)
    elif name == "drawn_game":
        out = sy.buf(0.9)
        for j, f in enumerate((587.3, 523.3, 440.0)):
            sy.tone(out, 0.15 * j, f, 0.6, 0.22, decay=0.18)
    else:
        raise ValueError(f"unknown sound {name!r}")
    return out


def _driver() -> str:
    try:
        return str(pygame.mixer.get_driver())
    except (pygame.error, AttributeError):
        return os.environ.get("SDL_AUDIODRIVER", "")


def to_bytes(samples: list[float], channels: int, bits: int = -16) -> bytes:
    """16-bit signed PCM, soft-clipped, duplicated per channel."""
    peak = max(abs(x) for x in samples)
    k = 0.9 / max(1.0, peak)
    data = array("h")
    for x in samples:
        v = int(32000 * math.tanh(x * k * 1.1))
        for _ in range(channels):
            data.append(v)
    if bits > 0:  # unsigned formats (rare): shift
        data = array("H", [(v + 32768) & 0xFFFF for v in data])
    return data.tobytes()


@contextlib.contextmanager
def quiet_stderr():
    """Send what C libraries write to file descriptor 2 meanwhile to a scratch file (POSIX only).

    Opening the mixer without a sound card makes libasound print eight ``ALSA lib ...`` lines
    straight to fd 2; the game already says so in a notice, so the terminal stays quiet. Python's
    own ``sys.stderr`` is flushed first and keeps working afterwards.
    """
    if os.name != "posix":
        yield
        return
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, AttributeError, ValueError):
        yield
        return
    try:
        with tempfile.TemporaryFile() as scratch:
            os.dup2(scratch.fileno(), 2)
            try:
                yield
            finally:
                os.dup2(saved, 2)
    finally:
        os.close(saved)


class SoundBank:
    """Effects by name; silent (and says why) without an audio device."""

    def __init__(self, enabled: bool = True, volume: float = 0.7, open_device: bool = True):
        self.enabled = enabled
        self.volume = volume
        self.available = False
        self.reason = ""
        self.driver = ""
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.played: list[str] = []  # for tests: what would have played
        if not open_device:
            self.reason = "sound disabled"
            return
        try:
            if not pygame.mixer.get_init():
                with quiet_stderr():
                    pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
            init = pygame.mixer.get_init()
            if not init:
                raise pygame.error("mixer did not start")
            self.rate, self.bits, self.channels = init
            self.available = True
            self.driver = _driver()
        except (pygame.error, NotImplementedError, OSError) as e:
            self.reason = str(e) or "no audio device"
            self.available = False

    @property
    def audible(self) -> bool:
        """The mixer plays to a real device (not SDL's dummy or disk driver)."""
        return self.available and self.driver not in SILENT_DRIVERS

    def describe(self) -> str:
        """One phrase for ``--smoke``: what a player of this machine would hear."""
        if self.audible:
            return f"audio on ({self.driver})" if self.driver else "audio on"
        if self.available:
            return f"audio off (SDL's {self.driver} driver: no sound device is used)"
        return f"audio off ({self.reason or 'no audio device'})"

    def _get(self, name: str):
        snd = self.sounds.get(name)
        if snd is None and self.available:
            if abs(self.bits) != 16:
                return None
            snd = pygame.mixer.Sound(buffer=to_bytes(synthesize(name, self.rate), self.channels, self.bits))
            self.sounds[name] = snd
        return snd

    def preload(self) -> None:
        for n in EFFECTS:
            try:
                self._get(n)
            except pygame.error:
                pass

    def preload_async(self) -> None:
        """Synthesise every effect in the background so the first win does not stall a frame."""
        if not self.available:
            return
        threading.Thread(target=self.preload, name="sound-synth", daemon=True).start()

    def play(self, name: str, volume: float = 1.0) -> None:
        self.played.append(name)
        if len(self.played) > 200:
            del self.played[:100]
        if not (self.enabled and self.available):
            return
        try:
            snd = self._get(name)
            if snd is None:
                return
            snd.set_volume(max(0.0, min(1.0, self.volume * volume)))
            snd.play()
        except pygame.error:
            pass

    def close(self) -> None:
        if self.available:
            try:
                pygame.mixer.quit()
            except pygame.error:
                pass
