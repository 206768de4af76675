"""Wenshan's sequential claims ask a seat once, with every option (碰 and 吃 in one prompt), issue 15.

Rule decision (game/rules/variants/wenshan.py docstring): the seat is asked at its
highest level; a claim at that level is made at once; a lower one (吃 chosen at a 碰
prompt) waits for the prompts that would outrank it (a later seat's 碰/杠/胡) and
stands only if they pass. Nobody learns another seat's options from it.

Indicator 4z → wildcard 7z (中). Dealer seat 3 discards 5m; seat 0 (its 下家) holds
3455m: 碰 or 吃. Seat 1 holds 5m + 中: it may 碰 5m with the wildcard.
"""

from game.rules import engine, scenario, tiles
from game.rules.actions import Action
from game.rules.match import CLAIM_PROMPT, Match, level_prompts, replay_match
from game.rules.variants import get
from game.rules.view import events_for, view
from tests.helpers.scen import scenario_dict

t = tiles.tile
SEAT0 = "3455m19p19s23z6z8p9m"
SEAT1_CAN_PUNG = "5m7z2s3s6p7p9s1z8s2m6m3p4p"
SEAT1_CANNOT = "1m2s3s6p7p9s1z8s2m6m3p4p4s"
SEAT2 = "11223344p5566s7s"
DEALER = "5m369m258p36s13z28s2p"


def start(seat1=SEAT1_CAN_PUNG):
    st, _ = scenario.start(scenario_dict("wenshan", [SEAT0, seat1, SEAT2, DEALER], flip="4z", dealer=3))
    engine.apply(st, Action(3, "discard", t("5m")))
    return st


def kinds(st, seat):
    return sorted({a.kind for a in engine.legal_actions(st, seat)})


def chow(st, seat=0):
    return next(a for a in engine.legal_actions(st, seat)
                if a.kind == "chow" and a.tiles == (t("3m"), t("4m"), t("5m")))


def melds(st, seat):
    return [(m.kind, m.tiles) for m in st.seats[seat].melds]


def test_one_prompt_offers_pung_and_chow():
    st = start()
    assert engine.acting_seats(st) == [0]
    assert kinds(st, 0) == ["chow", "pass", "pung"]


def test_pung_at_the_prompt_level_is_made_at_once():
    st = start()
    engine.apply(st, Action(0, "pung"))
    assert melds(st, 0) and melds(st, 0)[0][0] == "pung" and st.turn == 0 and st.phase == "turn"


def test_a_later_seats_pung_outranks_a_held_chow():
    """Seat 0 chooses 吃: seat 1 is still asked for its 碰 (a higher claim), and its 碰 wins."""
    st = start()
    engine.apply(st, chow(st))
    assert engine.acting_seats(st) == [1] and kinds(st, 1) == ["pass", "pung"]
    assert view(st, 0)["awaiting"] and not view(st, 0)["legal"]
    engine.apply(st, Action(1, "pung"))
    assert melds(st, 0) == [] and melds(st, 1)[0][0] == "pung" and st.turn == 1


def test_a_held_chow_stands_when_the_higher_prompts_pass():
    st = start()
    engine.apply(st, chow(st))
    engine.apply(st, Action(1, "pass"))
    assert melds(st, 0)[0][0] == "chow" and st.turn == 0 and st.phase == "turn"


def test_a_chow_nobody_can_outrank_is_made_at_once():
    st = start(SEAT1_CANNOT)
    assert kinds(st, 0) == ["chow", "pass", "pung"]
    engine.apply(st, chow(st))
    assert melds(st, 0)[0][0] == "chow" and st.turn == 0


def test_passing_the_prompt_passes_every_option():
    st = start()
    engine.apply(st, Action(0, "pass"))
    assert engine.acting_seats(st) == [1]
    engine.apply(st, Action(1, "pass"))
    assert melds(st, 0) == [] and st.phase == "turn" and st.turn == 0  # seat 0 draws: no second 吃 prompt


def test_the_later_seat_cannot_tell_a_held_chow_from_a_pass():
    """Seat 1's view and events are the same whether seat 0 chose 吃 (held) or passed."""
    a, b = start(), start()
    _st, ev_a = engine.apply(a, chow(a))
    _st, ev_b = engine.apply(b, Action(0, "pass"))
    assert view(a, 1) == view(b, 1)
    for seat in (1, 2, 3):
        assert events_for(ev_a, seat) == events_for(ev_b, seat) == []
    assert [e["type"] for e in events_for(ev_a, 0)] == ["answered"]  # only the holder hears its answer was kept


def test_other_seats_never_see_the_prompt_or_the_options():
    st = start()
    for seat in (1, 2, 3):
        v = view(st, seat)
        assert v["phase"] == "wait" and not v["legal"] and "offer" not in v


def test_logs_saved_before_replay_with_one_prompt_per_level():
    """An old log: seat 0 passed the 碰 prompt, seat 1 passed, then seat 0 took the 吃 prompt."""
    st2, _ = scenario.start(scenario_dict("wenshan", [SEAT0, SEAT1_CAN_PUNG, SEAT2, DEALER], flip="4z", dealer=3))
    st2.extra[engine.LEVEL_PROMPTS] = True
    engine.apply(st2, Action(3, "discard", t("5m")))
    assert kinds(st2, 0) == ["pass", "pung"]
    engine.apply(st2, Action(0, "pass"))
    engine.apply(st2, Action(1, "pass"))
    assert kinds(st2, 0) == ["chow", "pass"]
    engine.apply(st2, chow(st2))
    assert melds(st2, 0)[0][0] == "chow"


def test_saved_matches_say_how_they_were_prompted_and_replay():
    v = get("wenshan")
    m = Match(v, {}, 5, 1)
    st, _ = m.start_hand()
    while st.end is None:
        seat = engine.acting_seats(st)[0]
        legal = engine.legal_actions(st, seat)
        engine.apply(st, next((a for a in legal if a.kind in ("chow", "pung")), legal[0]))
    m.finish_hand()
    data = m.to_json()
    assert data["claim_prompt"] == CLAIM_PROMPT and not level_prompts(data)
    assert replay_match(v, data).records[0]["deltas"] == data["hands_played"][0]["deltas"]
    old = {k: val for k, val in data.items() if k != "claim_prompt"}
    assert level_prompts(old) and "claim_prompt" not in Match(v, {}, 5, 1, level_prompts=True).to_json()
