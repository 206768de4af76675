"""build/second_look.py, the study of a fitted second look at the chicken 高手's top two discards: its forks
must record what the second discard really scores, and its switching rule must count what it claims."""

from game.bots import second_look as SL
from game.bots.runner import decisions
from game.rules import engine as E
from tests.helpers.build_tools import load


def _sl():
    return load("second_look")


def _table(vid: str, wall: str, seat: int):
    return _sl().table(vid, wall, seat)


def test_a_fork_records_the_second_discard_played_out_minus_the_pick_on_a_fresh_replay():
    sl = _sl()
    wall = "second-test:0"
    rows = sl.forks(("guiyang", wall))
    assert rows, "a guiyang hand has value discards with a second choice"
    for seat, i, second, f0, f1, y in rows[:: max(1, len(rows) // 4)]:
        assert len(f0) == len(f1) == 16 + len(SL.FAMILIES)
        st, bots = _table("guiyang", wall, seat)
        for _ in decisions(st, bots):
            pass
        mine = st.settlement.deltas[seat]
        st, bots = _table("guiyang", wall, seat)
        for j, (s, _v, a) in enumerate(decisions(st, bots)):
            if j == i:
                assert s == seat and a.kind == "discard" and a != second
                break
        E.apply(st, second)
        for _ in decisions(st, bots):
            pass
        assert st.settlement.deltas[seat] - mine == y


def _row(k: float, y: float):
    return (0, 0, None, [1.0, 0.0, 0.0, 0.0], [1.0, k, 0.0, 0.0], y)


def test_the_fit_finds_a_planted_gain_and_switching_counts_exactly_the_rows_it_switches():
    sl = _sl()
    rows = [_row(k, 2.0 * k - 1.0) for k in (-2, -1, 1, 2, 3) for _ in range(20)]
    w = sl.fit(sl.as_fit_data(rows), 0.1)
    assert abs(w[0] + 1.0) < 0.05 and abs(w[1] - 2.0) < 0.05  # the constant and the slope
    preds = [sl.predicted(w, r) for r in rows]
    assert all((p > 0) == (r[4][1] > 0) for p, r in zip(preds, rows))
    k, gain, half = sl.switch_gain(preds, rows, 50, 0.0)
    assert k == 60 and gain == (1 + 3 + 5) * 20 / 50 and half > 0
    assert sl.switch_gain(preds, rows, 50, 100.0) == (0, 0.0, 0.0)
    # a model that prefers the losing side switches into the losses
    k, gain, _ = sl.switch_gain([-p for p in preds], rows, 50, 0.0)
    assert k == 40 and gain == -(5 + 3) * 20 / 50


def test_ab_takes_the_printed_weights_as_one_setting_beside_others():
    """The tool prints ``second_look=[...]`` for ``build/ab.py --b``, whose settings are comma-separated."""
    ab = load("ab")
    got = ab.parse("rho=0.3,second_look=[0.0,1.5,-2.25],speed_guard=false")
    assert got == {"rho": 0.3, "second_look": [0.0, 1.5, -2.25], "speed_guard": False}


def _with_weights(vid: str, w):
    return load("ab")._plan(vid, {"second_look": w})


def _seat_actions(vid: str, wall: str, plan=None):
    st, bots = _table(vid, wall, 0)
    if plan is not None:
        bots[0].plans = {vid: plan}
    out = []
    for s, _v, a in decisions(st, bots):
        if s == 0:
            ranked, bots[0].ranked = bots[0].ranked, None
            out.append((a, bots[0].why, ranked))
    return out


def test_the_hook_plays_the_second_discard_exactly_when_the_model_prefers_it():
    """``ChickenExpert.second_look``: with weights whose constant is far positive every value discard becomes
    the second-ranked one; far negative, the 高手 plays exactly as without the hook."""
    n = 16 + len(SL.FAMILIES)
    for vid in ("guiyang", "zhuoji"):
        for w in range(2):
            wall = f"second-hook:{w}"
            plain = [a for a, _w, _r in _seat_actions(vid, wall)]
            never = [a for a, _w, _r in _seat_actions(vid, wall, _with_weights(vid, [-1e9] + [0.0] * (n - 1)))]
            assert never == plain
            switched = 0
            for a, why, ranked in _seat_actions(vid, wall, _with_weights(vid, [1e9] + [0.0] * (n - 1))):
                if ranked is None or not why.startswith("x:"):
                    continue  # a claim, a win, or a search's choice: not the hook's
                discards = [e[1] for e in ranked if e[1].kind == "discard"]
                if why == "x:second":
                    assert a == discards[1] != ranked[0][1]
                    switched += 1
                else:  # nothing to switch to: the best is a kong, or there is one discard
                    assert ranked[0][1].kind != "discard" or len(discards) < 2
            assert switched > 0
