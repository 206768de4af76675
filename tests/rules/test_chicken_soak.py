"""Soak: random legal play of both chicken games under many option sets never crashes, every settlement
sums to zero and its items explain every point; bot matches through the CLI `sim`; replay round trips."""

import json
import random

import pytest

from game.rules import engine, scenario
from game.rules.match import replay_match
from game.rules.variants import get
from game.rules.view import view
from tests.helpers.words import en, zh

GUIYANG_OPTS = [
    {},
    {"players": 2},
    {"players": 3, "man_tang": True, "yin_ji": True, "zuan_shi": True},
    {"wu_gu": False, "man_ji_qing": True, "zimo_double": True, "rob_pays_all": False},
    {"rob_burns_beans": True, "rob_burns_chickens": True, "base": 3, "man_tang": True},
]
ZHUOJI_OPTS = [{}, {"ben_ji": True, "shang_xia_ji": True}, {"man_tang": True, "base": 2}]


def _check_end(st):
    se = st.settlement
    assert sum(se.deltas) == 0
    per_seat = [0] * st.n
    for it in se.items:
        per_seat[it.seat] += it.points
        assert zh(it.text) and en(it.text) and it.key in ("hand", "events", "lian_zhuang", "beans", "chickens",
                                                        "bao", "cha_jiao")
    assert per_seat == se.deltas, "the items must add up to each seat's result"
    assert all(zh(t.text) and t.points > 0 for t in se.transfers)
    assert 0 <= st.variant.next_dealer(st) < st.n


def _random_hand(variant, options, seed, greedy):
    """Random legal actions, mixed with a simple bot's discards so that hands get won too."""
    from game.bots.simple import SimpleBot
    rng = random.Random(seed)
    bot = SimpleBot(seed)
    st, _ = engine.new_hand(variant, options, seed=seed, dealer=None, dealer_streak=seed % 3)
    steps = 0
    while st.end is None:
        seat = engine.acting_seats(st)[0]
        legal = engine.legal_actions(st, seat)
        assert legal, "an acting seat always has a legal action"
        wins = [a for a in legal if a.kind == "hu"]
        if wins and (greedy or rng.random() < 0.5):
            a = wins[0]
        elif rng.random() < (0.8 if greedy else 0.4):
            a = bot.act(view(st, seat))
        else:
            a = rng.choice(legal)
        engine.apply(st, a)
        steps += 1
        assert steps < 2000
    _check_end(st)
    return st


@pytest.mark.parametrize("options", GUIYANG_OPTS)
def test_random_play_guiyang(options):
    v = get("guiyang")
    opts = v.resolve_options(options)
    ends = set()
    for seed in range(25):
        st = _random_hand(v, opts, seed, greedy=seed % 2 == 0)
        ends.add(st.end)
        view(st, 0)
    assert "win" in ends


@pytest.mark.parametrize("options", ZHUOJI_OPTS)
def test_random_play_zhuoji(options):
    """Random legal zhuoji hands end in a win (and some in a draw), settle to zero with every item explained
    (_check_end), always seat four, and a winner is always ready and never loses points on its own win."""
    v = get("zhuoji")
    opts = v.resolve_options(options)
    ends = []
    for seed in range(25):
        st = _random_hand(v, opts, seed, greedy=seed % 2 == 1)
        assert st.n == 4
        ends.append(st.end)
        if st.end == "win":
            ready = st.settlement.info["ready"]
            hand_net = [0] * 4
            for it in st.settlement.items:
                if it.key == "hand":
                    hand_net[it.seat] += it.points
            winners = [s for s in range(4) if hand_net[s] > 0]
            assert winners and all(ready[s] for s in winners)
    assert "win" in ends


@pytest.mark.parametrize("variant, options", [("guiyang", {}), ("guiyang", {"players": 3}), ("zhuoji", {})])
def test_match_replays_exactly(variant, options):
    from game.bots import make_bot
    from game.bots.runner import play_match
    v = get(variant)
    opts = v.resolve_options(options)
    n = v.players(opts)
    bots = [make_bot("simple", seed=i) for i in range(n)]
    stats = play_match(v, opts, 11, 12, bots)
    m = stats.match
    assert sum(m.scores) == 0
    again = replay_match(v, json.loads(json.dumps(m.to_json())))
    assert again.scores == m.scores


def test_cli_sim_and_replay(tmp_path, capsys):
    from game.cli.main import main
    for args in (["sim", "--variant", "guiyang", "--hands", "20", "--seed", "1", "--bots",
                  "simple,simple,simple,simple"],
                 ["sim", "--variant", "zhuoji", "--hands", "20", "--seed", "1", "--json", "--bots",
                  "simple,simple,simple,simple"],
                 ["sim", "--variant", "guiyang", "--hands", "10", "--opt", "players=2", "--bots", "simple,simple"]):
        assert main(args) == 0
    out = capsys.readouterr().out
    data = json.loads([ln for ln in out.splitlines() if ln.startswith("{")][0])
    assert sum(data["totals"]) == 0
    from tests.helpers.scen import scenario_dict
    from tests.rules.chicken_hands import A_ACTIONS, A_HANDS
    f = tmp_path / "hand.json"
    hand = scenario_dict("guiyang", A_HANDS, front="1s9m7z6s8p6p", actions=A_ACTIONS)
    f.write_text(json.dumps(hand), encoding="utf-8")
    assert main(["replay", str(f), "--json"]) == 0
    res = json.loads(capsys.readouterr().out)
    assert res["deltas"] == [-17, 32, 4, -19] and res["next_dealer"] == 1 and res["end"] == "win"
    assert any("包冲锋鸡 1s ×2" in line for line in res["items"])
    assert main(["replay", str(f)]) == 0
    assert "捉鸡牌 六筒 → 翻牌鸡 七筒" in capsys.readouterr().out


def test_scenario_result_json_and_view_after_the_end():
    from tests.helpers.scen import scenario_dict
    from tests.rules.chicken_hands import A_ACTIONS, A_HANDS
    st = scenario.run(scenario_dict("guiyang", A_HANDS, front="1s9m7z6s8p6p", actions=A_ACTIONS))
    v = view(st, 2)
    r = v["result"]
    assert r["info"]["zhuo"] == "6p" and r["info"]["chicken"] == "7p"
    assert {i["key"] for i in r["items"]} == {"hand", "chickens", "bao"}
    assert v["public"]["chicken"] is not None


def _random_options(variant, rng):
    out = {}
    for o in variant.schema:
        if o.fixed:
            continue
        if o.is_bool:
            out[o.key] = rng.random() < 0.5
        elif o.choices:
            out[o.key] = rng.choice(o.choices)
        else:
            out[o.key] = rng.randint(1, 3)
    return variant.resolve_options(out)


@pytest.mark.parametrize("name", ["guiyang", "zhuoji"])
def test_pure_random_play_with_random_options(name):
    """Uniformly random legal actions (报听 included) under random option sets: nothing crashes."""
    v = get(name)
    rng = random.Random(name)
    for k in range(30):
        opts = _random_options(v, rng)
        st, _ = engine.new_hand(v, opts, seed=rng.random(), hand_no=k, dealer_streak=rng.randint(0, 3))
        steps = 0
        while st.end is None:
            seat = engine.acting_seats(st)[0]
            engine.apply(st, rng.choice(engine.legal_actions(st, seat)))
            steps += 1
            assert steps < 3000
        _check_end(st)
        for s in range(st.n):
            view(st, s)
