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
from typing import Any

import orjson

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
    """Codec error handler: the standard library's \\uXXXX escapes of non-ASCII text."""
    assert isinstance(error, UnicodeEncodeError)
    out = []
    for char in error.object[error.start:error.end]:
        code = ord(char)
        if code > 0xFFFF:
            code -= 0x10000
            out.append(f"\\u{0xD800 | (code >> 10):04x}\\u{0xDC00 | (code & 0x3FF):04x}")
        else:
            out.append(f"\\u{code:04x}")
    return "".join(out), error.end


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
