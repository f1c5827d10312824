"""An export made before sessions moved into the game contract imports after it, unchanged.

export_before_contract.json was made by commit 6f2565e (the last one before the move) with
POST /api/v1/sessions, seven events (undo and revert among them), then GET .../export,
GET ... (state) and GET .../score.

It was stored before the session followed the rounds, so it folds as the plain ledger it was
(no round, no stage in its state); its score is the same calculator's answer, now with each
seat's standing and "Provisional" in front while the game has not ended (issue 30)."""
from __future__ import annotations

import json
import re
from pathlib import Path

OLD = json.loads((Path(__file__).parent / "export_before_contract.json").read_text())


def test_old_export_imports_to_the_same_state_and_score(client):
    imported = client.post("/api/v1/sessions/import", json=OLD["export"])
    assert imported.status_code == 201, imported.json
    body = imported.json
    assert body["version"] == OLD["version"] and body["state"] == OLD["state"]
    score = client.get(f"/api/v1/sessions/{body['code']}/score").json
    then = json.loads(re.sub(  # counts said in words since issue 43
        r"(\d+) active Betrayal Trigger\(s\)",
        lambda m: f"{m[1]} active Betrayal Trigger{'' if m[1] == '1' else 's'}",
        json.dumps(OLD["score"])))
    assert score["steps"] == then["steps"]
    assert {k: score["result"][k] for k in then["result"]} == then["result"]
    assert score["summary"] == "Provisional (the game has not ended): " + OLD["score"]["summary"]
    assert [s["seat"] for s in score["result"]["standings"]][:1] == ["jin-feng"]
    assert "stage" not in body["state"]
    page = client.get(f"/g/tdt/sessions/{body['code']}")  # the page URL has not moved
    assert page.status_code == 200
