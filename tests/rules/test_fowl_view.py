"""The 鸡 panel's content from a seat's view alone (game/rules/fowl_view.py): chickens in play, each seat's
face-up chickens, the viewer's own, and the preview of what the viewer would collect or owe (chicken.md,
"Where chickens are counted", "Settling chickens", 包鸡 and 责任鸡)."""

import random

import pytest

from game.rules import engine, tiles
from game.rules.fowl_view import EACH, READY, is_chicken_view, outlook
from game.rules.variants import chicken_fowl, get
from game.rules.view import view
from tests.rules.chicken_hands import A_ACTIONS, A_HANDS, Z_ACTIONS, Z_SEAT1, Z_SEAT3
from tests.rules.chicken_util import act, decline, play_until, start

t = tiles.tile


def _a_before_win(options=None):
    """The guiyang 冲锋/包鸡 hand (chicken_hands A) just before seat 1's self-drawn win."""
    st = start("guiyang", A_HANDS, front="1s9m7z6s8p6p", options=options)
    return decline(play_until(st, A_ACTIONS[:-1]))


def _lines(preview):
    return sorted((ln.key, tiles.name(ln.tile), ln.count, ln.points, ln.who, ln.if_ready) for ln in preview.lines)


def test_preview_charging_and_plain_chickens_guiyang():
    """Seat 0 led 1s unclaimed (冲锋鸡, 2×1) and discarded 1s again (幺鸡 1): ready it would collect 3 from each
    player; not ready it owes each ready player 包冲锋鸡 2 + 包鸡 1 (chicken.md 包鸡; the settlement of the same
    hand books exactly these, tests/rules/test_chicken_fowl.py)."""
    o = outlook(view(_a_before_win(), 0))
    assert _lines(o.if_ready) == [("chong_feng_ji", "1s", 1, 2, EACH, False), ("yao_ji", "1s", 1, 1, EACH, False)]
    assert o.if_ready.per_player(EACH) == 3
    assert _lines(o.if_not_ready) == [("bao_chong_feng_ji", "1s", 1, -2, READY, False),
                                      ("bao_ji", "1s", 1, -1, READY, False)]
    assert o.if_not_ready.per_player(READY) == -3
    assert o.ready is False  # 2m5m9m 3p6p9p 3m5p 4s6s7s9s 7z: no wait
    assert not o.flipped


def test_preview_counts_the_hand_and_says_ready_only_after_the_discard():
    """Seat 1 holds 888p and 11s with its drawn tile: 乌骨鸡 3×2 + 幺鸡 2×1 = 8 from each player if ready; its hand
    shows nothing face up, so not ready it owes nothing. Holding 14 tiles, whether it is ready is open."""
    o = outlook(view(_a_before_win(), 1))
    assert o.if_ready.per_player(EACH) == 8
    assert {(f.key, tiles.name(f.tile), f.count, f.where) for f in o.mine} == {("wu_gu_ji", "8p", 3, "hand"),
                                                                          ("yao_ji", "1s", 2, "hand")}
    assert o.if_not_ready.lines == []
    assert o.ready is None


def test_every_seat_sees_the_same_face_up_chickens():
    """Seat 3's first 8p went unclaimed: every viewer sees it as 冲锋乌骨鸡 (2×2 = 4) and seat 0's two 1s."""
    st = _a_before_win()
    for seat in range(4):
        o = outlook(view(st, seat))
        assert [(f.key, f.unit, f.count) for f in o.shown[3]] == [("chong_feng_ji", 4, 1)]
        assert sorted((f.key, f.unit) for f in o.shown[0]) == [("chong_feng_ji", 2), ("yao_ji", 1)]
        assert o.shown[1] == [] and o.shown[2] == []
        assert {(p.key, tiles.name(p.tile), p.seat) for p in o.in_play if p.key == "chong_feng"} == {
            ("chong_feng", "1s", 0), ("chong_feng", "8p", 3)}
        assert [(p.key, tiles.name(p.tile), p.value) for p in o.in_play[:2]] == [
            ("yao_ji", "1s", 1), ("wu_gu_ji", "8p", 2)]


