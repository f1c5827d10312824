"""Research progress: when a Military Installation's or Research Station's boxes fill, the round
the level rises, whether that happens before the game can end, and the tech milestones.

Rulebook: Game Board E (syndicate.txt:236); Resource Collection step 4 (syndicate.txt:482);
Military Installations and Research Stations (syndicate.txt:569, 573); flipped bases
(syndicate.txt:581); tech milestones (syndicate.txt:198, 346); game length (syndicate.txt:39).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step
from assistant.games import Operation
from assistant.inputs import Integer, OneOf

from ..book import says
from ..checks import choice, optional, whole
from ..tables import ROUNDS_MAX, ROUNDS_MIN, TECH_MILESTONES

KINDS = ("research", "military")


def research(data: Mapping[str, Any]) -> Explained:
    kind = choice(data, "kind", KINDS, "research")
    track = "tech" if kind == "research" else "assault"
    boxes = whole(data, "boxes", None, low=1, high=12)
    filled = whole(data, "filled", 0, low=0, high=12)
    if filled > boxes:
        raise InvalidInput("filled", f"The base has {boxes} boxes.", f"0 to {boxes}")
    rnd = whole(data, "round", 1, low=1, high=ROUNDS_MAX)
    skipped = whole(data, "flipped_rounds", 0, low=0, high=ROUNDS_MAX)
    name = "Research Station" if kind == "research" else "Military Installation"
    steps = [says("research", "boxes", f"{name}: {filled} of {boxes} research boxes filled "
                  "(box count from your board).", filled)]
    need = boxes - filled
    if need == 0:
        full_at, up = None, rnd
        steps.append(Step(f"All boxes full: clear them on your turn in round {rnd} for +1 "
                          f"{track} level.", rnd, "research"))
    else:
        full_at = rnd + need - 1 + skipped
        up = full_at + 1
        steps.append(Step(f"One marker per Resource Collection from round {rnd}: {need} more "
                          f"needed" + (f", plus {skipped} round(s) flipped without a marker"
                                       if skipped else "")
                          + f"; full at the Resource Collection of round {full_at}.", full_at,
                          "research"))
        steps.append(Step(f"The level rises on your own turn in round {up} (never during "
                          "Resource Collection).", up, "research"))
    in_time = {str(last): up <= last for last in range(ROUNDS_MIN, ROUNDS_MAX + 1)}
    steps.append(says("end-of-game", None, "In time if the game lasts: " + ", ".join(
        f"{k} rounds: {'yes' if v else 'no'}" for k, v in in_time.items()) + ".", up))
    steps.append(Step("Losing the base (to the Sovereign or an assault) wipes its research.",
                      None, "research"))
    result: dict[str, Any] = {"track": track, "full_at_collection_of_round": full_at,
                              "level_up_round": up, "in_time": in_time}
    level = optional(data, "level", low=0, high=20)
    if level is not None:
        reached = [m for m in TECH_MILESTONES if m == level + 1] if track == "tech" else []
        steps.append(Step(f"{track.capitalize()} level {level} → {level + 1}" + (
            f": milestone {reached[0]} reached." if reached else "."), level + 1,
            "tech-level" if track == "tech" else "assault-level"))
        result.update(level_after=level + 1, milestones=reached)
    return Explained(result, tuple(steps),
                     f"+1 {track} level on your turn in round {up}.")


FORM = (
    OneOf("kind", "Research Station (tech) or Military Installation (assault)", KINDS,
          "research"),
    Integer("boxes", "Research boxes on that base (from your board)", 1, 12, required=True),
    Integer("filled", "Boxes filled now", 0, 12, 0),
    Integer("round", "Current round (before its Resource Collection)", 1, 8, 1),
    Integer("flipped_rounds", "Resource Collections it will miss while flipped", 0, 8, 0),
    Integer("level", "Your current level on that track (optional)", 0, 20),
)

OPERATIONS: tuple[Operation, ...] = (
    Operation(
        slug="research",
        title="Research progress",
        summary="When research boxes fill and the tech or assault level rises, and whether in "
                "time before the game ends.",
        form=FORM,
        run=research,
        example={"kind": "research", "boxes": 3, "filled": 0, "round": 2, "level": 4},
        rules=("research", "research-station", "military-installation", "tech-level",
               "assault-level", "end-of-game"),
    ),
)
