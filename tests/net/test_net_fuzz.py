"""Fuzzing a running host: tens of thousands of random and mutated frames while an honest match goes on.

The host runs in its own process (``python -m game host --headless``). Four honest bot
clients play a match; seat 3 also slips refused messages into its own connection
(actions for other seats, replays of its own old frames, stale and illegal actions,
wrong field types). Meanwhile fuzz connections send random bytes, random msgpack,
mutated valid frames, huge and truncated lengths, extension types, replays of the
honest clients' frames and actions for every seat; half of them before the handshake
(in the clear), half inside a channel of their own (sealed), where a last frame that
does not open cuts them off. Afterwards: the host is alive and
answers, every honest seat saw exactly the events of the same match played locally,
and the host's memory did not grow.
"""

import os
import random
import socket
import sys
import threading
import time
from collections import Counter
from typing import Any

import msgpack

from game.oscompat import rss_kb as rss_kb_of
from netplay import protocol as wire
from netplay.client import BotClient
from tests.helpers.net_util import Recorder, local_play, norm, play_clients, seeds_of, start_host_proc, stop_proc

SEED = "4711"
TARGET_FRAMES = 24_000


def rss_kb(pid: int) -> int:
    """The host process's resident memory (every system; see game.oscompat)."""
    kb = rss_kb_of(pid)
    assert kb > 0, f"no resident memory figure for process {pid} on {sys.platform}"
    return kb


