"""Issue 38: a LAN table nobody on the network can read, hijack or fool (points 2-5, 10, 11).

Every attacker here works on loopback: a relay between a seat and the host keeps (or
changes) the bytes, raw clients speak the protocol by hand, and a second host poses as
the first.
"""

from __future__ import annotations

import logging
import socket
import subprocess
import sys
import time

import msgpack
import pytest

from game.rules import engine
from netplay import auth, channel, cpace
from netplay import protocol as wire
from netplay.client import BotClient, NetSession
from netplay.host import Host, Limits, TableConfig
from netplay.store import SeatStore
from tests.helpers.net_util import LOOPBACK, ROOT, Raw, Relay, env, play_clients, wait_until

# ---------------------------------------------------------------------------------------------- CPace (point 4)
# draft-irtf-cfrg-cpace, "Test vector for CPace using group X25519 and hash SHA-512"
CI = bytes.fromhex("0b415f696e69746961746f720b425f726573706f6e646572")
SID = bytes.fromhex("7e4b4791d6a8ef019b936c79fb7f2c57")
YA = bytes.fromhex("21b4f4bd9e64ed355c3eb676a28ebedaf6d8f17bdc365995b319097153044080")
YB = bytes.fromhex("848b0779ff415f0af4ea14df9dd1d3c29ac41d836c7808896c4eba19c51ac40a")


def test_cpace_matches_the_drafts_published_vectors():
    gs = cpace.generator_string(cpace.DSI, b"Password", CI, SID)
    assert len(gs) == 170 and gs.hex().startswith("0843506163653235350850617373776f72646d000000")
    assert gs.hex().endswith("180b415f696e69746961746f720b425f726573706f6e646572107e4b4791d6a8ef019b936c79fb7f2c57")
    assert cpace.calculate_generator(b"Password", CI, SID).hex() == \
        "d04bf6d41f6a289632a2e929fa29bebd51092512a7829fdde7d314b62f05a73f"
    a = cpace.Party("Password", CI, SID, True, b"ADa", YA)
    b = cpace.Party("Password", CI, SID, False, b"ADb", YB)
    assert a.msg.hex() == "1d13c89278cdadd826f6d8d7f887701430f8380ddc17611cdd6dc989ce0c9f32"
    assert b.msg.hex() == "248cccf6d5cdc3646f0ad593f9e6cef4e69d4945f8372e623512ecea32185623"
    isk = ("6e19b875f7a561d6b3ca3dbb9ef42ac55de3e717881018204b8922b4d5e53bb2aa82c300bea7b65d2b671da71922ddf6"
           "472301b79bc270adfa8bf413285f2263")
    assert a.finish(b.msg, b"ADb").hex() == isk and b.finish(a.msg, b"ADa").hex() == isk
    assert cpace.prepend_len(bytes(range(128)))[:2] == b"\x80\x01"
    assert cpace.lv_cat(b"1234", b"5", b"", b"678").hex() == "043132333401350003363738"


@pytest.mark.parametrize("u", [
    "0000000000000000000000000000000000000000000000000000000000000000",
    "0100000000000000000000000000000000000000000000000000000000000000",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
    "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
])
def test_cpace_aborts_on_the_drafts_low_order_points(u):
    with pytest.raises(cpace.PakeError):
        cpace.Party("pw", CI, SID, True).finish(bytes.fromhex(u))


def test_cpace_non_canonical_points_as_the_draft_gives():
    s = bytes.fromhex("af46e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449aff")
    got = cpace.scalar_mult_vfy(s, bytes.fromhex("daffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"))
    assert got.hex() == "d8e2c776bbacd510d09fd9278b7edcd25fc5ae9adfba3b6e040e8d3b71b21806"


def test_a_wrong_password_gives_another_key():
    a = cpace.Party("right", CI, SID, True)
    b = cpace.Party("wrong", CI, SID, False)
    assert a.finish(b.msg) != b.finish(a.msg)


# ---------------------------------------------------------------------------------------------- channel (point 2)

def _pair():
    h, c = channel.Ephemeral(), channel.Ephemeral()
    th = channel.transcript(b"hi", b"ch")
    kh, kc = channel.Keys(h.shared(c.public), th), channel.Keys(c.shared(h.public), th)
    return kh.host_ciphers(), kc.client_ciphers()


