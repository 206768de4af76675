"""Playing against bots on this machine: the bots for the other seats and the table they sit at."""

from __future__ import annotations

import logging
from typing import Any

from game.bots import make_bot
from game.session import LocalSession
from game.ui.kit.names import bot_name, player_name
from game.ui.table.scene import TableScene


def make_bots(levels: list[str | None], seed: Any) -> dict:
    """A bot per seat with a level (None: a person sits there); a level this build lacks plays as the simple bot."""
    bots = {}
    for seat, lvl in enumerate(levels):
        if lvl is None:
            continue
        try:
            bots[seat] = make_bot(lvl, seed=f"{seed}:{seat}")
        except ValueError:
            bots[seat] = make_bot("simple", seed=f"{seed}:{seat}")
    return bots


def local_table(app: Any, variant: Any, options: dict, hands: int, seed: Any, levels: list) -> TableScene:
    """The table scene of a new LocalSession: the player in seat 0, bots at ``levels`` in the others."""
    n = variant.players(options)
    levels = (list(levels) + ["normal"] * n)[:n]
    levels[0] = None
    bots = make_bots(levels, seed)
    names = [player_name(app)] + [bot_name(i, levels[i]) for i in range(1, n)]
    session = LocalSession(variant, options, seed, hands, bots=bots, seat=0, names=names)
    logging.getLogger("game.ui").info("table vs bots: %s, options %s, seed %s, %d hand(s), bots %s", variant.id,
                                      session.match.options, seed, hands, levels[1:])
    return TableScene(app, session, variant, names=names, hands_total=hands, bot_levels=levels)
