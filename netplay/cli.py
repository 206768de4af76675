"""``python -m game host`` and ``python -m game join``: a LAN host, and a client (headless with ``--bot``)."""

from __future__ import annotations

import json
import socket
import sys
import time
from collections.abc import Callable
from typing import Any, Protocol

from game.errors import UsageError
from game.turntimer import LAN_DEFAULT, TIMER_CHOICES

from .protocol import PROTOCOL


def _logging(verbose: bool = True) -> None:
    """The host's log on stderr (INFO), a client's warnings only; the log file is ``game.logs.setup``'s."""
    from game import logs

    logs.console("info" if verbose else "warning")


def _interfaces(text):
    from .discovery import check_interfaces

    try:
        return check_interfaces(text)
    except (ValueError, RuntimeError) as e:
        raise UsageError(f"--interfaces: {e}") from None


def _bot_seats(spec: str | None, n: int, all_seats: bool = False) -> dict:
    """``--bots 2`` or ``--bots simple,normal``: bots in the last seats of each table (``all_seats``: a headless host
    that says what its watchers see may fill every seat: a table of bots for an event screen)."""
    from game.bots import default_level

    if not spec:
        return {}
    spec = spec.strip()
    levels = [default_level()] * int(spec) if spec.isdigit() else [x.strip() for x in spec.split(",") if x.strip()]
    if len(levels) > n or (len(levels) == n and not all_seats):
        raise UsageError(f"--bots fills {len(levels)} seats but the table has {n}: leave at least one for a player"
                         + ("" if len(levels) > n else " (or host --headless --watch open|public: a table of bots "
                                                       "for people to watch)"))
    return {n - 1 - i: lv for i, lv in enumerate(levels)}  # unknown levels: Host() raises, reported as usage


def _configs(args) -> list:
    from game.rules.options import OptionError, parse_kv
    from game.rules.variants import get as get_variant

    from .table import CLAIM_S_MAX, TableConfig

    try:
        variant = get_variant(args.variant or "wenshan")
        options = variant.resolve_options(parse_kv(args.opt))
    except (ValueError, OptionError) as e:
        raise UsageError(str(e)) from None
    hands = args.hands if args.hands is not None else 8
    if hands < 1:
        raise UsageError("--hands must be at least 1")
    if not 1 <= args.tables <= 64:
        raise UsageError("--tables must be 1..64")
    if args.hold is not None and args.hold < 0:
        raise UsageError("--hold must not be negative")
    pause = getattr(args, "watch_pause", None)
    if pause is not None and not 0 <= pause <= 3600:
        raise UsageError("--watch-pause must be 0..3600 seconds")
    claim = getattr(args, "claim_window", None)
    if claim is not None and not 0 <= claim <= CLAIM_S_MAX:
        raise UsageError(f"--claim-window must be 0..{CLAIM_S_MAX:g} seconds")
    n = variant.players(options)
    watch = getattr(args, "watch", None)
    bots = _bot_seats(args.bots, n, all_seats=bool(getattr(args, "headless", False)) and watch in ("public", "open"))
    out = []
    for i in range(args.tables):
        seed = None if args.seed is None else (args.seed if args.tables == 1 else f"{args.seed}:{i + 1}")
        out.append(TableConfig(table_id=str(i + 1), name="", variant=variant.id, options=options,
                               hands=hands, seed=seed, bots=bots, hold_s=60.0 if args.hold is None else args.hold,
                               on_drop="wait" if args.wait else "bot", bot_delay=args.bot_delay,
                               assists=not getattr(args, "no_assists", False),
                               watch=watch or "public", watch_pause=15.0 if pause is None else pause,
                               claim_s=claim, turn_s=_turn_timer(args)))
    return out


def _turn_timer(args) -> int:
    """The host's turn timer: ``--turn-timer`` (0, 10, 15 or 20 s), else the LAN default (15 s)."""
    t = getattr(args, "turn_timer", None)
    if t is None:
        return LAN_DEFAULT
    if t not in TIMER_CHOICES:
        raise UsageError(f"--turn-timer is one of {', '.join(map(str, TIMER_CHOICES))}")
    return int(t)


