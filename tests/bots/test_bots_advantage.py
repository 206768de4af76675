"""The 高手 bot's table read (``bots/read.py``) and its fitted discard choice (``bots/advantage.py``), 玉溪."""

from game.bots import make_bot
from game.bots.advantage import NF, WEIGHTS, choose
from game.bots.ctx import Ctx
from game.bots.normal import NormalBot, scan
from game.bots.read import Read, opp_info
from game.bots.variants import strategy_for
from game.rules import engine, tiles
from game.rules.actions import Action
from game.rules.match import Match
from game.rules.variants import get
from game.rules.view import view
from tests.bots.bot_util import play, start, until_turn

t = tiles.tile


def _ctx(st, seat):
    ctx = Ctx(view(st, seat))
    strat = strategy_for(ctx.variant)
    return ctx, strat


def test_weights_match_the_features():
    assert len(WEIGHTS) == NF


def test_a_tile_every_opponent_let_pass_is_safe():
    """过手胡: a tile discarded after an opponent's own last discard and not won on cannot win for it
    until its next draw, so the read gives it no deal-in chance at all."""
    hands = ["1m2m3m4m5m6m7m8m9m1p2p3p5s5s", "2s2s7s7s9s9s3s4s6s6s1p1m1m",
             "2s7s3m1p4p8p9p2m6m9m1s8s5m", "9s2p3p4p1s4s8s2m6m3p5p8p9p"]
    st = start("yuxi", hands, front="8m5m6p4m", dealer=0)
    play(st, [(0, "discard", "5s"), (1, "discard", "1p"), (2, "discard", "9m"), (3, "discard", "9s")])
    until_turn(st, 0)
    ctx, _strat = _ctx(st, 0)
    rd = Read(ctx)
    # 9s was discarded by seat 3 after seats 1 and 2 discarded, and nobody won on it
    pd, _loss = rd.risk(t("9s"))
    assert rd.chances(t("9s"))[:2] == [0.0, 0.0]
    assert pd < rd.risk(t("5m"))[0]
    assert rd.risk(t("1m"))[0] > 0.0


class _Fake:
    """A bare table for the read: seat 0 looks at two opponents."""

    def __init__(self, seats, dealer=0):
        self.n = len(seats)
        self.seat = 0
        self.seats = seats
        self.dealer = dealer
        self.live = [4] * 34
        self.drawable = 40


def _seat(discards, melds=()):
    return {"discards": [{"tile": t(x), "claimed_by": None} for x in discards],
            "melds": [{"kind": "pung", "faces": [t(m)] * 3, "tiles": [t(m)] * 3} for m in melds]}


def test_an_opponent_with_three_melds_and_many_discards_reads_as_ready_more_often():
    seats = [_seat(["1z", "9m", "1p", "2z", "9s", "3z", "8m", "7p", "1s"]),
             _seat(["2z", "1m", "9p", "4z", "1s", "8s", "9s", "2m"], melds=("2s", "5p", "7m")),
             _seat(["3z", "9m", "1p", "2z", "9s", "7z", "8m", "7p"])]
    rd = Read(_Fake(seats))
    ready = [pr for pr, _tf, _passed in rd.opps]
    assert ready[0] > ready[1] + 0.2
    assert len(opp_info(_Fake(seats))) == 2


def test_the_choice_keeps_the_lowest_shanten_and_defaults_to_the_normal_pick():
    """Over seeded 玉溪 hands: the fitted choice is always one of the fastest discards, never slower;
    with a single fastest discard it is the normal bot's pick."""
    v = get("yuxi")
    opts = v.resolve_options({})
    bots = [make_bot("normal", seed=s) for s in range(4)]
    seen = changed = 0
    for h in range(12):
        st, _ = Match(v, opts, f"adv:{h}", 1).start_hand()
        while st.end is None:
            seat = engine.acting_seats(st)[0]
            vw = view(st, seat)
            a = bots[seat].act(vw)
            if a.kind == "discard":
                ctx, strat = _ctx(st, seat)
                rows = scan(ctx, strat, strat.normal_routes(ctx), "all")
                pick = NormalBot.discard(bots[seat], ctx, strat, strat.normal_routes(ctx), rows).tile
                assert pick == a.tile
                c = choose(ctx, rows, pick)
                smin = min(r.shanten for r in rows)
                fastest = {r.tile for r in rows if r.shanten == smin}
                assert c in fastest
                if len(fastest) == 1:
                    assert c == pick
                seen += 1
                changed += c != pick
            engine.apply(st, a)
    assert seen > 100 and 0 < changed < seen // 2


