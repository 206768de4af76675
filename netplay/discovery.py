"""Zeroconf (mDNS) discovery: the host advertises each table, the join screen browses them live."""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import os
import re
import socket
import threading
import time

from zeroconf import InterfaceChoice, IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceInfo

from .protocol import PROTOCOL, SERVICE_TYPE, WATCH_MODES, WATCH_PUBLIC

log = logging.getLogger("netplay.discovery")


class LoopbackOnly(RuntimeError):
    """YUNGUI_NET_LOOPBACK_ONLY is set and the interfaces given are not all loopback (or none were given)."""


def check_interfaces(interfaces) -> list[str] | None:
    """Normalise an interface list; under YUNGUI_NET_LOOPBACK_ONLY only loopback passes."""
    if isinstance(interfaces, str):
        interfaces = [x.strip() for x in interfaces.split(",") if x.strip()]
    if interfaces is not None:
        interfaces = [str(ipaddress.IPv4Address(x)) for x in interfaces]
        if not interfaces:
            raise ValueError("an empty interface list")
    if os.environ.get("YUNGUI_NET_LOOPBACK_ONLY") == "1" and (
            interfaces is None or not all(ipaddress.IPv4Address(x).is_loopback for x in interfaces)):
        raise LoopbackOnly("YUNGUI_NET_LOOPBACK_ONLY is set: pass loopback interfaces (e.g. 127.0.0.1)")
    return interfaces


def _zeroconf(interfaces: list[str] | None) -> Zeroconf:
    return Zeroconf(interfaces=interfaces if interfaces is not None else InterfaceChoice.All,
                    ip_version=IPVersion.V4Only)


def lan_addresses() -> list[str]:
    """This machine's non-loopback IPv4 addresses (what players on other machines type), at most eight."""
    try:
        from zeroconf import get_all_addresses

        return [a for a in get_all_addresses() if not ipaddress.IPv4Address(a).is_loopback][:8]
    except Exception:  # noqa: BLE001 - no interfaces to list
        return []


def _addresses(interfaces: list[str] | None) -> list[str]:
    if interfaces is not None:
        return interfaces
    return lan_addresses() or ["127.0.0.1"]


def _label(text: str, limit: int) -> str:
    text = re.sub(r"[\x00-\x1f.]", " ", text).strip() or "host"
    out = text.encode()[:limit].decode("utf-8", "ignore")
    return out


class Advertiser:
    """Publishes tables; ``publish``/``remove`` return at once (the work runs on zeroconf's thread).

    Service type ``_yunguimj._tcp.local.``; one service per table, TXT keys: ``id`` table id,
    ``name`` table name, ``v`` variant, ``n`` seats, ``taken``/``free`` seats, ``proto``
    protocol version, ``pw`` 1 when a password is set, ``host`` the host's name, ``hid``
    the host's id (two hosts of the same name are told apart by it), ``w`` how many watch,
    ``wm`` what watchers see (public / open / off).

    ``interfaces``: a list of IPv4 addresses to use; None means every interface of the
    machine (what real players want). Tests and tools pass ``["127.0.0.1"]``. With the
    environment variable ``YUNGUI_NET_LOOPBACK_ONLY=1`` anything but loopback is refused.
    """

    def __init__(self, host_name: str, port: int, interfaces=None, host_id: str = ""):
        self.interfaces = check_interfaces(interfaces)
        self.host_name = host_name
        self.host_id = host_id
        self.port = port
        self.zc: Zeroconf | None = None
        self._infos: dict[str, ServiceInfo] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._pending: list = []
        self.registered = threading.Event()  # set once every table published so far is registered

    def start(self) -> None:
        self.zc = _zeroconf(self.interfaces)
        self._server = f"yunguimj-{_label(self.host_name, 30).replace(' ', '-')}-{os.getpid()}.local."
        self._addrs = [socket.inet_aton(a) for a in _addresses(self.interfaces)]

    def _info(self, table_id: str, props: dict, name: str | None = None) -> ServiceInfo:
        if name is None:
            inst = _label(f"{self.host_name} {props.get('name', '')} #{table_id} {self.host_id}", 60)
            name = f"{inst}.{SERVICE_TYPE}"
        txt = {k: str(v).encode()[:200] for k, v in props.items()}
        return ServiceInfo(SERVICE_TYPE, name, addresses=self._addrs, port=self.port, properties=txt,
                           server=self._server)

    def publish(self, table_id: str, props: dict) -> None:
        if self.zc is None or self.zc.loop is None:
            return
        self.registered.clear()
        fut = asyncio.run_coroutine_threadsafe(self._publish(table_id, props), self.zc.loop)
        self._pending.append(fut)
        fut.add_done_callback(self._done)

    def _done(self, fut) -> None:
        try:
            self._pending.remove(fut)
        except ValueError:
            pass
        if fut.exception() is not None:
            log.warning("zeroconf: %s", fut.exception())
        if not self._pending:
            self.registered.set()

    async def _publish(self, table_id: str, props: dict) -> None:
        lock = self._locks.setdefault(table_id, asyncio.Lock())
        zc = self.zc
        if zc is None:
            return
        async with lock:
            old = self._infos.get(table_id)
            if old is None:
                info = self._info(table_id, props)
                await zc.async_register_service(info, allow_name_change=True)
                self._infos[table_id] = info
            else:
                info = self._info(table_id, props, old.name)
                self._infos[table_id] = info
                await zc.async_update_service(info)  # returns once queued; the broadcast runs on

    def remove(self, table_id: str) -> None:
        info = self._infos.pop(table_id, None)
        if info is not None and self.zc is not None and self.zc.loop is not None:
            asyncio.run_coroutine_threadsafe(self.zc.async_unregister_service(info), self.zc.loop)

    def close(self) -> None:
        if self.zc is None:
            return
        try:
            self.zc.unregister_all_services()
        except Exception as e:  # noqa: BLE001 - closing anyway
            log.debug("zeroconf unregister: %s", e)
        self.zc.close()
        self.zc = None


