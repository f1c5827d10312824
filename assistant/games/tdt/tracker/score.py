"""The final score of a tracked game: the state handed to the scoring code of the game."""
from __future__ import annotations

from assistant.explain import Explained

from .. import scoring
from .events import ObjectiveKind
from .setup import SessionSetup
from .state import State

_CLAIMED = (ObjectiveKind.SIDE_JOB, ObjectiveKind.DISLOYAL_SIDE_JOB, ObjectiveKind.DIRECTIVE,
            ObjectiveKind.GLOBAL_EVENT)


def henchmen(setup: SessionSetup, state: State) -> list[scoring.Henchman]:
    """One scoring record per Named Henchman (Goodman is not scored)."""
    out = []
    for seat in setup.henchmen:
        s = state.seat(seat.id)
        out.append(scoring.Henchman(
            name=seat.name, vp_goodman=s.vp_goodman, vp_objectives=s.vp_objectives,
            vp_nefarious=s.vp_nefarious, vp_other=s.vp_other,
            objectives_completed=s.count(*_CLAIMED),
            disloyal_side_jobs=s.count(ObjectiveKind.DISLOYAL_SIDE_JOB),
            resources=s.resources, gadgets=s.gadgets, triggers=len(s.triggers),
            team_leader_trigger=1 in s.triggers, betrayer=state.betrayer == seat.id,
            team=seat.team))
    return out


def final_score(setup: SessionSetup, state: State) -> Explained:
    """Totals, ranking and outcome, provisional until the game has ended."""
    report = scoring.score(setup.mode.value, henchmen(setup, state),
                           plan_completed=state.doomsday_completed, clock=state.clock)
    return Explained(scoring.report_json(report), report.steps,
                     scoring.summarise(report).share_text())
