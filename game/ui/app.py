"""The window, the scene stack and the main loop (frame-capped; sleeps when nothing moves).

The loop draws a frame whenever anything visible may have changed: input, a scene
change or ``invalidate()``, every frame while the scene is busy (something moves),
the first frame after it stops being busy (so the end of an animation is shown),
and the app times asked for with ``redraw_at`` (timers, countdowns).
"""

from __future__ import annotations

import heapq
import logging
import os
import sys
import time
from collections.abc import Callable, MutableMapping
from functools import partial
from pathlib import Path

import pygame

import game.startclock as startclock
from game import crash
from game.ui import settings as cfg
from game.ui.kit import drawlog, strings, tileart, widgets
from game.ui.kit.icon import icon_surface
from game.ui.kit.sound import SoundBank

log = logging.getLogger("game.ui")

BUSY_FPS = 60
IDLE_FPS = 20  # an idle frame draws nothing; this only bounds how late a session update is seen (50 ms)
BASE = (1280, 720)


def software_window(environ: MutableMapping[str, str] | None = None, platform: str = sys.platform) -> None:
    """On Linux, have SDL show the window through the system's own framebuffer (X11 shared memory), not an
    OpenGL texture, unless the player has set ``SDL_FRAMEBUFFER_ACCELERATION``.

    The game draws in software either way; the texture path only adds an OpenGL context, which took 0.09-0.11 s
    of the first frame on Xvfb (``set_mode`` 0.016 s without it). Windows already uses its native framebuffer
    (GDI) by default and macOS's native path is OpenGL, so neither is touched.
    """
    env = os.environ if environ is None else environ
    if platform.startswith("linux"):
        env.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


class LoopClock:
    """Real time for the main loop: ``now()`` in seconds, ``wait(fps)`` caps the rate (tests pass a fake clock)."""

    def __init__(self) -> None:
        self._clock = pygame.time.Clock()

    def now(self) -> float:
        return time.perf_counter()

    def wait(self, fps: int) -> None:
        self._clock.tick(fps)


class Scene:
    """One screen. ``layout`` is called on enter, resize and language change."""

    name = "scene"

    def __init__(self, app: App):
        self.app = app

    # life cycle
    def enter(self) -> None:
        self.layout()

    def leave(self) -> None:
        pass

    def layout(self) -> None:
        pass

    # per frame
    def handle(self, ev) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surf: pygame.Surface) -> None:
        pass

    def busy(self) -> bool:
        """True while something moves (animations, bots about to act): the loop runs at full rate."""
        return False

    def toast_room(self, height: int) -> pygame.Rect | None:
        """Where notices not about a button (a stack ``height`` px tall) go now; None: the window's top centre."""
        return None

    # helpers
    @property
    def s(self) -> float:
        return self.app.scale

    def px(self, v: float) -> int:
        return max(1, round(v * self.app.scale))


