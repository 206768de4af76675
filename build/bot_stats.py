"""Table statistics of bot levels: win and deal-in rates, win values, patterns made, points by reason.

    python build/bot_stats.py --variant guiyang --bots normal,normal,normal,normal --hands 1000 [--seed S]

Plays ``--hands`` hands (in matches of 8, each its own seed ``stats:SEED:VARIANT:i``) with the given
bots per seat and prints, per bot level (its seats pooled): points per hand, win, self-draw and deal-in
rates, the mean points a win brings, how often each winning pattern is made (per seat-hand), the share
of hands ending ready (the chicken games), and the net points per settlement reason. ``--json`` prints
the same as one object. Development seeds only: nothing here is tuned on ``bench bots``'s seeds.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter, defaultdict
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.bots import make_bot
from game.bots.runner import play_match
from game.oscompat import mp_context
from game.progress import track
from game.rules.variants import get

MATCH = 8


def _match(task: tuple) -> dict[str, Any]:
    vid, bots, seed, hands = task
    v = get(vid)
    opts = v.resolve_options({})
    acc: dict[str, Any] = {"seats": [defaultdict(float) for _ in bots], "hands": 0, "draws": 0}
    pat: list[Counter] = [Counter() for _ in bots]
    reasons: list[Counter] = [Counter() for _ in bots]
    gross: list[Counter] = [Counter() for _ in bots]

    def on_hand(st: Any, rec: dict) -> None:
        acc["hands"] += 1
        if st.end == "draw":
            acc["draws"] += 1
        ready = None
        info = st.settlement.info if st.settlement is not None else {}
        if "ready" in info:
            ready = info["ready"]
        for w in st.wins:
            s = acc["seats"][w.seat]
            s["wins"] += 1
            got = sum(t.points for t in st.settlement.transfers if t.payee == w.seat
                      and t.reason not in ("chicken", "bean", "kong"))
            s["win_points"] += sum((w.score.payments or {}).values()) if w.score and w.score.payments else got
            if w.score and w.score.patterns:
                for p in w.score.patterns:
                    pat[w.seat][p.key] += 1
            if w.how == "discard":
                acc["seats"][w.source]["deal_ins"] += 1
            else:
                s["self_draws"] += 1
        for i in range(st.n):
            if ready is not None and ready[i]:
                acc["seats"][i]["ready"] += 1
            acc["seats"][i]["points"] += st.settlement.deltas[i]
        for t in st.settlement.transfers:
            reasons[t.payee][t.reason] += t.points
            reasons[t.payer][t.reason] -= t.points
            gross[t.payee][t.reason] += t.points

    play_match(v, opts, seed, hands, [make_bot(b, seed=f"{seed}:{i}") for i, b in enumerate(bots)], list(bots),
               on_hand=on_hand)
    return {"seats": [dict(s) for s in acc["seats"]], "hands": acc["hands"], "draws": acc["draws"],
            "patterns": [dict(p) for p in pat], "reasons": [dict(r) for r in reasons],
            "gross": [dict(g) for g in gross]}


def run(vid: str, bots: list[str], hands: int, seed: int, jobs: int, quiet: bool = True) -> dict[str, Any]:
    tasks = []
    left = hands
    i = 0
    while left > 0:
        k = min(MATCH, left)
        tasks.append((vid, bots, f"stats:{seed}:{vid}:{i}", k))
        left -= k
        i += 1
    if jobs > 1:
        with mp_context().Pool(jobs) as pool:
            parts = list(track(pool.imap(_match, tasks, chunksize=2), len(tasks), f"bot stats {vid}", "match",
                               quiet))
    else:
        parts = [_match(t) for t in track(tasks, len(tasks), f"bot stats {vid}", "match", quiet)]
    total = sum(p["hands"] for p in parts)
    by: dict[str, Any] = {}
    for part in parts:
        for seat, b in enumerate(bots):
            e = by.setdefault(b, {"seat_hands": 0, "stats": Counter(), "patterns": Counter(), "reasons": Counter(),
                                           "gross": Counter()})
            e["seat_hands"] += part["hands"]
            e["stats"].update(part["seats"][seat])
            e["patterns"].update(part["patterns"][seat])
            e["reasons"].update(part["reasons"][seat])
            e["gross"].update(part["gross"][seat])
    out: dict[str, Any] = {"variant": vid, "bots": bots, "hands": total,
                           "draw_rate": round(sum(p["draws"] for p in parts) / total, 4)}
    for b, e in by.items():
        sh = e["seat_hands"]
        st = e["stats"]
        wins = st["wins"] or 1
        out[b] = {
            "points_per_hand": round(st["points"] / sh, 3),
            "win_rate": round(st["wins"] / sh, 4),
            "self_draw_rate": round(st["self_draws"] / sh, 4),
            "deal_in_rate": round(st["deal_ins"] / sh, 4),
            "mean_win_points": round(st["win_points"] / wins, 2),
            "ready_rate": round(st["ready"] / sh, 4),
            "patterns_per_100": {k: round(100 * v / sh, 2) for k, v in e["patterns"].most_common()},
            "net_by_reason": {k: round(v / sh, 3) for k, v in sorted(e["reasons"].items(), key=lambda x: x[1])},
            "received_by_reason": {k: round(v / sh, 3) for k, v in e["gross"].most_common()},
        }
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", required=True)
    p.add_argument("--bots", default="normal,normal,normal,normal")
    p.add_argument("--hands", type=int, default=1000)
    p.add_argument("--seed", type=int, default=90001)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--json", action="store_true")
    a = p.parse_args()
    res = run(a.variant, a.bots.split(","), a.hands, a.seed, a.jobs, quiet=a.json)
    if a.json:
        print(json.dumps(res, ensure_ascii=False))
        return 0
    print(f"{a.variant} {a.bots} {res['hands']} hands, draws {res['draw_rate']:.3f}")
    for b in dict.fromkeys(a.bots.split(",")):
        e = res[b]
        print(f"  {b}: {e['points_per_hand']:+.3f}/hand win {e['win_rate']:.3f} (self {e['self_draw_rate']:.3f}) "
              f"deal-in {e['deal_in_rate']:.3f} win pts {e['mean_win_points']:.2f} ready {e['ready_rate']:.3f}")
        print("    patterns/100:", ", ".join(f"{k} {v}" for k, v in e["patterns_per_100"].items()))
        if len(set(a.bots.split(","))) > 1:
            print("    net/hand:", ", ".join(f"{k} {v:+.3f}" for k, v in e["net_by_reason"].items()))
        print("    received/hand:", ", ".join(f"{k} {v:.3f}" for k, v in e["received_by_reason"].items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
