"""Watching a LAN table without a seat: the watcher's session (``WatchSession``) and ``python -m game watch``.

A watcher sees the table as the public does (``game.rules.view.public_view``): melds,
discards, the flipped tiles, scores, whose turn it is, the settlement with every hand
shown; never a concealed tile unless the host opened the table to its watchers. It has
no decisions, so the host never waits for it; it follows the table from hand to hand
and, for an event screen that must run unattended, keeps reconnecting when the host
goes away (a restart with ``--resume`` continues the same table).
"""

from __future__ import annotations

import json
import math
import sys
import time
from typing import Any

from game.rules.events import Event
from game.rules.view import PublicView

from . import protocol as wire
from .client import NetSession
from .protocol import Code

# a watch that cannot succeed by retrying
WATCH_REFUSALS = (Code.VERSION, Code.PASSWORD, Code.SLOW_DOWN, Code.NO_TABLE, Code.NO_WATCH)


class WatchSession(NetSession):
    """A watcher's connection to one table. ``status``: connecting, watching, reconnecting, refused, closed.

    ``view`` is the latest ``PublicView`` (None before the first hand is dealt), ``poll()`` returns the public
    events since the previous call, ``full`` says that the latest state was a whole picture (on arrival, after a
    reconnect, or after the host skipped this watcher ahead because it read too slowly): draw it, do not animate.
    ``reconnect_s`` (default: for ever) is how long a lost host is tried again.
    """

    def __init__(self, host: str, port: int, name: str = "watcher", table_id: str | None = None,
                 password: str | None = None, *, reconnect_s: float = math.inf, connect_timeout: float = math.inf,
                 tap=None, start: bool = True, source: str | None = None):
        self.open = False  # the host shows every hand to this table's watchers
        self.full = False
        self.fulls = 0  # whole pictures received (the first one, reconnects, skips)
        self.hands_seen = 0  # hand ends seen
        self.batch: list[dict] = []  # the state messages the last poll() applied
        super().__init__(host, port, name, table_id, password, None, reconnect_s=reconnect_s,
                         connect_timeout=connect_timeout, tap=tap, start=start, source=source)
        self.view: PublicView | None = None  # type: ignore[assignment]

    # ================================================================ Session interface
    def poll(self) -> list[Event]:
        events: list[Event] = []
        self.batch = []
        for m in self._take_inbox():
            if m["t"] != "state":
                self._take_message(m)
                continue
            if not m["full"] and self.view is not None and m["seq"] <= self.seq:
                continue  # a frame a newer whole picture has already overtaken
            if m["full"]:
                events = []  # the picture includes what came before it
                self.fulls += 1
            self.full = m["full"]
            ended = m["hand_over"] and not self.hand_over
            v = m["view"]
            if type(v) is dict and type(v.get("result")) is dict:  # its messages bounded, as a seat's are
                v = {**v, "result": wire.result_from_wire(v["result"])}
            self.view = v
            self._take_state(m)
            self.hands_seen += int(ended and not m["full"])
            events.extend(m["events"])
            self.batch.append(m)
        return events

    def send(self, action: Any) -> None:
        self.error, self.error_code = wire.ERRORS[Code.WATCHER], Code.WATCHER

    def next_hand(self) -> None:
        pass  # the players deal the next hand; a watcher follows

    # ================================================================ the connection
    def _resumable(self) -> bool:
        return True  # a watcher holds nothing: it can always come back

    def _first(self) -> bytes:
        self._proved = None
        pk = self._pake_start(self.table_id) if self.password else None
        msg = wire.make("watch", name=self.name[:32], table=self.table_id, pk=pk)
        return wire.pack({k: v for k, v in msg.items() if v is not None})

    def _on_msg(self, m: dict) -> str | None:
        t = m["t"]
        if t == "watching":
            from game.rules.variants import get as get_variant

            self.table_id = m["table"]
            self.n, self.hands_total, self.table_name, self.host_name = m["n"], m["hands"], m["table_name"], m["host"]
            self.variant_id, self.options, self.open = m["variant"], m["options"], m["open"]
            try:
                self.variant = get_variant(m["variant"])
            except ValueError:
                self.variant = None
            self.connections += 1
            self.status = "watching"
            self.error, self.error_code = None, None
            return None
        if t == "error" and m["code"] in WATCH_REFUSALS and self.status != "watching":
            self._end("refused", m["msg"])
            self.error_code = m["code"]
            return "done"
        if t == "bye":
            self.error_code = m["code"]
            if m["code"] in (Code.LEFT, Code.VERSION):
                self._end("closed", m["msg"] if m["code"] != Code.LEFT else None)
                return "done"
            if m["code"] != Code.SHUTDOWN:
                self.error = m["msg"]
            return "lost"  # shut down, cut off as slow or silent, no room: the host may take us again
        with self._cv:
            self._inbox.append(m)
            self._cv.notify_all()
        return None


# ==================================================================== python -m game watch --headless

def headless(host: str, port: int, table: str | None, password: str | None, name: str, hands: int | None,
             timeout: float, out=sys.stdout) -> int:
    """Follow a table and print one JSON line per state (``full`` pictures included), until ``hands`` hands have
    ended (default: the match is over). Exit 1 when refused or when nothing arrives for ``timeout`` seconds."""
    ws = WatchSession(host, port, name, table, password, connect_timeout=timeout, reconnect_s=timeout)
    quiet_since = time.monotonic()
    try:
        while True:
            ws.wait(0.5)
            got = ws.updates
            ws.poll()
            if ws.status in ("refused", "closed"):
                print(f"error: {ws.error or ws.status}", file=sys.stderr)
                return 1
            if ws.updates != got:
                quiet_since = time.monotonic()
                for m in ws.batch:
                    v = m["view"]
                    print(json.dumps({"table": ws.table_id, "open": ws.open, "seq": m["seq"], "full": m["full"],
                                      "hand_no": m["hand_no"], "step": m["step"], "phase": v and v["phase"],
                                      "turn": v and v["turn"], "wall": v and v["wall"],
                                      "events": [e.get("type") for e in m["events"]], "watchers": ws.watchers,
                                      "totals": m["totals"], "hand_over": m["hand_over"]}, ensure_ascii=False),
                          file=out, flush=True)
                if ws.match_over or (hands is not None and ws.hands_seen >= hands):
                    return 0
            elif time.monotonic() - quiet_since > timeout:
                why = f"cannot reach the host at {host}:{port}" if ws.status in ("connecting", "reconnecting") \
                    else "nothing from the table"
                print(f"error: {ws.error if ws.status == 'connecting' and ws.error else why} in {timeout:g} s",
                      file=sys.stderr)
                return 1
    finally:
        ws.close()
