"""A loopback TCP relay that can freeze, for the LAN tests: a peer that stops answering, on every system.

``FreezingRelay(host_addr)`` listens on 127.0.0.1 and relays every connection to the host. ``freeze()`` is a
laptop lid shut (or SIGSTOP of the peer): nothing passes either way any more and nothing is closed, so both
ends see an open connection that stays silent. ``thaw()`` is the lid opened again: what the far end gave up on
during the silence ends (the peer reads the close it would have found on waking) and new connections pass again.
"""

from __future__ import annotations

import socket
import threading


class FreezingRelay:
    def __init__(self, target: tuple[str, int]):
        self.target = target
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._listener.settimeout(0.05)
        self.address = self._listener.getsockname()[:2]
        self._frozen = threading.Event()
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._open: list[socket.socket] = []  # every socket of every relayed or held connection
        self._thread = threading.Thread(target=self._accept, name="relay-accept", daemon=True)
        self._thread.start()

    @property
    def port(self) -> int:
        return int(self.address[1])

    def freeze(self) -> None:
        self._frozen.set()

    def thaw(self) -> None:
        """End every connection that lived through the freeze; new ones are relayed again."""
        with self._lock:
            stale, self._open = self._open, []
            self._frozen.clear()
        for s in stale:
            _close(s)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(5)
        _close(self._listener)
        with self._lock:
            stale, self._open = self._open, []
        for s in stale:
            _close(s)

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            if self._frozen.is_set():  # the lid is shut: the connection is accepted by the kernel, never answered
                with self._lock:
                    self._open.append(conn)
                continue
            try:
                up = socket.create_connection(self.target, timeout=60)
            except OSError:
                _close(conn)
                continue
            with self._lock:
                self._open += [conn, up]
            for a, b in ((conn, up), (up, conn)):
                threading.Thread(target=self._pump, args=(a, b), name="relay-pump", daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket) -> None:
        src.settimeout(0.05)
        while not self._stop.is_set():
            if self._frozen.is_set():
                self._frozen_wait()
                continue
            try:
                data = src.recv(65536)
            except TimeoutError:
                continue
            except OSError:
                break
            if not data or self._frozen.is_set():
                if data:  # read just as the lid shut: it never arrives
                    continue
                break
            try:
                dst.sendall(data)
            except OSError:
                break
        _close(src)
        _close(dst)

    def _frozen_wait(self) -> None:
        self._stop.wait(0.05)


def _close(s: socket.socket) -> None:
    try:
        s.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    try:
        s.close()
    except OSError:
        pass
