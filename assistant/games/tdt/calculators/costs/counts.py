"""What every Scheming cost calculator shares: provenance shorthands and a range check."""
from __future__ import annotations

from assistant.errors import InvalidInput
from assistant.explain import Provenance

DERIVED = Provenance.DERIVED
UNKNOWN = Provenance.UNKNOWN


def check_count(name: str, value: int, low: int = 0, high: int | None = None) -> None:
    """Range check for callers that bypass the form (the tracker calls us directly)."""
    if value < low or (high is not None and value > high):
        allowed = f"{low}-{high}" if high is not None else f"{low} or more"
        raise InvalidInput(name, f"{name} must be {allowed}; got {value}.", allowed)
