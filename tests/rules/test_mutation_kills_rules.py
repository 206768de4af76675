"""Outward contracts of the rules core the mutation run found unguarded: the messages an illegal action or a
bad scenario gets (guide: "bad input gets a clear one-line message"), option values as tables write them,
tile names, the order of readings, the hint's shape tests with melds, kong melds and 杠上炮 on an added
kong (wenshan.md), settlement items per seat, and the declare decision of 报听 (chicken.md)."""

from __future__ import annotations

import itertools
import zlib

import pytest

from game import i18n
from game.rules import analysis, decompose, engine, scenario, tables, tiles
from game.rules.actions import Action, IllegalActionError, InvalidActionError, from_json
from game.rules.advice import advise
from game.rules.codes import ActionProblem, Refusal
from game.rules.options import OptionError
from game.rules.situation import Situation
from game.rules.state import Meld, Seat
from game.rules.variants import get
from game.rules.view import pending_state, view
from tests.helpers.scen import scenario_dict
from tests.helpers.words import en, zh
from tests.rules.chicken_hands import J3, WAIT_6S_9M
from tests.rules.chicken_util import run as chicken_run
from tests.rules.chicken_util import score_input
from tests.rules.invariants import check_conservation
from tests.rules.table_file_util import shipped_sections, table_file
from tests.rules.wenshan_util import H1, H2, H3, KONG0, act, kong_deal, start

t = tiles.tile


# ---- messages --------------------------------------------------------------------------------------------

def test_illegal_actions_are_told_what_is_possible():
    """One-line messages naming what the seat may do: waiting seats, tiles it may discard, the kongs it holds."""
    st = start()
    with pytest.raises(IllegalActionError) as e:
        engine.normalize(st, Action(2, "discard", t("1m")))
    assert str(e.value) == "seat 2 has no decision now (waiting for seat 3)"
    assert e.value.code == ActionProblem.NO_DECISION
    with pytest.raises(IllegalActionError, match=r"^3 discard 9s is not legal now \(seat 3 may: discard; may "
                                                   r"discard 369m258p23468s13z\)$"):
        engine.normalize(st, Action(3, "discard", t("9s")))
    with pytest.raises(IllegalActionError, match=r"^3 pung is not legal now \(seat 3 may: discard\)$"):
        engine.normalize(st, Action(3, "pung"))
    st = kong_deal()
    act(st, 3, "discard", "2p")
    with pytest.raises(IllegalActionError, match=r"^0 kong 5m is not legal now \(seat 0 may: discard, kong; "
                                                   r"possible: 0 kong 7p\)$"):
        engine.normalize(st, Action(0, "kong", t("5m")))
    with pytest.raises(IllegalActionError, match=r"^0 pung is not legal now \(seat 0 may: discard, kong\)$"):
        engine.normalize(st, Action(0, "pung"))


def test_a_kong_on_a_discard_may_name_its_tile():
    """wenshan.md 直杠: a kong claim on the discarded 7p may be written with the tile (as a script does)."""
    st = start(["777p4s19s123z66z8m5m", H1, H2, "4s369m258p36s13z28s7p"], front="5m", back="3p")
    act(st, 3, "discard", "7p")
    assert engine.normalize(st, Action(0, "kong", t("7p"))) == Action(0, "kong")


def test_action_with_bad_tiles_names_the_notation():
    with pytest.raises(InvalidActionError, match=r"^bad tile notation '5q' in '5q' \(write tiles like "
                                                 r"123m456p7z\)$"):
        from_json([0, "discard", "5q"])


@pytest.mark.parametrize("data,msg", [
    (["wenshan", ["123m"]], "a scenario is a JSON object"),  # a list where the object belongs (issue 42)
    ({"variant": "wenshan", "hands": "x"}, "hands must be a list of tile strings"),
    ({"variant": "wenshan", "hands": [], "dealer": "a"}, "dealer must be a seat number"),
    ({"variant": "wenshan", "hands": [], "actions": {}}, "actions must be a list"),
])
def test_scenario_errors_are_one_clear_line(data, msg):
    with pytest.raises(scenario.ScenarioError) as e:
        scenario.load(data)
    assert str(e.value) == msg


def test_scenario_hand_count_and_missing_wall():
    """A scenario without a wall is valid (the wall is shuffled from the seed); a wrong number of hands says
    how many it got."""
    assert scenario.load({"variant": "wenshan", "hands": ["123m"]})[4] == []
    with pytest.raises(scenario.ScenarioError) as e:
        scenario.start({"variant": "wenshan", "hands": ["123m"]})
    assert str(e.value) == "hands must list 4 hands (one per seat), got 1"


def test_scenario_ending_before_a_forced_win_says_so():
    """chicken.md 地胡 cannot be passed: a script that ends right after the dealer's 6s, which seat 2 must win."""
    hands = ["6s1m4m7m1p4p7p2s5s8s3m6m9m2p", J3, WAIT_6S_9M, "1m4m7m2p5p8p3s6s9s2m5m8m3p"]
    with pytest.raises(scenario.ScenarioError) as e:
        chicken_run("guiyang", hands, actions=[[0, "discard", "6s"]])
    assert str(e.value) == "the actions end: seat 2 must win here (this win cannot be passed)"


def test_table_file_damage_is_named():
    """A table file of the right length whose checksum does not match is refused, as is a short one."""
    raw = tables.resource_path().read_bytes()
    head = tables._HEADER.size
    body = zlib.decompress(raw[head:])
    bad = raw[:head] + zlib.compress(bytes([body[0] ^ 1]) + body[1:])
    with pytest.raises(tables.TableError, match=r"^table file checksum mismatch$"):
        tables.deserialize(bad)
    with pytest.raises(tables.TableError, match=r"^table file too short$"):
        tables.deserialize(raw[:3])


def test_table_file_of_only_a_header_is_not_too_short_but_does_not_decompress():
    """Issue 42: "too short" means shorter than the header; a file that is exactly a valid header with no
    compressed body is long enough to read and is refused because its body does not decompress."""
    head = tables._HEADER.size
    raw = tables.resource_path().read_bytes()
    with pytest.raises(tables.TableError, match=r"^table file does not decompress: "):
        tables.deserialize(raw[:head])
    with pytest.raises(tables.TableError, match=r"^table file too short$"):
        tables.deserialize(raw[:head - 1])


# ---- values and names --------------------------------------------------------------------------------------

def test_refusal_texts_in_both_languages():
    assert i18n.code_text(Refusal.NOT_A_WIN, "zh") != i18n.code_text(Refusal.NOT_A_WIN, "en")
    assert i18n.code_text(Refusal.NOT_A_WIN, "en") == i18n.code_text(Refusal.NOT_A_WIN, "en")
    assert i18n.code_text(Refusal.NOT_A_WIN, "zh") == i18n.catalog("zh")["rules.code.refusal.not_a_win"]


@pytest.mark.parametrize("given,value", [(1, True), (0, False), ("true", True), ("On", True), ("off", False),
                                         (" no ", False)])
def test_on_off_options_as_tables_write_them(given, value):
    """wenshan.md 软烂 as a table file or command line writes it: 1/0, true, On, off, no."""
    assert get("wenshan").resolve_options({"soft_lan": given})["soft_lan"] is value


