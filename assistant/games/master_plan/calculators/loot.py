"""Loot claims at one Throwdown, and the instant-win check a plan's owner runs privately.

Rulebook: Phase 4: Loot (all-part-of-the-master-plan.txt:56-61); Goal (:15).

The claims answer is for the whole table and never needs anyone's Master Plan: after each
claim it tells the claimer to check their own plan; a declared instant win (verified on the
owner's phone with `instant-win`) stops the claims there. `instant-win` takes the plan's
requirements and is meant to run on the owner's own phone only.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step
from assistant.games import Operation
from assistant.inputs import Integer, ListOf, Text

from ..book import says
from ..common import bag, key, names_in, plural, split_list, text_field, unique_names

MAX_SURVIVORS = 40
MAX_LOOT = 30


@dataclass(frozen=True)
class Claimer:
    index: int
    name: str
    owner: str
    action: int
    tie_order: int
    takes: str


def _claimers(raw: Sequence[Mapping[str, Any]]) -> list[Claimer]:
    names = unique_names(raw, "survivors", what="Super")
    out: list[Claimer] = []
    for i, row in enumerate(raw):
        owner = text_field(row, "owner")
        if not owner:
            raise InvalidInput(f"survivors.{i}.owner", f"Say whose Super {names[i]} is.",
                               "the Mastermind's name")
        out.append(Claimer(i, names[i], owner, int(row["action_number"]),
                           int(row.get("tie_order") or 0), text_field(row, "takes")))
    by_number: dict[int, list[Claimer]] = {}
    for c in out:
        by_number.setdefault(c.action, []).append(c)
    for number, tied in by_number.items():
        orders = [c.tie_order for c in tied]
        if len(tied) > 1 and (0 in orders or len(set(orders)) != len(orders)):
            bad = next(c for c in tied if c.tie_order == 0 or orders.count(c.tie_order) > 1)
            raise InvalidInput(
                f"survivors.{bad.index}.tie_order",
                f"{', '.join(c.name for c in tied)} share Action Number {number}; the book does "
                "not say who claims first, so give each a different tie_order (1 claims first).",
                f"different numbers 1-{len(tied)}")
    return sorted(out, key=lambda c: (-c.action, c.tie_order))


def claims(data: Mapping[str, Any]) -> Explained:
    loot = split_list(data.get("loot"))
    if len(loot) > MAX_LOOT:
        raise InvalidInput("loot", f"{len(loot)} Loot is more than a Throwdown holds here.",
                           f"at most {MAX_LOOT}")
    order = _claimers(data.get("survivors") or [])
    declared = data.get("win_declared_at")
    if declared is not None and not 1 <= int(declared) <= min(len(order), len(loot)):
        raise InvalidInput("win_declared_at", f"There is no claim number {declared} here.",
                           f"1-{min(len(order), len(loot))}" if order and loot else "none")
    display: dict[str, str] = {}
    for item in loot:
        display.setdefault(key(item), item)
    left: Counter[str] = bag(loot)
    steps: list[Step] = [Step(
        f"Loot here: {', '.join(loot) or 'none'}. Claim order, highest Action Number first: "
        + (", ".join(f"{c.name} {c.action} ({c.owner})" for c in order) or "nobody") + ".",
        len(order), "loot-claims")]
    made: list[dict[str, Any]] = []
    gained: dict[str, list[str]] = {}
    status = "done"
    waiting: dict[str, Any] | None = None
    winner: dict[str, Any] | None = None
    for n, c in enumerate(order, start=1):
        if not +left:
            steps.append(Step(f"The Loot has run out: {', '.join(x.name for x in order[n - 1:])}"
                              " claim nothing.", 0, "loot-return"))
            break
        options = sorted((display[k] for k in left), key=str.casefold)
        if c.takes:
            if left[key(c.takes)] < 1:
                raise InvalidInput(f"survivors.{c.index}.takes", f"{c.takes!r} is not among "
                                   f"the Loot left when {c.name} claims.", ", ".join(options))
            pick, why = display[key(c.takes)], f"{c.owner}'s pick"
        elif len(options) == 1:
            pick, why = options[0], "the only type left"
        else:
            status = "waiting"
            waiting = {"claim": n, "super": c.name, "owner": c.owner, "options": options}
            steps.append(says("loot-claims", "pick", f"Claim {n}: {c.name} ({c.owner}) picks "
                              f"one of {', '.join(options)}; enter the pick to go on.", n))
            break
        left[key(pick)] -= 1
        gained.setdefault(c.owner, []).append(pick)
        made.append({"claim": n, "super": c.name, "owner": c.owner, "action_number": c.action,
                     "took": pick, "left": names_in(+left, display)})
        took = (f"Claim {n}: {c.name} (AN {c.action}) takes {pick} for {c.owner} ({why}). "
                f"{c.owner} checks their own Master Plan now.")
        steps.append(says("loot-claims", "pick", took, n) if c.takes
                     else Step(took, n, "loot-claims"))
        if declared is not None and int(declared) == n:
            status, winner = "instant-win", {"player": c.owner, "claim": n, "super": c.name}
            steps.append(Step(f"{c.owner} declares that this claim completes their Master Plan "
                              "(checked on their own phone): they reveal it and win; nothing "
                              "more is resolved.", n, "instant-win"))
            break
    returned = names_in(+left, display) if status == "done" else []
    if status == "done":
        steps.append(Step(f"Back to the Loot Bag: {', '.join(returned) or 'nothing'}. Discard "
                          "every Super at this Throwdown.", len(returned), "loot-return"))
    result: dict[str, Any] = {
        "status": status, "claim_order": [c.name for c in order], "claims": made,
        "gained": {o: sorted(v, key=str.casefold) for o, v in
                   sorted(gained.items(), key=lambda kv: kv[0].casefold())},
        "returned_to_bag": returned, "waiting_for": waiting, "instant_win": winner,
        "check_plan_after": [{"claim": m["claim"], "player": m["owner"]} for m in made],
    }
    if status == "instant-win" and winner:
        summary = (f"{winner['player']} completes their Master Plan at claim "
                   f"{winner['claim']} and wins.")
    elif status == "waiting" and waiting:
        summary = (f"Claim {waiting['claim']}: {waiting['super']} ({waiting['owner']}) picks "
                   f"from {', '.join(waiting['options'])}.")
    else:
        summary = "; ".join(f"{m['super']} → {m['took']}" for m in made) or "No claims"
        summary += f"; back to bag: {', '.join(returned) or 'nothing'}."
    return Explained(result, tuple(steps), summary)


def instant_win(data: Mapping[str, Any]) -> Explained:
    plan = split_list(data.get("plan"))
    if not plan:
        raise InvalidInput("plan", "Enter the Loot your Master Plan lists.",
                           "Loot types, comma-separated")
    held = split_list(data.get("holdings"))
    claimed = split_list(data.get("claimed"))
    need, before, after = bag(plan), bag(held), bag(held) + bag(claimed)
    display: dict[str, str] = {}
    for item in (*plan, *held, *claimed):
        display.setdefault(key(item), item)
    missing_before = need - before
    missing = need - after
    complete = not missing
    just_now = complete and bool(missing_before) and bool(claimed)
    asks = f"Your plan asks for {plural(len(plan), 'Loot', 'Loot')}: {', '.join(plan)}."
    steps = [
        says("instant-win", "repeats", asks, len(plan)) if len(bag(plan)) < len(plan)
        else Step(asks, len(plan), "master-plan"),
        Step(f"You hold {plural(sum(after.values()), 'Loot', 'Loot')}"
             + (f" (with {', '.join(claimed)} just claimed)" if claimed else "") + ".",
             sum(after.values()), "instant-win"),
    ]
    if complete:
        steps.append(Step("Every item your plan lists is covered: reveal your Master Plan now "
                          "and win." if just_now or not claimed else
                          "Every item is covered (it already was before this claim).",
                          True, "instant-win"))
    else:
        steps.append(Step(f"Still missing: {', '.join(names_in(missing, display))}.",
                          sum(missing.values()), "instant-win"))
    missing_names = names_in(missing, display)
    result = {"complete": complete, "completed_by_this_claim": just_now,
              "missing": missing_names,
              "covered": names_in(need - missing, display),
              "private": True}
    summary = ("Plan complete: reveal it and win!" if complete
               else f"Not yet: missing {', '.join(missing_names)}.")
    return Explained(result, tuple(steps), summary)


SURVIVOR_FIELDS = (
    Text("name", "The surviving Super", max_length=40, required=True),
    Text("owner", "Its Mastermind", max_length=40, required=True),
    Integer("action_number", "Its Action Number", minimum=0, maximum=999, required=True),
    Integer("tie_order", "Only if another survivor has the same Action Number: the table's "
            "order (1 claims first)", minimum=1, maximum=MAX_SURVIVORS),
    Text("takes", "The Loot type its player picks (blank: the answer stops and lists the "
         "choices, unless only one type is left)", max_length=40),
)
CLAIMS_FORM = (
    Text("loot", "The Loot on this Throwdown, comma-separated (e.g. Gem, Gem, Idol)",
         max_length=400),
    ListOf("survivors", "The Supers left after the battle", SURVIVOR_FIELDS,
           max_items=MAX_SURVIVORS),
    Integer("win_declared_at", "Optional: the claim number at which its claimer declared an "
            "instant win (checked on their own phone)", minimum=1, maximum=MAX_SURVIVORS),
)
WIN_FORM = (
    Text("plan", "Private: the Loot your Master Plan lists, comma-separated", max_length=400,
         required=True),
    Text("holdings", "The Loot you hold, comma-separated", max_length=400),
    Text("claimed", "Optional: the Loot you have just claimed", max_length=100),
)

OPERATIONS: tuple[Operation, ...] = (
    Operation(
        slug="loot-claims",
        title="Loot claims",
        summary="Who claims which Loot, highest Action Number first, with a plan check for "
                "the claimer after every claim and what goes back to the bag.",
        form=CLAIMS_FORM,
        run=claims,
        example={"loot": "Gem, Idol, Gem", "survivors": [
            {"name": "Mind", "owner": "Cat", "action_number": 7, "takes": "Idol"},
            {"name": "Hex", "owner": "Ben", "action_number": 5, "takes": "Gem"}]},
        rules=("loot-claims", "instant-win", "loot-return", "empty-throwdown",
               "throwdown-order"),
    ),
    Operation(
        slug="instant-win",
        title="Instant-win check (your phone only)",
        summary="Does the Loot you hold now cover your secret Master Plan? Run it on your own "
                "phone: the plan never leaves it.",
        form=WIN_FORM,
        run=instant_win,
        example={"plan": "Gem, Idol, Crown", "holdings": "Gem, Crown, Gem", "claimed": "Idol"},
        rules=("instant-win", "master-plan", "hidden-information", "goal"),
    ),
)
