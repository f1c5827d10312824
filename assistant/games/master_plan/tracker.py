"""All Part of the Master Plan at the table: the session tracker behind the game's `tracker` slot.

A session is the seats (clockwise), who starts with Loser Lad, the Super deck size if known,
and the three table settings; events fold into the state: the round, its Throwdowns with their
Loot, the face-down Squads (counts only: what a Super is stays hidden until its battle), the
revealed Supers, KO piles, Loot collected, Loser Lad and an instant win. Battles, claims,
Loser Lad and the score are worked out by the game's own calculators, so no rule lives twice.

Secrets: a Master Plan's requirements are entered from the owner's phone (`plan`) and appear
only in that seat's own view (`state_json`, `event_json`, `describe`), never in the shared one,
until the owner reveals them. The claim that completes an entered plan is told to the owner's
phone only ("declare your win now", `declare_now`); the table learns of the win when the owner
declares it (`declare-win` from their own phone, stored with the plan it reveals: a
disclosure, never taken back). So no claim, and no request of the table, answers yes or no
about a plan. Where a phone is gone (or plans were never entered), the table types the plan
card as shown (`declare-win` with `requirements`), checked against what was typed and the
public Loot only. A plan entered while its seat already holds Loot is flagged to the table
(never what it says, nor whether it changed): the card is dealt once (:21).

Readings taken here (see README.md): deployment needs every Throwdown of the round dealt first
(Assemble steps 1-3 in order); reveals and battles wait until deployment is over when the hand
size is known, and once deployment is recorded a seat reveals only what it deployed there;
a Throwdown's claims end by themselves when every survivor has claimed or the Loot has run out
(the rest goes back to the bag); after an instant win only notes are accepted.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step
from assistant.inputs import Flag, Form, Integer, OneOf, Text
from assistant.tracker import (
    Board,
    Event,
    TrackerBase,
    Viewer,
    Wording,
)
from assistant.tracker.chain import evolve as replace
from assistant.tracker.kernel import is_sealed

from . import abilities
from .book import ROUNDS
from .calculators.battle import ACTION_MAX, NONE, Attack, Side, parse_supers, resolve
from .calculators.deploy import check
from .calculators.loot import MAX_LOOT, claims
from .calculators.loser_lad import Pile, pass_loser_lad
from .common import key, split_list
from .settings import ATTACK_READING, ENDING_ABILITY, KO_PILES
from .state import (
    DEAL,
    DEPLOY,
    MAX_THROWDOWN,
    OVER,
    SETUP_FORM,
    Revealed,
    Setup,
    State,
    Throwdown,
    deployment_total,
    hand_size,
    initial,
    one_at_a_time,
    parse_setup,
    plan_missing,
    recruit_text,
    stage,
    to_battles,
)
from .views import WORKED, board, describe, state_json

RESULT_MAX, WORKING_MAX = 1000, 8000
DECK_NOTE = ("Every Super goes back at Regroup (:68); with cumulative KO piles the piles stay "
             "out of the deck, which is dealt evenly with the rest set aside (:28).")
Done = tuple["State", str, list[Step]]
"""A handler's answer: the new state, the history line, the working (for the stored form)."""


def done(state: State) -> Done:
    return state, "", []


# ---------------------------------------------------------------- events

SEAT = Text("seat", "The player (name or seat id).", max_length=40, required=True, seat=True)
TD = Integer("throwdown", "Which Throwdown (1, 2, ...).", minimum=1, maximum=MAX_THROWDOWN,
             required=True)
RESULT = Text("result", "Filled in by the session: what the event did, in one line.",
              max_length=RESULT_MAX)
WORKING = Text("working", "Filled in by the session: the calculator's working, a step a line.",
               max_length=WORKING_MAX)
