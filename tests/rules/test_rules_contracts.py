"""The rules core's outward contracts, exactly: its error messages (README: "bad input gets a clear one-line
message"), the JSON it hands to replays, the CLI and the UI, and edge cases of the analysis slow paths.
Written against the survivors of the mutation run (docs/mutation-report.md): each test states one contract."""

from __future__ import annotations

from typing import cast

import pytest

from game import i18n
from game.rules import analysis, decompose, engine, tables, tiles
from game.rules.actions import ActionError, from_json
from game.rules.settlement import Settlement, Transfer
from game.rules.situation import Pattern, Score, pattern
from game.rules.state import Meld, Win
from game.rules.texts import msg
from game.rules.variants import all_variants, get, ids
from game.rules.variants.yuxi import Yuxi
from game.rules.variants.yuxi_score import one_suit
from tests.helpers.hands import hand
from tests.helpers.words import en, tile_en, zh
from tests.rules.table_file_util import shipped_sections, table_file

# ---- messages ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("item, message", [
    ([1, "chow"], "chow needs tiles, e.g. [1, 'chow', '345m']"),
    ([2, "discard"], "discard needs tiles, e.g. [2, 'discard', '5p']"),
])
def test_action_parse_messages(item, message):
    with pytest.raises(ActionError) as e:
        from_json(item)
    assert str(e.value) == message


def test_scenario_messages_name_the_seat_and_the_tile():
    v = get("guiyang")
    opts = v.resolve_options({})
    hands = [tiles.parse(h) for h in ("123m456m789m111p22p", "123m456m789m333p4p", "123s456s789s555p6p",
                                      "123s456s789s777p8p")]
    engine._check_scenario(v, opts, 4, 0, hands, [])  # a legal deal
    with pytest.raises(engine.ScenarioError, match=r"^hand of seat 0 has 13 tiles, needs 14 \(dealer\)$"):
        engine._check_scenario(v, opts, 4, 0, [hands[1]] + hands[1:], [])
    with pytest.raises(engine.ScenarioError, match=r"^hand of seat 2 has 14 tiles, needs 13 \(non-dealer\)$"):
        engine._check_scenario(v, opts, 4, 0, hands[:2] + [hands[0], hands[3]], [])
    with pytest.raises(engine.ScenarioError, match=r"^tile 1z is not in this variant's tile set$"):
        engine._check_scenario(v, opts, 4, 0, hands, [tiles.tile("1z")])
    with pytest.raises(engine.ScenarioError, match=r"^tile 1p appears 5 times \(max 4\)$"):
        engine._check_scenario(v, opts, 4, 0, hands, [tiles.tile("1p"), tiles.tile("1p")])


@pytest.mark.parametrize("damage, message", [
    ("version", f"table format {tables.FORMAT_VERSION + 1}, expected {tables.FORMAT_VERSION}"),
    ("trailing", "table file has trailing data"),
    ("short section", "table file has sections of the wrong size"),
])
def test_table_file_messages(damage, message):
    import struct

    data = tables.read_resource()
    if damage == "version":
        data = data[:4] + struct.pack("<H", tables.FORMAT_VERSION + 1) + data[6:]
    elif damage == "trailing":
        data = table_file(shipped_sections(), tail=b"x")
    else:  # the first section (win_s) one byte short, the rest moved up
        sections = shipped_sections()
        sections["win_s"] = sections["win_s"][:-1]
        data = table_file(sections)
    with pytest.raises(tables.TableError) as e:
        tables.deserialize(data)
    assert str(e.value) == message


def test_unusable_table_file_warning_names_the_error(caplog):
    with caplog.at_level("WARNING", logger=tables.__name__):
        tables.load(b"nonsense, not a table file at all")
    assert "hand tables unusable (not a table file); building them in memory" in caplog.text


