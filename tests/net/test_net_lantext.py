"""43.4 at a LAN table: the wire carries each settlement line's catalog message beside its 中文/English texts,
and a client shows it in its own language (繁體 under zh_Hant); a rogue host's messages fall back to the texts."""

from __future__ import annotations

import copy

import pytest

from game import i18n
from game.rules.view import result
from game.ui.kit import settletext, strings
from netplay import protocol as wire
from netplay.channel import BUCKETS
from netplay.client import NetSession
from netplay.table import public_view, view
from tests.rules.chicken_hands import play_a, play_dian

STATE_FLOOR_BYTES = BUCKETS[1]


@pytest.fixture
def hant():
    before = strings.lang()
    strings.set_lang("zh_Hant")
    yield
    strings.set_lang(before)


def _state(v: dict) -> dict:
    return wire.make("state", seq=1, full=True, hand_no=1, step=1, view=v, events=[], totals=[0, 0, 0, 0],
                     hand_over=True, match_over=False, hands=1)


def _to_wire(v: dict) -> dict:
    return wire.view_to_wire(v) if "legal" in v else v


def _received(v: dict) -> dict:
    """A host's state frame as the client takes it: packed, unpacked, validated, into a session's inbox, polled."""
    m = wire.decode(wire.pack(_state(_to_wire(v))), wire.HOST)
    ses = NetSession("127.0.0.1", 9, "p", start=False)
    ses._inbox.append(m)
    ses.poll()
    assert ses.view is not None
    return ses.view["result"]


def _lines(res: dict, lang: str) -> list[str]:
    return [i18n.label(x, lang) for x in (res.get("items") or []) + (res.get("transfers") or [])]


def test_a_zh_hant_client_shows_the_hosts_lines_in_traditional(hant):
    st = play_a("6p")  # 包冲锋鸡 1s ×2 for seat 0 (test_chicken_fowl)
    for sent in (view(st, 0), public_view(st)):  # a seat's and a watcher's
        res = _received(sent)
        host_zh = [x["label"] for x in res["items"]]
        assert "包冲锋鸡 1s ×2" in host_zh  # the host's words are simplified
        shown = _lines(res, strings.lang())
        assert "包衝鋒雞 1s ×2" in shown and not any("冲锋鸡" in s for s in shown)
        local = result(st)  # the same lines as a zh_Hant player of this process reads them
        assert shown == _lines(local, "zh_Hant")
        assert _lines(res, "en") == _lines(local, "en") and _lines(res, "zh") == host_zh + [
            t["label"] for t in res["transfers"]]
        assert settletext.footer_notes(res, ["a", "b", "c", "d"], False) == [
            settletext.in_words(n, ["a", "b", "c", "d"]) for n in i18n.notes(local, "zh_Hant")]
        assert all(i18n.pattern_name(p, "zh_Hant") == i18n.pattern_name(q, "zh_Hant")
                   for w, u in zip(res["wins"], local["wins"]) for p, q in zip(w["patterns"], u["patterns"]))


def test_the_old_fields_are_unchanged_and_the_messages_restate_them():
    st = play_a("6p")
    res = view(st, 0)["result"]
    for x in res["items"] + res["transfers"]:
        assert (x["label"], x["label_en"]) == (i18n.render(x["text"], "zh"), i18n.render(x["text"], "en"))
    assert res["notes"] == [i18n.render(n, "zh") for n in res["notes_text"]]
    assert res["notes_en"] == [i18n.render(n, "en") for n in res["notes_text"]]
    for w in res["wins"]:
        assert all(p["name"] == i18n.render(p["text"], "zh") for p in w["patterns"])


DEEP: dict = {"key": "rules.settle.chicken.hand", "args": {}}
_d = DEEP
for _ in range(3000):
    _d["args"]["pattern"] = {"key": "rules.settle.chicken.hand", "args": {}}
    _d = _d["args"]["pattern"]

