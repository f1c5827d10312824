"""Printable PDFs: a layout-as-data renderer (reportlab) for the sheets in assistant.sheets.

Imports run one way: printables → assistant. reportlab and qrcode are imported only when a
sheet is rendered, so the API starts without them.
"""
from __future__ import annotations

from printables.meta import lairside_version

__all__ = ["lairside_version"]
