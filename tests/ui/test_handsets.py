"""The winner's hand in its sets (issue 40.2): four sets and a pair or seven pairs, a wildcard or 白 standing
in shown with the face it took; 硬功 shows no substitute; hands without sets are not split."""

from __future__ import annotations

from game.rules import tiles
from game.ui.table.handsets import arrange


def faces(groups) -> list[str]:
    return ["".join(tiles.name(t) if t == f else f"{tiles.name(t)}={tiles.name(f)}" for t, f in g.tiles)
            for g in groups]


def test_a_plain_hand_is_four_sets_and_the_pair_last():
    assert faces(arrange(tiles.parse("11123m456p789s999p"), ["ping_hu"])) == ["1m2m3m", "4p5p6p", "9p9p9p",
                                                                            "7s8s9s", "1m1m"]


def test_the_wildcard_shows_the_face_it_stands_for():
    """wenshan.md: with 小鸡 4m, the 4m completes 7-8-(9) Bamboo or 6-7-8; either way it is marked with its face."""
    groups = arrange(tiles.parse("123m456p78s4m999s11z"), ["ping_hu"],
                     wildcard=tiles.tile("4m"), standin=tiles.tile("5z"))
    assert len(groups) == 5 and sum(g.substitutes for g in groups) == 1
    (sub,) = [g for g in groups if g.substitutes]
    assert [t for t, f in sub.tiles if t != f] == [tiles.tile("4m")] and sub.kind == "chow"


def test_a_white_stands_for_the_wildcards_face_when_it_must():
    """小鸡 9s: the 白 (5z) completes 7-8-(9) Bamboo as the wildcard's face; the 9s themselves are their own face."""
    groups = arrange(tiles.parse("123m456p78s5z999s11z"), ["ping_hu"],
                     wildcard=tiles.tile("9s"), standin=tiles.tile("5z"))
    assert faces(groups) == ["1m2m3m", "4p5p6p", "7s8s5z=9s", "9s9s9s", "1z1z"]


def test_whites_that_are_themselves_stay_themselves():
    groups = arrange(tiles.parse("123m456p789s99s5z5z5z"), ["ping_hu"],
                     wildcard=tiles.tile("4m"), standin=tiles.tile("5z"))
    assert "5z5z5z" in faces(groups) and not any(g.substitutes for g in groups)


def test_ying_gong_shows_no_substitute():
    """硬功: a wildcard used as its own face is no substitute; a reading that needs one is not the scored one."""
    groups = arrange(tiles.parse("123m456p789s4m4m4m1z1z"), ["ping_hu", "ying_gong"], wildcard=tiles.tile("4m"),
                     standin=tiles.tile("5z"))
    assert "4m4m4m" in faces(groups) and not any(g.substitutes for g in groups)


def test_seven_pairs_with_four_alike_are_pairs():
    assert faces(arrange(tiles.parse("1111m33p55p77s99s22z"), ["long_qi_dui"])) == \
        ["1m1m", "1m1m", "3p3p", "5p5p", "7s7s", "9s9s", "2z2z"]


def test_seven_pairs_with_a_wildcard_pairs_it_with_a_single_tile():
    groups = arrange(tiles.parse("1133m557p6699s2z2z4m"), ["qi_dui"], wildcard=tiles.tile("4m"))
    assert len(groups) == 7 and "7p4m=7p" in faces(groups)


def test_hands_without_sets_are_not_split():
    (g,) = arrange(tiles.parse("147m258p369s12345z"), ["lan"])
    assert g.kind == "tiles" and len(g.tiles) == 14
