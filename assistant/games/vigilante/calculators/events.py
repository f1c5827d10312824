"""Events: placing tokens on the Event Track, and Trigger Events (lowest number first, each
matching token once, Equipment die effects, breaking point). Rulebook: Starting Events
(vigilante.txt:189-191), Choose New Event (:385-391), Trigger Events (:466-500),
Attached Equipment (:456), Submitting an Event Die (:415-427)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step
from assistant.games import Operation
from assistant.inputs import Integer, ListOf, OneOf, Text

from ..book import says

EVENT_TYPES = ("jailbreak", "firefight", "hacking", "loot-crate", "paramedic")
TITLES = {"jailbreak": "Jailbreak", "firefight": "Firefight", "hacking": "Hacking",
          "loot-crate": "Loot Crate", "paramedic": "Paramedic"}
RULES = {t: f"event-{t}" for t in EVENT_TYPES}
BREAKING_POINT = 3
AGENCY_JAIL = 3
MAX_DIE = 99
EQUIPMENT_TIMING = ("after-track", "before-track")


@dataclass(frozen=True)
class Token:
    type: str
    die: int
    position: int

    @property
    def title(self) -> str:
        return f"{TITLES[self.type]} ({self.die})"


def _tokens(raw: Sequence[Mapping[str, Any]], field: str) -> list[Token]:
    out = []
    for i, item in enumerate(raw):
        kind = str(item.get("type") or "")
        if kind not in EVENT_TYPES:
            raise InvalidInput(f"{field}.{i}.type", f"There is no Event type {kind!r}.",
                               ", ".join(EVENT_TYPES))
        die = int(item["die"])
        if not 1 <= die <= MAX_DIE:
            raise InvalidInput(f"{field}.{i}.die", "A die number is 1 or more.", "1 or more")
        out.append(Token(kind, die, i))
    return out


def place(track: Sequence[Token], new: Token | None) -> list[Token]:
    """Sorted lowest die first; a new token goes below every token of the same number."""
    ordered = sorted(track, key=lambda t: t.die)  # stable: setup ties keep the table's order
    if new is None:
        return ordered
    at = sum(1 for t in ordered if t.die <= new.die)
    return [*ordered[:at], new, *ordered[at:]]


def event_track(data: Mapping[str, Any]) -> Explained:
    track = _tokens(data.get("track") or [], "track")
    new = None
    if data.get("new_type"):
        new = _tokens([{"type": data["new_type"], "die": data.get("new_die") or 0}],
                      "new")[0]
    ordered = place(track, new)
    steps = [says("event-track", "faces", "The track is sorted by die number, lowest at the "
                  "top (die numbers as on your tokens).", len(ordered))]
    if new is None:
        ties = len({t.die for t in track}) < len(track)
        if ties:
            steps.append(Step("Tokens with the same number may stand in any order at setup; "
                              "we keep the order you gave.", None, "setup-starting-events"))
    else:
        same = sum(1 for t in track if t.die == new.die)
        where = ordered.index(new) + 1
        steps.append(Step(f"New {new.title} goes to place {where}"
                          + (f", below the {same} token(s) already showing {new.die}."
                             if same else "."), where, "choose-new-event"))
    result = {"track": [{"position": i, "type": t.type, "die": t.die,
                         "new": t is new} for i, t in enumerate(ordered, start=1)]}
    summary = "Event Track: " + ", ".join(t.title for t in ordered) + "."
    return Explained(result, tuple(steps), summary)


def trigger_events(data: Mapping[str, Any]) -> Explained:
    track = place(_tokens(data.get("track") or [], "track"), None)
    players = list(data.get("players") or [])
    timing = str(data.get("equipment_timing") or "after-track")
    if timing not in EQUIPMENT_TIMING:
        raise InvalidInput("equipment_timing", f"Unknown setting {timing!r}.",
                           ", ".join(EQUIPMENT_TIMING))
    steps: list[Step] = []
    dice: list[int] = []
    state: list[dict[str, Any]] = []
    for i, p in enumerate(players):
        name = str(p.get("name") or f"Player {i + 1}")
        defeated = int(p.get("defeated_heroes") or 0)
        die = p.get("die")
        if die is not None and die != "":
            if defeated >= BREAKING_POINT:
                raise InvalidInput(f"players.{i}.die", f"{name} has {defeated} defeated Heroes "
                                   "and so submits no Event die.", "no die (leave it empty)")
            dice.append(int(die))
        elif defeated >= BREAKING_POINT:
            steps.append(Step(f"{name}: {defeated} defeated Heroes, breaking point, no die.",
                              defeated, "breaking-point"))
        state.append({"name": name, "jail": p.get("jail"), "hand": p.get("hand"),
                      "die": None if die in (None, "") else int(die)})
    submitted = sorted(set(dice))
    steps.append(says("event-track", "faces", f"Dice submitted: "
                      f"{', '.join(map(str, sorted(dice))) or 'none'}; numbers that trigger: "
                      f"{', '.join(map(str, submitted)) or 'none'}.", len(submitted)))
    equipment: list[dict[str, Any]] = []
    for i, e in enumerate(data.get("equipment") or []):
        die = int(e["die"])
        equipment.append({"player": str(e.get("player") or ""), "name":
                          str(e.get("name") or f"Equipment {i + 1}"), "die": die,
                          "fires": die in submitted})
    fired: list[dict[str, Any]] = []
    order = 0

    def equipment_go() -> None:
        nonlocal order
        for e in equipment:
            if e["fires"]:
                order += 1
                fired.append({"order": order, "kind": "equipment", "name": e["name"],
                              "player": e["player"], "die": e["die"]})
                steps.append(Step(f"{e['player']}'s {e['name']} ({e['die']}) goes off like an "
                                  "Event.", int(e["die"]), "attached-equipment"))

    if timing == "before-track":
        equipment_go()
    track_out = []
    for t in track:
        matches = dice.count(t.die)
        fires = matches > 0
        track_out.append({"type": t.type, "die": t.die, "fires": fires, "matching_dice": matches})
        if not fires:
            continue
        order += 1
        effects = [_effect(t.type, p) for p in state]
        fired.append({"order": order, "kind": "event", "type": t.type, "die": t.die,
                      "effects": effects})
        once = f" ({matches} dice match; it still goes off once)" if matches > 1 else ""
        steps.append(Step(f"{t.title} goes off{once}: every player, in turn order - "
                          + "; ".join(f"{e['player']}: {e['does']}" for e in effects) + ".",
                          t.die, RULES[t.type]))
    if timing == "after-track":
        equipment_go()
    if any(e["fires"] for e in equipment) and any(t["fires"] for t in track_out):
        steps.append(says("trigger-events", "equipment-timing", f"Equipment went off "
                          f"{timing.replace('-track', '')} the track Events, by your table's "
                          "setting."))
    steps.append(Step("Everyone takes their Event dice back.", None, "trigger-events"))
    result = {"submitted": submitted, "track": track_out, "fired": fired,
              "equipment_timing": timing,
              "players": [{"name": p["name"], "jail": p["jail"], "hand": p["hand"]}
                          for p in state]}
    names = [f["type"] if f["kind"] == "event" else f["name"] for f in fired]
    summary = ("Nothing goes off." if not fired else
               "In order: " + ", ".join(TITLES.get(n, n) for n in names) + ".")
    return Explained(result, tuple(steps), summary)


def _effect(kind: str, p: dict[str, Any]) -> dict[str, Any]:
    """What one Event does to one player; tracks jail and hand when the table gave them."""
    name, jail, hand = p["name"], p["jail"], p["hand"]
    does = ""
    if kind == "jailbreak":
        if jail is None:
            does = "frees one jailed Villain (bottom of the Villain deck), if any"
        elif jail > 0:
            p["jail"] = jail - 1
            lost = " and loses Agency draws" if jail >= AGENCY_JAIL > jail - 1 else ""
            does = f"frees one Villain, jail {jail} -> {jail - 1}{lost}"
        else:
            does = "has no jailed Villain to free"
    elif kind == "firefight":
        does = "puts 1 damage on one of their Heroes"
    elif kind == "paramedic":
        does = "takes 1 damage off one of their Heroes"
    elif kind == "hacking":
        if hand is None:
            does = "picks a City or Agency card in hand to discard"
        elif hand > 0:
            p["hand"] = hand - 1
            does = f"discards a card of their choice, hand {hand} -> {hand - 1}"
        else:
            does = "has no card to discard"
    else:
        if jail is None:
            does = "draws 1 City card (or, with 3 or more jailed, an Agency card if they wish)"
        elif jail >= AGENCY_JAIL:
            does = f"draws 1 City card or, with {jail} jailed, an Agency card if they wish"
        else:
            does = "draws 1 City card"
        if hand is not None:
            p["hand"] = hand + 1
    return {"player": name, "does": does, "jail": p["jail"], "hand": p["hand"]}


TOKEN_FIELDS = (
    OneOf("type", "Event type", EVENT_TYPES, required=True),
    Integer("die", "Its die number", minimum=1, maximum=MAX_DIE, required=True),
)
PLAYER_FIELDS = (
    Text("name", "Player", required=True),
    Integer("die", "The die they submitted (empty at breaking point)", minimum=1,
            maximum=MAX_DIE),
    Integer("defeated_heroes", "Heroes in their Defeated pile", minimum=0, maximum=99),
    Integer("jail", "Villains in their jail (public; optional)", minimum=0, maximum=99),
    Integer("hand", "Cards in their hand (optional)", minimum=0, maximum=99),
)
EQUIPMENT_FIELDS = (
    Text("player", "Owner", required=True),
    Text("name", "Equipment card"),
    Integer("die", "Its die number", minimum=1, maximum=MAX_DIE, required=True),
)

OPERATIONS: tuple[Operation, ...] = (
    Operation(
        slug="event-track", title="Place an Event",
        summary="Where a new Event token goes on the track (lowest number on top, below equal "
                "numbers), or the starting order.",
        form=(ListOf("track", "Tokens on the track now, top first", TOKEN_FIELDS,
                     max_items=40),
              OneOf("new_type", "The new token's type (optional)", EVENT_TYPES),
              Integer("new_die", "The new token's die number", minimum=1, maximum=MAX_DIE)),
        run=event_track,
        example={"track": [{"type": "hacking", "die": 2}, {"type": "jailbreak", "die": 5}],
                 "new_type": "firefight", "new_die": 2},
        rules=("event-track", "choose-new-event", "setup-starting-events"),
    ),
    Operation(
        slug="trigger-events", title="Trigger Events",
        summary="Which Events go off, in what order, and what each does to every player; each "
                "token once, no die at breaking point, Equipment die effects.",
        form=(ListOf("track", "Tokens on the track, top first", TOKEN_FIELDS, max_items=40,
                     required=True),
              ListOf("players", "Players in turn order (First Player first)", PLAYER_FIELDS,
                     max_items=5, required=True),
              ListOf("equipment", "Attached Equipment with a die number", EQUIPMENT_FIELDS,
                     max_items=20),
              OneOf("equipment_timing", "Table setting: Equipment die effects go off after or "
                    "before the track Events", EQUIPMENT_TIMING, default="after-track")),
        run=trigger_events,
        example={"track": [{"type": "jailbreak", "die": 2}, {"type": "loot-crate", "die": 2},
                           {"type": "firefight", "die": 4}],
                 "players": [{"name": "Ana", "die": 2, "jail": 3, "hand": 1},
                             {"name": "Ben", "die": 2, "jail": 4, "hand": 0},
                             {"name": "Cy", "defeated_heroes": 3, "jail": 1}]},
        rules=("trigger-events", "submit-event-die", "breaking-point", "event-jailbreak",
               "event-firefight", "event-hacking", "event-loot-crate", "event-paramedic",
               "attached-equipment", "effect-conflicts", "agency-cards"),
    ),
)
