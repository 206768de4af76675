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

from game.oscompat import loadavg

LOOPBACK = ["127.0.0.1"]


def _pct(xs: list[float], p: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p / 100 * (len(xs) - 1)))]


def _spread_ok() -> bool:
    """Whether this machine answers on all of 127.0.0.0/8 (Linux, Windows), so each client can come from an address
    of its own as on a LAN; macOS has only 127.0.0.1 unless more are aliased (``ifconfig lo0 alias 127.1.1.1``)."""
    if _SPREAD:
        return _SPREAD[0]
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            s.bind(("127.1.1.1", 0))
        ok = True
    except OSError:
        ok = False
    _SPREAD.append(ok)
    return ok


_SPREAD: list[bool] = []


def _source(table: int, seat: int) -> str | None:
    """The client's own loopback address (None: 127.0.0.1 for all, where only that one answers)."""
    return f"127.1.{table % 250}.{seat + 1 + 10 * (table // 250)}" if _spread_ok() else None


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
            # verify_shuffle off: a real client checks one hand per machine; dozens in one process here would
            # measure the clients' replays, not the host
            bc = BotClient(host, port, "simple", f"bench-{tid}-{k}", seed=f"{seed}:{tid}:{k}", table_id=tid,
                           connect_timeout=15, think=think, source=_source(int(tid), k), verify_shuffle=False)
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


def watch_worker(host: str, port: int, tables: list[str], per_table: int, seconds: float, nice: int = 0) -> int:
    """``per_table`` watchers of each table id, each from its own loopback address, reading until time is up or
    every match they watch is over (``nice`` > 0: their decoding yields the CPU, as watchers on other machines
    take none of the host's).

    Prints one JSON line: frames and whole pictures (skips) received, errors."""
    from .watch import WatchSession

    if nice and hasattr(os, "nice"):
        os.nice(nice)

    errors: list[str] = []
    sessions = []
    for tid in tables:
        for k in range(per_table):
            src = f"127.2.{int(tid) % 250}.{k + 1}" if _spread_ok() else None
            sessions.append(WatchSession(host, port, f"watch-{tid}-{k}", tid, connect_timeout=15, reconnect_s=15,
                                         source=src))
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not all(w.match_over for w in sessions):
        for w in sessions:
            w.poll()
        time.sleep(0.05)
    frames = fulls = 0
    for w in sessions:
        w.poll()
        frames += w.updates
        fulls += w.fulls
        if w.status not in ("watching",):
            errors.append(f"{w.table_id}: {w.status} {w.error}")
        w.close()
    print(json.dumps({"watchers": len(sessions), "frames": frames, "fulls": fulls, "errors": errors}), flush=True)
    return 1 if errors else 0


def seal_cost(n: int = 2000) -> dict:
    """The channel's cost per frame, measured here: sealing and opening one state (padded to its bucket)."""
    from .channel import STATE_FLOOR, Ephemeral, Keys, transcript

    a, b = Ephemeral(), Ephemeral()
    th = transcript(b"hi", b"ch")
    seal, _ = Keys(a.shared(b.public), th).host_ciphers()
    _, opener = Keys(b.shared(a.public), th).client_ciphers()
    body = os.urandom(3000)
    frames = [seal.seal(body, STATE_FLOOR)[4:] for _ in range(n)]
    t0 = time.perf_counter()
    seal2, _ = Keys(a.shared(b.public), th).host_ciphers()
    for _ in range(n):
        seal2.seal(body, STATE_FLOOR)
    t_seal = (time.perf_counter() - t0) / n
    t0 = time.perf_counter()
    for f in frames:
        opener.open(f)
    t_open = (time.perf_counter() - t0) / n
    return {"seal_us": round(t_seal * 1e6, 2), "open_us": round(t_open * 1e6, 2), "frame_bytes": len(frames[0])}


