"""Issue 41: a whole game of Syndicate through the API, as a table plays it: started with names
and a mode only, then only the events a table sends (a mat's numbers typed when first asked),
from setup to the final score. The numbers asserted are the rulebook's: Fidge & Co.'s mat
(syndicate.txt:350), an EXO base 8 credits and 4 influence, earning 3 credits, 3 influence and
3 crew (244-247, reading S-1), 4 Operation cards dealt and 2 drawn plus 1 per die left ARMED
(323, 479), a card sold for 1 resource (615), 2 credits for 1 crew (611), the Black Market's
5 then 10 (589-591), a pardon of 5 for one base (470-471), the star card ending the game after
the following round (319; reading 23), and the score: credits + VP (39)."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from api import create_app


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    app = create_app({"TESTING": True, "LAIRSIDE_DATABASE_URL": "sqlite://",
                      "LAIRSIDE_RATE_CREATE": "off", "LAIRSIDE_RATE_WRITE": "off"})
    yield app.test_client()
    app.extensions["lairside.sessions"].dispose()


class ApiTable:
    """A table's phone talking to the API: every write with the edit token."""

    def __init__(self, client: Any, body: dict[str, Any]) -> None:
        made = client.post("/api/v1/games/space-syndicate/sessions", json=body)
        assert made.status_code == 201, made.json
        self.client, self.code = client, made.json["code"]
        self.headers = {"Authorization": f"Bearer {made.json['edit_token']}"}
        self.state: dict[str, Any] = made.json["state"]
        self.version = int(made.json["version"])

    def post(self, event: dict[str, Any]) -> Any:
        return self.client.post(f"/api/v1/sessions/{self.code}/events", json=event,
                                headers={**self.headers, "If-Match": f'"v{self.version}"'})

    def send(self, **event: Any) -> dict[str, Any]:
        answer = self.post(event)
        assert answer.status_code == 201, (event, answer.json)
        self.state, self.version = answer.json["state"], int(answer.json["version"])
        return self.state

    def refused(self, rule: str, **event: Any) -> dict[str, Any]:
        answer = self.post(event)
        assert answer.status_code == 422, (event, answer.json)
        problem = answer.json
        assert problem["rule"]["id"] == rule, problem
        said = problem["detail"].count("What can be done now")
        assert said == 1 or said == 0 and "The game is over" in problem["detail"], problem
        assert "syndicate.txt" not in problem["detail"] and "(rule " not in problem["detail"]
        return dict(problem)

    def seat(self, sid: str) -> dict[str, Any]:
        return next(s for s in self.state["seats"] if s["id"] == sid)

    def held(self, sid: str) -> tuple[int, int, int]:
        s = self.seat(sid)
        return s["credits"], s["influence"], s["crew"]

    def lines(self) -> list[str]:
        answer = self.client.get(f"/api/v1/sessions/{self.code}/events")
        assert answer.status_code == 200
        return [str(e["text"]) for e in answer.json["events"]]

    def pass_turns(self) -> None:
        while self.state["phase"] == "turns":
            self.send(kind="end-turn")

    def collect_all(self) -> None:
        for sid in ("ana", "ben", "cy"):
            if not self.seat(sid)["collected"]:
                self.send(kind="collect", seat=sid)


