"""Argument parsing and dispatch for ``python -m game``; bad input is one line and exit 2."""

from __future__ import annotations

import argparse
import json
import sys

from .. import __version__
from ..errors import UsageError

LOG_LEVEL = ("--log-level",)
#: the commands that run the window or take part in LAN play: they log to the user's log folder
LOGGED = (None, "play", "demo", "host", "join", "watch")


def _log_level_kw(default) -> dict:
    from game.logs import LEVELS

    return {"default": default, "type": str.lower, "choices": LEVELS, "metavar": "LEVEL",
            "help": "what goes into the log file in the user's log folder: debug, info (default), warning, error"}


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2, no usage dump
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m game",
                description="Yunnan & Guizhou mahjong (文山翻小鸡, 玉溪扳倒胡, 贵阳捉鸡, 捉鸡麻将)")
    p.add_argument("--version", action="store_true", help="print the version and exit")
    p.add_argument("--smoke", action="store_true", help="check assets and the rules core, render one frame, exit")
    p.add_argument(*LOG_LEVEL, **_log_level_kw(None))
    sub = p.add_subparsers(dest="cmd", parser_class=_Parser)

    sp = sub.add_parser("play", help="straight to a table vs 3 bots")
    sp.add_argument(*LOG_LEVEL, **_log_level_kw(argparse.SUPPRESS))
    sp.add_argument("--variant", default="wenshan")
    sp.add_argument("--seed", type=int, default=None)
    sp.add_argument("--opt", action="append", default=[], metavar="KEY=VALUE")
    sp.add_argument("--hands", type=int, default=None, help="hands in the match (default: the last one chosen)")
    sp.add_argument("--auto", action="store_true", help="your seat on 托管 (a bot plays it): no input needed")
    sp.add_argument("--quit-on", choices=("settlement", "match-end"), default=None,
                    help="exit 0 once that screen has been drawn, 1 after 120 s without it")
    sp.add_argument("--save", default=None, metavar="FILE",
                    help="write the match to FILE (a replay file) as hands end and when the window closes")

    sp = sub.add_parser("demo", help="the demo that teaches: bots play every hand open, with captions")
    sp.add_argument(*LOG_LEVEL, **_log_level_kw(argparse.SUPPRESS))
    sp.add_argument("--variant", default=None, help="pin the demo to one game (default: every game in turn)")
    sp.add_argument("--seed", type=int, default=None)

    sp = sub.add_parser("sim", help="headless bot match")
    sp.add_argument("--variant", required=True)
    sp.add_argument("--hands", type=int, required=True)
    sp.add_argument("--seed", type=int, default=0)
    sp.add_argument("--bots", default=None, help="comma-separated levels per seat")
    sp.add_argument("--opt", action="append", default=[], metavar="KEY=VALUE")
    sp.add_argument("--json", action="store_true")

    sp = sub.add_parser("score", help="score one hand situation (JSON on stdin)")
    sp.add_argument("--json", action="store_true")
    sp.add_argument("--opt", action="append", default=[], metavar="KEY=VALUE",
                    help="a table option over the situation's options (e.g. bao_ji=off)")

    sp = sub.add_parser("replay", help="replay a scenario or saved match and print every hand's settlement")
    sp.add_argument("file")
    sp.add_argument("--json", action="store_true")
    sp.add_argument("--opt", action="append", default=[], metavar="KEY=VALUE",
                    help="a table option over the file's options (e.g. multi_win=off)")
    sp.add_argument("--lang", default="zh", choices=("zh", "en"), help="the text's language (default 中文)")

    sp = sub.add_parser("host", help="host a LAN table")
    sp.add_argument(*LOG_LEVEL, **_log_level_kw(argparse.SUPPRESS))
    sp.add_argument("--headless", action="store_true", help="a dedicated host without a window")
    sp.add_argument("--name", default=None, help="the table name shown to players")
    sp.add_argument("--port", type=int, default=0, help="TCP port (default: any free port)")
    sp.add_argument("--resume", action="store_true", help="continue every table where a crashed host stopped")
    sp.add_argument("--variant", default=None, help="wenshan, kunming, yuxi, guiyang or zhuoji")
    sp.add_argument("--opt", action="append", default=[], metavar="KEY=VALUE", help="a table option (勾选项)")
    sp.add_argument("--hands", type=int, default=None, help="hands per match")
    sp.add_argument("--tables", type=int, default=1, help="tables this host runs at once")
    sp.add_argument("--interfaces", default=None, help="comma-separated addresses to advertise on")
    sp.add_argument("--password", default=None, help="players must give it to sit down")
    sp.add_argument("--state-dir", default=None, help="where match logs are written (for --resume)")
    sp.add_argument("--bots", default=None, help="bot levels for seats no player takes, e.g. normal,normal")
    sp.add_argument("--seed", default=None, help="fix the deal (tests); by default every match gets a fresh seed")
    sp.add_argument("--once", action="store_true", help="exit when every table's match is over")
    sp.add_argument("--hold", type=float, default=None, help="seconds a dropped player's seat is kept (60)")
    sp.add_argument("--wait", action="store_true", help="the table waits for a dropped player instead of a bot")
    sp.add_argument("--bot-delay", type=float, default=0.0, help="seconds host bots wait before acting")
    sp.add_argument("--watch", default=None, choices=("public", "open", "off"),
                    help="what watchers see: what lies face up (public, the default), every hand (open: bot-only or "
                         "teaching tables), or no watchers (off); with --headless and --watch, --bots may fill "
                         "every seat")
    sp.add_argument("--watch-pause", type=float, default=None,
                    help="a watched table of bots only: seconds between hands and matches (15)")
    sp.add_argument("--no-assists", action="store_true", help="players' windows show no hints and no tile tracker")
    sp.add_argument("--claim-window", type=float, default=None, metavar="S",
                    help="seconds every discard stays open for claims, whether or not anybody may claim (1.5)")
    sp.add_argument("--turn-timer", type=int, default=None, metavar="S", choices=(0, 10, 15, 20),
                    help="seconds a player has for each decision before the host acts as 托管 would (15; 0: none)")

    sp = sub.add_parser("join", help="join a LAN table")
    sp.add_argument(*LOG_LEVEL, **_log_level_kw(argparse.SUPPRESS))
    g = sp.add_mutually_exclusive_group()
    g.add_argument("--discover", action="store_true", help="find the host on the local network")
    g.add_argument("--addr", default=None, metavar="HOST:PORT", help="connect to this address")
    sp.add_argument("--bot", default=None, metavar="LEVEL", help="a headless bot (easy/normal/strong) takes the seat")
    sp.add_argument("--table", default=None, help="with --discover: a table id or name, or a host's name")
    sp.add_argument("--name", default=None, help="your player name")
    sp.add_argument("--password", default=None, help="the table password")
    sp.add_argument("--interfaces", default=None, help="comma-separated addresses to discover on")
    sp.add_argument("--timeout", type=float, default=10.0, help="seconds to wait for discovery/connection")
    sp.add_argument("--seed", default="0", help="the bot's seed")
    sp.add_argument("--accept-new-key", action="store_true",
                    help="the host was set up again: accept the new key it shows under its known name")

    sp = sub.add_parser("watch", help="watch a LAN table without a seat (the event screen)")
    sp.add_argument(*LOG_LEVEL, **_log_level_kw(argparse.SUPPRESS))
    sp.add_argument("--addr", required=True, metavar="HOST:PORT", help="the host's address")
    sp.add_argument("--table", default=None, help="the table id (default: the host's first table)")
    sp.add_argument("--password", default=None, help="the table password, if it has one")
    sp.add_argument("--name", default=None, help="how this watcher is logged by the host")
    sp.add_argument("--fullscreen", action="store_true", help="fill the screen (a projector); F11 toggles")
    sp.add_argument("--headless", action="store_true", help="no window: one JSON line per state received")
    sp.add_argument("--hands", type=int, default=None, help="with --headless: stop after this many hands")
    sp.add_argument("--timeout", type=float, default=30.0, help="with --headless: give up after this long unheard")

    sp = sub.add_parser("bench", help="benchmarks: core, bots, frames, lan, startup, demo")
    sp.add_argument("name")
    sp.add_argument("rest", nargs=argparse.REMAINDER)

    sp = sub.add_parser("audit-ui",
                        help="draw every scene x variant x language x size and list layout and language problems")
    sp.add_argument("--json", action="store_true")
    sp.add_argument("--scene", action="append", default=None, help="only this scene (repeatable)")
    sp.add_argument("--variant", action="append", default=None, help="only this variant (repeatable)")
    sp.add_argument("--size", action="append", default=None, help="only this size, WxH (repeatable)")
    sp.add_argument("--lang", action="append", default=None, help="only this language, zh or en (repeatable)")
    sp.add_argument("--seed", type=int, default=1)

    sp = sub.add_parser("screenshot", help="render one scene off-screen to a PNG")
    sp.add_argument("--scene", required=True)
    sp.add_argument("--variant", default="wenshan")
    sp.add_argument("--out", required=True)
    sp.add_argument("--seed", type=int, default=0)
    sp.add_argument("--size", default="1280x720")
    sp.add_argument("--lang", default=None)
    return p


