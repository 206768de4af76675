"""What per-decision search with the real bots adds to the 高手 (or the 熟手): a study, not a bot.

    python build/pimc.py --variant wenshan --hands 100 [--seed c26] [--samples 24] [--top 3] [--z 2]
                         [--held 400] [--base strong|normal] [--log FILE] [--jobs 2]

One seat is played three ways on the same development walls (``pimc:SEED:VARIANT:i``) against three
熟手: by a 熟手, by the 高手, and by a searching 高手. At each of its decisions with a real choice
(a win is always taken, and a rob window is not searched), the searching seat takes as candidates the
高手's action, the 熟手's, and the next discards by the 高手's own ranking (chicken games) or the
熟手's shanten and acceptance order (``--top`` in all), plus every kong and every claim on a discard.
It plays each out to the end of the hand ``--samples`` times with the real bots, the seat itself
continuing as the plain 高手. Each sample first re-deals what the seat cannot see (the live wall but
its face-up tiles, the other players' concealed tiles), so the search knows no more than the seat's
view; all candidates share the samples. It leaves the 高手's action only for one that beats it by
more than ``--z`` standard errors of the paired difference.

This is perfect-information Monte Carlo with the real continuation policy: one step of policy
improvement on the 高手, at about a second a decision (20 times the decision budget). It is not a
ceiling: with 24 samples a paired difference has a standard error of a few points, so the search only
finds decisions that differ by several points. Searching on the 熟手 (``--base normal``) recovered
about a third of the edge the 高手 is known to have over it (guiyang +0.36 ±0.62 against +1.1), because
that edge is made of many choices worth a fraction of a point each. Read what it adds as a lower bound.

``--base normal`` searches on the 熟手 instead: its own action comes first, the 高手's is the second
candidate, the next discards follow the 熟手's order, and the rollouts continue the seat as a 熟手. Set
beside the 高手's edge over the 熟手 (an improvement known to exist), it shows how much of such an edge
the search can resolve.

The re-deal is uniform unless ``--held N``: then each opponent's hand is drawn with every hidden tile
weighted by how often four 熟手 really held such a tile (``calibrate``, over N hands): by its class
(幺鸡, 乌骨鸡, honors, terminals, the rest), whether that opponent has thrown a copy, how many copies
the seat cannot see, and how far into the hand the opponent is. A kind an opponent has thrown is held
at a fraction of the uniform rate, so the search no longer feeds it tiles it has shown it does not
keep.
"""

from __future__ import annotations

import argparse
import copy
import multiprocessing as mp
import os
import random
import sys
import time
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from diverge import _finish
from duel import _mean_ci

from game.bots import make_bot
from game.bots.ctx import Ctx
from game.bots.levels import make_expert
from game.bots.normal import scan
from game.bots.runner import decisions
from game.bots.variants import strategy_for
from game.progress import shown, track
from game.rules import engine
from game.rules.match import Match
from game.rules.tiles import fmt
from game.rules.variants import get
from game.rules.view import view


def _cls(t: int) -> int:
    """The tile classes the held model tells apart: 幺鸡 1s, 乌骨鸡 8p, 红中 and other honors, terminals,
    the rest."""
    return {18: 0, 16: 1}.get(t, 2 if t >= 27 else 3 if t % 9 in (0, 8) else 4)


def _features(st, seat: int, o: int, pool_counts: list[int]) -> list[tuple]:
    """Per tile kind, what ``seat`` can see that bears on whether ``o`` holds it: its class, whether ``o``
    has discarded a copy, how many copies ``seat`` cannot see, and how far ``o`` is into the hand."""
    thrown = {d.tile for d in st.seats[o].discards}
    n = len(st.seats[o].discards)
    phase = 0 if n < 4 else 1 if n < 9 else 2
    return [(_cls(t), t in thrown, min(pool_counts[t], 4), phase) for t in range(len(pool_counts))]


