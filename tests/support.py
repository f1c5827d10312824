"""Helpers shared by test folders (importable as `tests.support`; pytest has "." on its path)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

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
