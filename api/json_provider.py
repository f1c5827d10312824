"""The bytes `jsonify` writes, built by orjson where that gives the very same bytes.

A calculator or score answer is a few kilobytes of steps; the standard library's encoder is a
tenth of such a request. orjson writes the same JSON faster, but differs from
`json.dumps(ensure_ascii=True, separators=(",", ":"))` in a few places, each handled here:
- non-ASCII text: orjson writes UTF-8, the standard library \\uXXXX escapes (surrogate pairs
  above U+FFFF) → escaped afterwards with the same spelling (text only: JSON has non-ASCII
  nowhere else);
- DEL (U+007F): escaped by the standard library only → likewise;
- floats below 1e-4: written without an exponent or with "e-7" for "e-07" → such an answer
  (seen by its bytes) is written by the standard library instead;
- anything orjson cannot write as the standard library does (dict keys that are not text,
  integers beyond 64 bits, subclasses, dates, dataclasses) → the standard library.
Not handled: NaN and infinities (orjson writes null). Answers built from validated integers
and exact fractions have none; do not pass values that may hold them.
tests/perf_forms/test_json_provider.py checks byte equality on every calculator's answers
and on edge cases.
"""
from __future__ import annotations

import codecs
import json
import re
from collections.abc import Mapping
from io import BytesIO
from json.encoder import encode_basestring_ascii as _ascii_text
from typing import Any

import orjson
from flask import Request
from werkzeug.exceptions import ClientDisconnected

_OPTIONS = (orjson.OPT_PASSTHROUGH_SUBCLASS | orjson.OPT_PASSTHROUGH_DATETIME
            | orjson.OPT_PASSTHROUGH_DATACLASS)
_DIGITS = frozenset(b"0123456789")
_BEFORE_A_VALUE = frozenset(b":,[")


def _small_float(data: bytes) -> bool:
    """Whether `data` may hold a float under 1e-4, which orjson and Python's repr spell
    differently ("1e-5" or "0.00001" for "1e-05"): a digit before "e-", or "0.0000" where a
    value starts. Text merely looking like one only costs the slower path. (bytes.find rather
    than a regular expression: ten times faster on a few kilobytes.)"""
    at = data.find(b"e-")
    while at != -1:
        if at and data[at - 1] in _DIGITS:
            return True
        at = data.find(b"e-", at + 2)
    at = data.find(b"0.0000")
    while at != -1:
        start = at - 1 if at and data[at - 1] == 0x2D else at  # a minus sign before it
        if start == 0 or data[start - 1] in _BEFORE_A_VALUE:
            return True
        at = data.find(b"0.0000", at + 1)
    return False


def _escape(error: UnicodeError) -> tuple[str, int]:
    """Codec error handler: the standard library's \\uXXXX escapes of non-ASCII text (a run
    of non-ASCII characters, escaped by the very C function json.dumps uses, quotes removed)."""
    assert isinstance(error, UnicodeEncodeError)
    return _ascii_text(error.object[error.start:error.end])[1:-1], error.end


codecs.register_error("lairside-json-ascii", _escape)


def _refuse(value: Any) -> Any:
    raise TypeError  # whatever orjson passes through: the standard library decides


def standard(payload: Any) -> bytes:
    """What Flask's jsonify writes out of debug mode (sort_keys off, as our app sets it)."""
    return json.dumps(payload, separators=(",", ":")).encode()


def compact(payload: Any) -> bytes:
    """`standard(payload)`, byte for byte, mostly written by orjson."""
    try:
        data = orjson.dumps(payload, default=_refuse, option=_OPTIONS)
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        return standard(payload)
    if _small_float(data):
        return standard(payload)
    if not data.isascii():
        data = data.decode().encode("ascii", "lairside-json-ascii")
    if b"\x7f" in data:
        data = data.replace(b"\x7f", b"\\u007f")
    return data


# --- reading request bodies ------------------------------------------------------------------
# json_body (api/responses.py) reads with the standard library and then walks the value for NUL,
# lone surrogates and deep nesting: together a tenth of a calculator request. orjson reads the
# same bodies several times faster and already refuses lone surrogates (escaped or as bytes),
# so where its reading is provably the standard library's, the walk has nothing left to find.

