"""The score calculator's melds and its tile notation (``1122m3344p5566s7z+7z pung:555m wild:4m``).

A line holds the concealed hand (``+X`` names the winning tile, else the last tile written is it), then
melds as ``kind:tiles`` (``pung:555m``; a meld with substitutes gives its face after ``=``: ``pung:9p9p4m=9p``)
and the hand's flipped tiles (``wild:4m``, ``chicken:6s``, ``kongdraws:5p9p``). Chinese prefixes (碰 吃 杠
补杠 暗杠 小鸡 翻牌鸡) are read too; ``CalcMeld.notation`` writes the English ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.rules import tiles

MELD_KINDS = ("chow", "pung", "kong", "added_kong", "concealed_kong")
KONGS = ("kong", "added_kong", "concealed_kong")

# Notation: meld prefixes accepted when pasting (written back with the first of each).
MELD_WORDS = {
    "chow": ("chow", "吃"),
    "pung": ("pung", "pong", "碰"),
    "kong": ("kong", "杠", "明杠", "直杠"),
    "added_kong": ("akong", "added_kong", "补杠", "加杠"),
    "concealed_kong": ("ckong", "concealed_kong", "暗杠"),
}
WILD_WORDS = ("wild", "小鸡", "癞子")
CHICKEN_WORDS = ("chicken", "翻牌鸡")
KONG_DRAW_WORDS = ("kongdraws", "杠牌")


class NotationProblem(ValueError):
    """What is wrong with a notation line, for the player's language: ``key`` is a strings key ("calc.n."),
    ``args`` its values (the message itself, in English, for logs and tests)."""

    def __init__(self, key: str, message: str, **args: Any):
        super().__init__(message)
        self.key = key
        self.args_ = args


def _tiles(text: str, tok: str) -> list[int]:
    try:
        return tiles.parse(text)
    except tiles.NotationError:
        raise NotationProblem("calc.n.tiles", f"cannot read {tok!r}: write tiles like 123m456p7z", tok=tok) from None


@dataclass
class CalcMeld:
    """A meld on the calculator: physical ``tiles`` and what they stand for (``face``: a pung/kong's tile,
    a chow's lowest tile)."""

    kind: str
    tiles: list[int]
    face: int
    source: int | None = None  # kept from pasted JSON; scoring does not read it
    delayed: bool = False

    def faces(self) -> list[int]:
        if self.kind == "chow":
            return [self.face, self.face + 1, self.face + 2]
        return [self.face] * len(self.tiles)

    @property
    def subs(self) -> int:
        return sum(1 for t, f in zip(self.tiles, self.faces()) if t != f)

    def written(self) -> str:
        """The physical tiles in notation: a chow's in run order (each under the face it stands for), others sorted."""
        return tiles.fmt(self.tiles, sort=self.kind != "chow")

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "tiles": self.written()}
        if self.subs:
            d["face"] = tiles.fmt(self.faces()) if self.kind == "chow" else tiles.name(self.face)
        if self.source is not None:
            d["from"] = self.source
        if self.delayed:
            d["delayed"] = True
        return d

    def notation(self) -> str:
        word = MELD_WORDS[self.kind][0]
        out = f"{word}:{self.written()}"
        if self.subs:
            out += "=" + (tiles.fmt(self.faces()) if self.kind == "chow" else tiles.name(self.face))
        return out


def meld_of(kind: str, tile: int) -> CalcMeld | None:
    """The natural meld of ``kind`` a tap on ``tile`` makes (a chow runs up from the tile, or ends on an 8/9)."""
    if kind == "chow":
        if tile >= 27:
            return None
        low = tile if tile % 9 <= 6 else tile - (tile % 9 - 6)
        return CalcMeld(kind, [low, low + 1, low + 2], low)
    return CalcMeld(kind, [tile] * (4 if kind in KONGS else 3), tile)


