"""Specification tests for 贵阳捉鸡 / 捉鸡麻将 (shared/rules/chicken.md) that the mutation run of the rules core
found missing: 查叫 and chickens for ready seats after a not-ready or burned one, the flipped chicken's tile
and rule keys, the public chicken, 地龙 in the hint's shape test, the 抢杠 and 连庄 lines, and the declared
seats a self-draw's 杀报 is charged to."""

from __future__ import annotations

from typing import cast

from game.rules import engine, tiles
from game.rules.kinds import WinBy
from game.rules.state import Meld
from game.rules.variants import chicken_fowl, chicken_patterns, get
from game.rules.variants.chicken import ChickenGame
from game.rules.variants.chicken_patterns import pattern_name
from tests.helpers.words import en, zh
from tests.rules.chicken_hands import (
    D_ACTIONS,
    J3,
    OPENING,
    R_SEAT3,
    S0,
    S0_Z,
    S1,
    S2_JUNK,
    S2_READY,
    S3,
    S3_Z,
    WAIT_6S_9M,
    Z_ACTIONS,
    Z_SEAT1,
    D,
    play_c,
)
from tests.rules.chicken_util import act, data, deltas, has_item, kinds, net, play_until, run, start

t = tiles.tile


def test_guiyang_cha_jiao_when_the_dealer_is_not_ready():
    """chicken.md 荒庄 查叫: each not-ready player pays each ready one its best possible pattern. The 查叫
    hands of test_chicken_flow one seat on (dealer 1): seats 1 (七对 10) and 2 (暗大对 10) are ready, seats 3
    and 0 are not; each of 3 and 0 pays 10 to each ready seat: [-20, 20, 20, -20]."""
    hands = [D[3], D[0], D[1], D[2]]
    actions = [[(a[0] + 1) % 4, *a[1:]] for a in D_ACTIONS]
    st = run("guiyang", hands, front="7p3m9p7m", back="2m", fill=False, actions=actions, dealer=1)
    assert st.end == "draw" and st.settlement.info["ready"] == [False, True, True, False]
    assert deltas(st) == [-20, 20, 20, -20]
    assert has_item(st, 1, "查叫 七对 10", 20) and has_item(st, 2, "查叫 暗大对 10", 20)


def test_re_pao_burns_only_the_dealers_in_chickens():
    """chicken.md 烧: the 热炮 discarder loses what they would collect from chickens; others still collect.
    Seat 1 konges 5555m, draws 9m and deals 2p into seat 2 (热炮). Seat 1 holds 幺鸡 1s 1s (burned: 0);
    the winner, seat 2, holds a 幺鸡 in 123s and collects 1 from each of the three others (guiyang 幺鸡 1)."""
    st = run("guiyang", ["1m4m7m2p5p9p3s6s9s7z2m8m3p6p", "5555m123p456s1s1s9m", "234m678m345p123s2p", R_SEAT3],
             front="2p2s", back="9m",
             actions=[[0, "discard", "7z"], [1, "kong", "5m"], [1, "discard", "2p"], [2, "hu"]])
    assert "re_pao" in [p.key for p in st.wins[0].score.patterns]
    assert has_item(st, 1, "热炮烧鸡", 0)
    assert net(st, "yao_ji") == [-1, -1, 3, -1]


def test_flipped_chicken_is_the_next_tile_of_its_suit():
    """chicken.md: the 翻牌鸡 is the tile after the flipped 捉鸡牌, 9 wrapping to 1 within the suit; no flip,
    no flipped chicken."""
    assert chicken_fowl.flipped_of(t("9m")) == t("1m") and chicken_fowl.flipped_of(t("4p")) == t("5p")
    assert chicken_fowl.flipped_of(None) is None


