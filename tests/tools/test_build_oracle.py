"""build/oracle.py, the reading-ceiling study: what it tells the 高手 must be the truth, and nothing else
may change its play."""

import copy

from game.bots import make_bot
from game.bots.ctx import Ctx
from game.bots.runner import decisions
from game.bots.strong_chicken import ChickenExpert
from game.rules import engine
from game.rules.actions import DISCARD, HU, PASS, Action
from game.rules.kinds import Phase, WinBy
from game.rules.match import Match
from game.rules.variants import get
from game.rules.view import view
from tests.helpers.build_tools import load


def _oracle():
    return load("oracle")


def _trace(vid: str, wall: str, seat: int, plan):
    """Play one hand with a 高手 (told by ``plan`` when given) in ``seat``: the seat's actions and the
    finished state."""
    st, bots = _oracle().table(vid, wall, seat, plan)
    acts = [a for s, _v, a in decisions(st, bots) if s == seat]
    return acts, st


def test_told_nothing_plays_exactly_as_the_plain_strong_bot():
    o = _oracle()
    for w in range(3):
        wall = f"oracle-test:{w}"
        plain, st_a = _trace("guiyang", wall, 1, None)
        told, st_b = _trace("guiyang", wall, 1, o.Told("guiyang", set()))
        assert told == plain
        assert st_a.settlement.deltas == st_b.settlement.deltas


def test_winners_on_is_who_the_engine_lets_win_on_that_discard():
    """On a real position with a deal-in among the discards, ``winners_on`` names exactly the seats that
    win when the discard is made and everyone takes what is offered."""
    o = _oracle()
    v = get("guiyang")
    checked = 0
    for w in range(40):
        st, _ = Match(v, v.resolve_options({}), f"oracle-win:{w}", 1).start_hand()
        bots = [make_bot("normal", seed=f"oracle-win:{w}:{s}") for s in range(4)]
        while st.end is None and checked < 3:
            s = next(x for x in engine.acting_seats(st) if engine.legal_actions(st, x))
            tiles = sorted({a.tile for a in engine.legal_actions(st, s) if a.kind == DISCARD})
            outcomes = []
            for t in tiles:
                s2 = copy.deepcopy(st)
                engine.apply(s2, next(a for a in engine.legal_actions(s2, s) if a.kind == DISCARD and a.tile == t))
                if s2.phase == Phase.DECLARE:
                    engine.apply(s2, Action(s, PASS))
                while s2.end is None and s2.phase == Phase.CLAIM:
                    x = engine.acting_seats(s2)[0]
                    hu = [a for a in engine.legal_actions(s2, x) if a.kind == HU]
                    engine.apply(s2, hu[0] if hu else Action(x, PASS))
                won = sorted(x.seat for x in s2.wins if x.source == s and x.how == WinBy.DISCARD)
                assert o.winners_on(st, s, t) == won, (w, t)
                outcomes.append(bool(won))
            if any(outcomes):
                checked += 1  # a position where some discard deals in and the answer was checked
            engine.apply(st, bots[s].act(view(st, s)))
        if checked >= 3:
            break
    assert checked >= 3
    assert o.winners_on(st, 0, 99) is None


def test_a_hard_told_bot_never_deals_in_while_it_holds_a_safe_discard():
    o = _oracle()
    faced = 0
    for w in range(60):
        wall = f"oracle-hard:{w}"
        st, bots = o.table("guiyang", wall, 0, o.Told("guiyang", {"wins"}, hard=True))
        for s, _v, a in decisions(st, bots):  # each yielded before its action is applied
            if s == 0 and a.kind == DISCARD and not st.seats[0].declared:
                tiles = {x.tile for x in engine.legal_actions(st, 0) if x.kind == DISCARD}
                dealing = {t for t in tiles if o.winners_on(st, 0, t)}
                if dealing and dealing != tiles:
                    faced += 1
                    assert a.tile not in dealing, (wall, a)
        if faced >= 3:
            break
    assert faced >= 3


def test_told_chickens_counts_the_copies_opponents_really_hold():
    o = _oracle()
    v = get("guiyang")
    st, _ = Match(v, v.resolve_options({}), "oracle-chicken:0", 1).start_hand()
    plan = o.Told("guiyang", {"chickens"})
    plan.state = st
    seat = engine.acting_seats(st)[0]
    ctx = Ctx(view(st, seat))
    seen = set()
    for t in range(34):
        held = [st.seats[x].counts[t] for x in range(4) if x != seat]
        qp, qk = plan.claim_chances(ctx, t)
        if 3 in held:
            assert qk == 0.9
        elif 2 in held:
            assert (qp, qk) == (plan.pung_prob, 0.0)
        else:
            assert (qp, qk) == (0.0, 0.0)
        seen.add(max(held))
    assert 2 in seen  # the deal gives some opponent a pair to read


def test_told_wall_counts_only_the_copies_left_in_the_wall_and_reads_claims_as_before():
    o = _oracle()
    v = get("guiyang")
    st, _ = Match(v, v.resolve_options({}), "oracle-wall:0", 1).start_hand()
    seat = engine.acting_seats(st)[0]
    plan = o.Told("guiyang", {"wall"})
    plan.state = st
    ctx, plain = Ctx(view(st, seat)), Ctx(view(st, seat))
    plan._told_wall(ctx)
    wall = [st.wall[st.front:st.back].count(t) for t in range(34)]
    assert ctx.live == wall and ctx.unseen == sum(wall)
    assert ctx.live != plain.live  # the opponents' 39 concealed tiles are no longer counted
    assert [plan.claim_chances(ctx, t) for t in range(34)] == [
        ChickenExpert.claim_chances(plan, plain, t) for t in range(34)]
    assert ctx.live == wall  # and the told counts are back after the claim read
