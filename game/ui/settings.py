"""Settings in the user's config folder and saved replays in the user's data folder.

The folders (and moving files from where older versions kept them) are ``game.userdirs``'s.
Nothing here raises on a broken or read-only folder: callers get a notice key
and carry on with defaults / without saving.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

import game.i18n as i18n
from game import userdirs
from game.turntimer import valid_seconds

ANIM_SPEEDS = ("off", "slow", "normal", "fast")
ANIM_FACTOR = {"off": 0.0, "slow": 1.5, "normal": 1.0, "fast": 0.55}
WINDOW_SIZES = ((1024, 576), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))
MIN_SIZE = (1024, 576)
MAX_SIZE = (3840, 2160)


def config_dir() -> Path:
    return userdirs.config_dir()


@dataclass
class Settings:
    lang: str = "zh"
    sound: bool = True
    volume: float = 0.7
    anim: str = "normal"
    hints: bool = True
    tracker: bool = False  # the 记牌器 panel is open at the table
    window: tuple = (1280, 720)
    fullscreen: bool = False
    name: str = ""
    last_variant: str = "wenshan"
    last_hands: int = 8
    last_options: dict = field(default_factory=dict)
    last_bots: list = field(default_factory=list)
    last_calc: dict = field(default_factory=dict)  # the score calculator's last hand (calcmodel.Calc.to_saved)
    demo_variant: str = ""  # the demo pinned to one game ("": it cycles through them)
    # the table (issue 39)
    chickens: bool = False  # the 鸡 panel is open at a chicken game's table
    ting: bool = True  # the 听 badge: waits and how many are left, the discards that keep the hand ready
    one_tap: bool = False  # a tap on a tile discards it at once (else the first tap raises it)
    chicken_confirm: bool = True  # discarding a first 幺鸡 / 八筒 in a chicken game asks once per hand
    colour_marks: bool = False  # colour-blind-safe tiles: a number and suit mark in each tile's corner
    phrases: bool = True  # LAN quick phrases: show the others' bubbles and play their sound
    timer_ticks: bool = True  # the last three seconds of a countdown tick audibly
    turn_timer: int = 0  # seconds per decision at a local table (0: off; turntimer.TIMER_CHOICES)
    lan_timer: int = 15  # seconds per decision offered when hosting a LAN table
    lan_named: bool = False  # the first LAN use asked for a name (asked once)

    @property
    def anim_factor(self) -> float:
        return ANIM_FACTOR.get(self.anim, 1.0)

    def to_json(self) -> dict:
        d = asdict(self)
        d["window"] = list(self.window)
        return d

    @classmethod
    def from_json(cls, data: dict) -> Settings:
        """Known keys of the right type are taken; anything else falls back to the default."""
        if not isinstance(data, dict):
            raise ValueError("settings must be a JSON object")
        s = cls()
        for f in fields(cls):
            if f.name not in data:
                continue
            v = data[f.name]
            cur = getattr(s, f.name)
            if f.name == "window":
                if isinstance(v, (list, tuple)) and len(v) == 2 and all(isinstance(x, int) for x in v):
                    s.window = clamp_size(tuple(v))
                continue
            if isinstance(cur, bool):
                if isinstance(v, bool):
                    setattr(s, f.name, v)
            elif isinstance(cur, float):
                if isinstance(v, (int, float)) and not isinstance(v, bool):
                    setattr(s, f.name, max(0.0, min(1.0, float(v))))
            elif isinstance(cur, int):
                if isinstance(v, int) and not isinstance(v, bool) and v > 0:
                    setattr(s, f.name, v)
            elif isinstance(cur, str):
                if isinstance(v, str):
                    setattr(s, f.name, v[:40])
            elif isinstance(cur, dict):
                if isinstance(v, dict):
                    setattr(s, f.name, v)
            elif isinstance(cur, list) and isinstance(v, list):
                setattr(s, f.name, v)
        # the nested values other screens read without checking: only their expected shapes are kept
        s.last_options = {k: dict(o) for k, o in s.last_options.items() if isinstance(k, str) and isinstance(o, dict)}
        s.last_bots = [b if isinstance(b, str) else "normal" for b in s.last_bots[:8]]
        if s.lang not in i18n.langs():  # a catalog this build has (docs/translations.md)
            s.lang = "zh"
        if s.anim not in ANIM_SPEEDS:
            s.anim = "normal"
        for key, default in (("turn_timer", 0), ("lan_timer", 15)):  # 0 (off) is a valid choice here
            v = data.get(key, default)
            setattr(s, key, valid_seconds(v, default))
        return s


def clamp_size(size) -> tuple[int, int]:
    w, h = int(size[0]), int(size[1])
    return (max(MIN_SIZE[0], min(MAX_SIZE[0], w)), max(MIN_SIZE[1], min(MAX_SIZE[1], h)))


def settings_path() -> Path:
    return config_dir() / "settings.json"


def load_settings() -> tuple[Settings, Notice | None]:
    """(settings, notice or None). A missing file is silent. A file that cannot be read or parsed is kept aside
    as ``settings.json.bad-<time>`` (so nothing the player had is lost and the game starts with defaults) and
    the notice names it; a file with a few wrong values keeps the others, silently."""
    p = settings_path()
    try:
        raw = p.read_bytes()
    except FileNotFoundError:
        return Settings(), None
    except OSError as e:
        return Settings(), _set_aside(p, "unreadable", e.strerror or type(e).__name__)
    problem, data = parse_json_bytes(raw)
    if problem is None:
        try:
            return Settings.from_json(data), None  # type: ignore[arg-type]  # from_json checks the kind itself
        except (ValueError, TypeError):
            problem = "not_object"
    return Settings(), _set_aside(p, problem, "")


@dataclass(frozen=True)
class Notice:
    """What went wrong with one of the player's files, for a notice in the player's language:
    ``strings.tr(key, **fmt)``."""

    key: str
    fmt: dict = field(default_factory=dict)


# why a file could not be used (the keys of ``strings``' "bad." texts)
BAD_REASONS = ("unreadable", "not_utf8", "not_json", "not_object")


def parse_json_bytes(raw: bytes) -> tuple[str | None, object]:
    """(None, data) for UTF-8 JSON, else (the reason, None): "not_utf8" or "not_json". Never raises."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return "not_utf8", None
    try:
        return None, json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: thousands of nested brackets
        return "not_json", None


