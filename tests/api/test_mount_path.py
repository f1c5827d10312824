"""The whole app served under a mount path (issue 39, item 2): behind a proxy at /lair
(SCRIPT_NAME), every link and form of each game's pages, every redirect, every link a JSON
answer gives, the docs page, the OpenAPI `servers` and every QR code decoded from each game's
PDFs and a table's join sheet lead to a 200 under /lair, and one base URL is used by all: a
table's JSON, its page and its join sheet name the same address."""
from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest
from flask import Flask
from werkzeug.middleware.dispatcher import DispatcherMiddleware
from werkzeug.test import Client
from werkzeug.wrappers import Response as Plain

from api import create_app
from assistant import sheets
from assistant.games import all_games
from tests.support import require_tool

MOUNT = "/lair"
HOST = "http://192.168.7.20:8000"  # a table's LAN address, as a phone asks it


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    database = tmp_path_factory.mktemp("mount") / "m.sqlite3"
    made = create_app({"TESTING": True, "LAIRSIDE_DATABASE_URL": f"sqlite:///{database}",
                       "LAIRSIDE_RATE_CREATE": "off", "LAIRSIDE_RATE_WRITE": "off"})
    yield made
    made.extensions["lairside.sessions"].dispose()


@pytest.fixture(scope="module")
def lair(app: Flask) -> Client:
    """A client of a server that serves the app at /lair and nothing at its root."""
    nothing = Plain("not here", status=404)
    return Client(DispatcherMiddleware(nothing, {MOUNT: app.wsgi_app}))


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        for attr in ("href", "src", "action", "formaction", "data-setup", "data-start"):
            value = named.get(attr)
            if value and not value.startswith(("#", "data:", "mailto:")):
                self.found.append(value)


def get(lair: Client, url: str, **kwargs: Any) -> Any:
    """GET `url` (a path or an absolute URL of this site), following redirects under /lair."""
    parts = urlsplit(url)
    path = parts.path + (f"?{parts.query}" if parts.query else "")
    return lair.get(path, base_url=HOST, follow_redirects=True, **kwargs)


def links_of(html: str, page: str) -> set[str]:
    parser = Links()
    parser.feed(html)
    return {urljoin(page, link) for link in parser.found}


def start_pages(lair: Client) -> Iterator[str]:
    yield f"{MOUNT}/"
    yield f"{MOUNT}/join"
    yield f"{MOUNT}/search?q=vp"
    for game in all_games():
        base = f"{MOUNT}/g/{game.slug}"
        yield base
        yield f"{base}/rules"
        yield f"{base}/rules/{next(iter(game.rules)).id}"
        mode = game.modes[0]
        yield f"{base}/setup?mode={mode.slug}&players={mode.max_players}"
        if game.calculators:
            yield f"{base}/calculators"
            yield f"{base}/calculators/{next(iter(game.calculators))}?example=1"
        if game.scoring is not None:
            yield f"{base}/score"
        if game.timers:
            yield f"{base}/timers"
        if game.sheets is not None and game.setup is not None:
            yield f"{base}/print"
        if game.tracker is not None:
            yield f"{base}/sessions/new"
            made = lair.post(f"{MOUNT}/api/v1/games/{game.slug}/sessions", base_url=HOST,
                             json=dict(game.tracker.example_setup))
            assert made.status_code == 201, made.json
            assert made.json["urls"]["view"].startswith(f"{HOST}{MOUNT}/g/")
            yield urlsplit(made.json["urls"]["view"]).path


def test_every_link_of_every_page_answers_under_the_mount_path(lair: Client) -> None:
    followed: dict[str, int] = {}
    for page in start_pages(lair):
        answer = get(lair, page)
        assert answer.status_code == 200, page
        for link in links_of(answer.get_data(as_text=True), page):
            path = urlsplit(link).path
            assert path.startswith(f"{MOUNT}/"), (page, link)
            if link not in followed:
                with get(lair, link) as seen:
                    followed[link] = seen.status_code
    failed = {link: status for link, status in followed.items() if status != 200}
    assert not failed and len(followed) > 100, failed