def test_bao_ji_off_keeps_only_the_charge():
    """包鸡 off (chicken.md Options): seat 0 not ready owes only the 冲锋鸡 (包冲锋), not the plain 1s."""
    o = outlook(view(_a_before_win({"bao_ji": False}), 0))
    assert _lines(o.if_not_ready) == [("bao_chong_feng_ji", "1s", 1, -2, READY, False)]


@pytest.mark.parametrize("variant, unit", [("guiyang", 1), ("zhuoji", 3)])
def test_responsible_chicken_both_ways(variant, unit):
    """Seat 2 punged seat 0's first 1s (责任鸡: guiyang 1, zhuoji 3×1). Ready, seat 2 collects it from seat 0
    and its three 1s from everyone; not ready it owes seat 0 the same if seat 0 is ready (包责任鸡) and 包鸡 for the
    three 1s in its meld. Seat 0 owes seat 2 the 责任鸡 if seat 2 is ready, ready or not itself."""
    seat0, seat2 = "1s1p4p7p2m5m9m3s6s9s2p6p9p8m", "1s1s234m567m345p9p5s"
    st = start(variant, [seat0, Z_SEAT1, seat2, Z_SEAT3], front="4m7s4p8s")
    decline(play_until(st, Z_ACTIONS[:2]))
    o2 = outlook(view(st, 2))
    assert ("ze_ren_ji", "1s", 1, unit, 0, False) in _lines(o2.if_ready)
    assert ("yao_ji", "1s", 3, 3, EACH, False) in _lines(o2.if_ready)
    assert _lines(o2.if_not_ready) == [("bao_ji", "1s", 3, -3, READY, False),
                                       ("bao_ze_ren_ji", "1s", 1, -unit, 0, True)]
    o0 = outlook(view(st, 0))
    owed = ("ze_ren_ji", "1s", 1, -unit, 2, True)
    assert owed in _lines(o0.if_ready) and owed in _lines(o0.if_not_ready)
    assert [(p.key, p.seat, p.claimer, p.value) for p in o0.in_play if p.key == "ze_ren"] == [("ze_ren", 0, 2, unit)]


def test_beans_are_listed():
    """Seat 2's pung becomes no bean; a concealed kong is a 闷豆 (listed, not valued: a view does not say 憨包豆)."""
    st = start("guiyang", ["5m5m5m5m1s2m9m3p6p9p4s7s3m5p", Z_SEAT1, "2m4m8m3p4p6p9p2s5s8s6m7m7m", Z_SEAT3],
               front="4m7s4p8s")
    act(st, 0, "kong", "5m")
    o = outlook(view(st, 0))
    assert [(b.key, tiles.name(b.tile)) for b in o.beans] == [("men_dou", "5m")]
    assert outlook(view(st, 1)).shown[0] == []  # a concealed kong shows no chicken


def test_only_chicken_games_have_the_panel():
    st, _ = engine.new_hand(get("yuxi"), get("yuxi").resolve_options({}), seed=1)
    assert not is_chicken_view(view(st, 0))
    with pytest.raises(ValueError):
        outlook(view(st, 0))


# ---------------------------------------------------------------------------- only the view

def _play(variant, options, seed, each_view=None):
    """A seeded hand of random legal play mixed with a simple bot's moves (hands get won); returns the end state."""
    from game.bots.simple import SimpleBot
    v = get(variant)
    opts = v.resolve_options(options)
    rng = random.Random(seed)
    bot = SimpleBot(seed)
    st, _ = engine.new_hand(v, opts, seed=seed, dealer=None)
    while st.end is None:
        if each_view is not None:
            for s in range(st.n):
                each_view(view(st, s))
        seat = engine.acting_seats(st)[0]
        legal = engine.legal_actions(st, seat)
        wins = [a for a in legal if a.kind == "hu"]
        engine.apply(st, wins[0] if wins else (bot.act(view(st, seat)) if rng.random() < 0.8 else rng.choice(legal)))
    return st


