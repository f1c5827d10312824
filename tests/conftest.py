from __future__ import annotations

import os
import shutil

import pytest

from api import create_app


@pytest.fixture(scope="session")
def app():
    return create_app({"TESTING": True})


@pytest.fixture()
def client(app):
    return app.test_client()


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
