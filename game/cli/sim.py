"""``python -m game sim``: a headless bot match with per-seat statistics."""

from __future__ import annotations

import json
from typing import Any

from .. import i18n
from ..bots import default_level, make_bot
from ..bots.runner import play_match
from ..errors import UsageError
from ..rules.options import OptionError, parse_kv
from ..rules.variants import get as get_variant


def run(args) -> int:
    try:
        variant = get_variant(args.variant)
    except ValueError as e:
        raise UsageError(str(e)) from None
    try:
        options = variant.resolve_options(parse_kv(args.opt))
    except OptionError as e:
        raise UsageError(str(e)) from None
    if args.hands < 1:
        raise UsageError("--hands must be at least 1")
    n = variant.players(options)
    levels = args.bots.split(",") if args.bots else [default_level()] * n
    if len(levels) != n:
        raise UsageError(f"--bots names {len(levels)} bots but the table seats {n}")
    try:
        bots = [make_bot(lv.strip(), seed=f"{args.seed}:{i}") for i, lv in enumerate(levels)]
    except ValueError as e:
        raise UsageError(str(e)) from None
    from ..progress import bar

    with bar(args.hands, f"sim {variant.id}", "hand", quiet=args.json) as b:
        stats = play_match(variant, options, args.seed, args.hands, bots, [lv.strip() for lv in levels],
                           on_hand=lambda _st, _rec: b.update(1))
    out: dict[str, Any] = stats.to_json()  # the CLI adds its own keys (seed, options)
    out["seed"] = args.seed
    out["options"] = options
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
        return 0
    print(f"{i18n.variant_name(variant.id, 'zh')} ({variant.id}), {out['hands']} hands, seed {args.seed}, "
          f"{out['hands_per_s']:.1f} hands/s")
    print(f"{'seat':>4} {'bot':<8} {'points':>8} {'pts/hand':>9} {'win%':>6} {'self%':>6} {'deal-in%':>9} "
          f"{'draw%':>6} {'ms/dec':>7}")
    for i, s in enumerate(out["seats"]):
        print(f"{i:>4} {s['bot']:<8} {s['points']:>8} {s['points_per_hand']:>9.2f} {100 * s['win_rate']:>5.1f}% "
              f"{100 * s['self_draws'] / max(1, out['hands']):>5.1f}% {100 * s['deal_in_rate']:>8.1f}% "
              f"{100 * s['draw_rate']:>5.1f}% {s['mean_decision_ms']:>7.3f}")
    if len(out["by_bot"]) > 1:
        print("per bot level:")
        for bot, row in out["by_bot"].items():
            print(f"     {bot:<8} {row['points']:>8} {row['points_per_hand']:>9.2f} {100 * row['win_rate']:>5.1f}% "
                  f"{100 * row['self_draw_rate']:>5.1f}% {100 * row['deal_in_rate']:>8.1f}% "
                  f"{100 * row['draw_rate']:>5.1f}% {row['mean_decision_ms']:>7.3f}")
    print(f"draws: {out['draws']} ({100 * out['draw_rate']:.1f}%), {out['hands_per_s']:.1f} hands/s, "
          f"mean decision {_mean_ms(out):.3f} ms")
    return 0


def _mean_ms(out: dict) -> float:
    n = sum(s["decisions"] for s in out["seats"])
    return sum(s["decisions"] * s["mean_decision_ms"] for s in out["seats"]) / n if n else 0.0