def default_host_name() -> str:
    """What a host is called when ``--name`` is not given: the machine's name, marked as a mahjong host."""
    return f"{socket.gethostname()[:20]} 麻将"


class Window(Protocol):
    """The window client's LAN entry points; the command-line layer passes them in (netplay imports no UI)."""

    def play_hosted(self, host: Any) -> int | None: ...

    def join_window(self, args: Any) -> int: ...


WindowLoader = Callable[[], "Window | None"]  # None: a build without a window


def _no_window() -> Window | None:
    return None


def host_main(args: Any, window: WindowLoader = _no_window) -> int:
    """``python -m game host``; ``window`` loads the window client when the host also plays in a window."""
    from .host import Host
    from .store import Store, default_dir

    _logging()
    interfaces = _interfaces(args.interfaces)
    if args.port and not 0 < args.port < 65536:
        raise UsageError("--port must be 1..65535")
    state_dir = args.state_dir or str(default_dir())
    if args.resume:
        if not Store(state_dir).names():
            raise UsageError(f"nothing to resume in {state_dir}")
        tables = None
    else:
        tables = _configs(args)
    win = None if args.headless else window()
    owner = (args.name or "host")[:32] if win is not None else None
    try:
        host = Host(tables=tables, name=args.name or (None if args.resume else default_host_name()), port=args.port,
                    interfaces=interfaces, password=args.password, state_dir=state_dir, resume=args.resume,
                    owner=owner)
    except ValueError as e:
        raise UsageError(str(e)) from None
    try:
        host.start()
    except OSError as e:
        print(f"error: cannot listen on port {host.port}: {e.strerror or e}", file=sys.stderr)
        return 1
    host.settle_memory()
    addr, port = host.address
    ids = ", ".join(f"{t.table_id} ({t.variant.id}, {t.phase})" for t in host.tables.values())
    print(f"netplay host {host.name!r} (id {host.host_id}) listening on {addr}:{port}, protocol {PROTOCOL}; "
          f"tables: {ids}", flush=True)
    lan = [a for a in host.share_addresses() if not a.startswith("127.")]
    if lan:
        print("players on this network join with: " + " or ".join(f"--addr {a}" for a in lan), flush=True)
    if host.advertise_error:
        print("discovery is off (no usable network interface); players must type the address", flush=True)
    try:
        if not args.headless:
            if win is not None:
                return win.play_hosted(host) or 0  # the hosting player joins over loopback; closing ends it
            print("note: this build has no window; serving headless (Ctrl-C stops)", file=sys.stderr)
        while not (args.once and host.over.is_set()):
            time.sleep(0.2)
        time.sleep(0.5)  # let the last states reach the peers
    except KeyboardInterrupt:
        pass
    finally:
        host.stop()
    return 0


def _matches(t: dict, want: str | None) -> bool:
    """``--table``: a table id or name, a host's name or id, or ``HOSTID/TABLE``."""
    if want is None:
        return True
    hid, sep, rest = want.partition("/")
    if sep:
        return t["host_id"] == hid and rest in (t["table_id"], t["name"])
    return want in (t["table_id"], t["name"], t["host_name"], t["host_id"])


def held_here(rows: list[dict], name: str, seats) -> list[dict]:
    """The discovered tables where this machine holds a seat for ``name`` (a crashed client's), each with the
    ``held_seat`` it can take back, even when the table shows no free seat."""
    held = {(e["host_id"], e["table"]): e["seat"] for e in seats.held() if e["name"] == name}
    return [dict(t, held_seat=held[(t["host_id"], t["table_id"])]) for t in rows
            if t["protocol"] == PROTOCOL and (t["host_id"], t["table_id"]) in held]


def _pick(tables: list[dict], want: str | None, held: list[dict] | None = None) -> dict | None:
    """The table to join: one where this machine holds a seat first; LookupError when ``want`` fits tables of
    several hosts (they share a name)."""
    mine = [t for t in held or [] if _matches(t, want)]
    if mine:
        return mine[-1]
    fits = [t for t in tables if t["protocol"] == PROTOCOL and t["seats_free"] > 0 and _matches(t, want)]
    hosts = sorted({(t["host_id"], t["host_name"]) for t in fits})
    if want is not None and len(hosts) > 1:
        which = ", ".join(f"{name!r} id {hid}" for hid, name in hosts)
        raise LookupError(f"{want!r} fits tables of {len(hosts)} hosts ({which}): pick one with --table HOSTID "
                          f"or --table HOSTID/TABLE")
    return fits[0] if fits else None


