"""Whole games of Tomorrow Dies Today through the API, one per mode, the way a table plays:
started with names and a mode (and the Team Leader the start page asks for), then only the
events a table sends, in the rulebook's order, to the final score. The numbers asserted are
the rulebook's: what each action costs, what the clock does, who wins."""
from __future__ import annotations

from typing import Any


class Table:
    """A table on the API: its code, its edit token and the version it last saw."""

    def __init__(self, client: Any, setup: dict[str, Any]) -> None:
        made = client.post("/api/v1/games/tdt/sessions", json=setup)
        assert made.status_code == 201, made.get_json()
        body = made.get_json()
        self.client, self.code, self.token = client, body["code"], body["edit_token"]
        self.version, self.state = body["version"], body["state"]

    def _post(self, event: dict[str, Any]) -> Any:
        return self.client.post(f"/api/v1/sessions/{self.code}/events", json=event, headers={
            "Authorization": f"Bearer {self.token}", "If-Match": f'"v{self.version}"'})

    def send(self, *events: dict[str, Any]) -> dict[str, Any]:
        for event in events:
            answer = self._post(event)
            assert answer.status_code == 201, (event, answer.get_json())
            body = answer.get_json()
            self.version, self.state = body["version"], body["state"]
        return self.state

    def refused(self, event: dict[str, Any], rule: str) -> dict[str, Any]:
        answer = self._post(event)
        assert answer.status_code == 422, (event, answer.get_json())
        problem = answer.get_json()
        assert problem["rule"]["id"] == rule, problem
        assert problem.get("next") or "The game is over" in problem["detail"], problem
        return problem

    def seat(self, seat: str) -> dict[str, Any]:
        return next(s for s in self.state["seats"] if s["id"] == seat)

    def score(self) -> dict[str, Any]:
        answer = self.client.get(f"/api/v1/sessions/{self.code}/score")
        assert answer.status_code == 200
        result: dict[str, Any] = answer.get_json()["result"]
        return result


NEXT = {"kind": "next"}
GIL, AZURA, JIN, BORIS, CASS = ("goodman", "azura-badeau", "jin-feng", "boris-myasneek",
                                "cassandra-o-shea")


def passes(*seats: str) -> list[dict[str, Any]]:
    return [{"kind": "pass", "seat": s} for s in seats]


