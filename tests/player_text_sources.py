"""Everything a player reads, gathered for the player-text check (tests/test_player_text.py,
issue 43 item 3): every page as the server draws it, what the table page draws from the API
(state lines, board labels, form labels, history lines, the score), the API's `summary`,
`detail` and `steps` (calculators, setups, refusals), the text of printed sheets and the
offline lists. Each text comes with where it was read, so a finding says where to fix it."""
from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from api.pages_text import humanize
from assistant import links
from assistant.games import all_games
from assistant.inputs import ListOf, OneOf, Text, asked
from assistant.tracker import SHARED, History, parse_event

ROOT = Path(__file__).resolve().parents[1]
TRACKED = [g for g in all_games() if g.tracker is not None]
NAMES = ["Ана", "Аня", "王芳", "王芬", "🦊", "José", "Jose"]

_HIDDEN = re.compile(r"<(script|style)\b[^>]*>.*?</\1>", re.S | re.I)
_TAG = re.compile(r"<[^>]+>")
_SEEN_ATTRS = re.compile(r'\b(?:aria-label|alt|title|placeholder)="([^"]*)"')


def visible(page: str) -> str:
    """A page's text as a player meets it: the words between tags and the attributes a
    screen reader or a tooltip says; scripts and their data left out."""
    body = _HIDDEN.sub(" ", page)
    said = " ".join(_SEEN_ATTRS.findall(body))
    text = _TAG.sub("\n", body)
    return html.unescape(re.sub(r"\n\s*\n+", "\n", text) + "\n" + said)


def page_paths() -> list[str]:
    paths = [links.home(), "/join", "/join?code=k7m2x", "/join?code=k7m2x9q0", "/offline",
             links.search("goodman")]
    for game in all_games():
        paths.append(links.rules_index(game.slug))
        paths += [links.rule(game.slug, e.id) for e in game.rules]
        paths += [links.calculator(game.slug, slug) + "?example=1" for slug in game.calculators]
        paths.append(f"/g/{game.slug}/print")
        if game.timers:
            paths.append(links.timers(game.slug))
        for mode in game.modes:
            paths.append(links.setup(game.slug, mode=mode.slug, players=mode.max_players,
                                     seed="7"))
        if game.tracker is not None:
            paths.append(f"/g/{game.slug}/sessions/new?players=4")
    return paths


def pages(client: Any) -> Iterator[tuple[str, str]]:
    for path in page_paths():
        answer = client.get(path)
        yield path, visible(answer.get_data(as_text=True))


def form_words(form: Any, where: str) -> Iterator[tuple[str, str]]:
    """The labels and options a page shows for a form (what `asked` leaves in)."""
    for field in asked(form):
        yield where + "." + field.name, field.help
        if isinstance(field, OneOf):
            for option in field.options:
                yield where + "." + field.name, humanize(option)
        if isinstance(field, ListOf):
            yield from form_words(field.fields, where + "." + field.name)
        if isinstance(field, Text) and field.choices:
            yield from ((where + "." + field.name, c) for c in field.choices)


def names_only(game: Any) -> dict[str, Any]:
    mode = game.modes[0]
    key = "player" if game.slug == "tdt" else "name"
    return {"mode": mode.slug, "seats": [{key: n} for n in NAMES[:mode.max_players]]}


def table_words(game: Any) -> Iterator[tuple[str, str]]:
    """What a table page draws from the API through a whole game (its first listed moves):
    the board's labels, the forms' labels, each state's lines, each history line, each
    score (summary, steps, standings, the outcome) and the play's text."""
    tracker = game.tracker
    where = f"table {game.slug}"
    history = History(tracker, tracker.parse_setup(names_only(game)))
    board = tracker.board(history.setup)
    for part in (board.tracks, board.shows, board.counters, board.toggles, board.actions):
        yield from ((where + " board", item.label) for item in part)
    for action in board.actions:  # the fields each action's form asks on the page
        form = tracker.event_forms.get(action.event, ())
        shown = [f for f in form if f.name in action.asks]
        yield from form_words(shown, f"{where} form {action.event}")
    yield from form_words(tracker.setup_form, f"{where} start form")
    keys = set(board.seat_lines) | {s.key for s in board.shows}
    names = {s.id: s.name for s in history.setup.seats}
    while True:
        state = tracker.state_json(history.setup, history.state, SHARED)
        for key, value in state.items():
            if key in keys and isinstance(value, str):
                yield f"{where} v{history.version} {key}", value
        for seat in state.get("seats", ()):
            for key in board.seat_lines:
                if isinstance(seat.get(key), str):
                    yield f"{where} v{history.version} seat {key}", seat[key]
        if history.version:
            yield (f"{where} v{history.version} history",
                   tracker.describe(history.event_at(history.version), names, SHARED))
        moves = tracker.moves(history.setup, history.state)
        if not moves or history.version > 3000:
            break
        history.append(parse_event(tracker, dict(moves[0])))
    yield from answer_words(tracker.score(history.setup, history.state).to_json(),
                            f"{where} score")


def answer_words(answer: dict[str, Any], where: str) -> Iterator[tuple[str, str]]:
    """An explained answer's `summary`, its steps (text and note) and, for a score, each
    standing's lines and the outcome."""
    yield where + " summary", str(answer.get("summary", ""))
    for step in answer.get("steps", ()):
        yield where + " step", str(step.get("text", ""))
        if step.get("note"):
            yield where + " step note", str(step["note"])
    result = answer.get("result", {})
    if isinstance(result, dict):
        if isinstance(result.get("headline"), str):
            yield where + " headline", result["headline"]
        for seat in result.get("standings", ()):
            for key in ("tie", "role", "note"):
                yield f"{where} standing {key}", str(seat.get(key, ""))
            for step in seat.get("steps", ()):
                yield where + " standing step", str(step.get("text", ""))


