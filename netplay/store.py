"""Durable host state: one append-only journal per table (checksummed lines), compacted between hands.

A journal is a text file of records, one per line: ``<crc32 as 8 hex digits> <json>``.
The first record is a ``base`` (the whole table as of the last compaction); every
later one is a change (an action, a deal, a seat change). An action costs one short
append and one ``fdatasync`` before any peer hears of it; compaction rewrites the
file as a single base (temp file, fsync, rename) between hands.

Reading is strict: a complete line with a bad checksum, bad JSON or an unknown
record makes the file ``Damaged`` (the error names the file); only an unterminated
last line - a write cut off before it was acknowledged - is dropped, and reported.

A journal alone cannot tell a crash's cut-off last write from a copy cut short (a full
USB stick, a sync tool): both end in a partial line. So after every group commit the
writer also replaces a small witness, ``table-ID.head`` (the base's generation, the
bytes committed, the hand and phase), without a sync of its own: it is never ahead of
the journal, at worst behind. A journal shorter than its witness, or of an older
generation, lost acknowledged records: it is set aside as damaged, never resumed as
an earlier table.
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
HEAD = ".head"


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


def unique(path: Path, at_end: bool = False) -> Path:
    """``path``, or the first of ``path-2``, ``path-3``... (before the suffix, or ``at_end``) that does not exist."""
    if not path.exists():
        return path
    k = 2
    while True:
        p = path.with_name(f"{path.stem}-{k}{path.suffix}" if path.suffix and not at_end else f"{path.name}-{k}")
        if not p.exists():
            return p
        k += 1


def set_aside(path: Path, why: str) -> Path:
    """Rename ``path`` to ``path.WHY-DATE-TIME`` (a number added when that is taken: two in one second never
    overwrite each other); returns the new path."""
    dest = unique(path.with_name(f"{path.name}.{why}-{time.strftime('%Y%m%d-%H%M%S')}"), at_end=True)
    os.replace(path, dest)
    return dest


def read_head(path: Path) -> dict | None:
    """A journal's witness ({gen, size, hand, phase}), or None when there is none that can be trusted."""
    try:
        rec = _decode(path.read_bytes().rstrip(b"\n"))
    except OSError:
        return None
    if rec is None or not isinstance(rec.get("gen"), int) or not isinstance(rec.get("size"), int):
        return None
    return rec


def _where(head: dict) -> str:
    """How far a table was, for people: "hand 3, playing" (hands counted from 1)."""
    hand = head.get("hand")
    return f"{'hand ' + str(hand + 1) + ', ' if isinstance(hand, int) else ''}{head.get('phase', '?')}"


def write_head(path: Path, head: dict) -> None:
    """Replace a journal's witness (no sync: it may lag behind the journal, never run ahead of it)."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        f.write(encode(dict(head, k="head")))
    os.replace(tmp, path)


class Journal:
    """The writing end of one table's journal. Not thread-safe: its table keeps one write in flight."""

    def __init__(self, path: Path, size: int | None = None, gen: int = 0):
        self.path = Path(path)
        self.size = size  # bytes known good (None: no base written yet)
        self.gen = gen  # the base record's generation (one more with every compaction)
        self._fd: int | None = None
        self.head_path = self.path.with_suffix(HEAD)

    def witness(self, tag: dict) -> None:
        """After a group commit: the witness says how far the journal got (a failure only loses the check)."""
        if self.size is None:
            return
        try:
            write_head(self.head_path, dict(tag, gen=self.gen, size=self.size))
        except OSError:
            pass

    @property
    def has_base(self) -> bool:
        return self.size is not None

    def rewrite(self, base: bytes, gen: int | None = None) -> None:
        """Compaction: the file becomes the single record ``base`` (of generation ``gen``)."""
        self.close()  # first: Windows refuses to replace a file that is still open
        write_atomic(self.path, base)
        self.size = len(base)
        if gen is not None:
            self.gen = gen

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
        self.notes: list[str] = []  # what reading found and dealt with (a cut-off last write dropped)
        self.root.mkdir(parents=True, exist_ok=True)
        try:
            os.chmod(self.root, 0o700)  # seat tokens live here
        except OSError:
            pass

    def path(self, name: str) -> Path:
        return self.root / f"{name}{SUFFIX}"

    def journal(self, name: str, size: int | None = None, gen: int = 0) -> Journal:
        return Journal(self.path(name), size, gen)

    def names(self) -> list[str]:
        """Every table journal here (``table-*``), in name order."""
        return sorted(p.name[:-len(SUFFIX)] for p in self.root.glob(f"table-*{SUFFIX}"))

    def load(self, name: str) -> tuple[list[dict], int]:
        """(records, size in bytes of the good part); Damaged when the file cannot be trusted or lost acknowledged
        records (its witness says so). A dropped cut-off last write is reported in ``notes``."""
        p = self.path(name)
        recs, dropped = read_records(p)
        size = p.stat().st_size - dropped
        note = self.check(name, recs, size, dropped)
        if note:
            self.notes.append(note)
        return recs, size

    def set_aside(self, name: str) -> Path:
        """Move a damaged journal out of the way (kept for inspection) so that it is not read again."""
        p = self.path(name)
        dest = set_aside(p, "damaged")
        h = self.head_path(name)
        if h.exists():
            try:
                os.replace(h, dest.with_name(dest.name + HEAD))
            except OSError:
                pass
        return dest

    def head_path(self, name: str) -> Path:
        return self.root / f"{name}{HEAD}"

    def check(self, name: str, recs: list[dict], size: int, dropped: int) -> str | None:
        """Hold a journal read back against its witness: Damaged when acknowledged records are missing; else a
        line to report when a cut-off last write was dropped (None: nothing to say)."""
        p = self.path(name)
        head = read_head(self.head_path(name))
        gen = recs[0].get("gen", 0)
        if head is not None:
            where = _where(head)
            if head["gen"] > gen:
                raise Damaged(p, f"an older copy: the host had saved a later version of this table ({where})")
            if head["gen"] == gen and head["size"] > size:
                raise Damaged(p, f"cut short: {head['size'] - size} bytes of saved records are missing "
                                 f"(the host had saved up to {where})")
        if dropped:
            return (f"{p.name}: a cut-off last write was dropped ({dropped} bytes, never acknowledged to any "
                    f"player)")
        return None

    # ------------------------------------------------------------- host facts
    def load_meta(self) -> dict:
        """The host's name, port, id and key from ``host.meta`` ({} when absent; Damaged when unreadable)."""
        p = self.root / "host.meta"
        if not p.exists():
            return {}
        recs, _ = read_records(p)
        return recs[0]

    def save_meta(self, meta: dict) -> None:
        data = encode(dict(meta, k="base", format=FORMAT))
        write_atomic(self.root / "host.meta", data)
        try:
            write_atomic(self.root / "host.meta.bak", data)
        except OSError:
            pass  # the journals keep a copy as well

    def recover_meta(self) -> tuple[dict, list[str]]:
        """``host.meta``; when it is damaged or gone: its backup, else the copy in a journal (the key, the id and
        the port stay, so players' saved seats still fit); the lines say what happened."""
        p = self.root / "host.meta"
        lines: list[str] = []
        try:
            meta = self.load_meta()
        except Damaged as e:
            try:
                kept = set_aside(p, "damaged").name
            except OSError:
                kept = None
            why: str | None = f"{e}" + (f", kept as {kept}" if kept else "")
            meta = {}
        else:
            if meta:
                return meta, lines
            why = None
        bak = self.root / "host.meta.bak"
        source: str | None = None
        try:
            if bak.exists():
                meta, source = read_records(bak)[0][0], bak.name
        except Damaged:
            meta = {}
        if not meta:
            for name in self.names():
                try:
                    host = read_records(self.path(name))[0][0].get("host")
                except Damaged:
                    continue
                if isinstance(host, dict) and isinstance(host.get("key"), str):
                    meta, source = host, self.path(name).name
                    break
        if why is not None:
            lines.append(f"{why}; " + (f"the host's key, id and port are taken from {source}" if source else
                                       "the host starts with a new key: players must accept it and take new seats"))
        elif source is not None:
            lines.append(f"host.meta is missing; the host's key, id and port are taken from {source}")
        return meta, lines

    def archive(self, name: str, record: dict) -> Path:
        """Keep a finished match as plain JSON in ``done/`` (``python -m game replay`` reads it)."""
        done = self.root / "done"
        done.mkdir(exist_ok=True)
        dest = unique(done / f"{name}-{time.strftime('%Y%m%d-%H%M%S')}-{time.time_ns() % 10**9:09d}.json")
        write_atomic(dest, json.dumps(record, ensure_ascii=False).encode())
        return dest


