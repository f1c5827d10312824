"""The round at the table (Game Round, vigilante.txt:355-383): the First Player adds the
round's Event, players take their turns, the Events matched by the submitted dice go off, the
marker passes counter-clockwise; the game ends after the card's last round (:635).

Trigger Events is worked out by the `trigger-events` calculator (calculators/events.py), fed
from the session (the track, who submits a die, jails, Defeated piles, Equipment with a die
effect); its every result (jails freed, Firefight damage and Paramedic healing on the Heroes
each player picked) is applied as one event whose words show the working.

Each change answers (state, words): the words are the history line (tracker.resolve stores
them), so they cannot disagree with the state."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from assistant.errors import InvalidInput
from assistant.tracker import put

from . import team
from .calculators.events import TITLES, Token, place, trigger_events
from .state import AGENCY_JAIL, CHOOSE, EVENT_TOKENS, TRIGGERED, TURNS, SeatState, State

if TYPE_CHECKING:
    from .tracker import SessionSetup

Change = tuple[State, str]


def rounds_played(setup: SessionSetup, state: State) -> int:
    """Tokens on the track minus the starting Events (derived, vigilante.txt:357)."""
    return max(0, len(state.track) - (setup.starting_events or 0))


def setting_up(setup: SessionSetup, state: State) -> bool:
    """Starting Events still to place (vigilante.txt:189-191)."""
    return len(state.track) < (setup.starting_events or 0)


def rounds_done(setup: SessionSetup, state: State) -> bool:
    """The card's last round has its Event (or the track is full: no round can be counted)."""
    return (setup.rounds is not None and rounds_played(setup, state) >= setup.rounds) \
        or len(state.track) >= EVENT_TOKENS


def current_round(setup: SessionSetup, state: State) -> int:
    """The round being played; in CHOOSE, the round about to begin."""
    played = rounds_played(setup, state)
    return played + 1 if state.stage == CHOOSE else max(1, played)


def _over(state: State) -> None:
    if state.ended:
        raise InvalidInput("kind", "The final round is over: only the reveal is left "
                           "(rule game-end).", "reveal, note")


def _placed(state: State, kind: str, die: int) -> tuple[State, int]:
    tokens = [Token(t, d, i) for i, (t, d) in enumerate(state.track)]
    new = Token(kind, die, len(tokens))
    ordered = place(tokens, new)
    return replace(state, track=tuple((t.type, t.die) for t in ordered)), ordered.index(new) + 1


def choose_event(setup: SessionSetup, state: State, kind: str, die: int) -> Change:
    _over(state)
    title = f"{TITLES[kind]} ({die})"
    if setting_up(setup, state):
        after, _ = _placed(state, kind, die)
        return after, (f"Starting Event {len(after.track)} of {setup.starting_events}: "
                       f"{title} goes on the Event Track")
    n = current_round(setup, state)
    if state.stage != CHOOSE:
        raise InvalidInput("kind", f"Round {n} already has its new Event: one Event joins the "
                           "track each round, at its start (rule round).",
                           "the round's turns, then Trigger Events")
    if rounds_done(setup, state):
        raise InvalidInput("kind", (f"The card's {setup.rounds} rounds are played" if
                                    setup.rounds is not None else "All 31 Event tokens are on "
                                    "the track") + ": the game ends (rule game-end).",
                           "Final round over")
    after, at = _placed(state, kind, die)
    first = setup.seats[state.first_player].name
    of = f" of {setup.rounds}" if setup.rounds is not None else ""
    return replace(after, stage=TURNS), (
        f"Round {n}{of} begins: {first} (First Player) adds {title} to the Event Track at place "
        f"{at} of {len(after.track)}; now every player takes 4 actions")


def add_event(setup: SessionSetup, state: State, kind: str, die: int) -> Change:
    """A token placed by hand (a correction; the round's Event is `new-event`)."""
    _over(state)
    if setup.rounds is not None and rounds_played(setup, state) >= setup.rounds:
        raise InvalidInput("kind", f"The card's {setup.rounds} rounds already have their "
                           "Events (rule game-end).", "end-game")
    if len(state.track) >= EVENT_TOKENS:
        raise InvalidInput("kind", "All 31 Event tokens are on the track.",
                           "end-game")
    after, at = _placed(state, kind, die)
    return after, (f"Correction: {TITLES[kind]} ({die}) placed by hand on the Event Track at "
                   f"place {at}")


