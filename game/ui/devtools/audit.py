"""``python -m game audit-ui [--json]``: every scene x variant x language x size, drawn with the draw log on, checked.

Each picture is set up once per scene and variant in 中文 (as ``screenshot``
does), then drawn at every size, then the language is switched (as a player
does from the settings) and it is drawn at every size again. The checks read
what the drawing layer recorded (``drawlog``), not pixels:

- clipped: text cut by the edge of what it is drawn on (not a scrolling view), squeezed to fit, or left out
- panel: text or a control that starts inside a panel or a control and crosses its edge
- overlap: controls over controls, text over controls or text, one key badge on two buttons,
  tiles hiding one another's faces, a panel or control covering tiles drawn before it
- small: text under 12 px tall at 1280x720 (the same share of the window at other sizes)
- language: Chinese in English mode, outside tile faces, the games' own names and the names players chose
- glyphs: characters the bundled fonts cannot draw (boxes)
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.ui.kit.drawlog import Item

# off-screen, silent, and no pygame banner on stdout (set before pygame is imported)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

SIZES = ((1024, 576), (1280, 720), (1920, 1080), (3840, 2160))
LANGS = ("zh", "en")
BASE = (1280, 720)
MIN_TEXT_PX = 12
# scenes that show one game (drawn for every variant) and scenes that show none (drawn once)
PER_VARIANT = ("setup", "setup_options", "host", "table", "hints", "waits", "bot_turn", "claim", "chow", "pause",
               "settlement", "settlement_rich", "settlement_items", "look", "leave", "match_end", "rules", "replay",
               "lobby",
               # the table's switches and a LAN table's states
               "tracker", "auto", "auto_next", "idle_offer", "lan_table", "lan_menu", "lan_lost",
               "watch",  # the watcher's screen (issue 17)
               # the table's countdowns, 听 badge, colour-blind tiles and (chicken games) 鸡 panel (issue 39)
               "timer", "timer_claim", "ting", "colourblind", "chickens", "chicken_question", "phrases")
ONCE = ("menu", "menu_continue", "settings", "join", "lan_missing", "replays", "demo", "refused", "crash", "crash_lan",
        "records", "replay_branch", "lan_name")
NO_CHOW = ("guiyang", "zhuoji")  # the chicken games have no chows: no list of chows to choose from
CHICKEN_ONLY = ("chickens", "chicken_question")  # the 鸡 panel and the first-chicken question: chicken games only
SET_UP_PER_LANGUAGE = ("demo",)  # any key leaves the demo: its language cannot change while it runs
CJK = re.compile(r"[\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3100-\u312f\u3400-\u4dbf\u4e00-\u9fff"
                 r"\uf900-\ufaff\uff00-\uffef]")
NOTATION = re.compile(r"(?<![A-Za-z0-9])[1-9][mpsz](?![A-Za-z0-9])")
# an English word inside Chinese text; key names, paths and addresses are the same in both languages
WORD = re.compile(r"[A-Za-z][A-Za-z'’-]{2,}")
PATHLIKE = re.compile(r"\S*[/\\]\S*|\d+(\.\d+){1,3}(:\d+)?")
KEYS = {"Esc", "Enter", "Tab", "Space", "Home", "End", "English", "PgUp", "PgDn", "Shift",
        "zeroconf", "msgpack", "netplay", "pygame",
        "JSON", "UTF-"}  # keys, software and file formats are named alike in both languages
CHECKS = ("clipped", "panel", "overlap", "small", "language", "glyphs")


@dataclass
class Finding:
    scene: str
    variant: str
    lang: str
    size: str
    check: str
    what: str  # the text or the control
    detail: str
    rect: tuple[int, int, int, int]

    def line(self) -> str:
        v = f"/{self.variant}" if self.variant != "-" else ""
        return f"{self.scene}{v} {self.lang} {self.size}: {self.check}: {self.what!r} {self.detail} at {self.rect}"


# ---------------------------------------------------------------------- the checks

def _label(it) -> str:
    if it.kind == "control":
        return f"[{it.extra.get('class', 'control')} {it.name}]"
    if it.kind == "tile":
        return "[tiles]"
    if it.kind == "panel":
        return "[panel]"
    return it.text


def _r(rect) -> tuple[int, int, int, int]:
    return (rect.x, rect.y, rect.w, rect.h)


def _containers(items, full):
    """For each item, the control that drew it, else the innermost earlier panel of its layer holding its top-left."""
    panels = [it for it in items if it.kind == "panel"]
    out = {}
    for it in items:
        if it.kind not in ("text", "control", "dropped"):
            continue
        if it.owner is not None and it.kind != "control":
            out[it.seq] = full[it.owner]
            continue
        best = None
        for p in panels:
            if p.seq < it.seq and p.layer == it.layer and p.rect.collidepoint(it.rect.topleft) and _area(p.rect) \
                    and (best is None or _area(p.rect) < _area(best.rect)):
                best = p
        if best is not None:
            out[it.seq] = best
    return out


def _inside(inner, outer, slack: int = 1) -> bool:
    return outer.inflate(2 * slack, 2 * slack).contains(inner)


def _area(r) -> int:
    return max(0, r.w) * max(0, r.h)


def _vis(it):
    """What shows of an item: in a scrolling view, the part inside the view."""
    return it.rect.clip(it.clip) if it.scroll and it.clip is not None else it.rect


def check_frame(items, screen_size, lang: str, allowed: set[str]) -> list[tuple[str, Item, str]]:
    """(check, item, detail) for every problem among the items of one frame."""
    from game.ui.kit import fonts

    out: list[tuple[str, Item, str]] = []
    # under a dimmed screen only the dialog on top counts: what lies beneath was audited on its own screen
    full = items
    top = max((it.layer for it in items), default=0)
    items = [it for it in items if it.layer == top]
    w, h = screen_size
    scale = min(w / BASE[0], h / BASE[1])
    min_px = MIN_TEXT_PX * scale
    screen = __import__("pygame").Rect(0, 0, w, h)
    texts = [it for it in items if it.kind == "text"]
    controls = [it for it in items if it.kind == "control"]
    tiles = [it for it in items if it.kind == "tile"]
    owners = _containers(items, full)
    # clipped, squeezed, left out
    for it in texts + tiles:
        page = it.extra.get("page")
        if page is not None and not _inside(it.rect, page, 0):
            out.append(("clipped", it, "runs past the edge of its page"))
        elif not it.scroll and it.clip is not None and not _inside(it.rect, it.clip, 0):
            out.append(("clipped", it, "cut by the edge of what it is drawn on"))
    for it in texts:
        if it.squeeze < 0.97:
            out.append(("clipped", it, f"squeezed to {round(it.squeeze * 100)}% of its width to fit"))
    for it in items:
        if it.kind == "dropped":
            out.append(("clipped", it, "left out: it does not fit"))
        if it.kind == "control" and not _inside(it.rect, screen, 0):
            out.append(("clipped", it, "off the screen"))
    # out of its panel or control
    badge_text = {(b.owner, b.text) for b in items if b.kind == "badge"}
    for it in texts + controls:
        box = owners.get(it.seq)
        if box is None or (it.kind == "text" and (it.owner, it.text) in badge_text):
            continue  # a key badge sits on its button's corner on purpose
        rim = 2 * box.extra.get("border", 0) if box.kind == "panel" else 0
        edge = box.rect.inflate(-2 * rim, -2 * rim)
        shown = it.rect.clip(it.clip) if it.scroll and it.clip is not None else it.rect
        if shown.w and shown.h and not _inside(shown, edge, 1):
            out.append(("panel", it, f"crosses the edge of {_label(box)} {_r(box.rect)}"))
    # overlaps: controls, text over controls and text, badges, tiles
    for i, a in enumerate(controls):
        for b in controls[i + 1:]:
            if a.layer == b.layer and _vis(a).inflate(-2, -2).colliderect(_vis(b).inflate(-2, -2)):
                out.append(("overlap", b, f"overlaps {_label(a)} {_r(a.rect)}"))
    for t in texts:
        for c in controls:
            if c.layer != t.layer or t.owner == c.seq:
                continue
            if _vis(t).inflate(-2, -2).colliderect(_vis(c).inflate(-2, -2)):
                where = "under" if t.seq < c.seq else "over"
                out.append(("overlap", t, f"drawn {where} {_label(c)} {_r(c.rect)}"))
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            if a.layer != b.layer:
                continue
            x = _vis(a).inflate(-2, -2).clip(_vis(b).inflate(-2, -2))
            if _area(x) > 4:
                out.append(("overlap", b, f"overlaps the text {a.text!r} {_r(a.rect)}"))
    badges: dict[tuple[int, str], list] = {}
    for it in items:
        if it.kind == "badge":
            badges.setdefault((it.layer, it.text), []).append(it)
    for (_layer, label), same in badges.items():
        if len(same) > 1:
            whom = ", ".join(_label(full[b.owner]) if b.owner is not None else "?" for b in same)
            out.append(("overlap", same[-1], f"key badge {label!r} on {len(same)} controls at once: {whom}"))
    faces = [t for t in tiles if t.face is not None]
    for t in faces:
        covered = 0
        for u in tiles:
            if u.seq > t.seq and u.layer == t.layer:
                covered += _area(t.face.clip(u.rect))
        if covered > 0.35 * _area(t.face):
            share = min(100, round(100 * covered / _area(t.face)))
            out.append(("overlap", t, f"tile face {share}% covered by other tiles"))
    for p in [it for it in items if it.kind == "panel"]:
        for t in texts:
            if t.seq < p.seq and t.rect.inflate(-2, -2).colliderect(p.rect.inflate(-2, -2)) \
                    and not (t.owner is not None and full[t.owner].seq < p.seq and full[t.owner].rect.contains(p.rect)):
                out.append(("overlap", t, f"covered by a [panel] drawn over it {_r(p.rect)}"))
    for c in [it for it in items if it.kind in ("panel", "control") and not it.extra.get("transient")]:
        # (a toast may pass over tiles for the seconds it shows; over text it is still found above)
        under = [t for t in faces
                 if t.seq < c.seq and t.layer == c.layer and _area(t.face.clip(c.rect)) > 0.2 * _area(t.face)]
        if under:
            out.append(("overlap", c, f"covers {len(under)} tile(s) drawn before it"))
    # small
    for it in texts:
        if it.size and it.size < min_px - 0.01:
            out.append(("small", it, f"{it.size:g} px (at least {min_px:g} px at this size)"))
    # language and glyphs
    for it in texts:
        rest = it.text
        for a in sorted(allowed, key=len, reverse=True):
            rest = rest.replace(a, "")
        if lang == "en" and CJK.search(rest):
            out.append(("language", it, "Chinese in English mode"))
        if lang == "zh" and CJK.search(rest):
            words = [w_ for w_ in WORD.findall(PATHLIKE.sub(" ", rest)) if w_ not in KEYS]
            if words:
                out.append(("language", it, f"English inside Chinese: {' '.join(words[:4])!r}"))
        if NOTATION.search(rest):
            out.append(("language", it, "tiles written in notation, not by name"))
        style = fonts.style_for(it.text, it.style or "regular")
        miss = fonts.missing_glyphs(it.text, style)
        if miss:
            out.append(("glyphs", it, f"no glyph for {''.join(sorted(miss))!r} (drawn as boxes)"))
    return out


def _tiles_grouped(found: list[tuple[str, Item, str]]) -> list[tuple[str, Item, str]]:
    """Tile findings are one per frame and kind, with the tiles' bounding box."""
    import pygame

    out: list[tuple[str, Item, str]] = []
    groups: dict[tuple[str, str], list[Item]] = {}
    for check, it, detail in found:
        if it.kind == "tile":
            groups.setdefault((check, "covered" if detail.startswith("tile face") else detail), []).append(it)
        else:
            out.append((check, it, detail))
    for (check, what), its in groups.items():
        box = its[0].rect.unionall([t.rect for t in its[1:]]) if len(its) > 1 else pygame.Rect(its[0].rect)
        first = type(its[0])(**{**its[0].__dict__, "rect": box})
        if what == "covered":
            out.append((check, first, f"{len(its)} tile face(s) more than a third covered by other tiles"))
        else:
            out.append((check, first, f"{len(its)} tile(s): {what}"))
    return out


