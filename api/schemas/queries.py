"""The query parameters of the reads that take any (XIn, as the bodies' schemas): each bound
here is enforced by `@arguments` (api/arguments.py) and stated in /openapi.json."""
from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from assistant.sheets import PAPERS

MAX_EVENTS_PAGE = 500
"""Most events one page of a session's history answers."""
MAX_VERSION = 999_999_999


class WholeNumber(fields.Integer):
    """A whole number written in ASCII digits (no sign, no other script's digits)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        text = str(value)
        if not (text.isascii() and text.isdigit() and len(text) <= 9):
            raise ValidationError("Not a valid whole number: send digits 0-9.")
        return int(text)


def _whole(low: int, high: int, description: str, default: int | None = None
           ) -> fields.Integer:
    extra: dict[str, Any] = {} if default is None else {"load_default": default}
    return WholeNumber(validate=validate.Range(min=low, max=high),
                       metadata={"description": description}, **extra)


LIMIT_DOC = "How many results at most (1 to 50)."


class RulesListIn(Schema):
    q = fields.String(validate=validate.Length(max=120), metadata={
        "description": "Words to look for; one or two typos are forgiven. Without it: every "
                       "entry."})
    limit = _whole(1, 50, LIMIT_DOC, 10)


class RulesSearchIn(Schema):
    q = fields.String(required=True, validate=validate.Length(max=120), metadata={
        "description": "Words to look for; one or two typos are forgiven.", "example": "vp"})
    limit = _whole(1, 50, LIMIT_DOC, 10)


class EventsPageIn(Schema):
    after = _whole(0, MAX_VERSION, "Only events after this one (its seq).", 0)
    limit = _whole(0, MAX_EVENTS_PAGE, f"How many events at most (0 to {MAX_EVENTS_PAGE}).",
                   MAX_EVENTS_PAGE)


class PlayIn(Schema):
    format = fields.String(load_default="json", validate=validate.OneOf(("json", "csv")),
                           metadata={"description": "json, or csv: one row per seat."})
    tz = fields.String(load_default="UTC", validate=validate.Length(min=1, max=64), metadata={
        "description": "The time zone of playDate (IANA name).", "example": "Europe/Paris"})


class PaperIn(Schema):
    paper = fields.String(load_default=PAPERS[0], validate=validate.OneOf(PAPERS),
                          metadata={"description": "Paper size."})


class SeatQueryIn(Schema):
    seat = fields.String(validate=validate.Length(min=1, max=60),
                         metadata={"description": "A seat's id (edit token only)."})