def test_a_whole_game_of_cutthroat(unlimited_client: Any) -> None:
    t = Table(unlimited_client, {"mode": "cutthroat", "team_leader": AZURA, "seats": [
        {"henchman": "General Goodman", "player": "Gil"},
        {"henchman": "Azura Badeau", "player": "Ana"},
        {"henchman": "Jin Feng", "player": "Jo"},
        {"henchman": "Boris Myasneek", "player": "Bo"}]})
    # Goodman's Starting Assets with 3 Named Henchmen: 12 Resources, 3 Faceless, 2 VP;
    # the Doomsday Marker starts on 10
    goodman = t.seat(GIL)
    assert (goodman["unsorted"], goodman["faceless"], goodman["vp"], t.state["clock"]) == (
        12, 3, 2, 10)
    assert t.state["now"] == "Round 1 · Scheming · Coordination"
    # Round 1, Scheming: Goodman hands out Resources and Henchmen at his Requisition; then
    # Coordination goes round from the Team Leader (Azura), one action a turn
    t.send({"kind": "exchange", "seat": GIL, "target": JIN, "item": "funding", "count": 3},
           {"kind": "exchange", "seat": GIL, "target": AZURA, "item": "data-cache",
            "count": 2},
           {"kind": "exchange", "seat": GIL, "target": BORIS, "item": "henchman", "count": 2})
    t.refused({"kind": "squads", "seat": JIN, "size_1": 1, "named_in": 1}, "coordination")
    t.send({"kind": "squads", "seat": AZURA, "size_1": 1, "named_in": 1},
           {"kind": "squads", "seat": JIN, "size_1": 1, "named_in": 1},
           {"kind": "squads", "seat": BORIS, "size_1": 3, "named_in": 1},
           {"kind": "requisition", "seat": GIL, "resource": "espionage", "count": 2})
    assert t.seat(GIL)["espionage"] == 2 and t.seat(GIL)["unsorted"] == 5  # 1 Infamy each
    problem = t.refused({"kind": "gadget", "seat": AZURA}, "build-gadgets")
    assert "tech" in problem["next"]  # the track's level is asked for when first needed
    t.send({"kind": "tech", "to": 1}, {"kind": "gadget", "seat": AZURA})
    assert (t.state["tech"], t.seat(AZURA)["data_cache"], t.seat(AZURA)["gadgets"]) == (2, 1, 1)
    t.send(*passes(JIN, BORIS, GIL, AZURA))  # everyone passes in a row: Coordination is over
    t.send({"kind": "staging", "seat": AZURA},
           {"kind": "staging", "seat": JIN, "tile_1": "Arms Dealing", "phase_2": False,
            "phase_3": False},
           {"kind": "staging", "seat": BORIS, "tile_1": "Arms Dealing", "phase_2": False,
            "phase_3": False}, NEXT)
    # Villainy, Phase 1: everyone deploys from Base (1 Funding a Squad, 1 off: free)
    assert t.state["now"] == "Round 1 · Villainy, Phase 1 · Fund Deployment and Deploy"
    t.send({"kind": "deploy", "seat": AZURA, "squad_1": 1},
           {"kind": "deploy", "seat": JIN, "squad_1": 1},
           {"kind": "deploy", "seat": BORIS, "squad_1": 3})
    assert t.seat(JIN)["squads"][0]["at"] == "Arms Dealing" and t.seat(JIN)["funding"] == 3
    # Boris attacks Jin with Stealth: 2 successes − 1 of Jin's Combat defence = 1: he steals
    # a Funding; Jin's Cunning 2 (1 success) is stopped by Boris's Cunning defence
    t.send({"kind": "conflict", "seat": BORIS, "target": JIN, "offence": "stealth",
            "offence_total": 4, "defence": "cunning", "defence_total": 2,
            "target_offence": "cunning", "target_offence_total": 2,
            "target_defence": "combat", "target_defence_total": 2, "steals": 1})
    assert (t.seat(JIN)["funding"], t.seat(BORIS)["funding"]) == (2, 1)
    t.refused({"kind": "conflict", "seat": BORIS, "target": AZURA, "offence": "combat",
               "offence_total": 2, "defence": "stealth", "defence_total": 0,
               "target_offence": "combat", "target_offence_total": 0,
               "target_defence": "stealth", "target_defence_total": 0},
              "conflict-resolution")  # once a Phase
    t.send({"kind": "mission", "seat": JIN, "mission": "resource", "title": "Arms Dealing",
            "combat": 3, "stealth": 1, "cunning": 1, "diplomacy": 1, "reward_vp": 1,
            "reward_resources": 2})
    assert (t.seat(JIN)["vp"], t.seat(JIN)["funding"]) == (1, 4)
    t.refused({"kind": "deploy", "seat": AZURA, "squad_1": 1}, "fund-deployment")  # over
    t.send(NEXT, NEXT, NEXT)  # Phases 2 and 3 (nobody can fund a move), then Monologuing
    assert t.state["now"] == "Round 1 · Monologuing · Voluntary Recall"
    # Monologuing: Recall, the Tithe from the Team Leader's left, Directives in turns,
    # Side Jobs, Goodman's Plotting
    t.send({"kind": "recall", "seat": JIN}, {"kind": "recall", "seat": BORIS},
           {"kind": "tithe", "seat": JIN, "item": "funding", "count": 1},
           {"kind": "tithe", "seat": BORIS, "item": "infamy", "count": 0})
    t.refused({"kind": "tithe", "seat": AZURA, "item": "infamy", "count": 0},
              "tithe-to-goodman")  # Azura is still out on the War Map
    t.send({"kind": "objective", "seat": AZURA, "objective": "directive", "vp": 2,
            "title": "Show of Force", "goodman_reward": 1, "goodman_item": "infamy"},
           *passes(JIN, BORIS, AZURA),
           {"kind": "objective", "seat": JIN, "objective": "side-job", "vp": 2,
            "title": "Smash and grab"},
           {"kind": "goodman-plot", "seat": GIL, "option": "draw-directives"})
    assert t.state["directives"] == 5  # 3 − 1 claimed + 3 put out (one per loyal Henchman)
    t.send(NEXT)
    assert (t.state["clock"], t.state["now"]) == (9, "Round 2 · Scheming · Coordination")
    # Round 2: Goodman meets his plan and declares it in his Plotting
    t.send(NEXT, NEXT, NEXT, NEXT)
    t.send({"kind": "doomsday-completed"})
    assert t.state["now"] == "Endgame and Scoring"
    t.send({"kind": "objective", "seat": AZURA, "objective": "nefarious-plan", "vp": 3},
           {"kind": "objective", "seat": JIN, "objective": "nefarious-plan", "vp": 2}, NEXT)
    score = t.score()
    assert score["final"] is True and score["outcome"]["kind"] == "goodman-wins"
    ranks = {s["seat"]: (s["rank"], s["total"]) for s in score["standings"]}
    # Azura 2 + 3 and Jin 1 + 2 + 2: tied on 5 and on one objective each; Jin's 3 Resources
    # beat Azura's 1 Data Cache and 1 Gadget (Cutthroat tie-breaks)
    assert ranks[JIN] == (1, 5) and ranks[AZURA] == (2, 5) and ranks[BORIS] == (3, 0)
    assert {s["seat"] for s in score["standings"] if s["winner"]} == {GIL, JIN}
    t.refused({"kind": "vp", "seat": BORIS, "amount": 1}, "game-over")


