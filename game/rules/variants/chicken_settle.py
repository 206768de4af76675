"""The shared settlement of the chicken games, in parts.

Each part - hand, events, 连庄, 查叫, beans, chickens, 包鸡/包豆 - returns labelled ``Line``s
(payer, payee, points, rule key, label as a catalog message). ``settle`` books them as transfers and
turns them into the settlement screen's items: one item per seat, part and label, ``Item.key``
being the part, ``detail`` naming the other seats (←1,2 paid by them, →0 paid to seat 0).
0-point lines (平胡 0, 憨包豆 ×0, burned or void collections) appear as 0-point items.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .. import tiles
from ..kinds import KONG_KINDS, MeldKind, WinBy
from ..options import Options
from ..settlement import Settlement
from ..situation import Pattern, Score
from ..state import HandState, Meld, Win
from ..texts import Msg, msg
from . import chicken_fowl
from . import chicken_patterns as patterns
from .chicken_patterns import Line
from .chicken_tables import Table

PARTS = ("hand", "events", "lian_zhuang", "cha_jiao", "beans", "chickens", "bao")

BEANS = {  # meld kind -> key (names: bean.<key> in the catalogs)
    MeldKind.CONCEALED_KONG: "men_dou",
    MeldKind.ADDED_KONG: "pa_po_dou",
    MeldKind.KONG: "dian_dou",
}
HAN_BAO = "han_bao_dou"


@dataclass
class Ctx:
    """Everything the parts need about an ended hand."""

    st: HandState
    tb: Table
    opts: Options
    n: int
    base: int
    draw: bool
    ready: list[bool]
    winners: list[int] = field(default_factory=list)
    win_tile: dict[int, int] = field(default_factory=dict)  # winner -> tile taken from a discard / kong
    burned_beans: dict[int, str] = field(default_factory=dict)  # seat -> why: hot (热炮) / rob (抢杠)
    burned_chickens: dict[int, str] = field(default_factory=dict)
    zhuo: int | None = None  # 捉鸡牌
    kinds: dict[int, chicken_fowl.Kind] = field(default_factory=dict)
    charge: dict[tuple[int, int], str] = field(default_factory=dict)  # (seat, discard index) -> chong / gen
    held: list[list[tuple[int, str, int | None]]] = field(default_factory=list)
    win_lines: list[Line] | None = None


def context(st: HandState, tb: Table) -> Ctx:
    opts = st.options
    n = st.n
    draw = st.end != "win"
    winners = [] if draw else list(dict.fromkeys(w.seat for w in st.wins))
    win_tile = {w.seat: w.tile for w in st.wins if w.how != WinBy.SELF_DRAW}
    ready = [s in winners or patterns.is_ready(tb, st.seats[s].counts, st.seats[s].melds) for s in range(n)]
    cx = Ctx(st, tb, opts, n, int(opts.get("base", 1)), draw, ready, winners, win_tile)
    if not draw:
        w = st.wins[0]
        if w.how != WinBy.SELF_DRAW:
            assert w.source is not None
        if w.how == WinBy.DISCARD and "hot" in w.flags and w.source is not None:
            cx.burned_beans[w.source] = cx.burned_chickens[w.source] = "hot"
        if w.how == WinBy.ROB_KONG and w.source is not None:
            if opts.get("rob_burns_beans"):
                cx.burned_beans[w.source] = "rob"
            if opts.get("rob_burns_chickens"):
                cx.burned_chickens[w.source] = "rob"
    cx.zhuo = st.extra.get("zhuo")
    cx.kinds = chicken_fowl.kinds(tb, opts, cx.zhuo)
    cx.charge = chicken_fowl.charges(st, opts)
    cx.held = [chicken_fowl.holdings(st, s, win_tile.get(s)) for s in range(n)]
    return cx


# ---------------------------------------------------------------------------- hand, events, 连庄

def win_pattern(cx: Ctx, w: Win) -> tuple[str, Msg, int]:
    """The pattern as settled: the score's, lifted by 满鸡清一色 or 素瓜豆 once the flip is known."""
    tb = cx.tb
    info = w.score.info
    key, evs = info["pattern"], info["events"]
    if cx.opts.get("man_ji_qing") and cx.zhuo is not None:
        flipped = chicken_fowl.next_tile(cx.zhuo)
        mine = [c for c in _counted(cx, w.seat) if c[1] == flipped]
        q = tb.patterns["qing_yi_se"]
        if len(mine) == 4 and tb.patterns[key] < q:
            return "man_ji_qing", patterns.pattern_name(tb, "man_ji_qing"), q
    if tb.su_gua_dou and key == "ping_hu" and w.how == WinBy.SELF_DRAW and "su_gua_dou" in tb.patterns:
        bare = not any(m.kind in KONG_KINDS for m in cx.st.seats[w.seat].melds) and not _counted(cx, w.seat)
        if bare:
            return "su_gua_dou", patterns.pattern_name(tb, "su_gua_dou"), tb.patterns["su_gua_dou"]
    return patterns.pattern_for(tb, key, evs)


