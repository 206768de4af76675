"""Wenshan's hand shapes (game/rules/variants/wenshan_shapes.py) and the yuxi variant in situations their first
tests left open (issue 42: every mutant of wenshan_shapes.py and decompose.py, then seeded samples of yuxi.py's):
the readings a hand with wildcards and 白 offers, strict and soft 烂牌 with jokers, 龙七对 quadruples made with four
jokers, five of a kind with a joker, an honors-only hand that is no suit (wenshan.md 翻小鸡, 烂牌, 七对 and 龙七对,
清一色); a 双杠五梅花 chain through the left tail tile, no blind kong at the 20-tile stop with 抄底, a third kong
not made when it wins no more, the blind draw's event, 十风/十三幺 progress, event and payers, a plain self-draw,
waits with a pung and no refused win for a hand that cannot win (yuxi.md 翻屁股, 抄底, End, 十风, 十三幺, Score)."""

from __future__ import annotations

import pytest

from game.rules import engine, scenario, tiles
from game.rules.events import EventType
from game.rules.variants import wenshan_shapes
from game.rules.view import view
from tests.rules.yuxi_util import FENG_ORDER, V, sequence_game, short_wall
from tests.rules.yuxi_util import act as yuxi_act
from tests.rules.yuxi_util import kinds as yuxi_kinds
from tests.rules.yuxi_util import pass_others as yuxi_pass
from tests.rules.yuxi_util import run as yuxi_run
from tests.rules.yuxi_util import start as yuxi_start

t = tiles.tile
WHITE = wenshan_shapes.WHITE  # 白 is 5z


def _counts(hand):
    return tiles.counts(tiles.parse(hand))


def _readings(hand, wild, *fixed):
    """Each reading as (its tiles, its 白 left, jokers, natural)."""
    out = []
    for c, jokers, natural in wenshan_shapes.readings(_counts(hand), t(wild), *fixed):
        assert min(c) >= 0, "a reading never holds a negative count"
        out.append((tiles.fmt(sorted(k for k in range(tiles.NUM_KINDS) for _ in range(c[k]))), c[WHITE], jokers,
                    natural))
    return out


def test_readings_free_the_wildcard_and_let_each_white_stand_for_its_face():
    """wenshan.md 翻小鸡: with wildcard 4m, a hand holding one 4m and two 白 reads as itself (硬功 possible), then
    with the 4m free and none, one or both 白 standing for 4m: four readings, no more (never a negative 白)."""
    assert _readings("4m55z123p", "4m") == [
        ("4m123p55z", 2, 0, True),
        ("123p55z", 2, 1, False),
        ("4m123p5z", 1, 1, False),
        ("44m123p", 0, 1, False),
    ]


def test_readings_with_white_as_the_wildcard_free_every_white_once():
    """wenshan.md 翻小鸡: "if the wildcard is 白 itself, the 白 are the jokers and nothing else substitutes": two 白
    give the natural reading and the one with both free (no copy fixed by default), nothing else; with both fixed
    (claimed tiles count as their face) only the natural reading is left."""
    assert _readings("55z123p", "5z") == [("123p55z", 2, 0, True), ("123p", 0, 2, False)]
    assert _readings("55z123p", "5z", 2) == [("123p55z", 2, 0, True)]


@pytest.mark.parametrize("hand", ["15m258p369s123456z", "13m258p369s123456z"])
def test_strict_lan_takes_a_suit_from_one_group_only(hand):
    """wenshan.md 烂牌: per suit the numbers come from one of {1,4,7},{2,5,8},{3,6,9}: 1m with 5m (or with 3m) is
    no 烂牌 without 软烂; with 软烂 1m 5m (4 apart) is, 1m 3m (2 apart) is not."""
    c = _counts(hand)
    assert not wenshan_shapes.lan(c, 0, False)
    assert wenshan_shapes.lan(c, 0, True) == (hand[:2] == "15")


@pytest.mark.parametrize("soft", [False, True])
def test_lan_joker_fills_an_absent_suit(soft):
    """wenshan.md 烂牌 ("a suit may ... be absent"): 147p 258s and all seven honors plus one joker is 烂牌 (the
    joker becomes any man tile); the room of every suit counts, not only the last one's (s has none left)."""
    assert wenshan_shapes.lan(_counts("147p258s1234567z"), 1, soft)


