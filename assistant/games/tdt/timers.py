"""Stage timers for Tomorrow Dies Today, read from the rules reference's key numbers
(Round Structure: stage-timers, round-structure), so the minutes live in one place."""
from __future__ import annotations

from assistant.rules import RuleBook
from assistant.timers import StageTimer, minutes


def stage_timers(rules: RuleBook) -> tuple[StageTimer, ...]:
    """Scheming, Villainy and Monologuing as the rulebook recommends."""
    entry = rules.get("stage-timers")
    phases = int(minutes(rules.get("round-structure"), "villainy-phases"))
    return (
        StageTimer("scheming", "Scheming", fixed=minutes(entry, "scheming")),
        StageTimer("villainy", "Villainy",
                   per_player=minutes(entry, "villainy-per-phase-per-player"), phases=phases,
                   per_conflict=minutes(entry, "villainy-per-conflict")),
        StageTimer("monologuing", "Monologuing",
                   per_player=minutes(entry, "monologuing-per-player")),
    )
