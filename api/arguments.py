"""An operation's query, header and path parameters, validated by the one marshmallow schema
that /openapi.json documents for them (as flask-smorest's and APIFlask's `@arguments`): what
the document states is what the server enforces, and a value out of range answers 422
problem+json (api/errors.py) naming the parameter and what is allowed.

`@arguments(Schema, "query")` loads the request's query into the schema and hands the values
to the view as its `query` keyword (`headers` for "header", `path` for "path"); api/openapi.py
reads the same schemas off the view. Bodies have their schema per form (api/schemas/forms.py).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import wraps
from typing import Any, TypeVar

from flask import request
from marshmallow import EXCLUDE, Schema

F = TypeVar("F", bound=Callable[..., Any])

SOURCES: dict[str, tuple[str, Callable[[], Mapping[str, Any]]]] = {
    "query": ("query", lambda: request.args),
    "header": ("headers", lambda: dict(request.headers.items())),
    "path": ("path", lambda: request.view_args or {}),
}
"""Where each kind of parameter is read, and the view's keyword that receives it."""


def arguments(schema: type[Schema], location: str = "query") -> Callable[[F], F]:
    """Validate the request's `location` parameters with `schema` before the view runs."""
    keyword, source = SOURCES[location]
    loader = schema(unknown=EXCLUDE)  # a query may carry more (a cache-buster, ?source=app)

    def mark(view: F) -> F:
        @wraps(view)
        def checked(*args: Any, **kwargs: Any) -> Any:
            kwargs[keyword] = loader.load(dict(source()))
            return view(*args, **kwargs)

        documented: list[tuple[str, type[Schema]]] = checked.__dict__.setdefault(
            "arguments", [])
        checked.__dict__["arguments"] = [*documented, (location, schema)]
        return checked  # type: ignore[return-value]

    return mark


def documented(view: Any) -> list[tuple[str, type[Schema]]]:
    """The parameter schemas of a view, as `@arguments` recorded them."""
    return list(getattr(view, "arguments", ()))