def test_soft_lan_with_no_room_for_the_jokers_is_no_lan():
    """wenshan.md 烂牌 with 软烂: 37m 37p 37s (no number is 3 away from both 3 and 7) and four honors plus four
    jokers: three jokers become honors, the fourth has no distinct tile left: 13 distinct tiles, no 烂牌."""
    assert not wenshan_shapes.lan(_counts("37m37p37s1234z"), 4, True)


@pytest.mark.parametrize(("hand", "quads"), [
    ("11m22m33m4444m", 3),  # 4444m, and two jokers lift each of two pairs: 三龙七对
    ("1m2m3333m4444m", 3),  # two jokers pair the singles, two lift one of them to four
    ("11m2222m3333m", 3),
    ("11m22m33m44m55m", 2),  # the jokers lift two of the five pairs
    ("1m2m33m44m5555m", 2),  # two jokers pair the singles, two lift one pair
])
def test_seven_pairs_quadruples_made_with_four_jokers(hand, quads):
    """wenshan.md 龙七对 ("wildcards and 白 may complete any pattern, including a quadruple"): ten tiles plus four
    jokers as seven pairs; the most quadruples the jokers can make (at most 3: 三龙七对)."""
    assert wenshan_shapes.seven_pairs_quads(_counts(hand), 4) == quads


def test_five_of_a_kind_with_a_joker_is_a_standard_hand():
    """wenshan.md 翻小鸡 (a claimed wildcard counts as its face, 白 stand for it): five 1m (a reading with 白 as
    1m), 23m 456p 789p and one joker is 平胡: 111m 123m 1m+joker 456p 789p."""
    assert wenshan_shapes.standard(_counts("11111m23m456p789p"), 1)


@pytest.mark.parametrize("hand", ["111z", "11z22z", "1z"])
def test_honors_only_are_no_suit(hand):
    """wenshan.md 清一色 ("every tile of one suit"; honors are no suit): non-joker tiles that are only 东 (or 东 and
    南) give -2, like any honor."""
    assert wenshan_shapes.one_suit(_counts(hand)) == -2


# ---- yuxi (玉溪扳倒胡, yuxi.md): the seed-2807125210 sample of yuxi.py's mutants ----------------------------------


def test_yuxi_tail_take_keeps_the_other_face_up_tile_for_the_chain():
    """yuxi.md 翻屁股 and 双杠五梅花: after 暗杠 1s the face-up 5p (right) would win 杠上五梅花 2^2 = 4, the face-up 2p
    (left) only 杠上花 but makes 2222p; konging it and taking the other face-up tile, 5p, wins 双杠五梅花 2^4 = 16.
    The plan keeps 5p in view after taking 2p, so 2p is taken: 16 from each other player."""
    st = yuxi_run(["1111s222p34p678s99s", None, None, None], [[0, "kong", "1s"]], tail="2p5p", back="9m")
    w = st.wins[0]
    assert [tiles.fmt(m.tiles) for m in st.seats[0].melds] == ["1111s", "2222p"]
    assert tiles.name(w.tile) == "5p" and w.score.main_key == "shuang_wu_mei_hua" and w.score.total == 16
    assert st.settlement.deltas == [48, -16, -16, -16]


def test_yuxi_chao_di_no_blind_kong_once_the_wall_is_at_the_stop():
    """yuxi.md End and 抄底 ("past the stop ... no blind draw"): with 抄底 on and tail tiles that complete nothing,
    seat 1 holding 1111s may kong after drawing at 21 tiles left; seat 2 holding 5555s, drawing the tile that brings
    the wall to 20, may not (a kong's replacement would be a blind draw past the stop)."""
    front = "5p9p" + "4m5m6m7m8m2p3p4p6p7p8p2s3s4s6s7s8s3m"
    st, _ = scenario.start(short_wall(["1p+", "1111s+", "5555s+", None], front=front, options={"chao_di": True}))
    yuxi_act(st, 0, "discard", "1p")
    yuxi_pass(st)
    assert st.turn == 1 and st.remaining == 21 and "kong" in yuxi_kinds(st, 1)
    yuxi_act(st, 1, "discard", "5p")
    yuxi_pass(st)
    assert st.turn == 2 and st.remaining == 20 and "kong" not in yuxi_kinds(st, 2)


