"""The crash message: what the player sees when the client meets a bug it cannot go on from, and the loop's hook.

``guarded(app, loop)`` is all the window's loop calls: an exception in the loop (or in one of its threads, see
``game.crash``) writes the report, shows ``CrashMessage`` in the player's language with the report's path (and, at
a LAN table, what becomes of the seat) until the player closes it, and returns ``crash.EXIT_CODE``. Nothing else
is saved on the way out (not the settings, not a replay) but the local match under way, which the table keeps for
继续上局 as closing the window does (``keep_match``). Drawn with the kit only: this module never imports the loop
(``game.ui.app``) that calls it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import pygame

from game import crash
from game.ui.kit import strings, widgets
from game.ui.kit.felt import felt_surface


class Window(Protocol):
    """What the crash message needs of the window's app (``game.ui.app.App``)."""

    screen: pygame.Surface
    scene: Any
    toasts: list
    on_flip: list

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def scale(self) -> float: ...


class CrashMessage:
    """The report's path, what is safe, what to do; 关闭 (Enter, Esc, or closing the window) ends the game."""

    name = "crash"

    def __init__(self, report: Path | None, lan: str | None = None):
        self.report = report
        self.lan = lan  # None, "player" (the host keeps the seat) or "host" (this machine hosted the table)
        self.closed = False
        self.close_btn: widgets.Button | None = None
        self.folder_btn: widgets.Button | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.s = 1.0

    def texts(self) -> list[str]:
        """The paragraphs under the path, in the current language."""
        keys = ["crash.attach", "crash.safe"] + ([f"crash.lan_{self.lan}"] if self.lan else [])
        return [strings.tr(k) for k in keys]

    def path_text(self) -> str:
        return str(self.report) if self.report is not None else strings.tr("crash.unsaved")

    def layout(self, size: tuple[int, int], scale: float) -> None:
        s = self.s = scale
        w, h = size
        width = min(w - round(40 * s), round(860 * s))
        inner = width - round(88 * s)
        text, ptext = round(18 * s), round(16 * s)
        step = round(text * 1.35)
        body = len(widgets.wrap(strings.tr("crash.saved"), text, inner)) * step
        body += len(path_lines(self.path_text(), ptext, inner - round(24 * s))) * round(ptext * 1.45) + round(40 * s)
        body += sum(len(widgets.wrap(t, text, inner)) * step + round(8 * s) for t in self.texts())
        height = min(h - round(24 * s), round(26 * s) + round(60 * s) + body + round(100 * s))
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = (w // 2, h // 2)
        bw, bh = round(220 * s), round(50 * s)
        y = self.rect.bottom - bh - round(24 * s)
        self.close_btn = widgets.Button((self.rect.centerx + round(12 * s), y, bw, bh), widgets.tr_label("crash.close"),
                                  self.close, "gold", name="close", size=round(18 * s))
        self.folder_btn = None
        if self.report is not None:
            self.folder_btn = widgets.Button((self.rect.centerx - bw - round(12 * s), y, bw, bh),
                                       widgets.tr_label("crash.folder"), self.open_folder, "green", name="folder",
                                       size=round(18 * s))

    def close(self) -> None:
        self.closed = True

    def open_folder(self) -> None:
        if self.report is not None:
            reveal(self.report.parent)

    def handle(self, ev: pygame.event.Event) -> None:
        if ev.type == pygame.QUIT:
            self.close()
            return
        for b in (self.folder_btn, self.close_btn):
            if b is not None and b.handle(ev):
                return
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER,
                                                      pygame.K_SPACE):
            self.close()

    def draw(self, surf: pygame.Surface) -> None:
        s = self.s
        surf.blit(felt_surface(surf.get_size()), (0, 0))
        widgets.dim_screen(surf, 120)
        box = self.rect
        widgets.panel(surf, box, (44, 22, 18), 240, round(14 * s), 2, widgets.GOLD)
        x, width = box.x + round(44 * s), box.w - round(88 * s)
        y = box.y + round(26 * s)
        widgets.draw_text(surf, strings.tr("crash.title"), (box.centerx, y), round(30 * s), widgets.GOLD, "bold",
                    anchor="midtop")
        y += round(60 * s)
        text, ptext = round(18 * s), round(16 * s)
        y += widgets.draw_wrapped(surf, strings.tr("crash.saved"), pygame.Rect(x, y, width, box.bottom - y), text)
        lines = path_lines(self.path_text(), ptext, width - round(24 * s))
        well = pygame.Rect(x, y + round(6 * s), width, len(lines) * round(ptext * 1.45) + round(16 * s))
        widgets.panel(surf, well, (20, 12, 10), 235, round(8 * s), 1, (120, 96, 60), shadow=False)
        yy = well.y + round(8 * s)
        for line in lines:
            widgets.draw_text(surf, line, (well.x + round(12 * s), yy), ptext, widgets.GOLD, "bold")
            yy += round(ptext * 1.45)
        y = well.bottom + round(18 * s)
        for para in self.texts():
            y += widgets.draw_wrapped(surf, para, pygame.Rect(x, y, width, box.bottom - y), text) + round(8 * s)
        for b in (self.folder_btn, self.close_btn):
            if b is not None:
                b.draw(surf)


