"""Issue 43, done as a host would (Chromium at 390 px): for each game, its largest table with
names in Cyrillic, Chinese, emoji and accents is started from the phone's start page with
names and a mode only (a TDT seat's Named Henchman and Master Plan's Loser Lad are dealt and
shown beside the names before the start), played to the end through the API, and the open
table page then shows the outcome in one sentence first and the chart of the game, with its
table of numbers, and links to the play's page, which shows them too."""
from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from assistant.games import all_games
from tests.sessions.test_game_night import NAMES, play_to_the_end

GAMES = [g for g in all_games() if g.tracker is not None]


class Answer:
    def __init__(self, status: int, body: bytes) -> None:
        self.status_code = status
        self.json = json.loads(body) if body else None


class Http:
    """The few calls the API play needs, over HTTP to the running server (the test
    client's shape: get/post with json and headers)."""

    def __init__(self, base: str) -> None:
        self.base = base

    def _send(self, method: str, path: str, body: Any = None,
              headers: dict[str, str] | None = None) -> Answer:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json",
                                                  **(headers or {})})
        try:
            with urllib.request.urlopen(request) as answer:  # noqa: S310 (loopback server)
                return Answer(answer.status, answer.read())
        except urllib.error.HTTPError as refused:
            return Answer(refused.code, refused.read())

    def get(self, path: str, headers: dict[str, str] | None = None) -> Answer:
        return self._send("GET", path, headers=headers)

    def post(self, path: str, json: Any = None, headers: dict[str, str] | None = None
             ) -> Answer:
        return self._send("POST", path, json, headers)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_a_whole_evening_from_the_phone(page: Any, base_url: str, artifacts: Path,
                                        game: Any) -> None:
    mode = game.modes[0]
    names = NAMES[:mode.max_players]
    page.goto(f"/g/{game.slug}/sessions/new?mode={mode.slug}&players={len(names)}")
    rows = page.locator("[data-seat-list] [data-row]")
    expect(rows).to_have_count(len(names))
    for i, name in enumerate(names):  # the row's first box is its name
        rows.nth(i).locator("input[type=text]").first.fill(name)
    dealt = page.locator("select[data-dealt]")
    if game.slug in ("tdt", "master-plan"):  # shown before the start, one tap to change
        expect(dealt.first.locator("option").first).to_have_text(re.compile("^Dealt: "))
    with page.expect_response(lambda r: r.request.method == "POST"
                              and r.url.endswith("/sessions/new")) as posted:
        page.get_by_role("button", name="Start the table").click()
    location = posted.value.headers["location"]
    code = location.split("#")[0].rstrip("/").rsplit("/", 1)[-1]
    token = location.split("token=", 1)[1].split("&")[0]
    page.locator("[data-standings] > li").first.wait_for()
    setup = Http(base_url).get(f"/api/v1/sessions/{code}").json["setup"]
    assert [s.get("player") or s["name"] for s in setup["seats"]] == names

    play_to_the_end(Http(base_url), game, code, token)
    headline = Http(base_url).get(f"/api/v1/sessions/{code}/score").json["result"]["headline"]
    state = page.locator("[data-score-state]")
    expect(state).to_have_text(headline)  # followed live: the outcome in one sentence first
    with urllib.request.urlopen(f"{base_url}/g/{game.slug}/sessions/{code}/chart") as drawn:  # noqa: S310
        assert drawn.status == 200 and b"<svg" in drawn.read()  # the server has it...
    chart = page.locator("[data-score-chart] figure.chart")
    expect(chart.locator("svg")).to_be_visible()  # ...and the page, followed live, shows it
    assert chart.locator("svg polyline").count() >= len(names) - (game.slug == "tdt")
    expect(chart.locator("table")).to_contain_text(re.compile("|".join(map(re.escape, names))))
    score = Http(base_url).get(f"/api/v1/sessions/{code}/score").json
    page.locator("[data-score-more] > summary").click()
    shown = page.locator("[data-score-steps] li .step-text").all_inner_texts()
    for step, text in zip(score["steps"], shown, strict=True):  # every step shows its number
        if isinstance(step["value"], int | float) and not isinstance(step["value"], bool):
            assert re.search(rf"(?<!\d){abs(step['value'])}(?!\d)", text), (step, text)
    said = page.locator("[data-score-summary]").inner_text()
    assert said.count("\n") == score["summary"].count("\n")  # its lines kept
    chart.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"game-night-{game.slug}.png"), full_page=True)

    page.goto(f"/g/{game.slug}/sessions/{code}/play")
    expect(page.locator("[data-outcome]")).to_have_text(headline)
    expect(page.locator("figure.chart svg")).to_be_visible()
    page.screenshot(path=str(artifacts / f"game-night-{game.slug}-play.png"), full_page=True)