def test_yuxi_shi_feng_event_and_progress_are_public():
    """yuxi.md 十风 (有风) and its 小灯泡 (progress public): after the dealer's 9th honor discard every view's public
    "sequence" shows 9 for both 十风 and 十三幺 (the others threw suited tiles, some 2-8: None, broken); the
    automatic win after the 10th emits a sequence-win event naming seat 0 and the pattern shi_feng."""
    hands = ["1234567z1234z258m", None, None, None]
    st = sequence_game(hands, FENG_ORDER, {"with_honors": True}, 10, won_at=9)
    yuxi_pass(st)
    rest = [{"shi_feng": None, "shi_san_yao": None}] * 3
    assert view(st, 2)["public"]["sequence"] == [{"shi_feng": 9, "shi_san_yao": 9}, *rest]
    assert view(st, 2)["public"]["stop"] == 20
    emitted = []
    while st.turn != 0 or st.phase != "turn":
        tile = st.seats[st.turn].drawn
        emitted += yuxi_act(st, st.turn, "discard", tiles.name(tile))[1]
        yuxi_pass(st)
    emitted += yuxi_act(st, 0, "discard", "3z")[1]
    while st.end is None:
        emitted += yuxi_act(st, engine.acting_seats(st)[0], "pass")[1]
    w = st.wins[0]
    assert st.end == "win" and w.score.main_key == "shi_feng" and tiles.name(w.tile) == "3z"
    assert w.score.payments == {1: 2, 2: 2, 3: 2}  # paid as a self-draw: the three others, never the winner
    assert [e for e in emitted if e["type"] == EventType.SEQUENCE_WIN] == [
        {"type": EventType.SEQUENCE_WIN, "seat": 0, "pattern": "shi_feng"}]


def test_yuxi_shi_san_yao_progress_reads_13_once_complete():
    """yuxi.md 十三幺 and its 小灯泡: the dealer's 13 discards are all 1/9 (2 players), none claimed: after the
    automatic win the public progress reads 13 (complete, not broken)."""
    hands = ["19m19p19s19m19p19s1m5p", None]
    order = "1m9m1p9p1s9s1m9m1p9p1s9s1m"
    st = sequence_game(hands, order, {"players": 2}, 13, front_ok=lambda k: k < 27 and k % 9 not in (0, 8))
    assert st.wins[0].score.main_key == "shi_san_yao"
    assert view(st, 1)["public"]["sequence"][0] == {"shi_feng": None, "shi_san_yao": 13}


def test_yuxi_chao_di_blind_draw_is_announced_for_the_konging_seat():
    """yuxi.md 抄底 (on): no face-up tile (9m 8m) completes the hand after 暗杠 1m, so the replacement is a blind draw
    from the front (5s): the kong emits a blind-draw event naming seat 0."""
    st = yuxi_start(["1111m234p567p789s5s", None, None, None], tail="9m8m", front="5s", options={"chao_di": True})
    emitted = yuxi_act(st, 0, "kong", "1m")[1]
    assert [e for e in emitted if e["type"] == EventType.BLIND_DRAW] == [{"type": EventType.BLIND_DRAW, "seat": 0}]
    assert st.seats[0].drawn == t("5s")


def test_yuxi_chao_di_third_kong_not_made_when_it_wins_no_more():
    """yuxi.md 抄底 and 双杠上花 ("also covers three or more kongs in a row"): 暗杠 1m (blind 1s), 暗杠 9m; the
    face-up 6p wins 双杠上花 2^(0+2) = 4 and makes 6666p, and konging it for the face-up 9p would also be 双杠上花,
    no more: the win is taken at once (equal value: the win first), with 6p and two kongs."""
    st = yuxi_start(["1111m9999m666p78p1s", None, None, None], tail="6p9p", front="1s", back="3m",
                    options={"chao_di": True})
    yuxi_act(st, 0, "kong", "1m")
    assert st.seats[0].drawn == t("1s")
    yuxi_act(st, 0, "kong", "9m")
    w = st.wins[0]
    assert [tiles.fmt(m.tiles) for m in st.seats[0].melds] == ["1111m", "9999m"]
    assert tiles.name(w.tile) == "6p" and w.score.main_key == "shuang_gang_hua" and w.score.total == 4


