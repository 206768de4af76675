"""The network session (``NetSession``, a ``game.session.Session``) and a headless bot client."""

from __future__ import annotations

import collections
import selectors
import socket
import threading
import time

from game.rules.actions import Action
from game.session import Session

from . import protocol as P
from .seatbot import DecisionBot

REFUSALS = ("version", "password", "full", "no_table", "bad_token")  # a join that cannot succeed by retrying
FINAL_BYES = ("superseded", "left", "version", "flood", "garbage", "too_big", "slow", "timeout")


class NetSession(Session):
    """One seat at a LAN table. ``status``: connecting, seated, reconnecting, refused, closed.

    The socket lives in a background thread: ``poll()``/``send()`` never block the UI.
    Messages are applied to ``view`` only in ``poll()``, so a frame always draws one
    consistent state. A dropped connection is retried with the seat token for
    ``reconnect_s`` seconds (the host holds the seat meanwhile).
    """

    def __init__(self, host: str, port: int, name: str, table_id: str | None = None, password: str | None = None,
                 token: str | None = None, *, seat: int | None = None, reconnect_s: float = 60.0,
                 connect_timeout: float = 5.0, tap=None, start: bool = True):
        self.addr = (host, int(port))
        self.name = name
        self.table_id = table_id
        self.password = password
        self.token = token
        self.want_seat = seat
        self.reconnect_s = reconnect_s
        self.connect_timeout = connect_timeout
        self.tap = tap  # tap(direction, bytes): every byte received ("in") and frame sent ("out")
        self.seat: int | None = None
        self.view: dict | None = None
        self.error: str | None = None
        self.error_code: str | None = None
        self.refusals: list[tuple[str, str]] = []  # (code, message) of every error the host sent
        self.status = "connecting"
        self.variant = None  # the Variant object once seated
        self.variant_id: str | None = None
        self.options: dict | None = None
        self.n: int | None = None
        self.hands_total: int | None = None
        self.table_name: str | None = None
        self.host_name: str | None = None
        self.names: list = []
        self.connected: list = []
        self.bots: list = []
        self.held: list = []
        self.started = False
        self.seq = 0  # seq of the last state applied by poll(); sent back as ``ack``
        self.hand_no: int | None = None
        self.step: int | None = None
        self.hand_over = False
        self.updates = 0  # state messages applied so far
        self.connections = 0  # welcomes received (a reconnect increments it)
        self._match_over = False
        self._totals: list[int] = []
        self._inbox: collections.deque = collections.deque()
        self._out: collections.deque = collections.deque()
        self._cv = threading.Condition()
        self._n = 0
        self._closing = False
        self._sock: socket.socket | None = None
        self._pause_until = 0.0
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self._thread = threading.Thread(target=self._io, name="netplay-client", daemon=True)
        if start:
            self._thread.start()

    # ================================================================ Session interface
    def poll(self) -> list[dict]:
        with self._cv:
            msgs = list(self._inbox)
            self._inbox.clear()
        events: list[dict] = []
        for m in msgs:
            t = m["t"]
            if t == "state":
                v = m["view"]
                if v is not None:
                    v = P.view_from_wire(v)
                self.view = v
                self.seq = m["seq"]
                self.hand_no, self.step = m["hand_no"], m["step"]
                self.hand_over, self._match_over = m["hand_over"], m["match_over"]
                self._totals = list(m["totals"])
                self.hands_total = m["hands"]
                self.updates += 1
                events.extend(m["events"])
            elif t == "table":
                self.names, self.connected = m["names"], m["connected"]
                self.bots, self.held, self.started = m["bots"], m["held"], m["started"]
            elif t == "error":
                self.error, self.error_code = m["msg"], m["code"]
                self.refusals.append((m["code"], m["msg"]))
        return events

    def send(self, action: Action) -> None:
        if self.seat is None or action.seat != self.seat:
            self.error, self.error_code = "not your seat", "not_your_seat"
            return
        self._send_msg(P.make("act", n=self._next_n(), ack=self.seq, a=P.action_to_wire(action)))

    def next_hand(self) -> None:
        if self.hand_over and not self._match_over:
            self._send_msg(P.make("next", n=self._next_n(), ack=self.seq))

    def request_sync(self) -> None:
        self._send_msg(P.make("sync", n=self._next_n()))

    @property
    def match_over(self) -> bool:
        return self._match_over

    @property
    def totals(self) -> list[int]:
        return list(self._totals)

    def interrupt(self, pause: float = 0.0) -> None:
        """Drop the connection abruptly, as a network failure would, and reconnect after ``pause`` seconds."""
        self._pause_until = time.monotonic() + pause
        sock = self._sock
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def wait(self, timeout: float) -> bool:
        """Block until a message is waiting for ``poll()`` (or the session ended); for headless loops."""
        with self._cv:
            return self._cv.wait_for(lambda: self._inbox or self.status in ("closed", "refused"), timeout)

    def close(self) -> None:
        if self._closing:
            return
        self._closing = True
        self._wake()
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(3)
        for s in (self._wake_r, self._wake_w):
            s.close()

    # ================================================================ sending
    def _next_n(self) -> int:
        self._n += 1
        return self._n

    def _send_msg(self, msg: dict) -> None:
        self._send_raw(P.encode(msg))

    def _send_raw(self, frame: bytes) -> None:
        with self._cv:
            self._out.append(frame)
        self._wake()

    def _wake(self) -> None:
        try:
            self._wake_w.send(b"\0")
        except OSError:
            pass

    # ================================================================ the I/O thread
    def _io(self) -> None:
        give_up = time.monotonic() + self.connect_timeout
        try:
            while not self._closing:
                try:
                    sock = socket.create_connection(self.addr, timeout=2.0)
                except OSError as e:
                    if time.monotonic() >= give_up:
                        self._end("closed", f"cannot reach the host at {self.addr[0]}:{self.addr[1]} ({e.strerror or e})")
                        return
                    time.sleep(0.2)
                    continue
                outcome = self._serve(sock)
                if outcome != "lost" or self._closing:
                    return
                if not self.token:
                    self._end("closed", "the connection to the host was lost")
                    return
                self.status = "reconnecting"
                self.error, self.error_code = "connection to the host lost; reconnecting", "reconnecting"
                give_up = time.monotonic() + self.reconnect_s
                time.sleep(max(0.2, self._pause_until - time.monotonic()))
        finally:
            if self.status not in ("refused", "closed"):
                self._end("closed", None)

    def _end(self, status: str, error: str | None) -> None:
        with self._cv:
            self.status = status
            if error:
                self.error = error
            self._cv.notify_all()

    def _serve(self, sock: socket.socket) -> str:
        """Talk on one connection; returns "lost" (try again) or "done"."""
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.setblocking(False)
        with self._cv:
            self._out.clear()  # actions queued while disconnected refer to a state that is gone
        out = bytearray(P.encode(P.make("hello", proto=P.PROTOCOL, name=self.name[:32], table=self.table_id,
                                        password=self.password, token=self.token, seat=self.want_seat)))
        if self.tap:
            self.tap("out", bytes(out))
        reader = P.FrameReader()
        sel = selectors.DefaultSelector()
        sel.register(self._wake_r, selectors.EVENT_READ)
        sel.register(sock, selectors.EVENT_READ)
        self._sock = sock
        last_rx = time.monotonic()
        pinged = False
        try:
            while not self._closing:
                with self._cv:
                    while self._out:
                        frame = self._out.popleft()
                        if self.tap:
                            self.tap("out", frame)
                        out += frame
                sel.modify(sock, selectors.EVENT_READ | (selectors.EVENT_WRITE if out else 0))
                for key, mask in sel.select(timeout=1.0):
                    if key.fileobj is self._wake_r:
                        try:
                            while self._wake_r.recv(4096):
                                pass
                        except OSError:
                            pass
                        continue
                    if mask & selectors.EVENT_READ:
                        try:
                            data = sock.recv(1 << 16)
                        except BlockingIOError:
                            continue
                        if not data:
                            return "lost"
                        last_rx = time.monotonic()
                        pinged = False
                        if self.tap:
                            self.tap("in", data)
                        for body in reader.feed(data):
                            if self._on_msg(P.decode(body, P.HOST)) == "done":
                                return "done"
                    if mask & selectors.EVENT_WRITE and out:
                        try:
                            del out[:sock.send(out)]
                        except BlockingIOError:
                            pass
                idle = time.monotonic() - last_rx
                if idle > 30:
                    return "lost"
                if idle > 10 and not pinged and self.seat is not None:
                    pinged = True
                    out += P.encode(P.make("ping", n=self._next_n()))
            if self._closing:
                try:
                    sock.setblocking(True)
                    sock.settimeout(0.5)
                    sock.sendall(bytes(out) + P.encode(P.make("bye")))
                except OSError:
                    pass
            return "done"
        except (OSError, P.ProtocolError):
            return "lost"
        finally:
            self._sock = None
            sel.close()
            sock.close()

    def _on_msg(self, m: dict) -> str | None:
        t = m["t"]
        if t == "welcome":
            from game.rules.variants import get as get_variant

            self.seat, self.token, self.table_id = m["seat"], m["token"], m["table"]
            self.n, self.hands_total, self.table_name, self.host_name = m["n"], m["hands"], m["table_name"], m["host"]
            self.variant_id, self.options = m["variant"], m["options"]
            try:
                self.variant = get_variant(m["variant"])
            except ValueError:
                self.variant = None
            self.connections += 1
            self.status = "seated"
            self.error, self.error_code = None, None
            return None
        if t == "error" and m["code"] in REFUSALS and (self.status != "seated" or m["code"] == "version"):
            self._end("refused", m["msg"])
            self.error_code = m["code"]
            return "done"
        if t == "bye":
            if m["code"] == "shutdown":
                return "lost"  # the host may come back (--resume): keep trying with the token
            self.error_code = m["code"]
            self._end("closed", m["msg"] if m["code"] != "left" else None)
            return "done" if m["code"] in FINAL_BYES else "lost"
        with self._cv:
            self._inbox.append(m)
            self._cv.notify_all()
        return None


