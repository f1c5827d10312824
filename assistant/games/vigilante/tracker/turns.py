"""Players take turns (vigilante.txt:397-427): clockwise from the First Player, one main action
a turn, each taking an action token off the meter, round and round until every player has used
their 4; after the 4th, the player submits an Event die unless at breaking point.

Who is to act is worked out from the tokens left: the seat owing its Event die, else the first
seat in turn order among those with the most tokens left (so a refused trade, which uses no
action, leaves the same player to act; and a hand-set count of tokens is followed at once)."""
from __future__ import annotations

from assistant.errors import InvalidInput
from assistant.tracker import put
from assistant.tracker.chain import evolve as replace

from .state import ACTIONS, TURNS, SeatState, SessionSetup, State


def order(setup: SessionSetup, state: State) -> list[int]:
    """Clockwise from the First Player (vigilante.txt:399)."""
    n = len(setup.seats)
    return [(state.first_player + k) % n for k in range(n)]


def die_owed(state: State) -> int | None:
    """The seat that has taken its 4th action and not yet submitted its Event die."""
    return next((i for i, s in enumerate(state.seats) if s.owes_die), None)


def to_act(setup: SessionSetup, state: State) -> int | None:
    """Whose turn it is during the players' turns (None once every action is used)."""
    if state.stage != TURNS or state.ended:
        return None
    owed = die_owed(state)
    if owed is not None:
        return owed
    most = max(s.actions for s in state.seats)
    if most == 0:
        return None
    return next(i for i in order(setup, state) if state.seats[i].actions == most)


def turns_done(state: State) -> bool:
    return all(s.actions == 0 for s in state.seats) and die_owed(state) is None


def left_words(setup: SessionSetup, state: State) -> str:
    """Who still has actions or a die to give, for a refusal of Trigger Events."""
    parts = [f"{s.name} {st.actions} action{'' if st.actions == 1 else 's'}"
             for s, st in zip(setup.seats, state.seats, strict=True) if st.actions]
    parts += [f"{s.name} an Event die" for s, st in zip(setup.seats, state.seats, strict=True)
              if st.owes_die]
    return ", ".join(parts)


def check_turn(setup: SessionSetup, state: State, i: int, what: str, rule: str) -> None:
    """Seat i may take `what` (a main action, or a free action at the start of its turn) now:
    the players' turns are on, no die is owed, and it is seat i's turn."""
    who = setup.seats[i].name
    if state.stage != TURNS or state.ended:
        raise InvalidInput("kind", f"{what} happens on a player's turn, and the players are not "
                           "taking turns now.", "during the players' turns", rule=rule)
    owed = die_owed(state)
    if owed is not None and owed != i:
        raise InvalidInput("kind", f"{setup.seats[owed].name} has taken their 4th action and "
                           "submits an Event die first; then the next player's turn begins.",
                           f"{setup.seats[owed].name}'s Event die", rule="submit-event-die")
    if owed == i:
        raise InvalidInput("kind", f"{who} has used all 4 actions this round and submits an "
                           "Event die now.", "the Event die", rule="submit-event-die")
    now = to_act(setup, state)
    if now is None:
        raise InvalidInput("kind", "Every player has used all 4 actions this round: the Events "
                           "trigger next.", "Trigger Events", rule="trigger-events")
    if now != i:
        mover = setup.seats[now].name
        if state.seats[i].actions == 0:
            raise InvalidInput("seat", f"{who} has used all {ACTIONS} action tokens this "
                               f"round. It is {mover}'s turn.", mover, rule="action-token")
        raise InvalidInput("seat", f"It is {mover}'s turn: players take one main action each "
                           "in turn, clockwise from the First Player "
                           f"({setup.seats[state.first_player].name}).", mover,
                           rule="player-turn")


def spend(state: State, i: int) -> State:
    """Seat i's main action is taken: one token off its meter."""
    seat = state.seats[i]
    return replace(state, seats=put(state.seats, i, replace(seat, actions=seat.actions - 1)),
                   last_actor=i)


def submit(setup: SessionSetup, state: State, i: int, die: int) -> tuple[State, str]:
    """Seat i puts an Event die on the track after its 4th action (vigilante.txt:415-427)."""
    seat = state.seats[i]
    who = setup.seats[i].name
    if seat.broken:
        raise InvalidInput("seat", f"{who} has {len(seat.defeated)} defeated Heroes: at breaking "
                           "point no Event die is submitted.", "no die",
                           rule="breaking-point")
    if seat.die is not None:
        raise InvalidInput("seat", f"{who} submitted an Event die this round ({seat.die}): one "
                           "a round.", "the next player's action", rule="submit-event-die")
    if state.stage != TURNS or seat.actions:
        left = (f"{who} has {seat.actions} action{'' if seat.actions == 1 else 's'} left"
                if state.stage == TURNS else "the players are not taking turns now")
        raise InvalidInput("seat", f"An Event die is submitted after the player's 4th action; "
                           f"{left}.", "after the 4th action", rule="submit-event-die")
    after = replace(state, seats=put(state.seats, i, replace(seat, die=die)))
    nxt = to_act(setup, after)
    then = (f"; {setup.seats[nxt].name}'s turn" if nxt is not None
            else "; every player has used their 4 actions: Trigger Events next")
    return after, f"{who} submits Event die {die} to the Event Track{then}"


def after_action(setup: SessionSetup, state: State, i: int) -> str:
    """What follows a main action, for its history line."""
    seat = state.seats[i]
    who = setup.seats[i].name
    if seat.owes_die:
        return f"; that was {who}'s 4th action: {who} submits an Event die"
    nxt = to_act(setup, state)
    left = f"{seat.actions} action{'' if seat.actions == 1 else 's'} left"
    if nxt is None:
        return f"; {who}'s last action, and every action is used: Trigger Events next"
    return f"; {who} has {left}, {setup.seats[nxt].name}'s turn"


def set_tokens(setup: SessionSetup, state: State, i: int, left: int) -> tuple[State, str]:
    """A hand-set count of tokens left (a correction)."""
    seat = state.seats[i]
    fixed = replace(seat, actions=left, die=None if left else seat.die)
    return (replace(state, seats=put(state.seats, i, fixed)),
            f"Correction: {setup.seats[i].name} has {left} action token"
            f"{'' if left == 1 else 's'} left this round (was {seat.actions})")


def fresh(seat: SeatState) -> SeatState:
    """A new round: 4 tokens back on the meter, the die taken back (vigilante.txt:476)."""
    return replace(seat, actions=ACTIONS, die=None)
