"""QR codes: the one place that talks to the qrcode library.

`qr_matrix` returns the dark/light modules; the renderer draws them as vector squares, which
is faster than a PIL image and stays sharp at any printer resolution.
"""
from __future__ import annotations

from functools import lru_cache

QUIET_ZONE = 4
"""Light modules a scanner needs around the code (ISO/IEC 18004)."""
MASK = 0


@lru_cache(maxsize=1024)
def qr_matrix(text: str) -> tuple[tuple[bool, ...], ...]:
    """The QR code of `text` (error correction M, smallest version that fits), without its
    quiet zone: rows of modules, True for dark."""
    import qrcode  # noqa: PLC0415  (lazy: the API must not pay for it at start-up)
    from qrcode.constants import ERROR_CORRECT_M  # noqa: PLC0415

    # A fixed mask: any of the eight is valid (ISO/IEC 18004 picks the lowest penalty only to
    # avoid patterns that confuse a scanner); scoring all eight costs 16 ms a code instead of
    # 3 ms, and every code we print is decoded at 150 dpi by tests/printables/test_codes.py.
    code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=0, mask_pattern=MASK)
    code.add_data(text)
    code.make(fit=True)
    return tuple(tuple(bool(cell) for cell in row) for row in code.get_matrix())
