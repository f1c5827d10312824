"""What every part of `make bench` shares: serving an app under gunicorn as `make run` does,
loading it with wrk, reading its workers' CPU and memory from /proc, a throw-away PostgreSQL
server, and small HTTP calls. Loopback only; every load is bounded in connections and time.

A figure is a ratio of two measurements taken in the same run: this machine is shared, so
requests per second swing with whatever else runs, while the CPU a worker spends per request
(read from /proc before and after a load) stays steady.
"""
from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.support import free_port, postgres_bin, throwaway_postgres

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
VENV_BIN = Path(sys.executable).parent
TICK = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")
JSON = {"Content-Type": "application/json"}
NEVER = "1000000000/60"
QUIET = {"LAIRSIDE_WARM_SHEETS": "0",  # start-up work (printables/warm.py): never measured
         "LAIRSIDE_RATE_CREATE": NEVER, "LAIRSIDE_RATE_WRITE": NEVER, "LAIRSIDE_RATE_MISS": NEVER}
"""Environment of every server the bench starts. The rate limits stay on, so every request
counts as it does in production (a session read peeks at its client's count of unknown codes,
a write adds to its count), but at a rate no run reaches: here one loopback address is every
phone."""

Request = tuple[str, str, dict[str, str], str | None]
"""method, path (with query), headers, body"""


# --- servers ---------------------------------------------------------------------------------

class Server:
    """A gunicorn master on a loopback port, and what its workers spent."""

    def __init__(self, proc: subprocess.Popen[bytes], port: int, log: Path) -> None:
        self.proc, self.port, self.log = proc, port, log
        self.base = f"http://127.0.0.1:{port}"

    def workers(self) -> list[int]:
        pid = self.proc.pid
        try:
            return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
        except OSError:
            return []

    def cpu(self) -> float:
        """CPU seconds (user + system, every thread) its workers have spent so far."""
        total = 0
        for pid in self.workers():
            try:
                stat = Path(f"/proc/{pid}/stat").read_text()
            except OSError:
                continue
            fields = stat.rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        return total / TICK

    def rss(self) -> dict[int, float]:
        """Resident memory of each worker now, in MiB."""
        out = {}
        for pid in self.workers():
            try:
                out[pid] = int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE / 2**20
            except OSError:
                continue
        return out

    def anonymous(self) -> dict[int, float]:
        """Of each worker's resident memory, the part that is its own heap and stacks (RssAnon,
        in MiB): what is left once pages of files (the code, SQLite's shared index) are set
        aside."""
        out = {}
        for pid in self.workers():
            try:
                status = Path(f"/proc/{pid}/status").read_text()
            except OSError:
                continue
            for line in status.splitlines():
                if line.startswith("RssAnon:"):
                    out[pid] = int(line.split()[1]) / 1024
        return out

    def settle(self, most: float = 30.0) -> None:
        """Wait (up to `most` s) until the workers are idle: booted, nothing left running."""
        end = time.monotonic() + most
        before = self.cpu()
        while time.monotonic() < end:
            time.sleep(0.5)
            now = self.cpu()
            if now - before < 0.03:
                return
            before = now

    def problems(self) -> dict[str, int]:
        """What went wrong in the server, from its log so far: each kind of error the log
        names (the last line of each traceback, or a line gunicorn logged as an error), and
        how often. The bench prints these: an app that answers while logging errors is not
        working."""
        try:
            lines = self.log.read_text(errors="replace").splitlines()
        except OSError:
            return {}
        found: dict[str, int] = {}
        in_traceback = False
        for line in lines:
            if line.startswith("Traceback"):
                in_traceback = True
            elif in_traceback and line and not line.startswith((" ", "\t")):
                in_traceback = False
                name = re.match(r"[A-Za-z_][\w.]*", line)
                if name:
                    found[name.group()] = found.get(name.group(), 0) + 1
            elif "[ERROR]" in line or "[CRITICAL]" in line:
                name = line.split("]", 3)[-1].strip()[:80]
                found[name] = found.get(name, 0) + 1
        return found

    def tail(self, lines: int = 20) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""


