"""The walk of one discard click (issue 43): the files the window passes through while it handles the click.

A local table, the player's first turn: one click raises a tile, a second click on it discards.
That second click is traced (``sys.setprofile``) from ``App._handle`` until it returns: a file is
entered when one of its functions is called from another file. What runs inside ``Session.send``
(the rules engine applying the action) is the session's work and is not followed.
"""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pygame

from game.rules.variants import get
from game.ui.devtools import screenshot as shot
from game.ui.menus.scenes import start_local_table

ROOT = Path(__file__).resolve().parents[2]
MAX_FILES = 10


def _file(code: types.CodeType) -> str | None:
    """The project file of a function (None outside the project; "<string>" for dataclass-made code)."""
    if code.co_filename.startswith("<"):
        return "<string>" if code.co_filename == "<string>" else None
    p = Path(code.co_filename).resolve()
    return p.relative_to(ROOT).as_posix() if p.is_relative_to(ROOT) else None


def _walk(app, ev) -> tuple[list[tuple[str | None, str]], list[str]]:
    """(every entry into a file as (caller's file, file), the files on the call path when the action reaches the
    session, outermost first)."""
    entries: list[tuple[str | None, str]] = []
    path: list[str] = []
    inside: list[types.FrameType] = []

    def caller(frame: types.FrameType) -> str | None:
        f = frame.f_back
        while f is not None and _file(f.f_code) == "<string>":
            f = f.f_back
        return None if f is None else _file(f.f_code)

    def prof(frame: types.FrameType, event: str, _arg: object) -> None:
        if inside:
            if event == "return" and frame is inside[0]:
                inside.pop()
            return
        me = _file(frame.f_code)
        if event != "call" or me is None or me == "<string>":
            return
        if me == "game/session.py" and frame.f_code.co_name == "send":
            f: types.FrameType | None = frame
            while f is not None:
                if _file(f.f_code) not in (None, "<string>"):
                    path.append(_file(f.f_code) or "")
                f = f.f_back
            inside.append(frame)
        src = caller(frame)
        if src != me:
            entries.append((src, me))

    sys.setprofile(prof)
    try:
        app._handle(ev)  # exactly what the loop does with one event
    finally:
        sys.setprofile(None)
    path.reverse()
    path = path[path.index("game/ui/app.py"):]  # from the loop on (not the test calling it)
    return entries, [f for i, f in enumerate(path) if i == 0 or path[i - 1] != f]


def test_one_discard_click_crosses_at_most_ten_files_and_none_twice():
    app = shot.make_app((1280, 720), "zh", anim="off")
    v = get("wenshan")
    start_local_table(app, v, v.resolve_options({}), 1, 5, [None, "normal", "normal", "normal"])
    sc = app.scene
    for _ in range(400):
        app.frame([], 0.05)
        if any(a.kind == "discard" for a in sc.view["legal"]):
            break
    tile = next(a.tile for a in sc.view["legal"] if a.kind == "discard")
    pos = next(r for r, t, _i in sc.hand.tile_rects() if t == tile).center
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
               pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], 0.02)
    assert sc.hand.sel is not None, "the first click raises the tile"
    pos = next(r for r, t, _i in sc.hand.tile_rects() if t == tile).center
    before = len(sc.session.view["seats"][0]["discards"])

    entries, path = _walk(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))

    assert len(sc.session.view["seats"][0]["discards"]) == before + 1, "the second click discards"
    files = [me for _src, me in entries]
    twice = sorted({f for f in files if files.count(f) > 1})
    assert not twice, f"files entered again after the walk left them: {twice}\n{entries}"
    assert len(files) <= MAX_FILES, files
    assert path == ["game/ui/app.py", "game/ui/table/scene.py", "game/ui/kit/elements.py",
                    "game/ui/table/handview.py", "game/ui/table/decisions.py", "game/session.py"], path
