"""Building JSON responses: cacheable read-only answers and request bodies."""
from __future__ import annotations

import hashlib
from typing import Any

from flask import Response, current_app, json, request

from api.errors import JSONRequired, MalformedJSON


def cached_json(payload: Any = None, *, body: bytes | None = None) -> Response:
    """A read-only answer with an ETag and Cache-Control, so phones can re-ask cheaply."""
    data = body if body is not None else json.dumps(payload).encode()
    response = Response(data, mimetype="application/json")
    response.set_etag(hashlib.blake2b(data, digest_size=12).hexdigest())
    response.cache_control.public = True
    response.cache_control.max_age = current_app.config["LAIRSIDE_CACHE_SECONDS"]
    return response.make_conditional(request)


def json_body() -> Any:
    """The request's JSON body, or a 415/400 problem when it isn't JSON."""
    if not request.is_json:
        raise JSONRequired()
    raw = request.get_data(cache=True)
    try:
        return json.loads(raw or b"")
    except ValueError:
        raise MalformedJSON() from None