EVENT_FORMS: Mapping[str, Form] = {
    "plan": (SEAT, Text("requirements", "Private: the Loot your Master Plan lists, "
                        "comma-separated. Enter it on your own phone.", max_length=400,
                        required=True)),
    "throwdown": (Text("loot", "The Loot drawn onto this Throwdown, comma-separated.",
                       max_length=400), RESULT),
    "deploy": (SEAT, TD, RESULT, WORKING),
    "set-aside": (SEAT, RESULT, WORKING),
    "reveal": (TD, SEAT,
               Text("name", "The Super's name.", max_length=40, required=True),
               OneOf("side", "Hero or Villain.", tuple(s.value for s in Side), required=True),
               Integer("action_number", "Its Action Number.", minimum=0, maximum=ACTION_MAX,
                       required=True),
               OneOf("attack", "Attack type (grey fist = none).",
                     (*(a.value for a in Attack), NONE), required=True),
               Flag("defends_magic", "Magic (purple) Defense."),
               Flag("defends_force", "Force (red) Defense."),
               Flag("defends_psychic", "Psychic (green) Defense."),
               Integer("tie_order", "Only for equal Action Numbers: the table's order "
                       "(1 first).", minimum=1, maximum=40),
               Text("target", "One-target setting: whom its attack knocks out when several "
                    "could be.", max_length=40),
               Text("ability", "Optional: the Ability text.", max_length=200),
               Text("ability_knocks_out", "Optional: Supers its Ability knocked out "
                    "(comma-separated).", max_length=200),
               Text("ability_returns", "Optional: Supers its Ability sent away from the "
                    "Throwdown without a knock-out (comma-separated).", max_length=200),
               Text(abilities.FIELD, "Optional: Loot its Ability moves, as 'Gem from Ann' "
                    "(to this Super's Mastermind), 'Crown from Throwdown 2 to here', 'Idol "
                    "from Ben to bag' (comma-separated); applied only if the Ability happens.",
                    max_length=200)),
    "misplaced": (TD, SEAT),
    "battle": (TD,
               Text("order", "Only for equal Action Numbers not ordered at reveal: the tied "
                    "Supers in the table's order, first acts first (comma-separated).",
                    max_length=200),
               Text("targets", "One-target setting only: each attacker's pick, as "
                    "'Nova: Shade, Hex: Blaze'.", max_length=400), RESULT, WORKING),
    "claim": (TD, Text("loot", "The Loot the next claimer takes.", max_length=40,
                       required=True), RESULT, WORKING),
    "declare-win": (SEAT, Text("requirements", "Only for the table recording a plan card as "
                               "shown (the player's phone is gone or was never used): the "
                               "revealed plan, comma-separated. The owner's own phone leaves "
                               "it out and reveals the plan entered there.", max_length=400),
                    Flag("own_phone", "True when the owner declares from their own phone (the "
                         "stored form of their declaration says so).")),
    "regroup": (Text("holder_picks", "On a tie for the fewest KOs: whom the holder gives "
                     "Loser Lad to.", max_length=40, seat=True), RESULT, WORKING),
    "correct": (SEAT, Text("loot", "A correction by hand: every Loot this player holds now, "
                           "comma-separated ('none' for none).", max_length=400),
                Text("ko", "A correction by hand: the Action Numbers in this player's KO pile "
                     "this round, comma-separated ('none' for none).", max_length=200)),
    "note": (Text("text", "The note.", max_length=280, required=True),),
}


def _refuse_if_over(state: State, event: Event) -> None:
    if (state.winner or state.over) and event.kind != "note":
        what = "an instant win" if state.winner else f"round {ROUNDS}"
        raise InvalidInput("kind", f"The game is over ({what}); only notes can be added.",
                           "note")


def apply(setup: Setup, state: State, event: Event, version: int) -> State:
    _refuse_if_over(state, event)
    return _HANDLERS[event.kind](setup, state, event)[0]


def _plan(setup: Setup, state: State, e: Event) -> Done:
    seat = setup.seat(e["seat"])
    plan: tuple[str, ...] = ()  # a sealed entry (an import's): entered, its Loot not here
    if not is_sealed(e):
        plan = split_list(e["requirements"])
        if not plan:
            raise InvalidInput("requirements", "List at least one Loot.",
                               "Loot, comma-separated")
    # Any entry made while the seat holds Loot is flagged, whatever it says: flagging only a
    # changed plan would tell the table whether the secret changed.
    late = bool(state.loot[seat.id])
    flagged = (*state.plans_after_loot, seat.id) if late else state.plans_after_loot
    return done(replace(state, plans={**state.plans, seat.id: plan},
                        plans_after_loot=tuple(dict.fromkeys(flagged))))


def _throwdown(setup: Setup, state: State, e: Event) -> Done:
    if len(state.throwdowns) >= setup.throwdowns:
        raise InvalidInput("kind", f"With {len(setup.seats)} players a round has "
                           f"{setup.throwdowns} Throwdowns; all are dealt (rule assemble).",
                           "deploy, battle")
    loot = split_list(e.get("loot"))
    if len(loot) > MAX_LOOT:
        raise InvalidInput("loot", f"{len(loot)} Loot is more than a Throwdown holds here.",
                           f"at most {MAX_LOOT}")
    t = Throwdown(len(state.throwdowns) + 1, loot)
    line = (f"Throwdown {t.number} of {setup.throwdowns} dealt with "
            f"{', '.join(loot) or 'no Loot'}.")
    stored_before = not e.get("result")  # a row written before this round's stages existed
    old = stored_before or (state.old_rules and bool(state.throwdowns))
    return replace(state, throwdowns=(*state.throwdowns, t), old_rules=old), line, []


