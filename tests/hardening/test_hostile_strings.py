"""No user text runs as script (issue 14, item 1), in a real Chromium.

Hostile strings (`</script>`, `"><img onerror>`, `javascript:` URLs, RTL and zero-width
characters) go into every free-text field of every game's session setup and events that the
rules accept; then every page of the session (shared and editing), the setup, search, score,
calculator and not-found pages fed the same strings, the JSON answers (state, events, score
summary, export) and the join sheet PDF are opened. A trap on `window.p` (every payload sets
it) and the DOM are checked: no payload ran, no element or attribute was injected. Each page is
opened twice: with the Content-Security-Policy, and with it bypassed, so escaping alone must
hold too (CSP is the second wall, not the first).
"""
from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest

from api import create_app
from assistant.errors import InvalidInput
from assistant.games import all_games
from assistant.inputs import ListOf, OneOf, Text
from assistant.tracker import parse_event
from tests.support import serve_in_thread

PAYLOADS = [
    "</script><script>top.p=1</script>",
    '"><img src=x onerror=top.p=1>',
    "javascript:top.p=1",
    "'><svg onload=top.p=1>",
    "\u202eRTL\u200bzw</textarea><script>top.p=1</script>",
    "{{7*7}}<iframe srcdoc='<script>top.p=1</script>'>",
]
TRAP = """
window.__ran = [];
Object.defineProperty(window, 'p', {configurable: false,
  set(v) { window.__ran.push(String(v)); }, get() { return undefined; }});
window.alert = window.confirm = window.prompt = () => window.__ran.push('dialog');
"""
INJECTED = """() => {
  const bad = [];
  for (const el of document.querySelectorAll('*')) {
    for (const a of el.attributes) {
      if (/^on/i.test(a.name)) bad.push(el.tagName + '[' + a.name + ']');
      if (/^(href|src|action|formaction|srcdoc)$/i.test(a.name)
          && /^\\s*javascript:/i.test(a.value)) bad.push(el.tagName + '[' + a.name + ']');
    }
    if (el.tagName === 'SCRIPT' && !el.src && el.type !== 'application/json')
      bad.push('inline script: ' + el.textContent.slice(0, 60));
    if (el.tagName === 'IFRAME' || el.tagName === 'svg' && el.getAttribute('onload'))
      bad.push(el.tagName);
  }
  return {ran: window.__ran, bad: bad};
}"""
TRACKED = [g for g in all_games() if g.tracker is not None]


def _text_paths(form: Any, data: Any, prefix: tuple[Any, ...] = ()) -> Iterator[
        tuple[tuple[Any, ...], int]]:
    """Paths (in the JSON) of free-text fields present in `data`, with their max length."""
    for field in form:
        if isinstance(field, OneOf) or field.name not in data:
            continue
        if isinstance(field, Text):
            yield (*prefix, field.name), field.max_length
        elif isinstance(field, ListOf) and isinstance(data[field.name], list):
            for i, item in enumerate(data[field.name]):
                yield from _text_paths(field.fields, item, (*prefix, field.name, i))


