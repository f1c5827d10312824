"""Where a round stands: Assemble (deal the Throwdowns, then deploy, Loser Lad first and
clockwise), Battle and Loot one Throwdown at a time in the order the Loser Lad holder picks,
Regroup; and the Super deck and hands as counts (their contents are hidden).
"""
from __future__ import annotations

from assistant.errors import InvalidInput
from assistant.tracker.chain import evolve as replace

from ..settings import CUMULATIVE, KO_PILES
from .state import Seat, Setup, State, Throwdown

DEAL, DEPLOY, BATTLE, REGROUP, OVER = "deal", "deploy", "battle", "regroup", "over"


def full_deck(setup: Setup, state: State) -> int | None:
    """Super cards in the game: as counted during play, else as given at creation."""
    return state.deck if state.deck is not None else setup.super_deck_size


def deck_size(setup: Setup, state: State) -> int | None:
    """The Super deck this round: every Super comes back at Regroup (:68) except, with
    cumulative KO piles, those kept in the piles (derived: a kept pile is not in the deck)."""
    deck = full_deck(setup, state)
    if deck is None:
        return None
    kept = sum(len(v) for v in state.ko_earlier.values()) \
        if setup.settings[KO_PILES.name] == CUMULATIVE else 0
    return max(deck - kept, 0)


def hand_size(setup: Setup, state: State) -> int | None:
    """Deal the deck out evenly, the rest aside (Recruit, :28)."""
    deck = deck_size(setup, state)
    return None if deck is None else deck // len(setup.seats)


def deployment_total(setup: Setup, state: State) -> int | None:
    hand = hand_size(setup, state)
    return None if hand is None else hand * len(setup.seats)


def hands(setup: Setup, state: State) -> dict[str, int | None]:
    """Each seat's Supers still in hand this round (None where the deck size is unknown):
    the even deal less the turns it took (a Super deployed or set aside)."""
    hand = hand_size(setup, state)
    used = {s.id: 0 for s in setup.seats}
    for seat, _ in state.deployments:
        used[seat] += 1
    return {s.id: None if hand is None else max(hand - used[s.id], 0) for s in setup.seats}


def recruit_text(setup: Setup, state: State) -> str:
    deck, hand = deck_size(setup, state), hand_size(setup, state)
    if deck is None or hand is None:
        return ("Super deck size not given: deployment ends when the table turns to the "
                "battles (count the deck to follow each hand).")
    n = len(setup.seats)
    total = full_deck(setup, state) or 0
    kept = total - deck
    whence = (f"{total} Supers less {kept} kept in KO piles (cumulative) = {deck}" if kept
              else f"{deck} Supers")
    return (f"Round {state.round} deal: {whence}; {hand} each to {n} players, "
            f"{deck - hand * n} set aside.")


def deploying(setup: Setup, state: State) -> bool:
    if state.old_rules and any(t.battled for t in state.throwdowns):
        return False
    total = deployment_total(setup, state)
    return state.plays < total if total is not None else not state.deployment_over


def stage(setup: Setup, state: State) -> str:
    """Where the round is: dealing Throwdowns, deploying, battles (with their claims), Regroup."""
    if state.winner or state.over:
        return OVER
    if len(state.throwdowns) < setup.throwdowns:
        return DEAL
    if deploying(setup, state):
        return DEPLOY
    if any(not t.resolved for t in state.throwdowns):
        return BATTLE
    return REGROUP


def current(state: State) -> Throwdown | None:
    """The Throwdown being resolved: picked by the Loser Lad holder (or, in a round stored
    before picks were recorded, revealed), not yet looted."""
    for t in state.throwdowns:
        if not t.resolved and (t.picked or t.battled or t.revealed or t.set_aside):
            return t
    return None


def order(setup: Setup, state: State) -> list[Seat]:
    """The seats from the Loser Lad holder on, clockwise (the deployment order, :38)."""
    ids = [s.id for s in setup.seats]
    start = ids.index(state.loser_lad) if state.loser_lad in ids else 0
    n = len(setup.seats)
    return [setup.seats[(start + i) % n] for i in range(n)]


def next_deployer(setup: Setup, state: State) -> Seat | None:
    if not deploying(setup, state) or state.loser_lad is None:
        return None
    seats = order(setup, state)
    return seats[state.plays % len(seats)]


def to_battles(setup: Setup, state: State) -> State:
    """The state ready for the battles (a pick, a reveal, a battle), or the refusal saying
    which stage the round is in. Without a deck size, the first step to the battles ends
    deployment (allowed after a full round of turns)."""
    where = stage(setup, state)
    if state.old_rules and where in (DEAL, DEPLOY):
        return old_to_battles(setup, state)
    if where == DEAL:
        raise InvalidInput("kind", f"Deal all {setup.throwdowns} Throwdowns and deploy first "
                           "(Assemble comes before Battle).", "throwdown", rule="assemble")
    if where != DEPLOY:
        return state
    total = deployment_total(setup, state)
    nxt = next_deployer(setup, state)
    if nxt is None:
        raise InvalidInput("kind", "Nobody has deployed a Super this round, and who holds "
                           "Loser Lad (who deploys first) is not recorded yet.", "loser-lad",
                           rule="setup-loser-lad")
    if total is not None:
        raise InvalidInput("kind", f"Deployment is not over: {nxt.name} still has a Super to "
                           f"play ({state.plays} of {total} turns taken; every hand is emptied "
                           "first). Deployed Supers stay face down until their Throwdown's "
                           "battle.", "deploy", rule="deployment-end")
    n = len(setup.seats)
    if state.plays == 0:
        raise InvalidInput("kind", "Nobody has deployed a Super this round: deployment comes "
                           "before the battles.", "deploy", rule="deployment")
    if state.plays % n:
        waiting = [s.name for s in order(setup, state)[state.plays % n:]]
        raise InvalidInput("kind", "Hands are dealt evenly, so deployment ends only after a "
                           f"full round of turns: {', '.join(waiting)} still to play.",
                           "deploy", rule="recruit")
    return replace(state, deployment_over=True)


def old_to_battles(setup: Setup, state: State) -> State:
    """A round stored before the stages were known: only a known deck's deployment waited."""
    total = deployment_total(setup, state)
    nxt = next_deployer(setup, state)
    if total is not None and nxt is not None:
        raise InvalidInput("kind", f"Deployment is not over: {nxt.name} still has a Super to "
                           "play.", "deploy", rule="deployment-end")
    return state


def one_at_a_time(state: State, t: Throwdown, fight: bool = False) -> None:
    """Only the Throwdown being resolved is revealed, fought and looted (Battle step 1,
    Loot step 4); InvalidInput naming it otherwise."""
    if state.old_rules:  # a stored round: only a battle waited, for the claims before it
        open_claims = [x.number for x in state.throwdowns
                       if x.battled and not x.resolved and x.number != t.number]
        if fight and open_claims:
            raise InvalidInput("kind", f"Finish the Loot claims at Throwdown {open_claims[0]} "
                               "first.", "claim", rule="loot-return")
        return
    c = current(state)
    if c is not None and c.number != t.number:
        doing = "its Loot claims" if c.battled else "its battle"
        raise InvalidInput("throwdown", f"Throwdown {c.number} is being resolved: finish "
                           f"{doing} first. The Loser Lad holder picks one Throwdown at a time.",
                           str(c.number), rule="battle-reveal")


def unpicked(state: State) -> list[int]:
    """Throwdowns of this round still waiting for the holder's pick."""
    return [t.number for t in state.throwdowns if not t.resolved and not t.picked]