def _deployment_turn(setup: Setup, state: State, e: Event) -> tuple[State, str, list[Step]]:
    """A deployment turn (a Super face down to a Throwdown, or set aside), checked by the
    deploy-check calculator on this round's turns so far: whose turn, the Squad limits."""
    where = stage(setup, state)
    if where == DEAL:
        raise InvalidInput("kind", f"Deal all {setup.throwdowns} Throwdowns first (Assemble, "
                           "steps 1-2 come before deployment).", "throwdown")
    if where != DEPLOY:
        why = ("every hand is empty" if deployment_total(setup, state) is not None
               else "the table has turned to the battles")
        raise InvalidInput("kind", f"Deployment is over this round ({why}, rule "
                           "deployment-end).", "reveal, battle, claim")
    seat = setup.seat(e["seat"])
    aside = e.kind == "set-aside"
    turns = (*state.deployments, (seat.id, 0 if aside else int(e["throwdown"])))
    names = [s.name for s in setup.seats]
    plays = [{"player": setup.seat(who).name, "throwdown": td or None, "set_aside": not td}
             for who, td in turns]
    try:
        answer = check(names, names.index(setup.seat(state.loser_lad).name), plays,
                       hand_size(setup, state))
    except InvalidInput as err:
        name = err.field.rsplit(".", 1)[-1]
        if name == "player":
            raise InvalidInput("seat", f"{err.detail} The Loser Lad holder deploys first, "
                               "then clockwise (rule deployment).", err.allowed) from None
        if name == "set_aside":
            raise InvalidInput("seat", f"{err.detail} So every Super in hand has a legal play.",
                               "deploy") from None
        raise InvalidInput("throwdown" if name == "throwdown" else "kind", err.detail,
                           err.allowed) from None
    after = replace(state, deployments=turns)
    if not aside:
        t = state.throwdown(int(e["throwdown"]))
        t = replace(t, squads={**t.squads, seat.id: t.squads.get(seat.id, 0) + 1})
        after = after.with_throwdown(t)
    played, nxt = answer.steps[-2], answer.steps[-1]
    line = played.text.split(": ", 1)[1]
    line = f"{line[:-1]} (derived reading). {nxt.text}" if aside else f"{line} {nxt.text}"
    return after, line, [played, nxt]


def _deploy(setup: Setup, state: State, e: Event) -> Done:
    return _deployment_turn(setup, state, e)


def _set_aside(setup: Setup, state: State, e: Event) -> Done:
    """A Super with no legal Throwdown (derived reading, README): the book's limits (:39-40)
    forbid every place, and it has no pass, so the card stays out this round (back to the deck
    at Regroup, :68) and the turn is used. Only possible where the seat already has a Squad
    at every Throwdown: anywhere else a Super can start a new Squad."""
    return _deployment_turn(setup, state, e)


def _reveal(setup: Setup, state: State, e: Event) -> Done:
    state = to_battles(setup, state)
    t = state.throwdown(e["throwdown"])
    if t.battled:
        raise InvalidInput("throwdown", f"Throwdown {t.number} has already been fought.",
                           _open(state))
    one_at_a_time(state, t)
    seat = setup.seat(e["seat"])
    if (state.plays or not state.old_rules) and t.face_down(seat.id) <= 0:
        hidden = [setup.seat(s).name for s in t.squads if t.face_down(s) > 0]
        count = t.squads.get(seat.id, 0)
        detail = (f"{seat.name} has no Squad at Throwdown {t.number} (none was deployed "
                  "there this round)." if not count and not t.shown(seat.id) else
                  f"{seat.name}'s Supers at Throwdown {t.number} are all revealed already.")
        raise InvalidInput("seat", detail, ", ".join(hidden) or "none")
    abilities.parse(e.get(abilities.FIELD), lambda x: _seat_or_none(setup, x),
                    len(state.throwdowns))
    values = {k: v for k, v in e.items() if k not in ("seat", "throwdown") and v is not None}
    values["owner"] = seat.id
    revealed = (*t.revealed, Revealed(values))
    hold = ("target", "ability_knocks_out", "ability_returns")
    rows = [{k: v for k, v in r.values.items() if k not in hold} for r in revealed]
    try:  # the battle calculator's own checks, now; names and ties are checked at the battle
        parse_supers([{**r, "owner": setup.seat(r["owner"]).name} for r in rows])
    except InvalidInput as err:
        name = err.field.rsplit(".", 1)[-1]
        if name == "side":
            raise InvalidInput("side", f"{err.detail} A Super played where its side cannot "
                               "go takes no part (derived reading): record it as a misplaced "
                               "Super set aside.", err.allowed) from None
        if name != "tie_order":
            raise InvalidInput("seat" if name == "owner" else name, err.detail,
                               err.allowed) from None
    return done(state.with_throwdown(replace(t, revealed=revealed)))


