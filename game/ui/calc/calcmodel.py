"""The score calculator's model (算分器): a hand situation built tap by tap, judged by the rules' ``judge``.

Nothing here draws. The screen (``calculator.py``) edits a ``Calc`` and shows
``Calc.outcome()``; tests drive the same object. The situation is always
written as the ``score`` command's JSON (``Calc.to_json``) and judged by
``game.rules.judge.judge``, the code path of ``python -m game score``: the
calculator never scores a hand itself. Input it can tell is incomplete or
impossible (a tile count, a missing winning tile, a fifth copy) is reported per
field as a ``Problem`` before anything is judged; a hand the rules refuse gets
the rules' own reason.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Protocol

import game.i18n as i18n
from game.rules import tiles
from game.rules.codes import Refusal
from game.rules.judge import SituationError, judge
from game.rules.texts import Msg
from game.rules.variants import get as get_variant
from game.rules.variants.wenshan_shapes import wildcard_of
from game.ui.calc.calcnote import (
    CHICKEN_WORDS,
    KONG_DRAW_WORDS,
    MELD_KINDS,
    WILD_WORDS,
    CalcMeld,
    NotationProblem,
    meld_of,
    parse_notation,
)
from game.ui.kit import strings

WINS = ("self_draw", "discard", "rob_kong")
FAMILY = {"wenshan": "wenshan", "kunming": "wenshan", "yuxi": "yuxi", "guiyang": "chicken", "zhuoji": "chicken"}
# The flags of the ``score`` format each family's scoring reads (shared/spec/cli.md), in the order shown.
FLAGS = {
    "wenshan": ("after_kong", "last_tile", "tian_hu", "di_hu"),
    "yuxi": ("after_kong", "double_kong", "shi_feng", "shi_san_yao"),
    "chicken": ("after_kong", "tian_hu", "di_hu", "declared_ready", "discarder_declared", "hot"),
}
# Flags that only mean something for one way of winning (the screen greys them out otherwise).
FLAG_WINS = {"after_kong": ("self_draw",), "double_kong": ("self_draw",), "last_tile": ("self_draw",),
             "tian_hu": ("self_draw",), "di_hu": ("discard", "self_draw"), "hot": ("discard",)}


def family(variant_id: str) -> str:
    return FAMILY.get(variant_id, variant_id)


def indicator_of(wildcard: int) -> int:
    """The flipped tile (翻牌) that makes ``wildcard`` the 小鸡 (wildcard_of is a cycle, so this is unique)."""
    return next(t for t in range(tiles.NUM_KINDS) if wildcard_of(t) == wildcard)


def chicken_of(zhuo: int) -> int:
    """The 翻牌鸡 a 捉鸡牌 makes (the next number, 9 → 1; 红中 → 红中)."""
    from game.rules.variants.chicken_fowl import next_tile

    return next_tile(zhuo)


def zhuo_of(chicken: int) -> int:
    from game.rules.variants.chicken_fowl import prev_tile

    return prev_tile(chicken)


# ====================================================================== problems and outcome

@dataclass(frozen=True)
class Problem:
    """Input the calculator cannot judge yet, tied to the field to fix; ``key`` is a strings.S key."""

    field: str  # hand, win_tile, source, wildcard, melds, tiles, seat, paste, input
    key: str
    args: tuple[tuple[str, Any], ...] = ()

    def text(self) -> str:
        kw = {k: (strings.tile_name(v) if k.startswith("tile") and isinstance(v, int) else v) for k, v in self.args}
        return strings.tr(self.key, **kw)


def problem(fld: str, key: str, **kw: Any) -> Problem:
    return Problem(fld, key, tuple(sorted(kw.items())))


@dataclass
class Outcome:
    """What the ``score`` code said about the situation (or the problems that kept it from being asked)."""

    problems: list[Problem] = field(default_factory=list)
    valid: bool = False
    patterns: list[dict[str, Any]] = field(default_factory=list)  # key, name (中文), name_en, value
    total: int = 0
    payments: dict[int, int] = field(default_factory=dict)  # payer seat -> points for the hand
    refusal: str | None = None  # the rules core's refusal code when not valid
    reason_zh: str = ""
    reason_en: str = ""
    output: dict[str, Any] = field(default_factory=dict)  # exactly ``python -m game score --json``'s object
    info: dict[str, Any] = field(default_factory=dict)

    @property
    def judged(self) -> bool:
        return not self.problems

    def reason(self) -> str:
        return strings.pick(self.reason_zh, self.reason_en)


class Refused(Protocol):
    """A refused Score, or a ``refused_win`` record read like one (``teach``)."""

    @property
    def refusal(self) -> str | None: ...


def refusal_texts(sc: Refused) -> tuple[str, str]:
    """(中文, English) of why the rules refuse a hand, by the rules core's refusal code.

    The texts are the ``refusal.<code>`` strings (the core's own English names patterns in Chinese, which an
    English screen must not show); a code without a string falls back to the core's texts.
    """
    code = refusal_code(sc)
    if f"refusal.{code}" in strings.S:
        return i18n.text(f"refusal.{code}", strings.cn()), strings.S[f"refusal.{code}"][1]
    try:
        refusal = Refusal(code)
    except ValueError:
        refusal = Refusal.NOT_A_WIN
    return i18n.code_text(refusal, strings.cn()), i18n.code_text(refusal, "en")


def refusal_code(sc: Refused) -> str:
    """The refusal code (its wire value) of a refused Score, or of a ``refused_win`` record."""
    raw = sc.refusal
    return str(raw) if raw else str(Refusal.NOT_A_WIN)


# ====================================================================== the calculator

@dataclass
class Calc:
    """One hand situation as the calculator builds it; ``to_json`` is the ``score`` input."""

    variant_id: str = "wenshan"
    options: dict[str, Any] = field(default_factory=dict)  # the variant's options, players included
    dealer: int = 0
    seat: int = 1  # the winner
    hand: list[int] = field(default_factory=list)  # concealed tiles in the order tapped, the winning tile included
    melds: list[CalcMeld] = field(default_factory=list)
    win_tile: int | None = None
    win_pinned: bool = False  # the winning tile was chosen; otherwise it is the last tile added
    how: str = "self_draw"
    source: int | None = None
    flags: set[str] = field(default_factory=set)
    wildcard: int | None = None  # wenshan's 小鸡
    chicken: int | None = None  # the chicken games' 翻牌鸡 (shown, not scored: it needs the whole table)
    kong_draws: list[int] = field(default_factory=list)  # yuxi: replacement tiles of the kong chain (五梅花)
    dealer_streak: int = 0  # zhuoji 连庄
    declared: list[int] = field(default_factory=list)  # zhuoji: seats that declared ready (杀报 on a self-draw)

    def __post_init__(self) -> None:
        self.options = self.variant.resolve_options(self.options)
        if self.family == "wenshan" and self.wildcard is None:
            self.wildcard = tiles.tile("4m")

    # ------------------------------------------------------------------ the rules set
    @property
    def variant(self) -> Any:
        return get_variant(self.variant_id)

    @property
    def family(self) -> str:
        return family(self.variant_id)

    @property
    def n(self) -> int:
        return int(self.variant.players(self.options))

    def tile_kinds(self) -> list[int]:
        """The tile kinds of this variant with these options, in palette order."""
        return sorted(set(self.variant.tile_set(self.options)))

    def copies(self) -> list[int]:
        return tiles.counts(self.variant.tile_set(self.options))

    def flag_keys(self) -> tuple[str, ...]:
        return FLAGS.get(self.family, ())

    def allows_chow(self) -> bool:
        return bool(self.variant.allow_chow)

    def set_variant(self, vid: str, options: dict[str, Any] | None = None) -> None:
        """Another rules set: its options (defaults or ``options``); flags it does not know are dropped."""
        self.variant_id = vid
        self.options = self.variant.resolve_options(options or {})
        self.flags &= set(self.flag_keys())
        if self.family == "wenshan":
            if self.wildcard is None:
                self.wildcard = tiles.tile("4m")
        else:
            self.wildcard = None
        if self.family != "chicken":
            self.chicken = None
        if self.family != "yuxi":
            self.kong_draws = []
        if self.variant_id != "zhuoji":
            self.dealer_streak = 0
            self.declared = []
        self._fit_seats()

    def set_option(self, key: str, value: Any) -> None:
        opts = dict(self.options)
        opts[key] = value
        self.options = self.variant.resolve_options(opts)
        self._fit_seats()

    def _fit_seats(self) -> None:
        n = self.n
        self.dealer = min(self.dealer, n - 1)
        self.seat = min(self.seat, n - 1)
        if self.source is not None and (self.source >= n or self.source == self.seat):
            self.source = None
        self.declared = [d for d in self.declared if d < n]

    # ------------------------------------------------------------------ tiles
    def used(self) -> list[int]:
        """Copies of each tile kind in the hand and melds."""
        c = tiles.counts(self.hand)
        for m in self.melds:
            for t in m.tiles:
                c[t] += 1
        return c

    def left(self, tile: int) -> int:
        return self.copies()[tile] - self.used()[tile]

    def hand_size(self) -> int:
        """Concealed tiles a winning hand with these melds holds (the winning tile included)."""
        return 14 - 3 * len(self.melds)

    def add_tile(self, tile: int) -> Problem | None:
        """Tap a tile into the concealed hand; it becomes the winning tile unless one was chosen."""
        if self.copies()[tile] == 0:
            return problem("tiles", "calc.p.not_in_set", tile=tile)
        if self.left(tile) <= 0:
            return problem("tiles", "calc.p.no_more", tile=tile, n=self.copies()[tile])
        if len(self.hand) >= self.hand_size():
            return problem("hand", "calc.p.hand_full", n=self.hand_size())
        self.hand.append(tile)
        if not self.win_pinned:
            self.win_tile = tile
        return None

    def remove_tile(self, tile: int) -> None:
        """Take one copy of ``tile`` out of the hand (the latest tapped)."""
        for i in range(len(self.hand) - 1, -1, -1):
            if self.hand[i] == tile:
                del self.hand[i]
                break
        self._fix_win_tile()

    def pop_tile(self) -> None:
        """Backspace: the last tile tapped leaves the hand."""
        if self.hand:
            self.hand.pop()
            self._fix_win_tile()

    def _fix_win_tile(self) -> None:
        if self.win_tile is not None and self.win_tile in self.hand and self.win_pinned:
            return
        self.win_pinned = False
        self.win_tile = self.hand[-1] if self.hand else None

    def set_win_tile(self, tile: int) -> None:
        if tile in self.hand:
            self.win_tile = tile
            self.win_pinned = True

    def clear(self) -> None:
        self.hand.clear()
        self.melds.clear()
        self.win_tile = None
        self.win_pinned = False
        self.flags.clear()
        self.kong_draws.clear()

    # ------------------------------------------------------------------ melds
    def add_meld(self, kind: str, tile: int) -> Problem | None:
        if kind == "chow" and not self.allows_chow():
            return problem("melds", "calc.p.no_chow")
        if len(self.melds) >= 4:
            return problem("melds", "calc.p.melds_full")
        m = meld_of(kind, tile)
        if m is None:
            return problem("melds", "calc.p.chow_honor")
        need = tiles.counts(m.tiles)
        for t, k in enumerate(need):
            if k and self.left(t) < k:
                return problem("melds", "calc.p.no_more", tile=t, n=self.copies()[t])
        if len(self.hand) > self.hand_size() - 3:
            return problem("melds", "calc.p.hand_too_big", n=len(self.hand), k=self.hand_size() - 3)
        self.melds.append(m)
        return None

    def remove_meld(self, i: int) -> None:
        if 0 <= i < len(self.melds):
            del self.melds[i]

    def substitutes(self) -> list[int]:
        """Tiles that may stand in a meld for another (wenshan: the 小鸡, and 白 for the 小鸡's face)."""
        if self.family != "wenshan" or self.wildcard is None:
            return []
        out = [self.wildcard]
        if self.wildcard != tiles.WHITE:
            out.append(tiles.WHITE)
        return out

    def cycle_meld_tile(self, i: int, j: int) -> Problem | None:
        """Swap tile ``j`` of meld ``i`` to the next substitute (小鸡, then 白) and back to its face."""
        if not (0 <= i < len(self.melds)) or not (0 <= j < len(self.melds[i].tiles)):
            return None
        m = self.melds[i]
        face = m.faces()[j]
        order = [face] + [s for s in self.substitutes() if s != face]
        if len(order) == 1:
            return problem("melds", "calc.p.no_subs")
        cur = m.tiles[j]
        k = order.index(cur) if cur in order else 0
        for step in range(1, len(order) + 1):
            nxt = order[(k + step) % len(order)]
            if nxt == cur or self.left(nxt) > 0:
                m.tiles[j] = nxt
                return None
        return None

    def set_wildcard(self, tile: int) -> None:
        """A new 小鸡: meld tiles standing in as the old one follow it."""
        old = self.wildcard
        self.wildcard = tile
        for m in self.melds:
            faces = m.faces()
            for j, t in enumerate(m.tiles):
                if t != faces[j] and t == old:
                    m.tiles[j] = tile
                elif t != faces[j] and t == tiles.WHITE and tile == tiles.WHITE:
                    m.tiles[j] = faces[j]

    # ------------------------------------------------------------------ how it was won
    def set_how(self, how: str) -> None:
        self.how = how
        if how == "self_draw":
            self.source = None
        elif self.source is None or self.source == self.seat:
            self.source = (self.seat - 1) % self.n

    def set_seat(self, seat: int) -> None:
        self.seat = seat
        if self.source == seat:
            self.source = (seat - 1) % self.n
        self.declared = [d for d in self.declared if d != seat]  # the others who declared (杀报 on a self-draw)

    def toggle_flag(self, key: str) -> None:
        if key in self.flags:
            self.flags.discard(key)
        elif key in self.flag_keys():
            self.flags.add(key)
            if key == "double_kong":
                self.flags.discard("after_kong")
            elif key == "after_kong":
                self.flags.discard("double_kong")

    def flag_applies(self, key: str) -> bool:
        return self.how in FLAG_WINS.get(key, WINS)

    # ------------------------------------------------------------------ the score input
    def to_json(self) -> dict[str, Any]:
        """The ``score`` command's input for this situation (shared/spec/cli.md)."""
        opts = {k: v for k, v in self.options.items() if k != "players"}
        data: dict[str, Any] = {
            "variant": self.variant_id,
            "options": opts,
            "players": self.n,
            "dealer": self.dealer,
            "seat": self.seat,
            "hand": tiles.fmt(self.hand, sort=True),
            "melds": [m.to_json() for m in self.melds],
            "win_tile": tiles.name(self.win_tile) if self.win_tile is not None else None,
            "win": self.how,
            "flags": [f for f in self.flag_keys() if f in self.flags],
        }
        if self.how != "self_draw":
            data["from"] = self.source
        if self.family == "wenshan" and self.wildcard is not None:
            data["wildcard"] = tiles.name(self.wildcard)
        if self.kong_draws:
            data["kong_draws"] = tiles.fmt(self.kong_draws)
        if self.variant_id == "zhuoji":
            data["dealer_streak"] = self.dealer_streak
            if self.declared:
                data["declared"] = sorted(self.declared)
        return data

    def check(self) -> list[Problem]:
        """What keeps this situation from being judged, per field (empty: ask the rules)."""
        out: list[Problem] = []
        n = self.n
        if not 0 <= self.seat < n or not 0 <= self.dealer < n:
            out.append(problem("seat", "calc.p.seat", n=n))
        copies = self.copies()
        for t, c in enumerate(self.used()):
            if c and copies[t] == 0:
                out.append(problem("tiles", "calc.p.not_in_set", tile=t))
            elif c > copies[t]:
                out.append(problem("tiles", "calc.p.too_many", tile=t, k=c, n=copies[t]))
        need = self.hand_size()
        if len(self.hand) != need:
            out.append(problem("hand", "calc.p.hand_count", n=need, k=len(self.hand), m=len(self.melds)))
        if self.win_tile is None or self.win_tile not in self.hand:
            out.append(problem("win_tile", "calc.p.win_tile"))
        if self.how != "self_draw":
            if self.source is None or not 0 <= self.source < n:
                out.append(problem("source", "calc.p.source"))
            elif self.source == self.seat:
                out.append(problem("source", "calc.p.source_self"))
        if self.family == "wenshan" and self.wildcard is None:
            out.append(problem("wildcard", "calc.p.wildcard"))
        for m in self.melds:
            if m.kind == "chow" and not self.allows_chow():
                out.append(problem("melds", "calc.p.no_chow"))
                break
        return out

    def outcome(self) -> Outcome:
        """Ask the ``score`` code about this situation (after checking the input per field)."""
        probs = self.check()
        if probs:
            return Outcome(problems=probs)
        return judge_json(self.to_json())

    # ------------------------------------------------------------------ notation and paste
    def notation(self) -> str:
        """The hand in tile notation: ``1122m3344p5566s7z+7z pung:555m wild:4m`` (the winning tile after +)."""
        rest = list(self.hand)
        parts = []
        if self.win_tile is not None and self.win_tile in rest:
            rest.remove(self.win_tile)
            parts.append(tiles.fmt(rest, sort=True) + "+" + tiles.name(self.win_tile))
        else:
            parts.append(tiles.fmt(rest, sort=True))
        parts += [m.notation() for m in self.melds]
        if self.family == "wenshan" and self.wildcard is not None:
            parts.append(f"{WILD_WORDS[0]}:{tiles.name(self.wildcard)}")
        if self.family == "chicken" and self.chicken is not None:
            parts.append(f"{CHICKEN_WORDS[0]}:{tiles.name(self.chicken)}")
        if self.kong_draws:
            parts.append(f"{KONG_DRAW_WORDS[0]}:{tiles.fmt(self.kong_draws)}")
        return " ".join(p for p in parts if p)

    def paste(self, text: str) -> Problem | None:
        """Take a hand from tile notation or from a ``score`` JSON object; nothing changes on a problem."""
        text = (text or "").strip()
        if not text:
            return problem("paste", "calc.p.paste_empty")
        if text.startswith("{"):
            return self._paste_json(text)
        try:
            parsed = parse_notation(text)
        except NotationProblem as e:
            kw = dict(e.args_)
            if "kind" in kw:
                kw["kind"] = strings.tr(f"calc.meld.{kw['kind']}")
            return problem("paste", e.key, **kw)
        hand, win, melds, wild, chicken, draws = parsed
        trial = Calc(self.variant_id, dict(self.options), self.dealer, self.seat, hand, melds, win, True, self.how,
                     self.source, set(self.flags), wild if wild is not None else self.wildcard,
                     chicken if chicken is not None else self.chicken, draws, self.dealer_streak, list(self.declared))
        bad = [p for p in trial.check() if p.field == "tiles"]
        if bad:
            return bad[0]
        self._take(trial)
        return None

    def _paste_json(self, text: str) -> Problem | None:
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, RecursionError):
            return problem("paste", "calc.p.json_bad")
        try:
            trial = from_json(data)
        except (ValueError, KeyError, TypeError, AttributeError):  # SituationError is a ValueError
            return problem("paste", "calc.p.json_not_hand")
        self._take(trial)
        return None

    def _take(self, other: Calc) -> None:
        self.__dict__.update(other.__dict__)

    # ------------------------------------------------------------------ memory
    def to_saved(self) -> dict[str, Any]:
        """What the calculator remembers between visits (the settings file keeps it)."""
        d = self.to_json()
        d["_hand_order"] = tiles.fmt(self.hand)
        d["_win_pinned"] = self.win_pinned
        if self.chicken is not None:
            d["_chicken"] = tiles.name(self.chicken)
        return d

    @classmethod
    def from_saved(cls, data: Any) -> Calc:
        """The remembered calculator; anything unreadable gives a fresh one."""
        try:
            c = from_json(data)
            if isinstance(data.get("_hand_order"), str):
                order = tiles.parse(data["_hand_order"])
                if sorted(order) == sorted(c.hand):
                    c.hand = order
            c.win_pinned = bool(data.get("_win_pinned", True))
            if isinstance(data.get("_chicken"), str):
                c.chicken = tiles.tile(data["_chicken"])
            return c
        except (ValueError, KeyError, TypeError, AttributeError, tiles.NotationError):
            return cls()


