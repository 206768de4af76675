"""``python -m game bench lan [--json]``: one host, 8 tables of 4 bot clients, all on loopback."""

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
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def worker(host: str, port: int, tables: list[str], seed: str) -> int:
    """Four bot clients per table id, each in a thread; prints one JSON line of results."""
    from .client import BotClient

    out, errors = [], []

    def play(tid: str, k: int) -> None:
        try:
            bc = BotClient(host, port, "simple", f"bench-{tid}-{k}", seed=f"{seed}:{tid}:{k}", table_id=tid,
                           connect_timeout=10)
            out.append(bc.run(timeout=600))
        except Exception as e:  # noqa: BLE001 - reported to the parent
            errors.append(f"{tid}/{k}: {e}")

    threads = [threading.Thread(target=play, args=(tid, k)) for tid in tables for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(json.dumps({"results": out, "errors": errors}), flush=True)
    return 1 if errors else 0


def run(tables: int = 8, hands: int = 4, procs: int = 4, seed: str = "bench") -> dict:
    """Figures: the host's processing latency from reading an action off a socket to having
    written the resulting states to every peer (durable log write included), p50/p99;
    discovery time (a browser started after the host advertised, until it lists every
    table); how long advertising took. Clients run in separate processes.
    """
    os.environ["YUNGUI_NET_LOOPBACK_ONLY"] = "1"
    from .discovery import Browser
    from .host import Host
    from .table import TableConfig

    cfgs = [TableConfig(table_id=str(i + 1), name=f"Bench {i + 1}", hands=hands, seed=f"{seed}:{i}", sub_bot="simple")
            for i in range(tables)]
    with tempfile.TemporaryDirectory(prefix="lanbench-") as state:
        t_adv = time.perf_counter()
        host = Host(tables=cfgs, name=f"bench-{os.getpid()}", interfaces=LOOPBACK, state_dir=state).start()
        try:
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
            t_play = time.perf_counter()
            ps = [subprocess.Popen([sys.executable, "-m", "netplay.bench", "--worker", addr, str(port), ",".join(g),
                                    seed], stdout=subprocess.PIPE, text=True,
                                   cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
                  for g in groups]
            outs = [p.communicate(timeout=900)[0] for p in ps]
            play_s = time.perf_counter() - t_play
            errors = []
            for o in outs:
                try:
                    errors += json.loads(o.strip().splitlines()[-1])["errors"]
                except (ValueError, IndexError):
                    errors.append(f"worker printed {o[-200:]!r}")
            lat = list(host.latencies)
            totals_ok = host.over.is_set()
        finally:
            host.stop()
    return {
        "tables": tables,
        "clients": 4 * tables,
        "hands_per_table": hands,
        "actions": len(lat),
        "p50_ms": round(1000 * _pct(lat, 50), 3),
        "p99_ms": round(1000 * _pct(lat, 99), 3),
        "max_ms": round(1000 * max(lat), 3) if lat else None,
        "discovery_s": round(discovery_s, 3),
        "tables_discovered": found,
        "advertise_s": round(advertise_s, 3),
        "play_s": round(play_s, 3),
        "actions_per_s": round(len(lat) / play_s, 1) if play_s else None,
        "matches_completed": totals_ok,
        "errors": errors,
        "target_p99_ms": 20,
    }


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--worker"]:
        return worker(argv[1], int(argv[2]), argv[3].split(","), argv[4])
    ap = argparse.ArgumentParser(prog="python -m game bench lan")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--tables", type=int, default=8)
    ap.add_argument("--hands", type=int, default=4)
    ap.add_argument("--procs", type=int, default=4, help="client processes")
    ap.add_argument("--seed", default="bench")
    args = ap.parse_args(argv)
    r = run(args.tables, args.hands, args.procs, args.seed)
    if args.json:
        print(json.dumps(r))
    else:
        print(f"LAN host: {r['tables']} tables x 4 clients, {r['hands_per_table']} hands each, loopback")
        print(f"  host latency (action read -> states written, log fsync'd): p50 {r['p50_ms']:.2f} ms, "
              f"p99 {r['p99_ms']:.2f} ms (target < 20), max {r['max_ms']:.2f} ms over {r['actions']} actions")
        print(f"  discovery: {r['tables_discovered']}/{r['tables']} tables listed in {r['discovery_s']:.2f} s "
              f"(advertising took {r['advertise_s']:.2f} s)")
        print(f"  play: {r['play_s']:.1f} s, {r['actions_per_s']} actions/s; matches completed: {r['matches_completed']}")
        for e in r["errors"]:
            print(f"  error: {e}")
    return 0 if r["matches_completed"] and not r["errors"] else 1


if __name__ == "__main__":
    sys.exit(main())
