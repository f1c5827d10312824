"""Assaults: the winning rolls and exact odds by reinforcements and fortification, the crew
spent, what the alert does, and the whole table of options for one target.

Rulebook: Assault Other Players' Bases (syndicate.txt:512-526); reinforcements
(syndicate.txt:353, 517); Military Installation cover (syndicate.txt:565).
"""
from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step
from assistant.games import Operation
from assistant.inputs import Flag, Integer, Text

from ..book import says
from ..checks import flag, optional, whole
from ..odds import FACES, show, words
from ..tables import (
    ACTION_DICE_EACH,
    ASSAULT_CREW_PLAIN,
    ASSAULT_CREW_REINFORCED,
    ASSAULT_FORTIFIED,
    ASSAULT_UNFORTIFIED,
    MAX_REINFORCEMENTS,
)
from .alert import failure_outcome

DERIVED = Provenance.DERIVED


def lowest_win(reinforcements: int, fortified: bool) -> int | None:
    """The lowest winning face, or None when the assault cannot succeed."""
    return (ASSAULT_FORTIFIED if fortified else ASSAULT_UNFORTIFIED)[reinforcements]


def assault_chance(reinforcements: int, fortified: bool) -> Fraction:
    low = lowest_win(reinforcements, fortified)
    return Fraction(0) if low is None else Fraction(sum(1 for f in FACES if f >= low), len(FACES))


def crew_needed(reinforcements: int) -> int:
    return ASSAULT_CREW_REINFORCED if reinforcements else ASSAULT_CREW_PLAIN


def option_table(fortified: bool) -> list[dict[str, Any]]:
    out = []
    for r in range(MAX_REINFORCEMENTS + 1):
        low = lowest_win(r, fortified)
        out.append({"reinforcements": r, "crew": crew_needed(r), "lowest_win": low,
                    "possible": low is not None, "success": show(assault_chance(r, fortified))})
    return out


def assault(data: Mapping[str, Any]) -> Explained:
    r = whole(data, "reinforcements", 0, low=0, high=MAX_REINFORCEMENTS)
    armed = optional(data, "armed_reinforcements", low=0, high=20)
    if armed is not None and r > armed:
        raise InvalidInput("reinforcements", f"You have {armed} ARMED reinforcement(s) this "
                           "round.", f"0 to {min(armed, MAX_REINFORCEMENTS)}")
    dice = whole(data, "armed_dice", ACTION_DICE_EACH, low=0, high=ACTION_DICE_EACH)
    if dice == 0:
        raise InvalidInput("armed_dice", "Both action dice are used this round; an assault "
                           "needs an ARMED die.", f"1 to {ACTION_DICE_EACH}")
    fortified, covered = flag(data, "fortified"), flag(data, "covered")
    defended = fortified or covered
    need = crew_needed(r)
    crew = optional(data, "crew", low=0, high=999)
    if crew is not None and crew < need:
        raise InvalidInput("crew", f"This assault puts {need} crew on the ship; you have {crew}.",
                           f"at least {need} crew, or fewer reinforcements"
                           if r else f"at least {need} crew")
    target = (data.get("target") or "").strip() or "the target base"
    steps = [Step(f"Assault on {target} with {r} reinforcement(s).", r, "assaults")]
    if armed is not None:
        steps.append(says("reinforcement", "per-level", f"ARMED reinforcements: {armed} (one "
                          "per assault level, less those used this round).", armed))
    if covered and not fortified:
        steps.append(Step("Covered by its owner's Military Installation: counts as fortified "
                          "against this assault.", None, "military-installation"))
    steps.append(Step(f"{need} crew on the Assault Ship, discarded win or lose.", need,
                      "assaults"))
    low = lowest_win(r, defended)
    p = assault_chance(r, defended)
    state = "fortified" if defended else "unfortified"
    article = "a" if defended else "an"
    if low is None:
        steps.append(says("assaults", "no-reinforcement", f"Against {article} {state} base an "
                          "assault needs at least 1 reinforcement: no roll wins.", 0))
    else:
        text = (f"Against {article} {state} base with {r} reinforcement(s) a roll of {low}"
                f"{'+' if low < 6 else ''} wins: {words(p)}.")
        steps.append(says("assaults", "no-reinforcement", text, low) if r == 0
                     else Step(text, low, "assaults"))
        steps.append(Step("A win takes the base unfortified; its research is wiped and no bonus "
                          "chip comes with it.", None, "assaults"))
    fail = failure_outcome(data, "assault")
    steps += fail.steps
    best = max(range(MAX_REINFORCEMENTS + 1), key=lambda k: (assault_chance(k, defended), -k))
    result = {"target": target, "fortified": defended, "reinforcements": r, "crew": need,
              "lowest_win": low, "possible": low is not None, "success": show(p),
              "failure": show(1 - p), "options": option_table(defended),
              "alert": fail.result}
    summary = (f"Assault ({state}, {r} reinforcement(s), {need} crew): {words(p)}."
               if low is not None else
               f"{article.capitalize()} {state} base cannot be taken without reinforcements; with "
               f"{best}: {words(assault_chance(best, defended))}.")
    return Explained(result, tuple(steps), summary)


FORM = (
    Integer("reinforcements", "Reinforcements you add (0-4)", 0, 4, 0),
    Flag("fortified", "The target base is fortified"),
    Flag("covered", "The target is covered by its owner's Military Installation"),
    Integer("armed_reinforcements", "Your ARMED reinforcements this round (optional check)",
            0, 20),
    Integer("crew", "Crew you hold (optional check)", 0, 999),
    Integer("armed_dice", "ARMED action dice you have", 0, 2, 2),
    Text("target", "Target base"),
    Integer("alert", "Alert level now", 1, 8),
    Integer("players", "Players (sets the alert maximum)", 2, 5),
    Flag("advanced", "Advanced rules (Sovereign Blockade)"),
    Text("destroyer_on", "Territory the Destroyer is on now"),
)

OPERATIONS: tuple[Operation, ...] = (
    Operation(
        slug="assault",
        title="Assault odds and crew",
        summary="Exact chance to take a base by reinforcements and fortification, the crew it "
                "spends and what it does to the alert.",
        form=FORM,
        run=assault,
        example={"reinforcements": 2, "fortified": True, "crew": 12},
        rules=("assaults", "reinforcement", "military-installation", "fortifying",
               "alert-level"),
    ),
)
