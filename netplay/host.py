"""The authoritative LAN host: one asyncio thread serving every table, peers, flood and garbage control."""

from __future__ import annotations

import asyncio
import collections
import ipaddress
import logging
import socket
import threading
import time
from dataclasses import dataclass

from . import protocol as P
from .discovery import Advertiser, check_interfaces, table_props
from .store import Store
from .table import Table, TableConfig

log = logging.getLogger("netplay.host")

__all__ = ["Host", "TableConfig", "Limits"]


@dataclass
class Limits:
    """What one connection may do before it is cut off."""

    max_conns: int = 256
    hello_s: float = 30.0  # an unseated connection must take a seat within this time
    burst: float = 200.0  # token bucket: non-game messages and refusals spend one token each
    rate: float = 50.0  # tokens regained per second
    write_cap: int = 1 << 20  # bytes waiting to be sent to a peer that does not read


class Conn(asyncio.Protocol):
    """One peer connection: framing, decoding, the flood bucket, and its seat (if any)."""

    def __init__(self, host: "Host"):
        self.host = host
        self.reader = P.FrameReader()
        self.transport = None
        self.table: Table | None = None
        self.seat: int | None = None
        self.last_n = -1
        self.dead = False
        self.timer = None
        lim = host.limits
        self.tokens = lim.burst
        self.t_tokens = time.monotonic()
        self.peer = "?"

    # ---------------------------------------------------------------- transport
    def connection_made(self, transport) -> None:
        self.transport = transport
        peer = transport.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if peer else "?"
        if len(self.host.conns) >= self.host.limits.max_conns:
            self.dead = True
            transport.abort()
            return
        self.host.conns.add(self)  # (asyncio sets TCP_NODELAY itself)
        self.timer = self.host.loop.call_later(self.host.limits.hello_s, self._hello_timeout)

    def _hello_timeout(self) -> None:
        self.timer = None
        if self.table is None:
            self.kill("timeout")

    def data_received(self, data: bytes) -> None:
        if self.dead:
            return
        t0 = time.perf_counter()
        try:
            bodies = self.reader.feed(data)
        except P.Garbage as e:
            self.kill(e.code, str(e))
            return
        for body in bodies:
            if self.dead:
                return
            try:
                msg = P.decode(body, P.CLIENT)
            except P.Garbage as e:
                self.kill(e.code, str(e))
                return
            except P.Malformed as e:
                self.refuse("malformed", str(e), None)
                continue
            try:
                self.host.handle(self, msg, t0)
            except Exception:  # noqa: BLE001 - one bad message must not take the host down
                log.exception("peer %s: message %s failed", self.peer, msg.get("t"))
                self.refuse("illegal", "the host could not process this message", msg.get("n"))

    def connection_lost(self, exc) -> None:
        self.dead = True
        self._detach()

    def _detach(self) -> None:
        self.host.conns.discard(self)
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if self.table is not None:
            self.table.drop(self)

    # ---------------------------------------------------------------- output
    def send(self, msg: dict) -> None:
        if self.dead or self.transport is None:
            return
        self.transport.write(P.encode(msg))
        if self.transport.get_write_buffer_size() > self.host.limits.write_cap:
            log.warning("peer %s does not read; cut off", self.peer)
            self.dead = True
            self.transport.abort()
            self._detach()

    def refuse(self, code: str, detail: str | None, ref) -> None:
        if self.charge():
            self.send(P.make("error", code=code, msg=P.describe(code, detail)[:500], ref=ref, proto=None))

    def kill(self, code: str, detail: str | None = None) -> None:
        """Say bye and close; the seat (if any) is held or freed by its table."""
        if self.dead:
            return
        if code not in ("left", "shutdown", "superseded"):
            self.host.note("peer %s disconnected: %s", self.peer, detail or code)
        self.send(P.make("bye", code=code, msg=P.describe(code, detail)[:500]))
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
            self.kill("flood")
            return False
        return True


