"""Durable host state: one append-only journal per table (checksummed lines), compacted between hands.

A journal is a text file of records, one per line: ``<crc32 as 8 hex digits> <json>``.
The first record is a ``base`` (the whole table as of the last compaction); every
later one is a change (an action, a deal, a seat change). An action costs one short
append and one ``fdatasync`` before any peer hears of it; compaction rewrites the
file as a single base (temp file, fsync, rename) between hands.

Reading is strict: a complete line with a bad checksum, bad JSON or an unknown
record makes the file ``Damaged`` (the error names the file); only an unterminated
last line - a write cut off before it was acknowledged - is dropped.
"""

from __future__ import annotations

import errno
import json
import os
import time
import zlib
from pathlib import Path

FORMAT = 2
SUFFIX = ".journal"
# Windows opens descriptors in text mode unless told otherwise ("\n" would be written as "\r\n")
_BINARY = getattr(os, "O_BINARY", 0)
# fdatasync is Linux's; Windows and macOS flush file data with fsync
_datasync = getattr(os, "fdatasync", os.fsync)


def default_dir() -> Path:
    """Where ``python -m game host`` keeps its tables unless ``--state-dir`` says otherwise."""
    from game.userdirs import host_state_dir

    return host_state_dir()


class Damaged(ValueError):
    """A saved file that cannot be trusted; ``str()`` is one line naming the file."""

    def __init__(self, path: Path, why: str):
        super().__init__(f"{path.name} is damaged ({why})")
        self.path = Path(path)
        self.why = why


def encode(rec: dict) -> bytes:
    body = json.dumps(rec, ensure_ascii=False, separators=(",", ":")).encode()
    return b"%08x " % zlib.crc32(body) + body + b"\n"


def _decode(line: bytes) -> dict | None:
    """One record, or None when its checksum or JSON does not hold."""
    if len(line) < 10 or line[8:9] != b" ":
        return None
    try:
        crc = int(line[:8], 16)
    except ValueError:
        return None
    body = line[9:]
    if zlib.crc32(body) != crc:
        return None
    try:
        rec = json.loads(body)
    except ValueError:
        return None
    return rec if isinstance(rec, dict) and isinstance(rec.get("k"), str) else None


def read_records(path: Path) -> tuple[list[dict], int]:
    """Every record of a journal and how many bytes of a cut-off last line were dropped; Damaged otherwise."""
    try:
        data = path.read_bytes()
    except OSError as e:
        raise Damaged(path, f"cannot read it: {e.strerror or e}") from None
    if not data:
        raise Damaged(path, "empty file")
    lines = data.split(b"\n")
    tail = lines.pop()  # b"" when the file ends with a newline
    out = []
    for k, line in enumerate(lines):
        rec = _decode(line)
        if rec is None:
            raise Damaged(path, f"record {k + 1}: checksum or format mismatch")
        out.append(rec)
    dropped = 0
    if tail:
        # A record whose newline alone is missing or changed is complete: keep it. Anything
        # else was cut off by a crash or a full disk before any peer heard of it.
        rec = _decode(tail) or _decode(tail[:-1])
        if rec is not None:
            out.append(rec)
        else:
            dropped = len(tail)
    if not out or out[0]["k"] != "base":
        raise Damaged(path, "it does not start with a table record")
    if out[0].get("format") != FORMAT:
        raise Damaged(path, f"format {out[0].get('format')!r}, this game reads {FORMAT}")
    return out, dropped