def turn_order(setup: SessionSetup, state: State) -> list[int]:
    """Clockwise from the First Player (vigilante.txt:399)."""
    n = len(setup.seats)
    return [(state.first_player + k) % n for k in range(n)]


def _choices(setup: SessionSetup, raw: list[int] | None, field: str) -> list[int]:
    if not raw:
        return [0] * len(setup.seats)
    if len(raw) != len(setup.seats):
        raise InvalidInput(field, "One slot per player, as seated (0: no choice to make): "
                           + ", ".join(s.name for s in setup.seats) + ".",
                           f"{len(setup.seats)} numbers 0-4")
    return list(raw)


def _pick(who: str, seat: SeatState, chosen: int, options: list[int], what: str,
          field: str) -> int | None:
    """The slot a player picked for an Event's damage or healing: theirs to choose; with one
    Hero to choose from, that one."""
    if not options:
        return None
    if chosen in options:
        return chosen
    if chosen == 0 and len(options) == 1:
        return options[0]
    raise InvalidInput(field, f"{who} chooses which Hero {what}: "
                       + ", ".join(f"slot {k}" for k in options) + ".",
                       ", ".join(map(str, options)))


def trigger(setup: SessionSetup, state: State, dice: list[int] | None,
            firefight: list[int] | None, paramedic: list[int] | None) -> tuple[State, str, str]:
    """(state, words, the calculator's working)."""
    _over(state)
    n = current_round(setup, state)
    if state.stage == CHOOSE:
        raise InvalidInput("kind", f"Round {n} has not begun: the First Player adds its Event "
                           "first; Events trigger after every player's 4 actions "
                           "(rule trigger-events).", "Choose new Event")
    if state.stage == TRIGGERED:
        raise InvalidInput("kind", f"Round {n}'s Events have gone off: each round triggers "
                           "once (rule round). End the round next.", "End the round")
    names = [s.name for s in setup.seats]
    dice = list(dice or [])
    if len(dice) != len(names):
        raise InvalidInput("dice", "The die each player submitted, as seated (0 for a player at "
                           "breaking point): " + ", ".join(names) + ".",
                           f"{len(names)} numbers")
    for i, (name, seat) in enumerate(zip(names, state.seats, strict=True)):
        if seat.broken and dice[i]:
            raise InvalidInput("dice", f"{name} has {len(seat.defeated)} defeated Heroes: "
                               "breaking point, no Event die (rule breaking-point).",
                               f"0 for {name}")
        if not seat.broken and not dice[i]:
            raise InvalidInput("dice", f"{name} submits an Event die on their last turn "
                               "(rule submit-event-die).", f"{name}'s die, 1 or more")
    fire = _choices(setup, firefight, "firefight")
    heal = _choices(setup, paramedic, "paramedic")
    order = turn_order(setup, state)
    answer = trigger_events({
        "track": [{"type": t, "die": d} for t, d in state.track],
        "players": [{"name": names[i], "die": dice[i] or None, "jail": state.seats[i].jail,
                     "defeated_heroes": len(state.seats[i].defeated)} for i in order],
        "equipment": [{"player": names[i], "name": g.name, "die": g.die} for i in order
                      for h in state.seats[i].team if h is not None for g in h.gear
                      if g.die is not None],
        "equipment_timing": setup.equipment_timing})
    seats = list(state.seats)
    said = [f"Trigger Events, round {n}: dice " + ", ".join(
        f"{names[i]} {dice[i]}" if dice[i] else f"{names[i]} none (breaking point)"
        for i in order)]
    for fired in answer.result["fired"]:
        if fired["kind"] == "equipment":
            said.append(f"{fired['player']}'s {fired['name']} ({fired['die']}) goes off like an "
                        "Event: resolve its text")
            continue
        kind, title = fired["type"], f"{TITLES[fired['type']]} ({fired['die']})"
        parts: list[str] = []
        for i, effect in zip(order, fired["effects"], strict=True):
            who, seat = names[i], seats[i]
            if kind == "jailbreak":
                seats[i] = replace(seat, jail=effect["jail"])
                parts.append(f"a Villain escapes {who}'s jail ({seat.jail} -> {effect['jail']}, "
                             "to the bottom of the Villain deck)"
                             + ("; no more Agency draws" if effect["jail"] < AGENCY_JAIL
                                <= seat.jail else "") if effect["jail"] < seat.jail
                             else f"{who}'s jail is empty")
            elif kind == "firefight":
                slots = [k + 1 for k, h in enumerate(seat.team) if h is not None]
                slot = _pick(who, seat, fire[i], slots, f"takes {title}'s damage", "firefight")
                if slot is None:
                    parts.append(f"{who} has no Hero to take it")
                    continue
                seats[i], words = team.hurt(who, seat, slot, 1, title)
                parts.append(words)
            elif kind == "paramedic":
                slots = [k + 1 for k, h in enumerate(seat.team) if h is not None and h.damage]
                slot = _pick(who, seat, heal[i], slots, f"{title} heals", "paramedic")
                if slot is None:
                    parts.append(f"{who} has no damaged Hero")
                    continue
                seats[i], words = team.heal(who, seat, slot, 1, title)
                parts.append(words)
            else:
                parts.append(f"{who} {effect['does']}")
        said.append(f"{title} goes off: " + "; ".join(parts))
    if not answer.result["fired"]:
        said.append("no Event matches a die: nothing goes off")
    working = "\n".join(s.text for s in answer.steps)
    after = replace(state, seats=tuple(seats), stage=TRIGGERED)
    return after, ". ".join(said), working


