"""All Part of the Master Plan at the table: what each viewer sees (history lines, the state,
the board). A Master Plan shows only on its owner's own phone; deployed Supers are counts
until they are revealed, and hands are counts (their contents are their owners')."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.tracker import NOTE, Action, Board, Event, Show, Viewer, seat_name

from .. import abilities
from ..book import ROUNDS
from ..common import bag
from .forms import WORKED
from .rounds import (
    BATTLE,
    DEAL,
    DEPLOY,
    REGROUP,
    current,
    deck_size,
    deployment_total,
    hand_size,
    hands,
    next_deployer,
    recruit_text,
    stage,
    unpicked,
)
from .state import Setup, State, plan_missing

CORRECTED = "(correction)"


# ---------------------------------------------------------------- views

def describe(event: Event, names: Mapping[str, str], hidden: bool) -> str:
    """One line for the history; `hidden`: a plan the viewer may not read (not its seat's)."""
    who = seat_name(names, event.get("seat"))
    k = event.kind
    if k in WORKED and event.get("result"):
        return str(event["result"])
    if k == "plan":
        if hidden:
            return f"{who} entered their Master Plan (kept on their phone)"
        return f"Your Master Plan: {event['requirements']}"
    if k == "declare-win" and event.get("requirements"):
        if event.get("own_phone"):
            return f"{who} reveals their Master Plan ({event['requirements']}) and wins"
        return (f"The table records {who}'s Master Plan card as shown "
                f"({event['requirements']}): an instant win")
    if k == "loser-lad":
        return f"{who} holds Loser Lad"
    if k == "super-deck":
        return f"Super deck counted: {event['size']} cards"
    if k == "pick":
        return (f"{who} (Loser Lad) picks Throwdown {event['throwdown']} to reveal and fight "
                "next")
    if k == "throwdown":
        return f"Throwdown dealt with {event.get('loot') or 'no Loot'}"
    if k == "deploy":
        return f"{who} deploys a Super face down to Throwdown {event['throwdown']}"
    if k == "set-aside":
        return (f"{who} has no legal Throwdown for a Super (a Squad everywhere, of the other "
                "side): it is set aside for the round and the turn passes (derived reading)")
    if k == "reveal":
        return (f"Throwdown {event['throwdown']}: {who} reveals {event['name']} "
                f"({event['side']}, {event['action_number']})")
    if k == "misplaced":
        return (f"Throwdown {event['throwdown']}: {who}'s face-down Super cannot join "
                f"{who}'s Squad there (a Squad never mixes Heroes and Villains): set aside, "
                "it takes no part (derived reading)")
    if k == "battle":
        return f"Battle at Throwdown {event['throwdown']}"
    if k == "claim":
        return f"Throwdown {event['throwdown']}: the next claimer takes {event['loot']}"
    if k == "declare-win":
        return f"{who} reveals a completed Master Plan and wins"
    if k == "regroup":
        pick = event.get("holder_picks")
        return "Regroup" + (f" (Loser Lad to {seat_name(names, pick)})" if pick else "")
    if k == "correct":
        parts = ([f"{who}'s Loot is now {event['loot']}"] if event.get("loot") is not None
                 else []) + ([f"{who}'s KO pile this round is now {event['ko']}"]
                             if event.get("ko") is not None else [])
        return f"{'; '.join(parts)} {CORRECTED}"
    return f"Note: {event['text']}"


def _plan_text(seat: str, state: State) -> str:
    """The public line about a seat's plan: whether it was entered, never what it says."""
    if seat not in state.plans:
        return "Master Plan: not entered"
    if seat in state.plans_after_loot:
        return ("Master Plan: entered while holding Loot (check the card at the reveal)")
    return "Master Plan: entered"


def state_json(setup: Setup, state: State, viewer: Viewer) -> dict[str, Any]:
    names = {s.id: s.name for s in setup.seats}
    nxt = next_deployer(setup, state)
    held = hands(setup, state)
    seats = []
    for s in setup.seats:
        loot = list(state.loot[s.id])
        ko = list(state.ko[s.id])
        types = len(bag(loot))
        row: dict[str, Any] = {
            "id": s.id, "name": s.name, "rarity": s.rarity, "loot": loot, "loot_types": types,
            "ko": ko, "ko_count": len(ko), "ko_earlier_count": len(state.ko_earlier[s.id]),
            "plan_entered": s.id in state.plans,
            "plan_after_loot": s.id in state.plans_after_loot,
            "plan_text": _plan_text(s.id, state),
            "loot_text": f"Loot: {', '.join(loot) or 'none'} ({types} types)",
            "ko_text": f"KO pile: {len(ko)}" + (f" (earlier rounds {len(state.ko_earlier[s.id])})"
                                                if state.ko_earlier[s.id] else ""),
            "marks": sum(1 for t in state.throwdowns if t.squads.get(s.id)),
            "hand": held[s.id],
            "hand_text": "Hand: not counted (count the Super deck)" if held[s.id] is None
            else f"Hand: {held[s.id]} Super{'' if held[s.id] == 1 else 's'}",
        }
        if viewer.seat == s.id and state.plans.get(s.id):
            plan = state.plans[s.id]
            missing = plan_missing(plan, loot)
            complete = not missing and state.winner is None and not state.over
            row.update(plan=list(plan), plan_missing=missing, plan_complete=not missing,
                       declare_now=complete,
                       plan_text=f"Your Master Plan (only this phone): {', '.join(plan)}; "
                       + (f"missing {', '.join(missing)}" if missing else
                          "complete: declare your win now (it is immediate)" if complete
                          else "complete"))
        elif viewer.seat == s.id and s.id in state.plans:
            row.update(plan_text="Your Master Plan was entered before this copy of the game "
                       "was imported: enter it again on this phone.")
        seats.append(row)
    c = current(state)
    out: dict[str, Any] = {
        "round": state.round, "rounds": ROUNDS, "loser_lad": state.loser_lad,
        "stage": stage(setup, state), "stage_text": _stage_text(setup, state),
        "throwdowns_per_round": setup.throwdowns, "deck_size": deck_size(setup, state),
        "hand_size": hand_size(setup, state), "recruit": recruit_text(setup, state),
        "settings": dict(setup.settings),
        "throwdowns": [t.to_json(names) for t in state.throwdowns],
        "current_throwdown": None if c is None else c.number,
        "deployed": state.plays, "deployments_total": deployment_total(setup, state),
        "next_deployer": None if nxt is None else nxt.id,
        "to_pick": unpicked(state) if stage(setup, state) == BATTLE and c is None else [],
        "seats": seats, "winner": state.winner,
        "revealed_plan": list(state.revealed_plan) if state.winner else None,
        "over": state.over or state.winner is not None, "notes": list(state.notes),
        "regroups": list(state.regroups),
    }
    return out


def _stage_text(setup: Setup, state: State) -> str:
    where = stage(setup, state)
    if where == DEAL:
        return (f"Round {state.round}, Assemble: deal Throwdown {len(state.throwdowns) + 1} of "
                f"{setup.throwdowns} with its Loot.")
    if state.loser_lad is None and where in (DEPLOY, BATTLE, REGROUP):
        return (f"Round {state.round}: who holds Loser Lad? The most recent loser starts with "
                "him, deploys first and picks the Throwdowns.")
    if where == DEPLOY:
        nxt = next_deployer(setup, state)
        total = deployment_total(setup, state)
        of = f" of {total}" if total is not None else ""
        text = (f"Round {state.round}, deployment: turn {state.plays + 1}{of}, "
                f"{nxt.name if nxt else ''} plays a Super face down.")
        if total is None and state.plays and not state.plays % len(setup.seats):
            text += (" Once every hand is empty, the Loser Lad holder picks the first Throwdown "
                     "instead.")
        return text
    if where == BATTLE:
        c = current(state)
        holder = setup.seat(state.loser_lad).name if state.loser_lad else "the holder"
        if c is None:
            return f"Round {state.round}, Battle: {holder} (Loser Lad) picks the next Throwdown."
        claimer = c.next_claimer()
        if claimer is not None:
            return (f"Round {state.round}, Loot at Throwdown {c.number}: {claimer[0]} "
                    f"({setup.seat(claimer[1]).name}) claims next.")
        return (f"Round {state.round}, Battle at Throwdown {c.number} ({holder}'s pick): "
                "reveal, then fight.")
    if where == REGROUP:
        return f"Round {state.round} is done: Regroup."
    return "The game is over."


def board(setup: Setup) -> Board:
    return Board(
        shows=(Show("stage_text", "Now"), Show("round", "Round"),
               Show("loser_lad", "Loser Lad", seat_name=True),
               Show("next_deployer", "Next to deploy", seat_name=True),
               Show("winner", "Instant win", seat_name=True)),
        actions=(Action("loser-lad", "Holds Loser Lad", per_seat=True, unless="over",
                        confirm="holds Loser Lad (at the start: the most recent loser)?"),
                 Action("throwdown", "Deal a Throwdown", asks=("loot",), unless="over"),
                 Action("deploy", "Deploy", per_seat=True, asks=("throwdown",), unless="over"),
                 Action("set-aside", "No legal Throwdown: set a Super aside", per_seat=True,
                        confirm="has a Squad at every Throwdown, none of this Super's side?",
                        unless="over"),
                 Action("pick", "Pick the next Throwdown (Loser Lad)", per_seat=True,
                        asks=("throwdown",), unless="over"),
                 Action("reveal", "Reveal a Super", per_seat=True, unless="over",
                        asks=("throwdown", "name", "side", "action_number", "attack",
                              "defends_magic", "defends_force", "defends_psychic",
                              "tie_order", "ability", "ability_knocks_out", "ability_returns",
                              abilities.FIELD)),
                 Action("misplaced", "Set aside a misplaced Super", per_seat=True,
                        asks=("throwdown",), unless="over"),
                 Action("battle", "Fight", asks=("throwdown", "order", "targets"),
                        unless="over"),
                 Action("claim", "Claim Loot", asks=("throwdown", "loot"), unless="over"),
                 Action("plan", "Enter my Master Plan", per_seat=True, asks=("requirements",),
                        unless="over", own_phone=True),
                 Action("declare-win", "Declare my instant win", per_seat=True,
                        confirm="reveals their completed Master Plan to the table and wins, "
                        "ending the game for good (no undo)?", unless="over", own_phone=True,
                        reveals="plan"),
                 Action("declare-win", "Record a revealed Master Plan card", per_seat=True,
                        asks=("requirements",), confirm="reveals a completed Master Plan?",
                        unless="over"),
                 Action("regroup", "Regroup", asks=("holder_picks",), unless="over",
                        confirm="ends the round?"),
                 Action("super-deck", "Count the Super deck", asks=("size",), unless="over"),
                 Action("correct", "Correct Loot or KO pile by hand", per_seat=True,
                        asks=("loot", "ko"), unless="over"),
                 NOTE),
        seat_lines=("hand_text", "loot_text", "ko_text", "plan_text"),
        secret_lines=("plan_text",))