class App:
    def __init__(self, size=None, settings: cfg.Settings | None = None, fullscreen: bool | None = None,
                 save: bool = True, sound: bool = True):
        self._save_warned = False  # the settings could not be saved, and the player was told once
        self._resize_pending = False  # the window was resized: its size is saved on quitting
        self._last_size: tuple[int, int] | None = None  # the display surface's size at the last resize event
        notice = None
        if settings is None:
            settings, notice = cfg.load_settings()
        self.settings = settings
        self.save_enabled = save
        self.last_replay: Path | None = None  # where the table last saved its match (``play --quit-on`` says it)
        strings.set_lang(settings.lang)
        tileart.set_marks(settings.colour_marks)  # colour-blind-safe tiles (a player's setting)
        software_window()
        pygame.display.init()
        pygame.font.init()
        pygame.key.set_repeat(350, 45)
        self.fullscreen = settings.fullscreen if fullscreen is None else fullscreen
        self.window_size = cfg.clamp_size(size or settings.window)
        self.screen = self._set_mode(self.window_size, self.fullscreen)
        pygame.display.set_caption(strings.tr("app.title"))
        self._set_icon()
        self.clock = LoopClock()
        self.now = 0.0  # seconds of app time (advanced per frame; tests drive it)
        self.scene: Scene | None = None
        self.running = True
        self.dirty = True
        self.toasts: list[list] = []
        self.frames = 0
        self.drawn = 0
        self.busy_now = False  # the scene was busy after the last frame's update
        self._wakes: list[float] = []  # app times at which a frame must be drawn (redraw_at)
        self.on_flip: list[Callable[[], None]] = []  # called after every frame shown on the display
        self.sound = SoundBank(settings.sound, settings.volume) if sound else SoundBank(False, 0.0, open_device=False)
        if notice:
            self.notice(partial(strings.tr_notice, notice.key, notice.fmt), 10)
        if sound and not self.sound.available:
            self.notice(strings.tr("notice.no_audio"), 6)
        # the effects are synthesised once the first frame is shown (a thread making them at once slowed it)
        self._preload_sound = bool(sound and settings.sound and self.sound.available)
        self._shown = False  # a frame has reached the display

    # ---------------------------------------------------------------- window
    def _set_mode(self, size, fullscreen: bool) -> pygame.Surface:
        flags = pygame.RESIZABLE
        if fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                self.fullscreen = False
        screen = pygame.display.set_mode(size, flags)
        # smaller sizes are clamped back on VIDEORESIZE (SDL's own minimum needs the deprecated Window bridge)
        return screen

    def _set_icon(self) -> None:
        try:
            pygame.display.set_icon(icon_surface(64))
        except (pygame.error, OSError):
            pass  # no icon file or a display that takes none: the window opens without one

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def scale(self) -> float:
        w, h = self.size
        return min(w / BASE[0], h / BASE[1])

    def resize(self, size, save: bool = True) -> None:
        size = cfg.clamp_size(size)
        self.window_size = size
        if not self.fullscreen:
            self.screen = self._set_mode(size, False)
        if save:
            self.settings.window = size
            self.save_settings()
        self.relayout()

    def set_fullscreen(self, on: bool) -> None:
        self.fullscreen = on
        self.settings.fullscreen = on
        try:
            self.screen = self._set_mode(self.window_size, on)
        except pygame.error:
            self.notice(strings.tr("notice.fullscreen_failed"))
        self.save_settings()
        self.relayout()

    def relayout(self) -> None:
        if self.scene:
            self.scene.layout()
        self.dirty = True

    def set_lang(self, lang: str) -> None:
        strings.set_lang(lang)
        self.settings.lang = lang
        pygame.display.set_caption(strings.tr("app.title"))
        self.save_settings()
        self.relayout()

    def toggle_lang(self) -> None:
        self.set_lang("en" if strings.is_zh() else "zh")
        self.notice(strings.tr("notice.lang"), 1.5)

    def save_settings(self) -> None:
        if not self.save_enabled:
            return
        err = cfg.save_settings(self.settings)
        if err and not self._save_warned:
            self._save_warned = True
            self.notice(strings.tr("notice.settings_readonly", why=err), 6)

    # ---------------------------------------------------------------- scenes
    def goto(self, scene: Scene) -> None:
        if self.scene is not None:
            self.scene.leave()
        self.scene = scene
        log.info("screen %s", scene.name)
        scene.enter()
        self.dirty = True
        self.trace(f"scene {scene.name}")

    def trace(self, what: str) -> None:
        """One line on stderr for tests that drive a real window (YUNGUI_TRACE_SCENES): where it went, what showed."""
        if os.environ.get("YUNGUI_TRACE_SCENES"):
            print(what, file=sys.stderr, flush=True)

    def invalidate(self) -> None:
        """Something visible changed outside input and animations (a session update, a timer): draw next frame."""
        self.dirty = True

    def redraw_at(self, t: float) -> None:
        """Draw a frame at app time ``t`` even if nothing else moves then (a countdown's next second)."""
        if t > self.now:
            heapq.heappush(self._wakes, t)
        else:
            self.dirty = True

    def notice(self, text: str | Callable[[], str], seconds: float = 4.0,
               anchor: Callable[[], pygame.Rect | None] | None = None) -> None:
        """A message that fades after ``seconds``: at the top of the window, or just above what ``anchor``
        returns (the button it is about). A callable ``text`` follows a change of language."""
        self.toasts.append([text, self.now + seconds, self.now, anchor])
        self.dirty = True
        log.info("notice: %s", text() if callable(text) else text)

    def anchored_notice(self) -> bool:
        """A notice shows just above a button now (what else stands there gives way to it)."""
        return any(t[3] is not None and t[1] > self.now for t in self.toasts)

    def quit(self) -> None:
        self.running = False

    # ---------------------------------------------------------------- loop
    def frame(self, events: list | None = None, dt: float | None = None) -> bool:
        """One iteration: events, update, draw (only when something changed). True if it drew."""
        if events is None:
            events = pygame.event.get()
        if dt is None:
            dt = 1 / BUSY_FPS
        self.now += dt
        self.frames += 1
        for ev in events:
            self._handle(ev)
            if not self.running:
                return False
        crash.raise_pending()  # a thread's crash stops the client as one of the loop would
        if self.scene:
            if self.scene.name == "table":
                crash.fault_point("ui")  # YUNGUI_FAULT=ui: the crash handler's test switch (CONTRIBUTING.md)
            self.scene.update(dt)
        if self.toasts:
            before = len(self.toasts)
            self.toasts = [t for t in self.toasts if t[1] > self.now]
            if len(self.toasts) != before or self.toasts:
                self.dirty = True
        while self._wakes and self._wakes[0] <= self.now:
            heapq.heappop(self._wakes)
            self.dirty = True
        was_busy = self.busy_now
        self.busy_now = bool(self.scene and self.scene.busy())
        # the frame after the last busy one is drawn too: it is the one where the animation has ended
        if self.dirty or self.busy_now or was_busy:
            self.draw()
            return True
        return False

    def draw(self) -> None:
        if self.scene:
            self.scene.draw(self.screen)
        self._draw_toasts(self.screen)
        self.dirty = False
        self.drawn += 1

    def _handle(self, ev) -> None:
        if ev.type == pygame.QUIT:
            # a scene may ask first (the hosting player's LAN table: "end the table for everyone?")
            ask = getattr(self.scene, "on_quit", None)
            if ask is not None and ask():
                return
            self.running = False
            return
        if ev.type == pygame.VIDEORESIZE and not self.fullscreen:
            size = cfg.clamp_size(ev.size)
            if size != tuple(ev.size):
                self.screen = self._set_mode(size, False)
            else:  # the window already has this size: draw on its surface (made anew should there be none)
                surf = pygame.display.get_surface()
                self.screen = surf if surf is not None else self._set_mode(size, False)
            self.window_size = size
            self.settings.window = size
            self._resize_pending = True
            self.relayout()
            return
        if ev.type in (pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED):
            surf = pygame.display.get_surface()
            if surf is not None and surf.get_size() != self._last_size:
                self.screen = surf
                self._last_size = surf.get_size()
                self.relayout()
            return
        if ev.type in (pygame.WINDOWEXPOSED, pygame.WINDOWFOCUSGAINED, pygame.WINDOWRESTORED, pygame.ACTIVEEVENT):
            self.dirty = True
            return
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_F11:
            self.set_fullscreen(not self.fullscreen)
            return
        if ev.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN,
                       pygame.KEYUP, pygame.MOUSEWHEEL, pygame.TEXTINPUT):
            self.dirty = True
        if self.scene:
            self.scene.handle(ev)

    def run(self, seconds: float | None = None) -> int:
        """The main loop: full rate while something moves, a low capped rate (and no redraw) when idle. A bug in
        it, or in a thread, ends in the crash message (``crash_screen``) and a non-zero exit."""
        from game.ui import crash_screen

        return crash_screen.guarded(self, lambda: self._loop(seconds))

    def _loop(self, seconds: float | None) -> int:
        clock = self.clock
        last = clock.now()
        end = None if seconds is None else last + seconds
        self._exit_after_first_frame = bool(os.environ.get("YUNGUI_EXIT_AFTER_FIRST_FRAME"))
        while self.running:
            events = pygame.event.get()
            now = clock.now()
            dt = min(0.1, now - last)
            last = now
            drew = self.frame(events, dt)
            if not self.running:
                break
            if drew:
                pygame.display.flip()
                if not self._shown:
                    self._shown = True
                    startclock.mark("first_frame")
                    startclock.print_report()
                    if self._preload_sound:
                        self.sound.preload_async()
                for fn in list(self.on_flip):
                    fn()
                if self._exit_after_first_frame:
                    print("first frame", flush=True)  # read by `bench startup`
                    self.running = False
                if not self.running:
                    break
            soon = bool(self._wakes) and self._wakes[0] - self.now < 1 / IDLE_FPS
            busy = bool(events) or self.busy_now or bool(self.toasts) or self.dirty or soon
            clock.wait(BUSY_FPS if busy else IDLE_FPS)
            if end is not None and clock.now() >= end:
                return 0
        if self._resize_pending:
            self.save_settings()
        self.shutdown()
        return 0

    def shutdown(self) -> None:
        if self.scene:
            self.scene.leave()
        self.sound.close()

    # ---------------------------------------------------------------- toasts
    def _draw_toasts(self, surf) -> None:
        if not self.toasts:
            return
        s = self.scale
        size = max(13, round(18 * s))
        gap = round(6 * s)
        shown = []  # (lines, rect, alpha, anchor's rect) per toast, placed below
        for text, until, born, anchor in self.toasts:
            a = min(1.0, (self.now - born) / 0.2, max(0.0, (until - self.now) / 0.4))
            text = text() if callable(text) else text
            lines = widgets.wrap(text, size, round(760 * s))
            w = max(widgets.text_width(line, size) for line in lines) + round(40 * s)
            h = len(lines) * round(size * 1.4) + round(16 * s)
            shown.append((lines, pygame.Rect(0, 0, w, h), a, anchor() if anchor is not None else None))
        loose = [r for _lines, r, _a, near in shown if near is None]
        height = sum(r.h for r in loose) + gap * max(0, len(loose) - 1)
        # the scene may keep the top clear (the settlement's title): the stack is centred in the room it gives
        room = self.scene.toast_room(height) if self.scene is not None and loose else None
        if room is None:
            y, cx = round(14 * s), surf.get_width() // 2
        else:
            y, cx = room.y + max(0, (room.h - height) // 2), room.centerx
        for lines, r, a, near in shown:
            if near is not None:
                r.midbottom = (near.centerx, near.top - round(10 * s))
                r.clamp_ip(surf.get_rect().inflate(-round(16 * s), -round(16 * s)))
            else:
                r.midtop = (cx, y)
                y = r.bottom + gap
            layer = pygame.Surface(r.size, pygame.SRCALPHA)
            widgets.panel(layer, layer.get_rect(), (30, 26, 14), 235, round(10 * s), 2, widgets.GOLD, shadow=False)
            yy = round(8 * s)
            for line in lines:
                widgets.draw_text(layer, line, (r.w // 2, yy), size, widgets.CREAM, "bold", anchor="midtop")
                yy += round(size * 1.4)
            layer.set_alpha(round(255 * a))
            drawlog.blit_layer(surf, layer, r.topleft, transient=True)

def headless_env() -> None:
    """Use SDL's dummy drivers (tests, screenshots, benchmarks)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