def test_on_off_option_rejects_other_words():
    with pytest.raises(OptionError, match="option soft_lan is on/off, got 'maybe'"):
        get("wenshan").resolve_options({"soft_lan": "maybe"})


@pytest.mark.parametrize("variant", ["wenshan", "yuxi", "guiyang"])
@pytest.mark.parametrize("given", [0, -3, "0"])
def test_base_option_below_one_is_refused_with_its_value(variant, given):
    """Issue 42: the 底 (base) has no fixed choices; below 1 it is refused in one line naming the value given."""
    with pytest.raises(OptionError) as e:
        get(variant).resolve_options({"base": given})
    assert str(e.value) == f"option base must be at least 1, got {given!r}"


def test_a_message_comes_back_from_its_json_with_its_arguments():
    """Issue 42: a settlement or event text sent as JSON (views, saved matches) reads back as the same message,
    nested arguments, tuples of messages and plain values included."""
    from game.rules.texts import Msg, msg

    m = msg("rules.settle.chicken.ready", seats=(msg("rules.settle.seat", seat=0), msg("rules.settle.seat", seat=2)))
    flip = msg("rules.settle.chicken.flip", zhuo="2s", fowl=msg("rules.fowl.flip.fan_pai_ji"), chicken="3s")
    for x in (m, flip, msg("rules.settle.chicken.drawn")):
        assert Msg.from_json(x.to_json()) == x
    assert Msg.from_json({"key": "rules.settle.seat", "args": {"seat": 3}}) == Msg("rules.settle.seat", (("seat", 3),))


def test_tile_names_of_honors_and_terminals():
    """Honors 东南西北 白发中 in order (1z-7z as the seeds number them); terminals are the 1s and 9s."""
    def face(k: int) -> str:
        return i18n.text(f"rules.tile.{tiles.name(k)}.short", "zh")

    assert [face(k) for k in range(27, 34)] == [face(t(f"{i}z")) for i in range(1, 8)] == list("东南西北白发中")
    assert face(t("1z")) == "东" and face(t("7z")) == "中"
    assert [tiles.is_terminal(t(x)) for x in ("1m", "9m", "9p", "9s", "8s", "2m", "1z")] == \
        [True, True, True, True, False, False, False]


def test_readings_list_joker_only_sets_last():
    """decompose.readings: every reading of 123m 55p + 3 jokers, sorted by face (joker-only last), kind, jokers."""
    r = decompose.readings(tiles.counts(tiles.parse("123m55p")), 3)
    assert len(r) == 19
    many = decompose.readings(tiles.counts(tiles.parse("111123333m22p")), 3)
    assert len(many) == 48 and many == sorted(many, key=lambda x: [decompose.block_key(b) for b in x])
    assert r[:5] == [(("chow", 0, 0), ("chow", 11, 2), ("pair", 13, 1)),
                     (("chow", 0, 0), ("chow", 12, 2), ("pair", 13, 1)),
                     (("chow", 0, 0), ("chow", 13, 2), ("pair", 13, 1)),
                     (("chow", 0, 0), ("pair", 13, 0), ("chow", None, 3)),
                     (("chow", 0, 0), ("pair", 13, 0), ("pung", None, 3))]
    assert r[-1] == (("pung", 0, 2), ("chow", 1, 1), ("pair", 13, 0))


def test_five_copies_of_a_tile_are_no_seven_pairs():
    """A tile kind has four copies: 11111m 22m 33m 44m 5m + 2 jokers is no hand (and not read as pairs)."""
    assert decompose.seven_pairs_readings(tiles.counts(tiles.parse("11111m22m33m44m5m")), 2) == []


def test_situation_lists_meld_tiles_too():
    meld = Meld("pung", tuple(tiles.parse("999m")), tuple(tiles.parse("999m")), from_seat=2)
    sit = Situation("yuxi", {}, 4, 0, 1, tiles.counts(tiles.parse("123m456p78s55s")), [meld], t("9s"), "discard", 2,
                    frozenset(), None)
    assert sorted(sit.all_tiles()) == sorted(tiles.parse("123m456p78s55s999m"))


def test_removing_a_tile_not_held_is_an_error():
    s: Seat = start().seats[0]
    with pytest.raises(ValueError, match="seat does not hold 7z"):
        s.remove(t("7z"))


# ---- the hint (advice) with melds ------------------------------------------------------------------------

def test_advice_waits_of_a_di_long_hand_with_its_pung():
    """chicken.md 地龙 (zhuoji): five pairs beside a claimed pung wait for the pung's fourth tile. A seat holding
    11m 33m 55p 77p 99s and a pung of 5s (claimed from seat 0) waits for 5s only."""
    data = scenario_dict("zhuoji", ["9s1m4m7m1p4p7p2s5s8s3m6m9m2p", J3, WAIT_6S_9M, "1m4m7m2p5p8p3s6s9s2m5m8m3p"])
    s0, _ = scenario.start(data)
    v = view(s0, 1)
    v["hand"] = tiles.parse("11m33m55p77p99s")
    v["seats"][1]["melds"] = [{"kind": "pung", "tiles": [t("5s")] * 3, "faces": [t("5s")] * 3, "from": 0,
                               "claimed": 2}]
    v["phase"] = "wait"
    v["legal"] = []
    adv = advise(v)
    assert [w.tile for w in adv.waits] == [t("5s")]


def test_advice_does_not_refuse_a_win_that_is_offered():
    """wenshan.md 天胡: the dealer dealt a complete hand may win at once; the hint reports no refused win."""
    data = scenario_dict("wenshan", ["2m3m5m6m7m4p6p7p2s4s5s7s8s", "2m3m5m6m7m4p6p7p2s4s5s7s8s", "123m456p789s111z22z",
                                "9m9m9p9p1s1s1p1p3p3p6m6m9s"], flip="4m", dealer=2)
    st, _ = scenario.start(data)
    v = view(st, 2)
    assert any(a.kind == "hu" for a in v["legal"])
    assert advise(v).win_refusal is None


# ---- melds and settlement items ---------------------------------------------------------------------------

def _added_kong(discard_after: str):
    """Seat 0 pungs dealer 3's 7p, later draws the fourth 7p and adds it (补杠), then discards."""
    hands = ["77p4s19s123z66z8m5m9m", H1, H2, "4s369m258p36s13z28s7p"]
    return scenario_dict("wenshan", hands, front="5p6p8p7p9p4s", back="3p", flip="4z", dealer=3,
                    actions=[[3, "discard", "7p"], [0, "pung"], [0, "discard", "8m"], [1, "discard", "2m"],
                             [2, "discard", "6p"], [3, "discard", "8p"], [0, "kong", "7p"],
                             [0, "discard", discard_after]])


def test_an_added_kong_keeps_who_gave_the_pung():
    """wenshan.md 补杠: the meld stays the pung claimed from seat 3, now with the fourth 7p."""
    st, acts = scenario.start(_added_kong("3p"))
    for a in acts:
        while engine.normalize_or_none(st, a) is None:  # decline the prompts the script does not take
            engine.apply(st, Action(engine.acting_seats(st)[0], "pass"))
        engine.apply(st, a)
    m = st.seats[0].melds[0]
    assert m.kind == "added_kong" and m.from_seat == 3 and m.tiles == (t("7p"),) * 4


