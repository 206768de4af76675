"""``python -m game host`` and ``python -m game join``: a LAN host, and a client (headless with ``--bot``)."""

from __future__ import annotations

import json
import logging
import socket
import sys
import time
from collections.abc import Callable
from typing import Any, Protocol

from game.cli.errors import UsageError

from .protocol import PROTOCOL


def _logging(verbose: bool = True) -> None:
    logging.basicConfig(level=logging.INFO if verbose else logging.WARNING, stream=sys.stderr,
                        format="%(asctime)s %(name)s: %(message)s", datefmt="%H:%M:%S")


def _interfaces(text):
    from .discovery import check_interfaces

    try:
        return check_interfaces(text)
    except (ValueError, RuntimeError) as e:
        raise UsageError(f"--interfaces: {e}") from None


def _bot_seats(spec: str | None, n: int) -> dict:
    """``--bots 2`` or ``--bots simple,normal``: bots in the last seats of each table."""
    from game.bots import default_level

    if not spec:
        return {}
    spec = spec.strip()
    levels = [default_level()] * int(spec) if spec.isdigit() else [x.strip() for x in spec.split(",") if x.strip()]
    if len(levels) >= n:
        raise UsageError(f"--bots fills {len(levels)} seats but the table has {n}: leave at least one for a player")
    return {n - 1 - i: lv for i, lv in enumerate(levels)}  # unknown levels: Host() raises, reported as usage


def _configs(args) -> list:
    from game.rules.options import OptionError, parse_kv
    from game.rules.variants import get as get_variant

    from .table import TableConfig

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
    n = variant.players(options)
    bots = _bot_seats(args.bots, n)
    out = []
    for i in range(args.tables):
        seed = None if args.seed is None else (args.seed if args.tables == 1 else f"{args.seed}:{i + 1}")
        out.append(TableConfig(table_id=str(i + 1), name=f"Table {i + 1}", variant=variant.id, options=options,
                               hands=hands, seed=seed, bots=bots, hold_s=60.0 if args.hold is None else args.hold,
                               on_drop="wait" if args.wait else "bot", bot_delay=args.bot_delay))
    return out


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
        if not Store(state_dir).tables():
            raise UsageError(f"nothing to resume in {state_dir}")
        tables = None
    else:
        tables = _configs(args)
    try:
        host = Host(tables=tables, name=args.name, port=args.port, interfaces=interfaces, password=args.password,
                    state_dir=state_dir, resume=args.resume)
    except ValueError as e:
        raise UsageError(str(e)) from None
    try:
        host.start()
    except OSError as e:
        print(f"error: cannot listen on port {host.port}: {e.strerror or e}", file=sys.stderr)
        return 1
    addr, port = host.address
    ids = ", ".join(f"{t.table_id} ({t.variant.id}, {t.phase})" for t in host.tables.values())
    print(f"netplay host {host.name!r} listening on {addr}:{port}, protocol {PROTOCOL}; tables: {ids}", flush=True)
    lan = _lan_addresses()
    if lan:
        print("players on this network join with: " + " or ".join(f"--addr {a}:{port}" for a in lan), flush=True)
    if host.advertise_error:
        print("discovery is off (no usable network interface); players must type the address", flush=True)
    try:
        if not args.headless:
            win = window()
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


def _lan_addresses() -> list[str]:
    """This machine's non-loopback IPv4 addresses (what other players type)."""
    try:
        import ipaddress

        from zeroconf import get_all_addresses

        return [a for a in get_all_addresses() if not ipaddress.IPv4Address(a).is_loopback][:4]
    except Exception:  # noqa: BLE001 - only a hint
        return []


def _pick(tables: list[dict], want: str | None) -> dict | None:
    for t in tables:
        if t["protocol"] != PROTOCOL:
            continue
        if want is not None and want not in (t["table_id"], t["name"], t["host_name"]):
            continue
        if t["seats_free"] > 0:
            return t
    return None


def _discover(args) -> tuple[str, int, str | None]:
    from .discovery import Browser

    interfaces = _interfaces(args.interfaces)
    br = Browser(interfaces).start()
    try:
        rows = br.wait_for(lambda rows: _pick(rows, args.table) is not None, args.timeout)
    finally:
        br.close()
    t = _pick(rows, args.table)
    if t is None:
        other = [r for r in rows if r["protocol"] != PROTOCOL]
        why = f" ({len(other)} speak another protocol version)" if other else ""
        raise LookupError(f"no table with a free seat found in {args.timeout:g} s{why}")
    print(f"found table {t['name']!r} ({t['variant']}) at {t['host']}:{t['port']}", file=sys.stderr, flush=True)
    return t["host"], t["port"], t["table_id"]


def _addr(text: str) -> tuple[str, int]:
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise UsageError(f"--addr takes HOST:PORT, got {text!r}")
    return host.strip("[]"), int(port)


def join_main(args: Any, window: WindowLoader = _no_window) -> int:
    """``python -m game join``; without ``--bot`` the player joins in the window ``window`` loads."""
    from .client import BotClient

    _logging(verbose=False)
    if not args.bot:
        win = window()
        if win is None:
            raise UsageError("joining without --bot needs the window: add --bot LEVEL for a headless client")
        return win.join_window(args)
    try:
        if args.addr:
            host, port = _addr(args.addr)
            table = args.table
        else:
            host, port, table = _discover(args)
        bc = BotClient(host, port, level=args.bot, name=args.name or f"{args.bot}@{socket.gethostname()}"[:32],
                       seed=args.seed, table_id=table, password=args.password, connect_timeout=args.timeout)
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
