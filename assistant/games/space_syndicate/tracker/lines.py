"""One line per event for the history list, in player words. An event the session worked
out carries its outcome (`working`, written when it was recorded); the rest are said from
their own fields, a hand-set value marked "(correction)"."""
from __future__ import annotations

from collections.abc import Mapping

from assistant.explain import plural
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
    return _play_line(event, names, who)


def _play_line(event: Event, names: Mapping[str, str], who: str) -> str:
    """A play as sent, before the session has worked out its outcome (a move offered as a
    button says what it will record)."""
    kind = event.kind
    zone = str(event.get("zone") or "exo").upper()
    target = seat_name(names, event.get("target")) or "another player"
    if kind == "mission":
        where = f" on {event['territory']}" if event.get("territory") else f" ({zone})"
        return f"{who} attempts a mission{where}, rolling {event.get('roll')}"
    if kind == "robbery":
        return f"{who} robs {target}'s {zone} base, rolling {event.get('roll')}"
    if kind == "assault":
        more = int(event.get("reinforcements") or 0)
        return (f"{who} assaults {target}'s {zone} base with "
                f"{plural(more, 'reinforcement', 'reinforcements')}, rolling "
                f"{event.get('roll')}")
    if kind in ("buy-base", "fortify-base"):
        verb = "buys" if kind == "buy-base" else "fortifies"
        return f"{who} {verb} {'an' if zone[0] in 'AEIOU' else 'a'} {zone} base"
    if kind == "exchange":
        return (f"{who} exchanges {event.get('give') or 'credits'} for {event.get('amount', 1)} "
                f"{event.get('get')}")
    if kind == "sell-card":
        what = "credit" if event.get("resource") == "credits" else event.get("resource")
        return f"{who} sells an Operation card for 1 {what}"
    if kind == "sleeper":
        action = event.get("action") or "activate"
        return {"activate": f"{who} activates a sleeper",
                "replace": f"{who} burns their sleeper for a new one",
                "play": f"{who} plays their sleeper"}.get(str(action), f"{who}'s sleeper")
    if kind == "bonus-chip":
        return f"{who} plays a bonus chip"
    if kind == "research":
        track = event.get("track")
        if (event.get("action") or "marker") == "marker":
            return f"{who} adds a research marker ({track} research)"
        return f"{who} turns full research into a {track} level"
    if kind == "sovereign-card":
        what = "the star card" if event.get("star") else {
            "tax": "a Tax card", "crackdown": "a crackdown"}.get(str(event.get("card")),
                                                                "the Sovereign card")
        return f"Draw {what}"
    if kind == "pardon":
        return f"{who} buys a pardon"
    if kind == "tax":
        per = f" ({event['per_base']} a base)" if event.get("per_base") else ""
        return f"{who} pays the tax{per}"
    if kind == "sovereign-effect":
        return f"The Sovereign card is resolved for {who}"
    if kind == "card-resolved":
        return "The Sovereign card touches nobody else"
    if kind == "end-turn":
        return "End the turn"
    if kind == "end-round":
        return "End the round"
    if kind == "phantom-fortify":
        return "The Phantom fortifies one of its bases"
    return f"{kind.replace('-', ' ').capitalize()}" + (f": {who}" if who else "")