def test_gang_shang_pao_cancels_an_added_kong():
    """wenshan.md 杠上炮: discarding after a kong replacement and dealing in, that kong scores 0. Seat 0 adds its
    fourth 7p, draws 3p and deals 4s into seat 2's 平胡 硬功 (2 from each): no 补杠 points at all."""
    data = _added_kong("4s")
    data["actions"].append([2, "hu"])
    st = scenario.run(data)
    assert st.settlement.deltas == [-2, -2, 6, -2]
    assert [(i.seat, i.points) for i in st.settlement.items if i.key == "gang_shang_pao"] == [(0, 0)]
    item = next(i for i in st.settlement.items if i.key == "gang_shang_pao")
    assert item.detail == "" and zh(item.text) == "杠上炮 7p 杠分作废"


def test_settlement_items_per_seat_in_order():
    """wenshan.md 暗杠 2 from each + seat 2's 龙七对 硬功 (4 × 2 = 8) from each on seat 1's 7s. Items: each
    seat's lines in seat order, in the order they arose (the win before the kong), with the net for that seat
    (payers negative)."""
    st = start([KONG0, H1, "11223344m5555s7s", H3], front="5m6m", back="3p")
    act(st, 3, "discard", "2p")
    act(st, 0, "kong", "7p")
    act(st, 0, "discard", "3p")
    act(st, 1, "discard", "7s")
    act(st, 2, "hu")
    got = [(i.seat, i.key, i.points) for i in st.settlement.items]
    assert got == [(0, "long_qi_dui", -8), (0, "an_gang", 6), (1, "long_qi_dui", -8), (1, "an_gang", -2),
                   (2, "long_qi_dui", 24), (2, "an_gang", -2), (3, "long_qi_dui", -8), (3, "an_gang", -2)]
    assert st.settlement.deltas == [-2, -10, 22, -10]
    check_conservation(st)


def test_a_robbed_kong_tile_stays_accounted_for():
    """wenshan.md 抢杠胡: the robbed 4s is the win tile, in no meld: every tile is still accounted for."""
    hands = ["19m19p19s123z66z8p5m", "44s7s19m19p1s23z6z28m", H2, H3]
    data = scenario_dict("wenshan", hands, front="9m3p4p4s", flip="4z", dealer=3,
                    actions=[[3, "discard", "4s"], [1, "pung"], [1, "discard", "7s"], [2, "discard", "9m"],
                             [3, "discard", "3p"], [0, "discard", "4p"], [1, "kong", "4s"], [2, "hu"]])
    st = scenario.run(data)
    assert st.wins[0].how == "rob_kong"
    check_conservation(st)


# ---- hand analysis: exact answers where a lookup could be skipped or overflow ---------------------------------

def test_shanten_with_a_joker_as_a_fifth_copy_is_ready():
    """1111m 234p 567p 78s + a joker: 111m, 1m + joker as a pair, 78s waits 6s/9s: ready (shanten 0), although
    the table (no fifth copy) alone says 1. (waits also lists a fifth 1m: the table convention.)"""
    assert analysis.shanten(tiles.counts(tiles.parse("1111m234p567p78s")), 1) == 0
    assert analysis.waits(tiles.counts(tiles.parse("1111m234p567p78s")), 1) == [t("1m"), t("6s"), t("9s")]


def test_waits_with_sixteen_jokers_take_every_kind():
    """Past the precomputed joker slots (16 jokers and no tile) any one tile makes 17 = five sets and a pair."""
    assert analysis.waits_keys(analysis.keys_of([0] * 34), 16) == list(range(34))


def test_pair_shape_waits_never_probe_a_fifth_copy_of_a_terminal():
    """Seven pairs (quadruples as two pairs) never take a fifth copy: 9999m 11p 22p 33p 44p + a joker waits
    every kind but 9m; with four 7z every kind but 7z (the last kinds of a suit and of the honors)."""
    assert analysis.waits_shapes(tiles.counts(tiles.parse("9999m11p22p33p44p")), 1, analysis.SEVEN_PAIRS) == \
        [k for k in range(34) if k != t("9m")]
    hand = tiles.counts(tiles.parse("7777z11p22p33p44p"))
    assert analysis.waits_shapes(hand, 1, analysis.SEVEN_PAIRS) == list(range(33))


def test_seven_pairs_with_a_quadruple_and_many_jokers():
    """The slow path (8+ jokers): 1111m 2p 3p + 8 jokers is seven pairs (1111m as two pairs)."""
    assert analysis.win_shapes(tiles.counts(tiles.parse("1111m23p")), 8) & analysis.SEVEN_PAIRS


# ---- a match: dealer streak and scores carried from hand to hand -------------------------------------------

def _play_out(st, bots):
    """Play the hand to its end with the given bots."""
    while st.end is None:
        for seat in engine.acting_seats(st):
            if engine.legal_actions(st, seat):
                engine.apply(st, bots[seat].act(view(st, seat)))
                break


@pytest.mark.parametrize("vid", ["wenshan", "yuxi", "zhuoji"])
def test_match_carries_dealer_streak_and_scores(vid):
    """README/rules: the dealer's streak counts the hands the dealer kept the seat in a row (0 when the seat
    passes on) and the match totals are carried into every next hand; seen over eight seeded hands."""
    from game.bots import make_bot
    from game.rules.match import Match

    m = Match(get(vid), {}, 7, 8)
    bots = [make_bot("simple", i) for i in range(4)]
    kept = changed = 0
    for _ in range(8):
        streak, dealer, scores = m.streak, m.dealer, list(m.scores)
        st, _ev = m.start_hand()
        assert st.dealer_streak == streak and st.dealer == dealer and list(st.scores) == scores
        assert view(st, 0)["dealer_streak"] == streak
        _play_out(st, bots)
        rec = m.finish_hand()
        assert rec["dealer_streak"] == streak and m.scores == [a + d for a, d in zip(scores, rec["deltas"])]
        if rec["next_dealer"] == dealer:
            kept += 1
            assert m.streak == streak + 1
        else:
            changed += 1
            assert m.streak == 0
    assert kept and changed


# ---- the table build command -----------------------------------------------------------------------------

def test_tables_check_command_compares_the_shipped_file(tmp_path, monkeypatch, capsys):
    """`python -m game.rules.tables --check` exits 1 and says OUT OF DATE unless the shipped file equals a fresh
    build; it prints the build's size in MB (5,000 bytes: 0.01 MB). The build is stubbed: the command is tested."""
    target = tmp_path / "tables.bin"
    monkeypatch.setattr(tables, "resource_path", lambda: target)
    monkeypatch.setattr(tables, "build", lambda: None)
    monkeypatch.setattr(tables, "serialize", lambda _t: b"x" * 5000)
    assert tables.main(["--check"]) == 1 and "OUT OF DATE" in capsys.readouterr().out
    target.write_bytes(b"y" * 5000)
    assert tables.main(["--check"]) == 1
    out = capsys.readouterr().out
    assert f"{target}: OUT OF DATE" in out and ", 0.01 MB" in out
    target.write_bytes(b"x" * 5000)
    assert tables.main(["--check"]) == 0 and f"{target}: up to date" in capsys.readouterr().out


