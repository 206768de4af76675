"""LAN play: host a table, find and join one, wait in the lobby, then play at the normal table scene.

netplay is optional: without it (or its zeroconf and msgpack) these scenes
explain that LAN play is not available and go back. ``play_hosted`` and
``join_window`` are the entry points ``python -m game host`` / ``join`` use for the window.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import pygame

from game.rules.variants.base import Variant
from game.turntimer import LAN_DEFAULT, valid_seconds
from game.ui import nav
from game.ui.app import App, Scene
from game.ui.kit import hostmsg, strings, widgets
from game.ui.kit.names import clean_name, options_summary, player_name, shown, variant_title
from game.ui.lan.nameprompt import NamePrompt, needs_name
from game.ui.table.tableview import background

try:  # optional: a build without netplay plays offline only
    from game.ui.lan.lanseat import LobbySession
    from netplay.discovery import Browser, LoopbackOnly
    from netplay.host import Host
    from netplay.store import SeatStore, default_dir
    from netplay.table import TableConfig
except ImportError as e:
    _MISSING: str | None = f"{type(e).__name__}: {e}"[:120]
else:
    _MISSING = None


def lan_missing() -> str | None:
    """None when netplay can be used, else why not."""
    return _MISSING


def missing_text(why: str | None) -> str:
    """Why LAN play is missing, in the UI language: the module that is not installed."""
    m = re.search(r"No module named '([\w.]+)'", why or "")
    return strings.tr("lan.missing_module", name=m.group(1) if m else "netplay")


def lan_interfaces():
    """Interfaces for discovery: every interface (None) unless YUNGUI_LAN_INTERFACES lists some (tests: 127.0.0.1)."""
    env = os.environ.get("YUNGUI_LAN_INTERFACES")
    return [x.strip() for x in env.split(",") if x.strip()] if env else None


def watch_note(r: dict) -> str:
    """What a join list row says about watching: how many watch, and whether they see every hand (or none may)."""
    mode, k = r.get("watch", "public"), r.get("watchers") or 0
    parts = [strings.tr("lan.watchers_n", k=k)] if k else []
    if mode == "open":
        parts.append(strings.tr("lan.watch_open"))
    elif mode == "off":
        parts.append(strings.tr("lan.watch_off"))
    return "".join(f"  · {p}" for p in parts)


class SecretInput(widgets.TextInput):
    """A text field that shows stars (a table password)."""

    def draw(self, dest, focused=False) -> None:
        real = self.value
        self.value = "*" * len(real)
        try:
            super().draw(dest, focused)
        finally:
            self.value = real


class UnavailableScene(Scene):
    name = "lan_unavailable"

    def __init__(self, app, why: str, title_key: str = "lan.host_title"):
        super().__init__(app)
        self.why = why
        self.title_key = title_key

    def layout(self) -> None:
        s = self.s
        W_, H_ = self.app.size
        self.back_btn = widgets.Button(
            (W_ // 2 - round(110 * s), H_ // 2 + round(60 * s), round(220 * s), round(52 * s)),
            widgets.tr_label("common.back"), self.back, "gold", name="back", size=round(18 * s))

    back = nav.leads_to("menu")

    def handle(self, ev) -> None:
        if self.back_btn.handle(ev):
            return
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE):
            self.back()

    def draw(self, surf) -> None:
        s = self.s
        W_, H_ = self.app.size
        surf.blit(background(surf.get_size()), (0, 0))
        box = pygame.Rect(0, 0, round(760 * s), round(260 * s))
        box.center = (W_ // 2, H_ // 2)
        widgets.panel(surf, box)
        widgets.draw_text(surf, strings.tr(self.title_key), (box.centerx, box.y + round(24 * s)), round(30 * s),
                          widgets.GOLD, "serif", anchor="midtop")
        widgets.draw_wrapped(surf, strings.tr("lan.unavailable", why=missing_text(self.why)),
                             pygame.Rect(box.x + round(40 * s), box.y + round(90 * s), box.w - round(80 * s),
                                         round(100 * s)),
                             round(17 * s))
        self.back_btn.draw(surf, True)


# ====================================================================== hosting

def host_scene(app, fresh: bool = False):
    """The LAN host entry: the saved tables to resume first (a relaunched game), else the table's set-up."""
    why = lan_missing()
    if why:
        return UnavailableScene(app, why)
    if not fresh:
        from game.ui.lan.comeback import ResumeScene, saved_tables

        tables, bad = saved_tables()
        if tables:
            return ResumeScene(app, tables, bad, lambda: app.goto(host_scene(app, fresh=True)),
                               resume=lambda: resume_hosting(app))

    def on_start(variant, options, hands, seed, levels, table_name) -> None:
        start_hosting(app, variant, options, hands, seed, levels, table_name, assists=sc.assists, watch=sc.watch,
                      claim_s=getattr(sc, "claim_s", None))

    sc: Any = nav.screen(app, "setup", mode="host", on_start=on_start)
    return sc


