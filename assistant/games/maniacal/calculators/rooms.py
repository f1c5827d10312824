"""Action rooms and Contract rooms: who may activate them, and at what cost
(maniacal.txt:191-199, 229-236)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step
from assistant.games import Operation
from assistant.inputs import Flag, Integer, OneOf, Text

from ..facts import number

ROOM_WEEKS = number("actions-and-time", "action-room")
FIGURES = ("supervillain", "henchman")


def _figure_checks(data: Mapping[str, Any], kind: str) -> tuple[str, str]:
    room = str(data.get("room") or f"the {kind} room").strip()
    figure = str(data.get("figure", "supervillain"))
    who = str(data.get("figure_name") or ("your Supervillain" if figure == "supervillain"
                                           else "the henchman")).strip()
    if data.get("room_used"):
        raise InvalidInput("room_used", f"{room} has already been activated this round.",
                           "a room not used since the last Clean-up")
    if data.get("exhausted"):
        raise InvalidInput("exhausted", f"{who} is exhausted until Clean-up.",
                           "a fresh Supervillain or henchman")
    return room, who


def action_room(data: Mapping[str, Any]) -> Explained:
    room, who = _figure_checks(data, "Action")
    weeks = int(data["weeks_left"])
    cost = int(data.get("room_weeks") or ROOM_WEEKS)
    if cost > weeks:
        raise InvalidInput("weeks_left", f"{room} takes {cost} week(s); {weeks} left.",
                           f"{cost} or more weeks left, or pass")
    how = ("meeple on the card" if data.get("figure", "supervillain") == "supervillain"
           else "card on the room, face down")
    steps = [Step(f"{who} activates {room} ({how}); exhausted until Clean-up.", None,
                  "action-rooms"),
             Step(f"Pay {cost} week(s): {weeks} → {weeks - cost}.", weeks - cost,
                  "action-rooms")]
    if int(data.get("injuries", 0)):
        steps.append(Step("An injured henchman may still activate rooms.", None, "injury"))
    result: dict[str, Any] = {"allowed": True, "weeks_after": weeks - cost,
                              "exhausts": who, "infamy": 0}
    each, count = int(data.get("infamy_each", 0)), int(data.get("count", 0))
    if each:
        result["infamy"] = each * count
        steps.append(Step(f"Effect: {each} Infamy × {count} = {each * count}.", each * count,
                          "action-rooms"))
    steps.append(Step("The room works once this round.", 1, "action-rooms"))
    return Explained(result, tuple(steps), f"{room}: {weeks} → {weeks - cost} weeks, {who} "
                     f"exhausted" + (f", +{result['infamy']} Infamy." if each else "."))


def contract_room(data: Mapping[str, Any]) -> Explained:
    room, who = _figure_checks(data, "Contract")
    if data.get("on_team"):
        raise InvalidInput("on_team", f"{who} is on the contract team; a Contract room needs "
                           "someone else.", "a henchman not on the team, or your Supervillain")
    dice = int(data.get("dice", 0))
    steps = [Step(f"{who} (not on the team) activates {room}; exhausted until Clean-up.", None,
                  "contract-rooms"),
             Step("No time is spent.", 0, "contract-rooms")]
    if dice:
        steps.append(Step(f"Effect: +{dice} die of your choice.", dice, "contract-rooms"))
    steps.append(Step("Use as many Contract rooms as you have free figures; each once per "
                      "round.", None, "contract-rooms"))
    return Explained({"allowed": True, "weeks": 0, "exhausts": who, "dice": dice},
                     tuple(steps), f"{room}: no time, {who} exhausted"
                     + (f", +{dice} die." if dice else "."))


COMMON = (
    Text("room", "The room's name (optional).", max_length=60),
    OneOf("figure", "Who activates it.", FIGURES, default="supervillain"),
    Text("figure_name", "The henchman's name (optional).", max_length=40),
    Flag("exhausted", "That figure has already acted this round."),
    Flag("room_used", "The room was already activated this round."),
)

ACTION_ROOM = Operation(
    slug="action-room",
    title="Action room",
    summary="May you activate it, what it costs in weeks, and an 'Infamy per' effect.",
    form=(*COMMON,
          Integer("weeks_left", "Your weeks left.", minimum=0, maximum=20, required=True),
          Integer("room_weeks", "Weeks printed on the room (usually 1).", minimum=1,
                  maximum=5),
          Integer("injuries", "Injury tokens on the henchman (allowed).", minimum=0,
                  default=0),
          Integer("infamy_each", "Effect 'N Infamy per ...': N.", minimum=0, default=0),
          Integer("count", "...and how many you have of what it counts.", minimum=0,
                  default=0)),
    run=action_room,
    example={"room": "Id e9 Lab (name garbled in the text)", "figure": "supervillain",
             "weeks_left": 8, "infamy_each": 2, "count": 1},
    rules=("action-rooms", "actions-and-time", "exhausted", "injury"),
)

CONTRACT_ROOM = Operation(
    slug="contract-room",
    title="Contract room",
    summary="May you activate it during a contract (no time; someone not on the team).",
    form=(*COMMON,
          Flag("on_team", "That henchman is on the contract team."),
          Integer("dice", "Dice the room adds (e.g. 1 for Cloaks & Costumes).", minimum=0,
                  maximum=5, default=0)),
    run=contract_room,
    example={"room": "Cloaks & Costumes", "figure": "henchman", "figure_name": "Mr. Moist",
             "dice": 1},
    rules=("contract-rooms", "exhausted", "dice-pool"),
)

OPERATIONS = (ACTION_ROOM, CONTRACT_ROOM)
