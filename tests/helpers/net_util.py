"""Helpers for the LAN tests: loopback-only hosts, bot clients in threads, local reference matches."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import msgpack
import pytest

os.environ["YUNGUI_NET_LOOPBACK_ONLY"] = "1"  # discovery and hosts refuse anything but loopback

from game.rules import engine
from game.rules.actions import from_json
from game.rules.match import Match
from game.rules.variants import get as get_variant
from game.rules.variants import ids
from game.rules.view import events_for
from netplay import protocol as wire
from netplay.client import BotClient
from netplay.seatbot import DecisionBot
from netplay.table import view  # the seat's view as the wire carries it (its result's lines worded)

ROOT = Path(__file__).resolve().parents[2]
SEEDS4 = ["r0", "r1", "r2", "r3"]
LOOPBACK = ["127.0.0.1"]
ALIASES = {"kunming"}  # kunming plays wenshan's rules under another name


def variants() -> list[str]:
    """Every registered variant (new ones join the tests as soon as they register)."""
    return [v for v in ids() if v not in ALIASES]


def norm(obj):
    """What a value looks like after a trip through msgpack (tuples become lists)."""
    return msgpack.unpackb(msgpack.packb(obj, default=wire._plain), raw=False, strict_map_key=False)


def wire_view(v: dict) -> dict:
    """A view as a peer receives it (legal in wire form, msgpack types)."""
    v = dict(v)
    v["legal"] = [a.to_json() for a in v["legal"]]
    return norm(v)


def peer_view(v: dict) -> dict:
    """A view as NetSession hands it to the UI (legal as Actions again)."""
    w = wire_view(v)
    w["legal"] = [from_json(a) for a in w["legal"]]
    return w


def same_game(events: list) -> list:
    """A seat's events without the receipts of its own claim answers.

    With simultaneous claims a seat whose answer can no longer change the outcome (a
    chow while another seat pungs) may be overtaken: over the network the window then
    closes before its answer arrives (the answer is refused as stale), in a local game
    it answered first. Everything else a seat sees is the same however answers race."""
    return [e for e in norm(events) if e.get("type") != "answered"]


def local_play(variant_id: str, options: dict, seed, hands: int, bot_seeds: list, level: str = "simple",
               hand_seeds: list | None = None):
    """The same match played in-process with the same deterministic bots: (Match, per-seat event streams).
    ``hand_seeds``: each hand's seed as the LAN table's shuffle fixed it (``seeds_of``)."""
    v = get_variant(variant_id)
    m = Match(v, options, seed, hands)
    bots = [DecisionBot(level, s) for s in bot_seeds]
    streams = [[] for _ in range(m.n)]

    def push(ev):
        for i in range(m.n):
            streams[i].extend(events_for(ev, i))

    for k in range(hands):
        st, ev = m.start_hand(hand_seeds[k] if hand_seeds else None)
        push(ev)
        while st.end is None:
            for seat in engine.acting_seats(st):
                if engine.legal_actions(st, seat):
                    _, ev = engine.apply(st, bots[seat].act(peer_view(view(st, seat))))
                    push(ev)
                    break
        m.finish_hand()
    return m, [norm(s) for s in streams]


def seeds_of(source) -> list:
    """Each hand's seed from a match record (``hands_played[].seed``) or a client (``NetSession``) that checked the
    host's shuffle: what ``local_play`` needs to deal the same hands."""
    if isinstance(source, dict):
        return [hp.get("seed") for hp in source["hands_played"]]
    seeds = source.shuffle.seeds
    return [seeds.get(k) for k in range(max(seeds) + 1)] if seeds else []


def states_at(variant_id: str, record: dict, hand: int, step: int, seat: int) -> list:
    """The host's states in hand ``hand`` at which ``seat`` had seen ``step`` actions (``visible_step``: the other
    seats' passes are not counted, so several states share a step), rebuilt from its match log."""
    from game.rules.view import visible_step

    m = Match(get_variant(variant_id), record["options"], record["seed"], record["hands"])
    out = []
    for h, rec in enumerate(record["hands_played"]):
        st, _ = m.start_hand(rec.get("seed"))
        for item in rec["actions"]:
            if h == hand and visible_step(st, seat) == step:
                out.append(st.copy())
            engine.apply(st, from_json(item))
        if h == hand and visible_step(st, seat) == step:
            out.append(st.copy())
        m.finish_hand()
    if not out:
        raise ValueError(f"no hand {hand} step {step} in the log")
    return out


class _NoHost:
    """Enough of a host for a Table that is only read back from its journal."""

    store = None
    loop = None
    name = "reader"
    host_id = "000000"


