"""Vigilante at the table: the session tracker behind the game's `tracker` slot.

A session is the scenario, the seats (clockwise), what the Scenario Card says (rounds,
starting Events, starting City cards, the identity mix; each optional and entered from the
card), the Mercenaries variant and the table's settings. Its modules:

- `forms.py`: the setup and event forms, and `parse_setup`;
- `state.py`: the setup and state values, and `initial`;
- `referee.py`: what `apply` checks and does (one `step` per shared event, its change and its
  words, which `resolve` stores with it), and `moves`;
- `turns.py`: whose turn it is, action tokens, the Event die;
- `rounds.py`: the round's steps (new Event, Trigger Events, end of round) and the track;
- `team.py`: Heroes on the mat (Starter, damage, healing, Equipment, defeat, a Fight);
- `market.py`: the Hero Market, the Recruit action and the Mercenaries;
- `cards.py`: cards in hand, counted (draw, trade, One-Time-Use and Ambush cards);
- `reveal.py`: the secrets (Identity, investigations) and the reveal;
- `score.py`: the final score and `finished`; `views.py`: what each viewer reads.

Secrets (reveal.py): an Identity is written only from its owner's phone and shows only in its
own view until the reveal; Allegiance tokens are never entered by or shown to their owner; the
shared view, the history, the export and the score carry no identity before the reveal."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from assistant.explain import Explained
from assistant.inputs import Form
from assistant.tracker import (
    NOTE,
    Action,
    Board,
    Counter,
    Event,
    Show,
    TrackerBase,
    Viewer,
    Wording,
    seat_id,
)

from . import referee, reveal, score, views
from .forms import EVENT_FORMS, MAX_HAND, MAX_JAIL, PRIVATE, SETUP_FORM, parse_setup
from .rounds import rounds_played
from .state import SessionSetup, State, initial

EXAMPLE_SETUP: Mapping[str, Any] = {
    "mode": "brought-to-justice", "rounds": 1, "starting_events": 1, "starting_cards": 3,
    "good": 2, "evil": 1, "neutral": 1,
    "seats": [{"name": "Gwen"}, {"name": "Ivan"}, {"name": "Asha"}, {"name": "Pim"}]}


def _draw(seat: str) -> dict[str, Any]:
    return {"kind": "draw", "seat": seat}


TABLE_EXAMPLES: tuple[Mapping[str, Any], ...] = (
    {"kind": "new-event", "type": "hacking", "die": 3},          # the starting Event
    *({"kind": "starter", "seat": s, "name": n, "influence": 1, "attack": 2, "health": 3}
      for s, n in (("gwen", "Nightjar"), ("ivan", "Bolt"), ("asha", "Wisp"), ("pim", "Anvil"))),
    {"kind": "market", "place": 1, "name": "Nox", "influence": 4, "attack": 3, "health": 2},
    {"kind": "market", "place": 2, "name": "Titan", "influence": 7, "attack": 4, "health": 5},
    {"kind": "market", "place": 3, "name": "Vex", "influence": 2, "attack": 1, "health": 2},
    {"kind": "new-event", "type": "jailbreak", "die": 1},        # round 1 begins
    {"kind": "fight", "seat": "gwen", "villain": "Razor", "villain_health": 2, "chart": "1"},
    _draw("ivan"),
    {"kind": "recruit", "seat": "asha", "place": 1, "cards": 2, "paid": 4},
    _draw("pim"),
    {"kind": "market", "place": 1, "name": "Blaze", "influence": 3, "attack": 2, "health": 3},
    {"kind": "equip", "seat": "gwen", "slot": 1, "name": "Kevlar Vest", "health": 2},
    {"kind": "heal", "seat": "gwen", "slot": 1},
    {"kind": "trade", "seat": "ivan", "to_seat": "asha"},
    {"kind": "fight", "seat": "asha", "villain": "Mire", "villain_health": 3, "chart": "1, 1"},
    {"kind": "fight", "seat": "pim", "villain": "Gorge", "villain_health": 9, "chart": "2"},
    _draw("gwen"),
    {"kind": "fight", "seat": "ivan", "villain": "Shade", "villain_health": 2},
    _draw("asha"),
    {"kind": "heal", "seat": "pim", "slot": 1},
    _draw("gwen"), {"kind": "die", "seat": "gwen", "die": 2},
    _draw("ivan"), {"kind": "die", "seat": "ivan", "die": 3},
    _draw("asha"), {"kind": "die", "seat": "asha", "die": 5},
    {"kind": "play-card", "seat": "pim", "card": "ambush", "name": "Smoke Bomb"},
    _draw("pim"), {"kind": "die", "seat": "pim", "die": 6},
    {"kind": "trigger"},
    {"kind": "end-round"},                                       # the card's last round
)


def _stored(setup_data: Mapping[str, Any],
            raws: Sequence[Mapping[str, Any]]) -> tuple[Mapping[str, Any], ...]:
    """The examples as the session stores them: each with what it did (`said`), so each is
    its own stored form."""
    setup = parse_setup(setup_data)
    state, out = initial(setup), list[Mapping[str, Any]]()
    for raw in raws:
        event = referee.resolve(setup, state, Event(raw["kind"], {k: v for k, v in raw.items()
                                                                  if k != "kind"}))
        state = referee.apply(setup, state, event)
        out.append(event.to_json())
    return tuple(out)


EXAMPLE_EVENTS = _stored(EXAMPLE_SETUP, TABLE_EXAMPLES)


class VigilanteTracker(TrackerBase):
    setup_form: Form = SETUP_FORM
    event_forms: Mapping[str, Form] = EVENT_FORMS
    wording: Wording = Wording(seat="player", seats="players",
                      follows="the turns, the Event Track, jails, teams, hands and the Hero "
                              "Market, and the verdict after the reveal")
    example_setup: Mapping[str, Any] = EXAMPLE_SETUP
    example_events: Sequence[Mapping[str, Any]] = EXAMPLE_EVENTS
    private_events: frozenset[str] = PRIVATE
    """An Identity, and the tokens an investigation showed: written from the seat's own phone,
    shown only there."""
    end_rule: str | None = "game-end"

    def parse_setup(self, data: Mapping[str, Any]) -> SessionSetup:
        return parse_setup(data)

    def initial(self, setup: SessionSetup) -> State:
        return initial(setup)

    def start_seat(self, setup: SessionSetup) -> str | None:
        """Who took the First Player marker at setup (rulebook, setup 12, First Player)."""
        return setup.seats[setup.first_player].id

    def writer(self, setup: SessionSetup, event: Event) -> str | None:
        return reveal.writer(setup, event)

    def resolve(self, setup: SessionSetup, state: State, event: Event) -> Event:
        return referee.resolve(setup, state, event)

    def apply(self, setup: SessionSetup, state: State, event: Event, version: int) -> State:
        return referee.apply(setup, state, event)

    def forget(self, setup: SessionSetup, state: State, seat: str) -> State:
        return reveal.forget(setup, state, seat)

    def describe(self, event: Event, names: Mapping[str, str], viewer: Viewer) -> str:
        return views.describe(event, names, self.hidden(event, viewer))

    def event_json(self, event: Event, viewer: Viewer) -> dict[str, Any]:
        """Others see who investigated whom and where, never what the token showed."""
        out = super().event_json(event, viewer)
        if event.kind == "investigate" and self.hidden(event, viewer):
            out.update(target=seat_id(event["target"]), spot=event["spot"])
        return out

    def state_json(self, setup: SessionSetup, state: State, viewer: Viewer) -> dict[str, Any]:
        return views.state_json(setup, state, viewer)

    def round_of(self, setup: SessionSetup, state: State) -> int | None:
        """The round in play: one more than the rounds on the Event Track."""
        return rounds_played(setup, state) + 1

    def tally(self, setup: SessionSetup, state: State) -> tuple[str, dict[str, Any]]:
        """Vigilante has no points: the chart shows each jail (public), the count most
        Missions are judged on."""
        return "Villains in jail", {s.id: st.jail
                                    for s, st in zip(setup.seats, state.seats, strict=True)}

    def score(self, setup: SessionSetup, state: State) -> Explained:
        return score.score(setup, state)

    def finished(self, setup: SessionSetup, state: State) -> bool:
        return score.finished(setup, state)

    def moves(self, setup: SessionSetup, state: State) -> Sequence[Mapping[str, Any]]:
        return referee.moves(setup, state)

    def board(self, setup: SessionSetup) -> Board:
        merc = (Action("mercenary", "Use a Mercenary free (3 in the Market)", per_seat=True,
                       asks=("place",), unless="not_mercenary_due"),) if setup.mercenaries \
            else ()
        return Board(
            shows=(Show("stage_text", "Now"), Show("round", "Round (by the Event Track)"),
                   Show("rounds", "Rounds on the card"),
                   Show("first_player", "First Player", seat_name=True),
                   Show("to_act", "Whose turn", seat_name=True),
                   Show("track_text", "Event Track"), Show("market_text", "Hero Market"),
                   Show("good_needed", "Good needs (7 per Good player)")),
            counters=(Counter("jail", "Jail", 0, MAX_JAIL, "jail"),
                      Counter("hand", "Cards in hand", 0, MAX_HAND, "hand")),
            actions=(
                Action("new-event", "Choose new Event", asks=("type", "die"), unless="ended"),
                Action("die", "Submit Event die", per_seat=True, asks=("die",),
                       unless="not_turns"),
                Action("trigger", "Trigger Events", asks=("firefight", "paramedic"),
                       unless="ended"),
                Action("end-round", "End the round", unless="ended"),
                Action("end-game", "Final round over", unless="ended",
                       confirm="is the final round over? Then everyone reveals."),
                Action("starter", "Starter Hero (setup)", per_seat=True,
                       asks=("name", "influence", "attack", "health"), unless="playing_rounds"),
                Action("market", "Hero Market card", asks=("place", "name", "influence",
                                                           "attack", "health", "mercenary"),
                       unless="ended"),
                Action("draw", "Draw a card", per_seat=True, asks=("deck",),
                       unless="not_turns"),
                Action("recruit", "Recruit", per_seat=True,
                       asks=("place", "cards", "paid", "name", "influence", "attack",
                             "health", "mercenary"), unless="not_turns"),
                Action("fight", "Fight a Villain", per_seat=True,
                       asks=("villain", "villain_health", "chart", "effect", "effect_damage",
                             "bonus_attack", "attacks"), unless="not_turns"),
                Action("heal", "Heal", per_seat=True, asks=("slot", "cubes", "cause"),
                       unless="ended"),
                Action("inventory", "Inventory: Equipment to hand", per_seat=True,
                       asks=("slots", "name"), unless="not_turns"),
                Action("trade", "Trade a card", per_seat=True, asks=("to_seat",),
                       unless="not_turns"),
                Action("equip", "Attach Equipment", per_seat=True,
                       asks=("slot", "name", "health", "attack", "die", "extra"),
                       unless="not_turns"),
                Action("play-card", "Play a card", per_seat=True, asks=("card", "name"),
                       unless="ended"),
                *merc,
                Action("hit", "Damage", per_seat=True, asks=("slot", "cubes", "cause", "source"),
                       unless="ended"),
                Action("defeat", "Defeated (text effect or correction)", per_seat=True,
                       asks=("slot", "cause")),
                Action("damage", "Set damage (correction)", per_seat=True, asks=("slot", "to")),
                Action("actions", "Set actions left (correction)", per_seat=True,
                       asks=("left",), unless="not_turns"),
                Action("add-event", "Place an Event (correction)", asks=("type", "die"),
                       unless="ended"),
                Action("pass-first-player", "Pass First Player (correction)", unless="ended"),
                Action("first-player", "First Player (correction)", per_seat=True,
                       unless="ended"),
                Action("identity", "My Identity (own phone)", per_seat=True,
                       asks=("identity",), unless="ended", own_phone=True),
                Action("investigate", "Investigate (own phone)", per_seat=True,
                       asks=("target", "spot", "seen"), unless="ended", own_phone=True),
                # the table's typed reveal first: a refusal told to the table names the
                # kind by the first action's label, and the owner's reveal is not the table's
                Action("reveal", "Record the Identity card shown", per_seat=True,
                       asks=("identity", "jail_level_2_3", "med_cards"), unless="playing",
                       leave_out=("as-entered",)),
                Action("reveal", "Reveal my Identity", per_seat=True,
                       asks=("jail_level_2_3", "med_cards"), unless="playing",
                       confirm="reveals their Identity to the whole table, for good (no undo)?",
                       own_phone=True, reveals="identity"),
                NOTE),
            seat_lines=("turn_line", "team_line", "defeated_line", "identity_line",
                        "only_this_phone", "your_investigations"),
            secret_lines=("only_this_phone", "your_investigations"))


TRACKER = VigilanteTracker()