def path_lines(path: str, size: int, width: int) -> list[str]:
    """A file path in lines no wider than ``width``, broken after separators (a path has no spaces to break at)."""
    parts: list[str] = []
    cur = ""
    for ch in path:
        cur += ch
        if ch in "/\\":
            parts.append(cur)
            cur = ""
    if cur:
        parts.append(cur)
    lines: list[str] = []
    line = ""
    for part in parts:
        if line and widgets.text_width(line + part, size, "bold") > width:
            lines.append(line)
            line = ""
        line += part
    if line:
        lines.append(line)
    return lines


def reveal(folder: Path) -> None:
    """Open ``folder`` in the system's file manager (never raises: the path is on the screen anyway)."""
    try:
        if sys.platform == "win32":
            os.startfile(folder)
        elif sys.platform == "darwin":
            subprocess.Popen(["open", str(folder)])
        else:
            subprocess.Popen(["xdg-open", str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except OSError:
        pass


def scene_facts(app: Window) -> dict[str, Any]:
    """What the client was doing, for the report: the screen, and at a table its variant, options, seed and hand."""
    sc = app.scene
    out: dict[str, Any] = {"screen": getattr(sc, "name", type(sc).__name__), "language": strings.lang(),
                           "window": "x".join(map(str, app.size))}
    variant = getattr(sc, "variant", None)
    if variant is not None:
        out["variant"] = getattr(variant, "id", variant)
    session = getattr(sc, "session", None)
    match = getattr(session, "match", None)
    if match is not None:  # a local table: the whole match replays from seed, options and actions
        out["options"] = match.options
        out["seed"] = match.seed
        out["hand"] = f"{match.hand_no + 1} of {match.hands_total}"
    else:
        view = getattr(sc, "view", None)
        if view:
            total = getattr(sc, "hands_total", None)
            out["hand"] = f"{view['hand_no'] + 1}" + (f" of {total}" if total else "")
            out["options"] = view.get("options")
    if session is not None and getattr(sc, "lan", False):
        out["lan"] = lan_role()
        out["seed"] = out.get("seed", "kept by the LAN host")
    record = getattr(session, "match_record", None)
    if callable(record):
        try:
            rec = dict(record())
            state = getattr(match, "state", None) if match is not None else None
            if match is not None and state is not None and state.end is None:  # the hand under way, to the crash
                rec["hand_in_progress"] = {"hand": match.hand_no, "actions": [a.to_json() for a in state.log]}
            out["match_record"] = rec
        except Exception:  # noqa: BLE001 - the report goes out without it
            pass
    return out


def lan_role() -> str:
    """``host`` when this process runs the LAN host (its thread dies with the client), else ``player``."""
    return "host" if any(t.name == "netplay-host" and t.is_alive() for t in threading.enumerate()) else "player"


def guarded(app: Window, loop: Callable[[], int]) -> int:
    """Run the window's loop; any exception in it (or in a thread meanwhile) ends in ``crashed``."""
    crash.set_facts(lambda: scene_facts(app))
    try:
        return loop()
    except Exception as e:  # noqa: BLE001 - whatever the bug: a report, the message, a non-zero exit
        return crashed(app, e)


def crashed(app: Window, exc: BaseException) -> int:
    """Write the report (a thread's is written already), show the message until the player closes it, and return
    the exit code."""
    path = exc.path if isinstance(exc, crash.ThreadCrashed) else crash.report(exc)
    keep_match(app)
    lan = lan_role() if getattr(app.scene, "lan", False) else None
    try:
        show(app, CrashMessage(path, lan))
    except Exception as e:  # noqa: BLE001 - a window that cannot even draw this: the report is written, leave
        crash.log.error("the crash message could not be shown: %r", e)
    return crash.EXIT_CODE


def keep_match(app: Window) -> None:
    """The local match under way stays continuable (继续上局) after a crash: the scene keeps it the way closing the
    window does (``TableScene.keep_match``); only that, nothing else is saved, and a failure only logs."""
    keep = getattr(app.scene, "keep_match", None)
    if not callable(keep):
        return
    try:
        keep()
    except Exception as e:  # noqa: BLE001 - the report is written; the match so far is also beside it
        crash.log.error("the match under way could not be kept for 继续上局: %r", e)


def show(app: Window, msg: CrashMessage) -> None:
    """Draw ``msg`` on the window until the player closes it; a single frame where nobody can see or answer it (no
    display). The broken scene is left alone: its ``leave`` might save, or fail again."""
    app.toasts.clear()
    headless = pygame.display.get_driver() in ("dummy", "offscreen")
    clock = pygame.time.Clock()
    msg.layout(app.size, app.scale)
    while True:
        for ev in pygame.event.get():
            if ev.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                surf = pygame.display.get_surface()
                if surf is not None:
                    app.screen = surf
                    msg.layout(app.size, app.scale)
            msg.handle(ev)
        msg.draw(app.screen)
        pygame.display.flip()
        for fn in list(app.on_flip):
            try:
                fn()
            except Exception:  # noqa: BLE001 - a watcher of frames (a test, --quit-on) must not stop this
                pass
        if headless or msg.closed:
            return
        clock.tick(30)