def _fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return  # Windows opens no folder this way (and needs no folder sync for a rename to last)
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` by ``data`` so that a reader sees the old or the new file; OSError leaves the old one."""
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _BINARY, 0o600)
    try:
        try:
            view = memoryview(data)
            while view:
                n = os.write(fd, view)
                if n <= 0:
                    raise OSError(errno.ENOSPC, "short write")
                view = view[n:]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


class Journal:
    """The writing end of one table's journal. Not thread-safe: its table keeps one write in flight."""

    def __init__(self, path: Path, size: int | None = None):
        self.path = Path(path)
        self.size = size  # bytes known good (None: no base written yet)
        self._fd: int | None = None

    @property
    def has_base(self) -> bool:
        return self.size is not None

    def rewrite(self, base: bytes) -> None:
        """Compaction: the file becomes the single record ``base``."""
        self.close()  # first: Windows refuses to replace a file that is still open
        write_atomic(self.path, base)
        self.size = len(base)

    def append(self, data: bytes) -> None:
        """Add records durably, all or nothing: a short write is cut back off and raised as OSError."""
        if self.size is None:
            raise OSError(errno.ENOENT, "the journal has no table record yet")
        if self._fd is None:
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | _BINARY)
        fd = self._fd
        if os.fstat(fd).st_size != self.size:
            os.ftruncate(fd, self.size)  # what an earlier failed write left behind
        try:
            n = os.write(fd, data)
            if n != len(data):
                raise OSError(errno.ENOSPC, f"short write ({n} of {len(data)} bytes)")
            _datasync(fd)
        except OSError:
            try:
                os.ftruncate(fd, self.size)
            except OSError:
                pass  # the next append cuts it again before writing
            raise
        self.size += n

    def close(self) -> None:
        if self._fd is not None:
            try:
                os.close(self._fd)
            except OSError:
                pass
            self._fd = None


class Store:
    """A host's state directory: ``host.meta`` and one ``table-<id>.journal`` per table."""

    def __init__(self, root):
        self.root = Path(root)
        self.root.mkdir(parents=True, exist_ok=True)
        try:
            os.chmod(self.root, 0o700)  # seat tokens live here
        except OSError:
            pass

    def path(self, name: str) -> Path:
        return self.root / f"{name}{SUFFIX}"

    def journal(self, name: str, size: int | None = None) -> Journal:
        return Journal(self.path(name), size)

    def names(self) -> list[str]:
        """Every table journal here (``table-*``), in name order."""
        return sorted(p.name[:-len(SUFFIX)] for p in self.root.glob(f"table-*{SUFFIX}"))

    def load(self, name: str) -> tuple[list[dict], int]:
        """(records, size in bytes of the good part); Damaged when the file cannot be trusted."""
        p = self.path(name)
        recs, dropped = read_records(p)
        return recs, p.stat().st_size - dropped

    def set_aside(self, name: str) -> Path:
        """Move a damaged journal out of the way (kept for inspection) so that it is not read again."""
        p = self.path(name)
        dest = p.with_name(f"{p.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
        os.replace(p, dest)
        return dest

    # ------------------------------------------------------------- host facts
    def load_meta(self) -> dict:
        """The host's name, port and id from ``host.meta`` ({} when absent; Damaged when unreadable)."""
        p = self.root / "host.meta"
        if not p.exists():
            return {}
        recs, _ = read_records(p)
        return recs[0]

    def save_meta(self, meta: dict) -> None:
        write_atomic(self.root / "host.meta", encode(dict(meta, k="base", format=FORMAT)))

    def archive(self, name: str, record: dict) -> Path:
        """Keep a finished match as plain JSON in ``done/`` (``python -m game replay`` reads it)."""
        done = self.root / "done"
        done.mkdir(exist_ok=True)
        dest = done / f"{name}-{time.strftime('%Y%m%d-%H%M%S')}-{time.time_ns() % 10**9:09d}.json"
        write_atomic(dest, json.dumps(record, ensure_ascii=False).encode())
        return dest


# ------------------------------------------------------------------ the client side

def default_seats_path() -> Path:
    """Where the window and ``join`` keep their seat tokens (beside the host's state)."""
    return default_dir().parent / "seats.json"


class SeatStore:
    """A client's seat tokens on disk, so a restarted client takes its seat back at once.

    Entries are kept per host id and player name (several, for bots of one name on one
    machine); an entry in use by another running process is left alone.
    """

    KEEP_S = 2 * 24 * 3600

    def __init__(self, path=None):
        self.path = Path(path) if path is not None else default_seats_path()

    def _read(self) -> dict:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict):
            return {}
        now = time.time()
        return {k: [e for e in v if _entry_ok(e) and now - e.get("t", 0) < self.KEEP_S]
                for k, v in data.items() if isinstance(v, list)}

    def _write(self, data: dict) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(self.path, json.dumps({k: v for k, v in data.items() if v}, ensure_ascii=False).encode())
        except OSError:
            pass  # no disk: the seat is only kept in memory, as before

    @staticmethod
    def _key(host_id: str, name: str) -> str:
        return f"{host_id}/{name}"

    def find(self, host_id: str, name: str) -> dict | None:
        """{"table", "seat", "token"} of this player's seat at that host, unless another live process uses it."""
        for e in self._read().get(self._key(host_id, name), []):
            pid = e.get("pid")
            if not (isinstance(pid, int) and pid != os.getpid() and _alive(pid)):
                return {k: e[k] for k in ("table", "seat", "token")}
        return None

    def put(self, host_id: str, name: str, table: str, seat: int, token: str) -> None:
        data = self._read()
        key = self._key(host_id, name)
        entries = [e for e in data.get(key, []) if e["token"] != token]
        entries.append({"table": table, "seat": seat, "token": token, "pid": os.getpid(), "t": time.time()})
        data[key] = entries[-8:]
        self._write(data)

    def forget(self, host_id: str, name: str, token: str | None = None) -> None:
        data = self._read()
        key = self._key(host_id, name)
        data[key] = [e for e in data.get(key, []) if token is not None and e["token"] != token]
        self._write(data)


def _entry_ok(e) -> bool:
    return isinstance(e, dict) and all(isinstance(e.get(k), t) for k, t in (("table", str), ("seat", int),
                                                                           ("token", str)))


def _alive(pid: int) -> bool:
    from game.oscompat import pid_alive

    return pid_alive(pid)