def rand_obj(rng: random.Random, depth: int = 0):
    k = rng.randrange(10 if depth < 3 else 6)
    if k == 0:
        return rng.randrange(-2**63, 2**64)
    if k == 1:
        return rng.random() * 1e6
    if k == 2:
        return "".join(chr(rng.randrange(1, 0x3000)) for _ in range(rng.randrange(12)))
    if k == 3:
        return os.urandom(rng.randrange(8))
    if k == 4:
        return rng.choice([None, True, False])
    if k == 5:
        return rng.choice(["hello", "act", "next", "sync", "ping", "list", "bye", "welcome", "state", ""])
    if k in (6, 7):
        return [rand_obj(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(["t", "n", "ack", "a", "proto", "name", "token", "table", "seat", "x"]): rand_obj(rng, depth + 1)
            for _ in range(rng.randrange(5))}


def valid_msgs(rng: random.Random, n: int) -> list[dict]:
    seat = rng.randrange(4)
    return [
        wire.make("act", n=n, ack=rng.randrange(100), a=[seat, "discard", rng.choice(["1m", "5p", "9s", "7z"])]),
        wire.make("act", n=n, ack=rng.randrange(100), a=[seat, rng.choice(["pass", "hu", "pung", "kong"])]),
        wire.make("act", n=n, ack=0, a=[seat, "chow", "345m"]),
        wire.make("next", n=n, ack=rng.randrange(9)),
        wire.make("sync", n=n),
        wire.make("ping", n=n),
        wire.make("list"),
        wire.make("commit", hand=rng.randrange(3), hash=os.urandom(32)),
        wire.make("reveal", hand=rng.randrange(3), value=os.urandom(32)),
        wire.make("pw", tag=os.urandom(32)),
        wire.make("hello", name="fuzz", table=rng.choice(["1", "2"]), pk=os.urandom(32)),
        wire.make("hello", name="fuzz", proof=os.urandom(32), seat=rng.randrange(-1, 5)),
        wire.make("ch", proto=rng.randrange(99), e=os.urandom(32), nonce=os.urandom(16)),
    ]


def mutate(rng: random.Random, msg: dict) -> bytes:
    """A frame body derived from a valid message: fields retyped, dropped or added, or bytes flipped."""
    m = dict(msg)
    k = rng.randrange(4)
    if k == 0 and len(m) > 1:
        m.pop(rng.choice([x for x in m if x != "t"]))
    elif k == 1:
        m[rng.choice(list(m))] = rand_obj(rng)
    elif k == 2:
        m[rng.choice(["x", "n", "ack", "a", "seat"])] = rand_obj(rng)
    body = bytearray(msgpack.packb(m, use_bin_type=True))
    if k == 3:
        for _ in range(rng.randrange(1, 4)):
            body[rng.randrange(len(body))] = rng.randrange(256)
    return bytes(body)


def soft_body(rng: random.Random, n: int, replays: list[bytes]) -> bytes:
    """Messages (sealed by the caller) that get an error reply (or an answer) without the connection being cut."""
    k = rng.randrange(5)
    if k == 0 and replays:
        return rng.choice(replays)[4:]
    msgs = valid_msgs(rng, n)
    msg = rng.choice(msgs[:10])
    if k == 1:
        return msgpack.packb({"t": msg["t"], **{f: rand_obj(rng) for f in msg if f != "t"}}, use_bin_type=True)
    return msgpack.packb(msg, use_bin_type=True)


def hard_frame(rng: random.Random) -> bytes:
    """Frames that must cut the connection: garbage, bad lengths, random objects, mutations."""
    k = rng.randrange(8)
    if k == 0:
        return os.urandom(rng.randrange(1, 300))
    if k == 1:
        return wire.HEADER.pack(rng.choice([0, wire.MAX_FRAME + 1, 2**31, 2**32 - 1])) + os.urandom(10)
    if k == 2:
        body = os.urandom(rng.randrange(1, 200))
        return wire.HEADER.pack(len(body)) + body
    if k == 3:
        body = msgpack.packb(rand_obj(rng), use_bin_type=True)
        return wire.HEADER.pack(len(body)) + body
    if k == 4:
        body = mutate(rng, rng.choice(valid_msgs(rng, 1)))
        return wire.HEADER.pack(len(body)) + body
    if k == 5:
        body = msgpack.packb({"t": "ping", "n": msgpack.ExtType(rng.randrange(128), os.urandom(4))})
        return wire.HEADER.pack(len(body)) + body
    if k == 6:
        body = b"\x91" * 3000 + b"\x00"
        return wire.HEADER.pack(len(body)) + body
    body = msgpack.packb(msgpack.Timestamp(rng.randrange(2**32)))
    return wire.HEADER.pack(len(body)) + body


class Fuzzer:
    def __init__(self, port: int, seed: int, replays: list[bytes]):
        self.port = port
        self.rng = random.Random(seed)
        self.replays = replays
        self.frames = 0
        self.conns = 0
        self.stop = threading.Event()

    def one_connection(self) -> None:
        rng = self.rng
        sealed = rng.random() < 0.5
        try:
            if sealed:
                from netplay.client import Channel

                ch = Channel("127.0.0.1", self.port, 5)
                s, seal = ch.sock, ch.seal.seal
            else:
                s = socket.create_connection(("127.0.0.1", self.port), timeout=5)
        except (OSError, wire.ProtocolError):
            time.sleep(0.05)
            return
        self.conns += 1
        try:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 16)
            n = rng.randrange(20, 120) if sealed else 1
            if sealed:
                frames = [seal(soft_body(rng, i + 1, self.replays)) for i in range(n)]
            else:  # before the handshake: one frame in the clear, then the host cuts it off
                body = soft_body(rng, 1, self.replays)
                frames = [wire.HEADER.pack(len(body)) + body]
            if rng.random() < 0.9:
                frames.append(hard_frame(rng) if not sealed or rng.random() < 0.5 else seal(hard_frame(rng)[4:]))
            elif rng.random() < 0.5:
                frames.append(wire.HEADER.pack(5000) + b"\x81")  # truncated: wait, then hang up
            s.sendall(b"".join(frames))
            self.frames += len(frames)
            s.shutdown(socket.SHUT_WR)
            s.settimeout(3)
            while s.recv(65536):  # drain what the host answers until it hangs up
                pass
        except OSError:
            pass
        finally:
            s.close()

    def run(self, at_least: int, limit_s: float = 120.0) -> None:
        end = time.monotonic() + limit_s
        while (not self.stop.is_set() or self.frames < at_least) and time.monotonic() < end:
            self.one_connection()


