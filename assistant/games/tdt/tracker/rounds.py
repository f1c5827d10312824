"""The round as the rulebook runs it (Round, Stages, and Action Order): Scheming, three
Villainy Phases, Monologuing, then The World Reacts moves the Doomsday Clock and the next
round begins. Within each stage its Actions come in the book's order (STEPS), and some are
played in turns (turns.py); an event of an Action already over is refused, citing the rule.
`next` is the one event that moves the round on: it closes the step that is open (whoever has
not acted lets the turn go by), and refuses only where a rule says someone must act first (a
seat that must Deploy this Phase). Endgame and Scoring (Nefarious Plans revealed) closes the
game.

Readings we chose:
- Side Jobs and Goodman Directives are claimed in Monologuing; a Global Event is solved
  outside it (Global Events).
- Voluntary betrayal happens on the seat's turn of Tithe to Goodman, forced betrayal and
  Goodman's declaration in his Plotting Actions: all in Monologuing (Cutthroat).
- A Syndicate table's plan may be complete at any time; the game ends at Goodman's Plotting
  Actions (Monologuing) when nobody in play has 3 or more counted triggers.
- The clock reaching 0, by The World Reacts or a correction, ends the game at once (The Clock
  Reaches 0); in Mayhem it goes to Endgame and Scoring, in Cutthroat and Syndicate it is over.
- Syndicate and Mayhem pass the Team Leader token at Goodman's Plotting Actions: to the next
  Named Henchman in seat order (Syndicate), to the next team's next player (Mayhem, teams
  alternating); one new Directive and one new Gadget come out then. Cutthroat's token moves
  only when Goodman (or an effect) gives it.
"""
from __future__ import annotations

from assistant.explain import Explained
from assistant.tracker.chain import evolve as replace

from .. import scoring
from ..calculators.clock import world_reacts
from ..calculators.deployment import squad_cost
from ..modes import PlayMode
from .forms import Stage
from .score import henchmen
from .setup import SessionSetup
from .state import SeatState, State, loyal, name, refuse
from .turns import Turns, rotate

PHASES = 3
"""The Villainy Stage is played three times a round (Villainy › Phases)."""
STEPS = {
    Stage.SCHEMING: ("Coordination", "Place Staging Markers"),
    Stage.VILLAINY: ("Fund Deployment and Deploy", "Generate or Collect Spoils",
                     "Complete Missions"),
    Stage.MONOLOGUING: ("Voluntary Recall", "Tithe to Goodman", "Claim Goodman Directives",
                        "Claim Side Jobs", "Goodman's Plotting Actions"),
}
"""The Actions of each stage in the book's order (The Structure of a Round; Villainy's
Phases; Monologuing's pages)."""
COORDINATION, STAGING = 0, 1
DEPLOYMENT, SPOILS, MISSIONS = 0, 1, 2
RECALL, TITHE, DIRECTIVES, SIDE_JOBS, PLOTTING = 0, 1, 2, 3, 4
STEP_RULES = {
    (Stage.SCHEMING, COORDINATION): "coordination",
    (Stage.SCHEMING, STAGING): "place-staging-markers",
    (Stage.VILLAINY, DEPLOYMENT): "fund-deployment",
    (Stage.VILLAINY, SPOILS): "generate-spoils",
    (Stage.VILLAINY, MISSIONS): "complete-missions",
    (Stage.MONOLOGUING, RECALL): "voluntary-recall",
    (Stage.MONOLOGUING, TITHE): "tithe-to-goodman",
    (Stage.MONOLOGUING, DIRECTIVES): "goodman-directives-claiming",
    (Stage.MONOLOGUING, SIDE_JOBS): "side-jobs-claiming",
    (Stage.MONOLOGUING, PLOTTING): "goodman-plotting-cutthroat",
}
TURN_STEPS = {(Stage.SCHEMING, COORDINATION): "coordination",
              (Stage.MONOLOGUING, TITHE): "tithe",
              (Stage.MONOLOGUING, DIRECTIVES): "directives",
              (Stage.MONOLOGUING, SIDE_JOBS): "side-jobs"}