def _pool(st, seat: int) -> tuple[list[int], int, list[int]]:
    """(the hidden tiles seen from ``seat``: the live wall but its face-up tail and the others' concealed
    hands, the end of the re-dealt part of the wall, those tiles' count per kind)."""
    end = st.back - len(st.extra.get("tail", ()))  # 玉溪's face-up tail tiles stay where everyone saw them
    pool = list(st.wall[st.front:end])
    for o, se in enumerate(st.seats):
        if o != seat:
            for t in range(len(se.counts)):
                pool.extend([t] * se.counts[t])
    counts = [0] * len(st.seats[seat].counts)
    for t in pool:
        counts[t] += 1
    return pool, end, counts


def calibrate(vid: str, hands: int, seed: str = "held") -> dict:
    """The held model: for each feature cell, how many copies the opponents really held against how many a
    uniform deal would put in their hands, from ``hands`` hands of four 熟手 (every decision, every
    observer). A cell's weight is that ratio, shrunk towards 1 by 20 expected copies."""
    v = get(vid)
    opts = v.resolve_options({})
    n = v.players(opts)
    seen: dict[tuple, float] = {}
    want: dict[tuple, float] = {}
    for h in range(hands):
        st, _ = Match(v, opts, f"{seed}:{vid}:{h}", 1).start_hand()
        bots = [make_bot("normal", seed=f"{seed}:{h}:{s}") for s in range(n)]
        for _decision in decisions(st, bots):  # each state before its action is applied
            for me in range(n):
                pool, _end, pc = _pool(st, me)
                total = len(pool)
                for o in range(n):
                    if o == me or not total:
                        continue
                    share = sum(st.seats[o].counts) / total
                    for t, f in enumerate(_features(st, me, o, pc)):
                        if pc[t]:
                            seen[f] = seen.get(f, 0.0) + st.seats[o].counts[t]
                            want[f] = want.get(f, 0.0) + pc[t] * share
    return {f: (seen[f] + 20.0) / (want[f] + 20.0) for f in want}


def redeal(st, seat: int, rng: random.Random, held: dict | None = None):
    """A copy of ``st`` whose hidden tiles (the live wall but its face-up tiles, the other seats' concealed
    hands) are re-dealt at random: the same multiset, the same hand sizes. With ``held`` (from
    ``calibrate``) each opponent's hand is drawn with each tile weighted by its cell's ratio, so it holds
    what such players really keep; without, uniformly."""
    s2 = st.copy()
    pool, end, pc = _pool(s2, seat)
    rng.shuffle(pool)
    hands: dict[int, list[int]] = {}
    if held is None:
        i = 0
        for o, se in enumerate(s2.seats):
            if o != seat:
                hands[o] = pool[i:i + sum(se.counts)]
                i += len(hands[o])
        rest = pool[i:]
    else:
        rest = pool
        for o, se in enumerate(s2.seats):
            if o == seat:
                continue
            w = [held.get(f, 1.0) for f in _features(s2, seat, o, pc)]
            # weighted sampling without replacement (Efraimidis-Spirakis): the largest u ** (1 / w)
            keyed = sorted(((rng.random() ** (1.0 / w[t]), k) for k, t in enumerate(rest)), reverse=True)
            take = {k for _key, k in keyed[:sum(se.counts)]}
            hands[o] = [rest[k] for k in sorted(take)]
            rest = [t for k, t in enumerate(rest) if k not in take]
    for o, tiles in hands.items():
        se = s2.seats[o]
        for t in range(len(se.counts)):
            while se.counts[t]:
                se.remove(t)
        for t in tiles:
            se.add(t)
        if se.drawn is not None and o == s2.turn:
            se.drawn = tiles[-1]
    s2.wall[s2.front:end] = rest
    if s2.window is not None:
        # the window's claim options were worked out from the old hands: ask everyone again (the seats
        # prompted before this one may now claim first)
        s2.window = None
        s2.extra.pop("_window_scores", None)
        engine._open_discard_window(s2, [])
    return s2


