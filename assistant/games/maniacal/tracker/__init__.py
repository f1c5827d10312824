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
    Standing,
    TrackerBase,
    Viewer,
    Wording,
    seat_index,
    seat_name,
    seat_of,
    table_score,
)

from .. import scoring
from ..calculators.common import plural
from ..modes import TRAITS
from . import referee
from .forms import EVENT_FORMS, NEGATIVE, SETUP_FORM, TYPES
from .outcome import (
    HAND_SET,
    NEGATIVE_WORDS,
    calculated,
    clean_up_line,
    contract_line,
    run_contract,
)
from .state import (
    BASE,
    CONTRACT,
    HENCHMEN,
    OVER,
    PER_INJURY,
    SessionSetup,
    State,
    apply,
    clean_up_answer,
    face_list,
    initial,
    names_of,
    parse_setup,
    seat_rows,
)

EXAMPLE_SETUP: Mapping[str, Any] = {
    "mode": "standard", "seats": [{"name": "Simon"}, {"name": "Hassan"}, {"name": "Dave"}]}
EXAMPLE_EVENTS: tuple[Mapping[str, Any], ...] = (
    {"kind": "table-values", "attraction_start": 0},  # the board's number, asked for by a build
    {"kind": "build", "seat": "simon", "cost": 5, "type": "criminals", "points": 4,
     "room": "Robotics Lab"},
    {"kind": "sell", "seat": "hassan", "cost": 3},
    {"kind": "sell", "seat": "dave", "cost": 2},
    {"kind": "sell", "seat": "simon", "cost": 2},
    {"kind": "build", "seat": "hassan", "cost": 4, "type": "beasts", "points": 3},
    {"kind": "sell", "seat": "dave", "cost": 3},
    {"kind": "sell", "seat": "simon", "cost": 1},
    {"kind": "sell", "seat": "hassan", "cost": 2},
    {"kind": "build", "seat": "dave", "cost": 6, "type": "scientists", "points": 5},
    {"kind": "henchmen-phase"},
    {"kind": "recruit", "seat": "simon", "type": "criminals", "cost": 3, "name": "Ms. Nomer"},
    {"kind": "start-contracts"},
    {"kind": "room", "seat": "simon", "room": "Lab", "figure": "supervillain"},
    {"kind": "contract", "seat": "hassan", "weeks": 4, "difficulty": "easy", "team": 1,
     "target": 3, "successes": 4, "success_infamy": 3, "success_money": 2,
     "failure_infamy": 1, "scheme": "target", "scheme_by": "simon"},
    {"kind": "visit", "seat": "dave", "location": "underground"},
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

    def resolve(self, setup: SessionSetup, state: State, event: Event) -> Event:
        """A request checked against the rules at this point of the round (the referee), and
        what the session worked out for it kept with it: the money a Scheme took, who paid
        what at Clean-up. Events read back from storage skip this, so an older session whose
        events broke a rule checked only now still folds."""
        referee.check(setup, state, event)
        return _worked_out(setup, state, event)

    def apply(self, setup: SessionSetup, state: State, event: Event, version: int) -> State:
        return apply(setup, state, event, version)

    def finished(self, setup: SessionSetup, state: State) -> bool:
        return referee.finished(setup, state)

    def moves(self, setup: SessionSetup, state: State) -> Sequence[Mapping[str, Any]]:
        return referee.moves(setup, state)

    def describe(self, event: Event, names: Mapping[str, str], viewer: Viewer) -> str:
        return describe(event, names)

    def event_json(self, event: Event, viewer: Viewer) -> dict[str, Any]:
        """A counted contract without the by-hand fields, whose defaults would read as a
        result ("success": false) that the session did not use."""
        out = event.to_json()
        if event.kind == "contract" and calculated(event):
            for key in HAND_SET:
                out.pop(key, None)
        return out

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
                   Show("contracts_text", "Contracts on the map this round"),
                   Show("variant_text", "Variant"),
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
                Action("room", "Action room", per_seat=True, asks=("room", "figure", "weeks"),
                       unless="not_contracting"),
                Action("contract", "Contract", per_seat=True,
                       asks=("weeks", "difficulty", "team", "scheme", "scheme_by", "target",
                             "successes", "success_infamy", "success_money",
                             "failure_infamy", "failure_money", "effect"),
                       unless="not_contracting"),
                Action("contract", "Contract result by hand (correction)", per_seat=True,
                       asks=("weeks", "difficulty", "scheme", "scheme_by", "success",
                             "infamy", "money", "effect"), unless="not_contracting"),
                Action("visit", "Special Location", per_seat=True,
                       asks=("location", "injuries"), unless="not_contracting"),
                Action("pass", "Pass", per_seat=True, unless="not_contracting",
                       confirm="passes, spending all remaining weeks?"),
                Action("scheme", "Own Scheme", per_seat=True, asks=("effect", "landing"),
                       unless="not_contracting", leave_out=NEGATIVE),
                Action("clean-up", "Clean-up", asks=("fire",), unless="not_cleaning",
                       confirm="pays salaries (Mercenaries first) and ends the round?"),
                Action("table-values", "Board values",
                       asks=("attraction_start", "round_2_weeks", "round_3_weeks", "money_bonus",
                             "after_money_tie", "round_3_easy", "round_3_hard",
                             "round_3_legendary",
                             *(f"faces_{t.value}" for t in TRAITS))),
                Action("laugh", "Most sinister laugh", per_seat=True, unless="no_laugh",
                       confirm="wins the tie on the table's call?"),
                NOTE,
            ),
            seat_lines=("attraction_line", "weeks_text", "used_text"))


