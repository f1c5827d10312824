"""Text answers gzip-compressed when the phone accepts it (issue 32 item 3): pages, JSON,
scripts, styles and SVG shrink to a quarter or less over a table's Wi-Fi.

A kept answer (api/cache.py) is compressed once, when it is kept, and sent as it is afterwards
(a `KeptResponse`, which this hook leaves alone); every other answer, HEAD as GET, goes
through the one after_request hook here, so HEAD always says what GET sends. A compressed
answer is another representation of the same resource: its ETag is sent weak (W/"…"), which
the conditional requests already compare weakly (api/conditional.py), so a phone's
If-None-Match still gets its 304 and If-Match still names the version. Never compressed:
streams (SSE, whose events must arrive at once), PDFs and images (compressed already), ranges,
and answers marked no-store (they carry a token: no compression oracle next to a secret).
"""
from __future__ import annotations

import gzip

from flask import Flask, Response, request

MIN_BYTES = 512
"""Below this, gzip's own header and a round trip's cost outweigh what it saves."""
TEXT = frozenset(("text/html", "text/css", "text/plain", "text/javascript",
                  "application/javascript", "application/json", "application/problem+json",
                  "application/manifest+json", "application/schema+json", "image/svg+xml",
                  "application/xml"))
VARY = ("Vary", "Accept-Encoding")
GZIP = ("Content-Encoding", "gzip")


class KeptResponse(Response):
    """An answer sent from the cache of answers (api/cache.py `send`): already compressed, or
    not, as this request takes it; the hook below leaves it as it is."""


def accepts_gzip() -> bool:
    """Whether the request's Accept-Encoding allows gzip (and does not refuse it with q=0)."""
    raw = request.environ.get("HTTP_ACCEPT_ENCODING", "")
    if "gzip" not in raw and "*" not in raw:
        return False
    return ";" not in raw or request.accept_encodings["gzip"] > 0


def worth_packing(body: bytes, mimetype: str) -> bool:
    return len(body) >= MIN_BYTES and mimetype in TEXT


def pack(body: bytes) -> bytes:
    return gzip.compress(body, compresslevel=6, mtime=0)


def unpack(body: bytes) -> bytes:
    return gzip.decompress(body)


def weak(tag: str) -> str:
    return "W/" + tag if tag.startswith('"') else tag


def compress(response: Response) -> Response:
    """`response` gzip-compressed when the request allows and it is worth it. Cheap checks
    first: most answers here are small, and one under MIN_BYTES has one representation (no
    Vary)."""
    if isinstance(response, KeptResponse):
        return response
    if "Date" in response.headers:  # Werkzeug's conditional handling dates its answers, and
        del response.headers["Date"]  # the server does too: two Dates undate a cached copy
    status = response.status_code
    if status == 304:
        if accepts_gzip():  # the tag the 200 carried
            response.vary.add("Accept-Encoding")
            response.headers["ETag"] = weak(response.headers.get("ETag", ""))
        return response
    if status < 200 or status in (204, 206) or response.is_streamed:
        return response  # a generator: the SSE stream, the long answers written as they go
    body = response.get_data()
    if len(body) < MIN_BYTES or response.mimetype not in TEXT \
            or "Content-Encoding" in response.headers or response.cache_control.no_store:
        return response
    response.vary.add("Accept-Encoding")
    if accepts_gzip() and "Range" not in request.headers:
        response.set_data(pack(body))
        response.headers["Content-Encoding"] = "gzip"
        tag = response.headers.get("ETag")
        if tag:
            response.headers["ETag"] = weak(tag)
    return response


def init_app(app: Flask) -> None:
    app.after_request(compress)
