"""Defaulting on taxes: which bases flip when the Tax card cannot be paid in full.

Rulebook: Phase 2 (syndicate.txt:462); Part IV: Defaulting on Taxes (syndicate.txt:641-645).
The Tax card charges credits for each base owned; a base whose tax cannot be afforded is
flipped, earns nothing and gives no bonus through the Resource Collection and the next Player
Turn, and turns back at the start of the next Sovereign Card phase. The amounts are on the
card. Which bases go unpaid is not said: the owner chooses, by the order the bases are listed
(the same reading as crew upkeep, rules entry crew-upkeep).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step
from assistant.games import Operation
from assistant.inputs import Integer, ListOf, Text

from ..book import says
from ..checks import optional, whole

MAX_BASES = 18


def tax_default(data: Mapping[str, Any]) -> Explained:
    credits = whole(data, "credits", None, low=0, high=99999)
    raw = list(data.get("bases") or [])
    if not raw:
        raise InvalidInput("bases", "List your bases with the tax the card asks for each.",
                           f"1 to {MAX_BASES} bases")
    if len(raw) > MAX_BASES:
        raise InvalidInput("bases", "More bases than the board holds.", f"at most {MAX_BASES}")
    same = optional(data, "tax_per_base", low=0, high=999)
    left = credits
    paid: list[str] = []
    flipped: list[str] = []
    steps = [Step(f"You hold {credits} credits; the Tax card charges each base you own "
                  "(amounts on the card).", credits, "taxes"),
             says("taxes", "owner-chooses", "Bases are paid in the order you list them, so "
                  "list first the ones you most want to keep.", len(raw))]
    names: set[str] = set()
    for i, base in enumerate(raw):
        name = str(base.get("name") or f"Base {i + 1}").strip()
        if name.casefold() in names:
            raise InvalidInput(f"bases.{i}.name", f"{name} is listed twice.", "different names")
        names.add(name.casefold())
        tax = base.get("tax")
        if tax is None:
            if same is None:
                raise InvalidInput(f"bases.{i}.tax", f"Enter the tax the card asks for {name} "
                                   "(or one amount for every base).", "credits, 0 or more")
            tax = same
        tax = whole({"tax": tax}, "tax", low=0, high=999)
        if tax <= left:
            left -= tax
            paid.append(name)
            steps.append(Step(f"{name}: pay {tax} → {left} credits left.", left, "taxes"))
        else:
            flipped.append(name)
            steps.append(Step(f"{name}: {tax} is more than the {left} left: the base flips.",
                              tax, "taxes"))
    if flipped:
        steps.append(Step(f"Flipped: {', '.join(flipped)}. Through this round's Resource "
                          "Collection and the next Player Turn they earn nothing and give no "
                          "bonus; they turn back up when the next Sovereign Card phase starts.",
                          len(flipped), "flipped-base"))
        steps.append(Step("A pardon (bought before the card is resolved) would have spared "
                          "you the card altogether.", None, "pardon"))
    result = {"paid": paid, "flipped": flipped, "credits_after": left,
              "credits_paid": credits - left}
    summary = (f"Pay for {len(paid)} base(s), {credits - left} credits; "
               + (f"flip {', '.join(flipped)}." if flipped else "nothing flips."))
    return Explained(result, tuple(steps), summary)


BASE = (
    Text("name", "Base (territory)", max_length=40),
    Integer("tax", "Tax the card asks for this base (credits)", 0, 999),
)

OPERATIONS: tuple[Operation, ...] = (
    Operation(
        slug="tax-default",
        title="Tax default: which bases flip",
        summary="Pays the Tax card base by base in the order you choose and says which bases "
                "flip, and until when, when the credits run out.",
        form=(
            Integer("credits", "Credits you hold", 0, 99999, required=True),
            Integer("tax_per_base", "Tax per base, if the card asks the same for every base",
                    0, 999),
            ListOf("bases", "Your bases, the ones you most want to keep first", BASE,
                   min_items=1, max_items=MAX_BASES, required=True),
        ),
        run=tax_default,
        example={"credits": 7, "tax_per_base": 3,
                 "bases": [{"name": "Ceto"}, {"name": "Etna"}, {"name": "Goshen"}]},
        rules=("taxes", "flipped-base", "pardon", "sovereign-card-phase"),
    ),
)
