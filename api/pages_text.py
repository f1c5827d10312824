"""Turning the rules reference into page parts: paragraphs and lists, highlighted numbers,
sections grouped for the index.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from numbers import Number
from typing import Any

from markupsafe import Markup, escape

from assistant.games import Game
from assistant.rules import Entry

_NUMBER = re.compile(r"(?<![\w-])([+\-−]?\d+(?:[.,]\d+)?(?:[-–]\d+)?)(?!\w)")
_UPPER = frozenset({"vp", "hq", "hqs", "cia", "tl", "id"})
_ORDERED = re.compile(r"^\d+[.)]\s+")


def highlight_numbers(value: Any) -> Markup:
    """Wrap each number so the eye finds it at a glance (the text around it escaped)."""
    return _highlighted(str(value))


@lru_cache(maxsize=8192)
def _highlighted(text: str) -> Markup:
    """The same text always reads the same: rules, setup steps and answers repeat their
    sentences from page to page, so each is marked up once."""
    parts = _NUMBER.split(text)  # text, number, text, number, ..., text
    return Markup("").join(escape(part) if i % 2 == 0 else Markup('<b class="num">%s</b>') % part
                           for i, part in enumerate(parts))


_EMPTY: tuple[Any, ...] = (None, "", [], {})


def value_view(value: Any) -> Markup:
    """A worked-out answer as nested lists: mappings as key/value pairs (blank values left
    out), text with its numbers marked, lists of records as cards, numbers in bold. The
    markup, whitespace included, is what the Jinja macro this replaced wrote."""
    return Markup(_view(value))


def _is_mapping(value: Any) -> bool:
    return type(value) is dict or isinstance(value, Mapping)


def _view(value: Any) -> str:
    """value_view as escaped text (one Markup at the end, not one per level)."""
    if _is_mapping(value):
        items = "".join([f"<div><dt>{escape(humanize(k))}</dt><dd>{_view(v)}</dd></div>"
                         for k, v in value.items() if v not in _EMPTY])
        return f'\n  <dl class="kv">{items}</dl>\n'
    if isinstance(value, str):
        return f"{highlight_numbers(value)}\n"
    if value is True or value is False:
        return "yes\n" if value else "no\n"
    if type(value) is not list:
        try:
            iter(value)
        except TypeError:
            return f'<b class="num">{escape(value)}</b>\n'
    try:
        first = value[0] if value else None
    except (AttributeError, LookupError, TypeError):
        first = None
    if _is_mapping(first):
        cards = "".join([f"<li>{_view(item)}</li>" for item in value])
        return f'\n  \n  <ul class="cards">{cards}</ul>\n  \n'
    parts = list(value)
    if any(hasattr(part, "__html__") for part in parts):
        joined = Markup(", ").join(p if hasattr(p, "__html__") else str(p) for p in parts)
    else:
        joined = escape(", ".join(map(str, parts)))
    return f"\n  {joined}\n"


@lru_cache(maxsize=16)
def _references(slug: str) -> tuple[re.Pattern[str], dict[str, str]] | None:
    """"see <an entry's title or id>" in one game's rule text, and where each one leads."""
    from assistant import links
    from assistant.games import find_game

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


def _link_references(line: str, game: str | None) -> str:
    found = _references(game) if game else None
    if found is None:
        return line
    pattern, targets = found
    return pattern.sub(lambda m: f'{m.group(1)}<a href="{targets[m.group(2).lower()]}">'
                                 f"{m.group(2)}</a>", line)


@lru_cache(maxsize=2048)
def rich(text: str, game: str | None = None) -> Markup:
    """Own-words rule text → paragraphs and lists ("- " bullets, "1. " steps), numbers marked;
    with `game`, a "see <another rule>" becomes a link to it."""
    html: list[str] = []
    open_list = ""
    for raw in text.splitlines():
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
            html.append(f"<li>{_link_references(highlight_numbers(item), game)}</li>")
        else:
            html.append(f"<p>{_link_references(highlight_numbers(line), game)}</p>")
    if open_list:
        html.append(f"</{open_list}>")
    return Markup("".join(html))