# ---------------------------------------------------------------------- the run

def allowed_chinese(app) -> set[str]:
    """Text that stays Chinese in English mode: the games' own names, the language's own name, names players chose."""
    import game.i18n as i18n
    from game.ui.devtools.screenshot import TYPED_NAMES
    from game.ui.kit import strings
    from game.ui.kit.names import KNOWN_VARIANTS
    from game.ui.menus.scenes import registered

    names = {zh for _vid, zh, _en in KNOWN_VARIANTS} | {i18n.variant_name(v.id, "zh") for v in registered().values()}
    names |= {strings.S["lang.zh"][0], strings.S["lang.zh_Hant"][0]}
    names |= set(TYPED_NAMES)
    if app.settings.name:
        names.add(app.settings.name)
    return {n for n in names if n}


def plan(scenes=None, variants=None) -> list[tuple[str, str]]:
    from game.rules.variants import ids

    vids = list(variants or ids())
    out = []
    for sc in PER_VARIANT:
        if scenes and sc not in scenes:
            continue
        for v in vids:
            if sc == "chow" and v in NO_CHOW:
                continue
            if sc in CHICKEN_ONLY and v not in NO_CHOW:
                continue
            out.append((sc, v))
    for sc in ONCE:
        if scenes and sc not in scenes:
            continue
        out.append((sc, "-"))
    return out


