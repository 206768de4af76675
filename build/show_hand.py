"""Print bot hands decision by decision with every hand open (for reading the bots' play).

    python build/show_hand.py --variant guiyang --bots strong,normal,normal,normal --seed read:1 [--hands 3]

Each line: the acting seat and level, its concealed hand (the drawn tile after ``+``), its melds, and the
action; claims show the offered tile. Ends with the settlement lines. ``--only-seat S`` prints the other
seats' actions without their hands.
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game import i18n
from game.bots import make_bot
from game.bots.runner import decisions
from game.cli.replay import item_line
from game.rules import tiles
from game.rules.match import Match
from game.rules.variants import get


def _hand(st, seat: int) -> str:
    s = st.seats[seat]
    held = s.concealed()
    if s.drawn is not None and st.turn == seat and st.end is None and s.drawn in held:
        rest = list(held)
        rest.remove(s.drawn)
        txt = tiles.fmt(sorted(rest)) + " +" + tiles.name(s.drawn)
    else:
        txt = tiles.fmt(sorted(held))
    melds = " ".join(f"[{m.kind[:2]} {tiles.fmt(m.tiles)}]" for m in s.melds)
    return f"{txt} {melds}".strip()


def show(vid: str, bots: list[str], seed: str, hands: int, only: int | None) -> None:
    v = get(vid)
    opts = v.resolve_options({})
    m = Match(v, opts, seed, hands)
    players = [make_bot(b, seed=f"{seed}:{i}") for i, b in enumerate(bots)]
    for _ in range(hands):
        st, _ev = m.start_hand()
        pub = v.public_info(st, 0)
        print(f"=== {vid} hand {m.hand_no} dealer {st.dealer} public {pub}")
        for s in range(st.n):
            print(f"  seat {s} {bots[s]:>6}: {_hand(st, s)}")
        for seat, vw, a in decisions(st, players):
            if len(vw["legal"]) > 1 or a.kind != "pass":
                off = vw.get("offer")
                where = f" on {tiles.name(off['tile'])} from {off['from']}" if off else ""
                # ``why`` names the plan of the last discard; a claim does not set it
                why = getattr(players[seat], "why", "") if a.kind == "discard" else ""
                hand = _hand(st, seat) if only is None or only == seat else ""
                print(f"  {st.remaining:3d} s{seat} {bots[seat][:2]} {hand:<48} {a.kind} "
                      f"{tiles.name(a.tile) if a.tile is not None else ''}{where} {why}")
        wins = [(w.seat, w.how, " ".join(i18n.render(n, "zh") for n in w.score.names) if w.score else "")
                for w in st.wins]
        print(f"  end {st.end}: wins {wins}")
        for s in range(st.n):
            print(f"  seat {s}: {_hand(st, s)}")
        for it in st.settlement.items:
            print("   ", item_line(it))
        for note in st.settlement.notes:
            print("   ", i18n.render(note, "zh"))
        m.finish_hand()


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", required=True)
    p.add_argument("--bots", default="strong,normal,normal,normal")
    p.add_argument("--seed", default="read:1")
    p.add_argument("--hands", type=int, default=1)
    p.add_argument("--only-seat", type=int, default=None)
    a = p.parse_args()
    show(a.variant, a.bots.split(","), a.seed, a.hands, a.only_seat)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
