"""Turn and claim timers (game/turntimer.py), driven by an injected clock: the countdown, its last three ticks,
a LAN claim window's own deadline, and the move a seat makes at zero (issue 39: 托管-like pass or discard)."""

from game.rules.actions import Action
from game.rules.kinds import ActionKind
from game.turntimer import TIMER_CHOICES, DecisionClock, timeout_action, valid_seconds


def test_a_decision_counts_down_from_the_table_setting():
    c = DecisionClock(seconds=15)
    assert c.follow(("v1", 0), now=100.0)
    assert c.shown(100.0) == 15 and c.fraction(100.0) == 1.0
    assert c.shown(100.2) == 15 and c.shown(101.0) == 14
    assert c.shown(114.5) == 1 and not c.expired(114.99)
    assert c.expired(115.0) and c.shown(115.0) == 0 and c.remaining(120.0) == 0.0
    assert abs(c.fraction(107.5) - 0.5) < 1e-9


def test_the_same_decision_does_not_restart_and_a_new_one_does():
    c = DecisionClock(seconds=10)
    c.follow("a", 0.0)
    assert not c.follow("a", 4.0)
    assert c.shown(4.0) == 6
    assert c.follow("b", 4.0)
    assert c.shown(4.0) == 10
    c.follow(None, 5.0)
    assert not c.running and c.shown(5.0) is None and not c.expired(99.0)


def test_off_means_no_countdown_unless_a_deadline_is_given():
    """A table without a timer still shows a LAN claim window's deadline (the host's, in the state message)."""
    c = DecisionClock(seconds=0)
    c.follow("turn", 0.0)
    assert not c.running
    c.follow("claim", 1.0, deadline=2.5)
    assert c.shown(1.0) == 2 and c.expired(2.5)
    c.follow("claim", 1.2, deadline=3.0)  # the host said more (a player still decides): the deadline moves
    assert not c.expired(2.5) and c.expired(3.0)


def test_the_last_three_seconds_tick_once_each():
    c = DecisionClock(seconds=10)
    c.follow("x", 0.0)
    assert c.ticks(5.0) == []
    assert c.ticks(7.0) == [3]
    assert c.ticks(7.5) == []
    assert c.ticks(9.5) == [2, 1]  # a slow frame catches up, each second once
    assert c.ticks(9.9) == [] and c.ticks(10.0) == []
    c.follow("y", 10.0)
    assert c.ticks(17.0) == [3]


def test_stopped_once_answered():
    c = DecisionClock(seconds=10)
    c.follow("x", 0.0)
    c.stop()
    assert not c.expired(50.0) and c.ticks(9.0) == []
    assert not c.follow("x", 1.0)  # the same decision does not start over


def test_wake_at_is_the_next_whole_second():
    c = DecisionClock(seconds=10)
    c.follow("x", 0.0)
    assert c.wake_at(0.0) == 1.0
    assert abs(c.wake_at(2.25) - 3.0) < 1e-9
    assert c.wake_at(10.0) is None


def test_the_setting_takes_only_its_choices():
    assert TIMER_CHOICES == (0, 10, 15, 20)
    assert valid_seconds(15, 0) == 15
    assert valid_seconds(12, 15) == 15 and valid_seconds(True, 0) == 0 and valid_seconds("10", 0) == 0


def _a(kind, tile=None):
    return Action(2, kind, tile)


def test_at_zero_a_claim_is_passed():
    legal = [_a(ActionKind.PUNG), _a(ActionKind.HU), _a(ActionKind.PASS)]
    assert timeout_action(2, legal, None) == Action(2, ActionKind.PASS)


def test_at_zero_the_drawn_tile_is_discarded():
    legal = [_a(ActionKind.DISCARD, t) for t in (3, 7, 30)] + [_a(ActionKind.HU)]
    assert timeout_action(2, legal, 7) == _a(ActionKind.DISCARD, 7)


def test_after_a_claim_the_last_tile_goes():
    legal = [_a(ActionKind.DISCARD, t) for t in (3, 30, 7)]
    assert timeout_action(2, legal, None) == _a(ActionKind.DISCARD, 30)


def test_a_win_that_may_not_be_passed_is_taken_and_nothing_without_a_decision():
    assert timeout_action(2, [_a(ActionKind.HU)], None) == _a(ActionKind.HU)
    assert timeout_action(2, [], 5) is None