def _worked_out(setup: SessionSetup, state: State, event: Event) -> Event:
    """The event with what the session worked out kept in it (its stored form)."""
    if event.kind == "contract" and event.get("scheme_by"):  # a name typed: keep the seat id
        event = Event("contract", {**event, "scheme_by": seat_of(setup.seats,
                                                                 str(event["scheme_by"]),
                                                                 "scheme_by")})
    if event.kind == "contract" and event.get("scheme") == "steal":
        i = seat_index(setup.seats, str(event["seat"]))
        outcome, _ = run_contract(event, state.villains[i].money)
        return Event("contract", {**event, "stolen": outcome.stolen})
    if event.kind == "clean-up" and state.phase == CONTRACT and state.active() is None:
        answer = clean_up_answer(setup, state, event)
        return Event("clean-up", {**event, "outcome": clean_up_line(answer, state.villains)})
    return event


def _missing(setup: SessionSetup, state: State) -> list[str]:
    wanted = {"round_2_weeks": "round-2 Time track start", "round_3_weeks":
              "round-3 Time track start", "money_bonus": "money-rank bonus",
              "round_3_easy": "round-3 Contract Key row"}
    missing = [label for key, label in wanted.items() if state.value(key) is None]
    if setup.attraction_start is None and state.value("attraction_start") is None:
        missing.insert(0, "attraction tracks' start number")
    if not any(state.value(f"faces_{t.value}") for t in TRAITS):
        missing.append("die faces (for the odds)")
    return missing


