"""Warm a server worker at start-up, so no user's first request pays for loading.

`warm()` imports reportlab, qrcode and the hand-drawn layouts (table tent, cards), registers
the embedded fonts and draws one small sheet (0.1-0.2 s on this machine; a user's first sheet
then loads nothing: tests/printables/test_lazy_imports.py checks it).
Call it once per worker: from the app factory when not testing, or from gunicorn's
`post_worker_init` hook. The tests never call it (they check the API starts without the PDF
stack).
"""
from __future__ import annotations

import time


def warm() -> float:
    """Load the PDF stack and draw a throwaway sheet; returns the seconds it took."""
    started = time.perf_counter()
    from printables.render import warm as warm_pdf  # noqa: PLC0415  (the point: load it now)

    warm_pdf()
    return time.perf_counter() - started