def _seat_or_none(setup: Setup, text: str) -> str | None:
    try:
        return setup.seat(text).id
    except InvalidInput:
        return None


def _misplaced(setup: Setup, state: State, e: Event) -> Done:
    """A face-down Super whose side cannot join its Squad here (the reveal says so): set
    aside, it takes no part (derived: it could not legally have been played there, :39-40)."""
    state = to_battles(setup, state)
    t = state.throwdown(e["throwdown"])
    if t.battled:
        raise InvalidInput("throwdown", f"Throwdown {t.number} has already been fought.",
                           _open(state))
    one_at_a_time(state, t)
    seat = setup.seat(e["seat"])
    if not t.shown(seat.id) or t.face_down(seat.id) <= 0:
        detail = (f"{seat.name} has revealed no Super at Throwdown {t.number}: the first one "
                  "revealed starts the Squad and can always stand, so reveal it first."
                  if t.face_down(seat.id) > 0 else
                  f"{seat.name} has no face-down Super at Throwdown {t.number}.")
        raise InvalidInput("seat", detail, "reveal")
    squads = {**t.squads, seat.id: t.squads[seat.id] - 1}
    return done(state.with_throwdown(replace(t, squads=squads,
                                             set_aside=(*t.set_aside, seat.id))))


def _open(state: State) -> str:
    return ", ".join(str(t.number) for t in state.throwdowns if not t.battled) or "none"


def _pairs(text: str, field: str) -> dict[str, str]:
    """'Nova: Shade, Hex: Blaze' → {'nova': 'Shade', 'hex': 'Blaze'}."""
    out: dict[str, str] = {}
    for item in split_list(text):
        attacker, sep, target = item.partition(":")
        if not sep or not attacker.strip() or not target.strip():
            raise InvalidInput(field, f"{item!r} is not 'attacker: target'.",
                               "pairs like 'Nova: Shade, Hex: Blaze'")
        out[key(attacker)] = target.strip()
    return out


def battle_rows(setup: Setup, revealed: Sequence[Revealed], e: Event) -> list[dict[str, Any]]:
    """The revealed Supers as battle-calculator rows, with the battle event's order and picks.
    A name an Ability or a pick gives that is not at this Throwdown is left out (the Supers
    were entered before the battle; the battle must still be able to go on)."""
    rows = [{**r.values, "owner": setup.seat(r.values["owner"]).name} for r in revealed]
    names = {key(r["name"]) for r in rows}
    for r in rows:
        for f in ("ability_knocks_out", "ability_returns"):
            r[f] = [x for x in split_list(r.get(f)) if key(x) in names]
        if r.get("target") and key(str(r["target"])) not in names:
            r["target"] = None
        if r.get(abilities.FIELD) and not r.get("ability"):
            r["ability"] = f"moves Loot: {r[abilities.FIELD]}"
    order = split_list(e.get("order"))
    for position, name in enumerate(order, start=1):
        if key(name) not in names:
            raise InvalidInput("order", f"No Super called {name!r} was revealed here.",
                               ", ".join(r["name"] for r in rows))
        next(r for r in rows if key(r["name"]) == key(name))["tie_order"] = position
    for attacker, target in _pairs(e.get("targets") or "", "targets").items():
        if attacker not in names:
            raise InvalidInput("targets", f"No Super called {attacker!r} was revealed here.",
                               ", ".join(r["name"] for r in rows))
        next(r for r in rows if key(r["name"]) == attacker)["target"] = target
    return rows


def _resolve(setup: Setup, rows: list[dict[str, Any]], number: int) -> Explained:
    try:
        return resolve(parse_supers(rows), setup.settings[ATTACK_READING.name],
                       setup.settings[ENDING_ABILITY.name], f"Throwdown {number}",
                       forgive_gone=True)
    except InvalidInput as err:
        name = err.field.rsplit(".", 1)[-1]
        field = {"tie_order": "order", "target": "targets"}.get(name, "throwdown")
        raise InvalidInput(field, err.detail, err.allowed) from None


