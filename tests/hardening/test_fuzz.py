"""A real API fuzzer (issue 14, item 9): schemathesis generates requests from /openapi.json,
for every operation (each game's sessions, calculators, scoring, rules), and plays stateful
chains through the document's links (create → append → undo → revert → read). Every answer
must be free of 5xx and match its documented status, content type, headers and schema. A
second kind of chain (TableChains) plays each game's events, undos and reverts through the
API and checks after every step that the API answers what the core folds.

`make test` runs a bounded number of cases; `make fuzz` sets LAIRSIDE_FUZZ_EXAMPLES and
LAIRSIDE_FUZZ_STEPS high (≥ 10,000 requests) and prints the counts at the end.
"""
from __future__ import annotations

import json
import os
import random
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from schemathesis.checks import not_a_server_error
from schemathesis.config import SchemathesisConfig
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from assistant.errors import InvalidInput
from assistant.games import all_games
from assistant.tracker import SHARED, History, parse_event
from tests.sessions.conftest import make_app

EXAMPLES = int(os.environ.get("LAIRSIDE_FUZZ_EXAMPLES", "4"))
"""Cases per operation (make test: a few hundred in all)."""
STEPS = int(os.environ.get("LAIRSIDE_FUZZ_STEPS", "25"))
"""Stateful chains to play (each up to 8 linked calls)."""
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_headers_conformance, response_schema_conformance]
STATS: Counter[str] = Counter()
TRACKED = {g.slug: g.tracker for g in all_games() if g.tracker is not None}

_DB = Path(tempfile.mkdtemp(prefix="lairside-fuzz-")) / "fuzz.sqlite3"
APP = make_app(f"sqlite:///{_DB}", LAIRSIDE_RATE_MISS="off")
COVERAGE = os.environ.get("LAIRSIDE_FUZZ_COVERAGE") == "1"
"""make fuzz also runs schemathesis's coverage phase: every boundary and wrong-type case the
document implies (about 12,000 requests by itself)."""
CONFIG = SchemathesisConfig.from_dict({"phases": {"coverage": {"enabled": COVERAGE}},
                                      # the checks read bodies as sent; gzip is tested apart
                                      "headers": {"Accept-Encoding": "identity"}})
schema = (schemathesis.openapi.from_wsgi("/openapi.json", APP, config=CONFIG)
          .include(path_regex=r"^/(api/|healthz$|problems/)")
          .exclude(path_regex=r"\.pdf$|/printables"))  # PDFs: tests/printables reads them
FAST = dict(deadline=None, derandomize=True, database=None,
            suppress_health_check=list(HealthCheck),
            phases=[Phase.explicit, Phase.generate])


def _count(response, case) -> None:  # noqa: ANN001
    STATS["requests"] += 1
    if case.operation.label in ("POST /api/v1/sessions/{code}/events",
                                "POST /api/v1/sessions/{code}/undo",
                                "POST /api/v1/sessions/{code}/revert"):
        STATS[f"{case.operation.label.rsplit('/', 1)[1]} {response.status_code}"] += 1
    if response.status_code >= 500:
        STATS["5xx"] += 1


@pytest.fixture(scope="module", autouse=True)
def _report():
    yield
    line = (f"fuzz: {STATS['requests']} requests, {STATS['5xx']} answered 5xx, "
            f"{STATS['violations']} schema/status/header violations; linked chains appended "
            f"{STATS['events 201']} events, undid {STATS['undo 201']} and reverted "
            f"{STATS['revert 201']} (the kernel's chains: as the core folds them)")
    report = os.environ.get("LAIRSIDE_FUZZ_REPORT")
    if report:
        Path(report).parent.mkdir(parents=True, exist_ok=True)
        Path(report).write_text(line + "\n")
    print("\n" + line)


@schema.parametrize()
@settings(max_examples=EXAMPLES, **FAST)
def test_every_operation(case):  # noqa: ANN001
    response = case.call()
    _count(response, case)
    try:
        case.validate_response(response, checks=CHECKS)
    except Exception:
        STATS["violations"] += 1
        raise


Stateful = schema.as_state_machine()


def _game_of(code: str) -> str | None:
    answer = APP.test_client().get(f"/api/v1/sessions/{code}")
    return answer.json.get("game") if answer.status_code == 200 else None


MADE: dict[str, str] = {}
"""Sessions the chains created: share code → edit token."""
WRITES = ("POST /api/v1/sessions/{code}/events", "POST /api/v1/sessions/{code}/undo",
          "POST /api/v1/sessions/{code}/revert")