def run(tables: int = 8, hands: int = 4, procs: int = 4, seed: str = "bench", seconds: float = 40.0,
        think: tuple[float, float] = (0.4, 1.2), host_bots: int = 0, state_dir: str | None = None,
        watchers: int = 0, watch_nice: int = 0, quiet: bool = True, claim_s: float | None = None) -> dict:
    """Play for ``seconds`` (or until every match is over) and gather the figures; ``watchers`` per table watch
    from a process of their own (each from its own loopback address) while the clients play."""
    os.environ["YUNGUI_NET_LOOPBACK_ONLY"] = "1"
    from game.progress import bar

    from .discovery import Browser
    from .host import Host, Limits
    from .table import TableConfig

    players = 4 - host_bots
    cfgs = [TableConfig(table_id=str(i + 1), name=f"Bench {i + 1}", hands=hands, seed=f"{seed}:{i}",
                        sub_bot="simple", bots={3 - b: "normal" for b in range(host_bots)},
                        bot_delay=sum(think) / 2 if host_bots else 0.0, claim_s=claim_s) for i in range(tables)]
    load0 = loadavg()
    one_addr = {} if _spread_ok() else {"per_addr": 1 << 16, "watch_per_addr": 1 << 16}  # all from 127.0.0.1
    with tempfile.TemporaryDirectory(prefix="lanbench-", dir=state_dir) as state:
        t_adv = time.perf_counter()
        host = Host(tables=cfgs, name=f"bench-{os.getpid()}", interfaces=LOOPBACK, state_dir=state,
                    limits=Limits(max_conns=max(256, 2 * tables * 4), **one_addr)).start()
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

            wp = None
            if watchers:
                wp = subprocess.Popen([sys.executable, "-m", "netplay.bench", "--watch-worker", addr, str(port),
                                       ",".join(ids), str(watchers), str(seconds), str(watch_nice)],
                                      stdout=subprocess.PIPE, text=True,
                                      cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
                end = time.monotonic() + 30
                while time.monotonic() < end and \
                        host.call(lambda: sum(len(t.watchers) for t in host.tables.values())) < watchers * tables:
                    time.sleep(0.05)
            timer = threading.Timer(seconds, snapshot)
            timer.start()
            clock_bar = bar(seconds, f"bench lan ({tables} tables)", "s", quiet=quiet, clock=True)
            t_play = time.perf_counter()
            cpu0 = time.process_time()
            sealed0 = host.sealed
            ps = [subprocess.Popen([sys.executable, "-m", "netplay.bench", "--worker", addr, str(port), ",".join(g),
                                    seed, str(players), f"{think[0]},{think[1]}", str(seconds)],
                                   stdout=subprocess.PIPE, text=True,
                                   cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
                  for g in groups]
            outs = [p.communicate(timeout=seconds + 600)[0] for p in ps]
            play_s = min(seconds, time.perf_counter() - t_play)
            clock_bar.close()
            cpu_s = time.process_time() - cpu0  # the host's threads (this process runs no client)
            sealed = host.sealed - sealed0
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
            watch: dict = {}
            if wp is not None:
                try:
                    watch = json.loads(wp.communicate(timeout=seconds + 120)[0].strip().splitlines()[-1])
                except (ValueError, IndexError):
                    watch = {"errors": ["the watch worker printed nothing"]}
                errors += [f"watcher {e}" for e in watch.get("errors", [])]
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
        "loadavg_before": load0,  # None where the system keeps no load average (Windows)
        "loadavg_after": loadavg(),
        "claim_window_s": host.tables["1"].claim_s,
        "host_cpu_ms_per_action": round(1000 * cpu_s / actions, 3) if actions else None,
        "frames_sealed": sealed,
        "seal": seal_cost(),
        "errors": errors,
        "target_p99_ms": 20,
        "watchers_per_table": watchers,
        "watch_frames": watch.get("frames", 0),
        "watch_fulls": watch.get("fulls", 0),
        "rtts_ms": rtts,
    }


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--watch-worker"]:
        return watch_worker(argv[1], int(argv[2]), argv[3].split(","), int(argv[4]), float(argv[5]),
                            int(argv[6]) if len(argv) > 6 else 0)
    if argv[:1] == ["--worker"]:
        lo, hi = (float(x) for x in argv[6].split(","))
        return worker(argv[1], int(argv[2]), argv[3].split(","), argv[4], int(argv[5]), (lo, hi), float(argv[7]))
    ap = argparse.ArgumentParser(prog="python -m game bench lan")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--tables", default="8", help="tables on the host, or a list (1,8,32): one run each")
    ap.add_argument("--hands", type=int, default=4)
    ap.add_argument("--seconds", type=float, default=40.0, help="how long the clients play (or until the matches end)")
    ap.add_argument("--think", default="0.4,1.2", help="LOW,HIGH seconds a bot thinks per decision (a human pace)")
    ap.add_argument("--host-bots", type=int, default=0, help="seats per table the host's own bots play")
    ap.add_argument("--procs", type=int, default=4, help="client processes")
    ap.add_argument("--seed", default="bench")
    ap.add_argument("--state-dir", default=None, help="where the host's journals go (default: the temp dir)")
    ap.add_argument("--watchers", type=int, default=0, help="watchers per table, in a process of their own")
    ap.add_argument("--compare", action="store_true",
                    help="run without and with --watchers in turn, --runs times, and compare the round trips")
    ap.add_argument("--runs", type=int, default=3, help="with --compare: pairs of runs")
    ap.add_argument("--watch-nice", type=int, default=0,
                    help="niceness of the watchers' process (19: their CPU yields, as on other machines)")
    ap.add_argument("--claim-window", type=float, default=None,
                    help="seconds each discard stays open for claims (default: the tables' default, 1.5)")
    args = ap.parse_args(argv)
    try:
        lo, hi = (float(x) for x in args.think.split(","))
    except ValueError:
        print("error: --think takes LOW,HIGH seconds", file=sys.stderr)
        return 2
    try:
        sweep = [int(x) for x in str(args.tables).split(",") if x.strip()]
    except ValueError:
        sweep = []
    if not sweep or any(not 1 <= t <= 64 for t in sweep) or (len(sweep) > 1 and args.compare):
        print("error: --tables N or N,N,... (1..64 each; one N with --compare)", file=sys.stderr)
        return 2
    args.tables = sweep[0]
    if not 0 <= args.host_bots <= 3 or lo < 0 or hi < lo:
        print("error: --tables 1..64, --host-bots 0..3, --think LOW,HIGH with 0 <= LOW <= HIGH", file=sys.stderr)
        return 2
    if not 0 <= args.watchers * args.tables <= 120 or args.watchers < 0 or (args.compare and not args.watchers) \
            or not 1 <= args.runs <= 20:
        print("error: --watchers per table, at most 120 in all; --compare needs --watchers; --runs 1..20",
              file=sys.stderr)
        return 2

    def one(watchers: int, tables: int | None = None) -> dict:
        n = tables or args.tables
        return run(n, args.hands, min(args.procs, n), args.seed, args.seconds, (lo, hi),
                   args.host_bots, args.state_dir, watchers, max(0, args.watch_nice), quiet=args.json,
                   claim_s=args.claim_window)

    if args.compare:
        return _compare(one, args)
    if len(sweep) > 1:
        rows = []
        for n in sweep:
            r = one(args.watchers, n)
            r.pop("rtts_ms")
            rows.append(r)
            if not args.json:
                print(f"{n:3d} tables: round trip p50 {r['rtt_p50_ms']:.2f} ms, p99 {r['rtt_p99_ms']:.2f} ms; host "
                      f"CPU {r['host_cpu_ms_per_action']} ms/action; sealing {r['seal']['seal_us']} us/frame; load "
                      f"{(r['loadavg_before'] or ['?'])[0]}", flush=True)
        if args.json:
            print(json.dumps(rows))
        return 0 if all(not r["errors"] for r in rows) else 1
    r = one(args.watchers)
    r.pop("rtts_ms")
    if args.json:
        print(json.dumps(r))
    else:
        print(f"LAN host: {r['tables']} tables, {r['clients']} bot clients thinking {lo:g}-{hi:g} s, "
              f"{r['host_bots_per_table']} host bot(s) per table, {r['watchers_per_table']} watcher(s) per table, "
              f"loopback")
        print(f"  round trip seen by clients: p50 {r['rtt_p50_ms']:.2f} ms, p99 {r['rtt_p99_ms']:.2f} ms "
              f"(target < 20), max {r['rtt_max_ms']} ms over {r['rtt_samples']} actions")
        print(f"  host time per action (read -> states sent, journal synced): p50 {r['p50_ms']:.2f} ms, "
              f"p99 {r['p99_ms']:.2f} ms, max {r['max_ms']} ms")
        print(f"  {r['actions']} actions in {r['play_s']:.1f} s: {r['actions_per_s']} actions/s; "
              f"{r['hands_completed']} hands completed; claim window {r['claim_window_s']} s")
        print(f"  host CPU per action {r['host_cpu_ms_per_action']} ms; {r['frames_sealed']} frames sealed, "
              f"{r['seal']['seal_us']} us to seal and {r['seal']['open_us']} us to open one state of "
              f"{r['seal']['frame_bytes']} bytes")
        if r["watchers_per_table"]:
            print(f"  watchers received {r['watch_frames']} frames, {r['watch_fulls']} whole pictures")
        print(f"  discovery: {r['tables_discovered']}/{r['tables']} tables listed in {r['discovery_s']:.2f} s "
              f"(advertising took {r['advertise_s']:.2f} s); load average {r['loadavg_before']} -> "
              f"{r['loadavg_after']}")
        for e in r["errors"]:
            print(f"  error: {e}")
    return 0 if not r["errors"] and r["tables_discovered"] == r["tables"] else 1


def above(a: list[float], b: list[float]) -> float:
    """The chance that a sample of ``a`` exceeds one of ``b`` (ties count half): 0.5 when they are alike."""
    if not a or not b:
        return float("nan")
    tagged = sorted([(x, 0) for x in a] + [(x, 1) for x in b])
    rank_sum = 0.0
    i = 0
    while i < len(tagged):
        j = i
        while j < len(tagged) and tagged[j][0] == tagged[i][0]:
            j += 1
        mid = (i + 1 + j) / 2  # the average rank of a run of equal values
        rank_sum += mid * sum(1 for k in range(i, j) if tagged[k][1] == 0)
        i = j
    return (rank_sum - len(a) * (len(a) + 1) / 2) / (len(a) * len(b))


def _compare(one, args) -> int:
    """Runs without and with watchers in turn; the with/without ratios of the round trip's percentiles, and how far
    the two distributions lie apart (``above``) next to how far two runs without watchers lie apart (the noise)."""
    runs: dict[int, list[dict]] = {0: [], args.watchers: []}
    for _ in range(args.runs):
        for w in (0, args.watchers):
            runs[w].append(one(w))
    off = [x for r in runs[0] for x in r["rtts_ms"]]
    on = [x for r in runs[args.watchers] for x in r["rtts_ms"]]
    noise = [above(a["rtts_ms"], b["rtts_ms"]) for k, a in enumerate(runs[0]) for b in runs[0][k + 1:]]
    out = {
        "tables": args.tables, "watchers_per_table": args.watchers, "runs": args.runs, "seconds": args.seconds,
        "think_s": args.think, "watch_nice": args.watch_nice,
        "per_run": [{"watchers": w, "rtt_p50_ms": r["rtt_p50_ms"], "rtt_p90_ms": round(_pct(r["rtts_ms"], 90), 3),
                     "rtt_p99_ms": r["rtt_p99_ms"], "samples": r["rtt_samples"], "p99_ms": r["p99_ms"],
                     "watch_frames": r["watch_frames"], "watch_fulls": r["watch_fulls"],
                     "load": (r["loadavg_before"] or [None])[0], "errors": r["errors"]}
                    for pair in zip(runs[0], runs[args.watchers]) for w, r in zip((0, args.watchers), pair)],
        "without": {p: round(_pct(off, p), 3) for p in (50, 90, 99)},
        "with": {p: round(_pct(on, p), 3) for p in (50, 90, 99)},
        "ratio": {p: round(_pct(on, p) / _pct(off, p), 3) for p in (50, 90, 99)},
        "with_above_without": round(above(on, off), 3),
        "noise_between_runs_without": [round(x, 3) for x in noise],
    }
    errors = [e for r in runs[0] + runs[args.watchers] for e in r["errors"]]
    if args.json:
        print(json.dumps(out))
    else:
        print(f"round trips without and with {args.watchers} watcher(s) per table, {args.tables} table(s), "
              f"{args.runs} runs each of {args.seconds:g} s, in turn:")
        for r in out["per_run"]:
            print(f"  watchers {r['watchers']:2d}: p50 {r['rtt_p50_ms']:.2f}  p90 {r['rtt_p90_ms']:.2f}  "
                  f"p99 {r['rtt_p99_ms']:.2f} ms ({r['samples']} actions; load {r['load']}; "
                  f"watchers got {r['watch_frames']} frames)")
        print(f"  pooled without: p50/p90/p99 {out['without'][50]}/{out['without'][90]}/{out['without'][99]} ms; "
              f"with: {out['with'][50]}/{out['with'][90]}/{out['with'][99]} ms; "
              f"ratio {out['ratio'][50]}/{out['ratio'][90]}/{out['ratio'][99]}")
        print(f"  P(a round trip with watchers > one without) = {out['with_above_without']} "
              f"(0.5: alike; between runs without watchers: {out['noise_between_runs_without']})")
        for e in errors:
            print(f"  error: {e}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
