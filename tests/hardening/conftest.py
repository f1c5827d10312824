"""Apps for the hardening tests: a fresh SQLite file each (PostgreSQL where it matters), with
the rate limits off unless a test turns one on."""
from __future__ import annotations

import pytest

from tests.sessions.conftest import make_app, postgres_server  # noqa: F401  (fixture)


@pytest.fixture()
def app(tmp_path):
    made = make_app(f"sqlite:///{tmp_path / 'h.sqlite3'}")
    yield made
    made.extensions["lairside.sessions"].dispose()


@pytest.fixture()
def client(app):
    return app.test_client()
