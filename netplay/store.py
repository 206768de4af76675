"""Durable host state: one JSON file per table, replaced atomically (temp + fsync + rename)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path


def default_dir() -> Path:
    """Where ``python -m game host`` keeps its tables unless ``--state-dir`` says otherwise."""
    from game.userdirs import host_state_dir

    return host_state_dir()


class Store:
    """``save(name, data)`` survives a kill -9 at any point: a reader sees the old or the new file."""

    def __init__(self, root):
        self.root = Path(root)
        self.root.mkdir(parents=True, exist_ok=True)
        try:
            os.chmod(self.root, 0o700)  # seat tokens live here
        except OSError:
            pass

    def path(self, name: str) -> Path:
        return self.root / f"{name}.json"

    def save(self, name: str, data: dict) -> None:
        body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
        final = self.path(name)
        tmp = final.with_name(final.name + ".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, body)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, final)

    def load(self, name: str) -> dict | None:
        try:
            return json.loads(self.path(name).read_text())
        except FileNotFoundError:
            return None

    def tables(self) -> list[dict]:
        """Every saved table (files named ``table-*.json``), in name order."""
        out = []
        for p in sorted(self.root.glob("table-*.json")):
            try:
                out.append(json.loads(p.read_text()))
            except (OSError, ValueError):
                continue
        return out

    def archive(self, name: str) -> Path | None:
        """Move a finished table's file to ``done/`` (a later match reuses the table's name)."""
        p = self.path(name)
        if not p.exists():
            return None
        done = self.root / "done"
        done.mkdir(exist_ok=True)
        dest = done / f"{p.stem}-{time.strftime('%Y%m%d-%H%M%S')}-{time.time_ns() % 10**9:09d}.json"
        os.replace(p, dest)
        return dest
