"""An export made before sessions moved into the game contract imports after it, unchanged.

export_before_contract.json was made by commit 6f2565e (the last one before the move) with
POST /api/v1/sessions, seven events (undo and revert among them), then GET .../export,
GET ... (state) and GET .../score."""
from __future__ import annotations

import json
from pathlib import Path

OLD = json.loads((Path(__file__).parent / "export_before_contract.json").read_text())


def test_old_export_imports_to_the_same_state_and_score(client):
    imported = client.post("/api/v1/sessions/import", json=OLD["export"])
    assert imported.status_code == 201, imported.json
    body = imported.json
    assert body["version"] == OLD["version"] and body["state"] == OLD["state"]
    score = client.get(f"/api/v1/sessions/{body['code']}/score").json
    assert {k: score[k] for k in ("result", "steps", "summary")} == \
        {k: OLD["score"][k] for k in ("result", "steps", "summary")}
    page = client.get(f"/g/tdt/sessions/{body['code']}")  # the page URL has not moved
    assert page.status_code == 200