def test_tables_command_without_a_choice_prints_its_help(capsys):
    assert tables.main([]) == 2
    out = capsys.readouterr().out
    assert tables.__doc__.split("\n")[0].strip()[:40] in out
    assert "exit 1 unless the shipped file equals a fresh build" in out and "build and write" in out


# ---- engine: dealer, claims and decisions ------------------------------------------------------------------

def test_zhuoji_first_dealer_is_drawn_from_the_match_seed():
    """chicken.md first dealer (zhuoji: random, from the hand's seed): the same seed, the same dealer; over 12
    seeds more than one seat deals; a dealer outside the table is refused."""
    g = get("zhuoji")
    opts = g.resolve_options({})
    dealers = [engine.new_hand(g, opts, seed=s)[0].dealer for s in range(12)]
    assert dealers == [g.first_dealer(opts, s, 4) for s in range(12)] and len(set(dealers)) > 1
    with pytest.raises(engine.ScenarioError) as e:
        engine.new_hand(g, opts, seed=1, dealer=4)
    assert str(e.value) == "dealer 4 is not a seat of a 4-player table"


def test_only_the_discarder_decides_on_declaring_ready():
    """chicken.md 报听: after its discard the player alone may declare ready (or pass); nobody else acts."""
    from tests.rules.chicken_hands import OPENING, S0, S1, S2_JUNK, S3
    from tests.rules.chicken_util import play_until
    from tests.rules.chicken_util import start as cstart

    st = cstart("guiyang", [S0, S1, S2_JUNK, S3], front="4p2s3p4p6s6m5p4p2s")
    play_until(st, OPENING[:2])
    assert st.phase == "declare" and engine.acting_seats(st) == [1]
    assert [engine.legal_actions(st, s) for s in (0, 2, 3)] == [[], [], []]


def test_a_declared_player_may_not_kong_a_discard():
    """chicken.md 报听: once declared, a player may still win but not pung or kong. Seat 1 declares with 111s
    (waiting 4p); seat 3's 1s is offered to it neither as a kong nor as a pung."""
    from tests.rules.chicken_hands import S0, S2_JUNK, S3
    from tests.rules.chicken_util import kinds as ckinds
    from tests.rules.chicken_util import play_until
    from tests.rules.chicken_util import start as cstart

    st = cstart("guiyang", [S0, "123m456m789m1s1s1s9p", S2_JUNK, S3], front="4p2s3p4p6s6m5p4p2s")
    play_until(st, [[0, "discard", "7z"], [1, "discard", "9p"], [1, "declare_ready"], [2, "discard", "2s"],
                    [3, "discard", "1s"]])
    assert st.seats[1].declared
    assert "kong" not in ckinds(st, 1) and "pung" not in ckinds(st, 1)


def test_a_chow_meld_records_who_gave_the_tile():
    """yuxi.md: chows are allowed (from the player before). Seat 1 chows seat 0's 4m with 3m 5m: the meld is
    345m from seat 0, the claimed tile its middle one."""
    from tests.rules.yuxi_util import act as yact
    from tests.rules.yuxi_util import start as ystart

    st = ystart(["4m+", "35m+", None, None])
    yact(st, 0, "discard", "4m")
    yact(st, 1, "chow", "345m")
    m = st.seats[1].melds[0]
    assert (m.kind, m.tiles, m.from_seat) == ("chow", tuple(tiles.parse("345m")), 0)
    assert m.claimed == 1 and m.tiles[m.claimed] == t("4m")


# Dealer 0 leads 5p. Seat 2 (123m 456m 789m 55p 11s) may win on it and may pung it.
WIN_OR_PUNG = ["5p19m19p19s123z66z8m2p", H1, "123m456m789m55p11s", "4s369m28p36s13z28s5s"]


def test_passing_a_win_is_noted_once_and_taking_it_never():
    """wenshan.md 过手胡: passing a discard win bars wins of that value until the seat's next draw. With one
    prompt per level (old logs), seat 2 passes the 胡 prompt and then the 碰 prompt: the missed win is noted once.
    A seat that takes the win has missed nothing."""
    st, _ = scenario.start(scenario_dict("wenshan", WIN_OR_PUNG, flip="4z", dealer=0))
    st.extra[engine.LEVEL_PROMPTS] = True
    engine.apply(st, Action(0, "discard", t("5p")))
    assert engine.acting_seats(st) == [2] and sorted(a.kind for a in engine.legal_actions(st, 2)) == ["hu", "pass"]
    _, ev1 = engine.apply(st, Action(2, "pass"))
    assert sorted(a.kind for a in engine.legal_actions(st, 2)) == ["pass", "pung"]
    _, ev2 = engine.apply(st, Action(2, "pass"))
    assert [e["type"] for e in ev1 + ev2].count("missed_win") == 1 and st.seats[2].missed_win is not None
    st, _ = scenario.start(scenario_dict("wenshan", WIN_OR_PUNG, flip="4z", dealer=0))
    engine.apply(st, Action(0, "discard", t("5p")))
    assert sorted(a.kind for a in engine.legal_actions(st, 2)) == ["hu", "pass", "pung"]
    _, ev = engine.apply(st, Action(2, "hu"))
    assert "missed_win" not in [e["type"] for e in ev] and st.seats[2].missed_win is None and st.end == "win"


def test_no_kong_on_the_last_tile_of_the_wall():
    """chicken.md: the hand is drawn when the wall is empty; a kong needs a replacement tile. Seat 1 draws the
    wall's last tile, its fourth 1m: it may only discard."""
    from tests.rules.chicken_util import kinds as ckinds
    from tests.rules.chicken_util import start as cstart

    st = cstart("guiyang", ["1p4p7p2s5s8s3m6m9m2p5p8p3s6s", "111m4m7m1p4p7p9p2s5s8s9s", J3,
                            "2m5m8m3p6p9p2s5s8s4m7m5p1p"], front="1m", fill=False)
    engine.apply(st, Action(0, "discard", t("1p")))
    while st.phase != "turn":
        engine.apply(st, Action(engine.acting_seats(st)[0], "pass"))
    assert st.turn == 1 and st.seats[1].drawn == t("1m") and st.front == st.back
    assert ckinds(st, 1) == ["discard"]


def test_honors_are_never_chowed():
    """wenshan.md claims (胡 > 碰/杠 > 吃): a chow is three consecutive suited tiles: seat 0, next after dealer 3,
    holding 南 西 is offered no chow of a discarded 东."""
    st = start(["23z19m19p19s66z8m4s5m", H1, H2, "1z4s369m258p36s3z28s2p"])
    act(st, 3, "discard", "1z")
    assert all(a.kind != "chow" for a in engine.legal_actions(st, 0))


def test_chows_with_fewest_substitutes_come_first():
    """wenshan.md: a wildcard may stand in a chow; the chows are offered fewest substitutes first, then by the
    faces they make: seat 0 holds 4p 6p and the wildcard 中 on dealer 3's 5p: 456p, then 中 45p (345p) and
    45p 中 (456p), then 中 56p (456p) and 56p 中 (567p)."""
    st = start(["46p7z19m19s123z66z8m", H1, H2, "5p369m258p36s13z28s4s"])
    act(st, 3, "discard", "5p")
    assert [tiles.fmt(a.tiles) for a in engine.legal_actions(st, 0) if a.kind == "chow"] == [
        "456p", "7z45p", "45p7z", "7z56p", "56p7z"]


