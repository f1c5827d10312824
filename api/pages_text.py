"""Turning the rules reference into page parts: paragraphs and lists, highlighted numbers."""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, cast

from flask import has_request_context, request
from markupsafe import Markup, escape

from api.config import PAGE_TEXTS
from api.registry import per_game
from assistant import links
from assistant.games import find_game
from assistant.player_text import for_players

_NUMBER = re.compile(r"(?<![\w-])([+\-−]?\d+(?:[.,]\d+)?(?:[-–]\d+)?)(?!\w)")
_UPPER = frozenset({"vp", "hq", "hqs", "cia", "tl", "id"})
_ORDERED = re.compile(r"^\d+[.)]\s+")


def shown(value: Any) -> Any:
    """Every value a page prints, as players read it: a rulebook file-and-line citation left
    in a calculator's note or step stays in the JSON API and off the page (the Jinja
    environment's `finalize`)."""
    if isinstance(value, str) and ".txt:" in value:
        clean = for_players(value)
        return Markup(clean) if isinstance(value, Markup) else clean
    return value


def highlight_numbers(value: Any) -> Markup:
    """Wrap each number so the eye finds it at a glance (the text around it escaped)."""
    return _highlighted(for_players(str(value)))


@lru_cache(maxsize=PAGE_TEXTS)
def _highlighted(text: str) -> Markup:
    """The same text always reads the same: rules, setup steps and answers repeat their
    sentences from page to page, so each is marked up once."""
    parts = _NUMBER.split(text)  # text, number, text, number, ..., text
    return Markup("").join(escape(part) if i % 2 == 0 else Markup('<b class="num">%s</b>') % part
                           for i, part in enumerate(parts))


def _references(slug: str) -> tuple[re.Pattern[str], dict[str, str]] | None:
    """"see <an entry's title or id>" in one game's rule text, and where each one leads (made
    once for the games registered now, api/registry.py)."""
    return cast(tuple[re.Pattern[str], dict[str, str]] | None,
                per_game("references", slug, lambda: _made_references(slug)))


def _made_references(slug: str) -> tuple[re.Pattern[str], dict[str, str]] | None:
    targets: dict[str, str] = {}
    for entry in find_game(slug).rules:
        for name in (entry.title, entry.id):
            targets.setdefault(str(escape(name)).lower(), links.rule(slug, entry.id))
    if not targets:
        return None
    names = sorted(targets, key=len, reverse=True)
    pattern = re.compile(r"(\b[Ss]ee (?:the )?)(" + "|".join(map(re.escape, names)) +
                         r")(?![\w-])", re.IGNORECASE)
    return pattern, targets


def _link_references(line: str, game: str | None, mount: str) -> str:
    found = _references(game) if game else None
    if found is None:
        return line
    pattern, targets = found
    return pattern.sub(lambda m: f'{m.group(1)}<a href="{mount}{targets[m.group(2).lower()]}">'
                                 f"{m.group(2)}</a>", line)


def rich(text: str, game: str | None = None) -> Markup:
    """Own-words rule text → paragraphs and lists ("- " bullets, "1. " steps), numbers marked;
    with `game`, a "see <another rule>" becomes a link to it (under the mount path)."""
    return _rich(text, game, request.script_root if has_request_context() else "")


@lru_cache(maxsize=PAGE_TEXTS // 4)
def _rich(text: str, game: str | None, mount: str) -> Markup:
    html: list[str] = []
    open_list = ""
    for raw in for_players(text).splitlines():
        line = raw.strip()
        tag = "ul" if line.startswith(("- ", "• ")) else "ol" if _ORDERED.match(line) else ""
        if tag != open_list and open_list:
            html.append(f"</{open_list}>")
            open_list = ""
        if not line:
            continue
        if tag:
            if not open_list:
                html.append(f"<{tag}>")
                open_list = tag
            item = line[2:] if tag == "ul" else _ORDERED.sub("", line)
            html.append(f"<li>{_link_references(highlight_numbers(item), game, mount)}</li>")
        else:
            html.append(f"<p>{_link_references(highlight_numbers(line), game, mount)}</p>")
    if open_list:
        html.append(f"</{open_list}>")
    return Markup("".join(html))


def humanize(name: Any) -> str:
    """'offence_successes' → 'Offence successes'."""
    return _humanized(str(name))


@lru_cache(maxsize=PAGE_TEXTS // 2)
def _humanized(name: str) -> str:
    words = " ".join(w.upper() if w in _UPPER else w for w in re.sub(r"[_-]+", " ", name).split())
    return words[:1].upper() + words[1:]


def number(value: Any) -> Any:
    """A number as a person reads it: 0.3333333333333333 → "0.33", 2.0 → "2"; others as they
    are."""
    if isinstance(value, float) and not isinstance(value, bool):
        if value.is_integer():
            return str(int(value))
        return f"{value:.2f}".rstrip("0").rstrip(".")
    return value