def resume_hosting(app) -> None:
    """Host every saved table again (as ``host --resume``), the hosting player back in their seat at once."""
    me = player_name(app)[:32]
    try:
        host = Host(name=me, state_dir=default_dir(), resume=True, owner=me, interfaces=lan_interfaces()).start()
    except (OSError, RuntimeError, ValueError) as e:  # nothing left to resume, a port in use, a read-only disk
        app.notice(host_failure(e), 8)
        return
    for line in host.damaged:
        app.notice(strings.tr("lan.resume_damaged", why=line), 8)
    connect_owner(app, host)


def rejoin(app, offer: dict) -> None:
    """Take a kept seat back (the token is found in ``seats.json`` once the host has proven its key); the first
    screen's held-seat panel (``comeback.held_panel``) calls it through ``nav.part``."""
    host, _sep, port = str(offer["addr"]).rpartition(":")
    connect(app, host.strip("[]"), int(port), offer["table"], seat=offer["seat"], expect=offer.get("host_id"))


def host_failure(e: BaseException) -> str:
    """Why hosting failed, in the player's language: what failed and why (issue 39: not "could not connect")."""
    if isinstance(e, LoopbackOnly):
        return strings.tr("lan.host_failed", why=strings.tr("net.loopback_only"))
    if isinstance(e, ValueError) and not isinstance(e, OSError):
        return strings.tr("lan.host_failed", why=strings.tr("net.bad_interfaces"))
    return strings.tr("lan.host_failed", why=hostmsg.os_error_text(e))


def start_hosting(app, variant, options, hands, seed, levels, table_name, *, assists: bool = True,
                  watch: str = "public", claim_s: float | None = None) -> None:
    bots = {i: lvl for i, lvl in enumerate(levels) if i > 0 and lvl and lvl != "open"}
    cfg = TableConfig(table_id="1", name=table_name[:32], variant=variant.id, options=dict(options), hands=hands,
                      seed=seed, bots=bots, bot_delay=0.6, assists=assists, watch=watch, claim_s=claim_s,
                      turn_s=valid_seconds(app.settings.lan_timer, LAN_DEFAULT))
    me = player_name(app)[:32]
    try:
        # saved like a headless host's tables: ``python -m game host --resume`` continues them
        host = Host(tables=[cfg], name=me, port=0, interfaces=lan_interfaces(), state_dir=default_dir(),
                    owner=me).start()
    except (OSError, RuntimeError, ValueError) as e:  # a port in use, no network, no multicast, a read-only disk
        app.notice(host_failure(e), 8)
        return
    if host.advertise_error:
        app.notice(strings.tr("lan.no_discovery"), 8)
    connect_owner(app, host)


def connect_owner(app, host: Host, stop_on_leave: bool = True) -> None:
    """The hosting player takes the seat the host keeps for them: no password, and at once after a resume."""
    got = host.owner_seat()
    table_id, seat, token = got if got is not None else (None, None, None)
    addr, port = host.address
    connect(app, addr, port, table_id, host=host if stop_on_leave else None, token=token, seat=seat, hosting=host)


def connect(app, addr: str, port: int, table_id: str | None = None, host: LobbyHost | None = None,
            password: str | None = None, token: str | None = None, seat: int | None = None, on_refused=None,
            hosting: LobbyHost | None = None, expect: str | None = None, accept_new_key: bool = False) -> None:
    """``host``: the host this window runs and stops on leaving; ``hosting``: the host it runs (closing the window
    mid-match asks first); ``expect``: the host id the join list advertised."""
    try:
        session = LobbySession(addr, int(port), player_name(app)[:32], table_id, password, token, seat=seat,
                               seats=SeatStore() if token is None else None, app=app, expect=expect,
                               accept_new_key=accept_new_key)
    except (OSError, ValueError) as e:  # no sockets to be had, a port that is not a number
        app.notice(strings.tr("lan.failed", why=hostmsg.os_error_text(e)), 6)
        return
    app.goto(LobbyScene(app, session, host=host, on_refused=on_refused, hosting=hosting or host))


# ====================================================================== lobby