# ------------------------------------------------------------------ the client side

def default_seats_path() -> Path:
    """Where the window and ``join`` keep their seat tokens (beside the host's state)."""
    return default_dir().parent / "seats.json"


KEYS = "#keys"  # seats.json's list of pinned host keys


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
        out = {k: [e for e in v if _entry_ok(e) and now - e.get("t", 0) < self.KEEP_S]
               for k, v in data.items() if isinstance(v, list) and k != KEYS}
        keys = data.get(KEYS)
        if isinstance(keys, list):
            out[KEYS] = [e for e in keys if isinstance(e, dict) and isinstance(e.get("name"), str)
                         and isinstance(e.get("id"), str)]
        return out

    # ------------------------------------------------------------- pinned host keys (trust on first use)
    def pinned(self, host_name: str) -> str | None:
        """The host id (key fingerprint) this machine has seen under ``host_name``, if any."""
        for e in self._read().get(KEYS, []):
            if e["name"] == host_name:
                return str(e["id"])
        return None

    def pin(self, host_name: str, host_id: str) -> None:
        """Remember ``host_id`` as the key of ``host_name`` (first join, or the player accepted a new key)."""
        data = self._read()
        keys = [e for e in data.get(KEYS, []) if e["name"] != host_name]
        keys.append({"name": host_name, "id": host_id, "t": time.time()})
        data[KEYS] = keys[-256:]
        self._write(data)

    def held(self) -> list[dict]:
        """Every seat this machine holds: {"host_id", "name", "table", "seat", "token"} (newest last)."""
        out = []
        for k, v in self._read().items():
            if k == KEYS:
                continue
            hid, _, name = k.partition("/")
            for e in v:
                pid = e.get("pid")
                if not (isinstance(pid, int) and pid != os.getpid() and _alive(pid)):
                    out.append({"host_id": hid, "name": name, "table": e["table"], "seat": e["seat"],
                                "token": e["token"], "t": e.get("t", 0), "addr": e.get("addr"),
                                "host_name": e.get("host_name"), "table_name": e.get("table_name")})
        return sorted(out, key=lambda e: e["t"])

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

    def put(self, host_id: str, name: str, table: str, seat: int, token: str, addr: str | None = None,
            host_name: str | None = None, table_name: str | None = None) -> None:
        """Keep a seat (``addr``/``host_name``/``table_name``: so that the first screen can offer it back)."""
        data = self._read()
        key = self._key(host_id, name)
        entries = [e for e in data.get(key, []) if e["token"] != token]
        entries.append({"table": table, "seat": seat, "token": token, "pid": os.getpid(), "t": time.time(),
                        "addr": addr, "host_name": host_name, "table_name": table_name})
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
