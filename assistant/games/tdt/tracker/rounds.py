"""The round as the rulebook runs it (Round, Stages, and Action Order): Scheming, three
Villainy Phases, Monologuing, then The World Reacts moves the Doomsday Clock and the next
round begins. What the rules allow depends on where the round stands; `guard` refuses the
rest, citing the rule. Endgame and Scoring (Nefarious Plans revealed) closes the game.

Readings we chose:
- Side Jobs and Goodman Directives are claimed in Monologuing (Complete Side Jobs, Complete
  Goodman Directives); a Global Event is solved outside Monologuing (Global Events).
- Voluntary betrayal happens in Tithe to Goodman, forced betrayal in Goodman's Plotting, and
  Goodman declares his plan complete in his Plotting: all in Monologuing (Cutthroat).
- A Syndicate table's plan may be complete at any time; the game ends at Goodman's Plotting
  Actions (Monologuing) when nobody in play has 3 or more counted triggers.
- The clock reaching 0, by The World Reacts or a correction, ends the game at once (The Clock
  Reaches 0); in Mayhem it goes to Endgame and Scoring, in Cutthroat and Syndicate it is over.
- Syndicate and Mayhem pass the Team Leader token at Goodman's Plotting Actions: to the next
  Named Henchman in seat order (Syndicate), to the next team's next player (Mayhem, teams
  alternating). Cutthroat's token moves only when Goodman (or an effect) gives it.
"""
from __future__ import annotations

from assistant.errors import InvalidInput
from assistant.explain import Explained
from assistant.tracker.chain import evolve as replace

from .. import scoring
from ..calculators.clock import world_reacts
from ..modes import PlayMode
from .events import Event, EventKind, ObjectiveKind, Stage
from .setup import SessionSetup
from .state import State

PHASES = 3
"""The Villainy Stage is played three times a round (Villainy › Phases)."""

_STAGE_WORDS = {Stage.SCHEMING: "Scheming", Stage.MONOLOGUING: "Monologuing",
                Stage.ENDGAME: "Endgame and Scoring", Stage.OVER: "the game is over"}


def now(state: State) -> str:
    """Where the round stands, as the page shows it: "Round 2 · Villainy, Phase 1"."""
    if state.stage is Stage.OVER:
        return "The game is over"
    if state.stage is Stage.ENDGAME:
        return "Endgame and Scoring"
    where = (f"Villainy, Phase {state.phase}" if state.stage is Stage.VILLAINY
             else _STAGE_WORDS[state.stage])
    return f"Round {state.round} · {where}"


def working(answer: Explained) -> str:
    """A calculator's steps as lines for the event's record."""
    return "\n".join(f"{s.text}" + (f" [{s.rule}]" if s.rule else "") for s in answer.steps)


# --- what each stage allows ----------------------------------------------------------------

