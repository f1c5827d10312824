"""Helpers shared by test folders (importable as `tests.support`; pytest has "." on its path)."""
from __future__ import annotations

import glob
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from werkzeug.serving import make_server

ROOT = Path(__file__).resolve().parents[1]


def printed_by(code: str) -> str:
    """What `code` prints in a fresh interpreter at the project root (for a test that needs
    its own sys.modules or empty per-process caches)."""
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, check=True).stdout.strip()


def require_tool(name: str) -> str:
    """Path of a system tool the test needs. Missing: skip on a laptop, fail in CI (where
    `make test` must have installed it)."""
    path = shutil.which(name)
    if path is None:
        message = f"{name} is not installed (make system-deps installs it)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path


@contextmanager
def serve_in_thread(app: Flask) -> Iterator[str]:
    """A real HTTP server for `app` on a free loopback port, for a browser to visit."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=5)


def spaced(text: str) -> str:
    """JSON text as json.dumps spaces it (`"key": value, ...`), whatever spacing the server
    chose, so a check for `'"key": value' not in text` cannot pass just because the answer
    was written compactly; any other text as it is."""
    try:
        return json.dumps(json.loads(text), ensure_ascii=False)
    except ValueError:
        return text


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def postgres_bin() -> Path | None:
    """The newest installed PostgreSQL's bin folder (Debian's layout), or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
                   key=lambda p: int(Path(p).parts[4]) if Path(p).parts[4].isdigit() else 0)
    return Path(found[-1]).parent if found else None


@contextmanager
def throwaway_postgres(settings: str, stop: str = "fast") -> Iterator[Callable[[], str]]:
    """A PostgreSQL server of its own on a free loopback port, started with `settings` (extra
    `-c name=value` options); yields a function making a fresh database's URL. Stopped (pg_ctl
    `-m stop`) and deleted after. The tests run it without flushing to disk; the bench as a
    real server would."""
    bindir = postgres_bin()
    if bindir is None:
        raise RuntimeError("PostgreSQL is not installed (make system-deps installs it)")
    root = os.geteuid() == 0
    as_owner = ["runuser", "-u", "postgres", "--"] if root else []
    base = Path(tempfile.mkdtemp(prefix="lairside-pg-"))
    if root:
        shutil.chown(base, "postgres", "postgres")
    data, port = base / "data", free_port()

    def run(*cmd: object) -> None:
        subprocess.run([*as_owner, *map(str, cmd)], check=True, capture_output=True)

    def new_database() -> str:
        import psycopg  # noqa: PLC0415  (only where PostgreSQL is used)

        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(f"host=127.0.0.1 port={port} user=postgres dbname=postgres",
                             autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return f"postgresql+psycopg://postgres@127.0.0.1:{port}/{name}"

    run(bindir / "initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8")
    run(bindir / "pg_ctl", "-D", data, "-l", base / "log", "-w", "-o",
        f"-p {port} -k {base} -c listen_addresses=127.0.0.1 {settings}", "start")
    try:
        yield new_database
    finally:
        subprocess.run([*as_owner, str(bindir / "pg_ctl"), "-D", str(data), "-m", stop,
                        "stop"], capture_output=True)
        shutil.rmtree(base, ignore_errors=True)


def start_gunicorn(db_url: str, workers: int = 2, tls: tuple[Path, Path] | None = None,
                   host: str = "127.0.0.1", log: Path | None = None, graceful: int = 1,
                   **env: str) -> tuple[subprocess.Popen[bytes], str]:
    """A real server as `make run` starts it (gunicorn -c python:api.config: gevent workers),
    on a free loopback port and `db_url`, rate limits and the sheet warm-up off; with `tls`
    (certificate, key) over HTTPS as `make run TLS=1` serves; `host` "0.0.0.0" listens on the
    network too; `log`: a file that receives what the server prints; `graceful`: gunicorn's
    graceful timeout (seconds). Returns the process (its own process group, for
    stop_gunicorn) and its base URL (on loopback)."""
    import ssl  # noqa: PLC0415

    port = free_port()
    environ = {**os.environ, "LAIRSIDE_DATABASE_URL": db_url, "LAIRSIDE_RATE_CREATE": "off",
               "LAIRSIDE_RATE_WRITE": "off", "LAIRSIDE_WARM_SHEETS": "0", **env}
    secure = ["--certfile", str(tls[0]), "--keyfile", str(tls[1])] if tls else []
    sink = log.open("wb") if log is not None else subprocess.DEVNULL
    try:
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", "python:api.config", "--workers",
             str(workers), "--bind", f"{host}:{port}", "--graceful-timeout", str(graceful),
             *secure, "api:create_app()"],
            cwd=ROOT, env=environ, stdout=subprocess.DEVNULL,
            stderr=sink, start_new_session=True)
    finally:
        if log is not None:
            sink.close()  # type: ignore[union-attr]
    base = f"{'https' if tls else 'http'}://127.0.0.1:{port}"
    context = None
    if tls:  # only asks "is it up?"; the tests check the certificate themselves
        context = ssl.create_default_context()
        context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
    deadline = time.monotonic() + 60  # a bound on a loaded machine
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(base + "/healthz", timeout=1, context=context).read()
            return server, base
        except OSError:
            if server.poll() is not None:
                break
            time.sleep(0.1)
    stop_gunicorn(server)
    raise AssertionError("the server did not start")


def stop_gunicorn(server: subprocess.Popen[bytes]) -> None:
    """Kill the server and its workers at once (SIGKILL: no shutdown, no flush)."""
    try:
        os.killpg(server.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    server.wait()


def shared_seat(history: Any, seat: str) -> dict[str, Any]:
    """One seat's row of a table's shared state, as every phone reads it."""
    from assistant.tracker import SHARED  # noqa: PLC0415

    rows = history.tracker.state_json(history.setup, history.state, SHARED)["seats"]
    return next(row for row in rows if row["id"] == seat)