def test_unknown_variant_lists_the_known_ones():
    with pytest.raises(ValueError) as e:
        get("nope")
    assert str(e.value) == "unknown variant 'nope' (known: wenshan, kunming, yuxi, guiyang, zhuoji)"


def test_the_state_version_grows_with_every_step_automatic_ones_too():
    """HandState.version is the change counter the LAN host compares to know the game moved on while a bot
    thought (netplay/table.py): it must grow with every step, also the automatic ones. chicken.md 报听: seat 1's
    drawn 6s, which does not win, is discarded by itself right after seat 0's 4p: that action moves the
    version by two (the action and the automatic discard)."""
    from tests.rules.chicken_hands import OPENING, S0, S1, S2_JUNK, S3
    from tests.rules.chicken_util import start as cstart

    st = cstart("guiyang", [S0, S1, S2_JUNK, S3], front="4p2s3p4p6s6m5p4p2s")
    seen = [st.version]
    for seat, kind, *arg in OPENING + [[0, "discard", "4p"]]:
        while engine.normalize_or_none(st, Action(seat, kind, t(arg[0]) if arg else None)) is None:
            engine.apply(st, Action(engine.acting_seats(st)[0], "pass"))
            seen.append(st.version)
        engine.apply(st, Action(seat, kind, t(arg[0]) if arg else None))
        seen.append(st.version)
    assert st.seats[1].discards[-1].tile == t("6s") and st.turn == 2  # discarded by itself
    assert all(b > a for a, b in itertools.pairwise(seen))
    assert seen[-1] - seen[-2] == 2


def test_a_discarded_white_is_punged_as_itself_first():
    """wenshan.md: 白 may stand for the wildcard's face (中 here), and a discarded 白 may be claimed as either;
    the claim takes the fewest substitutes. Seat 0 holds 白白 and pungs dealer 3's 白: a plain 白 pung."""
    st = start(["55z19m19p19s1z23z8m4s", H1, H2, "5z369m258p36s13z28s2p"])
    act(st, 3, "discard", "5z")
    assert "pung" in {a.kind for a in engine.legal_actions(st, 0)}
    act(st, 0, "pung")
    m = st.seats[0].melds[0]
    assert m.face == t("5z") and m.tiles == (t("5z"),) * 3 and m.subs == 0


def test_a_discarded_white_with_two_wildcards_is_a_pung_of_the_wildcards_face():
    """wenshan.md: a claim takes the fewest substitutes. Seat 0 holds 中中 (the wildcard) and pungs dealer 3's
    白: read as 中 (白 standing in, one substitute), not as 白 (both 中 standing in, two)."""
    st = start(["77z19m19p19s1z23z8m4s", H1, H2, "5z369m258p36s13z28s2p"])
    act(st, 3, "discard", "5z")
    act(st, 0, "pung")
    m = st.seats[0].melds[0]
    assert m.face == t("7z") and sorted(m.tiles) == sorted(tiles.parse("775z")) and m.subs == 1


def test_table_file_with_a_packed_index_out_of_range_is_named():
    """A table file whose checksum fits but whose packed-value index points past the values is refused with
    its own message (the game then builds the tables in memory)."""
    sections = shipped_sections()
    sections["pid_s"] = b"\xff\xff" + sections["pid_s"][2:]  # the first suit key's index: past every value
    bad = table_file(sections)
    with pytest.raises(tables.TableError) as e:
        tables.deserialize(bad)
    assert str(e.value) == "table file has a packed value index out of range"


# ---- issue 42: a truncated match names the hand and the decision that is missing --------------------------------

def _two_hand_log(variant_id="wenshan", seed=5):
    import json

    from game.rules.match import Match, play_hand

    v = get(variant_id)
    m = Match(v, None, seed=seed, hands=2)
    for _ in range(2):
        play_hand(m, lambda st, seat, legal: legal[0])
    return v, json.loads(json.dumps(m.to_json()))


@pytest.mark.parametrize("cut,missing", [
    (0, "the turn of seat 0 (a discard, a win or a kong)"),
    (1, "the answer of seat 1 to the discard (a claim or a pass)"),
    (3, "the answer of seat 2 to the discard (a claim or a pass)"),
    (4, "the turn of seat 2 (a discard, a win or a kong)"),
])
def test_replay_of_a_truncated_match_names_the_hand_and_what_is_missing(cut, missing):
    """A saved match replays exactly (seed + options + actions); a log whose second hand (hand 1, dealer 0)
    stops part-way is refused with the hand, the number of actions it holds and the decision it stops at
    (wenshan, seed 5, every seat taking its first legal action: 0 discards 5m, 1 kongs it and discards 6m,
    2 chows 678m ...)."""
    from game.rules.match import replay_match

    v, data = _two_hand_log()
    data["hands_played"][1]["actions"] = data["hands_played"][1]["actions"][:cut]
    with pytest.raises(ValueError) as err:
        replay_match(v, data)
    n = f"{cut} action{'s' * (cut != 1)}"
    assert str(err.value) == f"hand 1: the log ends after {n} but the hand is not over: missing {missing}"


def test_replay_of_a_truncated_match_without_actions_names_the_hand():
    """A hand record with no ``actions`` at all is the same truncation: hand 1 holds 0 actions."""
    from game.rules.match import replay_match

    v, data = _two_hand_log()
    del data["hands_played"][1]["actions"]
    with pytest.raises(ValueError, match=r"^hand 1: the log ends after 0 actions but the hand is not over: "
                                         r"missing the turn of seat 0 "):
        replay_match(v, data)


# ---- issue 42: every event has exactly the fields its type declares ---------------------------------------------

def _event_schemas():
    """{event type: (required keys, optional keys, hints)} from the TypedDicts of game/rules/events.py."""
    import typing

    from game.rules import events

    out = {}
    for obj in vars(events).values():
        if isinstance(obj, type) and issubclass(obj, dict) and hasattr(obj, "__required_keys__"):
            hints = typing.get_type_hints(obj)
            if "type" in hints:
                # NotRequired read from the hints: the module's postponed annotations hide it from the class
                extras = typing.get_type_hints(obj, include_extras=True)
                optional = {k for k, h in extras.items() if typing.get_origin(h) is typing.NotRequired}
                (kind,) = typing.get_args(hints["type"])
                out[kind] = (set(hints) - optional, optional, hints)
    return out


def _fits(value, tp) -> bool:
    """Whether ``value`` is of the annotated type (the types events.py uses)."""
    import enum
    import types
    import typing

    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if tp is bool:
        return isinstance(value, bool)
    if tp is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if tp is str:
        return isinstance(value, str)
    if origin is typing.Literal:
        return value in args
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, a) for a in args)
    if origin is list:
        return isinstance(value, list) and all(_fits(x, args[0]) for x in value)
    if origin is tuple:
        return isinstance(value, tuple) and all(_fits(x, args[0]) for x in value)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return isinstance(value, tp)
    if tp is type(None):
        return value is None
    raise AssertionError(f"no check for {tp!r}")


