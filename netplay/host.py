"""The authoritative LAN host: one asyncio thread serving every table; disk writes and bots run beside it.

The event loop only parses, checks and routes messages. Journal writes (an
``fdatasync`` each) go to a small pool of I/O threads and host bots think on
their own thread, so a slow disk or a strong bot delays nobody else's round trip.
Each connection is held to a flood budget, a hello deadline and a read timeout;
each address to a share of the connections and a password-guessing slow-down.
"""

from __future__ import annotations

import asyncio
import collections
import gc
import ipaddress
import logging
import secrets
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from . import auth, lograte
from . import protocol as wire
from .discovery import Advertiser, check_interfaces, lan_addresses, table_props
from .protocol import Code
from .store import Damaged, Store
from .table import Table, TableConfig, load_saved, restore_config

log = logging.getLogger("netplay.host")

__all__ = ["Host", "Limits", "TableConfig"]


@dataclass
class Limits:
    """What one connection, and one address, may do before it is cut off or slowed down."""

    max_conns: int = 256
    per_addr: int = 16  # connections from one address (the oldest one not seated makes room)
    hello_s: float = 5.0  # a connection must take a seat within this time
    idle_s: float = 6.0  # a seated connection silent this long is closed; a bot plays until its player is back
    burst: float = 200.0  # token bucket: non-game messages and refusals spend tokens
    rate: float = 50.0  # tokens regained per second
    write_cap: int = 1 << 20  # bytes waiting to be sent to a peer that does not read
    pw_free: int = 3  # wrong passwords from one address before each further try must wait
    pw_wait_max: float = 60.0  # the longest such wait (it doubles with every wrong password)
    mdns_s: float = 1.0  # at most one discovery update per table this often
    watch_per_addr: int = 8  # watchers from one address (watchers take no seat; players keep their room)
    watchers: int = 128  # watchers in all, so that watchers never fill the host
    watch_buffer: int = 64 * 1024  # bytes queued for a watcher before its frames are skipped to the latest
    watch_stuck_s: float = 20.0  # a watcher that reads nothing this long while frames wait is cut off


