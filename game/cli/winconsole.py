"""Windows, windowed build: a command run from a terminal prints into that terminal (AttachConsole).

The Windows executable is built windowed (GUI subsystem) so that a double-click never opens a
console window. Such a process has no standard streams unless they are redirected; when it is
started from cmd or PowerShell *with a command* (``score``, ``host --headless``, ``--version``)
it attaches to the terminal it was started from and prints there. Streams that were redirected
(``score < f.json > out.txt``, a pipe in CI) are kept as they are.
"""

from __future__ import annotations

import sys

ATTACH_PARENT_PROCESS = -1  # DWORD(-1): the console of the process that started us


def reattach(argv: list[str], kernel32=None, opener=open) -> bool:
    """Give missing standard streams to the parent's console; True when attached. A no-op without a command."""
    if not argv:
        return False  # a double-click: the game's window only
    missing = [name for name in ("stdin", "stdout", "stderr") if getattr(sys, name) is None]
    if not missing:
        return False  # everything redirected (or a console build): nothing to do
    if kernel32 is None:
        if sys.platform != "win32":
            return False
        import ctypes

        kernel32 = ctypes.windll.kernel32
    if not kernel32.AttachConsole(ATTACH_PARENT_PROCESS):
        return False  # started by Explorer or a service: no terminal to print to
    for name in missing:
        try:
            # io.open gives CONIN$/CONOUT$ Python's console I/O: Chinese text prints whatever the code page
            stream = opener("CONIN$" if name == "stdin" else "CONOUT$", "r" if name == "stdin" else "w",
                            encoding="utf-8", errors="replace")
        except OSError:
            continue
        if name != "stdin":
            stream.reconfigure(line_buffering=True)
        setattr(sys, name, stream)
        setattr(sys, f"__{name}__", stream)
    return True
