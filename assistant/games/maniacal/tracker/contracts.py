"""The Contract Phase's actions: Action rooms, contracts (with the rival's negative Scheme,
Contract rooms and the card's effects), Special Locations and passing; the active player's
positive Schemes, the cancelling Scheme that puts back exactly what an Injured or Captured
result took, and cards a room or a card's effect draws.

A contract's result is worked out by the contract-outcome calculator the API offers, fed from
the session; `check` holds what a new request is refused for (the referee runs it in
`resolve`, which stored events skip), `worked_out` what the session adds to the stored event,
and the rest how an event changes the state.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, plural
from assistant.tracker import Event
from assistant.tracker.chain import evolve as replace

from ..calculators.cleanup import contract_key
from ..calculators.contracts import STEAL, contract_attempt, contract_outcome, target_range
from ..calculators.locations import special_location
from ..facts import number
from ..modes import Difficulty
from .decks import (
    draw_mercenary,
    draw_power,
    draw_scheme,
    give,
    held_kinds,
    pick_kinds,
    play_scheme,
    take,
    with_villain,
)
from .forms import KIND_WORDS, MERCENARY, NEGATIVE
from .rounds import active_seat, in_phase, move_left, spend
from .state import (
    CONTRACT,
    Result,
    SessionSetup,
    State,
    Villain,
    names_of,
    seat_at,
    start_weeks,
)

SCHEME_INFAMY = number("negative-schemes", "infamy")
EXTRA_WEEK = number("negative-schemes", "weeks")
REGAIN = number("positive-schemes", "weeks")
CONSOLATION_INFAMY = number("positive-schemes", "consolation-infamy")
CONSOLATION_MONEY = number("positive-schemes", "consolation-money")
LOCATION_WEEKS = number("special-locations", "weeks")
PER_INJURY = number("hoodlum-hospital", "per-injury")
CONTRACT_MIN = number("actions-and-time", "contract-min")

HAND_SET = ("success", "infamy", "money", "extra_week")
"""A contract's fields for a result typed by hand (unused when the session counts it)."""
CAPTURES = ("captured", "captured-mercenary")


# ---------------------------------------------------------------- the map and the team

def round_mix(state: State) -> dict[str, int]:
    """The difficulties on the map this round: setup's seeding in round 1 (maniacal.txt:68),
    then the Contract Key (maniacal.txt:325); a resolved contract is replaced by one of the
    same difficulty (maniacal.txt:228), so the mix holds all round."""
    if state.round == 1:
        return {d.value: number("setup-contracts", d.value) for d in Difficulty}
    try:
        return contract_key(state.round - 1, dict(state.values))
    except InvalidInput as wrong:  # the table's own row is partial or does not add up
        raise InvalidInput(wrong.field, wrong.detail, wrong.allowed,
                           rule="contract-key") from None


def fit(v: Villain) -> int:
    """The most henchmen (Mercenaries too) that can still go on a contract: neither injured
    (maniacal.txt:242) nor exhausted (maniacal.txt:227). An injured one may have been the one
    exhausted in a room, so only the larger of the two is certainly out."""
    return v.henchmen + v.mercenaries - max(v.injuries, v.exhausted)


def fresh(v: Villain) -> int:
    """Henchmen not yet exhausted this round (injured ones may still work a room)."""
    return v.henchmen + v.mercenaries - v.exhausted


def followed_up(state: State, seat: str) -> bool:
    """`seat`'s contract was the last action: its player may still play positive Schemes and
    Contract rooms on it (maniacal.txt:230, 258)."""
    return state.resolved is not None and state.resolved[0] == seat


# ---------------------------------------------------------------- a contract's outcome

@dataclass(frozen=True)
class Outcome:
    """One contract attempt as the seat received it."""

    success: bool
    infamy: int
    printed: int
    """Money on the line that applies, as printed."""
    stolen: int
    effect: str
    need: int | None = None
    """The Target after a Scheme's +2 (None: a hand-set result)."""
    successes: int | None = None

    @property
    def money(self) -> int:
        return self.printed - self.stolen