def guard(setup: SessionSetup, state: State, event: Event) -> None:
    """InvalidInput when the rules forbid `event` at this point of the round."""
    k = EventKind
    stage = state.stage
    if event.kind is k.NOTE:
        return
    if stage is Stage.OVER:
        raise InvalidInput("kind", "The game is over (the clock reached 0, or the score was "
                           "made final): nothing more is played. Undo takes back the last "
                           "change.", "a note")
    if event.kind is k.OBJECTIVE:
        _objective(setup, state, event)
    elif event.kind is k.BETRAYAL:
        rule = ("Goodman forces a Henchman out during his Plotting (rule force-betrayal)"
                if event.forced else "A Henchman betrays on their turn of Tithe to Goodman "
                "(rule betrayal-eligibility)")
        _in(state, Stage.MONOLOGUING, "kind", f"{rule}, in Monologuing")
    elif event.kind is k.DOOMSDAY_COMPLETED and setup.mode is PlayMode.CUTTHROAT:
        _in(state, Stage.MONOLOGUING, "kind", "General Goodman declares his Doomsday Plan "
            "complete during his Plotting Actions (rule goodman-plotting-cutthroat), in "
            "Monologuing")
    elif event.kind is k.MISSION:
        _in(state, Stage.VILLAINY, "kind", "Missions are completed in a Villainy Phase (rule "
            "complete-missions)")
    elif event.kind is k.CONFLICT:
        _in(state, Stage.VILLAINY, "kind", "Conflicts happen in a Villainy Phase, after "
            "Deployment (rule conflict-resolution)")
    elif event.kind is k.DEPLOY:
        _in(state, Stage.VILLAINY, "kind", "Squads are funded and deployed in a Villainy "
            "Phase (rule fund-deployment)")
    elif event.kind in (k.GADGET, k.HIRE):
        what = ("A Gadget is built during Coordination (rule build-gadgets)"
                if event.kind is k.GADGET else "A Named Henchman is hired with a Plotting "
                "action (rule hire-named-henchman)")
        _in(state, Stage.SCHEMING, "kind", f"{what}, in Scheming")
    elif stage is Stage.ENDGAME and event.kind in (k.CLOCK, k.DOOMSDAY_COMPLETED,
                                                   k.DOOMSDAY_REVEALED):
        raise InvalidInput("kind", "The game is in Endgame and Scoring: the clock and the "
                           "Doomsday Plan no longer change (rule scoring-cutthroat).",
                           "Nefarious Plans, corrections, then Next step")


def _in(state: State, stage: Stage, field: str, rule: str) -> None:
    if state.stage is not stage:
        raise InvalidInput(field, f"{rule}; the game is at {now(state)}.",
                           _STAGE_WORDS.get(stage, stage.value))


def _objective(setup: SessionSetup, state: State, event: Event) -> None:
    kind = event.objective or ObjectiveKind.SIDE_JOB
    stage = state.stage
    if kind is ObjectiveKind.NEFARIOUS_PLAN:
        _in(state, Stage.ENDGAME, "objective", "Nefarious Plans are revealed at Endgame and "
            "Scoring (rule scoring-cutthroat, scoring-mayhem)")
    elif kind is ObjectiveKind.GLOBAL_EVENT:
        if stage in (Stage.MONOLOGUING, Stage.ENDGAME):
            raise InvalidInput("objective", "A Global Event counts only when it is solved "
                               "outside the Monologuing Stage (rule global-events-reveal); the "
                               f"game is at {now(state)}.", "Scheming or Villainy")
    else:
        what = ("Goodman Directives are claimed in Complete Goodman Directives (rule "
                "goodman-directives-claiming)" if kind is ObjectiveKind.DIRECTIVE else
                "Side Jobs are claimed in Complete Side Jobs (rule side-jobs-claiming)")
        _in(state, Stage.MONOLOGUING, "objective", f"{what}, in Monologuing")
    if kind is ObjectiveKind.DIRECTIVE and event.title:
        title = event.title.strip().casefold()
        for seat in state.seats:
            for o in seat.objectives:
                if o.kind is kind and (o.title or "").strip().casefold() == title:
                    raise InvalidInput("title", f"Each Goodman Directive is claimed once "
                                       f"(rule goodman-directives-claiming); "
                                       f"{setup.seat(seat.id).name} already claimed "
                                       f"'{o.title}'.", "a Directive not yet claimed")


# --- the round moving on -------------------------------------------------------------------

def advance(setup: SessionSetup, state: State) -> tuple[State, dict[str, object]]:
    """The next step of the round, and the fields its event records."""
    if state.stage is Stage.SCHEMING:
        return _to(state, Stage.VILLAINY, 1, f"Round {state.round}: Villainy, Phase 1 "
                   "(Staging Markers revealed)")
    if state.stage is Stage.VILLAINY and state.phase < PHASES:
        return _to(state, Stage.VILLAINY, state.phase + 1,
                   f"Round {state.round}: Villainy, Phase {state.phase + 1}")
    if state.stage is Stage.VILLAINY:
        return _to(state, Stage.MONOLOGUING, 0, f"Round {state.round}: Monologuing")
    if state.stage is Stage.ENDGAME:
        return _to(state, Stage.OVER, 0, "Endgame and Scoring done: the score is final")
    return _round_ends(setup, state)