def saved_table(state_dir, table_id: str = "1") -> dict | None:
    """A host's table as its journal in ``state_dir`` has it now (the base record it would compact to)."""
    old = Path(state_dir) / f"table-{table_id}.json"
    if old.exists():  # the whole-file format of protocol 1 hosts (so these tests can be run against them)
        try:
            return json.loads(old.read_text(encoding="utf-8"))
        except ValueError:
            return None
    try:
        from netplay.store import Damaged, Store
        from netplay.table import Table, restore_config
    except ImportError:  # a protocol 1 host that has not written its file yet
        return None
    try:
        recs, _size = Store(state_dir).load(f"table-{table_id}")
    except (Damaged, FileNotFoundError):
        return None
    return Table(restore_config(recs), _NoHost(), (recs, None)).snapshot()


def final_record(state_dir, table_id: str = "1") -> dict:
    """The match log a host left in its state directory (archived once everyone left)."""
    done = sorted((Path(state_dir) / "done").glob(f"table-{table_id}-*.json"))
    if done:
        d = json.loads(done[-1].read_text(encoding="utf-8"))
        return d.get("match", d)  # protocol 1 hosts kept {"match": ...}; now the match record itself
    return saved_table(state_dir, table_id)["match"]


def wait_until(pred, timeout: float = 120.0, what: str = "condition"):
    """Poll ``pred`` until it returns something true (returned) or ``timeout`` seconds pass (AssertionError)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = pred()
        if got:
            return got
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def bot_clients(addr: str, port: int, seeds: list, swap: dict | None = None, **kw) -> list:
    """One simple bot client per seed (seat i plays ``seeds[i]`` as ``p<i>``), not started; ``swap`` maps a seat to
    ``(client class, its extra keywords)`` for a client that misbehaves there; ``kw`` goes to every client."""
    out = []
    for i, sd in enumerate(seeds):
        cls, extra = (swap or {}).get(i, (BotClient, {}))
        out.append(cls(addr, port, "simple", f"p{i}", seed=sd, seat=i, **kw, **extra))
    return out


def start_clients(bcs: list, timeout: float, *, first: int = 0, out: dict | None = None):
    """Start ``bc.run(timeout)`` of each client in a daemon thread: (out, threads); ``out[first + k]`` gets the
    result of ``bcs[k]`` or the exception it raised (for the test to report)."""
    out = {} if out is None else out

    def run(i, bc):
        try:
            out[i] = bc.run(timeout=timeout)
        except BaseException as e:  # noqa: BLE001 - reported by the caller
            out[i] = e

    ths = [threading.Thread(target=run, args=(first + k, bc), daemon=True) for k, bc in enumerate(bcs)]
    for t in ths:
        t.start()
    return out, ths


def seat_actions(h, seat: int, table: str = "t") -> int:
    """Actions the host has applied for ``seat`` at ``table`` so far: its finished hands and the hand under way."""
    t = h.tables[table]

    def count() -> int:
        done = sum(1 for hp in (t.match.records if t.match else []) for a in hp["actions"] if a[0] == seat)
        live = t.state if t.state is not None and t.state.end is None else None  # a finished hand is in records
        return done + (sum(1 for a in live.log if a.seat == seat) if live is not None else 0)

    return h.call(count)


def play_clients(host, seeds: list, *, table_id=None, level="simple", timeout=300, taps=None, clients=None,
                 seats=True):
    """Run one BotClient per seed (seat i gets seeds[i]) in threads until the match is over."""
    addr, port = host.address if host is not None else (None, None)
    bcs = clients or [BotClient(addr, port, level, f"p{i}", seed=s, table_id=table_id, seat=i if seats else None,
                                tap=(taps[i] if taps else None)) for i, s in enumerate(seeds)]
    results, ths = start_clients(bcs, timeout)
    for t in ths:
        t.join(timeout + 10)
    for i, r in results.items():
        if isinstance(r, BaseException):
            raise AssertionError(f"client {i} failed: {r!r}") from r
    assert len(results) == len(bcs), "a client did not finish"
    return [results[i] for i in range(len(bcs))], bcs


class Raw:
    """A hand-driven client over the real channel (``netplay.client.Channel``): ``hello`` with a password run or a
    seat proof, then ``send``/``recv`` any message, well formed or not."""

    def __init__(self, addr, source: str | None = None, timeout: float = 5.0, expect: str | None = None,
                 proto: int | None = None):
        from netplay.client import Channel

        self.ch = Channel(addr[0], addr[1], timeout, source, expect, proto)
        self.keys = self.ch.keys

    def send(self, msg: dict) -> None:
        self.ch.send(msg)

    def send_body(self, body: bytes) -> None:
        """Seal arbitrary bytes (a message that is not msgpack, or not a map)."""
        self.ch.sock.sendall(self.ch.seal.seal(body))

    def recv(self, t: str | None = None) -> dict | None:
        """The next message (of type ``t``, skipping others); None when the host closed the connection.

        A skipped ``shuffle`` request is answered as a client would: otherwise the host waits its
        shuffle timeout for this seat, as long as this socket's, and the test races it."""
        while True:
            m = self.ch.recv()
            if m is None or t is None or m["t"] == t:
                if m is not None and m["t"] == "welcome":
                    self.seat = m.get("seat")
                return m
            if m["t"] == "welcome":
                self.seat = m.get("seat")
            elif m["t"] == "shuffle":
                self._answer_shuffle(m)

    def _answer_shuffle(self, m: dict) -> None:
        from netplay.shuffle import Check

        seat = getattr(self, "seat", None)
        if seat is None:
            return
        self._shuffle = getattr(self, "_shuffle", None) or Check()
        if m.get("step") == "commit" and m.get("commit") is not None:
            self.send({"t": "commit", "hand": m["hand"], "hash": self._shuffle.on_commit(m["hand"], m["commit"])})
        elif m.get("step") == "reveal" and isinstance(m.get("commits"), list):
            v = self._shuffle.on_reveal(m["hand"], seat, m["commits"])
            if v is not None:
                self.send({"t": "reveal", "hand": m["hand"], "value": v})

    def hello(self, name: str = "raw", *, table=None, seat=None, password=None, token=None, host_id=None,
              kind: str = "hello") -> None:
        """Take a seat (or watch): a password run when ``password`` is given, a seat proof for ``token``."""
        from netplay import auth, cpace

        msg = {"t": kind, "name": name}
        for k, v in (("table", table), ("seat", seat)):
            if v is not None:
                msg[k] = v
        party = None
        if password is not None:
            hid = host_id or self.ch.ident["host_id"]
            ci = b"yunguimj/3 password\0" + hid.encode()
            party = cpace.Party(password, ci, self.keys.th, initiator=True)
            msg["pk"] = party.msg
        if token is not None:
            msg["proof"] = auth.token_proof(token, self.keys)
        self.send(msg)
        if party is not None:
            m = self.recv()
            if m is None or m["t"] != "pake":
                self.pending = m  # a refusal (slow down, no such table): the test reads it
                return
            self.send({"t": "pw", "tag": cpace.confirm(party.finish(m["pk"]), b"client")})
        self.pending = None

    def next(self, t: str | None = None) -> dict | None:
        """The message a ``hello`` left unread, else the next one."""
        m, self.pending = getattr(self, "pending", None), None
        if m is not None and (t is None or m["t"] == t):
            return m
        return self.recv(t)

    def close(self) -> None:
        self.ch.close()


