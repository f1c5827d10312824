"""The round at the table (Game Round, vigilante.txt:355-383): the First Player adds the
round's Event, players take their turns (turns.py), the Events matched by the submitted dice go
off, the marker passes counter-clockwise; the game ends after the card's last round (:635).

Trigger Events is worked out by the `trigger-events` calculator (calculators/events.py), fed
from the session (the track, the dice submitted, jails, hands, Defeated piles, Equipment with a
die effect); its every result (jails freed, hands, Firefight damage and Paramedic healing on
the Heroes each player picked) is applied as one event whose words show the working.

Each change answers (state, words): the words are the history line (referee.resolve stores
them), so they cannot disagree with the state."""
from __future__ import annotations

from assistant.errors import InvalidInput
from assistant.tracker.chain import evolve as replace

from ..calculators.events import TITLES, Token, place, trigger_events
from . import team, turns
from .state import (
    AGENCY_JAIL,
    CHOOSE,
    EVENT_TOKENS,
    TRIGGERED,
    TURNS,
    SessionSetup,
    State,
)

Change = tuple[State, str]


def rounds_played(setup: SessionSetup, state: State) -> int:
    """Tokens on the track minus the starting Events (derived, vigilante.txt:357)."""
    return max(0, len(state.track) - (setup.starting_events or 0))


def setting_up(setup: SessionSetup, state: State) -> bool:
    """Starting Events still to place (vigilante.txt:189-191)."""
    return len(state.track) < (setup.starting_events or 0)


def before_play(setup: SessionSetup, state: State) -> bool:
    """Setup: round 1 has not begun (its Event not yet chosen)."""
    return state.stage == CHOOSE and rounds_played(setup, state) == 0 and not state.ended


def rounds_done(setup: SessionSetup, state: State) -> bool:
    """The card's last round has its Event (or the track is full: no round can be counted)."""
    return (setup.rounds is not None and rounds_played(setup, state) >= setup.rounds) \
        or len(state.track) >= EVENT_TOKENS


def current_round(setup: SessionSetup, state: State) -> int:
    """The round being played; in CHOOSE, the round about to begin."""
    played = rounds_played(setup, state)
    return played + 1 if state.stage == CHOOSE else max(1, played)


def over(state: State) -> None:
    if state.ended:
        raise InvalidInput("kind", "The final round is over: only the reveal is left.",
                           "reveal, note", rule="game-end")


def _placed(state: State, kind: str, die: int) -> tuple[State, int]:
    tokens = [Token(t, d, i) for i, (t, d) in enumerate(state.track)]
    new = Token(kind, die, len(tokens))
    ordered = place(tokens, new)
    return replace(state, track=tuple((t.type, t.die) for t in ordered)), ordered.index(new) + 1


def choose_event(setup: SessionSetup, state: State, kind: str, die: int) -> Change:
    over(state)
    title = f"{TITLES[kind]} ({die})"
    if setting_up(setup, state):
        after, _ = _placed(state, kind, die)
        return after, (f"Starting Event {len(after.track)} of {setup.starting_events}: "
                       f"{title} goes on the Event Track")
    n = current_round(setup, state)
    if state.stage != CHOOSE:
        raise InvalidInput("kind", f"Round {n} already has its new Event: one Event joins the "
                           "track each round, at its start.",
                           "the round's turns, then Trigger Events", rule="choose-new-event")
    if rounds_done(setup, state):
        raise InvalidInput("kind", (f"The card's {setup.rounds} rounds are played" if
                                    setup.rounds is not None else "All 31 Event tokens are on "
                                    "the track") + ": the game ends.",
                           "Final round over", rule="game-end")
    after, at = _placed(state, kind, die)
    first = setup.seats[state.first_player].name
    of = f" of {setup.rounds}" if setup.rounds is not None else ""
    return replace(after, stage=TURNS), (
        f"Round {n}{of} begins: {first} (First Player) adds {title} to the Event Track at place "
        f"{at} of {len(after.track)}; now every player takes 4 actions, {first} first")


def add_event(setup: SessionSetup, state: State, kind: str, die: int) -> Change:
    """A token placed by hand (a correction; the round's Event is `new-event`)."""
    over(state)
    if setup.rounds is not None and rounds_played(setup, state) >= setup.rounds:
        raise InvalidInput("kind", f"The card's {setup.rounds} rounds already have their "
                           "Events.", "Final round over", rule="game-end")
    if len(state.track) >= EVENT_TOKENS:
        raise InvalidInput("kind", "All 31 Event tokens are on the track.",
                           "Final round over", rule="components")
    after, at = _placed(state, kind, die)
    return after, (f"Correction: {TITLES[kind]} ({die}) placed by hand on the Event Track at "
                   f"place {at}")


def _choices(setup: SessionSetup, raw: list[int] | None, field: str) -> list[int]:
    if not raw:
        return [0] * len(setup.seats)
    if len(raw) != len(setup.seats):
        raise InvalidInput(field, "One slot per player, as seated (0: no choice to make): "
                           + ", ".join(s.name for s in setup.seats) + ".",
                           f"{len(setup.seats)} numbers 0-4", rule="trigger-events")
    return list(raw)


class PickNeeded(InvalidInput):
    """A player's pick for an Event's damage or healing is needed (or no longer stands):
    which seat (index) and the slots it may pick."""

    def __init__(self, field: str, detail: str, seat: int, options: list[int],
                 rule: str) -> None:
        super().__init__(field, detail, ", ".join(map(str, options)), rule=rule)
        self.seat, self.options = seat, options