def test_reads_nothing_but_the_view(monkeypatch):
    """The panel takes the view only: views of whole hands are taken first, then every function that reads a
    hand's state is made to fail, and each view still gives an outlook. (Another seat's concealed tiles are
    absent from a seat's view, which is all the function gets.)"""
    views = []

    def keep(vw):
        assert all(s["hand"] is None for i, s in enumerate(vw["seats"]) if i != vw["seat"] and vw["phase"] != "end")
        views.append(vw)

    for seed in range(3):
        _play("guiyang", {}, seed, keep)
        _play("zhuoji", {}, seed, keep)
    assert len(views) > 200

    def hidden(*_a, **_k):
        raise AssertionError("read the hand's state")

    for name in ("holdings", "first_discards", "claimed_discard", "charges", "responsibilities"):
        monkeypatch.setattr(chicken_fowl, name, hidden)
    for vw in views:
        outlook(vw)


CHICKEN_KEYS = {"yao_ji", "wu_gu_ji", "jin_ji", "jin_wu_gu_ji", "fan_pai_ji", "yin_ji", "zuan_shi_ji", "ben_ji",
                "shang_xia_ji", "chong_feng_ji"}


@pytest.mark.parametrize("variant, options", [
    ("guiyang", {}), ("guiyang", {"man_tang": True, "yin_ji": True, "zuan_shi": True}),
    ("guiyang", {"bao_ji": False, "players": 3}), ("guiyang", {"wu_gu": False, "base": 2}),
    ("zhuoji", {}), ("zhuoji", {"ben_ji": True, "shang_xia_ji": True}),
])
def test_the_preview_is_what_the_settlement_books(variant, options):
    """For many won hands: at the end (flip known), each seat's preview for the case it is in equals the chicken
    transfers the settlement booked - a ready seat's chickens from each other seat, a not-ready seat's 包鸡 and
    包冲锋 to each ready seat, and 责任鸡 between discarder and claimer (burned seats aside: the view cannot know)."""
    checked, cases = 0, set()
    for seed in range(40):
        st = _play(variant, options, seed)
        if st.end != "win":
            continue
        se = st.settlement
        ready, burned = se.info["ready"], set(se.info["burned"])

        def paid(payer, payee, keys, se=se):
            return sum(tr.points for tr in se.transfers if tr.payer == payer and tr.payee == payee
                       and tr.reason in keys)

        for s in range(st.n):
            o = outlook(view(st, s))
            assert o.ready == ready[s] and o.flipped == ("zhuo" in st.extra)
            if s in burned:
                continue
            cases.add(ready[s])
            if ready[s]:
                for b in range(st.n):
                    if b != s:
                        assert paid(b, s, CHICKEN_KEYS) == o.if_ready.per_player(EACH), (seed, s, b)
                duty = [ln for ln in o.if_ready.lines if isinstance(ln.who, int)]
            else:
                for a in range(st.n):
                    if a != s and ready[a] and a not in burned:
                        assert paid(s, a, {"bao_ji", "bao_chong_feng_ji"}) == -o.if_not_ready.per_player(READY), \
                            (seed, s, a)
                duty = [ln for ln in o.if_not_ready.lines if isinstance(ln.who, int)]
            for ln in duty:
                other = int(ln.who)
                if ln.if_ready and not ready[other]:
                    continue
                key = {"ze_ren_ji", "bao_ze_ren_ji"}
                got = paid(other, s, key) - paid(s, other, key)
                if ln.points > 0 and s in burned:
                    continue
                assert got == ln.points, (seed, s, ln)
            checked += 1
    assert checked >= 20 and cases == {True, False}
