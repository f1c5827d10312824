"""A write that commits never answers 500: the answer is built from what the append itself
produced, even when another request evicted the session's folded history in between."""
from __future__ import annotations

from typing import Any

from api import create_app
from api.storage import Store


def test_an_append_answers_from_its_own_result_when_the_cache_was_cleared(tmp_path: Any,
                                                                          monkeypatch: Any
                                                                          ) -> None:
    app = create_app({"TESTING": True,
                      "LAIRSIDE_DATABASE_URL": f"sqlite:///{tmp_path / 's.sqlite3'}"})
    client = app.test_client()
    made = client.post("/api/v1/games/tdt/sessions", json={"mode": "syndicate", "seats": [
        {"henchman": "Azura Badeau"}, {"henchman": "Jin Feng"}]}).json
    original = Store.append

    def append_then_evict(self: Store, *args: Any, **kwargs: Any) -> Any:
        done = original(self, *args, **kwargs)
        self._histories.clear()  # what a burst of other sessions does to a small cache
        return done

    monkeypatch.setattr(Store, "append", append_then_evict)
    auth = {"Authorization": f"Bearer {made['edit_token']}"}
    for version, clock in enumerate((8, 7, 6)):
        answer = client.post(f"/api/v1/sessions/{made['code']}/events",
                             json={"kind": "clock", "to": clock},
                             headers={**auth, "If-Match": f'"v{version}"'})
        assert answer.status_code == 201, answer.json
        assert answer.json["version"] == version + 1
        assert answer.json["state"]["clock"] == clock and answer.json["can_undo"] is True
    undone = client.post(f"/api/v1/sessions/{made['code']}/undo",
                         headers={**auth, "If-Match": '"v3"'})
    assert undone.status_code == 201 and undone.json["state"]["clock"] == 7
    app.extensions["lairside.sessions"].dispose()