def _discover(args, name: str, seats) -> tuple[str, int, str | None, str]:
    """(address, port, table id, host id) of the table to join: a held seat's first, else one with a free seat."""
    from .channel import short
    from .discovery import Browser

    interfaces = _interfaces(args.interfaces)
    br = Browser(interfaces).start()
    try:
        def found(rows: list[dict]) -> bool:
            return bool(held_here(rows, name, seats)) or any(
                t["protocol"] == PROTOCOL and t["seats_free"] > 0 and _matches(t, args.table) for t in rows)

        rows = br.wait_for(found, args.timeout)
        if found(rows):  # other hosts answer a moment later: give them that moment before choosing
            time.sleep(min(2.0, args.timeout))
            rows = br.tables()
    finally:
        br.close()
    t = _pick(rows, args.table, held_here(rows, name, seats))
    if t is None:
        other = [r for r in rows if r["protocol"] != PROTOCOL]
        why = f" ({len(other)} speak another protocol version)" if other else ""
        raise LookupError(f"no table with a free seat found in {args.timeout:g} s{why}")
    what = f"rejoining seat {t['held_seat']} at table" if "held_seat" in t else "found table"
    print(f"{what} {t['name']!r} ({t['variant']}) of {t['host_name']!r} (id {t['host_id']}, key "
          f"{short(t['host_id'])}) at {t['host']}:{t['port']}", file=sys.stderr, flush=True)
    return t["host"], t["port"], t["table_id"], t["host_id"]


def _addr(text: str) -> tuple[str, int]:
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise UsageError(f"--addr takes HOST:PORT, got {text!r}")
    return host.strip("[]"), int(port)


def join_main(args: Any, window: WindowLoader = _no_window) -> int:
    """``python -m game join``; without ``--bot`` the player joins in the window ``window`` loads."""
    from .client import BotClient
    from .store import SeatStore

    _logging(verbose=False)
    if not args.bot:
        win = window()
        if win is None:
            raise UsageError("joining without --bot needs the window: add --bot LEVEL for a headless client")
        return win.join_window(args)
    name = (args.name or f"{args.bot}@{socket.gethostname()}")[:32]
    seats = SeatStore()
    try:
        expect = None
        if args.addr:
            host, port = _addr(args.addr)
            table = args.table
        else:
            host, port, table, expect = _discover(args, name, seats)
        bc = BotClient(host, port, level=args.bot, name=name, seed=args.seed, table_id=table, password=args.password,
                       connect_timeout=args.timeout, seats=seats, expect=expect,
                       accept_new_key=bool(getattr(args, "accept_new_key", False)))
    except ValueError as e:
        raise UsageError(str(e)) from None
    except LookupError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    try:
        result = bc.run()
    except (RuntimeError, TimeoutError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    print(json.dumps(result), flush=True)
    return 0


class WatchWindow(Protocol):
    """The window's watcher screen (``game.ui.lan.watch_screen``), passed in like ``Window``."""

    def watch_window(self, args: Any) -> int: ...


def _no_watch_window() -> WatchWindow | None:
    return None


def watch_main(args: Any, window: Callable[[], WatchWindow | None] = _no_watch_window) -> int:
    """``python -m game watch --addr HOST:PORT [--table ID]``: the watcher screen, or JSON lines with --headless."""
    from .watch import headless

    _logging(verbose=False)
    host, port = _addr(args.addr)
    if args.hands is not None and args.hands < 1:
        raise UsageError("--hands must be at least 1")
    if args.headless:
        return headless(host, port, args.table, args.password, (args.name or "watcher")[:32], args.hands,
                        args.timeout)
    win = window()
    if win is None:
        raise UsageError("this build has no window: add --headless for a text stream")
    return win.watch_window(args)