def test_sealed_frames_open_once_in_order_and_are_padded():
    (seal, _), (_, opener) = _pair()
    recs = [seal.seal(wire.pack({"t": "pong", "n": i}))[4:] for i in range(3)]
    assert {len(r) for r in recs} == {channel.BUCKETS[0] + channel.TAG}
    assert wire.unpack(opener.open(recs[0])) == {"t": "pong", "n": 0}
    with pytest.raises(channel.ChannelError):
        opener.open(recs[0])  # replayed
    (seal, _), (_, opener) = _pair()
    recs = [seal.seal(b"x" * 10) for _ in range(2)]
    with pytest.raises(channel.ChannelError):
        opener.open(recs[1][4:])  # reordered
    (seal, _), (_, opener) = _pair()
    r = bytearray(seal.seal(b"abc")[4:])
    r[7] ^= 1
    with pytest.raises(channel.ChannelError):
        opener.open(bytes(r))  # altered


def test_a_claim_prompt_and_a_plain_state_seal_to_the_same_size():
    small = wire.pack({"t": "state", "view": {"legal": []}, "events": [1] * 900})
    big = wire.pack({"t": "state", "view": {"legal": [[0, "pung"], [0, "pass"]] * 40}, "events": [1] * 900})
    (seal, _), _ = _pair()
    f = channel.STATE_FLOOR
    assert len(seal.seal(small, f)) == len(seal.seal(big, f)) == 4 + channel.BUCKETS[1] + channel.TAG


def test_the_host_signature_binds_the_transcript():
    key = channel.HostKey()
    th = channel.transcript(b"hi", b"ch")
    sig = key.sign_transcript(th)
    assert channel.verify_host(key.public, sig, th) == key.host_id
    with pytest.raises(channel.ChannelError):
        channel.verify_host(key.public, sig, channel.transcript(b"hi", b"ch with another want"))
    assert channel.HostKey.from_hex(key.secret_hex).host_id == key.host_id
    assert len(channel.short(key.host_id)) == 9


# ---------------------------------------------------------------------------------------------- the capture test

def test_a_whole_hand_captured_between_host_and_seat_shows_nothing_in_the_clear():
    """Point 2: a relay on loopback keeps every byte between the host and seat 0 for a whole hand: no message key,
    no tile list and no name is readable."""
    names = ["Alice-Zhang", "Bob-Li", "Chen-Wei", "Dong-Mei"]
    h = Host(tables=[TableConfig(table_id="t", name="Lantern-Table", hands=1, seed=21, next_s=None)],
             name="Harbour-Host", interfaces=LOOPBACK, advertise=False).start()
    relay = Relay(h.address)
    try:
        bcs = [BotClient(*(relay.address if i == 0 else h.address), "simple", names[i], seed=str(i), seat=i,
                         table_id="t") for i in range(4)]
        play_clients(h, [], clients=bcs, timeout=120)
        record = h.finished[-1]["record"]
    finally:
        relay.close()
        h.stop()
    wire_bytes = bytes(relay.c2h) + bytes(relay.h2c)
    assert len(relay.h2c) > 20_000  # a whole hand went through the relay
    hand0 = bcs[0].events[0]["tiles"]
    clear = [k.encode() for k in ("legal", "view", "events", "hand_no", "concealed", "discards", "welcome",
                                  "state", "seats", "totals", "table_name", "variant")]
    clear += [n.encode() for n in names + ["Lantern-Table", "Harbour-Host"]]
    clear += [msgpack.packb(hand0), msgpack.packb(sorted(hand0))]
    for s in clear:
        assert s not in wire_bytes, f"{s!r} readable on the wire"
    print(f"\n  capture: {len(relay.c2h)} bytes seat->host, {len(relay.h2c)} bytes host->seat, a whole hand; none of "
          f"{len(clear)} keys, names and tile lists found in the clear")
    # what is in the clear: the version banner, then two fresh key-agreement values
    assert b"LAN protocol 3" in relay.h2c[:400]
    assert record["hands_played"]


# ---------------------------------------------------------------------------------------------- tampering

def waits_on(table, seat: int) -> bool:
    """The table stands still for ``seat``: its decision is next and no host bot thinks or is due to, or the match
    is no longer being played."""
    if table.phase != "playing":
        return True
    st = table.st
    return table._thinking is None and table._pump_handle is None and seat in engine.acting_seats(st) \
        and bool(engine.legal_actions(st, seat))


