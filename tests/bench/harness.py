"""Serving an app under gunicorn and loading it with wrk, for `make bench`."""
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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def served(app_spec: str, workers: int = 2, env: dict[str, str] | None = None):
    """Run `gunicorn app_spec` on a free loopback port; yield its base URL."""
    port = free_port()
    proc = subprocess.Popen(
        [str(VENV_BIN / "gunicorn"), "--workers", str(workers), "--bind", f"127.0.0.1:{port}",
         "--log-level", "warning", app_spec],
        cwd=ROOT, env={**os.environ, **(env or {})}, stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/healthz", timeout=0.5)
                break
            except OSError as exc:
                if getattr(exc, "code", None):  # an HTTP error means it is up
                    break
                time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def ensure_wrk() -> str:
    path = shutil.which("wrk")
    if path:
        return path
    if os.geteuid() == 0 and shutil.which("apt-get"):
        subprocess.run("apt-get update -qq && DEBIAN_FRONTEND=noninteractive "
                       "apt-get install -y -qq wrk >/dev/null", shell=True, check=True)
        return shutil.which("wrk") or "wrk"
    raise SystemExit("wrk is needed for the throughput figures: apt-get install wrk")


def wrk(url: str, *, connections: int = 16, seconds: int = 5, method: str = "GET",
        body: str | None = None, headers: dict[str, str] | None = None) -> dict[str, float]:
    """Requests per second and latency percentiles (ms) of one wrk run."""
    script = None
    if method != "GET" or body or headers:
        lines = [f'wrk.method = "{method}"']
        if body is not None:
            lines.append("wrk.body = [[" + body + "]]")
        for key, value in (headers or {}).items():
            lines.append(f'wrk.headers["{key}"] = "{value}"')
        script = tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False)
        script.write("\n".join(lines))
        script.close()
    cmd = [ensure_wrk(), "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", url]
    if script:
        cmd[1:1] = ["-s", script.name]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    if script:
        os.unlink(script.name)
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