def seat_token(raw: Raw, table: str, seat: int) -> str:
    """The token of the seat ``raw`` took (derived from its channel, as host and client do)."""
    from netplay import auth

    return auth.seat_token(raw.keys, table, seat)


def decode_stream(data: bytes) -> list[dict]:
    """Every frame in a recorded byte stream, strictly decoded."""
    r = wire.FrameReader()
    return [wire.decode(b, wire.HOST) for b in r.feed(data)]


class Recorder:
    """A NetSession tap keeping the raw bytes of both directions."""

    def __init__(self):
        self.rx = bytearray()
        self.tx: list[bytes] = []
        self.lock = threading.Lock()

    def __call__(self, direction: str, data: bytes) -> None:
        with self.lock:
            if direction == "in":
                self.rx += data
            else:
                self.tx.append(bytes(data))


def _loopback_range() -> bool:
    """Whether the machine answers on more of 127.0.0.0/8 than 127.0.0.1 (Linux and Windows do)."""
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            s.bind(("127.0.0.2", 0))
    except OSError:
        return False
    return True


#: for tests that play several machines from several loopback addresses (per-address limits)
LOOPBACK_RANGE = pytest.mark.skipif(
    not _loopback_range(),
    reason="needs 127.0.0.2 and up: macOS answers on 127.0.0.1 only until more are aliased "
           "(sudo ifconfig lo0 alias 127.0.0.2 up, as CI does)")


