"""Exchanging resources at the mat's rates, and the affordability planner: can I pay for this
on my turn, and how, keeping as many credits (the score) as possible?

Rulebook: Syndicate Mats F (syndicate.txt:196); Exchange Resources (syndicate.txt:433, 609-611);
Sell Unwanted Operation Cards (syndicate.txt:434, 613-615); no exchange in Resource Collection
(syndicate.txt:583).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step
from assistant.games import Operation
from assistant.inputs import Integer, OneOf

from ..book import says
from ..checks import choice, whole
from ..tables import (
    CARD_SALE,
    CREDITS_PER_CREW,
    CREDITS_PER_INFLUENCE,
    CREW_PER_INFLUENCE,
    INFLUENCE_PER_CREW,
    Bundle,
)

TARGETS = ("influence", "crew")
RATES: Mapping[tuple[str, str], int] = {
    ("credits", "crew"): CREDITS_PER_CREW, ("credits", "influence"): CREDITS_PER_INFLUENCE,
    ("crew", "influence"): CREW_PER_INFLUENCE, ("influence", "crew"): INFLUENCE_PER_CREW}


def exchange(data: Mapping[str, Any]) -> Explained:
    want = data.get("get")
    if want == "credits":
        raise InvalidInput("get", "Nothing exchanges into credits; only selling an Operation "
                           "card gives a credit.", "influence, crew")
    want = choice(data, "get", TARGETS, "influence")
    amount = whole(data, "amount", 1, low=1, high=999)
    other = "crew" if want == "influence" else "influence"
    by_credits = amount * RATES[("credits", want)]
    by_other = amount * RATES[(other, want)]
    steps = (
        Step("Exchanges happen only on your own turn in the Player Turn phase, never in "
             "Resource Collection.", None, "exchange"),
        Step(f"{amount} {want} from credits: {amount} × {RATES[('credits', want)]} = "
             f"{by_credits} credits.", by_credits, "exchange"),
        Step(f"{amount} {want} from {other}: {amount} × {RATES[(other, want)]} = {by_other} "
             f"{other}.", by_other, "exchange"),
        Step("Or sell Operation cards: each gives 1 resource of your choice.", amount,
             "selling-cards"),
    )
    return Explained({"get": want, "amount": amount, "credits": by_credits, other: by_other,
                      "cards": amount * CARD_SALE}, steps,
                     f"{amount} {want} = {by_credits} credits, or {by_other} {other}, or "
                     f"{amount} sold card(s).")


@dataclass(frozen=True)
class Plan:
    cards_credits: int
    cards_influence: int
    cards_crew: int
    influence_from_crew: int
    influence_from_credits: int
    crew_from_influence: int
    crew_from_credits: int
    left: Bundle

    @property
    def cards(self) -> int:
        return self.cards_credits + self.cards_influence + self.cards_crew

    def rank(self) -> tuple[int, int, int]:
        """Most credits kept (they score), not counting credits taken straight from card sales
        (selling a spare card for a credit is a swap the player can always make, not a way to
        pay for the plan), then fewest cards sold, then most other resources."""
        return (-(self.left.credits - self.cards_credits), self.cards,
                -(self.left.influence + self.left.crew))


def plan_for(have: Bundle, cost: Bundle, cards: int) -> Plan | None:
    """The best plan (see Plan.rank), or None if no mix of sales and exchanges pays `cost`.

    Every split of the cards over the three resources is a candidate. For a given number sold
    for influence and for crew, the exchanges (and so the credits they need) are fixed and the
    rank moves one way with the number sold for credits: only the fewest that pay and the most
    there are can be best. So the search is quadratic in cards, and it picks what trying every
    split in order (credits, influence, crew) would: the best rank, then the first split."""
    # Ranked in plain integers (Plan.rank and _cover's arithmetic, unrolled): building a Plan
    # per candidate cost more than the search itself. Only the best becomes a Plan.
    best: tuple[tuple[int, int, int], tuple[int, int, int]] | None = None
    credits, want_influence, want_crew = have.credits, cost.influence, cost.crew
    for ci in range(cards + 1):
        influence = have.influence + ci * CARD_SALE
        inf_short = max(0, want_influence - influence)
        inf_spare = max(0, influence - want_influence)
        for cw in range(cards - ci + 1):
            crew = have.crew + cw * CARD_SALE
            # _exchanges(...) inline: this loop is the planner's cost
            crew_short = max(0, want_crew - crew)
            crew_spare = max(0, crew - want_crew)
            i_from_w = min(inf_short, crew_spare // CREW_PER_INFLUENCE)
            w_from_i = min(crew_short, inf_spare // INFLUENCE_PER_CREW)
            needed = (cost.credits + (inf_short - i_from_w) * CREDITS_PER_INFLUENCE
                      + (crew_short - w_from_i) * CREDITS_PER_CREW)
            fewest = max(0, -(-(needed - credits) // CARD_SALE))
            most = cards - ci - cw
            if fewest > most:
                continue
            others = ((inf_spare - w_from_i * INFLUENCE_PER_CREW if inf_short == 0 else 0)
                      + (crew_spare - i_from_w * CREW_PER_INFLUENCE if crew_short == 0 else 0))
            for cc in (fewest, most):
                kept = credits + cc * CARD_SALE - needed
                if kept < 0:
                    continue
                candidate = ((-(kept - cc), cc + ci + cw, -others), (cc, ci, cw))
                if best is None or candidate < best:
                    best = candidate
    if best is None:
        return None
    cc, ci, cw = best[1]
    return _cover(have + Bundle(cc * CARD_SALE, ci * CARD_SALE, cw * CARD_SALE), cost, best[1])


def _exchanges(have: Bundle, cost: Bundle) -> tuple[int, int, int, int]:
    """Influence from crew, influence from credits, crew from influence, crew from credits:
    the cheapest exchanges that cover what `have` lacks of `cost` (the spare resource first)."""
    inf_short = max(0, cost.influence - have.influence)
    crew_short = max(0, cost.crew - have.crew)
    i_from_w = min(inf_short, max(0, have.crew - cost.crew) // CREW_PER_INFLUENCE)
    w_from_i = min(crew_short, max(0, have.influence - cost.influence) // INFLUENCE_PER_CREW)
    return i_from_w, inf_short - i_from_w, w_from_i, crew_short - w_from_i


def _credits_needed(have: Bundle, cost: Bundle) -> int:
    _, i_from_c, _, w_from_c = _exchanges(have, cost)
    return cost.credits + i_from_c * CREDITS_PER_INFLUENCE + w_from_c * CREDITS_PER_CREW


def _cover(have: Bundle, cost: Bundle, sold: tuple[int, int, int]) -> Plan | None:
    i_from_w, i_from_c, w_from_i, w_from_c = _exchanges(have, cost)
    inf_short, crew_short = i_from_w + i_from_c, w_from_i + w_from_c
    inf_spare = max(0, have.influence - cost.influence)
    crew_spare = max(0, have.crew - cost.crew)
    credits_needed = _credits_needed(have, cost)
    if credits_needed > have.credits:
        return None
    left = Bundle(have.credits - credits_needed,
                  inf_spare - w_from_i * INFLUENCE_PER_CREW if inf_short == 0 else 0,
                  crew_spare - i_from_w * CREW_PER_INFLUENCE if crew_short == 0 else 0)
    return Plan(*sold, i_from_w, i_from_c, w_from_i, w_from_c, left)


def afford(data: Mapping[str, Any]) -> Explained:
    have = Bundle(whole(data, "credits", 0, high=9999), whole(data, "influence", 0, high=9999),
                  whole(data, "crew", 0, high=9999))
    cost = Bundle(whole(data, "cost_credits", 0, high=9999),
                  whole(data, "cost_influence", 0, high=9999),
                  whole(data, "cost_crew", 0, high=9999))
    cards = whole(data, "cards", 0, high=20)
    steps = [Step(f"You hold {have.words()}; the plan costs {cost.words()}; {cards} card(s) "
                  "you are willing to sell.", None, "exchange"),
             Step("Only on your own turn: 2 credits → 1 crew or 1 influence; 3 crew → 1 "
                  "influence; 3 influence → 1 crew; a sold card → 1 of anything. Nothing else "
                  "becomes credits.", None, "exchange")]
    plan = plan_for(have, cost, cards)
    if plan is None:
        most = have + Bundle(cards * CARD_SALE)
        steps.append(says("exchange", "afford-search", "No mix of exchanges and card sales "
                          "pays for it this turn.", False))
        short = cost.credits - most.credits
        return Explained({"affordable": False, "plan": None,
                          "credits_short_at_least": max(0, short)}, tuple(steps),
                         "Not affordable this turn.")
    actions = []
    for n, what in ((plan.cards_credits, "credits"), (plan.cards_influence, "influence"),
                    (plan.cards_crew, "crew")):
        if n:
            actions.append(f"sell {n} card(s) for {what}")
            steps.append(Step(f"Sell {n} Operation card(s) for {Bundle(**{what: n}).words()}.",
                              n, "selling-cards"))
    for n, give, rate, get, rule in (
            (plan.influence_from_crew, "crew", CREW_PER_INFLUENCE, "influence", "exchange"),
            (plan.influence_from_credits, "credits", CREDITS_PER_INFLUENCE, "influence",
             "exchange"),
            (plan.crew_from_influence, "influence", INFLUENCE_PER_CREW, "crew", "exchange"),
            (plan.crew_from_credits, "credits", CREDITS_PER_CREW, "crew", "exchange")):
        if n:
            actions.append(f"exchange {n * rate} {give} for {n} {get}")
            steps.append(Step(f"Exchange {n * rate} {give} for {n} {get}.", n, rule))
    steps.append(says("exchange", "afford-choice", f"Pay {cost.words()}; left over: "
                      f"{plan.left.words()}.", plan.left.credits))
    keep = plan_for(have, cost, 0)
    if plan.cards and keep is not None:
        steps.append(Step(f"Without selling any card it is also affordable, leaving "
                          f"{keep.left.words()}.", keep.left.credits, "exchange"))
    result = {"affordable": True, "actions": actions, "cards_sold": plan.cards,
              "left": plan.left.to_json(),
              "without_selling": keep.left.to_json() if keep is not None else None}
    return Explained(result, tuple(steps), "Affordable: " + (
        "; ".join(actions) if actions else "pay straight away") + f". Left: {plan.left.words()}.")


EX_FORM = (
    OneOf("get", "Resource you want", TARGETS, "influence"),
    Integer("amount", "How many", 1, 999, 1),
)
AFFORD_FORM = (
    Integer("credits", "Credits you hold", 0, 9999, 0),
    Integer("influence", "Influence you hold", 0, 9999, 0),
    Integer("crew", "Crew you hold", 0, 9999, 0),
    Integer("cost_credits", "The plan costs: credits", 0, 9999, 0),
    Integer("cost_influence", "The plan costs: influence", 0, 9999, 0),
    Integer("cost_crew", "The plan costs: crew", 0, 9999, 0),
    Integer("cards", "Operation cards you are willing to sell", 0, 20, 0),
)

OPERATIONS: tuple[Operation, ...] = (
    Operation(
        slug="exchange",
        title="Resource exchange",
        summary="What some influence or crew costs in credits, in the other resource or in "
                "sold cards.",
        form=EX_FORM,
        run=exchange,
        example={"get": "influence", "amount": 3},
        rules=("exchange", "selling-cards"),
    ),
    Operation(
        slug="afford",
        title="Can I afford it?",
        summary="Whether you can pay for a plan this turn, and the exchanges and card sales "
                "that keep the most credits.",
        form=AFFORD_FORM,
        run=afford,
        example={"credits": 14, "influence": 2, "crew": 9, "cost_credits": 12,
                 "cost_influence": 6, "cards": 1},
        rules=("exchange", "selling-cards", "buying-bases"),
    ),
)