def parse_notation(text: str) -> tuple[list[int], int | None, list[CalcMeld], int | None, int | None, list[int]]:
    """(hand, winning tile, melds, wildcard, flipped chicken, kong draws) from a notation line.

    The hand is the first token without a prefix; ``+X`` names the winning tile (else the last tile
    written is it). Melds are ``pung:555m``, ``chow:345m``, ``kong:``/``akong:``/``ckong:`` (or 碰/吃/
    杠/补杠/暗杠), a substitute meld with its face after ``=`` (``pung:9p9p4m=9p``). Raises NotationProblem
    (a ValueError) saying what is wrong in the player's language.
    """
    hand: list[int] = []
    win: int | None = None
    melds: list[CalcMeld] = []
    wild = chicken = None
    draws: list[int] = []
    seen_hand = False
    for tok in text.replace("，", " ").replace(",", " ").split():
        word, rest = _split_word(tok)
        if word is None:
            if seen_hand:
                raise NotationProblem("calc.n.two_hands", f"two hands in {text!r}: write melds as pung:555m",
                                      tok=tok)
            seen_hand = True
            main, _, plus = rest.partition("+")
            hand = _tiles(main, tok) if main else []
            if plus:
                w = _tiles(plus, tok)
                if len(w) != 1:
                    raise NotationProblem("calc.n.one_win", f"+{plus} names one winning tile", tok=f"+{plus}")
                win = w[0]
                hand.append(win)
            elif hand:
                win = hand[-1]
            continue
        if word in WILD_WORDS:
            wild = _one(rest, tok)
        elif word in CHICKEN_WORDS:
            chicken = _one(rest, tok)
        elif word in KONG_DRAW_WORDS:
            draws = _tiles(rest, tok)
        else:
            kind = next(k for k, words in MELD_WORDS.items() if word in words)
            tiles_s, _, face_s = rest.partition("=")
            tl = _tiles(tiles_s, tok)
            size = 4 if kind in KONGS else 3
            if len(tl) != size:
                raise NotationProblem("calc.n.size", f"{tok}: a {kind} has {size} tiles", tok=tok, kind=kind,
                                      size=size)
            if face_s:
                fc = _tiles(face_s, tok)
                if not fc:
                    raise NotationProblem("calc.n.one_tile", f"{tok}: name the face after =", tok=tok)
                face = min(fc)
            elif kind == "chow":
                face = min(tl)
                if sorted(tl) != [face, face + 1, face + 2] or face >= 27 or face // 9 != (face + 2) // 9:
                    raise NotationProblem("calc.n.run", f"{tok} is not a run of one suit", tok=tok)
            else:
                if len(set(tl)) != 1:
                    raise NotationProblem("calc.n.mixed", f"{tok} mixes tiles: give its face after =", tok=tok)
                face = tl[0]
            melds.append(CalcMeld(kind, tl, face))
    return hand, win, melds, wild, chicken, draws


def _split_word(tok: str) -> tuple[str | None, str]:
    if ":" in tok or "：" in tok:
        word, _, rest = tok.replace("：", ":").partition(":")
        word = word.strip().lower()
        if not _known_word(word):
            raise NotationProblem("calc.n.prefix", f"unknown prefix {word!r} in {tok!r}", tok=tok, word=word)
        return word, rest
    for words in (*MELD_WORDS.values(), WILD_WORDS, CHICKEN_WORDS, KONG_DRAW_WORDS):
        for w in sorted(words, key=len, reverse=True):
            if not w.isascii() and tok.startswith(w):
                return w, tok[len(w):]
    return None, tok


def _known_word(word: str) -> bool:
    return any(word in ws for ws in (*MELD_WORDS.values(), WILD_WORDS, CHICKEN_WORDS, KONG_DRAW_WORDS))


def _one(text: str, tok: str) -> int:
    tl = _tiles(text, tok)
    if len(tl) != 1:
        raise NotationProblem("calc.n.one_tile", f"{tok} names one tile", tok=tok)
    return tl[0]
