"""What each variant family shows every seat (a view's ``public``): one TypedDict per family.

Everything here is public: every seat gets the same record (``Variant.public_info``).
Tiles are ints 0-33 (``game.rules.tiles``); a few maps are keyed by tile names
("1s") because msgpack and JSON maps need string keys.
"""

from __future__ import annotations

from typing import TypedDict


class NoPublic(TypedDict):
    """A variant with nothing to show beyond the seats."""


class WenshanPublic(TypedDict):
    """文山翻小鸡 / 昆明文山麻将."""

    indicator: int | None  # the flipped tile: face up, out of play
    wildcard: int | None  # 小鸡 (癞子): stands for any tile
    standin: int | None  # 白, which may stand for the wildcard's face (None when 白 is the wildcard)
    reserved: int  # tiles at the back of the wall that are never drawn (黄牌留牌)


class SequenceProgress(TypedDict):
    """How far a seat is on 十风 / 十三幺 (discards so far; None once broken)."""

    shi_feng: int | None
    shi_san_yao: int | None


class YuxiPublic(TypedDict):
    """玉溪扳倒胡."""

    tail: list[int]  # the face-up tail tiles, left slot first
    stop: int  # the hand is drawn when the wall is down to this many tiles
    chao_di: bool  # 抄底: kongs any time (a blind draw when no tail tile wins)
    sequence: list[SequenceProgress]  # per seat


class ChickenPublic(TypedDict):
    """贵阳捉鸡 / 捉鸡麻将."""

    default_chickens: list[int]  # 常鸡: 1s, and 8p with 乌骨鸡
    zhuo: int | None  # the 捉鸡牌 turned up after a win (face up, out of play)
    chicken: int | None  # the flipped chicken it makes (the next number)
    declared: list[int]  # seats that declared ready (报听)
    chong_feng: dict[str, int]  # 冲锋鸡: tile name -> seat
    gen_chong: list[list[str | int]]  # 跟冲: [tile name, seat]
    ze_ren: dict[str, list[int]]  # 责任鸡: tile name -> [discarder, claimer]


PublicInfo = NoPublic | WenshanPublic | YuxiPublic | ChickenPublic