def utf8_streams() -> None:
    """Redirected standard streams speak UTF-8 on every system: on Windows a pipe or file would otherwise get the
    ANSI code page (cp1252 cannot write 高手, so ``score > out.json`` would fail). A console is left alone."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None or (getattr(stream, "encoding", "") or "").lower().replace("-", "") == "utf8":
            continue
        try:
            if not stream.isatty():
                reconfigure(encoding="utf-8")
        except (OSError, ValueError):
            pass


def main(argv=None) -> int:
    import game.startclock as startclock

    startclock.mark("main")  # the interpreter is up and the command line's module imported
    argv = list(sys.argv[1:] if argv is None else argv)
    utf8_streams()
    try:
        args = build_parser().parse_args(argv)
        if args.version:
            print(f"yungui-mahjong {__version__}")
            return 0
        if args.smoke:
            return _lazy("game.cli.smoke", "main")(args)
        if args.cmd in LOGGED:
            _start_logging(args.log_level or "info")
        if args.cmd is None:
            return _lazy("game.cli.gui", "main")(args)
        return _dispatch(args)
    except UsageError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


def _start_logging(level: str) -> None:
    """The log file and the crash reports of the window and of LAN play (``game.logs``, ``game.crash``)."""
    from game import crash, logs

    logs.setup(level)
    if sys.stderr is not None:
        logs.console("warning")  # what Python printed here before there was a log file
    crash.install()


def _lan_window():
    """The window client's LAN entry points (``game.ui.lan.lobby``), or None in a build without a window.

    The command line wires the window into netplay: netplay itself never imports the UI.
    """
    try:
        from game.ui.lan import lobby
    except ImportError:
        return None
    return lobby


def _watch_window():
    """The window's watcher screen (``game.ui.lan.watch_screen``), or None in a build without a window."""
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        from game.ui.lan import watch_screen
    except ImportError:
        return None
    return watch_screen