def judge_json(data: dict[str, Any]) -> Outcome:
    """The ``score`` code's verdict on a situation JSON, as ``python -m game score --json`` prints it."""
    try:
        _variant, _sit, sc = judge(data)
    except SituationError as e:
        return Outcome(problems=[problem("input", "calc.p.input", why=str(e))])
    out = i18n.score_json(sc)
    if not sc.valid:
        zh, en = refusal_texts(sc)
        return Outcome(valid=False, refusal=refusal_code(sc), reason_zh=zh, reason_en=en, output=out,
                       info=dict(sc.info or {}))
    zh = strings.cn()
    pats = [{"key": p.key, "name": i18n.render(p.text, zh), "name_en": i18n.render(p.text, "en"), "value": p.value}
            for p in sc.patterns]
    return Outcome(valid=True, patterns=pats, total=sc.total, payments=dict(sc.payments), output=out,
                   info=dict(sc.info or {}))


def from_json(data: Any) -> Calc:
    """A calculator holding a ``score`` JSON situation (ValueError on what it cannot hold)."""
    if not isinstance(data, dict):
        raise ValueError("a score situation is a JSON object")
    vid = data.get("variant", "wenshan")
    v = get_variant(vid)
    opts = dict(data.get("options") or {})
    if data.get("players") is not None:
        opts["players"] = data["players"]
    opts = {k: val for k, val in opts.items() if any(o.key == k for o in v.schema)}
    c = Calc(vid, opts)
    c.dealer = int(data.get("dealer", 0))
    c.seat = int(data.get("seat", 0))
    c.hand = tiles.parse(data.get("hand") or "")
    for md in data.get("melds") or []:
        kind = md["kind"]
        if kind not in MELD_KINDS:
            raise ValueError(f"unknown meld kind {kind!r}")
        tl = tiles.parse(md["tiles"])
        if md.get("face"):
            fc = tiles.parse(md["face"])
            face = min(fc)
        else:
            face = min(tl)
        c.melds.append(CalcMeld(kind, tl, face, md.get("from"), bool(md.get("delayed"))))
    wt = data.get("win_tile")
    c.win_tile = tiles.tile(wt) if wt else None
    c.win_pinned = c.win_tile is not None
    c.how = data.get("win", "self_draw") if data.get("win") in WINS else "self_draw"
    src = data.get("from")
    c.source = int(src) if src is not None else None
    c.flags = {f for f in data.get("flags") or [] if isinstance(f, str)} & set(c.flag_keys())
    if data.get("wildcard"):
        c.wildcard = tiles.tile(data["wildcard"])
    if data.get("kong_draws"):
        kd = data["kong_draws"]
        c.kong_draws = tiles.parse(kd) if isinstance(kd, str) else [tiles.tile(x) for x in kd]
    c.dealer_streak = int(data.get("dealer_streak", 0) or 0)
    c.declared = [int(x) for x in data.get("declared") or []]
    c._fit_seats()
    return c


