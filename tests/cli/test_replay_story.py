"""``python -m game replay FILE`` tells the story (issue 40.4): hands from 1 as the window counts them, the
players' names, the winner's tile and patterns, each item with its payers and points in the settlement
screen's labels, in 中文 or English; ``--json`` stays exactly as shared/spec/cli.md fixes it; any bytes at
all are one line on stderr and exit 2."""

from __future__ import annotations

import json

import pytest

from game import i18n
from game.cli import replay as replay_cli
from game.cli.main import main
from game.errors import UsageError
from game.rules.match import replay_match
from game.rules.variants import get

NAMES = ["阿明", "电脑1", "电脑2", "电脑3"]


def saved_match(tmp_path):
    """A two-hand guiyang match saved by the game (bots played it; chickens and beans in its items)."""
    from game.bots import make_bot
    from game.rules.match import Match, play_hand
    from game.rules.view import view

    m = Match(get("guiyang"), {}, 2, 2)
    bots = [make_bot("normal", seed=i) for i in range(4)]
    for _ in range(2):
        play_hand(m, lambda st, s, _l: bots[s].act(view(st, s)))
    data = {"format": "yungui-replay-1", "saved": "2026-12-01 20:00", "names": NAMES, "human_seat": 0,
            "finished": True, "match": m.to_json()}
    f = tmp_path / "20261201-200000-guiyang.json"
    f.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return f, data


def test_each_hand_is_told_with_names_patterns_and_every_item(tmp_path):
    f, data = saved_match(tmp_path)
    text, code = replay_cli.run(str(f), False, "zh")
    assert code == 0
    lines = text.splitlines()
    assert lines[0] == "贵阳捉鸡 · 已打 2/2 局 · 种子 2" and lines[1] == "玩家：阿明、电脑1、电脑2、电脑3"
    assert "第 1 局 · 庄家" in text and "第 2 局 · 庄家" in text and "第 0 局" not in text
    states = []
    replay_match(get("guiyang"), data["match"], on_hand=states.append)
    for st in states:
        for w in st.wins:
            assert f"{NAMES[w.seat]} 胡 " in text
            for p in w.score.patterns:
                assert f"{i18n.render(p.text, 'zh')} {p.value}" in text
    # every item on a line of its own, under its seat, ending in its points
    items = [it for st in states for it in st.settlement.items]
    item_lines = [ln for ln in lines if ln.startswith("      ")]
    assert len(item_lines) == len(items) > 4
    assert [ln.rsplit("  ", 1)[1] for ln in item_lines] == [f"{it.points:+d}" if it.points else "0"
                                                          for st in states for seat in _order(st)
                                                          for it in st.settlement.items if it.seat == seat]
    # payers by name: no seat number is left in the story
    assert "座位" not in text and "seat " not in text
    assert lines[-1].startswith("总分：阿明 ")


def _order(st):
    winners = [w.seat for w in st.wins]
    return list(dict.fromkeys(winners + list(range(st.n))))


def test_english_tells_the_same_in_english(tmp_path):
    f, _data = saved_match(tmp_path)
    text, code = replay_cli.run(str(f), False, "en")
    assert code == 0 and text.startswith("Guiyang Catch-the-Chicken · hands played: 2 of 2 · seed 2")
    assert "Hand 1 · dealer" in text and "Totals: 阿明 " in text and "Bot 1" in text  # the game's names follow
    assert not any("\u4e00" <= ch <= "\u9fff" for ch in text.replace("阿明", ""))


def test_json_of_a_saved_match_is_exactly_as_before(tmp_path, capsys):
    f, data = saved_match(tmp_path)
    assert main(["replay", str(f), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    m = replay_match(get("guiyang"), data["match"])
    assert out == {"variant": "guiyang", "totals": m.scores,
                   "hands": [{k: r[k] for k in ("hand_no", "dealer", "end", "winners", "deltas", "next_dealer")}
                             for r in m.records]}
    assert [h["hand_no"] for h in out["hands"]] == [0, 1]  # the file's numbering, kept for the tools that read it


@pytest.mark.parametrize("raw, words", [
    (b"\xc4\xe3\xba\xc3 not utf-8", "is not UTF-8 text (byte 0xc4 at offset 0)"),
    (b'{"variant": "wenshan", "hands_pl', "is not valid JSON"),
    (b"[" * 100_000, "is not valid JSON"),
    (b"", "is not valid JSON"),
    (b"5", "a scenario is a JSON object"),
    (b'{"seed": 1, "variant": "wenshan", "hands_played": [{"actions": [[0, "discard", "9z"]]}]}', "match replay:"),
    (b'{"seed": [], "variant": "wenshan", "hands_played": []}', "seed is not a number"),
])
def test_any_bytes_are_one_line_and_exit_2(tmp_path, capsys, raw, words):
    f = tmp_path / "x.json"
    f.write_bytes(raw)
    assert main(["replay", str(f)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: ") and words in err[0] and "bug in the game" not in err[0]


def test_a_bad_language_is_a_usage_error(tmp_path):
    f, _ = saved_match(tmp_path)
    with pytest.raises(UsageError):
        replay_cli.run(str(f), False, "fr")