@contextmanager
def served(app_spec: str = "api:create_app()", *, workers: int = 2,
           env: dict[str, str] | None = None) -> Iterator[Server]:
    """`gunicorn -c python:api.config` (make run's settings: gevent workers) serving
    `app_spec` on a free loopback port; stopped when the block ends."""
    port = free_port()
    log = Path(tempfile.mkstemp(prefix="lairside-bench-", suffix=".log")[1])
    cmd = [str(VENV_BIN / "gunicorn"), "-c", "python:api.config", "--no-control-socket",
           "--workers", str(workers), "--bind", f"127.0.0.1:{port}", "--log-level", "warning",
           app_spec]
    path = os.pathsep.join([str(ROOT), str(HERE), os.environ.get("PYTHONPATH", "")])
    with log.open("wb") as sink:
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=sink, stderr=subprocess.STDOUT,
                                env={**os.environ, "PYTHONPATH": path, **QUIET, **(env or {})})
    server = Server(proc, port, log)
    try:
        for _ in range(600):
            if proc.poll() is not None:
                raise SystemExit(f"gunicorn {app_spec} exited ({proc.returncode}):\n"
                                 + server.tail())
            try:
                urllib.request.urlopen(server.base + "/healthz", timeout=2).read()
                break
            except urllib.error.HTTPError:  # answered: it is up (bare Flask has no /healthz)
                break
            except OSError:
                time.sleep(0.1)
        server.settle()
        yield server
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.unlink(missing_ok=True)


@contextmanager
def postgres() -> Iterator[Any]:
    """A throw-away PostgreSQL server (tests/support.py's, flushing to disk as a real one
    would); yields a function making a fresh database's URL."""
    if postgres_bin() is None:
        raise SystemExit("PostgreSQL is not installed (make system-deps installs it)")
    with throwaway_postgres("-c max_connections=300 -c shared_buffers=64MB") as new_database:
        yield new_database


# --- small HTTP calls ------------------------------------------------------------------------

def call(base: str, method: str, path: str, body: Any = None,
         headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], Any]:
    """One request: (status, headers, JSON body or None)."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method,
                                     headers={**JSON, **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:  # noqa: S310 (loopback)
            raw = answer.read()
            kind = answer.headers.get("Content-Type", "")
            return answer.status, dict(answer.headers), \
                json.loads(raw) if raw and "json" in kind else None
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), None


# --- wrk -------------------------------------------------------------------------------------

def ensure_wrk() -> str:
    path = shutil.which("wrk")
    if path:
        return path
    if os.geteuid() == 0 and shutil.which("apt-get"):
        subprocess.run("apt-get update -qq && DEBIAN_FRONTEND=noninteractive "
                       "apt-get install -y -qq wrk >/dev/null", shell=True, check=True)
        return shutil.which("wrk") or "wrk"
    raise SystemExit("wrk is needed for the throughput figures: apt-get install wrk")


@dataclass
class Owned:
    """A session one wrk thread appends to: it sends the version it last saw as If-Match."""

    code: str
    token: str
    version: int


@dataclass
class Mix:
    """What a wrk load sends: `requests` cycled (each thread from its own place); when
    `owned` is given, one request in `every` (every one when there are no `requests`) is an
    append to one of the thread's own sessions, with a body from `bodies`, If-Match the
    version from the last ETag that session answered, and a fresh Idempotency-Key. Answers
    with a status outside `expect` are errors. `delay_ms`: each connection waits this long
    before each request (a bounded rate, for the soak)."""

    requests: list[Request]
    expect: tuple[int, ...] = (200,)
    owned: list[Owned] = field(default_factory=list)
    bodies: list[str] = field(default_factory=list)
    every: int = 1
    delay_ms: int = 0

    @property
    def appends(self) -> bool:
        return bool(self.owned)


SCRIPT_RAN = "lairside-script-ran"
"""Printed by the script's done(): proof that wrk ran our requests, not its default GET /."""


