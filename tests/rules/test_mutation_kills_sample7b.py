"""Contracts the seventh fresh mutation sample (docs/mutation-fresh.json, seed 1599145329) found unguarded (issue 42):
the 连庄 in the Score a dealer's win carries, the 上下鸡 below a 捉鸡牌 of 1 staying in its suit, and guiyang's
暗大对 never given to a hand with a pung."""

from __future__ import annotations

from typing import cast

from game.rules import tiles
from game.rules.variants import get
from game.rules.variants.chicken import ChickenGame
from game.rules.variants.chicken_fowl import kinds, prev_tile
from tests.rules.chicken_hands import play_c
from tests.rules.scoring import judge_chicken, keys, pung

t = tiles.tile


def test_a_dealers_win_score_carries_the_lian_zhuang_payments():
    """chicken.md 连庄 (zhuoji): with the dealer's seat kept twice, each hand payment to the dealer is ×3. The hand
    of test_chicken_fowl.test_zhuoji_lian_zhuang_dealer_wins: dealer 0 self-draws 4p, 平胡 3; the Score its win
    carries (the result's and the record's payments, built from situation()) has each payer paying 3 + 3×2 = 9, not
    3. Kills ChickenGame.situation__mutmut_63 (the Situation's dealer_streak None)."""
    st = play_c("5s", streak=2)
    w = st.wins[0]
    assert (w.seat, w.how, w.score.info["pattern"]) == (0, "self_draw", "ping_hu")
    assert w.score.payments == {1: 9, 2: 9, 3: 9}


def test_the_shang_xia_ji_below_a_one_is_the_nine_of_its_suit():
    """chicken.md 上下鸡 (zhuoji, option shang_xia_ji): the tiles ±1 of the 捉鸡牌, within its suit as the flipped
    chicken is (9p → 1p): below 1m is 9m, never 1p of the next suit (2m, above, is the flipped chicken already);
    prev_tile undoes next_tile's 9 → 1. Kills chicken_fowl.prev_tile__mutmut_12 ((t % 9 - 1) % 10: 1m → 1p)."""
    assert [prev_tile(t(x)) for x in ("1m", "1p", "1s", "5p")] == [t("9m"), t("9p"), t("9s"), t("4p")]
    z = cast(ChickenGame, get("zhuoji"))
    ks = kinds(z.table, z.resolve_options({"shang_xia_ji": True}), t("1m"))
    assert ks[t("9m")].key == "shang_xia_ji" and ks[t("2m")].key == "fan_pai_ji" and t("1p") not in ks


def test_guiyang_an_da_dui_needs_no_pung_at_all():
    """chicken.md 暗大对 (guiyang, 10): four concealed triplets, "no pung or kong at all", the winning tile completing
    the pair. With an exposed pung of 1s and 222m 333m 444m 5p + 5p self-drawn, it is 大对子 5, not 暗大对 10 (the
    pair-completing win alone does not make it). Kills chicken_patterns.shape_patterns__mutmut_31 ('and' → 'or'
    before the all-triplets test, dropping the no-meld condition)."""
    res, code = judge_chicken("guiyang", "222333444m5p5p", "5p", melds=[pung("1s1s1s")])
    assert code == 0 and keys(res) == ["da_dui_zi"] and res["total"] == 5