class Host:
    """Serves ``tables`` on ``port`` (0: any free port).

    ``Host(tables=[TableConfig(...)], ...).start()`` listens at once and advertises its
    tables with zeroconf in the background; ``stop()`` ends it. With a ``state_dir`` every
    table is written durably after every change and ``resume=True`` picks them all up
    again (``python -m game host --resume``).
    """

    def __init__(self, tables=None, name: str | None = None, port: int = 0, interfaces=None,
                 password: str | None = None, state_dir=None, *, bind: str | None = None, advertise: bool = True,
                 resume: bool = False, limits: Limits | None = None):
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
        saved = {}
        if resume:
            if self.store is None:
                raise ValueError("resume needs a state directory")
            meta = self.store.load("host") or {}
            if not port and meta.get("port"):
                self.port = int(meta["port"])
            if name is None and meta.get("name"):
                self.name = meta["name"]
            saved = {d["config"]["table_id"]: d for d in self.store.tables()}
        configs = list(tables or [])
        known = {c.table_id for c in configs}
        configs += [TableConfig.from_json(d["config"]) for tid, d in saved.items() if tid not in known]
        if not configs:
            raise ValueError("a host needs at least one table")
        self.tables: dict[str, Table] = {}
        for cfg in configs:
            if cfg.table_id in self.tables:
                raise ValueError(f"two tables with id {cfg.table_id!r}")
            self.tables[cfg.table_id] = Table(cfg, self, saved.get(cfg.table_id), password)
        self.conns: set[Conn] = set()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.latencies: collections.deque = collections.deque(maxlen=200_000)
        self.finished: collections.deque = collections.deque(maxlen=100)  # the matches played out, newest last
        self.over = threading.Event()  # set once every table has played a match to its end
        self.advertiser: Advertiser | None = None
        self.advertise_error: str | None = None  # why discovery is off (shown to the hosting player)
        self._advertised: dict[str, dict] = {}
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._server = None
        self._note_t, self._note_n, self._note_dropped = time.monotonic(), 0, 0

    # ---------------------------------------------------------------- lifecycle
    def start(self) -> "Host":
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
            self._server = loop.run_until_complete(
                loop.create_server(lambda: Conn(self), self.bind, self.port, reuse_address=True))
            self.port = self._server.sockets[0].getsockname()[1]
            if self.store is not None:
                self.store.save("host", {"name": self.name, "port": self.port})
            if self.advertise:
                try:
                    adv = Advertiser(self.name, self.port, self.interfaces)
                    adv.start()
                    self.advertiser = adv
                except (OSError, RuntimeError) as e:  # no network / no multicast: players can still type the address
                    log.warning("cannot advertise the tables with zeroconf (%s); join by address", e)
                    self.advertise_error = str(e)
            for t in self.tables.values():
                t.open_table()
                self.table_changed(t)
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

    def stop(self) -> None:
        loop = self.loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._shutdown)
            except RuntimeError:
                pass
        if self._thread is not None:
            self._thread.join(10)
        if self.advertiser is not None:
            self.advertiser.close()
            self.advertiser = None

    def _shutdown(self) -> None:
        for c in list(self.conns):
            c.kill("shutdown")
        if self._server is not None:
            self._server.close()
        self.loop.stop()

    def call(self, fn, timeout: float = 10.0):
        """Run ``fn()`` on the host's thread and return its result (for tests and the UI)."""
        fut = asyncio.run_coroutine_threadsafe(_call(fn), self.loop)
        return fut.result(timeout)

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

    # ---------------------------------------------------------------- table callbacks
    def record_latency(self, seconds: float) -> None:
        self.latencies.append(seconds)

    def table_changed(self, table: Table) -> None:
        if self.advertiser is None:
            return
        props = table_props(table.summary(), self.name)
        if self._advertised.get(table.table_id) != props:
            self._advertised[table.table_id] = props
            self.advertiser.publish(table.table_id, props)

    def table_over(self, table: Table) -> None:
        self.finished.append({"table_id": table.table_id, "totals": list(table.match.scores),
                              "record": table.match.to_json()})
        if {f["table_id"] for f in self.finished} >= set(self.tables):
            self.over.set()

    # ---------------------------------------------------------------- messages
    def handle(self, conn: Conn, msg: dict, t0: float) -> None:
        t = msg["t"]
        n = msg.get("n")
        if n is not None:
            if n <= conn.last_n:
                conn.refuse("replay", None, n)
                return
            conn.last_n = n
        if t == "hello":
            self._hello(conn, msg)
        elif t == "list":
            if self._version_ok(conn, msg) and conn.charge():
                conn.send(P.make("tables", proto=P.PROTOCOL, host=self.name[:64],
                                 tables=[tb.summary() for tb in self.tables.values()]))
        elif t == "ping":
            if conn.charge():
                conn.send(P.make("pong", n=n))
        elif t == "bye":
            if conn.table is not None:
                conn.table.drop(conn, leaving=True)
            conn.kill("left")
        elif conn.table is None:
            conn.refuse("not_joined", None, n)
        elif t == "act":
            err = conn.table.act(conn, msg, t0)
            if err:
                conn.refuse(err[0], err[1], n)
        elif t == "next":
            err = conn.table.ready(conn)
            if err:
                conn.refuse(err[0], err[1], n)
        elif t == "sync":
            if conn.charge():
                conn.table.sync(conn)

    def _version_ok(self, conn: Conn, msg: dict) -> bool:
        if msg["proto"] == P.PROTOCOL:
            return True
        log.warning("peer %s speaks protocol %s, this host speaks %s: refused", conn.peer, msg["proto"], P.PROTOCOL)
        conn.send(P.make("error", code="version", ref=None, proto=P.PROTOCOL,
                         msg=f"this host speaks protocol {P.PROTOCOL}, your game speaks {msg['proto']}: "
                             f"both players need the same game version"))
        conn.kill("version", f"protocol {msg['proto']} is not {P.PROTOCOL}")
        return False

    def _hello(self, conn: Conn, msg: dict) -> None:
        if not self._version_ok(conn, msg):
            return
        if conn.table is not None:
            conn.refuse("already_joined", None, None)
            return
        name = msg["name"].strip() or "player"
        tid = msg.get("table")
        if tid is not None and tid not in self.tables:
            conn.refuse("no_table", f"no table {tid!r} here", None)
            return
        token = msg.get("token")
        if token:
            for table in ([self.tables[tid]] if tid is not None else self.tables.values()):
                i = table.find_token(token)
                if i is not None:
                    self._seated(conn)
                    table.rejoin(conn, i)
                    return
            conn.refuse("bad_token", None, None)
            return
        if tid is not None:
            table = self.tables[tid]
        else:
            table = next((tb for tb in self.tables.values() if any(s.open for s in tb.slots)), None)
            if table is None:
                conn.refuse("full", "every table is full", None)
                return
        if not table.check_password(msg.get("password")):
            conn.refuse("password", None, None)
            return
        seat = msg.get("seat")
        if seat is not None and not 0 <= seat < table.n:
            conn.refuse("full", f"the table has seats 0..{table.n - 1}", None)
            return
        err = table.join(conn, name, seat)
        if err:
            conn.refuse(err, None, None)
        else:
            self._seated(conn)

    def _seated(self, conn: Conn) -> None:
        if conn.timer is not None:
            conn.timer.cancel()
            conn.timer = None


async def _call(fn):
    return fn()
