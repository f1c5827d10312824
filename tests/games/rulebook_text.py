"""The rulebooks' own text, for tests that check a number or a mark against the lines an
entry cites (issue 44): where the rulebooks are, which lines a citation names, and whether a
number is printed there."""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from functools import cache
from math import ceil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULEBOOKS = next((p / "shared" / "rulebooks" for p in ROOT.parents
                  if (p / "shared" / "rulebooks").is_dir()), ROOT.parent / "shared" / "rulebooks")
"""../shared/rulebooks beside the checkout (a worktree looks further up)."""

_CITE = re.compile(r"([a-z][a-z-]*\.txt):((?:\d+(?:-\d+)?(?:\s*(?:,|and|;)\s*:?(?=\d))?)+)")
WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty".split())}
WORDS |= {"no": 0, "none": 0, "once": 1, "single": 1, "twice": 2, "double": 2, "both": 2,
          "pair": 2, "half": 0.5, "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5,
          "sixth": 6, "seventh": 7, "eighth": 8}
STOP = frozenset("the and for with from that this each your their when what have been "
                 "example player players per number count total".split())


@cache
def lines(file: str) -> tuple[str, ...]:
    return tuple((RULEBOOKS / file).read_text(encoding="utf-8").splitlines())


def cited(sources: Iterable[str]) -> list[tuple[str, int]]:
    """(file, line) for every line the citations name, in order, without repeats."""
    out: list[tuple[str, int]] = []
    for source in sources:
        for match in _CITE.finditer(source):
            file = match.group(1)
            for part in re.findall(r"\d+(?:-\d+)?", match.group(2)):
                first, _, last = part.partition("-")
                for n in range(int(first), int(last or first) + 1):
                    if (file, n) not in out:
                        out.append((file, n))
    return out


PAGES = {"tomorrow-dies-today.txt": ((1, 2, 1, 93), (3, 7, 94, 411), (8, 8, 412, 438),
                                     (9, 11, 439, 548), (12, 15, 549, 839), (16, 21, 840, 986),
                                     (22, 22, 987, 1123))}
"""A rulebook whose entries cite pages ("p. 12-13"): the lines of each chapter by the pages
its table of contents gives it (tomorrow-dies-today.txt:10-18, the chapters' headings at
92, 412, 439, 549, 840, 987, 1014; the copy has no page breaks)."""
_PAGE = re.compile(r"\bp\. ?(\d+)(?:\s*[-–]\s*(\d+))?")


def pages(file: str, section: str) -> list[tuple[str, int]]:
    """(file, line) for the chapters holding the pages a section cites."""
    out: list[tuple[str, int]] = []
    for match in _PAGE.finditer(section):
        first, last = int(match.group(1)), int(match.group(2) or match.group(1))
        for low, high, start, end in PAGES.get(file, ()):
            if low <= last and first <= high:
                out += [(file, n) for n in range(start, end + 1) if (file, n) not in out]
    return out


def figures(text: str) -> Counter[float]:
    """Every number a line prints, as digits or as a word ("three", "twice"), with how often."""
    low = text.lower().replace("½", " 0.5 ")
    found = Counter(float(x) for x in re.findall(r"(?<![\w.])\d+(?:\.\d+)?", low))
    found.update(float(WORDS[w]) for w in re.findall(r"[a-z]+", low) if w in WORDS)
    return found


def values(value: object) -> set[float]:
    """The figures a key number's value stands for ("6-8" is 6 and 8; True is none)."""
    if isinstance(value, bool):
        return set()
    if isinstance(value, int | float):
        return {float(abs(value))}
    return {float(x) for x in re.findall(r"\d+(?:\.\d+)?", str(value))}


def words(text: str) -> set[str]:
    """The words of a label worth looking for beside its number (stemmed crudely)."""
    return {w.rstrip("s") for w in re.findall(r"[a-z]{4,}", text.lower()) if w not in STOP}


NEAR = 3
"""Lines either side that count as beside a number: the OCR keeps a paragraph on one line,
but a component list puts the count and its name a few lines apart."""


def _line(file: str, n: int) -> str:
    return lines(file)[n - 1] if 0 < n <= len(lines(file)) else ""


def printed_at(value: object, label: str, where: list[tuple[str, int]],
               share: float = 0.0) -> str | None:
    """The first cited line that prints `value` (the line, for the message), or None.

    A figure counts where a word of `label` stands beside it (a bare "2" in a long rulebook
    is anything), or with `share`, on the very line with that share of its words and at
    least two (labels are in our own words, so one word is the weak test and this the strong
    one); a value in words
    ("clockwise", "Beasts, Criminals") where each of its words stands in the cited lines."""
    wanted = values(value)
    if not wanted:
        items = [w for w in re.findall(r"[a-z]+(?:-[a-z]+)*", str(value).lower())]
        if not items or isinstance(value, bool):
            return None
        text = " ".join(_line(f, n) for f, n in where).lower()
        return f"{where[0][0]}: {value}" if all(re.search(rf"(?<![\w-]){re.escape(i)}", text)
                                                for i in items) else None
    look = words(label)
    if not look and share:
        return None  # a label with no word to look for ("N = 3: VP"): only the weak test
    enough = max(min(2, len(look)), ceil(len(look) * share)) if share else min(1, len(look))
    own = figures(label)  # "Squad of 1-3": a line's "1-3 Henchmen" is the label, not the value
    for file, n in where:
        shown = figures(_line(file, n))
        if all(shown[v] > own[v] for v in wanted):
            reach = 0 if share else NEAR  # the strong test: on the very line
            near = set().union(*(words(_line(file, m)) for m in range(n - reach, n + reach + 1)))
            if len(look & near) >= enough:
                return f"{file}:{n}: {_line(file, n)[:120]}"
    return None