def _battle(setup: Setup, state: State, e: Event) -> Done:
    state = to_battles(setup, state)
    t = state.throwdown(e["throwdown"])
    if t.battled:
        raise InvalidInput("throwdown", f"Throwdown {t.number} has already been fought.",
                           _open(state))
    one_at_a_time(state, t, fight=True)
    missing = [setup.seat(s).name for s in t.squads if t.face_down(s) > 0]
    if missing:
        raise InvalidInput("throwdown", f"Reveal every Super at Throwdown {t.number} first: "
                           f"{', '.join(missing)} still have face-down cards (rule "
                           "battle-reveal). One whose side cannot join its Squad there is set "
                           "aside as misplaced.", "reveal")
    answer = _resolve(setup, battle_rows(setup, t.revealed, e), t.number)
    result = answer.result
    seat_of = {key(s.name): s.id for s in setup.seats}
    survivors = tuple((s["name"], seat_of[key(s["owner"])], int(s["action_number"]))
                      for s in result["survivors"])
    ko = dict(state.ko)
    for k in result["knocked_out"]:
        credited = seat_of[key(k["credited_to"])]
        ko[credited] = (*ko[credited], int(k["action_number"]))
    state, moved = _ability_loot(setup, state, t, result["turns"])
    steps = [*answer.steps, *moved]
    t = replace(state.throwdown(t.number), battled=True, survivors=survivors,
                summary=answer.summary, other_settings=tuple(result["changed_by_other_setting"]),
                sent_away=tuple(s["super"] for s in result.get("returned", ())),
                knocked_out=tuple({"super": k["super"], "by": k["by"],
                                   "credited_to": k["credited_to"], "how": k["how"]}
                                  for k in result["knocked_out"]))
    t, claims = _settle(setup, t)
    steps += list(claims.steps) if t.resolved else []
    new = replace(state, ko=ko).with_throwdown(t)
    line = _battle_line(t.number, result, [x.text for x in moved if x.value])
    if t.resolved:
        line += f" {_end_words(t)}"
    return new, line, steps


def _ability_loot(setup: Setup, state: State, t: Throwdown,
                  turns: Sequence[Mapping[str, Any]]) -> tuple[State, list[Step]]:
    """The Loot the Abilities that happened moved, in acting order (M22: the score and the
    instant win see it at once); a Throwdown already resolved has nothing on it."""
    names = {s.id: s.name for s in setup.seats}
    piles: dict[str, tuple[str, ...]] = {**state.loot}
    for x in state.throwdowns:
        piles[f"throwdown {x.number}"] = () if x.resolved else x.loot
    by_name = {key(r.name): r for r in t.revealed}
    steps: list[Step] = []
    for turn in turns:
        r = by_name[key(turn["super"])]
        if turn["ability_happened"] and r.values.get(abilities.FIELD):
            moves = abilities.parse(r.values[abilities.FIELD],
                                    lambda x: _seat_or_none(setup, x), len(state.throwdowns))
            steps += abilities.apply_moves(moves, r.name, r.values["owner"],
                                           f"throwdown {t.number}", piles, names, MAX_LOOT)
    tds = tuple(x if x.resolved else replace(x, loot=piles[f"throwdown {x.number}"])
                for x in state.throwdowns)
    return replace(state, throwdowns=tds, loot={s: piles[s] for s in state.loot}), steps


def _battle_line(number: int, result: Mapping[str, Any], moved: list[str]) -> str:
    """The battle in the table's words: who knocked out whom into whose KO pile, who was sent
    away, the Loot that moved, who claims; and whether another setting would change it."""
    if result["end_reason"] == "no-squads":
        return f"Throwdown {number}: nobody deployed here, so no battle and no claims."
    parts = [f"{k['by']} ({k['credited_to']}) knocks out {k['super']} ({k['owner']}) "
             f"into {k['credited_to']}'s KO pile" + (" with its Ability" if k["how"] ==
                                                       "ability" else "")
             for k in result["knocked_out"]]
    parts += [f"{r['by']}'s Ability sends {r['super']} ({r['owner']}) away (no KO)"
              for r in result.get("returned", ())]
    parts += [m.rstrip(".") for m in moved]
    fought = "; ".join(parts) if parts else "nobody is knocked out"
    head = (f"Throwdown {number}: battle. {fought}." if result["battle"] else
            f"Throwdown {number}: every Squad is on one side, no battle.")
    who = ", ".join(f"{s['name']} ({s['owner']})" for s in result["survivors"]) or "nobody"
    line = f"{head} Claim order: {who}."
    changed = result["changed_by_other_setting"]
    if changed:
        line += (f" The other {' / '.join(c.replace('_', ' ') for c in changed)} setting "
                 "would change this.")
    return line


