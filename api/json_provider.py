"""Flask's JSON, written and read by orjson through Flask's own provider hook (app.json), which
every answer takes. orjson writes UTF-8 (not \\uXXXX escapes), compactly; values it cannot
write (an integer beyond 64 bits, a key that is not text) fall back to the standard library's
encoder rather than failing the request.
"""
from __future__ import annotations

import json
from typing import Any

import orjson
from flask import Response
from flask.json.provider import JSONProvider

_OPTIONS = orjson.OPT_NON_STR_KEYS


def dumps_bytes(value: Any) -> bytes:
    """`value` as compact JSON (UTF-8)."""
    try:
        return orjson.dumps(value, option=_OPTIONS)
    except TypeError:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"),
                          default=str).encode()


class OrjsonProvider(JSONProvider):
    """app.json for Lairside: key order as built (our fields are ordered for readers)."""

    mimetype = "application/json"

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return dumps_bytes(obj).decode()

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return orjson.loads(s)

    def response(self, *args: Any, **kwargs: Any) -> Response:
        obj = self._prepare_response_obj(args, kwargs)
        return Response(dumps_bytes(obj), mimetype=self.mimetype)