def test_a_whole_game_through_the_api(client: Any) -> None:
    t = ApiTable(client, {"mode": "standard", "seats": [{"name": "Ana"}, {"name": "Ben"},
                                                         {"name": "Cy"}]})
    assert t.state["round"] == 1 and t.state["turn"] == "ana"
    assert [t.seat(s)["hand"] for s in ("ana", "ben", "cy")] == [4, 4, 4]
    assert t.state["deck"] == 78 - 3 * 4

    # --- round 1: Ana (Fidge & Co.), Ben, Cy ---------------------------------------------
    t.refused("setup-player-mat", kind="sell-card", seat="ana", resource="credits")
    t.send(kind="resources", seat="ana", credits=3, influence=0, crew=2)
    t.send(kind="sell-card", seat="ana", resource="credits")
    assert t.held("ana") == (4, 0, 2) and t.seat("ana")["hand"] == 3
    t.send(kind="exchange", seat="ana", get="crew", give="credits", amount=1)
    assert t.held("ana") == (2, 0, 3)
    t.send(kind="mission", seat="ana", territory="Goshen", winning_faces=[4, 5, 6],
           reward_credits=6, roll=5)
    assert t.held("ana") == (8, 0, 3) and t.seat("ana")["hand"] == 2
    t.send(kind="sleeper", seat="ana")
    t.refused("sleepers", kind="sleeper", seat="ana", action="play")  # not this turn
    t.send(kind="resources", seat="ben", credits=12, influence=6, crew=4)
    t.send(kind="resources", seat="cy", credits=10, influence=5, crew=5)
    t.refused("player-turn", kind="buy-base", seat="ben", zone="exo")
    t.refused("trading", kind="trade", seat="ana", partner="ben", give_credits=1)
    t.send(kind="trade", seat="ben", partner="cy", give_credits=2, get_cards=1,
           text="Cy's card for 2 credits")
    assert t.held("ben")[0] == 10 and t.seat("ben")["hand"] == 5 and t.seat("cy")["hand"] == 3
    t.send(kind="end-turn")
    t.send(kind="buy-base", seat="ben", zone="exo")
    assert t.held("ben") == (2, 2, 4) and t.seat("ben")["chips"] == 1
    assert t.state["chips_left"]["exo"] == 5
    t.send(kind="bonus-chip", seat="ben", influence=2, text="2 influence")
    assert t.held("ben") == (2, 4, 4) and t.seat("ben")["chips"] == 0
    t.send(kind="sleeper", seat="ana", action="play", text="Ben loses 1 crew")
    t.send(kind="end-turn")
    t.send(kind="buy-level", seat="cy", track="tech")
    assert t.held("cy")[0] == 10 + 2 - 5  # the traded 2, then the Black Market's first box
    t.send(kind="end-turn")
    assert t.state["phase"] == "sovereign"
    t.refused("resource-collection", kind="collect", seat="ana")
    t.send(kind="sovereign-card", card="other")
    t.refused("resource-collection", kind="collect", seat="ana")
    t.send(kind="sovereign-effect", seat="ana")  # nothing happens to Ana
    t.refused("sovereign-card-phase", kind="sovereign-effect", seat="cy")  # Ben comes first
    t.send(kind="sovereign-effect", seat="ben", lose_crew=1, text="a fine in crew")
    t.send(kind="card-resolved")
    t.refused("racketeering-income", kind="collect", seat="ana")
    t.send(kind="mat", seat="ana", racket_credits=3, racket_influence=0, racket_crew=3)
    t.send(kind="collect", seat="ana")  # 1 die left ARMED: 3 cards
    assert t.held("ana") == (11, 0, 6) and t.seat("ana")["hand"] == 1 + 3
    t.send(kind="mat", seat="ben", racket_credits=2, racket_influence=1, racket_crew=2)
    t.send(kind="collect", seat="ben")  # racket 2/1/2 + EXO 3/3/3; both dice ARMED: 4 cards
    assert t.held("ben") == (7, 8, 8) and t.seat("ben")["hand"] == 5 + 4
    t.send(kind="mat", seat="cy", racket_credits=1, racket_influence=1, racket_crew=1)
    t.send(kind="collect", seat="cy")
    assert t.held("cy") == (8, 6, 6) and t.seat("cy")["hand"] == 3 + 4
    t.send(kind="take-back", seat="cy", track="tech")
    t.send(kind="end-round")
    assert t.state["round"] == 2 and t.state["turn"] == "ben"

    # --- round 2: Ben first. A Research Station, an assault, a pardon ------------------------
    t.send(kind="sell-card", seat="ben", resource="credits")
    t.send(kind="buy-base", seat="ben", zone="exo", special="research-station")
    assert t.held("ben") == (0, 4, 8) and t.seat("ben")["chips"] == 1
    t.send(kind="end-turn")
    t.send(kind="assault", seat="cy", target="ben", zone="exo", reinforcements=0, roll=6)
    assert t.seat("cy")["exo"] == 1 and t.seat("ben")["exo"] == 1 and t.held("cy")[2] == 1
    assert t.state["alert"] == 2  # an assault raises the alert, won or lost
    t.send(kind="end-turn")
    t.send(kind="end-turn")
    t.send(kind="sovereign-card", card="crackdown")
    t.send(kind="pardon", seat="cy")  # one base: 5 influence
    assert t.held("cy")[1] == 1
    t.send(kind="sovereign-effect", seat="ben")
    t.refused("pardon", kind="pardon", seat="ana")  # its resolution has begun
    t.send(kind="card-resolved")
    t.collect_all()
    assert [t.held(s) for s in ("ana", "ben", "cy")] == [(14, 0, 9), (5, 8, 13), (12, 5, 5)]
    t.send(kind="research", seat="ben", track="tech")
    t.refused("research", kind="research", seat="ben", track="tech")  # one per station
    t.send(kind="end-round")
    assert t.state["turn"] == "cy"

    # --- rounds 3 and 4: a Tax card, then research turned into a level ----------------------
    t.pass_turns()
    t.send(kind="sovereign-card", card="tax", per_base=2)
    for sid in ("cy", "ana", "ben"):  # in player order: Cy holds the First Player tile
        t.send(kind="tax", seat=sid)
    assert t.held("cy")[0] == 10 and t.held("ben")[0] == 3 and t.held("ana")[0] == 14
    t.collect_all()
    t.send(kind="research", seat="ben", track="tech")
    t.send(kind="end-round")
    assert t.state["round"] == 4 and t.state["turn"] == "ana"
    t.refused("research", kind="research", seat="ben", track="tech", action="level-up",
              boxes=2)  # on Ben's own turn
    t.send(kind="end-turn")
    t.send(kind="research", seat="ben", track="tech", action="level-up", boxes=2)
    assert t.seat("ben")["tech_research"] == 0
    t.pass_turns()
    t.send(kind="sovereign-card", card="other")
    t.send(kind="card-resolved")
    t.collect_all()
    t.send(kind="end-round")

    # --- round 5: the star card; round 6 is the last ----------------------------------------
    t.pass_turns()
    t.send(kind="sovereign-card", card="other", star=True)
    assert t.state["last_round"] == 6
    t.send(kind="card-resolved")
    t.collect_all()
    t.send(kind="end-round")
    t.send(kind="vp", seat="cy", amount=4, reason="an Award")
    t.pass_turns()
    t.send(kind="sovereign-card", card="other")
    t.send(kind="card-resolved")
    t.collect_all()
    assert [t.held(s) for s in ("ana", "ben", "cy")] == [(26, 0, 21), (23, 24, 33),
                                                          (26, 21, 21)]
    t.send(kind="end-round")
    assert t.state["over"]
    t.refused("end-of-game", kind="end-turn")

    score = client.get(f"/api/v1/sessions/{t.code}/score").json
    assert score["result"]["final"] is True
    totals = {s["seat"]: s["total"] for s in score["result"]["standings"]}
    assert totals == {"ana": 26, "ben": 23, "cy": 26 + 4}
    assert [s["seat"] for s in score["result"]["standings"] if s["winner"]] == ["cy"]
    lines = t.lines()
    assert not any("syndicate.txt" in line or "(rule " in line for line in lines)