def env() -> dict:
    e = dict(os.environ)
    e["YUNGUI_NET_LOOPBACK_ONLY"] = "1"
    e["PYTHONPATH"] = str(ROOT) + os.pathsep + e.get("PYTHONPATH", "")
    return e  # YUNGUI_HOME: the test's own scratch folder (conftest's yungui_home), never the developer's


def start_host_proc(*args, timeout: float = 20.0, log=None, launcher: tuple[str, ...] = ("-m", "game"),
                    extra_env: dict[str, str] | None = None):
    """``python -m game host --headless ...`` in a subprocess; returns (Popen, port) once it listens.

    Its log goes to ``log`` (a path) or is discarded: an unread pipe would stall a chatty host. ``launcher``
    replaces ``-m game`` (``-m tests.disk_fault writer``: the same program with a disk that can fill up)."""
    err = open(log, "ab") if log else subprocess.DEVNULL  # noqa: SIM115 - the child holds it; closed below
    if "--claim-window" not in args:
        args = (*args, "--claim-window", "0.005")  # as the in-process tables of the tests (conftest)
    p = subprocess.Popen([sys.executable, *launcher, "host", "--headless", "--interfaces", "127.0.0.1", *args],
                         cwd=ROOT, env=dict(env(), **(extra_env or {})), stdout=subprocess.PIPE, stderr=err,
                         encoding="utf-8")
    if log:
        err.close()
    end = time.monotonic() + timeout
    line = ""
    while time.monotonic() < end:
        line = p.stdout.readline()
        m = re.search(r"listening on ([\d.]+):(\d+)", line)
        if m:
            return p, int(m.group(2))
        if p.poll() is not None:
            break
    p.kill()
    tail = Path(log).read_text(errors="replace")[-2000:] if log else ""
    raise AssertionError(f"host did not start: {line!r} {tail}")


def stop_proc(p, timeout: float = 5.0) -> None:
    if p.poll() is None:
        p.terminate()
        try:
            p.wait(timeout)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait(timeout)
    for f in (p.stdout, p.stderr):
        if f:
            f.close()


def stop_procs(*procs) -> None:
    """``stop_proc`` each host process that was started (None: one that was not)."""
    for p in procs:
        if p is not None:
            stop_proc(p)


def resumed_to_end(threads, proc2) -> None:
    """The clients play the resumed match to its end, then the ``--once`` host that resumed it exits cleanly."""
    for t in threads:
        t.join(330)
    assert proc2.wait(300) == 0


# ---- one 捉鸡麻将 deal in which a seat may or may not claim (issue 16, point 3; issue 17) ----------------------
# Dealer 0 discards 9p. In CAN seat 2 holds 9p9p and may pung (it passes); in CANNOT it holds 9s9s instead and
# nobody may claim. Seats 0, 1 and 3 hold the same tiles in both, and the wall is the same.
CAN = [17, 17, 0, 1, 2, 12, 13, 14, 19, 20, 21, 6, 8]
CANNOT = [26, 26] + CAN[2:]
_HANDS = [[0, 1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 23, 24, 17],
          [0, 1, 2, 3, 4, 5, 9, 10, 11, 18, 19, 21, 22],
          None,
          [3, 4, 5, 15, 16, 22, 23, 24, 25, 9, 9, 13, 14]]


def claim_deal(seat2: list[int]):
    """(hands, wall) of the deal with ``seat2`` (CAN or CANNOT) as seat 2's hand."""
    v = get_variant("zhuoji")
    hands = [h if h is not None else seat2 for h in _HANDS]
    rest = list(v.tile_set(v.resolve_options({})))
    for h in hands:
        for t in h:
            rest.remove(t)
    differing = [t for t in rest if t in (17, 26)]
    common = sorted(t for t in rest if t not in (17, 26))
    random.Random(5).shuffle(common)
    return hands, common + sorted(differing)  # the tiles that differ lie at the back, never drawn here


class Passer:
    """Never claims; discards 9p first, then its lowest tile: the same choices in both deals."""

    def act(self, v):
        legal = v["legal"]
        passes = [a for a in legal if a.kind == "pass"]
        if passes:
            return passes[0]
        discards = sorted((a for a in legal if a.kind == "discard"), key=lambda a: (a.tile != 17, a.tile))
        return discards[0] if discards else legal[0]