def table_props(summary: dict, host_name: str, host_id: str = "") -> dict:
    return {"id": summary["table_id"], "name": summary["name"], "v": summary["variant"], "n": summary["players"],
            "taken": summary["seats_taken"], "free": summary["seats_free"], "proto": PROTOCOL,
            "pw": int(summary["password"]), "host": host_name, "hid": host_id, "w": summary.get("watchers", 0),
            "wm": summary.get("watch", WATCH_PUBLIC), "opt": encode_options(summary.get("options") or {})}


# The table's options that differ from the variant's defaults, as "key=value,..." in one TXT entry (at most 255
# bytes): bools as 1/0, numbers and named choices as written. What a browser reads back is untrusted text.
_OPT_ITEM = re.compile(r"([a-z][a-z0-9_]{0,31})=([a-z0-9_]{1,16})")
MAX_OPTS = 24


def encode_options(options: dict) -> str:
    out = []
    for k, v in sorted(options.items()):
        text = ("1" if v else "0") if isinstance(v, bool) else str(v)
        if _OPT_ITEM.fullmatch(f"{k}={text}"):
            out.append(f"{k}={text}")
    while len(",".join(out)) > 255:  # a TXT entry's limit: the last options are left out
        out.pop()
    return ",".join(out)


def decode_options(text: str) -> dict[str, str]:
    """``encode_options``'s text back as {key: value text}; anything malformed is left out, never raised."""
    out: dict[str, str] = {}
    for item in (text or "")[:255].split(",")[:MAX_OPTS]:
        m = _OPT_ITEM.fullmatch(item.strip())
        if m:
            out[m.group(1)] = m.group(2)
    return out


class Browser:
    """Lists the tables advertised on the network, live. ``tables()`` keys: table_id, name, variant,
    players (seats at the table), seats_taken, seats_free, protocol, password (bool), host (address),
    port, host_name, host_id, watchers (how many watch), watch (public / open / off), options (the table's
    options that differ from the variant's defaults, {key: value text})."""

    def __init__(self, interfaces=None):
        self.interfaces = check_interfaces(interfaces)
        self.zc: Zeroconf | None = None
        self._browser = None
        self._found: dict[str, dict] = {}
        self._lock = threading.Lock()
        self.changed = threading.Event()

    def start(self) -> Browser:
        self.zc = _zeroconf(self.interfaces)
        self._browser = ServiceBrowser(self.zc, SERVICE_TYPE, handlers=[self._on_change])
        return self

    def _on_change(self, zeroconf, service_type, name, state_change) -> None:
        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
            self.changed.set()
            return
        if self.zc is not None and self.zc.loop is not None:
            asyncio.run_coroutine_threadsafe(self._resolve(name), self.zc.loop)

    async def _resolve(self, name: str) -> None:
        info = AsyncServiceInfo(SERVICE_TYPE, name)
        if self.zc is None or not await info.async_request(self.zc, 3000):
            return
        entry = _parse(info)
        if entry is None:
            return
        with self._lock:
            self._found[name] = entry
        self.changed.set()

    def tables(self) -> list[dict]:
        with self._lock:
            rows = [dict(v) for v in self._found.values()]
        return sorted(rows, key=lambda r: (r["host_name"], r["host_id"], r["name"], r["table_id"]))

    def wait_for(self, pred, timeout: float) -> list[dict]:
        """Block until ``pred(tables())`` holds or ``timeout`` passes; returns the tables then."""
        end = time.monotonic() + timeout
        while True:
            rows = self.tables()
            if pred(rows) or time.monotonic() >= end:
                return rows
            self.changed.clear()
            self.changed.wait(min(0.2, max(0.0, end - time.monotonic())))

    def close(self) -> None:
        if self._browser is not None:
            self._browser.cancel()
            self._browser = None
        if self.zc is not None:
            self.zc.close()
            self.zc = None


def _parse(info) -> dict | None:
    p = {k.decode("utf-8", "replace"): (v or b"").decode("utf-8", "replace") for k, v in info.properties.items()}
    addrs = info.parsed_addresses(IPVersion.V4Only)
    if not addrs or not info.port:
        return None

    def num(k):
        try:
            return int(p.get(k, ""))
        except ValueError:
            return 0

    return {"table_id": p.get("id", ""), "name": p.get("name", ""), "variant": p.get("v", ""), "players": num("n"),
            "seats_taken": num("taken"), "seats_free": num("free"), "protocol": num("proto"),
            "password": p.get("pw") == "1", "host": addrs[0], "port": info.port, "host_name": p.get("host", ""),
            "host_id": p.get("hid", ""), "watchers": num("w"),
            "watch": p.get("wm") if p.get("wm") in WATCH_MODES else WATCH_PUBLIC,
            "options": decode_options(p.get("opt", ""))}