@pytest.mark.parametrize("how", ["alter", "replay", "reorder", "truncate"])
def test_a_tampered_frame_closes_the_connection_and_changes_nothing(how, caplog):
    """Point 2: a replayed, reordered, truncated or altered client frame closes that connection with one log line;
    the table is as it was (the seat is held for its player)."""
    h = Host(tables=[TableConfig(table_id="t", hands=1, seed=4, bots={1: "simple", 2: "simple", 3: "simple"},
                                 next_s=None, on_drop="wait")], interfaces=LOOPBACK, advertise=False).start()
    relay = Relay(h.address, tamper=how, at=4)
    table = h.tables["t"]
    try:
        with caplog.at_level(logging.INFO, logger="netplay.host"):
            ses = NetSession(*relay.address, "victim", table_id="t", seat=0, reconnect_s=0.5)
            wait_until(lambda: ses.status == "seated", 120, "seated")
            while not relay.tampered.is_set():
                ses.wait(0.2)
                ses.poll()
                if ses.view and ses.view["legal"] and not ses.hand_over:
                    ses.send(ses.view["legal"][0])
                    time.sleep(0.05)
            wait_until(lambda: h.call(lambda: table.slots[0].peer) is None, 120, "the host to close the connection")
            # the bots play on until the rules wait on the held seat (or the hand ends): from then on nothing moves
            wait_until(lambda: h.call(lambda: waits_on(table, 0)), 120, "the table to wait on the held seat")
            snap = h.call(lambda: (len(table.state.log), table.state.version))
        lines = [r.getMessage() for r in caplog.records if "victim" not in r.getMessage()
                 and ("does not open" in r.getMessage() or "inside a frame" in r.getMessage())]
        assert len(lines) == 1, [r.getMessage() for r in caplog.records]
        time.sleep(0.3)  # an observation window, not a wait for an event: nothing may move while the seat is held
        assert h.call(lambda: (len(table.state.log), table.state.version)) == snap  # the table waits for its player
        assert h.call(lambda: bool(table.slots[0].token))  # the seat is held, not lost
    finally:
        ses.close()
        relay.close()
        h.stop()


# ---------------------------------------------------------------------------------------------- identity (point 3)

def test_a_host_that_only_copies_the_advertised_id_fails_the_handshake():
    """Point 3: a rogue advertising another host's id (a copied TXT record) cannot prove it: the client refuses."""
    real = Host(tables=[TableConfig(table_id="1", hands=1)], interfaces=LOOPBACK, advertise=False).start()
    rogue = Host(tables=[TableConfig(table_id="1", hands=1)], interfaces=LOOPBACK, advertise=False).start()
    try:
        ses = NetSession(*rogue.address, "p", table_id="1", expect=real.host_id, reconnect_s=0)
        wait_until(lambda: ses.status in ("refused", "closed"), 120, "a refusal")
        assert ses.status == "refused" and ses.error_code == "host_key"
        assert channel.short(real.host_id) in ses.error and channel.short(rogue.host_id) in ses.error
        assert rogue.call(lambda: rogue.tables["1"].slots[0].token) is None  # it learned nothing to sit with
    finally:
        ses.close()
        real.stop()
        rogue.stop()


def test_a_changed_key_is_refused_with_both_fingerprints_and_can_be_accepted(tmp_path):
    """Point 3: the key is pinned on first join; the same name with another key is refused (CLI message naming both
    short fingerprints and how to accept); --accept-new-key takes it."""
    name = "Pinned-Host"
    h1 = Host(tables=[TableConfig(table_id="1", hands=1)], name=name, interfaces=LOOPBACK, advertise=False).start()
    seats = SeatStore(tmp_path / "seats.json")
    try:
        s = NetSession(*h1.address, "p", table_id="1", seats=seats)
        wait_until(lambda: s.status == "seated", 120, "seated")
        s.close()
        assert seats.pinned(name) == h1.host_id
    finally:
        h1.stop()
    h2 = Host(tables=[TableConfig(table_id="1", hands=1, bots={1: "simple", 2: "simple", 3: "simple"},
                                  next_s=None)], name=name, interfaces=LOOPBACK, advertise=False).start()
    try:
        e = dict(env(), XDG_STATE_HOME=str(tmp_path / "state"), YUNGUI_HOME=str(tmp_path / "home"))
        addr = "{}:{}".format(*h2.address)
        base = [sys.executable, "-m", "game", "join", "--addr", addr, "--bot", "simple",
                "--name", "p", "--timeout", "120"]
        r = subprocess.run(base, cwd=ROOT, env=e, capture_output=True, text=True, timeout=600)
        assert r.returncode == 0  # a machine that never met the host trusts it on first use
        pinned_file = next((tmp_path / "home").rglob("seats.json"), None) or next(tmp_path.rglob("seats.json"))
        store = SeatStore(pinned_file)
        store.pin(name, h1.host_id)  # as if this machine had met the old host
        r = subprocess.run(base, cwd=ROOT, env=e, capture_output=True, text=True, timeout=600)
        assert r.returncode == 1
        line = r.stderr.strip().splitlines()[-1]
        assert channel.short(h1.host_id) in line and channel.short(h2.host_id) in line and "--accept-new-key" in line
        print(f"\n  CLI: {line}")
        r = subprocess.run(base + ["--accept-new-key"], cwd=ROOT, env=e, capture_output=True, text=True, timeout=600)
        assert r.returncode == 0, r.stderr
        assert SeatStore(pinned_file).pinned(name) == h2.host_id
    finally:
        h2.stop()


