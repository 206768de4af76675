"""Chicken-game hands: win shapes, the largest pattern, events, waits (叫嘴) and the hand's payments.

Pure functions over count lists and melds, driven by a ``chicken_tables.Table``; used by the
variant (win checks, ``score``), by 查叫 and by the settlement.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import NamedTuple

from .. import analysis, tiles
from ..codes import Refusal
from ..kinds import KONG_KINDS, MeldKind, WinBy
from ..options import Options
from ..situation import Pattern, Score, Situation, refused
from ..state import Meld
from ..texts import Msg, msg
from .chicken_tables import EVENT_ORDER, PREFERENCE, QING, Table

RED = tiles.RED


class Line(NamedTuple):
    """One labelled payment of a settlement part; ``payer`` None marks a 0-point line (shown only)."""

    part: str  # hand / events / lian_zhuang / beans / chickens / bao / cha_jiao
    key: str  # the rule: pattern key, event key, men_dou, chong_feng_ji ...
    text: Msg
    payer: int | None
    payee: int
    points: int


# ---------------------------------------------------------------------------- shapes

def held_counts(counts: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    c = list(counts)
    for m in melds:
        for t in m.tiles:
            c[t] += 1
    return c


def is_flush(counts: Sequence[int], melds: Sequence[Meld]) -> bool:
    """One suit, 红中 ignored (it never counts as a suit)."""
    suit = None
    kinds = [t for t, n in enumerate(counts) if n] + [f for m in melds for f in m.faces]
    for t in kinds:
        if t == RED:
            continue
        if t >= 27:
            return False
        if suit is None:
            suit = t // 9
        elif suit != t // 9:
            return False
    return suit is not None


def seven_pairs(counts: Sequence[int], melds: Sequence[Meld]) -> bool:
    return not melds and sum(counts) == 14 and all(c % 2 == 0 for c in counts)


def _he_pu(counts: Sequence[int]) -> bool:
    """Three pairs in a run of one suit (11 22 33); a quadruple holds a pair."""
    for g in range(3):
        for r in range(7):
            t = g * 9 + r
            if counts[t] >= 2 and counts[t + 1] >= 2 and counts[t + 2] >= 2:
                return True
    return False


def di_long(counts: Sequence[int], melds: Sequence[Meld], win_tile: int | None) -> bool:
    """地龙: five pairs + one claimed pung, the winning tile being the pung's fourth."""
    if len(melds) != 1 or melds[0].kind != MeldKind.PUNG or win_tile is None or melds[0].face != win_tile:
        return False
    if sum(counts) != 11 or counts[win_tile] != 1:
        return False
    return all(c % 2 == 0 for t, c in enumerate(counts) if t != win_tile)


def is_winning(tb: Table, counts: Sequence[int], melds: Sequence[Meld], win_tile: int | None) -> bool:
    """Any winning shape of the variant (standard, seven pairs, 地龙)."""
    n = sum(counts)
    if n % 3 == 2 and analysis.is_win(counts):
        return True
    if seven_pairs(counts, melds):
        return True
    return "di_long" in tb.patterns and di_long(counts, melds, win_tile)


def shape_patterns(tb: Table, counts: Sequence[int], melds: Sequence[Meld], win_tile: int | None) -> list[str]:
    """Every pattern of the table the winning hand forms (清一色 forms included)."""
    out = []
    flush = is_flush(counts, melds)

    def q(k: str) -> str:
        return QING[k] if flush else k

    if sum(counts) % 3 == 2 and analysis.is_win(counts):
        out.append(q("ping_hu"))
        if analysis.is_pungs_and_pair(counts):
            out.append(q("da_dui_zi"))
            if len(melds) == 4:
                out.append(q("dan_diao"))
            if not melds and win_tile is not None and counts[win_tile] == 2 \
                    and all(c in (0, 3) for t, c in enumerate(counts) if t != win_tile):
                out.append(q("an_da_dui"))
    if seven_pairs(counts, melds):
        out.append(q("long_qi_dui") if any(c == 4 for c in counts) else q("qi_dui"))
        if _he_pu(counts):
            out.append(q("he_pu_qi_dui"))
    if di_long(counts, melds, win_tile):
        out.append(q("di_long"))
    return [k for k in out if k in tb.patterns]