ROGUE = [
    "not a message", 7, [1, 2], None if False else {"key": 5}, {"key": "rules.no.such.key"},
    {"key": "window.not.rules"}, {"key": "rules.settle.chicken.hand"},  # missing arguments
    {"key": "rules.settle.chicken.hand", "args": {"pattern": 3.5, "value": 1, "suffix": ""}},
    {"key": "rules.settle.chicken.hand", "args": {"pattern": {"key": "rules.nope"}, "value": 1, "suffix": ""}},
    {"key": "rules.settle.chicken.hand", "args": {"pattern": "x" * 100_000, "value": 1, "suffix": ""}},
    {"key": "rules.settle.chicken.hand", "args": {"pattern": [{"key": "rules.pattern.zhuoji.ping_hu"}] * 5000,
                                                  "value": 1, "suffix": ""}},
    {"key": "rules.settle.chicken.hand", "args": {"pattern": "{0.__class__}", "value": 2**60, "suffix": ""}},
    {"key": "rules.settle.chicken.hand", "args": {"x" * 300: 1}},
    {"key": "rules.settle.chicken.hand", "args": {"pattern": "\x1b[2J", "value": 1, "suffix": ""}},
    {"key": "rules.settle.chicken.hand", "extra": 1},
    DEEP,
]


@pytest.mark.parametrize("bad", ROGUE, ids=range(len(ROGUE)))
def test_a_rogue_hosts_message_falls_back_to_the_texts(hant, bad):
    st = play_a("6p")
    sent = copy.deepcopy(view(st, 0))
    res = sent["result"]
    for x in res["items"] + res["transfers"]:
        x["text"] = bad
    for w in res["wins"]:
        for p in w["patterns"]:
            p["text"] = bad
    res["notes_text"] = [bad] * len(res["notes"])
    try:
        got = _received(sent)
    except (ValueError, TypeError, wire.Garbage):  # over the frame cap, or nested past msgpack's limit: no such frame
        got = wire.result_from_wire(sent["result"])  # arrives; the check on receipt still holds on its own
    for x in got["items"] + got["transfers"]:
        assert i18n.label(x, "zh_Hant") == x["label"] and i18n.label(x, "en") == x["label_en"]
    assert i18n.notes(got, "zh_Hant") == got["notes"] and i18n.notes(got, "en") == got["notes_en"]
    assert settletext.footer_notes(got, ["a", "b", "c", "d"], False)
    for w in got["wins"]:
        assert all(i18n.pattern_name(p, "zh_Hant") == p["name"] for p in w["patterns"])


def test_a_rogue_line_without_texts_and_odd_notes_do_not_crash(hant):
    res = wire.result_from_wire({"items": [{"text": DEEP}, {"text": {"key": "rules.settle.chicken.hand"}}, 5],
                                 "transfers": "x", "wins": [3, {"patterns": [{"text": {"key": 1}}]}],
                                 "notes": [{"key": "rules.nope"}], "notes_en": "x", "notes_text": "y"})
    assert [i18n.label(x, "zh_Hant") for x in res["items"][:2]] == ["", ""]
    assert i18n.notes(res, "zh_Hant") == [] and "notes_text" not in res
    assert i18n.pattern_name(res["wins"][1]["patterns"][0], "zh_Hant") == ""


def test_message_ok_bounds():
    assert i18n.message_ok({"key": "rules.pattern.zhuoji.ping_hu"})
    assert not i18n.message_ok(DEEP) and not i18n.message_ok({"key": "rules.pattern.zhuoji.ping_hu", "args": []})


def test_a_big_result_state_takes_the_next_bucket_and_opens():
    """Messages beside the texts about double a result's size: a big 贵阳 settlement (25 items, 18 transfers)
    was 5.6 kB and padded to the 8 kB floor, it is now 10.9 kB and padded to the 16 kB bucket. The result is
    what every seat and watcher sees at the hand's end; an observer of the sealed frames learns only that the
    settlement is long, when the hand is over. A small settlement stays in the 8 kB bucket."""
    from netplay.channel import STATE_FLOOR, Opener, Sealer

    key = bytes(32)
    for st, bucket in ((play_a("6p"), BUCKETS[2]), (play_dian("zhuoji"), STATE_FLOOR)):
        for v in (view(st, 0), public_view(st, open_hands=True)):
            body = wire.pack(_state(_to_wire(v)))
            frame = Sealer(key).seal(body, STATE_FLOOR)
            assert len(frame) == 4 + bucket + 16
            assert Opener(key).open(frame[4:]) == body


