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
    return subprocess.run(cmd, capture_output=True, encoding="utf-8", check=True, timeout=30).stdout.strip()


class Window:
    def __init__(self, trace: Path, out: Path | None):
        self.trace, self.out = trace, out
        self.wid = run("xdotool", "search", "--sync", "--class", "ui15bwin").splitlines()[0]

    def click(self, x: int, y: int, button: int = 1) -> None:
        run("xdotool", "mousemove", "--sync", str(x), str(y))
        time.sleep(0.1)
        run("xdotool", "click", str(button))
        time.sleep(0.35)

    def type(self, text: str) -> None:
        run("xdotool", "type", "--delay", "40", text)
        time.sleep(0.3)

    def key(self, name: str) -> None:
        run("xdotool", "key", name)
        time.sleep(0.6)

    def shot(self, name: str) -> Path:
        path = (self.out or Path(tempfile.gettempdir())) / f"xwin-{name}.png"
        run("import", "-window", self.wid, str(path))
        return path

    def scenes(self) -> list[str]:
        return [ln.split()[1] for ln in self.trace.read_text(encoding="utf-8").splitlines() if ln.startswith("scene ")]


def layout() -> dict:
    """Where the controls are at 1280x720 (laid out by the game itself, off-screen)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    from game.ui.devtools import screenshot as shot
    from game.ui.kit import widgets as W
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
    name = next(w for w in host.colB if isinstance(w, W.TextInput) and w.max_len == 20)
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


def main() -> int:
    pos = json.loads(subprocess.run([sys.executable, __file__, "--layout"], capture_output=True, encoding="utf-8",
                                    check=True, cwd=ROOT, timeout=60).stdout)
    home = Path(tempfile.mkdtemp(prefix="xwin-home-"))
    (home / "settings.json").write_text(json.dumps({"lang": "zh", "window": [1280, 720], "sound": False,
                                                    "anim": "off", "last_variant": "guiyang"}))
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
        time.sleep(1.5)
        # 1. the host's table name: type it, then ONE click on 开桌并等待玩家
        win.click(*pos["menu"]["host"])
        win.click(*pos["table_name"])
        win.type("Friday")
        win.shot("typed-table-name")
        win.click(*pos["open"])
        time.sleep(2.0)
        win.shot("after-one-click")
        good = win.scenes()[-1:] == ["lobby"]
        print(("PASS" if good else "FAIL") + " one click after typing a table name opens the lobby", win.scenes())
        ok &= good
        win.key("Escape")  # close the table: back to the menu
        # 2. an address: type it, then Enter once
        win.click(*pos["menu"]["join"])
        win.click(*pos["address"])
        win.type("127.0.0.1:9")
        win.key("Return")
        time.sleep(1.0)
        good = win.scenes()[-1:] == ["lobby"]
        print(("PASS" if good else "FAIL") + " Enter after typing an address connects", win.scenes())
        ok &= good
        win.key("Escape")
        # 2b. an address: type it, then ONE click on 连接
        win.click(*pos["menu"]["join"])
        win.click(*pos["address"])
        win.type("127.0.0.1:9")
        win.click(*pos["connect"])
        time.sleep(1.0)
        good = win.scenes()[-1:] == ["lobby"]
        print(("PASS" if good else "FAIL") + " one click on Connect after typing an address connects", win.scenes())
        ok &= good
        win.key("Escape")
        # 3. 贵阳捉鸡's options: the wheel over the list scrolls it down and back
        win.click(*pos["menu"]["play"])
        before = win.shot("setup")
        run("xdotool", "mousemove", "--sync", *map(str, pos["options"]))
        for button in (5, 4):
            for _ in range(6):
                run("xdotool", "click", str(button))
                time.sleep(0.12)
            time.sleep(0.6)
            win.shot("wheel-down" if button == 5 else "wheel-up")
        box = (430, 140, 400, 460)
        down = changed(before, (out or Path(tempfile.gettempdir())) / "xwin-wheel-down.png", box)
        back = changed(before, (out or Path(tempfile.gettempdir())) / "xwin-wheel-up.png", box)
        good = down > 500 and back < down / 10
        print(("PASS" if good else "FAIL") + f" the wheel scrolls the options ({down} pixels changed, {back} after "
              "scrolling back)")
        ok &= good
    finally:
        game.terminate()
        game.wait(10)
    return 0 if ok else 1


if __name__ == "__main__":
    if sys.argv[1:] == ["--layout"]:
        print(json.dumps(layout()))
        sys.exit(0)
    sys.exit(main())