def calculated(event: Mapping[str, Any]) -> bool:
    """A contract event carrying the card and the roll (the session works out the result);
    without a Target it is a result typed by hand (a correction, or an older session's)."""
    return event.get("target") is not None


def run_contract(event: Mapping[str, Any], money: int) -> tuple[Outcome, Explained | None]:
    """The attempt's result for a seat holding `money` before the reward."""
    scheme = str(event.get("scheme") or "")
    effect = str(event.get("effect") or "none")
    if not calculated(event):
        success = bool(event.get("success"))
        printed = int(event.get("money") or 0)
        stolen = min(STEAL, money + printed) if scheme == "steal" and success else 0
        return Outcome(success, int(event.get("infamy") or 0), printed, stolen, effect), None
    answer = contract_outcome({
        "difficulty": event["difficulty"], "target": event["target"],
        "successes": event.get("successes") or 0,
        **{f"{line}_{what}": event.get(f"{line}_{what}") or 0
           for line in ("success", "failure") for what in ("infamy", "money")},
        "money": money, "effect": "captured" if effect in CAPTURES else effect,
        "scheme_target": scheme == "target", "scheme_steal": scheme == "steal",
        "scheme_injury": scheme == "injury"})
    r = answer.result
    outcome = Outcome(bool(r["success"]), int(r["infamy_gained"]),
                      int(r["money_gained"]) + int(r["stolen"]), int(r["stolen"]), effect,
                      int(r["target"]), int(r["successes"]))
    return outcome, answer


def _rival(setup: SessionSetup, event: Mapping[str, Any]) -> int | None:
    by = str(event.get("scheme_by") or "")
    return seat_at(setup, by, "scheme_by") if by else None


def _hit(setup: SessionSetup, v: Villain, name: str, kind: str | None, effect: str,
         field_name: str, strict: bool) -> str | None:
    """Who the effect lands on: a capture needs the kind (it leaves); an Injury or a Power
    only whether it is a Mercenary (those leave at Clean-up with their tokens and cards)."""
    rule = "captured" if effect in CAPTURES else "injury" if effect == "injured" else "powers"
    if effect == "captured-mercenary":
        kind = MERCENARY
    held = held_kinds(v)
    if kind is not None:
        if strict and v.held(kind) <= 0:
            raise InvalidInput(field_name, f"{name} holds no {KIND_WORDS[kind]}.",
                               ", ".join(held) or "none", rule=rule)
        return kind
    if effect in CAPTURES:
        if not held and strict:
            raise InvalidInput("effect", f"{name} has no henchman left to be captured.",
                               "another effect", rule="captured")
        return pick_kinds(v, 1, [], field_name=field_name, who=name, rule=rule, strict=strict,
                          mercenaries=True)[0] if held else None
    if v.mercenaries and v.henchmen:
        if strict:
            raise InvalidInput(field_name, f"Is it one of {name}'s Mercenaries? They leave at "
                               "Clean-up with whatever they carry, so say who it hit.",
                               ", ".join(held), rule=rule)
        return None
    return MERCENARY if v.mercenaries else None


