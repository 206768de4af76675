"""A full disk for a host process, on every system: ``python -m tests.helpers.disk_fault MODE host --headless ...``.

The test writes a size into the control file named by ``$YUNGUI_TEST_DISK`` (``set_limit``): from then on no
file the host's store writes may grow past that many bytes, as when the disk fills up; removing the file frees
the disk again. Two ways to refuse:

- ``writer`` (everywhere): the store's writes go through a writer that writes what still fits and then raises
  ``ENOSPC``, as a full disk does;
- ``rlimit`` (POSIX): the process lowers its own ``RLIMIT_FSIZE``, so the kernel itself cuts writes short and
  refuses them (``EFBIG``; CPython ignores SIGXFSZ).

Either way the rest of the host is the real program: ``game.cli.main.main`` with the arguments given.
"""

from __future__ import annotations

import errno
import os
import sys
import threading
import time
import types
from pathlib import Path

ENV = "YUNGUI_TEST_DISK"


def set_limit(control: Path, size: int | None) -> None:
    """The largest size a file may grow to from now on (None: the disk has room again)."""
    if size is None:
        control.unlink(missing_ok=True)
        return
    tmp = control.with_name(control.name + ".tmp")
    tmp.write_text(str(size), encoding="ascii")
    os.replace(tmp, control)


def _limit(control: Path) -> int | None:
    try:
        return int(control.read_text(encoding="ascii"))
    except (OSError, ValueError):
        return None


def install_writer(control: Path) -> None:
    """netplay.store's ``os`` becomes one whose ``write`` stops at the limit (short write, then ENOSPC)."""
    from netplay import store

    real = os

    def write(fd: int, data) -> int:
        limit = _limit(control)
        if limit is None:
            return real.write(fd, data)
        end = real.fstat(fd).st_size  # the store writes appends and fresh files: the end is where bytes go
        room = limit - end
        if room <= 0:
            raise OSError(errno.ENOSPC, "No space left on device (tests.helpers.disk_fault)")
        return real.write(fd, bytes(data[:room]))

    proxy = types.ModuleType("os_with_a_full_disk")
    proxy.__dict__.update({k: getattr(real, k) for k in dir(real) if not k.startswith("__")})
    proxy.write = write  # type: ignore[attr-defined]
    store.os = proxy


def install_rlimit(control: Path) -> None:
    """A thread applies the control file's limit to this process's RLIMIT_FSIZE (POSIX only)."""
    if sys.platform == "win32":
        raise SystemExit("RLIMIT_FSIZE is POSIX's")
    else:
        import resource

        def follow() -> None:
            last: int | None = -1
            while True:
                limit = _limit(control)
                if limit != last:
                    soft = resource.RLIM_INFINITY if limit is None else limit
                    resource.setrlimit(resource.RLIMIT_FSIZE, (soft, resource.RLIM_INFINITY))
                    last = limit
                time.sleep(0.005)

        threading.Thread(target=follow, name="disk-fault", daemon=True).start()


def main(argv: list[str]) -> int:
    mode, rest = argv[0], argv[1:]
    control = Path(os.environ[ENV])
    if mode == "writer":
        install_writer(control)
    elif mode == "rlimit":
        install_rlimit(control)
    else:
        raise SystemExit(f"unknown mode {mode!r}")
    from game.cli.main import main as game_main

    return game_main(rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