class InjectingBot(BotClient):
    """Seat 3: plays honestly, and after each decision sends refused messages on its own connection.

    The discard of a tile it does not hold may be the tile it draws next, while the claim window that hides the
    draw is still open: an action for a turn it has not been shown, refused as stale (issue 42; it was played)."""

    def __init__(self, *a, rec: Recorder, **kw):
        super().__init__(*a, tap=rec, **kw)
        self.rec = rec
        self.rng = random.Random(99)
        self.injected = 0

    def step(self) -> None:
        before = self.decisions
        super().step()
        s = self.session
        if self.decisions == before or s.view is None:
            return
        rng = self.rng
        seat = s.seat
        hand = set(s.view["hand"])
        absent = next(t for t in ("1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "9p", "1s", "9s")
                      if _tile(t) not in hand)
        acts = [b for b in self.rec.tx if len(b) > 4 and b"\xa3act" in b[4:]]
        choices = [
            wire.make("act", n=s._next_n(), ack=s.seq, a=[(seat + 1 + rng.randrange(3)) % 4, "pass"]),
            wire.make("act", n=s._next_n(), ack=s.seq, a=[(seat + 1) % 4, "discard", absent]),
            wire.make("act", n=s._next_n(), ack=max(0, s.seq - 5), a=[seat, "pass"]),
            wire.make("act", n=s._next_n(), ack=s.seq, a=[seat, "discard", absent]),
            wire.make("next", n=s._next_n(), ack=s.seq),
        ]
        frames = [wire.pack(rng.choice(choices))]
        if acts:
            frames.append(rng.choice(acts)[4:])  # replay of an old message of ours: old n (sealed anew)
        frames.append(msgpack.packb({"t": "act", "n": s._next_n(), "ack": s.seq, "a": [seat, "discard", 5]}))
        for f in frames:
            s._send_raw(f)
        self.injected += len(frames)


def first_difference(got: list, want: list) -> str:
    """Where a seat's LAN events part from the local match's: the index, the event on each side, and what came
    just before (the failure message names them, so one failed run is enough to see what changed the game)."""
    k = next((j for j, (a, b) in enumerate(zip(got, want, strict=False)) if a != b), min(len(got), len(want)))
    return (f"event {k} (of {len(got)} on the LAN, {len(want)} locally): LAN {got[k:k + 1]}, local {want[k:k + 1]}; "
            f"before it: {got[max(0, k - 4):k]}")


def _tile(name: str) -> int:
    from game.rules.tiles import tile

    return tile(name)


def test_fuzzing_a_running_host(tmp_path):
    vid = "wenshan"  # claims are asked in turn: every honest seat's stream must match exactly
    # no --once: the host must outlive the match, since the fuzzers may still be sending after it ends (on a
    # loaded machine a --once host exits 0.5 s after the last hand, and the liveness check below then fails)
    proc, port = start_host_proc("--variant", vid, "--hands", "2", "--seed", SEED, "--state-dir", str(tmp_path))
    try:
        pid = proc.pid
        seeds = ["h0", "h1", "h2", "h3"]
        recs = [Recorder() for _ in range(4)]
        bcs: list[Any] = [BotClient("127.0.0.1", port, "simple", f"p{i}", seed=seeds[i], seat=i, tap=recs[i],
                                    think=0.01) for i in range(3)]
        bcs.append(InjectingBot("127.0.0.1", port, "simple", "p3", seed=seeds[3], seat=3, rec=recs[3], think=0.01))
        replays: list[bytes] = []
        fuzzers = [Fuzzer(port, k, replays) for k in range(2)]
        # warm up: a first batch, then the memory baseline
        warm = Fuzzer(port, 7, replays)
        for _ in range(40):
            warm.one_connection()
        rss0 = rss_kb(pid)
        threads = [threading.Thread(target=f.run, args=(TARGET_FRAMES // 2,), daemon=True) for f in fuzzers]
        for t in threads:
            t.start()

        def feed_replays():  # the honest clients' own frames, replayed on fuzz connections
            while not fuzzers[0].stop.is_set():
                for r in recs:
                    replays.extend(r.tx[-3:])
                del replays[:-200]
                time.sleep(0.2)

        threading.Thread(target=feed_replays, daemon=True).start()
        results, _ = play_clients(None, seeds, clients=bcs, timeout=300)
        for f in fuzzers:
            f.stop.set()
        for t in threads:
            t.join(330)
        sent = warm.frames + sum(f.frames for f in fuzzers) + bcs[3].injected
        assert proc.poll() is None, "the host died"
        rss1 = rss_kb(pid)
        # the host still answers a newcomer
        from netplay.client import list_tables

        assert list_tables("127.0.0.1", port, timeout=60)
    finally:
        stop_proc(proc)
    m, streams = local_play(vid, {}, SEED, 2, seeds, hand_seeds=seeds_of(bcs[0].session))
    for i, r in enumerate(results):
        got = norm(bcs[i].events)
        s3 = bcs[3].session
        assert got == streams[i], (f"seat {i} saw a different game at {first_difference(got, streams[i])}; seat 3 "
                                   f"was refused {dict(Counter(c for c, _ in s3.refusals))} on {s3.connections} "
                                   f"connection(s), notices {[x for x in s3.notices if x[0] != wire.Code.SAVED][-8:]}")
        assert r["totals"] == m.scores, "the fuzzing changed the game"
        assert bcs[i].session.connections == 1
    for i in range(3):
        assert bcs[i].session.refusals == [], f"honest seat {i} was refused something"
    codes = {c for c, _ in bcs[3].session.refusals}
    assert codes and codes <= {"not_your_seat", "replay", "stale", "illegal", "malformed", "not_now"}, codes
    print(f"fuzz: {sent} frames on {sum(f.conns for f in fuzzers) + warm.conns} connections, "
          f"{bcs[3].injected} injected by seat 3; host RSS {rss0} -> {rss1} kB")
    assert sent >= TARGET_FRAMES, sent
    assert rss1 - rss0 < 8 * 1024, f"host memory grew from {rss0} kB to {rss1} kB"