def check_contract(setup: SessionSetup, state: State, event: Event) -> None:
    """What a new attempt is refused for, before it is applied: the map's difficulties, the
    rival's Scheme, the card's Target, the team and its time."""
    i = seat_at(setup, str(event["seat"]))
    v, name = state.villains[i], setup.seats[i].name
    level = str(event["difficulty"])
    mix = round_mix(state)
    if mix[level] == 0:
        offered = [d for d, n in mix.items() if n]
        raise InvalidInput("difficulty", f"No {level.capitalize()} contract is on the map in "
                           f"round {state.round}: " + (
                               "setup deals 4 Easy and 2 Hard" if state.round == 1 else
                               "the Contract Key row deals none")
                           + ", and a resolved contract is replaced by one of the same "
                           "difficulty.", ", ".join(offered),
                           rule="setup-contracts" if state.round == 1 else "contract-key")
    scheme = event.get("scheme")
    k = _rival(setup, event)
    if bool(scheme) != (k is not None):
        raise InvalidInput("scheme_by" if scheme else "scheme", "A rival's Scheme needs both "
                           "who played it and its effect.", "both, or neither",
                           rule="negative-schemes")
    if k is not None:
        if k == i:
            raise InvalidInput("scheme_by", "A negative Scheme is played by an opponent of the "
                               "active player.", ", ".join(s.id for s in setup.seats
                                                           if s.id != setup.seats[i].id),
                               rule="negative-schemes")
        if state.villains[k].schemes == 0:
            raise InvalidInput("scheme_by", f"{setup.seats[k].name} holds no Scheme card to "
                               "play (a card drawn but not recorded: add it to their hand "
                               "first).", ", ".join(s.id for j, s in enumerate(setup.seats)
                                                  if j != i and state.villains[j].schemes)
                               or "nobody", rule="schemes")
    if event.get("target") is None:
        return  # a result typed by hand: a correction, not counted here
    if event.get("extra_week"):
        raise InvalidInput("extra_week", "Record the extra week as the rival's Scheme that "
                           "caused it.", "a rival's Scheme (+1 week) and who played it",
                           rule="negative-schemes")
    if event.get("team") is None or event.get("successes") is None:
        raise InvalidInput("team" if event.get("team") is None else "successes",
                           "The session works the contract out from the card's team size "
                           "and the successes rolled.", "both numbers",
                           rule="contract-attempt")
    low, high = target_range(Difficulty(level))
    if not low <= int(event["target"]) <= high:
        raise InvalidInput("target", f"{level.capitalize()} contracts have Targets "
                           f"{low}-{high}.", f"{low}-{high}", rule="contract-target")
    team = int(event["team"])
    ready = max(0, fit(v))
    members = [{"name": f"henchman {n + 1}", **({} if n < ready else {"exhausted": True})}
               for n in range(team)]
    answer = contract_attempt({"weeks_left": state.weeks(setup.seats[i].id) or 0,
                               "time_cost": event["weeks"], "team_size": team,
                               "team": members, "extra_week": scheme == "week"})
    if not answer.result["allowed"]:
        if ready < team:
            raise InvalidInput("team", f"The contract needs a team of exactly {team}; {name} "
                               f"has {ready} henchm{'a' if ready == 1 else 'e'}n neither "
                               "injured nor exhausted this round.",
                               f"a team of at most {ready}" if ready else "another action",
                               rule="contract-attempt")
        raise InvalidInput("weeks", "Not allowed: " + "; ".join(answer.result["problems"])
                           + (". The Scheme's extra week leaves too little time; the book does "
                              "not say what then: record the attempt without it or take "
                              "another action" if answer.result["unresolved"] else "") + ".",
                           "another action", rule="contract-time-cost")


def worked_out(setup: SessionSetup, state: State, event: Event) -> Event:
    """The contract as stored: the rival's seat id, the money a Scheme took, and who the
    effects hit where the seat's henchmen leave no doubt."""
    i = seat_at(setup, str(event["seat"]))
    v, name = state.villains[i], setup.seats[i].name
    data = dict(event)
    k = _rival(setup, event)
    if k is not None:
        data["scheme_by"] = setup.seats[k].id
    if event.get("scheme") == "steal":
        data["stolen"] = run_contract(event, v.money)[0].stolen
    effect = str(event.get("effect") or "none")
    if effect in (*CAPTURES, "injured", "power"):
        hit = event.get("henchman")
        data["henchman"] = kind = _hit(setup, v, name, str(hit) if hit else None, effect,
                                       "henchman", strict=True)
        carried = v.merc_powers if kind == MERCENARY else v.powers - v.merc_powers
        if effect in CAPTURES and int(event.get("lost_powers") or 0) > carried:
            powers = plural(carried, "Power", "Powers")
            raise InvalidInput("lost_powers", f"{name}'s henchmen carry {powers} "
                               "that could go with the captured one.", f"0-{carried}",
                               rule="powers")
    if event.get("scheme") == "injury":
        sh = event.get("scheme_henchman")
        data["scheme_henchman"] = _hit(setup, v, name, str(sh) if sh else None, "injured",
                                       "scheme_henchman", strict=True)
    return Event("contract", data)