# ====================================================================== presentation helpers

def formula(variant_id: str, out: Outcome) -> str:
    """How the total is made, e.g. ``(4+8)×2=24`` (wenshan), ``2^(2+1)=8`` (yuxi), ``10+10=20`` (chicken)."""
    if not out.valid:
        return ""
    fam = family(variant_id)
    if fam == "wenshan":
        from game.rules.variants import wenshan_score

        terms = [p["value"] for p in out.patterns if p["key"] in wenshan_score.BASE or p["key"] in wenshan_score.ADDED]
        mult = [p["value"] for p in out.patterns if p["key"] in wenshan_score.MULT]
        s = "+".join(map(str, terms)) if terms else "0"
        if len(terms) > 1 and mult:
            s = f"({s})"
        s += "".join(f"×{m}" for m in mult)
        return f"{s}={out.total}" if (mult or len(terms) > 1) else str(out.total)
    if fam == "yuxi":
        return str(out.info.get("formula") or out.total)
    vals = [p["value"] for p in out.patterns]
    return "+".join(map(str, vals)) + f"={out.total}" if len(vals) > 1 else str(out.total)


def chickens_held(calc: Calc) -> list[tuple[str, int, Msg, int]]:
    """The chicken games: chickens in the winner's hand and melds for the chosen 翻牌鸡, as the core counts them
    for a ready player [(key, tile, name, unit value)]. Shown beside the score, never added to it."""
    if calc.family != "chicken":
        return []
    from game.rules.variants import chicken_fowl

    tb = calc.variant.table
    zhuo = zhuo_of(calc.chicken) if calc.chicken is not None else None
    ks = chicken_fowl.kinds(tb, calc.options, zhuo)
    held: list[tuple[int, str, int | None]] = [(t, "hand", None) for t in calc.hand]
    for m in calc.melds:
        held += [(t, "concealed_kong" if m.kind == "concealed_kong" else "meld", None) for t in m.tiles]
    return list(chicken_fowl.counted(tb, ks, held, calc.seat, False, {}))


def seat_label(calc: Calc, seat: int) -> str:
    """"座位2（庄）" / "Seat 2 (dealer)": seats counted from 1 as players say them."""
    base = strings.tr("calc.seat_n", i=seat + 1)
    if seat == calc.dealer:
        base += strings.tr("calc.dealer_mark")
    return base
