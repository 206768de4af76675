"""One hand situation judged as ``python -m game score --json`` judges it: the score tests' one way in.

``judge`` builds the command's JSON object and returns its answer and exit code; ``judge_wenshan``,
``judge_chicken`` and ``judge_yuxi`` are its signatures for each family's tests (the wenshan wildcard,
the chicken games' dealer streak, yuxi's kong draws and table size).
"""

from __future__ import annotations

import json

from game.cli import score as score_cli


def judge(variant, hand, win_tile, win="self_draw", melds=(), flags=(), frm=None, options=None, seat=1, dealer=0,
          players=4, **fields):
    """The command's JSON answer and exit code; ``fields`` (wildcard, dealer_streak, kong_draws) are sent when set."""
    data = {"variant": variant, "options": options or {}, "players": players, "dealer": dealer, "seat": seat,
            "hand": hand, "melds": list(melds), "win_tile": win_tile, "win": win, "flags": list(flags)}
    if frm is not None:
        data["from"] = frm
    data.update({k: v for k, v in fields.items() if v is not None})
    out, code = score_cli.run(json.dumps(data), True)
    return json.loads(out), code


def judge_wenshan(hand, win_tile, win="self_draw", melds=(), flags=(), wildcard="4m", frm=None, options=None,
                  seat=1, dealer=0):
    return judge("wenshan", hand, win_tile, win, melds, flags, frm, options, seat, dealer, wildcard=wildcard)


def judge_chicken(variant, hand, win_tile, win="self_draw", melds=(), flags=(), frm=None, options=None, seat=1,
                  dealer=0, streak=None):
    return judge(variant, hand, win_tile, win, melds, flags, frm, options, seat, dealer, dealer_streak=streak)


def judge_yuxi(hand, win_tile, win="self_draw", melds=(), flags=(), frm=None, options=None, seat=1, players=4,
               kong_draws=None):
    return judge("yuxi", hand, win_tile, win, melds, flags, frm, options, seat, 0, players, kong_draws=kong_draws)


def keys(res):
    """The pattern keys of an answer, in order."""
    return [p["key"] for p in res["patterns"]]


def pung(tiles, frm=0):
    """A claimed pung as the score input writes it."""
    return {"kind": "pung", "tiles": tiles, "from": frm}