def audit(scenes=None, variants=None, sizes=SIZES, langs=LANGS, seed: int = 1, progress=None) -> list[Finding]:
    """Draw the matrix and return every finding (deduplicated per picture)."""
    from game.ui.devtools import screenshot as shot
    from game.ui.kit import drawlog, strings

    findings: list[Finding] = []
    for scene, vid in plan(scenes, variants):
        t0 = time.perf_counter()
        app = shot.make_app(BASE, langs[0])
        log = drawlog.start(app.screen)
        try:
            shot.stage(app, scene, vid if vid != "-" else "wenshan", seed)
            allowed = allowed_chinese(app)
            for lang in langs:
                if strings.lang() != lang:
                    app.set_lang(lang)
                    if scene in SET_UP_PER_LANGUAGE:
                        app.resize(BASE, save=False)
                        shot.stage(app, scene, vid if vid != "-" else "wenshan", seed)
                for size in sizes:
                    if app.size != tuple(size):
                        app.resize(size, save=False)
                    app.dirty = True
                    app.frame([], 0.0)
                    log.reset(app.screen)
                    app.draw()
                    seen = set()
                    for check, it, detail in _tiles_grouped(check_frame(log.items, app.size, lang, allowed)):
                        what = _label(it)
                        key = (check, what, detail)
                        if key in seen:
                            continue
                        seen.add(key)
                        findings.append(Finding(scene, vid, lang, f"{size[0]}x{size[1]}", check, what, detail,
                                                _r(it.rect)))
        finally:
            drawlog.stop()
            app.shutdown()
        if progress:
            progress(scene, vid, time.perf_counter() - t0)
    return findings