def test_strong_waits_on_a_face_up_tail_tile_while_holding_a_triplet():
    """玉溪 杠上花 out: 1m1m1m 234p 567s 2345m 9m with 9m face up at the tail. Discarding 9m waits on
    2m/5m (the normal bot's pick: more tiles); discarding 2m or 5m waits on 9m alone, but then the
    fourth 1m, drawn or discarded by anyone, is a kong whose replacement is the face-up 9m: a
    self-drawn 杠上花 (2 from every player) - the 高手 keeps that out."""
    hands = ["1m1m1m2p3p4p5s6s7s2m3m4m5m9m", "3789m2468p13579s", "2468m13579p2468s", "3467m1367p1367s9s"]
    st = start("yuxi", hands, tail="9m8s", dealer=0)
    v = view(st, 0)
    assert make_bot("normal").act(v) == Action(0, "discard", t("9m")), "the scenario's efficient discard"
    a = make_bot("strong").act(v)
    assert a.kind == "discard" and a.tile in (t("2m"), t("5m"))


def test_strong_without_the_tail_tile_keeps_the_wider_wait():
    """The same hand with other tiles face up at the tail: nothing to gain, the wider wait stays."""
    hands = ["1m1m1m2p3p4p5s6s7s2m3m4m5m9m", "3789m2468p13579s", "2468m13579p2468s", "3467m1367p1367s9s"]
    st = start("yuxi", hands, tail="8s4p", dealer=0)
    assert make_bot("strong").act(view(st, 0)) == Action(0, "discard", t("9m"))


def _hopeless_table(drawable_left):
    """Seat 0 far from ready (1m3m4m5m7m 2p6p9p 9s9s 1s4s7s8s after drawing 4m); 9s was discarded by
    seat 3 after seats 1 and 2 had discarded and nobody won on it, so 9s is the safest tile."""
    hands = ["1m3m5m7m2p6p9p9s9s1s4s5s7s8s", "2s2s7s7s8p8p3s4s6s6s1p1m1m",
             "2s7s3m1p4p8p9p2m6m9m1s8s5m", "9s2p3p4p1s4s8s2m6m3p5p8p9p"]
    st = start("yuxi", hands, front="8m5m6p4m", dealer=0)
    play(st, [(0, "discard", "5s"), (1, "discard", "1p"), (2, "discard", "9m"), (3, "discard", "9s")])
    until_turn(st, 0)
    if drawable_left is not None:
        st.front = st.back - 20 - drawable_left  # the wall is nearly down to the 20-tile stop
    return st


def test_strong_plays_safe_once_the_hand_cannot_be_won():
    """Two or more tiles from ready with no draw of its own left before the 20-tile stop, the hand
    cannot be won any more: the 高手 breaks its 9s pair for the tile every opponent let pass."""
    st = _hopeless_table(drawable_left=2)
    v = view(st, 0)
    assert v["drawable"] < 4
    ctx, _strat = _ctx(st, 0)
    assert min(r.shanten for r in scan(ctx, _strat, _strat.normal_routes(ctx), "all")) >= 1
    assert make_bot("strong").act(v) == Action(0, "discard", t("9s"))


def test_strong_keeps_its_pair_while_the_hand_can_still_be_won():
    st = _hopeless_table(drawable_left=None)
    assert make_bot("strong").act(view(st, 0)) != Action(0, "discard", t("9s"))
