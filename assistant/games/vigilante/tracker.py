"""Vigilante at the table: the session tracker behind the game's `tracker` slot.

A session is the scenario, the seats (clockwise), what the Scenario Card says (rounds,
starting Events, the identity mix; each optional and entered from the card) and the judge's
table settings. Events fold into (state.py): the Event Track (which counts the rounds), where
the round stands (rounds.py), the First Player, every seat's jail, team (4 slots) with damage
and Equipment, and Defeated Heroes pile (team.py); at the end the reveal and the judge's
verdict (referee.py through the `score` calculator, so no rule lives twice). Each shared
event's change and its words come from one `step`; `resolve` stores the words (`said`, and a
calculator's `working`) with the event, so the history says what happened as it was then.

Secrets:
- An Identity is written only from its owner's phone (`identity`, a private event) and shows
  only in that seat's own view until the reveal. A private identity is checked only against
  public rules (first game, Showdown): never against other seats' secrets, which would leak.
- Allegiance tokens are never entered by or shown to their owner. `investigate` (private to
  the investigating seat) records a token that seat saw on another seat's mat; only the
  investigator's own view carries it, with the deduction (calculators/allegiance.py).
- The shared view, the history, the export and the score carry no identity before the
  reveal, and no "on track" hint: those live in the owner's view only, which also carries the
  two seat lines the page prints on the owner's card (`only_this_phone`,
  `your_investigations`).
- Who reveals (`writer`): everyone reveals their card at the end of the final round
  (vigilante.txt:289, :635), and the card is secret until then (:231). The reveal of the
  Identity on a phone ("as-entered") is written by that phone only, and stored with the
  Identity it showed and `own_phone` (`resolve`): a disclosure, never taken back by an undo.
  Where a phone is gone, the table types the card the player shows: the table's event, read
  from nothing private.

Readings (README.md): the reveal is refused before the table marks the final round over
(`end-game`, itself refused before the card's last round when the rounds are known); a
revealed Identity is what the card shows, whatever was entered privately; damage reaching a
Hero's Health defeats it at once (Defeated Heroes, vigilante.txt:589).
"""
from __future__ import annotations

import re
from collections import Counter as Tally
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained
from assistant.inputs import Flag, Form, Integer, ListOf, OneOf, Text
from assistant.tracker import (
    NOTE,
    Action,
    Board,
    Counter,
    Event,
    Seat,
    Show,
    TrackerBase,
    Viewer,
    Wording,
    put,
    seat_id,
    seat_index,
    seat_name,
)
from assistant.tracker.base import SAVED_ID
from assistant.tracker.chain import evolve as replace
from assistant.tracker.fields import check_form
from assistant.tracker.kernel import is_sealed, seat_of

from . import referee, rounds, team
from .calculators.allegiance import KINDS, SPOTS, possible, remaining
from .calculators.events import EQUIPMENT_TIMING, EVENT_TYPES
from .calculators.events import TITLES as EVENT_TITLES
from .calculators.fight import EFFECTS as FIGHT_EFFECTS
from .identities import (
    CARDS,
    FIRST_GAME_LEFT_OUT,
    GUARDIAN_PER_GOOD,
    IDENTITY_OPTIONS,
    INVESTIGATOR_JAIL,
    MASTERMIND_JAIL,
    NEUTRAL_JAIL,
    WORSHIPPER_CLEAN_HEROES,
    Allegiance,
    Identity,
)
from .judge import SETTING_OPTIONS, Settings
from .mix import check_counts, check_identities, check_players, completion
from .modes import MAX_PLAYERS, SCENARIO_OPTIONS, TITLES, Scenario, scenario
from .rounds import rounds_played
from .state import (
    AGENCY_JAIL,
    BREAKING_POINT,
    EVENT_TOKENS,
    SLOTS,
    TURNS,
    Gear,
    Hero,
    SeatState,
    Sighting,
    State,
)

GAME = "vigilante"
MAX_JAIL = 60
MAX_DIE = 20
MAX_STAT = 30
AS_ENTERED = "as-entered"
"""A reveal that shows the Identity the seat entered on its own phone (the page's default)."""


# ---------------------------------------------------------------- setup

SEAT_FORM: Form = (Text("name", "Player (clockwise round the table).", max_length=40,
                        required=True),
                   Text("player", "Optional: who plays this seat.", max_length=40), SAVED_ID)
SETUP_FORM: Form = (
    OneOf("game", "The game being played.", (GAME,), default=GAME),
    OneOf("mode", "Scenario.", SCENARIO_OPTIONS, required=True),
    ListOf("seats", "Players, clockwise.", SEAT_FORM, min_items=2, max_items=MAX_PLAYERS,
           required=True),
    Integer("rounds", "From your Scenario Card: rounds.", minimum=1, maximum=EVENT_TOKENS),
    Integer("starting_events", "From your Scenario Card: starting Events.", minimum=0,
            maximum=EVENT_TOKENS),
    Integer("good", "From your Scenario Card: Good Identities.", minimum=0, maximum=5),
    Integer("evil", "From your Scenario Card: Evil Identities.", minimum=0, maximum=5),
    Integer("neutral", "From your Scenario Card: Neutral Identities.", minimum=0, maximum=6),
    Text("first_player", "Who takes the First Player marker (default: the first seat).",
         max_length=40, seat=True),
    Flag("mercenaries", "Mercenaries variant."),
    Flag("first_game", "First game: no Investigator or Mastermind."),
    *(OneOf(k, f"Table setting: {k.replace('_', ' ')}.", v, default=v[0])
      for k, v in SETTING_OPTIONS.items()),
    OneOf("equipment_timing", "Table setting: Equipment die effects go off after or before the "
          "track Events (the rulebook does not say).", EQUIPMENT_TIMING,
          default=EQUIPMENT_TIMING[0]),
)