def test_a_whole_game_of_syndicate(unlimited_client: Any) -> None:
    t = Table(unlimited_client, {"mode": "syndicate", "seats": [  # names and a mode only
        {"henchman": "Azura Badeau", "player": "Ana"}, {"henchman": "Jin Feng", "player": "Jo"}]})
    assert t.state["clock"] == 9  # 2 Named Henchmen
    t.send({"kind": "resources", "seat": AZURA, "infamy": 6})
    problem = t.refused({"kind": "requisition", "seat": AZURA, "resource": "funding",
                         "count": 2}, "requisition-resources")
    assert "team-leader" in problem["next"]  # who holds the token is asked when first needed
    t.send({"kind": "team-leader", "seat": AZURA},
           {"kind": "requisition", "seat": AZURA, "resource": "funding", "count": 2})
    assert (t.seat(AZURA)["infamy"], t.seat(AZURA)["funding"]) == (0, 2)  # 3 Infamy each
    t.refused({"kind": "requisition", "seat": JIN, "resource": "funding", "count": 1},
              "requisition-resources")
    t.send({"kind": "squads", "seat": JIN, "size_1": 1, "named_in": 1},
           {"kind": "vp", "seat": JIN, "amount": 4, "reason": "mission reward"}, *passes(AZURA),
           {"kind": "hire", "seat": JIN, "title": "Boris Myasneek"})
    assert t.seat(JIN)["vp"] == 0  # 2 Named Henchmen in play × 2 VP
    t.send(*passes(AZURA, JIN))
    t.refused({"kind": "staging", "seat": JIN, "blanks": 2}, "place-staging-markers")
    t.send({"kind": "staging", "seat": AZURA}, {"kind": "staging", "seat": JIN}, NEXT,
           {"kind": "deploy", "seat": JIN, "squad_1": 1},
           {"kind": "pass", "seat": AZURA})  # Azura committed no Squad: she does not deploy
    t.send({"kind": "doomsday-revealed"}, NEXT, NEXT, NEXT,
           {"kind": "resources", "seat": JIN, "funding": 1}, {"kind": "recall", "seat": JIN},
           {"kind": "tithe", "seat": JIN, "item": "funding", "count": 1})
    assert t.state["communal"]["funding"] == 1
    t.send(NEXT)
    # Goodman's Plotting: the token passes to Jin; the revealed plan takes the clock down 2
    assert (t.state["team_leader"], t.state["clock"]) == (JIN, 7)
    t.send({"kind": "withdraw", "seat": AZURA, "resource": "funding", "count": 1})
    t.send(*({"kind": "trigger", "seat": JIN, "trigger": n} for n in (2, 3, 4)),
           {"kind": "doomsday-completed"}, NEXT, NEXT, NEXT, NEXT, NEXT)
    assert t.state["over"] is False and t.state["round"] == 3  # 3 counted triggers: play on
    t.send({"kind": "trigger", "seat": JIN, "trigger": 4, "active": False},
           NEXT, NEXT, NEXT, NEXT, NEXT)
    score = t.score()
    assert t.state["over"] is True and score["final"] is True
    assert score["outcome"]["kind"] == "table-wins" and score["points"] is False
    assert all(s["winner"] for s in score["standings"])