def calculator_words(client: Any) -> Iterator[tuple[str, str]]:
    """The API's answers to every calculator's own example, and to each game's setup."""
    for game in all_games():
        for slug, op in game.calculators.items():
            if op.example is None:
                continue
            answer = client.post(f"/api/v1/games/{game.slug}/calculators/{slug}",
                                 json=op.example)
            if answer.status_code == 200:
                yield from answer_words(answer.json, f"api {game.slug} {slug}")
        for mode in game.modes:
            answer = client.get(f"/api/v1/games/{game.slug}/setup",
                                query_string={"mode": mode.slug, "players": mode.max_players})
            if answer.status_code == 200:
                yield from answer_words(answer.json, f"api {game.slug} setup {mode.slug}")


def refusal_words(client: Any) -> Iterator[tuple[str, str]]:
    """What a refusal says to a player: the `detail` of the game's refusals (an undo with
    nothing to undo, each game's first listed move sent twice where the rules refuse it) and
    a start page refused (too few seats, a Named Henchman not on the list). A schema's own
    messages in the API's `errors` name fields for the API's clients, as they should."""
    for game in TRACKED:
        made = client.post(f"/api/v1/games/{game.slug}/sessions", json=names_only(game)).json
        edit = {"Authorization": f"Bearer {made['edit_token']}"}
        answer = client.post(f"/api/v1/sessions/{made['code']}/undo",
                             headers={**edit, "If-Match": '"v0"'})
        yield f"api {game.slug} refusal", str(answer.json.get("detail", ""))
        moves = game.tracker.moves(game.tracker.parse_setup(made["setup"]),
                                   game.tracker.initial(game.tracker.parse_setup(made["setup"])))
        for version in range(2):
            answer = client.post(f"/api/v1/sessions/{made['code']}/events",
                                 json=dict(moves[0]),
                                 headers={**edit, "If-Match": f'"v{version}"'})
            if answer.status_code >= 400:
                yield f"api {game.slug} refusal", str(answer.json.get("detail", ""))
        page = client.post(f"/g/{game.slug}/sessions/new", data={
            "mode": game.modes[0].slug, "seats.0._row": "1", "seats.0.name": "Ана",
            "seats.0.player": "Ана", "seats.0.henchman": "Nobody"})
        yield f"page {game.slug} refused start", visible(page.get_data(as_text=True))


def offline_words(client: Any) -> Iterator[tuple[str, str]]:
    """The offline search lists a phone keeps: each entry's title and section."""
    for game in all_games():
        answer = client.get(f"/g/{game.slug}/search.json")
        if answer.status_code != 200:
            continue
        for entry in answer.json.get("entries", ()):
            yield f"offline {game.slug} {entry['id']}", f"{entry['title']}\n{entry['section']}"


def rules_corpus() -> str:
    """Every rules/*.toml file's text: words found there are the rules data's to rewrite."""
    return "\n".join(p.read_text() for p in sorted(ROOT.glob("assistant/games/*/rules/*.toml")))


def finished_pages(client: Any) -> Iterator[tuple[str, str]]:
    """The table page, the play's page and the chart of a finished game of each game, as
    the server draws them (names in every alphabet)."""
    from tests.sessions.test_game_night import play_to_the_end

    for game in TRACKED:
        made = client.post(f"/api/v1/games/{game.slug}/sessions", json=names_only(game)).json
        play_to_the_end(client, game, made["code"], made["edit_token"])
        for path in (links.session(game.slug, made["code"]), links.play(game.slug, made["code"])):
            yield path, visible(client.get(path).get_data(as_text=True))
        score = client.get(f"/api/v1/sessions/{made['code']}/score").json
        yield from answer_words(score, f"api {game.slug} finished score")
        play = client.get(f"/api/v1/sessions/{made['code']}/play").json
        yield f"api {game.slug} play text", play["text"]


_URL = re.compile(r"\S*https?://\S+|\S+\.test/\S+|/g/\S+")


def pdf_words() -> Iterator[tuple[str, str]]:
    """The text of printed sheets as a PDF reader gets it back: for each game its first
    sheets, its setup sheet and a table's join sheet (printed URLs left out: a field name in
    a link is the link's)."""
    import io

    from pypdf import PdfReader

    from api import create_app
    from api.routes.printables import resolver
    from assistant import sheets
    from printables.render import render

    app = create_app({"TESTING": True, "LAIRSIDE_PUBLIC_URL": "http://lairside.test"})
    with app.test_request_context():
        resolve = resolver(app, "http://lairside.test")
        for game in all_games():
            if game.sheets is None:
                continue
            chosen = [*sheets.batch(game.slug)[:3]]
            variants = list(sheets.setup_variants(game.slug))[:1]
            chosen += [sheets.setup_sheet(game.slug, **v) for v in variants]
            for sheet in chosen:
                pdf = render(sheet, "a4", resolve)
                text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
                yield f"pdf {sheet.slug}", _URL.sub(" ", text)


def from_rules(match: str, around: str, corpus: str) -> bool:
    """Whether a finding's words are the rules data's own (rules/*.toml): the words it was
    found in, either side of it, are in that text."""
    said = re.sub(r"\s+", " ", around)
    at = said.find(match)
    right = said[at:at + len(match) + 15].strip()
    left = said[max(0, at - 15):at + len(match)].strip()
    return right in corpus or left in corpus
