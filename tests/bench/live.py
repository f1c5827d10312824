"""Part B (issues 28 and 42): the live table at scale.

followers(): 10,000 phones following 170 tables on one server (`make run`'s settings: 2 gevent
workers, SQLite), each an SSE stream held by follow.py (several processes), while wrk runs rule
lookups; then 2,000 more phones ask to follow (12,000 attempted), past the server's follower
limit (api.config.follower_limit: 5,400 a worker at LAIRSIDE_CONNECTIONS 6,000):
  - every one of the 10,000 is held (a stream open), none refused;
  - lookup p99 with the followers (idle, then receiving changes) ÷ lookup p99 with none (the
    mean of a run before they connect and one after they leave): at most 2;
  - a change written to a table reaches its followers within 1 s: the delay from the write's
    answer to each follower's event, over every write (writes spread over the tables at a
    steady rate while the lookups run), 99% of deliveries within 1 s and none missing;
  - at 12,000 attempted: the server holds as many as its limit and answers each of the rest
    503 with Retry-After (they then read the table politely, as the page does), none left
    hanging; lookup p99 ÷ none at most 2 still;
  - worker CPU per lookup with the followers connected and idle ÷ with none (at most 1.2),
    and the idle followers' own server CPU over a quiet minute (at most 2% of a core per
    1,000 followers: their heartbeats).
--quick: 180 phones then 300 on a server of 150 connections a worker (a limit of 118 each),
so the excess is refused as at full size.
two_servers(): two app servers (separate gunicorn masters) on one PostgreSQL, the followers
split between them, writes alternating between them: a change written on one reaches the
followers on the other within 1 s (p99), none missing.
"""
from __future__ import annotations

import bisect
import json
import random
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import inputs
from harness import (
    HERE,
    TICK,
    Load,
    Mix,
    Owned,
    Server,
    call,
    load,
    percentile,
    served,
    verdict,
)

TABLES, PHONES, MORE = 170, 10_000, 2_000
QUICK_TABLES, QUICK_PHONES, QUICK_MORE = 34, 180, 120
QUICK_CONNECTIONS = "150"
"""Connections a worker with --quick: a follower limit of 118 each, 236 in all."""
PROCESSES = 4
"""follow.py processes holding the phones (one asyncio process reads about 3,000 streams'
events in time; more would measure the client, not the server)."""
TWO_SERVERS_PHONES, QUICK_TWO_SERVERS_PHONES = 1_000, 200