_STAGE_WORDS = {Stage.SCHEMING: "Scheming", Stage.VILLAINY: "Villainy",
                Stage.MONOLOGUING: "Monologuing", Stage.ENDGAME: "Endgame and Scoring",
                Stage.OVER: "the game is over"}


def now(setup: SessionSetup, state: State) -> str:
    """Where the round stands, as the page shows it: "Round 2 · Villainy, Phase 1 · Fund
    Deployment and Deploy", and whose turn it is where the step goes in turns."""
    if state.stage is Stage.OVER:
        return "The game is over"
    if state.stage is Stage.ENDGAME:
        return "Endgame and Scoring"
    where = (f"Villainy, Phase {state.phase}" if state.stage is Stage.VILLAINY
             else _STAGE_WORDS[state.stage])
    out = f"Round {state.round} · {where}"
    if not setup.rounds:
        return out
    out += f" · {step_words(setup, state.stage, state.step)}"
    turn = state.turn
    if turn is not None and turn.step == TURN_STEPS.get((state.stage, state.step)):
        if turn.done:
            out += " (everyone has had their turn)"
        elif turn.strict:
            out += f": {name(setup, turn.seat)}'s turn"
    return out


def step_words(setup: SessionSetup, stage: Stage, step: int) -> str:
    words = STEPS.get(stage, ("",))[step]
    if stage is Stage.MONOLOGUING and step == TITHE and setup.mode is PlayMode.MAYHEM:
        return "Tithe to Goodman (skipped in Mayhem)"
    return words


def working(answer: Explained) -> str:
    """A calculator's steps as lines for the event's record."""
    return "\n".join(f"{s.text}" + (f" [{s.rule}]" if s.rule else "") for s in answer.steps)


# --- the Actions of a stage, in order ---------------------------------------------------------

def at_step(setup: SessionSetup, state: State, stage: Stage, step: int, what: str,
            field: str = "kind", rule: str | None = None) -> State:
    """The state at `step` of `stage`, where `what` is done; a refusal when the round is in
    another stage, or past that Action (the rule of the Action being played now is named).
    A plain ledger (no rounds) checks nothing."""
    if not setup.rounds:
        return state
    if state.stage is not stage:
        raise refuse(field, f"{what} in {_STAGE_WORDS[stage]}; the game is at "
                     f"{now(setup, state)}.", _STAGE_WORDS[stage],
                     rule or STEP_RULES[(stage, step)])
    if not setup.play:  # stored by the earlier referee: its stages only
        return state
    if step < state.step:
        raise refuse(field, f"{what} during {step_words(setup, stage, step)}, which is over: "
                     f"the table has moved on to {step_words(setup, stage, state.step)} (the "
                     "Actions of a stage come in order).", step_words(setup, stage, state.step),
                     rule or STEP_RULES[(stage, step)])
    if step == state.step:
        return state
    if stage is Stage.VILLAINY and state.step == DEPLOYMENT:
        must_have_deployed(setup, state, field)
    return replace(state, step=step, turn=None)


def must_have_deployed(setup: SessionSetup, state: State, field: str = "kind") -> None:
    """Villainy › You Must Deploy if Able: a seat with this Phase's marker and a Squad it can
    afford to send deploys before the Phase moves past its Deployment."""
    if not setup.refereed:
        return
    for seat in (state.seat(s.id) for s in setup.henchmen):
        if seat.id in state.deployed or seat.id in state.passed:
            continue
        if able_to_deploy(state, seat):
            raise refuse(field, f"{name(setup, seat.id)} has a Staging Marker for Phase "
                         f"{state.phase} and can fund a Squad, so must Deploy first (or "
                         "record that the Deployment failed by passing).",
                         f"{name(setup, seat.id)}'s Deployment", "must-deploy")


def marker(state: State, seat: SeatState) -> str | None:
    """The tile of the seat's marker for this Phase ("" unnamed); None: no marker this Phase;
    None too where the table did not record the seat's markers (nothing is known)."""
    if seat.markers is None or not 1 <= state.phase <= PHASES:
        return None
    return seat.markers[state.phase - 1]


