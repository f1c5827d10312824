"""Resource Collection, step by step: cards drawn, dice reset, income with crew upkeep paid
base by base (flipping what cannot be paid), research markers, the Black Market marker back,
the round marker and the First Player tile.

Rulebook: Phase 3: Resource Collection (syndicate.txt:475-487); Note on crew
(syndicate.txt:579-583); Mining Centers (syndicate.txt:561); Military Installations and
Research Stations (syndicate.txt:565-573); Blockade and taxes (syndicate.txt:635, 643-645).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step
from assistant.games import Operation
from assistant.inputs import Integer, IntList, ListOf, OneOf, Text

from ..book import says
from ..checks import choice, optional, whole
from ..tables import (
    ACTION_DICE_EACH,
    CARDS_DRAWN,
    CARDS_EXTRA_MAX,
    OPERATION_CARDS,
    ROUNDS_MAX,
    ZONE_COSTS,
    ZONES,
    Bundle,
    Zone,
)

DERIVED = Provenance.DERIVED
UNKNOWN = Provenance.UNKNOWN
STATUSES = ("working", "tax", "destroyer")
SPECIALS = ("none", "military", "research", "mining", "casino")
TAKE_BACK = ("auto", "tech", "assault", "none")


def cards_drawn(armed: int) -> int:
    """2 cards, plus 1 per ARMED die, at most 2 more (syndicate.txt:479)."""
    return CARDS_DRAWN + min(armed, CARDS_EXTRA_MAX)


@dataclass
class BaseIn:
    name: str
    zone: Zone
    status: str
    special: str
    mining_extra: int
    boxes: int | None
    filled: int
    covers: tuple[str, ...]


def _bases(raw: Sequence[Mapping[str, Any]]) -> list[BaseIn]:
    out: list[BaseIn] = []
    for i, item in enumerate(raw):
        name = (item.get("name") or "").strip() or f"Base {i + 1}"
        if any(b.name.casefold() == name.casefold() for b in out):
            raise InvalidInput(f"bases.{i}.name", f"Two bases are called {name!r}.",
                               "a different name per base (one base per territory)")
        zone = Zone(choice(item, "zone", tuple(z.value for z in ZONES), "exo"))
        special = choice(item, "special", SPECIALS, "none")
        boxes = optional(item, "research_boxes", low=1, high=12)
        filled = whole(item, "research_filled", 0, low=0, high=12)
        if boxes is not None and filled > boxes:
            raise InvalidInput(f"bases.{i}.research_filled", f"{name} has {boxes} research "
                               "boxes.", f"0 to {boxes}")
        covers = tuple(c.strip() for c in (item.get("covers") or "").split(",") if c.strip())
        out.append(BaseIn(name, zone, choice(item, "status", STATUSES, "working"), special,
                          whole(item, "mining_extra", 0, low=0, high=2), boxes, filled, covers))
    return out


def collection(data: Mapping[str, Any]) -> Explained:
    armed = whole(data, "armed_dice", 0, low=0, high=ACTION_DICE_EACH)
    held = Bundle(whole(data, "credits", 0, high=9999), whole(data, "influence", 0, high=9999),
                  whole(data, "crew", 0, high=9999))
    racket = Bundle(whole(data, "racket_credits", 0, high=99),
                    whole(data, "racket_influence", 0, high=99),
                    whole(data, "racket_crew", 0, high=99))
    bonus = Bundle(whole(data, "bonus_credits", 0, high=99),
                   whole(data, "bonus_influence", 0, high=99),
                   whole(data, "bonus_crew", 0, high=99))
    bases = _bases(data.get("bases") or ())
    n_cards = cards_drawn(armed)
    steps = [Step(f"1. Draw {CARDS_DRAWN} Operation cards + {min(armed, CARDS_EXTRA_MAX)} for "
                  f"ARMED dice = {n_cards}.", n_cards, "operation-cards-drawn"),
             Step("2. USED action dice and USED reinforcements go back to ARMED.", None,
                  "resource-collection"),
             Step(f"3. Racketeering income from your mat: {racket.words()}.", racket.credits,
                  "racketeering-income")]
    pot = held + racket
    if bonus != Bundle():
        pot = pot + bonus
        steps.append(says("resource-collection", "bonuses", f"   Syndicate, territory and "
                          f"trade-route bonuses: {bonus.words()}.", bonus.credits))
    choice_pool = 0
    flipped: list[dict[str, str]] = []
    working: list[BaseIn] = []
    for b in bases:
        if b.status != "working":
            why = "tax unpaid" if b.status == "tax" else "the Sovereign Destroyer is on it"
            flipped.append({"name": b.name, "reason": b.status})
            steps.append(says("flipped-base", "owes-crew", f"   {b.name}: flipped ({why}): no "
                              "income, no crew owed, no bonus.", 0))
    ordered = ([b for b in bases if b.status == "working" and not ZONE_COSTS[b.zone].upkeep]
               + [b for b in bases if b.status == "working" and ZONE_COSTS[b.zone].upkeep])
    for b in ordered:
        c = ZONE_COSTS[b.zone]
        if c.upkeep:
            short = max(0, c.upkeep - pot.crew)
            if short and short <= choice_pool:
                choice_pool -= short
                pot = pot + Bundle(crew=short)
                steps.append(says("mining-center", "crew-from-extras", f"   Take {short} of "
                                  f"the Mining Center extras as crew to keep {b.name} running.",
                                  short))
                short = 0
            if short:
                flipped.append({"name": b.name, "reason": "crew"})
                steps.append(says("crew-upkeep", "owner-chooses", f"   {b.name} "
                                  f"({b.zone.value.upper()}): needs {c.upkeep} crew, only "
                                  f"{pot.crew} available: flipped until the next Sovereign Card "
                                  "phase; it pays nothing.", pot.crew))
                continue
            pot = pot + Bundle(crew=-c.upkeep)
        gain = Bundle(c.income.credits, c.income.influence, max(0, c.income.crew))
        pot = pot + gain
        working.append(b)
        paid = f"pays {c.upkeep} crew, then " if c.upkeep else ""
        steps.append(says("crew-upkeep" if c.upkeep else "zones",
                          "owner-chooses" if c.upkeep else None,
                          f"   {b.name} ({b.zone.value.upper()}): {paid}collects "
                          f"{gain.words()}.", gain.credits))
        if b.special == "mining" and b.mining_extra:
            choice_pool += b.mining_extra
            steps.append(Step(f"   {b.name} is a Mining Center: {b.mining_extra} extra "
                              "resource(s) of your choice.", b.mining_extra, "mining-center"))
    lost = {b.name for b in bases} - {b.name for b in working}
    for b in bases:
        if b.name in lost and b.special == "military" and b.covers:
            steps.append(Step(f"   {b.name} is flipped: {', '.join(b.covers)} lose its "
                              "Military Installation cover until it turns back.", None,
                              "flipped-base"))
        if b.name in lost and b.special == "casino":
            steps.append(Step(f"   {b.name} is flipped: no Casino +1 until it turns back.", None,
                              "flipped-base"))
    research = []
    for b in bases:
        if b.special not in ("military", "research"):
            continue
        kind = "assault" if b.special == "military" else "tech"
        if b.name in lost:
            steps.append(Step(f"4. {b.name}: flipped, no research marker this round.", b.filled,
                              "flipped-base"))
            research.append({"name": b.name, "filled": b.filled, "boxes": b.boxes,
                             "full": False})
            continue
        filled = b.filled + 1 if b.boxes is None else min(b.boxes, b.filled + 1)
        full = b.boxes is not None and filled >= b.boxes
        text = f"4. {b.name}: research marker added ({filled}"
        text += f" of {b.boxes})." if b.boxes is not None else "; enter its box count)."
        if full:
            text += f" All full: on your next turn clear them for +1 {kind} level."
        steps.append(Step(text, filled, "research") if b.boxes
                     else says("research", "boxes", text, filled))
        research.append({"name": b.name, "filled": filled, "boxes": b.boxes, "full": full})
    markers = {"tech": whole(data, "tech_markers", 0, high=20),
               "assault": whole(data, "assault_markers", 0, high=20)}
    back = choice(data, "take_back", TAKE_BACK, "auto")
    if back == "auto":
        back = "tech" if markers["tech"] else "assault" if markers["assault"] else "none"
    if back != "none":
        if not markers[back]:
            raise InvalidInput("take_back", f"You have no marker on the {back} ladder.",
                               ", ".join(k for k, v in markers.items() if v) or "none")
        markers[back] -= 1
        steps.append(says("black-market", "take-back", f"5. Take back one marker from the "
                          f"{back} ladder.", markers[back]))
    else:
        steps.append(says("black-market", "take-back", "5. No Black Market marker to take "
                          "back.", 0))
    rnd = optional(data, "round", low=1, high=ROUNDS_MAX)
    if rnd is not None:
        steps.append(Step(f"6. Round marker: {rnd} → {rnd + 1}.", rnd + 1, "resource-collection"))
    else:
        steps.append(Step("6. Move the round marker on by one.", None, "resource-collection"))
    steps.append(Step("7. Pass the First Player tile clockwise.", None, "resource-collection"))
    if flipped:
        steps.append(Step("Bases flipped for crew or tax turn back at the start of the next "
                          "Sovereign Card phase.", len(flipped), "flipped-base"))
    result = {"cards_drawn": n_cards, "resources": pot.to_json(),
              "choice_resources": choice_pool, "flipped": flipped,
              "working": [b.name for b in working], "research": research,
              "black_market": markers, "next_round": rnd + 1 if rnd is not None else None}
    summary = (f"Draw {n_cards} cards; after collection {pot.words()}"
               + (f" + {choice_pool} of your choice" if choice_pool else "")
               + (f"; flipped: {', '.join(f['name'] for f in flipped)}" if flipped else "") + ".")
    return Explained(result, tuple(steps), summary)


def operation_cards(data: Mapping[str, Any]) -> Explained:
    armed: Sequence[int] = data.get("armed_dice") or ()
    if not armed:
        raise InvalidInput("armed_dice", "Give each player's ARMED dice left this round.",
                           f"one number per player, 0 to {ACTION_DICE_EACH}")
    counts = list(armed)
    for a in counts:
        if isinstance(a, bool) or not isinstance(a, int) or not 0 <= a <= ACTION_DICE_EACH:
            raise InvalidInput("armed_dice", f"{a!r} is not a number of ARMED dice.",
                               f"0 to {ACTION_DICE_EACH} per player")
    drawn = [cards_drawn(a) for a in counts]
    steps = [Step(f"Player {i + 1}: {a} ARMED die/dice left → {d} cards.", d,
                  "operation-cards-drawn") for i, (a, d) in enumerate(zip(counts, drawn,
                                                                          strict=True))]
    total = sum(drawn)
    result: dict[str, Any] = {"drawn": drawn, "total": total}
    deck = optional(data, "deck", low=0, high=OPERATION_CARDS)
    if deck is not None:
        text = f"Deck: {deck} → {deck - total} after this draw" + (
            " (it runs short: the book does not say what happens then)." if total > deck
            else ".")
        steps.append(says("resource-collection", "deck-short", text, deck - total)
                     if total > deck else Step(text, deck - total, "resource-collection"))
        result["deck_after"] = deck - total
    return Explained(result, tuple(steps), f"{total} Operation cards drawn: "
                     + ", ".join(map(str, drawn)) + ".")


BASE_FIELDS = (
    Text("name", "Base (territory) name"),
    OneOf("zone", "Zone", tuple(z.value for z in ZONES), "exo", required=True),
    OneOf("status", "working, flipped for tax, or under the Destroyer", STATUSES, "working"),
    OneOf("special", "Special attribute", SPECIALS, "none"),
    Integer("mining_extra", "Mining Center: extra resources (1 or 2, from your board)", 0, 2, 0),
    Integer("research_boxes", "Research boxes on this base (from your board)", 1, 12),
    Integer("research_filled", "Research boxes already filled", 0, 12, 0),
    Text("covers", "Military Installation: bases it covers, comma-separated"),
)
FORM = (
    Integer("armed_dice", "Your action dice still ARMED", 0, 2, 0),
    Integer("credits", "Credits you hold", 0, 9999, 0),
    Integer("influence", "Influence you hold", 0, 9999, 0),
    Integer("crew", "Crew you hold", 0, 9999, 0),
    Integer("racket_credits", "Racketeering credits (your mat)", 0, 99, 0),
    Integer("racket_influence", "Racketeering influence (your mat)", 0, 99, 0),
    Integer("racket_crew", "Racketeering crew (your mat)", 0, 99, 0),
    Integer("bonus_credits", "Other bonuses this round: credits", 0, 99, 0),
    Integer("bonus_influence", "Other bonuses this round: influence", 0, 99, 0),
    Integer("bonus_crew", "Other bonuses this round: crew", 0, 99, 0),
    ListOf("bases", "Your bases", BASE_FIELDS, max_items=18),
    Integer("tech_markers", "Your markers on the tech ladder", 0, 20, 0),
    Integer("assault_markers", "Your markers on the assault ladder", 0, 20, 0),
    OneOf("take_back", "Which Black Market marker to take back", TAKE_BACK, "auto"),
    Integer("round", "Current round", 1, 8),
)
CARDS_FORM = (
    IntList("armed_dice", "ARMED dice left, one number per player", minimum=0, maximum=2,
            min_items=1, max_items=5, required=True),
    Integer("deck", "Cards left in the Operation deck (optional)", 0, 78),
)

OPERATIONS: tuple[Operation, ...] = (
    Operation(
        slug="resource-collection",
        title="Resource Collection",
        summary="The seven steps of Resource Collection for one player: cards, income, crew "
                "upkeep and flipped bases, research, Black Market marker back.",
        form=FORM,
        run=collection,
        example={"armed_dice": 1, "credits": 3, "influence": 0, "crew": 2,
                 "racket_credits": 3, "racket_influence": 0, "racket_crew": 3,
                 "bases": [{"name": "EXO base", "zone": "exo"},
                           {"name": "MIDDLE installation", "zone": "middle", "special": "military",
                            "covers": "the bases on its red beams"}],
                 "round": 1},
        rules=("resource-collection", "operation-cards-drawn", "racketeering-income",
               "crew-upkeep", "flipped-base", "research", "black-market", "mining-center",
               "taxes", "sovereign-blockade", "trade-routes", "zones"),
    ),
    Operation(
        slug="operation-cards",
        title="Operation cards drawn",
        summary="Cards each player draws in Resource Collection (2, plus 1 per unused die).",
        form=CARDS_FORM,
        run=operation_cards,
        example={"armed_dice": [0, 1, 2], "deck": 66},
        rules=("operation-cards-drawn", "resource-collection"),
    ),
)
