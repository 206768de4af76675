"""Write before telling: a table's journal records go to a writer thread, and its messages wait for them.

A ``Keeper`` sits between a table and its peers. Records are queued as they happen
(``record``/``compact``) and handed to the host's I/O threads in batches, one batch in
flight per table (a group commit: what piled up during one ``fdatasync`` goes in the
next). A message (``send``) that follows a queued record waits until that record is on
disk. When the disk refuses, the keeper says so once (``on_stall``), keeps everything,
retries with a growing pause, and says so again when saving works (``on_saved``).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable

from .store import Journal, encode

log = logging.getLogger("netplay.host")

COMPACT_AFTER = 2000  # records since the last base: compact even mid-hand (a long lobby churn)


class Keeper:
    """``journal`` None: nothing is kept and every message goes out at once."""

    def __init__(self, host, journal: Journal | None, on_stall: Callable[[str], None],
                 on_saved: Callable[[], None], since_base: int = 0, describe: Callable[[], dict] | None = None):
        self.host = host
        self.journal = journal
        self.describe = describe or dict  # the table's hand and phase, written to the journal's witness
        self.gen = journal.gen if journal is not None else 0
        self.on_stall = on_stall
        self.on_saved = on_saved
        self.since_base = since_base
        self.stalled: str | None = None  # why the disk refuses (None: writing fine)
        self._queue: list[tuple[str, bytes]] = []  # ("a", records) appends, ("b", record) a new base
        self._inflight: list[tuple[str, bytes]] | None = None
        self._held: list = []  # (peer, msg), or (None, t0) for a latency mark
        self._retry = None
        self._retry_s = 0.5

    # ------------------------------------------------------------------ what the table does
    def record(self, rec: dict, base: Callable[[], dict]) -> None:
        """Queue a change (``base()`` gives the whole table, when the journal is due for compaction)."""
        if self.journal is None:
            return
        self._queue.append(("a", encode(rec)))
        self.since_base += 1
        if self.since_base >= COMPACT_AFTER:
            self.compact(base())

    def compact(self, base: dict) -> None:
        """Queue a rewrite of the journal as the single record ``base`` (after the appends before it)."""
        if self.journal is not None:
            self.gen += 1
            self._queue.append(("b", encode(dict(base, gen=self.gen))))
            self.since_base = 0

    def send(self, peer, msg: dict | bytes) -> None:
        """Send now, or once the records queued before it are on disk (bytes: a frame encoded for many watchers)."""
        if self._queue or self._inflight is not None or self._held:
            self._held.append((peer, msg))
        else:
            peer.send(msg)

    def mark(self, t0: float) -> None:
        """Record the host's time for an action (read at ``t0``) when what it caused goes out."""
        self._held.append((None, t0))

    def flush(self) -> None:
        """Hand the queued records to a writer thread, or deliver what waits when nothing does."""
        if self._inflight is not None or self._retry is not None:
            return
        if not self._queue:
            self._deliver(len(self._held))
            return
        batch: list[tuple[str, bytes]] = []
        for kind, data in self._queue:
            if kind == "a" and batch and batch[-1][0] == "a":
                batch[-1] = ("a", batch[-1][1] + data)
            else:
                batch.append((kind, data))
        self._queue = []
        self._inflight = batch
        upto = len(self._held)
        fut = self.host.io.submit(write, self.journal, batch, self.describe(), self.gen)
        fut.add_done_callback(lambda f: self.host.soon(self._written, f, upto))

    def close(self) -> None:
        if self._retry is not None:
            self._retry.cancel()
            self._retry = None
        if self.journal is not None:
            self.journal.close()

    # ------------------------------------------------------------------ on the loop, after a write
    def _written(self, fut, upto: int) -> None:
        batch = self._inflight or []
        self._inflight = None
        try:
            done, err = fut.result()
        except Exception as e:  # noqa: BLE001 - a writer bug is reported like a failing disk
            done, err = 0, e
        if err is None:
            self._deliver(upto)
            if self.stalled:
                self.stalled = None
                self._retry_s = 0.5
                self.on_saved()
            self.flush()
            return
        self._queue[:0] = batch[done:]
        first = not self.stalled
        self.stalled = why(err)
        if first:
            self.on_stall(self.stalled)
        self._retry = self.host.loop.call_later(self._retry_s, self._retry_now)
        self._retry_s = min(5.0, self._retry_s * 2)

    def _retry_now(self) -> None:
        self._retry = None
        self.flush()

    def _deliver(self, upto: int) -> None:
        held, self._held = self._held[:upto], self._held[upto:]
        now = time.perf_counter()
        for peer, msg in held:
            if peer is None:
                self.host.record_latency(now - msg)
            else:
                peer.send(msg)


def why(err: BaseException) -> str:
    return (getattr(err, "strerror", None) or str(err) or type(err).__name__)[:120]


def write(journal: Journal, batch: list[tuple[str, bytes]], tag: dict | None = None,
          gen: int | None = None) -> tuple[int, BaseException | None]:
    """The writer thread's part: every item in order; stops at the first append that fails. Then the journal's
    witness (``tag``: the table's hand and phase once the batch is on disk; ``gen``: the last base's generation)."""
    done, err = _write(journal, batch, gen)
    if err is None and tag is not None:
        journal.witness(tag)
    return done, err


def _write(journal: Journal, batch: list[tuple[str, bytes]], gen: int | None) -> tuple[int, BaseException | None]:
    done = 0
    for kind, data in batch:
        try:
            if kind == "b":
                journal.rewrite(data, json.loads(data[9:]).get("gen", gen))
            else:
                journal.append(data)
        except OSError as e:
            if kind == "b" and journal.has_base:
                log.warning("%s: compaction failed (%s); the journal keeps growing until it works", journal.path.name,
                            why(e))
            else:
                return done, e
        done += 1
    return done, None
