"""Chickens (鸡): which tiles are chickens after the flip, what each is worth, who holds which.

A *kind* says what one tile kind is worth as a chicken; a *holding* is one physical tile of a
seat (hand, meld, or an unclaimed discard). ``counted`` gives the chickens a ready player
collects for, ``exposed`` the ones a not-ready player pays 包鸡 for.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .. import events, tiles
from ..events import Event
from ..kinds import MeldKind
from ..options import Options
from ..state import HandState
from ..texts import Msg, msg
from .chicken_tables import Table

YAO = tiles.ONE_SOU  # 1s 幺鸡
WU_GU = tiles.EIGHT_PIN  # 8p 乌骨鸡
RED = tiles.RED
SILVER_FLIPS = (tiles.make(9, tiles.MAN), tiles.make(9, tiles.PIN))  # 9m/9p → 1m/1p 银鸡


def next_tile(t: int) -> int:
    """The flipped chicken of a 捉鸡牌: the next number, 9 → 1; 红中 → 红中."""
    if t >= 27:
        return t
    return t - t % 9 + (t % 9 + 1) % 9


def prev_tile(t: int) -> int:
    if t >= 27:
        return t
    return t - t % 9 + (t % 9 - 1) % 9


def default_tiles(options: Options) -> list[int]:
    """常鸡: 幺鸡 always, 乌骨鸡 with ``wu_gu`` (zhuoji: fixed on)."""
    return [YAO, WU_GU] if options.get("wu_gu", True) else [YAO]


@dataclass(frozen=True)
class Kind:
    tile: int
    key: str  # yao_ji, jin_ji, wu_gu_ji, jin_wu_gu_ji, fan_pai_ji, yin_ji, zuan_shi_ji, ben_ji, shang_xia_ji
    value: int
    default: bool  # 常鸡: counts in discards and in 包鸡

    @property
    def name(self) -> Msg:
        return msg(f"rules.fowl.{self.key}")

    @property
    def short(self) -> Msg:
        """The name after 冲锋 / 包 / 责任 (幺鸡 is just 鸡 there)."""
        return msg("rules.fowl.short.yao_ji") if self.key == "yao_ji" else self.name


_DEFAULT_NAMES = {  # tile: (plain key, golden key)
    YAO: ("yao_ji", "jin_ji"),
    WU_GU: ("wu_gu_ji", "jin_wu_gu_ji"),
}


def kinds(tb: Table, options: Options, zhuo: int | None) -> dict[int, Kind]:
    """Chicken kinds by tile for this hand; ``zhuo`` is the 捉鸡牌 (None: no flip)."""
    flipped = next_tile(zhuo) if zhuo is not None else None
    out: dict[int, Kind] = {}
    for t in default_tiles(options):
        pk, gk = _DEFAULT_NAMES[t]
        plain = tb.yao if t == YAO else tb.wu_gu
        golden = tb.golden_yao if t == YAO else tb.golden_wu_gu
        if t == flipped:
            out[t] = Kind(t, gk, golden, True)
        else:
            out[t] = Kind(t, pk, plain, True)
    if zhuo is None or flipped is None:
        return out
    cands = []
    if flipped == RED and options.get("zuan_shi") and tb.zuan_shi:
        cands.append(Kind(RED, "zuan_shi_ji", tb.zuan_shi, False))
    elif zhuo in SILVER_FLIPS and options.get("yin_ji") and tb.yin:
        cands.append(Kind(flipped, "yin_ji", tb.yin, False))
    else:
        cands.append(Kind(flipped, "fan_pai_ji", tb.flipped, False))
    if options.get("ben_ji") and tb.ben:
        cands.append(Kind(zhuo, "ben_ji", tb.ben, False))
    if options.get("shang_xia_ji") and tb.shang_xia:
        for t in (prev_tile(zhuo), next_tile(zhuo)):
            cands.append(Kind(t, "shang_xia_ji", tb.shang_xia, False))
    for k in cands:
        have = out.get(k.tile)
        if have is None or (not have.default and k.value > have.value):
            out[k.tile] = k  # a tile that is a chicken twice counts once, at the higher value
    return out


def flipped_of(zhuo: int | None) -> int | None:
    return None if zhuo is None else next_tile(zhuo)


# ---------------------------------------------------------------------------- holdings

def holdings(st: HandState, seat: int, win_tile: int | None = None) -> list[tuple[int, str, int | None]]:
    """(tile, where, discard index) of every tile that is the seat's: hand (plus a won tile), melds,
    and its discards nobody claimed or won on. ``where``: hand / meld / concealed_kong / discard."""
    s = st.seats[seat]
    out: list[tuple[int, str, int | None]] = [(t, "hand", None) for t in s.concealed()]
    if win_tile is not None:
        out.append((win_tile, "hand", None))
    for m in s.melds:
        where = "concealed_kong" if m.kind == MeldKind.CONCEALED_KONG else "meld"
        out.extend((t, where, None) for t in m.tiles)
    for i, d in enumerate(s.discards):
        if d.claimed_by is None and not d.won_by:
            out.append((d.tile, "discard", i))
    return out


# ---------------------------------------------------------------------------- 冲锋 / 责任

def first_discards(st: HandState, options: Options) -> dict[int, tuple[Any, ...]]:
    """For each default chicken tile, its first discard of the hand:
    ("chong", seat, index) when nobody claimed it (冲锋鸡), ("ze_ren", discarder, index, claimer)
    when it was ponged or konged (责任鸡). Tiles never discarded (or won on) are absent."""
    rec = dict(st.extra.get("first_chicken", {}))
    for t in default_tiles(options):
        if t in rec:
            continue
        c = claimed_discard(st, t)
        if c is not None:
            rec[t] = ("ze_ren",) + c
    return rec


def claimed_discard(st: HandState, tile: int) -> tuple[int, int, int] | None:
    """(discarder, index, claimer) of the claimed discard of ``tile`` (there is at most one)."""
    for seat, s in enumerate(st.seats):
        for i, d in enumerate(s.discards):
            if d.tile == tile and d.claimed_by is not None:
                return seat, i, d.claimed_by
    return None


def record_unclaimed(st: HandState, options: Options, gen_chong: bool, emitted: list[Event]) -> None:
    """A discard's window closed unclaimed: note 冲锋 (the tile's first discard) and 跟冲."""
    if st.last_discard is None:
        return
    src, tile = st.last_discard
    if tile not in default_tiles(options):
        return
    rec = st.extra.get("first_chicken", {})
    idx = len(st.seats[src].discards) - 1
    if tile not in rec:
        c = claimed_discard(st, tile)
        if c is not None:
            st.extra["first_chicken"] = {**rec, tile: ("ze_ren",) + c}
            return
        st.extra["first_chicken"] = {**rec, tile: ("chong", src, idx)}
        emitted.append(events.chicken("chong_feng", src, tile))
        return
    first = rec[tile]
    if gen_chong and first[0] == "chong" and src != first[1] and idx == 0:
        st.extra["gen_chong"] = list(st.extra.get("gen_chong", [])) + [(tile, src, idx)]
        emitted.append(events.chicken("gen_chong", src, tile))


def charges(st: HandState, options: Options) -> dict[tuple[int, int], str]:
    """{(seat, discard index): "chong" | "gen"} of the 冲锋 (and 跟冲) discards."""
    out = {}
    for r in first_discards(st, options).values():
        if r[0] == "chong":
            out[(r[1], r[2])] = "chong"
    for _t, seat, idx in st.extra.get("gen_chong", []):
        out[(seat, idx)] = "gen"
    return out


# ---------------------------------------------------------------------------- what counts

def charge_name(k: Kind, how: str) -> Msg:
    """A charging chicken's name: 冲锋鸡 / 跟冲乌骨鸡 (``how``: "chong" or "gen")."""
    return msg(f"rules.fowl.charge.{how}", fowl=k.short)