def _win_lines(cx: Ctx) -> list[Line]:
    if cx.win_lines is not None:
        return cx.win_lines
    out: list[Line] = []
    st = cx.st
    for w in st.wins:
        pat = win_pattern(cx, w)
        out += patterns.hand_lines(cx.tb, cx.opts, cx.n, st.dealer, st.dealer_streak, w.seat, w.how, w.source, pat,
                            w.score.info["events"], [s for s in range(cx.n) if st.seats[s].declared])
    cx.win_lines = out
    return out


def part_hand(cx: Ctx) -> list[Line]:
    return [ln for ln in _win_lines(cx) if ln.part == "hand"] + _lapsed_lines(cx)


def _lapsed_lines(cx: Ctx) -> list[Line]:
    """一炮多响 off: a 胡 chosen on the tile a nearer seat won lapsed (0 points: the hand counts as not won)."""
    lapsed = cx.st.extra.get("lapsed") or []
    if not lapsed or not cx.st.wins:
        return []
    w = cx.st.wins[0]
    text = msg("rules.settle.chicken.win_lapsed", tile=tiles.name(w.tile), seat=w.seat)
    return [Line("hand", "win_lapsed", text, None, s, 0) for s in lapsed]


def part_events(cx: Ctx) -> list[Line]:
    return [ln for ln in _win_lines(cx) if ln.part == "events"]


def part_lian_zhuang(cx: Ctx) -> list[Line]:
    return [ln for ln in _win_lines(cx) if ln.part == "lian_zhuang"]


# ---------------------------------------------------------------------------- beans

def part_beans(cx: Ctx) -> list[Line]:
    """Beans of ready players from the others; 包豆 (zhuoji) of not-ready players is in part_bao."""
    out: list[Line] = []
    v = cx.tb.bean
    for owner, s in enumerate(cx.st.seats):
        for m in s.melds:
            if not m.is_kong:
                continue
            tile = tiles.name(m.face)
            if m.late:
                bean = msg(f"rules.bean.{HAN_BAO}")
                out.append(Line("beans", HAN_BAO, msg("rules.settle.chicken.bean", bean=bean, tile=tile, value=0), None,
                                owner, 0))
                continue
            key = BEANS[m.kind]
            bean = msg(f"rules.bean.{key}")
            if not cx.ready[owner]:
                if not cx.tb.bao_dou:
                    out.append(Line("beans", key, msg("rules.settle.chicken.bean_void", bean=bean, tile=tile), None,
                                    owner, 0))
                continue
            if owner in cx.burned_beans:
                why = cx.burned_beans[owner]
                text = msg(f"rules.settle.chicken.bean_burned.{why}", bean=bean, tile=tile)
                out.append(Line("beans", key, text, None, owner, 0))
                continue
            for p in _bean_payers(cx, owner, m):
                out.append(Line("beans", key, msg("rules.settle.chicken.bean", bean=bean, tile=tile, value=v), p, owner,
                                v * cx.base))
    return out


def _bean_payers(cx: Ctx, owner: int, m: Meld) -> list[int]:
    if m.kind == MeldKind.KONG:
        return [m.from_seat] if m.from_seat is not None and m.from_seat != owner else []
    return [p for p in range(cx.n) if p != owner]


# ---------------------------------------------------------------------------- chickens

def _flipped_in_discards(cx: Ctx, seat: int) -> bool:
    return bool(cx.opts.get("man_tang")) or seat in cx.winners


def _counted(cx: Ctx, seat: int) -> list[tuple[str, int, Msg, int]]:
    return chicken_fowl.counted(cx.tb, cx.kinds, cx.held[seat], seat, _flipped_in_discards(cx, seat), cx.charge)


