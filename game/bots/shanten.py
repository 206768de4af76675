"""Tool: shanten and tile acceptance of each winning shape (standard, seven pairs, all pungs, one suit, 烂牌, 幺牌)."""

from __future__ import annotations

# A hand is given as ``c`` (34 counts of its non-joker tiles), ``k`` (the four group keys of ``c``),
# ``j`` (jokers held) and ``wf`` (the face a 白 may stand for, or None). Shanten is -1 for a complete
# 14-tile (3k+2) hand and 0 for a ready 3k+1 hand, for every route.
from collections.abc import Callable, Sequence

from ..rules.analysis import POW5, shanten_keys
from ..rules.tiles import WHITE

Counts = list[int]  # 34 tile counts
Keys = list[int]  # the four group keys of counts (``keys``)

NONE = 99  # the route is impossible
_P = POW5
_NEAR: list[tuple[int, ...]] = []
for _t in range(34):
    if _t >= 27:
        _NEAR.append((_t,))
    else:
        _b = _t - _t % 9
        _NEAR.append(tuple(x for x in range(_t - 2, _t + 3) if _b <= x < _b + 9))
NEAR = tuple(_NEAR)
_GROUPS = (0b001001001, 0b010010010, 0b100100100)  # the spaced suit shapes of 烂牌: 147, 258, 369
LAN_BEST = [max(bin(m & g).count("1") for g in _GROUPS) for m in range(512)]  # best 147/258/369 count per mask


def std(k: Sequence[int], j: int, wf: int | None = None) -> int:
    """Sets-and-a-pair shanten; each 白 may instead be read as ``wf``."""
    s = shanten_keys(k[0], k[1], k[2], k[3], j)
    if wf is not None and s >= 0:
        w = k[3] // 625 % 5
        if w:
            g, r = divmod(wf, 9)
            p = _P[r]
            kk = list(k)
            for _ in range(w):
                if kk[g] // p % 5 >= 4:
                    break
                kk[3] -= 625
                kk[g] += p
                s2 = shanten_keys(kk[0], kk[1], kk[2], kk[3], j)
                if s2 < s:
                    s = s2
    return s


def pairs(c: Sequence[int], j: int, wf: int | None = None) -> int:
    """Seven-pairs shanten (a quadruple is two pairs); NONE when too few tiles are concealed."""
    n = j
    pr = 0
    single = 0
    for x in c:
        if x:
            n += x
            pr += x >> 1
            single += x & 1
    if n < 13:
        return NONE
    if wf is not None and c[WHITE] & 1 and c[wf] & 1:
        pr += 1
        single -= 2
    used = j if j < single else single
    pr += used + (j - used) // 2
    return 6 - (pr if pr < 7 else 7)


def pungs(c: Sequence[int], j: int, melds_ok: bool = True) -> int:
    """All-pungs (大对子) shanten from the concealed part; NONE when a meld is a chow."""
    if not melds_ok:
        return NONE
    n = j
    t = p = 0
    for x in c:
        if x:
            n += x
            if x >= 3:
                t += 1
            elif x == 2:
                p += 1
    return pungs_of(n, t, p, j)


def pungs_of(n: int, t: int, p: int, j: int) -> int:
    """All-pungs shanten of ``n`` tiles (jokers included) holding ``t`` triplets and ``p`` pairs."""
    sets = (n - 1) // 3
    if t > sets:
        t = sets
    room = sets + 1 - t
    s = 2 * sets - 2 * t - (p if p < room else room) - j
    return s if s >= -1 else -1


def lan_state(c: Sequence[int]) -> tuple[int, int, list[int]]:
    """(distinct honors, suited tiles usable in 烂牌, the three suits' masks of kinds held)."""
    h = sum(1 for t in range(27, 34) if c[t])
    masks = []
    su = 0
    for g in (0, 9, 18):
        m = 0
        for r in range(9):
            if c[g + r]:
                m |= 1 << r
        masks.append(m)
        su += LAN_BEST[m]
    return h, su, masks