def _set_aside(path: Path, reason: str, why: str, key: str = "notice.settings_bad") -> Notice:
    """Move a file the game cannot use (settings, the unfinished match) to ``NAME.bad-<time>`` (never deleted;
    the next save would otherwise overwrite it) and say so."""
    aside = path.with_name(f"{path.name}.bad-{time.strftime('%Y%m%d-%H%M%S')}")
    k = 1
    while aside.exists():
        k += 1
        aside = aside.with_name(f"{path.name}.bad-{time.strftime('%Y%m%d-%H%M%S')}-{k}")
    try:
        os.replace(path, aside)
    except OSError as e:
        return Notice(key.replace("_bad", "_stuck"), {"file": str(path), "why": e.strerror or type(e).__name__,
                                                "reason": reason})
    return Notice(key, {"file": str(aside), "reason": reason, "why": why})


def save_settings(s: Settings) -> str | None:
    """Write the settings; returns an error text (for the notice) instead of raising."""
    return write_json(settings_path(), s.to_json())


def write_json(path: Path, data) -> str | None:
    """Write ``data`` as UTF-8 JSON through a temporary file (a cut-off write leaves the old file); an error
    text instead of raising."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
        os.replace(tmp, path)
        return None
    except OSError as e:
        return e.strerror or type(e).__name__


# ---------------------------------------------------------------- replays

def replay_dir() -> Path:
    return userdirs.replays_dir()


def replay_data(record: dict, names: list[str], human_seat: int | None, finished: bool,
                **extra: object) -> dict:
    """A replay file's content: the match record (Match.to_json()) and what the viewer shows around it
    (``extra``: ``branch``, ``bots``; docs/file-formats.md)."""
    data: dict[str, object] = {
        "format": "yungui-replay-1",
        "saved": time.strftime("%Y-%m-%d %H:%M"),
        "names": list(names),
        "human_seat": human_seat,
        "finished": bool(finished),
        "match": record,
    }
    data.update({k: v for k, v in extra.items() if v is not None})
    return data


def save_replay(record: dict, names: list[str], human_seat: int | None, finished: bool,
                path: Path | None = None, **extra: object) -> tuple[Path | None, str | None]:
    """Save a match record (Match.to_json()) as a new file in the replay folder, or over ``path`` (the same
    match saved again as it goes on); returns (path, error)."""
    data = replay_data(record, names, human_seat, finished, **extra)
    if path is None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        d = replay_dir()
        path = d / f"{stamp}-{record.get('variant', 'match')}.json"
        k = 1
        while path.exists():
            path = d / f"{stamp}-{record.get('variant', 'match')}-{k}.json"
            k += 1
    err = write_json(path, data)
    return (None, err) if err else (path, None)


# ---------------------------------------------------------------- the unfinished match

def unfinished_path() -> Path:
    """The local match left unfinished (closing the window, leaving the table, a crash): 继续上局 resumes it."""
    return replay_dir().parent / "unfinished.json"


def keep_unfinished(data: dict) -> str | None:
    """Keep the match under way (``replay_data`` of its record with ``match.hand_in_progress``, the moves of
    the hand under way, and ``replay``, the name of its file in the replay folder); an error text or None.
    The window's close, leaving the table and the crash handler all keep it through here."""
    return write_json(unfinished_path(), data)


def drop_unfinished() -> None:
    try:
        unfinished_path().unlink()
    except OSError:
        pass  # gone already, or a folder that cannot be written: nothing to offer either way


