"""``bench bots``'s style object (issue 41): each figure counts what its name says."""

from __future__ import annotations

from collections import Counter

from game.bench import bots_style
from game.bots import make_bot
from game.bots.runner import play_match
from game.rules.variants import get


def test_figures_are_the_named_ratios():
    c = Counter(seat_hands=400, ready=300, wins=100, qi_dui=7, qing_yi_se=2, free_kongs=10, free_kongs_taken=9,
                first_chickens=50, first_chickens_claimed=11, ying_gong=20, self_draws=30, win_total=350,
                deal_ins=60)
    f = bots_style.figures("guiyang", {"strong": c, "normal": Counter()})
    assert f["ready_at_end"]["strong"] == 0.75
    assert f["qi_dui_per_100_wins"]["strong"] == 7.0 and f["qing_yi_se_per_100_wins"]["strong"] == 2.0
    assert f["free_kongs_taken_at_once"]["strong"] == 0.9 and f["first_chicken_claimed"]["strong"] == 0.22
    assert f["ying_gong_rate"]["strong"] is None  # 文山's only
    assert f["self_draw_rate"]["strong"] == 0.075 and f["win_rate"]["strong"] == 0.25
    assert f["mean_win_total"]["strong"] == 3.5 and f["deal_ins_per_100"]["strong"] == 15.0
    assert f["win_rate"]["normal"] is None  # nothing played: no figure, not 0
    assert bots_style.figures("wenshan", {"strong": c})["ying_gong_rate"]["strong"] == 0.05


def test_pattern_families():
    assert all(bots_style.is_seven_pairs(k)
               for k in ("qi_dui", "long_qi_dui", "qing_qi_dui", "qing_long_bei", "san_long"))
    assert not any(bots_style.is_seven_pairs(k) for k in ("ping_hu", "da_dui_zi", "di_long", "qing_yi_se"))
    assert all(bots_style.is_one_suit(k) for k in ("qing_yi_se", "qing_da_dui", "qing_qi_dui", "qing_di_long"))
    assert not bots_style.is_one_suit("qi_dui")


def test_wins_self_draws_and_deal_ins_agree_with_the_match_runner():
    """The same walls and bots through ``runner.play_match`` count the same wins, self-draws and deal-ins."""
    vid = "zhuoji"
    v = get(vid)
    opts = v.resolve_options({})
    walls = [f"style-test:{i}" for i in range(6)]
    for level in bots_style.LEVELS:
        got = Counter[str]()
        for w in walls:
            got.update(bots_style.play_wall((vid, {}, w, {}))[level])
        wins = self_draws = deal_ins = 0
        for w in walls:
            bots = [make_bot(level, seed=f"{w}:{s}") for s in range(4)]
            st = play_match(v, opts, w, 1, bots)
            wins += sum(s.wins for s in st.seats)
            self_draws += sum(s.self_draws for s in st.seats)
            deal_ins += sum(s.deal_ins for s in st.seats)
        assert (got["wins"], got["self_draws"], got["deal_ins"]) == (wins, self_draws, deal_ins)
        assert got["seat_hands"] == 4 * len(walls) and got["ready"] >= got["wins"]
