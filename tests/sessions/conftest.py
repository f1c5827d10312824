"""Databases for the session tests: a SQLite file per test, and one real PostgreSQL server
for the run (initdb + pg_ctl from Debian's packages, on a free loopback port, stopped after).

PostgreSQL missing: the PostgreSQL cases skip on a laptop and fail in CI (CI set), where
`make test` (.ci/system-deps) must have installed it.
"""
from __future__ import annotations

import os

import pytest

from api import create_app
from tests.support import postgres_bin, throwaway_postgres

FAST_RATES = {"LAIRSIDE_RATE_CREATE": "off", "LAIRSIDE_RATE_WRITE": "off"}


@pytest.fixture(scope="session")
def postgres_server():
    """A throw-away PostgreSQL server: yields a function making a fresh database URL."""
    if postgres_bin() is None:
        message = "PostgreSQL is not installed (make system-deps installs it)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    # no flushing to disk (each CREATE DATABASE copies ~8 MB); immediate stop: no shutdown
    # checkpoint writing out every database about to be deleted
    with throwaway_postgres("-c max_connections=200 -c fsync=off -c synchronous_commit=off "
                            "-c full_page_writes=off", stop="immediate") as new_database:
        yield new_database


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
