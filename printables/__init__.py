"""Printable PDFs: a layout-as-data renderer (reportlab) for the sheets in assistant.sheets.

Imports run one way: printables → assistant. reportlab and qrcode are imported only when a
sheet is rendered, so the API starts without them.

Where things are: render.py (the entry points: render, render_pack, warm) → fit.py (the body
size a sheet is set at) → page.py (frames, header, footer) → section.py (a section) →
blocks/ (one module per kind of block) and codes.py (QR codes, from qr.py's matrix);
cards.py and tent.py draw the two fixed-geometry layouts; target.py says where codes point;
announce.py prints the address phones open, with its QR code, when `make run` starts.
"""
from __future__ import annotations

from printables.meta import lairside_version

__all__ = ["lairside_version"]