def test_chicken_kinds_carry_their_rule_keys():
    """chicken.md chicken kinds: the rule key of each (the settlement's reason): 捉鸡牌 4p flips 5p, a
    翻牌鸡 (fan_pai_ji); with zhuoji's 本鸡 the 捉鸡牌 4p itself is a 本鸡 (ben_ji); a guiyang flip of 红中
    with 钻石鸡 on makes each 红中 a 钻石鸡 (zuan_shi_ji)."""
    z, g = cast(ChickenGame, get("zhuoji")), cast(ChickenGame, get("guiyang"))
    ks = chicken_fowl.kinds(z.table, z.resolve_options({"ben_ji": True}), t("4p"))
    assert (ks[t("5p")].key, zh(ks[t("5p")].name)) == ("fan_pai_ji", "翻牌鸡")
    assert (ks[t("4p")].key, zh(ks[t("4p")].name)) == ("ben_ji", "本鸡")
    opts = g.resolve_options({"zuan_shi": True})
    ks = chicken_fowl.kinds(g.table, opts, tiles.RED)
    assert (ks[tiles.RED].key, zh(ks[tiles.RED].name)) == ("zuan_shi_ji", "钻石鸡")


def test_zhuoji_public_info_names_the_flip_and_its_chicken():
    """chicken.md: after the win the 捉鸡牌 is turned up for all to see, with the chicken it makes: 9m → 1m."""
    st = play_c("9m")
    pub = st.variant.public_info(st, 2)
    assert pub["zhuo"] == t("9m") and pub["chicken"] == t("1m")


def test_zhuoji_di_long_needs_the_winning_tile_in_the_shape_test():
    """chicken.md 地龙 (zhuoji 30): five pairs + one claimed pung, won on the pung's fourth tile. The hint's
    shape test: 11m 33m 55p 77p 99s + 5s beside a pung of 5s wins on 5s, not without knowing the tile;
    guiyang has no 地龙."""
    counts = tiles.counts(tiles.parse("11m33m55p77p99s5s"))
    pung = Meld("pung", tuple(tiles.parse("5s5s5s")), tuple(tiles.parse("5s5s5s")), from_seat=2)
    z, g = cast(ChickenGame, get("zhuoji")), cast(ChickenGame, get("guiyang"))
    assert z.tiles_win(z.resolve_options({}), {}, counts, [pung], t("5s"))
    assert not z.tiles_win(z.resolve_options({}), {}, counts, [pung], None)
    assert not g.tiles_win(g.resolve_options({}), {}, counts, [pung], t("5s"))


def test_guiyang_robbed_kong_line_with_zimo_double():
    """chicken.md 抢杠 with 抢杠包两家 (guiyang): scored as a self-draw, all of it paid by the robbed player;
    自摸翻倍 doubles it. 平胡 (0 beside an event) + 抢杠 10, robbed seat 2 pays for 3 players × 2 = 60, and
    the lines say both multipliers."""
    g = cast(ChickenGame, get("guiyang"))
    lines = chicken_patterns.hand_lines(g.table, g.resolve_options({"zimo_double": True}), 4, 0, 0, 1,
                                        WinBy.ROB_KONG, 2, ("ping_hu", pattern_name(g.table, "ping_hu"), 0),
                                        ["qiang_gang"], None)
    assert [(ln.key, zh(ln.text), en(ln.text), ln.payer, ln.payee, ln.points) for ln in lines] == [
        ("ping_hu", "平胡 0 抢杠包两家×3 自摸翻倍×2", "Plain win 0 robbed pays all ×3 self-draw ×2", 2, 1, 0),
        ("qiang_gang", "抢杠 10 抢杠包两家×3 自摸翻倍×2", "Robbing the kong 10 robbed pays all ×3 self-draw ×2",
         2, 1, 60)]


def test_zhuoji_lian_zhuang_line_keyed_by_its_rule():
    """chicken.md zhuoji 连庄: each hand the dealer kept the seat adds 1 to the multiplier of every hand payment
    made to or by the dealer. Dealer 0 (kept twice) wins 平胡 3 on seat 2's discard: 3 + 3 × 2 = 9."""
    z = cast(ChickenGame, get("zhuoji"))
    lines = chicken_patterns.hand_lines(z.table, z.resolve_options({}), 4, 0, 2, 0, WinBy.DISCARD, 2,
                         ("ping_hu", pattern_name(z.table, "ping_hu"), 3), [], None)
    assert [(ln.part, ln.key, zh(ln.text), ln.points) for ln in lines] == [
        ("hand", "ping_hu", "平胡 3", 3), ("lian_zhuang", "lian_zhuang", "连庄2次 3×2", 6)]