def list_tables(host: str, port: int, timeout: float = 3.0) -> list[dict]:
    """The tables of the host at this address (the join screen's manual-address fallback).

    Keys as ``discovery.Browser.tables()`` minus the address fields. Raises OSError or
    ``protocol.ProtocolError`` (``code == "version"`` when the host speaks another protocol)."""
    with socket.create_connection((host, int(port)), timeout=timeout) as sock:
        sock.sendall(P.encode(P.make("list", proto=P.PROTOCOL)))
        reader = P.FrameReader()
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            sock.settimeout(max(0.01, end - time.monotonic()))
            data = sock.recv(1 << 16)
            if not data:
                break
            for body in reader.feed(data):
                m = P.decode(body, P.HOST)
                if m["t"] == "tables":
                    return [dict(t, protocol=m["proto"]) for t in m["tables"]]
                if m["t"] == "error":
                    raise P.ProtocolError(m["msg"], m["code"])
    raise OSError(f"no table list from {host}:{port}")


class BotClient:
    """A headless client: a bot plays its seat through a NetSession until the match is over."""

    def __init__(self, host: str, port: int, level: str = "simple", name: str | None = None, *, seed=0,
                 table_id: str | None = None, password: str | None = None, token: str | None = None,
                 seat: int | None = None, think: float = 0.0, tap=None, reconnect_s: float = 60.0,
                 connect_timeout: float = 5.0):
        self.bot = DecisionBot(level, seed)
        self.think = think
        self.session = NetSession(host, port, name or f"bot-{level}", table_id, password, token, seat=seat, tap=tap,
                                  reconnect_s=reconnect_s, connect_timeout=connect_timeout)
        self.events: list[dict] = []  # every event the seat received, in order
        self.decisions = 0

    def step(self) -> None:
        """Act on whatever arrived (called in the loop of ``run``)."""
        s = self.session
        self.events.extend(s.poll())
        v = s.view
        if v is not None and v["legal"] and not s.hand_over and self._acted != (s.connections, s.updates):
            if self.think:
                time.sleep(self.think)
            self._acted = (s.connections, s.updates)
            self.decisions += 1
            s.send(self.bot.act(v))
        if s.hand_over and not s.match_over and self._nexted != (s.connections, s.hand_no):
            self._nexted = (s.connections, s.hand_no)
            s.next_hand()

    _acted = None
    _nexted = None

    def run(self, timeout: float | None = None) -> dict:
        """Play until the match is over; returns {table, seat, totals, hands}. RuntimeError when refused."""
        s = self.session
        end = None if timeout is None else time.monotonic() + timeout
        try:
            while True:
                s.wait(0.25)
                self.step()
                if s.match_over:
                    return {"table": s.table_id, "seat": s.seat, "totals": s.totals, "hands": s.hands_total}
                if s.status in ("refused", "closed"):
                    raise RuntimeError(s.error or s.status)
                if end is not None and time.monotonic() > end:
                    raise TimeoutError(f"match not over after {timeout} s (status {s.status})")
        finally:
            s.close()