_NOT_PLAIN = re.compile(rb"[0-9]{19}|[0-9][.eE]")
"""What orjson would read differently: an integer of 19 digits or more (orjson turns one
beyond 64 bits into a float), or a float (another parser; our forms take whole numbers, so a
float only costs the slower path)."""
_ESCAPE = re.compile(rb"\\u[0-9a-fA-F]{4}")
_SHAPES = bytes.maketrans(b"0123456789eE", b"0000000000..")
_NINETEEN_DIGITS = b"0" * 19


def _may_differ(raw: bytes) -> bool:
    """Whether orjson's reading may differ or the checks have work (an escaped NUL). A regular
    expression scans a few hundred bytes ten times slower than a translation and two finds,
    so it only looks again where those saw digits before ".", "e" or "E" (an escape such as
    \\u00e9 looks like that too) or a long run of digits."""
    if b"\\u0000" in raw:
        return True
    shape = raw.translate(_SHAPES)
    if b"0." not in shape and _NINETEEN_DIGITS not in shape:
        return False
    return _NOT_PLAIN.search(_ESCAPE.sub(b"", raw)) is not None


def plain_json(raw: bytes, max_depth: int) -> tuple[bool, Any]:
    """(True, value) when `raw` is JSON that `json.loads` reads as this very value and that
    holds no NUL, no lone surrogate and nothing nested deeper than `max_depth`; otherwise
    (False, None) and the standard path decides, with its own errors. orjson refuses what
    the standard library reads more loosely (NaN, a byte order mark, UTF-16, invalid UTF-8,
    surrogates, nesting past 1024), so each of those goes that way too."""
    if _may_differ(raw):
        return False, None
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return False, None
    # Nesting needs an opening bracket per level: few of them, no walk.
    if raw.count(b"[") + raw.count(b"{") > max_depth and _deeper(data, max_depth):
        return False, None
    return True, data


def _deeper(data: Any, max_depth: int) -> bool:
    """Whether any value sits inside more than `max_depth` objects and lists."""
    level, depth = [data], 0
    while level:
        if depth > max_depth:
            return True
        inner: list[Any] = []
        for value in level:
            if type(value) is dict:
                inner.extend(value.values())
            elif type(value) is list:
                inner.extend(value)
        level, depth = inner, depth + 1
    return False


def plain_length(environ: Mapping[str, Any], limit: int | None) -> int | None:
    """The body's length when it is sent whole (a Content-Length, not chunked) and within
    `limit`; None otherwise (Werkzeug's stream reads it, or answers 413)."""
    length = environ.get("CONTENT_LENGTH") or ""
    if not (length.isdigit() and length.isascii()) or "HTTP_TRANSFER_ENCODING" in environ:
        return None
    if limit is not None and int(length) > limit:
        return None
    return int(length)


def read_whole(environ: dict[str, Any], length: int) -> bytes:
    """Read a body of `length` bytes at once (Werkzeug's stream wrappers cost several times
    the rest of reading a calculator's input) and put it back as a fresh stream, so a later
    reader (Flask, when a layer before it declines) finds it as it came. Fewer bytes than
    `length` when the client went away."""
    raw: bytes = environ["wsgi.input"].read(length)
    environ["wsgi.input"] = BytesIO(raw)
    return raw


def body_bytes(asked: Request) -> bytes:
    """The request's body, as `asked.get_data(cache=True)` gives it (read_whole when it can
    be); a short body is refused as Werkzeug's stream refuses it (400, unless the server
    ends the stream)."""
    environ = asked.environ
    length = plain_length(environ, asked.max_content_length)
    if length is None or "stream" in vars(asked):
        return asked.get_data(cache=True)  # chunked, too long (413), or already read
    raw = read_whole(environ, length)
    if len(raw) < length and "wsgi.input_terminated" not in environ:
        raise ClientDisconnected()
    return raw
