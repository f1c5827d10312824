"""Write many sheets at once into a folder a host can print from, with an index.html."""
from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from html import escape
from pathlib import Path

from assistant import sheets
from printables.address import LAN_NOTE, guess_base_url, is_loopback, listens_beyond_loopback
from printables.layouts import PAPERS
from printables.meta import lairside_version
from printables.render import Resolve, Target, render, render_pack

DEFAULT_OUT = Path(__file__).resolve().parent / "build"
"""git-ignored (see .gitignore)."""


@dataclass(frozen=True)
class Written:
    sheet: sheets.Sheet
    paper: str
    path: Path


@dataclass(frozen=True)
class Pack:
    """Several sheets printed as one PDF (the host's game-night pack)."""

    slug: str
    title: str
    sheets: Sequence[sheets.Sheet]


def everything(packs: bool = True) -> tuple[list[sheets.Sheet], list[Pack]]:
    """Every sheet of every game with sheets (its turn card too), and with `packs` a
    game-night pack per game and mode (that mode's first setup)."""
    from assistant.games import all_games  # noqa: PLC0415

    printed = [game for game in all_games() if game.sheets is not None]
    todo = [sheet for game in printed for sheet in sheets.batch(game.slug)]
    todo += [card for game in printed if (card := sheets.turn_card(game.slug)) is not None]
    bundles: list[Pack] = []
    for game in printed if packs else []:
        seen: set[str] = set()
        for params in sheets.setup_variants(game.slug):
            mode = str(params.get("mode", ""))
            if mode not in seen:
                seen.add(mode)
                bundle = sheets.pack(game.slug, params)
                bundles.append(Pack(f"{bundle[0].slug}-pack", f"{game.title}: game-night pack",
                                    bundle))
    return todo, bundles


def write_batch(todo: Sequence[sheets.Sheet], papers: Sequence[str], folder: Path,
                resolve: Resolve, printed_on: date | None = None,
                on_done: Callable[[Path], None] | None = None, packs: Sequence[Pack] = (),
                target: Target | None = None) -> list[Written]:
    """Render every sheet and pack on every paper into `folder` (old PDFs there are removed
    first)."""
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.pdf"):
        old.unlink()
    day = printed_on or date.today()
    written: list[Written] = []
    for sheet in todo:
        for paper in papers:
            path = folder / f"{sheet.slug}-{paper}.pdf"
            path.write_bytes(render(sheet, paper, resolve, day, target))
            written.append(Written(sheet, paper, path))
            if on_done is not None:
                on_done(path)
    done_packs: list[tuple[Pack, str, Path]] = []
    for pack in packs:
        for paper in papers:
            path = folder / f"{pack.slug}-{paper}.pdf"
            path.write_bytes(render_pack(pack.sheets, paper, resolve, day, target, pack.title))
            done_packs.append((pack, paper, path))
            if on_done is not None:
                on_done(path)
    write_index(folder, written, day, done_packs)
    return written + [Written(p.sheets[0], paper, path) for p, paper, path in done_packs]


KIND_TITLES = {sheets.Kind.SETUP: "Setup sheets", sheets.Kind.AID: "Reference aids",
               sheets.Kind.SCORE: "Score sheets"}


def write_index(folder: Path, written: Sequence[Written], day: date,
                packs: Sequence[tuple[Pack, str, Path]] = ()) -> Path:
    """index.html: the packs, then every sheet once, with a link per paper size."""
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
    if packs:
        by_pack: dict[str, list[tuple[Pack, str, Path]]] = {}
        for made in packs:
            by_pack.setdefault(made[0].slug, []).append(made)
        parts.append("<h2>Game-night packs</h2><p>One PDF per game and mode: setup sheet "
                     "with its pull list, aids (role aids for that mode), score sheet, score "
                     "pad, turn-order cards for every player and the table tent, in print "
                     "order.</p>"
                     "<table><tr><th>Pack</th><th>Setup</th><th>PDF</th></tr>")
        for group in by_pack.values():
            first = group[0][0]
            pdfs = " ".join(f"<a href='{escape(path.name)}'>{PAPERS[paper].title}</a>"
                            for _, paper, path in group)
            lead = first.sheets[0]
            parts.append(f"<tr><td>{escape(first.title)}</td><td>{escape(lead.mode)}, "
                         f"{escape(lead.players)}</td><td>{pdfs}</td></tr>")
        parts.append("</table>")
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


def serving_port() -> int:
    """The port `make run` serves on (its PORT, passed as LAIRSIDE_PORT), else 8000."""
    raw = os.environ.get("LAIRSIDE_PORT", "")
    return int(raw) if raw.isdigit() and 0 < int(raw) < 65536 else 8000


def serving_base() -> tuple[str, str]:
    """Where `make run` answers phones: this machine's LAN address at its port, or loopback
    (with no note: sheets then say no phone can open the codes) when it listens there only."""
    port = serving_port()
    if not listens_beyond_loopback(os.environ.get("LAIRSIDE_LISTEN")):
        return f"http://127.0.0.1:{port}", ""
    base = guess_base_url(port)
    return base, "" if is_loopback(base) else LAN_NOTE


def write_all(out: Path | None, paper: str, base_url: str | None, packs: bool,
              resolver: Callable[[str], Resolve]) -> None:
    """The `flask printables` command: every sheet (and pack) of every game on `paper` ("both":
    every size) into `out`, its codes pointing at `base_url`, else this machine's LAN address;
    what it does is said on the terminal as it goes."""
    import click  # noqa: PLC0415

    base = (base_url or "").rstrip("/")
    note = ""
    if base:
        click.echo(f"QR codes point at {base} (LAIRSIDE_PUBLIC_URL or --base-url).", err=True)
    else:
        base, note = serving_base()
        click.echo(f"No LAIRSIDE_PUBLIC_URL: QR codes point at {base}, where make run "
                   f"serves (HOST={os.environ.get('LAIRSIDE_LISTEN') or '0.0.0.0'}, "
                   f"PORT={serving_port()}); set LAIRSIDE_PUBLIC_URL for another address.",
                   err=True)
    if is_loopback(base):
        click.echo(f"Warning: {base} is loopback; no phone can open these codes (each sheet "
                   f"says so in print).", err=True)
    papers = sheets.PAPERS if paper == "both" else (paper,)
    todo, bundles = everything(packs)
    folder = out or DEFAULT_OUT
    started = time.perf_counter()
    with click.progressbar(length=(len(todo) + len(bundles)) * len(papers),
                           label="Rendering sheets and packs", show_pos=True) as bar:
        written = write_batch(todo, papers, folder, resolver(base),
                              on_done=lambda _path: bar.update(1), packs=bundles,
                              target=Target(base, note))
    seconds = time.perf_counter() - started
    click.echo(f"{len(written)} PDFs in {folder} ({seconds:.1f} s); open "
               f"{folder / 'index.html'} to print.")