def test_zhuoji_self_draw_score_names_the_declared_seats():
    """chicken.md 杀报: another player self-draws while a player has declared ready: only the declared pays the
    15. Seat 2 self-draws 6s while seat 1 has declared: the win's score names seat 1 as declared and seat 1
    pays the 杀报 15 on top (素瓜豆 6 from each)."""
    st = run("zhuoji", [S0_Z, S1, S2_READY, S3_Z], front="4p2s3p3m6m6s2s",
             actions=[[0, "discard", "3m"]] + OPENING[1:] + [[0, "discard", "3m"], [2, "hu"]])
    w = st.wins[0]
    assert w.score.info["declared"] == [1]
    assert w.score.payments == {0: 6, 1: 21, 3: 6}
    assert net(st, "sha_bao") == [0, -15, 15, 0]


def test_drawn_hand_notes_and_cha_jiao_details():
    """chicken.md 荒庄 查叫 (the 查叫 hands of test_chicken_flow): the settlement's table lines say the hand is
    drawn and who is ready; each line names the seats it was paid by (←) or to (→)."""
    st = run("guiyang", D, front="7p3m9p7m", back="2m", fill=False, actions=D_ACTIONS)
    assert [zh(n) for n in st.settlement.notes] == ["荒庄", "叫嘴：座位0、座位1"]
    assert [en(n) for n in st.settlement.notes] == ["Drawn hand", "Ready: seat 0, seat 1"]
    assert [(i.seat, zh(i.text), i.points, i.detail) for i in st.settlement.items] == [
        (0, "查叫 七对 10", 20, "←2,3"), (1, "查叫 暗大对 10", 20, "←2,3"), (2, "查叫 七对 10", -10, "→0"),
        (2, "查叫 暗大对 10", -10, "→1"), (3, "查叫 七对 10", -10, "→0"), (3, "查叫 暗大对 10", -10, "→1")]


def test_flip_note_names_the_chicken_kind():
    """chicken.md: after the win the 捉鸡牌 is turned: 9m makes 1m a 银鸡 (zhuoji); the settlement says so and
    records the flip."""
    st = play_c("9m")
    assert [zh(n) for n in st.settlement.notes] == ["捉鸡牌 9m → 银鸡 1m", "叫嘴：座位0、座位1"]
    assert [en(n) for n in st.settlement.notes] == ["Flipped 9m → chicken 1m", "Ready: seat 0, seat 1"]
    assert st.settlement.info["zhuo"] == "9m"


def test_zhuoji_di_hu_on_the_dealers_first_discard():
    """chicken.md 地胡 (zhuoji 30): a non-dealer wins on the dealer's first discard: it must win (only 胡 is
    offered) and the hand is 地胡, paid by the discarder."""
    st = start("zhuoji", ["6s1m4m7m1p4p7p2s5s8s3m6m9m2p", J3, WAIT_6S_9M, "1m4m7m2p5p8p3s6s9s2m5m8m3p"])
    act(st, 0, "discard", "6s")
    assert kinds(st, 2) == ["hu"]
    act(st, 2, "hu")
    assert [p.key for p in st.wins[0].score.patterns] == ["di_hu"]
    assert deltas(st) == [-31, -1, 33, -1]


def test_guiyang_di_hu_on_a_first_draw():
    """chicken.md 地胡 (guiyang +10): a non-dealer wins on its first draw: seat 1 draws 9m after the dealer's 9s;
    it must win (only 胡): 平胡 1 + 地胡 10 from each = 33."""
    st = start("guiyang", ["9s1m4m7m1p4p7p2s5s8s3m6m5m2p", WAIT_6S_9M, J3, "1m4m7m2p5p8p3s6s9s2m5m8m3p"],
               front="9m")
    act(st, 0, "discard", "9s")
    assert st.turn == 1 and kinds(st, 1) == ["hu"]
    act(st, 1, "hu")
    assert [p.key for p in st.wins[0].score.patterns] == ["ping_hu", "di_hu"]
    assert deltas(st) == [-11, 33, -11, -11]


def test_a_declared_player_is_offered_its_self_drawn_win():
    """chicken.md 报听: a declared player's drawn tile is discarded by itself only when it does not win. Seat 1
    (declared, waiting 1s/4p) passes seat 3's 1s and may not win seat 0's 4p (过胡); it then draws the last 1s:
    the win is offered, not thrown away."""
    st = start("guiyang", [S0, S1, S2_JUNK, S3], front="4p2s3p4p1s")
    play_until(st, OPENING + [[0, "discard", "4p"]])
    assert st.turn == 1 and st.seats[1].drawn == t("1s") and "hu" in kinds(st, 1)