def state_json(setup: SessionSetup, state: State) -> dict[str, Any]:
    rows = seat_rows(setup, state)
    for row in rows:
        w = row["weeks_left"]
        row["weeks_text"] = "" if w is None else ("done" if w == 0 else f"{w} weeks left")
        row["used_text"] = _used(row)
    active = state.active()
    top_tie = referee.laugh_open(setup, state)
    return {
        "round": state.round, "phase": state.phase, "active": active,
        "player_order": list(state.order), "finished": list(state.finished),
        "order_text": ", ".join(names_of(setup, state.order)),
        "time_text": "; ".join(f"{s}: {', '.join(names_of(setup, st))}"
                               for s, st in state.spaces) or "-",
        "recruited": dict(zip(TYPES, state.recruited, strict=True)),
        "table_values": {k: list(v) if isinstance(v, tuple) else v for k, v in state.values},
        "missing_text": ", ".join(_missing(setup, state)) or "nothing",
        "die_faces": die_faces(state),
        "contracts": [{"seat": r.seat, "round": r.round, "difficulty": r.difficulty,
                       "success": r.success, "infamy": r.infamy, "money": r.money,
                       "effect": r.effect, "scheme_injury": r.scheme_injury,
                       "cancelled": list(r.cancelled)} for r in state.results],
        "contracts_text": _mix_text(state),
        "variant_text": (f"Bodyguards with {len(setup.seats)} players: the table's own rule "
                         f"(the rulebook offers them for 5-player games)"
                         if setup.bodyguards_house_rule else
                         "Bodyguards" if setup.bodyguards else "none"),
        "finished_game": referee.finished(setup, state),
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


def _used(row: Mapping[str, Any]) -> str:
    """This round's exhausted figures and rooms used, as the table sees them."""
    parts = []
    if row["villain_used"]:
        parts.append("Supervillain exhausted")
    if row["exhausted"]:
        parts.append(f"{row['exhausted']} exhausted")
    if row["rooms"]:
        parts.append("rooms used: " + ", ".join(row["rooms"]))
    return "; ".join(parts)


def _mix_text(state: State) -> str:
    if state.phase == OVER:
        return "-"
    try:
        mix = referee.round_mix(state)
    except InvalidInput:
        return "enter round 3's Contract Key row"
    return ", ".join(f"{n} {d.capitalize()}" for d, n in mix.items())


def die_faces(state: State) -> list[dict[str, Any]]:
    """The faces the table entered, in the form the success-odds calculator takes."""
    out: list[dict[str, Any]] = []
    for t in TRAITS:
        text = state.value(f"faces_{t.value}")
        if text:
            out += [{"trait": t.value, "value": v, "icon": icon}
                    for v, icon in face_list(str(text), f"faces_{t.value}")]
    return out


def describe(event: Event, names: Mapping[str, str]) -> str:
    who = seat_name(names, event.get("seat"))
    k = event.kind
    if k in ("money", "infamy", "henchmen", "mercenaries", "injuries", *TYPES):
        amount = int(event["amount"])
        reason = f": {event['reason']}" if event.get("reason") else ""
        unit = "$" if k == "money" else ""
        label = "" if k == "money" else f" {k}" + (" attraction" if k in TYPES else "")
        return (f"{who} {'+' if amount >= 0 else '-'}{unit}{abs(amount)}{label} "
                f"(correction{reason})")
    texts: dict[str, Callable[[], str]] = {
        "build": lambda: f"{who} builds {event.get('room') or 'a room'} for ${event['cost']} "
                         f"(+{event['points']} {event['type']} attraction)",
        "sell": lambda: f"{who} sells {event.get('room') or 'a room'} and receives "
                        f"${event['cost']}",
        "henchmen-phase": lambda: "Henchmen phase begins",
        "recruit": lambda: f"{who} recruits {event.get('name') or 'a henchman'} "
                           f"({event['type']}, pays {event['cost']} attraction)",
        "start-contracts": lambda: "Contract phase: Time tokens placed in player order",
        "room": lambda: f"{who} activates {event.get('room') or 'an Action room'} with "
                        + ("a henchman" if event.get("figure") == "henchman"
                           else "the Supervillain")
                        + f" ({event.get('weeks') or 1} week)",
        "contract": lambda: contract_line(who, event, names),
        "visit": lambda: f"{who} visits {PLACES[str(event['location'])]} ("
                         + (f"pays ${PER_INJURY * int(event.get('injuries') or 0)} to remove "
                            f"{event.get('injuries') or 0} Injury token(s)"
                            if event["location"] == "hospital" else
                            "draws a Scheme card" if event["location"] == "underground" else
                            "takes a Mercenary") + ")",
        "pass": lambda: f"{who} passes, spending the rest of their time",
        "scheme": lambda: f"{who} plays a Scheme ({SCHEME_WORDS[str(event['effect'])]}"
                          + (f", token {event['landing']} of the stack" if event.get("landing")
                             else "") + ")",
        "clean-up": lambda: str(event.get("outcome") or "Clean-up: salaries paid"
                                + (f", fired by {event['fire']}" if event.get("fire")
                                   else "")),
        "table-values": lambda: "Board values entered: " + ", ".join(
            f"{key.replace('_', ' ')} {val}" for key, val in event.to_json().items()
            if key != "kind" and val is not None),
        "laugh": lambda: f"{who} wins the tie on the most sinister laugh (the table's call)",
        "note": lambda: f"Note: {event['text']}",
    }
    return texts[k]()


PLACES = {"underground": "the Underground", "hospital": "Hoodlum Hospital",
          "lounge": "Lucifer's Lounge"}
SCHEME_WORDS = {"reroll": "reroll up to 3 dice", "weeks": "+2 weeks",
                "refresh": "refreshes an exhausted henchman",
                "cancel": "cancels an Injured or Captured result",
                "consolation": "+2 Infamy and $2 after a failed contract",
                **{k: f"against the attempt: {v}" for k, v in NEGATIVE_WORDS.items()}}


def final_score(setup: SessionSetup, state: State) -> Explained:
    """The score calculator's answer on the session's numbers, with each seat's standing;
    provisional until the game has ended (referee.finished)."""
    final = referee.finished(setup, state)
    stage = "final" if final else f"provisional (round {state.round}, {state.phase})"
    data = referee.score_data(setup, state, laugh=state.phase == OVER)
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
        return _without_bonus(setup, state, stage, missing.detail)
    steps = (Step(f"Standings are {stage}.", state.round, "end-of-game"), *extra,
             *answer.steps)
    rows = answer.result["rows"]
    separations = answer.steps[-len(rows):-1]  # the calculator's tie steps, one per place
    ids = {s.name: s.id for s in setup.seats}
    standings = [Standing(
        ids[r["name"]], r["name"], int(r["rank"]), int(r["total"]),
        r["name"] in answer.result["winners"],
        (*(st for st in answer.steps if st.text.startswith(f"{r['name']}: ")),
         Step(f"{plural(r['henchmen'], 'henchman', 'henchmen')}, the first tie-break.",
              r["henchmen"], "winner-and-ties")),
        separations[j - 1].text if j else "", role=_role(setup, ids[r["name"]]))
        for j, r in enumerate(rows)]
    explained = Explained(answer.result, steps,
                          answer.summary.replace("final score", f"score, {stage}"))
    return table_score(explained, standings, final=final, unit="Infamy")


def _role(setup: SessionSetup, seat: str) -> str:
    player = next(s.player for s in setup.seats if s.id == seat)
    return f"played by {player}" if player else ""


def _without_bonus(setup: SessionSetup, state: State, stage: str, why: str) -> Explained:
    rows = sorted(((v.infamy, v.henchmen, s.name, s.id) for s, v in
                   zip(setup.seats, state.villains, strict=True)),
                  key=lambda r: (-r[0], -r[1], r[2]))
    steps = [Step(f"Standings are {stage}, without the money bonus: {why}", None,
                  "money-bonus", Provenance.UNKNOWN, SCORE_NOTE)]
    steps += [Step(f"{name}: {infamy} Infamy, {hench} henchmen.", infamy, "winner-and-ties")
              for infamy, hench, name, _ in rows]
    summary = "Maniacal standings (no money bonus yet)\n" + "\n".join(
        f"{name} {infamy} Infamy" for infamy, _, name, _ in rows)
    standings = []
    for j, (infamy, hench, name, sid) in enumerate(rows):
        rank = 1 + sum(1 for r in rows if (r[0], r[1]) > (infamy, hench))
        above = rows[j - 1] if j else None
        tie = "" if above is None else (
            f"{name} is behind {above[2]} on Infamy ({infamy} < {above[0]})." if infamy < above[0]
            else f"{name} ties {above[2]} on {infamy} Infamy with fewer henchmen ({hench} < "
                 f"{above[1]})." if hench < above[1]
            else f"{name} and {above[2]} are level on Infamy and henchmen.")
        standings.append(Standing(sid, name, rank, infamy, rank == 1, (
            Step(f"{infamy} Infamy on the track; the money bonus is still to come.", infamy,
                 "infamy"),
            Step(f"{plural(hench, 'henchman', 'henchmen')}, the first tie-break.", hench,
                 "winner-and-ties")),
            tie, _role(setup, sid)))
    answer = Explained({"rows": [{"name": n, "infamy": i, "henchmen": h}
                                 for i, h, n, _ in rows],
                        "bonus_missing": True}, tuple(steps), summary)
    return table_score(answer, standings, final=False, unit="Infamy")


TRACKER = ManiacalTracker()
