"""Playing against bots on this machine: the bots for the other seats and the table they sit at, new or resumed."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from game.bots import make_bot
from game.rules.match import level_prompts
from game.rules.variants import get as get_variant
from game.session import LocalSession, ReplayStop
from game.ui.kit import strings
from game.ui.kit.names import bot_name, player_name
from game.ui.settings import ReplayProblem, replay_dir
from game.ui.table.scene import TableScene

RESUME_PAUSE = 1.2  # seconds a resumed table waits before a bot moves: the player sees where things stand


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


def resume_table(app: Any, data: dict) -> TableScene:
    """The table of a saved match brought to where it stopped (继续上局, or the replay viewer's "play from here"
    with a shortened record): every recorded hand and the moves of ``match.hand_in_progress`` are played again
    from the match's seed; the player sits at ``human_seat``, bots at ``bots``' levels in the other seats.

    ``data`` is a replay file's content (``settings.replay_data``). ValueError, naming the hand and the move, when
    the record does not replay; a ReplayProblem when its game is unknown."""
    m = data["match"]
    try:
        variant = get_variant(m["variant"])
    except ValueError as e:
        raise ReplayProblem("unknown_variant", str(e)) from None
    options = variant.resolve_options(m.get("options"))
    n = variant.players(options)
    seat = data.get("human_seat")
    if not isinstance(seat, int) or not 0 <= seat < n:
        seat = 0
    saved: list[Any] = data["bots"] if isinstance(data.get("bots"), list) else []
    levels: list[str | None] = [(saved[i] if i < len(saved) and isinstance(saved[i], str) else "normal")
                                for i in range(n)]
    levels[seat] = None
    names = [str(x) for x in data.get("names") or []][:n]
    names += [bot_name(i, levels[i]) for i in range(len(names), n)]
    hands = int(m.get("hands", len(m["hands_played"])))
    progress = m.get("hand_in_progress")
    moves = progress.get("actions", []) if isinstance(progress, dict) else None

    def session_at(moves: list | None) -> LocalSession:
        ses = LocalSession(variant, options, m.get("seed", 0), hands, bots=make_bots(levels, m.get("seed", 0)),
                           seat=seat, names=names, level_prompts=level_prompts(m))
        ses.fast_forward(m["hands_played"], moves)
        return ses

    dropped = 0
    try:
        session = session_at(moves)
    except ReplayStop as e:
        if moves is None or e.hand != len(m["hands_played"]):
            raise
        # the hand under way stops at a move that does not replay (the move a crash was making): go on from before it
        dropped = len(moves) - e.move
        session = session_at(moves[:e.move])
    sc = TableScene(app, session, variant, names=names, hands_total=hands, bot_levels=levels)
    if dropped:
        app.notice(lambda: strings.tr("notice.resume_dropped", n=dropped), 8)
    sc.results = session.results()
    name = data.get("replay")
    if isinstance(name, str) and name.endswith(".json") and Path(name).name == name:
        sc.replay_path = replay_dir() / name  # the same file goes on being saved
    sc.branch = data.get("branch") if isinstance(data.get("branch"), dict) else None
    if session.hand_over:
        sc.settle_at = 0.0  # stopped on a hand's settlement: it shows again
    session.pacing.hold(app.now + RESUME_PAUSE)  # a resumed table waits a moment before a bot moves
    return sc