def test_a_damaged_host_meta_keeps_the_key_id_and_port(tmp_path):
    """Point 3: host.meta damaged: the backup gives the key, id and port back; with the backup gone too, a
    journal does; with neither, the file is set aside with one clear line and a new key is made."""
    h = Host(tables=[TableConfig(table_id="1", hands=1)], interfaces=LOOPBACK, advertise=False,
             state_dir=tmp_path).start()
    hid, port = h.host_id, h.port
    h.stop()
    meta = tmp_path / "host.meta"
    meta.write_bytes(meta.read_bytes()[:-9] + b"garbage!\n")
    h = Host(interfaces=LOOPBACK, advertise=False, state_dir=tmp_path, resume=True).start()
    assert (h.host_id, h.port) == (hid, port) and any("host.meta.bak" in d for d in h.damaged)
    h.stop()
    for p in (meta, tmp_path / "host.meta.bak"):
        p.write_bytes(b"00000000 {broken\n")
    h = Host(interfaces=LOOPBACK, advertise=False, state_dir=tmp_path, resume=True)
    assert h.host_id == hid and any("table-1.journal" in d for d in h.damaged), h.damaged
    h.store.save_meta(h.meta())
    for p in [meta, tmp_path / "host.meta.bak", *tmp_path.glob("table-*")]:
        p.write_bytes(b"00000000 {broken\n")
    h2 = Host(tables=[TableConfig(table_id="2", hands=1)], interfaces=LOOPBACK, advertise=False, state_dir=tmp_path)
    assert h2.host_id != hid
    line = next(d for d in h2.damaged if "host.meta" in d)
    assert "new key" in line and "kept as host.meta.damaged-" in line
    assert len(list(tmp_path.glob("host.meta.damaged-*"))) == 3  # set aside within a second or two: all kept


# ---------------------------------------------------------------------------------------------- passwords (point 4)

def test_password_guesses_are_throttled_per_table_whatever_the_address():
    """Point 4: wrong guesses from ever new addresses still slow the table down (the per-table throttle), and no
    churn of addresses empties it."""
    h = Host(tables=[TableConfig(table_id="t", hands=1)], interfaces=LOOPBACK, advertise=False, password="pw",
             limits=Limits(pw_table_free=5)).start()
    # the throttles' clock stands still: the first wait is 1 s, and a busy machine may take longer than that for
    # the handshakes below; the test is about what is counted, not about how fast the guesses come
    h.call(lambda: [setattr(t, "clock", lambda: 1000.0) for t in (h.pw_by_addr, h.pw_by_table)])
    try:
        codes = []
        for i in range(12):
            raw = Raw(h.address, source=f"127.0.{3 + i // 200}.{1 + i % 200}")
            raw.hello("guess", table="t", password=f"guess{i}")
            codes.append(raw.next("error")["code"])
            raw.close()
        assert codes[:5] == ["password"] * 5 and set(codes[6:]) == {"slow_down"}, codes
        h.call(lambda: [h.pw_by_addr.failed(f"10.0.{k // 250}.{k % 250}") for k in range(5000)])  # address churn
        raw = Raw(h.address, source="127.0.9.9")
        raw.hello("guess", table="t", password="guess-after-churn")
        assert raw.next("error")["code"] == "slow_down"
        raw.close()
    finally:
        h.stop()


