"""The few OS facilities whose call differs between Windows, macOS and Linux: process liveness, memory, load, fork.

Everything here answers on all three systems (``None`` or 0 where a system has no such figure) and
never raises, so code on a path Windows reaches calls these instead of ``os.kill(pid, 0)``,
``os.getloadavg`` or ``/proc``. No pygame here: the LAN host and the benchmarks import it.
"""

from __future__ import annotations

import os
import sys
from typing import Any

_STILL_ACTIVE = 259  # GetExitCodeProcess's answer for a process that has not ended
_QUERY_LIMITED = 0x1000  # PROCESS_QUERY_LIMITED_INFORMATION
_ACCESS_DENIED = 5


def pid_alive(pid: int) -> bool:
    """True while process ``pid`` runs (or exists but may not be asked about), False once it has ended.

    On Windows ``os.kill(pid, 0)`` is no question: it sends CTRL_C_EVENT (0) to a console process group
    (any other number terminates the process), so the process is opened and its exit code read instead.
    """
    if pid <= 0:
        return False
    if sys.platform == "win32":
        import ctypes

        kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
        kernel32.OpenProcess.restype = ctypes.c_void_p
        handle = kernel32.OpenProcess(_QUERY_LIMITED, False, pid)
        if not handle:
            return ctypes.get_last_error() == _ACCESS_DENIED  # it exists, it is only not ours to ask
        try:
            code = ctypes.c_ulong()
            if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
                return True
            return code.value == _STILL_ACTIVE
        finally:
            kernel32.CloseHandle(handle)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # EPERM: it exists under another user
    return True


def rss_kb(pid: int | None = None) -> int:
    """Resident memory in KiB of this process (or of process ``pid``): /proc on Linux, the working set on Windows,
    ``ps`` on macOS (and the BSDs); 0 when the system will not say."""
    if sys.platform == "win32":
        return _windows_working_set(pid) // 1024
    if sys.platform.startswith("linux"):
        try:
            with open(f"/proc/{'self' if pid is None else pid}/statm", encoding="ascii") as f:
                pages = int(f.read().split()[1])
            return pages * os.sysconf("SC_PAGE_SIZE") // 1024
        except (OSError, ValueError, IndexError):
            return 0
    import subprocess

    try:
        out = subprocess.run(["ps", "-o", "rss=", "-p", str(os.getpid() if pid is None else pid)],
                             capture_output=True, text=True, timeout=10, check=False).stdout
        return int(out.split()[0])
    except (OSError, ValueError, IndexError, subprocess.SubprocessError):
        return 0


def _windows_working_set(pid: int | None) -> int:
    if sys.platform != "win32":
        return 0
    import ctypes
    from ctypes import wintypes

    class Counters(ctypes.Structure):
        _fields_ = [("cb", wintypes.DWORD), ("PageFaultCount", wintypes.DWORD),
                    ("PeakWorkingSetSize", ctypes.c_size_t), ("WorkingSetSize", ctypes.c_size_t),
                    ("QuotaPeakPagedPoolUsage", ctypes.c_size_t), ("QuotaPagedPoolUsage", ctypes.c_size_t),
                    ("QuotaPeakNonPagedPoolUsage", ctypes.c_size_t), ("QuotaNonPagedPoolUsage", ctypes.c_size_t),
                    ("PagefileUsage", ctypes.c_size_t), ("PeakPagefileUsage", ctypes.c_size_t)]

    c = Counters()
    c.cb = ctypes.sizeof(c)
    kernel32 = ctypes.WinDLL("kernel32")
    kernel32.GetCurrentProcess.restype = wintypes.HANDLE
    kernel32.OpenProcess.restype = wintypes.HANDLE
    own = pid is None
    handle = kernel32.GetCurrentProcess() if own else kernel32.OpenProcess(_QUERY_LIMITED, False, pid)
    if not handle:
        return 0
    try:
        ok = kernel32.K32GetProcessMemoryInfo(handle, ctypes.byref(c), c.cb)
    except AttributeError:
        ok = 0
    finally:
        if not own:
            kernel32.CloseHandle(handle)
    return int(c.WorkingSetSize) if ok else 0


def mp_context() -> Any:
    """multiprocessing's ``fork`` where the system has it (Linux, macOS), else ``spawn`` (Windows has no fork)."""
    import multiprocessing as mp

    return mp.get_context("fork" if "fork" in mp.get_all_start_methods() else "spawn")


def loadavg() -> list[float] | None:
    """The 1, 5 and 15 minute load averages, or None where the system keeps none (Windows)."""
    getloadavg = getattr(os, "getloadavg", None)
    if getloadavg is None:
        return None
    try:
        return [round(x, 2) for x in getloadavg()]
    except OSError:
        return None
