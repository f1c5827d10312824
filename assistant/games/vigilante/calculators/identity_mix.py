"""Identity mix: is a Scenario Card's Good/Evil/Neutral split possible, and what it means for
the Missions. Rulebook: Identity Cards (vigilante.txt:225-233), Scenarios (:171-185), Good
Identities (:315)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step
from assistant.games import Operation
from assistant.inputs import Flag, Integer, OneOf

from ..identities import GUARDIAN_PER_GOOD
from ..mix import check_counts, check_players, fixed_counts, identity_pool
from ..modes import MAX_PLAYERS, SCENARIO_OPTIONS, TITLES, scenario


def identity_mix(data: Mapping[str, Any]) -> Explained:
    s = scenario(str(data.get("mode")))
    players = int(data["players"])
    first_game = bool(data.get("first_game", False))
    steps = [check_players(s, players)]
    fixed = fixed_counts(s, players)
    entered = {k: data.get(k) for k in ("good", "evil", "neutral")}
    if fixed is not None and all(v is None for v in entered.values()):
        good, evil, neutral = fixed
        steps.append(Step(f"{TITLES[s]} fixes the split itself: {good} Good, {evil} Evil, no "
                          "Neutral.", good, "scenario-showdown"))
    else:
        missing = [k for k, v in entered.items() if v is None]
        if missing:
            raise InvalidInput(missing[0], "Enter all three identity counts from your "
                               "Scenario Card (Good, Evil, Neutral).",
                               "a count for each Allegiance")
        good, evil, neutral = (int(v) for v in entered.values())  # type: ignore[arg-type]
    steps += check_counts(s, players, good, evil, neutral, first_game)
    need = GUARDIAN_PER_GOOD * good
    if good:
        steps.append(Step(f"Guardians will need {GUARDIAN_PER_GOOD} x {good} = {need} Villains "
                          "across the Good players' jails.", need, "identity-guardian"))
    pool = identity_pool(s, first_game)
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
              Integer("players", f"Players (at most {MAX_PLAYERS}: the box's player mats)",
                      minimum=1, maximum=MAX_PLAYERS, required=True),
              Integer("good", "Good Identities on the card (Showdown: leave empty)",
                      minimum=0, maximum=5),
              Integer("evil", "Evil Identities on the card (Showdown: leave empty)",
                      minimum=0, maximum=5),
              Integer("neutral", "Neutral Identities on the card (Showdown: leave empty)",
                      minimum=0, maximum=6),
              Flag("first_game", "First game: no Investigator or Mastermind")),
        run=identity_mix,
        example={"mode": "brought-to-justice", "players": 4, "good": 2, "evil": 1,
                 "neutral": 1},
        rules=("setup-identities", "scenario-card", "scenario-brought-to-justice",
               "scenario-shifting-allegiances", "scenario-showdown", "first-game",
               "identity-guardian"),
    ),
)
