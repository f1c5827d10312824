"""The OpenAPI 3 document, read off the app's own routes and the operation each view carries
(api/docs.py). Worked examples are computed by the real code, never typed by hand.
"""
from __future__ import annotations

import re
from typing import Any

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from flask import Flask

from api.arguments import documented
from api.docs import problem
from api.public_url import public_base
from api.schemas.common import ExplainedOut, ProblemOut, SessionScoreOut

VERSION = "0.1.0"


def path_of(rule: str) -> str:
    """A Flask rule as an OpenAPI path: `<code>`, `<path:filename>` → `{code}`, `{filename}`."""
    return re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule)


def build_spec(app: Flask) -> dict[str, Any]:
    spec = APISpec(title="Lairside API", version=VERSION, openapi_version="3.0.3",
                   plugins=[MarshmallowPlugin()], servers=[{"url": public_base().url}],
                   info={"description": "Rules lookup, setup, calculators and scoring for "
                                        "villain-themed board games. Every error is "
                                        "application/problem+json."})
    for schema in (ExplainedOut, ProblemOut, SessionScoreOut):
        spec.components.schema(schema.__name__, schema=schema)
    for rule in sorted(app.url_map.iter_rules(), key=lambda r: r.rule):
        view = app.view_functions[rule.endpoint]
        for method, (operation, expand) in getattr(view, "openapi", {}).items():
            if method.upper() not in (rule.methods or ()):
                continue
            operation = _with_arguments(operation, view)
            if expand is not None:
                for path, concrete in expand():
                    spec.path(path=path, operations={method: _laid_over(operation, concrete)})
            else:
                spec.path(path=path_of(rule.rule), operations={method: dict(operation)})
    return spec.to_dict()


def _with_arguments(operation: dict[str, Any], view: Any) -> dict[str, Any]:
    """The operation with the parameters its `@arguments` schemas validate (api/arguments.py):
    apispec lays each schema out as one parameter per field, with its bounds."""
    schemas = documented(view)
    if not schemas:
        return operation
    responses = operation.get("responses", {})
    refused = {} if "422" in responses else {"422": problem(
        "A parameter is missing, of the wrong type, or out of its documented range.")}
    return {**operation, "responses": {**responses, **refused},
            "parameters": [*operation.get("parameters", ()), *(
                {"in": location, "schema": schema} for location, schema in schemas)]}


def _laid_over(fixed: dict[str, Any], concrete: dict[str, Any]) -> dict[str, Any]:
    """An operation's fixed parts with what its expansion gives laid over them: responses
    merged by status, parameters added after the fixed ones."""
    out = {**fixed, **concrete,
           "responses": {**fixed.get("responses", {}), **concrete.get("responses", {})}}
    if "parameters" in fixed and "parameters" in concrete:
        out["parameters"] = [*fixed["parameters"], *concrete["parameters"]]
    return out
