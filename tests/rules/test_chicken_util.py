"""The chicken-game scenario helpers' own hands: filler hands are not ready, ready hands are."""

from __future__ import annotations

from tests.rules.chicken_util import ready


def test_filler_hands_not_ready():
    for h in ("1s2m5m9m3p6p9p4s7s7z3m5p9s", "8p1m4m7m2p5p9p2s5s3s6s7z9m", "1m4m7m2p5p9p3s6s9s7z2m5m8m"):
        assert not ready("guiyang", h)


def test_ready_hands():
    assert ready("guiyang", "123p456p789s23m77p")
    assert ready("zhuoji", "1122334455667m")  # seven pairs
    assert not ready("zhuoji", "1m4m7m2p5p9p3s6s9s2m5m8m1p")
