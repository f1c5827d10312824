"""Issue 41: a whole game of All Part of the Master Plan through the API, as a table plays it.
Started with names and a mode only; each Master Plan entered from its seat's own phone (its
seat token); then only the events a table sends, from the first Throwdown to the final score
after round 3. Every number asserted is the rulebook's (lines as all-part-of-the-master-plan.txt:N):
3 Throwdowns a round with 4 players (:33), the Super deck dealt evenly (:28), deployment from
the Loser Lad holder clockwise (:38), the holder's pick of each Throwdown (:44), attacks in
ascending Action Number into the acting Mastermind's KO pile (:46-47), claims in descending
Action Number (:58), Loser Lad to the fewest KOs with the holder breaking ties (:67), KO piles
back to the deck (:68, default setting), and the final ranking: Loot types, then KO pile size,
then the highest Action Number in it (:73)."""
from __future__ import annotations

import json
from typing import Any

import pytest

from tests.sessions.helpers import seat_token

NAMES = ["Ann", "Ben", "Cat", "Dee"]
PLANS = {"ann": "Gem, Mask, Zircon", "ben": "Orb, Gem", "cat": "Crown, Mask",
         "dee": "Idol, Zircon"}
"""None is ever completed; Zircon is never drawn, so it names a plan only."""


@pytest.fixture(scope="module")
def client(unlimited_client: Any) -> Any:
    return unlimited_client


class Table:
    """One table through the API: the scorekeeper's edit token and each seat's own phone."""

    def __init__(self, client: Any) -> None:
        made = client.post("/api/v1/games/master-plan/sessions",
                           json={"mode": "standard", "seats": [{"name": n} for n in NAMES]})
        assert made.status_code == 201, made.json
        self.client, self.version = client, 0
        self.base = f"/api/v1/sessions/{made.json['code']}"
        self.edit = {"Authorization": f"Bearer {made.json['edit_token']}"}
        self.phones = {n.lower(): {"X-Seat-Token": seat_token(
            client, made.json["code"], made.json["edit_token"], n.lower())} for n in NAMES}

    def send(self, event: dict[str, Any], phone: str | None = None, status: int = 201) -> Any:
        headers = self.phones[phone] if phone else self.edit
        answer = self.client.post(f"{self.base}/events", json=event,
                                  headers={**headers, "If-Match": f'"v{self.version}"'})
        assert answer.status_code == status, (event, answer.json)
        if status == 201:
            self.version = answer.json["version"]
        return answer.json

    def state(self, phone: str | None = None) -> Any:
        return self.client.get(self.base, headers=self.phones[phone] if phone else {}
                               ).json["state"]

    def seats(self) -> dict[str, Any]:
        return {s["id"]: s for s in self.state()["seats"]}

    def deploy(self, *plays: tuple[str, int]) -> None:
        for seat, where in plays:
            self.send({"kind": "deploy", "seat": seat, "throwdown": where})

    def resolve(self, holder: str, where: int, supers: list[tuple[str, str, str, int, str, str]],
                claims: list[str]) -> str:
        """The holder picks `where`; each Super is revealed (seat, name, side, Action Number,
        attack, Defenses), the battle is fought and the claims taken in the session's order.
        Gives the battle's history line."""
        self.send({"kind": "pick", "seat": holder, "throwdown": where})
        for seat, name, side, number, attack, defends in supers:
            self.send({"kind": "reveal", "throwdown": where, "seat": seat, "name": name,
                       "side": side, "action_number": number, "attack": attack,
                       **{f"defends_{d}": True for d in defends.split()}})
        line = str(self.send({"kind": "battle", "throwdown": where})["event"]["text"])
        for loot in claims:
            self.send({"kind": "claim", "throwdown": where, "loot": loot})
        return line