def _lazy(module: str, attr: str):
    import importlib

    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as e:
        if e.name == module:
            raise UsageError(f"this build has no {module.rsplit('.', 1)[-1]} command") from None
        raise UsageError(f"missing module {e.name!r} (needed by {module}): "
                         "install the game with its requirements") from None
    return getattr(mod, attr)


def _dispatch(args) -> int:
    if args.cmd == "score":
        from . import score

        out, code = score.run(sys.stdin.read(), args.json, args.opt)
        print(out)
        return code
    if args.cmd == "replay":
        from . import replay

        out, code = replay.run(args.file, args.json, args.lang, args.opt)
        print(out)
        return code
    if args.cmd == "sim":
        from . import sim

        return sim.run(args)
    if args.cmd == "bench":
        return _bench(args)
    if args.cmd in ("play", "demo"):
        return _lazy("game.cli.gui", "main")(args)
    if args.cmd == "host":
        return _lazy("netplay.cli", "host_main")(args, window=_lan_window)
    if args.cmd == "join":
        return _lazy("netplay.cli", "join_main")(args, window=_lan_window)
    if args.cmd == "watch":
        return _lazy("netplay.cli", "watch_main")(args, window=_watch_window)
    if args.cmd == "screenshot":
        return _lazy("game.ui.devtools.screenshot", "main")(args)
    if args.cmd == "audit-ui":
        return _lazy("game.ui.devtools.audit", "main")(args)
    raise UsageError(f"unknown command {args.cmd!r}")


BENCHES = {
    "core": "game.bench.core",
    "bots": "game.bench.bots",
    "frames": "game.bench.frames",
    "lan": "netplay.bench",
    "startup": "game.bench.startup",
    "demo": "game.bench.demo",
}


def _bench(args) -> int:
    if args.name not in BENCHES:
        raise UsageError(f"unknown benchmark {args.name!r} (one of {', '.join(BENCHES)})")
    return _lazy(BENCHES[args.name], "main")(args.rest)


def dumps(obj) -> str:
    return json.dumps(obj, ensure_ascii=False)