def prov(value: Any) -> Markup:
    """A provenance mark, as the `prov` macro writes it (without a note)."""
    return Markup('<span class="prov prov-%s">%s</span>') % (value, value)


def checklist(steps: Iterable[Mapping[str, Any]], game: Game) -> Markup:
    """The setup checklist's items: each step with a box to tick, its head in bold, its
    numbers marked, its provenance and rule. Written here rather than in the template,
    whitespace and all, because a setup has dozens of steps and a template loop costs
    ten times as much per step."""
    from assistant import links

    out = []
    for i, step in enumerate(steps):
        text = step["text"]
        head, sep, body = text.partition(": ")
        said = (f"<b>{escape(head)}</b> {highlight_numbers(body)}" if sep and len(head) < 40
                else highlight_numbers(text))
        provenance, rule = step.get("provenance"), step.get("rule")
        meta = ""
        if provenance != "rulebook" or rule:
            mark = f"{prov(provenance)} " if provenance != "rulebook" else ""
            if rule:
                title = game.rules.get(rule).title if rule in game.rules else rule
                mark += (f'<a class="rule-link" href="{escape(links.rule(game.slug, rule))}">'
                         f"Rule: {escape(title)}</a>")
            meta = f'<p class="step-meta">{mark}</p>'
        note = f'<p class="note">{escape(step["note"])}</p>' if step.get("note") else ""
        out.append(f'\n    \n    <li><label><input type="checkbox" data-check="{i}"><span>'
                   f"{said}</span></label>\n      {meta}\n      {note}</li>\n  ")
    return Markup("".join(out))


def glance(result: Mapping[str, Any]) -> Markup:
    """The setup's numbers at a glance: each number in the result, and each mapping of
    numbers one per entry ("Henchmen: Ana")."""
    out = []
    for key, value in result.items():
        shown = ""
        if isinstance(value, Number) and not isinstance(value, bool):
            shown = (f'\n    <li><b class="big">{escape(value)}</b><span>'
                     f"{escape(humanize(key))}</span></li>\n    ")
        elif _is_mapping(value) and value and all(isinstance(v, Number)
                                                  for v in value.values()):
            items = "".join(f'<li><b class="big">{escape(v)}</b><span>{escape(humanize(key))}: '
                            f"{escape(humanize(sub))}</span></li>" for sub, v in value.items())
            shown = f"\n    {items}\n    "
        out.append(f"\n    {shown}\n  ")
    return Markup("".join(out))


def humanize(name: Any) -> str:
    """'offence_successes' → 'Offence successes'."""
    return _humanized(str(name))


@lru_cache(maxsize=4096)
def _humanized(name: str) -> str:
    words = " ".join(w.upper() if w in _UPPER else w for w in re.sub(r"[_-]+", " ", name).split())
    return words[:1].upper() + words[1:]


def chapter(entry: Entry) -> str:
    """The rulebook chapter an entry belongs to: its section up to the first › ; or (."""
    if entry.glossary:
        return "Glossary"
    return re.split(r" › |;| \(", entry.section, maxsplit=1)[0].strip()


def group_entries(entries: Iterable[Entry]) -> list[tuple[str, list[Entry]]]:
    """Entries by chapter, chapters in rulebook order (first seen), the glossary last."""
    groups: dict[str, list[Entry]] = {}
    for entry in entries:
        groups.setdefault(chapter(entry), []).append(entry)
    glossary = groups.pop("Glossary", [])
    ordered = list(groups.items())
    if glossary:
        ordered.append(("Glossary", sorted(glossary, key=lambda e: e.title.lower())))
    return ordered


PAPER_TITLES = {"a4": "A4", "letter": "US Letter"}
"""How the print page names the paper sizes the sheets come in (assistant.sheets.PAPERS)."""