class Conn(asyncio.Protocol):
    """One peer connection: framing, decoding, the flood bucket, and its seat (if any)."""

    def __init__(self, host: Host):
        self.host = host
        self.reader = wire.FrameReader()
        self.transport = None
        self.table: Table | None = None
        self.seat: int | None = None
        self.last_n = -1
        self.dead = False
        lim = host.limits
        self.tokens = lim.burst
        self.t_tokens = self.t_open = self.last_rx = time.monotonic()
        self.peer = "?"
        self.ip = "?"
        self.nonce = auth.new_nonce()
        self.key: bytes | None = None
        self.watching: Table | None = None  # the table this connection watches (it has no seat)
        self.paused = False  # the transport's buffer is over its high-water mark (asyncio flow control)
        self.behind = False  # a watcher's frame was skipped while paused: it gets a full state when it drains
        self.t_paused = 0.0

    # ---------------------------------------------------------------- transport
    def connection_made(self, transport) -> None:
        self.transport = transport
        peer = transport.get_extra_info("peername")
        if peer:
            self.ip, self.peer = peer[0], f"{peer[0]}:{peer[1]}"
        if self.host.admit(self):
            h = self.host
            self.send(wire.make("hi", proto=wire.PROTOCOL, host=h.name[:64], host_id=h.host_id, nonce=self.nonce,
                                dh=h.keys.public_hex))

    def data_received(self, data: bytes) -> None:
        if self.dead:
            return
        t0 = time.perf_counter()
        self.last_rx = time.monotonic()
        try:
            bodies = self.reader.feed(data)
        except wire.Garbage as e:
            self.kill(e.code, str(e))
            return
        for body in bodies:
            if self.dead:
                return
            try:
                msg = wire.decode(body, wire.CLIENT)
            except wire.Garbage as e:
                self.kill(e.code, str(e))
                return
            except wire.Malformed as e:
                self.refuse(Code.MALFORMED, str(e), None)
                continue
            try:
                self.host.handle(self, msg, t0)
            except Exception:
                log.exception("peer %s: message %s failed", self.peer, msg.get("t"))
                self.refuse(Code.INTERNAL, None, msg.get("n"))

    def connection_lost(self, exc) -> None:
        self.dead = True
        self._detach()

    def pause_writing(self) -> None:
        self.paused = True
        self.t_paused = time.monotonic()

    def resume_writing(self) -> None:
        self.paused = False
        if self.behind and self.watching is not None and not self.dead:
            self.behind = False
            self.watching.watch_sync(self)  # skip to the latest: the frames it missed are never sent
            self.watching.keeper.flush()

    def _detach(self) -> None:
        self.host.forget(self)
        if self.table is not None:
            self.table.drop(self)
        if self.watching is not None:
            self.watching.unwatch(self)

    # ---------------------------------------------------------------- output
    def send(self, msg: dict) -> None:
        tr = self.transport
        if self.dead or tr is None or tr.is_closing():
            return  # writing to a lost connection only makes asyncio log about it
        tr.write(wire.encode(msg))
        if tr.get_write_buffer_size() > self.host.limits.write_cap:
            self.host.note("peer %s does not read; cut off", self.peer)
            self.dead = True
            tr.abort()
            self._detach()

    def send_frame(self, frame: bytes) -> None:
        """A watcher's frame, encoded once for every watcher: skipped (never queued) while the watcher lags."""
        tr = self.transport
        if self.dead or tr is None or tr.is_closing():
            return
        if self.paused:
            self.behind = True
            return
        tr.write(frame)

    def watch_mode(self) -> None:
        """This connection watches: small send buffers (the kernel's and asyncio's), so that a slow reader skips
        frames and gets the latest picture instead of a growing backlog."""
        lim = self.host.limits.watch_buffer
        tr = self.transport
        if tr is None:
            return
        sock = tr.get_extra_info("socket")
        if sock is not None:
            try:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, lim)
            except OSError:
                pass  # the platform keeps its own size: asyncio's limit below still bounds the backlog
        tr.set_write_buffer_limits(high=lim, low=lim // 4)

    def refuse(self, code: str, detail: str | None, ref) -> None:
        if self.charge():
            self.send(wire.make("error", code=code, msg=wire.describe(code, detail)[:500], ref=ref, proto=None))

    def kill(self, code: str, detail: str | None = None) -> None:
        """Say bye and close; the seat (if any) is held or freed by its table."""
        if self.dead:
            return
        if code not in (Code.LEFT, Code.SHUTDOWN, Code.SUPERSEDED):
            self.host.note("peer %s disconnected: %s", self.peer, detail or code)
        self.send(wire.make("bye", code=code, msg=wire.describe(code, detail)[:500]))
        self.dead = True
        tr = self.transport
        if tr is not None:
            # Lingering close: send the bye and FIN, discard what the peer still sends (closing with unread
            # input would reset the connection and lose the bye), and abort if it does not hang up.
            try:
                tr.write_eof()
            except (OSError, RuntimeError):
                tr.abort()
            else:
                self.host.loop.call_later(2.0, tr.abort)
        self._detach()

    def charge(self, cost: float = 1.0) -> bool:
        """Spend flood tokens; a peer out of tokens is disconnected."""
        now = time.monotonic()
        lim = self.host.limits
        self.tokens = min(lim.burst, self.tokens + (now - self.t_tokens) * lim.rate)
        self.t_tokens = now
        self.tokens -= cost
        if self.tokens < 0:
            self.kill(Code.FLOOD)
            return False
        return True


class Host:
    """Serves ``tables`` on ``port`` (0: any free port).

    ``Host(tables=[TableConfig(...)], ...).start()`` listens at once and advertises its
    tables with zeroconf in the background; ``stop()`` ends it. With a ``state_dir`` every
    table keeps a journal there and ``resume=True`` picks them all up again (``python -m
    game host --resume``); a damaged file is set aside, named in ``damaged``, and the
    other tables resume. ``owner``: the hosting player's name; seat 0 of the first table
    is kept for them (``owner_seat()``), without a password, also after a resume.
    """

    def __init__(self, tables=None, name: str | None = None, port: int = 0, interfaces=None,
                 password: str | None = None, state_dir=None, *, bind: str | None = None, advertise: bool = True,
                 resume: bool = False, limits: Limits | None = None, owner: str | None = None):
        self.interfaces = check_interfaces(interfaces)
        self.name = name or socket.gethostname()
        self.password = password
        self.limits = limits or Limits()
        self.store = Store(state_dir) if state_dir is not None else None
        self.advertise = advertise
        if bind is None:
            loopback = self.interfaces is not None and all(ipaddress.IPv4Address(a).is_loopback
                                                           for a in self.interfaces)
            bind = "127.0.0.1" if loopback else "0.0.0.0"
        self.bind = bind
        self.port = port
        self.damaged: list[str] = []  # one line per saved file that could not be resumed
        meta = self._meta()
        self.host_id: str = meta.get("host_id") or secrets.token_hex(3)
        saved: dict[str, tuple] = {}
        if resume:
            if self.store is None:
                raise ValueError("resume needs a state directory")
            if not port and isinstance(meta.get("port"), int):
                self.port = meta["port"]
            if name is None and isinstance(meta.get("name"), str):
                self.name = meta["name"]
            for fname in self.store.names():
                try:
                    recs, journal = load_saved(self.store, fname)
                except Damaged as e:
                    self._set_aside(fname, e)
                    continue
                saved[restore_config(recs).table_id] = (recs, journal)
        configs = list(tables or [])
        known = {c.table_id for c in configs}
        configs += [restore_config(recs) for tid, (recs, _j) in saved.items() if tid not in known]
        if not configs and not self.damaged:
            raise ValueError("a host needs at least one table")
        self.tables: dict[str, Table] = {}
        for cfg in configs:
            if cfg.table_id in self.tables:
                raise ValueError(f"two tables with id {cfg.table_id!r}")
            got = saved.get(cfg.table_id)
            if got is None and self.store is not None:
                self._keep_unfinished(f"table-{cfg.table_id}")
            try:
                self.tables[cfg.table_id] = Table(cfg, self, got, password)
            except Exception as e:
                if got is None:
                    raise
                got[1].close()
                self._set_aside(f"table-{cfg.table_id}", Damaged(got[1].path, f"its records do not replay: {e}"))
        if not self.tables:
            raise ValueError("nothing to resume: " + "; ".join(self.damaged))
        self.owner = owner
        self.keys = auth.KeyPair()
        self.conns: set[Conn] = set()
        self.by_addr: dict[str, list[Conn]] = {}
        self._pw_fails: dict[str, list[float]] = {}  # address -> [wrong passwords, time of the last]
        self.loop: asyncio.AbstractEventLoop | None = None
        self.io = ThreadPoolExecutor(4, thread_name_prefix="netplay-io")
        self.bots = ThreadPoolExecutor(1, thread_name_prefix="netplay-bots")
        self.latencies: collections.deque = collections.deque(maxlen=200_000)
        self.actions = 0  # actions applied at every table (players' and bots')
        self.finished: collections.deque = collections.deque(maxlen=100)  # the matches played out, newest last
        self.over = threading.Event()  # set once every table has played a match to its end
        self.advertiser: Advertiser | None = None
        self.advertise_error: str | None = None  # why discovery is off (shown to the hosting player)
        self._advertised: dict[str, dict] = {}
        self._adv_due: dict[str, float] = {}  # table -> earliest time of its next discovery update
        self._adv_timer: dict[str, asyncio.TimerHandle] = {}
        self.mdns_updates = 0  # discovery updates sent (tests check the rate limit with it)
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._server: asyncio.Server | None = None
        self._tick_handle: asyncio.TimerHandle | None = None
        self._note_t, self._note_n, self._note_dropped = time.monotonic(), 0, 0

    def _meta(self) -> dict:
        if self.store is None:
            return {}
        try:
            return self.store.load_meta()
        except Damaged as e:
            log.error("%s; the host starts with a new id", e)
            self.damaged.append(str(e))
            return {}

    def _set_aside(self, fname: str, e: Damaged) -> None:
        assert self.store is not None
        try:
            dest: str | None = self.store.set_aside(fname).name
        except OSError:
            dest = None
        line = f"{e}; that table is not resumed" + (f" (kept as {dest})" if dest else "")
        log.error("%s", line)
        self.damaged.append(line)

    def _keep_unfinished(self, fname: str) -> None:
        """A new table replaces a saved one of the same id: keep the old journal in done/ rather than lose it."""
        assert self.store is not None
        p = self.store.path(fname)
        if p.exists():
            done = self.store.root / "done"
            done.mkdir(exist_ok=True)
            p.replace(done / f"{fname}-{time.strftime('%Y%m%d-%H%M%S')}.unfinished{p.suffix}")

    # ---------------------------------------------------------------- lifecycle
    def start(self) -> Host:
        lograte.install()
        self._thread = threading.Thread(target=self._run, name="netplay-host", daemon=True)
        self._thread.start()
        self._ready.wait(15)
        if self._error is not None:
            raise self._error
        return self

    def _run(self) -> None:
        loop = self.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            # reuse_address left to asyncio: set on POSIX (a resumed host takes its port back past TIME_WAIT), not on
            # Windows, where SO_REUSEADDR would let a second host bind the same port (Windows needs none to rebind)
            self._server = loop.run_until_complete(
                loop.create_server(lambda: Conn(self), self.bind, self.port))
            self.port = self._server.sockets[0].getsockname()[1]
            if self.store is not None:
                self.store.save_meta({"name": self.name, "port": self.port, "host_id": self.host_id})
            if self.advertise:
                try:
                    adv = Advertiser(self.name, self.port, self.interfaces, host_id=self.host_id)
                    adv.start()
                    self.advertiser = adv
                except (OSError, RuntimeError) as e:  # no network / no multicast: players can still type the address
                    log.warning("cannot advertise the tables with zeroconf (%s); join by address", e)
                    self.advertise_error = str(e)
            for t in self.tables.values():
                t.open_table()
                self.table_changed(t)
            first = next(iter(self.tables.values()))
            if self.owner is not None and first.owner is None and first.phase == "waiting":
                first.reserve_owner(self.owner[:32])
            self._tick_handle = loop.call_later(0.5, self._tick)
        except BaseException as e:  # noqa: BLE001 - reported to start()
            self._error = e
            self._ready.set()
            loop.close()
            return
        self._ready.set()
        try:
            loop.run_forever()
        finally:
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()

    @property
    def address(self) -> tuple[str, int]:
        """Where a client on this machine connects."""
        return ("127.0.0.1" if self.bind in ("0.0.0.0", "") else self.bind, self.port)

    def share_addresses(self) -> list[str]:
        """What other players type (``ADDR:PORT``): this machine's LAN addresses, never loopback unless bound there."""
        if self.bind not in ("0.0.0.0", ""):
            addrs = [self.bind]
        elif self.interfaces is not None:
            addrs = [a for a in self.interfaces if not ipaddress.IPv4Address(a).is_loopback] or list(self.interfaces)
        else:
            addrs = lan_addresses()
        return [f"{a}:{self.port}" for a in addrs]

    def owner_seat(self) -> tuple[str, int, str] | None:
        """(table id, seat, token) of the hosting player's seat, for their own window to join with."""
        for t in self.tables.values():
            token = t.slots[t.owner].token if t.owner is not None else None
            if t.owner is not None and token:
                return t.table_id, t.owner, token
        return None

    def stop(self) -> None:
        loop = self.loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._shutdown)
            except RuntimeError:
                pass
        if self._thread is not None:
            self._thread.join(10)
        self.bots.shutdown(wait=False, cancel_futures=True)
        self.io.shutdown(wait=True)
        for t in self.tables.values():
            t.close()
        if self.advertiser is not None:
            self.advertiser.close()
            self.advertiser = None

    def _shutdown(self) -> None:
        assert self.loop is not None
        for c in list(self.conns):
            c.kill(Code.SHUTDOWN)
        if self._server is not None:
            self._server.close()
        if self._tick_handle is not None:
            self._tick_handle.cancel()
        self.loop.stop()

    def call(self, fn, timeout: float = 10.0):
        """Run ``fn()`` on the host's thread and return its result (for tests and the UI)."""
        assert self.loop is not None, "the host is not running"
        fut = asyncio.run_coroutine_threadsafe(_call(fn), self.loop)
        return fut.result(timeout)

    @staticmethod
    def settle_memory() -> None:
        """For a process that serves: what exists now (modules, tables, restored matches) is never scanned by the
        cycle collector again, so its full passes stay short (they paused the loop ~20 ms with 32 tables)."""
        gc.collect()
        gc.freeze()

    def soon(self, fn, *args) -> None:
        """Run ``fn(*args)`` on the host's thread (from the I/O and bot threads)."""
        try:
            if self.loop is not None:
                self.loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:
            pass  # the host has stopped

    def fill_bots(self, table_id: str, level: str = "normal") -> int:
        """Seat bots in a waiting table's open seats (thread-safe); returns how many seats were filled."""
        table = self.tables.get(table_id)
        return 0 if table is None else self.call(lambda: table.fill_bots(level))

    def note(self, fmt: str, *args) -> None:
        """Log a peer's misbehaviour, at most 20 lines a minute (a flood must not flood the log too)."""
        now = time.monotonic()
        if now - self._note_t > 60:
            if self._note_dropped:
                log.info("(%d more disconnections not logged)", self._note_dropped)
            self._note_t, self._note_n, self._note_dropped = now, 0, 0
        if self._note_n < 20:
            self._note_n += 1
            log.info(fmt, *args)
        else:
            self._note_dropped += 1

    # ---------------------------------------------------------------- connections
    def admit(self, conn: Conn) -> bool:
        """Room for a new connection: per address first, then in all; the oldest unseated ones make way."""
        lim = self.limits
        same = self.by_addr.get(conn.ip, [])
        if len(same) >= lim.per_addr and not self._evict(same):
            conn.kill(Code.BUSY, f"more than {lim.per_addr} connections from {conn.ip}")
            return False
        if len(self.conns) >= lim.max_conns:
            crowd = max(self.by_addr.values(), key=len)
            if not self._evict(crowd):
                conn.kill(Code.BUSY, "the host has no room for more connections")
                return False
        self.conns.add(conn)
        self.by_addr.setdefault(conn.ip, []).append(conn)
        return True

    def _evict(self, conns: list[Conn]) -> bool:
        # in arrival order: the oldest connection that neither sits nor watches
        victim = next((c for c in conns if c.table is None and c.watching is None), None)
        if victim is None:
            return False
        victim.kill(Code.BUSY, f"making room: too many connections from {victim.ip}")
        return True

    def forget(self, conn: Conn) -> None:
        self.conns.discard(conn)
        same = self.by_addr.get(conn.ip)
        if same is not None:
            try:
                same.remove(conn)
            except ValueError:
                pass
            if not same:
                del self.by_addr[conn.ip]

    def _tick(self) -> None:
        """Twice a second: hello deadlines and read timeouts."""
        assert self.loop is not None
        now = time.monotonic()
        lim = self.limits
        for c in list(self.conns):
            if c.table is None and c.watching is None:
                if now - c.t_open > lim.hello_s:
                    c.kill(Code.TIMEOUT)
            elif now - c.last_rx > lim.idle_s:
                c.kill(Code.SILENT, f"nothing heard for {now - c.last_rx:.0f} s")
            elif c.watching is not None and c.paused and now - c.t_paused > lim.watch_stuck_s:
                c.kill(Code.SLOW, f"a watcher that read nothing for {now - c.t_paused:.0f} s")
        self._tick_handle = self.loop.call_later(0.5, self._tick)

    # ---------------------------------------------------------------- table callbacks
    def record_latency(self, seconds: float) -> None:
        self.latencies.append(seconds)

    def table_changed(self, table: Table) -> None:
        """Discovery follows the seats, at most once per ``mdns_s`` per table (the latest facts win)."""
        if self.advertiser is None or self.loop is None:
            return
        tid = table.table_id
        if tid in self._adv_timer:
            return  # an update is already due; it reads the facts when it runs
        wait = self._adv_due.get(tid, 0.0) - time.monotonic()
        if wait > 0:
            self._adv_timer[tid] = self.loop.call_later(wait, self._publish, table)
        else:
            self._publish(table)

    def _publish(self, table: Table) -> None:
        tid = table.table_id
        self._adv_timer.pop(tid, None)
        if self.advertiser is None:
            return
        props = table_props(table.summary(), self.name, self.host_id)
        if self._advertised.get(tid) != props:
            self._advertised[tid] = props
            self._adv_due[tid] = time.monotonic() + self.limits.mdns_s
            self.mdns_updates += 1
            self.advertiser.publish(tid, props)

    def table_over(self, table: Table) -> None:
        self.finished.append({"table_id": table.table_id, "totals": list(table.m.scores),
                              "record": table.m.to_json()})
        if {f["table_id"] for f in self.finished} >= set(self.tables):
            self.over.set()

    # ---------------------------------------------------------------- messages
    def handle(self, conn: Conn, msg: dict, t0: float) -> None:
        t = msg["t"]
        n = msg.get("n")
        if n is not None:
            if n <= conn.last_n:
                conn.refuse(Code.REPLAY, None, n)
                return
            conn.last_n = n
        if t == "hello":
            if conn.charge(10):  # a key agreement costs the host a few milliseconds
                self._hello(conn, msg)
        elif t == "watch":
            if conn.charge(10):
                self._watch(conn, msg)
        elif t == "list":
            if self._version_ok(conn, msg) and conn.charge():
                conn.send(wire.make("tables", proto=wire.PROTOCOL, host=self.name[:64], host_id=self.host_id,
                                    tables=[tb.summary() for tb in self.tables.values()]))
        elif t == "ping":
            if conn.charge():
                conn.send(wire.make("pong", n=n))
        elif t == "bye":
            if conn.table is not None:
                conn.table.drop(conn, leaving=True)
            conn.kill(Code.LEFT)
        elif conn.watching is not None:
            if t == "sync" and conn.charge():
                conn.watching.watch_sync(conn)
                conn.watching.keeper.flush()
            elif t != "sync":
                conn.refuse(Code.WATCHER, None, n)
        elif conn.table is None:
            conn.refuse(Code.NOT_JOINED, None, n)
        elif t == "act":
            err = conn.table.act(conn, msg, t0)
            if err:
                conn.refuse(err[0], err[1], n)
        elif t == "next":
            err = conn.table.ready(conn)
            if err:
                conn.refuse(err[0], err[1], n)
        elif t == "sync" and conn.charge():
            conn.table.resync(conn)

    def _version_ok(self, conn: Conn, msg: dict) -> bool:
        if msg["proto"] == wire.PROTOCOL:
            return True
        log.warning("peer %s speaks protocol %s, this host speaks %s: refused", conn.peer, msg["proto"], wire.PROTOCOL)
        conn.send(wire.make("error", code=Code.VERSION, ref=None, proto=wire.PROTOCOL,
                            msg=f"this host speaks protocol {wire.PROTOCOL}, your game speaks {msg['proto']}: "
                                f"both players need the same game version"))
        conn.kill(Code.VERSION, f"protocol {msg['proto']} is not {wire.PROTOCOL}")
        return False

    def _greeted(self, conn: Conn, msg: dict) -> bool:
        """What a ``hello`` and a ``watch`` both need first: the same protocol, not yet at a table, the
        connection's key from the key exchange, and a table id (if any) this host has."""
        if not self._version_ok(conn, msg):
            return False
        if conn.table is not None or conn.watching is not None:
            conn.refuse(Code.ALREADY_JOINED, None, None)
            return False
        try:
            conn.key = auth.connection_key(self.keys, msg["dh"], conn.nonce, msg["nonce"])
        except auth.AuthError as e:
            conn.refuse(Code.MALFORMED, f"{msg['t']}: {e}", None)
            return False
        tid = msg.get("table")
        if tid is not None and tid not in self.tables:
            conn.refuse(Code.NO_TABLE, f"no table {tid!r} here", None)
            return False
        return True

    def _hello(self, conn: Conn, msg: dict) -> None:
        if not self._greeted(conn, msg):
            return
        name = msg["name"].strip() or "player"
        tid = msg.get("table")
        proof = msg.get("proof")
        if proof:
            for held in ([self.tables[tid]] if tid is not None else self.tables.values()):
                i = held.find_proof(proof, conn.nonce, msg["nonce"], msg.get("seat"))
                if i is not None:
                    held.rejoin(conn, i, name)
                    return
            conn.refuse(Code.BAD_TOKEN, None, None)
            return
        table = self.tables[tid] if tid is not None else \
            next((tb for tb in self.tables.values() if any(s.open for s in tb.slots)), None)
        if table is None:
            conn.refuse(Code.FULL, "every table is full", None)
            return
        if table.password and not self._password_ok(conn, table, msg.get("pw")):
            return
        seat = msg.get("seat")
        if seat is not None and not 0 <= seat < table.n:
            conn.refuse(Code.FULL, f"the table has seats 0..{table.n - 1}", None)
            return
        err = table.join(conn, name, seat)
        if err:
            conn.refuse(err, None, None)

    def _watch(self, conn: Conn, msg: dict) -> None:
        """A watcher: no seat, its own limits per address and in all; a password table wants its password."""
        if not self._greeted(conn, msg):
            return
        tid = msg.get("table")
        table = self.tables[tid] if tid is not None else \
            next((tb for tb in self.tables.values() if tb.cfg.watch != wire.WATCH_OFF), None)
        if table is None or table.cfg.watch == wire.WATCH_OFF:
            conn.refuse(Code.NO_WATCH, None, None)
            return
        lim = self.limits
        watching = [c for c in self.conns if c.watching is not None]
        if len(watching) >= lim.watchers:
            conn.refuse(Code.BUSY, f"the host has {lim.watchers} watchers already", None)
            return
        if sum(1 for c in watching if c.ip == conn.ip) >= lim.watch_per_addr:
            conn.refuse(Code.BUSY, f"more than {lim.watch_per_addr} watchers from {conn.ip}", None)
            return
        if table.password and not self._password_ok(conn, table, msg.get("pw")):
            return
        conn.watch_mode()
        err = table.watch(conn)
        if err:
            conn.refuse(err, None, None)

    def _password_ok(self, conn: Conn, table: Table, proof: str | None) -> bool:
        """Check a password proof; wrong guesses from one address make every further try wait longer."""
        lim = self.limits
        now = time.monotonic()
        fails = self._pw_fails.get(conn.ip)
        if fails is not None and now - fails[1] > 600:  # a quiet spell forgives
            del self._pw_fails[conn.ip]
            fails = None
        if fails is not None and fails[0] >= lim.pw_free:
            wait = min(lim.pw_wait_max, 2.0 ** (fails[0] - lim.pw_free)) - (now - fails[1])
            if wait > 0:
                conn.refuse(Code.SLOW_DOWN, f"{wire.ERRORS[Code.SLOW_DOWN]} ({wait:.0f} s)", None)
                return False
        if proof is None:
            conn.refuse(Code.PASSWORD, "this table has a password", None)
            return False
        if table.check_password(conn.key, proof):
            self._pw_fails.pop(conn.ip, None)
            return True
        if len(self._pw_fails) > 4096:
            self._pw_fails.clear()
        fails = self._pw_fails.setdefault(conn.ip, [0, now])
        fails[0] += 1
        fails[1] = now
        if fails[0] == lim.pw_free or fails[0] % 10 == 0:
            log.warning("%d wrong passwords for table %s from %s: slowing that address down", fails[0],
                        table.table_id, conn.ip)
        conn.refuse(Code.PASSWORD, None, None)
        return False


async def _call(fn):
    return fn()
