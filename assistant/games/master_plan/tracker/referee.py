"""All Part of the Master Plan at the table, refereed: what each event checks and does
(`apply`), how a request is stored (`stored_form`), who writes it (`writer`), the checks made
only of a new request (`check`), and what the rules allow next (`moves`).

Every refusal names its rule entry (rules/*.toml). Readings taken where the book is silent
are in README.md: deployment needs every Throwdown of the round dealt first (Assemble steps
1-3 in order); the Loser Lad holder picks each Throwdown before its Supers are revealed
(Battle step 1), one at a time, and its claims end by themselves when every survivor has
claimed or the Loot has run out; after the end only notes are accepted.

Secrets: a plan is the seat's own entry; no shared event is refused, nor any move listed,
because of what a plan says.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Provenance, Step
from assistant.tracker import Event
from assistant.tracker.chain import evolve as replace
from assistant.tracker.kernel import is_sealed

from ..book import ROUNDS
from ..calculators.battle import ACTION_MAX, parse_supers, resolve
from ..calculators.deploy import check as deploy_check
from ..calculators.loot import MAX_LOOT
from ..calculators.loser_lad import Pile, pass_loser_lad
from ..common import key, split_list
from ..settings import ATTACK_READING, ENDING_ABILITY, KO_PILES
from .battles import battle, battle_rows, claim, misplaced, reveal
from .forms import RESULT_MAX, WORKED, WORKING_MAX
from .rounds import (
    BATTLE,
    DEAL,
    DEPLOY,
    OVER,
    current,
    deck_size,
    deployment_total,
    full_deck,
    hand_size,
    next_deployer,
    recruit_text,
    stage,
    to_battles,
)
from .state import Done, Setup, State, Throwdown, done, plan_missing

Move = dict[str, Any]
DECK_NOTE = ("Every Super goes back at Regroup (:68); with cumulative KO piles the piles stay "
             "out of the deck, which is dealt evenly with the rest set aside (:28).")
RULE_OF: Mapping[str, str] = {
    "plan": "master-plan", "loser-lad": "loser-lad", "super-deck": "recruit",
    "throwdown": "assemble", "deploy": "deployment", "set-aside": "deployment-end",
    "pick": "battle-reveal", "reveal": "battle-reveal", "misplaced": "deployment-limits",
    "battle": "battle-order", "claim": "loot-claims", "declare-win": "instant-win",
    "regroup": "regroup", "correct": "ko-pile", "note": "round-overview"}
"""The rule entry a refusal of each kind names when its check names none more precise."""


# ---------------------------------------------------------------- apply

def apply(setup: Setup, state: State, event: Event, version: int) -> State:
    """The state after `event` (a stored form); InvalidInput naming its rule entry, and no
    change, where the rules refuse it."""
    game_over(state, event)
    try:
        return HANDLERS[event.kind](setup, state, event)[0]
    except InvalidInput as err:
        if err.rule is not None:
            raise
        raise InvalidInput(err.field, err.detail, err.allowed,
                           rule=RULE_OF[event.kind]) from None


def game_over(state: State, event: Event) -> None:
    """After an instant win or the end of round 3 only a note is accepted."""
    if (state.winner or state.over) and event.kind != "note":
        won = state.winner is not None
        what = "an instant win" if won else f"round {ROUNDS}"
        raise InvalidInput("kind", f"The game is over ({what}): the score is final; only notes "
                           "can be added.", "note",
                           rule="instant-win" if won else "final-scoring")


def _plan(setup: Setup, state: State, e: Event) -> Done:
    seat = setup.seat(e["seat"])
    plan: tuple[str, ...] = ()  # a sealed entry (an import's): entered, its Loot not here
    if not is_sealed(e):
        plan = split_list(e["requirements"])
        if not plan:
            raise InvalidInput("requirements", "List at least one Loot.",
                               "Loot, comma-separated", rule="master-plan")
    # Any entry made while the seat holds Loot is flagged, whatever it says: flagging only a
    # changed plan would tell the table whether the secret changed.
    late = bool(state.loot[seat.id])
    flagged = (*state.plans_after_loot, seat.id) if late else state.plans_after_loot
    return done(replace(state, plans={**state.plans, seat.id: plan},
                        plans_after_loot=tuple(dict.fromkeys(flagged))))


def forget(state: State, seat: str) -> State:
    """The seat handed to a new phone (the kernel's release): its plan as if never entered,
    and so no longer flagged as entered while holding Loot; the new phone enters it again
    (flagged again if the seat holds Loot by then)."""
    return replace(state, plans={k: v for k, v in state.plans.items() if k != seat},
                   plans_after_loot=tuple(s for s in state.plans_after_loot if s != seat))


def _begun(state: State) -> bool:
    """This round's deployment or battles have begun (a turn taken, a Throwdown picked)."""
    return bool(state.plays or state.picks or state.deployment_over
                or any(t.revealed or t.battled for t in state.throwdowns))


def _loser_lad(setup: Setup, state: State, e: Event) -> Done:
    """Who holds Loser Lad: setup step 4 where the table did not say at creation; otherwise
    a correction, only before anyone deploys this round (the holder leads deployment and
    picks the Throwdowns, so it cannot change hands in the middle)."""
    seat = setup.seat(e["seat"])
    if state.loser_lad is None:
        return (replace(state, loser_lad=seat.id), f"{seat.name} starts with Loser Lad (the "
                "most recent loser): deploys first and picks the Throwdowns.", [])
    holder = setup.seat(state.loser_lad)
    if _begun(state):
        raise InvalidInput("seat", f"{holder.name} holds Loser Lad this round; it moves only at "
                           "Regroup. A hand-set holder is recorded before anyone deploys.",
                           holder.name, rule="loser-lad")
    return (replace(state, loser_lad=seat.id), f"{seat.name} holds Loser Lad, not "
            f"{holder.name} (correction).", [])


def _super_deck(setup: Setup, state: State, e: Event) -> Done:
    """The Super deck counted during play (the book prints no size): each hand is the deck
    dealt evenly (:28). Only before this round's deployment is over, and never fewer than the
    Supers a seat has already played this round."""
    size = int(e["size"])
    where = stage(setup, state)
    if where not in (DEAL, DEPLOY) or state.deployment_over or state.old_rules:
        raise InvalidInput("kind", "The Super deck is dealt at Recruit; its count changes "
                           "hands only until this round's deployment is over. Count it again "
                           "after Regroup.", "before deployment ends", rule="recruit")
    counted = replace(state, deck=size)
    hand = hand_size(setup, counted) or 0
    n = len(setup.seats)
    played = -(-state.plays // n)  # the most Supers one seat has played this round
    if hand < max(played, 1):
        least = max(played, 1) * n + (full_deck(setup, counted) or 0) \
            - (deck_size(setup, counted) or 0)
        raise InvalidInput("size", f"A deck of {size} gives each of {n} players {hand} "
                           f"Super{'s' if hand != 1 else ''}, fewer than "
                           f"{'one' if not played else f'the {played} already played'}.",
                           f"at least {least}", rule="recruit")
    was = full_deck(setup, state)
    line = (f"Super deck counted: {size} cards" + (f" (was {was}, correction)" if was else "")
            + f". {recruit_text(setup, counted)}")
    return counted, line, []


def _throwdown(setup: Setup, state: State, e: Event) -> Done:
    if len(state.throwdowns) >= setup.throwdowns:
        raise InvalidInput("kind", f"With {len(setup.seats)} players a round has "
                           f"{setup.throwdowns} Throwdowns; all are dealt.", "deploy, battle",
                           rule="assemble")
    loot = split_list(e.get("loot"))
    if len(loot) > MAX_LOOT:
        raise InvalidInput("loot", f"{len(loot)} Loot is more than a Throwdown holds here.",
                           f"at most {MAX_LOOT}", rule="assemble")
    t = Throwdown(len(state.throwdowns) + 1, loot)
    line = (f"Throwdown {t.number} of {setup.throwdowns} dealt with "
            f"{', '.join(loot) or 'no Loot'}.")
    stored_before = not e.get("result")  # a row written before this round's stages existed
    old = stored_before or (state.old_rules and bool(state.throwdowns))
    return replace(state, throwdowns=(*state.throwdowns, t), old_rules=old), line, []


def _deployment_turn(setup: Setup, state: State, e: Event) -> Done:
    """A deployment turn: a Super face down to a Throwdown (`deploy`), or one with no legal
    Throwdown set aside (`set-aside`, derived: the limits of :39-40 forbid every place and the
    book has no pass, so it sits out the round and the turn is used). Checked by the
    deploy-check calculator on this round's turns so far: whose turn, the Squad limits."""
    where = stage(setup, state)
    if where == DEAL:
        raise InvalidInput("kind", f"Deal all {setup.throwdowns} Throwdowns first (Assemble "
                           "steps 1-2 come before deployment).", "throwdown", rule="assemble")
    if where != DEPLOY:
        why = ("every hand is empty" if deployment_total(setup, state) is not None
               else "the table has turned to the battles")
        raise InvalidInput("kind", f"Deployment is over this round ({why}).",
                           "pick, reveal, battle, claim", rule="deployment-end")
    if state.loser_lad is None:
        raise InvalidInput("kind", "Who holds Loser Lad? The holder deploys first: record "
                           "who starts with him (the most recent loser).", "loser-lad",
                           rule="setup-loser-lad")
    seat = setup.seat(e["seat"])
    aside = e.kind == "set-aside"
    turns = (*state.deployments, (seat.id, 0 if aside else int(e["throwdown"])))
    names = [s.name for s in setup.seats]
    plays = [{"player": setup.seat(who).name, "throwdown": td or None, "set_aside": not td}
             for who, td in turns]
    try:
        answer = deploy_check(names, names.index(setup.seat(state.loser_lad).name), plays,
                              hand_size(setup, state))
    except InvalidInput as err:
        name = err.field.rsplit(".", 1)[-1]
        if name == "player":
            raise InvalidInput("seat", f"{err.detail} The Loser Lad holder deploys first, "
                               "then clockwise.", err.allowed, rule="deployment") from None
        if name == "set_aside":
            raise InvalidInput("seat", f"{err.detail} So every Super in hand has a legal play.",
                               "deploy", rule="deployment-end") from None
        raise InvalidInput("throwdown" if name == "throwdown" else "kind", err.detail,
                           err.allowed, rule="assemble" if name == "throwdown"
                           else "deployment-end") from None
    after = replace(state, deployments=turns)
    if not aside:
        t = state.throwdown(int(e["throwdown"]))
        t = replace(t, squads={**t.squads, seat.id: t.squads.get(seat.id, 0) + 1})
        after = after.with_throwdown(t)
    played, nxt = answer.steps[-2], answer.steps[-1]
    line = played.text.split(": ", 1)[1]
    line = f"{line[:-1]} (derived reading). {nxt.text}" if aside else f"{line} {nxt.text}"
    return after, line, [played, nxt]


def _pick(setup: Setup, state: State, e: Event) -> Done:
    """Battle step 1: the Loser Lad holder chooses the Throwdown to resolve next, one at a
    time (the next is chosen once this one's Loot is claimed, Loot step 4)."""
    state = to_battles(setup, state)  # without a deck size, the first pick ends deployment
    seat = setup.seat(e["seat"])
    holder = setup.seat(state.loser_lad or seat.id)
    if seat.id != holder.id:
        raise InvalidInput("seat", f"{holder.name} holds Loser Lad, so {holder.name} picks "
                           f"the next Throwdown, not {seat.name}.", holder.name,
                           rule="battle-reveal")
    t = state.throwdown(int(e["throwdown"]))
    c = current(state)
    if c is not None:
        doing = "its Loot claims" if c.battled else "its reveals and battle"
        said = ("was picked already" if c.number == t.number else "is being resolved")
        raise InvalidInput("throwdown", f"Throwdown {c.number} {said}: finish {doing} "
                           "before the next pick.", str(c.number), rule="battle-reveal")
    if t.resolved:
        waiting = [str(x.number) for x in state.throwdowns if not x.resolved]
        raise InvalidInput("throwdown", f"Throwdown {t.number} is resolved already this round.",
                           ", ".join(waiting) or "none", rule="loot-return")
    nth = state.picks + 1
    t = replace(t, picked=nth, picked_by=seat.id)
    line = (f"{seat.name} (Loser Lad) picks Throwdown {t.number} to reveal and fight "
            f"{'first' if nth == 1 else 'next'}.")
    return state.with_throwdown(t), line, []


def _declare(setup: Setup, state: State, e: Event) -> Done:
    seat = setup.seat(e["seat"])
    plan = split_list(e.get("requirements"))
    own = bool(e.get("own_phone"))
    if not plan:  # stored before declarations were resolved (older sessions): the entry
        plan, own = state.plans.get(seat.id, ()), True
        if not plan:
            raise InvalidInput("requirements", "No Master Plan was entered on this phone: "
                               "enter it first.", "enter your plan", rule="instant-win")
    if plan_missing(plan, state.loot[seat.id]):
        detail = ("Your collected Loot does not cover your Master Plan yet; no instant win."
                  if own else f"The Loot {seat.name} collected does not cover the plan typed "
                  "here; no instant win.")
        raise InvalidInput("seat", detail, "a completed plan", rule="instant-win")
    return done(replace(state, winner=seat.id, revealed_plan=tuple(plan)))


def _regroup(setup: Setup, state: State, e: Event) -> Done:
    unresolved = [t.number for t in state.throwdowns if not t.resolved]
    if len(state.throwdowns) < setup.throwdowns or unresolved \
            or stage(setup, state) in (DEAL, DEPLOY):
        raise InvalidInput("kind", f"Resolve every Throwdown of round {state.round} first "
                           f"({setup.throwdowns} dealt and fought, claims done).",
                           "throwdown, pick, battle, claim", rule="regroup")
    if state.round >= ROUNDS:
        if e.get("holder_picks"):
            raise InvalidInput("holder_picks", f"After round {ROUNDS} Loser Lad does not move: "
                               "the final scoring decides. Regroup without a pick.", "none",
                               rule="loser-lad-pass")
        return (replace(state, over=True), f"End of round {ROUNDS}: the game is over; the "
                "final scoring decides.", [])
    piles = [Pile(s.name, len(state.ko[s.id]), len(state.ko_earlier[s.id])) for s in setup.seats]
    holder = setup.seat(state.loser_lad or setup.seats[0].id)
    pick = str(e.get("holder_picks") or "")
    if pick:  # a seat id or a name; the calculator compares names
        pick = setup.seat(pick, "holder_picks").name
    try:
        answer = pass_loser_lad(piles, holder.name, state.round, setup.settings[KO_PILES.name],
                                pick)
    except InvalidInput as err:
        raise InvalidInput("holder_picks", err.detail, err.allowed,
                           rule="loser-lad-pass") from None
    new = answer.result["new_holder"]
    if new is None:
        raise InvalidInput("holder_picks", f"{', '.join(answer.result['tied'])} tie for the "
                           f"fewest KOs; {holder.name} picks who takes Loser Lad.",
                           ", ".join(answer.result["tied"]), rule="loser-lad-pass")
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
                           "Loot, comma-separated; Action Numbers, comma-separated",
                           rule="loot")
    loot, ko = dict(state.loot), dict(state.ko)
    if e.get("loot") is not None:
        loot[seat.id] = () if key(e["loot"]) == "none" else split_list(e["loot"])
    if e.get("ko") is not None:
        numbers: list[int] = []
        for item in () if key(e["ko"]) == "none" else split_list(e["ko"]):
            if not item.isdigit() or not 0 <= int(item) <= ACTION_MAX:
                raise InvalidInput("ko", f"{item!r} is not an Action Number.",
                                   f"whole numbers 0-{ACTION_MAX}, comma-separated, or none",
                                   rule="ko-pile")
            numbers.append(int(item))
        ko[seat.id] = tuple(numbers)
    return done(replace(state, loot=loot, ko=ko))


def _note(setup: Setup, state: State, e: Event) -> Done:
    return done(replace(state, notes=state.notes.added(str(e["text"]))))


HANDLERS: Mapping[str, Callable[[Setup, State, Event], Done]] = {
    "plan": _plan, "loser-lad": _loser_lad, "super-deck": _super_deck,
    "throwdown": _throwdown, "deploy": _deployment_turn, "set-aside": _deployment_turn,
    "pick": _pick, "reveal": reveal, "misplaced": misplaced,
    "battle": battle, "claim": claim, "declare-win": _declare,
    "regroup": _regroup, "correct": _correct, "note": _note}


# ---------------------------------------------------------------- a request

def check(setup: Setup, state: State, event: Event) -> None:
    """Rules checked of a new request only (never of an event read back from storage, so a
    session stored before picks were recorded still folds): a Throwdown's Supers are turned
    over only once the Loser Lad holder has picked it (Battle step 1)."""
    if event.kind not in ("reveal", "misplaced", "battle") or state.old_rules \
            or state.winner or state.over or current(state) is not None:
        return
    to_battles(setup, state)  # the round's own stage says first why not
    holder = setup.seat(state.loser_lad or setup.seats[0].id)
    raise InvalidInput("kind", f"{holder.name} holds Loser Lad and picks which Throwdown is "
                       "revealed and fought next: record the pick first.", "pick",
                       rule="battle-reveal")


def writer(setup: Setup, event: Event) -> str | None:
    """A plan is its seat's own; so is a declaration of the plan entered on the phone (no
    requirements, or its stored form with `own_phone`). A declaration typed from the plan
    card as shown is the table's: it is checked against what was typed, never the entry."""
    if event.kind == "plan" or (event.kind == "declare-win" and (
            event.get("own_phone") or not event.get("requirements"))):
        return setup.seat(event["seat"]).id
    return None


def stored_form(setup: Setup, state: State, event: Event) -> Event:
    """The request as it is stored (Tracker.resolve), after `check`. An owner's declaration
    is stored with the plan it reveals (and `own_phone`), so the history, an export and its
    import carry it. A worked kind (forms.WORKED) is stored with what it did and the
    calculator's working (`result`, `working`), so the history line says it in the table's
    words; one the rules refuse is left as sent (apply says why)."""
    check(setup, state, event)
    if event.kind in WORKED:
        data = {k: v for k, v in event.data.items() if k not in ("result", "working")}
        bare = Event(event.kind, data)
        try:
            game_over(state, bare)
            _, line, steps = HANDLERS[event.kind](setup, state, bare)
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


# ---------------------------------------------------------------- what comes next

def moves(setup: Setup, state: State) -> list[Move]:
    """The legal next events for whoever is to act, each a whole request pre-filled with the
    likely values: the move that carries the round on comes first."""
    where = stage(setup, state)
    if where == OVER:
        return []
    if state.loser_lad is None:
        ask: list[Move] = [{"kind": "loser-lad", "seat": s.id} for s in setup.seats]
        return [{"kind": "throwdown"}, *ask] if where == DEAL else ask
    if where == DEAL:
        return [{"kind": "throwdown"}]
    holder = state.loser_lad
    picks: list[Move] = [{"kind": "pick", "seat": holder, "throwdown": t.number}
                         for t in state.throwdowns if not t.resolved]
    if where == DEPLOY:
        out: list[Move] = []
        n = len(setup.seats)
        if deployment_total(setup, state) is None and state.plays and not state.plays % n:
            out += picks  # a full round of turns: the table may turn to the battles
        seat = next_deployer(setup, state)
        assert seat is not None
        free = [t.number for t in state.throwdowns if not t.squads.get(seat.id)]
        out.append({"kind": "deploy", "seat": seat.id, "throwdown": free[0] if free else 1})
        if not free:
            out.append({"kind": "set-aside", "seat": seat.id})
        return out
    if where == BATTLE:
        c = current(state)
        return _at(setup, c) if c is not None else picks
    return [_regroup_move(setup, state)]


def _at(setup: Setup, t: Throwdown) -> list[Move]:
    """At the Throwdown being resolved: its claims, else its reveals, else its battle."""
    if t.battled:
        left = sorted({x for x in t.loot if t.left()[key(x)] > 0}, key=str.casefold)
        return [{"kind": "claim", "throwdown": t.number, "loot": left[0]}]
    waiting = [s for s in t.squads if t.face_down(s) > 0]
    out = [_reveal_move(t, seat) for seat in waiting]
    out += [{"kind": "misplaced", "throwdown": t.number, "seat": seat}
            for seat in waiting if t.shown(seat)]
    if not waiting:
        fight = _battle_move(setup, t)
        if fight is not None:
            out.append(fight)
    return out


def _reveal_move(t: Throwdown, seat: str) -> Move:
    """A face-down Super turned over: a side its Squad can take, a fresh name, an Action
    Number no one else here has, no attack (so no pick is needed)."""
    sides = [r.values["side"] for r in t.revealed if r.values["owner"] == seat]
    names = {key(r.name) for r in t.revealed}
    number = next(i for i in range(1, len(names) + 2) if f"super {i}" not in names)
    used = {int(r.values["action_number"]) for r in t.revealed}
    action = next((a for a in range(ACTION_MAX + 1) if a not in used), 0)
    return {"kind": "reveal", "throwdown": t.number, "seat": seat, "name": f"Super {number}",
            "side": sides[0] if sides else "hero", "action_number": action, "attack": "none"}


def _battle_move(setup: Setup, t: Throwdown) -> Move | None:
    """The battle with the choices the calculator needs: equal Action Numbers in the order
    entered, and under the one-target reading the first Super each attacker could hit."""
    move: Move = {"kind": "battle", "throwdown": t.number}
    counts: dict[int, int] = {}
    for r in t.revealed:
        counts[int(r.values["action_number"])] = counts.get(int(r.values["action_number"]), 0) + 1
    tied = [r for r in sorted(t.revealed, key=lambda r: (int(r.values["action_number"]),
                                                          int(r.values.get("tie_order") or 0)))
            if counts[int(r.values["action_number"])] > 1]
    if tied:
        move["order"] = ", ".join(r.name for r in tied)
    chosen: dict[str, str] = {}
    for _ in range(len(t.revealed) + 1):
        rows = battle_rows(setup, t.revealed, Event("battle", move))
        try:
            resolve(parse_supers(rows), setup.settings[ATTACK_READING.name],
                    setup.settings[ENDING_ABILITY.name], forgive_gone=True)
            return move
        except InvalidInput as err:
            if not err.field.endswith(".target"):
                return None
            attacker = rows[int(err.field.split(".")[1])]["name"]
            chosen[attacker] = (err.allowed or "").split(", ")[0]
            move["targets"] = ", ".join(f"{a}: {b}" for a, b in chosen.items())
    return None


def _regroup_move(setup: Setup, state: State) -> Move:
    if state.round >= ROUNDS or state.loser_lad is None:
        return {"kind": "regroup"}
    piles = [Pile(s.name, len(state.ko[s.id]), len(state.ko_earlier[s.id])) for s in setup.seats]
    answer = pass_loser_lad(piles, setup.seat(state.loser_lad).name, state.round,
                            setup.settings[KO_PILES.name], "")
    if answer.result["new_holder"] is None:
        return {"kind": "regroup", "holder_picks": answer.result["tied"][0]}
    return {"kind": "regroup"}
