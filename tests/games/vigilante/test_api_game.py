"""A whole game of Vigilante through the API, as a table plays it (issue 41): started with
names and a mode only, each Identity entered on its owner's phone with its seat token, every
turn's main action, the Event dice, Trigger Events, the end of the final round said by the
table, every reveal from its owner's phone, and the verdict with the rulebook's numbers (the
4-player example, vigilante.txt:346-353: 7 per Good player, 8 for the Investigator with the
Evil player's defeated Heroes moved in, 4 for the Profiteer and the richest team)."""
from __future__ import annotations

from typing import Any

import pytest

from tests.sessions.helpers import seat_token

START = {"mode": "brought-to-justice",
         "seats": [{"name": "Gwen"}, {"name": "Ivan"}, {"name": "Asha"}, {"name": "Pim"}]}
IDENTITIES = {"gwen": "guardian", "ivan": "investigator", "asha": "assassin",
              "pim": "profiteer"}


@pytest.fixture(scope="module")
def client(unlimited_client: Any) -> Any:
    return unlimited_client


class Table:
    def __init__(self, client: Any) -> None:
        made = client.post("/api/v1/games/vigilante/sessions", json=START)
        assert made.status_code == 201, made.json
        self.client, self.code = client, made.json["code"]
        self.table = {"Authorization": f"Bearer {made.json['edit_token']}"}
        self.phones = {s: {"X-Seat-Token": seat_token(client, self.code,
                                                      made.json["edit_token"], s)}
                       for s in IDENTITIES}
        self.version = 0

    def send(self, body: dict[str, Any], seat: str | None = None, status: int = 201) -> Any:
        answer = self.client.post(f"/api/v1/sessions/{self.code}/events", json=body, headers={
            **(self.phones[seat] if seat else self.table), "If-Match": f'"v{self.version}"'})
        assert answer.status_code == status, (body, answer.json)
        if status == 201:
            self.version = answer.json["version"]
        return answer.json

    def state(self) -> dict[str, Any]:
        return dict(self.client.get(f"/api/v1/sessions/{self.code}").json["state"])

    def turn(self, *actions: dict[str, Any]) -> None:
        """One lap of turns: each action by the seat whose turn it is, then its die if due."""
        for action in actions:
            assert self.state()["to_act"] == action["seat"], action
            self.send(action)
            due = self.state()["die_due"]
            if due:
                self.send({"kind": "die", "seat": due, "die": 6})


def fight(seat: str, **more: Any) -> dict[str, Any]:
    return {"kind": "fight", "seat": seat, "villain": "Thug", "villain_health": 1, **more}


def draw(seat: str) -> dict[str, Any]:
    return {"kind": "draw", "seat": seat}


def test_a_whole_game_through_the_api_from_names_to_the_verdict(client: Any) -> None:
    t = Table(client)
    for seat, identity in IDENTITIES.items():        # each from its own phone
        t.send({"kind": "identity", "seat": seat, "identity": identity}, seat=seat)
    assert "assassin" not in str(t.state())
    for seat, name, attack, health in (("gwen", "Nightjar", 2, 3), ("ivan", "Bolt", 2, 3),
                                       ("asha", "Wisp", 1, 2), ("pim", "Anvil", 2, 3)):
        t.send({"kind": "starter", "seat": seat, "name": name, "influence": 1,
                "attack": attack, "health": health})
    for place, name, influence, health in ((1, "Titan", 7, 5), (2, "Vex", 2, 1),
                                           (3, "Nox", 4, 2)):
        t.send({"kind": "market", "place": place, "name": name, "influence": influence,
                "attack": 1, "health": health})
    refusal = t.send({"kind": "trigger"}, status=422)   # before anyone has acted
    assert refusal["rule"]["id"] == "trigger-events"

    t.send({"kind": "new-event", "type": "jailbreak", "die": 1})              # round 1
    refusal = t.send(fight("asha"), status=422)
    assert refusal["rule"]["id"] == "player-turn" and "Gwen's turn" in refusal["detail"]
    assert "reveal" not in refusal["next"] and "identity" not in refusal["next"]
    t.turn(fight("gwen"), fight("ivan"),
           {"kind": "recruit", "seat": "asha", "place": 2, "paid": 2},
           {"kind": "recruit", "seat": "pim", "place": 1, "paid": 8})
    t.send({"kind": "market", "place": 2, "name": "Blaze", "influence": 3, "attack": 2,
            "health": 3})
    t.send({"kind": "market", "place": 1, "name": "Colossus", "influence": 9, "attack": 5,
            "health": 6})
    t.turn(fight("gwen"))
    refusal = t.send(fight("gwen"), status=422)      # two Fights in a row by one seat: no
    assert refusal["rule"]["id"] == "player-turn" and "Ivan's turn" in refusal["detail"]
    t.turn(fight("ivan"), fight("asha", villain_health=9, chart="2, 1"),
           fight("pim"))
    asha = t.state()["seats"][2]
    assert asha["team"] == [] and asha["defeated_count"] == 2
    t.turn(fight("gwen"), fight("ivan"), draw("asha"), fight("pim"))
    t.turn(fight("gwen"), {"kind": "trade", "seat": "ivan", "to_seat": "gwen"}, draw("asha"),
           fight("pim"))
    t.send({"kind": "trigger"})
    t.send({"kind": "end-round"})
    state = t.state()
    assert state["first_player"] == "pim" and [s["jail"] for s in state["seats"]] == [4, 3, 0, 3]

    t.send({"kind": "new-event", "type": "paramedic", "die": 2})             # round 2
    t.turn(fight("pim"), fight("gwen"), fight("ivan"), draw("asha"))
    t.turn(draw("pim"), fight("gwen"), fight("ivan"), draw("asha"))
    t.turn(draw("pim"), fight("gwen"), fight("ivan"), draw("asha"))
    t.turn(draw("pim"), fight("gwen"), draw("ivan"), draw("asha"))
    t.send({"kind": "trigger"})
    t.send({"kind": "end-game"})                      # the table says the final round is over
    assert [s["jail"] for s in t.state()["seats"]] == [8, 6, 0, 4]

    for seat in IDENTITIES:                           # each reveals from its own phone
        t.send({"kind": "reveal", "seat": seat}, seat=seat)
    score = client.get(f"/api/v1/sessions/{t.code}/score").json["result"]
    assert score["final"] is True
    assert score["good_needed"] == 14 and score["good_total"] == 16       # 8 + (6 + 2 moved)
    assert score["moved_to_investigator"] == {"Asha": 2}
    assert score["winners"] == ["Gwen", "Ivan", "Pim"]
    pim = next(r for r in score["results"] if r["name"] == "Pim")
    assert pim["numbers"]["team_influence"] == 8 and pim["numbers"]["jail"] == 4  # Anvil + Titan

    for late in ({"kind": "recruit", "seat": "asha", "name": "Titan", "influence": 7,
                  "health": 5}, {"kind": "hit", "seat": "pim", "slot": 2, "cubes": 5,
                                 "cause": "event"}):
        refusal = t.send(late, status=422)          # after the verdict: nothing changes it
        assert "The game is over" in refusal["detail"]
    again = client.get(f"/api/v1/sessions/{t.code}/score").json["result"]
    assert again["winners"] == ["Gwen", "Ivan", "Pim"]