def test_tables_build_command_writes_the_file(tmp_path, monkeypatch):
    target = tmp_path / "data" / "tables.bin"
    monkeypatch.setattr(tables, "resource_path", lambda: target)
    assert tables.main(["--build"]) == 0
    assert target.read_bytes() == tables.read_resource()
    assert tables.main(["--build"]) == 0  # the folder exists already: fine


# ---- tiles and the variant registry ------------------------------------------------------------------------

def test_tile_make_and_english_names():
    assert tiles.make(5, 1) == tiles.tile("5p") and tiles.make(1, 0) == 0 and tiles.make(9, 2) == tiles.tile("9s")
    assert tile_en(tiles.tile("5p")) == "5 Dots" and tile_en(tiles.tile("9m")) == "9 Characters"
    assert tile_en(tiles.tile("1s")) == "1 Bamboo" and tile_en(tiles.tile("7z")) == "Red"


def test_variant_registry():
    assert ids() == ["wenshan", "kunming", "yuxi", "guiyang", "zhuoji"]  # menu order
    assert [x.id for x in all_variants()] == ids()
    assert all(get(x.id) is x for x in all_variants())
    with pytest.raises(ValueError, match="unknown variant 'nope'"):
        get("nope")


# ---- JSON for replays, the CLI and the UI ------------------------------------------------------------------

def test_transfer_score_win_and_meld_json():
    assert Transfer(1, 2, 6, "ping_hu", msg("rules.pattern.guiyang.ping_hu")).to_json() == \
        {"from": 1, "to": 2, "points": 6, "reason": "ping_hu"}
    sc = Score(True, [pattern("guiyang", "qi_dui", 10)], 10, {0: 10, 2: 10})
    assert i18n.score_json(sc) == {"valid": True, "patterns": [{"key": "qi_dui", "name": "七对", "value": 10}],
                            "total": 10, "payments": {"0": 10, "2": 10}}
    assert i18n.score_json(Score(False)) == {"valid": False, "reason": "not a winning hand"}
    w = Win(1, tiles.tile("5p"), "discard", 0, sc, ["hot"])
    assert w.to_json() == {"seat": 1, "tile": "5p", "win": "discard", "from": 0, "flags": ["hot"]}
    chow = Meld("chow",
                (tiles.tile("4m"), tiles.tile("5m"), tiles.tile("6m")),
                (tiles.tile("4m"), tiles.tile("5m"), tiles.tile("7m")),
                3, 2)
    assert chow.to_json() == {"kind": "chow", "tiles": "456m", "from": 3, "face": "457m"}
    pung = Meld("pung", (tiles.tile("5z"),) * 3, (tiles.tile("4m"),) * 3, 1, 0)
    assert pung.to_json() == {"kind": "pung", "tiles": "555z", "from": 1, "face": "4m"}


def test_settlement_books_a_negative_payment_as_the_reverse_transfer():
    """Settlement.pay, the ledger every variant settles through (its transfers are what replays and ``score``
    print): seat 1 paying seat 0 -3 points is seat 0 paying seat 1 3 points, never a transfer of -3; a payment
    of 0 points or to oneself is no transfer. (A stale equivalent entry hid this mutant: issue 42 point 2.)"""
    s = Settlement(4)
    s.pay(1, 0, -3, "kong")
    s.pay(2, 3, 0, "kong")
    s.pay(2, 2, 5, "kong")
    assert [t.to_json() for t in s.transfers] == [{"from": 0, "to": 1, "points": 3, "reason": "kong"}]
    assert s.deltas == [-3, 3, 0, 0]


