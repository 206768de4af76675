"""Bot decisions with one clearly right answer, on views of real engine states in every variant."""

import pytest

from game.bots import make_bot
from game.rules import tiles
from game.rules.actions import Action
from game.rules.view import view
from tests.bots.bot_util import decide, play, start, until_turn

t = tiles.tile
SKILLED = ("normal", "strong")
ALL = ("easy", "normal", "strong")


# ---- wenshan: indicator 4z → wildcard 7z (中), 白 stands for 中 --------------------------------------------
# seat 2 waits 4s (平胡) and 7s (小七对); dealer 3
W_HANDS = ["4s19m19p19s123z66z8p", "47s19m19p1s23z66z28m", "11223344m5566s7s", "4s369m258p36s13z28s2p"]


@pytest.mark.parametrize("level", ALL)
def test_wenshan_takes_the_discard_win(level):
    st = start("wenshan", W_HANDS, front="5m9p1p", flip="4z", dealer=3)
    play(st, [(3, "discard", "2p"), (0, "discard", "4s")])
    assert decide(st, 2, level).kind == "hu"


@pytest.mark.parametrize("level", ALL)
def test_wenshan_takes_the_self_draw(level):
    st = start("wenshan", W_HANDS, front="5m9p7s", flip="4z", dealer=3)
    play(st, [(3, "discard", "2p"), (0, "discard", "8p"), (1, "discard", "2m")])
    until_turn(st, 2)
    assert decide(st, 2, level).kind == "hu"


@pytest.mark.parametrize("level", ALL)
def test_wenshan_keeps_the_wildcard(level):
    """The lone 北 (the 小鸡) looks like the most useless tile; it is the best one."""
    hands = ["4z1m2m7m2p5p8p3s6s9s1z2z6z7z", "1122m3344p5566s1z", "1122p3344s5566m2z", "1122s3344m5566p3z"]
    for seed in range(3):
        st = start("wenshan", hands, flip="3z", dealer=0)  # 西 → wildcard 北
        a = decide(st, 0, level, seed)
        assert a.kind == "discard" and a.tile != t("4z")


@pytest.mark.parametrize("level", SKILLED)
def test_wenshan_passes_a_pung_that_breaks_a_ready_seven_pairs(level):
    """Seat 1 holds six pairs and waits on 9s for 小七对; punging 2m would leave a far worse hand."""
    hands = ["2m5m8m3p6p9p1s4s7s1z3z5z6z7z", "2m2m4m4m6p6p8p8p3s3s5s5s9s", "1379m1379p179s12z", "13579m1379p289s4z"]
    st = start("wenshan", hands, flip="4z", dealer=0)
    play(st, [(0, "discard", "2m")])
    v = view(st, 1)
    assert any(a.kind == "pung" for a in v["legal"])
    assert decide(st, 1, level).kind == "pass"


# ---- yuxi ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("level", ALL)
def test_yuxi_takes_the_discard_win(level):
    hands = ["159m159p159s2468m9s", "123m456p789s1122s", "13579m2468p1357s", "2468m13579p2468s"]
    st = start("yuxi", hands, dealer=0)
    play(st, [(0, "discard", "1s")])
    assert decide(st, 1, level).kind == "hu"


@pytest.mark.parametrize("level", SKILLED)
def test_yuxi_kongs_for_the_face_up_tail_tile(level):
    """With 抄底 off a kong is offered only when a face-up tail tile wins: 杠上花, always taken."""
    hands = ["5555m123p456p789s1s", "1379m2468p13579s", "2468m13579p2468s", "1347m1367p1367s9s"]
    st = start("yuxi", hands, tail="1s9m", dealer=0)
    v = view(st, 0)
    assert any(a.kind == "kong" for a in v["legal"])
    assert decide(st, 0, level).kind == "kong"


