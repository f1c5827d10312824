"""Text answers gzip-compressed when the phone accepts it (issue 32 item 3): pages, JSON,
scripts, styles and SVG shrink to a quarter or less over a table's Wi-Fi.

One after_request hook, so every view and the static files go through it. A compressed answer
is another representation of the same resource: its ETag is sent weak (W/"…"), which the
conditional requests already compare weakly (api/conditional.py), so a phone's If-None-Match
still gets its 304 and If-Match still names the version. Never compressed: streams (SSE, whose
events must arrive at once), PDFs and images (compressed already), and answers marked no-store
(they carry a token: no compression oracle next to a secret). A compressed body with a strong
ETag is kept in the worker's one cache of answers (api/cache.py), keyed by host, mount path,
address and tag, so an answer is compressed once per worker, not once per request.
"""
from __future__ import annotations

import gzip

from flask import Flask, Response, request

from api.cache import Kept, answers, request_key

MIN_BYTES = 512
"""Below this, gzip's own header and a round trip's cost outweigh what it saves."""
TEXT = ("text/html", "text/css", "text/plain", "text/javascript", "application/javascript",
        "application/json", "application/problem+json", "application/manifest+json",
        "application/schema+json", "image/svg+xml", "application/xml")

def accepts_gzip() -> bool:
    """Whether the request's Accept-Encoding allows gzip (and does not refuse it with q=0)."""
    raw = request.headers.get("Accept-Encoding", "")
    if "gzip" not in raw and "*" not in raw:
        return False
    return request.accept_encodings["gzip"] > 0


def compressible(response: Response) -> bool:
    if response.status_code < 200 or response.status_code in (204, 206, 304):
        return False
    if response.is_streamed and not response.direct_passthrough:
        return False  # a generator: the SSE stream, the long answers written as they go
    if response.mimetype not in TEXT or "Content-Encoding" in response.headers:
        return False
    return not response.cache_control.no_store


def compress(response: Response) -> Response:
    """`response` gzip-compressed when the request allows and it is worth it."""
    if request.method == "HEAD":
        return response
    response.vary.add("Accept-Encoding")
    if response.status_code == 304 and accepts_gzip():  # the tag the 200 carried
        tag = response.headers.get("ETag", "")
        if tag.startswith('"'):
            response.headers["ETag"] = "W/" + tag
        return response
    if not compressible(response) or not accepts_gzip():
        return response
    source = response.response
    if response.direct_passthrough:  # a static file: read it into memory (all are small)
        response.direct_passthrough = False
    body = response.get_data()
    if source is not response.response and hasattr(source, "close"):
        source.close()  # the file it was read from
    if len(body) < MIN_BYTES:
        return response
    tag = response.headers.get("ETag", "")
    weak = tag.startswith("W/")
    key = request_key("gzip", request.full_path, tag) if tag and not weak else None
    kept = answers().get(key) if key else None
    if kept is None:
        packed = gzip.compress(body, compresslevel=6, mtime=0)
        if key:
            answers().put(key, Kept(packed, "gzip", []))
    else:
        packed = kept.body
    response.set_data(packed)
    response.headers["Content-Encoding"] = "gzip"
    if tag and not weak:
        response.headers["ETag"] = "W/" + tag
    return response


def init_app(app: Flask) -> None:
    app.after_request(compress)
