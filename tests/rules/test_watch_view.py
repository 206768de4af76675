"""The watcher's view (issue 17, watching a LAN table): ``public_view`` / ``public_events`` in the rules core.

Bot matches of every variant are walked point by point (the pending window after every
discard and added kong included, as the host shows it). At each point the public view
must not change when every hidden tile is shuffled (every seat's concealed tiles while
the hand runs, and the undrawn wall), must carry no seat's options, drawn tile or
concealed hand, and on a table open to watchers must show every concealed hand exactly.
"""

import random

import pytest

from game.rules.kinds import Phase
from game.rules.view import public_events, public_step, public_view, spectator_events
from tests.helpers.hidden import points, scramble
from tests.helpers.net_util import local_play, norm, variants

HIDDEN_VIEW_KEYS = ("hand", "legal", "acting", "awaiting", "offer", "missed_win", "win_refusal")


def _record(vid: str, seed: str, hands: int = 2) -> dict:
    m, _streams = local_play(vid, {}, seed, hands, ["a", "b", "c", "d"])
    return m.to_json()


@pytest.mark.parametrize("vid", variants())
def test_the_public_view_depends_on_no_hidden_tile(vid):
    rng = random.Random(vid)
    record = _record(vid, f"watch-{vid}")
    checked = 0
    for h, st, _events in points(vid, record):
        pv = public_view(st)
        assert pv["seat"] is None and not pv["open"] and pv["drawn"] is None
        assert not any(k in pv for k in HIDDEN_VIEW_KEYS), f"hand {h}: a seat's own fields in the public view"
        assert pv["phase"] in (Phase.TURN, Phase.WAIT, Phase.END)
        if st.phase != Phase.END:
            assert all(s["hand"] is None for s in pv["seats"]), f"hand {h}: a concealed hand is shown"
        else:
            assert [s["hand"] for s in pv["seats"]] == [sorted(s.concealed()) for s in st.seats]
        for _ in range(2):
            other = public_view(scramble(st, None, rng))
            diff = [k for k in pv if pv[k] != other.get(k)]
            assert not diff, f"hand {h}: {diff} depend on hidden tiles"
        checked += 1
    assert checked > 60


@pytest.mark.parametrize("vid", variants())
def test_an_open_table_shows_every_concealed_hand_and_the_drawn_tile(vid):
    record = _record(vid, f"open-{vid}", hands=1)
    drawn_seen = 0
    for _h, st, _events in points(vid, record):
        pv = public_view(st, open_hands=True)
        assert pv["open"]
        assert [s["hand"] for s in pv["seats"]] == [sorted(s.concealed()) for s in st.seats]
        for seat, s in zip(pv["seats"], st.seats):
            assert [m["tiles"] for m in seat["melds"]] == [list(m.tiles) for m in s.melds]
        if st.phase == Phase.TURN and st.seats[st.turn].drawn is not None:
            assert pv["drawn"] == st.seats[st.turn].drawn
            drawn_seen += 1
        # the wall order is never shown, open table or not
        assert "wall" not in pv["public"] and isinstance(pv["wall"], int)
    assert drawn_seen > 5


def test_the_public_events_hold_no_secret_and_nothing_addressed_to_a_seat():
    seen_secret = 0
    for vid in variants():
        record = _record(vid, f"ev-{vid}", hands=1)
        for _h, _st, events in points(vid, record):
            pub = public_events(events)
            kept = [e for e in events if "to" not in e]
            assert len(pub) == len(kept)
            for raw, e in zip(kept, pub):
                assert "secret" not in e and "to" not in e
                for k in raw.get("secret") or ():
                    seen_secret += 1
                    assert k not in e, f"{vid}: {raw['type']}.{k} reached a watcher"
            assert norm(public_events(events, open_hands=True)) == norm(spectator_events(events))
    assert seen_secret > 50


def test_the_public_step_moves_only_with_what_everyone_sees():
    """A pass, or a claim answer still waiting on others, changes nothing a watcher sees: the step stays."""
    moved = still = 0
    for vid in variants():
        record = _record(vid, f"step-{vid}")
        last = None
        for h, st, _events in points(vid, record):
            pv, step = public_view(st), public_step(st)
            if last is not None and last[0] == h:
                if pv["version"] == last[1]:
                    assert step == last[2], f"{vid} hand {h}: the step moved on a hidden action"
                    still += 1
                else:
                    assert step >= last[2]
                    moved += step > last[2]
            last = (h, pv["version"], step)
    assert still > 3 and moved > 100  # (passes are the points where nothing public changes)
