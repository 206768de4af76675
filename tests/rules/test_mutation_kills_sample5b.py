"""Contracts the fifth fresh mutation sample (docs/mutation-fresh.json, seed 136743028, survivors 10-18) found
unguarded (issue 42): a wenshan pung made with one natural tile and one of two wildcards, the 责任乌骨鸡 of a
claimed first 8p after a 冲锋鸡 1s, seven pairs that needs exactly 14 tiles, and yuxi's 十风/十三幺 progress
once one of the seat's discards was claimed or the seat made a meld."""

from __future__ import annotations

import pytest

from game.rules import tiles
from game.rules.kinds import MeldKind
from game.rules.state import Discard, Meld
from game.rules.variants import wenshan_shapes
from tests.rules.chicken_hands import Z_SEAT1, Z_SEAT3
from tests.rules.chicken_util import act as chicken_act
from tests.rules.chicken_util import start as chicken_start
from tests.rules.wenshan_util import H1, H2
from tests.rules.wenshan_util import act as wenshan_act
from tests.rules.wenshan_util import kinds as wenshan_kinds
from tests.rules.wenshan_util import start as wenshan_start
from tests.rules.yuxi_util import start as yuxi_start

t = tiles.tile


def test_wenshan_pung_with_one_natural_and_one_of_two_wildcards():
    """wenshan.md (claims with substitutes: pung/kong with the fewest substitutes): seat 0 holds one 9p and two
    wildcards 中 (indicator 北); on the dealer's 9p it may pung, taking its 9p and one 中 (one substitute) and
    keeping the other 中 in hand (base.pick asks the second server only for what is still missing)."""
    st = wenshan_start(["9p77z19m1s23z66z28m4s", H1, H2, "9p369m258p36s13z28s2p"], front="5m2s1p")
    wenshan_act(st, 3, "discard", "9p")
    assert "pung" in wenshan_kinds(st, 0)
    wenshan_act(st, 0, "pung")
    m = st.seats[0].melds[0]
    assert (m.face, sorted(m.tiles), m.subs) == (t("9p"), sorted(tiles.parse("9p9p7z")), 1)
    assert st.seats[0].counts[t("7z")] == 1


def test_guiyang_ze_ren_wu_gu_ji_after_a_chong_feng_ji():
    """chicken.md 冲锋鸡 / 责任鸡 (each default chicken on its own): dealer 0's first 1s goes unclaimed (冲锋鸡,
    seat 0's); seat 1's first 8p is then punged by seat 2 (责任乌骨鸡: seat 1 answers to seat 2). The public
    record names both, the 8p's responsibility even though the 1s was already settled as a 冲锋."""
    hands = ["1s1p4p7p2m5m9m3s6s9s2p6p9p8m", Z_SEAT1, "8p8p234m567m345p9p5s", Z_SEAT3]
    st = chicken_start("guiyang", hands, front="8p4m7s4p8s")
    chicken_act(st, 0, "discard", "1s")
    chicken_act(st, 1, "discard", "8p")
    chicken_act(st, 1, "pass")  # seat 1 is ready (waits 1p/4p) and does not declare it
    chicken_act(st, 2, "pung")
    pi = st.variant.public_info(st, 0)
    assert pi["chong_feng"] == {"1s": 0}
    assert pi["ze_ren"] == {"8p": [1, 2]}


@pytest.mark.parametrize("hand, jokers", [
    ("11m22m33m44m55m66p", 1),  # 12 tiles + 1 joker = 13
    ("11m22m33m44m55m66p7s", 0),  # 13 tiles
    ("11m22m33m44m55m66p7s7s", 1),  # 14 tiles + 1 joker = 15
    ("11m22m", 0),  # 4 tiles
])
def test_wenshan_seven_pairs_needs_exactly_fourteen_tiles(hand, jokers):
    """wenshan.md 小七对 (seven pairs, concealed): fourteen tiles, wildcards included; wenshan_shapes.seven_pairs_quads
    answers -1 ("not seven pairs") for any other number, so a caller asking about a hand of the wrong size never
    gets a quadruple count (in play wenshan_score asks only about 14-tile concealed hands)."""
    assert wenshan_shapes.seven_pairs_quads(tiles.counts(tiles.parse(hand)), jokers) == -1


def _yuxi_seat_with_honor_discards():
    """Seat 1 of a yuxi hand with 有风 that has let three honors go: its 十风 / 十三幺 progress is 3."""
    st = yuxi_start([None, None, None, None], options={"with_honors": True})
    s = st.seats[1]
    s.discards = [Discard(t("1z")), Discard(t("2z")), Discard(t("3z"))]
    assert st.variant.sequence_progress(st, 1) == {"shi_feng": 3, "shi_san_yao": 3}
    return st, s


def test_yuxi_sequence_broken_by_a_claimed_discard():
    """yuxi.md 十风 / 十三幺: none of the first discards may be claimed. Seat 1 (no melds) let 东 南 西 go and
    seat 2 punged its 南: both sequences are broken, the public progress is None."""
    st, s = _yuxi_seat_with_honor_discards()
    s.discards[1] = Discard(t("2z"), claimed_by=2)
    assert st.variant.sequence_progress(st, 1) == {"shi_feng": None, "shi_san_yao": None}


def test_yuxi_sequence_broken_by_a_meld():
    """yuxi.md 十风 / 十三幺: the player may make no chow, pung or kong. Seat 1's three honor discards are all
    unclaimed, but it punged 5m: both sequences are broken, the public progress is None."""
    st, s = _yuxi_seat_with_honor_discards()
    s.melds = [Meld(MeldKind.PUNG, (t("5m"),) * 3, (t("5m"),) * 3, from_seat=0, claimed=0)]
    assert st.variant.sequence_progress(st, 1) == {"shi_feng": None, "shi_san_yao": None}
