"""Quick phrases' host-side rate limit and ids (netplay/phrases.py), with an injected clock."""

from netplay.phrases import BURST, GAP_S, PHRASES, WINDOW_S, PhraseGate, valid_id


def test_eight_fixed_ids_and_nothing_else():
    assert PHRASES == 8
    assert all(valid_id(i) for i in range(8))
    assert not any(valid_id(x) for x in (-1, 8, 99, True, 1.0, "1", None, b"\x01"))


def test_one_phrase_per_gap_per_seat():
    g = PhraseGate()
    assert g.allow(0, 10.0)
    assert not g.allow(0, 10.0 + GAP_S / 2)
    assert g.allow(1, 10.1)  # another seat is not held up
    assert g.allow(0, 10.0 + GAP_S)


def test_a_burst_then_silence_until_the_window_moves():
    g = PhraseGate()
    t = 0.0
    for _ in range(BURST):
        assert g.allow(3, t)
        t += GAP_S
    assert not g.allow(3, t) and g.wait(3, t) > 0
    assert g.allow(3, WINDOW_S)  # the first one left the window
    assert g.wait(3, WINDOW_S) == GAP_S


def test_a_flood_is_held_to_the_budget():
    g = PhraseGate()
    allowed = sum(g.allow(2, i * 0.01) for i in range(10_000))  # 100 s of a phrase every 10 ms
    assert allowed <= BURST * (100 / WINDOW_S + 1)


def test_forget_clears_a_seat():
    g = PhraseGate()
    g.allow(1, 0.0)
    g.forget(1)
    assert g.allow(1, 0.1)