def pick(tb: Table, keys: Iterable[str]) -> str | None:
    """The largest pattern; ties go to the more specific (PREFERENCE order)."""
    if not keys:
        return None
    return max(keys, key=lambda k: (tb.patterns[k], -PREFERENCE.index(k)))


def best_pattern(tb: Table, counts: Sequence[int], melds: Sequence[Meld], win_tile: int | None,
                 flags: Collection[str] = ()) -> str | None:
    keys = shape_patterns(tb, counts, melds, win_tile)
    if not keys:
        return None
    if tb.tian_di_patterns:
        keys += [k for k in ("tian_hu", "di_hu") if k in flags]
    return pick(tb, keys)


# ---------------------------------------------------------------------------- waits (叫嘴)

def waits(tb: Table, counts: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    """Tiles completing the hand (any shape of the variant); a tile the player holds all four of is no wait."""
    n = sum(counts)
    if n % 3 != 1:
        return []
    out = set(analysis.waits(counts))
    if not melds and n == 13:
        out.update(analysis.waits_seven_pairs(counts))
    if "di_long" in tb.patterns and len(melds) == 1 and melds[0].kind == MeldKind.PUNG and n == 10 \
            and all(c % 2 == 0 for c in counts):
        out.add(melds[0].face)
    held = held_counts(counts, melds)
    return sorted(t for t in out if held[t] < 4)


def is_ready(tb: Table, counts: Sequence[int], melds: Sequence[Meld]) -> bool:
    return bool(waits(tb, counts, melds))


def best_wait(tb: Table, counts: Sequence[int], melds: Sequence[Meld]) -> tuple[str, int, int] | None:
    """查叫: the largest pattern over the waits, judged as a discard win without events: (key, value, tile)."""
    best = None
    for t in waits(tb, counts, melds):
        c = list(counts)
        c[t] += 1
        k = best_pattern(tb, c, melds, t)
        if k is None:
            continue
        cand = (tb.patterns[k], -PREFERENCE.index(k), k, t)
        if best is None or cand > best:
            best = cand
    return None if best is None else (best[2], best[0], best[3])


# ---------------------------------------------------------------------------- events

def events_of(tb: Table, how: WinBy, flags: Collection[str]) -> list[str]:
    out = []
    for k in EVENT_ORDER:
        if k not in tb.events:
            continue
        if k in ("tian_hu", "di_hu"):
            hit = k in flags
        elif k == "bao_ting":
            hit = "declared_ready" in flags
        elif k == "sha_bao":
            hit = "discarder_declared" in flags and how in (WinBy.DISCARD, WinBy.SELF_DRAW)
        elif k == "re_pao":
            hit = "hot" in flags and how == WinBy.DISCARD
        elif k == "qiang_gang":
            hit = how == WinBy.ROB_KONG
        else:  # gang_kai
            hit = "after_kong" in flags and how == WinBy.SELF_DRAW
        if hit:
            out.append(k)
    return out


def has_pass(melds: Sequence[Meld], how: WinBy, flags: Collection[str]) -> bool:
    """通行证: needed only for 平胡 on a discard."""
    if how != WinBy.DISCARD:
        return True
    if any(m.kind in KONG_KINDS for m in melds):
        return True
    return bool({"hot", "discarder_declared", "declared_ready", "di_hu"} & set(flags))


# ---------------------------------------------------------------------------- payments of the hand

def hand_lines(tb: Table, options: Options, n: int, dealer: int, streak: int, winner: int, how: WinBy,
               source: int | None, pattern: tuple[str, Msg, int], events: list[str],
               declared: Collection[int] | None) -> list[Line]:
    """What each payer pays the winner for the hand: pattern, events and 连庄, as labelled lines.

    ``pattern`` is (key, name, value as counted); ``declared`` the seats that declared
    ready (None when unknown: then nobody is charged a self-draw's zhuoji 杀报).
    """
    base = int(options.get("base", 1))
    double = 2 if options.get("zimo_double") else 1
    others = [s for s in range(n) if s != winner]
    suffix: Msg | str = ""
    payers: list[tuple[int, int]]
    if how == WinBy.SELF_DRAW:
        payers = [(p, double) for p in others]
        if double > 1:
            suffix = msg("rules.settle.chicken.self_double")
    elif how == WinBy.ROB_KONG and options.get("rob_pays_all"):
        assert source is not None
        payers = [(source, (n - 1) * double)]
        if n > 2:
            rob_key = "rules.settle.chicken.rob_all_double" if double > 1 else "rules.settle.chicken.rob_all"
            suffix = msg(rob_key, k=n - 1)
        elif double > 1:
            suffix = msg("rules.settle.chicken.self_double")
    else:
        assert source is not None
        payers = [(source, 1)]
    key, name, value = pattern
    lines: list[Line] = []
    for p, mult in payers:
        unit = value * mult
        lines.append(Line("hand", key, msg("rules.settle.chicken.hand", pattern=name, value=value, suffix=suffix), p,
                          winner, value * mult * base))
        for e in events:
            if e == "sha_bao" and tb.sha_bao_declared_only and how == WinBy.SELF_DRAW and p not in (declared or ()):
                continue
            ev = tb.events[e]
            unit += ev * mult
            lines.append(Line("events", e, msg("rules.settle.chicken.hand", pattern=event_name(tb, e), value=ev,
                                                suffix=suffix), p, winner, ev * mult * base))
        if tb.lian_zhuang and streak and dealer in (p, winner) and unit:
            text = msg("rules.settle.chicken.streak", streak=streak, unit=unit)
            lines.append(Line("lian_zhuang", "lian_zhuang", text, p, winner, unit * streak * base))
    return lines


def pattern_name(tb: Table, key: str) -> Msg:
    return msg(f"rules.pattern.{tb.id}.{key}")


def event_name(tb: Table, key: str) -> Msg:
    return msg(f"rules.event.{tb.id}.{key}")


def pattern_for(tb: Table, key: str, events: list[str]) -> tuple[str, Msg, int]:
    """(key, name, value counted): guiyang's +10 events cancel 平胡's own 1."""
    v = tb.patterns[key]
    if key == "ping_hu" and any(e in tb.drop_ping_hu for e in events):
        v = 0
    return key, pattern_name(tb, key), v


# ---------------------------------------------------------------------------- score one situation

def score(tb: Table, sit: Situation) -> Score:
    flags = set(sit.flags)
    if any(m.kind == MeldKind.CHOW for m in sit.melds):
        return refused(Refusal.NO_CHOW)
    if "tian_hu" in flags:
        if sit.seat != sit.dealer or sit.how != WinBy.SELF_DRAW:
            return refused(Refusal.TIAN_HU_DEALER)
        if any(m.kind != MeldKind.CONCEALED_KONG or not tb.kongs_before_tian_di for m in sit.melds):
            return refused(Refusal.TIAN_HU_NO_MELDS if not tb.kongs_before_tian_di
                           else Refusal.TIAN_HU_CONCEALED_KONGS_ONLY)
    if "di_hu" in flags:
        if sit.seat == sit.dealer:
            return refused(Refusal.DI_HU_NON_DEALER)
        if any(m.kind != MeldKind.CONCEALED_KONG or not tb.kongs_before_tian_di for m in sit.melds):
            return refused(Refusal.DI_HU_NO_MELDS if not tb.kongs_before_tian_di
                           else Refusal.DI_HU_CONCEALED_KONGS_ONLY)
    key = best_pattern(tb, sit.counts, sit.melds, sit.win_tile, flags)
    if key is None:
        return refused(Refusal.NOT_A_WIN)
    evs = events_of(tb, sit.how, flags)
    if key == "ping_hu" and not has_pass(sit.melds, sit.how, flags):
        return refused(Refusal.NEEDS_PASS)
    pat = pattern_for(tb, key, evs)
    pats = [Pattern(key, pat[2], pat[1])]
    for e in evs:
        pats.append(Pattern(e, tb.events[e], event_name(tb, e)))
    total = pat[2] + sum(tb.events[e] for e in evs)
    declared = sit.extra.get("declared_seats")
    lines = hand_lines(tb, sit.options, sit.n, sit.dealer, sit.dealer_streak, sit.seat, sit.how, sit.source,
                       pat, evs, declared)
    payments: dict[int, int] = {}
    for ln in lines:
        if ln.payer is not None:
            payments[ln.payer] = payments.get(ln.payer, 0) + ln.points
    info = {"pattern": key, "events": evs, "flags": sorted(flags), "declared": declared}
    return Score(True, pats, total, payments, info=info)