def load_unfinished() -> tuple[dict | None, Notice | None]:
    """(the unfinished match, None), (None, None) when there is none, or (None, notice) when the file cannot be
    used: it is then kept aside as ``unfinished.json.bad-<time>`` and the notice says so."""
    p = unfinished_path()
    try:
        data = load_replay(p)
        m = data["match"]
        prog = m.get("hand_in_progress")
        if prog is not None and not (isinstance(prog, dict) and isinstance(prog.get("actions"), list)):
            raise ReplayProblem("damaged", "the hand in progress is not a list of moves")
        if not isinstance(data.get("bots") or [], list):
            raise ReplayProblem("damaged", "the bots are not a list")
        return data, None
    except ReplayProblem as e:
        if e.reason == "unreadable" and not p.exists():
            return None, None
        return None, _set_aside(p, e.reason, e.detail, "notice.unfinished_bad")


def set_aside_unfinished(reason: str, detail: str = "") -> Notice:
    """An unfinished match that does not replay (its moves, its game): kept aside, with the notice saying so."""
    return _set_aside(unfinished_path(), reason, detail, "notice.unfinished_bad")


class ReplayProblem(ValueError):
    """Why a saved replay cannot be listed or shown: ``reason`` names it for the player (a key of the "bad."
    texts, with what to do in "replays.fix."), ``detail`` says exactly where (logs, bug reports)."""

    def __init__(self, reason: str, detail: str = ""):
        super().__init__(detail or reason)
        self.reason = reason
        self.detail = detail


# why a replay cannot be used, beyond BAD_REASONS: valid JSON that is no replay, a replay with fields of the
# wrong kind, a game this build does not have, moves the rules refuse
REPLAY_REASONS = (*BAD_REASONS, "not_replay", "damaged", "unknown_variant", "bad_moves")


@dataclass
class ReplayEntry:
    path: Path
    saved: str = ""
    variant: str = ""
    names: list = field(default_factory=list)
    hands: int = 0
    totals: list = field(default_factory=list)
    finished: bool = True
    error: str | None = None  # a ReplayProblem's reason
    detail: str = ""  # and its detail
    branch: dict | None = None  # a match played on from another one's position (its file, hand and move)


def list_replays() -> list[ReplayEntry]:
    """Saved replays, newest first; unreadable files are listed with what is wrong."""
    d = replay_dir()
    try:
        files = sorted(d.glob("*.json"), reverse=True)
    except OSError:
        return []
    out = []
    for p in files:
        e = ReplayEntry(p)
        try:
            data = load_replay(p)
            m = data["match"]
            e.saved = str(data.get("saved", ""))[:40]
            e.variant = str(m.get("variant", ""))[:40]
            e.names = [str(x)[:40] for x in data.get("names") or []]
            e.hands = len(m.get("hands_played", []))
            e.totals = [t for t in (m.get("totals") or []) if isinstance(t, int) and not isinstance(t, bool)]
            e.finished = bool(data.get("finished", True))
            e.branch = data.get("branch") if isinstance(data.get("branch"), dict) else None
        except ReplayProblem as ex:
            e.error, e.detail = ex.reason, ex.detail[:120]
        out.append(e)
    return out


def load_replay(path) -> dict:
    """The saved data; a bare Match.to_json() file is accepted too. Any bytes at all: what cannot be used is a
    ReplayProblem saying why (unreadable, not UTF-8, not JSON, not a replay, fields of the wrong kind)."""
    try:
        raw = Path(path).read_bytes()
    except OSError as e:
        raise ReplayProblem("unreadable", e.strerror or type(e).__name__) from None
    problem, data = parse_json_bytes(raw)
    if problem is not None:
        raise ReplayProblem(problem)
    if not isinstance(data, dict):
        raise ReplayProblem("not_replay", "the file holds no JSON object")
    if "match" not in data and "hands_played" in data:
        data = {"match": data, "names": [], "human_seat": None, "finished": True}
    m: object = data.get("match")
    if not isinstance(m, dict) or not isinstance(m.get("hands_played"), list):
        raise ReplayProblem("not_replay", "no match with its hands in it")
    try:
        check_match(m)
    except ValueError as e:
        raise ReplayProblem("damaged", str(e)) from None
    if not isinstance(data.get("names") or [], list):
        raise ReplayProblem("damaged", "the players' names are not a list")
    return data


def check_match(m: dict) -> None:
    """The fields a saved match must have, with their types: a damaged file is a ValueError saying what is wrong."""
    if not isinstance(m.get("variant"), str):
        raise ValueError("the match names no variant")
    if not isinstance(m.get("options") or {}, dict):
        raise ValueError("the match's options are not a map")
    seed = m.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, (int, float, str)):
        raise ValueError("the match's seed is not a number")
    hands = m.get("hands", len(m["hands_played"]))
    if isinstance(hands, str) and hands.isdigit():
        hands = int(hands)
    if isinstance(hands, bool) or not isinstance(hands, int) or not 0 <= hands <= 10_000:
        raise ValueError("the match's hand count is not a number of hands")
    for i, rec in enumerate(m["hands_played"]):
        if not isinstance(rec, dict) or not isinstance(rec.get("actions", []), list):
            raise ValueError(f"hand {i + 1} is not a list of moves")
