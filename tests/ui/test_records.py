"""战绩 / Records (issue 40.3): the player's figures over the saved matches, overall and per game, equal what
the matches themselves say; the cache is used; demos and bot matches do not count; a branch counts from the
hand it branched at; the biggest hand opens in the viewer at its settlement."""

from __future__ import annotations

import pytest

from game.bots import make_bot
from game.rules.match import Match
from game.rules.variants import get
from game.rules.view import view
from game.ui import settings as cfg
from game.ui.menus import recordbook
from game.ui.menus.recordbook import RecordBook, summarize
from game.ui.menus.records import RecordsScene
from game.ui.menus.replays import ReplayViewer


def played(variant: str, seed: int, hands: int) -> tuple[dict, list[dict]]:
    """A bot match and, per hand, what seat 0 lived: its points, won, self-drawn, dealt in (told by the engine)."""
    m = Match(get(variant), {}, seed, hands)
    bots = [make_bot("simple", seed=seed * 10 + i) for i in range(m.n)]
    lived = []
    for _ in range(hands):
        st, _ = m.start_hand()
        while st.end is None:
            from game.rules import engine

            seat = next(s for s in engine.acting_seats(st) if engine.legal_actions(st, s))
            engine.apply(st, bots[seat].act(view(st, seat)))
        lived.append({"delta": st.settlement.deltas[0],
                      "won": any(w.seat == 0 for w in st.wins),
                      "self_draw": any(w.seat == 0 and str(w.how) == "self_draw" for w in st.wins),
                      "dealt_in": any(w.seat != 0 and w.source == 0 for w in st.wins)})
        m.finish_hand()
    return m.to_json(), lived


def save(rec: dict, name: str, seat: int | None = 0, **extra) -> None:
    cfg.save_replay(rec, ["我", "电脑1", "电脑2", "电脑3"], seat, True, path=cfg.replay_dir() / name, **extra)


@pytest.fixture
def folder(home):
    cfg.replay_dir().mkdir(parents=True)
    truth = []
    for k, (vid, seed) in enumerate((("wenshan", 3), ("guiyang", 8), ("wenshan", 5), ("yuxi", 2))):
        rec, lived = played(vid, seed, 3)
        save(rec, f"2026110{k + 1}-200000-{vid}.json")
        truth.append((vid, lived))
    demo, _ = played("zhuoji", 1, 2)
    save(demo, "20261109-200000-zhuoji.json", seat=None)  # a demo's or a bot match's: nobody's record
    (cfg.replay_dir() / "20261110-200000-wenshan.json").write_bytes(b"\x00garbage")
    return truth


def expected(truth, variant=None) -> dict:
    hands = [h for vid, lived in truth if variant in (None, vid) for h in lived]
    return {"matches": sum(1 for vid, _ in truth if variant in (None, vid)), "hands": len(hands),
            "wins": sum(h["won"] for h in hands), "self_draws": sum(h["self_draw"] for h in hands),
            "deal_ins": sum(h["dealt_in"] for h in hands), "points": sum(h["delta"] for h in hands)}


def figures(st) -> dict:
    return {k: getattr(st, k) for k in ("matches", "hands", "wins", "self_draws", "deal_ins", "points")}


def test_the_figures_are_what_the_matches_say_overall_and_per_game(folder):
    book = RecordBook()
    book.finish()
    lines = book.ordered()
    assert [m.variant for m in lines] == ["wenshan", "guiyang", "wenshan", "yuxi"]  # oldest first, no demo
    assert book.unreadable == 1
    for variant in (None, "wenshan", "guiyang", "yuxi", "kunming"):
        assert figures(summarize(lines, variant)) == expected(folder, variant), variant
    st = summarize(lines)
    totals = [sum(h["delta"] for h in lived) for _vid, lived in folder]
    assert st.running == [sum(totals[:k + 1]) for k in range(len(totals))]
    # the biggest; of equal ones, the first played
    best = max((h["delta"], -k, -i) for k, (_v, lived) in enumerate(folder) for i, h in enumerate(lived))
    assert best[0] > 0 and (st.best.delta, st.best.hand) == (best[0], -best[2])
    assert st.rate("wins") == st.wins / st.hands and summarize([], None).rate("wins") is None


def test_the_second_opening_reads_the_cache_and_plays_nothing_again(folder, monkeypatch):
    first = RecordBook()
    first.finish()
    assert first.cache_path.exists()

    def must_not_replay(*a, **k):
        raise AssertionError("played again although cached")

    monkeypatch.setattr(recordbook, "replay_match", must_not_replay)
    again = RecordBook()
    again.finish()
    assert [figures(summarize(again.ordered(), v)) for v in (None, "wenshan")] == \
        [figures(summarize(first.ordered(), v)) for v in (None, "wenshan")]


def test_a_changed_file_is_read_again_and_a_damaged_cache_is_ignored(folder):
    book = RecordBook()
    book.finish()
    book.cache_path.write_bytes(b"\xff{not json")
    fresh = RecordBook()
    fresh.finish()
    assert figures(summarize(fresh.ordered())) == expected(folder)


def test_a_branch_counts_from_the_hand_it_branched_at(home):
    cfg.replay_dir().mkdir(parents=True)
    rec, lived = played("wenshan", 4, 3)
    save(rec, "20261201-100000-wenshan.json", branch={"of": "x.json", "hand": 2, "step": 5, "seat": 0})
    book = RecordBook()
    book.finish()
    (line,) = book.ordered()
    assert line.branch and [h.index for h in line.hands] == [1, 2]
    assert line.total == sum(h["delta"] for h in lived[1:])


def test_the_screen_draws_the_figures_and_opens_the_biggest_hand(folder, app):
    sc = RecordsScene(app)
    sc.book.finish()
    app.goto(sc)
    app.frame([], 0.05)
    st = sc.stats()
    assert st.matches == 4 and sc.open_btn is not None
    sc.open_best()
    viewer = app.scene
    assert isinstance(viewer, ReplayViewer) and viewer.hand_i == st.best.hand
    assert viewer.step == len(viewer.states) - 1 and viewer.path.name == st.best.name
    viewer.back()
    assert isinstance(app.scene, RecordsScene)


def test_an_empty_folder_says_how_the_record_starts(home, app, en):
    sc = RecordsScene(app)
    sc.book.finish()
    app.goto(sc)
    app.frame([], 0.05)
    assert sc.stats().matches == 0 and sc.open_btn is None
