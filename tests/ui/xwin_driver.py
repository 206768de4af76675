"""Drive the real game window on an X display (run under ``xvfb-run``) with xdotool: typing, clicking, the wheel.

Prints one ``PASS``/``FAIL`` line per check; ``tests/ui/test_ui_xwindow.py`` runs it. Screenshots go to
``$XWIN_OUT`` (a folder) when it is set. Scene changes come from the game's own trace (YUNGUI_TRACE_SCENES).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*cmd: str) -> str:
    return subprocess.run(cmd, capture_output=True, encoding="utf-8", check=True, timeout=120).stdout.strip()


class Window:
    """The game's window. Input goes through X in order, so nothing waits between one input and the next; what
    the game did is read from its own trace (scene changes) or from screenshots, polled until it shows."""

    def __init__(self, trace: Path, out: Path | None):
        self.trace, self.out = trace, out
        self.wid = run("xdotool", "search", "--sync", "--class", "ui15bwin").splitlines()[0]

    def click(self, x: int, y: int, button: int = 1) -> None:
        run("xdotool", "mousemove", "--sync", str(x), str(y))
        run("xdotool", "click", str(button))

    def type(self, text: str) -> None:
        run("xdotool", "type", "--delay", "40", text)

    def key(self, name: str) -> None:
        run("xdotool", "key", name)

    def shot(self, name: str) -> Path:
        path = (self.out or Path(tempfile.gettempdir())) / f"xwin-{name}.png"
        run("import", "-window", self.wid, str(path))
        return path

    def scenes(self) -> list[str]:
        return [ln.split()[1] for ln in self.trace.read_text(encoding="utf-8").splitlines() if ln.startswith("scene ")]

    def wait_scene(self, name: str, after: int) -> bool:
        """Whether the game goes to scene ``name`` after its first ``after`` scene changes (within WAIT_S)."""
        end = time.monotonic() + WAIT_S
        while time.monotonic() < end:
            if name in self.scenes()[after:]:
                return True
            time.sleep(0.05)
        return False

    def goes_to(self, act, *names: str) -> bool:
        """Whether ``act()`` (a click, a key) takes the game to one of the scenes ``names``, tried in turn."""
        n = len(self.scenes())
        act()
        return any(self.wait_scene(name, n) for name in names)

    def settled(self, name: str, box: tuple[int, int, int, int]) -> Path:
        """A screenshot once two in a row show ``box`` alike (the game has drawn what it had to)."""
        last = self.shot(name + "-a")
        end = time.monotonic() + WAIT_S
        while time.monotonic() < end:
            time.sleep(0.1)
            now = self.shot(name)
            if changed(last, now, box) == 0:
                return now
            last = now
        return last

    def wait_picture(self, name: str, good) -> tuple[Path, bool]:
        """Screenshots until ``good(path)`` holds (within WAIT_S); the last one and whether it did."""
        end = time.monotonic() + WAIT_S
        while True:
            path = self.shot(name)
            if good(path):
                return path, True
            if time.monotonic() > end:
                return path, False
            time.sleep(0.1)


# how long the game may take to show what an input did (a busy machine is slow, never this slow)
WAIT_S = 60.0


def layout() -> dict:
    """Where the controls are at 1280x720 (laid out by the game itself, off-screen)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    from game.ui.devtools import screenshot as shot
    from game.ui.kit import widgets
    from game.ui.lan.lobby import JoinScene
    from game.ui.menus.scenes import MenuScene, SetupScene

    app = shot.make_app((1280, 720), "zh")
    app.goto(MenuScene(app))
    menu = {b.name: b.rect.center for b in app.scene.buttons}
    app.settings.last_variant = "guiyang"
    app.goto(SetupScene(app, mode="host", on_start=lambda *a: None))
    host = app.scene
    join = JoinScene(app, interfaces=["127.0.0.1"])
    join.layout()
    name = next(w for w in host.colB if isinstance(w, widgets.TextInput) and w.max_len == 20)
    return {"menu": menu, "table_name": name._box().center, "open": host.start_btn.rect.center,
            "options": host.col_a.viewport.center, "address": join.addr_input._box().center,
            "connect": join.connect_btn.rect.center}


def changed(a: Path, b: Path, box: tuple[int, int, int, int]) -> int:
    """How many sampled pixels of ``box`` differ between two screenshots."""
    import pygame

    x0, y0, w, h = box
    ia, ib = pygame.image.load(str(a)), pygame.image.load(str(b))
    return sum(1 for y in range(y0, y0 + h, 3) for x in range(x0, x0 + w, 3)
               if sum(abs(p - q) for p, q in zip(ia.get_at((x, y))[:3], ib.get_at((x, y))[:3])) > 60)