def _claim_answer(setup: Setup, t: Throwdown, pick: str | None) -> Explained:
    """The loot-claims calculator fed with this Throwdown's claims so far (and `pick`, the
    next claimer's): it checks the pick and says what goes back to the bag."""
    rows = []
    for i, (name, seat, number) in enumerate(t.survivors[:len(t.claims) + (pick is not None)]):
        took = t.claims[i][2] if i < len(t.claims) else pick
        rows.append({"name": name, "owner": setup.seat(seat).name, "action_number": number,
                     "tie_order": i + 1, "takes": took})
    try:
        return claims({"loot": list(t.loot), "survivors": rows})
    except InvalidInput as err:
        raise InvalidInput("loot", err.detail, err.allowed) from None


def _settle(setup: Setup, t: Throwdown) -> tuple[Throwdown, Explained]:
    """Claims end when every survivor has claimed or the Loot is gone; the rest goes back
    (Loot steps 2-3, :59-60)."""
    answer = _claim_answer(setup, t, None)
    if len(t.claims) >= len(t.survivors) or not +t.left():
        back = tuple(answer.result["returned_to_bag"])
        return replace(t, resolved=True, returned=back), answer
    return t, answer


def _end_words(t: Throwdown) -> str:
    back = ", ".join(t.returned) or "nothing"
    return f"Claims at Throwdown {t.number} are over; back to the Loot Bag: {back}."


def _claim(setup: Setup, state: State, e: Event) -> Done:
    t = state.throwdown(e["throwdown"])
    nxt = t.next_claimer()
    if nxt is None:
        why = "has not been fought yet" if not t.battled else "has no claims left"
        raise InvalidInput("throwdown", f"Throwdown {t.number} {why}.",
                           ", ".join(str(x.number) for x in state.throwdowns
                                     if x.next_claimer()) or "none")
    answer = _claim_answer(setup, t, str(e["loot"]))
    took = answer.result["claims"][-1]["took"]
    super_name, seat, _ = nxt
    t, end = _settle(setup, replace(t, claims=(*t.claims, (super_name, seat, took))))
    loot = {**state.loot, seat: (*state.loot[seat], took)}
    # A claim that completes the claimer's entered plan is told to the owner's phone only
    # (state_json: "declare your win"); the table learns it when the owner declares (:58).
    who = setup.seat(seat).name
    line = f"Throwdown {t.number}: {super_name} claims {took} for {who}."
    n = len(t.claims)
    steps = list(end.steps) if t.resolved else [
        x for x in answer.steps if x.text.startswith(f"Claim {n}:")]
    if t.resolved:
        line += f" {_end_words(t)}"
    return replace(state.with_throwdown(t), loot=loot), line, steps


def _declare(setup: Setup, state: State, e: Event) -> Done:
    seat = setup.seat(e["seat"])
    plan = split_list(e.get("requirements"))
    own = bool(e.get("own_phone"))
    if not plan:  # stored before declarations were resolved (older sessions): the entry
        plan, own = state.plans.get(seat.id, ()), True
        if not plan:
            raise InvalidInput("requirements", "No Master Plan was entered on this phone: "
                               "enter it first.", "enter your plan")
    if plan_missing(plan, state.loot[seat.id]):
        detail = ("Your collected Loot does not cover your Master Plan yet; no instant win."
                  if own else f"The Loot {seat.name} collected does not cover the plan typed "
                  "here; no instant win.")
        raise InvalidInput("seat", detail, "a completed plan")
    return done(replace(state, winner=seat.id, revealed_plan=tuple(plan)))


def writer(setup: Setup, event: Event) -> str | None:
    """A plan is its seat's own; so is a declaration of the plan entered on the phone (no
    requirements, or its stored form with `own_phone`). A declaration typed from the plan
    card as shown is the table's: it is checked against what was typed, never the entry."""
    if event.kind == "plan" or (event.kind == "declare-win" and (
            event.get("own_phone") or not event.get("requirements"))):
        return setup.seat(event["seat"]).id
    return None


def stored_form(setup: Setup, state: State, event: Event) -> Event:
    """An owner's declaration is stored with the plan it reveals (and `own_phone`), so the
    history, an export and its import carry it. A battle, a claim and a Regroup are stored
    with what they did and the calculator's working (`result`, `working`), so the history
    line says it in the table's words; one the rules refuse is left as sent (apply says why)."""
    if event.kind in WORKED:
        data = {k: v for k, v in event.data.items() if k not in ("result", "working")}
        bare = Event(event.kind, data)
        try:
            _refuse_if_over(state, bare)
            _, line, steps = _HANDLERS[event.kind](setup, state, bare)
        except InvalidInput:
            return bare
        filled = {"result": _clip(line, RESULT_MAX),
                  "working": _clip("\n".join(x.text for x in steps), WORKING_MAX)}
        return Event(event.kind, {**data, **{k: v for k, v in filled.items() if v}})
    if event.kind != "declare-win" or event.get("requirements") \
            or state.winner or state.over:
        return event  # apply says why a declaration after the end is refused
    seat = setup.seat(event["seat"])
    plan = state.plans.get(seat.id)
    if not plan:
        return event  # apply says so (to this phone only), with what can be done now
    return Event("declare-win", {**event.data, "seat": seat.id,
                                 "requirements": ", ".join(plan), "own_phone": True})


