"""Wenshan scoring: base, added and multiplier patterns, the best reading, payments."""

from __future__ import annotations

from ..codes import Refusal
from ..kinds import WinBy
from ..situation import Pattern, Score, Situation, pattern, refused
from . import wenshan_shapes as shapes

BASE = {  # key: × (names: pattern.wenshan.<key> in the catalogs)
    "ping_hu": 1,
    "lan": 1,
    "yao": 1,
    "qi_xing": 2,
    "qi_dui": 2,
    "long_qi_dui": 4,
    "shuang_long": 8,
    "san_long": 16,
}
ADDED = {
    "qing_yi_se": 4,
    "gang_shang_hua": 4,
    "hai_di": 4,
    "di_hu": 8,
    "tian_hu": 12,
}
MULT = {
    "zi_mo": 2,
    "ying_gong": 2,
}
# Added pattern -> base patterns it reduces to 0.
CANCELS = {
    "qing_yi_se": {"ping_hu", "lan", "qi_xing"},
    "gang_shang_hua": set(BASE),
    "hai_di": {"ping_hu", "lan", "yao"},
    "di_hu": {"ping_hu", "lan", "yao"},
    "tian_hu": {"ping_hu", "lan", "yao"},
}
_SEVEN = ("qi_dui", "long_qi_dui", "shuang_long", "san_long")


def _pat(table: dict[str, int], key: str) -> Pattern:
    return pattern("wenshan", key, table[key])


def situation_added(sit: Situation) -> list[str]:
    f = sit.flags
    out = []
    if "after_kong" in f and sit.how == WinBy.SELF_DRAW:
        out.append("gang_shang_hua")
    if "last_tile" in f and sit.how == WinBy.SELF_DRAW:
        out.append("hai_di")
    if "di_hu" in f:
        out.append("di_hu")
    if "tian_hu" in f:
        out.append("tian_hu")
    return out


def bases_of(counts: list[int], jokers: int, concealed: bool, soft: bool) -> list[str]:
    """Base patterns this reading forms."""
    out = []
    if shapes.standard(counts, jokers):
        out.append("ping_hu")
    if concealed:
        q = shapes.seven_pairs_quads(counts, jokers)
        if q >= 0:
            out.append(_SEVEN[q])
        if shapes.lan(counts, jokers, soft):
            out.append("qi_xing" if shapes.lan(counts, jokers, soft, True) else "lan")
        if sum(counts) + jokers == 14 and shapes.yao(counts):
            out.append("yao")
    return out


def score(sit: Situation) -> Score:
    """Score a wenshan win: the reading with the largest total T is taken."""
    wild = sit.wildcard
    if wild is None:
        return refused(Refusal.NEEDS_WILDCARD)
    soft = bool(sit.options.get("soft_lan"))
    concealed = not sit.melds
    melds_natural = all(m.subs == 0 for m in sit.melds)
    meld_suits = {f // 9 if f < 27 else -2 for m in sit.melds for f in m.faces}
    fixed = 1 if sit.how in (WinBy.DISCARD, WinBy.ROB_KONG) and sit.win_tile == wild else 0
    situ = situation_added(sit)
    self_drawn = sit.how in (WinBy.SELF_DRAW, WinBy.ROB_KONG)
    best = None
    for counts, jokers, natural in shapes.readings(sit.counts, wild, fixed):
        bases = bases_of(counts, jokers, concealed, soft)
        if not bases:
            continue
        added = list(situ)
        suits = set(meld_suits)
        suit = shapes.one_suit(counts)
        if suit != -1:
            suits.add(suit)
        if len(suits) == 1 and -2 not in suits:
            added.append("qing_yi_se")
        cancelled = set().union(*(CANCELS[a] for a in added)) if added else set()
        live = [b for b in bases if b not in cancelled]
        base_key = max(live, key=lambda b: BASE[b]) if live else None
        base_v = BASE[base_key] if base_key else 0
        add_v = sum(ADDED[a] for a in added)
        mults = []
        if self_drawn:
            mults.append("zi_mo")
        if natural and melds_natural:
            mults.append("ying_gong")
        m = 1
        for k in mults:
            m *= MULT[k]
        total = (base_v + add_v) * m
        cand = (total, base_v, base_key, added, mults)
        if best is None or cand[:2] > best[:2]:
            best = cand
    if best is None:
        return refused(Refusal.NOT_A_WIN)
    total, _bv, base_key, added, mults = best
    pats = ([_pat(BASE, base_key)] if base_key else []) + [_pat(ADDED, a) for a in
                                                           sorted(added, key=lambda a: list(ADDED).index(a))]
    pats += [_pat(MULT, k) for k in mults]
    base_pts = int(sit.options.get("base", 1))
    pay = total * base_pts
    payments = {}
    for s in range(sit.n):
        if s == sit.seat:
            continue
        if sit.how == WinBy.DISCARD and s == sit.source and sit.options.get("penalty_discard"):
            payments[s] = 2 * pay
        else:
            payments[s] = pay
    return Score(True, pats, total, payments, info={"base_key": base_key})