def part_chickens(cx: Ctx) -> list[Line]:
    """Each ready player collects their chickens from every other player; 责任鸡 discarder → claimer."""
    out: list[Line] = []
    for a in range(cx.n):
        if not cx.ready[a]:
            continue
        groups = chicken_fowl.group(_counted(cx, a))
        if not groups:
            continue
        if a in cx.burned_chickens:
            why = cx.burned_chickens[a]
            out.append(Line("chickens", "shao_ji", msg(f"rules.settle.chicken.burned.{why}"), None, a, 0))
            continue
        for key, t, name, unit, count in groups:
            label = _chicken_label(name, t, unit, count)
            for b in range(cx.n):
                if b != a:
                    out.append(Line("chickens", key, label, b, a, unit * count * cx.base))
    for t, d, c, value, name in chicken_fowl.responsibilities(cx.tb, cx.kinds, cx.st, cx.opts):
        label = _chicken_label(name, t, value, 1)
        if cx.ready[c]:
            if c in cx.burned_chickens:
                text = msg(f"rules.settle.chicken.fowl_burned.{cx.burned_chickens[c]}", line=label)
                out.append(Line("chickens", "ze_ren_ji", text, None, c, 0))
            else:
                out.append(Line("chickens", "ze_ren_ji", label, d, c, value * cx.base))
        elif cx.ready[d] and d not in cx.burned_chickens:
            text = msg("rules.settle.chicken.owed", what=label)
            out.append(Line("bao", "bao_ze_ren_ji", text, c, d, value * cx.base))
    return out


def part_bao(cx: Ctx) -> list[Line]:
    """包鸡 (exposed chickens of each not-ready player, to each ready one) and 包豆 (zhuoji)."""
    out: list[Line] = []
    for b in range(cx.n):
        if cx.ready[b]:
            continue
        takers = [a for a in range(cx.n) if cx.ready[a] and a != b]
        for key, t, name, unit, count in chicken_fowl.group(
                chicken_fowl.exposed(cx.tb, cx.kinds, cx.held[b], b, cx.charge)):
            label = _chicken_label(name, t, unit, count)
            if key == "bao_ji" and not cx.opts.get("bao_ji", True):
                # 包鸡 off (guiyang option): exposed chickens are not owed; the 冲锋鸡 still is (包冲锋)
                if takers:
                    out.append(Line("bao", "bao_ji", msg("rules.settle.chicken.not_owed", line=label), None, b, 0))
                continue
            for a in takers:
                if a not in cx.burned_chickens:
                    out.append(Line("bao", "bao_ji" if key == "bao_ji" else "bao_chong_feng_ji", label,
                                    b, a, unit * count * cx.base))
        if not cx.tb.bao_dou:
            continue
        v = cx.tb.bean
        for m in cx.st.seats[b].melds:
            if not m.is_kong or m.late:
                continue
            bean = msg(f"rules.bean.{BEANS[m.kind]}")
            tile = tiles.name(m.face)
            for a in _bean_payers(cx, b, m):
                if cx.ready[a] and a not in cx.burned_beans:
                    text = msg("rules.settle.chicken.bao_dou", bean=bean, tile=tile, value=v)
                    out.append(Line("bao", "bao_dou", text, b, a, v * cx.base))
    return out


def _chicken_label(name: Msg, t: int, unit: int, count: int) -> Msg:
    if count > 1:
        return msg("rules.settle.chicken.fowls", fowl=name, tile=tiles.name(t), count=count, unit=unit)
    return msg("rules.settle.chicken.fowl", fowl=name, tile=tiles.name(t), unit=unit)


# ---------------------------------------------------------------------------- 查叫

def part_cha_jiao(cx: Ctx) -> list[Line]:
    """Drawn hand: each not-ready player pays each ready one its best possible pattern."""
    if all(cx.ready) or not any(cx.ready):
        return []
    out: list[Line] = []
    for a in range(cx.n):
        if not cx.ready[a]:
            continue
        s = cx.st.seats[a]
        best = patterns.best_wait(cx.tb, s.counts, s.melds)
        if best is None:
            continue
        key, value, _tile = best
        text = msg("rules.settle.chicken.cha_jiao", pattern=patterns.pattern_name(cx.tb, key), value=value)
        for b in range(cx.n):
            if not cx.ready[b]:
                out.append(Line("cha_jiao", "cha_jiao", text, b, a, value * cx.base))
    return out


# ---------------------------------------------------------------------------- the whole settlement