def test_a_later_unclaimed_1s_after_a_claimed_first_is_no_chong_feng():
    """chicken.md: the first 1s discarded decides: claimed, it is a 责任鸡; a later 1s nobody claims is then no
    冲锋鸡, only a plain 幺鸡 in its discarder's discards (包鸡 to the ready seats). Seat 0 leads 1s, seat 2
    pungs it; seat 3 discards the fourth 1s."""
    acts = [list(a) for a in Z_ACTIONS]
    acts[2] = [2, "discard", "5s"]
    acts[3] = [3, "discard", "1s"]
    st = run("guiyang", ["1s1p4p7p2m5m9m3s6s9s2p6p9p8m", Z_SEAT1, "1s1s234m567m345p9p5s",
                         "3m6m4s7s2s5s8s5p7m1s3p6p9s"], front="4m7s4p8s", actions=acts)
    assert net(st, "chong_feng_ji") == [0, 0, 0, 0]
    assert has_item(st, 3, "包鸡 1s ×1", -2)
    assert deltas(st) == [-5, 1, 10, -6]


def test_no_flip_when_the_winning_tile_was_the_walls_last():
    """chicken.md: after a win the next wall tile is turned for the chickens; seat 1 self-draws the wall's last
    tile (1m: 111m 234p 567p 789s 55s), so nothing is turned and the settlement says so."""
    st = start("guiyang", ["1p4p7p2s5s8s3m6m9m2p5p8p3s6s", "11m234p567p789s55s", J3, "2m5m8m3p6p9p2s5s8s4m7m5p1p"],
               front="1m", fill=False)
    act(st, 0, "discard", "1p")
    while st.phase != "turn":
        act(st, engine.acting_seats(st)[0], "pass")
    assert st.turn == 1 and st.front == st.back and "hu" in kinds(st, 1)
    act(st, 1, "hu")
    assert "zhuo" not in st.extra or st.extra["zhuo"] is None
    assert zh(st.settlement.notes[0]) == "牌墙已空，不翻鸡" and en(st.settlement.notes[0]) == "Wall empty: no flip"


def test_zhuoji_di_hu_survives_a_concealed_kong_on_the_first_draw():
    """chicken.md 地胡 (zhuoji: on a non-dealer's first draw) read with zhuoji's "concealed kongs allowed" (the
    天胡 row; chicken_tables: kongs_before_tian_di): seat 1 draws its fourth 5m first, konges it and wins on the
    replacement 9m: still 地胡 (30) + 杠开 (6) + its 闷豆 (3) = 39 from each, and it must be won (only 胡)."""
    hands = ["9s1m4m7m1p4p7p2s5s8s3m6m8m2p", "555m567p345s6s6s9m9m", "2m6m8m3p6p9p3s9s4m7m5p7s1p",
             "1m4m7m2p5p8p3s6s9s2m6m8m3p"]
    st = start("zhuoji", hands, front="5m", back="9m")
    act(st, 0, "discard", "9s")
    act(st, 1, "kong", "5m")
    assert st.seats[1].drawn == t("9m") and kinds(st, 1) == ["hu"]
    act(st, 1, "hu")
    assert [p.key for p in st.wins[0].score.patterns] == ["di_hu", "gang_kai"]
    assert deltas(st) == [-39, 117, -39, -39] and has_item(st, 1, "闷豆 5m ×3", 9)


# ---- issue 42: the fresh sample's survivors (chicken games) -------------------------------------------------------
# guiyang, 责任鸡 on a robbed kong: dealer 0's first discard is a 1s (幺鸡); seat 1 pungs it (the discarder owes the
# claimer 责任鸡), makes 闷豆 5555m, later draws the fourth 1s and adds it; seat 2 (waiting 1s / 4s) robs it.
ROB_1S = ["1s1m4m7m2p3s6s9s7z4p8m2m7z3m", "5555m1s1s6p6p234s9m7m", "234m678m345p2s9s9s1p",
          "9p1m4m7m2p5s8s7z3p6m2s1p7s"]
