"""Serving an app under gunicorn and loading it with wrk, for `make bench` (loopback only).

Apps are served the way `make run` serves Lairside (`gunicorn -c python:api.config`: threaded
workers), and the CPU time its workers spent is read from /proc before and after each load,
so a figure is CPU per request in the worker, which stays steady on a shared machine while
requests per second swing with whatever else runs.
"""
from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent
TICK = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """A gunicorn master on a loopback port; `cpu()` is its workers' CPU seconds so far."""

    def __init__(self, proc: subprocess.Popen[bytes], base: str) -> None:
        self.proc, self.base = proc, base

    def workers(self) -> list[int]:
        pid = self.proc.pid
        try:
            text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
        except OSError:
            return []
        return [int(p) for p in text.split()]

    def cpu(self) -> float:
        total = 0
        for pid in self.workers():
            try:
                stat = Path(f"/proc/{pid}/stat").read_text()
            except OSError:
                continue
            fields = stat.rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime + stime, in clock ticks
        return total / TICK


@contextmanager
def served(app_spec: str, workers: int = 2, env: dict[str, str] | None = None,
           config: bool = True):
    """Run `gunicorn app_spec` on a free loopback port (with `make run`'s settings unless
    config=False); yield a Server."""
    port = free_port()
    cmd = [str(VENV_BIN / "gunicorn"), "--workers", str(workers),
           "--bind", f"127.0.0.1:{port}", "--log-level", "warning", app_spec]
    if config:
        cmd[1:1] = ["-c", "python:api.config"]
    path = os.pathsep.join([str(ROOT), str(Path(__file__).parent),
                            os.environ.get("PYTHONPATH", "")])
    proc = subprocess.Popen(cmd, cwd=ROOT, env={**os.environ, "PYTHONPATH": path, **(env or {})},
                            stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(base + "/healthz", timeout=0.5)
                break
            except OSError as exc:
                if getattr(exc, "code", None):  # an HTTP error means it is up
                    break
                if proc.poll() is not None:
                    raise SystemExit(f"gunicorn {app_spec} exited with {proc.returncode}") from None
                time.sleep(0.1)
        yield Server(proc, base)
    finally:
        proc.terminate()
        proc.wait(timeout=15)


def ensure_wrk() -> str:
    path = shutil.which("wrk")
    if path:
        return path
    if os.geteuid() == 0 and shutil.which("apt-get"):
        subprocess.run("apt-get update -qq && DEBIAN_FRONTEND=noninteractive "
                       "apt-get install -y -qq wrk >/dev/null", shell=True, check=True)
        return shutil.which("wrk") or "wrk"
    raise SystemExit("wrk is needed for the throughput figures: apt-get install wrk")


Request = tuple[str, str, dict[str, str], str | None]
"""method, path (with query), headers, body"""


def _lua(text: str) -> str:
    level = "=" * 3
    while f"]{level}]" in text:
        level += "="
    return f"[{level}[{text}]{level}]"


SCRIPT_RAN = "lairside-script-ran"
"""Printed by the script's done(): proof that wrk ran our requests, not its default GET /."""


def script(requests: list[Request]) -> str:
    """A wrk Lua script cycling through `requests`, each thread from its own place."""
    rows = []
    for method, path, headers, body in requests:
        # "[ " not "[": "[[" would open a Lua long string, wrk would reject the script and
        # silently fall back to GET / (so every request with headers measured the home page).
        head = ", ".join(f"[ {_lua(k)} ] = {_lua(v)}" for k, v in headers.items())
        rows.append(f"{{{_lua(method)}, {_lua(path)}, {{{head}}}, "
                    f"{_lua(body) if body is not None else 'nil'}}}")
    return ("local reqs = {\n" + ",\n".join(rows) + "\n}\n"
            "local threads = 0\n"
            "function setup(thread) threads = threads + 1; thread:set('id', threads) end\n"
            "local i = 0\n"
            "function init(args) i = ((id or 1) * 7919) % #reqs end\n"
            "function request()\n"
            "  i = i % #reqs + 1\n"
            "  local r = reqs[i]\n"
            "  return wrk.format(r[1], r[2], r[3], r[4])\n"
            "end\n"
            f"function done() io.write('{SCRIPT_RAN}\\n') end\n")


def load(server: Server, requests: list[Request], *, seconds: int = 5,
         connections: int = 16) -> dict[str, float]:
    """wrk against `server` cycling through `requests`: requests per second, latency
    percentiles (ms), non-2xx/3xx count and worker CPU per request (ms)."""
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as lua:
        lua.write(script(requests))
    try:
        cmd = [ensure_wrk(), "-t2", f"-c{connections}", f"-d{seconds}s", "--latency",
               "-s", lua.name, server.base]
        before = server.cpu()
        out = subprocess.run(cmd, capture_output=True, text=True, check=True,
                             timeout=seconds + 30).stdout
        cpu = server.cpu() - before
    finally:
        os.unlink(lua.name)
    if SCRIPT_RAN not in out:  # wrk runs GET / when it cannot load a script: never measure that
        raise RuntimeError("wrk did not run the request script:\n" + out[-2000:])
    count = int(re.search(r"(\d+) requests in", out).group(1))
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    non2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    return {"rps": rps, "p50": _ms(out, "50%"), "p99": _ms(out, "99%"), "requests": count,
            "errors": float(non2xx.group(1)) if non2xx else 0.0,
            "cpu_ms": cpu * 1000 / max(count, 1)}


def wrk(url: str, *, connections: int = 16, seconds: int = 5, method: str = "GET",
        body: str | None = None, headers: dict[str, str] | None = None) -> dict[str, float]:
    """Requests per second and latency percentiles (ms) of one wrk run on one URL."""
    script_file = None
    if method != "GET" or body or headers:
        lines = [f'wrk.method = "{method}"']
        if body is not None:
            lines.append("wrk.body = " + _lua(body))
        for key, value in (headers or {}).items():
            lines.append(f'wrk.headers["{key}"] = "{value}"')
        script_file = tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False)
        script_file.write("\n".join(lines))
        script_file.close()
    cmd = [ensure_wrk(), "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", url]
    if script_file:
        cmd[1:1] = ["-s", script_file.name]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    if script_file:
        os.unlink(script_file.name)
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    non2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    return {"rps": rps, "p50": _ms(out, "50%"), "p99": _ms(out, "99%"),
            "errors": float(non2xx.group(1)) if non2xx else 0.0}


def _ms(out: str, label: str) -> float:
    match = re.search(rf"{re.escape(label)}\s+([\d.]+)(us|ms|s)", out)
    if not match:
        return float("nan")
    value, unit = float(match.group(1)), match.group(2)
    return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value
