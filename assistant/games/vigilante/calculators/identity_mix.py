"""Identity mix: is a Scenario Card's Good/Evil/Neutral split possible, and what it means for
the Missions. Rulebook: Identity Cards (vigilante.txt:225-233), Scenarios (:171-185), Good
Identities (:315)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.explain import Explained, Step
from assistant.games import Operation
from assistant.inputs import Flag, Integer, OneOf

from ..identities import GUARDIAN_PER_GOOD, Allegiance, copies_available
from ..mix import check_counts, check_players
from ..modes import SCENARIO_OPTIONS, TITLES, scenario


def identity_mix(data: Mapping[str, Any]) -> Explained:
    s = scenario(str(data.get("mode")))
    players = int(data["players"])
    good, evil, neutral = (int(data[k]) for k in ("good", "evil", "neutral"))
    first_game = bool(data.get("first_game", False))
    steps = [check_players(s, players)]
    steps += check_counts(s, players, good, evil, neutral, first_game)
    need = GUARDIAN_PER_GOOD * good
    if good:
        steps.append(Step(f"Guardians will need {GUARDIAN_PER_GOOD} x {good} = {need} Villains "
                          "across the Good players' jails.", need, "identity-guardian"))
    pool = {a.value: copies_available(a, first_game) for a in Allegiance}
    steps.append(Step("Cards to deal from: " + ", ".join(f"{v} {k}" for k, v in pool.items())
                      + (" (first game: no Investigator or Mastermind)." if first_game
                         else "."), None, "setup-identities"))
    result = {"valid": True, "scenario": s.value, "good": good, "evil": evil,
              "neutral": neutral, "guardian_target": need if good else None, "pool": pool}
    summary = (f"{TITLES[s]} with {good} Good, {evil} Evil, {neutral} Neutral: possible"
               + (f"; Guardians need {need} jailed across Good." if good else "."))
    return Explained(result, tuple(steps), summary)


OPERATIONS: tuple[Operation, ...] = (
    Operation(
        slug="identity-mix", title="Identity mix check",
        summary="Checks a Scenario Card's Good/Evil/Neutral counts against the scenario and the "
                "box, and gives the Guardians' target.",
        form=(OneOf("mode", "Which scenario", SCENARIO_OPTIONS, required=True),
              Integer("players", "Players", required=True),
              Integer("good", "Good Identities on the card", minimum=0, maximum=5,
                      required=True),
              Integer("evil", "Evil Identities on the card", minimum=0, maximum=5,
                      required=True),
              Integer("neutral", "Neutral Identities on the card", minimum=0, maximum=6,
                      required=True),
              Flag("first_game", "First game: no Investigator or Mastermind")),
        run=identity_mix,
        example={"mode": "brought-to-justice", "players": 4, "good": 2, "evil": 1,
                 "neutral": 1},
        rules=("setup-identities", "scenario-card", "scenario-brought-to-justice",
               "scenario-shifting-allegiances", "scenario-showdown", "first-game",
               "identity-guardian"),
    ),
)
