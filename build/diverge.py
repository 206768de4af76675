"""Where the 高手's departures from the 熟手 gain or lose: each differing decision, played out both ways.

    python build/diverge.py --variant guiyang --hands 1000 [--seed d1] [--jobs 2] [--by why,pair]

One 高手 plays each seat in turn against three 熟手 on development walls (``div:SEED:VARIANT:i``). At
every decision where a 熟手 in its place would act differently, the hand is forked: the 熟手's action
is applied instead, and the rest of the hand is played by the same bots (the 高手 keeps its seat) on
the same wall. The difference of the 高手's own points (its choice minus the 熟手's) is one paired
sample of what that departure is worth (summed over a trajectory they are the policy-improvement
estimate of handing those decisions back to the 熟手). Samples are grouped by the 高手's reason
(``bot.why``: ``x:std`` is a discard whose best route is the plain hand), the pair of action kinds,
whether a chicken tile is involved, the wall left, ``sh`` (the plain shanten after the 高手's discard
minus after the 熟手's) and ``mine``/``his`` (the class of each discard); the table prints count, mean
and 95% interval per group, worst total first. ``--show why/sh/left`` lists one group's departures.

``--claims`` compares every pung/pass choice with its other side (``agree``: whether the 熟手 chose the
same), ``--second`` every chicken-game 高手 discard with its own second choice (``fams``: the two plans,
``gap``: how far apart it valued them), ``--wins`` every discard win the 高手 takes with passing it
(``worth``: ``T1`` a 1-point win, ``pwin``: its modelled chance to win the hand anyway, in tenths; wenshan,
issue 41). ``--set`` gives the 高手 settings as ``build/ab.py --b`` does.
"""

from __future__ import annotations

import argparse
import copy
import math
import multiprocessing as mp
import os
import sys
from collections import defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from ab import parse, strong

from game.bots import make_bot, shanten
from game.bots.runner import decisions
from game.progress import track
from game.rules import engine
from game.rules.analysis import keys_of
from game.rules.match import Match
from game.rules.tiles import fmt, name
from game.rules.variants import get

CHICKENS = {18: "1s", 16: "8p"}


def _finish(st, seat: int, bots) -> int:
    for _ in decisions(st, bots):
        pass
    return st.settlement.deltas[seat]


def _shanten_after(hand, t: int) -> int:
    """The plain (sets and a pair) shanten of the concealed hand without one ``t``."""
    c = [0] * 34
    for x in hand:
        c[x] += 1
    c[t] -= 1
    return shanten.std(keys_of(c), 0)


def _cls(t) -> str:
    if t is None:
        return "-"
    return {18: "1s", 16: "8p", 33: "7z"}.get(t, "term" if t % 9 in (0, 8) else "mid")


def _gap(g: float) -> str:
    return "gap<0.5" if g < 0.5 else "gap<2" if g < 2 else "gap>=2"


def _label(a) -> str:
    if a.kind == "discard":
        return "discard"
    return a.kind


def _alternative(vw, a, normal, mode: str, bot):
    """The action to compare with the 高手's ``a``, and in ``second`` mode (the plan of ``a``, the plan of
    the alternative, how far apart the 高手 valued them). ``normal`` is the 熟手's action: the default
    alternative; ``claims`` takes the other side of a pung/pass choice (whether or not the bots agree),
    ``second`` the 高手's own second-ranked discard."""
    if mode == "wins":
        if a.kind != "hu" or vw.get("offer") is None or not any(x.kind == "pass" for x in vw["legal"]):
            return a, None
        return next(x for x in vw["legal"] if x.kind == "pass"), None
    if mode == "claims":
        kinds = {x.kind for x in vw["legal"]}
        if "hu" in kinds or "pass" not in kinds:
            return a, None
        if a.kind == "pass":
            return next((x for x in vw["legal"] if x.kind == "pung"), a), None
        return next(x for x in vw["legal"] if x.kind == "pass"), None
    if mode == "second":
        ranked = getattr(bot, "ranked", None) if a.kind == "discard" else None
        bot.ranked = None
        alts = [x for x in ranked or () if x[1].kind == "discard" and x[1] != a]
        if not alts:
            return a, None
        fam = {x[1]: x[2][6] for x in ranked}
        return alts[0][1], (fam.get(a, "?"), alts[0][2][6], round(ranked[0][0] - alts[0][0], 2))
    return normal, None


def _win_labels(bot, vw, tile) -> tuple[str, str]:
    """``--wins``: the discard win's worth (``T1``: 1 point from each player) and the 高手's modelled chance
    to win the hand anyway (``pw8``: 0.8-0.9), for experts with a hand value (wenshan)."""
    from game.bots import hand_math
    from game.bots.ctx import Ctx

    ctx = Ctx(vw)
    c, j = hand_math.split(ctx.counts, ctx.jk)
    won = bot.win_value(ctx, tile) if hasattr(bot, "win_value") else None
    now = bot.evaluator(ctx).value(c, shanten.keys(c), j)
    return f"T{round((won or 0.0) / (ctx.n - 1))}", f"pw{min(int(now.win * 10), 9)}"