def _event_corpus():
    """Every event of a few seeded hands of each game, seats preferring kongs, 报听 and wins (so that kong
    replacements, 报听, automatic discards after 报听, added kongs and the flipped 捉鸡牌 all occur)."""
    import random

    from game.rules.match import Match

    for vid in ("wenshan", "yuxi", "guiyang", "zhuoji"):
        v = get(vid)
        for seed in range(30):
            rng = random.Random(seed)
            m = Match(v, None, seed=seed, hands=1)
            st, evs = m.start_hand()
            yield from evs
            while st.end is None:
                for seat in engine.acting_seats(st):
                    legal = engine.legal_actions(st, seat)
                    if legal:
                        keen = [a for a in legal if a.kind in ("kong", "declare_ready", "hu", "pung")]
                        a = rng.choice(keen) if keen and rng.random() < 0.7 else rng.choice(legal)
                        yield from engine.apply(st, a)[1]
                        break


def test_every_event_has_exactly_the_fields_of_its_type():
    """game/rules/events.py: each event is a plain dict with the keys its TypedDict declares (required ones always,
    optional ones only where declared) and values of the declared types: a seat is a seat number, a tile a tile."""
    schemas = _event_schemas()
    seen = set()
    for e in _event_corpus():
        kind = e["type"]
        assert kind in schemas, e
        required, optional, hints = schemas[kind]
        assert required <= set(e) <= required | optional, (e, required, optional)
        for key, value in e.items():
            assert _fits(value, hints[key]), (e, key)
        seen.add((kind, e.get("what"), bool(e.get("replacement"))))
    # what the corpus must hold for the test to mean something
    assert {("deal", None, False), ("discard", None, False), ("draw", None, True), ("declare_ready", None, False),
            ("auto", None, False), ("kong_declared", None, False), ("flip", "chicken", False)} <= seen


# ---- issue 42: the fresh sample's survivors (rules core) ---------------------------------------------------------

def test_a_fifth_honor_completes_a_hand_in_the_table_convention():
    """analysis.waits keeps the table convention (a kind held four times is listed when a fifth copy would
    complete the hand): 1111z 333z 123m 456m waits 东 (as 111z + 11z), and only 东 - the probes of a full honor
    group are valued as honors (南 would complete 1111 2 333 of a suit as 111 + 123 + 33, never of winds)."""
    c = tiles.counts(tiles.parse("1111z333z123m456m"))
    assert analysis.waits(c) == [tiles.tile("1z")]
    assert analysis.waits_keys(analysis.keys_of(c)) == [tiles.tile("1z")]
    assert analysis.waits_shapes(c) == []  # no fifth 东 to draw


def test_many_wildcards_complete_exactly_when_the_need_is_met():
    """Any number of wildcards (the slow path from 16 on): nine scattered tiles 1m4m7m1p4p7p1s4s7s need 17
    (two per tile for a pung, one less for the pair); 17 complete the hand, 16 do not, 18 neither (26 and 27
    tiles: only 3k+2 can be sets and a pair), 20 do (17 + one joker pung)."""
    c = tiles.counts(tiles.parse("1m4m7m1p4p7p1s4s7s"))
    assert analysis.jokers_needed(analysis.keys_of(c)) == 17
    assert [j for j in range(14, 21) if analysis.is_win(c, j)] == [17, 20]


def test_table_build_refuses_more_distance_vectors_than_a_byte_holds():
    """The shipped file stores a group's distance-vector id in one byte: a build that made more than 255
    distinct vectors stops with a TableError saying so."""
    size = 256  # 256 distinct vectors: ids 0-255 fit a byte, but 255 is where the file's ids stop
    dist = [bytes(range(size))] + [bytes(size)] * 9
    with pytest.raises(tables.TableError, match=r"^too many distance vectors for one byte$"):
        tables._vector_ids(bytes(size), dist)


def test_pending_state_is_only_for_actions_that_open_a_window():
    """view.pending_state: the hand just after a discard is shown with its claim window open; a concealed kong
    opens no window (nobody may rob it), so there is no pending state for it (wenshan, KONG0: seat 0 holds 7777p)."""
    st = start([KONG0, H1, H2, H3], front="5m6m", back="3p")
    act(st, 3, "discard", "2p")
    assert pending_state(st, Action(0, "kong", tiles.tile("7p"))) is None
    assert pending_state(st, Action(0, "discard", tiles.tile("8m"))).phase == "claim"


def test_advice_in_turn_names_the_views_refusal_for_a_complete_hand():
    """A seat in its turn whose complete hand may not win is told why with the view's own refusal code (the
    engine's ``win_refusal``), and NOT_A_WIN only when the view gives none. wenshan, dealer 0 holds 123m 456m
    789m 111s 55s (天胡); the 胡 is taken out of its legal actions as a refused win would be."""
    v = get("wenshan")
    hands = ["123m456m789m111s55s", "2223334445556p", "3334446667778s", "1122334455667z"]
    st, _ = engine.new_hand(v, v.resolve_options({}), seed=0, dealer=0, hands=[tiles.parse(h) for h in hands],
                       wall=tiles.parse("99m2s2s2s6s3s7s8s9p"))
    vw = view(st, 0)
    assert "hu" in [a.kind for a in vw["legal"]]
    vw["legal"] = [a for a in vw["legal"] if a.kind != "hu"]
    vw["win_refusal"] = Refusal.PASSED_WIN
    assert advise(vw).win_refusal == Refusal.PASSED_WIN
    vw["win_refusal"] = None
    assert advise(vw).win_refusal == Refusal.NOT_A_WIN


def test_advice_counts_the_seats_own_melds():
    """guiyang (chicken.md): seat 1 pungs dealer 0's 6p and lets its fourth 6p go; 123m 789m 345s 5s beside the
    pung 666p waits 2s (234s + 55s) and 5s (a pair), with 4 and 2 unseen."""
    from tests.rules.chicken_util import play_until
    from tests.rules.chicken_util import start as chicken_start

    st = chicken_start("guiyang", ["6p1m4m7m2p5p3s6s9s7z1p4p8m9m", "6p6p6p123m789m345s5s", "2222s345m234p9m4s5s",
                                   "3s1m4m7m5p8s7z7z9s6m2m1p7s"], front="6m2m5m3m", back="1m")
    play_until(st, [[0, "discard", "6p"], [1, "pung"], [1, "discard", "6p"]])
    assert [(tiles.name(w.tile), w.unseen) for w in advise(view(st, 1)).waits] == [("2s", 4), ("5s", 2)]


def _honor_part_exact(d):
    """Fewest jokers that make honor counts ``d`` part of some complete shape, by enumeration: pungs plus at most
    one pair (no chows among honors), pairs (a quadruple is two), or one of each (thirteen orphans)."""
    def to_sets(x, pair):
        return min(t - x for t in range(0, 15) if t >= x and (t - 2 * pair) % 3 == 0 and t >= 2 * pair)

    standard = min([sum(to_sets(x, False) for x in d)]
                   + [sum(to_sets(x, i == k) for i, x in enumerate(d)) for k in range(len(d))])
    pairs = sum(x & 1 for x in d)
    orphans = d.count(0) if max(d) <= 2 and d.count(2) <= 1 else 99
    return min(standard, pairs, orphans)


