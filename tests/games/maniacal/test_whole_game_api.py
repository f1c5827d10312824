"""A whole game of Maniacal through the API, the way a table plays it (issue 41): started on
the phone's start page with names and a mode, then only the events a table sends, asked for
each board value when play first needs it, refused (naming the rule entry) where the rules
say no, to the final score with the rulebook's numbers: $8, $9, $10 to start
(maniacal.txt:81), one Scheme each (82), 2 of a type a round (108), a rival's Scheme +2
Infamy (267) and $3 (266), the consolation +2 Infamy and $2 (273), $1 salaries with
Mercenaries paid first and sent back to their deck (310, 319-320), the money bonus and the
henchmen tie-break (329-331)."""
from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

import pytest

NAMES = ("Simon", "Hassan", "Dave")


class Table:
    """One table's phone: its code, its edit token, the version it last read."""

    def __init__(self, client: Any) -> None:
        form = {"mode": "standard", **{f"seats.{i}.name": n for i, n in enumerate(NAMES)}}
        made = client.post("/g/maniacal/sessions/new", data=form)
        assert made.status_code == 303, made.data[:500]
        where, fragment = made.headers["Location"].split("#")
        self.client, self.code = client, where.rstrip("/").rsplit("/", 1)[-1]
        self.token = parse_qs(fragment)["token"][0]
        self.version = 0
        self.state: dict[str, Any] = client.get(f"/api/v1/sessions/{self.code}").json["state"]

    def post(self, event: dict[str, Any]) -> Any:
        return self.client.post(f"/api/v1/sessions/{self.code}/events", json=event,
                                headers={"Authorization": f"Bearer {self.token}",
                                         "If-Match": f'"v{self.version}"'})

    def send(self, *events: dict[str, Any]) -> None:
        for event in events:
            answer = self.post(event)
            assert answer.status_code in (200, 201), (event, answer.json)
            self.version, self.state = answer.json["version"], answer.json["state"]

    def refused(self, event: dict[str, Any], rule: str, over: bool = False
                ) -> dict[str, Any]:
        answer = self.post(event)
        assert answer.status_code == 422, (event, answer.json)
        problem: dict[str, Any] = answer.json
        assert problem["rule"]["id"] == rule, problem
        assert ".txt" not in problem["detail"]
        if over:  # the game is over: nothing is offered but a note
            assert "The game is over" in problem["detail"] and "next" not in problem
        else:
            assert problem["next"], problem  # a way on is always offered
        return problem

    def seat(self, sid: str) -> dict[str, Any]:
        return next(s for s in self.state["seats"] if s["id"] == sid)

    def money(self) -> list[int]:
        return [self.seat(n.lower())["money"] for n in NAMES]

    def infamy(self) -> list[int]:
        return [self.seat(n.lower())["infamy"] for n in NAMES]


def sells(cost: int) -> list[dict[str, Any]]:
    return [{"kind": "sell", "seat": n.lower(), "cost": cost} for _ in range(3) for n in NAMES]


def passes(table: Table) -> None:
    while table.state["active"]:
        table.send({"kind": "pass", "seat": table.state["active"]})