def test_a_whole_game_from_names_to_the_final_score(client: Any) -> None:
    t = Table(client)
    for seat, plan in PLANS.items():  # each on its own phone; the table's token may not
        t.send({"kind": "plan", "seat": seat, "requirements": plan}, phone=seat)
    for loot in ("Gem, Idol", "Crown, Idol", "Mask, Orb"):
        t.send({"kind": "throwdown", "loot": loot})
    fourth = t.send({"kind": "throwdown", "loot": "Gem"}, status=422)  # 4 players: 3 (:33)
    assert fourth["rule"]["id"] == "assemble"
    assert t.state()["loser_lad"] in PLANS  # dealt by the seeded setup (issue 43)
    t.send({"kind": "loser-lad", "seat": "ann"})  # changed in one tap, before anyone deploys
    t.send({"kind": "loser-lad", "seat": "dee"})  # Setup step 4 (:22): Dee lost last
    t.send({"kind": "super-deck", "size": 8})  # counted: 8 ÷ 4 = 2 each, none aside (:28)
    assert t.state()["hand_size"] == 2 and t.seats()["ann"]["hand"] == 2

    # Round 1: Dee deploys first, then clockwise (:38)
    wrong = t.send({"kind": "deploy", "seat": "ann", "throwdown": 1}, status=422)
    assert wrong["rule"]["id"] == "deployment" and "Dee" in wrong["detail"]
    t.deploy(("dee", 1), ("ann", 1), ("ben", 2), ("cat", 3),
             ("dee", 1), ("ann", 3), ("ben", 2), ("cat", 3))
    assert all(s["hand"] == 0 for s in t.seats().values())
    not_holder = t.send({"kind": "pick", "seat": "ann", "throwdown": 1}, status=422)
    assert not_holder["rule"]["id"] == "battle-reveal" and "Dee holds Loser Lad" in \
        not_holder["detail"]
    line = t.resolve("dee", 1, [("dee", "Hex", "villain", 5, "magic", ""),
                                ("dee", "Rook", "villain", 3, "none", ""),
                                ("ann", "Blaze", "hero", 4, "force", "magic")], ["Gem"])
    assert "Blaze (Ann) knocks out" in line  # Rook (3) has no attack; Blaze (4) takes both
    t.resolve("dee", 2, [("ben", "Nova", "hero", 6, "psychic", ""),
                         ("ben", "Sage", "hero", 2, "none", "")], ["Crown", "Idol"])
    t.resolve("dee", 3, [("cat", "Wisp", "villain", 7, "force", ""),
                         ("cat", "Grim", "villain", 1, "force", "force"),
                         ("ann", "Aegis", "hero", 8, "magic", "force")], ["Mask"])
    seats = t.seats()
    assert seats["ann"]["ko"] == [5, 3, 7, 1] and seats["ann"]["loot"] == ["Gem", "Mask"]
    assert seats["ben"]["loot"] == ["Crown", "Idol"]
    assert [x["picked_by"] for x in t.state()["throwdowns"]] == ["Dee", "Dee", "Dee"]
    tie = t.send({"kind": "regroup"}, status=422)  # Ben, Cat, Dee: 0 KOs each (:67)
    assert tie["rule"]["id"] == "loser-lad-pass" and "Dee picks" in tie["detail"]
    t.send({"kind": "regroup", "holder_picks": "Ben"})
    state = t.state()
    assert state["round"] == 2 and state["loser_lad"] == "ben"
    assert all(s["ko_count"] == 0 for s in state["seats"])  # every Super back (:68)

    # Round 2: Ben holds Loser Lad and picks Throwdown 2 first
    for loot in ("Idol", "Gem, Crown", "Orb"):
        t.send({"kind": "throwdown", "loot": loot})
    t.deploy(("ben", 1), ("cat", 1), ("dee", 2), ("ann", 3),
             ("ben", 1), ("cat", 1), ("dee", 2), ("ann", 3))
    t.resolve("ben", 2, [("dee", "Echo", "hero", 4, "none", ""),
                         ("dee", "Flux", "hero", 9, "none", "")], ["Gem", "Crown"])
    line = t.resolve("ben", 1, [("ben", "Tank", "villain", 2, "psychic", ""),
                                ("ben", "Bolt", "villain", 6, "force", "psychic"),
                                ("cat", "Ray", "hero", 5, "force", "force"),
                                ("cat", "Zen", "hero", 3, "magic", "psychic")], ["Idol"])
    assert "Tank (Ben) knocks out Ray (Cat)" in line and "Claim order: Zen (Cat)" in line
    t.resolve("ben", 3, [("ann", "Lumen", "hero", 1, "none", ""),
                         ("ann", "Vex", "hero", 10, "none", "")], ["Orb"])
    assert [x["picked"] for x in t.state()["throwdowns"]] == [2, 1, 3]
    t.send({"kind": "regroup", "holder_picks": "Ann"})  # Ann and Dee: 0 KOs; Ben chooses
    assert t.state()["loser_lad"] == "ann"

    # Round 3
    for loot in ("Idol, Mask", "Quasar", "Orb, Gem"):
        t.send({"kind": "throwdown", "loot": loot})
    t.deploy(("ann", 1), ("ben", 1), ("cat", 2), ("dee", 3),
             ("ann", 1), ("ben", 1), ("cat", 3), ("dee", 3))
    t.resolve("ann", 1, [("ann", "Prism", "villain", 2, "magic", ""),
                         ("ann", "Shade", "villain", 8, "none", "psychic"),
                         ("ben", "Dart", "hero", 3, "psychic", ""),
                         ("ben", "Knight", "hero", 6, "force", "magic")], ["Mask"])
    t.resolve("ann", 2, [("cat", "Moth", "villain", 5, "none", "")], ["Quasar"])
    t.resolve("ann", 3, [("cat", "Owl", "villain", 2, "none", ""),
                         ("dee", "Pike", "hero", 7, "force", ""),
                         ("dee", "Reed", "hero", 1, "none", "")], ["Orb", "Gem"])
    early = client.get(f"{t.base}/score").json
    assert early["result"]["final"] is False
    t.send({"kind": "regroup"})  # the end of round 3: the final scoring (:65, :73)

    state = t.state()
    assert state["over"] and state["round"] == 3 and state["winner"] is None
    score = client.get(f"{t.base}/score").json
    result = score["result"]
    assert result["final"] is True
    rows = [(r["name"], r["rank"], r["total"]) for r in result["standings"]]
    assert rows == [("Ben", 1, 3), ("Ann", 2, 3), ("Dee", 3, 3), ("Cat", 4, 2)]
    reasons = {r["name"]: r["tie"] for r in result["standings"]}
    assert "2 Supers in the KO pile to 1" in reasons["Ann"]  # Ben over Ann: KO count
    assert reasons["Dee"].endswith("highest Action Number 3 to 2.")  # Dart (3) vs Owl (2)
    assert result["winners"] == ["Ben"]
    late = t.send({"kind": "claim", "throwdown": 1, "loot": "Idol"}, status=422)
    assert late["rule"]["id"] == "final-scoring" and not late.get("next") \
        and "The game is over" in late["detail"]
    t.send({"kind": "note", "text": "Ben's Knight carried it"})
    for headers in ({}, t.edit, t.phones["ben"]):  # Ann's plan: only on Ann's phone
        for path in ("", "/events", "/export", "/score"):
            seen = json.dumps(client.get(t.base + path, headers=headers).json)
            assert "Zircon" not in seen, path
    ann = next(s for s in t.state("ann")["seats"] if s["id"] == "ann")
    assert ann["plan"] == ["Gem", "Mask", "Zircon"] and ann["plan_missing"] == ["Zircon"]