ROB_1S_ACTIONS = [[0, "discard", "1s"], [1, "pung"], [1, "kong", "5m"], [1, "discard", "7m"], [2, "discard", "1p"],
                  [3, "discard", "3m"], [0, "discard", "3p"], [1, "kong", "1s"], [2, "hu"]]


def _rob_1s(options):
    return run("guiyang", ROB_1S, front="3s3m3p1s6s", back="9m", actions=ROB_1S_ACTIONS, options=options)


def test_responsible_chicken_is_paid_and_named_in_both_languages():
    """chicken.md 责任鸡: the first discarded 幺鸡 claimed by pung makes its discarder pay the claimer 1 (×1),
    the line "责任鸡 1s ×1" / "responsible chicken 1s ×1"; seat 1 (the robbed player, ready with 66p 234s 99m)
    still collects: 抢杠 costs it 30 (10 × 3, 抢杠包两家) and its chickens stand."""
    st = _rob_1s({})
    assert (st.wins[0].seat, st.wins[0].how) == (2, "rob_kong")
    assert st.settlement.info["ready"] == [False, True, True, False]
    assert deltas(st) == [-8, -12, 27, -7]
    assert net(st, "ze_ren_ji") == [-1, 1, 0, 0]
    assert [(i.key, zh(i.text), en(i.text), i.points) for i in st.settlement.items
            if i.seat == 1 and "责任" in zh(i.text)] == [("chickens", "责任鸡 1s ×1", "responsible chicken 1s ×1", 1)]


def test_a_robbed_claimers_responsible_chicken_burns():
    """chicken.md 抢杠 with 抢杠烧鸡 (rob_burns_chickens): the robbed player's chickens burn, its 责任鸡 too: the
    line stays, at 0, among the chickens ("责任鸡 1s ×1 抢杠烧鸡" / "... burned"), and nobody pays it."""
    st = _rob_1s({"rob_burns_chickens": True})
    assert deltas(st) == [-4, -22, 30, -4]
    assert net(st, "ze_ren_ji") == [0, 0, 0, 0]
    assert [(i.key, zh(i.text), en(i.text), i.points) for i in st.settlement.items if i.seat == 1 and i.points == 0] \
        == [("chickens", "抢杠烧鸡", "chickens burned (robbed kong)", 0),
            ("chickens", "责任鸡 1s ×1 抢杠烧鸡", "responsible chicken 1s ×1 burned", 0)]


def test_zhuoji_bao_dou_is_named_in_english_too():
    """chicken.md 包豆 (zhuoji): not-ready seat 1 owes its 闷豆 5m (3) to the ready seat 2: "包豆 闷豆 5m ×3" /
    "owed concealed kong bean 5m ×3" (the scenario of test_chicken_beans.test_zhuoji_bao_dou)."""
    hands = ["9p1m4m7m2p5p3s6s9m9s3m6m2s4p", "5555m123p456s78s2m", "234m678m234p567p3s", "999p1p4s7s1m5s8s3p3p9s9m"]
    acts = [[0, "discard", "9s"], [1, "kong", "5m"], [1, "discard", "9s"], [2, "discard", "9m"], [3, "discard", "1p"],
            [0, "discard", "9p"], [3, "kong"], [3, "discard", "4m"], [0, "discard", "5p"], [1, "discard", "7m"],
            [2, "hu"]]
    st = run("zhuoji", hands, front="9s9m1p6m5p7m3s8m", back="3m4m", actions=acts)
    assert [(i.seat, zh(i.text), en(i.text), i.points) for i in st.settlement.items if i.key == "bao"] == [
        (1, "包豆 闷豆 5m ×3", "owed concealed kong bean 5m ×3", -3),
        (2, "包豆 闷豆 5m ×3", "owed concealed kong bean 5m ×3", 3)]