def lan_use(h: int, su: int, j: int, seven: bool) -> int:
    """Tiles of a 烂牌 (七星 with ``seven``) hand that count: ``h`` honors, ``su`` spaced suited, ``j`` jokers."""
    if seven:
        use = h + (su if su < 7 else 7)
    else:
        room = 14 - (h if h > 5 else 5)
        use = h + (su if su < room else room)
    use += j
    return use if use < 14 else 14


def lan(c: Sequence[int], j: int, seven: bool = False) -> int:
    """烂牌 shanten (七星 with ``seven``): 14 distinct tiles, 5-7 honors, suits spaced 147/258/369."""
    n = j + sum(c)
    if n < 13:
        return NONE
    h, su, _masks = lan_state(c)
    return 13 - lan_use(h, su, j, seven)


def yao(c: Sequence[int], j: int) -> int:
    """幺牌 shanten: every tile a terminal or an honor, no shape."""
    n = j
    good = j
    for t, x in enumerate(c):
        if x:
            n += x
            if t >= 27 or t % 9 in (0, 8):
                good += x
    if n < 13:
        return NONE
    return 13 - (good if good < 14 else 14)


def flush(c: Sequence[int], j: int, g: int, free: Sequence[int] = ()) -> tuple[int, int]:
    """(shanten, off-suit tiles) towards one suit ``g`` (``free`` kinds may stay): each off tile is a draw."""
    off = 0
    kk = [0, 0, 0, 0]
    b = 9 * g
    for t, x in enumerate(c):
        if x:
            if b <= t < b + 9:
                kk[g] += x * _P[t - b]
            elif t in free:
                kk[t // 9] += x * _P[t % 9]
            else:
                off += x
    return shanten_keys(kk[0], kk[1], kk[2], kk[3], j + off) + off, off


def flush_pairs(c: Sequence[int], j: int, g: int, free: Sequence[int] = ()) -> int:
    """Seven-pairs shanten in suit ``g`` (``free`` kinds count too): pairs of other kinds do not count."""
    lo, hi = 9 * g, 9 * g + 9
    n = j
    pr = single = 0
    for t, x in enumerate(c):
        if x:
            n += x
            if lo <= t < hi or t in free:
                pr += x >> 1
                single += x & 1
    if n < 13:
        return NONE
    need = 7 - pr
    used = min(j, single, need)
    need -= used
    jr = j - used
    need -= min(need, jr // 2)
    direct = min(need, single - used)
    return direct + 2 * (need - direct) - 1


def take(c: Counts, k: Keys, d: int, j: int = 0, jk: int | None = None) -> int:
    """Take one ``d`` out of counts ``c`` and their group keys ``k`` in place (the wildcard ``jk`` comes
    out of the joker count ``j`` instead). Returns the jokers left; ``put`` undoes it."""
    if d == jk:
        return j - 1
    c[d] -= 1
    k[d // 9] -= _P[d % 9]
    return j


def put(c: Counts, k: Keys, d: int, jk: int | None = None) -> None:
    """Undo ``take(c, k, d, j, jk)``."""
    if d != jk:
        c[d] += 1
        k[d // 9] += _P[d % 9]


def keys(c: Sequence[int]) -> Keys:
    out = [0, 0, 0, 0]
    for t, x in enumerate(c):
        if x:
            out[t // 9] += x * _P[t % 9]
    return out


def near_kinds(c: Sequence[int], j: int, wf: int | None = None) -> list[int]:
    """Kinds whose draw can lower the standard shanten (held, or within two in a suit)."""
    seen = [False] * 34
    for t in range(34):
        if c[t]:
            for u in NEAR[t]:
                seen[u] = True
    if wf is not None:
        if c[WHITE]:
            for u in NEAR[wf]:
                seen[u] = True
        if any(c[u] for u in NEAR[wf]):
            seen[WHITE] = True
    if j and not any(seen):
        return list(range(34))
    return [u for u in range(34) if seen[u]]


_IMPROVE: dict[tuple[int | None, ...], tuple[int, ...]] = {}
IMPROVE_CAP = 1 << 14  # hands kept, about 6 MB; the hits come from the same and the next few decisions


def _improving(c: Sequence[int], k: Sequence[int], j: int, s: int, jk: int | None, wf: int | None
               ) -> tuple[int, ...]:
    """Kinds other than ``jk`` whose draw lowers the standard shanten ``s`` (live or not). They depend
    on the hand alone, so they are kept across decisions; the live counts filter them per call."""
    key = (k[0], k[1], k[2], k[3], j, s, jk, wf)
    got = _IMPROVE.get(key)
    if got is not None:
        return got
    out = []
    k0, k1, k2, k3 = k
    for u in near_kinds(c, j, wf):
        if c[u] >= 4 or u == jk:
            continue
        g = u // 9
        p = _P[u % 9]
        if wf is None:
            if g == 0:
                s2 = shanten_keys(k0 + p, k1, k2, k3, j)
            elif g == 1:
                s2 = shanten_keys(k0, k1 + p, k2, k3, j)
            elif g == 2:
                s2 = shanten_keys(k0, k1, k2 + p, k3, j)
            else:
                s2 = shanten_keys(k0, k1, k2, k3 + p, j)
        else:
            kk = [k0, k1, k2, k3]
            kk[g] += p
            s2 = std(kk, j, wf)
        if s2 < s:
            out.append(u)
    if len(_IMPROVE) >= IMPROVE_CAP:
        _IMPROVE.clear()
    got = _IMPROVE[key] = tuple(out)
    return got


def std_accepts(c: Sequence[int], k: Sequence[int], j: int, s: int, live: Sequence[int], jk: int | None = None,
                wf: int | None = None) -> tuple[int, list[int]]:
    """(live tiles, kinds) of draws lowering the standard shanten ``s`` of a 3k+1 hand."""
    total = 0
    kinds = []
    if jk is not None and live[jk] and s >= 0:
        total += live[jk]
        kinds.append(jk)
    for u in _improving(c, k, j, s, jk, wf):
        lu = live[u]
        if lu:
            total += lu
            kinds.append(u)
    return total, kinds


def pairs_accepts(c: Sequence[int], j: int, s: int, live: Sequence[int], jk: int | None = None,
                  wf: int | None = None) -> tuple[int, list[int]]:
    total = 0
    kinds: list[int] = []
    if s < 0:
        return 0, kinds
    if jk is not None and live[jk]:
        total += live[jk]
        kinds.append(jk)
    for u in range(34):
        if c[u] & 1 and live[u] and u != jk:
            total += live[u]
            kinds.append(u)
    if wf is not None:
        if c[WHITE] & 1 and not c[wf] & 1 and live[wf] and wf not in kinds:
            total += live[wf]
            kinds.append(wf)
        if c[wf] & 1 and not c[WHITE] & 1 and live[WHITE] and WHITE not in kinds:
            total += live[WHITE]
            kinds.append(WHITE)
    return total, kinds


def generic_accepts(fn: Callable[[Counts, int], int], c: Counts, j: int, s: int, live: Sequence[int],
                    jk: int | None = None) -> tuple[int, list[int]]:
    """Acceptance for any route function ``fn(c, j)`` by trying every live kind."""
    total = 0
    kinds: list[int] = []
    if s < 0:
        return 0, kinds
    if jk is not None and live[jk] and fn(c, j + 1) < s:
        total += live[jk]
        kinds.append(jk)
    for u in range(34):
        if live[u] and c[u] < 4 and u != jk:
            c[u] += 1
            s2 = fn(c, j)
            c[u] -= 1
            if s2 < s:
                total += live[u]
                kinds.append(u)
    return total, kinds