class CountingStateful(Stateful):  # type: ignore[misc, valid-type]
    """Chains through the document's links. Half the creates use the game's own example setup
    and half the writes go to a session a chain made, as its editor at the version it is at,
    with the game's example event or a revert to a version it has (the rest stay generated),
    so chains reach deep states: append → undo → revert → read."""

    def __init__(self) -> None:
        super().__init__()
        MADE.clear()  # each chain writes to the sessions it made itself (hypothesis replays it)

    def before_call(self, case):  # noqa: ANN001, ANN201
        pick = random.Random(repr(case.body))  # never the tokens: they differ run to run
        label = case.operation.label
        redirected = label in WRITES and MADE and \
            str(case.path_parameters.get("code")) not in MADE
        if redirected:  # a write that names no table: to one the chain made, as its editor
            code = sorted(MADE)[pick.randrange(len(MADE))]
            read = APP.test_client().get(f"/api/v1/sessions/{code}")
            case.path_parameters["code"] = code
            case.headers = {**(case.headers or {}), "X-Edit-Token": MADE[code],
                            "If-Match": read.headers["ETag"]}
        if pick.random() < 0.5 and not redirected:
            return
        if label == "POST /api/v1/games/{game}/sessions":
            slug = case.path_parameters.get("game")
            if slug in TRACKED:
                case.body = dict(TRACKED[slug].example_setup)
        elif label == "POST /api/v1/sessions/{code}/revert" and (case.headers or {}).get(
                "X-Edit-Token"):  # back to a version the session has (generated ones rarely are)
            version = str(case.headers.get("If-Match", "")).strip('"v')
            if version.isdigit() and int(version) > 0:
                case.body = {"to_version": pick.randrange(int(version))}
        elif label == "POST /api/v1/sessions/{code}/events" and (case.headers or {}).get(
                "X-Edit-Token"):
            game = _game_of(str(case.path_parameters.get("code")))
            version = str(case.headers.get("If-Match", "")).strip('"v')
            if game is not None:  # the example that follows the version the chain read
                examples = list(TRACKED[game].example_events)
                at = int(version) if version.isdigit() else pick.randrange(len(examples))
                case.body = dict(examples[at % len(examples)])

    def call(self, case, **kwargs):  # noqa: ANN001, ANN201
        response = case.call(**kwargs)
        _count(response, case)
        if response.status_code == 201 and "edit_token" in (response.text or ""):
            made = response.json()
            MADE[made["code"]] = made["edit_token"]
        return response

    def validate_response(self, response, case, **kwargs):  # noqa: ANN001, ANN201
        try:
            case.validate_response(response, checks=CHECKS)
        except Exception:
            STATS["violations"] += 1
            raise


TestSessionChains = CountingStateful.TestCase
TestSessionChains.settings = settings(max_examples=STEPS, stateful_step_count=8, deadline=None,
                                      derandomize=True, database=None,
                                      suppress_health_check=list(HealthCheck))


class TableChains(RuleBasedStateMachine):
    """Stateful chains written for the session kernel's own moves: a table of a random game
    takes a random mix of its example events, undos and reverts through the API, and after
    every step the session the API answers is the one the core folds from the same history
    (version, state and whether an undo is possible)."""

    def __init__(self) -> None:
        super().__init__()
        self.client = APP.test_client()

    @initialize(slug=st.sampled_from(sorted(TRACKED)))
    def start(self, slug: str) -> None:
        self.tracker = TRACKED[slug]
        made = self.client.post(f"/api/v1/games/{slug}/sessions",
                                json=dict(self.tracker.example_setup)).json
        self.code, self.token = made["code"], made["edit_token"]
        self.model = History(self.tracker, self.tracker.parse_setup(self.tracker.example_setup))

    def _write(self, path: str, body: Any, event: Any) -> None:
        answer = self.client.post(f"/api/v1/sessions/{self.code}/{path}", json=body, headers={
            "Authorization": f"Bearer {self.token}", "If-Match": f'"v{self.model.version}"'})
        try:
            self.model.append(event)
        except InvalidInput:
            assert answer.status_code == 422, answer.json
            return
        assert answer.status_code == 201, answer.json
        STATS[f"{path} 201"] += 1

    @rule(pick=st.integers(min_value=0))
    def append(self, pick: int) -> None:
        raw = dict(self.tracker.example_events[pick % len(self.tracker.example_events)])
        self._write("events", raw, parse_event(self.tracker, raw))

    @rule()
    def undo(self) -> None:
        self._write("undo", None, parse_event(self.tracker, {"kind": "undo"}))

    @rule(back=st.integers(min_value=0, max_value=50))
    def revert(self, back: int) -> None:
        to = max(self.model.version - 1 - back, 0)
        self._write("revert", {"to_version": to},
                    parse_event(self.tracker, {"kind": "revert", "to_version": to}))

    @invariant()
    def answers_as_the_core_folds(self) -> None:
        if not hasattr(self, "model"):
            return
        read = self.client.get(f"/api/v1/sessions/{self.code}").json
        assert read["version"] == self.model.version
        assert read["can_undo"] == self.model.can_undo()
        assert read["state"] == json.loads(json.dumps(self.tracker.state_json(
            self.model.setup, self.model.state, SHARED)))


TestTableChains = TableChains.TestCase
TestTableChains.settings = settings(max_examples=STEPS, stateful_step_count=12, deadline=None,
                                    derandomize=True, database=None,
                                    suppress_health_check=list(HealthCheck))
