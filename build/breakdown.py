"""Where one bot level's edge over another comes from, item by item of the settlement (development walls).

    python build/breakdown.py --variant guiyang --hands 2000 [--a normal] [--b strong] [--seed bd1]

Each wall (``bd:SEED:VARIANT:i``) is played once per seat with that seat's bot at level ``--a`` and
once at ``--b``; the other seats are always 熟手 with the same seeds, so the two hands agree until the
two levels first decide differently. For every settlement reason (``ping_hu``, ``yao_ji``,
``bao_chong_feng_ji`` ...) the seat's net points under B minus under A are one paired sample; the table
prints each reason's mean per seat-hand with its 95% interval, largest first, and ``total``. Below it:
how often the seat ended the hand as winner, ready (chicken games) or neither, and its mean points in
each case, for both levels.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter, defaultdict
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from duel import _mean_ci

from game.bots import make_bot
from game.bots.runner import play_match
from game.oscompat import mp_context
from game.progress import track
from game.rules.variants import get


def _hand(vid: str, wall_seed: str, seat: int, level: str) -> dict[str, Any]:
    """Seat ``seat`` at ``level`` against 熟手 on one wall: its net points per reason and its outcome."""
    v = get(vid)
    opts = v.resolve_options({})
    n = v.players(opts)
    bots = [make_bot(level if s == seat else "normal", seed=f"{wall_seed}:{s}") for s in range(n)]
    got: dict[str, Any] = {}

    def on_hand(st: Any, _rec: dict) -> None:
        net: Counter[str] = Counter()
        for t in st.settlement.transfers:
            if t.payee == seat:
                net[t.reason] += t.points
            if t.payer == seat:
                net[t.reason] -= t.points
        ready = st.settlement.info.get("ready")
        if any(w.seat == seat for w in st.wins):
            case = "won"
        elif ready is not None:
            case = "ready" if ready[seat] else "not ready"
        else:
            case = "lost" if any(w.source == seat for w in st.wins) else "other"
        got.update(net=net, total=st.settlement.deltas[seat], case=case)

    play_match(v, opts, wall_seed, 1, bots, on_hand=on_hand)
    return got


def wall(task: tuple) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    vid, wall_seed, la, lb = task
    v = get(vid)
    n = v.players(v.resolve_options({}))
    return [(_hand(vid, wall_seed, r, la), _hand(vid, wall_seed, r, lb)) for r in range(n)]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", required=True)
    p.add_argument("--hands", type=int, default=2000, help="walls (each played once per seat and level)")
    p.add_argument("--seed", default="bd1")
    p.add_argument("--a", default="normal", help="level of the baseline seat")
    p.add_argument("--b", default="strong", help="level compared with it")
    p.add_argument("--jobs", type=int, default=2)
    a = p.parse_args()
    vid = a.variant
    tasks = [(vid, f"bd:{a.seed}:{vid}:{i}", a.a, a.b) for i in range(a.hands)]
    pairs: list[tuple[dict[str, Any], dict[str, Any]]] = []
    with mp_context().Pool(a.jobs) as pool:
        for got in track(pool.imap_unordered(wall, tasks, chunksize=4), len(tasks), f"breakdown {vid}", "wall"):
            pairs += got
    reasons = sorted({k for x, y in pairs for k in (*x["net"], *y["net"])})
    rows = [("total", _mean_ci([y["total"] - x["total"] for x, y in pairs]))]
    rows += [(k, _mean_ci([y["net"].get(k, 0) - x["net"].get(k, 0) for x, y in pairs])) for k in reasons]
    print(f"{vid}: {a.b} - {a.a}, own points per seat-hand by settlement reason ({len(pairs)} seat-hands)")
    for k, (m, h) in sorted(rows, key=lambda r: (r[0] != "total", -abs(r[1][0]))):
        print(f"  {k:22s} {m:+.3f} ±{h:.3f}")
    cases: dict[tuple[str, str], list[int]] = defaultdict(list)
    for x, y in pairs:
        cases[(a.a, x["case"])].append(x["total"])
        cases[(a.b, y["case"])].append(y["total"])
    print("outcome: share of seat-hands, mean points")
    for (lvl, case), pts in sorted(cases.items()):
        print(f"  {lvl:7s} {case:10s} {len(pts) / len(pairs):.3f} {sum(pts) / len(pts):+.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
