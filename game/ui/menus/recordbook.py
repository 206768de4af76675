"""The player's record over the saved matches (战绩): what each match was for the player, and the sums.

Each saved replay is played again once (its seed and moves, ``rules.match.replay_match``) to learn, hand by
hand, what the player won or paid and how (won, self-drawn, dealt in); the result is kept in
``records-cache.json`` beside the replay folder, keyed by the file's name, size and time, so the screen opens
at once afterwards. Matches without a player's seat (demos, bot matches) do not count; a branch (a match
played on from another one's position) counts from the hand it branched at. No pygame here.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game.rules.match import replay_match
from game.rules.state import HandState
from game.rules.variants import get as get_variant
from game.ui import settings as cfg

CACHE_FORMAT = 2
LAST_MATCHES = 30  # the chart's span


@dataclass
class HandLine:
    """One hand as the player lived it."""

    index: int  # the hand's number in its match, from 0
    delta: int
    won: bool = False
    self_draw: bool = False
    dealt_in: bool = False


@dataclass
class MatchLine:
    """One saved match as the player lived it."""

    name: str  # the file's name in the replay folder
    saved: str
    variant: str
    seat: int
    hands: list[HandLine] = field(default_factory=list)
    finished: bool = True
    branch: bool = False

    @property
    def total(self) -> int:
        return sum(h.delta for h in self.hands)


@dataclass
class Best:
    """The player's biggest hand: its points, where it is (file, hand) and its game."""

    delta: int
    name: str
    hand: int
    variant: str
    saved: str
    how: str = ""  # "self_draw" or "discard" when the player won it, "" when the points came otherwise


@dataclass
class Stats:
    matches: int = 0
    hands: int = 0
    wins: int = 0
    self_draws: int = 0
    deal_ins: int = 0
    points: int = 0
    best: Best | None = None
    running: list[int] = field(default_factory=list)  # the running total after each of the last matches

    def rate(self, what: str) -> float | None:
        """wins, self_draws or deal_ins per hand (None without hands)."""
        return getattr(self, what) / self.hands if self.hands else None

    @property
    def average(self) -> float | None:
        return self.points / self.hands if self.hands else None


def summarize(lines: list[MatchLine], variant: str | None = None) -> Stats:
    """The sums over ``lines`` (oldest first), of one game or of all (``variant`` None)."""
    st = Stats()
    running = 0
    totals: list[int] = []
    for m in lines:
        if variant is not None and m.variant != variant:
            continue
        st.matches += 1
        for h in m.hands:
            st.hands += 1
            st.wins += h.won
            st.self_draws += h.self_draw
            st.deal_ins += h.dealt_in
            st.points += h.delta
            if h.delta > 0 and (st.best is None or h.delta > st.best.delta):
                how = ("self_draw" if h.self_draw else "discard") if h.won else ""
                st.best = Best(h.delta, m.name, h.index, m.variant, m.saved, how)
        running += m.total
        totals.append(running)
    st.running = totals[-LAST_MATCHES:]
    return st


def match_line(name: str, data: dict[str, Any]) -> MatchLine | None:
    """What a saved match was for its player (None: nobody's match - a demo, a bot match). ValueError or
    ReplayProblem when it does not replay."""
    seat = data.get("human_seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        return None
    m = data["match"]
    try:
        variant = get_variant(m["variant"])
    except ValueError as e:
        raise cfg.ReplayProblem("unknown_variant", str(e)) from None
    branch = data.get("branch") if isinstance(data.get("branch"), dict) else None
    first = 0
    if branch is not None and isinstance(branch.get("hand"), int):
        first = max(0, branch["hand"] - 1)  # the hands before it were the other match's
    line = MatchLine(name, str(data.get("saved", ""))[:16], variant.id, seat, finished=bool(data.get("finished", True)),
                     branch=branch is not None)

    def hand(st: HandState) -> None:
        i = st.hand_no
        if i < first or st.settlement is None or not 0 <= seat < st.n:
            return
        h = HandLine(i, st.settlement.deltas[seat])
        for w in st.wins:
            if w.seat == seat:
                h.won = True
                h.self_draw = str(w.how) == "self_draw"
            elif w.source == seat and str(w.how) in ("discard", "rob_kong"):
                h.dealt_in = True
        line.hands.append(h)

    replay_match(variant, m, on_hand=hand)
    return line


class RecordBook:
    """The match lines of the replay folder, from the cache or played again; ``step()`` does a few at a time so
    the screen stays live while a large folder is read the first time."""

    def __init__(self, folder: Path | None = None):
        self.folder = folder or cfg.replay_dir()
        self.cache_path = self.folder.parent / "records-cache.json"
        self.cache = self._load_cache()
        try:
            self.files = sorted(self.folder.glob("*.json"))
        except OSError:
            self.files = []
        self.todo = list(self.files)
        self.lines: dict[str, MatchLine] = {}
        self.unreadable = 0
        self._dirty = False

    @property
    def done(self) -> bool:
        return not self.todo

    def step(self, k: int = 4) -> None:
        """Read up to ``k`` files that are not in the cache (any number that are)."""
        while self.todo and k > 0:
            p = self.todo.pop(0)
            k -= self._read(p)
        if not self.todo and self._dirty:
            self._save_cache()

    def finish(self) -> None:
        while self.todo:
            self.step(1000)

    def ordered(self) -> list[MatchLine]:
        """The player's matches, oldest first (file names begin with the time they were saved)."""
        return [self.lines[p.name] for p in self.files if p.name in self.lines]

    def _key(self, p: Path) -> list[int] | None:
        try:
            st = p.stat()
        except OSError:
            return None
        return [st.st_size, st.st_mtime_ns]

    def _read(self, p: Path) -> int:
        """1 when the file had to be played again, 0 when the cache knew it."""
        key = self._key(p)
        hit = self.cache.get(p.name)
        if key is not None and isinstance(hit, dict) and hit.get("key") == key:
            self._take(p.name, hit.get("line"))
            return 0
        try:
            line = match_line(p.name, cfg.load_replay(p))
        except Exception:  # noqa: BLE001 - a damaged file (the replay list names it) counts as unreadable here
            line = None
            self.unreadable += 1
            ok = False
        else:
            ok = True
        if line is not None:
            self.lines[p.name] = line
        if key is not None and ok:
            self.cache[p.name] = {"key": key, "line": asdict(line) if line is not None else None}
            self._dirty = True
        return 1

    def _take(self, name: str, raw: Any) -> None:
        if raw is None:
            return
        try:
            raw = dict(raw)
            hands = [HandLine(**h) for h in raw.pop("hands")]
            line = MatchLine(**raw, hands=hands)
        except (TypeError, KeyError, AttributeError):
            self.cache.pop(name, None)
            return
        self.lines[name] = line

    def _load_cache(self) -> dict[str, Any]:
        try:
            problem, data = cfg.parse_json_bytes(self.cache_path.read_bytes())
        except OSError:
            return {}
        if problem or not isinstance(data, dict) or data.get("format") != CACHE_FORMAT:
            return {}
        files = data.get("files")
        return dict(files) if isinstance(files, dict) else {}

    def _save_cache(self) -> None:
        present = {p.name for p in self.files}
        self.cache = {k: v for k, v in self.cache.items() if k in present}
        cfg.write_json(self.cache_path, {"format": CACHE_FORMAT, "files": self.cache})
        self._dirty = False