class Lobbying(hostmsg.Connecting, Protocol):
    """What the lobby shows of a joining session (``lanseat.LobbySession``; a stub in pictures)."""

    @property
    def view(self) -> Mapping[str, Any] | None: ...  # the seat's View once a hand is dealt
    @property
    def variant(self) -> Variant | None: ...  # once seated
    @property
    def variant_id(self) -> str | None: ...
    @property
    def options(self) -> Mapping[str, Any] | None: ...  # the table's options (勾选项), once seated
    @property
    def table_name(self) -> str | None: ...
    @property
    def host_name(self) -> str | None: ...
    @property
    def n(self) -> int | None: ...
    @property
    def hands_total(self) -> int | None: ...
    @property
    def seat(self) -> int | None: ...
    @property
    def names(self) -> Sequence[str | None]: ...
    @property
    def connected(self) -> Sequence[bool]: ...
    @property
    def bots(self) -> Sequence[bool]: ...
    @property
    def started(self) -> bool: ...
    @property
    def watchers(self) -> int: ...
    @property
    def watch(self) -> str: ...

    def prefetch(self) -> None: ...

    def close(self) -> None: ...


class HostSlot(Protocol):
    @property
    def bot_level(self) -> str | None: ...


class HostTable(Protocol):
    @property
    def slots(self) -> Sequence[HostSlot]: ...


class LobbyHost(Protocol):
    """What the hosting player's lobby asks of the host it runs (netplay's ``Host``; a stub in pictures)."""

    @property
    def name(self) -> str: ...
    @property
    def host_id(self) -> str: ...
    @property
    def tables(self) -> Mapping[str, HostTable]: ...

    def share_addresses(self) -> list[str]: ...

    def fill_bots(self, table_id: str, level: str = ...) -> int: ...

    def stop(self) -> None: ...