def hand(task):
    vid, wall_seed, settings, mode = task
    v = get(vid)
    opts = v.resolve_options({})
    n = v.players(opts)
    out = []
    for r in range(n):
        st, _ = Match(v, opts, wall_seed, 1).start_hand()
        bots = [strong(vid, f"{wall_seed}:{s}", settings or {}) if s == r
                else make_bot("normal", seed=f"{wall_seed}:{s}") for s in range(n)]
        shadow = make_bot("normal", seed=f"{wall_seed}:{r}")
        forks = []
        for seat, vw, a in decisions(st, bots):
            if seat != r:
                continue
            normal = shadow.act(vw)
            b, fams = _alternative(vw, a, normal, mode, bots[r])
            if b == a:
                continue
            st2 = st.copy()
            bots2 = copy.deepcopy(bots)
            engine.apply(st2, b)
            alt = _finish(st2, r, bots2)
            offered = (vw.get("offer") or {}).get("tile")
            tile = a.tile if a.tile is not None else offered
            btile = b.tile if b.tile is not None else offered
            chick = "chicken" if (tile in CHICKENS or btile in CHICKENS) else "-"
            sh = "-"
            if a.kind == "discard" and b.kind == "discard":
                sh = f"dsh{_shanten_after(vw['hand'], tile) - _shanten_after(vw['hand'], btile):+d}"
            left = vw.get("drawable", vw.get("wall", 0))
            bucket = "early" if left >= 60 else "mid" if left >= 35 else "late"
            worth = pwin = "-"
            if mode == "wins":
                worth, pwin = _win_labels(bots[r], vw, offered)
            forks.append({
                "why": getattr(bots[r], "why", "") if a.kind == "discard" else a.kind,
                "agree": "agree" if normal == a else "differ",
                "fams": f"{fams[0]}>{fams[1]}" if fams else "",
                "gap": _gap(fams[2]) if fams else "",
                "pair": f"{_label(a)}>{_label(b)}",
                "chicken": chick,
                "left": bucket,
                "sh": sh,
                "worth": worth,
                "pwin": pwin,
                "mine": _cls(tile),
                "his": _cls(btile),
                "alt": alt,
                "desc": f"{fmt(vw['hand'], sort=True)} melds {[m['kind'] for m in vw['seats'][r]['melds']]} "
                        f"left {left}: {a} vs {b} ({name(tile) if tile is not None else '-'}/"
                        f"{name(btile) if btile is not None else '-'})",
            })
        mine = st.settlement.deltas[r]
        for f in forks:
            f["diff"] = mine - f.pop("alt")
            out.append(f)
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", default="guiyang")
    p.add_argument("--hands", type=int, default=500)
    p.add_argument("--seed", default="d1")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--set", default="", help="the 高手's settings, as ab.py's --b (e.g. speed_guard=true)")
    p.add_argument("--claims", action="store_true",
                   help="compare every pung/pass choice with its other side instead of with the 熟手")
    p.add_argument("--second", action="store_true",
                   help="compare every 高手 discard with its own second-ranked discard (chicken games)")
    p.add_argument("--wins", action="store_true",
                   help="compare every discard win the 高手 takes with passing it (group by worth, pwin)")
    p.add_argument("--show", default="", help="print the departures of this group (e.g. x:std/dsh+1/mid)")
    p.add_argument("--by", default="why;pair;chicken;left;sh;why,chicken;pair,chicken;why,left;sh,left;sh,chicken")
    a = p.parse_args(argv)
    mode = "claims" if a.claims else "second" if a.second else "wins" if a.wins else ""
    tasks = [(a.variant, f"div:{a.seed}:{a.variant}:{i}", parse(a.set), mode) for i in range(a.hands)]
    rows = []
    with mp.get_context("spawn").Pool(a.jobs) as pool:
        for o in track(pool.imap_unordered(hand, tasks, chunksize=2), len(tasks), f"diverge {a.variant}", "hand"):
            rows.extend(o)
    for r in rows:
        if a.show and "/".join(r[k] for k in ("why", "sh", "left")) == a.show:
            print(f"{r['diff']:+4d} {r['desc']}")
    seat_hands = a.hands * get(a.variant).players(get(a.variant).resolve_options({}))
    print(f"{a.variant}: {len(rows)} departures in {seat_hands} seat-hands; "
          f"total {sum(r['diff'] for r in rows) / seat_hands:+.3f} points a seat-hand")
    for spec in a.by.split(";"):
        keys = spec.split(",")
        g = defaultdict(list)
        for r in rows:
            g[tuple(r[k] for k in keys)].append(r["diff"])
        print(f"\n-- by {spec}: group, n, mean ±95%, per seat-hand")
        for k, xs in sorted(g.items(), key=lambda kv: sum(kv[1])):
            m = sum(xs) / len(xs)
            sd = math.sqrt(sum((x - m) ** 2 for x in xs) / max(1, len(xs) - 1))
            print(f"  {'/'.join(k):32} {len(xs):6} {m:+7.3f} ±{1.96 * sd / math.sqrt(len(xs)):6.3f} "
                  f"{sum(xs) / seat_hands:+.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