def _json_links(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for item in value.values():
            yield from _json_links(item)
    elif isinstance(value, list):
        for item in value:
            yield from _json_links(item)
    elif isinstance(value, str) and value.startswith(("/", "http")) and "{" not in value:
        yield value


def test_every_link_of_the_api_and_docs_answers_under_the_mount_path(lair: Client) -> None:
    urls = {f"{MOUNT}/api/v1/games", f"{MOUNT}/offline.json", f"{MOUNT}/manifest.webmanifest"}
    for game in all_games():
        urls.update(_json_links(get(lair, f"{MOUNT}/api/v1/games/{game.slug}").json))
        urls.add(f"{MOUNT}/offline.json?game={game.slug}")
    for url in sorted(urls):
        answer = get(lair, url)
        if answer.status_code == 405:  # a calculator's or the score's link: POST to it
            assert "POST" in answer.headers["Allow"], url
            continue
        if url.endswith("/setup"):  # the setup's address: it asks for its mode and players
            assert answer.status_code == 422 and "players" in answer.json["errors"], url
            continue
        assert answer.status_code == 200, url
        if answer.is_json and "/api/v1/games/" not in url:
            for link in _json_links(answer.json):
                assert urlsplit(link).path.startswith(f"{MOUNT}/"), (url, link)
    docs = get(lair, f"{MOUNT}/docs").get_data(as_text=True)
    for link in links_of(docs, f"{MOUNT}/docs"):
        assert get(lair, link).status_code == 200, link
    init = get(lair, f"{MOUNT}/docs/lairside-init.js").get_data(as_text=True)
    assert f'"{MOUNT}/openapi.json"' in init
    spec = get(lair, f"{MOUNT}/openapi.json").json
    assert spec["servers"] == [{"url": f"{HOST}{MOUNT}"}]
    worker = get(lair, f"{MOUNT}/sw.js")
    assert f'"{MOUNT}"' in worker.get_data(as_text=True)
    assert worker.headers["Service-Worker-Allowed"] == f"{MOUNT}/"


def test_a_problem_names_its_type_under_the_mount_path(lair: Client) -> None:
    refused = get(lair, f"{MOUNT}/api/v1/rules?q=vp&limit=0")
    assert refused.status_code == 422
    assert refused.json["type"] == f"{MOUNT}/problems/validation"
    assert refused.json["instance"] == f"{MOUNT}/api/v1/rules"
    assert get(lair, refused.json["type"]).status_code == 200


def test_redirects_stay_under_the_mount_path(lair: Client) -> None:
    game = next(g for g in all_games() if g.tracker is not None)
    made = lair.post(f"{MOUNT}/api/v1/games/{game.slug}/sessions", base_url=HOST,
                     json=dict(game.tracker.example_setup))  # type: ignore[union-attr]
    joined = lair.get(f"{MOUNT}/join?code={made.json['code']}", base_url=HOST)
    assert joined.status_code == 303
    assert joined.headers["Location"] == f"{MOUNT}/g/{game.slug}/sessions/{made.json['code']}"
    assert get(lair, joined.headers["Location"]).status_code == 200


def decoded(pdf: bytes, folder: Path) -> set[str]:
    pdftoppm, zbarimg = require_tool("pdftoppm"), require_tool("zbarimg")
    for old in folder.glob("p*.png"):
        old.unlink()
    source = folder / "sheet.pdf"
    source.write_bytes(pdf)
    subprocess.run([pdftoppm, "-r", "150", "-gray", "-png", str(source), str(folder / "p")],
                   check=True)
    found: set[str] = set()
    for png in sorted(folder.glob("p*.png")):
        out = subprocess.run([zbarimg, "-q", "--raw", "-Sdisable", "-Sqrcode.enable", str(png)],
                             capture_output=True, text=True)
        found.update(line for line in out.stdout.splitlines() if line)
    return found


def pdfs(lair: Client) -> Iterator[tuple[str, dict[str, str]]]:
    for game in all_games():
        if game.sheets is None:
            continue
        cat = sheets.catalogue(game.slug)
        printables = f"{MOUNT}/api/v1/games/{game.slug}/printables"
        setup = get(lair, printables).json["setup"]["sheets"][0]["urls"]["a4"]
        yield urlsplit(setup).path + "?" + urlsplit(setup).query, {}
        yield f"{printables}/{cat.aids[0].slug}.pdf", {}
    game = next(g for g in all_games() if g.tracker is not None)
    made = lair.post(f"{MOUNT}/api/v1/games/{game.slug}/sessions", base_url=HOST,
                     json=dict(game.tracker.example_setup))  # type: ignore[union-attr]
    yield (f"{MOUNT}/api/v1/sessions/{made.json['code']}/join.pdf",
           {"Authorization": f"Bearer {made.json['edit_token']}"})


def test_every_qr_code_of_each_game_leads_to_a_200_under_the_mount_path(
        lair: Client, tmp_path: Path) -> None:
    seen = 0
    for url, headers in pdfs(lair):
        answer = get(lair, url, headers=headers)
        assert answer.status_code == 200 and answer.mimetype == "application/pdf", url
        codes = decoded(answer.data, tmp_path)
        assert codes, url
        for code in codes:
            assert code.startswith(f"{HOST}{MOUNT}/"), (url, code)
            assert get(lair, code).status_code == 200, (url, code)
            seen += 1
    assert seen >= 10


def test_a_table_names_one_address_in_its_json_its_page_and_its_sheet(
        lair: Client, tmp_path: Path) -> None:
    game = next(g for g in all_games() if g.tracker is not None)
    loopback = "http://127.0.0.1:8000"  # the LAN fallback, the same for all three
    made = lair.post(f"{MOUNT}/api/v1/games/{game.slug}/sessions", base_url=loopback,
                     json=dict(game.tracker.example_setup))  # type: ignore[union-attr]
    view = made.json["urls"]["view"]
    base = view.split(f"{MOUNT}/g/", 1)[0]
    page = lair.get(urlsplit(view).path, base_url=loopback).get_data(as_text=True)
    assert re.search(re.escape(base.split("://", 1)[1] + f"{MOUNT}/join"), page) or \
        "answers only on this computer" in page
    sheet = lair.get(f"{MOUNT}/api/v1/sessions/{made.json['code']}/join.pdf", base_url=loopback)
    assert view in decoded(sheet.data, tmp_path)


def test_a_proxy_names_the_mount_path(tmp_path: Path) -> None:
    """Behind LAIRSIDE_PROXIES proxies, X-Forwarded-Prefix is the mount path of every link."""
    made = create_app({"TESTING": True, "LAIRSIDE_PROXIES": 1, "LAIRSIDE_RATE_CREATE": "off",
                       "LAIRSIDE_DATABASE_URL": f"sqlite:///{tmp_path}/p.sqlite3"})
    client = made.test_client()
    game = next(g for g in all_games() if g.tracker is not None)
    answer = client.post(f"/api/v1/games/{game.slug}/sessions", base_url=HOST,
                         json=dict(game.tracker.example_setup),  # type: ignore[union-attr]
                         headers={"X-Forwarded-Prefix": MOUNT, "X-Forwarded-Proto": "https"})
    assert answer.json["urls"]["view"].startswith("https://192.168.7.20:8000/lair/g/")
    assert answer.json["urls"]["api"].startswith(f"{MOUNT}/api/v1/sessions/")
    made.extensions["lairside.sessions"].dispose()


def test_a_table_started_from_its_page_opens_under_the_mount_path(lair: Client) -> None:
    game = next(g for g in all_games() if g.tracker is not None)
    page = get(lair, f"{MOUNT}/g/{game.slug}/sessions/new").get_data(as_text=True)
    action = re.search(r'<form method="post" action="([^"]+)"', page)
    assert action and action.group(1) == f"{MOUNT}/g/{game.slug}/sessions/new"
    setup = dict(game.tracker.example_setup)  # type: ignore[union-attr]
    form: dict[str, str] = {"mode": str(setup.get("mode", game.modes[0].slug))}
    for i, seat in enumerate(setup.get("seats", [])):
        for key, value in seat.items():
            form[f"seats.{i}.{key}"] = "on" if value is True else str(value)
    started = lair.post(action.group(1), base_url=HOST, data=form)
    assert started.status_code == 303, started.get_data(as_text=True)[:500]
    assert started.headers["Location"].startswith(f"{MOUNT}/g/{game.slug}/sessions/")
    assert get(lair, started.headers["Location"].split("#")[0]).status_code == 200