def cheapest(state: State, seat: SeatState) -> int | None:
    """The least a Deployment of one of the seat's recorded Squads can cost this Phase (its
    size's price, one off for a Squad leaving its Base or staying on the marker's tile); None
    when it has no Squad recorded."""
    tile = (marker(state, seat) or "").casefold()
    costs = [max(0, squad_cost(s.size) - (1 if s.home or (tile and s.at.casefold() == tile)
                                          else 0))
             for s in seat.squads if s.size]
    return min(costs) if costs else None


def able_to_deploy(state: State, seat: SeatState) -> bool:
    if marker(state, seat) is None or not seat.squads_known:
        return False
    cost = cheapest(state, seat)
    return cost is not None and seat.purse.funding + seat.purse.unsorted >= cost


# --- turns -------------------------------------------------------------------------------------

def table_order(setup: SessionSetup) -> list[str]:
    """Every seat, clockwise (seat order); in Mayhem the Named Henchmen in the order the Team
    Leader token travels, teams alternating."""
    if setup.mode is PlayMode.MAYHEM:
        return turn_order(setup)
    return [s.id for s in setup.seats]


def eligible(setup: SessionSetup, state: State, step: str) -> list[str]:
    if step == "coordination":  # the Betrayer coordinates apart, at the same time
        return [s.id for s in setup.seats if s.id != state.betrayer]
    if step in ("tithe", "directives"):
        return loyal(setup, state)
    return [s.id for s in setup.henchmen]


def take_turn(setup: SessionSetup, state: State, seat: str, *, passing: bool = False,
              again: bool = False, field: str = "seat") -> State:
    """`seat` acts (or passes) in the step the round is at, if it is its turn."""
    step = TURN_STEPS.get((state.stage, state.step))
    if not setup.refereed or step is None:
        return state
    turns = state.turn if state.turn is not None and state.turn.step == step else None
    if turns is None:
        strict = step in ("coordination", "directives")
        start = state.team_leader or seat
        after = step == "tithe" and state.team_leader is not None
        allowed = eligible(setup, state, step)
        order = tuple(s for s in rotate(table_order(setup), start, after) if s in allowed)
        turns = Turns(step, order, strict=strict)
    rule = STEP_RULES[(state.stage, state.step)]
    what = step_words(setup, state.stage, state.step)
    if seat not in turns.order:
        raise refuse(field, f"{name(setup, seat)} takes no turn in {what}.",
                     _names(setup, turns.order), rule)
    if turns.done:
        raise refuse(field, f"{what} is over: everyone has had their turn"
                     + (" and passed" if turns.strict else "") + ".", "Next step", rule)
    if not turns.may(seat):
        if turns.strict:
            lead = "the Team Leader" if state.team_leader else "whoever went first"
            raise refuse(field, f"It is {name(setup, turns.seat)}'s turn in {what}: turns go "
                         f"round from {lead}, one at a time, and a seat with nothing to do "
                         "passes.", name(setup, turns.seat), rule)
        raise refuse(field, f"{name(setup, seat)}'s turn in {what} has gone by: it goes round "
                     "the table once, and a later seat has already taken theirs.",
                     _names(setup, turns.order[turns.at:]), rule)
    turns = turns.passed(seat) if passing else turns.acted(seat, again)
    return replace(state, turn=turns)


def _names(setup: SessionSetup, seats: tuple[str, ...]) -> str:
    return ", ".join(name(setup, s) for s in seats) or "nobody"


def whose_turn(setup: SessionSetup, state: State) -> list[str]:
    """Seats that may act now in a step played in turns, the one whose turn it is first."""
    step = TURN_STEPS.get((state.stage, state.step))
    if step is None:
        return []
    turns = state.turn if state.turn is not None and state.turn.step == step else None
    if turns is None:
        allowed = eligible(setup, state, step)
        start = state.team_leader or (allowed[0] if allowed else None)
        order = [s for s in rotate(table_order(setup), start,
                                   step == "tithe" and state.team_leader is not None)
                 if s in allowed]
        return order
    if turns.done:
        return []
    if turns.strict:
        return [turns.seat]
    return list(turns.order[turns.at:])


# --- the round moving on -----------------------------------------------------------------------

