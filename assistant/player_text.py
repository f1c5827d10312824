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
    """`text` as a page or sheet shows it: no file-and-line citations, no scan notes."""
    if _HINT not in text and "[read:" not in text:
        return text
    return split(text)[0]