@pytest.mark.parametrize("npos", [4, 3])
def test_the_winds_and_dragons_joker_bounds_never_reject_a_possible_hand(npos):
    """analysis.win_shapes stops a hand when the winds', dragons' and first suit's least jokers add up to more
    than it has: each part's value is at most what any complete shape needs for it (so no winnable hand is
    stopped), and it stops the common case: an honor held once beside one not held needs a joker."""
    table = analysis._honor_part_least(npos)
    assert table == (analysis._LW if npos == 4 else analysis._LD)  # the tables win_shapes uses are this function's
    for key in range(5**npos):
        d = [key // 5**r % 5 for r in range(npos)]
        exact = _honor_part_exact(d)
        assert table[key] <= exact, (d, table[key], exact)
        if 1 in d and 0 in d:
            assert table[key] >= 1, d


# ---- issue 42: the second fresh sample's survivors -----------------------------------------------------------------

def test_settlement_notes_put_first_in_front_and_json_names_its_parts():
    """A table-wide note asked for first goes before the others (wenshan's 黄牌 line leads its settlement), in
    both languages; a settlement's JSON (replays, ``score``) is its deltas, its transfers and its lines."""
    from game.cli.replay import settlement_json
    from game.rules.settlement import Settlement
    from game.rules.texts import msg

    s = Settlement(4)
    s.note(msg("rules.settle.chicken.drawn"))
    s.note(msg("rules.settle.wenshan.draw"), first=True)
    assert [(zh(n), en(n)) for n in s.notes] == [("黄牌：只结算杠分", "Exhaustive draw: only kong points are settled"),
                                                ("荒庄", "Drawn hand")]
    s.pay(1, 0, 2, "ping_hu", msg("rules.pattern.guiyang.ping_hu"))
    s.itemize()
    assert settlement_json(s) == {"deltas": [2, -2, 0, 0],
                                  "transfers": [{"from": 1, "to": 0, "points": 2, "reason": "ping_hu"}],
                                  "items": ["黄牌：只结算杠分", "荒庄", "seat 0: 平胡 +2", "seat 1: 平胡 -2"]}


def test_a_scenarios_seed_is_its_hands_seed():
    """A scenario's ``seed`` (shared/spec/cli.md) is the hand's seed, as a saved match's is (replays rest on it)."""
    data = scenario_dict("wenshan", ["123m456m789m11155s", "2223334445556p", "3334446667778s", "1122334455667z"])
    data["seed"] = 5
    st, _ = scenario.start(data)
    assert st.seed == 5


def _until_drawn(vid, seed):
    """A hand of ``vid`` in which every seat passes what it may and otherwise takes its first legal action."""
    from game.rules.match import Match

    m = Match(get(vid), None, seed=seed, hands=1)
    st, _ = m.start_hand()
    while st.end is None:
        seat = next(s for s in engine.acting_seats(st) if engine.legal_actions(st, s))
        legal = engine.legal_actions(st, seat)
        engine.apply(st, next((a for a in legal if a.kind == "pass"), legal[0]))
    return st


@pytest.mark.parametrize("vid,seed,zh,en", [
    ("wenshan", 2, "黄牌：只结算杠分", "Exhaustive draw: only kong points are settled"),  # wenshan.md 黄牌
    ("yuxi", 1, "流局：不查叫，不结算", "Drawn hand: nothing is settled"),  # yuxi.md: no 查叫 on a draw
])
def test_a_drawn_hand_says_what_is_settled_in_both_languages(vid, seed, zh, en):
    st = _until_drawn(vid, seed)
    assert st.end == "draw"
    assert (i18n.render(st.settlement.notes[0], "zh"), i18n.render(st.settlement.notes[0], "en")) == (zh, en)


def test_melds_carry_their_owners_turn_number():
    """state.Meld.turn is the owner's turn number when the meld was made (杠上炮 looks at the kongs of the turn it
    deals in): guiyang, seat 1 pungs dealer 0's first 6p before it ever drew (its 1st turn) and adds the fourth 6p
    in its 2nd; seat 2 konges 2222s in its 2nd turn (late: 憨包豆)."""
    hands = ["6p1m4m7m2p5p3s6s9s7z1p4p8m9m", "6p6p123m789m345s5s9p", "2222s345m234p9m4s5s",
             "3s1m4m7m5p8s7z7z9s6m2m1p7s"]
    acts = [[0, "discard", "6p"], [1, "pung"], [1, "discard", "9p"], [2, "discard", "6m"], [3, "discard", "2m"],
            [0, "discard", "5m"], [1, "kong", "6p"], [1, "discard", "1m"], [2, "kong", "2s"], [2, "discard", "8s"],
            [3, "discard", "3s"], [2, "hu"]]
    st = chicken_run("guiyang", hands, front="6m2m5m6p8s4m5s", back="1m9m", actions=acts)
    assert [(m.kind, m.turn) for m in st.seats[1].melds] == [("added_kong", 2)]
    assert [(m.kind, m.turn, m.late) for m in st.seats[2].melds] == [("concealed_kong", 2, True)]
    assert st.seats[1].extra["turns"] == 2 and st.seats[2].extra["turns"] == 2


def test_an_options_help_is_in_both_languages_or_in_neither():
    """The options' words are catalog entries: an option the catalogs do not explain has no help in either
    language (wenshan's 底注); one they explain has it in both, as given (the setup screen shows them)."""
    from game.rules.options import Option
    from game.rules.variants import get

    bare = Option("k", 1)
    assert (i18n.option_help(bare, "zh"), i18n.option_help(bare, "en")) == ("", "")
    base = next(o for o in get("wenshan").schema if o.key == "base")
    assert (i18n.option_help(base, "zh"), i18n.option_help(base, "en")) == ("", "")
    ben = next(o for o in get("zhuoji").schema if o.key == "ben_ji")
    assert (i18n.option_help(ben, "zh"), i18n.option_help(ben, "en"), ben.default) == \
        ("翻出的捉鸡牌本身也是鸡，每张1番", "the turned-up tile's kind is a chicken too, 1 each", False)


def test_wenshans_wildcard_is_what_its_public_info_names():
    """wenshan.md 小鸡: the wildcard is the tile after the flipped indicator; the variant names it from the public
    information alone (the advice and the bots read it there): indicator 9p → 1p."""
    st = start([KONG0, H1, H2, H3])
    pub = st.variant.public_info(st, 0)
    assert st.variant.wildcards(pub) == frozenset({pub["wildcard"]}) and pub["wildcard"] != None  # noqa: E711
    assert st.variant.wildcards({**pub, "wildcard": None}) == frozenset()


def test_yuxi_plans_an_added_kong_of_a_pung_whose_fourth_tile_it_holds():
    """yuxi.md 杠上花: the automatic tail win looks at further kongs; with a pung of 5p and the fourth 5p in hand the
    added kong is one of them (and a concealed kong of four held tiles another)."""
    from game.rules.kinds import MeldKind
    from game.rules.variants import yuxi

    pung = Meld(MeldKind.PUNG, (tiles.tile("5p"),) * 3, (tiles.tile("5p"),) * 3)
    counts = tiles.counts(tiles.parse("5p1111m23s"))
    assert sorted(yuxi._kong_options(counts, [pung])) == sorted([(tiles.tile("5p"), MeldKind.ADDED_KONG),
                                                              (tiles.tile("1m"), MeldKind.CONCEALED_KONG)])


def test_every_not_ready_player_owes_bao_ji():
    """chicken.md 包鸡 (guiyang, no 包豆): each player not ready at the end pays the ready ones for its exposed
    chickens, one player after another - seats 1 and 2 both pay seat 0 (a bot-played hand, seed 31, frozen as a
    scenario in tests/fixtures)."""
    import json
    from pathlib import Path

    data = json.loads((Path(__file__).parents[1] / "fixtures" / "guiyang-two-not-ready-owe-bao-ji.json")
                      .read_text(encoding="utf-8"))
    st = scenario.run(data)
    assert st.settlement.info["ready"] == [True, False, False, False]
    owed = [(i.seat, zh(i.text), i.points) for i in st.settlement.items if i.key == "bao" and i.points < 0]
    assert owed == [(1, "包冲锋鸡 1s ×2", -2), (1, "包鸡 1s ×1", -1), (2, "包鸡 1s 2张 ×1", -2),
                    (2, "包乌骨鸡 8p ×2", -2)]
    assert sum(i.points for i in st.settlement.items if i.key == "bao") == 0
    # 包鸡 off (issue 44): only the 冲锋鸡 is still owed; every other exposed chicken says, at 0, that it is not
    data["options"] = {"bao_ji": False}
    st = scenario.run(data)
    assert [(i.seat, zh(i.text), i.points) for i in st.settlement.items if i.key == "bao" and i.seat != 0] == [
        (1, "包冲锋鸡 1s ×2", -2), (1, "包鸡 1s ×1 不包（包鸡未勾选）", 0), (2, "包鸡 1s 2张 ×1 不包（包鸡未勾选）", 0),
        (2, "包乌骨鸡 8p ×2 不包（包鸡未勾选）", 0)]


def test_bao_dou_counts_a_kong_made_after_pungs():
    """chicken.md 包豆 (zhuoji): a player not ready at the end owes the ready ones the beans of each of its kongs,
    whatever melds come before them: seat 1 pungs 1p and 9m, then adds the fourth 6s (爬坡豆), and owes seat 2
    its 3 (a bot-played hand, seed 31, frozen as a scenario in tests/fixtures)."""
    import json
    from pathlib import Path

    data = json.loads((Path(__file__).parents[1] / "fixtures" / "zhuoji-bao-dou-after-two-pungs.json")
                      .read_text(encoding="utf-8"))
    st = scenario.run(data)
    assert st.settlement.info["ready"] == [False, False, True, False]
    assert [(m.kind, tiles.name(m.face)) for m in st.seats[1].melds] == [("pung", "1p"), ("pung", "9m"),
                                                                     ("added_kong", "6s")]
    owed = [(zh(i.text), en(i.text), i.points) for i in st.settlement.items if i.seat == 1 and "包豆" in zh(i.text)]
    assert owed == [("包豆 爬坡豆 6s ×3", "owed added kong bean 6s ×3", -3)]


# ---- the fourth fresh sample (seed 3085892555): the score input's refusals name what is wrong -----------------

@pytest.mark.parametrize(("field", "value"), [("seat", 4), ("seat", -1), ("dealer", 4), ("from", 7), ("seat", True),
                                              ("seat", "1")])
def test_score_input_refuses_a_seat_outside_the_table(field, value):
    """docs/cli.md (``score``): seats are numbers 0..players-1; one outside the table is refused, naming the field
    and the value (an int out of range must not pass because it is an int)."""
    from game.rules.judge import SituationError

    extra = {"win": "discard"} if field == "from" else {}
    with pytest.raises(SituationError, match=rf"^{field} must be a seat number 0\.\.3, got {value!r}$"):
        score_input(**extra, **{field: value})


def test_score_input_reads_the_seats_that_declared_ready():
    """docs/cli.md (``score``, ``declared``): the seats that declared ready (杀报 on a self-draw is paid by them) are
    read as seat numbers; one outside the table is refused like any seat."""
    from game.rules.judge import SituationError

    _v, sit = score_input(declared=[0, 2])
    assert sit.extra["declared_seats"] == [0, 2]
    with pytest.raises(SituationError, match=r"^declared\[\] must be a seat number 0\.\.3, got 5$"):
        score_input(declared=[5])


def test_a_discard_leaves_no_drawn_tile():
    """The round engine: after a turn's discard the seat holds no drawn tile (the view's ``drawn`` is None, not an
    empty value): the next seat's draw is the only drawn tile at the table."""
    st = start()
    act(st, 3, "discard", "2p")
    assert st.seats[3].drawn is None


def test_score_input_names_a_meld_that_mixes_tiles_the_hand_count_and_a_bad_winning_tile():
    """docs/cli.md (``score``): a pung whose tiles differ names the tiles it was given; a hand of the wrong size
    says how many concealed tiles a winning hand needs with its melds (14 - 3 per meld); a winning tile that is not
    a tile string names the field."""
    from game.rules.judge import SituationError

    with pytest.raises(SituationError, match=r"^melds\[0\] mixes tiles '123m': give its \"face\"$"):
        score_input(hand="456m789s234p55s", melds=[{"kind": "pung", "tiles": "123m", "from": 0}])
    with pytest.raises(SituationError, match=r"a winning hand needs 14 concealed tiles \(the winning tile included\)"):
        score_input(hand="123m456m789s234p5s")
    with pytest.raises(SituationError, match=r"a winning hand needs 11 concealed tiles"):
        score_input(hand="456m789s234p55s5s", melds=[{"kind": "pung", "tiles": "111m", "from": 0}])
    with pytest.raises(SituationError, match=r"^win_tile must be a tile string like \"123m55z\"$"):
        score_input(win_tile=5)


def test_first_dealer_is_a_named_choice_whose_default_is_the_table_opener_or_zhuojis_random_seat():
    """chicken.md, Options (and issue 44): 首局庄家 is host / random in every variant; the table opener by default,
    捉鸡麻将 a random seat (seed 004). The default is what a new table shows and what a match without the option
    plays."""
    from game.rules.variants import VARIANTS

    got = {}
    for v in VARIANTS:
        (opt,) = [o for o in v.schema if o.key == "first_dealer"]
        assert opt.is_text and opt.choices == ("host", "random") and opt.default in opt.choices
        got[v.id] = opt.default
    assert got == {"wenshan": "host", "kunming": "host", "yuxi": "host", "guiyang": "host", "zhuoji": "random"}


def test_wenshan_public_info_has_no_stand_in_when_the_wildcard_is_the_white_dragon():
    """wenshan.md, the wildcard: 白板 may stand for the wildcard's face, unless the wildcard is 白 itself (then the
    白 are the jokers and nothing substitutes): what every seat is shown says so."""
    v = get("wenshan")
    st, _ = engine.new_hand(v, v.resolve_options({}), seed=3)
    st.extra["wildcard"] = tiles.WHITE
    assert v.public_info(st, 0)["standin"] is None
    st.extra["wildcard"] = tiles.parse("4m")[0]
    assert v.public_info(st, 0)["standin"] == tiles.WHITE
