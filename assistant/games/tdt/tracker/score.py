"""The final score of a tracked game: the state handed to the scoring code of the game."""
from __future__ import annotations

from assistant.explain import Explained, Step
from assistant.tracker import Standing, table_score

from .. import scoring
from ..modes import GOODMAN, PlayMode
from .forms import ObjectiveKind, Stage
from .setup import SessionSeat, SessionSetup
from .state import SeatState, State

_CLAIMED = (ObjectiveKind.SIDE_JOB, ObjectiveKind.DISLOYAL_SIDE_JOB, ObjectiveKind.DIRECTIVE,
            ObjectiveKind.GLOBAL_EVENT)


def henchmen(setup: SessionSetup, state: State) -> list[scoring.Henchman]:
    """One scoring record per Named Henchman (Goodman is not scored)."""
    return [henchman(seat, state.seat(seat.id), state.betrayer == seat.id)
            for seat in setup.henchmen]


def henchman(seat: SessionSeat, s: SeatState, betrayer: bool) -> scoring.Henchman:
    """A Named Henchman's scoring record: their seat's state, and whether they betrayed."""
    return scoring.Henchman(
        name=seat.name, vp_goodman=s.vp_goodman, vp_objectives=s.vp_objectives,
        vp_nefarious=s.vp_nefarious, vp_other=s.vp_other,
        objectives_completed=s.count(*_CLAIMED),
        disloyal_side_jobs=s.count(ObjectiveKind.DISLOYAL_SIDE_JOB),
        resources=s.resources, gadgets=s.gadgets, triggers=len(s.triggers),
        team_leader_trigger=1 in s.triggers, betrayer=betrayer, team=seat.team)


def finished(setup: SessionSetup, state: State) -> bool:
    """The rules have ended the game: the round reached its end (Endgame and Scoring closed,
    the clock at 0, Syndicate's win); a plain ledger, once its score is no longer "in
    progress"."""
    if setup.rounds:
        return state.stage is Stage.OVER
    return bool(final_score(setup, state, False).result["outcome"]["kind"]
                not in ("in-progress", "blocked"))


def final_score(setup: SessionSetup, state: State, final: bool) -> Explained:
    """The scoring calculator's answer with each seat's standing; provisional until `final`
    (the rules have ended the game)."""
    report = scoring.score(setup.mode.value, henchmen(setup, state),
                           plan_completed=state.doomsday_completed, clock=state.clock)
    answer = Explained(scoring.report_json(report), report.steps,
                       scoring.summarise(report).share_text())
    return table_score(answer, standings(setup, state, report), final=final,
                       points=setup.mode is not PlayMode.SYNDICATE,
                       headline=headline(report.outcome) if final else "")


def headline(outcome: scoring.Outcome) -> str:
    """The outcome in one sentence, who wins first (the calculator's text runs to three
    sentences where Goodman wins)."""
    kind = scoring.OutcomeKind
    if outcome.kind is kind.GOODMAN_WINS:
        top = " and ".join(outcome.top)
        lead = (f"{top} are level for the victory among his henchmen (a duel at dawn)"
                if outcome.unresolved else f"{top} is the victor among his henchmen")
        return f"General Goodman wins: his Doomsday Plan was completed before the clock " \
               f"reached 0, and {lead}."
    if outcome.kind is kind.ORGANIZATION_LOST:
        return "Nobody wins: the clock reached 0 with no Betrayer, so the authorities caught " \
               "Goodman's organization."
    if outcome.kind is kind.TABLE_LOSES:
        return "Nobody wins: the clock reached 0 and the authorities shut the operation down."
    if outcome.kind is kind.BETRAYER_WINS:
        return f"{outcome.winners[0]}, the Betrayer, wins: the clock reached 0, and everyone " \
               "else loses."
    if outcome.kind is kind.TABLE_WINS:
        return "The Syndicate wins together: the Doomsday Plan is complete and nobody in play " \
               "has 3 or more counted Betrayal Triggers."
    if outcome.kind is kind.TEAM_WINS:
        teams = " and ".join(f"Team {t}" for t in outcome.winners)
        verb = "share the win" if len(outcome.winners) > 1 else "wins"
        return f"{teams} {verb}: the clock reached 0 with the most VP, and " \
               f"{'they join' if len(outcome.winners) > 1 else 'it joins'} Goodman's " \
               "organization."
    return outcome.text


def standings(setup: SessionSetup, state: State,
              report: scoring.ScoreReport) -> list[Standing]:
    """One standing per seat, read off the calculator's rows."""
    if setup.mode is PlayMode.SYNDICATE:
        return _syndicate(setup, report)
    if setup.mode is PlayMode.MAYHEM:
        return _mayhem(setup, state, report)
    return _cutthroat(setup, state, report)