def contract(setup: SessionSetup, state: State, i: int, event: Event) -> State:
    """The attempt as one event: its time, the result the contract-outcome calculator works
    out, the rival's Scheme (its card, its +2 Infamy, its theft), the card's effect (an
    Injury, a capture with its Powers, a Scheme or a Power drawn), the team exhausted."""
    seat = setup.seats[i].id
    # an older session's negative Scheme, recorded before the attempt it was played on
    pending = state.negative if state.negative and state.negative[0] == seat else None
    state = replace(state, resolved=None, acted=seat, negative=None)
    scheme = str(event.get("scheme") or "")
    by = str(event.get("scheme_by") or "")
    paid = False  # an older session's Scheme had its Infamy when it was recorded
    if not scheme and pending is not None:
        scheme, by, paid = pending[2], pending[1], True
    extra = bool(event.get("extra_week")) or scheme == "week"
    state = spend(setup, state, seat, int(event["weeks"]) + (EXTRA_WEEK if extra else 0))
    v = state.villains[i]
    outcome, _ = run_contract({**event, "scheme": scheme}, v.money)
    if scheme and by:
        k = seat_at(setup, by, "scheme_by")
        rival = state.villains[k]
        state = with_villain(state, k, replace(
            rival, money=rival.money + outcome.stolen,
            infamy=rival.infamy + (0 if paid else SCHEME_INFAMY),
            negative_schemes=rival.negative_schemes + (0 if paid else 1)))
        if not paid:
            state = play_scheme(state, k)
        v = state.villains[i]
    v = replace(v, infamy=v.infamy + outcome.infamy, money=v.money + outcome.money)
    name = setup.seats[i].name
    given = event.get("henchman")
    hit = _hit(setup, v, name, str(given) if given else None, outcome.effect, "henchman",
               strict=False) if outcome.effect in (*CAPTURES, "injured", "power") else None
    lost = spared = 0
    discarded = out = 0
    if outcome.effect == "injured":
        v = replace(v, injuries=v.injuries + 1,
                    merc_injuries=v.merc_injuries + int(hit == MERCENARY))
    elif outcome.effect in CAPTURES and hit is not None:
        v = take(v, hit)
        merc = hit == MERCENARY
        carried = v.merc_powers if merc else v.powers - v.merc_powers
        lost = min(int(event.get("lost_powers") or 0), carried)
        v = replace(v, powers=v.powers - lost, merc_powers=v.merc_powers - lost * merc)
        discarded, out = lost, int(merc)
    scheme_hit = ""
    if scheme == "injury":  # reading M-17: after success or failure
        sh = event.get("scheme_henchman")
        scheme_hit = _hit(setup, v, name, str(sh) if sh else None, "injured",
                          "scheme_henchman", strict=False) or ""
        v = replace(v, injuries=v.injuries + 1,
                    merc_injuries=v.merc_injuries + int(scheme_hit == MERCENARY))
    team = int(event.get("team") or 0)
    captured = outcome.effect in CAPTURES and hit is not None
    spared = int(captured and team > 0)
    v = replace(v, exhausted=v.exhausted + max(0, team - int(captured)))  # maniacal.txt:227
    state = replace(with_villain(state, i, v), power_discard=state.power_discard + discarded,
                    mercenaries_out=state.mercenaries_out + out)
    if outcome.effect == "scheme":
        state, _ = draw_scheme(state, i)
    elif outcome.effect == "power":
        state, _ = draw_power(state, i, hit == MERCENARY)
    result = Result(seat, state.round, str(event["difficulty"]), outcome.success,
                    outcome.infamy, outcome.money, outcome.effect, scheme == "injury",
                    hit or "", scheme_hit, lost, spared)
    return replace(state, results=(*state.results, result), resolved=(seat, outcome.success))


