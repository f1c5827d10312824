"""A real API fuzzer (issue 14, item 9): schemathesis generates requests from /openapi.json,
for every operation (each game's sessions, calculators, scoring, rules), and plays stateful
chains through the document's links (create → append → undo → read). Every answer must be
free of 5xx and match its documented status, content type, headers and schema.

`make test` runs a bounded number of cases; `make fuzz` sets LAIRSIDE_FUZZ_EXAMPLES and
LAIRSIDE_FUZZ_STEPS high (≥ 10,000 requests) and prints the counts at the end.
"""
from __future__ import annotations

import os
import random
import tempfile
from collections import Counter
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, settings
from schemathesis.checks import not_a_server_error
from schemathesis.config import SchemathesisConfig
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from assistant.games import all_games
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
CONFIG = SchemathesisConfig.from_dict({"phases": {"coverage": {"enabled": COVERAGE}}})
schema = (schemathesis.openapi.from_wsgi("/openapi.json", APP, config=CONFIG)
          .include(path_regex=r"^/(api/|healthz$|problems/)")
          .exclude(path_regex=r"\.pdf$|/printables"))  # PDFs: tests/printables reads them
FAST = dict(deadline=None, derandomize=True, database=None,
            suppress_health_check=list(HealthCheck),
            phases=[Phase.explicit, Phase.generate])


def _count(response, case) -> None:  # noqa: ANN001
    STATS["requests"] += 1
    if case.operation.label in ("POST /api/v1/sessions/{code}/events",
                                "POST /api/v1/sessions/{code}/undo"):
        STATS[f"{case.operation.label.rsplit('/', 1)[1]} {response.status_code}"] += 1
    if response.status_code >= 500:
        STATS["5xx"] += 1


@pytest.fixture(scope="module", autouse=True)
def _report():
    yield
    line = (f"fuzz: {STATS['requests']} requests, {STATS['5xx']} answered 5xx, "
            f"{STATS['violations']} schema/status/header violations; linked chains appended "
            f"{STATS['events 201']} events and undid {STATS['undo 201']}")
    report = os.environ.get("LAIRSIDE_FUZZ_REPORT")
    if report:
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


class CountingStateful(Stateful):  # type: ignore[misc, valid-type]
    """Chains through the document's links. Half the creates use the game's own example setup
    and half the appends on a linked session the game's example event for the version the
    chain read (the rest stay generated), so chains reach deep states: append → undo → read."""

    def before_call(self, case):  # noqa: ANN001, ANN201
        pick = random.Random(repr(case.body))  # never the tokens: they differ run to run
        if pick.random() < 0.5:
            return
        label = case.operation.label
        if label == "POST /api/v1/games/{game}/sessions":
            slug = case.path_parameters.get("game")
            if slug in TRACKED:
                case.body = dict(TRACKED[slug].example_setup)
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