def candidates(vw, strong_a, normal_a, bot, top: int) -> list:
    legal = vw["legal"]
    if len(legal) < 2:
        return []
    kinds = {a.kind for a in legal}
    out = [strong_a]
    if normal_a not in out:
        out.append(normal_a)
    if "discard" in kinds:
        mine = getattr(bot, "ranked", None)  # the chicken-game 高手's own order, best first
        if mine:
            ranked = [x[1] for x in mine]
        else:
            ctx = Ctx(vw)
            strat = strategy_for(ctx.variant)
            rows = scan(ctx, strat, strat.normal_routes(ctx), with_accept="all")
            rows.sort(key=lambda r: (r.shanten, -r.accept))
            ranked = [next(a for a in legal if a.kind == "discard" and a.tile == r.tile) for r in rows]
        for a in ranked:
            if len(out) >= top:
                break
            if a not in out:
                out.append(a)
        for a in legal:  # kongs and wins on the seat's own turn
            if a.kind != "discard" and a not in out:
                out.append(a)
    else:
        for a in legal:
            if a not in out:
                out.append(a)
    return out


def searched(st, seat: int, bots, cands, samples: int, rng: random.Random, z: float = 2.0,
             held: dict | None = None):
    """The candidate to play: the first (the 高手's own) unless another beats it on the shared samples by
    more than ``z`` standard errors of the paired difference."""
    per: list[list[float]] = [[] for _ in cands]
    for _ in range(samples):
        base = redeal(st, seat, rng, held)
        bb = copy.deepcopy(bots)
        while base.end is None:
            s = next(x for x in engine.acting_seats(base) if engine.legal_actions(base, x))
            if s == seat:
                break
            engine.apply(base, bb[s].act(view(base, s)))
        legal = engine.legal_actions(base, seat) if base.end is None else []
        common = None
        for i, a in enumerate(cands):
            if a in legal:
                s2 = base.copy()
                engine.apply(s2, a)
                per[i].append(_finish(s2, seat, copy.deepcopy(bb)))
            else:
                if common is None:
                    common = _finish(base.copy(), seat, copy.deepcopy(bb)) if base.end is None \
                        else base.settlement.deltas[seat]
                per[i].append(common)
    best, best_m = 0, 0.0
    for i in range(1, len(cands)):
        d = [x - y for x, y in zip(per[i], per[0])]
        m, h = _mean_ci(d)
        if m - h * z / 1.96 > 0 and m > best_m:
            best, best_m = i, m
    return cands[best], [sum(x) / samples for x in per]


def play(vid, wall_seed, seat, levels, search=None):
    v = get(vid)
    opts = v.resolve_options({})
    n = v.players(opts)
    st, _ = Match(v, opts, wall_seed, 1).start_hand()
    # the 高手 seated as its variant's expert, whose ``ranked`` holds its own order of the discards
    bots: list[Any] = [(make_expert(vid, f"{wall_seed}:{s}") if levels == "strong"
                        else make_bot(levels, seed=f"{wall_seed}:{s}"))
                       if s == seat else make_bot("normal", seed=f"{wall_seed}:{s}") for s in range(n)]
    stats: dict[str, Any] = {"decisions": 0, "searched": 0, "changed": 0}
    if search is None:
        return _finish(st, seat, bots), stats
    samples, top, rng, z, held = search
    shadow = make_bot("strong" if levels == "normal" else "normal", seed=f"{wall_seed}:{seat}")
    while st.end is None:
        for s in engine.acting_seats(st):
            vw = view(st, s)
            if not vw["legal"]:
                continue
            if s == seat:
                bots[s].ranked = None
            a = bots[s].act(vw)
            if s == seat:
                stats["decisions"] += 1
                cands = candidates(vw, a, shadow.act(vw), bots[s], top)
                rob = st.window is not None and st.window.kind != "discard"
                if len(cands) > 1 and not rob and a.kind != "hu":
                    stats["searched"] += 1
                    b, means = searched(st, seat, bots, cands, samples, rng, z, held)
                    if b != a:
                        stats["changed"] += 1
                        left = vw.get("drawable", vw.get("wall", 0))
                        stats.setdefault("log", []).append(
                            f"{wall_seed} seat {seat} left {left}: {fmt(vw['hand'], sort=True)} "
                            f"melds {[m['kind'] for m in vw['seats'][seat]['melds']]} offer "
                            f"{(vw.get('offer') or {}).get('tile')}: {a} -> {b} "
                            f"means {[round(x, 2) for x in means]} of {cands}")
                    a = b
            engine.apply(st, a)
            break
    return st.settlement.deltas[seat], stats