def test_a_rogue_host_sees_nothing_it_could_test_a_password_against():
    """Point 4: a client that joins a rogue host (its own key, no password) sends no password proof at all, and a
    rogue that runs CPace gets one guess per run: the client's confirmation matches only the right password."""
    sid = b"s" * 32
    client = cpace.Party("correct horse", b"ci", sid, True)
    rogue = cpace.Party("guess1", b"ci", sid, False)
    tag = cpace.confirm(client.finish(rogue.msg), b"client")
    # the rogue knows its own scalar; for any other guess it would need the discrete log of its value
    assert tag != cpace.confirm(rogue.finish(client.msg), b"client")
    for guess in ("guess2", "correct horse"):
        other = cpace.Party(guess, b"ci", sid, False, scalar=rogue.y)
        assert other.msg != rogue.msg  # the value it sent fixed its one guess


# ---------------------------------------------------------------------------------------------- reclaim (point 5)

def test_a_relay_cannot_use_a_seat_proof_from_another_channel():
    """Point 5: the reclaim proof binds the channel's keys: a man in the middle that forwards it on its own
    connection to the host gets bad_token; on the victim's own channel it works."""
    h = Host(tables=[TableConfig(table_id="t", hands=1, seed=2)], interfaces=LOOPBACK, advertise=False).start()
    try:
        victim = Raw(h.address)
        victim.hello("victim", table="t", seat=0)
        assert victim.next("welcome")["seat"] == 0
        token = auth.seat_token(victim.keys, "t", 0)
        victim.close()
        wait_until(lambda: h.call(lambda: h.tables["t"].slots[0].peer) is None, 10, "the seat held")
        back = Raw(h.address)  # the victim's next connection; the relay holds one to the host of its own
        mitm = Raw(h.address, source="127.0.0.7")
        proof = auth.token_proof(token, back.keys)  # made for the victim's channel, forwarded by the relay
        mitm.send({"t": "hello", "name": "mitm", "table": "t", "seat": 0, "proof": proof})
        assert mitm.recv("error")["code"] == "bad_token"
        back.send({"t": "hello", "name": "victim", "table": "t", "seat": 0, "proof": proof})
        assert back.recv("welcome")["seat"] == 0
        back.close()
        mitm.close()
    finally:
        h.stop()


# ---------------------------------------------------------------------------------------------- version (point 11)

def test_a_0_1_0_client_is_refused_with_the_version_to_install():
    """Point 11 (and issue 44): a protocol 1 client (0.1.0) sends its hello at once and reads the host's first
    frame; it is a version refusal whose text names the version to install, in both languages."""
    h = Host(tables=[TableConfig(table_id="1", hands=1)], interfaces=LOOPBACK, advertise=False).start()
    try:
        s = socket.create_connection(h.address, timeout=60)
        body = msgpack.packb({"t": "hello", "proto": 1, "name": "old", "table": None, "password": None,
                              "token": None, "seat": None})
        s.sendall(wire.HEADER.pack(len(body)) + body)
        reader = wire.FrameReader()
        frames = []
        while len(frames) < 1:
            frames += reader.feed(s.recv(65536))
        first = msgpack.unpackb(frames[0])
        s.close()
    finally:
        h.stop()
    # 0.1.0's client: an "error" whose code is "version" ends the join and shows msg
    assert first["t"] == "error" and first["code"] == "version"
    assert wire.FIRST_VERSION in first["msg"] and "请安装" in first["msg"] and "install" in first["msg"]


def test_a_newer_host_is_refused_with_its_text():
    """A client meeting a banner of a later protocol refuses with a clear message, never retries."""
    srv = socket.create_server(("127.0.0.1", 0))
    port = srv.getsockname()[1]

    import threading

    read = threading.Event()

    def serve():
        c, _ = srv.accept()
        b = wire.pack({"t": "error", "code": "version", "ref": None, "proto": 4, "msg": "install 0.3.0"})
        c.sendall(wire.HEADER.pack(len(b)) + b)
        read.wait(120)  # the connection stays open until the client has read the banner (not a fixed time)
        c.close()

    threading.Thread(target=serve, daemon=True).start()
    ses = NetSession("127.0.0.1", port, "p")
    try:
        wait_until(lambda: ses.status == "refused", 120, "refused")
        assert ses.error_code == "version" and "0.3.0" in ses.error
    finally:
        read.set()
        ses.close()
        srv.close()