def advance(setup: SessionSetup, state: State) -> tuple[State, dict[str, object]]:
    """The next step of the round, and the fields its event records."""
    if state.stage is Stage.SCHEMING:
        return _to(state, Stage.VILLAINY, 1, f"Round {state.round}: Villainy, Phase 1 "
                   "(Staging Markers revealed, blanks removed)")
    if state.stage is Stage.VILLAINY:
        if state.step == DEPLOYMENT:
            must_have_deployed(setup, state)
        if state.phase < PHASES:
            return _to(state, Stage.VILLAINY, state.phase + 1,
                       f"Round {state.round}: Villainy, Phase {state.phase + 1}")
        return _to(state, Stage.MONOLOGUING, 0, f"Round {state.round}: Monologuing")
    if state.stage is Stage.ENDGAME:
        return _to(state, Stage.OVER, 0, "Endgame and Scoring done: the score is final")
    return _round_ends(setup, state)


def _to(state: State, stage: Stage, phase: int, text: str) -> tuple[State, dict[str, object]]:
    new = replace(state, stage=stage, phase=phase, step=0, turn=None, deployed=frozenset(),
                  attacked=frozenset(), passed=frozenset(), generated=frozenset(),
                  completed_now=frozenset(), bought=frozenset())
    return new, {"stage": stage, "round": new.round, "phase": phase, "text": text}


def _round_ends(setup: SessionSetup, state: State) -> tuple[State, dict[str, object]]:
    """Goodman's Plotting Actions (Syndicate's end check, the Team Leader token, a new
    Directive and Gadget), then The World Reacts (the clock calculator) and the next round."""
    mode = setup.mode
    if mode is PlayMode.SYNDICATE and state.doomsday_completed:
        blockers = _blockers(setup, state)
        if not blockers:
            text = ("Goodman's Plotting Actions: the Doomsday Plan is complete and nobody in "
                    "play has 3 or more counted Betrayal Triggers: the table wins")
            new = replace(state, stage=Stage.OVER, phase=0, step=0, turn=None)
            return new, {"stage": Stage.OVER, "round": state.round, "phase": 0, "text": text,
                         "working": f"{text} [ending-syndicate]"}
    lines: list[str] = []
    lead = ""
    leader = state.team_leader
    directives, rnd = state.directives, state.rnd
    if mode is not PlayMode.CUTTHROAT:
        directives, rnd = directives + 1, rnd + 1
        lines.append("Goodman's Plotting Actions: one new Goodman Directive and one new Gadget "
                     "come out [plotting-syndicate-mayhem]")
        if leader is not None:
            leader = next_leader(setup, leader)
            lead = f"Team Leader token to {setup.seat(leader).name}. "
            lines.append(f"Goodman's Plotting Actions: the Team Leader token passes to "
                         f"{setup.seat(leader).name} [team-leader-passing]")
    answer = world_reacts(mode, state.clock, state.doomsday_revealed, setup.global_events,
                          state.betrayer is not None)
    after = int(answer.result["clock_after"])
    seats = tuple(replace(s, markers=None) for s in state.seats)
    common = {"phase": 0, "step": 0, "turn": None, "team_leader": leader,
              "directives": directives, "rnd": rnd, "seats": seats}
    if after > 0:
        new = replace(state, clock=after, round=state.round + 1, stage=Stage.SCHEMING,
                      hires=0, **common)
        text = f"{lead}The World Reacts: {answer.summary} Round {new.round}: Scheming"
    else:
        end = Stage.ENDGAME if mode is PlayMode.MAYHEM else Stage.OVER
        new = replace(state, clock=0, stage=end, **common)
        text = f"{lead}The World Reacts: {answer.summary}"
    return new, {"stage": new.stage, "round": new.round, "phase": 0, "to": after,
                 "seat": leader, "text": text[:400],
                 "working": "\n".join([*lines, working(answer)])[:2000]}


def _blockers(setup: SessionSetup, state: State) -> list[str]:
    """Syndicate: henchmen whose counted triggers stop the end (the scoring code's count)."""
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
    return replace(state, stage=end, phase=0, step=0, turn=None)
