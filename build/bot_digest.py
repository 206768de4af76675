"""Digests of the bots' play: proof that a change to game/bots left every decision as it was.

    python build/bot_digest.py [--hands 40] [--save before.json] [--check before.json]

For each variant and table (four 高手; one 高手 among three 熟手; four 熟手; 新手 and 熟手 alternating) it
plays seeded hands and prints the CRC-32 of the action log (replay notation) with the final totals. Two
runs of the same play give the same lines; ``--check`` compares against a saved run and exits 1 on any
difference. The walls are ``digest:VARIANT`` (development seeds, not the bench's).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.bots import make_bot
from game.bots.runner import play_match
from game.rules.variants import get

VARIANTS = ("wenshan", "kunming", "yuxi", "guiyang", "zhuoji")
TABLES = ("strong,strong,strong,strong", "strong,normal,normal,normal", "normal,normal,normal,normal",
          "easy,normal,easy,normal")


def digest(vid: str, table: str, hands: int) -> dict[str, object]:
    """The CRC-32 of every action taken in ``hands`` hands of this table, and the final totals."""
    v = get(vid)
    opts = v.resolve_options({})
    n = v.players(opts)
    names = table.split(",")[:n]
    bots = [make_bot(b, seed=f"digest:{i}") for i, b in enumerate(names)]
    log: list[str] = []

    def on_hand(st: object, rec: dict) -> None:
        log.extend(" ".join(map(str, a)) for a in rec["actions"])

    stats = play_match(v, opts, f"digest:{vid}", hands, bots, names, on_hand=on_hand)
    return {"crc": zlib.crc32("\n".join(log).encode()), "totals": list(stats.totals), "actions": len(log)}


def run(hands: int, variants: tuple[str, ...] = VARIANTS, tables: tuple[str, ...] = TABLES) -> dict[str, dict]:
    return {f"{vid} {t}": digest(vid, t, hands) for vid in variants for t in tables}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=40)
    p.add_argument("--save", help="write the digests to this JSON file")
    p.add_argument("--check", help="compare with the digests in this JSON file (exit 1 on a difference)")
    a = p.parse_args()
    t0 = time.perf_counter()
    got = run(a.hands)
    for key, d in got.items():
        print(f"{key:40s} crc {d['crc']:>10} totals {d['totals']} ({d['actions']} actions)")
    print(f"{len(got)} tables × {a.hands} hands in {time.perf_counter() - t0:.1f} s")
    if a.save:
        with open(a.save, "w", encoding="utf-8") as f:
            json.dump({"hands": a.hands, "digests": got}, f, indent=1)
    if a.check:
        with open(a.check, encoding="utf-8") as f:
            old = json.load(f)
        if old["hands"] != a.hands:
            print(f"error: {a.check} was recorded with --hands {old['hands']}", file=sys.stderr)
            return 2
        diff = [k for k in old["digests"] if old["digests"][k] != got.get(k)]
        print("identical" if not diff else "DIFFERENT: " + ", ".join(diff))
        return 1 if diff else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