def test_view_result_of_an_ended_hand():
    from game.rules.view import result
    from tests.rules.chicken_hands import play_dian

    st = play_dian("zhuoji")
    r = i18n.worded_result(result(st))  # as the wire carries it (the view itself carries catalog messages)
    assert r["end"] == "win" and r["winners"] == [1] and r["deltas"] == [-6, 12, -3, -3]
    assert r["wins"][0]["seat"] == 1 and r["wins"][0]["total"] == st.wins[0].score.total == 3
    assert r["wins"][0]["patterns"] == [{"key": "ping_hu", "name": "平胡", "value": 3,
                                         "text": {"key": "rules.pattern.zhuoji.ping_hu"}}]
    assert {"label", "label_en", "text", "from", "to", "points", "reason"} <= set(r["transfers"][0])
    item = r["items"][0]
    assert set(item) == {"seat", "key", "label", "label_en", "text", "points", "detail"} and item["label_en"]
    assert i18n.worded_result(result(st), messages=False)["wins"][0]["patterns"] == [
        {"key": "ping_hu", "name": "平胡", "value": 3}]  # 0.2.0's fields, unchanged
    assert r["next_dealer"] == 1


# ---- analysis and readings: slow paths and edges -----------------------------------------------------------

def test_install_takes_every_table_from_the_loaded_tables():
    analysis._install()
    t = tables.get()
    assert (t.tiles_suit, t.tiles_honor, t.sid_suit, t.sid_honor) == (
        analysis._NS, analysis._NH, analysis._SS, analysis._SH)
    assert (t.comb_suit, t.comb_honor, t.final, t.n_suit_vec) == (
        analysis._CS, analysis._CH, analysis._FIN, analysis._VS)
    assert analysis._PS is t.packed_suit and analysis._MS is t.least_suit and analysis._QS is t.quad_suit


def test_orphans_with_many_jokers_still_take_one_pair_only():
    # slow path (ten jokers): 11m 99m is two pairs, so no thirteen orphans; 11m 9m is one
    assert not analysis.win_shapes(hand("1199m"), 10) & analysis.THIRTEEN_ORPHANS
    assert analysis.win_shapes(hand("119m"), 11) & analysis.THIRTEEN_ORPHANS


def test_orphan_waits_with_many_jokers_probe_each_kind_from_the_same_hand():
    # slow path (eight jokers): five orphans held, every orphan kind completes, nothing else does
    assert analysis.waits_shapes(hand("19m19p1s"), 8, analysis.THIRTEEN_ORPHANS) == [
        0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]


def test_readings_with_joker_only_blocks():
    # 123m456m789m + five jokers: a joker pair and a joker set (pung or chow, the scorer picks the face)
    got = {frozenset(r) for r in decompose.readings(hand("123m456m789m"), 5)}
    runs = {("chow", 0, 0), ("chow", 3, 0), ("chow", 6, 0)}
    pair, pung, chow = ("pair", None, 2), ("pung", None, 3), ("chow", None, 3)
    assert frozenset(runs | {pair, pung}) in got and frozenset(runs | {pair, chow}) in got
    # eight jokers: two joker sets, as pung+pung, pung+chow or chow+chow
    eight = decompose.readings(hand("123m456m"), 8)
    assert sum(1 for r in eight if set(r) >= {("chow", 0, 0), ("chow", 3, 0), pair}) == 3
    # two jokers are exactly the pair
    two = {frozenset(r) for r in decompose.readings(hand("123m456m789m111p"), 2)}
    assert frozenset(runs | {("pung", 9, 0), pair}) in two


def test_yuxi_one_suit_counts_an_east_meld_as_an_honor():
    pung = Meld("pung", (tiles.tile("1z"),) * 3, (tiles.tile("1z"),) * 3, 0, 0)
    assert not one_suit(hand("123456789m11m"), [pung])
    assert one_suit(hand("123456789m11m"), [Meld("pung", (tiles.tile("9m"),) * 3, (tiles.tile("9m"),) * 3, 0, 0)])


# ---- a match: hands in a row, replays ------------------------------------------------------------------------

def test_match_play_hand_asks_the_chooser_with_seat_and_legal_actions_and_books_the_hand():
    from game.rules.match import Match, play_hand

    v = get("yuxi")
    m = Match(v, {}, 7, 2)
    asked = []

    def choose(st, seat, legal):
        assert st.scores == m.scores and st.hand_no == m.hand_no  # the hand sees the match so far
        asked.append(seat)
        return legal[0]

    rec = play_hand(m, choose)
    assert asked and set(asked) <= {0, 1, 2, 3} and m.hand_no == 1 and m.records[-1] is rec
    assert sum(rec["deltas"]) == 0 and m.scores == rec["deltas"] and not m.over
    play_hand(m, choose)
    assert m.over
    assert Match(v, {}, 7, 0).over


