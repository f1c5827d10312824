"""The moves a phone offers as buttons: what one viewer may send now (kernel.allowed_moves),
each with its words and what the table must still check or enter before it is sent.

A move is a whole request body (Tracker.moves), but a game pre-fills some fields with a
stand-in it cannot know (a Villain's Health, a drawn Event token, a number printed on a
board). So each field the board's action asks is tried: if the rules would take another value
there just as well, the rules leave it open and the table enters it (the page shows it empty,
never the stand-in); a value the rules fix (the Throwdown being fought, the only Loot left) is
shown filled in. A move with nothing to check is sent in one tap.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.errors import InvalidInput
from assistant.inputs import Field, Flag, Integer, OneOf, Text, bounds

from .contract import Action, Tracker, Viewer
from .kernel import parse_event, writer


def offers(tracker: Tracker, setup: Any, state: Any, viewer: Viewer,
           names: Mapping[str, str]) -> list[dict[str, Any]]:
    """The moves `viewer` may send now: on the table's view, the table's (its edit token);
    on a seat's own phone, the table's too (marked for the phone that also keeps score) and
    that seat's own (`own`). Each: `body`, `label` (the game's history line of it, or the
    action's name where the table still enters something), `asks` (the fields to show) and
    `enter` (those of them the table must enter: shown empty)."""
    board = tracker.board(setup)
    forms = tracker.event_forms
    found = list(tracker.moves(setup, state))
    out: list[dict[str, Any]] = []
    for move in found:
        try:
            event = parse_event(tracker, move)
            who = writer(tracker, setup, event)
        except InvalidInput:  # a move the form no longer takes is nobody's to offer
            continue
        if who is not None and who != viewer.seat:
            continue
        own = who is not None
        kind = str(move["kind"])
        action = _action(board.actions, move, own or kind in tracker.private_events)
        form = {f.name: f for f in forms.get(kind, ()) if getattr(f, "ask", True)}
        asks = [name for name in (action.asks if action else ()) if name in form]
        offered = _offered(found, move)
        enter = [name for name in asks if name not in offered
                 and _left_open(tracker, setup, state, move, form[name], action)]
        if action is not None and (enter or asks and not any(a in move for a in asks)):
            seat = names.get(str(move.get("seat", "")), "")
            label = f"{seat}: {action.label}" if seat else action.label
        else:
            label = tracker.describe(event, names, viewer)
        secret = _secret_fields(tracker)  # a stand-in there would read like a seat's secret
        body = {k: v for k, v in move.items() if k not in enter or k not in secret}
        item: dict[str, Any] = {"body": body, "label": label, "asks": asks, "enter": enter}
        if own:
            item["own"] = True
        out.append(item)
    return out


def _secret_fields(tracker: Tracker) -> set[str]:
    """The fields a seat's private entries hold (an identity, a plan's requirements), seats
    aside: an offered move leaves them out where the table enters them."""
    return {f.name for kind in tracker.private_events
            for f in tracker.event_forms.get(kind, ())
            if not (isinstance(f, Text) and f.seat) and f.name != "seat"}


def _offered(found: list[Mapping[str, Any]], move: Mapping[str, Any]) -> set[str]:
    """The fields that tell `move` apart from another offered move of its kind and seat (one
    move per Throwdown, per slot): that value is what the move offers, never a stand-in."""
    alike = [m for m in found if m is not move and m.get("kind") == move.get("kind")
             and m.get("seat") == move.get("seat")]
    return {name for m in alike for name in {*m, *move} if m.get(name) != move.get(name)}


def _action(actions: tuple[Action, ...], move: Mapping[str, Any], own: bool) -> Action | None:
    """The board's button or form for the move on this phone: the seat's own for its own
    move, else the table's; of several, the one asking most of what the move holds (a game
    may give a move that needs one board value a form of its own)."""
    kind = move.get("kind")
    mine = [a for a in actions if a.event == kind and a.own_phone == own] \
        or [a for a in actions if a.event == kind]
    return max(mine, key=lambda a: len(set(a.asks) & set(move)), default=None)


def _left_open(tracker: Tracker, setup: Any, state: Any, move: Mapping[str, Any],
               field: Field, action: Action | None) -> bool:
    """Whether the rules would take another value for `field` here just as well: then what
    the move holds is a stand-in, and the table enters its own. Seats, flags and a value the
    form gives by default are the table's choices, shown as filled in."""
    value = move.get(field.name)
    if value is None or isinstance(field, Flag) or (isinstance(field, Text) and field.seat):
        return False
    if value == getattr(field, "default", None):
        return False
    other = _another(field, value, action.leave_out if action else ())
    if other is None:
        return False
    try:
        event = tracker.resolve(setup, state, parse_event(tracker, {**move, field.name: other}))
        tracker.apply(setup, state, event, 0)
    except Exception:  # refused (InvalidInput), or a game's slip: a read never breaks on a try
        return False
    return True


def _another(field: Field, value: Any, leave_out: tuple[str, ...]) -> Any:
    """A value of `field` other than `value`, within its form (None: there is none)."""
    if isinstance(field, Integer) and isinstance(value, int):
        low, high = bounds(field)
        return value + 1 if value < high else value - 1 if value > low else None
    options = field.options if isinstance(field, OneOf) else \
        field.choices if isinstance(field, Text) else ()
    if options:
        return next((o for o in options if o != value and o not in leave_out), None)
    if isinstance(field, Text) and isinstance(value, str):  # "0, 0" → "0, 1"; "Gem" → "Gemx"
        digits = [i for i, c in enumerate(value) if c.isdigit()]
        if digits:
            i = digits[-1]
            return value[:i] + str((int(value[i]) + 1) % 10) + value[i + 1:]
        return value + "x" if len(value) < field.max_length else None
    return None
