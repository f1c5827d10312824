"""Who may trade right now: everyone but the player whose turn it is (during the Phantom's turn,
both real players). Rulebook: Trading (syndicate.txt:649-655); the Phantom (syndicate.txt:688);
Extended Turn (syndicate.txt:665).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step
from assistant.games import Operation
from assistant.inputs import Text

from ..tables import MAX_PLAYERS


def trading(data: Mapping[str, Any]) -> Explained:
    seats = [s.strip() for s in str(data.get("seats") or "").split(",") if s.strip()]
    if len(seats) < 2 or len(seats) > MAX_PLAYERS + 1:
        raise InvalidInput("seats", "List the players in clockwise order, comma-separated.",
                           f"2 to {MAX_PLAYERS} names (plus Phantom)")
    by_key = {s.casefold(): s for s in seats}
    if len(by_key) != len(seats):
        raise InvalidInput("seats", "A name appears twice.", "different names")
    active = str(data.get("active") or "").strip()
    if active.casefold() not in by_key:
        raise InvalidInput("active", f"{active!r} is not at the table.", ", ".join(seats))
    active = by_key[active.casefold()]
    others = [s for s in seats if s != active and s.casefold() != "phantom"]
    # Trades are between players who are not taking their turn (syndicate.txt:651); the
    # Phantom takes no action but its own (syndicate.txt:691), so it is no partner.
    traders = others if len(others) >= 2 else []
    steps = [Step(f"It is {active}'s turn: {active} may not trade.", None, "trading")]
    if traders:
        steps.append(Step(f"Everyone else may trade with each other: {', '.join(traders)}. "
                          "Anything goes, promises included, and nothing is enforced.",
                          len(traders), "trading"))
    else:
        alone = others[0] if others else "nobody"
        steps.append(Step(f"Nobody can trade now: {alone} has no partner, since only players "
                          "who are not taking their turn trade with each other, and the "
                          "Phantom never trades.", 0, "trading"))
    if active.casefold() == "phantom":
        steps.append(Step("During the Phantom's turn both real players may trade, as in a "
                          "third player's turn.", None, "phantom-variant"))
    nxt = seats[(seats.index(active) + 1) % len(seats)]
    steps.append(Step(f"When {active} passes, {nxt} is the active player and stops trading "
                      "until their turn ends.", None, "trading"))
    return Explained({"active": active, "may_trade": traders, "next": nxt}, tuple(steps),
                     f"{active} is playing; "
                     + (f"{', '.join(traders)} may trade." if traders else "nobody can trade."))


FORM = (
    Text("seats", "Players in clockwise order, comma-separated (add Phantom if in play)",
         200, required=True),
    Text("active", "Whose turn it is", required=True),
)

OPERATIONS: tuple[Operation, ...] = (
    Operation(
        slug="trading",
        title="Who may trade now",
        summary="Everyone except the active player may trade with each other.",
        form=FORM,
        run=trading,
        example={"seats": "Blue, Red, Green, Yellow", "active": "Blue"},
        rules=("trading", "phantom-variant"),
    ),
)
