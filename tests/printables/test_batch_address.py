"""`make printables` prints codes for the server that will answer (issue 43, item 6): the port
and host `make run` is given, not always port 8000; `PACKS=0` leaves the packs out (the
README's `--no-packs` could not be passed through make); `make help` shows values, not
`$(PORT)`."""
from __future__ import annotations

import subprocess
from pathlib import Path

from printables import batch

ROOT = Path(__file__).resolve().parents[2]


def test_codes_point_at_the_port_make_run_serves(monkeypatch):
    monkeypatch.setenv("LAIRSIDE_PORT", "8123")
    monkeypatch.setenv("LAIRSIDE_LISTEN", "0.0.0.0")
    base, _note = batch.serving_base()
    assert base.endswith(":8123")


def test_a_loopback_server_gets_loopback_codes_at_its_port(monkeypatch):
    monkeypatch.setenv("LAIRSIDE_PORT", "9000")
    monkeypatch.setenv("LAIRSIDE_LISTEN", "127.0.0.1")
    assert batch.serving_base() == ("http://127.0.0.1:9000", "")


def test_the_make_target_passes_port_host_and_no_packs():
    dry = subprocess.run(["make", "-n", "printables", "PORT=8123", "HOST=127.0.0.1", "PACKS=0"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    line = next(x for x in dry.splitlines() if "flask" in x and "printables" in x)
    assert "LAIRSIDE_PORT=8123" in line and "LAIRSIDE_LISTEN=127.0.0.1" in line
    assert line.rstrip().endswith("--no-packs")
    packs = subprocess.run(["make", "-n", "printables"], cwd=ROOT, capture_output=True,
                           text=True, check=True).stdout
    assert "--no-packs" not in packs


def test_make_help_shows_values_not_make_variables():
    shown = subprocess.run(["make", "help", "PORT=8123"], cwd=ROOT, capture_output=True,
                           text=True, check=True).stdout
    assert "$(" not in shown and "8123" in shown
