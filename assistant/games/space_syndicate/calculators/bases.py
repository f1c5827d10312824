"""Bases by zone: the zone table as read (the lost icons marked, the uncertain cell flagged),
what buying and fortifying cost, and what a set of bases earns and eats in crew each round.

Rulebook: Game Board H and the Base Costs table (syndicate.txt:242-247, 426-429, 540-543);
Note on crew (syndicate.txt:581); Pardon (syndicate.txt:466-473).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step
from assistant.games import Operation
from assistant.inputs import Integer

from ..book import says
from ..checks import whole
from ..tables import ZONE_COSTS, ZONES, Bundle
from .sovereign import pardon_cost

DERIVED = Provenance.DERIVED


def zone_table() -> list[dict[str, Any]]:
    return [{"zone": z.value, "territories": c.territories, "buy": c.buy.to_json(),
             "income": c.income.to_json(), "upkeep_crew": c.upkeep,
             "fortify": c.fortify.to_json(), "fortify_second_figure_uncertain": True}
            for z, c in ZONE_COSTS.items()]


def bases(data: Mapping[str, Any]) -> Explained:
    steps = [says("zones", None, "Zone table as read from the raw figures.")]
    owned = {z: whole(data, f"{z.value}_owned", 0, high=ZONE_COSTS[z].territories) for z in ZONES}
    buy = {z: whole(data, f"{z.value}_buy", 0, high=ZONE_COSTS[z].territories) for z in ZONES}
    fort = {z: whole(data, f"{z.value}_fortify", 0, high=ZONE_COSTS[z].territories)
            for z in ZONES}
    for z in ZONES:
        c = ZONE_COSTS[z]
        if owned[z] + buy[z] > c.territories:
            raise InvalidInput(f"{z.value}_buy", f"The {z.value.upper()} zone has "
                               f"{c.territories} territories.",
                               f"0 to {c.territories - owned[z]}")
        if fort[z] > owned[z] + buy[z]:
            raise InvalidInput(f"{z.value}_fortify", "You can fortify only bases you own.",
                               f"0 to {owned[z] + buy[z]}")
    purchase, fortify, income = Bundle(), Bundle(), Bundle()
    for z in ZONES:
        c = ZONE_COSTS[z]
        if buy[z]:
            purchase = purchase + c.buy.times(buy[z])
            steps.append(says("buying-bases", None, f"Buy {buy[z]} {z.value.upper()} base(s): "
                              f"{buy[z]} × ({c.buy.words()}) = "
                              f"{c.buy.times(buy[z]).words()}.", c.buy.credits * buy[z]))
        if fort[z]:
            fortify = fortify + c.fortify.times(fort[z])
            steps.append(says("fortifying", "fortify-crew", f"Fortify {fort[z]} "
                              f"{z.value.upper()} base(s): {fort[z]} × ({c.fortify.words()}) = "
                              f"{c.fortify.times(fort[z]).words()}.",
                              c.fortify.credits * fort[z]))
        held = owned[z] + buy[z]
        if held:
            income = income + c.income.times(held)
            steps.append(says("zones", None, f"{held} {z.value.upper()} base(s) each round: "
                              f"{held} × ({c.income.credits} credits, {c.income.influence} "
                              f"influence, {c.income.crew:+d} crew).", c.income.credits * held))
    total_held = sum(owned[z] + buy[z] for z in ZONES)
    pardon, printed = pardon_cost(total_held)
    upkeep = sum(ZONE_COSTS[z].upkeep * (owned[z] + buy[z]) for z in ZONES)
    steps.append(Step(f"Crew upkeep each round: {upkeep} (MIDDLE 3, INNER 6 per base), paid "
                      "before those bases pay out.", upkeep, "crew-upkeep"))
    text = f"With {total_held} base(s) a pardon costs {pardon} influence."
    steps.append(Step(text, pardon, "pardon") if printed
                 else says("pardon", "pardon-per-base-beyond", text, pardon))
    spend = purchase + fortify
    result = {"purchase": purchase.to_json(), "fortify": fortify.to_json(),
              "total_now": spend.to_json(), "income_per_round": income.to_json(),
              "crew_upkeep": upkeep, "bases": total_held, "pardon": pardon,
              "zones": zone_table()}
    return Explained(result, tuple(steps),
                     f"Now: {spend.words()}. Each round: {income.credits} credits, "
                     f"{income.influence} influence, {income.crew:+d} crew; pardon {pardon}.")


FORM = tuple(
    Integer(f"{z.value}_{what}", f"{z.value.upper()} bases {label}", 0,
            ZONE_COSTS[z].territories, 0)
    for z in ZONES for what, label in (("owned", "you own"), ("buy", "to buy now"),
                                       ("fortify", "to fortify now")))

OPERATIONS: tuple[Operation, ...] = (
    Operation(
        slug="bases",
        title="Bases by zone",
        summary="Purchase and fortify costs by zone, income and crew upkeep per round, and the "
                "pardon your bases imply.",
        form=FORM,
        run=bases,
        example={"exo_owned": 1, "middle_buy": 1, "inner_buy": 1, "exo_fortify": 1},
        rules=("zones", "buying-bases", "fortifying", "crew-upkeep", "pardon"),
    ),
)