def vp_steps(row: scoring.ScoreRow, triggers: frozenset[int], mode: PlayMode) -> list[Step]:
    """A seat's VP lines from its calculator row: each non-zero source, then one line per
    counted Betrayal Trigger ("−1 VP: Betrayal Trigger 3 active")."""
    out = []
    for step in row.breakdown:
        if step.rule == "betrayal-triggers":
            continue
        if isinstance(step.value, int) and step.value:
            out.append(Step(f"+{step.value} VP: {step.text.removeprefix('VP ')}", step.value,
                            step.rule, step.provenance, step.note))
    out += trigger_steps(triggers, mode)
    return out


def trigger_steps(triggers: frozenset[int], mode: PlayMode) -> list[Step]:
    out = []
    for n in sorted(triggers):
        if n == 1 and mode is not PlayMode.CUTTHROAT:
            out.append(Step(f"0 VP: Betrayal Trigger 1 (Team Leader) active, ignored in "
                            f"{mode.title()}", 0, "setup-betrayal-triggers"))
            continue
        leader = " (the Team Leader trigger)" if n == 1 else ""
        out.append(Step(f"−1 VP: Betrayal Trigger {n}{leader} active", -1, "betrayal-triggers"))
    return out


def held_note(setup: SessionSetup, state: State, seat: str) -> str:
    """How the VP counter (VP held) becomes the VP the score counts: "2 VP held, −1 for
    Betrayal Trigger 3"; "" where no Betrayal Trigger counts (the two agree)."""
    return seat_held_note(state.seat(seat), setup.mode)


def seat_held_note(mine: SeatState, mode: PlayMode) -> str:
    """held_note of one seat's state in a mode."""
    numbers = sorted(n for n in mine.triggers if n != 1 or mode is PlayMode.CUTTHROAT)
    if not numbers:
        return ""
    return (f"{mine.vp_held} VP held, −{len(numbers)} for Betrayal "
            f"Trigger{'s' if len(numbers) > 1 else ''} {', '.join(map(str, numbers))}")


def _cutthroat(setup: SessionSetup, state: State, report: scoring.ScoreReport) -> list[Standing]:
    outcome = report.outcome
    winners = set(outcome.winners)
    rows = {r.name: r for r in report.rows}
    loyal = [r for r in report.rows if r.role is scoring.Role.LOYAL]
    betrayer_wins = outcome.kind is scoring.OutcomeKind.BETRAYER_WINS
    shift = 1 if betrayer_wins else 0
    after = len(loyal) + 1 + shift  # below every loyal henchman
    out = []
    for seat in setup.seats:
        if seat.goodman:
            won = GOODMAN in winners
            steps: tuple[Step, ...] = (Step(
                "General Goodman is not ranked on VP: he wins by completing his Doomsday Plan "
                "before the clock reaches 0", won, "goal-cutthroat"),)
            out.append(Standing(seat.id, seat.name, 1 if won else after, None, won, steps,
                                "" if won else "Not ranked on VP: he wins with his plan.",
                                "General Goodman"))
            continue
        row = rows[seat.name]
        steps = tuple(vp_steps(row, state.seat(seat.id).triggers, PlayMode.CUTTHROAT))
        if row.role is scoring.Role.BETRAYER:
            out.append(Standing(seat.id, seat.name, 1 if betrayer_wins else after, row.total,
                                betrayer_wins, steps, row.tie_break_note, "Betrayer",
                                held_note(setup, state, seat.id)))
            continue
        out.append(Standing(seat.id, seat.name, (row.rank or 0) + shift, row.total,
                            seat.name in winners, steps, row.tie_break_note,
                            "loyal Named Henchman", held_note(setup, state, seat.id)))
    return out


def _mayhem(setup: SessionSetup, state: State, report: scoring.ScoreReport) -> list[Standing]:
    winners = set(report.outcome.winners)
    mine = {h.name: h for h in henchmen(setup, state)}
    out = []
    for row in report.rows:
        for name in row.members:
            seat = next(s for s in setup.henchmen if s.name == name)
            h = mine[name]
            steps = [Step(f"+{value} VP: {text}", value, "scoring-mayhem")
                     for text, value in (("objectives", h.vp_objectives),
                                         ("Nefarious Plan", h.vp_nefarious),
                                         ("other VP held", h.vp_other)) if value]
            steps += trigger_steps(state.seat(seat.id).triggers, PlayMode.MAYHEM)
            steps.append(Step(f"Team {row.name}: {row.total} VP", row.total, "scoring-mayhem"))
            own = held_note(setup, state, seat.id) or \
                f"{state.seat(seat.id).vp_held} VP held by this Named Henchman"
            out.append(Standing(seat.id, seat.name, row.rank or 0, row.total,
                                row.name in winners, tuple(steps), row.tie_break_note,
                                f"Team {row.name}",
                                f"Team {row.name}'s VP together; {own}"))
    return out


def _syndicate(setup: SessionSetup, report: scoring.ScoreReport) -> list[Standing]:
    won = report.outcome.kind is scoring.OutcomeKind.TABLE_WINS
    rows = {r.name: r for r in report.rows}
    return [Standing(seat.id, seat.name, 1, None, won, rows[seat.name].breakdown,
                     "The Syndicate wins or loses together.",
                     "the Syndicate team") for seat in setup.seats]