def _lua(text: str) -> str:
    level = "=" * 3
    while f"]{level}]" in text:
        level += "="
    return f"[{level}[{text}]{level}]"


PHONE = {"Accept-Encoding": "gzip, deflate, br"}
"""What every request of a load carries besides its own headers, as a phone's browser would."""


def _row(method: str, path: str, headers: dict[str, str], body: str | None) -> str:
    # "[ " not "[": "[[" would open a Lua long string and wrk, refusing the script, would
    # silently run GET / instead.
    head = ", ".join(f"[ {_lua(k)} ] = {_lua(v)}" for k, v in {**PHONE, **headers}.items())
    return (f"{{{_lua(method)}, {_lua(path)}, {{{head}}}, "
            f"{_lua(body) if body is not None else 'nil'}}}")


def script(mix: Mix, threads: int) -> str:
    """The wrk Lua script of a Mix run on `threads` threads (one connection each when it
    appends, so each thread's next request follows its last answer)."""
    requests = ",\n".join(_row(*r) for r in mix.requests)
    owned = ",\n".join(f"{{{_lua(o.code)}, {_lua(o.token)}, {o.version}}}" for o in mix.owned)
    bodies = ",\n".join(_lua(b) for b in mix.bodies)
    return f"""
local reqs = {{
{requests}
}}
local owned = {{
{owned}
}}
local bodies = {{
{bodies}
}}
local nthreads, every, delay_ms = {threads}, {max(mix.every, 1)}, {mix.delay_ms}
local nonce = "{secrets.token_hex(4)}"
local threads = {{}}
function setup(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end

statuses = {{}}
local mine, i, n, k, last = {{}}, 0, 0, 0, nil
function init(args)
  for j, s in ipairs(owned) do
    if (j - 1) % nthreads == (id or 1) - 1 then
      table.insert(mine, {{path = "/api/v1/sessions/" .. s[1] .. "/events",
                          token = s[2], version = s[3]}})
    end
  end
  if #reqs > 0 then i = ((id or 1) * 7919) % #reqs end
end

function request()
  n = n + 1
  if #mine > 0 and (#reqs == 0 or n % every == 0) then
    k = k % #mine + 1
    last = mine[k]
    return wrk.format("POST", last.path, {{
      ["Content-Type"] = "application/json", ["Accept-Encoding"] = "gzip, deflate, br",
      ["Authorization"] = "Bearer " .. last.token,
      ["If-Match"] = '"v' .. last.version .. '"',
      ["Idempotency-Key"] = nonce .. "-" .. (id or 1) .. "-" .. n}},
      bodies[(n + (id or 1)) % #bodies + 1])
  end
  last = nil
  i = i % #reqs + 1
  local r = reqs[i]
  return wrk.format(r[1], r[2], r[3], r[4])
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  if last ~= nil then
    local tag = headers["ETag"] or headers["etag"]
    if tag ~= nil then last.version = tonumber(string.match(tag, "%d+")) end
  end
end

if delay_ms > 0 then
  function delay() return delay_ms end
end

function done(summary, latency, requests)
  local total = {{}}
  for _, t in ipairs(threads) do
    for code, count in pairs(t:get("statuses")) do total[code] = (total[code] or 0) + count end
  end
  for code, count in pairs(total) do io.write(string.format("status %d %d\\n", code, count)) end
  io.write("{SCRIPT_RAN}\\n")
end
"""