def test_replay_checks_the_dealer_and_counts_hands_when_the_record_does_not_say():
    from game.bots.runner import play_match
    from game.bots.simple import SimpleBot
    from game.rules.match import replay_match

    v = get("wenshan")
    rec = play_match(v, {}, 3, 2, [SimpleBot(i) for i in range(4)]).match.to_json()
    del rec["hands"]
    again = replay_match(v, rec)
    assert again.hands_total == 2 and again.scores == rec["totals"] and again.over
    rec["hands_played"][1]["dealer"] = (rec["hands_played"][1]["dealer"] + 1) % 4
    with pytest.raises(ValueError, match=r"^hand 1: recorded dealer \d but the rules give \d$"):
        replay_match(v, rec)


# ---- the chicken games' settlement screen in English, and the settled score -----------------------------------

def test_chicken_settlement_lines_in_english():
    """The English settlement screen names every line (README: Chinese and English)."""
    from tests.rules.chicken_hands import play_a, play_c

    st = play_a("9s")
    assert [(i.seat, en(i.text), i.points) for i in st.settlement.items_for(1)] == [
        (1, "Plain win 1", 3), (1, "black-bone chicken 8p (3 tiles) ×2", 18),
        (1, "golden chicken 1s (2 tiles) ×2", 12), (1, "owed charging golden chicken 1s ×4", 4),
        (1, "owed golden chicken 1s ×2", 2), (1, "owed charging black-bone chicken 8p ×4", 4)]
    assert [en(n) for n in st.settlement.notes] == ["Flipped 9s → chicken 1s", "Ready: seat 1, seat 2"]
    st = play_c("5s", streak=2)
    assert [(en(i.text), i.points) for i in st.settlement.items_for(1)] == [
        ("Plain win 3", -3), ("dealer streak 2: 3×2", -6), ("charging chicken 1s ×3", -3),
        ("flipped chicken 6s ×1", 3), ("following charge chicken 1s ×3", 9),
        ("owed following charge chicken 1s ×3", 3)]


def test_zhuoji_su_gua_dou_is_the_settled_score():
    """chicken.md 素瓜豆 (zhuoji, 6): known only after the flip, it replaces the scored 平胡 in the win's score."""
    from tests.rules.chicken_hands import play_zeren

    st = play_zeren("zhuoji", "1s1p4p7p2m5m9m3s6s9s2p6p9p8m", "1s1s234m567m345p9p5s", "5s")
    sc = st.wins[0].score
    assert sc.valid is True and sc.total == 6 and sc.payments == {0: 6, 2: 6, 3: 6}
    assert [(p.key, zh(p.text), en(p.text), p.value) for p in sc.patterns] == [
        ("su_gua_dou", "素瓜豆", "Bare win (no chicken, no bean)", 6)]
    assert sc.info["settled"] == "su_gua_dou"


def test_guiyang_flush_ignores_red_but_not_a_meld_of_another_suit():
    """chicken.md: 红中 does not count as a suit; a pung of 1p beside 1-9m and 红中 is no 清一色 (平胡 1)."""
    from tests.rules.scoring import judge_chicken as judge
    from tests.rules.scoring import keys, pung

    res, code = judge("guiyang", "123m456m789m7z7z", "7z", melds=[pung("111p")])
    assert code == 0 and keys(res) == ["ping_hu"] and res["total"] == 1
    res, _ = judge("guiyang", "123m456m789m7z7z", "7z", melds=[pung("111m")])
    assert keys(res) == ["qing_yi_se"] and res["total"] == 10