def test_yuxi_plain_self_draw_is_ping_hu_one_point_from_each_other_player():
    """yuxi.md Score: seat 1 draws its 9p (no kong) and wins 平胡 2^0 = 1 from each other player, no 杠上花; the
    dealer's discard before it raises no refused win for the seats that cannot win on it."""
    st = yuxi_start([None, "123m456m789m123p9p", None, None], front="9p")
    emitted = yuxi_act(st, 0, "discard", tiles.name(st.seats[0].concealed()[0]))[1]
    yuxi_pass(st)
    assert st.turn == 1 and st.seats[1].drawn == t("9p")
    yuxi_act(st, 1, "hu")
    w = st.wins[0]
    assert [p.key for p in w.score.patterns] == ["ping_hu"] and w.score.total == 1
    assert w.score.payments == {0: 1, 2: 1, 3: 1}
    assert st.settlement.deltas == [-1, 3, -1, -1]
    assert not [e for e in emitted if e["type"] == EventType.REFUSED_WIN]


def test_yuxi_waits_with_a_pung_and_no_refusal_for_it():
    """yuxi.md (sets and a pair, melds allowed): seat 1 pungs 4s and throws 7m; its 10 concealed tiles 123p 456p 789p
    5m wait on 5m. Seat 2's 9s then is no win for seat 1 and raises no refused win."""
    hands = ["4s123m456m789m23s99p", "44s123p456p789p5m7m", None, None]
    st = yuxi_start(hands, front="9s")
    yuxi_act(st, 0, "discard", "4s")
    yuxi_act(st, 1, "pung")
    yuxi_act(st, 1, "discard", "7m")
    yuxi_pass(st)
    assert V.waits(st, 1) == [t("5m")]
    assert st.turn == 2 and st.seats[2].drawn == t("9s")
    emitted = yuxi_act(st, 2, "discard", "9s")[1]
    assert not [e for e in emitted if e["type"] == EventType.REFUSED_WIN]



# 暗杠 1s; the hand 111p 23p 55p 678p wins on 1p (杠上花, and 1111p could be konged: 23p 55p 678p then waits on
# 1p and 4p) and on 5p (111p 23p 555p 678p, 杠上五梅花)
TAIL_HAND = ["1111s1112355678p", None, None, None]


def test_yuxi_taken_tail_tile_is_gone_from_the_plan():
    """yuxi.md 翻屁股 (the taken tile leaves the wall, the next one turns up): face-up 1p (left) and 5p, then 9m. 1p
    wins 杠上花 2^1; konging 1111p would need a fifth 1p, and neither 9m nor 5p then wins: 1p is worth 1 番. 5p wins
    杠上五梅花 2^2 = 4 and is taken."""
    st = yuxi_run(TAIL_HAND, [[0, "kong", "1s"]], tail="1p5p", back="9m")
    w = st.wins[0]
    assert [tiles.fmt(m.tiles) for m in st.seats[0].melds] == ["1111s"]
    assert tiles.name(w.tile) == "5p" and w.score.main_key == "wu_mei_hua" and w.score.total == 4


def test_yuxi_equal_values_take_the_left_tail_tile():
    """yuxi.md decision "if both do, the one giving the higher value is taken (the left slot on a tie)": face-up 5p
    (left) and 1p, then 4p. 5p wins 杠上五梅花 2^2; 1p would be 杠上花, or 双杠上花 2^2 after 1111p and the 4p:
    equal, so the left 5p is taken and won on at once (4 from each)."""
    st = yuxi_run(TAIL_HAND, [[0, "kong", "1s"]], tail="5p1p", back="4p")
    w = st.wins[0]
    assert [tiles.fmt(m.tiles) for m in st.seats[0].melds] == ["1111s"]
    assert tiles.name(w.tile) == "5p" and w.score.main_key == "wu_mei_hua" and w.score.total == 4
