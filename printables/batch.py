"""Write many sheets at once into a folder a host can print from, with an index.html."""
from __future__ import annotations

import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from html import escape
from pathlib import Path

from assistant import sheets
from printables.layouts import PAPERS
from printables.meta import lairside_version
from printables.render import Resolve, render

DEFAULT_OUT = Path(__file__).resolve().parent / "build"
"""git-ignored (see .gitignore)."""


@dataclass(frozen=True)
class Written:
    sheet: sheets.Sheet
    paper: str
    path: Path


def guess_base_url(port: int = 8000) -> str:
    """http://<this machine's LAN address>:port, so phones on the same Wi-Fi reach it.

    Connecting a UDP socket sends nothing; it only asks the OS which interface it would use.
    """
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
            address = probe.getsockname()[0]
    except OSError:
        address = "127.0.0.1"
    return f"http://{address}:{port}"


def write_batch(todo: Sequence[sheets.Sheet], papers: Sequence[str], folder: Path,
                resolve: Resolve, printed_on: date | None = None,
                on_done: Callable[[Path], None] | None = None) -> list[Written]:
    """Render every sheet on every paper into `folder` (old PDFs there are removed first)."""
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.pdf"):
        old.unlink()
    day = printed_on or date.today()
    written: list[Written] = []
    for sheet in todo:
        for paper in papers:
            path = folder / f"{sheet.slug}-{paper}.pdf"
            path.write_bytes(render(sheet, paper, resolve, day))
            written.append(Written(sheet, paper, path))
            if on_done is not None:
                on_done(path)
    write_index(folder, written, day)
    return written


KIND_TITLES = {sheets.Kind.SETUP: "Setup sheets", sheets.Kind.AID: "Reference aids",
               sheets.Kind.SCORE: "Score sheets"}


def write_index(folder: Path, written: Sequence[Written], day: date) -> Path:
    """index.html: every sheet once, with a link per paper size."""
    by_slug: dict[str, list[Written]] = {}
    for item in written:
        by_slug.setdefault(item.sheet.slug, []).append(item)
    parts = [f"<!doctype html><meta charset='utf-8'><title>Lairside printables</title>"
             f"<style>body{{font:15px/1.4 system-ui,sans-serif;max-width:60em;margin:2em auto;"
             f"padding:0 1em}}td,th{{padding:.2em .6em;text-align:left}}"
             f"tr:nth-child(even){{background:#f2f2f2}}</style>"
             f"<h1>Lairside printables</h1><p>Lairside {escape(lairside_version())}, "
             f"printed {day.isoformat()}. Print at 100% (no 'fit to page'); every sheet reads "
             f"in greyscale.</p>"]
    for kind, title in KIND_TITLES.items():
        rows = [items for items in by_slug.values() if items[0].sheet.kind is kind]
        if not rows:
            continue
        parts.append(f"<h2>{title}</h2><table><tr><th>Sheet</th><th>Mode</th>"
                     f"<th>Players</th><th>PDF</th></tr>")
        for items in rows:
            sheet = items[0].sheet
            pdfs = " ".join(f"<a href='{escape(i.path.name)}'>{PAPERS[i.paper].title}</a>"
                            for i in items)
            detail = f" ({escape(sheet.subtitle)})" if sheet.kind is sheets.Kind.SETUP else ""
            parts.append(f"<tr><td>{escape(sheet.title)}{detail}</td><td>{escape(sheet.mode)}"
                         f"</td><td>{escape(sheet.players)}</td><td>{pdfs}</td></tr>")
        parts.append("</table>")
    path = folder / "index.html"
    path.write_text("".join(parts), encoding="utf-8")
    return path