def test_a_whole_game_of_mayhem(unlimited_client: Any) -> None:
    t = Table(unlimited_client, {"mode": "mayhem", "team_leader": AZURA, "seats": [
        {"henchman": "Azura Badeau", "team": "Red"}, {"henchman": "Jin Feng", "team": "Red"},
        {"henchman": "Boris Myasneek", "team": "Blue"},
        {"henchman": "Cassandra O'Shea", "team": "Blue"}]})
    # 6 on the clock; any one Resource to each Named Henchman
    assert t.state["clock"] == 6 and t.seat(AZURA)["unsorted"] == 1
    # Coordination goes from the Team Leader, then the other team's next player
    t.refused({"kind": "pass", "seat": JIN}, "coordination")
    t.send({"kind": "resources", "seat": AZURA, "infamy": 2, "count": 2},
           {"kind": "requisition", "seat": AZURA, "resource": "funding", "count": 1},
           {"kind": "vp", "seat": BORIS, "amount": 2, "reason": "mission reward"},
           {"kind": "resources", "seat": BORIS, "infamy": 3, "count": 3},
           {"kind": "requisition", "seat": BORIS, "resource": "espionage", "count": 1,
            "faceless": 2})
    boris = t.seat(BORIS)
    assert t.seat(AZURA)["infamy"] == 0 and (boris["infamy"], boris["vp"]) == (0, 0)
    t.send(*passes(JIN, CASS, AZURA, BORIS))  # four passes in a row: Coordination is over
    t.send(*({"kind": "staging", "seat": s} for s in (AZURA, JIN, BORIS, CASS)), NEXT,
           *({"kind": "deploy", "seat": s, "squad_1": 1, "from_1": "base"}
             for s in (AZURA, BORIS)))
    t.send({"kind": "mission", "seat": BORIS, "mission": "doomsday",
            "title": "Supplant Major African Warlords", "combat": 8, "stealth": 4,
            "cunning": 1, "diplomacy": 2, "affinity": True, "reward_vp": 2})
    assert t.seat(BORIS)["vp"] == 3  # 2 VP and the Affinity's +1 outside the Reward
    t.send(NEXT, NEXT, NEXT)
    t.refused({"kind": "tithe", "seat": JIN, "item": "infamy", "count": 0}, "tithe-to-goodman")
    t.send({"kind": "objective", "seat": AZURA, "objective": "directive", "vp": 2},
           {"kind": "objective", "seat": BORIS, "objective": "directive", "vp": 1},
           *passes(JIN, CASS, AZURA, BORIS),
           {"kind": "objective", "seat": CASS, "objective": "side-job", "vp": 2}, NEXT)
    # The token passes to the next team's next player; the clock 6 → 5
    assert (t.state["team_leader"], t.state["clock"]) == (BORIS, 5)
    t.send({"kind": "clock", "to": 1}, NEXT, NEXT, NEXT, NEXT, NEXT)
    assert t.state["now"] == "Endgame and Scoring"  # the clock reached 0
    t.send({"kind": "objective", "seat": JIN, "objective": "nefarious-plan", "vp": 2},
           {"kind": "trigger", "seat": CASS, "trigger": 1})  # ignored in Mayhem
    t.refused({"kind": "objective", "seat": AZURA, "objective": "nefarious-plan", "vp": 2},
              "setup-nefarious-plans")  # one per team
    t.send(NEXT)
    score = t.score()
    teams = {s["seat"]: (s["rank"], s["total"], s["winner"]) for s in score["standings"]}
    # Red: Azura's Directive 2 + Jin's Nefarious Plan 2 = 4; Blue: Boris's Directive 1 and 3
    # mission VP, Cassandra's Side Job 2 = 6 (Cassandra's Team Leader trigger is ignored)
    assert teams[BORIS] == teams[CASS] == (1, 6, True)
    assert teams[AZURA] == teams[JIN] == (2, 4, False)