def test_yuxi_strong_does_not_feed_a_visible_flush_when_far():
    """Seat 1 shows three 条 pungs (ready on 5s); seat 0 is two tiles from ready with a loose 5s.
    The most efficient discard is that 5s (the normal bot's); the strong bot keeps out of the 条."""
    hands = ["9m1m2m4m5m7m8m2p3p6p9p5p5s1p", "2s2s7s7s9s9s3s4s6s6s1p1m1m",
             "2s7s3m1p4p8p9p2m6m9m1s8s5m", "9s2p3p4p1s4s8s2m6m3p5p8p9p"]
    st = start("yuxi", hands, front="8m5m6p4m1s9p2p9m", dealer=0)
    play(st, [(0, "discard", "9m"), (1, "discard", "1m"), (2, "discard", "2s"), (1, "pung"),
              (1, "discard", "1p"), (2, "discard", "7s"), (1, "pung"), (1, "discard", "1m"),
              (2, "discard", "3m"), (3, "discard", "9s"), (1, "pung"), (1, "discard", "8m"),
              (2, "discard", "1s"), (3, "discard", "1s")])
    until_turn(st, 0)
    v = view(st, 0)
    assert [m["faces"][0] for m in v["seats"][1]["melds"]] == [t("2s"), t("7s"), t("9s")]
    assert make_bot("normal").act(v) == Action(0, "discard", t("5s")), "the scenario's efficient discard"
    for seed in range(3):
        a = decide(st, 0, "strong", seed)
        assert a.kind == "discard" and a.tile // 9 != 2, f"fed the 条 flush with {tiles.name(a.tile)}"


# ---- the chicken games -------------------------------------------------------------------------------------

READY = "123m456m789m11p45s9p"  # the dealer discards 9p: waits 3s/6s
OTHERS = ["13579m2468p1357s", "2468m13579p2468s", "1357m1357p24679s"]


@pytest.mark.parametrize("variant", ["guiyang", "zhuoji"])
@pytest.mark.parametrize("level", SKILLED)
def test_chicken_declares_ready_on_the_first_discard(variant, level):
    st = start(variant, [READY, *OTHERS], dealer=0)
    play(st, [(0, "discard", "9p")])
    assert st.phase == "declare"
    assert decide(st, 0, level).kind == "declare_ready"


@pytest.mark.parametrize("variant", ["guiyang", "zhuoji"])
@pytest.mark.parametrize("level", ALL)
def test_chicken_takes_a_self_draw(variant, level):
    st = start(variant, [READY, *OTHERS], front="2m3m5m6s", dealer=0)
    play(st, [(0, "discard", "9p"), (1, "discard", "1m"), (2, "discard", "2m"), (3, "discard", "1m")])
    until_turn(st, 0)
    assert decide(st, 0, level).kind == "hu"


@pytest.mark.parametrize("variant", ["guiyang", "zhuoji"])
@pytest.mark.parametrize("level", SKILLED)
def test_chicken_passes_a_pung_that_breaks_a_ready_seven_pairs(variant, level):
    """七对 (10 or 15) ready on 9s; a pung of 2m would trade it for a far hand."""
    hands = ["2m5m8m3p6p9p1s4s7s1m3m5m6m7m", "2m2m4m4m6p6p8p8p3s3s5s5s9s", "13579m2468p1357s", "4689m13579p2468s"]
    st = start(variant, hands, dealer=0)
    play(st, [(0, "discard", "2m")])
    assert any(a.kind == "pung" for a in view(st, 1)["legal"])
    assert decide(st, 1, level).kind == "pass"


def test_yuxi_strong_goes_for_ten_winds_with_the_honors_in_hand():
    """有风: nine honors in the opening hand - ten honor discards win 十风 by themselves (2 from each)."""
    hands = ["1z1z2z2z3z4z5z6z7z1m5m9m3p8s", "13579m2468p1357s", "2468m13579p2468s", "1347m1367p1367s9s"]
    st = start("yuxi", hands, options={"with_honors": True}, dealer=0)
    a = decide(st, 0, "strong")
    assert a.kind == "discard" and a.tile >= t("1z")
    assert ctx_counts_after(st, a)[a.tile] == 0, "a lone honor goes first, the pairs stay"


def ctx_counts_after(st, a):
    counts = list(st.seats[0].counts)
    counts[a.tile] -= 1
    return counts
