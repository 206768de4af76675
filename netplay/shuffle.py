"""A shuffle every seat can check: commit-reveal values from the host and every seat fix each hand's wall.

Before a hand the host commits to a random value (its hash goes to every seat); every
seat then sends the hash of its own value, and once all hashes are in (the host sends
the list), the value itself, to the host only. The hand's seed is a hash of all the
values (``derive``): the host, which commits first and sees no seat's value before every
seat has committed, cannot choose the wall, only know it (it deals). After the hand the
host publishes every value, the seed and the hand's decisions; each client checks every
hash, that its own value was used, and, by replaying the hand from that seed, that every
tile it saw dealt, drawn or flipped is the one the seed fixes (``Check``).

A seat whose player is away (a bot plays it) or that does not answer in time gets a
value from the host, named in ``by_host``: its client, if it answered, sees that and
reports it. The seed is the hand's seed in the journal and in the match record, so
``seed + options + actions`` replays the match exactly.
"""

from __future__ import annotations

import hashlib
import os
from typing import Any

SHUFFLE_S = 5.0  # how long the host waits for a seat's commitment or value before choosing it itself


def commit(value: bytes) -> bytes:
    return hashlib.sha256(b"yunguimj/3 shuffle commit\0" + value).digest()


def derive(hand_no: int, values: list[bytes]) -> str:
    """The hand's seed from the host's value and every seat's, in seat order (host first)."""
    h = hashlib.sha256(b"yunguimj/3 wall\0" + str(hand_no).encode())
    for v in values:
        h.update(len(v).to_bytes(2, "big") + v)
    return "s" + h.hexdigest()[:32]


class Round:
    """The host's side of one hand's shuffle. Index 0 of ``values``/``commits`` is the host, 1 + i seat i."""

    def __init__(self, hand_no: int, n: int):
        self.hand = hand_no
        self.n = n
        self.values: list[bytes | None] = [os.urandom(32)] + [None] * n
        self.commits: list[bytes | None] = [commit(self.values[0] or b"")] + [None] * n
        self.by_host: list[int] = []
        self.step = "commit"
        self.waiting: set[int] = set()  # seats whose answer the host waits for

    def fill(self, seat: int) -> None:
        """The host chooses ``seat``'s value (nobody answers for it)."""
        if self.values[1 + seat] is None:
            v = os.urandom(32)
            self.values[1 + seat], self.commits[1 + seat] = v, commit(v)
            self.by_host.append(seat)
        self.waiting.discard(seat)

    def take_commit(self, seat: int, h: bytes) -> bool:
        if self.step != "commit" or seat not in self.waiting:
            return False
        self.commits[1 + seat] = h
        self.waiting.discard(seat)
        return True

    def take_value(self, seat: int, v: bytes) -> bool:
        """A seat's value; False (and the host's own value for it) when it does not match its commitment."""
        if self.step != "reveal" or seat not in self.waiting:
            return False
        self.waiting.discard(seat)
        if commit(v) != self.commits[1 + seat]:
            self.commits[1 + seat] = None
            self.fill(seat)
            return False
        self.values[1 + seat] = v
        return True

    def seed(self) -> str:
        assert all(v is not None for v in self.values)
        return derive(self.hand, [v for v in self.values if v is not None])

    def to_json(self) -> dict[str, Any]:
        return {"hand": self.hand, "values": [v.hex() if v else None for v in self.values],
                "commits": [c.hex() if c else None for c in self.commits], "by_host": list(self.by_host)}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Round:
        r = cls(int(d["hand"]), len(d["values"]) - 1)
        r.values = [bytes.fromhex(v) if v else None for v in d["values"]]
        r.commits = [bytes.fromhex(c) if c else None for c in d["commits"]]
        r.by_host = list(d.get("by_host") or [])
        r.step = "done"
        return r