def claim_deal_host(monkeypatch, seat2: list[int], claim_s: float | None = None):
    """A started loopback host of table "t": one hand of 捉鸡麻将 dealt by ``claim_deal(seat2)`` (``claim_s``: its
    claim window, else the tests' default)."""
    import netplay.table
    from netplay.host import Host, TableConfig

    hands, wall = claim_deal(seat2)

    class Scenario(Match):
        def start_hand(self, seed=None):
            self.hand_seed = seed
            st, events = engine.new_hand(self.variant, self.options, seed=self.seed, dealer=0, hand_no=self.hand_no,
                                    dealer_streak=self.streak, scores=self.scores, hands=hands, wall=wall)
            self.state = st
            return st, events

    monkeypatch.setattr(netplay.table, "Match", Scenario)
    return Host(tables=[TableConfig(table_id="t", variant="zhuoji", hands=1, seed=3, next_s=None, claim_s=claim_s)],
                interfaces=LOOPBACK, advertise=False).start()


def play_passers(h, taps=None) -> list:
    """Four ``Passer`` clients play the host's hand; the actions of the hand played."""
    bcs = [BotClient(*h.address, "simple", f"p{i}", seat=i, tap=(taps[i] if taps else None)) for i in range(4)]
    for bc in bcs:
        bc.bot = Passer()
    play_clients(h, [], clients=bcs, timeout=60)
    return h.finished[-1]["record"]["hands_played"][0]["actions"]


def until_seat2_discards(frames: list[dict]) -> list[dict]:
    """The state frames (what a seat or watcher can compare) before seat 2's first discard."""
    out = []
    for f in frames:
        if f["t"] != "state":
            continue
        if any(e["type"] == "discard" and e["seat"] == 2 for e in f["events"]):
            return out  # (seat 2 holds other tiles in the two deals: from here on its choices may differ)
        out.append({k: f[k] for k in ("seq", "step", "view", "events", "totals", "hand_over")})
    raise AssertionError("seat 2 never discarded")


class Relay:
    """A TCP relay on loopback between clients and a host: it keeps every byte both ways (``c2h``, ``h2c``) and can
    tamper with one client frame (``tamper``: "alter", "replay", "reorder" or "truncate" the ``at``-th frame the
    client sends, counting from 0: the ``ch``, then sealed frames)."""

    def __init__(self, target: tuple[str, int], tamper: str | None = None, at: int = 3):
        import socket as _socket

        self.target = target
        self.tamper, self.at = tamper, at
        self.c2h = bytearray()
        self.h2c = bytearray()
        self.lock = threading.Lock()
        self.srv = _socket.create_server(("127.0.0.1", 0))
        self.address = self.srv.getsockname()
        self.conns: list = []
        self.tampered = threading.Event()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        import socket as _socket

        while True:
            try:
                c, _ = self.srv.accept()
            except OSError:
                return
            h = _socket.create_connection(self.target)
            self.conns += [c, h]
            threading.Thread(target=self._pump, args=(c, h, True), daemon=True).start()
            threading.Thread(target=self._pump, args=(h, c, False), daemon=True).start()

    def _pump(self, src, dst, up: bool) -> None:
        buf = bytearray()
        k = 0
        held = None
        try:
            while True:
                data = src.recv(65536)
                if not data:
                    break
                with self.lock:
                    (self.c2h if up else self.h2c).extend(data)
                if not up or self.tamper is None or (self.tampered.is_set() and held is None and not buf):
                    dst.sendall(data)
                    continue
                buf += data
                while len(buf) >= 4:
                    size = int.from_bytes(buf[:4], "big")
                    if len(buf) < 4 + size:
                        break
                    frame, buf = bytes(buf[:4 + size]), buf[4 + size:]
                    if k == self.at and not self.tampered.is_set():
                        self.tampered.set()
                        if self.tamper == "alter":
                            frame = frame[:-1] + bytes([frame[-1] ^ 1])
                        elif self.tamper == "replay":
                            frame = frame + frame
                        elif self.tamper == "reorder":
                            held = frame
                            k += 1
                            continue
                        elif self.tamper == "truncate":
                            dst.sendall(frame[:len(frame) // 2])
                            dst.shutdown(2)
                            return
                    if held is not None:
                        frame, held = frame + held, None
                    dst.sendall(frame)
                    k += 1
                if self.tampered.is_set() and held is None and buf:
                    dst.sendall(bytes(buf))
                    buf = bytearray()
        except OSError:
            pass
        finally:
            for s in (src, dst):
                try:
                    s.shutdown(2)
                except OSError:
                    pass

    def close(self) -> None:
        self.srv.close()
        for s in self.conns:
            try:
                s.close()
            except OSError:
                pass


def drain_watcher(h, ws, tries: int = 50) -> None:
    """Read a watcher's frames until it has seen the match end (the host's last frames written first)."""
    h.call(lambda: None)
    for _ in range(tries):
        ws.poll()
        if ws.match_over:
            break
        ws.wait(0.1)
