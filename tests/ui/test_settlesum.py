"""The settlement at a glance (issue 40.2): a seat's points by kind and its items grouped by the other seat both
add up to the seat's delta, for every game, over many bot-played hands (wins, draws, several winners)."""

from __future__ import annotations

import pytest

from game.bots import make_bot
from game.rules import engine
from game.rules.match import Match
from game.rules.variants import get
from game.rules.view import view
from game.ui.table.settlesum import KINDS, counterparts, kind_of, kinds


def results(variant: str, hands: int = 12):
    m = Match(get(variant), {}, 17, hands)
    bots = [make_bot("simple", seed=i) for i in range(m.n)]
    for _ in range(hands):
        st, _ = m.start_hand()
        while st.end is None:
            seat = next(s for s in engine.acting_seats(st) if engine.legal_actions(st, s))
            engine.apply(st, bots[seat].act(view(st, seat)))
        yield view(st, 0)["result"]
        m.finish_hand()


@pytest.mark.parametrize("variant", ["wenshan", "yuxi", "guiyang", "zhuoji"])
def test_kinds_and_counterparts_add_up_to_the_delta(variant):
    seen = set()
    for res in results(variant):
        for seat, delta in enumerate(res["deltas"]):
            by_kind = kinds(res, seat)
            assert list(by_kind) == list(KINDS) and sum(by_kind.values()) == delta
            cps = counterparts(res, seat)
            assert sum(cp.net for cp in cps) == delta
            assert all(cp.net == sum(p for _zh, _en, p in cp.items) for cp in cps)
            seen |= {k for k, v in by_kind.items() if v}
    assert "hand" in seen
    if variant in ("guiyang", "zhuoji"):
        assert "chickens" in seen


def test_keys_by_kind():
    assert [kind_of(k) for k in ("ping_hu", "chickens", "beans", "bao", "an_gang", "events", None)] == \
        ["hand", "chickens", "beans", "liability", "beans", "hand", "hand"]


def test_the_lines_and_refusals_speak_traditional_chinese_under_zh_hant():
    """Issue 43.4: under 繁體 the settlement's lines, the calculator's refusals and game names come from the
    zh_Hant catalog (not the 简体 text the pairs used to carry); under 简体 they are as before."""
    from types import SimpleNamespace

    import game.i18n as i18n
    from game.ui.calc import calculator
    from game.ui.calc.calcmodel import refusal_texts
    from game.ui.kit import strings

    res = next(r for r in results("guiyang") if any(t.get("points") for t in r.get("transfers") or []))
    refused = SimpleNamespace(refusal="needs_wildcard")
    try:
        for lang in ("zh_Hant", "zh"):
            strings.set_lang(lang)
            shown = {zh for seat in range(len(res["deltas"]))
                     for cp in counterparts(res, seat) for zh, _en, _p in cp.items}
            assert shown and shown <= {i18n.label(t, lang) for t in res["transfers"]}
            assert refusal_texts(refused) == (i18n.text("refusal.needs_wildcard", lang),
                                              i18n.text("refusal.needs_wildcard", "en"))
            assert calculator._variant_label("guiyang")() == i18n.variant_name("guiyang", lang)
        strings.set_lang("zh_Hant")
        assert "小雞" in refusal_texts(refused)[0]
        assert calculator._variant_label("guiyang")() == "貴陽捉雞"
    finally:
        strings.set_lang("zh")
