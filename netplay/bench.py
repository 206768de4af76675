"""``python -m game bench lan``: one host, N tables of bot clients at a human pace, all on loopback.

What players feel is the round trip: from the moment a client sends its action to
the moment the host's answer is read off its socket (``rtt_*``). The host's own
time per action (read -> states handed to the sockets, the journal's fdatasync
included) is ``p50_ms``/``p99_ms``. Bots think like people (``--think``, seconds per
decision), so the host serves the load of real tables, not a flat-out stress run.
Every client connects from its own loopback address, as from its own machine.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time

LOOPBACK = ["127.0.0.1"]


def _pct(xs: list[float], p: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p / 100 * (len(xs) - 1)))]


def _source(table: int, seat: int) -> str:
    return f"127.1.{table % 250}.{seat + 1 + 10 * (table // 250)}"


def worker(host: str, port: int, tables: list[str], seed: str, seats: int, think: tuple[float, float],
           seconds: float) -> int:
    """One bot client per open seat of each table id, each in a thread, until the match ends or time is up.

    Prints one JSON line: round trips (ms), decisions, hands seen, errors."""
    from .client import BotClient

    rtts: list[float] = []
    errors: list[str] = []
    out = {"decisions": 0, "matches": 0}
    lock = threading.Lock()
    deadline = time.monotonic() + seconds

    def play(tid: str, k: int) -> None:
        try:
            bc = BotClient(host, port, "simple", f"bench-{tid}-{k}", seed=f"{seed}:{tid}:{k}", table_id=tid,
                           connect_timeout=15, think=think, source=_source(int(tid), k))
            s = bc.session
            try:
                while time.monotonic() < deadline and not s.match_over:
                    if s.status in ("refused", "closed"):
                        raise RuntimeError(s.error or s.status)
                    s.wait(0.2)
                    bc.step()
            finally:
                s.close()
            with lock:
                rtts.extend(1000 * x for x in s.rtts)
                out["decisions"] += bc.decisions
                out["matches"] += int(s.match_over)
        except Exception as e:  # noqa: BLE001 - reported to the parent
            with lock:
                errors.append(f"{tid}/{k}: {e}")

    threads = [threading.Thread(target=play, args=(tid, k)) for tid in tables for k in range(seats)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(json.dumps(dict(out, errors=errors, rtts=[round(x, 3) for x in rtts])), flush=True)
    return 1 if errors else 0


def run(tables: int = 8, hands: int = 4, procs: int = 4, seed: str = "bench", seconds: float = 40.0,
        think: tuple[float, float] = (0.4, 1.2), host_bots: int = 0, state_dir: str | None = None) -> dict:
    """Play for ``seconds`` (or until every match is over) and gather the figures."""
    os.environ["YUNGUI_NET_LOOPBACK_ONLY"] = "1"
    from .discovery import Browser
    from .host import Host, Limits
    from .table import TableConfig

    players = 4 - host_bots
    cfgs = [TableConfig(table_id=str(i + 1), name=f"Bench {i + 1}", hands=hands, seed=f"{seed}:{i}",
                        sub_bot="simple", bots={3 - b: "normal" for b in range(host_bots)},
                        bot_delay=sum(think) / 2 if host_bots else 0.0) for i in range(tables)]
    load0 = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="lanbench-", dir=state_dir) as state:
        t_adv = time.perf_counter()
        host = Host(tables=cfgs, name=f"bench-{os.getpid()}", interfaces=LOOPBACK, state_dir=state,
                    limits=Limits(max_conns=max(256, 2 * tables * 4))).start()
        try:
            if host.advertiser is not None:
                host.advertiser.registered.wait(30)
            advertise_s = time.perf_counter() - t_adv
            t0 = time.perf_counter()
            br = Browser(LOOPBACK).start()
            try:
                rows = br.wait_for(lambda r: sum(x["host_name"] == host.name for x in r) >= tables, 30)
            finally:
                br.close()
            discovery_s = time.perf_counter() - t0
            found = sum(x["host_name"] == host.name for x in rows)
            addr, port = host.address
            ids = [c.table_id for c in cfgs]
            groups = [ids[i::procs] for i in range(procs) if ids[i::procs]]
            host.settle_memory()  # as ``python -m game host`` does once it serves
            host.latencies.clear()
            a0 = host.actions
            at_end: dict[str, int] = {}  # counted when the clients stop (after that, host bots finish the hands)
            def snapshot() -> None:
                at_end["actions"] = host.actions
                at_end["hands"] = host.call(lambda: sum(t.match.hand_no for t in host.tables.values() if t.match))

            timer = threading.Timer(seconds, snapshot)
            timer.start()
            t_play = time.perf_counter()
            ps = [subprocess.Popen([sys.executable, "-m", "netplay.bench", "--worker", addr, str(port), ",".join(g),
                                    seed, str(players), f"{think[0]},{think[1]}", str(seconds)],
                                   stdout=subprocess.PIPE, text=True,
                                   cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
                  for g in groups]
            outs = [p.communicate(timeout=seconds + 600)[0] for p in ps]
            play_s = min(seconds, time.perf_counter() - t_play)
            timer.cancel()
            actions = at_end.get("actions", host.actions) - a0
            lat = list(host.latencies)
            errors: list[str] = []
            rtts: list[float] = []
            decisions = matches = 0
            for o in outs:
                try:
                    r = json.loads(o.strip().splitlines()[-1])
                except (ValueError, IndexError):
                    errors.append(f"worker printed {o[-200:]!r}")
                    continue
                errors += r["errors"]
                rtts += r["rtts"]
                decisions += r["decisions"]
                matches += r["matches"]
            hands_done = at_end.get("hands", 0)
        finally:
            host.stop()
    return {
        "tables": tables,
        "clients": players * tables,
        "host_bots_per_table": host_bots,
        "think_s": list(think),
        "hands_per_table": hands,
        "actions": actions,
        "actions_per_s": round(actions / play_s, 1) if play_s else None,
        "decisions_by_clients": decisions,
        "rtt_samples": len(rtts),
        "rtt_p50_ms": round(_pct(rtts, 50), 3),
        "rtt_p99_ms": round(_pct(rtts, 99), 3),
        "rtt_max_ms": round(max(rtts), 3) if rtts else None,
        "p50_ms": round(1000 * _pct(lat, 50), 3),
        "p99_ms": round(1000 * _pct(lat, 99), 3),
        "max_ms": round(1000 * max(lat), 3) if lat else None,
        "discovery_s": round(discovery_s, 3),
        "tables_discovered": found,
        "advertise_s": round(advertise_s, 3),
        "play_s": round(play_s, 3),
        "hands_completed": hands_done,
        "matches_completed": matches // max(1, players) == tables,
        "loadavg_before": [round(x, 2) for x in load0],
        "loadavg_after": [round(x, 2) for x in os.getloadavg()],
        "errors": errors,
        "target_p99_ms": 20,
    }


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--worker"]:
        lo, hi = (float(x) for x in argv[6].split(","))
        return worker(argv[1], int(argv[2]), argv[3].split(","), argv[4], int(argv[5]), (lo, hi), float(argv[7]))
    ap = argparse.ArgumentParser(prog="python -m game bench lan")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--tables", type=int, default=8)
    ap.add_argument("--hands", type=int, default=4)
    ap.add_argument("--seconds", type=float, default=40.0, help="how long the clients play (or until the matches end)")
    ap.add_argument("--think", default="0.4,1.2", help="LOW,HIGH seconds a bot thinks per decision (a human pace)")
    ap.add_argument("--host-bots", type=int, default=0, help="seats per table the host's own bots play")
    ap.add_argument("--procs", type=int, default=4, help="client processes")
    ap.add_argument("--seed", default="bench")
    ap.add_argument("--state-dir", default=None, help="where the host's journals go (default: the temp dir)")
    args = ap.parse_args(argv)
    try:
        lo, hi = (float(x) for x in args.think.split(","))
    except ValueError:
        print("error: --think takes LOW,HIGH seconds", file=sys.stderr)
        return 2
    if not 1 <= args.tables <= 64 or not 0 <= args.host_bots <= 3 or lo < 0 or hi < lo:
        print("error: --tables 1..64, --host-bots 0..3, --think LOW,HIGH with 0 <= LOW <= HIGH", file=sys.stderr)
        return 2
    r = run(args.tables, args.hands, min(args.procs, args.tables), args.seed, args.seconds, (lo, hi), args.host_bots,
            args.state_dir)
    if args.json:
        print(json.dumps(r))
    else:
        print(f"LAN host: {r['tables']} tables, {r['clients']} bot clients thinking {lo:g}-{hi:g} s, "
              f"{r['host_bots_per_table']} host bot(s) per table, loopback")
        print(f"  round trip seen by clients: p50 {r['rtt_p50_ms']:.2f} ms, p99 {r['rtt_p99_ms']:.2f} ms "
              f"(target < 20), max {r['rtt_max_ms']} ms over {r['rtt_samples']} actions")
        print(f"  host time per action (read -> states sent, journal synced): p50 {r['p50_ms']:.2f} ms, "
              f"p99 {r['p99_ms']:.2f} ms, max {r['max_ms']} ms")
        print(f"  {r['actions']} actions in {r['play_s']:.1f} s: {r['actions_per_s']} actions/s; "
              f"{r['hands_completed']} hands completed")
        print(f"  discovery: {r['tables_discovered']}/{r['tables']} tables listed in {r['discovery_s']:.2f} s "
              f"(advertising took {r['advertise_s']:.2f} s); load average {r['loadavg_before']} -> "
              f"{r['loadavg_after']}")
        for e in r["errors"]:
            print(f"  error: {e}")
    return 0 if not r["errors"] and r["tables_discovered"] == r["tables"] else 1


if __name__ == "__main__":
    sys.exit(main())