def _put(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    import copy

    out = copy.deepcopy(data)
    target = out
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return out


def _hostile(form: Any, data: dict[str, Any], accepts: Any, start: int) -> tuple[dict, int]:
    """`data` with as many free-text fields as the rules accept set to hostile strings."""
    count = 0
    for n, (path, length) in enumerate(list(_text_paths(form, data))):
        payload = PAYLOADS[(start + n) % len(PAYLOADS)][:length]
        if "top.p" not in payload:
            continue
        tried = _put(data, path, payload)
        if accepts(tried):
            data, count = tried, count + 1
    return data, count


def _setup_accepts(tracker: Any) -> Any:
    def accepts(data: dict[str, Any]) -> bool:
        try:
            tracker.parse_setup(data)
        except InvalidInput:
            return False
        return True
    return accepts


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    database = tmp_path_factory.mktemp("hostile") / "h.sqlite3"
    app = create_app({"TESTING": True, "LAIRSIDE_DATABASE_URL": f"sqlite:///{database}",
                      "LAIRSIDE_RATE_CREATE": "off", "LAIRSIDE_RATE_WRITE": "off",
                      "LAIRSIDE_RATE_MISS": "off"})
    with serve_in_thread(app) as url:
        yield url
    app.extensions["lairside.sessions"].dispose()


def _session(api: Any, game: Any) -> tuple[dict[str, Any], int]:
    """A session of `game` whose setup and events carry hostile text wherever allowed."""
    tracker = game.tracker
    setup, planted = _hostile(tracker.setup_form, dict(tracker.example_setup),
                              _setup_accepts(tracker), 0)
    made = api.post(f"/api/v1/games/{game.slug}/sessions", data=setup)
    assert made.status == 201, made.text()
    session = made.json()
    version = 0
    parsed = tracker.parse_setup(setup)
    seats = {s.id for s in parsed.seats}
    for i, raw in enumerate(tracker.example_events):
        raw = dict(raw)
        form = tracker.event_forms[raw["kind"]]
        names = {f.name for f in form if isinstance(f, Text)}
        for name in sorted(names - {"seat", "target", "by", "to_seat", "from_seat"}):
            if name in raw and raw[name] not in seats:
                length = next(f.max_length for f in form if f.name == name)
                candidate = dict(raw, **{name: PAYLOADS[(i + 2) % len(PAYLOADS)][:length]})
                try:
                    parse_event(tracker, candidate)
                    raw = candidate
                except InvalidInput:
                    pass
        if "note" in tracker.event_forms and i == 0:
            note = {"kind": "note", "text": PAYLOADS[4]}
            answer = api.post(f"/api/v1/sessions/{session['code']}/events", data=note,
                              headers={"Authorization": f"Bearer {session['edit_token']}",
                                       "If-Match": f'"v{version}"'})
            if answer.status == 201:
                version, planted = version + 1, planted + 1
        answer = api.post(f"/api/v1/sessions/{session['code']}/events", data=raw,
                          headers={"Authorization": f"Bearer {session['edit_token']}",
                                   "If-Match": f'"v{version}"'})
        if answer.status == 201:
            version += 1
            planted += sum(1 for v in raw.values() if isinstance(v, str) and "top.p" in v)
    return session, planted


def _check(page: Any, url: str) -> None:
    page.goto(url, wait_until="load")
    page.wait_for_timeout(60)  # let deferred scripts and a first render run
    found = page.evaluate(INJECTED)
    assert found == {"ran": [], "bad": []}, (url, found)


def _contexts(browser: Any, server: str) -> Iterator[Any]:
    for bypass in (False, True):
        context = browser.new_context(base_url=server, bypass_csp=bypass,
                                      service_workers="block", viewport={"width": 390,
                                                                         "height": 844})
        context.add_init_script(TRAP)
        try:
            yield context
        finally:
            context.close()


@pytest.mark.parametrize("game", TRACKED, ids=lambda g: g.slug)
def test_no_hostile_string_runs_anywhere(browser: Any, server: str, game: Any) -> None:
    from pypdf import PdfReader

    for context in _contexts(browser, server):
        api = context.request
        session, planted = _session(api, game)
        assert planted >= 2, f"{game.slug}: the rules took only {planted} hostile strings"
        code, token = session["code"], session["edit_token"]
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error, sink=errors: sink.append(str(error)))
        shown = f"/g/{game.slug}/sessions/{code}"
        _check(page, shown)
        body = page.inner_text("body")
        assert "top.p=1" in body  # the hostile text is shown, as text
        _check(page, f"{shown}#token={token}")
        for path in ("", "/events", "/score", "/export"):
            _check(page, f"/api/v1/sessions/{code}{path}")
            assert page.evaluate("document.contentType") == "application/json"
        summary = api.get(f"/api/v1/sessions/{code}/score").json()["summary"]
        assert "<script" not in summary or "top.p" in summary  # plain text, shown as text
        first = TRACKED.index(game)
        for payload in (PAYLOADS[first % 4], PAYLOADS[(first + 1) % 4]):  # all, over games
            q = quote(payload, safe="")
            for url in (f"/search?q={q}", f"/g/{game.slug}/rules?q={q}",
                        f"/g/{game.slug}/setup?mode={q}&players={q}", f"/g/{game.slug}/{q}",
                        f"/g/{game.slug}/sessions/{q}", f"/join?code={q}",
                        f"/g/{game.slug}/sessions/new?mode={q}&seed={q}"):
                _check(page, url)
        sheet = api.get(f"/api/v1/sessions/{code}/join.pdf",
                        headers={"Authorization": f"Bearer {token}"})
        assert sheet.status == 200
        pdf = PdfReader(io.BytesIO(sheet.body()))
        raw = sheet.body()
        for marker in (b"/JavaScript", b"/JS ", b"/OpenAction", b"/Launch"):
            assert marker not in raw, marker
        links = [a.get_object().get("/A", {}).get("/URI", "") for p in pdf.pages
                 for a in (p.get("/Annots") or [])]
        assert not any(str(u).lower().startswith("javascript:") for u in links)
        assert not errors, errors
