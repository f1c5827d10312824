"""Databases for the session tests: a SQLite file per test, and one real PostgreSQL server
for the run (initdb + pg_ctl from Debian's packages, on a free loopback port, stopped after).

PostgreSQL missing: the PostgreSQL cases skip on a laptop and fail in CI (CI set), where
`make test` (.ci/system-deps) must have installed it.
"""
from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path

import pytest

from api import create_app

FAST_RATES = {"LAIRSIDE_RATE_CREATE": "off", "LAIRSIDE_RATE_WRITE": "off"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def postgres_bin() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
                   key=lambda p: int(Path(p).parts[4]) if Path(p).parts[4].isdigit() else 0)
    if not found:
        message = "PostgreSQL is not installed (make system-deps installs it)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return Path(found[-1]).parent


@pytest.fixture(scope="session")
def postgres_server():
    """A throw-away PostgreSQL server: yields a function making a fresh database URL."""
    bindir = postgres_bin()
    root = os.geteuid() == 0
    as_owner = ["runuser", "-u", "postgres", "--"] if root else []
    base = Path(tempfile.mkdtemp(prefix="lairside-pg-"))
    if root:
        shutil.chown(base, "postgres", "postgres")
    data, port = base / "data", free_port()
    run = lambda *cmd: subprocess.run([*as_owner, *map(str, cmd)], check=True,  # noqa: E731
                                      capture_output=True, text=True)
    run(bindir / "initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8")
    run(bindir / "pg_ctl", "-D", data, "-l", base / "log", "-w", "-o",
        f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c max_connections=200"
        # a throw-away server: no flushing to disk (each CREATE DATABASE copies ~8 MB)
        " -c fsync=off -c synchronous_commit=off -c full_page_writes=off", "start")
    try:
        def new_database() -> str:
            import psycopg
            name = "t_" + uuid.uuid4().hex[:12]
            with psycopg.connect(f"host=127.0.0.1 port={port} user=postgres dbname=postgres",
                                 autocommit=True) as conn:
                conn.execute(f'CREATE DATABASE "{name}"')
            return f"postgresql+psycopg://postgres@127.0.0.1:{port}/{name}"
        yield new_database
    finally:
        # immediate: no shutdown checkpoint writing out every database just deleted below
        subprocess.run([*as_owner, str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate",
                        "stop"], capture_output=True)
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    """A fresh, empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'lairside.sqlite3'}"
    return request.getfixturevalue("postgres_server")()


@pytest.fixture()
def sqlite_url(tmp_path):
    return f"sqlite:///{tmp_path / 'lairside.sqlite3'}"


def make_app(url, **config):
    return create_app({"TESTING": True, "LAIRSIDE_DATABASE_URL": url, **FAST_RATES, **config})


@pytest.fixture()
def session_app(db_url):
    app = make_app(db_url)
    yield app
    app.extensions["lairside.sessions"].dispose()


@pytest.fixture()
def api(session_app):
    return session_app.test_client()