@dataclass
class Load:
    """One wrk run: requests per second, latency percentiles (ms), answers by status, errors
    (answers outside the mix's `expect`, plus wrk's socket errors and timeouts) and the
    workers' CPU per request (ms)."""

    connections: int
    seconds: float
    requests: int
    rps: float
    p50: float
    p99: float
    statuses: dict[int, int]
    socket_errors: int
    errors: int
    cpu_ms: float

    def brief(self) -> dict[str, Any]:
        return {"connections": self.connections, "rps": round(self.rps, 1),
                "p50_ms": round(self.p50, 2), "p99_ms": round(self.p99, 2),
                "requests": self.requests, "errors": self.errors,
                "statuses": {str(k): v for k, v in sorted(self.statuses.items())},
                "cpu_ms_per_request": round(self.cpu_ms, 4)}


WRK_NICE = 10
"""wrk runs below the server's priority. On this one 2-core machine the load generator shares
the cores of the server it measures; at equal priority its two busy threads took the CPU in
turns with the workers, and the workers' event loops stalled 200-450 ms at a time (a probe
greenlet sleeping 10 ms measured it): lookups p50 0.5 ms but p99 250 ms with nothing else
running, and a change reaching some followers seconds late. A phone's lookup comes over the
network, never from the server's own cores; niced, wrk still takes every cycle the server
leaves (measured: lookup p99 20 ms, change to followers p99 150 ms)."""


def load(server: Server, mix: Mix, *, connections: int = 16, seconds: float = 5,
         cpu_of: Server | None = None) -> Load:
    """wrk against `server` sending `mix` over `connections` connections for `seconds`
    (whole seconds; wrk's own timeout raised to 30 s, so a slow answer is timed, never
    dropped from the percentiles)."""
    if not mix.requests and not mix.owned:
        raise ValueError("nothing to send")
    threads = connections if mix.appends else min(2, connections)
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as lua:
        lua.write(script(mix, threads))
    cmd = ["nice", "-n", str(WRK_NICE), ensure_wrk(), f"-t{threads}", f"-c{connections}",
           f"-d{max(1, round(seconds))}s", "--timeout", "30s", "--latency", "-s", lua.name,
           server.base]
    watched = cpu_of or server
    try:
        before = watched.cpu()
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=seconds + 90)
        cpu = watched.cpu() - before
    finally:
        os.unlink(lua.name)
    out = done.stdout
    if SCRIPT_RAN not in out:  # wrk runs GET / when it cannot load a script: never measure that
        raise RuntimeError(f"wrk did not run the request script:\n{out[-2000:]}{done.stderr}")
    count = int(_find(r"(\d+) requests in", out))
    statuses = {int(code): int(n) for code, n in re.findall(r"^status (\d+) (\d+)$", out, re.M)}
    sockets = sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)",
                                             _find(r"Socket errors:(.*)", out, "")))
    unexpected = sum(n for code, n in statuses.items() if code not in mix.expect)
    return Load(connections, seconds, count, float(_find(r"Requests/sec:\s+([\d.]+)", out)),
                _ms(out, "50%"), _ms(out, "99%"), statuses, sockets, unexpected + sockets,
                cpu * 1000 / max(count, 1))


def _find(pattern: str, text: str, default: str | None = None) -> str:
    match = re.search(pattern, text)
    if match is None:
        if default is not None:
            return default
        raise RuntimeError(f"wrk's output has no {pattern!r}:\n{text[-2000:]}")
    return match.group(1)


def _ms(out: str, label: str) -> float:
    match = re.search(rf"{re.escape(label)}\s+([\d.]+)(us|ms|s)", out)
    if not match:
        return float("nan")
    value, unit = float(match.group(1)), match.group(2)
    return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value


# --- figures ---------------------------------------------------------------------------------

def spread(values: Sequence[float], digits: int = 3) -> dict[str, float]:
    """min / median / max."""
    return {"min": round(min(values), digits), "median": round(statistics.median(values), digits),
            "max": round(max(values), digits)}


def percentile(values: Sequence[float], share: float) -> float:
    """The value below which `share` (0-1) of `values` lie (nearest rank)."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, max(0, int(round(share * len(ordered))) - 1))]


def verdict(met: bool) -> str:
    return "met" if met else "NOT met"
