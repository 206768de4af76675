"""Hands where the 高手 departs from the 熟手, printed for reading: the hand, both choices, their values.

    python build/annotate.py --variant guiyang --walls 20 [--seed 1] [--set value_weights=[...]] [--top 8]

One 高手 (with ``--set`` changes) plays seat 0 against three 熟手 on development walls
(``annotate:SEED:VARIANT:i``). At each of its decisions a 熟手 in its place answers the same view; where
they differ the tool prints the seat's hand (the drawn tile after ``+``), its melds, the tiles left to
draw, both actions with the 高手's fitted value of each (or its hand-set worth) and its reason (``why``).
Each such fork is then played out twice on the same wall - once as the 高手 chose, once with the 熟手's
action - by the same bots, and the seat's points of both endings are printed: one wall says little about
a choice, but it shows what was at stake. ``--top`` keeps the forks with the largest value gap.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import sys
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.bots import make_bot
from game.bots.levels import make_expert
from game.bots.runner import decisions
from game.rules import engine, tiles
from game.rules.match import Match
from game.rules.variants import get


def _hand(vw: dict[str, Any]) -> str:
    hand = list(vw["hand"])
    drawn = vw.get("drawn")
    txt = tiles.fmt(sorted(hand))
    if drawn is not None and drawn in hand:
        hand.remove(drawn)
        txt = tiles.fmt(sorted(hand)) + " +" + tiles.name(drawn)
    me = vw["seats"][vw["seat"]]
    melds = " ".join(f"[{m['kind'][:2]} {tiles.fmt([t for t in m['tiles'] if t is not None])}]" for m in me["melds"])
    return f"{txt} {melds}".strip()


def _act(a: Any, vw: dict[str, Any]) -> str:
    off = vw.get("offer")
    tile = a.tile if a.tile is not None else (off["tile"] if off else None)
    return f"{a.kind} {tiles.name(tile) if tile is not None else ''}".strip()


def _table(vw: dict[str, Any], a: Any, b: Any) -> str:
    """The others' melds and discards, the table read's chance that each is ready, and the read's deal-in
    chance of both discards (for reading a fork)."""
    from game.bots.ctx import Ctx
    from game.bots.read import Read

    read = Read(Ctx(vw))
    lines = []
    for i, s in enumerate(vw["seats"]):
        if i == vw["seat"]:
            continue
        melds = " ".join(f"[{m['kind'][:2]} {tiles.fmt([t for t in m['tiles'] if t is not None])}]" for m in s["melds"])
        thrown = tiles.fmt([d["tile"] if isinstance(d, dict) else d for d in s["discards"]])
        lines.append(f"      seat {i}: {melds or '(concealed)'}  threw {thrown}")
    lines.append("      read ready: " + ", ".join(f"{pr:.2f}" for pr, _f, _p in read.opps))
    risks = [f"{_act(x, vw)} {read.risk(x.tile)[0]:.3f}" for x in (a, b) if x.kind == "discard" and x.tile is not None]
    if risks:
        lines.append("      deal-in chance: " + ", ".join(risks))
    return "\n".join(lines)


def _finish(st: Any, bots: list[Any], seat: int) -> int:
    for _ in decisions(st, bots):
        pass
    return st.settlement.deltas[seat]


def forks(vid: str, wall: str, settings: dict[str, Any], table: bool = False) -> list[dict[str, Any]]:
    v = get(vid)
    opts = v.resolve_options({})
    n = v.players(opts)
    st, _ = Match(v, opts, wall, 1).start_hand()
    me = make_expert(vid, f"{wall}:0", settings)
    bots: list[Any] = [me] + [make_bot("normal", seed=f"{wall}:{s}") for s in range(1, n)]
    shadow = make_bot("normal", seed=f"{wall}:0")
    out = []
    for seat, vw, a in decisions(st, bots):
        if seat != 0:
            continue
        b = shadow.act(vw)
        if b == a:
            continue
        feats = getattr(me, "last_features", {}) or {}
        score = getattr(me, "value", None) if getattr(me, "value_weights", None) is not None else None
        vals = {x: round(score(f), 2) for x, f in feats.items()} if score else {}
        rank = {x[1]: round(x[0], 2) for x in getattr(me, "ranked", None) or ()}
        alt = st.copy()
        alt_bots = copy.deepcopy(bots)
        engine.apply(alt, b)
        out.append({"left": vw.get("drawable", vw.get("wall")), "hand": _hand(vw), "strong": _act(a, vw),
                    "normal": _act(b, vw), "why": me.why, "v_strong": vals.get(a, rank.get(a)),
                    "v_normal": vals.get(b, rank.get(b)), "alt_points": _finish(alt, alt_bots, 0),
                    "table": _table(vw, a, b) if table else ""})
    mine = st.settlement.deltas[0]
    for f in out:
        f["points"] = mine
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", required=True)
    p.add_argument("--walls", type=int, default=20)
    p.add_argument("--seed", default="1")
    p.add_argument("--set", action="append", default=[], metavar="NAME=JSON")
    p.add_argument("--top", type=int, default=0, help="only the forks with the largest value gap")
    p.add_argument("--why", default=None, help="only the forks whose 高手 reason (``why``) is this, e.g. fold")
    p.add_argument("--table", action="store_true", help="print the others' melds, discards and the table read")
    a = p.parse_args()
    settings = {}
    for item in a.set:
        k, val = item.split("=", 1)
        settings[k] = json.loads(val)
    rows = []
    for i in range(a.walls):
        wall = f"annotate:{a.seed}:{a.variant}:{i}"
        for f in forks(a.variant, wall, settings, a.table):
            if a.why is not None and f["why"] != a.why:
                continue
            f["wall"] = wall
            rows.append(f)
    if a.top:
        def gap(f: dict[str, Any]) -> float:
            s, n = f["v_strong"], f["v_normal"]
            return abs(s - n) if isinstance(s, (int, float)) and isinstance(n, (int, float)) else 0.0

        rows = sorted(rows, key=gap, reverse=True)[: a.top]
    for f in rows:
        print(f"{f['wall']} left {f['left']:>3}: {f['hand']}")
        print(f"    高手 {f['strong']:<12} value {f['v_strong']}  ({f['why']})   熟手 {f['normal']:<12} value "
              f"{f['v_normal']}   hand ends {f['points']:+d} as played, {f['alt_points']:+d} with the 熟手's")
        if f["table"]:
            print(f["table"])
    print(f"{len(rows)} forks")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
