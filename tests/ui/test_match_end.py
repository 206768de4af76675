"""The match end (issue 40.3): ties on points are ordered by a stated rule (more wins, then fewer deal-ins,
else a shared place) and the screen says which rule decided; each player's running total is charted."""

from __future__ import annotations

from game.rules.variants import get
from game.ui.kit import drawlog, strings
from game.ui.table.match_end import MatchEndScene, Tie, match_stats, standings, tie_text


def win(seat, how="discard", src=None):
    return {"seat": seat, "win": how, "from": src}


def test_the_issues_wenshan_tie_goes_to_the_only_winner_and_says_why(zh):
    """玩家 +4 from a kong without a win, 电脑1 +4 as the only winner: 电脑1 ranks first, by the wins rule."""
    results = [{"end": "win", "wins": [win(1, "discard", 2)], "deltas": [0, 2, -1, -1]},
               {"end": "draw", "wins": [], "deltas": [4, 2, -3, -3]}]
    totals = [4, 4, -4, -4]
    stats = match_stats(results, 4)
    places, ties = standings(totals, stats)
    assert [(p.seat, p.rank) for p in places][:2] == [(1, 1), (0, 2)]
    assert ties[0] == Tie((1, 0), 4, ("wins",))
    text = tie_text(ties[0], ["玩家", "电脑1", "电脑2", "电脑3"], stats)
    assert text == "电脑1、玩家 同为 +4：胡牌多者在前（胡牌 1 / 0）"


def test_equal_wins_go_to_fewer_deal_ins_and_equal_everything_shares_the_place(en):
    results = [{"end": "win", "wins": [win(0, "self_draw")], "deltas": [6, -2, -2, -2]},
               {"end": "win", "wins": [win(1, "discard", 2)], "deltas": [-1, 3, -1, -1]},
               {"end": "win", "wins": [win(3, "discard", 2)], "deltas": [-1, -1, -1, 3]}]
    totals = [1, 1, -6, 1]  # seat 0, 1 and 3 level; each won once; nobody but seat 2 dealt in
    stats = match_stats(results, 4)
    places, ties = standings(totals, stats)
    assert [p.rank for p in places] == [1, 1, 1, 4]
    assert ties == [Tie((0, 1, 3), 1, ("shared",))]
    assert "share the place" in tie_text(ties[0], ["A", "B", "C", "D"], stats)
    stats[1]["deal_ins"] = 1
    places, ties = standings(totals, stats)
    assert [(p.seat, p.rank) for p in places] == [(0, 1), (3, 1), (1, 3), (2, 4)]
    assert ties[0].rules == ("deal_ins", "shared")


def test_the_screen_names_the_rule_and_charts_the_running_totals(app, en):
    class Session:
        totals = (4, 4, -4, -4)

    class Table:  # what the match end reads of the table it follows
        raw_names = ("Player", "Bot 1", "Bot 2", "Bot 3")
        results = ({"end": "win", "wins": [win(1, "discard", 2)], "deltas": [0, 2, -1, -1]},
                   {"end": "draw", "wins": [], "deltas": [4, 2, -3, -3]})
        variant = get("wenshan")
        replay_path = None
        session = Session()

    sc = MatchEndScene(app, Table())
    assert sc.running() == [[0, 4], [2, 4], [-1, -4], [-1, -4]]
    with drawlog.recording(app.screen) as log:
        app.goto(sc)
        app.frame([], 0.05)
        app.draw()
        texts = [it.text for it in log.items if getattr(it, "text", None)]
    assert any("more wins ranks higher (wins 1 / 0)" in t for t in texts)
    assert strings.tr("end.chart") in texts and strings.tr("end.champion") in texts
