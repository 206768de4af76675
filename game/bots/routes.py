"""Route builders shared by the variant strategies: closures computing shanten and acceptance of one shape."""

from __future__ import annotations

from . import shape as S
from .ev import Route

_P = S._P
WHITE = S.WHITE


def std(live, jk, wf, nm_ok=True):
    def sh(c, k, j):
        return S.std(k, j, wf)

    def acc(c, k, j, s):
        return S.std_accepts(c, k, j, s, live, jk, wf)

    return sh, acc


def natural(live, jk):
    """The standard shape with every wildcard as its own face and every 白 as 白 (硬功)."""
    g, r = (jk // 9, _P[jk % 9]) if jk is not None else (0, 0)

    def sh(c, k, j):
        if j:
            kk = list(k)
            kk[g] += j * r
            return S.std(kk, 0, None)
        return S.std(k, 0, None)

    def acc(c, k, j, s):
        if jk is None:
            return S.std_accepts(c, k, 0, s, live, None, None)
        c2 = list(c)
        c2[jk] += j
        kk = list(k)
        kk[g] += j * r
        return S.std_accepts(c2, kk, 0, s, live, None, None)

    return sh, acc


def pairs(live, jk, wf):
    def sh(c, k, j):
        return S.pairs(c, j, wf)

    def acc(c, k, j, s):
        return S.pairs_accepts(c, j, s, live, jk, wf)

    return sh, acc


def pairs_natural(live, jk):
    def sh(c, k, j):
        if j:
            c2 = list(c)
            c2[jk] += j
            return S.pairs(c2, 0, None)
        return S.pairs(c, 0, None)

    def acc(c, k, j, s):
        c2 = list(c)
        if jk is not None:
            c2[jk] += j
        return S.pairs_accepts(c2, 0, s, live, None, None)

    return sh, acc


def pungs(live, jk):
    def sh(c, k, j):
        return S.pungs(c, j)

    def acc(c, k, j, s):
        return S.generic_accepts(S.pungs, c, j, s, live, jk)

    return sh, acc


def flush(live, jk, g, free=()):
    """Standard shape in suit ``g`` (``free`` kinds may stay); off-suit tiles each cost a draw."""
    lo, hi = 9 * g, 9 * g + 9

    def sh(c, k, j):
        return S.flush(c, j, g, free)[0]

    def acc(c, k, j, s):
        total = 0
        kinds = []
        if jk is not None and live[jk] and s >= 0:
            total += live[jk]
            kinds.append(jk)
        for u in list(range(lo, hi)) + list(free):
            if live[u] and c[u] < 4 and u != jk:
                c[u] += 1
                s2 = S.flush(c, j, g, free)[0]
                c[u] -= 1
                if s2 < s:
                    total += live[u]
                    kinds.append(u)
        return total, kinds

    return sh, acc


def flush_pairs(live, jk, g, free=()):
    """Seven pairs in suit ``g``: pairs outside the suit do not count."""
    lo, hi = 9 * g, 9 * g + 9

    def sh(c, k, j):
        n = j
        pr = single = 0
        for t, x in enumerate(c):
            if x:
                n += x
                if lo <= t < hi or t in free:
                    pr += x >> 1
                    single += x & 1
        if n < 13:
            return S.NONE
        need = 7 - pr
        used = min(j, single, need)
        need -= used
        jr = j - used
        need -= min(need, jr // 2)
        direct = min(need, single - used)
        return direct + 2 * (need - direct) - 1

    def acc(c, k, j, s):
        if s < 0:
            return 0, []
        total = 0
        kinds = []
        if jk is not None and live[jk]:
            total += live[jk]
            kinds.append(jk)
        for u in list(range(lo, hi)) + list(free):
            if live[u] and c[u] & 1 and u != jk:
                total += live[u]
                kinds.append(u)
        return total, kinds

    return sh, acc


def generic(fn, live, jk):
    def sh(c, k, j):
        return fn(c, j)

    def acc(c, k, j, s):
        return S.generic_accepts(fn, c, j, s, live, jk)

    return sh, acc


def route(key, pair, v_self, v_ron, **kw) -> Route:
    return Route(key, pair[0], pair[1], v_self, v_ron, **kw)


def main_suit(c, melds_faces) -> tuple[int, int]:
    """(suit with the most tiles in hand and melds, tiles of other suits or honors in hand); -1 if melds mix."""
    suits = set()
    for faces in melds_faces:
        for f in faces:
            suits.add(f // 9 if f < 27 else 3)
    cnt = [sum(c[0:9]), sum(c[9:18]), sum(c[18:27])]
    if suits:
        if len(suits) > 1 or 3 in suits:
            return -1, 99
        g = next(iter(suits))
    else:
        g = max(range(3), key=lambda x: cnt[x])
    return g, sum(c) - cnt[g]