def test_a_result_too_big_for_its_messages_goes_with_its_texts_alone(monkeypatch):
    import netplay.table as host_table

    st = play_a("6p")
    monkeypatch.setattr(host_table, "RESULT_MESSAGES_MAX", 4096)
    res = view(st, 0)["result"]
    assert not any("text" in x for x in res["items"] + res["transfers"]) and "notes_text" not in res
    assert res["items"][0]["label"] and res["items"][0]["label_en"]
    assert len(wire.pack(_state(_to_wire(view(st, 0))))) < STATE_FLOOR_BYTES


def _watched(v: dict) -> dict:
    from netplay.watch import WatchSession

    ws = WatchSession("127.0.0.1", 9, "w", "t", start=False)
    ws._inbox.append(wire.decode(wire.pack(_state(v)), wire.HOST))
    ws.poll()
    assert ws.view is not None
    return ws.view["result"]


@pytest.mark.parametrize("bad", ROGUE[:-1], ids=range(len(ROGUE) - 1))
def test_a_watcher_shows_a_rogue_hosts_lines_as_texts(hant, bad):
    st = play_a("6p")
    good = _watched(public_view(st))
    assert "包衝鋒雞 1s ×2" in _lines(good, "zh_Hant")
    sent = copy.deepcopy(public_view(st))
    res = sent["result"]
    res["items"][0]["text"] = bad
    res["transfers"][0] = {k: v for k, v in res["transfers"][0].items() if k not in ("label", "label_en")}
    res["transfers"][0]["text"] = bad  # a line with a message and no texts
    res["notes_text"][0] = bad
    try:
        got = _watched(sent)
    except (ValueError, TypeError, wire.Garbage):
        got = wire.result_from_wire(sent["result"])
    assert i18n.label(got["items"][0], "zh_Hant") == got["items"][0]["label"]
    assert i18n.label(got["transfers"][0], "zh_Hant") == ""
    assert i18n.notes(got, "zh_Hant") == got["notes"]
    assert "包衝鋒雞 1s ×2" in _lines(got, "zh_Hant") or res["items"][0]["label"] == "包冲锋鸡 1s ×2"


def test_a_zh_hant_client_and_watcher_at_a_live_lan_table(hant):
    """A loopback host plays one 贵阳 hand with four bot clients and a watcher (another table when that hand
    settled with no line to render): the client's and the watcher's settlement lines render in 繁體 from the
    messages the host sent, equal to the host's own view's lines."""
    from netplay.host import Host, TableConfig
    from netplay.watch import WatchSession
    from tests.helpers.net_util import LOOPBACK, Recorder, drain_watcher, play_clients, wait_until

    def lines_of(result: dict) -> list:
        return (result.get("items") or []) + (result.get("transfers") or [])

    # every seat adds to the shuffle, so the deal is new each run: a drawn hand can settle with no line at all;
    # then another table is played (three drawn hands in a row would be a failure, not bad luck)
    for attempt in range(3):
        h = Host(tables=[TableConfig(table_id="t", variant="guiyang", hands=1, seed=7 + attempt, next_s=None)],
                 interfaces=LOOPBACK, advertise=False).start()
        ws = WatchSession(*h.address, "watcher", "t", tap=Recorder(), connect_timeout=60, reconnect_s=60)
        try:
            wait_until(lambda ws=ws: ws.poll() is not None and ws.status == "watching", 60, "the watcher watching")
            _, bcs = play_clients(h, [1, 2, 3, 4], timeout=300)
            drain_watcher(h, ws)
        finally:
            ws.close()
            h.stop()
        if lines_of(bcs[0].session.view["result"]) and lines_of(ws.view["result"]):
            break
    for got in (bcs[0].session.view["result"], ws.view["result"]):
        lines = lines_of(got)
        assert lines and all("text" in x for x in lines)
        for x in lines:
            assert i18n.label(x, "zh_Hant") == i18n.render(x["text"], "zh_Hant")
            assert x["label"] == i18n.render(x["text"], "zh")  # the host's 中文, as 0.2.0 sent it
        hant_lines = [i18n.label(x, "zh_Hant") for x in lines]
        assert not any("鸡" in s for s in hant_lines)  # the hand is shuffled by all seats: chickens or not
        if any("鸡" in x["label"] for x in lines):
            assert any("雞" in s for s in hant_lines)
