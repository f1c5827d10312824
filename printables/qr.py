"""QR codes: the one place that talks to the qrcode library, through its public API only.

`qr_matrix` returns the dark/light modules; the renderer draws them as vector squares, which
is faster than a PIL image and stays sharp at any printer resolution.
"""
from __future__ import annotations

from functools import lru_cache
from html import escape
from urllib.parse import urlsplit

QUIET_ZONE = 4
"""Light modules a scanner needs around the code (ISO/IEC 18004)."""
MASK = 0
"""The mask every code uses. Any of the eight is valid (ISO/IEC 18004 picks the lowest
penalty only to avoid patterns that confuse a scanner); scoring all eight costs several times
the encoding, and every code we print is decoded at 150 dpi by tests/printables/test_codes.py."""

Matrix = tuple[tuple[bool, ...], ...]
"""Rows of modules, True for dark, without the quiet zone."""


SECRETS = ("token=", "key=", "claim=")
"""What a link's fragment carries when it is a secret: the edit token, a seat's key, a seat's
claim code (fragments never reach a server, so that is where they travel)."""


def keepable(text: str) -> bool:
    """Whether a code's text may be kept in a cache: never one carrying a secret."""
    fragment = urlsplit(text).fragment if "#" in text else ""
    return not any(secret in fragment for secret in SECRETS)


def qr_matrix(text: str) -> Matrix:
    """The QR code of `text` (error correction M, the smallest version that fits).

    Kept per text (a sheet's codes are drawn again on every reprint and every trial layout
    measures them), unless it carries a secret: that one is made anew each time it is asked."""
    return _kept_matrix(text) if keepable(text) else _matrix(text)


@lru_cache(maxsize=1024)
def _kept_matrix(text: str) -> Matrix:
    return _matrix(text)


def _matrix(text: str) -> Matrix:
    import qrcode  # noqa: PLC0415  (lazy: the API must not pay for it at start-up)
    from qrcode.constants import ERROR_CORRECT_M  # noqa: PLC0415

    code = qrcode.QRCode(version=None, error_correction=ERROR_CORRECT_M, border=0,
                         mask_pattern=MASK)
    code.add_data(text)
    code.make(fit=True)
    return tuple(tuple(bool(cell) for cell in row) for row in code.get_matrix())


def warm() -> None:
    """Import the library and make one code now, once per worker, so no user's first sheet
    pays for the library's first use."""
    qr_matrix("http://lairside.invalid/warm-up")


def qr_svg(text: str, cached: bool = True) -> str:
    """A QR code as a small SVG: one path of unit squares, a quiet zone around it. Not
    `cached` (or carrying a secret, `keepable`): never kept in the cache."""
    rows = qr_matrix(text) if cached else _matrix(text)
    size = len(rows) + 2 * QUIET_ZONE
    path = "".join(f"M{x + QUIET_ZONE} {y + QUIET_ZONE}h1v1h-1z"
                   for y, row in enumerate(rows) for x, dark in enumerate(row) if dark)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" '
            f'shape-rendering="crispEdges" role="img" aria-label="QR code: '
            f'{escape(text, quote=True)}"><rect width="{size}" height="{size}" fill="#fff"/>'
            f'<path fill="#000" d="{path}"/></svg>')
