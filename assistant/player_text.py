"""Text for players: rulebook file-and-line citations taken out of what a page or sheet shows.

Authors cite the rulebook copy by file and line ("<game>.txt:319-320") so that people who
check can find the words; a player needs the section name, not the line. `split` parts a
string into what a player reads and the citations it held (which the API keeps, in an
entry's `sources`); `for_players` is the first half alone, for a page or a sheet.
"""
from __future__ import annotations

import re

_LINES = r"\d+(?:-\d+)?"
_MORE = rf"(?:(?:,\s*|\s+and\s+|;\s*)(?::)?{_LINES}(?![\w.]))*"
CITE = re.compile(rf"[a-z][a-z-]*\.txt:{_LINES}{_MORE}|(?<![\w:])(?<!\d ):{_LINES}{_MORE}")
"""A citation: "file.txt:12", "file.txt:12-14, 20 and 31", or a bare ":185" after one."""
_ONLY = re.compile(rf"\s*\((?:\s*(?:{CITE.pattern})\s*[,;]?\s*)+\)")
"""A bracket holding nothing but citations, with the space before it."""
_SCAN = re.compile(r"\s*\[read: [^\]]*\]")
"""The companion's note on a misprinted number ("Phase 3 [read: 2]")."""
_HINT = ".txt:"


_COUNTED = re.compile(r"\b(\d+) ((?:[\w'-]+ ){0,3}?[\w'-]+?)\((e?s)\)")
"""A count with a noun written for either number: "1 week(s)", "3 ARMED reinforcement(s)"."""


def counted(text: str) -> str:
    """`text` with each "N thing(s)" said for its number: "1 week", "3 weeks", "2 successes"."""
    if "s)" not in text:
        return text
    return _COUNTED.sub(lambda m: f"{m[1]} {m[2]}" + ("" if m[1] == "1" else m[3]), text)


def split(text: str) -> tuple[str, tuple[str, ...]]:
    """(the text without citations, the citations in order)."""
    if _HINT not in text and "[read:" not in text and ":" not in text:
        return text, ()
    found = tuple(m.group(0).strip() for m in CITE.finditer(text) if ".txt:" in m.group(0))
    clean = _SCAN.sub("", _ONLY.sub("", text))
    if _HINT in clean:
        clean = CITE.sub("", clean)
        clean = re.sub(r"\(\s*[,;]?\s*", "(", clean)
        clean = re.sub(r"\s*[,;]\s*\)", ")", clean)
        clean = re.sub(r"\(\s*\)", "", clean)
        clean = re.sub(r"[ \t]+([,.;)])", r"\1", clean)
        clean = re.sub(r"[ \t]{2,}", " ", clean)
    return clean.strip() if clean != text else text, found


def for_players(text: str) -> str:
    """`text` as a page or sheet shows it: no file-and-line citations (a bare "(:32)" after
    one in an earlier sentence too), no scan notes."""
    if _HINT not in text and "[read:" not in text and "(:" not in text:
        return text
    return split(text)[0]


DEV_TALK: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("a rulebook file and line", re.compile(
        r"[a-z][\w-]*\.txt:\d|\(\s*:\d+(?:-\d+)?(?:\s*,\s*:?\d+(?:-\d+)?)*\s*\)")),
    ("talk of our copy of the rulebook", re.compile(
        r"not in the text|icons? naming them|companion default|an icon not given here|"
        r"icons? (?:is |are |was |were )?lost|lost icon|\bOCR\b|\bthe scan\b|in the scan|"
        r"our copy|\[read: |rewritten text|^Scan:|\bScan: ", re.I | re.M)),
    ("a rule id", re.compile(r"\(rule [a-z0-9]+(?:-[a-z0-9]+)*\)|\bRule: [a-z]")),
    ("a field name", re.compile(r"(?<![\w./-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w/.-])")),
    ("a setting's key", re.compile(
        r"[Tt]able setting: [a-z]+(?: [a-z]+){0,2}\.?$|[Ss]etting “[a-z ]+”", re.M)),
    ("a validator's tail", re.compile(
        r"Allowed: \d+ characters|It can be: (?:a|an|the) |\b(?:Not a valid|Missing data for "
        r"required field|Unknown field|Must not be blank|Shorter than minimum|Length must be "
        r"between)")),
    ("a word for developers", re.compile(
        r"\bversion \d+ ·|\bHq\b|\b1 [A-Z]\w+ types\b|\w\(s\)|\b[Ss]essions?\b")),
)
"""What players must never read (issue 43): setting keys, field names, rule ids, rulebook
files and lines, talk of our copy of the rulebook, validators' tails and a few words of ours
(a version number in a header, "Hq", "1 Loot types", "Trigger(s)", "session" where the page
says "table"). The API keeps what its
own clients need (an entry's `sources`, a field's name in `errors`)."""


def dev_talk(text: str) -> list[tuple[str, str, str]]:
    """Each stretch of `text` a player should not read: what it is, the words themselves and
    the words around them; [] when none."""
    out = []
    for what, pattern in DEV_TALK:
        for found in pattern.finditer(text):
            start, end = max(0, found.start() - 40), min(len(text), found.end() + 40)
            out.append((what, found.group(0), text[start:end].replace("\n", " ")))
    return out