def end_round(setup: SessionSetup, state: State) -> Change:
    _over(state)
    n = current_round(setup, state)
    if state.stage != TRIGGERED:
        raise InvalidInput("kind", f"Round {n} ends after its Trigger Events (rule round); "
                           + ("its new Event is not chosen yet." if state.stage == CHOOSE else
                              "the players' turns and Trigger Events come first."),
                           "Trigger Events" if state.stage == TURNS else "Choose new Event")
    if setup.rounds is not None and rounds_played(setup, state) >= setup.rounds:
        return replace(state, stage=CHOOSE, ended=True), (
            f"Round {n} of {setup.rounds} is over, the card's last: the game ends and every "
            "player reveals their Identity card (rule game-end)")
    was = setup.seats[state.first_player].name
    first = (state.first_player - 1) % len(setup.seats)
    return replace(state, stage=CHOOSE, first_player=first), (
        f"Round {n} is over: {was} passes the First Player marker counter-clockwise to "
        f"{setup.seats[first].name}")


def end_game(setup: SessionSetup, state: State) -> Change:
    """The table says the final round is over (the card's rounds unknown, or a correction)."""
    if state.ended:
        raise InvalidInput("kind", "The game is already over.", "reveal")
    played = rounds_played(setup, state)
    if state.stage == TURNS:
        raise InvalidInput("kind", f"Round {played} is being played: the game ends at the end of "
                           "the final round, after its Trigger Events (rule game-end).",
                           "Trigger Events")
    if setup.rounds is not None and played < setup.rounds and len(state.track) < EVENT_TOKENS:
        raise InvalidInput("kind", f"Round {played} of the card's {setup.rounds} is not the "
                           "last (rule game-end).", "the remaining rounds first")
    return replace(state, ended=True, stage=CHOOSE), (
        f"The final round is over (round {played}): every player reveals their Identity card")


def pass_marker(setup: SessionSetup, state: State, to: int | None) -> Change:
    """The marker moved by hand (a correction; `end-round` passes it)."""
    first = (state.first_player - 1) % len(setup.seats) if to is None else to
    if to is None:
        return replace(state, first_player=first), (
            "Correction: the First Player marker passes counter-clockwise by hand to "
            f"{setup.seats[first].name}")
    return replace(state, first_player=first), (
        f"Correction: {setup.seats[first].name} takes the First Player marker")


def seats_put(state: State, i: int, seat: SeatState) -> State:
    return replace(state, seats=put(state.seats, i, seat))


def stage_text(setup: SessionSetup, state: State) -> str:
    if state.ended:
        return "The game is over: every player reveals their Identity card."
    if setting_up(setup, state):
        return (f"Setup: place starting Event {len(state.track) + 1} of "
                f"{setup.starting_events}.")
    n, first = current_round(setup, state), setup.seats[state.first_player].name
    of = f" of {setup.rounds}" if setup.rounds is not None else ""
    if state.stage == CHOOSE:
        if rounds_done(setup, state):
            return "The card's rounds are played: the final round is over."
        return f"Round {n}{of}: {first} (First Player) chooses the new Event."
    if state.stage == TURNS:
        return (f"Round {n}{of}: players take turns from {first}, 4 actions each, a die "
                "submitted on the last; then Trigger Events.")
    return f"Round {n}{of}: Events triggered; end the round (the marker passes)."