class FollowerClients:
    """follow.py in `processes` processes, each holding its share of `streams` ((server,
    session) pairs), their reports merged (stream indices over all of them)."""

    def __init__(self, streams: Sequence[tuple[Server, Owned]], processes: int = 1) -> None:
        self.streams = list(streams)
        share = -(-len(self.streams) // max(1, processes))
        self.offsets = list(range(0, len(self.streams), share or 1))
        self.procs = [subprocess.Popen([sys.executable, str(HERE / "follow.py")],
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
                      for _ in self.offsets]
        for proc, start in zip(self.procs, self.offsets, strict=True):
            self._send(proc, {"streams": [[server.port, s.code, s.version] for server, s
                                          in self.streams[start:start + share]]})
        readies = [self._read(proc) for proc in self.procs]
        self.ready = sum(r["ready"] for r in readies)
        """Streams open once every stream was open or refused."""
        self.refused = sum(r["refused"] for r in readies)
        failed = sum(r["failed"] for r in readies)
        if failed:
            self.close()
            raise RuntimeError(f"{failed} of {len(streams)} followers were neither answered "
                               "a stream nor refused")

    @staticmethod
    def _send(proc: subprocess.Popen[str], message: Any) -> None:
        assert proc.stdin is not None
        proc.stdin.write((message if isinstance(message, str) else json.dumps(message)) + "\n")
        proc.stdin.flush()

    @staticmethod
    def _read(proc: subprocess.Popen[str]) -> dict[str, Any]:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError("a follower process stopped")
        got: dict[str, Any] = json.loads(line)
        return got

    def report(self) -> dict[str, Any]:
        for proc in self.procs:
            self._send(proc, "report")
        out: dict[str, Any] = {"arrivals": [], "reconnects": 0, "refused": 0, "polls": 0,
                               "open": 0}
        for proc, start in zip(self.procs, self.offsets, strict=True):
            got = self._read(proc)
            out["arrivals"] += [[i + start, v, t] for i, v, t in got["arrivals"]]
            for key in ("reconnects", "refused", "polls", "open"):
                out[key] += got[key]
        return out

    def cpu(self) -> float:
        """CPU seconds the follower processes have spent (the client's own cost)."""
        total = 0
        for proc in self.procs:
            fields = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        return total / TICK

    def close(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                self._send(proc, "stop")
        for proc in self.procs:
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

    def __enter__(self) -> FollowerClients:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def following(server: Server) -> list[int]:
    """Phones waiting in each worker, as its /healthz says (asked until both answered)."""
    seen: set[int] = set()
    for _ in range(40):
        seen.add(int(call(server.base, "GET", "/healthz")[2]["following"]))
        if len(seen) == len(server.workers()):
            break
    return sorted(seen)


def phones(servers: Sequence[Server], tables: list[Owned], count: int
           ) -> list[tuple[Server, Owned]]:
    """`count` phones over `tables`, round robin; each round on the next server, so every
    table has followers on each server."""
    return [(servers[i // len(tables) % len(servers)], tables[i % len(tables)])
            for i in range(count)]


def write_steadily(servers: Sequence[Server], tables: list[Owned], per_second: float,
                   seconds: float, seed: int = 28) -> list[tuple[str, int, float, int]]:
    """Notes written to tables drawn at random, `per_second` for `seconds`, through the
    servers in turn: (code, version, when its answer was read, server index) of each
    accepted write."""
    rng = random.Random(seed)
    bodies = inputs.note_bodies()
    done, refused = [], 0
    start = time.monotonic()
    n = 0
    while time.monotonic() - start < seconds:
        table = rng.choice(tables)
        server = n % len(servers)
        status, answered_at = inputs.write(servers[server].base, table, bodies[n % len(bodies)])
        if status == 201:
            done.append((table.code, table.version, answered_at, server))
        else:
            refused += 1
        n += 1
        time.sleep(max(0.0, start + n / per_second - time.monotonic()))
    if refused:
        print(f"    {refused} writes refused", flush=True)
    return done


def delivery(streams: list[tuple[Server, Owned]], writes: list[tuple[str, int, float, int]],
             arrivals: list[list[Any]], servers: Sequence[Server]) -> dict[str, Any]:
    """Each write's delay to each of its table's followers (from the write's answer to the
    first event at or past its version), split by whether the follower is on the server
    that took the write."""
    got: dict[int, tuple[list[int], list[float]]] = {}
    for index, version, at in sorted(arrivals, key=lambda a: (a[0], a[2])):
        versions, times = got.setdefault(index, ([], []))
        versions.append(version)
        times.append(at)
    by_code: dict[str, list[int]] = {}
    for index, (_server, table) in enumerate(streams):
        by_code.setdefault(table.code, []).append(index)
    ports = [s.port for s in servers]
    delays: dict[str, list[float]] = {"same": [], "other": []}
    missed = {"same": 0, "other": 0}
    whole = {"same": 0, "other": 0}  # writes every follower (of that kind) had within 1 s
    slow: list[list[float]] = []  # [seconds into the run, worst delay ms, followers late]
    for code, version, answered_at, server in writes:
        late = {"same": 0, "other": 0}
        worst = 0.0
        for index in by_code.get(code, []):
            kind = "same" if ports.index(streams[index][0].port) == server else "other"
            versions, times = got.get(index, ([], []))
            at = bisect.bisect_left(versions, version)
            if at == len(versions):
                missed[kind] += 1
                late[kind] += 1
                continue
            delays[kind].append(max(0.0, times[at] - answered_at))
            late[kind] += delays[kind][-1] > 1.0
            worst = max(worst, delays[kind][-1])
        for kind in whole:
            whole[kind] += not late[kind]
        if late["same"] + late["other"]:
            slow.append([round(answered_at - writes[0][2], 2), round(worst * 1000),
                         late["same"] + late["other"]])
    return {kind: {**_delays(delays[kind], missed[kind]), "writes": len(writes),
                   "writes_all_within_1s": whole[kind], "late_writes": slow}
            for kind in delays}


def _delays(values: list[float], missed: int) -> dict[str, Any]:
    total = len(values) + missed
    within = sum(v <= 1.0 for v in values)
    return {"deliveries": total, "missed": missed,
            "within_1s": round(within / total, 4) if total else None,
            "p50_ms": round(percentile(values, 0.5) * 1000, 1) if values else None,
            "p99_ms": round(percentile(values, 0.99) * 1000, 1) if values else None,
            "max_ms": round(max(values) * 1000, 1) if values else None}


def _shown(d: dict[str, Any]) -> str:
    if not d["deliveries"]:
        return "no deliveries"
    return (f"{d['deliveries']} deliveries, {100 * (d['within_1s'] or 0):.1f}% within 1 s "
            f"(every follower within 1 s for {d['writes_all_within_1s']} of {d['writes']} "
            "writes), "
            f"p50 {d['p50_ms']} ms, p99 {d['p99_ms']} ms, max {d['max_ms']} ms, "
            f"{d['missed']} missed")


def followers(quick: bool = False) -> dict[str, Any]:
    tables_n, phones_n, more_n = (QUICK_TABLES, QUICK_PHONES, QUICK_MORE) if quick \
        else (TABLES, PHONES, MORE)
    processes = 1 if quick else PROCESSES
    seconds = 2 if quick else 10
    quiet_seconds = 5 if quick else 60
    rate = 5 if quick else 10
    started = time.monotonic()
    env = {"LAIRSIDE_CONNECTIONS": QUICK_CONNECTIONS} if quick else {}
    with tempfile.TemporaryDirectory() as tmp, \
            served(env={"LAIRSIDE_DATABASE_URL": f"sqlite:///{tmp}/live.sqlite3", **env}) as app:
        tables = inputs.make_sessions(app.base, tables_n)
        lookups = Mix(inputs.answered(app.base, inputs.rule_requests()))
        print(f"B1. {phones_n:,} phones following {tables_n} tables on one server (SQLite), "
              f"then {phones_n + more_n:,} asking, while wrk runs {len(lookups.requests)} rule "
              f"lookups (16 connections, {seconds} s a run)", flush=True)
        none_before = load(app, lookups, seconds=seconds)
        streams = phones([app], tables, phones_n)
        opened_at = time.monotonic()
        with FollowerClients(streams, processes) as clients:
            opened_in = time.monotonic() - opened_at
            app.settle()
            per_worker = following(app)
            held = clients.ready
            client_cpu = clients.cpu()
            idle = load(app, lookups, seconds=seconds)
            idle_report = clients.report()  # heartbeats only: nothing written
            live, writes = lookups_while_writing(app, lookups, [app], tables, rate, seconds)
            time.sleep(2)  # the last write's events on their way
            report = clients.report()
            client_cpu = clients.cpu() - client_cpu
            app.settle()
            quiet_from = app.cpu()
            time.sleep(quiet_seconds)
            quiet_with = (app.cpu() - quiet_from) / quiet_seconds
            still_open = clients.report()["open"]
            with FollowerClients(phones([app], tables, more_n), processes) as more:
                app.settle()
                full_per_worker = following(app)
                full = load(app, lookups, seconds=seconds)
                more_report = more.report()
                first_report = clients.report()
                full_held = first_report["open"] + more_report["open"]
                refused = more.refused + first_report["refused"]
        time.sleep(2)
        left_behind = sum(following(app))  # a phone that goes away is let go at once
        app.settle()
        quiet_from = app.cpu()
        time.sleep(quiet_seconds)
        quiet_without = (app.cpu() - quiet_from) / quiet_seconds
        none_after = load(app, lookups, seconds=seconds)
        problems = app.problems()
    reached = delivery(streams, writes, report["arrivals"], [app])["same"]
    none_p99 = (none_before.p99 + none_after.p99) / 2
    none_cpu = (none_before.cpu_ms + none_after.cpu_ms) / 2
    p99_ratio = max(idle.p99, live.p99) / none_p99
    full_ratio = full.p99 / none_p99
    cpu_ratio = idle.cpu_ms / none_cpu
    own = max(0.0, quiet_with - quiet_without) * 100
    attempted = phones_n + more_n
    met = {"held": held == phones_n and not clients.refused,
           "lookup_p99": p99_ratio <= 2.0,
           "reach_1s": reached["deliveries"] > 0 and reached["missed"] == 0
           and (reached["within_1s"] or 0) >= 0.99,
           "full_refused": refused > 0 and more.ready + more.refused == more_n,
           "full_lookup_p99": full_ratio <= 2.0,
           "cpu_per_lookup": cpu_ratio <= 1.2, "quiet_cpu": own < 2.0 * phones_n / 1000,
           "errors": not (none_before.errors + idle.errors + live.errors + full.errors
                          + none_after.errors)}
    for name, run in (("none, before", none_before), ("idle followers", idle),
                      ("followers + writes", live), (f"{attempted:,} attempted", full),
                      ("none, after", none_after)):
        print(f"    lookups, {name:<19} p50 {run.p50:6.1f} ms  p99 {run.p99:7.1f} ms  "
              f"{run.cpu_ms:.3f} ms CPU/lookup  {run.rps:6.0f} req/s  {run.errors} errors")
    print(f"  {phones_n:,} followers: {held:,} held ({per_worker} a worker), "
          f"{clients.refused} refused, open in {opened_in:.0f} s: "
          f"{verdict(met['held'])}")
    print(f"  lookup p99 with {phones_n:,} followers ÷ none: {p99_ratio:.2f} (≤ 2) "
          f"{verdict(met['lookup_p99'])}")
    print(f"  change → followers ({len(writes)} writes at {rate}/s): {_shown(reached)}; "
          f"99% within 1 s {verdict(met['reach_1s'])}"
          + (f"; late writes [s into the run, worst ms, followers late]: "
             f"{reached['late_writes']}" if reached["late_writes"] else ""))
    print(f"  {attempted:,} attempted: {full_held:,} held ({full_per_worker} a worker), "
          f"{refused:,} answered 503 (then {more_report['polls']} polite reads): "
          f"{verdict(met['full_refused'])}; lookup p99 ÷ none {full_ratio:.2f} (≤ 2) "
          f"{verdict(met['full_lookup_p99'])}")
    print(f"  worker CPU per lookup, idle followers ÷ none: {cpu_ratio:.2f} (≤ 1.2) "
          f"{verdict(met['cpu_per_lookup'])}")
    print(f"  quiet {quiet_seconds} s: workers {quiet_with * 100:.2f}% of a core with "
          f"{still_open:,} followers open, {quiet_without * 100:.2f}% without: followers' own "
          f"{own:.2f}% (< {2.0 * phones_n / 1000:g}%: 2% a thousand) "
          f"{verdict(met['quiet_cpu'])}")
    print(f"  still waiting 2 s after every phone left: {left_behind}; follower clients: "
          f"{client_cpu:.1f} s CPU over the idle and live runs, {report['reconnects']} "
          f"reconnects, {len(idle_report['arrivals'])} events while idle"
          + (f"; server log: {problems}" if problems else ""))
    return {"tables": tables_n, "phones": phones_n, "attempted": attempted,
            "seconds_per_run": seconds,
            "lookups": {"none_before": none_before.brief(), "idle": idle.brief(),
                        "live": live.brief(), "attempted": full.brief(),
                        "none_after": none_after.brief()},
            "held": held, "opened_seconds": round(opened_in, 1), "per_worker": per_worker,
            "lookup_p99_ratio": round(p99_ratio, 3),
            "full": {"held": full_held, "refused": refused, "per_worker": full_per_worker,
                     "polls": more_report["polls"], "lookup_p99_ratio": round(full_ratio, 3)},
            "cpu_per_lookup_ratio": round(cpu_ratio, 3),
            "writes": len(writes), "write_rate": rate, "reach": reached,
            "quiet": {"seconds": quiet_seconds, "with_pct": round(quiet_with * 100, 3),
                      "without_pct": round(quiet_without * 100, 3), "own_pct": round(own, 3),
                      "open": still_open},
            "client_cpu_s": round(client_cpu, 2), "reconnects": report["reconnects"],
            "left_behind_2s": left_behind, "server_log_problems": problems,
            "met": met, "all_met": all(met.values()),
            "seconds": round(time.monotonic() - started, 1)}


def lookups_while_writing(app: Server, lookups: Mix, servers: Sequence[Server],
                          tables: list[Owned], rate: float, seconds: int
                          ) -> tuple[Load, list[tuple[str, int, float, int]]]:
    """wrk's lookups for `seconds` and, meanwhile, writes at `rate` a second."""
    result: list[Load] = []
    thread = threading.Thread(target=lambda: result.append(load(app, lookups,
                                                                seconds=seconds)))
    thread.start()
    time.sleep(0.3)  # wrk connected
    writes = write_steadily(servers, tables, rate, seconds - 0.8)
    thread.join()
    return result[0], writes


def two_servers(new_database: Any, quick: bool = False) -> dict[str, Any]:
    tables_n, phones_n = (QUICK_TABLES, QUICK_TWO_SERVERS_PHONES) if quick \
        else (TABLES, TWO_SERVERS_PHONES)
    seconds = 3 if quick else 20
    rate = 5 if quick else 10
    started = time.monotonic()
    env = {"LAIRSIDE_DATABASE_URL": new_database()}
    with served(env=env) as first, served(env=env) as second:
        tables = inputs.make_sessions(first.base, tables_n)
        print(f"B2. two app servers on one PostgreSQL: {phones_n:,} phones on {tables_n} "
              f"tables, half on each server; writes alternate between them ({rate}/s for "
              f"{seconds} s)", flush=True)
        streams = phones([first, second], tables, phones_n)
        with FollowerClients(streams) as clients:
            first.settle()
            second.settle()
            writes = write_steadily([first, second], tables, rate, seconds)
            time.sleep(2)
            report = clients.report()
        time.sleep(1)  # what closing the streams logged
        problems = {**first.problems(), **second.problems()}
    reached = delivery(streams, writes, report["arrivals"], [first, second])
    other, same = reached["other"], reached["same"]
    met = {"other_server_p99_1s": bool(other["deliveries"]) and other["missed"] == 0
           and other["p99_ms"] is not None and other["p99_ms"] <= 1000}
    print(f"  written on one, followed on the other: {_shown(other)}; p99 ≤ 1 s "
          f"{verdict(met['other_server_p99_1s'])}")
    print(f"  written and followed on the same server: {_shown(same)}")
    print(f"  follower client: {report['reconnects']} reconnects, {report['refused']} refused"
          + (f"; server log: {problems}" if problems else ""))
    return {"tables": tables_n, "phones": phones_n, "writes": len(writes), "write_rate": rate,
            "other_server": other, "same_server": same, "reconnects": report["reconnects"],
            "server_log_problems": problems,
            "met": met, "all_met": all(met.values()),
            "seconds": round(time.monotonic() - started, 1)}
