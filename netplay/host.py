"""The authoritative LAN host: one asyncio thread serving every table; disk writes and bots run beside it.

The event loop only parses, checks and routes messages. Journal writes (an
``fdatasync`` each) go to a small pool of I/O threads and host bots think on
their own thread, so a slow disk or a strong bot delays nobody else's round trip.
Each connection is held to a flood budget, a hello deadline and a read timeout;
each address to a share of the connections, a cap on handshakes at once and a
password-guessing slow-down, and each table to a slow-down of its own. A handshake
is cheap enough for the loop (an X25519 agreement and an Ed25519 signature, about
0.1 ms; a CPace run about 0.6 ms): a flood of them delays nobody's round trip much.
"""

from __future__ import annotations

import asyncio
import collections
import gc
import ipaddress
import logging
import socket
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import ClassVar

from . import auth, cpace, lograte
from . import protocol as wire
from .channel import (
    MAX_RECORD,
    STATE_FLOOR,
    ChannelError,
    Ephemeral,
    HostKey,
    Keys,
    Opener,
    Sealer,
    new_nonce,
    transcript,
)
from .discovery import Advertiser, check_interfaces, lan_addresses, table_props
from .protocol import Code
from .store import Damaged, Store, read_head, unique
from .store import _where as store_where
from .table import Table, TableConfig, load_saved, restore_config
from .throttle import Throttle

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
    pw_table_free: int = 10  # wrong passwords at one table, from anywhere, before every try there must wait
    hs_per_addr: int = 8  # connections from one address still in the handshake (each costs a key agreement)
    mdns_s: float = 1.0  # at most one discovery update per table this often
    watch_per_addr: int = 8  # watchers from one address (watchers take no seat; players keep their room)
    watchers: int = 128  # watchers in all, so that watchers never fill the host
    # bytes queued for a watcher before its frames are skipped to the latest (about 30 states: each is sealed and
    # padded to 8 KiB)
    watch_buffer: int = 256 * 1024
    watch_stuck_s: float = 20.0  # a watcher that reads nothing this long while frames wait is cut off