# ---------------------------------------------------------------- rooms, visits, passing

def check_room(setup: SessionSetup, state: State, event: Event, rule: str) -> None:
    """A room (Action or Contract, `rule` names which): one the seat has built and not used
    this round, activated by a figure not yet exhausted (maniacal.txt:193-196, 231-232)."""
    i = seat_at(setup, str(event["seat"]))
    v, name = state.villains[i], setup.seats[i].name
    room = str(event.get("room") or "").strip()
    if v.rooms_used >= v.rooms_built:
        built = plural(v.rooms_built, "room", "rooms")
        raise InvalidInput("room", f"{name} has built {built} and used "
                           f"{v.rooms_used} this round: each room works once a round.",
                           "another action", rule=rule)
    if room and room.casefold() in v.rooms:
        raise InvalidInput("room", f"Each room is activated once a round; this round {name} "
                           f"already used the {room}.", "another room, or another action",
                           rule=rule)
    if event.get("figure") == "henchman":
        if fresh(v) <= 0:
            raise InvalidInput("figure", f"Every henchman of {name} is exhausted this round.",
                               "the Supervillain" if not v.villain_used else "another action",
                               rule="exhausted")
    elif v.villain_used:
        raise InvalidInput("figure", f"{name}'s Supervillain is already exhausted on a room "
                           "this round.",
                           "a henchman" if fresh(v) > 0 else "another action",
                           rule="exhausted")


def _use_room(v: Villain, event: Event) -> Villain:
    henchman = event.get("figure") == "henchman"
    name = str(event.get("room") or "").strip()
    return replace(v, rooms_used=v.rooms_used + 1,
                   rooms=(*v.rooms, name.casefold()) if name else v.rooms,
                   villain_used=v.villain_used or not henchman,
                   exhausted=v.exhausted + int(henchman))


def action(setup: SessionSetup, state: State, event: Event) -> State:
    """The active player's action: an Action room, a visit, a pass or a contract."""
    seat = str(event["seat"])
    i = active_seat(setup, state, seat)
    seat = setup.seats[i].id
    if event.kind == "contract":
        return contract(setup, state, i, event)
    state = replace(state, resolved=None, acted=seat, negative=None)
    if event.kind == "pass":
        return spend(setup, state, seat, state.weeks(seat) or 0)
    if event.kind == "room":
        state = spend(setup, state, seat, int(event.get("weeks") or 1))
        return with_villain(state, i, _use_room(state.villains[i], event))
    return _visit(setup, state, i, event)


def _visit(setup: SessionSetup, state: State, i: int, event: Event) -> State:
    """A Special Location: 2 weeks, nobody exhausted (maniacal.txt:282-310)."""
    seat = setup.seats[i].id
    v = state.villains[i]
    left = state.weeks(seat) or 0
    state = spend(setup, state, seat, LOCATION_WEEKS)
    place = str(event["location"])
    try:
        visit = special_location({"location": place, "weeks_left": left, "money": v.money,
                                  "injuries": event.get("injuries") or 0,
                                  "injuries_held": v.injuries}).result
    except InvalidInput as refused:
        raise InvalidInput(refused.field, refused.detail, refused.allowed,
                           rule="hoodlum-hospital") from None
    if place == "underground":
        return draw_scheme(state, i)[0]
    if place == "lounge":
        return draw_mercenary(state, i)[0]
    healed = int(visit["injuries_removed"])
    others = min(healed, v.injuries - v.merc_injuries)  # the owner heals their own first
    v = replace(v, money=int(visit["money_after"]), injuries=v.injuries - healed,
                merc_injuries=v.merc_injuries - (healed - others))
    return with_villain(state, i, v)


