"""Wenshan flags through the engine: 天胡, 地胡, 杠上花, 海底捞月, and the chow options rule with wildcards.

Indicator 4z → wildcard 7z (中); 白 stands for 中. Dealer is seat 3.
"""

from game.rules import engine, scenario, tiles
from game.rules.actions import Action
from tests.helpers.scen import scenario_dict

t = tiles.tile
J0 = "19p19s23z66z28m5p8p9m"
J1 = "19p19s3z6z28m5p8p9m1z4p"
J2 = "11223344p5566s7s"


def start(hands, dealer=3, **kw):
    st, _ = scenario.start(scenario_dict("wenshan", hands, flip="4z", dealer=dealer, **kw))
    return st


def pats(st, i=0):
    return [p.key for p in st.wins[i].score.patterns]


def test_tian_hu_dealer_wins_dealt_hand():
    """天胡 硬功 自摸 = 12×2×2 = 48 from each player."""
    st = start([J0, J1, J2, "123m456p789s11122z"])
    assert Action(3, "hu") in engine.legal_actions(st, 3)
    engine.apply(st, Action(3, "hu"))
    assert pats(st) == ["tian_hu", "zi_mo", "ying_gong"]
    assert st.settlement.deltas == [-48, -48, -48, 144]


def test_di_hu_on_dealers_first_discard():
    """地胡: seat 0 wins the dealer's first discard 4s; 平胡 cancelled: 8×硬功 = 16 from each."""
    st = start(["123m456p789m56s11z", J0, J2, "4s369m258p36s13z28s2p"])
    engine.apply(st, Action(3, "discard", t("4s")))
    assert engine.acting_seats(st) == [0]  # both 0 and 2 could win: asked from the discarder's next seat
    engine.apply(st, Action(0, "hu"))
    assert pats(st) == ["di_hu", "ying_gong"] and st.wins[0].score.total == 16


def test_gang_shang_hua_after_concealed_kong():
    """杠上花: the dealer kongs 1m and wins on the replacement 4m: 4×自摸×硬功 = 16, plus 暗杠 2 each."""
    st = start([J0, J1, J2, "1111m456p789s11z23m"], back="4m")
    engine.apply(st, Action(3, "kong", t("1m")))
    assert st.seats[3].drawn == t("4m")
    engine.apply(st, Action(3, "hu"))
    assert pats(st) == ["gang_shang_hua", "zi_mo", "ying_gong"]
    assert st.settlement.deltas == [-18, -18, -18, 54]


def test_hai_di_last_drawable_tile():
    """海底捞月: seat 0 draws the last drawable tile 5m and wins: 4×自摸×硬功 = 16."""
    st = start(["123m456p789s46m11z", J1, J2, "4s369m258p36s13z28s2p"], front="5m", fill=False)
    engine.apply(st, Action(3, "discard", t("4s")))
    # seat 2 may win 4s (地胡) - it passes; seat 0 draws the last tile
    engine.apply(st, Action(2, "pass"))
    assert st.turn == 0 and st.variant.drawable(st) == 0
    engine.apply(st, Action(0, "hu"))
    assert pats(st) == ["hai_di", "zi_mo", "ying_gong"] and st.wins[0].score.total == 16


def test_exhaustive_draw_when_last_discard_not_won():
    st = start(["123m456p789s46m11z", J1, J2, "4s369m258p36s13z28s2p"], front="9p", fill=False)
    engine.apply(st, Action(3, "discard", t("4s")))
    engine.apply(st, Action(2, "pass"))
    engine.apply(st, Action(0, "discard", t("9p")))
    # only wins may be claimed after the last tile; nobody wins 9p -> 黄牌, dealer stays
    assert st.end == "draw" and st.variant.next_dealer(st) == 3


def _chows(st, seat):
    return sorted(x.tiles for x in engine.legal_actions(st, seat) if x.kind == "chow")


def test_chow_one_wildcard_all_combinations_offered():
    """One wildcard in hand: every chow with or without it is offered (seed rule)."""
    st = start(["34m6m7z19p19s23z66z8p", J1, J2, "5m369m258p36s13z28s2p"])
    engine.apply(st, Action(3, "discard", t("5m")))
    got = _chows(st, 0)
    W = t("7z")
    m = t
    want = sorted([
        (m("3m"), m("4m"), m("5m")), (m("3m"), W, m("5m")), (W, m("4m"), m("5m")),
        (m("4m"), m("5m"), m("6m")), (W, m("5m"), m("6m")), (m("4m"), m("5m"), W),
        (m("5m"), m("6m"), W),
    ])
    assert got == want


def test_chow_two_wildcards_only_one_used_when_possible():
    """Several wildcards: a two-wildcard chow is only offered when no one-wildcard chow exists."""
    st = start(["3m77z19p19s23z66z8p9m", J1, J2, "5m369m258p36s13z28s2p"])
    engine.apply(st, Action(3, "discard", t("5m")))
    # the two wildcards could pung 5m: one prompt offers the pung and the chow together (issue 15)
    assert any(a.kind == "pung" for a in engine.legal_actions(st, 0))
    assert _chows(st, 0) == [(t("3m"), t("7z"), t("5m"))]


def test_chow_two_wildcards_when_nothing_else():
    st = start(["77z19p19s23z66z8p9m1s", J1, J2, "5m369m258p36s13z28s2p"])
    engine.apply(st, Action(3, "discard", t("5m")))
    assert any(a.kind == "pung" for a in engine.legal_actions(st, 0))  # offered in the same prompt
    W = t("7z")
    assert _chows(st, 0) == sorted([(W, W, t("5m")), (W, t("5m"), W), (t("5m"), W, W)])


def test_chow_written_by_faces_takes_fewest_substitutes():
    """A scenario may write a chow by its faces (345m): the natural tiles are used when held."""
    st = start(["34m6m7z19p19s23z66z8p", J1, J2, "5m369m258p36s13z28s2p"])
    engine.apply(st, Action(3, "discard", t("5m")))
    engine.apply(st, Action(0, "chow", None, tuple(tiles.parse("345m"))))
    assert st.seats[0].melds[0].tiles == tuple(tiles.parse("345m"))
