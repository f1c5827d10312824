"""Codes that reach the table (issue 32 item 1): `make run` listens on the network and prints
the address phones open with a terminal QR code of it; every code a page or sheet shows points
where the server answers (LAIRSIDE_PUBLIC_URL first); a server on loopback only says so
plainly instead of showing a dead code."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from api import create_app
from assistant.games import find_game
from printables import address, announce
from printables.qr import qr_matrix, qr_svg
from tests.support import ROOT, free_port, stop_gunicorn

LAN = "192.168.7.20"
EXAMPLE = dict(find_game("tdt").tracker.example_setup)  # type: ignore[union-attr]


def modules(drawn: str) -> list[tuple[bool, ...]]:
    """A terminal QR code read back into rows of modules (True: dark), quiet zone included."""
    colour = re.compile(r"\x1b\[(\d+)m")
    rows: list[tuple[bool, ...]] = []
    for line in drawn.splitlines():
        top: list[bool] = []
        bottom: list[bool] = []
        fg = bg = False
        for part in re.split(r"(\x1b\[\d+m)", line):
            code = colour.fullmatch(part)
            if code:
                n = int(code.group(1))
                if n in (30, 97):
                    fg = n == 30
                elif n in (40, 107):
                    bg = n == 40
                continue
            for _ in part:
                top.append(fg)
                bottom.append(bg)
        rows += [tuple(top), tuple(bottom)]
    return rows


def test_the_terminal_code_is_the_address_dark_on_light() -> None:
    url = f"http://{LAN}:8000/"
    rows = modules(announce.terminal_qr(url))
    inner = qr_matrix(url)
    quiet = announce.QUIET
    assert not any(rows[0]) and not any(r[0] for r in rows)  # a light quiet zone around it
    assert [r[quiet:quiet + len(inner)] for r in rows[quiet:quiet + len(inner)]] == list(inner)


def test_the_banner_names_where_phones_go(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(address, "lan_address", lambda: LAN)
    monkeypatch.setattr(announce, "lan_address", lambda: LAN)
    said = announce.banner(["0.0.0.0:8101"], None)
    assert f"Phones on this Wi-Fi open http://{LAN}:8101/" in said
    assert announce.terminal_qr(f"http://{LAN}:8101/") in said
    public = announce.banner(["0.0.0.0:8101"], "https://lair.example.org")
    assert "Phones open https://lair.example.org/" in public  # the public URL wins
    alone = announce.banner(["127.0.0.1:8101"], None)
    assert "for this computer only" in alone and "\x1b[" not in alone  # no dead code drawn
    monkeypatch.setattr(announce, "lan_address", lambda: None)
    offline = announce.banner(["0.0.0.0:8101"], None)
    assert "no network address" in offline and "\x1b[" not in offline


def test_codes_point_where_the_server_listens(monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:
    monkeypatch.setattr(address, "lan_address", lambda: LAN)
    for listen, expected in (("0.0.0.0", f"http://{LAN}:8000"),
                             ("127.0.0.1", "http://127.0.0.1:8000")):
        app = create_app({"TESTING": True, "LAIRSIDE_PUBLIC_URL": None, "LAIRSIDE_LISTEN": listen,
                          "LAIRSIDE_DATABASE_URL": f"sqlite:///{tmp_path}/{listen}.sqlite3"})
        client = app.test_client()
        made = client.post("/api/v1/games/tdt/sessions", base_url="http://127.0.0.1:8000",
                           json=EXAMPLE)
        assert made.status_code == 201, made.get_json()
        code = made.get_json()["code"]
        page = client.get(f"/g/tdt/sessions/{code}", base_url="http://127.0.0.1:8000")
        html = page.get_data(as_text=True)
        svg = client.get(f"/api/v1/sessions/{code}/qr.svg", base_url="http://127.0.0.1:8000")
        if listen == "0.0.0.0":
            assert f"{LAN}:8000/join" in html and "data-qr-follow" in html
            assert svg.get_data(as_text=True) == qr_svg(f"{expected}/g/tdt/sessions/{code}",
                                                       cached=True)
        else:
            assert "answers only on this computer" in html and "data-qr-follow" not in html
            sheet = client.get("/api/v1/games/tdt/printables/round.pdf",
                               base_url="http://127.0.0.1:8000")
            assert sheet.status_code == 200
        public = create_app({"TESTING": True, "LAIRSIDE_PUBLIC_URL": "https://lair.example.org",
                             "LAIRSIDE_LISTEN": listen, "LAIRSIDE_DATABASE_URL":
                             f"sqlite:///{tmp_path}/{listen}.sqlite3"}).test_client()
        html = public.get(f"/g/tdt/sessions/{code}", base_url="http://127.0.0.1:8000"
                          ).get_data(as_text=True)
        assert "lair.example.org/join" in html  # LAIRSIDE_PUBLIC_URL still wins


def _serve(bind: str, tmp_path: Path) -> tuple[subprocess.Popen[bytes], str, Path]:
    port = free_port()
    log = tmp_path / f"stderr-{port}.txt"
    env = {k: v for k, v in os.environ.items()
           if k not in ("LAIRSIDE_PUBLIC_URL", "LAIRSIDE_LISTEN")}
    env.update({"LAIRSIDE_DATABASE_URL": f"sqlite:///{tmp_path}/run-{port}.sqlite3",
                "LAIRSIDE_WARM_SHEETS": "0", "LAIRSIDE_RATE_CREATE": "off"})
    with log.open("wb") as err:
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", "python:api.config", "--workers", "1",
             "--bind", f"{bind}:{port}", "--graceful-timeout", "1", "api:create_app()"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=err, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60  # a bound on a loaded machine
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(base + "/healthz", timeout=1).read()  # noqa: S310
            return server, base, log
        except OSError:
            assert server.poll() is None, log.read_text()
            time.sleep(0.1)
    stop_gunicorn(server)
    raise AssertionError("the server did not start")


def _session_page(base: str) -> str:
    request = urllib.request.Request(
        f"{base}/api/v1/games/tdt/sessions", headers={"Content-Type": "application/json"},
        data=json.dumps({"mode": "cutthroat", "seats": [{"name": "Vic", "goodman": True},
                                                        {"name": "Ana"}, {"name": "Bo"},
                                                        {"name": "Cy"}]}).encode())
    with urllib.request.urlopen(request) as answer:  # noqa: S310 (loopback test server)
        code: Any = json.loads(answer.read())["code"]
    with urllib.request.urlopen(f"{base}/g/tdt/sessions/{code}") as answer:  # noqa: S310
        return str(answer.read().decode())


@pytest.mark.parametrize("bind", ["127.0.0.1", "0.0.0.0"])  # noqa: S104 (the point: make run)
def test_the_server_as_make_run_starts_it_says_where_phones_go(bind: str,
                                                                tmp_path: Path) -> None:
    lan = address.lan_address()
    if bind == "0.0.0.0" and lan is None:  # noqa: S104
        pytest.skip("this machine has no network address")
    server, base, log = _serve(bind, tmp_path)
    try:
        html = _session_page(base)
    finally:
        stop_gunicorn(server)
    said = log.read_text(encoding="utf-8")
    port = base.rsplit(":", 1)[1]
    if bind == "127.0.0.1":
        assert f"ready at http://127.0.0.1:{port}/ for this computer only" in said
        assert "answers only on this computer" in html  # the page says so, no dead code
    else:
        assert f"Phones on this Wi-Fi open http://{lan}:{port}/" in said
        assert announce.terminal_qr(f"http://{lan}:{port}/") in said
        assert f"{lan}:{port}/join" in html
