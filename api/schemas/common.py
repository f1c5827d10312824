"""Output schemas shared by several resources (documentation of what the API returns)."""
from __future__ import annotations

from marshmallow import Schema, fields


class StepOut(Schema):
    text = fields.String(metadata={"description": "One step of the working, in our own words."})
    value = fields.Raw(allow_none=True, metadata={"description": "The number it contributes."})
    rule = fields.String(allow_none=True, metadata={"description": "Rule entry id applied."})
    provenance = fields.String(metadata={"description": "rulebook | derived | community | "
                                                        "house | unknown"})
    note = fields.String(metadata={"description": "Reasoning for a derived or unknown fact."})
    sources = fields.List(fields.String(), metadata={
        "description": "Where in our copy of the rulebook the step's words come from (file "
                       "and lines), for people who check; players read `text` and `note`."})


class ExplainedOut(Schema):
    result = fields.Dict(metadata={"description": "The answer, as data."})
    steps = fields.List(fields.Nested(StepOut), metadata={"description": "How it was worked out."})
    summary = fields.String(metadata={"description": "Plain text to paste into a group chat."})
    links = fields.Dict(metadata={"description": "Rule entries this answer relies on."})


class RuleNamedOut(Schema):
    id = fields.String(metadata={"description": "The rule entry's id."})
    title = fields.String(metadata={"description": "Its title, as the rule page heads it."})
    href = fields.String(metadata={"description": "The entry in the API."})
    page = fields.String(metadata={"description": "The entry's page, for a phone."})


class ProblemOut(Schema):
    type = fields.String()
    title = fields.String()
    status = fields.Integer()
    detail = fields.String()
    instance = fields.String()
    errors = fields.Dict(keys=fields.String(), values=fields.List(fields.String()))
    suggestions = fields.List(fields.String())
    current_version = fields.Integer(metadata={"description": "412: the session's version now."})
    retry_after = fields.Integer(metadata={"description": "429: seconds to wait."})
    limit = fields.Integer(metadata={"description": "The limit that was reached (session-full)."})
    rule = fields.Nested(RuleNamedOut, metadata={
        "description": "A session's refusal: the rule entry that refuses it."})
    next = fields.List(fields.String(), metadata={
        "description": "A session's refusal: the event kinds the rules allow now (the detail "
                       "names them as the table's buttons do)."})


class SessionScoreOut(ExplainedOut):
    code = fields.String(metadata={"description": "The session's share code."})
    version = fields.Integer(metadata={"description": "The version the score was read at."})
    rules = fields.Dict(keys=fields.String(), values=fields.String(), metadata={
        "description": "The title of each rule entry the score cites, by its id (what a rule "
                       "link shows)."})
    play = fields.Dict(metadata={"description": "Only once the rules have ended the game: the "
                                                "play to log (bgstats, bgstats_app: BG Stats' "
                                                "createPlay links, dated in UTC; text; api and "
                                                "csv: GET …/play, which takes ?tz=)."})