def report(good: bool, what: str, *shown) -> bool:
    """Print the check's PASS or FAIL line; ``good`` back."""
    print(("PASS" if good else "FAIL") + " " + what, *shown)
    return good


def main() -> int:
    pos = json.loads(subprocess.run([sys.executable, __file__, "--layout"], capture_output=True, encoding="utf-8",
                                    check=True, cwd=ROOT, timeout=600).stdout)
    home = Path(tempfile.mkdtemp(prefix="xwin-home-"))
    (home / "settings.json").write_text(json.dumps({"lang": "zh", "window": [1280, 720], "sound": False,
                                                    "anim": "off", "last_variant": "guiyang",
                                                    "name": "Xwin"}))  # named: no first-use name prompt
    out = Path(os.environ["XWIN_OUT"]) if os.environ.get("XWIN_OUT") else None
    env = dict(os.environ, YUNGUI_HOME=str(home), YUNGUI_TRACE_SCENES="1", YUNGUI_LAN_INTERFACES="127.0.0.1",
               YUNGUI_NET_LOOPBACK_ONLY="1", SDL_VIDEO_X11_WMCLASS="ui15bwin", SDL_AUDIODRIVER="dummy",
               PYTHONPATH=str(ROOT))
    env.pop("SDL_VIDEODRIVER", None)
    trace = home / "trace.txt"
    with open(trace, "w") as err:
        game = subprocess.Popen([sys.executable, "-m", "game"], cwd=ROOT, env=env, stderr=err,
                                stdout=subprocess.DEVNULL)
    ok = True
    try:
        win = Window(trace, out)
        assert win.wait_scene("menu", 0), "the menu never came up"
        # 1. the host's table name: type it, then ONE click on 开桌并等待玩家
        assert win.goes_to(lambda: win.click(*pos["menu"]["host"]), "setup"), win.scenes()
        win.click(*pos["table_name"])
        win.type("Friday")
        win.shot("typed-table-name")
        good = win.goes_to(lambda: win.click(*pos["open"]), "lobby")
        win.shot("after-one-click")
        ok &= report(good, "one click after typing a table name opens the lobby", win.scenes())
        assert win.goes_to(lambda: win.key("Escape"), "menu"), win.scenes()  # close the table: back to the menu
        # 2. an address: type it, then Enter once
        assert win.goes_to(lambda: win.click(*pos["menu"]["join"]), "join"), win.scenes()
        win.click(*pos["address"])
        win.type("127.0.0.1:9")
        good = win.goes_to(lambda: win.key("Return"), "lobby")
        ok &= report(good, "Enter after typing an address connects", win.scenes())
        assert win.goes_to(lambda: win.key("Escape"), "menu", "join"), win.scenes()
        # 2b. an address: type it, then ONE click on 连接
        if win.scenes()[-1] != "join":
            assert win.goes_to(lambda: win.click(*pos["menu"]["join"]), "join"), win.scenes()
        win.click(*pos["address"])
        win.type("127.0.0.1:9")
        good = win.goes_to(lambda: win.click(*pos["connect"]), "lobby")
        ok &= report(good, "one click on Connect after typing an address connects", win.scenes())
        assert win.goes_to(lambda: win.key("Escape"), "menu", "join"), win.scenes()
        if win.scenes()[-1] != "menu":
            assert win.goes_to(lambda: win.key("Escape"), "menu"), win.scenes()
        # 3. 贵阳捉鸡's options: the wheel over the list scrolls it down and back
        assert win.goes_to(lambda: win.click(*pos["menu"]["play"]), "setup"), win.scenes()
        box = (430, 140, 400, 460)
        before = win.settled("setup", box)
        run("xdotool", "mousemove", "--sync", *map(str, pos["options"]))
        for _ in range(6):
            run("xdotool", "click", "5")
        _, moved = win.wait_picture("wheel-down", lambda p: changed(before, p, box) > 500)
        down = changed(before, win.settled("wheel-down", box), box)
        for _ in range(6):
            run("xdotool", "click", "4")
        _, back_ok = win.wait_picture("wheel-up", lambda p: changed(before, p, box) < down / 10)
        back = changed(before, win.settled("wheel-up", box), box)
        good = moved and back_ok and down > 500 and back < down / 10
        ok &= report(good, f"the wheel scrolls the options ({down} pixels changed, {back} after scrolling back)")
    finally:
        game.terminate()
        game.wait(120)
    return 0 if ok else 1


if __name__ == "__main__":
    if sys.argv[1:] == ["--layout"]:
        print(json.dumps(layout()))
        sys.exit(0)
    sys.exit(main())