def test_readings_refuse_a_fifth_copy_before_anything_else():
    nine = [0] * 34
    nine[8] = 5  # five 9m: no reading (and no lookup: its key would fall outside the suit's table)
    assert decompose.readings(nine, 0) == []
    red = [0] * 34
    red[33] = 5
    assert decompose.readings(red, 0) == []


def test_chicken_public_info_names_charges_and_responsibilities():
    """What every seat may see of the chickens (the UI marks them): 冲锋 by its discarder, 跟冲 by seat, 责任 as
    [discarder, claimer]."""
    from tests.rules.chicken_hands import play_c, play_zeren

    st = play_c("5s")
    pi = st.variant.public_info(st, 0)
    assert pi["chong_feng"] == {"1s": 0} and pi["gen_chong"] == [["1s", 1], ["1s", 2]] and pi["ze_ren"] == {}
    st = play_zeren("zhuoji", "1s1p4p7p2m5m9m3s6s9s2p6p9p8m", "1s1s234m567m345p9p5s", "5s")
    pi = st.variant.public_info(st, 3)
    assert pi["ze_ren"] == {"1s": [0, 2]} and pi["chong_feng"] == {}


def test_yuxi_shi_feng_and_shi_san_yao_progress():
    """yuxi.md 十风 (first 10 discards all honors, 有风) and 十三幺 (first 13 all honors or 1/9): the public
    progress counts clean discards and stops (None) once the sequence is broken or past its length."""
    from game.rules.state import Discard

    v = cast(Yuxi, get("yuxi"))
    st, _ = engine.new_hand(v, v.resolve_options({"with_honors": True}), seed=1)
    s = st.seats[1]
    s.discards = [Discard(tiles.tile("1z"))] * 10
    assert v.sequence_progress(st, 1) == {"shi_feng": 10, "shi_san_yao": 10}
    s.discards = [Discard(tiles.tile("1z"))] * 11
    assert v.sequence_progress(st, 1) == {"shi_feng": None, "shi_san_yao": 11}
    s.discards = [Discard(tiles.tile("1m")), Discard(tiles.tile("9p")), Discard(tiles.tile("2z"))]
    assert v.sequence_progress(st, 1) == {"shi_feng": None, "shi_san_yao": 3}
    s.discards = [Discard(tiles.tile("1z")), Discard(tiles.tile("5p"))]
    assert v.sequence_progress(st, 1) == {"shi_feng": None, "shi_san_yao": None}


# ---- wenshan: the formula on the settlement line, 烂牌 completed by wildcards ---------------------------------

@pytest.mark.parametrize("patterns, total, text", [
    ([("ping_hu", 1), ("zi_mo", 2), ("ying_gong", 2)], 4, "1×2×2=4"),
    ([("qi_dui", 2), ("tian_hu", 12), ("zi_mo", 2)], 28, "(2+12)×2=28"),  # wenshan.md: 小七对天胡自摸 = 28
    ([("qi_dui", 2), ("hai_di", 4)], 6, "2+4=6"),
    ([("qi_dui", 2)], 2, "2"),
    ([("gang_shang_hua", 4), ("zi_mo", 2)], 8, "4×2=8"),  # 杠上花 cancels the base: one term
])
def test_wenshan_settlement_formula(patterns, total, text):
    """wenshan.md: T = (base + added) × multipliers, written out on the settlement line."""
    from game.rules.variants.wenshan import _formula

    sc = Score(True, [Pattern(k, v, msg(k)) for k, v in patterns], total)
    assert _formula(sc) == text


def test_wenshan_lan_with_wildcards_for_missing_honors():
    """wenshan.md 烂牌 with wildcards: 147m 258p 369s 东南西 + two wildcards standing for two more honors (5)."""
    from game.rules.variants import wenshan_shapes

    assert wenshan_shapes.lan(hand("147m258p369s123z"), 2, False)
    assert not wenshan_shapes.lan(hand("147m258p369s12z"), 2, False)  # 13 tiles with the wildcards
    assert wenshan_shapes.lan(hand("147m258p36s1234z"), 2, False)  # one wildcard an honor, one the 9s