def summary(findings: list[Finding]) -> dict:
    by_check = {c: 0 for c in CHECKS}
    for f in findings:
        by_check[f.check] = by_check.get(f.check, 0) + 1
    return by_check


def _size(text: str) -> tuple[int, int]:
    from game.errors import UsageError

    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise UsageError(f"--size takes WxH, e.g. 1280x720, got {text!r}") from None
    if not (320 <= w <= 7680 and 240 <= h <= 4320):
        raise UsageError(f"--size {w}x{h} is out of range")
    return w, h


def main(argv=None) -> int:
    from game.errors import UsageError
    from game.rules.variants import ids

    p = argparse.ArgumentParser(prog="python -m game audit-ui")
    p.add_argument("--json", action="store_true")
    p.add_argument("--scene", action="append", default=None, help="only these scenes")
    p.add_argument("--variant", action="append", default=None, help="only these variants")
    p.add_argument("--size", action="append", default=None, help="only these sizes (WxH)")
    p.add_argument("--lang", action="append", default=None, help="only these languages (zh, en)")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv) if not isinstance(argv, argparse.Namespace) else argv
    scenes = args.scene
    known = set(PER_VARIANT) | set(ONCE)
    for sc in scenes or []:
        if sc not in known:
            raise UsageError(f"unknown scene {sc!r} (one of {', '.join(sorted(known))})")
    for v in args.variant or []:
        if v not in ids():
            raise UsageError(f"unknown variant {v!r} (one of {', '.join(ids())})")
    for lg in args.lang or []:
        if lg not in LANGS:
            raise UsageError(f"--lang is zh or en, got {lg!r}")
    sizes = tuple(_size(s) for s in args.size) if args.size else SIZES
    langs = tuple(args.lang) if args.lang else LANGS
    # a machine-independent picture: our own fonts only, and a user folder of realistic depth
    os.environ["YUNGUI_CJK_FONT"] = ""
    tmp = tempfile.TemporaryDirectory(prefix="yungui-audit-")
    os.environ["YUNGUI_HOME"] = str(Path(tmp.name) / "Users" / "player" / "AppData" / "Roaming" / "yungui-mahjong")
    t0 = time.perf_counter()

    def progress(scene, vid, secs):
        if not args.json:
            print(f"  {scene}{'/' + vid if vid != '-' else ''}: {secs:.1f} s", file=sys.stderr, flush=True)

    try:
        found = audit(scenes, args.variant, sizes, langs, args.seed, progress)
    finally:
        tmp.cleanup()
    secs = time.perf_counter() - t0
    pictures = len(plan(scenes, args.variant)) * len(sizes) * len(langs)
    if args.json:
        print(json.dumps({"pictures": pictures, "seconds": round(secs, 1), "problems": len(found),
                          "by_check": summary(found), "findings": [asdict(f) for f in found]}, ensure_ascii=False))
    else:
        for f in found:
            print(f.line())
        counts = ", ".join(f"{k} {v}" for k, v in summary(found).items())
        print(f"{len(found)} problem(s) in {pictures} pictures ({counts}) in {secs:.0f} s")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
