"""What the table sees: the state as the page and the API show it (Maniacal holds no secret:
a hand is shown as its count, every viewer sees the same), and one line per event for the
history list (a move's button is labelled by the same line)."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from assistant.errors import InvalidInput
from assistant.tracker import Event, seat_name

from ..calculators.common import plural
from ..facts import number
from ..modes import TRAITS
from .contracts import PER_INJURY, SCHEME_INFAMY, Outcome, round_mix, run_contract
from .decks import crew_text
from .forms import KIND_WORDS, KINDS, STEAL, TYPES
from .rounds import PICKS, room_deck
from .score import finished, laugh_open
from .state import (
    BASE,
    CONTRACT,
    HENCHMEN,
    OVER,
    SessionSetup,
    State,
    attraction_start,
    face_list,
    names_of,
)

INJURY_TOKENS = number("components", "injury-tokens")
NEGATIVE_WORDS = {"target": "Target +2", "die": "one trait die fewer", "week": "+1 week",
                  "injury": "an Injury on a team member", "steal": "takes $3 of the reward"}
EFFECT_WORDS = {"injured": "an Injury on a team member", "captured": "a team member captured "
                "(out of the game)", "captured-mercenary": "a Mercenary on the team captured "
                "(out of the game)", "scheme": "draws a Scheme card",
                "power": "a random Power for a henchman"}
PLACES = {"underground": "the Underground", "hospital": "Hoodlum Hospital",
          "lounge": "Lucifer's Lounge"}
SCHEME_WORDS = {"reroll": "reroll up to 3 dice", "weeks": "+2 weeks",
                "refresh": "refreshes an exhausted henchman",
                "cancel": "cancels an Injured or Captured result",
                "consolation": "+2 Infamy and $2 after a failed contract",
                **{k: f"against the attempt: {v}" for k, v in NEGATIVE_WORDS.items()}}
DECK_WORDS = {"scheme_deck": "Scheme deck", "scheme_discard": "Scheme discards",
              "mercenary_deck": "Mercenary deck", "power_deck": "Power deck",
              "power_discard": "Power discards"}


# ---------------------------------------------------------------- the state

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


def seat_rows(setup: SessionSetup, state: State) -> list[dict[str, Any]]:
    try:
        attraction_start(setup, state)
        known = True
    except InvalidInput:  # the tracks' numbers are not known until the start is
        known = False
    rows = []
    for s, v in zip(setup.seats, state.villains, strict=True):
        weeks = state.weeks(s.id)
        left = weeks if weeks is not None else (0 if s.id in state.finished else None)
        row: dict[str, Any] = {
            "id": s.id, "name": s.name, "player": s.player, "money": v.money,
            "infamy": v.infamy,
            **dict(zip(TYPES, v.attraction if known else (None,) * len(TYPES), strict=True)),
            "henchmen": v.henchmen, "crew": dict(zip(KINDS, v.crew, strict=True)),
            "mercenaries": v.mercenaries, "schemes": v.schemes, "injuries": v.injuries,
            "mercenary_injuries": v.merc_injuries, "powers": v.powers,
            "mercenary_powers": v.merc_powers, "picks": v.picks,
            "rooms_built": v.rooms_built, "negative_schemes": v.negative_schemes,
            "positive_schemes": v.positive_schemes, "rooms_used": v.rooms_used,
            "exhausted": v.exhausted, "villain_used": v.villain_used, "rooms": list(v.rooms),
            "weeks_left": left,
            "order": state.order.index(s.id) + 1 if s.id in state.order else None,
            "attraction_line": ", ".join(f"{t} {a}" for t, a in zip(TYPES, v.attraction,
                                                                     strict=True))
            if known else "attraction: enter the start number from your board",
            "crew_text": crew_text(v) + (f"; {plural(v.schemes, 'Scheme')} in hand"
                                         if v.schemes else "; no Scheme in hand")
            + (f"; {plural(v.powers, 'Power')}" if v.powers else "")
            + (f"; {plural(v.rooms_built, 'room')} built" if v.rooms_built else ""),
            "weeks_text": "" if left is None else ("done" if left == 0 else
                                                   f"{left} weeks left"),
        }
        row["used_text"] = _used(row)
        rows.append(row)
    return rows


def state_json(setup: SessionSetup, state: State) -> dict[str, Any]:
    active = state.active()
    decks = {k: getattr(state, k) for k in DECK_WORDS}
    tokens = max(0, INJURY_TOKENS - sum(v.injuries for v in state.villains))
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
        **decks, "mercenaries_out": state.mercenaries_out, "room_deck": room_deck(setup, state),
        "injury_tokens": tokens,
        "decks_text": ", ".join(f"{w} {decks[k]}" for k, w in DECK_WORDS.items())
        + f"; Injury tokens in the supply {tokens}; Room deck {room_deck(setup, state)}",
        "draft_text": _draft_text(setup, state),
        "contracts": [{"seat": r.seat, "round": r.round, "difficulty": r.difficulty,
                       "success": r.success, "infamy": r.infamy, "money": r.money,
                       "effect": r.effect, "hit": r.hit, "scheme_injury": r.scheme_injury,
                       "cancelled": list(r.cancelled)} for r in state.results],
        "contracts_text": _mix_text(state),
        "variant_text": (f"Bodyguards with {len(setup.seats)} players: the table's own rule "
                         f"(the rulebook offers them for 5-player games)"
                         if setup.bodyguards_house_rule else
                         "Bodyguards" if setup.bodyguards else "none"),
        "finished_game": finished(setup, state),
        "negative_scheme": ({"against": state.negative[0], "by": state.negative[1],
                             "effect": state.negative[2]} if state.negative else None),
        "laugh": state.laugh, "notes": list(state.notes),
        "not_building": state.phase != BASE, "not_recruiting": state.phase != HENCHMEN,
        "not_contracting": state.phase != CONTRACT,
        "not_cleaning": state.phase != CONTRACT or active is not None,
        "no_laugh": not laugh_open(setup, state),
        "attraction_known": setup.attraction_start is not None
        or state.value("attraction_start") is not None,
        "seats": seat_rows(setup, state),
    }


def _draft_text(setup: SessionSetup, state: State) -> str:
    if state.phase != BASE:
        return "-"
    direction = "counter-clockwise" if state.round == 2 else "clockwise"
    return (f"5 Room cards each; after each of the {PICKS} picks pass the rest {direction}; "
            f"discard the last 2")


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
        mix = round_mix(state)
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


# ---------------------------------------------------------------- history lines

def contract_line(who: str, event: Mapping[str, Any], names: Mapping[str, str]) -> str:
    """The history line: what the seat received, not what the card prints."""
    stolen = int(event.get("stolen") or 0)
    outcome, _ = run_contract(event, STEAL)  # the stored theft, below, is what counted
    outcome = Outcome(outcome.success, outcome.infamy, outcome.printed, stolen, outcome.effect,
                      outcome.need, outcome.successes)
    level = str(event["difficulty"]).capitalize()
    article = "an" if level[0] in "AEIOU" else "a"
    team = f"team of {event['team']}, " if event.get("team") else ""
    roll = (f"{plural(outcome.successes or 0, 'success', 'successes')} vs Target {outcome.need}"
            if outcome.need is not None else "result as entered (correction)")
    line = (f"{who} {'completes' if outcome.success else 'fails'} {article} {level} contract "
            f"({team}{event['weeks']} weeks; {roll}): receives +{outcome.infamy} Infamy and "
            f"${outcome.money}")
    by = names.get(str(event.get("scheme_by") or ""), str(event.get("scheme_by") or ""))
    scheme = str(event.get("scheme") or "")
    if scheme == "steal" and stolen:
        line += f" ({by} took ${stolen} of the ${outcome.printed} reward)"
    if outcome.effect != "none":
        line += f"; {EFFECT_WORDS[outcome.effect]}"
        hit = event.get("henchman")
        if hit and outcome.effect not in ("scheme",):
            line += f" ({KIND_WORDS[str(hit)]}"
            lost = int(event.get("lost_powers") or 0)
            line += f", {plural(lost, 'Power')} discarded)" if lost and outcome.effect in (
                "captured", "captured-mercenary") else ")"
    if scheme and by:
        line += (f"; {by} +{SCHEME_INFAMY} Infamy for playing a negative Scheme "
                 f"({NEGATIVE_WORDS[scheme]})")
    return line


def _named(text: str, names: Mapping[str, str]) -> str:
    """ "dave: 2 mystics, hassan" with each seat's name and each kind in player words."""
    parts = []
    for part in text.split(","):
        who, _, kind = part.partition(":")
        count, _, word = kind.strip().partition(" ")
        if not count.isdigit():
            count, word = "1", kind.strip()
        words = KIND_WORDS.get(word, word) if count == "1" else f"{count} {word}"
        parts.append(seat_name(names, who.strip()) + (f" ({words})" if word else ""))
    return ", ".join(parts)