def _to(state: State, stage: Stage, phase: int, text: str) -> tuple[State, dict[str, object]]:
    new = replace(state, stage=stage, phase=phase, deployed=frozenset(), attacked=frozenset())
    return new, {"stage": stage, "round": new.round, "phase": phase, "text": text}


def _round_ends(setup: SessionSetup, state: State) -> tuple[State, dict[str, object]]:
    """Goodman's Plotting Actions (Syndicate's end check, the Team Leader token), then The
    World Reacts (the clock calculator) and the next round."""
    mode = setup.mode
    if mode is PlayMode.SYNDICATE and state.doomsday_completed:
        blockers = _blockers(setup, state)
        if not blockers:
            text = ("Goodman's Plotting Actions: the Doomsday Plan is complete and nobody in "
                    "play has 3 or more counted Betrayal Triggers: the table wins "
                    "(rule ending-syndicate)")
            new = replace(state, stage=Stage.OVER, phase=0)
            return new, {"stage": Stage.OVER, "round": state.round, "phase": 0, "text": text,
                         "working": text}
    lines: list[str] = []
    lead = ""
    leader = state.team_leader
    if mode is not PlayMode.CUTTHROAT and leader is not None:
        leader = next_leader(setup, leader)
        lead = f"Team Leader token to {setup.seat(leader).name}. "
        lines.append(f"Goodman's Plotting Actions: the Team Leader token passes to "
                     f"{setup.seat(leader).name} [team-leader-passing]")
    answer = world_reacts(mode, state.clock, state.doomsday_revealed, setup.global_events,
                          state.betrayer is not None)
    after = int(answer.result["clock_after"])
    if after > 0:
        new = replace(state, clock=after, round=state.round + 1, stage=Stage.SCHEMING,
                      phase=0, hires=0, team_leader=leader)
        text = f"{lead}The World Reacts: {answer.summary} Round {new.round}: Scheming"
    else:
        end = Stage.ENDGAME if mode is PlayMode.MAYHEM else Stage.OVER
        new = replace(state, clock=0, stage=end, phase=0, team_leader=leader)
        text = f"{lead}The World Reacts: {answer.summary}"
    return new, {"stage": new.stage, "round": new.round, "phase": 0, "to": after,
                 "seat": leader, "text": text[:400],
                 "working": "\n".join([*lines, working(answer)])[:2000]}


def _blockers(setup: SessionSetup, state: State) -> list[str]:
    """Syndicate: henchmen whose counted triggers stop the end (the scoring code's count)."""
    from .score import henchmen  # score imports this module's `now` for the page

    return [h.name for h in henchmen(setup, state)
            if scoring.counted_triggers(h, setup.mode) >= scoring.SYNDICATE_BLOCKING_TRIGGERS]


def turn_order(setup: SessionSetup) -> list[str]:
    """Seat ids in the order the Team Leader token travels: seat order, and in Mayhem the
    teams alternating (Mayhem turn order: the next team's next player)."""
    seats = list(setup.henchmen)
    if setup.mode is not PlayMode.MAYHEM:
        return [s.id for s in seats]
    teams: dict[str, list[str]] = {}
    for s in seats:
        teams.setdefault((s.team or "").casefold(), []).append(s.id)
    lines = list(teams.values())
    return [line[i] for i in range(max(map(len, lines))) for line in lines if i < len(line)]


def next_leader(setup: SessionSetup, leader: str) -> str:
    order = turn_order(setup)
    return order[(order.index(leader) + 1) % len(order)] if leader in order else leader


def clock_reached_zero(setup: SessionSetup, state: State) -> State:
    """A correction that puts the clock on 0 ends the game as The World Reacts would."""
    if state.clock != 0 or state.stage in (Stage.ENDGAME, Stage.OVER):
        return state
    end = Stage.ENDGAME if setup.mode is PlayMode.MAYHEM else Stage.OVER
    return replace(state, stage=end, phase=0)