class LobbyScene(Scene):
    name = "lobby"

    def __init__(self, app: App, session: Lobbying, host: LobbyHost | None = None, on_refused=None,
                 hosting: LobbyHost | None = None):
        super().__init__(app)
        self.session = session
        self.host = host
        self.hosting = hosting or host  # the host this window runs, also when the command line stops it
        self.on_refused = on_refused  # on_refused(code, text): e.g. back to the join list's password prompt
        self.started_at = app.now

    def layout(self) -> None:
        s = self.s
        W_, H_ = self.app.size
        bw, bh = round(220 * s), round(52 * s)
        self.leave_btn = widgets.Button((W_ // 2 - bw // 2, H_ - round(40 * s) - bh, bw, bh),
                                        widgets.tr_label("lan.stop" if self.host else "common.back"), self.leave_lobby,
                                        "red", name="leave", size=round(18 * s))
        self.fill_btn = None
        if self.host is not None:
            # friends did not come: the host may give the open seats to bots and start
            self.leave_btn.rect.x = W_ // 2 - bw - round(12 * s)
            self.fill_btn = widgets.Button((W_ // 2 + round(12 * s), H_ - round(40 * s) - bh, bw, bh),
                                           widgets.tr_label("lan.fill_bots"), self.fill_bots, "gold", name="fill_bots",
                                           size=round(18 * s))

    def fill_bots(self) -> None:
        if self.host is None:
            return
        try:
            for table_id in list(self.host.tables):
                self.host.fill_bots(table_id, "normal")
        except (OSError, RuntimeError) as e:  # the host thread is gone or stuck: say so, stay in the lobby
            self.app.notice(strings.tr("lan.failed", why=hostmsg.os_error_text(e)), 6)

    def leave_lobby(self) -> None:
        try:
            self.session.close()
        except OSError:
            pass  # the connection is broken already: leaving anyway
        if self.host is not None:
            self.host.stop()
        nav.go(self.app, "menu")

    def busy(self) -> bool:
        return True  # waiting on the network: keep polling

    def update(self, dt: float) -> None:
        ses = self.session
        ses.prefetch()
        if ses.view is not None and ses.variant is not None:
            self.start_table()
        elif ses.status == "refused" and self.on_refused is not None and ses.error_code in ("password", "slow_down"):
            cb, self.on_refused = self.on_refused, None
            ses.close()
            cb(ses.error_code, hostmsg.session_text(ses) or "")

    def share_text(self) -> str:
        """What the hosting player tells the others: this machine's LAN address(es), never loopback."""
        addrs = self.host.share_addresses() if self.host is not None else []
        lan = [a for a in addrs if not a.startswith("127.")]
        if not lan:  # loopback only: say where this machine's other windows join, and that nobody else can
            addr = self.session.addr
            here = addrs[0] if addrs else (f"{addr[0]}:{addr[1]}" if addr else "127.0.0.1")
            return strings.tr("lan.only_here", addr=here)
        return strings.tr("lan.hosting", addr="  /  ".join(lan))

    def shares_lan(self) -> bool:
        """The host has an address other machines can type."""
        addrs = self.host.share_addresses() if self.host is not None else []
        return any(not a.startswith("127.") for a in addrs)

    def start_table(self) -> None:
        ses = self.session
        assert ses.view is not None  # update() starts the table once the first view has come
        n = ses.view["n"]
        names = table_names(ses, n)
        host = self.host

        def on_leave():
            try:
                ses.close()
            except OSError:
                pass  # the connection is broken already: leaving anyway
            if host is not None:
                host.stop()
            nav.go(self.app, "menu")

        from game.ui.lan.watch_screen import PlayerTable  # the table scene, plus how many watch

        table = PlayerTable(self.app, ses, ses.variant, names=names, hands_total=ses.hands_total,
                            on_leave=on_leave, lan=True)
        table.hosting = self.hosting  # closing the hosting player's window mid-match asks first
        self.app.goto(table)

    def handle(self, ev) -> None:
        if self.leave_btn.handle(ev):
            return
        if self.fill_btn is not None and self.fill_btn.handle(ev):
            return
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            self.leave_lobby()

    def draw(self, surf) -> None:
        s = self.s
        W_ = self.app.size[0]
        ses = self.session
        surf.blit(background(surf.get_size()), (0, 0))
        widgets.draw_text(surf, strings.tr("lan.lobby_title"), (W_ // 2, round(28 * s)), round(40 * s), widgets.GOLD,
                          "serif", anchor="midtop", shadow=True)
        box = pygame.Rect(0, 0, round(820 * s), round(470 * s))
        box.midtop = (W_ // 2, round(100 * s))
        widgets.panel(surf, box)
        x = box.x + round(36 * s)
        y = box.y + round(24 * s)
        status = ses.status
        addr = ses.addr
        vname = variant_title(ses.variant_id or "")
        tname = shown(ses.table_name or "")
        widgets.draw_text(surf, f"{tname}  ·  {vname}", (x, y), round(24 * s), widgets.CREAM, "bold",
                          max_width=box.w - round(72 * s))
        y += round(40 * s)
        opts = options_summary(ses.variant_id, ses.options)  # the table's 勾选项 off their defaults
        if opts:
            widgets.draw_text(surf, opts, (x, y - round(6 * s)), round(15 * s), widgets.GOLD,
                              max_width=box.w - round(72 * s))
            y += round(24 * s)
        if self.host is not None:
            widgets.draw_text(surf, self.share_text(), (x, y), round(17 * s), widgets.GOLD, "bold",
                              max_width=box.w - round(72 * s))
            y += round(28 * s)
            share = strings.tr("lan.share") + "  ·  " if self.shares_lan() else ""
            widgets.draw_text(surf, share + strings.tr("lan.host_id", name=self.host.name,
                                                       id=hostmsg.short(self.host.host_id)),
                              (x, y), round(14 * s), widgets.MUTED, max_width=box.w - round(72 * s))
            y += round(26 * s)
        elif addr:
            where = f"{addr[0]}:{addr[1]}"
            host_name = ses.host_name
            hid = getattr(ses, "host_id", None)
            where = f"{where} · {hostmsg.short(hid)}" if hid else where
            widgets.draw_text(surf, f"{host_name} · {where}" if host_name else where, (x, y), round(15 * s),
                              widgets.MUTED, max_width=box.w - round(72 * s))
            y += round(28 * s)
        y += round(10 * s)
        n = ses.n or len(ses.names) or 4
        names, connected, bots = ses.names, ses.connected, ses.bots
        my_seat = ses.seat
        if not names and status in ("refused", "closed"):
            n = 0  # refused before the host said who sits where: no seats are drawn as open (they may not be)
        for i in range(n):
            r = pygame.Rect(x, y, box.w - round(72 * s), round(48 * s))
            mine = i == my_seat
            pygame.draw.rect(surf, (70, 56, 20) if mine else (24, 48, 38), r, border_radius=round(10 * s))
            name = names[i] if i < len(names) and names[i] else None
            is_bot = not name and seat_has_bot(ses, i, self.host, bots)
            if name:
                who = shown(name) + (f"  ({strings.tr('table.seat_you')})" if mine else "")
                host_seat = i == 0 and self.host is not None
                kind = strings.tr("lan.seat_host") if host_seat else strings.tr("lan.seat_player")
            elif is_bot:
                who, kind = strings.tr("bot.name", i=i + 1), strings.tr("setup.bot")  # as the table will name it
            else:
                who, kind = strings.tr("lan.seat_open"), ""
            on = i < len(connected) and connected[i]
            pygame.draw.circle(surf, (90, 220, 120) if (on or is_bot) else (120, 120, 120),
                               (r.x + round(22 * s), r.centery), round(7 * s))
            widgets.draw_text(surf, f"{strings.tr('setup.seat')} {i + 1}", (r.x + round(40 * s), r.centery),
                              round(15 * s), widgets.MUTED, anchor="midleft")
            widgets.draw_text(surf, who, (r.x + round(120 * s), r.centery), round(18 * s),
                              widgets.CREAM if name or is_bot else widgets.MUTED, "bold", anchor="midleft",
                              max_width=r.w - round(260 * s))
            widgets.draw_text(surf, kind, (r.right - round(16 * s), r.centery), round(14 * s), widgets.MUTED,
                              anchor="midright")
            y += round(56 * s)
        watchers = ses.watchers
        if watchers or ses.watch == "open":
            note = strings.tr("lan.watchers_n", k=watchers)
            if ses.watch == "open":
                note += "  ·  " + strings.tr("lan.watch_open")
            widgets.draw_text(surf, note, (box.right - round(36 * s), box.y + round(30 * s)), round(14 * s),
                              widgets.GOLD, anchor="topright")
        msg = strings.tr("lan.waiting_host")
        if status in ("refused", "closed") or ses.error:
            msg = strings.tr("lan.failed", why=hostmsg.session_text(ses) or hostmsg.code_text("lost"))
        elif status == "connecting":
            msg = strings.tr("lan.connecting", addr=f"{addr[0]}:{addr[1]}" if addr else "")
        r = widgets.draw_text(surf, msg, (W_ // 2, box.bottom - round(34 * s)), round(16 * s), (255, 230, 170), "bold",
                              anchor="center")
        if status not in ("refused", "closed"):
            # the lobby is alive: three dots beside the sentence, one lit in turn (never a second full stop)
            k = int(self.app.now * 2) % 3
            for j in range(3):
                c = (r.right + round((12 + 10 * j) * s), r.centery)
                pygame.draw.circle(surf, (255, 230, 170) if j == k else (120, 110, 80), c, max(2, round(3 * s)))
        self.leave_btn.draw(surf)
        if self.fill_btn is not None:
            self.fill_btn.draw(surf)


def seat_has_bot(ses: Lobbying, i: int, host: LobbyHost | None, bots: Sequence[bool]) -> bool:
    """Whether a bot sits in (unnamed) seat ``i``. Once the game runs, a bot plays every seat nobody holds;
    before that only the seats the host gave a bot have one - the others are open, waiting for players."""
    if ses.started:
        return i < len(bots) and bool(bots[i])
    if host is not None and host.tables:  # the hosting player knows the table's set-up
        slots = next(iter(host.tables.values())).slots
        return i < len(slots) and slots[i].bot_level is not None
    return i < len(bots) and bool(bots[i])


def table_names(ses: Lobbying, n: int) -> list[str]:
    names = ses.names
    return [(names[i] if i < len(names) else None) or strings.tr("bot.name", i=i + 1) for i in range(n)]


# ====================================================================== joining

class TableFinder(Protocol):
    """What the join screen asks of a LAN browser (netplay's ``Browser``; a stub in pictures)."""

    def tables(self) -> list[dict]: ...

    def close(self) -> None: ...


class JoinScene(Scene):
    name = "join"

    def __init__(self, app, interfaces=None, ask_password: dict | None = None, error: str | None = None):
        super().__init__(app)
        self.why = lan_missing()
        self.browser: TableFinder | None = None
        self.addr_text = ""
        self.interfaces = interfaces if interfaces is not None else lan_interfaces()
        self.rows: list = []
        self.error = error
        self.ask = ask_password  # the table (a list row, or just host/port) whose password is being typed
        self.pw_text = ""
        self._watch_key: list | None = None  # the rows the watch buttons were made for
        self._raw_rows: list = []  # the tables as discovery lists them
        self._pins: dict | None = None  # host name -> the key this machine pinned for it
        self._watch_btns: list[widgets.Button] = []

    def enter(self) -> None:
        super().enter()
        if self.why is None and self.browser is None:
            try:
                self.browser = Browser(self.interfaces).start()
            except (OSError, RuntimeError, ValueError) as e:  # no multicast, no network: typing the address still works
                self.error = hostmsg.os_error_text(e)
                self.browser = None

    def leave(self) -> None:
        if self.browser is not None:
            try:
                self.browser.close()
            except (OSError, RuntimeError):
                pass  # zeroconf could not say goodbye on a network that is gone
            self.browser = None

    def layout(self) -> None:
        s = self.s
        W_, H_ = self.app.size
        bh = round(50 * s)  # the address row is as tall as the back button
        self.back_btn = widgets.corner_back(self.app.size, s, self.back)
        self.addr_input = widgets.TextInput((round(40 * s), H_ - round(110 * s) - bh, round(560 * s), bh),
                                            widgets.tr_label("lan.address"), self.addr_text, self._addr,
                                            placeholder="192.168.1.20:50555", max_len=40, label_w=0.3)
        self.connect_btn = widgets.Button((round(620 * s), H_ - round(110 * s) - bh, round(160 * s), bh),
                                          widgets.tr_label("lan.connect"), self.connect_typed, "gold", name="connect",
                                          size=round(18 * s))
        # a venue's network may hide the host from discovery: its address can be watched as well as joined
        self.watch_addr_btn = widgets.Button((round(800 * s), H_ - round(110 * s) - bh, round(160 * s), bh),
                                             widgets.tr_label("lan.watch"), self.watch_typed, "blue", name="watch_addr",
                                             size=round(18 * s))
        self.list_rect = pygame.Rect(round(40 * s), round(110 * s), W_ - round(80 * s), H_ - round(290 * s))
        self._build_rows([r for r, _b in self.rows])  # the found tables, placed for this size
        box = self._prompt_box()
        pw_rect = (box.x + round(30 * s), box.y + round(70 * s), box.w - round(60 * s), round(50 * s))
        self.pw_input = SecretInput(pw_rect, widgets.tr_label("lan.password"), self.pw_text, self._pw, max_len=60,
                                    label_w=0.3)
        self.pw_input.active = True
        bw2 = round(160 * s)
        self.pw_ok = widgets.Button(
            (box.right - round(30 * s) - bw2, box.bottom - round(70 * s), bw2, round(48 * s)),
            widgets.tr_label("lan.watch" if self.ask and self.ask.get("watching") else "lan.connect"),
            self.connect_password, "gold", name="pw_ok", size=round(18 * s))
        self.pw_cancel = widgets.Button((box.x + round(30 * s), box.bottom - round(70 * s), bw2, round(48 * s)),
                                        widgets.tr_label("lan.cancel"), self.cancel_password, "dark", name="pw_cancel",
                                        size=round(18 * s))

    def _prompt_box(self) -> pygame.Rect:
        s = self.s
        box = pygame.Rect(0, 0, round(640 * s), round(240 * s))
        box.center = (self.app.size[0] // 2, self.app.size[1] // 2)
        return box

    def _pw(self, t):
        self.pw_text = t

    def join_row(self, r: dict) -> None:
        """Connect to a listed table: take a seat kept for this machine back, or ask for the password first when the
        table has one."""
        if r.get("held_seat") is not None:
            connect(self.app, r["host"], r["port"], r["table_id"], seat=r["held_seat"], expect=r.get("host_id"),
                    on_refused=self._refused(r))
            return
        if r.get("password"):
            self.ask, self.pw_text, self.error = dict(r), "", None
            self.layout()
            return
        connect(self.app, r["host"], r["port"], r["table_id"], on_refused=self._refused(r), expect=r.get("host_id"))

    def accept_key(self, r: dict) -> None:
        """The player accepts the new key a known host now shows (it was set up again): pin it, then join."""
        try:
            SeatStore().pin(r.get("host_name", ""), r.get("host_id", ""))
        except OSError:
            pass
        self.app.notice(strings.tr("lan.key_accepted", name=shown(r.get("host_name", "")),
                                   fp=hostmsg.short(r.get("host_id", ""))), 4)
        self._pins = None
        self._build_rows([x for x, _b in self.rows])

    def annotate(self, rows: list) -> list:
        """Each found table with what this machine knows of it: a seat it holds there (``held_seat``) and the key
        it knew for that host's name when that differs (``known_key``)."""
        try:
            store = SeatStore()
            me = player_name(self.app)[:32]
            held = {(e["host_id"], e["table"]): e["seat"] for e in store.held() if e["name"] == me}
            pins = getattr(self, "_pins", None)
            if pins is None:
                pins = self._pins = {r.get("host_name"): store.pinned(r.get("host_name", "")) for r in rows}
        except OSError:
            return rows
        out = []
        for r in rows:
            r = {k: v for k, v in r.items() if k not in ("held_seat", "known_key")}  # what was known before
            seat = held.get((r.get("host_id"), r.get("table_id")))
            if seat is not None:
                r["held_seat"] = seat
            known = pins.get(r.get("host_name"))
            if known and known != r.get("host_id"):
                r["known_key"] = known
            out.append(r)
        return out

    def connect_password(self) -> None:
        r, pw = self.ask, self.pw_text
        if r is None:
            return
        self.ask = None
        if r.get("watching"):
            self._watch(r, pw)
            return
        connect(self.app, r["host"], r["port"], r.get("table_id"), password=pw, on_refused=self._refused(r))

    def watch_row(self, r: dict) -> None:
        """Watch a listed table (no seat), asking for its password first when it has one."""
        if r.get("password"):
            self.ask, self.pw_text, self.error = dict(r, watching=True), "", None
            self.layout()
            return
        self._watch(r, None)

    def _watch(self, r: dict, password: str | None) -> None:
        from game.ui.lan.watch_screen import start_watching

        start_watching(self.app, r["host"], r["port"], r.get("table_id"), password,
                       on_refused=self._refused(dict(r, watching=True)))

    def watch_buttons(self) -> list:
        """A "watch" button left of each listed table's "join" (disabled where the host takes no watchers)."""
        key = [(r.get("table_id"), r.get("host"), r.get("port"), r.get("watch"), b.rect.topleft) for r, b in self.rows]
        if self._watch_key != key:
            s = self.s
            self._watch_key = key
            self._watch_btns = [widgets.Button((b.rect.x - round(140 * s), b.rect.y, round(130 * s), b.rect.h),
                                               widgets.tr_label("lan.watch"), lambda r=r: self.watch_row(r), "blue",
                                               enabled=r.get("watch", "public") != "off", name=f"watch{i}",
                                               size=round(16 * s))
                                for i, (r, b) in enumerate(self.rows)]
        return self._watch_btns

    def cancel_password(self) -> None:
        self.ask = None
        self.pw_text = ""

    def _refused(self, r: dict):
        """Back to this list with the password prompt open when the host wants a (better) password."""
        app, interfaces = self.app, self.interfaces

        def back(code: str, text: str) -> None:
            app.goto(JoinScene(app, interfaces, ask_password=dict(r, password=True),
                               error=text if code != "password" or r.get("password") else None))

        return back

    def _addr(self, t):
        self.addr_text = t

    back = nav.leads_to("menu")

    def _typed_row(self) -> dict | None:
        """The typed HOST:PORT as a table row (its first table), or None after saying what is wrong."""
        text = self.addr_text.strip()
        host, sep, port = text.rpartition(":")
        if not sep or not host or not port.isdigit():
            self.app.notice(strings.tr("lan.failed", why=strings.tr("net.bad_address")), 3)
            return None
        if self.why:
            self.app.notice(strings.tr("lan.unavailable", why=missing_text(self.why)), 4)
            return None
        return {"host": host.strip("[]"), "port": int(port), "table_id": None, "name": text}

    def connect_typed(self) -> None:
        row = self._typed_row()
        if row is not None:
            connect(self.app, row["host"], row["port"], on_refused=self._refused(row))

    def watch_typed(self) -> None:
        """Watch the table at the typed address, as ``python -m game watch --addr`` does (a password is asked
        for when the host refuses without one)."""
        row = self._typed_row()
        if row is not None:
            self._watch(row, None)

    def busy(self) -> bool:
        return self.browser is not None

    def update(self, dt: float) -> None:
        if self.browser is not None:
            rows = self.browser.tables()
            if rows != self._raw_rows:
                self._raw_rows = rows
                self._pins = None
                self._build_rows(rows)
                self.app.dirty = True

    def _build_rows(self, rows: list) -> None:
        s = self.s
        self.rows = []
        y = self.list_rect.y + round(10 * s)
        for i, r in enumerate(self.annotate(rows)):
            rect = (self.list_rect.right - round(150 * s), y + round(8 * s), round(130 * s), round(40 * s))
            if r.get("known_key"):  # a known host's name with another key: nothing is joined before the player says
                b = widgets.Button(rect, widgets.tr_label("lan.accept_key"), lambda r=r: self.accept_key(r), "red",
                                   name=f"row{i}", size=round(15 * s))
            elif r.get("held_seat") is not None:  # a seat kept for this machine: also on a full table
                b = widgets.Button(rect, widgets.tr_label("lan.rejoin_seat", n=r["held_seat"] + 1),
                                   lambda r=r: self.join_row(r), "gold", name=f"row{i}", size=round(15 * s))
            else:
                b = widgets.Button(rect, widgets.tr_label("lan.connect"), lambda r=r: self.join_row(r),
                                   "gold", enabled=r.get("seats_free", 0) > 0, name=f"row{i}", size=round(16 * s))
            self.rows.append((r, b))
            y += round(60 * s)

    def handle(self, ev) -> None:
        if self.ask is not None:  # the password prompt is modal
            if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
                self.cancel_password()
                return
            for w in (self.pw_input, self.pw_ok, self.pw_cancel):
                if w.handle(ev):
                    if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                        self.connect_password()
                    return
            if ev.type == pygame.KEYDOWN:
                if ev.key == pygame.K_ESCAPE:
                    self.cancel_password()
                elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                    self.connect_password()
            return
        for w in [self.back_btn, self.addr_input, self.connect_btn, self.watch_addr_btn,
                  *[b for _r, b in self.rows], *self.watch_buttons()]:
            if w.handle(ev):
                return
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                self.back()
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.addr_text:
                self.connect_typed()

    def draw(self, surf) -> None:
        s = self.s
        surf.blit(background(surf.get_size()), (0, 0))
        widgets.draw_text(surf, strings.tr("lan.join_title"), (round(40 * s), round(28 * s)), round(38 * s),
                          widgets.GOLD, "serif", shadow=True)
        box = self.list_rect
        widgets.panel(surf, box, (10, 26, 20), 215, round(14 * s), 2)
        if self.why:
            widgets.draw_wrapped(surf, strings.tr("lan.unavailable", why=missing_text(self.why)),
                                 box.inflate(-round(40 * s), -round(40 * s)), round(17 * s))
        elif not self.rows:
            text = strings.tr("lan.searching") + "\n" + strings.tr("lan.none_found")
            if self.error:
                text = strings.tr("lan.failed", why=self.error) + "\n" + strings.tr("lan.none_found")
            widgets.draw_wrapped(surf, text, box.inflate(-round(40 * s), -round(40 * s)), round(17 * s), widgets.MUTED)
        for r, b in self.rows:
            row = pygame.Rect(box.x + round(10 * s), b.rect.y - round(8 * s), box.w - round(20 * s), round(56 * s))
            pygame.draw.rect(surf, (24, 48, 38), row, border_radius=round(10 * s))
            vn = variant_title(r["variant"]) if "variant" in r else ""
            line = strings.tr("lan.table_line", name=r.get("name", ""), variant=vn,
                        players=strings.tr("lan.players_n", k=r.get("seats_taken", 0), n=r.get("players", 0)))
            if r.get("password"):
                line += f"  · {strings.tr('lan.locked')}"
            line += watch_note(r)
            widgets.draw_text(surf, line, (row.x + round(16 * s), row.y + round(8 * s)), round(18 * s), widgets.CREAM,
                              "bold", max_width=row.w - round(340 * s))
            widgets.draw_text(surf, self.row_host_text(r), (row.x + round(16 * s), row.y + round(32 * s)),
                              round(13 * s), (255, 170, 150) if r.get("known_key") else widgets.MUTED,
                              max_width=row.w - round(340 * s))
            b.draw(surf)
        for b in self.watch_buttons():
            b.draw(surf)
        self.addr_input.draw(surf)
        self.connect_btn.draw(surf)
        self.watch_addr_btn.draw(surf)
        self.back_btn.draw(surf)
        if self.ask is not None:
            self._draw_prompt(surf)

    @staticmethod
    def row_host_text(r: dict) -> str:
        """The second line of a list row: the table's options off their defaults (一炮多响 关 ...), then which host
        (its key's short fingerprint tells hosts of one name apart), where, and a changed key with both fingerprints."""
        where = strings.tr("lan.host_id", name=r.get("host_name", ""), id=hostmsg.short(r.get("host_id") or "?")) + \
            f" · {r.get('host')}:{r.get('port')}"
        if r.get("known_key"):
            where += "  · " + strings.tr("lan.key_changed", old=hostmsg.short(r["known_key"]),
                                         new=hostmsg.short(r.get("host_id") or "?"))
        opts = options_summary(r.get("variant"), r.get("options"))
        return f"{opts}  ·  {where}" if opts else where

    def _draw_prompt(self, surf) -> None:
        s = self.s
        ask = self.ask or {}
        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surf.blit(shade, (0, 0))
        box = self._prompt_box()
        widgets.panel(surf, box)
        widgets.draw_text(surf, strings.tr("lan.password_for", name=ask.get("name") or ask.get("host", "")),
                          (box.x + round(30 * s), box.y + round(24 * s)), round(20 * s), widgets.GOLD, "bold",
                          max_width=box.w - round(60 * s))
        if self.error:
            widgets.draw_text(surf, self.error, (box.x + round(30 * s), box.y + round(130 * s)), round(14 * s),
                              (255, 170, 150), max_width=box.w - round(60 * s))
        self.pw_input.draw(surf)
        self.pw_ok.draw(surf)
        self.pw_cancel.draw(surf)


# ====================================================================== CLI entry points (netplay.cli)

def _window_app():
    return App()


def play_hosted(host) -> int:
    """``python -m game host`` with a window: the hosting player joins their own table over loopback."""
    app = _window_app()
    connect_owner(app, host, stop_on_leave=False)  # the command that started the host stops it
    if app.scene is None:
        nav.go(app, "menu")
    return app.run()


def join_window(args) -> int:
    """``python -m game join`` without ``--bot``: the window, straight to the table when an address is given."""
    app = _window_app()
    # args: the join subcommand's argparse namespace (netplay.cli), whose optional flags depend on how it was built
    if getattr(args, "name", None):
        app.settings.name = clean_name(args.name)
    if getattr(args, "addr", None):
        host, _sep, port = args.addr.rpartition(":")

        def go() -> None:
            connect(app, host.strip("[]"), int(port), getattr(args, "table", None),
                    password=getattr(args, "password", None))

        if needs_name(app):  # the first LAN use asks for a name first (issue 39)
            app.goto(NamePrompt(app, go))
        else:
            go()
    else:
        app.goto(JoinScene(app, interfaces=getattr(args, "interfaces", None)))
    if app.scene is None:
        nav.go(app, "menu")
    return app.run()
