"""The referee: what `apply` checks and does for each event kind (the phases' own modules do
the work), the checks a new request is held to beyond what a stored session was (`admit`),
and what the rules allow now (`moves`), the move that carries the game on first.

Rulebook: the round (syndicate.txt:415-487); Phase 1's actions (491-621); Phase 2 (460-473,
627-645); Phase 3 (475-487, 579-605); trading (649-655); the Phantom (667-691).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from assistant.errors import InvalidInput
from assistant.tracker import Event

from .actions import (
    assault,
    buy_base,
    buy_level,
    exchange,
    fortify_base,
    mission,
    phantom_fortify,
    robbery,
    sell_card,
)
from .cards import bonus_chip, sleeper
from .collection import (
    collect,
    collect_check,
    end_round,
    end_round_check,
    take_back,
    take_back_check,
)
from .corrections import (
    alert_correction,
    room_check,
    round_room,
    seat_correction,
    table_correction,
)
from .moves import collection_moves, resolution_moves, sovereign_draw_moves, turn_moves
from .research import research
from .sovereign import (
    pardon,
    pay_destroyer,
    pay_destroyer_check,
    resolve_rest,
    sovereign_card,
    sovereign_effect,
    tax,
)
from .state import (
    OVER,
    PHANTOM,
    SOVEREIGN,
    SessionSetup,
    State,
    card_resolved,
)
from .trade import trade
from .turn import Played, end_turn, own_turn, refuse, seat_at

Play = Callable[[SessionSetup, State, Event], Played]
PLAYS: Mapping[str, Play] = {
    "end-turn": lambda su, st, ev: end_turn(su, st),
    "mission": mission, "robbery": robbery, "buy-base": buy_base,
    "fortify-base": fortify_base, "buy-level": buy_level, "exchange": exchange,
    "sell-card": sell_card, "phantom-fortify": phantom_fortify, "sleeper": sleeper,
    "bonus-chip": bonus_chip, "trade": trade, "research": research,
    "sovereign-card": sovereign_card, "pardon": pardon, "tax": tax,
    "sovereign-effect": sovereign_effect, "card-resolved": resolve_rest,
    "pay-destroyer": pay_destroyer, "collect": collect, "take-back": take_back,
    "end-round": lambda su, st, ev: end_round(su, st),
    "failed-mission": alert_correction,
    **dict.fromkeys(("resources", "vp", "bases", "fortified", "tech", "assault-level", "mat",
                     "holdings"), seat_correction),
    **dict.fromkeys(("alert", "destroyer", "round", "star-drawn", "last-round",
                     "table-values", "phantom-bases", "deck", "note"), table_correction),
}
"""Every kind but `assault`, which is played with its roll and a correction without one."""
RULES: Mapping[str, str] = {
    "end-turn": "player-turn", "mission": "missions", "robbery": "robberies",
    "assault": "assaults", "buy-base": "buying-bases", "fortify-base": "fortifying",
    "buy-level": "black-market", "exchange": "exchange", "sell-card": "selling-cards",
    "phantom-fortify": "phantom-turn", "sleeper": "sleepers", "bonus-chip": "bonus-chips",
    "trade": "trading", "research": "research", "sovereign-card": "sovereign-card-phase",
    "pardon": "pardon", "tax": "taxes", "sovereign-effect": "sovereign-card-phase",
    "card-resolved": "sovereign-card-phase", "pay-destroyer": "sovereign-blockade",
    "collect": "resource-collection", "take-back": "black-market",
    "end-round": "resource-collection", "failed-mission": "alert-level",
    "resources": "setup-player-mat", "vp": "final-score", "bases": "zones",
    "fortified": "fortifying", "tech": "tech-level", "assault-level": "assault-level",
    "mat": "racketeering-income", "holdings": "operation-card", "alert": "alert-level",
    "destroyer": "sovereign-blockade", "round": "game-length",
    "star-drawn": "setup-sovereign-deck", "last-round": "end-of-game",
    "table-values": "alert-bands", "phantom-bases": "phantom-variant",
    "deck": "operation-card", "note": "objective",
}
"""The rule entry each kind applies first: a refusal that names no narrower one names it."""
SPENDS = frozenset({"mission", "robbery", "assault", "buy-base", "fortify-base", "exchange",
                    "sell-card", "pardon", "tax", "collect", "pay-destroyer", "buy-level",
                    "bonus-chip"})
"""Kinds that spend or gain the seat's own credits, influence or crew (a robbery its
victim's too; trades and a Sovereign card's losses check their own sides)."""


def applied(setup: SessionSetup, state: State, event: Event) -> Played:
    """The state after `event`, and its outcome in words where the session worked it out."""
    kind = event.kind
    try:
        if state.phase == OVER and kind != "note":
            raise refuse("kind", f"Round {state.round}, the last, is over.",
                         rule="end-of-game")
        if kind in SPENDS and _spends(event):
            _resources_entered(setup, state, event)
        if kind == "assault":
            if event.get("roll") is None:
                return alert_correction(setup, state, event)
            return assault(setup, state, event)
        return PLAYS[kind](setup, state, event)
    except InvalidInput as err:
        if err.rule is not None:
            raise
        raise InvalidInput(err.field, err.detail, err.allowed,
                           rule=RULES.get(kind, "round-structure")) from None


def _spends(event: Event) -> bool:
    if event.kind == "assault":
        return event.get("roll") is not None and str(event.get("seat") or "").casefold() \
            != PHANTOM
    if event.kind == "bonus-chip":
        return any(event.get(k) for k in ("credits", "influence", "crew"))
    return True


def _resources_entered(setup: SessionSetup, state: State, event: Event) -> None:
    """A move that spends or gains credits, influence or crew needs the seat's own (and a
    robbed seat's): their starting amounts are printed on the syndicate's mat
    (syndicate.txt:345) and the table enters them with Resources when first needed."""
    fields = ("seat", "target") if event.kind == "robbery" else ("seat",)
    for field in fields:
        raw = event.get(field)
        if not raw or str(raw).casefold() == PHANTOM:
            continue
        i = seat_at(setup, raw, field, RULES[event.kind])
        if not state.seats[i].resources_known:
            name = setup.seats[i].name
            raise refuse(field, f"{name}'s starting credits, influence and crew are not "
                         "entered yet: they are printed on the syndicate's mat. Enter the "
                         f"three with Resources for {name} first, then this move.",
                         "a seat whose resources are entered", rule="setup-player-mat")


def admit(setup: SessionSetup, state: State, event: Event) -> None:
    """Rules a request is held to that sessions stored before the referee were not: those
    still fold as they were recorded (History.extend applies without resolving), while a new
    request, or an import, is refused."""
    kind = event.kind
    if kind == "round":
        round_room(state, int(event["to"]))
    elif kind == "bases":
        room_check(setup, state, event)
    elif kind == "collect":
        collect_check(setup, state, seat_at(setup, event["seat"], "seat",
                                            "resource-collection"))
    elif kind == "pay-destroyer":
        pay_destroyer_check(setup, state, seat_at(setup, event["seat"], "seat",
                                                  "sovereign-blockade"))
    elif kind in ("mission", "robbery", "sell-card"):
        i = seat_at(setup, event["seat"], "seat", RULES[kind])
        if state.seats[i].hand < 1:
            raise refuse("seat", f"{setup.seats[i].name} holds no Operation card: "
                         + ("a mission is played from the hand." if kind != "sell-card"
                            else "there is nothing to sell."),
                         "a card in hand (the holdings correction sets the count)",
                         rule="operation-card")
    elif kind == "buy-level":
        own_turn(setup, state, seat_at(setup, event["seat"], "seat", "black-market"), "track")
    elif kind == "take-back":
        take_back_check(setup, state)
    elif kind == "end-round":
        end_round_check(setup, state)


def moves(setup: SessionSetup, state: State) -> list[dict[str, Any]]:
    """What the rules allow now, as complete events; the one that carries the game on first,
    so a table that always takes it reaches the end of the game."""
    if state.phase == OVER:
        return []
    if state.phase == SOVEREIGN and not state.card_drawn:
        return sovereign_draw_moves(setup, state)
    if state.phase == SOVEREIGN and not card_resolved(setup, state):
        return resolution_moves(setup, state)
    if state.phase == SOVEREIGN or state.phase != "turns":
        return collection_moves(setup, state)
    return turn_moves(setup, state)