def test_a_hand_dealt_without_a_streak_is_a_first_deal():
    """engine.new_hand without ``dealer_streak`` deals the match's first hand: no 连庄 (chicken.md: the dealer pays
    连庄 per hand kept). zhuoji, seat 2 self-draws as in test_chicken_beans' 包豆 hand: dealer 0 pays 4, not the
    7 of a dealer in a streak of one."""
    from game.rules import scenario
    from game.rules.actions import from_json

    hands = ["9p1m4m7m2p5p3s6s9m9s3m6m2s4p", "5555m123p456s78s2m", "234m678m234p567p3s", "999p1p4s7s1m5s8s3p3p9s9m"]
    acts = [[0, "discard", "9s"], [1, "kong", "5m"], [1, "discard", "9s"], [2, "discard", "9m"], [3, "discard", "1p"],
            [0, "discard", "9p"], [3, "kong"], [3, "discard", "4m"], [0, "discard", "5p"], [1, "discard", "7m"],
            [2, "hu"]]
    d = data("zhuoji", hands, front="9s9m1p6m5p7m3s8m", back="3m4m", actions=acts)
    v = get("zhuoji")
    st, _ = engine.new_hand(v, v.resolve_options(d["options"]), seed=0, dealer=0, hands=[tiles.parse(h) for h in hands],
                       wall=tiles.parse(d["wall"]))
    scenario.play(st, [from_json(a) for a in acts])
    assert st.dealer_streak == 0
    assert deltas(st) == [-4, -7, 15, -4]
    assert not [i for i in st.settlement.items if "连庄" in zh(i.text)]


# ---- the fourth fresh sample (seed 3085892555) ----------------------------------------------------------------

def test_a_concealed_kong_of_chickens_is_never_owed_as_bao_ji():
    """chicken.md, 包鸡: a player not ready pays for the chickens it exposed (its unclaimed discards, its claimed
    melds), never for those in its hand or in a concealed kong: ``holdings`` tells a concealed kong apart, and
    ``exposed`` leaves it out while a claimed pung of 幺鸡 is owed."""
    from game.rules.kinds import MeldKind

    v = cast(ChickenGame, get("guiyang"))
    opts = v.resolve_options({})
    st, _ = engine.new_hand(v, opts, seed=1)
    one_s = tiles.parse("1s")[0]
    st.seats[2].melds.append(Meld(MeldKind.CONCEALED_KONG, (one_s,) * 4, (one_s,) * 4))
    held = chicken_fowl.holdings(st, 2)
    assert [where for t, where, _ in held if where not in ("hand", "discard")] == ["concealed_kong"] * 4
    ks = chicken_fowl.kinds(v.table, opts, None)
    assert chicken_fowl.exposed(v.table, ks, held, 2, {}) == []
    st.seats[2].melds[-1] = Meld(MeldKind.PUNG, (one_s,) * 3, (one_s,) * 3, from_seat=1)
    owed = chicken_fowl.exposed(v.table, ks, chicken_fowl.holdings(st, 2), 2, {})
    assert [(key, tiles.name(t), zh(text), pts) for key, t, text, pts in owed] == [("bao_ji", "1s", "包鸡", 1)] * 3


def test_zhuoji_tian_hu_allows_concealed_kongs_only_and_says_so():
    """chicken.md (天胡: concealed kongs allowed in zhuoji): a 天胡 claimed with a pung is refused as "concealed kongs
    only" (not as "no pung or kong", which is the other games' reason)."""
    from tests.rules.scoring import judge_chicken, pung

    r, code = judge_chicken("zhuoji", "456m789s234p55s", "5s", melds=[pung("111m")], flags=["tian_hu"], seat=0,
                            dealer=0)
    assert code == 1 and not r["valid"] and r["reason"] == "天胡 allows concealed kongs only"


def test_re_pao_the_settlement_notes_name_the_burned_seat():
    """chicken.md 热炮 (burning, 烧): seat 1 konges 5555m, lets the replacement's 2p go and seat 2 wins on it; the
    table-wide notes after the flip and the ready seats say that seat 1's chickens and beans are burned."""
    st = run("guiyang", ["1m4m7m2p5p9p3s6s9s7z2m8m3p6p", "5555m123p456s1s1s9m", "234m678m345p567p2p", R_SEAT3],
             front="2p2s", back="9m", actions=[[0, "discard", "7z"], [1, "kong", "5m"], [1, "discard", "2p"],
                                               [2, "hu"]])
    assert [zh(n) for n in st.settlement.notes] == ["捉鸡牌 2s → 翻牌鸡 3s", "叫嘴：座位1、座位2", "热炮：座位1烧鸡",
                                                    "热炮：座位1烧豆"]
    assert [en(n) for n in st.settlement.notes][2:] == ["Hot discard: seat 1's chickens burned",
                                                        "Hot discard: seat 1's beans burned"]