def describe(event: Event, names: Mapping[str, str]) -> str:
    who = seat_name(names, event.get("seat"))
    k = event.kind
    if k in ("money", "infamy", "henchmen", "mercenaries", "injuries", "schemes", "powers",
             "rooms", *TYPES):
        amount = int(event["amount"])
        reason = f": {event['reason']}" if event.get("reason") else ""
        unit = "$" if k == "money" else ""
        many = abs(amount) != 1
        label = {"money": "", "schemes": f" Scheme{'s' * many} in hand",
                 "powers": f" Power{'s' * many}", "rooms": f" room{'s' * many} built",
                 "henchmen": f" {KIND_WORDS[str(event['type'])]}{'s' * many}"
                 if event.get("type") else " henchmen"}.get(
                     k, f" {k}" + (" attraction" if k in TYPES else ""))
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
        "contract-room": lambda: f"{who} activates {event.get('room') or 'a Contract room'} "
                                 "with " + ("a henchman" if event.get("figure") == "henchman"
                                            else "the Supervillain") + " (no time)",
        "contract": lambda: contract_line(who, event, names),
        "visit": lambda: f"{who} visits {PLACES[str(event['location'])]} ("
                         + (f"pays ${PER_INJURY * int(event.get('injuries') or 0)} to remove "
                            f"{plural(int(event.get('injuries') or 0), 'Injury token')}"
                            if event["location"] == "hospital" else
                            "draws a Scheme card" if event["location"] == "underground" else
                            "draws a Mercenary if the deck holds one") + ")",
        "pass": lambda: f"{who} passes, spending the rest of their time",
        "scheme": lambda: f"{who} plays a Scheme ({SCHEME_WORDS[str(event['effect'])]}"
                          + (f", token {event['landing']} of the stack" if event.get("landing")
                             else "") + ")",
        "draw": lambda: f"{who} draws " + ("a Scheme card" if event["card"] == "scheme" else
                                           "a random Power")
                        + (f" ({event['reason']})" if event.get("reason") else ""),
        "decks": lambda: "Decks counted: " + (", ".join(
            f"{w} {event[key]}" for key, w in DECK_WORDS.items()
            if event.get(key) is not None) or "nothing changed") + " (correction)",
        "clean-up": lambda: str(event.get("outcome") or "Clean-up: salaries paid"
                                + "".join(f"; {label} {_named(str(event[key]), names)}"
                                          for key, label in (("unpaid", "unpaid:"),
                                                             ("fire", "fired:"))
                                          if event.get(key))),
        "table-values": lambda: "Board values entered: " + ", ".join(
            f"{key.replace('_', ' ')} {val}" for key, val in event.to_json().items()
            if key != "kind" and val is not None),
        "laugh": lambda: f"{who} wins the tie on the most sinister laugh (the table's call)",
        "note": lambda: f"Note: {event['text']}",
    }
    return texts[k]()
