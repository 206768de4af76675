"""Contracts the fourth fresh mutation sample (docs/mutation-fresh.json, seed 1032078607) found unguarded (issue 42):
the 记牌器 during a rob window, waits with eight or more jokers, shanten that never counts a fifth copy, the tail
flip event's slot, the 跟冲 chickens on the 鸡 panel and the one-line message of a non-numeric option."""

from __future__ import annotations

import pytest

from game.rules import analysis, engine, tiles
from game.rules.advice import tracker
from game.rules.fowl_view import outlook
from game.rules.options import OptionError
from game.rules.variants import get
from game.rules.view import view
from tests.helpers.words import en
from tests.rules.chicken_hands import play_c
from tests.rules.wenshan_util import rob_window
from tests.rules.yuxi_util import act as yuxi_act
from tests.rules.yuxi_util import start as yuxi_start

t = tiles.tile


def _counts(text: str) -> list[int]:
    return tiles.counts(tiles.parse(text))


def test_the_tracker_counts_the_tile_offered_for_robbing_as_seen():
    """记牌器 (advice.tracker: "a tile offered for robbing" is seen): wenshan, seat 1 pungs 4s and later adds its
    fourth 4s (补杠); seat 2, asked whether to rob it, sees the three 4s of the pung and the offered one, so no 4s
    is unseen for it."""
    st = rob_window()
    assert st.phase == "rob" and engine.acting_seats(st) == [2]
    vw = view(st, 2)
    assert vw["offer"] == {"tile": t("4s"), "from": 1, "kind": "rob"}
    assert tracker(vw)[t("4s")] == 0


def test_waits_with_eight_jokers_include_the_standard_shape():
    """analysis.waits_shapes (the slow path taken from FAST_JOKERS = 8 jokers on): 1111m and nine jokers (13
    tiles) is completed to the standard shape by any tile but a fifth 1m, which cannot be drawn."""
    assert analysis.waits_shapes(_counts("1111m"), 9, analysis.STANDARD) == list(range(1, 34))
    assert analysis.waits_shapes(_counts("1111m"), 9) == list(range(1, 34))  # seven pairs adds nothing here


def test_a_hand_waiting_only_on_fifth_copies_is_not_ready():
    """analysis.shanten (a fifth copy is never drawn): 1122m 3333m 7777z and one joker is completed only by a fifth
    3m or a fifth 7z (waits, the table convention, lists both), so it is not ready but one step away: drawing a 4m
    and letting a 7z go makes it ready (on 1m, 2m, 4m, 5m, 6m)."""
    c = _counts("1122m3333m7777z")
    assert analysis.waits(c, 1) == [t("3m"), t("7z")]
    assert analysis.waits_shapes(c, 1, analysis.STANDARD) == []
    assert analysis.shanten(c, 1) == 1
    assert analysis.shanten(_counts("1122m33334m777z"), 1) == 0


def test_a_new_tail_tile_says_which_slot_it_fills():
    """玉溪 翻屁股 (shared/rules/yuxi.md; events.FlipEvent): after 暗杠 1m seat 0 takes the face-up 5s from the tail's
    second slot; the 7p turned up next fills that slot, and the flip event names tile, slot and the new tail."""
    st = yuxi_start(["1111m234p567p789s5s", None, None, None], tail="9m5s", back="7p")
    _st, evs = yuxi_act(st, 0, "kong", "1m")
    assert {"type": "tail_take", "seat": 0, "tile": t("5s"), "slot": 1} in evs
    flips = [e for e in evs if e["type"] == "flip"]
    assert flips == [{"type": "flip", "what": "tail", "tile": t("7p"), "slot": 1, "tiles": [t("9m"), t("7p")]}]


def test_the_fowl_panel_shows_following_charges():
    """跟冲 on the 鸡 panel (fowl_view; chicken.md 跟冲): zhuoji, seat 0 leads 1s (冲锋) and seats 1 and 2 follow with
    1s as their own first discards: every seat sees those two 1s as following charge chickens worth 3, not plain
    幺鸡, and seat 1 counts its own among its chickens."""
    st = play_c("5s")
    for s in range(4):
        o = outlook(view(st, s))
        for seat in (1, 2):
            assert [(f.key, tiles.name(f.tile), f.unit, f.count, f.where, en(f.text)) for f in o.shown[seat]] == [
                ("chong_feng_ji", "1s", 3, 1, "discard", "following charge chicken")]
    mine = outlook(view(st, 1)).mine
    assert ("chong_feng_ji", "1s", 3, 1, "discard") in [(f.key, tiles.name(f.tile), f.unit, f.count, f.where)
                                                         for f in mine]


@pytest.mark.parametrize("given", ["two", None, [2]])
def test_a_number_option_refuses_a_non_number_in_one_line(given):
    """Issue 42 (bad input gets a clear one-line message): the 底 (base) takes a number; a word, null or a list is
    refused naming the option and the value given."""
    with pytest.raises(OptionError) as e:
        get("yuxi").resolve_options({"base": given})
    assert str(e.value) == f"option base takes a number, got {given!r}"
