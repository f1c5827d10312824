"""One line per event for the history list, in player words. An event the session worked
out carries its outcome (`working`, written when it was recorded); the rest are said from
their own fields, a hand-set value marked "(correction)"."""
from __future__ import annotations

from collections.abc import Mapping

from assistant.tracker import Event, seat_name

from ..tables import DESTROYER_REMOVAL
from .forms import CORRECTIONS
from .state import ZONE_NAMES


def describe(event: Event, names: Mapping[str, str]) -> str:
    text = _line(event, names)
    text = text[:1].upper() + text[1:]
    if event.kind in CORRECTIONS and not (event.kind == "assault" and event.get("roll")):
        return "(correction) " + text
    return text


def _line(event: Event, names: Mapping[str, str]) -> str:
    who = seat_name(names, event.get("seat"))
    kind = event.kind
    if event.get("working"):
        return str(event["working"])
    if kind == "resources":
        parts = [f"{event[k]} {k}" for k in ("credits", "influence", "crew")
                 if event.get(k) is not None]
        return f"{who}'s resources set by hand: {', '.join(parts)}"
    if kind == "vp":
        why = f" ({event['reason']})" if event.get("reason") else ""
        amount = int(event["amount"])
        return (f"{who} receives {amount} VP{why}" if amount >= 0
                else f"{who} loses {-amount} VP{why}")
    if kind in ("bases", "fortified"):
        parts = [f"{event[z]} {z.upper()}" for z in ZONE_NAMES if event.get(z) is not None]
        what = "bases" if kind == "bases" else "fortified bases"
        return f"{who}'s {what} set by hand: {', '.join(parts)}"
    if kind in ("tech", "assault-level"):
        return f"{who}'s {'tech' if kind == 'tech' else 'assault'} level set to {event['to']}"
    if kind == "holdings":
        parts = [f"{k.replace('_', ' ')} {event[k]}" for k in event
                 if k != "seat" and event.get(k) is not None]
        return f"{who}'s holdings set by hand: {', '.join(parts)}"
    if kind == "deck":
        parts = [f"{k.replace('_', ' ')} {event[k]}" for k in event if event.get(k) is not None]
        return "Operation deck and bonus chips set by hand: " + ", ".join(parts)
    if kind == "buy-level":
        return f"{who} buys a level on the {event['track']} ladder of the Black Market"
    if kind == "take-back":
        return f"{who} takes a marker back from the {event['track']} ladder (one a round)"
    if kind == "pay-destroyer":
        return (f"{who} pays {DESTROYER_REMOVAL} influence: the Destroyer leaves their base for "
                "the alert track")
    if kind == "alert":
        return f"Alert set to {event['to']}"
    if kind == "failed-mission":
        where = f" on {event['territory']}" if event.get("territory") else ""
        return f"A mission failed{where}: the alert rises by 1 unless at its maximum"
    if kind == "assault":
        return f"{who or 'A player'} assaulted: the alert rises by 1 unless at its maximum"
    if kind == "destroyer":
        return (f"The Destroyer placed on {event['territory']}" if event.get("territory")
                else "The Destroyer taken off the board")
    if kind == "round":
        return f"Round set to {event['to']}"
    if kind == "star-drawn":
        return (f"The star card (Beginning of the End) came up in round {event['round']}: round "
                f"{int(event['round']) + 1} is the last")
    if kind == "last-round":
        return f"Last round set to {event['to']}"
    if kind == "table-values":
        parts = [f"{k.replace('_', ' ')} {event[k]}" for k in
                 ("orange_from", "red_from", "black_market_prices") if event.get(k)]
        return "Table values entered" + (f": {', '.join(parts)}" if parts else "")
    if kind == "mat":
        return (f"{who}'s racketeering income each round: {event['racket_credits']} credits, "
                f"{event['racket_influence']} influence, {event['racket_crew']} crew")
    if kind == "phantom-bases":
        return (f"The Phantom holds {event['count']} bases ({event.get('fortified', 0)} "
                "fortified)")
    if kind == "collect":
        return f"{who} collects income (Resource Collection)"
    if kind == "trade":
        return f"{who} trades with {seat_name(names, event.get('partner'))}"
    if kind == "note":
        return f"Note: {event.get('text', '')}"
    return f"{kind.replace('-', ' ').capitalize()}" + (f": {who}" if who else "")