def contract_room(setup: SessionSetup, state: State, i: int, event: Event) -> State:
    """A Contract room, during the seat's own contract (before its card is recorded, or right
    after): no time, a figure not on the team exhausted, once a round (maniacal.txt:230-232)."""
    in_phase(state, CONTRACT)
    seat = setup.seats[i].id
    if state.active() != seat and not followed_up(state, seat):
        raise InvalidInput("seat", f"A Contract room works while {setup.seats[i].name} "
                           "resolves their own contract: as the active player, or right after "
                           "the attempt.", state.active() or "nobody",
                           rule="contract-rooms")
    check_room(setup, state, event, "contract-rooms")
    return with_villain(state, i, _use_room(state.villains[i], event))


# ---------------------------------------------------------------- Schemes and draws

def check_scheme(setup: SessionSetup, state: State, event: Event) -> None:
    effect = str(event["effect"])
    i = seat_at(setup, str(event["seat"]))
    name = setup.seats[i].name
    if effect in NEGATIVE:
        raise InvalidInput("effect", "A negative Scheme is played on a rival's contract "
                           "attempt once it is committed: after the team is assigned and "
                           "before the card is turned over. Record it with that contract (the "
                           "rival's Scheme and who played it), so its +2 Infamy and its effect "
                           "stand with the attempt.", "the contract's Scheme fields",
                           rule="negative-schemes")
    if state.phase == CONTRACT and state.villains[i].schemes == 0:
        raise InvalidInput("seat", f"{name} holds no Scheme card to play (a card drawn but "
                           "not recorded: add it to their hand first).",
                           "draw one first (the Underground, a contract reward, a room)",
                           rule="schemes")
    if effect == "refresh" and state.villains[i].exhausted == 0:
        raise InvalidInput("effect", f"{name} has no exhausted henchman to refresh.",
                           "another effect", rule="positive-schemes")


def scheme(setup: SessionSetup, state: State, i: int, event: Event) -> State:
    """A positive Scheme: while active, or right after one's own contract; no time; the card
    to the discards (maniacal.txt:258-260, 268-273). An older session's negative Scheme,
    recorded ahead of its attempt, waits for that attempt."""
    in_phase(state, CONTRACT)
    effect = str(event["effect"])
    seat = setup.seats[i].id
    v = state.villains[i]
    if effect in NEGATIVE:
        target = state.active()
        if target in (seat, None):
            raise InvalidInput("seat", "A negative Scheme is played against the active "
                               "player's contract, by an opponent.",
                               "a seat other than the active one", rule="negative-schemes")
        if state.negative is not None and state.negative[0] == target:
            raise InvalidInput("seat", f"{names_of(setup, [state.negative[1]])[0]} has "
                               "already played a negative Scheme on this attempt: only one "
                               "per contract attempt.", "wait for the next attempt",
                               rule="negative-schemes")
        state = with_villain(replace(state, negative=(target, seat, effect)), i,
                             replace(v, infamy=v.infamy + SCHEME_INFAMY,
                                     negative_schemes=v.negative_schemes + 1))
        return play_scheme(state, i)
    after = followed_up(state, seat)
    if not after:
        active_seat(setup, state, seat)
    if effect == "consolation" and not (after and state.resolved is not None
                                        and not state.resolved[1]):
        raise InvalidInput("effect", "The +2 Infamy and $2 effect is for right after your own "
                           "failed contract.", "another effect", rule="positive-schemes")
    if effect == "cancel":
        if not after:
            raise InvalidInput("effect", "Cancel is for an Injured or Captured result of your "
                               "own contract, played right after it.", "another effect",
                               rule="positive-schemes")
        state = cancel(setup, state, i)
        v = state.villains[i]
    v = replace(v, positive_schemes=v.positive_schemes + 1)
    if effect == "refresh":  # one exhausted henchman may act again (maniacal.txt:271)
        v = replace(v, exhausted=max(0, v.exhausted - 1))
    if effect == "consolation":
        v = replace(v, infamy=v.infamy + CONSOLATION_INFAMY,
                    money=v.money + CONSOLATION_MONEY)
    if effect == "weeks":
        landing = event.get("landing")
        state = move_left(state, seat, REGAIN, start_weeks(state),
                          str(landing) if landing else None)
    return play_scheme(with_villain(state, i, v), i)


