"""Maniacal at the table: the session tracker behind the game's `tracker` slot.

Seats are the players in player order. The state holds what the bookkeeping needs: money,
Infamy, the four attraction scores, henchmen (Lackey and Bodyguard included), Mercenaries,
Injuries, draft picks, Schemes played, the Time track and the Player Order track, the round
and phase, contract results, and the values the rulebook does not print (entered once by the
table). Maniacal has no hidden information the tracker holds (Scheme hands are not recorded),
so every viewer sees the same state.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step
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
    seat_name,
)

from .. import scoring
from ..modes import TRAITS
from .forms import EVENT_FORMS, SETUP_FORM, TYPES
from .state import (
    BASE,
    CONTRACT,
    HENCHMEN,
    OVER,
    SessionSetup,
    State,
    apply,
    face_list,
    initial,
    names_of,
    parse_setup,
    seat_rows,
)

EXAMPLE_SETUP: Mapping[str, Any] = {
    "mode": "standard", "attraction_start": 0,
    "seats": [{"name": "Simon"}, {"name": "Hassan"}, {"name": "Dave"}]}
EXAMPLE_EVENTS: tuple[Mapping[str, Any], ...] = (
    {"kind": "build", "seat": "simon", "cost": 5, "type": "criminals", "points": 4},
    {"kind": "sell", "seat": "hassan", "cost": 3},
    {"kind": "henchmen-phase"},
    {"kind": "recruit", "seat": "simon", "type": "criminals", "cost": 3, "name": "Ms. Nomer"},
    {"kind": "start-contracts"},
    {"kind": "room", "seat": "simon"},
    {"kind": "contract", "seat": "hassan", "weeks": 4, "difficulty": "easy", "success": True,
     "infamy": 3, "money": 2},
    {"kind": "scheme", "seat": "simon", "effect": "target"},
)

SCORE_NOTE = ("The money-rank bonus values are not printed in the rulebook; until the table "
              "enters them (table values) the standings leave the bonus out.")


class ManiacalTracker(TrackerBase):
    setup_form = SETUP_FORM
    event_forms = EVENT_FORMS
    wording = Wording(seat="Supervillain", seats="Supervillains",
                      follows="money, Infamy, attraction, henchmen, the Time track and the "
                              "final score")
    example_setup = EXAMPLE_SETUP
    example_events: Sequence[Mapping[str, Any]] = EXAMPLE_EVENTS

    def parse_setup(self, data: Mapping[str, Any]) -> SessionSetup:
        return parse_setup(data)

    def initial(self, setup: SessionSetup) -> State:
        return initial(setup)

    def start_seat(self, setup: SessionSetup) -> str | None:
        """The first seat: the setup lists seats in player order, the first player first
        (rulebook 1.8.1, Deciding Who Goes First)."""
        return setup.seats[0].id

    def apply(self, setup: SessionSetup, state: State, event: Event, version: int) -> State:
        return apply(setup, state, event, version)

    def describe(self, event: Event, names: Mapping[str, str], viewer: Viewer) -> str:
        return describe(event, names)

    def state_json(self, setup: SessionSetup, state: State, viewer: Viewer) -> dict[str, Any]:
        return state_json(setup, state)

    def score(self, setup: SessionSetup, state: State) -> Explained:
        return final_score(setup, state)

    def board(self, setup: SessionSetup) -> Board:
        counters = (
            Counter("money", "Money $", 0, 200, "money", field="amount", delta=True),
            Counter("infamy", "Infamy", 0, 300, "infamy", field="amount", delta=True),
            *(Counter(t, f"{t.capitalize()} attraction", 0, 60, t, field="amount",
                      delta=True) for t in TYPES),
            Counter("henchmen", "Henchmen", 0, 40, "henchmen", field="amount", delta=True),
            Counter("mercenaries", "Mercenaries", 0, 8, "mercenaries", field="amount",
                    delta=True),
            Counter("injuries", "Injuries", 0, 20, "injuries", field="amount", delta=True),
        )
        return Board(
            shows=(Show("round", "Round"), Show("phase", "Phase"),
                   Show("active", "Active on the Time track", seat_name=True),
                   Show("order_text", "Player order"), Show("time_text", "Time track"),
                   Show("negative_text", "Negative Scheme on this attempt"),
                   Show("missing_text", "Still to enter from your board")),
            counters=counters,
            actions=(
                Action("build", "Build", per_seat=True, asks=("cost", "type", "points", "room"),
                       unless="not_building"),
                Action("sell", "Sell", per_seat=True, asks=("cost", "room"),
                       unless="not_building"),
                Action("henchmen-phase", "Henchmen phase", unless="not_building"),
                Action("recruit", "Recruit", per_seat=True, asks=("type", "cost", "name"),
                       unless="not_recruiting"),
                Action("start-contracts", "Contract phase", unless="not_recruiting"),
                Action("room", "Action room", per_seat=True, asks=("weeks", "room"),
                       unless="not_contracting"),
                Action("contract", "Contract", per_seat=True,
                       asks=("weeks", "extra_week", "difficulty", "success", "infamy",
                             "money", "effect"), unless="not_contracting"),
                Action("visit", "Special Location", per_seat=True,
                       asks=("location", "injuries"), unless="not_contracting"),
                Action("pass", "Pass", per_seat=True, unless="not_contracting",
                       confirm="passes, spending all remaining weeks?"),
                Action("scheme", "Scheme", per_seat=True, asks=("effect", "landing"),
                       unless="not_contracting"),
                Action("clean-up", "Clean-up", asks=("fire",), unless="not_cleaning",
                       confirm="pays salaries (Mercenaries first) and ends the round?"),
                Action("table-values", "Board values",
                       asks=("round_2_weeks", "round_3_weeks", "money_bonus",
                             "after_money_tie", "round_3_easy", "round_3_hard",
                             "round_3_legendary",
                             *(f"faces_{t.value}" for t in TRAITS))),
                Action("laugh", "Most sinister laugh", per_seat=True, unless="no_laugh",
                       confirm="wins the tie on the table's call?"),
                NOTE,
            ),
            seat_lines=("attraction_line", "weeks_text"))


def _missing(state: State) -> list[str]:
    wanted = {"round_2_weeks": "round-2 Time track start", "round_3_weeks":
              "round-3 Time track start", "money_bonus": "money-rank bonus",
              "round_3_easy": "round-3 Contract Key row"}
    missing = [label for key, label in wanted.items() if state.value(key) is None]
    if not any(state.value(f"faces_{t.value}") for t in TRAITS):
        missing.append("die faces (for the odds)")
    return missing


def state_json(setup: SessionSetup, state: State) -> dict[str, Any]:
    rows = seat_rows(setup, state)
    for row in rows:
        w = row["weeks_left"]
        row["weeks_text"] = "" if w is None else ("done" if w == 0 else f"{w} weeks left")
    active = state.active()
    top_tie = _laugh_open(setup, state)
    return {
        "round": state.round, "phase": state.phase, "active": active,
        "player_order": list(state.order), "finished": list(state.finished),
        "order_text": ", ".join(names_of(setup, state.order)),
        "time_text": "; ".join(f"{s}: {', '.join(names_of(setup, st))}"
                               for s, st in state.spaces) or "-",
        "recruited": dict(zip(TYPES, state.recruited, strict=True)),
        "table_values": {k: list(v) if isinstance(v, tuple) else v for k, v in state.values},
        "missing_text": ", ".join(_missing(state)) or "nothing",
        "die_faces": die_faces(state),
        "contracts": [{"seat": r.seat, "round": r.round, "difficulty": r.difficulty,
                       "success": r.success, "infamy": r.infamy, "money": r.money,
                       "effect": r.effect, "scheme_injury": r.scheme_injury,
                       "cancelled": list(r.cancelled)} for r in state.results],
        "negative_scheme": ({"against": state.negative[0], "by": state.negative[1],
                             "effect": state.negative[2]} if state.negative else None),
        "negative_text": (f"{names_of(setup, [state.negative[1]])[0]} on "
                          f"{names_of(setup, [state.negative[0]])[0]}'s attempt "
                          f"({state.negative[2]})" if state.negative else "none"),
        "laugh": state.laugh, "notes": list(state.notes),
        "not_building": state.phase != BASE, "not_recruiting": state.phase != HENCHMEN,
        "not_contracting": state.phase != CONTRACT,
        "not_cleaning": state.phase != CONTRACT or active is not None,
        "no_laugh": not top_tie,
        "seats": rows,
    }


def die_faces(state: State) -> list[dict[str, Any]]:
    """The faces the table entered, in the form the success-odds calculator takes."""
    out: list[dict[str, Any]] = []
    for t in TRAITS:
        text = state.value(f"faces_{t.value}")
        if text:
            out += [{"trait": t.value, "value": v, "icon": icon}
                    for v, icon in face_list(str(text), f"faces_{t.value}")]
    return out


def _laugh_open(setup: SessionSetup, state: State) -> bool:
    if state.phase != OVER:
        return False
    try:
        answer = final_score(setup, state, laugh=False)
    except InvalidInput:
        return False
    return bool(answer.result.get("shared"))


def describe(event: Event, names: Mapping[str, str]) -> str:
    who = seat_name(names, event.get("seat"))
    k = event.kind
    if k in ("money", "infamy", "henchmen", "mercenaries", "injuries", *TYPES):
        amount = int(event["amount"])
        reason = f" ({event['reason']})" if event.get("reason") else ""
        unit = "$" if k == "money" else ""
        label = "" if k == "money" else f" {k}"
        return f"{who} {'+' if amount >= 0 else '-'}{unit}{abs(amount)}{label}{reason}"
    texts: dict[str, Callable[[], str]] = {
        "build": lambda: f"{who} builds {event.get('room') or 'a room'} for ${event['cost']} "
                         f"(+{event['points']} {event['type']})",
        "sell": lambda: f"{who} sells {event.get('room') or 'a room'} for ${event['cost']}",
        "henchmen-phase": lambda: "Henchmen phase begins",
        "recruit": lambda: f"{who} recruits {event.get('name') or 'a henchman'} "
                           f"({event['type']}, {event['cost']} points)",
        "start-contracts": lambda: "Contract phase: Time tokens placed in player order",
        "room": lambda: f"{who} activates {event.get('room') or 'an Action room'}",
        "contract": lambda: f"{who} {'completes' if event.get('success') else 'fails'} a "
                            f"{event['difficulty']} contract (+{event.get('infamy') or 0} "
                            f"Infamy, +${event.get('money') or 0})",
        "visit": lambda: f"{who} visits {event['location']}",
        "pass": lambda: f"{who} passes",
        "scheme": lambda: f"{who} plays a Scheme ({event['effect']}"
                          + (f", token {event['landing']} of the stack" if event.get("landing")
                             else "") + ")",
        "clean-up": lambda: "Clean-up: salaries paid"
                            + (f", fired by {event['fire']}" if event.get("fire") else ""),
        "table-values": lambda: "Board values entered",
        "laugh": lambda: f"{who} wins the laugh",
        "note": lambda: f"Note: {event['text']}",
    }
    return texts[k]()


def final_score(setup: SessionSetup, state: State, laugh: bool = True) -> Explained:
    """The final score from the state; provisional until round 3's Clean-up is done."""
    over = state.phase == OVER
    players = [{"name": s.name, "infamy": v.infamy, "money": v.money, "henchmen": v.henchmen,
                "mercenaries": v.mercenaries} for s, v in zip(setup.seats, state.villains,
                                                             strict=True)]
    data: dict[str, Any] = {"players": players, "cleanup_done": True,
                            "money_bonus": list(state.value("money_bonus") or [])}
    if state.value("after_money_tie"):
        data["after_money_tie"] = state.value("after_money_tie")
    if laugh and state.laugh and over:
        data["laugh_winner"] = names_of(setup, [state.laugh])[0]
    stage = "final" if over else f"provisional (round {state.round}, {state.phase})"
    extra: list[Step] = []
    try:
        try:
            answer = scoring.score(data)
        except InvalidInput as refused:
            if refused.field != "laugh_winner":
                raise
            del data["laugh_winner"]
            extra.append(Step("The recorded laugh call does not apply: it settles only a tie "
                              "for first left by Infamy and henchmen.", None,
                              "winner-and-ties"))
            answer = scoring.score(data)
    except InvalidInput as missing:
        if not laugh:
            raise
        return _without_bonus(setup, state, stage, missing.detail)
    steps = (Step(f"Standings are {stage}.", state.round, "end-of-game"), *extra,
             *answer.steps)
    return Explained({**answer.result, "final": over}, steps,
                     answer.summary.replace("final score", f"score, {stage}"))


def _without_bonus(setup: SessionSetup, state: State, stage: str, why: str) -> Explained:
    rows = sorted(((v.infamy, v.henchmen, s.name) for s, v in zip(setup.seats, state.villains,
                                                                   strict=True)),
                  key=lambda r: (-r[0], -r[1], r[2]))
    steps = [Step(f"Standings are {stage}, without the money bonus: {why}", None,
                  "money-bonus", Provenance.UNKNOWN, SCORE_NOTE)]
    steps += [Step(f"{name}: {infamy} Infamy, {hench} henchmen.", infamy, "winner-and-ties")
              for infamy, hench, name in rows]
    summary = "Maniacal standings (no money bonus yet)\n" + "\n".join(
        f"{name} {infamy} Infamy" for infamy, _, name in rows)
    return Explained({"rows": [{"name": n, "infamy": i, "henchmen": h} for i, h, n in rows],
                      "final": False, "bonus_missing": True}, tuple(steps), summary)


TRACKER = ManiacalTracker()
