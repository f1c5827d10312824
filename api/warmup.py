"""Warm a server worker at start-up, so no user's first request pays for loading.

`warm()` imports reportlab and qrcode, registers the embedded fonts and lays out one small
sheet (about a second on this machine; every later sheet then costs tens of milliseconds).
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