def cancel(setup: SessionSetup, state: State, i: int) -> State:
    """Undo one Injured or Captured result of the seat's last contract (maniacal.txt:272),
    the card's own icon first, then a rival's injuring Scheme: exactly what it changed comes
    back (the henchman and the Powers it carried, exhausted as the team was; the token)."""
    last = state.results[-1]
    v = state.villains[i]
    name = setup.seats[i].name
    if "effect" not in last.cancelled and (last.effect == "injured"
                                           or last.effect in CAPTURES and last.hit):
        undone = "effect"
    elif last.scheme_injury and "scheme-injury" not in last.cancelled:
        undone = "scheme-injury"
    else:
        undone = ""
    if not undone:
        raise InvalidInput("effect", "That contract left no Injured or Captured result to "
                           "cancel.", "another effect", rule="positive-schemes")
    merc = (last.hit if undone == "effect" else last.scheme_hit) == MERCENARY
    if undone == "scheme-injury" or last.effect == "injured":
        if v.injuries == 0 or (merc and v.merc_injuries == 0):
            raise InvalidInput("effect", f"The Injury token is no longer on {name}'s "
                               "henchman: it was taken off already.", "another effect",
                               rule="positive-schemes")
        v = replace(v, injuries=v.injuries - 1, merc_injuries=v.merc_injuries - int(merc))
        state = with_villain(state, i, v)
    else:
        if state.power_discard < last.lost_powers:
            raise InvalidInput("effect", "The Powers the captured henchman carried are no "
                               "longer on the discard pile.", "another effect",
                               rule="positive-schemes")
        v = give(v, last.hit)
        v = replace(v, powers=v.powers + last.lost_powers,
                    merc_powers=v.merc_powers + last.lost_powers * merc,
                    exhausted=v.exhausted + last.spared)
        state = replace(with_villain(state, i, v),
                        power_discard=state.power_discard - last.lost_powers,
                        mercenaries_out=state.mercenaries_out - int(merc))
    last = replace(last, cancelled=(*last.cancelled, undone))
    return replace(state, results=(*state.results[:-1], last))


def draw(setup: SessionSetup, state: State, i: int, event: Event, strict: bool) -> State:
    """A Scheme or a Power that a room or another card's effect gives the seat acting now
    (maniacal.txt:253, 275)."""
    in_phase(state, CONTRACT)
    seat = setup.seats[i].id
    card = str(event["card"])
    rule = "schemes" if card == "scheme" else "powers"
    if seat not in (state.active(), state.acted):
        raise InvalidInput("seat", f"Cards from a room or a card's effect go to the player "
                           f"acting now; {setup.seats[i].name} is not.",
                           state.active() or state.acted or "nobody", rule=rule)
    if card == "scheme":
        return draw_scheme(state, i)[0]
    given = event.get("henchman")
    hit = _hit(setup, state.villains[i], setup.seats[i].name, str(given) if given else None,
               "power", "henchman", strict)
    return draw_power(state, i, hit == MERCENARY)[0]
