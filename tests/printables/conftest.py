from __future__ import annotations

import pytest

from api import create_app

BASE = "http://lairside.test"


@pytest.fixture(scope="session")
def papp():
    """An app whose QR codes point at a fixed public base URL, so tests can strip it."""
    return create_app({"TESTING": True, "LAIRSIDE_PUBLIC_URL": BASE})


@pytest.fixture()
def pclient(papp):
    return papp.test_client()
