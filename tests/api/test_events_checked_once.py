"""A session event is checked once (issue 39, item 4): by its kind's schema, the one
/openapi.json documents; the core's own form check (assistant.tracker.fields.check_form, for
events from elsewhere) is not run again on a write."""
from __future__ import annotations

from typing import Any

import pytest

from assistant.tracker import kernel
from tests.sessions.helpers import create, write


def test_a_write_checks_its_event_once(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    made = create(client)
    checked: list[Any] = []
    original = kernel.check_form
    monkeypatch.setattr(kernel, "check_form",
                        lambda *a, **k: checked.append(a) or original(*a, **k))
    note = write(client, made, {"kind": "note", "text": "  Round 1  "}, 0)
    assert note.status_code == 201, note.json
    assert note.json["event"]["event"]["text"] == "Round 1"  # as the core keeps text
    refused = write(client, made, {"kind": "note", "text": "x" * 10_000}, 1)
    assert refused.status_code == 422 and refused.json["type"] == "/problems/validation"
    sent = [args for args in checked if len(args) > 1 and isinstance(args[1], dict)
            and str(args[1].get("text", "")).strip() in ("Round 1", "x" * 10_000)]
    assert sent == []  # (the refusal's "what can be done now" reads the rules' own moves)