def counted(tb: Table, ks: dict[int, Kind], held: list[tuple[int, str, int | None]], seat: int,
            flipped_in_discards: bool, charge: dict[tuple[int, int], str]) -> list[tuple[str, int, Msg, int]]:
    """Chickens a ready seat collects for: [(key, tile, name, unit value)], one per tile."""
    out = []
    for t, where, idx in held:
        k = ks.get(t)
        if k is None:
            continue
        if where == "discard":
            if not k.default and not flipped_in_discards:
                continue
            how = charge.get((seat, idx)) if k.default and idx is not None else None
            if how:
                out.append(("chong_feng_ji", t, charge_name(k, how), k.value * tb.chong_feng_mult))
                continue
        out.append((k.key, t, k.name, k.value))
    return out


def exposed(tb: Table, ks: dict[int, Kind], held: list[tuple[int, str, int | None]], seat: int,
            charge: dict[tuple[int, int], str]) -> list[tuple[str, int, Msg, int]]:
    """Chickens a not-ready seat pays 包鸡 for: default chickens in its unclaimed discards and claimed
    melds (冲锋 at its 冲锋 value), golden ones at the golden value; never the hand or a concealed kong."""
    out = []
    for t, where, idx in held:
        k = ks.get(t)
        if k is None or not k.default or where not in ("meld", "discard"):
            continue
        how = charge.get((seat, idx)) if where == "discard" and idx is not None else None
        if how:
            out.append(("chong_feng_ji", t, msg("rules.settle.chicken.owed", what=charge_name(k, how)),
                        k.value * tb.chong_feng_mult))
        else:
            out.append(("bao_ji", t, msg("rules.settle.chicken.owed", what=k.short), k.value))
    return out


def responsibilities(tb: Table, ks: dict[int, Kind], st: HandState,
                     options: Options) -> list[tuple[int, int, int, int, Msg]]:
    """责任鸡: [(tile, discarder, claimer, value, name)]."""
    out = []
    for t, r in sorted(first_discards(st, options).items()):
        if r[0] != "ze_ren":
            continue
        k = ks[t]
        out.append((t, r[1], r[3], k.value * tb.ze_ren_mult, msg("rules.fowl.ze_ren", fowl=k.short)))
    return out


def group(items: Iterable[tuple[str, int, Msg, int]]) -> list[tuple[str, int, Msg, int, int]]:
    """Merge equal chickens: [(key, tile, name, unit, count)] in first-seen order."""
    order: list[tuple[str, int, Msg, int]] = []
    n: dict[tuple[str, int, Msg, int], int] = {}
    for it in items:
        if it not in n:
            n[it] = 0
            order.append(it)
        n[it] += 1
    return [it + (n[it],) for it in order]