@pytest.fixture(scope="module")
def finished(unlimited_client: Any) -> Table:
    t = Table(unlimited_client)
    assert t.money() == [8, 9, 10]
    assert [t.seat(n.lower())["schemes"] for n in NAMES] == [1, 1, 1]
    assert t.state["scheme_deck"] == 22 and t.state["mercenary_deck"] == 8

    # Round 1, Base Building: the board's start number is asked when a track first moves
    build = {"kind": "build", "seat": "simon", "cost": 5, "type": "scientists", "points": 5,
             "room": "Robotics Lab"}
    asked = t.refused(build, "setup-tokens")
    assert "table-values" in asked["next"]
    t.send({"kind": "table-values", "attraction_start": 0}, build,
           {"kind": "build", "seat": "hassan", "cost": 4, "type": "beasts", "points": 6,
            "room": "Kennel"},
           {"kind": "build", "seat": "dave", "cost": 6, "type": "criminals", "points": 3,
            "room": "Vault"},
           {"kind": "sell", "seat": "simon", "cost": 2},
           {"kind": "build", "seat": "hassan", "cost": 2, "type": "mystics", "points": 4,
            "room": "Den"},
           {"kind": "build", "seat": "dave", "cost": 2, "type": "scientists", "points": 8,
            "room": "Clinic"},
           {"kind": "sell", "seat": "simon", "cost": 1},
           {"kind": "sell", "seat": "hassan", "cost": 3})
    t.refused({"kind": "henchmen-phase"}, "room-draft")  # Dave's third pick is missing
    t.send({"kind": "sell", "seat": "dave", "cost": 2}, {"kind": "henchmen-phase"})
    assert t.money() == [6, 6, 4]

    # Henchmen: the top scorer recruits and pays; an unaffordable card stops its type
    t.send({"kind": "recruit", "seat": "hassan", "type": "beasts", "cost": 3,
            "name": "Royal Jelly"})
    t.refused({"kind": "recruit", "seat": "hassan", "type": "beasts", "cost": 4,
               "name": "Hammerhead"}, "recruitment")
    t.send({"kind": "recruit", "seat": "dave", "type": "criminals", "cost": 3,
            "name": "Ms. Nomer"},
           {"kind": "recruit", "seat": "dave", "type": "scientists", "cost": 5,
            "name": "Gray Matter"},
           {"kind": "recruit", "seat": "simon", "type": "scientists", "cost": 3,
            "name": "Centrifuge"},
           {"kind": "recruit", "seat": "hassan", "type": "mystics", "cost": 1,
            "name": "Occulus"},
           {"kind": "recruit", "seat": "hassan", "type": "mystics", "cost": 3,
            "name": "The Minister"},
           {"kind": "start-contracts"})
    assert t.seat("hassan")["crew"] == {"beasts": 1, "criminals": 0, "scientists": 0,
                                        "mystics": 2, "lackey": 1, "bodyguard": 0, "other": 0}

    # Contract Phase, round 1 (8 weeks): Simon is on top of the stack
    t.refused({"kind": "pass", "seat": "dave"}, "time-track")
    t.send({"kind": "room", "seat": "simon", "room": "Robotics Lab"},
           {"kind": "infamy", "seat": "simon", "amount": 2, "reason": "Robotics Lab"},
           {"kind": "contract", "seat": "hassan", "weeks": 4, "difficulty": "easy", "team": 2,
            "target": 3, "successes": 4, "success_infamy": 3, "success_money": 2,
            "failure_infamy": 1, "failure_money": 1, "scheme": "target", "scheme_by": "dave"},
           {"kind": "scheme", "seat": "hassan", "effect": "consolation"},
           {"kind": "room", "seat": "dave", "room": "Vault"},
           {"kind": "visit", "seat": "dave", "location": "underground"},
           {"kind": "contract", "seat": "simon", "weeks": 5, "difficulty": "hard", "team": 1,
            "target": 5, "successes": 6, "success_infamy": 5, "success_money": 4,
            "failure_infamy": 1, "failure_money": 1, "effect": "power"},
           {"kind": "contract", "seat": "dave", "weeks": 3, "difficulty": "easy", "team": 2,
            "target": 2, "successes": 1, "success_infamy": 2, "success_money": 3,
            "failure_infamy": 1, "failure_money": 1, "effect": "injured"},
           {"kind": "visit", "seat": "hassan", "location": "lounge"})
    assert t.infamy() == [7, 3, 3] and t.money() == [10, 9, 5]
    assert t.state["scheme_discard"] == 2 and t.state["scheme_deck"] == 21
    assert t.state["mercenary_deck"] == 7 and t.state["power_deck"] == 13
    passes(t)
    t.send({"kind": "clean-up", "fire": "Hassan: mystics"})
    assert t.money() == [8, 4, 2] and t.state["mercenary_deck"] == 8
    assert t.state["round"] == 2 and t.state["player_order"] == ["hassan", "dave", "simon"]

    # Round 2 (cards passed counter-clockwise); its Time track start is asked
    t.send(*sells(1), {"kind": "henchmen-phase"},
           {"kind": "recruit", "seat": "dave", "type": "scientists", "cost": 3})
    t.refused({"kind": "start-contracts"}, "time-track")
    t.send({"kind": "table-values", "round_2_weeks": 8}, {"kind": "start-contracts"},
           {"kind": "contract", "seat": "hassan", "weeks": 5, "difficulty": "legendary",
            "team": 2, "target": 6, "successes": 7, "success_infamy": 8, "success_money": 5},
           {"kind": "contract", "seat": "dave", "weeks": 3, "difficulty": "easy", "team": 2,
            "target": 4, "successes": 4, "success_infamy": 3, "success_money": 2,
            "scheme": "steal", "scheme_by": "simon"})
    assert t.infamy() == [9, 11, 6] and t.money() == [14, 12, 4]
    passes(t)
    t.refused({"kind": "clean-up"}, "contract-key")  # round 3's row is on the board only
    t.send({"kind": "table-values", "round_3_easy": 0, "round_3_hard": 3,
            "round_3_legendary": 3}, {"kind": "clean-up"})
    assert t.money() == [12, 9, 0] and t.state["player_order"] == ["simon", "dave", "hassan"]

    # Round 3
    t.send(*sells(2), {"kind": "henchmen-phase"}, {"kind": "table-values", "round_3_weeks": 8},
           {"kind": "start-contracts"})
    capture = {"kind": "contract", "seat": "simon", "weeks": 4, "difficulty": "hard",
               "team": 2, "target": 5, "successes": 3, "failure_infamy": 2,
               "failure_money": 1, "effect": "captured"}
    t.refused(capture, "captured")  # his Lackey or his Scientist: Simon says which
    t.send({**capture, "henchman": "scientists", "lost_powers": 1})
    t.refused({"kind": "scheme", "seat": "simon", "effect": "cancel"}, "schemes")  # none held
    t.send({"kind": "contract", "seat": "dave", "weeks": 5, "difficulty": "legendary",
            "team": 3, "target": 7, "successes": 9, "success_infamy": 6, "success_money": 4},
           {"kind": "contract", "seat": "hassan", "weeks": 5, "difficulty": "hard", "team": 1,
            "target": 6, "successes": 6, "success_infamy": 4, "success_money": 3,
            "failure_infamy": 1, "scheme": "target", "scheme_by": "dave"})
    passes(t)
    t.send({"kind": "clean-up"})
    assert t.state["phase"] == "over" and t.money() == [18, 12, 6]
    assert t.infamy() == [11, 12, 14]
    t.refused({"kind": "infamy", "seat": "dave", "amount": 1}, "end-of-game")
    t.send({"kind": "table-values", "money_bonus": "5, 3, 1"})
    return t