def task(args):
    vid, i, seed, samples, top, z, held, base = args
    wall = f"pimc:{seed}:{vid}:{i}"
    n = get(vid).players(get(vid).resolve_options({}))
    rows = []
    for seat in range(n):
        t0 = time.process_time()
        nrm, _ = play(vid, wall, seat, "normal")
        strong, _ = play(vid, wall, seat, "strong")
        srch, st = play(vid, wall, seat, base, (samples, top, random.Random(f"{wall}:{seat}"), z, held))
        rows.append((nrm, strong, srch, st, time.process_time() - t0))
    return rows


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", default="wenshan")
    p.add_argument("--hands", type=int, default=100)
    p.add_argument("--seed", default="c26")
    p.add_argument("--samples", type=int, default=24)
    p.add_argument("--top", type=int, default=3)
    p.add_argument("--z", type=float, default=2.0, help="standard errors another candidate must win by")
    p.add_argument("--held", type=int, default=0,
                   help="re-deal by a held model fitted on this many hands of four 熟手 (0: uniform)")
    p.add_argument("--base", default="strong", choices=("strong", "normal"),
                   help="the searching seat's own policy and continuation (normal: one step on the 熟手)")
    p.add_argument("--log", default="", help="write each changed decision to this file")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    a = p.parse_args(argv)
    held = calibrate(a.variant, a.held) if a.held else None
    tasks = [(a.variant, i, a.seed, a.samples, a.top, a.z, held, a.base) for i in range(a.hands)]
    rows = []
    with mp.get_context("spawn").Pool(a.jobs) as pool:
        for k, out in enumerate(track(pool.imap_unordered(task, tasks), len(tasks), f"pimc {a.variant}", "wall")):
            rows.extend(out)
            if (k + 1) % 25 == 0 and not shown():  # the bar says as much where there is one
                print(f"  {k + 1} walls", file=sys.stderr, flush=True)
    d_sn = _mean_ci([r[1] - r[0] for r in rows])
    d_xn = _mean_ci([r[2] - r[0] for r in rows])
    d_xs = _mean_ci([r[2] - r[1] for r in rows])
    dec = sum(r[3]["decisions"] for r in rows)
    srch = sum(r[3]["searched"] for r in rows)
    chg = sum(r[3]["changed"] for r in rows)
    cpu = sum(r[4] for r in rows)
    if a.log:
        with open(a.log, "w", encoding="utf-8") as f:
            for r in rows:
                for line in r[3].get("log", []):
                    f.write(line + "\n")
    deal = f"held model from {a.held} hands" if a.held else "uniform re-deal"
    print(f"{a.variant}: {len(rows)} seat-hands, {a.samples} samples, top {a.top}, {deal}, "
          f"searching on the {'熟手' if a.base == 'normal' else '高手'}")
    print(f"  高手 - 熟手          {d_sn[0]:+.3f} ±{d_sn[1]:.3f}")
    print(f"  search - 熟手        {d_xn[0]:+.3f} ±{d_xn[1]:.3f}")
    print(f"  search - 高手        {d_xs[0]:+.3f} ±{d_xs[1]:.3f}")
    print(f"  decisions {dec}, searched {srch}, changed {chg}; CPU {cpu:.0f} s ({cpu / max(1, srch):.2f} s a search)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