class Check:
    """A client's side: its own value for each hand, the hashes it was shown, and the verdicts."""

    def __init__(self) -> None:
        self.mine: dict[int, bytes] = {}
        self.host_commit: dict[int, bytes] = {}
        self.commits: dict[int, list[bytes]] = {}
        self.sent: set[int] = set()  # hands whose value this seat sent
        self.seeds: dict[int, str] = {}  # hand -> the seed the host published for it
        self.results: list[tuple[int, bool, str]] = []  # (hand, ok, why)

    def on_commit(self, hand: int, host_commit: bytes) -> bytes:
        """The host committed: our hash to send."""
        v = os.urandom(32)
        self.mine[hand] = v
        self.host_commit[hand] = host_commit
        return commit(v)

    def on_reveal(self, hand: int, seat: int, commits: list[bytes]) -> bytes | None:
        """Every hash is in: our value to send (None when the host's list does not hold our hash)."""
        self.commits[hand] = list(commits)
        v = self.mine.get(hand)
        if v is None or seat + 1 >= len(commits) or commits[seat + 1] != commit(v):
            return None
        self.sent.add(hand)
        return v

    def verify(self, hand: int, seat: int, commits: list[bytes], values: list[bytes], by_host: list[int],
               seed: str) -> str | None:
        """What is wrong with the host's opening of ``hand`` (None: every hash and the seed hold)."""
        self.seeds[hand] = seed
        if len(values) != len(commits):
            return "the host published a different number of values and hashes"
        for i, (c, v) in enumerate(zip(commits, values)):
            if commit(v) != c:
                who = "the host's" if i == 0 else f"seat {i - 1}'s"
                return f"{who} value does not match its hash"
        if hand in self.host_commit and commits[0] != self.host_commit[hand]:
            return "the host's hash is not the one it announced before the hand"
        if hand in self.commits and commits != self.commits[hand]:
            return "the hashes differ from the ones shown before the values were sent"
        mine = self.mine.get(hand)
        if mine is not None and seat not in by_host and values[seat + 1] != mine:
            return "this seat's value was not used"
        if hand in self.sent and seat in by_host:
            return "the host used a value of its own for this seat, although this seat sent one"
        if derive(hand, values) != seed:
            return "the seed is not the one the values give"
        return None


def replay_tiles(variant: Any, options: dict[str, Any], hand: int, seed: str, log: list[Any], seat: int,
                 seen: list[dict[str, Any]]) -> str | None:
    """Replay the hand from ``seed`` and its decisions (``log``: [dealer, dealer streak, scores] first) and check
    that every deal, draw and flip ``seat`` saw (``seen``, in order) is one the seed fixes. None: it is."""
    from game.rules import engine
    from game.rules.actions import ActionError, from_json
    from game.rules.view import events_for

    try:
        (dealer, streak, scores), actions = log[0], log[1:]
        st, events = engine.new_hand(variant, variant.resolve_options(options), seed=seed, dealer=dealer, hand_no=hand,
                                dealer_streak=streak, scores=scores)
        for item in actions:
            _, more = engine.apply(st, from_json(item))
            events += more
    except (ActionError, ValueError, TypeError, IndexError, KeyError) as err:
        return f"the hand does not replay from the published seed ({err})"
    fixed = [_plain(dict(ev)) for ev in events_for(events, seat) if ev.get("type") in ("deal", "draw", "flip")]
    k = 0
    for got in seen:
        want = _plain(got)
        while k < len(fixed) and fixed[k] != want:
            k += 1
        if k == len(fixed):
            return f"a tile this seat saw ({want.get('type')}) is not the one the published seed deals"
        k += 1
    return None


def _plain(e: dict[str, Any]) -> dict[str, Any]:
    """An event as it travels (lists, not tuples; sorted sets), without what differs only in form."""
    import msgpack

    out = msgpack.unpackb(msgpack.packb(e, default=sorted), raw=False, strict_map_key=False)
    return out if isinstance(out, dict) else {}