def test_a_whole_game_from_the_start_page_to_the_final_score(finished: Table) -> None:
    score = finished.client.get(f"/api/v1/sessions/{finished.code}/score").json["result"]
    assert score["final"] is True
    standings = [(s["name"], s["total"], s["rank"]) for s in score["standings"]]
    # Simon $18 1st +5, Hassan $12 2nd +3, Dave $6 3rd +1; Dave and Hassan tie on 15 and
    # Dave's 4 henchmen beat Hassan's 3 (maniacal.txt:329-331)
    assert standings == [("Simon", 16, 1), ("Dave", 15, 2), ("Hassan", 15, 3)]
    assert "henchmen" in score["standings"][2]["tie"]


def test_every_scheme_card_is_somewhere_at_the_end(finished: Table) -> None:
    state = finished.state
    hands = sum(s["schemes"] for s in state["seats"])
    assert state["scheme_deck"] + state["scheme_discard"] + hands == 25
    assert state["scheme_discard"] == 4 and state["power_discard"] == 1


def test_after_the_end_only_a_note_is_taken(finished: Table) -> None:
    finished.refused({"kind": "table-values", "money_bonus": "9, 3, 1"}, "end-of-game",
                     over=True)
    finished.send({"kind": "note", "text": "Simon laughed anyway"})
