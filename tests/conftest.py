from __future__ import annotations

import pytest

from api import create_app


@pytest.fixture(scope="session")
def app(tmp_path_factory):
    """The app on a database of its own: rate limits are counted in the database, so a run
    never inherits another run's counts (nor writes into instance/)."""
    database = tmp_path_factory.mktemp("app") / "lairside.sqlite3"
    made = create_app({"TESTING": True, "LAIRSIDE_DATABASE_URL": f"sqlite:///{database}"})
    yield made
    made.extensions["lairside.sessions"].dispose()


@pytest.fixture()
def client(app):
    return app.test_client()