def _pick(who: str, i: int, chosen: int, options: list[int], what: str, field: str,
          rule: str) -> int | None:
    """The slot a player picked for an Event's damage or healing: theirs to choose; with one
    Hero to choose from, that one (also when the Hero picked has fallen meanwhile)."""
    if not options:
        return None
    if chosen in options:
        return chosen
    if len(options) == 1:
        return options[0]
    raise PickNeeded(field, f"{who} chooses which Hero {what}: "
                     + ", ".join(f"slot {k}" for k in options) + ".", i, options, rule)


def trigger(setup: SessionSetup, state: State, firefight: list[int] | None,
            paramedic: list[int] | None) -> tuple[State, str, str]:
    """(state, words, the calculator's working)."""
    over(state)
    n = current_round(setup, state)
    if state.stage == CHOOSE:
        raise InvalidInput("kind", f"Round {n} has not begun: the First Player adds its Event "
                           "first; Events trigger after every player's 4 actions.",
                           "Choose new Event", rule="trigger-events")
    if state.stage == TRIGGERED:
        raise InvalidInput("kind", f"Round {n}'s Events have gone off: each round triggers "
                           "once. End the round next.", "End the round", rule="round")
    if not turns.turns_done(state):
        raise InvalidInput("kind", "Events trigger once every player has used all 4 actions "
                           "and submitted their Event die; still to come: "
                           + turns.left_words(setup, state) + ".", "the players' turns",
                           rule="trigger-events")
    names = [s.name for s in setup.seats]
    dice = [s.die or 0 for s in state.seats]
    fire = _choices(setup, firefight, "firefight")
    heal = _choices(setup, paramedic, "paramedic")
    order = turns.order(setup, state)
    answer = trigger_events({
        "track": [{"type": t, "die": d} for t, d in state.track],
        "players": [{"name": names[i], "die": dice[i] or None, "jail": state.seats[i].jail,
                     "hand": state.seats[i].hand,
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
                slot = _pick(who, i, fire[i], slots, f"takes {title}'s damage", "firefight",
                             "event-firefight")
                if slot is None:
                    parts.append(f"{who} has no Hero to take it")
                    continue
                seats[i], words = team.hurt(who, seat, slot, 1, title)
                parts.append(words)
            elif kind == "paramedic":
                slots = [k + 1 for k, h in enumerate(seat.team) if h is not None and h.damage]
                slot = _pick(who, i, heal[i], slots, f"{title} heals", "paramedic",
                             "event-paramedic")
                if slot is None:
                    parts.append(f"{who} has no damaged Hero")
                    continue
                seats[i], words = team.heal(who, seat, slot, 1, title)
                parts.append(words)
            else:
                if seat.hand is not None:
                    seats[i] = replace(seat, hand=effect["hand"])
                parts.append(f"{who} {effect['does']}")
        said.append(f"{title} goes off: " + "; ".join(parts))
    if not answer.result["fired"]:
        said.append("no Event matches a die: nothing goes off")
    working = "\n".join(s.text for s in answer.steps)
    after = replace(state, seats=tuple(seats), stage=TRIGGERED)
    return after, ". ".join(said) + ". Each player takes back their Event dice", working


def end_round(setup: SessionSetup, state: State) -> Change:
    over(state)
    n = current_round(setup, state)
    if state.stage != TRIGGERED:
        raise InvalidInput("kind", f"Round {n} ends after its Trigger Events; "
                           + ("its new Event is not chosen yet." if state.stage == CHOOSE else
                              "the players' turns and Trigger Events come first."),
                           "Trigger Events" if state.stage == TURNS else "Choose new Event",
                           rule="round")
    seats = tuple(turns.fresh(s) for s in state.seats)
    if setup.rounds is not None and rounds_played(setup, state) >= setup.rounds:
        return replace(state, stage=CHOOSE, ended=True, seats=seats, last_actor=None), (
            f"Round {n} of {setup.rounds} is over, the card's last: the game ends and every "
            "player reveals their Identity card")
    was = setup.seats[state.first_player].name
    first = (state.first_player - 1) % len(setup.seats)
    return replace(state, stage=CHOOSE, first_player=first, seats=seats, last_actor=None), (
        f"Round {n} is over: {was} passes the First Player marker counter-clockwise to "
        f"{setup.seats[first].name}")


def end_game(setup: SessionSetup, state: State) -> Change:
    """The table says the final round is over (the card's rounds unknown, or a correction)."""
    if state.ended:
        raise InvalidInput("kind", "The game is already over.", "reveal", rule="game-end")
    played = rounds_played(setup, state)
    if state.stage == TURNS:
        raise InvalidInput("kind", f"Round {played} is being played: the game ends at the end of "
                           "the final round, after its Trigger Events.",
                           "Trigger Events", rule="game-end")
    if setup.rounds is not None and played < setup.rounds and len(state.track) < EVENT_TOKENS:
        raise InvalidInput("kind", f"Round {played} of the card's {setup.rounds} is not the "
                           "last.", "the remaining rounds first", rule="game-end")
    seats = tuple(turns.fresh(s) for s in state.seats)
    return replace(state, ended=True, stage=CHOOSE, seats=seats, last_actor=None), (
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
        owed = turns.die_owed(state)
        if owed is not None:
            return f"Round {n}{of}: {setup.seats[owed].name} submits an Event die."
        now = turns.to_act(setup, state)
        if now is None:
            return f"Round {n}{of}: every action is used; trigger the Events."
        seat = state.seats[now]
        return (f"Round {n}{of}: {setup.seats[now].name}'s turn ({seat.actions} action"
                f"{'' if seat.actions == 1 else 's'} left).")
    return f"Round {n}{of}: Events triggered; end the round (the marker passes)."