class Conn(asyncio.Protocol):
    """One peer connection: framing, decoding, the flood bucket, and its seat (if any)."""

    def __init__(self, host: Host):
        self.host = host
        self.reader = wire.FrameReader(MAX_RECORD)  # plain handshake frames, then sealed (padded) records
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
        self.keys: Keys | None = None  # the channel's keys once the handshake is done
        self._eph: Ephemeral | None = None
        self._hi: bytes = b""
        self._seal: Sealer | None = None
        self._open: Opener | None = None
        self.pake: tuple | None = None  # a password run under way: (isk, table, message, handler)
        self._hs_queued = False  # its ``ch`` waits for its turn (``Host.queue_handshake``)
        self._early: list[bytes] = []  # frames that came after the ``ch`` while it waited
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
            self._eph = Ephemeral()
            hi = wire.pack(wire.make("hi", proto=wire.PROTOCOL, e=self._eph.public, nonce=new_nonce()))
            self._hi = hi
            transport.write(wire.encode(wire.banner()) + wire.HEADER.pack(len(hi)) + hi)

    def handshake_turn(self, body: bytes) -> None:
        """The queued ``ch`` gets its turn: the handshake, then whatever came after it."""
        self._hs_queued = False
        if self.dead:
            return
        self._handshake(body)
        early, self._early = self._early, []
        if early and not self.dead:
            self._take(early, time.perf_counter())

    def _handshake(self, body: bytes) -> None:
        """The client's ``ch``: the keys, then the host's signed ``id`` (sealed). Anything else is an older client,
        which has read the banner (a refusal naming the version to install) and is let go."""
        try:
            obj = wire.unpack(body)
        except wire.Garbage as e:
            self.kill(e.code, str(e))
            return
        if isinstance(obj, dict) and obj.get("t") in ("hello", "watch", "list"):
            self.kill(Code.VERSION, "an older client (the banner told it the version to install)")
            return
        try:
            msg = wire.validate(obj, wire.CLIENT)
        except wire.ProtocolError as e:
            self.kill(e.code, str(e))
            return
        if msg["t"] != "ch":
            self.kill(Code.MALFORMED, "the handshake starts with ch")
            return
        if msg["proto"] != wire.PROTOCOL:
            self.kill(Code.VERSION, wire.version_text(msg["proto"]))
            return
        h = self.host
        assert self._eph is not None
        th = transcript(self._hi, body)
        try:
            self.keys = keys = Keys(self._eph.shared(msg["e"]), th)
        except ChannelError as e:
            self.kill(Code.CHANNEL, str(e))
            return
        self._eph = None
        self._seal, self._open = keys.host_ciphers()
        self.host.handshakes += 1
        want = msg.get("want")
        self.send(wire.make("id", proto=wire.PROTOCOL, host=h.name[:64], host_id=h.host_id, key=h.key.public,
                            sig=h.key.sign_transcript(th)))
        if want and want != h.host_id:
            self.kill(Code.HOST_KEY, f"you expect host {want[:8]}, this is {h.host_id[:8]}")

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
        self._take(bodies, t0)

    def _take(self, bodies: list[bytes], t0: float) -> None:
        for k, body in enumerate(bodies):
            if self.dead:
                return
            if self._open is None:
                if self._hs_queued:  # a frame after the ``ch`` (an honest client waits for ``id``): kept, a few
                    self._early += bodies[k:]
                    if len(self._early) > 4:
                        self.kill(Code.FLOOD, "frames before the handshake is done")
                    return
                self._hs_queued = True
                self.host.queue_handshake(self, body)
                continue
            try:
                body = self._open.open(body)
            except ChannelError as e:
                self.kill(Code.CHANNEL, str(e))
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
        if not self.dead and self.reader.pending:
            self.host.note("peer %s disconnected inside a frame (%d bytes of it unread)", self.peer,
                           self.reader.pending)
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
        tr.write(self._frame(wire.pack(msg), STATE_FLOOR if msg.get("t") == "state" else 0))
        if tr.get_write_buffer_size() > self.host.limits.write_cap:
            self.host.note("peer %s does not read; cut off", self.peer)
            self.dead = True
            tr.abort()
            self._detach()

    def _frame(self, body: bytes, floor: int = 0) -> bytes:
        """Sealed once the channel is up; in the clear before (a refusal during the handshake)."""
        if self._seal is not None:
            self.host.sealed += 1
            return self._seal.seal(body, floor)
        return wire.HEADER.pack(len(body)) + body

    def send_frame(self, body: bytes) -> None:
        """A watcher's message, packed once for every watcher (sealed for each): skipped (never queued) while the
        watcher lags."""
        tr = self.transport
        if self.dead or tr is None or tr.is_closing():
            return
        if self.paused:
            self.behind = True
            return
        tr.write(self._frame(body, STATE_FLOOR))

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
        if code not in (Code.LEFT, Code.SHUTDOWN, Code.SUPERSEDED, Code.ENDED):
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
        self.notes: list[str] = []  # one line per thing the hosting player should know (a cut-off line dropped)
        meta = self._meta()
        self.key = meta["key"]
        self.host_id: str = self.key.host_id
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
                table = Table(cfg, self, got, password)
                if got is not None:
                    self._check_witness(table)
                self.tables[cfg.table_id] = table
            except Damaged as e:
                if got is None:
                    raise
                got[1].close()
                self._set_aside(f"table-{cfg.table_id}", e)
            except Exception as e:
                if got is None:
                    raise
                got[1].close()
                self._set_aside(f"table-{cfg.table_id}", Damaged(got[1].path, f"its records do not replay: {e}"))
        if self.store is not None:
            for line in self.store.notes:
                log.warning("%s", line)
                self.notes.append(line)
        if not self.tables:
            raise ValueError("nothing to resume: " + "; ".join(self.damaged))
        self.owner = owner
        self.conns: set[Conn] = set()
        self.by_addr: dict[str, list[Conn]] = {}
        lim = self.limits
        self.pw_by_addr = Throttle(lim.pw_free, lim.pw_wait_max)
        self.pw_by_table = Throttle(lim.pw_table_free, lim.pw_wait_max)
        self.handshakes = 0  # channels set up (tests and the bench count them)
        self._hs_queue: collections.deque = collections.deque()  # (conn, ch) waiting for their key agreement
        self._hs_draining = False
        self.sealed = 0  # frames sealed (the bench's cost of encryption)
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
        """The host's name, port and key: ``host.meta``, else its backup, else what a journal kept; a new key only
        when none of them has one (a damaged file is then set aside and named)."""
        if self.store is None:
            return {"key": HostKey()}
        meta, lines = self.store.recover_meta()
        for line in lines:
            log.error("%s", line)
            self.damaged.append(line)
        try:
            meta["key"] = HostKey.from_hex(meta["key"]) if isinstance(meta.get("key"), str) else HostKey()
        except ValueError:
            meta["key"] = HostKey()
        return meta

    def _check_witness(self, table: Table) -> None:
        """A journal whose size fits its witness must also stand at the witness's hand and phase."""
        assert self.store is not None
        head = read_head(self.store.head_path(table.store_name))
        j = table.keeper.journal
        if head is None or j is None or head["gen"] != j.gen or head["size"] != j.size:
            return
        now = table.describe()
        if (head.get("hand"), head.get("phase")) != (now["hand"], now["phase"]):
            raise Damaged(j.path, f"it stands at {store_where(now)}, but the host had saved {store_where(head)}")

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
        try:
            self.store.head_path(fname).unlink()  # a new journal starts a new witness
        except OSError:
            pass
        if p.exists():
            done = self.store.root / "done"
            done.mkdir(exist_ok=True)
            p.replace(unique(done / f"{fname}-{time.strftime('%Y%m%d-%H%M%S')}.unfinished{p.suffix}"))

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
                self.store.save_meta(self.meta())
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

    def meta(self) -> dict:
        """What ``host.meta`` holds (journals keep a copy, so a damaged file loses neither the key nor the port)."""
        return {"name": self.name, "port": self.port, "host_id": self.host_id, "key": self.key.secret_hex}

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

    def stop(self, ended: bool = False) -> None:
        """Stop serving. ``ended``: the hosting player ended the table for everyone (the players are told so and
        stop waiting for it); otherwise they keep trying to reconnect, as after a crash (``--resume``)."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._shutdown, ended)
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

    def _shutdown(self, ended: bool = False) -> None:
        assert self.loop is not None
        for c in list(self.conns):
            c.kill(Code.ENDED if ended else Code.SHUTDOWN)
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
    HS_PER_TURN = 4  # key agreements per turn of the loop: a burst of hellos waits its turn behind the players

    def queue_handshake(self, conn: Conn, body: bytes) -> None:
        """A client's ``ch``: its key agreement runs a few at a time, each batch after what else is ready (a
        player's move is never behind more than a few of them)."""
        self._hs_queue.append((conn, body))
        if not self._hs_draining and self.loop is not None:
            self._hs_draining = True
            self.loop.call_soon(self._drain_handshakes)

    def _drain_handshakes(self) -> None:
        for _ in range(self.HS_PER_TURN):
            if not self._hs_queue:
                break
            conn, body = self._hs_queue.popleft()
            try:
                conn.handshake_turn(body)
            except Exception:
                log.exception("peer %s: handshake failed", conn.peer)
                conn.kill(Code.INTERNAL)
        if self._hs_queue and self.loop is not None:
            self.loop.call_soon(self._drain_handshakes)
        else:
            self._hs_draining = False

    def admit(self, conn: Conn) -> bool:
        """Room for a new connection: per address first, then in all; the oldest unseated ones make way."""
        lim = self.limits
        same = self.by_addr.get(conn.ip, [])
        if sum(1 for c in same if c.keys is None) >= lim.hs_per_addr:
            conn.kill(Code.BUSY, f"more than {lim.hs_per_addr} handshakes at once from {conn.ip}")
            return False
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
        cost = wire.COST.get(t, 1.0)
        if cost and not conn.charge(cost):
            return
        handler = self.HANDLERS.get(t)
        if handler is not None:
            handler(self, conn, msg, t0)

    def _on_list(self, conn: Conn, msg: dict, t0: float) -> None:
        conn.send(wire.make("tables", proto=wire.PROTOCOL, host=self.name[:64], host_id=self.host_id,
                            tables=[tb.summary() for tb in self.tables.values()]))

    def _on_ping(self, conn: Conn, msg: dict, t0: float) -> None:
        conn.send(wire.make("pong", n=msg["n"]))

    def _on_bye(self, conn: Conn, msg: dict, t0: float) -> None:
        if conn.table is not None:
            conn.table.drop(conn, leaving=True)
        conn.kill(Code.LEFT)

    def _on_sync(self, conn: Conn, msg: dict, t0: float) -> None:
        if conn.watching is not None:
            conn.watching.watch_sync(conn)
            conn.watching.keeper.flush()
        elif conn.table is None:
            conn.refuse(Code.NOT_JOINED, None, msg["n"])
        else:
            conn.table.resync(conn)

    def _seated(self, conn: Conn, msg: dict) -> Table | None:
        """The table of a seated connection; a watcher or a stranger is refused."""
        if conn.watching is not None:
            conn.refuse(Code.WATCHER, None, msg.get("n"))
        elif conn.table is None:
            conn.refuse(Code.NOT_JOINED, None, msg.get("n"))
        else:
            return conn.table
        return None

    def _on_act(self, conn: Conn, msg: dict, t0: float) -> None:
        table = self._seated(conn, msg)
        if table is not None:
            err = table.act(conn, msg, t0)
            if err:
                conn.refuse(err[0], err[1], msg["n"])

    def _on_next(self, conn: Conn, msg: dict, t0: float) -> None:
        table = self._seated(conn, msg)
        if table is not None:
            err = table.ready(conn)
            if err:
                conn.refuse(err[0], err[1], msg["n"])

    def _on_say(self, conn: Conn, msg: dict, t0: float) -> None:
        table = self._seated(conn, msg)
        if table is not None:
            err = table.say(conn, msg["id"])
            if err:
                conn.refuse(err[0], err[1], msg["n"])

    def _on_shuffle(self, conn: Conn, msg: dict, t0: float) -> None:
        table = self._seated(conn, msg)
        if table is not None:
            err = table.shuffle_answer(conn, msg)
            if err:
                conn.refuse(err[0], err[1], None)

    def _not_joined(self, conn: Conn) -> bool:
        if conn.table is not None or conn.watching is not None:
            conn.refuse(Code.ALREADY_JOINED, None, None)
            return False
        if conn.pake is not None:
            conn.refuse(Code.NOT_NOW, "a password run is under way", None)
            return False
        return True

    def _table_named(self, conn: Conn, tid: str | None) -> bool:
        if tid is not None and tid not in self.tables:
            conn.refuse(Code.NO_TABLE, f"no table {tid!r} here", None)
            return False
        return True

    def _on_hello(self, conn: Conn, msg: dict, t0: float) -> None:
        if not self._not_joined(conn) or not self._table_named(conn, msg.get("table")):
            return
        tid = msg.get("table")
        proof = msg.get("proof")
        if proof:
            assert conn.keys is not None
            for held in ([self.tables[tid]] if tid is not None else self.tables.values()):
                i = held.find_proof(proof, conn.keys, msg.get("seat"))
                if i is not None:
                    held.rejoin(conn, i, msg["name"].strip() or "player")
                    return
            conn.refuse(Code.BAD_TOKEN, None, None)
            return
        table = self.tables[tid] if tid is not None else \
            next((tb for tb in self.tables.values() if any(s.open for s in tb.slots)), None)
        if table is None:
            conn.refuse(Code.FULL, "every table is full", None)
            return
        seat = msg.get("seat")
        if seat is not None and not 0 <= seat < table.n:
            conn.refuse(Code.FULL, f"the table has seats 0..{table.n - 1}", None)
            return
        if not any(s.open for s in table.slots) or (seat is not None and not table.slots[seat].open):
            conn.refuse(Code.FULL, table.full_text(seat), None)
            return
        self._password(conn, table, msg, self._seat)

    def _seat(self, conn: Conn, table: Table, msg: dict) -> None:
        err = table.join(conn, msg["name"].strip() or "player", msg.get("seat"))
        if err:
            conn.refuse(err, table.full_text(msg.get("seat")) if err == Code.FULL else None, None)

    def _on_watch(self, conn: Conn, msg: dict, t0: float) -> None:
        """A watcher: no seat, its own limits per address and in all; a password table wants its password."""
        if not self._not_joined(conn) or not self._table_named(conn, msg.get("table")):
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
        self._password(conn, table, msg, self._watch)

    def _watch(self, conn: Conn, table: Table, msg: dict) -> None:
        conn.watch_mode()
        err = table.watch(conn)
        if err:
            conn.refuse(err, None, None)

    # ---------------------------------------------------------------- passwords
    def _password(self, conn: Conn, table: Table, msg: dict, then) -> None:
        """``then(conn, table, msg)`` at once at a table without a password; else after a CPace run (``pake`` out,
        ``pw`` back), each try held to the address's and the table's throttle."""
        if not table.password:
            then(conn, table, msg)
            return
        wait = max(self.pw_by_addr.wait(conn.ip), self.pw_by_table.wait(table.table_id))
        if wait > 0:
            conn.refuse(Code.SLOW_DOWN, f"{wire.ERRORS[Code.SLOW_DOWN]} ({wait:.0f} s)", None)
            return
        if msg.get("pk") is None:
            conn.refuse(Code.PASSWORD, "this table has a password", None)
            return
        assert conn.keys is not None
        try:
            party = cpace.Party(table.password, self.pake_ci(), conn.keys.th, initiator=False)
            isk = party.finish(msg["pk"])
        except cpace.PakeError as e:
            conn.refuse(Code.MALFORMED, str(e), None)
            return
        conn.pake = (isk, table, msg, then)
        conn.send(wire.make("pake", pk=party.msg))

    def pake_ci(self) -> bytes:
        """CPace's channel identifier: this host (the run is bound to the connection by its transcript as ``sid``;
        a client that names no table does not know which table's password it proves until it is seated)."""
        return b"yunguimj/3 password\0" + self.host_id.encode()

    def _on_pw(self, conn: Conn, msg: dict, t0: float) -> None:
        if conn.pake is None:
            conn.refuse(Code.NOT_NOW, "no password run under way", None)
            return
        isk, table, first, then = conn.pake
        conn.pake = None
        if auth.same(msg["tag"], cpace.confirm(isk, b"client")):
            self.pw_by_addr.forget(conn.ip)
            then(conn, table, first)
            return
        n_addr = self.pw_by_addr.failed(conn.ip)
        n_table = self.pw_by_table.failed(table.table_id)
        lim = self.limits
        if n_addr == lim.pw_free or n_table == lim.pw_table_free or n_table % 50 == 0:
            log.warning("%d wrong passwords for table %s (%d from %s): further tries must wait", n_table,
                        table.table_id, n_addr, conn.ip)
        conn.refuse(Code.PASSWORD, None, None)

    # one line per client message type (``protocol.CLIENT``): handler(host, conn, msg, t0)
    HANDLERS: ClassVar[dict[str, Callable]] = {
        "hello": _on_hello, "watch": _on_watch, "pw": _on_pw, "list": _on_list, "ping": _on_ping, "bye": _on_bye,
        "sync": _on_sync, "act": _on_act, "next": _on_next, "commit": _on_shuffle, "reveal": _on_shuffle,
        "say": _on_say}


async def _call(fn):
    return fn()