@dataclass(frozen=True)
class SessionSetup:
    mode: Scenario
    seats: tuple[Seat, ...]
    rounds: int | None = None
    starting_events: int | None = None
    mix: tuple[int, int, int] | None = None
    """Good, Evil, Neutral from the card, if entered."""
    first_player: int = 0
    mercenaries: bool = False
    first_game: bool = False
    settings: Settings = field(default_factory=Settings)
    equipment_timing: str = EQUIPMENT_TIMING[0]
    """Trigger Events: Equipment die effects after (default) or before the track Events."""
    game: str = GAME

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game, "mode": self.mode.value,
            "seats": [s.to_json() for s in self.seats],
            "first_player": self.seats[self.first_player].name,
            "mercenaries": self.mercenaries, "first_game": self.first_game,
            **{k: getattr(self.settings, k) for k in SETTING_OPTIONS},
            "equipment_timing": self.equipment_timing}
        for key in ("rounds", "starting_events"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.mix is not None:
            out.update(good=self.mix[0], evil=self.mix[1], neutral=self.mix[2])
        return out


def parse_setup(data: Mapping[str, Any]) -> SessionSetup:
    values = check_form(SETUP_FORM, data)
    s = scenario(values["mode"])
    raw = data.get("seats")
    if not isinstance(raw, Sequence) or isinstance(raw, str | bytes):
        raise InvalidInput("seats", "List the players clockwise.", f"2-{MAX_PLAYERS} names")
    seats: list[Seat] = []
    for i, item in enumerate(raw):
        seat = check_form(SEAT_FORM, item if isinstance(item, Mapping) else {}, f"seats.{i}")
        sid = seat_id(seat["name"])  # a saved "id" is the same slug of the name
        if any(x.id == sid for x in seats):
            raise InvalidInput(f"seats.{i}.name", "Two seats share a name.", "different names")
        seats.append(Seat(sid, seat["name"], seat.get("player")))
    try:
        check_players(s, len(seats), "seats")
    except InvalidInput as exc:
        raise InvalidInput("seats", exc.detail, f"{exc.allowed} seats") from None
    if values.get("rounds") is not None and values.get("starting_events") is None:
        # Rounds are counted as tokens on the track minus the starting Events: without the
        # starting Events the last rounds' Events would be refused and the end allowed early.
        raise InvalidInput("starting_events", "With the card's rounds, enter its starting "
                           "Events too (0 if none): the rounds are counted on the Event Track.",
                           f"0-{EVENT_TOKENS}")
    mix = [values.get(k) for k in ("good", "evil", "neutral")]
    card_mix: tuple[int, int, int] | None = None
    if any(v is not None for v in mix):
        if any(v is None for v in mix):
            raise InvalidInput("good", "Enter all three identity counts from the card, or "
                               "none.", "Good, Evil and Neutral counts")
        good, evil, neutral = (int(v or 0) for v in mix)
        check_counts(s, len(seats), good, evil, neutral, bool(values.get("first_game")))
        card_mix = (good, evil, neutral)
    first = 0
    if values.get("first_player"):
        want = seat_id(values["first_player"])
        ids = [x.id for x in seats]
        if want not in ids:
            raise InvalidInput("first_player", "The First Player must be one of the seats.",
                               ", ".join(x.name for x in seats))
        first = ids.index(want)
    return SessionSetup(s, tuple(seats), values.get("rounds"), values.get("starting_events"),
                        card_mix, first, bool(values.get("mercenaries")),
                        bool(values.get("first_game")),
                        Settings(**{k: values[k] for k in SETTING_OPTIONS}),
                        values.get("equipment_timing") or EQUIPMENT_TIMING[0])


# ---------------------------------------------------------------- state

def initial(setup: SessionSetup) -> State:
    return State(tuple(SeatState() for _ in setup.seats), setup.first_player)


# ---------------------------------------------------------------- events

SEAT = Text("seat", "Seat id.", required=True, seat=True)
SLOT = Integer("slot", "Which slot (1-4).", minimum=1, maximum=SLOTS, required=True)
SAID = Text("said", "Filled in by the session: what the event did, in the table's words (any "
            "value sent is replaced).", max_length=3000)
WORKING = Text("working", "Filled in by the session: the calculator's steps (any value sent is "
               "replaced).", max_length=6000)
EVENT_TYPE = OneOf("type", "Event type.", EVENT_TYPES, required=True)
DIE = Integer("die", "Its die number.", minimum=1, maximum=MAX_DIE, required=True)
PER_SEAT = ("one number per player, as seated")
EVENT_FORMS: Mapping[str, Form] = {
    "new-event": (EVENT_TYPE, DIE, SAID),
    "trigger": (Text("dice", f"The Event die each player submitted, {PER_SEAT} (0 for a "
                     "player at breaking point), e.g. 1, 4, 0, 5.", max_length=40,
                     required=True),
                Text("firefight", f"Firefight: the slot of the Hero each player picks to take 1 "
                     f"damage, {PER_SEAT} (0: none, or the only Hero).", max_length=40),
                Text("paramedic", f"Paramedic: the slot of the damaged Hero each player picks to "
                     f"heal, {PER_SEAT} (0: none, or the only one).", max_length=40),
                SAID, WORKING),
    "end-round": (SAID,),
    "jail": (SEAT, Integer("count", "Villains in the jail now (public).", minimum=0,
                           maximum=MAX_JAIL, required=True), SAID),
    "recruit": (SEAT, Text("name", "The Hero (or Starter Hero).", max_length=40, required=True),
                Integer("influence", "Its Influence.", minimum=0, maximum=MAX_STAT,
                        required=True),
                Integer("health", "Its Health as printed (Equipment is attached with Equip).",
                        minimum=1, maximum=MAX_STAT, required=True),
                Integer("attack", "Its Attack as printed (a Fight adds it up).", minimum=0,
                        maximum=MAX_STAT), SAID),
    "fight": (SEAT, Text("villain", "The Villain's name (optional).", max_length=40),
              Integer("villain_health", "The Villain's Health.", minimum=0, maximum=MAX_STAT,
                      required=True),
              Text("chart", "Its attack chart: damage to slots 1-4, slot 1 first, e.g. 2, 1, "
                   "0, 1.", max_length=40),
              OneOf("effect", "Its text effect: none, resolved now, or To Jail.", FIGHT_EFFECTS,
                    default="none"),
              Text("effect_damage", "Damage its text dealt in step 2, slots 1-4 (e.g. 0, 1).",
                   max_length=40),
              Integer("bonus_attack", "Extra Attack from card effects this fight.", minimum=0,
                      maximum=MAX_STAT, default=0),
              Text("attacks", "Heroes' printed Attack, slots 1-4, where not recorded at "
                   "recruiting (e.g. 2, 3).", max_length=40),
              SAID, WORKING),
    "hit": (SEAT, SLOT, Integer("cubes", "Damage cubes placed on it.", minimum=1,
                                maximum=MAX_STAT, required=True),
            OneOf("cause", "What dealt the damage.", tuple(team.CAUSES), required=True),
            Text("source", "Optional: which Villain, Event or card.", max_length=40), SAID),
    "heal": (SEAT, SLOT, Integer("cubes", "Damage cubes removed.", minimum=1,
                                 maximum=MAX_STAT, default=1),
             OneOf("cause", "How: the Heal a Hero action, or a card's effect.",
                   tuple(team.HEALS), default="heal-action"), SAID),
    "equip": (SEAT, SLOT, Text("name", "The Equipment card.", max_length=40, required=True),
              Integer("health", "Its Health bonus.", minimum=0, maximum=MAX_STAT, default=0),
              Integer("attack", "Its Attack bonus.", minimum=0, maximum=MAX_STAT, default=0),
              Integer("die", "The die number of its Event effect, if it has one.", minimum=1,
                      maximum=MAX_DIE),
              Flag("extra", "A text effect lets this Hero carry more than 1 Equipment."), SAID),
    "unequip": (SEAT, SLOT, Text("name", "Which Equipment (if the Hero carries more than one).",
                                 max_length=40), SAID),
    "damage": (SEAT, SLOT, Integer("to", "Correction: the damage cubes on that Hero now.",
                                   minimum=0, maximum=MAX_STAT, required=True), SAID),
    "defeat": (SEAT, SLOT, Text("cause", "What defeated it (a card's text, a ruling).",
                                max_length=60), SAID),
    "add-event": (EVENT_TYPE, DIE, SAID),
    "pass-first-player": (SAID,),
    "first-player": (SEAT, SAID),
    "end-game": (SAID,),
    "identity": (SEAT, OneOf("identity", "Your Identity card (only your phone sees it).",
                             IDENTITY_OPTIONS, required=True)),
    "investigate": (SEAT, Text("target", "The player you investigated (name).", max_length=40,
                               required=True, seat=True),
                    Integer("spot", "Which of their 4 spots.", minimum=1, maximum=SPOTS,
                            required=True),
                    OneOf("seen", "What the token showed (only your phone sees it).", KINDS,
                          required=True)),
    "reveal": (SEAT, OneOf("identity", "The Identity card shown at the reveal ("
                           f"{AS_ENTERED}: the one entered on this phone, sent from the "
                           "player's own phone only; the table types the card it sees).",
                           (AS_ENTERED, *IDENTITY_OPTIONS)),
               Integer("jail_level_2_3", "Addict: Level 2 or 3 Villains in jail.", minimum=0,
                       maximum=MAX_JAIL),
               Integer("med_cards", "Addict: First Aid Kits and Med Pacs in hand.", minimum=0,
                       maximum=MAX_JAIL),
               Flag("own_phone", "True when the player reveals from their own phone (the "
                    "stored form of an 'as-entered' reveal says so); the table's typed reveal "
                    "leaves it out.")),
    "note": (Text("text", "A note for the table.", max_length=200, required=True),),
}
PRIVATE = frozenset({"identity", "investigate"})
TOLD = frozenset(k for k, form in EVENT_FORMS.items() if SAID in form)
"""Kinds whose stored form carries what they did (`said`), worked out from the state."""


def _seat(setup: SessionSetup, state: State, event: Event) -> tuple[int, SeatState]:
    i = seat_index(setup.seats, event["seat"])
    return i, state.seats[i]


def _put(state: State, i: int, seat: SeatState) -> State:
    return replace(state, seats=put(state.seats, i, seat))


Step3 = tuple[State, str, str]
"""The state after an event, what it did in the table's words, and the calculator's working."""


def step(setup: SessionSetup, state: State, event: Event) -> Step3:
    """Every shared event's change and words, from one code path (apply and resolve)."""
    kind = event.kind
    if kind == "trigger":
        return rounds.trigger(setup, state, numbers(event, "dice", MAX_DIE),
                              numbers(event, "firefight", SLOTS),
                              numbers(event, "paramedic", SLOTS))
    table: dict[str, Callable[[], tuple[State, str]]] = {
        "new-event": lambda: rounds.choose_event(setup, state, event["type"], event["die"]),
        "end-round": lambda: rounds.end_round(setup, state),
        "add-event": lambda: rounds.add_event(setup, state, event["type"], event["die"]),
        "end-game": lambda: rounds.end_game(setup, state),
        "pass-first-player": lambda: rounds.pass_marker(setup, state, None),
    }
    if kind in table:
        after, words = table[kind]()
        return after, words, ""
    i, seat = _seat(setup, state, event)
    who = setup.seats[i].name
    if kind == "first-player":
        after, words = rounds.pass_marker(setup, state, i)
        return after, words, ""
    if kind == "jail":
        high = seat.jail_level_2_3
        if high is not None and event["count"] < high:
            # A revealed Addict said how many of the jailed are Level 2-3; the jail cannot
            # drop below that without a new reveal (else the verdict could not be judged).
            raise InvalidInput("count", f"{who} revealed {high} Level 2-3 "
                               "Villains in jail; reveal again with the new number first.",
                               f"{high}-{MAX_JAIL}")
        words = (f"{who}'s jail set by hand: {event['count']} Villains (was {seat.jail})")
        return _put(state, i, replace(seat, jail=event["count"])), words, ""
    if kind in WHEN:
        _during_turns(setup, state, kind)
    if kind == "fight":
        changed, words, working = team.fight(
            who, seat, event.get("villain") or "the Villain", event["villain_health"],
            numbers(event, "chart", MAX_STAT, SLOTS), event.get("effect") or "none",
            numbers(event, "effect_damage", MAX_STAT, SLOTS), event.get("bonus_attack") or 0,
            numbers(event, "attacks", MAX_STAT, SLOTS))
        return _put(state, i, changed), words, working
    changes: dict[str, Callable[[], team.Change]] = {
        "recruit": lambda: team.recruit(who, seat, event["name"], event["influence"],
                                        event["health"], event.get("attack")),
        "hit": lambda: team.hurt(who, seat, event["slot"], event["cubes"],
                                 _cause(event)),
        "heal": lambda: team.heal(who, seat, event["slot"], event.get("cubes") or 1,
                                  team.HEALS[event.get("cause") or "heal-action"]),
        "equip": lambda: team.equip(who, seat, event["slot"], Gear(
            event["name"], event.get("health") or 0, event.get("attack") or 0,
            event.get("die")), bool(event.get("extra"))),
        "unequip": lambda: team.unequip(who, seat, event["slot"], event.get("name")),
        "damage": lambda: team.set_damage(who, seat, event["slot"], event["to"]),
        "defeat": lambda: team.defeat_by_hand(who, seat, event["slot"], event.get("cause")),
    }
    changed, words = changes[kind]()
    return _put(state, i, changed), words, ""


def numbers(event: Event, name: str, high: int, most: int = MAX_PLAYERS) -> list[int]:
    """Whole numbers typed as text, "1, 4, 0, 5": the same from the page's text box and the
    API."""
    raw = event.get(name)
    parts = [p for p in re.split(r"[,\s]+", str(raw or "")) if p]
    if len(parts) > most or not all(re.fullmatch(r"[0-9]{1,3}", p) and int(p) <= high
                                    for p in parts):
        raise InvalidInput(name, f"{name.replace('_', ' ').capitalize()}: up to {most} whole "
                           f"numbers 0-{high}, separated by commas (e.g. 1, 4, 0, 5).",
                           f"up to {most} numbers 0-{high}")
    return [int(p) for p in parts]


def _cause(event: Event) -> str:
    source = event.get("source")
    cause = team.CAUSES[event["cause"]]
    return f"{cause} ({source})" if source else cause


WHEN = {"fight": "A Fight is a main action, taken on a player's turn (rule action-fight)",
        "equip": "Equipment is attached at the start of its owner's turn (rule card-equipment)",
        "unequip": "Equipment comes off with an Inventory action, on a turn (rule "
                   "action-inventory)",
        "heal": "Heroes are healed by a Heal action or a card played on a turn (rule "
                "action-heal); the Paramedic Event heals at Trigger Events"}


def _during_turns(setup: SessionSetup, state: State, kind: str) -> None:
    if state.ended or state.stage != TURNS:
        now = ("the game is over" if state.ended else
               rounds.stage_text(setup, state).rstrip("."))
        raise InvalidInput("kind", f"{WHEN[kind]}; now: {now}.", "during the players' turns")


def apply(setup: SessionSetup, state: State, event: Event, version: int) -> State:
    kind = event.kind
    if kind == "note":
        return replace(state, notes=state.notes.added(event["text"]))
    if kind in TOLD:
        return step(setup, state, event)[0]
    i, seat = _seat(setup, state, event)
    if kind in PRIVATE and is_sealed(event):  # an import's entry, its secret left out
        return state
    if kind == "identity":
        ident = Identity(event["identity"])
        _check_public_rules(setup, ident, "identity")
        return _put(state, i, replace(seat, identity=ident.value))
    if kind == "investigate":
        tid = seat_id(event["target"])  # a seat's name or its id
        target = seat_index(setup.seats, tid, "target")
        if target == i:
            raise InvalidInput("target", "You may never look at your own Allegiance tokens (rule "
                               "allegiance-tokens).",
                               "another seat")
        seen = {s.spot: s.seen for s in seat.sightings if s.target == tid}
        if seen.get(event["spot"], event["seen"]) != event["seen"]:
            raise InvalidInput("seen", f"You noted spot {event['spot']} as "
                               f"{seen[event['spot']]} before; tokens never move.",
                               seen[event["spot"]])
        seen[event["spot"]] = event["seen"]
        if not possible(seen):
            raise InvalidInput("seen", "No mat holds tokens like these (2 of one kind, 1 of "
                               "each other).", ", ".join(KINDS))
        sighting = Sighting(tid, event["spot"], event["seen"])
        if sighting in seat.sightings:
            return state
        return _put(state, i, replace(seat, sightings=(*seat.sightings, sighting)))
    # reveal
    if not state.ended:
        raise InvalidInput("kind", "Identities are revealed at the end of the final round "
                           "(rule game-end).", "end-game first")
    given = event.get("identity")
    # resolve() stores the Identity an "as-entered" reveal shows; only a reveal stored before
    # that (an older session) still reads it from the phone's entry here
    chosen = seat.identity if given in (None, AS_ENTERED) else given
    if chosen is None:
        raise InvalidInput("identity", "Nothing was entered on this player's phone: say "
                           "which Identity card they show.", ", ".join(IDENTITY_OPTIONS))
    ident = Identity(chosen)
    _check_public_rules(setup, ident, "identity")
    high, med = event.get("jail_level_2_3"), event.get("med_cards")
    if ident is Identity.ADDICT:
        if high is None or med is None:
            raise InvalidInput("jail_level_2_3", "The Addict's Mission needs the Level 2-3 "
                               "Villains jailed and the First Aid Kits / Med Pacs in hand.",
                               "both numbers")
        if high > seat.jail:
            raise InvalidInput("jail_level_2_3", f"The jail holds {seat.jail}.",
                               f"0-{seat.jail}")
    after = _put(state, i, replace(seat, revealed=ident.value,
                                   jail_level_2_3=high if ident is Identity.ADDICT else None,
                                   med_cards=med if ident is Identity.ADDICT else None))
    _check_revealed(setup, after)
    return after


def _check_public_rules(setup: SessionSetup, ident: Identity, name: str) -> None:
    """Only rules the whole table knows: never other seats' secrets."""
    card = CARDS[ident]
    if setup.first_game and ident in FIRST_GAME_LEFT_OUT:
        raise InvalidInput(name, f"This first game leaves out the {card.title} (rule "
                           "first-game).",
                           "any other Identity")
    if setup.mode is Scenario.SHOWDOWN and card.allegiance is Allegiance.NEUTRAL:
        raise InvalidInput(name, "Showdown uses no Neutral Identities (rule "
                           "scenario-showdown).", "Good or Evil")
    if setup.mix is not None:
        good, evil, neutral = setup.mix
        limit = {Allegiance.GOOD: good, Allegiance.EVIL: evil, Allegiance.NEUTRAL: neutral}
        if limit[card.allegiance] == 0:
            raise InvalidInput(name, f"Your Scenario Card deals no {card.allegiance.value} "
                               "Identities (rule setup-identities).",
                               "an Identity of a dealt Allegiance")


def _check_revealed(setup: SessionSetup, state: State) -> None:
    shown = [Identity(s.revealed) for s in state.seats if s.revealed]
    count = Tally(shown)
    for ident, n in count.items():
        if n > CARDS[ident].copies:
            raise InvalidInput("identity", f"The box holds {CARDS[ident].copies} "
                               f"{CARDS[ident].title} card(s); {n} are revealed.",
                               "another Identity")
    if len(shown) < len(setup.seats) and completion(
            setup.mode, len(setup.seats), shown, setup.first_game, setup.mix) is None:
        raise InvalidInput("identity", "With the Identities already shown, no deal the "
                           "scenario" + (" and the card" if setup.mix else "") + " allow is "
                           "left for the players still to reveal (rule setup-identities).",
                           "another Identity")
    if len(shown) == len(setup.seats):
        check_identities(setup.mode, shown, setup.first_game, "identity")
        if setup.mix is not None:
            got = Tally(CARDS[i].allegiance for i in shown)
            want = dict(zip(Allegiance, setup.mix, strict=True))
            if any(got[a] != want[a] for a in Allegiance):
                raise InvalidInput("identity", "The revealed Identities do not match the "
                                   "card's Good/Evil/Neutral counts.",
                                   ", ".join(f"{want[a]} {a.value}" for a in Allegiance))


def describe(event: Event, names: Mapping[str, str], hidden: bool) -> str:
    """One line for the history; `hidden`: a private entry the viewer may not read."""
    who = seat_name(names, event.get("seat"))
    kind = event.kind
    if kind == "identity":
        if not hidden:
            return f"{who}: your Identity is {CARDS[Identity(event['identity'])].title} " \
                   "(only you see this)"
        return f"{who} used their own phone"
    if kind == "investigate":
        target = seat_name(names, event["target"])
        if not hidden:
            return f"{who} looked at {target}'s spot {event['spot']}: {event['seen']} " \
                   "(only you see this)"
        return f"{who} investigated {target} (spot {event['spot']})"
    if event.get("said"):
        return str(event["said"])
    # events stored before their words were (older sessions)
    lines: dict[str, Callable[[], str]] = {
        "jail": lambda: f"{who}'s jail: {event['count']}",
        "recruit": lambda: f"{who} recruits {event['name']} (Influence {event['influence']}, "
                           f"Health {event['health']})",
        "damage": lambda: f"Correction: {who}'s slot {event['slot']} Hero: {event['to']} damage",
        "defeat": lambda: f"{who}'s slot {event['slot']} Hero is defeated",
        "add-event": lambda: f"Event Track: {EVENT_TITLES[event['type']]} ({event['die']})",
        "pass-first-player": lambda: "First Player marker passes counter-clockwise",
        "first-player": lambda: f"{who} takes the First Player marker",
        "end-game": lambda: "The final round is over: reveal",
        "reveal": lambda: _reveal_line(event, who),
        "note": lambda: f"Note: {event['text']}",
    }
    return lines.get(kind, lambda: kind.replace("-", " ").capitalize())()


def _reveal_line(event: Event, who: str) -> str:
    given = event.get("identity")
    if given in (None, AS_ENTERED):  # stored before reveals were resolved (older sessions)
        return f"{who} reveals (as entered on their phone)"
    title = CARDS[Identity(given)].title
    if event.get("own_phone"):
        return f"{who} reveals from their own phone: {title}"
    return f"The table records {who}'s Identity card as shown: {title}"


def writer(setup: SessionSetup, event: Event) -> str | None:
    """Identities and investigations are their seat's own; so is a reveal of the Identity
    entered on the phone ("as-entered", or its stored form with `own_phone`). A reveal typed
    from the card the player shows (their phone gone) is the table's."""
    if event.kind in PRIVATE:
        return seat_of(setup.seats, str(event["seat"]))
    if event.kind == "reveal" and (event.get("own_phone")
                                   or event.get("identity") in (None, AS_ENTERED)):
        return seat_of(setup.seats, str(event["seat"]))
    return None


def resolve(setup: SessionSetup, state: State, event: Event) -> Event:
    """An owner's "as-entered" reveal is stored with the Identity it shows (and
    `own_phone`), so the history, an export and its import carry what was revealed."""
    if event.kind in TOLD:
        try:
            _, said, working = step(setup, state, event)
        except InvalidInput:
            return event  # apply refuses it the same way, saying what can be done instead
        data = {k: v for k, v in event.data.items() if k not in ("said", "working")}
        return Event(event.kind, {**data, "said": said, **({"working": working}
                                                         if working else {})})
    if event.kind != "reveal" or event.get("identity") not in (None, AS_ENTERED) \
            or not state.ended:
        return event  # apply says why a reveal before the end is refused
    i = seat_index(setup.seats, event["seat"])
    entered = state.seats[i].identity
    if entered is None:
        raise InvalidInput("identity", "No Identity was entered on this phone: choose the "
                           "card you show.", ", ".join(IDENTITY_OPTIONS))
    return Event("reveal", {**event.data, "identity": entered, "own_phone": True})


# ---------------------------------------------------------------- views

def _hero_json(h: Hero, slot: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"name": h.name, "influence": h.influence, "health": h.max_health,
                           "printed_health": h.health, "damage": h.damage,
                           "equipment": [{"name": g.name, "health": g.health,
                                          "attack": g.attack, "die": g.die} for g in h.gear]}
    if slot is not None:
        out["slot"] = slot
    if h.cause:
        out["defeated_by"] = h.cause
    return out


def state_json(setup: SessionSetup, state: State, viewer: Viewer) -> dict[str, Any]:
    played = rounds_played(setup, state)
    order = [setup.seats[(state.first_player + k) % len(setup.seats)].id
             for k in range(len(setup.seats))]
    all_revealed = all(s.revealed for s in state.seats)
    seats = []
    for i, (s, st) in enumerate(zip(setup.seats, state.seats, strict=True)):
        team = [_hero_json(h, k + 1) for k, h in enumerate(st.team) if h is not None]
        influence = sum(h.influence for h in st.team if h is not None)
        damage = sum(h.damage for h in st.team if h is not None)
        row: dict[str, Any] = {
            "id": s.id, "name": s.name, "player": s.player, "jail": st.jail, "team": team,
            "defeated": [_hero_json(h) for h in st.defeated],
            "defeated_count": len(st.defeated), "team_influence": influence,
            "team_damage": damage, "breaking_point": len(st.defeated) >= BREAKING_POINT,
            "agency": st.jail >= AGENCY_JAIL,
            "team_line": "Team: " + (", ".join(
                f"{h['slot']}. {h['name']} ({h['damage']}/{h['health']}"
                + "".join(f", {g['name']}" for g in h["equipment"]) + ")" for h in team)
                or "none")
                         + f"; Influence {influence}",
            "defeated_line": f"Defeated: {len(st.defeated)}"
                             + (" - breaking point, no Event die" if len(st.defeated) >=
                                BREAKING_POINT else ""),
            "revealed": st.revealed,
            "identity_line": (f"Revealed: {CARDS[Identity(st.revealed)].title}"
                              if st.revealed else None),
        }
        if viewer.seat == s.id:
            row.update(_own_view(setup, state, i))
        seats.append(row)
    out: dict[str, Any] = {
        "mode": setup.mode.value, "scenario": TITLES[setup.mode], "round": played,
        "rounds": setup.rounds,
        "rounds_left": None if setup.rounds is None else max(0, setup.rounds - played),
        "ended": state.ended, "playing": not state.ended, "stage": state.stage,
        "stage_text": rounds.stage_text(setup, state),
        "not_turns": state.ended or state.stage != TURNS,
        "track": [{"type": t, "die": d, "title": EVENT_TITLES[t]} for t, d in state.track],
        "track_text": " · ".join(f"{EVENT_TITLES[t]} {d}" for t, d in state.track) or "empty",
        "first_player": setup.seats[state.first_player].id, "turn_order": order,
        "good_needed": None if setup.mix is None else GUARDIAN_PER_GOOD * setup.mix[0],
        "all_revealed": all_revealed, "settings": {k: getattr(setup.settings, k)
                                                   for k in SETTING_OPTIONS},
        "notes": list(state.notes), "seats": seats,
    }
    if all_revealed:
        out["winners"] = referee.score(setup, state).result["winners"]
    return out


def _own_view(setup: SessionSetup, state: State, i: int) -> dict[str, Any]:
    """What only seat i's own phone shows: its Identity, Mission hints, its deductions."""
    st = state.seats[i]
    out: dict[str, Any] = {"own": True}
    if st.identity is not None:
        ident = Identity(st.identity)
        card = CARDS[ident]
        out.update(identity=ident.value, identity_title=card.title,
                   allegiance=card.allegiance.value, mission=card.mission,
                   progress=_progress(setup, state, i, ident))
    targets: dict[str, dict[int, str]] = {}
    for s in st.sightings:
        targets.setdefault(s.target, {})[s.spot] = s.seen
    out["deductions"] = [
        {"target": t, "seen": {str(k): v for k, v in sorted(seen.items())},
         "possible": possible(seen),
         "settled": possible(seen)[0] if len(possible(seen)) == 1 else None,
         "unseen_tokens_if": {k: remaining(k, seen) for k in possible(seen)}}
        for t, seen in targets.items()]
    # Lines the session page prints on this seat's card (board seat_lines): present only in
    # the owner's view, so the shared page and other phones never carry them.
    if st.identity is None:
        out["only_this_phone"] = ("No Identity entered yet: pick yours under My Identity "
                                  "(only this phone sees it).")
    else:
        out["only_this_phone"] = (f"{out['identity_title']} ({out['allegiance']}): "
                                  f"{out['mission']} " + " ".join(out["progress"]))
    if out["deductions"]:
        names = {x.id: x.name for x in setup.seats}
        out["your_investigations"] = "; ".join(
            f"{names.get(d['target'], d['target'])}: "
            + ", ".join(f"spot {k} {v}" for k, v in d["seen"].items())
            + (f" -> {d['settled']}" if d["settled"] else
               " -> " + " or ".join(d["possible"]) + " still possible")
            for d in out["deductions"])
    return out


def _progress(setup: SessionSetup, state: State, i: int, ident: Identity) -> list[str]:
    """Public numbers read for one Mission: an owner-only hint, never a verdict."""
    st = state.seats[i]
    jail = st.jail
    if ident is Identity.GUARDIAN:
        need = ("7 per Good player" if setup.mix is None
                else f"{GUARDIAN_PER_GOOD * setup.mix[0]}")
        return [f"Good players' jails together need {need}; yours holds {jail}."]
    if ident is Identity.INVESTIGATOR:
        return [f"Your jail {jail}; at the end the Evil players' defeated Heroes join it; "
                f"you need {INVESTIGATOR_JAIL}."]
    if ident is Identity.MASTERMIND:
        return [f"Your jail {jail} of {MASTERMIND_JAIL}."]
    if ident is Identity.ASSASSIN:
        return ["You win if every Good player loses."]
    if ident is Identity.TIME_TRAVELER:
        return [f"Your jail {jail}: you need 1 more than some player who wins."]
    lines = [f"Your jail {jail} of {NEUTRAL_JAIL}."]
    others = [k for k in range(len(setup.seats)) if k != i]
    if ident is Identity.WORSHIPPER_OF_LIFE:
        clean = sum(1 for h in st.team if h is not None and h.damage == 0)
        lines.append(f"Undamaged Heroes {clean} of {WORSHIPPER_CLEAN_HEROES}.")
    elif ident is Identity.PROFITEER:
        mine = sum(h.influence for h in st.team if h is not None)
        best = max((sum(h.influence for h in state.seats[k].team if h is not None)
                    for k in others), default=0)
        lines.append(f"Team Influence {mine} against the best other {best}.")
    elif ident is Identity.CULTIST:
        missing = [setup.seats[k].name for k in others if not state.seats[k].defeated]
        lines.append("Still without a defeated Hero: " + (", ".join(missing) or "nobody") + ".")
    elif ident is Identity.BOUNTY_HUNTER:
        pool = [(h.influence, setup.seats[k].name, h.name, down) for k in others
                for h, down in [*((x, False) for x in state.seats[k].team if x is not None),
                                *((x, True) for x in state.seats[k].defeated)]]
        if pool:
            top = max(p[0] for p in pool)
            lines.append("Highest Influence now: " + ", ".join(
                f"{owner}'s {name} ({'defeated' if down else 'standing'})"
                for inf, owner, name, down in sorted(pool) if inf == top) + f" ({top}).")
    elif ident is Identity.ADDICT:
        lines.append("Count your Level 2-3 Villains and First Aid Kits / Med Pacs (4 each).")
    return lines


# ---------------------------------------------------------------- the tracker

EXAMPLE_SETUP: Mapping[str, Any] = {
    "mode": "brought-to-justice", "rounds": 2, "starting_events": 1,
    "good": 2, "evil": 1, "neutral": 1,
    "seats": [{"name": "Gwen"}, {"name": "Ivan"}, {"name": "Asha"}, {"name": "Pim"}]}
TABLE_EXAMPLES: tuple[Mapping[str, Any], ...] = (
    {"kind": "new-event", "type": "hacking", "die": 3},
    {"kind": "recruit", "seat": "gwen", "name": "Starter", "influence": 1, "health": 3},
    {"kind": "recruit", "seat": "asha", "name": "Nox", "influence": 4, "health": 2},
    {"kind": "new-event", "type": "jailbreak", "die": 1},
    {"kind": "equip", "seat": "gwen", "slot": 1, "name": "Kevlar Vest", "health": 2},
    {"kind": "jail", "seat": "gwen", "count": 2},
    {"kind": "hit", "seat": "asha", "slot": 1, "cubes": 1, "cause": "villain-attack"},
    {"kind": "hit", "seat": "gwen", "slot": 1, "cubes": 3, "cause": "villain-attack"},
    {"kind": "heal", "seat": "gwen", "slot": 1},
    {"kind": "trigger", "dice": "1, 4, 2, 5"},
    {"kind": "end-round"},
    {"kind": "new-event", "type": "paramedic", "die": 3},
    {"kind": "trigger", "dice": "3, 3, 6, 2"},
    {"kind": "end-round"},
)


def _stored(setup_data: Mapping[str, Any],
            raws: Sequence[Mapping[str, Any]]) -> tuple[Mapping[str, Any], ...]:
    """The examples as the session stores them: each with what it did (`said`), so each is
    its own stored form."""
    setup = parse_setup(setup_data)
    state, out = initial(setup), list[Mapping[str, Any]]()
    for raw in raws:
        event = resolve(setup, state, Event(raw["kind"], {k: v for k, v in raw.items()
                                                          if k != "kind"}))
        state = apply(setup, state, event, len(out) + 1)
        out.append(event.to_json())
    return tuple(out)


EXAMPLE_EVENTS = _stored(EXAMPLE_SETUP, TABLE_EXAMPLES)


class VigilanteTracker(TrackerBase):
    setup_form: Form = SETUP_FORM
    event_forms: Mapping[str, Form] = EVENT_FORMS
    wording: Wording = Wording(seat="player", seats="players",
                      follows="the Event Track, jails, teams and damage, and the verdict after "
                              "the reveal")
    example_setup: Mapping[str, Any] = EXAMPLE_SETUP
    example_events: Sequence[Mapping[str, Any]] = EXAMPLE_EVENTS
    private_events: frozenset[str] = PRIVATE
    """An Identity, and the tokens an investigation showed: written from the seat's own phone,
    shown only there."""

    def parse_setup(self, data: Mapping[str, Any]) -> SessionSetup:
        return parse_setup(data)

    def initial(self, setup: SessionSetup) -> State:
        return initial(setup)

    def start_seat(self, setup: SessionSetup) -> str | None:
        """Who took the First Player marker at setup (rulebook, setup 12, First Player)."""
        return setup.seats[setup.first_player].id

    def writer(self, setup: SessionSetup, event: Event) -> str | None:
        return writer(setup, event)

    def resolve(self, setup: SessionSetup, state: State, event: Event) -> Event:
        return resolve(setup, state, event)

    def apply(self, setup: SessionSetup, state: State, event: Event, version: int) -> State:
        return apply(setup, state, event, version)

    def describe(self, event: Event, names: Mapping[str, str], viewer: Viewer) -> str:
        return describe(event, names, self.hidden(event, viewer))

    def event_json(self, event: Event, viewer: Viewer) -> dict[str, Any]:
        """Others see who investigated whom and where, never what the token showed."""
        out = super().event_json(event, viewer)
        if event.kind == "investigate" and self.hidden(event, viewer):
            out.update(target=seat_id(event["target"]), spot=event["spot"])
        return out

    def state_json(self, setup: SessionSetup, state: State, viewer: Viewer) -> dict[str, Any]:
        return state_json(setup, state, viewer)

    def score(self, setup: SessionSetup, state: State) -> Explained:
        return referee.score(setup, state)

    def finished(self, setup: SessionSetup, state: State) -> bool:
        return referee.finished(setup, state)

    def moves(self, setup: SessionSetup, state: State) -> Sequence[Mapping[str, Any]]:
        return referee.moves(setup, state)

    def board(self, setup: SessionSetup) -> Board:
        return Board(
            shows=(Show("stage_text", "Now"), Show("round", "Round (by the Event Track)"),
                   Show("rounds", "Rounds on the card"),
                   Show("first_player", "First Player", seat_name=True),
                   Show("track_text", "Event Track"),
                   Show("good_needed", "Good needs (7 per Good player)")),
            counters=(Counter("jail", "Jail", 0, MAX_JAIL, "jail"),),
            actions=(
                Action("new-event", "Choose new Event", asks=("type", "die"), unless="ended"),
                Action("trigger", "Trigger Events", asks=("dice", "firefight", "paramedic"),
                       unless="ended"),
                Action("end-round", "End the round", unless="ended"),
                Action("end-game", "Final round over", unless="ended",
                       confirm="is the final round over? Then everyone reveals."),
                Action("recruit", "Recruit", per_seat=True,
                       asks=("name", "influence", "attack", "health")),
                Action("fight", "Fight a Villain", per_seat=True,
                       asks=("villain", "villain_health", "chart", "effect", "effect_damage",
                             "bonus_attack", "attacks"), unless="not_turns"),
                Action("hit", "Damage", per_seat=True, asks=("slot", "cubes", "cause", "source")),
                Action("heal", "Heal", per_seat=True, asks=("slot", "cubes", "cause"),
                       unless="not_turns"),
                Action("equip", "Attach Equipment", per_seat=True,
                       asks=("slot", "name", "health", "attack", "die", "extra"),
                       unless="not_turns"),
                Action("unequip", "Inventory: Equipment off", per_seat=True,
                       asks=("slot", "name"), unless="not_turns"),
                Action("defeat", "Defeated (text effect or correction)", per_seat=True,
                       asks=("slot", "cause")),
                Action("damage", "Set damage (correction)", per_seat=True, asks=("slot", "to")),
                Action("add-event", "Place an Event (correction)", asks=("type", "die"),
                       unless="ended"),
                Action("pass-first-player", "Pass First Player (correction)", unless="ended"),
                Action("first-player", "First Player (correction)", per_seat=True,
                       unless="ended"),
                Action("identity", "My Identity (own phone)", per_seat=True,
                       asks=("identity",), unless="ended", own_phone=True),
                Action("investigate", "Investigate (own phone)", per_seat=True,
                       asks=("target", "spot", "seen"), unless="ended", own_phone=True),
                Action("reveal", "Reveal my Identity", per_seat=True,
                       asks=("jail_level_2_3", "med_cards"), unless="playing",
                       confirm="shows your Identity to the whole table?", own_phone=True),
                Action("reveal", "Record the Identity card shown", per_seat=True,
                       asks=("identity", "jail_level_2_3", "med_cards"), unless="playing",
                       leave_out=(AS_ENTERED,)),
                NOTE),
            seat_lines=("team_line", "defeated_line", "identity_line", "only_this_phone",
                        "your_investigations"),
            secret_lines=("only_this_phone", "your_investigations"))


TRACKER = VigilanteTracker()