def lines(cx: Ctx) -> list[Line]:
    if not cx.draw:
        return part_hand(cx) + part_events(cx) + part_lian_zhuang(cx) + part_beans(cx) + part_chickens(cx) \
            + part_bao(cx)
    out = part_cha_jiao(cx)
    if cx.tb.draw_settles_fowl:
        fowl = part_beans(cx) + part_chickens(cx) + part_bao(cx)
        # ready players settle nothing among themselves; only not-ready → ready transfers remain
        out += [ln for ln in fowl if ln.payer is None or (not cx.ready[ln.payer] and cx.ready[ln.payee])]
    return out


def settle(st: HandState, tb: Table) -> Settlement:
    cx = context(st, tb)
    se = Settlement(st.n)
    book(se, lines(cx))
    for text in notes(cx):
        se.note(text)
    se.info.update({
        "ready": list(cx.ready),
        "zhuo": tiles.name(cx.zhuo) if cx.zhuo is not None else None,
        "chicken": tiles.name(chicken_fowl.next_tile(cx.zhuo)) if cx.zhuo is not None else None,
        "chickens": sorted(tiles.name(t) for t in cx.kinds),
        "burned": sorted(set(cx.burned_beans) | set(cx.burned_chickens)),
    })
    _settled_scores(cx)
    return se


def _settled_scores(cx: Ctx) -> None:
    """Show a win's pattern as settled (满鸡清一色, 素瓜豆 are only known once the flip is)."""
    for w in cx.st.wins:
        sc = w.score
        pat = win_pattern(cx, w)
        if pat[0] == sc.patterns[0].key:
            continue
        key, name, v = pat
        pats = [Pattern(key, v, name)] + list(sc.patterns[1:])
        pay: dict[int, int] = {}
        for ln in _win_lines(cx):
            if ln.payee == w.seat and ln.payer is not None:
                pay[ln.payer] = pay.get(ln.payer, 0) + ln.points
        w.score = Score(True, pats, v + sum(p.value for p in sc.patterns[1:]), pay, sc.refusal,
                        {**sc.info, "settled": key})


def book(se: Settlement, lns: list[Line]) -> None:
    """Transfers for the lines, and one item per (seat, part, label, direction) in part order."""
    acc: dict[tuple[int, str, Msg, int], list[Any]] = {}
    order: list[tuple[int, str, Msg, int]] = []
    for ln in lns:
        if ln.payer is None or ln.points == 0:
            k = (ln.payee, ln.part, ln.text, 0)
            if k not in acc:
                acc[k] = [0, []]
                order.append(k)
            continue
        se.pay(ln.payer, ln.payee, ln.points, ln.key, ln.text)
        for seat, sign, other in ((ln.payee, 1, ln.payer), (ln.payer, -1, ln.payee)):
            k = (seat, ln.part, ln.text, sign)
            if k not in acc:
                acc[k] = [0, []]
                order.append(k)
            acc[k][0] += sign * ln.points
            if other not in acc[k][1]:
                acc[k][1].append(other)
    pos = {k: i for i, k in enumerate(order)}
    for k in sorted(order, key=lambda k: (k[0], PARTS.index(k[1]), pos[k])):
        seat, part, label, sign = k
        pts, others = acc[k]
        detail = ""
        if others:
            detail = ("←" if sign > 0 else "→") + ",".join(map(str, sorted(others)))
        se.item(seat, part, label, pts, detail)


def notes(cx: Ctx) -> list[Msg]:
    """Table-wide lines: the flip, who is ready, who was burned."""
    out = []
    if cx.draw:
        out.append(msg("rules.settle.chicken.drawn"))
    elif cx.zhuo is not None:
        f = chicken_fowl.next_tile(cx.zhuo)
        k = cx.kinds.get(f)
        fowl = msg(f"rules.fowl.flip.{k.key}" if k else "rules.fowl.flip.none")
        out.append(msg("rules.settle.chicken.flip", zhuo=tiles.name(cx.zhuo), fowl=fowl, chicken=tiles.name(f)))
    else:
        out.append(msg("rules.settle.chicken.no_flip"))
    ready = tuple(msg("rules.settle.seat", seat=s) for s in range(cx.n) if cx.ready[s])
    out.append(msg("rules.settle.chicken.ready", seats=ready) if ready else msg("rules.settle.chicken.ready_none"))
    for seat, why in sorted(cx.burned_chickens.items()):
        out.append(msg("rules.settle.chicken.seat_chickens_burned", why=msg(f"rules.burn.{why}"), seat=seat))
    for seat, why in sorted(cx.burned_beans.items()):
        out.append(msg("rules.settle.chicken.seat_beans_burned", why=msg(f"rules.burn.{why}"), seat=seat))
    return out
