"""How the 熟手 claims a first chicken, against the 高手's model of it (the chicken games, development walls).

    python build/calibrate_claims.py --variant guiyang [--matches 150]

Plays matches of 8 hands with four 熟手 (walls ``calib:SEED:i``) and prints:
- how often a 熟手 offered a pung of a discarded 幺鸡/乌骨鸡 takes it, first discards apart (the 高手's
  ``pung_prob``);
- for every first chicken discard, the 高手's ``claim_chances`` with ``pung_prob`` 1 (the chance that some
  other player holds two or more copies, as the discarder's view reads it) against whether one did, binned
  by the model's figure (its ``kappa_max``).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter, defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.bots import make_bot
from game.bots.ctx import Ctx
from game.bots.expert_chicken import ChickenExpert
from game.bots.runner import decisions
from game.rules.actions import DISCARD, KONG, PUNG
from game.rules.match import Match
from game.rules.variants import get

YAO, WU_GU = 18, 16


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", default="guiyang", choices=("guiyang", "zhuoji"))
    p.add_argument("--matches", type=int, default=150)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    v = get(a.variant)
    opts = v.resolve_options({})
    x = ChickenExpert(a.variant)
    claims: Counter = Counter()
    bins: dict[int, list[float]] = defaultdict(lambda: [0, 0.0, 0])
    for i in range(a.matches):
        m = Match(v, opts, f"calib:{a.seed}:{i}", 8)
        bots = [make_bot("normal", seed=f"calib:{i}:{s}") for s in range(m.n)]
        for _ in range(8):
            st, _ev = m.start_hand()
            for seat, vw, act in decisions(st, bots):
                kinds = {b.kind for b in vw["legal"]}
                if PUNG in kinds and "offer" in vw:
                    t = vw["offer"]["tile"]
                    first = sum(1 for s in vw["seats"] for d in s["discards"] if d["tile"] == t) == 1
                    tag = ("chicken" if t in (YAO, WU_GU) else "other") + (" first" if first else "")
                    claims[tag, "offered"] += 1
                    claims[tag, "taken"] += act.kind in (PUNG, KONG)
                if act.kind == DISCARD and act.tile in (YAO, WU_GU):
                    ctx = Ctx(vw)
                    if x.first_free(ctx, act.tile):
                        keep, x.pung_prob = x.pung_prob, 1.0
                        qp, qk = x.claim_chances(ctx, act.tile)
                        x.pung_prob = keep
                        held = any(st.seats[o].concealed().count(act.tile) >= 2
                                   for o in range(m.n) if o != seat)
                        b = bins[min(int((qp + qk) * 10), 9)]
                        b[0] += 1
                        b[1] += qp + qk
                        b[2] += held
            m.finish_hand()
    print(f"{a.variant}: 熟手 offered a pung ({a.matches} matches of 8 hands)")
    for tag in sorted({k for k, _ in claims}):
        o, t = claims[tag, "offered"], claims[tag, "taken"]
        print(f"  {tag:14s} offered {o:5d}  taken {t:5d}  rate {t / max(o, 1):.3f}")
    print(f"first chicken discards: the model's chance that another player holds two (kappa_max {x.kappa_max})")
    for k in sorted(bins):
        n, s, h = bins[k]
        print(f"  model {k / 10:.1f}-{(k + 1) / 10:.1f}: n={int(n):4d} model {s / n:.3f}  actual {h / n:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
