"""The wire protocol: framing, the size cap, strict validation of every client message type."""

import msgpack
import pytest

from netplay import protocol as wire


def frame(obj) -> bytes:
    body = msgpack.packb(obj)
    return wire.HEADER.pack(len(body)) + body


def test_round_trip_every_client_message():
    msgs = [
        wire.make("ch", proto=wire.PROTOCOL, e=b"e" * 32, nonce=b"n" * 16, want="ab" * 16),
        wire.make("hello", name="张三", table="1", seat=2, pk=None, proof=b"p" * 32),
        wire.make("hello", name="x", pk=b"k" * 32),
        wire.make("watch", name="w", table="1"),
        wire.make("pw", tag=b"t" * 32),
        wire.make("commit", hand=0, hash=b"h" * 32),
        wire.make("reveal", hand=0, value=b"v" * 32),
        wire.make("list"),
        wire.make("act", n=3, ack=7, a=[1, "discard", "5p"]),
        wire.make("act", n=4, ack=7, a=[1, "chow", "345m"]),
        wire.make("act", n=5, ack=7, a=[1, "pass"]),
        wire.make("next", n=6, ack=8),
        wire.make("sync", n=7),
        wire.make("ping", n=8),
        wire.make("bye"),
    ]
    r = wire.FrameReader()
    data = b"".join(wire.encode(m) for m in msgs)
    got = []
    for i in range(0, len(data), 7):  # split anywhere: frames reassemble
        got += [wire.decode(b, wire.CLIENT) for b in r.feed(data[i:i + 7])]
    assert got == msgs
    assert r.pending == 0


@pytest.mark.parametrize("obj, why", [
    ({"t": "act", "n": 1, "ack": 0}, "missing field"),
    ({"t": "act", "n": 1, "ack": 0, "a": [0, "discard", "5p"], "x": 1}, "unknown field"),
    ({"t": "act", "n": "1", "ack": 0, "a": [0, "pass"]}, "integer"),
    ({"t": "act", "n": True, "ack": 0, "a": [0, "pass"]}, "integer"),
    ({"t": "act", "n": 1, "ack": 0, "a": [0, "steal"]}, "kind"),
    ({"t": "act", "n": 1, "ack": 0, "a": [99, "pass"]}, "seat"),
    ({"t": "act", "n": 1, "ack": 0, "a": [0, "discard", 5]}, "tiles"),
    ({"t": "act", "n": 1, "ack": 0, "a": [0, "discard", "5p" * 20]}, "tiles"),
    ({"t": "act", "n": 1, "ack": 0, "a": "0 pass"}, "seat, kind"),
    ({"t": "hello", "name": "x" * 33}, "printable string"),
    ({"t": "hello", "name": "a\x00b"}, "printable string"),
    ({"t": "ch", "proto": 1.5, "e": b"e" * 32, "nonce": b"n" * 16}, "integer"),
    ({"t": "ch", "proto": 3, "nonce": b"n" * 16}, "missing field 'e'"),
    ({"t": "ch", "proto": 3, "e": b"e" * 31, "nonce": b"n" * 16}, "32..32 bytes"),
    ({"t": "hello", "name": "x", "pk": "a string"}, "bytes"),
    ({"t": "hello", "proto": 2, "name": "x", "dh": "2", "nonce": "0"}, "unknown field"),
    ({"t": "teleport"}, "unknown message type"),
    ({"t": "ping", "n": 2**60}, "integer"),
])
def test_malformed_messages_are_refused(obj, why):
    with pytest.raises(wire.Malformed, match=why):
        wire.decode(msgpack.packb(obj), wire.CLIENT)


@pytest.mark.parametrize("body", [
    b"\xc1",  # never-used byte
    b"\x92\x01",  # truncated array
    b"\x91" * 5000 + b"\x00",  # nested too deep
    msgpack.packb([1, 2, 3]),  # not a map
    msgpack.packb({"n": 1}),  # no type
    msgpack.packb({1: 2}),  # non-string keys
    msgpack.packb({"t": "ping", "n": msgpack.ExtType(5, b"x")}),
    msgpack.packb(msgpack.Timestamp(1)),
    b"\xa2\xff\xfe",  # invalid utf-8
    msgpack.packb({"t": "ping", "n": 1}) + b"\x00",  # trailing bytes
])
def test_garbage_is_garbage(body):
    with pytest.raises(wire.Garbage):
        wire.decode(body, wire.CLIENT)


def test_frame_size_cap():
    r = wire.FrameReader()
    with pytest.raises(wire.Garbage) as e:
        r.feed(wire.HEADER.pack(wire.MAX_FRAME + 1))
    assert e.value.code == "too_big"
    with pytest.raises(wire.Garbage):
        wire.FrameReader().feed(wire.HEADER.pack(0) + b"x")
    with pytest.raises(wire.Garbage):
        wire.FrameReader().feed(b"\xff\xff\xff\xff")
    # exactly at the cap is fine
    big = {"t": "x", "pad": "a" * (wire.MAX_FRAME - 20)}
    body = msgpack.packb(big)
    assert len(body) <= wire.MAX_FRAME
    assert wire.FrameReader().feed(wire.HEADER.pack(len(body)) + body) == [body]
    with pytest.raises(ValueError):
        wire.encode({"t": "x", "pad": "a" * wire.MAX_FRAME})


def test_every_type_is_documented():
    doc = wire.__doc__
    for t, fields in list(wire.CLIENT.items()) + list(wire.HOST.items()):
        assert f"\n  {t} " in doc or f"\n  {t}\n" in doc or f"  {t}  " in doc, t
        for f in fields:
            assert f"{f}:" in doc, (t, f)
    for code in wire.ERRORS:
        assert wire.describe(code)
