"""Text answers gzip-compressed when the phone accepts it (issue 32 item 3): pages, JSON,
scripts, styles and SVG shrink to a quarter or less over a table's Wi-Fi.

A kept answer (api/cache.py) is compressed once, when first asked for gzip, and sent as it is
afterwards (`Settled`); every other answer goes through the one after_request hook here. A
compressed answer is another representation of the same resource: its ETag is sent weak
(W/"…"), which the conditional requests already compare weakly (api/conditional.py), so a
phone's If-None-Match still gets its 304 and If-Match still names the version. Never
compressed: streams (SSE, whose events must arrive at once), PDFs and images (compressed
already), and answers marked no-store (they carry a token: no compression oracle next to a
secret).
"""
from __future__ import annotations

import gzip
from typing import Any

from flask import Flask, Response, request
from werkzeug.datastructures import Headers
from werkzeug.http import HTTP_STATUS_CODES

MIN_BYTES = 512
"""Below this, gzip's own header and a round trip's cost outweigh what it saves."""
TEXT = frozenset(("text/html", "text/css", "text/plain", "text/javascript",
                  "application/javascript", "application/json", "application/problem+json",
                  "application/manifest+json", "application/schema+json", "image/svg+xml",
                  "application/xml"))
VARY = ("Vary", "Accept-Encoding")
GZIP = ("Content-Encoding", "gzip")


class Settled(Response):
    """An answer finished before it was asked for (a kept answer): its body and every header,
    Content-Type and -Length included, are ready and go out as they are; the hook leaves it.
    Response.__init__ is skipped on purpose: it would build Werkzeug's Headers, which checks
    and copies each header twice, the largest cost of sending a kept answer. They are built
    only if something looks at `headers` (a test), and then sent the usual way."""

    def __init__(self, body: bytes, status: int, headers: list[tuple[str, str]]) -> None:
        self.response = [body]
        self._status_code = status
        self._status = f"{status} {HTTP_STATUS_CODES[status].upper()}"
        self.direct_passthrough = False
        self._on_close = []
        self._ready = headers
        self._headers: Headers | None = None

    @property
    def headers(self) -> Headers:
        if self._headers is None:
            self._headers = Headers(self._ready)
        return self._headers

    @headers.setter
    def headers(self, value: Headers) -> None:
        self._headers = value

    def get_wsgi_response(self, environ: Any) -> tuple[Any, str, list[tuple[str, str]]]:
        if self._headers is not None:  # looked at, maybe changed
            return super().get_wsgi_response(environ)
        empty = self._status_code == 304 or environ.get("REQUEST_METHOD") == "HEAD"
        return ([] if empty else self.response), self._status, list(self._ready)


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
    if isinstance(response, Settled) or request.method == "HEAD":
        return response
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
    if accepts_gzip():
        response.set_data(pack(body))
        response.headers["Content-Encoding"] = "gzip"
        tag = response.headers.get("ETag")
        if tag:
            response.headers["ETag"] = weak(tag)
    return response


def init_app(app: Flask) -> None:
    app.after_request(compress)