def _clip(text: str, most: int) -> str:
    text = text.strip()
    return text if len(text) <= most else text[:most - 1].rstrip() + "…"


def _regroup(setup: Setup, state: State, e: Event) -> Done:
    unresolved = [t.number for t in state.throwdowns if not t.resolved]
    if len(state.throwdowns) < setup.throwdowns or unresolved:
        raise InvalidInput("kind", f"Resolve every Throwdown of round {state.round} first "
                           f"({setup.throwdowns} dealt and fought, claims done; rule "
                           "regroup).", "throwdown, battle, claim")
    if state.round >= ROUNDS:
        return (replace(state, over=True), f"End of round {ROUNDS}: the game is over; the "
                "final scoring decides (rule final-scoring).", [])
    piles = [Pile(s.name, len(state.ko[s.id]), len(state.ko_earlier[s.id])) for s in setup.seats]
    holder = setup.seat(state.loser_lad)
    pick = str(e.get("holder_picks") or "")
    if pick:  # a seat id or a name; the calculator compares names
        pick = setup.seat(pick, "holder_picks").name
    answer = pass_loser_lad(piles, holder.name, state.round, setup.settings[KO_PILES.name],
                            pick)
    new = answer.result["new_holder"]
    if new is None:
        raise InvalidInput("holder_picks", f"{', '.join(answer.result['tied'])} tie for the "
                           f"fewest KOs; {holder.name} picks who takes Loser Lad.",
                           ", ".join(answer.result["tied"]))
    earlier = {s: (*state.ko_earlier[s], *state.ko[s]) for s in state.ko}
    after = replace(state, round=state.round + 1, loser_lad=setup.seat(new).id, throwdowns=(),
                    deployments=(), ko={s: () for s in state.ko}, ko_earlier=earlier,
                    regroups=(*state.regroups, answer.summary), deployment_over=False,
                    old_rules=False)
    deal = recruit_text(setup, after)
    return (after, f"Regroup: {answer.summary} {deal}",
            [*answer.steps, Step(deal, hand_size(setup, after), "recruit", Provenance.DERIVED,
                                 DECK_NOTE)])


def _correct(setup: Setup, state: State, e: Event) -> Done:
    """A hand-set value: what a card did that no event records (an Ability that returned a
    Super from a KO pile, a Loot the table fixed). The history marks it a correction."""
    seat = setup.seat(e["seat"])
    if e.get("loot") is None and e.get("ko") is None:
        raise InvalidInput("loot", "Give the corrected Loot, KO pile or both.",
                           "Loot, comma-separated; Action Numbers, comma-separated")
    loot, ko = dict(state.loot), dict(state.ko)
    if e.get("loot") is not None:
        loot[seat.id] = () if key(e["loot"]) == "none" else split_list(e["loot"])
    if e.get("ko") is not None:
        numbers: list[int] = []
        for item in () if key(e["ko"]) == "none" else split_list(e["ko"]):
            if not item.isdigit() or not 0 <= int(item) <= ACTION_MAX:
                raise InvalidInput("ko", f"{item!r} is not an Action Number.",
                                   f"whole numbers 0-{ACTION_MAX}, comma-separated, or none")
            numbers.append(int(item))
        ko[seat.id] = tuple(numbers)
    return done(replace(state, loot=loot, ko=ko))


def _note(setup: Setup, state: State, e: Event) -> Done:
    return done(replace(state, notes=state.notes.added(str(e["text"]))))


_HANDLERS: Mapping[str, Callable[[Setup, State, Event], Done]] = {
    "plan": _plan, "throwdown": _throwdown, "deploy": _deploy, "set-aside": _set_aside,
    "reveal": _reveal, "misplaced": _misplaced, "battle": _battle, "claim": _claim,
    "declare-win": _declare, "regroup": _regroup, "correct": _correct, "note": _note}


