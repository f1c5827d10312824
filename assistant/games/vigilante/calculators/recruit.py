"""Recruit a Hero: Influence from discarded cards against the cost, no carry-over, the lowest
open slot, the 4-Hero limit; Mercenaries. Rulebook: Recruit a Hero (vigilante.txt:538-556);
Overlooked Rules (:700-714); Mercenaries (:668-674)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step
from assistant.games import Operation
from assistant.inputs import Flag, Integer, IntList, ListOf, OneOf, Text

from ..book import says

SLOTS = 4
FULL_TEAM_MERCENARY = ("ask", "allow", "refuse")


def least_waste(values: Sequence[int], cost: int) -> tuple[int, ...] | None:
    """Indices of the cards whose Influence reaches `cost` with the least surplus, then the
    fewest cards, then the earliest cards; None if the whole hand falls short."""
    best: dict[int, tuple[int, ...]] = {0: ()}
    for i, v in enumerate(values):
        for total, chosen in list(best.items()):
            new, pick = total + v, (*chosen, i)
            old = best.get(new)
            if old is None or (len(pick), pick) < (len(old), old):
                best[new] = pick
    reachable = sorted(t for t in best if t >= cost)
    return best[reachable[0]] if reachable else None


def recruit(data: Mapping[str, Any]) -> Explained:
    cards = list(data.get("cards") or [])
    cost = int(data["cost"])
    occupied = sorted({int(s) for s in (data.get("occupied") or [])})
    if any(not 1 <= s <= SLOTS for s in occupied):
        raise InvalidInput("occupied", "Hero slots are numbered 1 to 4.", "slots 1-4")
    mercenary = bool(data.get("mercenary", False))
    policy = str(data.get("full_team_mercenary") or "ask")
    values = [int(c.get("influence") or 0) for c in cards]
    names = [str(c.get("name") or f"card {i + 1}") for i, c in enumerate(cards)]
    steps: list[Step] = []
    empty = [s for s in range(1, SLOTS + 1) if s not in occupied]
    slot = empty[0] if empty else None
    allowed: bool | None = True
    if mercenary:
        steps.append(Step("A Mercenary is paid for like a Hero but joins no team: use its "
                          "one-time ability, then discard it.", None, "variant-mercenaries"))
        if slot is None:
            allowed = {"ask": None, "allow": True, "refuse": False}[policy]
            steps.append(says("variant-mercenaries", "full-team", "All 4 slots are full: "
                              "whether you may still buy a Mercenary is "
                              + {"ask": "for your table to decide.",
                                 "allow": "allowed by your table's ruling.",
                                 "refuse": "refused by your table's ruling."}[policy]))
        slot = None
    elif slot is None:
        allowed = False
        steps.append(Step("All 4 slots are full: you may not recruit.", SLOTS,
                          "action-recruit"))
    else:
        steps.append(Step(f"Occupied slots: {', '.join(map(str, occupied)) or 'none'}; the "
                          f"Hero goes into the lowest empty slot, {slot}, and never moves.",
                          slot, "hero-slots"))
    flagged = [i for i, c in enumerate(cards) if c.get("discard")]
    if flagged:
        chosen: tuple[int, ...] | None = tuple(flagged)
        paid = sum(values[i] for i in flagged)
        steps.append(Step(f"Cards you discard: {', '.join(names[i] for i in flagged)} = "
                          f"{paid} Influence against a cost of {cost}.", paid,
                          "action-recruit"))
        if paid < cost:
            steps.append(Step(f"{paid} is short of {cost} by {cost - paid}: not enough.",
                              cost - paid, "action-recruit"))
    else:
        chosen = least_waste(values, cost)
        if chosen is None:
            allowed = False
            steps.append(Step(f"Your whole hand is worth {sum(values)} Influence, less than the "
                              f"cost of {cost}.", sum(values), "action-recruit"))
        else:
            paid = sum(values[i] for i in chosen)
            steps.append(Step(f"Cheapest way to pay {cost}: "
                              f"{', '.join(names[i] for i in chosen) or 'no cards'} = {paid}.",
                              paid, "action-recruit"))
    paid = sum(values[i] for i in chosen) if chosen is not None else 0
    lost = max(0, paid - cost) if chosen is not None and paid >= cost else 0
    if chosen is not None and paid >= cost:
        steps.append(Step(f"Surplus {lost} Influence is lost; nothing carries over to another "
                          "action, and one action recruits one Hero.", lost, "action-recruit"))
    affordable = chosen is not None and paid >= cost
    ok = False if not affordable else allowed
    discard = [names[i] for i in chosen] if chosen is not None else []
    result: dict[str, Any] = {"allowed": ok, "affordable": affordable, "cost": cost,
              "discard": discard,
              "influence_paid": paid if chosen is not None else 0, "influence_lost": lost,
              "slot": slot if ok else None, "mercenary": mercenary,
              "hand_influence": sum(values)}
    verdict = {True: "can recruit", False: "cannot recruit", None: "table to rule"}[ok]
    why = ""
    if affordable and ok is False:
        why = " (all 4 slots are full)" if not mercenary else " (your table's ruling)"
    summary = (f"Cost {cost}: {verdict}{why}"
               + (f", pay with {', '.join(discard) or 'no cards'} ({paid}, {lost} lost)"
                  if affordable and ok is not False else "")
               + (f", into slot {slot}" if ok and slot else "") + ".")
    return Explained(result, tuple(steps), summary)


CARD_FIELDS = (
    Text("name", "Card name (optional)"),
    Integer("influence", "Its Influence value", minimum=0, maximum=99, required=True),
    Flag("discard", "Tick the cards you mean to discard (none ticked: we suggest)"),
)
FORM = (
    ListOf("cards", "City and Agency cards in your hand", CARD_FIELDS, max_items=30),
    Integer("cost", "The Hero's (or Mercenary's) Influence cost", minimum=0, maximum=99,
            required=True),
    IntList("occupied", "Slots holding an undefeated Hero, e.g. 1,2", minimum=1,
            maximum=SLOTS, max_items=SLOTS),
    Flag("mercenary", "The card is a Mercenary (variant)"),
    OneOf("full_team_mercenary", "Your table's ruling: may a full team buy a Mercenary?",
          FULL_TEAM_MERCENARY, default="ask"),
)

OPERATIONS: tuple[Operation, ...] = (
    Operation(
        slug="recruit", title="Recruit a Hero",
        summary="Whether your hand pays the Influence cost, the cheapest cards to discard, the "
                "Influence lost and the slot the Hero takes.",
        form=FORM, run=recruit,
        example={"cards": [{"name": "A", "influence": 3}, {"name": "B", "influence": 2},
                           {"name": "C", "influence": 4}], "cost": 5, "occupied": [1]},
        rules=("action-recruit", "hero-slots", "city-cards", "variant-mercenaries",
               "setup-hero-market"),
    ),
)
