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

from game import userdirs

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

    @property
    def anim_factor(self) -> float:
        return ANIM_FACTOR.get(self.anim, 1.0)

    def to_json(self) -> dict:
        d = asdict(self)
        d["window"] = list(self.window)
        return d

    @classmethod
    def from_json(cls, data: dict) -> "Settings":
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
            elif isinstance(cur, list):
                if isinstance(v, list):
                    setattr(s, f.name, v)
        if s.lang not in ("zh", "en"):
            s.lang = "zh"
        if s.anim not in ANIM_SPEEDS:
            s.anim = "normal"
        return s


def clamp_size(size) -> tuple[int, int]:
    w, h = int(size[0]), int(size[1])
    return (max(MIN_SIZE[0], min(MAX_SIZE[0], w)), max(MIN_SIZE[1], min(MAX_SIZE[1], h)))


def settings_path() -> Path:
    return config_dir() / "settings.json"


def load_settings() -> tuple[Settings, str | None]:
    """(settings, notice key or None). A missing file is silent; a broken one gives a notice."""
    p = settings_path()
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), None
    except OSError:
        return Settings(), "notice.settings_corrupt"
    try:
        return Settings.from_json(json.loads(text)), None
    except (ValueError, TypeError):
        return Settings(), "notice.settings_corrupt"


def save_settings(s: Settings) -> str | None:
    """Write the settings; returns an error text (for the notice) instead of raising."""
    return _write_json(settings_path(), s.to_json())


def _write_json(path: Path, data) -> str | None:
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


def save_replay(record: dict, names: list[str], human_seat: int | None, finished: bool) -> tuple[Path | None, str | None]:
    """Save a match record (Match.to_json()); returns (path, error)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    data = {
        "format": "yungui-replay-1",
        "saved": time.strftime("%Y-%m-%d %H:%M"),
        "names": list(names),
        "human_seat": human_seat,
        "finished": bool(finished),
        "match": record,
    }
    d = replay_dir()
    path = d / f"{stamp}-{record.get('variant', 'match')}.json"
    k = 1
    while path.exists():
        path = d / f"{stamp}-{record.get('variant', 'match')}-{k}.json"
        k += 1
    err = _write_json(path, data)
    return (None, err) if err else (path, None)


@dataclass
class ReplayEntry:
    path: Path
    saved: str = ""
    variant: str = ""
    names: list = field(default_factory=list)
    hands: int = 0
    totals: list = field(default_factory=list)
    finished: bool = True
    error: str | None = None


def list_replays() -> list[ReplayEntry]:
    """Saved replays, newest first; unreadable files are listed with their error."""
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
            e.saved = str(data.get("saved", ""))
            e.variant = str(m.get("variant", ""))
            e.names = list(data.get("names") or [])
            e.hands = len(m.get("hands_played", []))
            e.totals = list(m.get("totals") or [])
            e.finished = bool(data.get("finished", True))
        except (OSError, ValueError, KeyError, TypeError) as ex:
            e.error = str(ex)[:80] or type(ex).__name__
        out.append(e)
    return out


def load_replay(path) -> dict:
    """The saved data; a bare Match.to_json() file is accepted too. ValueError when it is not a replay."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError("not a replay file")
    if "match" not in data and "hands_played" in data:
        data = {"match": data, "names": [], "human_seat": None, "finished": True}
    m = data.get("match")
    if not isinstance(m, dict) or not isinstance(m.get("hands_played"), list):
        raise ValueError("not a replay file")
    return data