EXAMPLE_SETUP: Mapping[str, Any] = {
    "seats": [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cat"}, {"name": "Dee"}],
    "loser_lad": "Ben", "super_deck_size": 8}
EXAMPLE_EVENTS: tuple[Mapping[str, Any], ...] = (
    {"kind": "throwdown", "loot": "Gem, Idol"},
    {"kind": "throwdown", "loot": "Crown"},
    {"kind": "throwdown", "loot": "Mask, Gem"},
    {"kind": "deploy", "seat": "ben", "throwdown": 1},
    {"kind": "deploy", "seat": "cat", "throwdown": 1},
    {"kind": "deploy", "seat": "dee", "throwdown": 2},
    {"kind": "deploy", "seat": "ann", "throwdown": 1},
    {"kind": "deploy", "seat": "ben", "throwdown": 3},
    {"kind": "deploy", "seat": "cat", "throwdown": 3},
    {"kind": "deploy", "seat": "dee", "throwdown": 2},
    {"kind": "deploy", "seat": "ann", "throwdown": 1},
    {"kind": "reveal", "throwdown": 1, "seat": "ben", "name": "Hex", "side": "villain",
     "action_number": 5, "attack": "magic", "defends_force": True},
    {"kind": "reveal", "throwdown": 1, "seat": "cat", "name": "Mind", "side": "villain",
     "action_number": 7, "attack": "psychic"},
    {"kind": "reveal", "throwdown": 1, "seat": "ann", "name": "Blaze", "side": "hero",
     "action_number": 2, "attack": "force", "defends_magic": True},
    {"kind": "reveal", "throwdown": 1, "seat": "ann", "name": "Aegis", "side": "hero",
     "action_number": 9, "attack": "none", "defends_psychic": True},
    {"kind": "battle", "throwdown": 1},
    {"kind": "claim", "throwdown": 1, "loot": "Gem"},
)


def _stored(raw: Sequence[Mapping[str, Any]]) -> tuple[Mapping[str, Any], ...]:
    """The example events as the session stores them (a battle and a claim carry what they
    did and the working), so each is its own stored form."""
    setup = parse_setup(EXAMPLE_SETUP)
    state = initial(setup)
    out: list[Mapping[str, Any]] = []
    for item in raw:
        event = stored_form(setup, state, Event(str(item["kind"]), {
            k: v for k, v in item.items() if k != "kind"}))
        state = apply(setup, state, event, len(out) + 1)
        out.append({"kind": event.kind, **event.data})
    return tuple(out)


EXAMPLE_EVENTS = _stored(EXAMPLE_EVENTS)


class MasterPlanTracker(TrackerBase):
    setup_form: Form = SETUP_FORM
    event_forms: Mapping[str, Form] = EVENT_FORMS
    wording: Wording = Wording(seat="Mastermind", seats="Masterminds",
                      follows="the Throwdowns, KO piles, Loot collected, Loser Lad and the "
                              "final score (Master Plans stay on their owners' phones)")
    example_setup: Mapping[str, Any] = EXAMPLE_SETUP
    example_events: Sequence[Mapping[str, Any]] = EXAMPLE_EVENTS
    private_events: frozenset[str] = frozenset({"plan"})
    """Only a seat's own phone writes its Master Plan."""

    def parse_setup(self, data: Mapping[str, Any]) -> Setup:
        return parse_setup(data)

    def initial(self, setup: Setup) -> State:
        return initial(setup)

    def start_seat(self, setup: Setup) -> str | None:
        """Loser Lad's holder at the start: playing Supers begins with them, then goes clockwise
        (rulebook, Phase 3: Assemble, step 3)."""
        return setup.loser_lad

    def writer(self, setup: Setup, event: Event) -> str | None:
        return writer(setup, event)

    def resolve(self, setup: Setup, state: State, event: Event) -> Event:
        return stored_form(setup, state, event)

    def apply(self, setup: Setup, state: State, event: Event, version: int) -> State:
        return apply(setup, state, event, version)

    def describe(self, event: Event, names: Mapping[str, str], viewer: Viewer) -> str:
        return describe(event, names, self.hidden(event, viewer))

    def state_json(self, setup: Setup, state: State, viewer: Viewer) -> dict[str, Any]:
        return state_json(setup, state, viewer)

    def score(self, setup: Setup, state: State) -> Explained:
        from .referee import table  # the referee reads this module's state
        return table(setup, state)

    def finished(self, setup: Setup, state: State) -> bool:
        return stage(setup, state) == OVER

    def moves(self, setup: Setup, state: State) -> Sequence[Mapping[str, Any]]:
        from .referee import moves
        return moves(setup, state)

    def board(self, setup: Setup) -> Board:
        return board(setup)


TRACKER = MasterPlanTracker()
